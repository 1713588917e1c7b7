"""When statistics go stale: a round closes, or hands of a closed round
change (a correction, a deletion, corrected seats), or an event changes
(its kind, its status: a draft is never counted). tournaments/ announces
which event changed and what (tournaments.services.results); each is
recomputed in the background after the change commits (stats/background.py).
"""

from __future__ import annotations

from typing import Any

from stats import background
from tournaments.models import Event, EventStatus
from tournaments.services import results


def _results_changed(sender: Any, event_id: int, changes: frozenset[str],
                     event: Event | None = None, **kwargs: Any) -> None:
    if changes & {results.CLOSED_ROUND, results.CLOSED_HANDS}:
        background.event_changed(event_id)
        return
    fields = results.event_fields(changes)
    if not fields or results.CREATED in changes:
        return
    if fields == {"status"} and event is not None and event.status == EventStatus.RUNNING:
        return  # a round starts: nothing counted changes until it closes
    background.event_changed(event_id)


def connect() -> None:
    results.results_changed.connect(_results_changed, dispatch_uid="stats-results-changed")
