"""Helpers for the production tests: other processes (manage.py, gunicorn,
Celery, Redis) started by the tests, pointed at the test run's database or
at a new, empty one."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from django.db import connection

from tests.support.processes import (  # noqa: F401 (free_port: for the test modules)
    RedisServer,
    free_port,
    have_redis_server,
    start_redis,
)

ROOT = Path(__file__).resolve().parents[2]
GOOD_KEY = "k" * 20 + "0123456789abcdefghijklmnopqrstuvwxyz"  # 56 characters


def base_env(**extra: str) -> dict[str, str]:
    """Only PATH is inherited: no DEBUG, DATABASE_URL, ... from the caller's shell."""
    return {"PATH": os.environ["PATH"], "DJANGO_SETTINGS_MODULE": "config.settings",
            "PYTHONUNBUFFERED": "1", **extra}


def manage(*args: str, env: dict[str, str], timeout: float = 300
           ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout, check=False)


def on_postgresql() -> bool:
    return connection.vendor == "postgresql"


def postgres_url(name: str) -> str:
    """A postgres:// URL for database `name` on the test run's server."""
    settings = connection.settings_dict
    user = quote(settings.get("USER") or "", safe="")
    password = quote(settings.get("PASSWORD") or "", safe="")
    credentials = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    host = settings.get("HOST") or "localhost"
    port = f":{settings['PORT']}" if settings.get("PORT") else ""
    return f"postgres://{credentials}{host}{port}/{quote(name, safe='')}"


def run_database_url() -> str:
    """The URL of the database this test run uses (pytest-django's test
    database), for processes that must share its committed rows."""
    return postgres_url(connection.settings_dict["NAME"])


def _server_connection() -> Any:
    import psycopg

    settings = connection.settings_dict
    return psycopg.connect(host=settings.get("HOST") or None, port=settings.get("PORT") or None,
                           user=settings.get("USER") or None,
                           password=settings.get("PASSWORD") or None,
                           dbname="postgres", autocommit=True)


@pytest.fixture
def empty_database(tmp_path: Path) -> Iterator[str]:
    """The DATABASE_URL of a new, empty database on the run's engine: a new
    database on the same PostgreSQL server, else a SQLite file."""
    if not on_postgresql():
        yield f"sqlite:///{tmp_path / 'other.sqlite3'}"
        return
    name = f"{connection.settings_dict['NAME']}_other"[:63]
    with _server_connection() as server:
        server.execute(f'DROP DATABASE IF EXISTS "{name}"')
        server.execute(f'CREATE DATABASE "{name}"')
    try:
        yield postgres_url(name)
    finally:
        with _server_connection() as server:
            server.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


# --- Redis -----------------------------------------------------------------------------


def need_redis() -> None:
    if not have_redis_server():
        pytest.skip("WORKER TESTS SKIPPED: no redis-server (apt-get install redis-server; "
                    "`make test` installs it); the real Redis, Celery and gunicorn did NOT run.")


def need_postgresql(what: str) -> None:
    if not on_postgresql():
        pytest.skip(f"{what} needs PostgreSQL: run with DATABASE_URL=postgres://... (CI's "
                    "second pass does); on SQLite it did NOT run.")


@pytest.fixture
def redis(tmp_path: Path) -> Iterator[RedisServer]:
    need_redis()
    server = start_redis(tmp_path)
    try:
        yield server
    finally:
        server.stop()
