"""The rankings' Celery task (eager without a broker; see
rankings.services.request_recompute for how it is started)."""

from __future__ import annotations

from celery import shared_task

from rankings import services


@shared_task(name="rankings.recompute", ignore_result=True)
def recompute(ruleset: str | None = None) -> None:
    """Recompute the rule set's national ranking (every rule set for None:
    the nightly run, as results age by the day)."""
    services.run_requested(ruleset)
