"""`make prod` (operations/prod.py): refusals that say what to set, and on
PostgreSQL a real start (check --deploy, migrate, collectstatic, gunicorn, a
Celery worker and beat through a real Redis) and stop."""

from __future__ import annotations

import http.client
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.production.conftest import (
    GOOD_KEY,
    ROOT,
    base_env,
    free_port,
    need_postgresql,
    start_redis,
)


def prod(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "operations.prod", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60, check=False)


def test_it_refuses_without_postgresql_and_redis() -> None:
    refused = prod("run", env=base_env())
    assert refused.returncode == 2
    assert "DATABASE_URL is not set: production runs on PostgreSQL" in refused.stderr
    assert "CELERY_BROKER_URL is not set" in refused.stderr


def test_it_refuses_other_databases_and_brokers_without_echoing_them() -> None:
    refused = prod("run", env=base_env(
        DATABASE_URL="sqlite:////tmp/x.sqlite3",
        CELERY_BROKER_URL="amqp://guest:hunter2@rabbit.example//"))
    assert refused.returncode == 2
    assert "DATABASE_URL is not a postgres:// URL (it is sqlite://)" in refused.stderr
    assert "CELERY_BROKER_URL is not a redis:// URL (it is amqp://)" in refused.stderr
    assert "hunter2" not in refused.stderr


def test_it_refuses_bad_numbers_and_another_environment() -> None:
    refused = prod("check", env=base_env(
        DATABASE_URL="postgres://u:p@db.example/mahjong", CELERY_BROKER_URL="redis://r/0",
        DJANGO_ENV="development", WEB_WORKERS="many"))
    assert refused.returncode == 2
    assert "DJANGO_ENV='development'" in refused.stderr
    assert "WEB_WORKERS='many' must be a whole number" in refused.stderr


def test_the_environment_check_passes_with_postgresql_and_redis() -> None:
    passed = prod("check", env=base_env(DATABASE_URL="postgres://u:p@db.example/mahjong",
                                        CELERY_BROKER_URL="rediss://r.example:6380/0"))
    assert passed.returncode == 0, passed.stderr


def test_a_settings_refusal_is_shown_as_its_message() -> None:
    # No SECRET_KEY: the settings refuse production; `run` stops at
    # `check --deploy` with the settings' message, not a traceback.
    refused = prod("run", env=base_env(DATABASE_URL="postgres://u:p@db.example/mahjong",
                                       CELERY_BROKER_URL="redis://r.example/0",
                                       ALLOWED_HOSTS="mahjong.example"))
    assert refused.returncode == 1
    assert "refuses to start without a real SECRET_KEY" in refused.stderr
    assert "Traceback" not in refused.stderr
    assert "manage.py check failed" in refused.stderr


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
def test_make_prod_refuses_before_installing_anything() -> None:
    refused = subprocess.run(["make", "--no-print-directory", "prod"], cwd=ROOT,
                             env=base_env(), capture_output=True, text=True, timeout=60,
                             check=False)
    assert refused.returncode != 0
    assert "make prod: DATABASE_URL is not set" in refused.stderr
    assert "pip install" not in refused.stdout + refused.stderr


def test_gunicorn_takes_bind_and_workers_from_the_environment() -> None:
    code = ("import runpy; c = runpy.run_path('config/gunicorn.conf.py'); "
            "print(c['bind'], c['workers'], c['wsgi_app'])")
    shown = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                           text=True, timeout=30, check=False,
                           env=base_env(WEB_BIND="127.0.0.1:9001, unix:/run/m.sock",
                                        WEB_WORKERS="3"))
    assert shown.stdout.split() == ["['127.0.0.1:9001',", "'unix:/run/m.sock']", "3",
                                    "config.wsgi:application"], shown.stderr


# --- A real start, on PostgreSQL ------------------------------------------------------


def get(port: int, path: str) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path, headers={"Host": "localhost"})
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def wait_for(condition: object, seconds: float, what: str, log: Path) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return
        time.sleep(0.3)
    raise AssertionError(f"{what} within {seconds} s; log:\n{log.read_text()[-4000:]}")


def kill_children(log: Path) -> None:
    """What the supervisor started and left behind (a failed test): each in
    its own process group, named in the log."""
    for pid in re.findall(r"started \(pid (\d+)\)", log.read_text()):
        try:
            os.killpg(int(pid), signal.SIGKILL)
        except ProcessLookupError:
            pass


def answers(port: int) -> bool:
    try:
        return get(port, "/en/")[0] == 200
    except (OSError, http.client.HTTPException):
        return False


@pytest.mark.worker
@pytest.mark.postgres
def test_make_prod_runs_the_site_a_worker_and_beat_and_stops_them(
        tmp_path: Path, empty_database: str) -> None:
    need_postgresql("make prod")
    if shutil.which("redis-server") is None:
        pytest.skip("WORKER TESTS SKIPPED: no redis-server; make prod did NOT run.")
    redis = start_redis(tmp_path)
    port = free_port()
    env = base_env(
        DATABASE_URL=empty_database, CELERY_BROKER_URL=redis.url(0), CACHE_URL=redis.url(1),
        SECRET_KEY=GOOD_KEY, ALLOWED_HOSTS="localhost", SECURE_SSL_REDIRECT="false",
        STATIC_ROOT=str(tmp_path / "static"), BEAT_SCHEDULE_FILE=str(tmp_path / "beat"),
        WEB_BIND=f"127.0.0.1:{port}", WEB_WORKERS="2", WORKER_CONCURRENCY="1")
    log_path = tmp_path / "prod.log"
    try:
        for attempt in ("sigterm", "a-child-dies"):
            with open(log_path, "wb") as log:
                supervisor = subprocess.Popen(
                    [sys.executable, "-m", "operations.prod", "run"], cwd=ROOT, env=env,
                    stdout=log, stderr=subprocess.STDOUT)
            try:
                wait_for(lambda: answers(port), 90, "the site did not answer", log_path)
                wait_for(lambda: b"ready." in log_path.read_bytes()
                         and b"beat: Starting" in log_path.read_bytes(), 60,
                         "the worker and beat did not start", log_path)
                text = log_path.read_text()
                assert "manage.py check --deploy" in text and "manage.py migrate" in text
                # Static files from collectstatic, fingerprinted (production storage).
                status, page = get(port, "/en/")
                stylesheet = re.search(rb'href="(/static/css/app\.[0-9a-f]+\.css)"', page)
                assert stylesheet, page[:2000]
                assert get(port, stylesheet.group(1).decode())[0] == 200
                if attempt == "sigterm":
                    # The worker takes a task through Redis.
                    sent = subprocess.run(
                        [sys.executable, "-c", "import django; django.setup(); "
                         "from exports.tasks import maintain_exports; maintain_exports.delay()"],
                        cwd=ROOT, env={**env, "DJANGO_ENV": "production"},
                        capture_output=True, text=True, timeout=60, check=False)
                    assert sent.returncode == 0, sent.stderr[-2000:]
                    wait_for(lambda: re.search(rb"exports.maintain_exports\[[^\]]+\] succeeded",
                                               log_path.read_bytes()) is not None, 30,
                             "the worker did not run the task", log_path)
                    supervisor.send_signal(signal.SIGTERM)
                    assert supervisor.wait(60) == 0
                else:
                    beat = re.search(r"beat started \(pid (\d+)\)", log_path.read_text())
                    assert beat
                    os.kill(int(beat.group(1)), signal.SIGKILL)
                    assert supervisor.wait(60) == 1
                    assert "beat stopped (exit -9): stopping the others" in log_path.read_text()
                assert not answers(port)
                text = log_path.read_text()
                assert "stopping web" in text and "stopping worker" in text
            finally:
                if supervisor.poll() is None:
                    supervisor.kill()
                    supervisor.wait(10)
                kill_children(log_path)
    finally:
        redis.stop()
