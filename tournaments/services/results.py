"""The one announcement that an event's results changed, for the apps that
compute something from them (rankings, statistics): tournaments knows
nothing of them; they connect to `results_changed` and decide whether the
change concerns them.

`announce(event_id, changes)` sends it inside the transaction that makes
the change (tournaments/signals.py works out what changed from the rows
saved and deleted, once for every listener); a listener that recomputes
asks for its task after the commit (common/background.py), so a rolled-back
change asks nothing and many changes ask once.

`changes` names what changed:

* the names of the event's fields whose value changed, `before` holding
  their values as stored before (`CREATED` for a new event, `DELETED` for
  one deleted, when `event` is the instance as it was);
* `ROUND`: a round saved or deleted, with `CLOSED_ROUND` too when the round
  saved is closed (its results count);
* `REGISTRATION`: a registration saved or deleted (not a check-in);
* `TABLE_RESULTS`: a table's results written or deleted (a round closing, a
  hand of a closed round corrected);
* `CLOSED_HANDS`: a hand of a closed round entered, corrected or deleted
  (not confirmed);
* `PLAYERS`: a player's NMB number changed (who is who);
* `PENALTIES`: a penalty recorded, corrected or removed
  (tournaments/services/penalties.py): the totals change, the table
  results do not.

Also here: the live standings recomputed in the background after a change
(`refresh_standings_after_commit`), so no reader of a large event waits.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.dispatch import Signal

from common import background

# Sent with event_id, changes (a frozenset of the names above), event (the
# instance when the announcer has it, else None) and before (the changed
# fields' values before, else empty).
results_changed = Signal()

CREATED = "created"
DELETED = "deleted"
ROUND = "round"
CLOSED_ROUND = "closed_round"
REGISTRATION = "registration"
TABLE_RESULTS = "table_results"
CLOSED_HANDS = "closed_hands"
PLAYERS = "players"
PENALTIES = "penalties"

# Every name above: whatever else is in `changes` is a field of the event.
PARTS = frozenset({CREATED, DELETED, ROUND, CLOSED_ROUND, REGISTRATION, TABLE_RESULTS,
                   CLOSED_HANDS, PLAYERS, PENALTIES})


def event_fields(changes: frozenset[str]) -> frozenset[str]:
    """The event's fields among the changes (those whose value changed)."""
    return changes - PARTS


# The Celery task that fills the standings cache (tournaments/tasks.py).
STANDINGS_TASK = "tournaments.refresh_standings"
# A refresh the broker lost blocks the next one no longer than this: the
# first reader computes the standings anyway.
STANDINGS_HOLD_SECONDS = 60


def announce(event_id: int, changes: Iterable[str], event: Any = None,
             before: Mapping[str, Any] | None = None) -> None:
    """The event's results changed in the current transaction."""
    changed = frozenset(changes)
    if changed:
        results_changed.send(sender=announce, event_id=event_id, changes=changed, event=event,
                             before=dict(before or {}))


def refresh_standings_after_commit(event_id: int) -> None:
    """Recompute the event's live standings into the cache once the change
    commits (at once without a broker)."""
    background.after_commit(STANDINGS_TASK, event_id, hold=STANDINGS_HOLD_SECONDS)
