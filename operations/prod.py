"""`make prod`: the site on one host as production runs it.

    python -m operations.prod check            # the environment only
    python -m operations.prod run              # what `make prod` runs
    python -m operations.prod run --only web   # an app host of a larger setup

`run` refuses (exit status 2, saying what to set) unless DATABASE_URL is a
postgres:// URL and CELERY_BROKER_URL a redis:// (or rediss://) URL, and
DJANGO_ENV is production or unset (it then runs with production). It runs
`manage.py check --deploy`, `migrate` and `collectstatic`, then starts and
watches

* web: gunicorn with config/gunicorn.conf.py (WEB_BIND, WEB_WORKERS);
* worker: `celery -A config worker` (WORKER_CONCURRENCY; Celery's default is
  one process per CPU);
* beat: `celery -A config beat` (the schedule's state in BEAT_SCHEDULE_FILE).

When one of them stops, the others are stopped too and `run` exits with
status 1 (a service manager restarts the whole); SIGTERM or Ctrl-C stops all
of them gracefully (SIGKILL after 30 s). Standard library only at import,
so `check` runs before anything is installed.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
PROCESSES = ("web", "worker", "beat")
DEFAULT_BIND = "127.0.0.1:8000"
STOP_SECONDS = 30


class Refused(Exception):
    """The environment cannot run production; the messages say what to set."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = list(problems)


def _scheme(value: str) -> str:
    # Only ever the scheme in a message: the URL holds a password.
    return urlsplit(value).scheme or "(none)"


def _whole(environ: Mapping[str, str], name: str, problems: list[str]) -> int | None:
    raw = environ.get(name, "").strip()
    if not raw:
        return None
    if not raw.isdigit() or int(raw) < 1:
        problems.append(f"{name}={raw!r} must be a whole number of at least 1.")
        return None
    return int(raw)


def web_bind(environ: Mapping[str, str]) -> list[str]:
    """WEB_BIND: where gunicorn listens, comma-separated host:port or unix:PATH."""
    return [item.strip() for item in environ.get("WEB_BIND", "").split(",")
            if item.strip()] or [DEFAULT_BIND]


def web_workers(environ: Mapping[str, str]) -> int:
    """WEB_WORKERS: gunicorn's worker processes; default 2 per CPU + 1, at most 9."""
    problems: list[str] = []
    workers = _whole(environ, "WEB_WORKERS", problems)
    if problems:
        raise Refused(problems)
    return workers or min(2 * (os.cpu_count() or 1) + 1, 9)


def check(environ: Mapping[str, str], only: Sequence[str] = PROCESSES) -> None:
    """Refused with every problem at once, or nothing."""
    problems: list[str] = []
    database = environ.get("DATABASE_URL", "").strip()
    if not database:
        problems.append(
            "DATABASE_URL is not set: production runs on PostgreSQL, e.g. "
            "DATABASE_URL=postgres://mahjong:PASSWORD@db.example:5432/mahjong")
    elif _scheme(database) not in ("postgres", "postgresql"):
        problems.append(
            f"DATABASE_URL is not a postgres:// URL (it is {_scheme(database)}://): production "
            "runs on PostgreSQL. SQLite is for one machine: `make run`.")
    broker = environ.get("CELERY_BROKER_URL", "").strip()
    if not broker:
        problems.append(
            "CELERY_BROKER_URL is not set: production runs background jobs on a Celery "
            "worker through Redis, e.g. CELERY_BROKER_URL=redis://127.0.0.1:6379/0")
    elif _scheme(broker) not in ("redis", "rediss"):
        problems.append(f"CELERY_BROKER_URL is not a redis:// URL (it is {_scheme(broker)}://): "
                        "use redis:// or rediss://.")
    environment = environ.get("DJANGO_ENV", "").strip()
    if environment not in ("", "production"):
        problems.append(f"DJANGO_ENV={environment!r}: `make prod` runs DJANGO_ENV=production "
                        "(unset it or set it to production).")
    unknown = sorted(set(only) - set(PROCESSES))
    if unknown or not only:
        problems.append(f"--only takes {', '.join(PROCESSES)} (comma-separated), "
                        f"not {','.join(unknown) or 'nothing'}.")
    _whole(environ, "WEB_WORKERS", problems)
    _whole(environ, "WORKER_CONCURRENCY", problems)
    if problems:
        raise Refused(problems)


# --- Running -------------------------------------------------------------------------


def commands(environ: Mapping[str, str], only: Sequence[str]) -> dict[str, list[str]]:
    python = sys.executable
    found = {
        "web": [python, "-m", "gunicorn", "-c", str(ROOT / "config" / "gunicorn.conf.py")],
        "worker": [python, "-m", "celery", "-A", "config", "worker", "--loglevel=INFO"],
        "beat": [python, "-m", "celery", "-A", "config", "beat", "--loglevel=INFO",
                 "--schedule", environ.get("BEAT_SCHEDULE_FILE", "").strip()
                 or str(Path(tempfile.gettempdir()) / "mahjong-celerybeat-schedule")],
    }
    concurrency = environ.get("WORKER_CONCURRENCY", "").strip()
    if concurrency:
        found["worker"].append(f"--concurrency={concurrency}")
    return {name: command for name, command in found.items() if name in only}


def _say(message: str) -> None:
    print(f"[prod] {message}", file=sys.stderr, flush=True)


def _manage(environ: Mapping[str, str], *args: str) -> None:
    """A manage.py step; a refusal of the settings is shown as its message."""
    _say("manage.py " + " ".join(args))
    process = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=dict(environ),
                             stderr=subprocess.PIPE, text=True, check=False)
    if process.returncode:
        lines = process.stderr.strip().splitlines()
        refusal = [line for line in lines if "ImproperlyConfigured" in line]
        sys.stderr.write((refusal[-1] if refusal else process.stderr) + "\n")
        raise SystemExit(f"[prod] manage.py {args[0]} failed (exit {process.returncode}).")
    if process.stderr:
        sys.stderr.write(process.stderr)


class Supervisor:
    def __init__(self, environ: Mapping[str, str], programs: Mapping[str, list[str]]) -> None:
        self.environ = dict(environ)
        self.programs = dict(programs)
        self.children: dict[str, subprocess.Popen[bytes]] = {}
        self.stopping = False

    def start(self) -> None:
        for name, command in self.programs.items():
            # Their own session: a Ctrl-C reaches them once, from here, in order.
            self.children[name] = subprocess.Popen(command, cwd=ROOT, env=self.environ,
                                                   start_new_session=True)
            _say(f"{name} started (pid {self.children[name].pid})")

    def _stop_signal(self, signum: int, _frame: object) -> None:
        self.stopping = True

    def watch(self) -> int:
        signal.signal(signal.SIGTERM, self._stop_signal)
        signal.signal(signal.SIGINT, self._stop_signal)
        status = 0
        while not self.stopping:
            ended = [(name, child.returncode) for name, child in self.children.items()
                     if child.poll() is not None]
            if ended:
                name, code = ended[0]
                _say(f"{name} stopped (exit {code}): stopping the others")
                status = 1
                break
            time.sleep(0.2)
        self.stop()
        return status

    def stop(self) -> None:
        for name, child in self.children.items():
            if child.poll() is None:
                _say(f"stopping {name}")
                child.terminate()
        deadline = time.monotonic() + STOP_SECONDS
        for name, child in self.children.items():
            try:
                child.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                _say(f"{name} did not stop in {STOP_SECONDS} s: killed")
                os.killpg(child.pid, signal.SIGKILL)
                child.wait()


def run(environ: Mapping[str, str], only: Sequence[str]) -> int:
    check(environ, only)
    if "web" in only and importlib.util.find_spec("gunicorn") is None:
        raise Refused(["gunicorn is not installed here: pip install -e '.[production]' "
                       "(`make prod` does)."])
    environ = {**environ, "DJANGO_ENV": "production"}
    programs = commands(environ, only)
    _manage(environ, "check", "--deploy")
    _manage(environ, "migrate", "--noinput")
    if "web" in only:
        _manage(environ, "collectstatic", "--noinput", "--verbosity", "0")
    if "web" in programs:
        _say(f"web: gunicorn on {', '.join(web_bind(environ))} with "
             f"{web_workers(environ)} workers")
    supervisor = Supervisor(environ, programs)
    supervisor.start()
    return supervisor.watch()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m operations.prod",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=("check", "run"))
    parser.add_argument("--only", default=",".join(PROCESSES),
                        help="which of web,worker,beat to run (default: all three)")
    args = parser.parse_args(argv)
    only = [name.strip() for name in args.only.split(",") if name.strip()]
    try:
        if args.action == "check":
            check(os.environ, only)
            _say("the environment is fine for production")
            return 0
        return run(os.environ, only)
    except Refused as refused:
        for problem in refused.problems:
            print(f"make prod: {problem}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
