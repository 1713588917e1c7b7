"""Background work of the statistics (Celery; see stats/background.py)."""

from __future__ import annotations

from celery import shared_task

from stats import services


@shared_task(name="stats.recompute_event", ignore_result=True)
def recompute_event(event_id: int) -> None:
    """An event's players, the event and its club, after a change."""
    services.recompute_event(event_id)


@shared_task(name="stats.recompute_all", ignore_result=True)
def recompute_all() -> int:
    """Every statistic, from scratch (`manage.py recompute_stats`)."""
    return services.recompute_all()
