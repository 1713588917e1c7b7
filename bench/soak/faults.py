"""The four fault runs, each under the soak's load with one part of the stack broken:
gunicorn workers killed mid-submission, Redis stopped, the Celery worker killed during an
export, PostgreSQL restarted. Each is given the Runner (runs.py) whose stack, data and
ledger it uses."""

from __future__ import annotations

import os
import signal
import threading
import time
from typing import TYPE_CHECKING, Any

from bench.soak.load import Load, export

if TYPE_CHECKING:
    from bench.soak.runs import Runner


def kill_web(runner: Runner, name: str, since: dict[str, int]) -> dict[str, Any]:
    """Fault 1: a gunicorn worker killed (SIGKILL) while hand POSTs are in flight, every
    12 s from the 10th second; gunicorn starts a new one each time."""
    load = Load(runner.args, runner.stack.port, runner.world, runner.ledger, name)
    timeline: list[tuple[float, str]] = [(0.0, "load started")]
    load.start()
    kills: list[dict[str, Any]] = []
    at = 10.0
    while at < runner.args.fault_seconds - 10:
        runner.wait_until(load, at)
        deadline = time.monotonic() + 5
        while load.inflight == 0 and time.monotonic() < deadline:
            time.sleep(0.002)
        workers = runner.stack.gunicorn_workers()
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
            now = runner.stack.gunicorn_workers()
            if len(now) >= 2 and victim not in now:
                timeline.append((load.rec.now(), f"gunicorn has 2 workers again after "
                                                 f"{time.monotonic() - respawn:.1f} s"))
                break
            time.sleep(0.05)
        at += 12.0
    runner.wait_until(load, runner.args.fault_seconds)
    return runner.finish(name, load, since, timeline, {"kills": kills})


def stop_redis(runner: Runner, name: str, since: dict[str, int]) -> dict[str, Any]:
    """Fault 2: Redis stopped for --redis-down seconds (the organiser asks for an export
    meanwhile), then started again with the same data."""
    load = Load(runner.args, runner.stack.port, runner.world, runner.ledger, name)
    timeline: list[tuple[float, str]] = [(0.0, "load started")]
    load.start()
    runner.wait_until(load, 10)
    runner.stack.stop_redis()
    down_at = load.rec.now()
    timeline.append((down_at, "Redis stopped (SIGTERM: saves its data and exits)"))
    exports: list[dict[str, Any]] = []
    asker = threading.Thread(target=lambda: exports.append(export(
        runner.stack.port, runner.world, "standings_pdf", load.rec,
        give_up=runner.args.redis_down + 200)), daemon=True)
    runner.wait_until(load, down_at + 5)
    timeline.append((load.rec.now(), "the organiser asks for the PDF standings"))
    asker.start()
    runner.wait_until(load, down_at + runner.args.redis_down)
    runner.stack.start_redis()
    up_at = load.rec.now()
    timeline.append((up_at, "Redis started again (same data)"))
    runner.wait_until(load, max(runner.args.fault_seconds, up_at + 30))
    asker.join(timeout=runner.args.redis_down + 200)
    if exports and exports[0].get("status") == "done":
        done_at = exports[0]["asked_at_s"] + exports[0]["seconds"]
        timeline.append((done_at, f"the export is ready, {done_at - up_at:.0f} s after "
                                  f"Redis came back"))
    alive_after = {"celery worker": runner.stack.worker is not None
                   and runner.stack.worker.poll() is None,
                   "celery beat": runner.stack.beat is not None
                   and runner.stack.beat.poll() is None}
    return runner.finish(name, load, since, timeline,
                        {"exports": exports, "down_s": round(up_at - down_at, 1),
                         "still_running_after": alive_after})


def kill_celery(runner: Runner, name: str, since: dict[str, int]) -> dict[str, Any]:
    """Fault 3: the Celery worker killed (its process group, SIGKILL) while an export
    runs, and a new one started 5 s later."""
    from django.db import close_old_connections
    from django.utils import timezone

    from exports.models import ExportJob, JobStatus

    load = Load(runner.args, runner.stack.port, runner.world, runner.ledger, name)
    timeline: list[tuple[float, str]] = [(0.0, "load started")]
    load.start()
    runner.wait_until(load, 10)
    exports: list[dict[str, Any]] = []
    give_up = runner.args.export_stale + 180
    asker = threading.Thread(target=lambda: exports.append(export(
        runner.stack.port, runner.world, "hand_log_xlsx", load.rec, give_up=give_up)),
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
        runner.stack.kill_worker()
        killed_at = load.rec.now()
        job.refresh_from_db()
        timeline.append((killed_at, f"SIGKILL the Celery worker (its process group); the "
                                    f"job: {job.status}, {job.done} of {job.total}"))
        time.sleep(5)
        runner.stack.start_worker()
        timeline.append((load.rec.now(), "a new Celery worker is ready"))
    else:
        timeline.append((load.rec.now(), "the export did not start in 90 s: no kill"))
    asker.join(timeout=give_up + 30)
    if exports and exports[0].get("status") == "done" and killed_at is not None:
        done_at = exports[0]["asked_at_s"] + exports[0]["seconds"]
        timeline.append((done_at, f"the export is ready, {done_at - killed_at:.0f} s after "
                                  f"the kill (attempts: {exports[0]['job'].get('attempts')})"))
    runner.wait_until(load, runner.args.fault_seconds)
    return runner.finish(name, load, since, timeline, {"exports": exports})


def restart_postgres(runner: Runner, name: str, since: dict[str, int]) -> dict[str, Any]:
    """Fault 4: PostgreSQL stopped (fast) and started again after --pg-down seconds."""
    load = Load(runner.args, runner.stack.port, runner.world, runner.ledger, name)
    timeline: list[tuple[float, str]] = [(0.0, "load started")]
    load.start()
    runner.wait_until(load, 15)
    runner.stack.pg_stop("fast")
    down_at = load.rec.now()
    timeline.append((down_at, "PostgreSQL stopped (pg_ctl stop -m fast)"))
    runner.wait_until(load, down_at + runner.args.pg_down)
    runner.stack.pg_start()
    timeline.append((load.rec.now(), "PostgreSQL started again (pg_ctl start -w)"))
    runner.wait_until(load, runner.args.fault_seconds)
    return runner.finish(name, load, since, timeline, {})
