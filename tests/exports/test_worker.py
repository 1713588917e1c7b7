"""Exports through a real Redis server and a real Celery worker, started by
the test itself, with faults: the worker killed mid-export, Redis stopped
while an export is asked for. Nothing mocked.

The worker is another process, so it cannot see the test's (in-memory,
rolled back) database: the app runs here against a SQLite file of its own,
and each step is a small script run with the app's settings (`drive`).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.processes import RedisServer, have_redis_server

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.worker

SETUP = """
import datetime
from django.core.management import call_command
from clubs.models import Club, Member
from django.contrib.auth.models import User
from tournaments.models import Event, EventStatus
from tournaments.services import registration, rounds
call_command("migrate", verbosity=0)
club = Club.objects.create(name="Fu-Hing", slug="fu-hing", city="Amsterdam")
user = User.objects.create_user("alice", password="pw")
club.organisers.add(user)
event = Event.objects.create(club=club, title="Clubavond", status=EventStatus.RUNNING,
                             start_date=datetime.date(2031, 1, 14))
for i in range(8):
    member = Member.objects.create(club=club, first_name=f"Speler{i}", last_name="Désirée")
    registration.register(event, member=member)
round_ = rounds.start_round(rounds.seat_round(rounds.add_round(event), seed=1))
for table in round_.tables.all():
    rounds.record_hand(table, values={0: 40, 1: 20, 2: 10, 3: 0}, winner=0, east=0)
rounds.close_round(round_)
print(json.dumps({"event": event.pk}))
"""

ASK = """
from django.contrib.auth.models import User
from django.db import transaction
from exports import services
with transaction.atomic():
    job = services.request_export(kind_name=KIND, object_id=EVENT,
                                  user=User.objects.get(username="alice"), language="en")
print(json.dumps({"job": job.pk}))
"""

STATE = """
from exports.models import ExportJob
job = ExportJob.objects.get(pk=JOB)
print(json.dumps({"status": job.status, "attempts": job.attempts, "done": job.done,
                  "total": job.total, "error": job.error, "sent": job.sent_at is not None,
                  "head": bytes(job.content[:5]).decode("latin-1") if job.content else ""}))
"""

MAINTAIN = """
from exports.tasks import maintain_exports
maintain_exports.delay()  # through Redis, to the worker, as beat sends it
print(json.dumps({}))
"""


class World:
    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        # One port for the whole test: stopping and starting Redis again is an outage.
        self.redis = RedisServer(tmp)
        self.workers: list[subprocess.Popen[bytes]] = []
        self.logs: list[Any] = []
        self.env = {
            "PATH": os.environ["PATH"], "DJANGO_SETTINGS_MODULE": "config.settings",
            "DATABASE_URL": f"sqlite:///{tmp / 'app.sqlite3'}",
            "CELERY_BROKER_URL": self.redis.url(0),
            "EXPORTS_STALE_SECONDS": "5", "ALLOWED_HOSTS": "localhost",
        }

    def start_redis(self) -> None:
        self.redis.start()

    def stop_redis(self) -> None:
        assert self.redis.running()
        self.redis.stop()

    def start_worker(self, *, step_delay: float = 0.0) -> subprocess.Popen[bytes]:
        env = {**self.env, "EXPORTS_TEST_STEP_DELAY": str(step_delay)}
        log = open(self.tmp / f"worker{len(self.workers)}.log", "wb")  # noqa: SIM115
        self.logs.append(log)
        worker = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo",
             "--concurrency=1", "--loglevel=INFO", "--without-gossip", "--without-mingle",
             f"--hostname=w{len(self.workers)}@%h"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        self.workers.append(worker)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if b"ready." in (self.tmp / f"worker{len(self.workers) - 1}.log").read_bytes():
                return worker
            assert worker.poll() is None, "the worker stopped at its start"
            time.sleep(0.1)
        raise AssertionError("the Celery worker did not get ready")

    def drive(self, code: str, **names: Any) -> dict[str, Any]:
        # English, as the assertions read (the app's default is Dutch).
        header = ("import json, django\ndjango.setup()\n"
                  "from django.utils import translation\ntranslation.activate('en')\n") + "".join(
            f"{name} = {value!r}\n" for name, value in names.items())
        process = subprocess.run([sys.executable, "-c", header + code], cwd=ROOT, env=self.env,
                                 capture_output=True, text=True, timeout=60, check=False)
        assert process.returncode == 0, process.stderr[-3000:]
        return json.loads(process.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]

    def wait(self, job: int, until: Any, seconds: float = 40) -> dict[str, Any]:
        deadline = time.monotonic() + seconds
        while True:
            state = self.drive(STATE, JOB=job)
            if until(state) or time.monotonic() > deadline:
                return state
            time.sleep(0.3)

    def close(self) -> None:
        for worker in self.workers:
            if worker.poll() is None:
                worker.kill()
                worker.wait(10)
        for log in self.logs:
            log.close()
        self.redis.stop()


@pytest.fixture
def world(tmp_path: Path) -> Iterator[World]:
    if not have_redis_server():
        pytest.skip("WORKER TESTS SKIPPED: no redis-server (apt-get install redis-server; "
                    "`make test` installs it); the real Redis and Celery worker did NOT run.")
    world = World(tmp_path)
    world.start_redis()
    try:
        yield world
    finally:
        world.close()


def test_an_export_runs_on_a_real_worker(world: World) -> None:
    event = world.drive(SETUP)["event"]
    world.start_worker()
    job = world.drive(ASK, KIND="standings_pdf", EVENT=event)["job"]
    state = world.wait(job, lambda s: s["status"] in ("done", "failed"))
    assert state["status"] == "done", state
    assert state["head"] == "%PDF-" and state["sent"] and state["attempts"] == 1
    assert state["done"] == state["total"] > 0


def test_a_worker_killed_mid_export_is_replaced_and_the_export_runs_again(
        world: World) -> None:
    event = world.drive(SETUP)["event"]
    slow = world.start_worker(step_delay=3.0)
    job = world.drive(ASK, KIND="standings_pdf", EVENT=event)["job"]
    running = world.wait(job, lambda s: s["status"] == "running")
    assert running["status"] == "running"
    slow.send_signal(signal.SIGKILL)
    slow.wait(10)
    # Dead: its heartbeat stops. Past EXPORTS_STALE_SECONDS the upkeep (beat's
    # task, sent through Redis to a new worker) runs the export again.
    time.sleep(6)
    world.start_worker()
    world.drive(MAINTAIN)
    state = world.wait(job, lambda s: s["status"] in ("done", "failed"))
    assert state["status"] == "done" and state["attempts"] == 2, state
    assert state["head"] == "%PDF-"


def test_with_redis_stopped_the_export_waits_and_runs_when_redis_is_back(
        world: World) -> None:
    event = world.drive(SETUP)["event"]
    world.stop_redis()
    job = world.drive(ASK, KIND="standings_pdf", EVENT=event)["job"]
    state = world.drive(STATE, JOB=job)
    assert state["status"] == "queued" and not state["sent"]
    assert "not available right now" in state["error"]
    world.start_redis()
    world.start_worker()
    time.sleep(5)  # the upkeep sends jobs left unsent for more than 5 s
    world.drive(MAINTAIN)
    state = world.wait(job, lambda s: s["status"] in ("done", "failed"))
    assert state["status"] == "done" and state["sent"], state
