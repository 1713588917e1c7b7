"""The exports' Celery tasks: thin wrappers around exports.services (which
sends them by name, common/background.py, and never imports this module).

`run_export` is acknowledged when it starts (Celery's default): a worker
killed mid-export does not get the message back from Redis; instead the
job's heartbeat stops and `maintain_exports` (beat, every minute) runs it
again or reports it failed. That works the same whatever the broker's
redelivery timeout, and never runs a job twice at once.
"""

from __future__ import annotations

from typing import Any

from celery import shared_task

from exports import services


@shared_task(name=services.RUN_EXPORT, ignore_result=True)
def run_export(job_id: int) -> None:
    services.run_job(job_id)


@shared_task(name="exports.maintain_exports", ignore_result=True)
def maintain_exports() -> dict[str, Any]:
    result = services.maintain()
    return {"restarted": result.restarted, "failed": result.failed, "resent": result.resent,
            "deleted": result.deleted}
