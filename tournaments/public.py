"""Which events' results are public: one definition for every public aggregate.

A draft event is its organisers' alone (tournaments/access.py `events_for_viewer`):
its results never count in a club's season or all-time ranking, in the
statistics, the rankings, or any export built from those. Every query that
adds up results for everyone to see starts here, so no aggregate can forget
the rule; a page of one event decides for itself who sees it
(tournaments/access.py).
"""

from __future__ import annotations

from django.db.models import Q, QuerySet

from tournaments.models import Event, EventStatus


def published(path: str = "") -> Q:
    """The condition "the event is not a draft", for a query on a model that
    reaches the event by `path` (e.g. "event__" from a Registration,
    "table__round__event__" from a TableResult; "" on Event itself)."""
    return ~Q(**{f"{path}status": EventStatus.DRAFT})


def public_events() -> QuerySet[Event]:
    """The events whose results count in public aggregates."""
    return Event.objects.filter(published())


def is_public(event: Event) -> bool:
    return bool(event.status != EventStatus.DRAFT)
