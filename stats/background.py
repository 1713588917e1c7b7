"""Recomputing an event's statistics in the background, once its change
is committed: the `stats.recompute_event` Celery task through the one
background mechanism (common/background.py). Changes in a row wait for one
recomputation (and without a broker it runs at once, after the commit).

Errors are logged, never raised: statistics that are not refreshed leave the
old ones in place (and the next change tries again).
"""

from __future__ import annotations

from common import background

# The Celery task (stats/tasks.py), asked for by name.
TASK = "stats.recompute_event"


def event_changed(event_id: int) -> None:
    """Recompute the event's statistics once the current transaction commits."""
    background.after_commit(TASK, event_id)


def send(event_id: int) -> bool:
    """Recompute the event's statistics now (unless a recomputation is waiting)."""
    return background.request(TASK, event_id)
