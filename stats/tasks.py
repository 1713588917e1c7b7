"""Background work of the statistics (Celery; asked for through
stats/background.py)."""

from __future__ import annotations

from celery import shared_task

from common import background as common_background
from stats import background, services


@shared_task(name=background.TASK, ignore_result=True)
def recompute_event(event_id: int) -> None:
    """An event's players, the event and its club, after a change."""
    with common_background.running(background.TASK, event_id):
        services.recompute_event(event_id)


@shared_task(name="stats.recompute_all", ignore_result=True)
def recompute_all() -> int:
    """Every statistic, from scratch (`manage.py recompute_stats`)."""
    return services.recompute_all()
