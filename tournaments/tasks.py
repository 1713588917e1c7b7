"""Background work of the tournaments app (Celery; eager without a broker),
asked for by name through common/background.py
(tournaments.services.results.refresh_standings_after_commit)."""

from __future__ import annotations

from celery import shared_task

from common import background
from tournaments.models import Event
from tournaments.services import results, standings_page


@shared_task(name=results.STANDINGS_TASK, ignore_result=True)
def refresh_standings(event_id: int) -> None:
    """Compute the live standings of the event into the cache after a change,
    so that no reader of a large event waits for it."""
    with background.running(results.STANDINGS_TASK, event_id,
                            hold=results.STANDINGS_HOLD_SECONDS):
        event = Event.objects.filter(pk=event_id).first()
        if event is not None:
            standings_page.cached(event)
