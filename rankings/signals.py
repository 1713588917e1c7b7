"""Ask for a recomputation of the national ranking when results it counts
change; tournaments/ knows nothing of rankings: it announces which event
changed and what (tournaments.services.results), and this decides.

What changes a ranking:

* an event becomes or stops being a finished tournament (finished,
  reopened, its kind changed), or a finished tournament's date, days, rule
  set, ranking order or guest rule changes;
* a round, a registration (not a check-in) or the table results of a
  finished tournament change (a hand of a closed round corrected rewrites
  them); hands entered while a round is played change none of these, so
  score entry pays nothing;
* a member's NMB number changes (who is who).

Each asks once the transaction commits (rankings.services.schedule); the
recomputation then runs in the background, once for many changes.
"""

from __future__ import annotations

from typing import Any

from rankings import services
from tournaments.models import Event, EventKind, EventStatus
from tournaments.services import results

# What a finished tournament's results in the ranking depend on.
_EVENT_FIELDS = frozenset({"kind", "status", "ruleset", "start_date", "days",
                           "guests_ranked", "ranking_order",
                           # MERS: the weight's qualification part and the EMA's overrides.
                           "qualifier", "mers_weight", "mers_age_from"})
_PARTS = frozenset({results.ROUND, results.REGISTRATION, results.TABLE_RESULTS,
                    results.PLAYERS, results.PENALTIES})


def _results_changed(sender: Any, event_id: int, changes: frozenset[str],
                     event: Event | None = None, before: dict[str, Any] | None = None,
                     **kwargs: Any) -> None:
    if changes & {results.CREATED, results.DELETED} or changes & _EVENT_FIELDS:
        assert event is not None  # announced with the event saved or deleted
        affected = set()
        if changes & _EVENT_FIELDS:
            was = {name: getattr(event, name) for name in ("kind", "status", "ruleset")}
            was.update((name, value) for name, value in (before or {}).items() if name in was)
            if services.counts_for_ranking(was["kind"], was["status"]):
                affected.add(was["ruleset"])
        if services.counts_for_ranking(event.kind, event.status):
            affected.add(event.ruleset)
        services.schedule(affected)
    elif changes & _PARTS:
        ruleset = _ruleset_if_finished(event_id, event)
        if ruleset is not None:
            services.schedule([ruleset])


def _ruleset_if_finished(event_id: int, event: Event | None) -> str | None:
    """The event's rule set if it is a finished tournament."""
    if event is not None:
        return event.ruleset if services.counts_for_ranking(event.kind, event.status) else None
    found: str | None = Event.objects.filter(
        pk=event_id, kind=EventKind.TOURNAMENT, status=EventStatus.FINISHED,
    ).values_list("ruleset", flat=True).first()
    return found


def connect() -> None:
    results.results_changed.connect(_results_changed, dispatch_uid="rankings-results-changed")
