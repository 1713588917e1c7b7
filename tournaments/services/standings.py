"""Standings of an event after any round, and the club evenings of a season
as the club competition (clubs/season.py) reads them.

Both are built from the TableResult rows of closed rounds, so a round's
results count once it is closed and never change afterwards.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Count, QuerySet, Sum

from clubs import season
from clubs.models import Club
from tournaments import ranking
from tournaments.models import (
    Event,
    EventKind,
    Registration,
    RoundStatus,
    TableResult,
)


@dataclass(frozen=True)
class _Totals:
    table_points: Decimal
    score: int
    rounds_played: int


def _totals(results: QuerySet[TableResult]) -> dict[int, dict[int, _Totals]]:
    """event id -> registration id -> totals over the given results."""
    totals: dict[int, dict[int, _Totals]] = defaultdict(dict)
    grouped = results.values("table__round__event_id", "registration_id").annotate(
        points=Sum("table_points"), score_total=Sum("score"), rounds=Count("pk"),
    )
    for row in grouped:
        totals[row["table__round__event_id"]][row["registration_id"]] = _Totals(
            table_points=row["points"] or Decimal(0),
            score=row["score_total"] or 0,
            rounds_played=row["rounds"],
        )
    return totals


def _closed_results() -> QuerySet[TableResult]:
    return TableResult.objects.filter(table__round__status=RoundStatus.CLOSED)


def _registrations(ids: Iterable[int]) -> dict[int, Registration]:
    return Registration.objects.select_related("member").in_bulk(list(ids))


def event_standings(
    event: Event, *, after_round: int | None = None
) -> list[ranking.StandingRow]:
    """The standings after `after_round` (default: every closed round), keyed
    by registration id, in the event's ranking order. Substitutes are listed
    but never ranked; guests are ranked only if the event says so."""
    results = _closed_results().filter(table__round__event=event)
    if after_round is not None:
        results = results.filter(table__round__number__lte=after_round)
    totals = _totals(results).get(event.pk, {})
    registrations = _registrations(totals)
    rows = [
        ranking.StandingRow(
            key=registration_id,
            name=registrations[registration_id].name,
            table_points=total.table_points,
            score=total.score,
            rounds_played=total.rounds_played,
            ranked=_ranked(event, registrations[registration_id]),
        )
        for registration_id, total in totals.items()
    ]
    return ranking.standings(rows, order=event.ranking_order)


def _ranked(event: Event, registration: Registration) -> bool:
    if registration.is_substitute:
        return False
    return not registration.is_guest or event.guests_ranked


@dataclass(frozen=True)
class SeasonEvening:
    """One club evening for the club competition, keyed by member id."""

    event: Event
    evening: season.Evening
    winner: int | str | None  # the club member placed first alone, if any
    names: dict[int | str, str] = field(default_factory=dict)


def club_evenings(club: Club, year: int) -> list[SeasonEvening]:
    """The club's evenings of `year` that have results (a closed round), in
    date order. Each counts everyone who played for `players`; the results
    are the club's own members' (not guests, not substitutes)."""
    first, last = season.season_bounds(year)
    events = list(
        Event.objects.filter(
            club=club, kind=EventKind.EVENING, start_date__range=(first, last),
            rounds__status=RoundStatus.CLOSED,
        ).distinct().order_by("start_date", "pk")
    )
    totals = _totals(_closed_results().filter(table__round__event__in=events))
    registrations = _registrations(
        registration_id for per_event in totals.values() for registration_id in per_event
    )
    evenings = []
    for event in events:
        per_event = totals.get(event.pk, {})
        members = {
            registrations[registration_id].member: total
            for registration_id, total in per_event.items()
            if registrations[registration_id].member is not None
            and registrations[registration_id].member.club_id == club.pk  # type: ignore[union-attr]
            and not registrations[registration_id].is_substitute
        }
        results: dict[int | str, season.MemberResult] = {
            member.pk: season.MemberResult(table_points=total.table_points, score=total.score)
            for member, total in members.items() if member is not None
        }
        names: dict[int | str, str] = {
            member.pk: member.full_name for member in members if member is not None}
        rows = ranking.standings(
            (ranking.StandingRow(key=key, name=names[key], table_points=result.table_points,
                                 score=result.score) for key, result in results.items()),
            order=event.ranking_order,
        )
        evenings.append(SeasonEvening(
            event=event,
            evening=season.Evening(date=event.start_date, players=len(per_event),
                                   results=results),
            winner=season.evening_winner(rows),
            names=names,
        ))
    return evenings
