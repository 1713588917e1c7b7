"""The rankings' Celery task (eager without a broker). The services ask for
it by name (rankings.services.request_recompute, common/background.py)."""

from __future__ import annotations

from celery import shared_task

from rankings import services


@shared_task(name=services.TASK, ignore_result=True)
def recompute(ruleset: str | None = None) -> None:
    """Recompute the rule set's national ranking (every rule set for None:
    the nightly run, as results age by the day)."""
    services.run_requested(ruleset)
