"""The stack of the soak, started and stopped here: a throwaway PostgreSQL cluster (or a
throwaway database on a given server, or SQLite at the smoke size), redis-server,
gunicorn, a Celery worker and Celery beat; their logs in a temporary folder; and
everything stopped and removed again by Stack.close()."""

from __future__ import annotations

import argparse
import glob
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench import rankings as bench_rankings
from bench import web
from bench.soak.common import HOST, ROOT, log
from bench.soak.figures import alive, children
from tests.support.processes import RedisServer, free_port


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
