"""Background work of the tournaments app (Celery; eager without a broker)."""

from __future__ import annotations

from celery import shared_task

from tournaments.models import Event
from tournaments.services import standings_page


@shared_task(name="tournaments.refresh_standings", ignore_result=True)
def refresh_standings(event_id: int) -> None:
    """Compute the live standings of the event into the cache after a change,
    so that no reader of a large event waits for it."""
    event = Event.objects.filter(pk=event_id).first()
    if event is not None:
        standings_page.cached(event)
