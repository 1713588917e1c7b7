"""Soak and fault runs (issue 8, "Reliability, measured"): the whole stack on loopback,
under the load of a tournament in play, for minutes, and with one part broken at a time.

The stack, started and stopped by this script: a throwaway PostgreSQL cluster (initdb /
pg_ctl on a free loopback port, as .ci/run does; or a throwaway database on the server of
--database-url), a throwaway redis-server (cache on db 1, Celery broker on db 0),
gunicorn with 2 sync workers, a Celery worker (prefork, 2 processes) and Celery beat
(the export upkeep, exports.maintain, every minute). The data: bench/web.py's 400-player,
8-round tournament, round 8 in play at 100 tables.

The load (all over HTTP, with the clients of bench/web.py):

* 100 tables entering hands, each its own scorekeeper (a forced session cookie), as the
  score-entry page does: the page once (CSRF token), the table, then a hand every ~30 s
  (--hand-every; a real hand takes 3-5 minutes; at 10 s two cores are saturated, as
  every hand makes the next reader recompute the standings of 400 players, ~140 ms) with
  a new submission_id and the version it saw, the table's history after each save; 1 in
  10 saved hands posted again (a repeat must answer 200 with the same hand). A hand
  whose POST gets no answer or a 5xx is sent again with the same submission_id until it
  is answered, as the page's queue does (every --retry-every seconds; the page retries
  every 15 s and when the browser is back online). At --two-writers tables a second
  scorekeeper enters hands too: a 409 (the table changed) is their expected lot; the
  client re-reads the table and drops that hand.
* 200 members reading the standings (anonymous): the page, then the live fragment the
  page polls every 10 s (--read-every), the whole page again every 6th time.
* In the soak, the organiser asks for an export every 2 minutes and follows it to the
  download (the PDF standings or the Excel hand log, in turn).

Runs: the soak (--minutes, default 10), then four fault runs of about --fault-seconds
each under the same load: (1) gunicorn workers killed with SIGKILL while hands are
being posted, (2) Redis stopped for --redis-down seconds (an export is asked for
meanwhile), (3) the Celery worker killed (process group, SIGKILL) during an export and a
new one started 5 s later, (4) PostgreSQL stopped (fast) and started again after
--pg-down seconds. After each run the database is checked: every acknowledged
submission_id stored exactly once, no (table, number) twice, no gaps in hand numbers, no
hand refused with 409 stored anyway.

Reported per run: requests served, errors by kind (status or connection error, with a
message seen and when), p50/p95/max of submission and of standings, hands submitted /
acknowledged / stored / lost / duplicated, the server's own log (5xx tracebacks, app
warnings) and, for the soak, the RSS of every process at the start (after the first
minute, warm) and at the end (target: no growth beyond 20%).

    python -m bench.soak [--minutes 10] [--runs soak,kill-web,redis,kill-celery,restart-pg]
                         [--database-url postgres://...] [--json] [--logs DIR]

Exit status 0 when every target is met (soak: zero errors, no memory growth beyond 20%;
every run: no hand lost or duplicated, no 5xx answer to score entry but a 503, every
export finished, the standings served afterwards up to date), 1 otherwise, 2 when the
stack cannot be started. Latencies are reported, not judged: the load tool shares the
machine with the server (bench/web.py's targets, for reference: submission p95 < 150 ms,
standings p95 < 100 ms). Everything started is stopped and removed at the end, also on
Ctrl-C, SIGTERM or an error.
"""

from __future__ import annotations

import argparse
import glob
import html
import http.client
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil

from bench import rankings as bench_rankings
from bench import web
from tests.support.processes import RedisServer, free_port

ROOT = Path(__file__).resolve().parents[2]


HOST = web.HOST
TARGETS = {"errors": 0, "lost": 0, "duplicated": 0, "score_entry_5xx": 0, "rss_growth": 0.20}
# For reference only (bench/web.py's targets, measured there without the other load).
WEB_TARGETS = {"submission_p95_ms": 150.0, "standings_p95_ms": 100.0}
RUNS = ("soak", "kill-web", "redis", "kill-celery", "restart-pg")
RUN_TITLES = {
    "soak": "soak",
    "kill-web": "fault 1: gunicorn worker SIGKILL",
    "redis": "fault 2: Redis stopped",
    "kill-celery": "fault 3: Celery worker SIGKILL mid-export",
    "restart-pg": "fault 4: PostgreSQL restarted",
}
# Outcomes that are no error: a saved hand, a repeat answered with the same hand, a
# 409 at a table with two writers.
FINE = ("ok", "conflict (two writers)")


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


# --- Processes ----------------------------------------------------------------------------


def children(pid: int) -> list[int]:
    try:
        return sorted(child.pid for child in psutil.Process(pid).children())
    except psutil.Error:
        return []


def memory_kb(pid: int) -> dict[str, int] | None:
    """The resident size of a live process and its private part (anonymous
    memory: the resident size less what is shared with files and shared
    memory, for PostgreSQL its shared buffers), in kB."""
    try:
        info = psutil.Process(pid).memory_info()
    except psutil.Error:
        return None
    return {"rss": info.rss // 1024, "anon": (info.rss - info.shared) // 1024}


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process so far."""
    try:
        times = psutil.Process(pid).cpu_times()
    except psutil.Error:
        return None
    return float(times.user + times.system)


def machine_cpu() -> tuple[float, float]:
    """(busy, all) CPU seconds of the whole machine so far, every CPU together."""
    times = psutil.cpu_times()
    idle = times.idle + getattr(times, "iowait", 0.0)
    total = sum(getattr(times, name, 0.0) for name in
                ("user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal"))
    return total - idle, total


def stack_cpu(start: dict[str, list[dict[str, Any]]], end: dict[str, list[dict[str, Any]]]
              ) -> float:
    """CPU seconds the stack's processes used between two snapshots (a process that
    ended in between is missed)."""
    before = {r["pid"]: r["cpu_s"] for rows in start.values() for r in rows}
    return sum(r["cpu_s"] - before.get(r["pid"], 0.0) for rows in end.values() for r in rows)


def alive(pid: int | None) -> bool:
    if not pid:
        return False
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def wait_port(port: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((HOST, port), timeout=1):
                return True
        except OSError:
            time.sleep(0.05)
    return False


def kill_group(process: subprocess.Popen[bytes] | None, sig: int = signal.SIGKILL) -> None:
    if process is None or process.poll() is not None:
        return
    try:
        os.killpg(process.pid, sig)
    except ProcessLookupError:
        pass


def stop_process(process: subprocess.Popen[bytes] | None, seconds: float = 15) -> None:
    """SIGTERM, then the whole process group SIGKILL after `seconds`."""
    if process is None:
        return
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(seconds)
        except subprocess.TimeoutExpired:
            pass
    kill_group(process)  # whatever of the group is left (pool processes, workers)
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        pass


class StackError(RuntimeError):
    """A part of the stack did not start."""


class Stack:
    """The processes of the soak, each started and stopped here; `close` stops whatever
    is running and removes every temporary file and cluster."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.tmp = Path(tempfile.mkdtemp(prefix="soak-"))
        self.pg_bin: Path | None = None
        self.pg_data: Path | None = None
        self.pg_port = 0
        self.drop_database: Any = None  # a throwaway database on someone's server
        self.database_url = ""
        self.redis: subprocess.Popen[bytes] | None = None
        self.redis_port = free_port()
        self.port = 0
        self.gunicorn_pidfile = self.tmp / "gunicorn.pid"
        self.gunicorn: subprocess.Popen[bytes] | None = None
        self.worker: subprocess.Popen[bytes] | None = None
        self.workers_started = 0
        self.beat: subprocess.Popen[bytes] | None = None
        self.logfiles: list[Any] = []

    # -- environment

    def env(self) -> dict[str, str]:
        env = {
            "DATABASE_URL": self.database_url, "DEBUG": "false",
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "CACHE_URL": f"redis://{HOST}:{self.redis_port}/1",
            "CELERY_BROKER_URL": f"redis://{HOST}:{self.redis_port}/0",
            # A killed export is run again after this long without a heartbeat
            # (production: 120 s), so that fault 3 fits in a short run.
            "EXPORTS_STALE_SECONDS": str(self.args.export_stale),
            "PYTHONUNBUFFERED": "1",
        }
        if self.args.smoke:  # the database as cache, tasks run eagerly: no Redis
            env["CACHE_URL"] = env["CELERY_BROKER_URL"] = ""
        return env

    def logfile(self, name: str) -> Path:
        return self.tmp / f"{name}.log"

    def _open_log(self, name: str) -> Any:
        handle = open(self.logfile(name), "ab")  # noqa: SIM115 (closed in close())
        self.logfiles.append(handle)
        return handle

    # -- PostgreSQL

    def start_postgres(self) -> None:
        if self.args.database_url or self.args.smoke:
            # --smoke: a SQLite file in a temp dir (bench/rankings.py's throwaway database)
            self._throwaway_database(self.args.database_url)
            return
        self.pg_bin = find_pg_bin()
        if self.pg_bin is None:
            raise StackError("no PostgreSQL binaries (initdb, pg_ctl): install Debian's "
                             "postgresql (apt-get install postgresql) or pass --database-url")
        self.pg_data = Path(tempfile.mkdtemp(prefix="soak-pg-"))
        if os.geteuid() == 0:
            shutil.chown(self.pg_data, "postgres")
        self.pg_port = free_port()
        self._pg("initdb", "-D", str(self.pg_data), "-A", "trust", "-U", "postgres",
                 "-E", "UTF8", "--locale=C", "--no-sync")
        self.pg_start()
        import psycopg

        with psycopg.connect(f"postgresql://postgres@{HOST}:{self.pg_port}/postgres",
                             autocommit=True) as conn:
            conn.execute('CREATE DATABASE "mahjong_soak"')
        self.database_url = f"postgres://postgres@{HOST}:{self.pg_port}/mahjong_soak"

    def _throwaway_database(self, url: str) -> None:
        database = bench_rankings.database(url)
        self.database_url = database.__enter__()
        self.drop_database = database

    def _pg(self, tool: str, *args: str) -> None:
        assert self.pg_bin is not None
        command = [str(self.pg_bin / tool), *args]
        if os.geteuid() == 0:  # initdb and postgres refuse to run as root
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode:
            raise StackError(f"{tool} failed: {(done.stderr or done.stdout)[-1500:]}")

    def pg_start(self) -> None:
        assert self.pg_data is not None
        self._pg("pg_ctl", "-D", str(self.pg_data), "-l", str(self.pg_data / "server.log"),
                 "-w", "-t", "60", "-o",
                 f"-p {self.pg_port} -k {self.pg_data} -c listen_addresses={HOST}", "start")

    def pg_stop(self, mode: str = "fast") -> None:
        assert self.pg_data is not None
        self._pg("pg_ctl", "-D", str(self.pg_data), "-m", mode, "-w", "-t", "60", "stop")

    def postmaster(self) -> int | None:
        if self.pg_data is None:
            return None
        try:
            return int((self.pg_data / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    # -- Redis

    def start_redis(self) -> None:
        # Snapshots: a stop saves the data set and a start reads it back (the cache's
        # generations and the broker's queue survive a restart). Same port every time.
        server = RedisServer(self.tmp, port=self.redis_port, snapshots=True,
                             log=self._open_log("redis"), new_session=True)
        try:
            server.start()
        except RuntimeError as exc:
            raise StackError(str(exc)) from None
        self.redis = server.process

    def stop_redis(self) -> None:
        stop_process(self.redis, 20)
        self.redis = None

    # -- gunicorn

    def start_gunicorn(self) -> None:
        config = self.tmp / "gunicorn_soak.py"
        config.write_text(GUNICORN_CONFIG)
        self.port = free_port()
        try:
            self.gunicorn = web.start_server(
                self.database_url, self.port, 2, env=self.env(),
                args=("--config", str(config), "--pid", str(self.gunicorn_pidfile)),
                output=self._open_log("gunicorn"))
        except RuntimeError as error:
            raise StackError(f"gunicorn: {error}") from None

    def gunicorn_master(self) -> int | None:
        if self.gunicorn is not None:
            return self.gunicorn.pid
        try:
            return int(self.gunicorn_pidfile.read_text().strip())
        except (OSError, ValueError):
            return None

    def gunicorn_workers(self) -> list[int]:
        master = self.gunicorn_master()
        return children(master) if master else []

    def stop_gunicorn(self) -> None:
        if self.gunicorn is not None:
            web.stop_server(self.gunicorn)
            self.gunicorn = None
        elif (master := self.gunicorn_master()) and alive(master):
            # start_server gave up before it answered: the pid file knows it.
            try:
                os.killpg(master, signal.SIGKILL)
            except ProcessLookupError:
                pass

    # -- Celery

    def start_worker(self) -> None:
        self.workers_started += 1
        name = f"worker{self.workers_started}"
        logfile = self.logfile(name)
        self.worker = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "--concurrency=2",
             "--loglevel=INFO", "--without-gossip", "--without-mingle",
             f"--hostname=soak{self.workers_started}@%h"],
            cwd=ROOT, env={**os.environ, **self.env()}, stdout=self._open_log(name),
            stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if b"ready." in logfile.read_bytes():
                return
            if self.worker.poll() is not None:
                raise StackError(f"the Celery worker stopped at its start: "
                                 f"{logfile.read_text()[-1500:]}")
            time.sleep(0.1)
        raise StackError("the Celery worker did not get ready in 60 s")

    def kill_worker(self) -> None:
        kill_group(self.worker)
        if self.worker is not None:
            self.worker.wait(10)

    def start_beat(self) -> None:
        self.beat = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "beat", "--loglevel=INFO",
             "--schedule", str(self.tmp / "beat-schedule"), "--pidfile="],
            cwd=ROOT, env={**os.environ, **self.env()}, stdout=self._open_log("beat"),
            stderr=subprocess.STDOUT, start_new_session=True)

    # -- all of it

    def processes(self) -> dict[str, list[int]]:
        """Role -> pids, as they are now."""
        roles: dict[str, list[int]] = {}
        master = self.gunicorn_master()
        if master and alive(master):
            roles["gunicorn master"] = [master]
            roles["gunicorn worker"] = children(master)
        if self.worker is not None and self.worker.poll() is None:
            roles["celery worker"] = [self.worker.pid]
            roles["celery pool process"] = children(self.worker.pid)
        if self.beat is not None and self.beat.poll() is None:
            roles["celery beat"] = [self.beat.pid]
        if self.redis is not None and self.redis.poll() is None:
            roles["redis-server"] = [self.redis.pid]
        postmaster = self.postmaster()
        if postmaster and alive(postmaster):
            roles["postgres postmaster"] = [postmaster]
            roles["postgres backend/aux"] = children(postmaster)
        return roles

    def close(self) -> None:
        for step in (self.stop_gunicorn, lambda: stop_process(self.beat),
                     lambda: stop_process(self.worker, 10), self.stop_redis,
                     self._close_postgres):
            try:
                step()
            except Exception as error:  # noqa: BLE001 (clean up the rest anyway)
                log(f"cleanup: {error!r}")
        for handle in self.logfiles:
            handle.close()
        if self.args.logs:
            target = Path(self.args.logs)
            target.mkdir(parents=True, exist_ok=True)
            for path in self.tmp.glob("*.log"):
                shutil.copy(path, target / path.name)
            if self.pg_data is not None and (self.pg_data / "server.log").exists():
                shutil.copy(self.pg_data / "server.log", target / "postgres.log")
        shutil.rmtree(self.tmp, ignore_errors=True)

    def _close_postgres(self) -> None:
        if self.drop_database is not None:
            database, self.drop_database = self.drop_database, None
            database.__exit__(None, None, None)
        if self.pg_data is None:
            return
        if alive(self.postmaster()):
            try:
                self.pg_stop("fast")
            except StackError:
                postmaster = self.postmaster()
                if postmaster:
                    os.kill(postmaster, signal.SIGQUIT)  # immediate shutdown
                    time.sleep(2)
        if self.args.logs and (self.pg_data / "server.log").exists():
            target = Path(self.args.logs)
            target.mkdir(parents=True, exist_ok=True)
            shutil.copy(self.pg_data / "server.log", target / "postgres.log")
        shutil.rmtree(self.pg_data, ignore_errors=True)
        self.pg_data = None


def find_pg_bin() -> Path | None:
    def version(path: str) -> tuple[int, ...]:
        return tuple(int(part) for part in re.findall(r"\d+", path))

    found = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=version)
    if found and Path(found[-1], "initdb").exists():
        return Path(found[-1])
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


# gunicorn's --config: the app's warnings and Django's 5xx tracebacks into gunicorn's log
# (with DEBUG off, Django itself logs them only to mail_admins).
GUNICORN_CONFIG = '''
import logging
import sys


class _Quiet(logging.Filter):
    def filter(self, record):
        # Django's 4xx lines (409 conflicts, 404) are answers, not faults.
        return record.levelno >= logging.ERROR or not record.name.startswith("django.")


def post_worker_init(worker):
    handler = logging.StreamHandler(sys.stderr)
    handler.setLevel(logging.WARNING)
    handler.addFilter(_Quiet())
    handler.setFormatter(logging.Formatter(
        "%(asctime)s [%(process)d] %(levelname)s %(name)s: %(message)s"))
    logging.getLogger().addHandler(handler)
'''


# --- What the users did and saw -------------------------------------------------------------


@dataclass
class Recorder:
    """Every request of a run: latencies of what was answered as it should be, and
    every outcome by kind of request, with when it was first and last seen and one
    message of it."""

    t0: float = field(default_factory=time.monotonic)
    latency: dict[str, list[tuple[float, float]]] = field(
        default_factory=lambda: defaultdict(list))
    counts: Counter[tuple[str, str]] = field(default_factory=Counter)
    first: dict[tuple[str, str], float] = field(default_factory=dict)
    last: dict[tuple[str, str], float] = field(default_factory=dict)
    sample: dict[tuple[str, str], str] = field(default_factory=dict)
    notes: Counter[str] = field(default_factory=Counter)  # not requests: what retries found
    lock: threading.Lock = field(default_factory=threading.Lock)

    def now(self) -> float:
        return time.monotonic() - self.t0

    def add(self, kind: str, ms: float | None, outcome: str = "ok", message: str = "") -> None:
        t = self.now()
        key = (kind, outcome)
        with self.lock:
            self.counts[key] += 1
            if outcome in FINE and ms is not None:
                self.latency[kind].append((t, ms))
            self.first.setdefault(key, t)
            self.last[key] = t
            if message and key not in self.sample:
                self.sample[key] = message[:240]

    def errors(self) -> dict[tuple[str, str], int]:
        return {key: n for key, n in self.counts.items() if key[1] not in FINE}


@dataclass
class Sent:
    table: int
    run: str
    acked: bool = False
    status: int | None = None  # the answer that acknowledged it (201 or 200)
    hand_id: int | None = None
    number: int | None = None
    failed_attempts: int = 0  # no answer or a 5xx
    conflict: bool = False  # answered 409: not saved
    refused: str = ""  # answered another 4xx
    pending: bool = False  # never answered when the run ended


class Ledger:
    """Every submission_id sent, and what became of it."""

    def __init__(self) -> None:
        self.sent: dict[str, Sent] = {}
        self.lock = threading.Lock()

    def add(self, key: str, table: int, run: str) -> Sent:
        with self.lock:
            self.sent[key] = entry = Sent(table, run)
        return entry

    def of(self, run: str | None = None) -> dict[str, Sent]:
        with self.lock:
            return {k: s for k, s in self.sent.items() if run is None or s.run == run}


@dataclass
class Writer:
    table: int
    session: str
    second: bool  # the second scorekeeper of a table with two
    shared: bool  # the table has two writers


def response_message(status: int, data: bytes) -> str:
    """What a user would read of an answer: the JSON error, or the HTML title/heading."""
    if data[:1] == b"{":
        try:
            answer = json.loads(data)
            if isinstance(answer, dict) and "error" in answer:
                return str(answer["error"])
        except ValueError:
            pass
    text = data[:4000].decode("utf-8", "replace")
    found = re.search(r"<h1[^>]*>(.*?)</h1>", text, re.S) or re.search(
        r"<title>(.*?)</title>", text, re.S)
    if found:
        return html.unescape(re.sub(r"<[^>]+>|\s+", " ", found.group(1))).strip()
    return text[:120].strip() or f"(empty {status} answer)"


def connection_outcome(error: BaseException) -> str:
    return f"no answer: {type(error).__name__}"


class Load:
    """The users of a run: scorekeepers at the tables, members reading the standings,
    and (in the soak) the organiser asking for exports, each in a thread. Their
    outcomes go to `rec`, their submissions to `ledger`."""

    def __init__(self, args: argparse.Namespace, port: int, world: World, ledger: Ledger,
                 run: str, exports_every: float = 0.0, exports_until: float = 0.0) -> None:
        self.args = args
        self.port = port
        self.world = world
        self.ledger = ledger
        self.run = run
        self.rec = Recorder()
        self.stop_new = threading.Event()  # no new hands, no more reading
        self.stop_all = threading.Event()  # give up retrying too
        self.inflight = 0  # hand POSTs waiting for their answer
        self.inflight_lock = threading.Lock()
        self.threads: list[threading.Thread] = []
        self.writers_busy = 0
        self.exports_every = exports_every
        self.exports_until = exports_until  # no export asked later (run time, seconds)
        self.exports: list[dict[str, Any]] = []

    def start(self) -> None:
        for index, writer in enumerate(self.world.writers):
            self._spawn(self.writer, writer, index)
        for index in range(self.args.readers):
            self._spawn(self.reader, index)
        if self.exports_every:
            self._spawn(self.exporter)

    def _spawn(self, target: Any, *args: Any) -> None:
        thread = threading.Thread(target=target, args=args, daemon=True)
        thread.start()
        self.threads.append(thread)

    def finish(self, drain: float) -> None:
        """No new hands or readings; hands still unanswered are retried up to `drain`
        seconds more, then given up (reported as pending)."""
        self.stop_new.set()
        deadline = time.monotonic() + drain
        while self.writers_busy and time.monotonic() < deadline:
            time.sleep(0.1)
        self.stop_all.set()
        for thread in self.threads:
            thread.join(timeout=max(1.0, deadline - time.monotonic()) + 35)

    # -- scorekeepers

    def writer(self, w: Writer, index: int) -> None:
        rng = random.Random(f"{self.run}-{index}-{w.second}")
        every = self.args.hand_every
        client = web.Client(self.port, {"sessionid": w.session})
        token: str | None = None
        table: dict[str, Any] | None = None
        if self.stop_new.wait(rng.uniform(0, every)):  # tables finish hands at any moment
            return
        while not self.stop_new.is_set():
            with self.inflight_lock:
                self.writers_busy += 1
            try:
                if token is None:
                    token = self.score_page(client, w.table)
                if token is not None and table is None:
                    table = self.table_state(client, w.table)
                if token is not None and table is not None:
                    token, table = self.one_hand(client, w, token, table, rng)
            except Exception as error:  # noqa: BLE001 (a client's own bug: counted, not fatal)
                self.rec.add("client", None, f"client exception {type(error).__name__}",
                             repr(error))
                table = None
            finally:
                with self.inflight_lock:
                    self.writers_busy -= 1
            if self.stop_new.wait(rng.uniform(0.5, 1.5) * every):
                return

    def score_page(self, client: Any, table_id: int) -> str | None:
        """The score-entry page: the CSRF cookie and token."""
        try:
            status, page, ms = client.request("GET", f"/en/tables/{table_id}/score/")
        except (OSError, http.client.HTTPException) as error:
            self.rec.add("score page", None, connection_outcome(error), repr(error))
            return None
        match = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        if status != 200 or not match or "csrftoken" not in client.cookies:
            self.rec.add("score page", ms, f"HTTP {status}", response_message(status, page))
            return None
        self.rec.add("score page", ms)
        return match.group(1).decode()

    def table_state(self, client: Any, table_id: int) -> dict[str, Any] | None:
        try:
            status, data, ms = client.request("GET", f"/en/api/tables/{table_id}/")
        except (OSError, http.client.HTTPException) as error:
            self.rec.add("table GET", None, connection_outcome(error), repr(error))
            return None
        if status != 200:
            self.rec.add("table GET", ms, f"HTTP {status}", response_message(status, data))
            return None
        self.rec.add("table GET", ms)
        return json.loads(data)  # type: ignore[no-any-return]

    def one_hand(self, client: Any, w: Writer, token: str, table: dict[str, Any],
                 rng: random.Random) -> tuple[str | None, dict[str, Any] | None]:
        """Enter one hand; (token, table) for the next one (None: fetch again)."""
        key = str(uuid.uuid4())
        body = {"submission_id": key, "expected_version": table["version"],
                **web.random_hand(rng), "east": table["east"]}
        raw = json.dumps(body).encode()
        headers = {"Content-Type": "application/json", "X-CSRFToken": token,
                   "Referer": f"http://{HOST}:{self.port}/en/tables/{w.table}/score/"}
        path = f"/en/api/tables/{w.table}/hands/"
        sent = self.ledger.add(key, w.table, self.run)
        answered = self.post_until_answered(client, path, raw, headers, sent)
        if answered is None:
            return token, None
        status, data, ms = answered
        retried = sent.failed_attempts > 0
        if status in (200, 201) and data[:1] == b"{":
            answer = json.loads(data)
            if status == 200 and not retried:
                self.rec.add("hand POST", ms, "HTTP 200 to a new submission", key)
            else:
                self.rec.add("hand POST", ms)
            sent.acked, sent.status = True, status
            sent.hand_id, sent.number = answer["hand"]["id"], answer["hand"]["number"]
            table = answer["state"]
            if rng.random() < self.args.repeat_share:
                self.repeat(client, path, raw, headers, sent)
        elif status == 409:
            sent.conflict = True
            if w.shared:
                self.rec.add("hand POST", ms, "conflict (two writers)")
            else:
                self.rec.add("hand POST", ms, "HTTP 409", response_message(status, data))
            return token, None
        else:
            sent.refused = f"HTTP {status}"
            self.rec.add("hand POST", ms, f"HTTP {status}", response_message(status, data))
            return (None if status == 403 else token), None
        try:
            status, data, ms = client.request("GET", f"/en/api/tables/{w.table}/history/")
            self.rec.add("history GET", ms, "ok" if status == 200 else f"HTTP {status}",
                         "" if status == 200 else response_message(status, data))
        except (OSError, http.client.HTTPException) as error:
            self.rec.add("history GET", None, connection_outcome(error), repr(error))
        return token, table

    def post_until_answered(self, client: Any, path: str, raw: bytes,
                            headers: dict[str, str], sent: Sent
                            ) -> tuple[int, bytes, float] | None:
        """POST the hand until the server answers it (any status under 500), the same
        body every time, as the page's queue does."""
        while True:
            with self.inflight_lock:
                self.inflight += 1
            try:
                status, data, ms = client.request("POST", path, raw, headers)
            except (OSError, http.client.HTTPException) as error:
                self.rec.add("hand POST", None, connection_outcome(error), repr(error))
            else:
                if status < 500:
                    if sent.failed_attempts:
                        # What the retry found: 200, the lost attempt had been saved;
                        # 201, it had not; 409, the other writer got in first.
                        with self.rec.lock:
                            self.rec.notes[f"retry answered {status}"] += 1
                    return status, data, ms
                self.rec.add("hand POST", ms, f"HTTP {status}", response_message(status, data))
            finally:
                with self.inflight_lock:
                    self.inflight -= 1
            sent.failed_attempts += 1
            if self.stop_all.wait(self.args.retry_every):
                sent.pending = True
                return None

    def repeat(self, client: Any, path: str, raw: bytes, headers: dict[str, str],
               sent: Sent) -> None:
        """The same submission again (a double tap, a retry after a lost answer): must be
        answered 200 with the hand saved the first time."""
        try:
            status, data, ms = client.request("POST", path, raw, headers)
        except (OSError, http.client.HTTPException) as error:
            self.rec.add("hand repeat", None, connection_outcome(error), repr(error))
            return
        same = (status == 200 and data[:1] == b"{"
                and json.loads(data).get("hand", {}).get("id") == sent.hand_id)
        if same:
            self.rec.add("hand repeat", ms)
        else:
            self.rec.add("hand repeat", ms, f"repeat answered HTTP {status}"
                         + ("" if status != 200 else " with another hand"),
                         response_message(status, data))

    # -- members

    def reader(self, index: int) -> None:
        rng = random.Random(f"{self.run}-reader-{index}")
        every = self.args.read_every
        client = web.Client(self.port)
        page = f"/en/events/{self.world.event_id}/standings/"
        if self.stop_new.wait(rng.uniform(0, every)):
            return
        count = 0
        while not self.stop_new.is_set():
            kind, path = ("standings", page) if count % 6 == 0 else ("standings live",
                                                                     page + "live/")
            count += 1
            try:
                status, data, ms = client.request("GET", path)
            except (OSError, http.client.HTTPException) as error:
                self.rec.add(kind, None, connection_outcome(error), repr(error))
            else:
                if status == 200 and b"</" in data:
                    self.rec.add(kind, ms)
                else:
                    self.rec.add(kind, ms, f"HTTP {status}", response_message(status, data))
            if self.stop_new.wait(rng.uniform(0.5, 1.5) * every):
                return

    # -- the organiser's exports

    def exporter(self) -> None:
        kinds = ("standings_pdf", "hand_log_xlsx")
        count = 0
        while not self.stop_new.wait(self.exports_every if count else 30):
            if self.rec.now() + 45 > self.exports_until:
                return  # no time left to follow one to its end
            kind = kinds[count % len(kinds)]
            count += 1
            self.exports.append(export(self.port, self.world, kind, self.rec,
                                       give_up=self.args.export_timeout,
                                       stop=self.stop_all))


# --- Exports, as the organiser sees them ---------------------------------------------------------


def export(port: int, world: World, kind: str, rec: Recorder, give_up: float,
           stop: threading.Event | None = None) -> dict[str, Any]:
    """Ask for an export as the organiser (the form's POST), then follow its page as the
    browser does (the progress fragment every second) until the file is ready or the
    job failed: what the user read on the way, and how long it took."""
    client = web.Client(port, {"sessionid": world.organiser_session})
    result: dict[str, Any] = {"kind": kind, "asked_at_s": round(rec.now(), 1), "messages": [],
                              "status": "not asked"}
    started = time.monotonic()
    try:
        # Any page with a form sets the CSRF cookie: the score page of a table.
        status, page, ms = client.request("GET", f"/en/tables/{world.tables[0]}/score/")
        match = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        token = match.group(1).decode() if match else ""
        body = f"object_id={world.event_id}".encode()
        status, data, ms = client.request(
            "POST", f"/en/exports/{kind}/", body,
            {"Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": token,
             "Referer": f"http://{HOST}:{port}/en/events/{world.event_id}/"})
    except (OSError, http.client.HTTPException) as error:
        rec.add("export ask", None, connection_outcome(error), repr(error))
        result["status"] = f"ask failed: {error!r}"
        return result
    result["ask_ms"] = round(ms, 1)
    location = client.headers.get("Location", "") if status == 302 else ""
    if status == 302 and location:
        rec.add("export ask", ms)
    else:
        rec.add("export ask", ms, f"HTTP {status}", response_message(status, data))
        result["status"] = f"ask answered HTTP {status}: {response_message(status, data)}"
        return result
    job_token = location.rstrip("/").rsplit("/", 1)[-1]
    result["token"] = job_token
    seen: list[str] = result["messages"]
    while True:
        try:
            status, data, ms = client.request("GET", f"/en/exports/job/{job_token}/progress/")
        except (OSError, http.client.HTTPException) as error:
            rec.add("export page", None, connection_outcome(error), repr(error))
            status, data = 0, b""
        else:
            rec.add("export page", ms, "ok" if status == 200 else f"HTTP {status}",
                    "" if status == 200 else response_message(status, data))
        text = data.decode("utf-8", "replace")
        for message in progress_messages(text):
            if message not in seen:
                seen.append(message)
        if "Your file is ready." in text:
            result["status"] = "done"
            break
        if "alert-error" in text:
            result["status"] = "failed"
            break
        if time.monotonic() - started > give_up or (stop is not None and stop.is_set()):
            result["status"] = "not finished"
            break
        time.sleep(1.0)
    result["seconds"] = round(time.monotonic() - started, 1)
    result["job"] = job_state(job_token)
    rec.add("export", result["seconds"] * 1000 if result["status"] == "done" else None,
            "ok" if result["status"] == "done" else f"export {result['status']}",
            "; ".join(seen))
    return result


def progress_messages(text: str) -> list[str]:
    found = re.findall(r'<p class="alert[^"]*">(.*?)</p>', text, re.S)
    for plain in ("Waiting to start…", "In progress…"):
        if plain in text:
            found.append(plain)
    if re.search(r"<progress max=", text):
        found.append("In progress (counting)")
    return [html.unescape(re.sub(r"\s+", " ", m)).strip() for m in found]


def job_state(token: str) -> dict[str, Any]:
    from django.db import close_old_connections

    from exports.models import ExportJob

    close_old_connections()
    try:
        job = ExportJob.objects.get(token=token)
    except Exception as error:  # noqa: BLE001 (the database may be the fault)
        return {"error": repr(error)}
    return {"status": job.status, "attempts": job.attempts, "error": job.error,
            "sent": job.sent_at is not None, "size": job.size}


# --- The data -------------------------------------------------------------------------------


@dataclass
class World:
    event_id: int
    tables: list[int]
    preloaded: int  # hands of round 8 before the runs
    writers: list[Writer]
    organiser_session: str


def build_world(args: argparse.Namespace) -> World:
    """bench/web.py's tournament (--players), plus a second scorekeeper at the first
    --two-writers tables and a session for the organiser (exports)."""
    from django.contrib.auth.models import User

    from tournaments.models import Event, Scorekeeper, Table

    loaded = web.load(players=args.players)
    event = Event.objects.select_related("club").get(pk=loaded.event_id)
    organiser = event.club.organisers.get()
    tables = loaded.tables[: args.tables]
    writers = [Writer(t, loaded.sessions[t], second=False, shared=False) for t in tables]
    numbers = dict(Table.objects.filter(pk__in=tables).values_list("pk", "number"))
    for writer in writers[: args.two_writers]:
        writer.shared = True
        user = User.objects.create(username=f"soak-second-{uuid.uuid4().hex[:8]}",
                                   password="!")
        Scorekeeper.objects.create(user=user, event=event, table_number=numbers[writer.table])
        writers.append(Writer(writer.table, web.login_session(user), second=True,
                              shared=True))
    return World(loaded.event_id, tables, loaded.hands_round_8, writers,
                 web.login_session(organiser))


def check_hands(world: World, ledger: Ledger, run: str | None) -> dict[str, Any]:
    """The hands in the database against what the clients were told: every acknowledged
    submission_id stored once (as the hand they were answered with), nothing refused
    stored, no hand number twice or missing at a table."""
    from django.db import connections

    from tournaments.models import Hand

    connections.close_all()
    rows = list(Hand.objects.filter(table__round__event_id=world.event_id,
                                    table_id__in=world.tables)
                .values_list("id", "table_id", "number", "submission_id"))
    by_key: dict[str, list[int]] = defaultdict(list)
    numbers: dict[int, list[int]] = defaultdict(list)
    for hand_id, table_id, number, key in rows:
        numbers[table_id].append(number)
        if key is not None:
            by_key[str(key)].append(hand_id)
    duplicate_numbers = sum(len(n) - len(set(n)) for n in numbers.values())
    gaps = sum(max(n) - len(set(n)) for n in numbers.values() if n)
    duplicate_keys = sum(len(ids) - 1 for ids in by_key.values() if len(ids) > 1)
    sent = ledger.of(run)
    acked = {k: s for k, s in sent.items() if s.acked}
    lost = sorted(k for k in acked if not by_key.get(k))
    other_hand = sorted(k for k, s in acked.items()
                        if by_key.get(k) and by_key[k][0] != s.hand_id)
    refused_stored = sorted(k for k, s in sent.items()
                            if (s.conflict or s.refused) and not s.acked and by_key.get(k))
    pending = [k for k, s in sent.items() if s.pending and not s.acked]
    pending_stored = sum(1 for k in pending if by_key.get(k))
    ours = set(ledger.of(None))
    strangers = sum(1 for k in by_key if k not in ours)
    # Every hand of round 8 beyond the preloaded ones is one of ours, once.
    extra_rows = len(rows) - world.preloaded - sum(len(ids) for k, ids in by_key.items()
                                                   if k in ours)
    duplicated = duplicate_keys + duplicate_numbers + len(other_hand) + max(0, extra_rows)
    return {
        "submitted": len(sent),
        "acknowledged": len(acked),
        "stored": sum(1 for k in sent if by_key.get(k)),
        "lost": len(lost),
        "duplicated": duplicated,
        "conflicts_not_stored": sum(1 for s in sent.values() if s.conflict and not s.acked),
        "refused": sum(1 for s in sent.values() if s.refused and not s.acked),
        "refused_but_stored": len(refused_stored),
        "pending_at_end": len(pending),
        "pending_stored": pending_stored,
        "acknowledged_after_a_failed_attempt": sum(1 for s in acked.values()
                                                   if s.failed_attempts),
        "of_which_already_saved": sum(1 for s in acked.values()
                                      if s.failed_attempts and s.status == 200),
        "hand_number_gaps": gaps,
        "rows_not_sent_by_us": strangers + max(0, extra_rows),
        "lost_ids": lost[:5],
    }


def standings_fresh(port: int, event_id: int) -> dict[str, Any]:
    """Whether the standings served after a run show every stored hand: the live
    fragment as served, then again after every event was given a new generation
    (computed afresh from the database); the same but for the time it says."""
    from tournaments.services import results_cache

    client = web.Client(port)
    path = f"/en/events/{event_id}/standings/live/"

    def read() -> bytes:
        status, data, _ms = client.request("GET", path)
        body = re.sub(rb'<p class="meta live-status">.*?</p>', b"", data, flags=re.S)
        return f"{status}".encode() + body

    try:
        served = read()
        results_cache.changed_everywhere()
        fresh = read()
    except Exception as error:  # noqa: BLE001 (reported, not fatal)
        return {"up_to_date": False, "error": repr(error)}
    return {"up_to_date": served == fresh and served.startswith(b"200")}


# --- Memory, logs ---------------------------------------------------------------------------


def memory(stack: Stack) -> dict[str, list[dict[str, Any]]]:
    found: dict[str, list[dict[str, Any]]] = {}
    for role, pids in stack.processes().items():
        rows = []
        for pid in pids:
            values = memory_kb(pid)
            if values is not None:
                rows.append({"pid": pid, "rss_kb": values["rss"], "anon_kb": values["anon"],
                             "cpu_s": cpu_seconds(pid) or 0.0})
        found[role] = rows
    return found


def process_label(pid: int) -> str:
    """A PostgreSQL process's title (checkpointer, a client backend, ...)."""
    try:
        title = " ".join(psutil.Process(pid).cmdline()).strip()
    except psutil.Error:
        return "postgres"
    if re.match(r"postgres: \w+ \w+ [\d.]+\(\d+\)", title):
        return "postgres: client backend"
    return title or "postgres"


def memory_rows(start: dict[str, list[dict[str, Any]]], end: dict[str, list[dict[str, Any]]]
                ) -> list[dict[str, Any]]:
    """RSS, its private part and the CPU time used, per process alive at both ends;
    processes seen at one end only (PostgreSQL's client backends come and go with
    CONN_MAX_AGE) are summed per role. `growth` is of RSS, except for PostgreSQL,
    whose RSS counts the pages of its shared buffers a process has touched so far (not
    memory it holds): there the growth of its private memory."""
    rows = []
    for role in sorted(set(start) | set(end)):
        before = {r["pid"]: r for r in start.get(role, [])}
        after = {r["pid"]: r for r in end.get(role, [])}
        both = sorted(set(before) & set(after))
        for pid in both:
            b, a = before[pid], after[pid]
            label = process_label(pid) if role.startswith("postgres backend") else role
            rows.append({"role": label, "pid": pid, "start_kb": b["rss_kb"],
                         "end_kb": a["rss_kb"], "start_anon_kb": b["anon_kb"],
                         "end_anon_kb": a["anon_kb"],
                         "cpu_s": round(a["cpu_s"] - b["cpu_s"], 1)})
        gone = [before[pid] for pid in before if pid not in after]
        new = [after[pid] for pid in after if pid not in before]
        if gone or new:
            rows.append({"role": f"{role}: {len(gone)} gone, {len(new)} new", "pid": None,
                         "start_kb": sum(r["rss_kb"] for r in gone) or None,
                         "end_kb": sum(r["rss_kb"] for r in new) or None,
                         "start_anon_kb": sum(r["anon_kb"] for r in gone),
                         "end_anon_kb": sum(r["anon_kb"] for r in new),
                         "cpu_s": round(sum(r["cpu_s"] for r in new), 1), "summed": True})
    for row in rows:
        postgres = row["role"].startswith("postgres")
        start_kb, end_kb = ((row["start_anon_kb"], row["end_anon_kb"]) if postgres
                            else (row["start_kb"], row["end_kb"]))
        row["growth_of"] = "private" if postgres else "rss"
        row["growth"] = (round(end_kb / start_kb - 1, 3)
                         if start_kb and end_kb and not row.get("summed") else None)
    return rows


def log_offsets(stack: Stack) -> dict[str, int]:
    return {path.name: path.stat().st_size for path in stack.tmp.glob("*.log")}


def log_header(line: str) -> tuple[str, str] | None:
    """(level, message) of the first line of a log entry, in the formats of the soak's
    gunicorn handler, gunicorn itself and Celery; None for a continuation line."""
    for pattern in (r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+ \[\d+\] (\w+) (.*)$",
                    r"^\[\d{4}-[^\]]*\] \[\d+\] \[(\w+)\] (.*)$",
                    r"^\[\d{4}-[^\]]*: (\w+)/[\w-]+\] (.*)$"):
        found = re.match(pattern, line)
        if found:
            return found.group(1), found.group(2)
    return None


def server_log(stack: Stack, since: dict[str, int]) -> dict[str, dict[str, int]]:
    """What the processes logged during a run at WARNING and above, counted: gunicorn's
    5xx tracebacks (the request line and the exception they end with), the app's
    warnings, gunicorn's own messages, the Celery worker's and beat's errors."""
    found: dict[str, dict[str, int]] = {}
    for path in sorted(stack.tmp.glob("*.log")):
        if path.name == "redis.log":
            continue
        with open(path, "rb") as handle:
            handle.seek(since.get(path.name, 0))
            lines = handle.read().decode("utf-8", "replace").splitlines()
        entries: list[list[str]] = []  # [level, message, the exception it ends with]
        for line in lines:
            header = log_header(line)
            if header is not None:
                entries.append([header[0], header[1], ""])
            elif entries and re.match(
                    r"^[\w.]+(Error|Exception|Timeout|Refused|Interrupt)\b", line):
                entries[-1][2] = line.strip()
        counts = Counter(normalise(f"{level} {message}" + (f" -> {exc}" if exc else ""))
                         for level, message, exc in entries
                         if level in ("WARNING", "ERROR", "CRITICAL"))
        if counts:
            found[path.name] = dict(counts.most_common(15))
    return found


def normalise(text: str) -> str:
    """One line per kind of message: ids, ports, pids and times replaced."""
    text = re.sub(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "<uuid>", text)
    text = re.sub(r"/\d+/", "/<id>/", text)
    text = re.sub(r"(pid:? ?|export |event )\d+", r"\1<n>", text)
    text = re.sub(r":\d{4,5}\b", ":<port>", text)
    text = re.sub(r"port \d{4,5}\b", "port <port>", text)
    text = re.sub(r"\d+\.\d+ ?s(econds)?\b", "<t> s", text)
    return text[:300]


# --- Runs -----------------------------------------------------------------------------------


def percentile(values: list[float], share: float) -> float | None:
    return web.percentile(values, share) if values else None


def summary(rec: Recorder, kind_names: tuple[str, ...]) -> dict[str, Any]:
    values = [ms for kind in kind_names for _t, ms in rec.latency.get(kind, [])]
    if not values:
        return {"count": 0, "p50_ms": None, "p95_ms": None, "max_ms": None}
    return {"count": len(values), "p50_ms": round(percentile(values, 0.5) or 0, 1),
            "p95_ms": round(percentile(values, 0.95) or 0, 1), "max_ms": round(max(values), 1)}


def per_minute(rec: Recorder, kind_names: tuple[str, ...]) -> list[dict[str, Any]]:
    minutes: dict[int, list[float]] = defaultdict(list)
    for kind in kind_names:
        for t, ms in rec.latency.get(kind, []):
            minutes[int(t // 60)].append(ms)
    return [{"minute": m + 1, "count": len(v), "p95_ms": round(percentile(v, 0.95) or 0, 1)}
            for m, v in sorted(minutes.items())]


def run_result(name: str, load: Load, seconds: float, hands: dict[str, Any],
               logs: dict[str, dict[str, int]], timeline: list[tuple[float, str]],
               extra: dict[str, Any]) -> dict[str, Any]:
    rec = load.rec
    errors = rec.errors()
    by_kind = [{"request": kind, "outcome": outcome, "count": count,
                "first_s": round(rec.first[(kind, outcome)], 1),
                "last_s": round(rec.last[(kind, outcome)], 1),
                "message": rec.sample.get((kind, outcome), "")}
               for (kind, outcome), count in sorted(errors.items(), key=lambda kv: -kv[1])]
    answered = sum(n for (kind, outcome), n in rec.counts.items()
                   if not outcome.startswith(("no answer", "client")) and kind != "export")
    return {
        "run": name, "title": RUN_TITLES.get(name, name), "seconds": round(seconds, 1),
        "requests_served": answered,
        "requests_by_kind": {f"{kind}: {outcome}": n
                             for (kind, outcome), n in sorted(rec.counts.items())},
        "errors": sum(errors.values()),
        # Score entry answered with a server error: a 503 saying what is wrong is fine
        # while a part of the stack is down, a 500 never.
        "score_entry_5xx": sum(n for (kind, outcome), n in errors.items()
                               if kind.startswith(("hand", "table", "history", "score page"))
                               and re.match(r"HTTP 5\d\d", outcome)
                               and outcome != "HTTP 503"),
        "score_entry_503": sum(n for (kind, outcome), n in errors.items()
                               if kind.startswith(("hand", "table", "history", "score page"))
                               and outcome == "HTTP 503"),
        "errors_by_kind": by_kind,
        "submission": summary(rec, ("hand POST",)),
        "standings": summary(rec, ("standings",)),
        "standings_live": summary(rec, ("standings live",)),
        "submission_per_minute": per_minute(rec, ("hand POST",)),
        "standings_per_minute": per_minute(rec, ("standings", "standings live")),
        "hands": hands,
        "retries": dict(rec.notes),
        "server_log": logs,
        "timeline": [{"t_s": round(t, 1), "event": what} for t, what in timeline],
        "exports": load.exports + extra.pop("exports", []),
        **extra,
    }


class Runner:
    def __init__(self, args: argparse.Namespace, stack: Stack, world: World) -> None:
        self.args = args
        self.stack = stack
        self.world = world
        self.ledger = Ledger()
        self.results: list[dict[str, Any]] = []

    def run(self, name: str) -> dict[str, Any]:
        method = getattr(self, "run_" + name.replace("-", "_"))
        log(f"run {RUN_TITLES[name]}")
        since = log_offsets(self.stack)
        machine, own, processes = machine_cpu(), os.times(), memory(self.stack)
        result: dict[str, Any] = method(name, since)
        busy, total = (b - a for a, b in zip(machine, machine_cpu(), strict=True))
        load_tool = sum(os.times()[:2]) - sum(own[:2])
        used = stack_cpu(processes, memory(self.stack))
        result["cpu"] = {"machine_busy": round(busy / total, 3) if total else None,
                         "cpus": os.cpu_count(), "stack_cpu_s": round(used, 1),
                         "load_tool_cpu_s": round(load_tool, 1),
                         "other_processes_cpu_s": round(max(0.0, busy - used - load_tool), 1)}
        self.results.append(result)
        log(f"  {result['errors']} errors, hands {result['hands']['acknowledged']} "
            f"acknowledged, {result['hands']['lost']} lost, "
            f"{result['hands']['duplicated']} duplicated")
        return result

    def _finish(self, name: str, load: Load, since: dict[str, int],
                timeline: list[tuple[float, str]], extra: dict[str, Any]) -> dict[str, Any]:
        load.finish(self.args.drain)
        seconds = load.rec.now()
        timeline.append((seconds, "load stopped, pending hands retried until answered"))
        hands = check_hands(self.world, self.ledger, name)
        hands["standings_after_the_run"] = standings_fresh(self.stack.port,
                                                           self.world.event_id)
        return run_result(name, load, seconds, hands, server_log(self.stack, since), timeline,
                          extra)

    def _wait_until(self, load: Load, t: float) -> None:
        delay = t - load.rec.now()
        if delay > 0:
            time.sleep(delay)

    # -- the soak

    def run_soak(self, name: str, since: dict[str, int]) -> dict[str, Any]:
        # Every minute: the processes' memory and CPU time, the machine's busy time and
        # this process's (the load tool), to tell what the others on the machine took.
        marks: list[tuple[float, float, float, dict[str, list[dict[str, Any]]]]] = []

        def mark(t: float) -> dict[str, list[dict[str, Any]]]:
            seen = memory(self.stack)
            marks.append((round(t, 1), machine_cpu()[0], sum(os.times()[:2]), seen))
            return seen

        cold = mark(0.0)
        total = self.args.minutes * 60
        load = Load(self.args, self.stack.port, self.world, self.ledger, name,
                    exports_every=0.0 if self.args.smoke else 120.0, exports_until=total)
        timeline: list[tuple[float, str]] = [(0.0, "load started")]
        load.start()
        warm_at = min(60.0, total / 4)
        self._wait_until(load, warm_at)
        warm = end = mark(load.rec.now())
        timeline.append((load.rec.now(), "memory at the start (warm)"))
        while load.rec.now() < total:
            time.sleep(min(60.0, max(0.1, total - load.rec.now())))
            end = mark(load.rec.now())
            self.progress(load)
        timeline.append((load.rec.now(), "memory at the end"))
        redis_info = self.redis_info()
        result = self._finish(name, load, since, timeline, {})
        result["memory"] = memory_rows(warm, end)
        result["memory_from_cold"] = memory_rows(cold, end)
        result["memory_samples_kb"] = [
            {"t_s": t, **{role: sum(r["rss_kb"] for r in rows) for role, rows in seen.items()}}
            for t, _busy, _own, seen in marks]
        result["cpu_per_interval"] = [
            {"from_s": a[0], "to_s": b[0], "machine_busy_cpu_s": round(b[1] - a[1], 1),
             "stack_cpu_s": round(stack_cpu(a[3], b[3]), 1),
             "load_tool_cpu_s": round(b[2] - a[2], 1),
             "other_processes_cpu_s": round(max(0.0, (b[1] - a[1]) - stack_cpu(a[3], b[3])
                                                - (b[2] - a[2])), 1)}
            for a, b in zip(marks, marks[1:], strict=False)]
        result["redis_info"] = redis_info
        return result

    def progress(self, load: Load) -> None:
        sub = summary(load.rec, ("hand POST",))
        std = summary(load.rec, ("standings", "standings live"))
        log(f"  {load.rec.now():.0f} s: {sub['count']} hands (p95 {sub['p95_ms']} ms), "
            f"{std['count']} standings (p95 {std['p95_ms']} ms), "
            f"{sum(load.rec.errors().values())} errors")

    def redis_info(self) -> dict[str, Any]:
        try:
            import redis

            client = redis.Redis(host=HOST, port=self.stack.redis_port, socket_timeout=2)
            memory_info: dict[str, Any] = client.info("memory")  # type: ignore[assignment]
            return {"used_memory_human": memory_info.get("used_memory_human"),
                    "broker_queue_length": client.llen("celery"),
                    "cache_keys": client.execute_command("DBSIZE")}
        except Exception as error:  # noqa: BLE001
            return {"error": repr(error)}

    # -- fault 1: gunicorn workers killed mid-submission

    def run_kill_web(self, name: str, since: dict[str, int]) -> dict[str, Any]:
        load = Load(self.args, self.stack.port, self.world, self.ledger, name)
        timeline: list[tuple[float, str]] = [(0.0, "load started")]
        load.start()
        kills: list[dict[str, Any]] = []
        at = 10.0
        while at < self.args.fault_seconds - 10:
            self._wait_until(load, at)
            deadline = time.monotonic() + 5
            while load.inflight == 0 and time.monotonic() < deadline:
                time.sleep(0.002)
            workers = self.stack.gunicorn_workers()
            if not workers:
                timeline.append((load.rec.now(), "no gunicorn worker to kill"))
                break
            victim = workers[len(kills) % len(workers)]
            inflight = load.inflight
            os.kill(victim, signal.SIGKILL)
            kills.append({"t_s": round(load.rec.now(), 1), "pid": victim,
                          "hand_posts_in_flight": inflight})
            timeline.append((load.rec.now(), f"SIGKILL gunicorn worker {victim} "
                                             f"({inflight} hand POSTs in flight)"))
            respawn = time.monotonic()
            while time.monotonic() - respawn < 30:
                now = self.stack.gunicorn_workers()
                if len(now) >= 2 and victim not in now:
                    timeline.append((load.rec.now(), f"gunicorn has 2 workers again after "
                                                     f"{time.monotonic() - respawn:.1f} s"))
                    break
                time.sleep(0.05)
            at += 12.0
        self._wait_until(load, self.args.fault_seconds)
        return self._finish(name, load, since, timeline, {"kills": kills})

    # -- fault 2: Redis stopped

    def run_redis(self, name: str, since: dict[str, int]) -> dict[str, Any]:
        load = Load(self.args, self.stack.port, self.world, self.ledger, name)
        timeline: list[tuple[float, str]] = [(0.0, "load started")]
        load.start()
        self._wait_until(load, 10)
        self.stack.stop_redis()
        down_at = load.rec.now()
        timeline.append((down_at, "Redis stopped (SIGTERM: saves its data and exits)"))
        exports: list[dict[str, Any]] = []
        asker = threading.Thread(target=lambda: exports.append(export(
            self.stack.port, self.world, "standings_pdf", load.rec,
            give_up=self.args.redis_down + 200)), daemon=True)
        self._wait_until(load, down_at + 5)
        timeline.append((load.rec.now(), "the organiser asks for the PDF standings"))
        asker.start()
        self._wait_until(load, down_at + self.args.redis_down)
        self.stack.start_redis()
        up_at = load.rec.now()
        timeline.append((up_at, "Redis started again (same data)"))
        self._wait_until(load, max(self.args.fault_seconds, up_at + 30))
        asker.join(timeout=self.args.redis_down + 200)
        if exports and exports[0].get("status") == "done":
            done_at = exports[0]["asked_at_s"] + exports[0]["seconds"]
            timeline.append((done_at, f"the export is ready, {done_at - up_at:.0f} s after "
                                      f"Redis came back"))
        alive_after = {"celery worker": self.stack.worker is not None
                       and self.stack.worker.poll() is None,
                       "celery beat": self.stack.beat is not None
                       and self.stack.beat.poll() is None}
        return self._finish(name, load, since, timeline,
                            {"exports": exports, "down_s": round(up_at - down_at, 1),
                             "still_running_after": alive_after})

    # -- fault 3: the Celery worker killed during an export

    def run_kill_celery(self, name: str, since: dict[str, int]) -> dict[str, Any]:
        from django.db import close_old_connections
        from django.utils import timezone

        from exports.models import ExportJob, JobStatus

        load = Load(self.args, self.stack.port, self.world, self.ledger, name)
        timeline: list[tuple[float, str]] = [(0.0, "load started")]
        load.start()
        self._wait_until(load, 10)
        exports: list[dict[str, Any]] = []
        give_up = self.args.export_stale + 180
        asker = threading.Thread(target=lambda: exports.append(export(
            self.stack.port, self.world, "hand_log_xlsx", load.rec, give_up=give_up)),
            daemon=True)
        asked = timezone.now()
        timeline.append((load.rec.now(), "the organiser asks for the Excel hand log"))
        asker.start()
        killed_at = None
        deadline = time.monotonic() + 90
        close_old_connections()
        running = ExportJob.objects.filter(kind="hand_log_xlsx", created_at__gte=asked,
                                           status=JobStatus.RUNNING)
        while time.monotonic() < deadline and not running.exists():
            time.sleep(0.02)
        if running.exists():
            job = running.get()
            timeline.append((load.rec.now(), "the export runs"))
            counting = time.monotonic() + 10
            while job.done == 0 and job.status == JobStatus.RUNNING and (
                    time.monotonic() < counting):
                time.sleep(0.02)
                job.refresh_from_db()
            self.stack.kill_worker()
            killed_at = load.rec.now()
            job.refresh_from_db()
            timeline.append((killed_at, f"SIGKILL the Celery worker (its process group); the "
                                        f"job: {job.status}, {job.done} of {job.total}"))
            time.sleep(5)
            self.stack.start_worker()
            timeline.append((load.rec.now(), "a new Celery worker is ready"))
        else:
            timeline.append((load.rec.now(), "the export did not start in 90 s: no kill"))
        asker.join(timeout=give_up + 30)
        if exports and exports[0].get("status") == "done" and killed_at is not None:
            done_at = exports[0]["asked_at_s"] + exports[0]["seconds"]
            timeline.append((done_at, f"the export is ready, {done_at - killed_at:.0f} s after "
                                      f"the kill (attempts: {exports[0]['job'].get('attempts')})"))
        self._wait_until(load, self.args.fault_seconds)
        return self._finish(name, load, since, timeline, {"exports": exports})

    # -- fault 4: PostgreSQL restarted

    def run_restart_pg(self, name: str, since: dict[str, int]) -> dict[str, Any]:
        load = Load(self.args, self.stack.port, self.world, self.ledger, name)
        timeline: list[tuple[float, str]] = [(0.0, "load started")]
        load.start()
        self._wait_until(load, 15)
        self.stack.pg_stop("fast")
        down_at = load.rec.now()
        timeline.append((down_at, "PostgreSQL stopped (pg_ctl stop -m fast)"))
        self._wait_until(load, down_at + self.args.pg_down)
        self.stack.pg_start()
        timeline.append((load.rec.now(), "PostgreSQL started again (pg_ctl start -w)"))
        self._wait_until(load, self.args.fault_seconds)
        return self._finish(name, load, since, timeline, {})


# --- Report ---------------------------------------------------------------------------------


def fmt(value: float | None, unit: str = "") -> str:
    return "-" if not value and value != 0 else f"{value:.0f}{unit}" if value >= 100 else f"{value:.1f}{unit}"


def verdicts(result: dict[str, Any]) -> list[str]:
    """The targets a run missed (empty: all met)."""
    missed = []
    hands = result["hands"]
    if hands["lost"]:
        missed.append(f"{hands['lost']} hands lost")
    if hands["duplicated"]:
        missed.append(f"{hands['duplicated']} hands duplicated")
    if hands["refused_but_stored"]:
        missed.append(f"{hands['refused_but_stored']} refused hands stored")
    if not hands.get("standings_after_the_run", {}).get("up_to_date", True):
        missed.append(f"standings after the run not up to date: "
                      f"{hands['standings_after_the_run']}")
    if hands["pending_at_end"]:
        missed.append(f"{hands['pending_at_end']} hands never answered")
    if result["score_entry_5xx"]:
        missed.append(f"{result['score_entry_5xx']} score-entry 5xx answers (not 503)")
    for job in result["exports"]:
        if job.get("status") != "done":
            missed.append(f"export {job['kind']}: {job.get('status')}")
    if result["run"] == "soak":
        if result["errors"]:
            missed.append(f"{result['errors']} errors")
        for row in result["memory"]:
            if row["growth"] is not None and row["growth"] > TARGETS["rss_growth"]:
                missed.append(f"RSS of {row['role']} {row['pid'] or ''} +{row['growth']:.0%}")
    return missed


def report(results: list[dict[str, Any]], out: Any) -> None:
    print("\nRuns (answered: requests with an HTTP answer, any status; 5xx SE: score-entry "
          "answers 500-599 but 503; latencies in ms, of requests answered as they should be; "
          "for reference, bench/web.py's targets without the other load: submission p95 < "
          "150, standings p95 < 100)", file=out)
    head = (f"{'run':<42}{'s':>5}{'answered':>9}{'errors':>7}{'5xx SE':>7}"
            f"{'sub p50':>8}{'sub p95':>8}{'std p95':>8}{'live95':>7}"
            f"{'sent':>6}{'acked':>6}{'stored':>7}{'lost':>5}{'dup':>4}{'409':>5}  met")
    print(head, file=out)
    for r in results:
        h = r["hands"]
        missed = verdicts(r)
        print(f"{r['title'][:41]:<42}{r['seconds']:>5.0f}{r['requests_served']:>9}"
              f"{r['errors']:>7}{r['score_entry_5xx']:>7}"
              f"{fmt(r['submission']['p50_ms']):>8}{fmt(r['submission']['p95_ms']):>8}"
              f"{fmt(r['standings']['p95_ms']):>8}{fmt(r['standings_live']['p95_ms']):>7}"
              f"{h['submitted']:>6}{h['acknowledged']:>6}{h['stored']:>7}{h['lost']:>5}"
              f"{h['duplicated']:>4}{h['conflicts_not_stored']:>5}  "
              f"{'yes' if not missed else 'NO'}", file=out)
    for r in results:
        print(f"\n== {r['title']} ({r['seconds']:.0f} s)", file=out)
        for t in r["timeline"]:
            print(f"  {t['t_s']:>6.1f} s  {t['event']}", file=out)
        cpu = r.get("cpu", {})
        if cpu:
            print(f"  CPU: the machine ({cpu['cpus']} CPUs) {cpu['machine_busy']:.0%} busy; "
                  f"the stack used {cpu['stack_cpu_s']} CPU-s, the load tool "
                  f"{cpu['load_tool_cpu_s']}, other processes about "
                  f"{cpu['other_processes_cpu_s']}", file=out)
        h = r["hands"]
        print(f"  hands: {h['submitted']} submitted, {h['acknowledged']} acknowledged, "
              f"{h['stored']} stored, lost {h['lost']}, duplicated {h['duplicated']}, "
              f"409 (two writers, not stored) {h['conflicts_not_stored']}, refused "
              f"{h['refused']}, never answered {h['pending_at_end']} "
              f"(stored anyway {h['pending_stored']}); after a failed attempt "
              f"{h['acknowledged_after_a_failed_attempt']} acknowledged, of which "
              f"{h['of_which_already_saved']} had been saved by the failed attempt; "
              f"hand-number gaps {h['hand_number_gaps']}; the standings served after the "
              f"run {'show every hand' if h['standings_after_the_run'].get('up_to_date') else 'ARE STALE'}",
              file=out)
        if r["retries"]:
            print(f"  retries: {r['retries']}", file=out)
        if r.get("cpu_per_interval"):
            print("  CPU-s other processes on the machine took, per interval: " + ", ".join(
                f"{c['from_s']:.0f}-{c['to_s']:.0f} s: {c['other_processes_cpu_s']:.0f}"
                for c in r["cpu_per_interval"]), file=out)
        if r["run"] == "soak":
            print("  p95 per minute, submission / standings (ms): " + ", ".join(
                f"{a['minute']}: {a['p95_ms']:.0f}/{b['p95_ms']:.0f}" for a, b in zip(
                    r["submission_per_minute"], r["standings_per_minute"], strict=False)),
                file=out)
        for e in r["errors_by_kind"]:
            print(f"  error x{e['count']:<5} {e['request']}: {e['outcome']} "
                  f"({e['first_s']:.0f}-{e['last_s']:.0f} s) {e['message'][:150]}", file=out)
        for job in r["exports"]:
            print(f"  export {job['kind']} asked at {job['asked_at_s']:.0f} s: "
                  f"{job['status']} after {job.get('seconds', '-')} s "
                  f"(ask answered in {job.get('ask_ms', '-')} ms; job {job.get('job', {})}); "
                  f"the page said: {' | '.join(job['messages'])}", file=out)
        for name, counts in r["server_log"].items():
            for line, n in counts.items():
                print(f"  {name} x{n}: {line[:220]}", file=out)
        if "memory" in r:
            print("  memory (MB): start = after the first minute of load, end = at the end; "
                  "CPU seconds used in between", file=out)
            print(f"    {'process':<44}{'pid':>8}{'RSS':>8}{'->':>3}{'RSS':>7}{'growth':>8}"
                  f"{'private':>9}{'->':>3}{'priv.':>7}{'CPU s':>8}", file=out)
            for row in r["memory"]:
                growth = "-" if row["growth"] is None else f"{row['growth']:+.0%}"
                if row["growth_of"] == "private" and row["growth"] is not None:
                    growth += "*"
                print(f"    {row['role'][:43]:<44}{row['pid'] or '':>8}"
                      f"{fmt(row['start_kb'] and row['start_kb'] / 1024):>8}{'':>3}"
                      f"{fmt(row['end_kb'] and row['end_kb'] / 1024):>7}{growth:>8}"
                      f"{fmt(row['start_anon_kb'] / 1024):>9}{'':>3}"
                      f"{fmt(row['end_anon_kb'] / 1024):>7}{row['cpu_s']:>8.1f}", file=out)
            print("    (* PostgreSQL: growth of private memory; its RSS also counts the shared "
                  "buffers a process has touched)", file=out)
            cold = r["memory_from_cold"]
            print("  RSS from cold (before any load) to the end: " + ", ".join(
                f"{x['role']} {fmt(x['start_kb'] and x['start_kb'] / 1024)}->"
                f"{fmt(x['end_kb'] and x['end_kb'] / 1024)}"
                for x in cold if not x["role"].startswith("postgres")), file=out)
            print(f"  redis at the end: {r['redis_info']}", file=out)
        missed = verdicts(r)
        print(f"  targets: {'met' if not missed else 'MISSED: ' + '; '.join(missed)}", file=out)


# --- Main -----------------------------------------------------------------------------------


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="length of the soak")
    parser.add_argument("--runs", default=",".join(RUNS),
                        help=f"comma-separated, in this order: {','.join(RUNS)}")
    parser.add_argument("--database-url", default="",
                        help="a PostgreSQL server to use (a throwaway database is created "
                             "and dropped on it) instead of a throwaway cluster; the "
                             "restart-pg run is then skipped")
    parser.add_argument("--players", type=int, default=web.PLAYERS,
                        help="players of the tournament (4 per table)")
    parser.add_argument("--tables", type=int, default=100,
                        help="tables entering hands (at most players / 4)")
    parser.add_argument("--two-writers", type=int, default=10,
                        help="tables with a second scorekeeper")
    parser.add_argument("--readers", type=int, default=200)
    parser.add_argument("--hand-every", type=float, default=30.0,
                        help="seconds between a table's hands (a real hand takes 3-5 "
                             "minutes; 10 s saturates 2 cores)")
    parser.add_argument("--read-every", type=float, default=10.0,
                        help="seconds between a reader's requests (the page polls every 10)")
    parser.add_argument("--retry-every", type=float, default=5.0,
                        help="seconds before an unanswered hand is sent again")
    parser.add_argument("--repeat-share", type=float, default=0.1,
                        help="share of saved hands posted a second time")
    parser.add_argument("--fault-seconds", type=float, default=75.0)
    parser.add_argument("--redis-down", type=float, default=60.0)
    parser.add_argument("--pg-down", type=float, default=10.0)
    parser.add_argument("--export-stale", type=int, default=15,
                        help="EXPORTS_STALE_SECONDS of the stack (production: 120)")
    parser.add_argument("--export-timeout", type=float, default=240.0)
    parser.add_argument("--drain", type=float, default=60.0,
                        help="seconds unanswered hands are still retried after a run")
    parser.add_argument("--json", action="store_true",
                        help="the results as JSON on standard output (the table on "
                             "standard error)")
    parser.add_argument("--logs", default="", help="keep the processes' logs in this folder")
    parser.add_argument("--smoke", action="store_true",
                        help="a check of this script in seconds: 16 players, 4 tables, 4 "
                             "readers, 2 s of the soak's load on SQLite without Redis or "
                             "Celery (tests/bench/test_soak_smoke.py)")
    args = parser.parse_args(argv)
    if args.smoke:
        args.players, args.tables, args.two_writers, args.readers = 16, 4, 1, 4
        args.hand_every = args.read_every = args.retry_every = 0.3
        args.minutes, args.runs, args.drain = 2 / 60, "soak", 10.0
    args.runs = [r.strip() for r in args.runs.split(",") if r.strip()]
    unknown = set(args.runs) - set(RUNS)
    if unknown:
        parser.error(f"unknown runs: {', '.join(sorted(unknown))}")
    if args.database_url and "restart-pg" in args.runs:
        log("--database-url: the restart-pg run needs a cluster of its own, skipped")
        args.runs.remove("restart-pg")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    if shutil.which("redis-server") is None and not args.smoke:
        log("no redis-server: apt-get install redis-server (make soak installs it as root)")
        return 2

    def stop(signum: int, _frame: Any) -> None:
        raise KeyboardInterrupt(f"signal {signum}")

    # SIGINT too: a shell starting this in the background leaves Ctrl-C ignored.
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, stop)
    stack = Stack(args)
    results: list[dict[str, Any]] = []
    info: dict[str, Any] = {}
    try:
        try:
            stack.start_postgres()
            if not args.smoke:
                stack.start_redis()
            os.environ.update(stack.env())  # this process too: the same cache and broker
            web.setup_django(stack.database_url)
            from django.core.management import call_command

            call_command("migrate", verbosity=0)
            began = time.monotonic()
            world = build_world(args)
            from django.db import connection, connections

            info = {"database": f"PostgreSQL {connection.pg_version}"  # type: ignore[attr-defined]
                    if connection.vendor == "postgresql" else connection.vendor,
                    "tables": len(world.tables),
                    "writers": len(world.writers), "readers": args.readers,
                    "hand_every_s": args.hand_every, "read_every_s": args.read_every,
                    "cpus": os.cpu_count()}
            connections.close_all()
            log(f"loaded {args.players} players, round 8 at {len(world.tables)} tables "
                f"({len(world.writers)} scorekeepers) in {time.monotonic() - began:.0f} s")
            stack.start_gunicorn()
            if not args.smoke:
                stack.start_worker()
                stack.start_beat()
            log(f"stack up: {info['database']} "
                f"{f':{stack.pg_port}' if stack.pg_port else '(given or SQLite)'}, "
                + ("" if args.smoke else f"Redis :{stack.redis_port}, ")
                + f"gunicorn :{stack.port} (2 workers)"
                + ("" if args.smoke else ", Celery worker and beat")
                + f"; logs in {stack.tmp}")
        except (StackError, OSError) as error:
            log(f"the stack did not start: {error}")
            return 2
        runner = Runner(args, stack, world)
        for name in args.runs:
            runner.run(name)
        results = runner.results
        final = check_hands(world, runner.ledger, None)
    except KeyboardInterrupt as interrupted:
        log(f"interrupted ({interrupted or 'Ctrl-C'}): stopping everything")
        return 130
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, signal.SIG_IGN)  # a second Ctrl-C must not stop the cleanup
        stack.close()
    out = sys.stderr if args.json else sys.stdout
    print(f"\nstack: {info}", file=out)
    report(results, out)
    print(f"\nall runs together: {final['submitted']} hands submitted, {final['acknowledged']} "
          f"acknowledged, {final['stored']} stored, lost {final['lost']}, duplicated "
          f"{final['duplicated']}", file=out)
    met = all(not verdicts(r) for r in results) and not final["lost"] and not final[
        "duplicated"]
    print(f"targets {'met' if met else 'NOT met'}", file=out)
    if args.json:
        print(json.dumps({"stack": info, "runs": results, "all_runs": final,
                          "targets": TARGETS, "met": met}, indent=2, default=str))
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
