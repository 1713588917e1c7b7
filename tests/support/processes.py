"""Other processes on loopback for the tests and the benchmarks: a free TCP
port and a throwaway redis-server (the worker and production tests, and
bench/soak/'s stack). One copy, so a fix to how Redis is started or waited
for reaches every user."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path
from typing import IO

HOST = "127.0.0.1"


def free_port(host: str = HOST) -> int:
    """A port nothing listens on now (the kernel's choice), for a server this
    run starts; parallel test workers each get their own."""
    with socket.socket() as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def have_redis_server() -> bool:
    return shutil.which("redis-server") is not None


def redis_answers(port: int, host: str = HOST) -> bool:
    """True when a Redis server on `port` answers PING."""
    try:
        with socket.create_connection((host, port), timeout=1) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")
    except OSError:
        return False


class RedisServer:
    """A redis-server on loopback in `directory`, on a free port that stays
    the same across stop() and start() (a restart, as an outage test needs).

    `snapshots=False` (the tests) keeps nothing on disk; `snapshots=True`
    (the soak) uses Debian's default snapshots, so a stop saves the data set
    and a start reads it back (the cache's generations and the broker's queue
    survive a restart)."""

    def __init__(self, directory: Path, *, port: int | None = None, host: str = HOST,
                 snapshots: bool = False, log: IO[bytes] | None = None,
                 new_session: bool = False) -> None:
        self.directory = directory
        self.host = host
        self.port = port if port is not None else free_port(host)
        self.snapshots = snapshots
        self.log = log
        self.new_session = new_session
        self.process: subprocess.Popen[bytes] | None = None

    def url(self, number: int) -> str:
        return f"redis://{self.host}:{self.port}/{number}"

    def command(self) -> list[str]:
        persistence = (["--save", "3600 1 300 100 60 10000", "--dbfilename", "redis.rdb"]
                       if self.snapshots else ["--save", ""])
        return ["redis-server", "--port", str(self.port), "--bind", self.host,
                *persistence, "--appendonly", "no", "--dir", str(self.directory)]

    def start(self, timeout: float = 10) -> None:
        """Start the server and wait until it answers PING; raises
        RuntimeError (after stopping it) when it does not within `timeout`."""
        output = self.log if self.log is not None else subprocess.DEVNULL
        self.process = subprocess.Popen(self.command(), stdout=output,
                                        stderr=subprocess.STDOUT if self.log else output,
                                        start_new_session=self.new_session)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if redis_answers(self.port, self.host):
                return
            time.sleep(0.05)
        self.stop()
        raise RuntimeError("redis-server did not start")

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self, timeout: float = 10) -> None:
        """Terminate and wait (SIGKILL after `timeout`); nothing when not running."""
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.terminate()
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def start_redis(directory: Path, **options: object) -> RedisServer:
    """A RedisServer (options as its constructor's), started and answering."""
    server = RedisServer(directory, **options)  # type: ignore[arg-type]
    server.start()
    return server
