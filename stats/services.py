"""Statistics of players, clubs and events: computing, storing and reading.

The pages read stored rows (stats/models.py), so a statistics page costs a
few indexed queries however many hands lie behind it. The rows are computed

* all at once by `recompute_all()` (the `recompute_stats` command; a few
  set-based queries, stats/compute.py);
* after a round closes, or hands of a closed round change, for that event:
  `recompute_event(event_id)` recomputes its players (over all their events),
  the event and its club, in the background (stats/background.py);
* on demand when a page finds no row yet (a new installation, a player
  whose statistics were never computed): `recompute_people`, `recompute_club`
  and `recompute_events` compute only what that page needs.

A club's statistics are its events' statistics added up (they are sums,
best-of lists and lists of limit hands), so recomputing one event
recomputes its club from the stored rows of its other events.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone

from clubs.models import Member
from stats import compute, keys
from stats.models import GroupScope, GroupStatistics, PlayerStatistics
from tournaments.models import Event, Registration, Round, RoundStatus
from tournaments.public import public_events, published

logger = logging.getLogger(__name__)


# --- Computing and storing -------------------------------------------------------------


def recompute_all() -> int:
    """Compute every player's, event's and club's statistics and replace the
    stored ones in one transaction. Returns the number of players."""
    data = compute.collect()
    players = compute.player_payloads(data)
    events = compute.event_payloads(data, set(data.events))
    compute.fill_tiles([*players.values(), *events.values()])
    clubs: dict[int, dict[int, dict[str, Any]]] = {}
    for event_id, payload in events.items():
        clubs.setdefault(data.events[event_id].club_id, {})[event_id] = payload
    now = timezone.now()
    with transaction.atomic():
        PlayerStatistics.objects.all().delete()
        GroupStatistics.objects.all().delete()
        _store_players(players, now)
        _store_groups(GroupScope.EVENT, events, now)
        _store_groups(GroupScope.CLUB, {club_id: compute.club_payload(club_events)
                                        for club_id, club_events in clubs.items()}, now)
    return len(players)


def recompute_people(people: Collection[str]) -> dict[str, dict[str, Any]]:
    """Compute and store the statistics of these people (person keys);
    returns the payloads (a person without results has none)."""
    people = set(people)
    data = compute.collect(member_ids=compute.members_of(people))
    payloads = compute.player_payloads(data, people)
    compute.fill_tiles(payloads.values())
    with transaction.atomic():
        _replace_players(people, payloads, timezone.now())
    return payloads


def recompute_player(key: str) -> dict[str, Any] | None:
    """One person's statistics (see recompute_people); None without results."""
    return recompute_people([key]).get(key)


def recompute_events(event_ids: Collection[int]) -> dict[int, dict[str, Any]]:
    """Compute and store these events' statistics (not their players' nor
    their clubs'); returns the payloads of those with closed rounds."""
    event_ids = set(event_ids)
    data = compute.collect(event_ids=event_ids)
    payloads = compute.event_payloads(data, event_ids)
    compute.fill_tiles(payloads.values())
    with transaction.atomic():
        _replace_groups(GroupScope.EVENT, event_ids, payloads, timezone.now())
    return payloads


def recompute_club(club_id: int) -> dict[str, Any]:
    """Compute and store a club's statistics, with those of its events that
    have none stored yet."""
    missing = _club_events(club_id) - set(GroupStatistics.objects.filter(
        scope=GroupScope.EVENT, object_id__in=_club_events(club_id)).values_list(
        "object_id", flat=True))
    if missing:
        recompute_events(missing)
    with transaction.atomic():
        return _store_club(club_id, timezone.now())


def recompute_event(event_id: int) -> None:
    """After a round of the event closed or hands of a closed round changed:
    its players (over all their events), the event and its club."""
    club_id = Event.objects.filter(pk=event_id).values_list("club_id", flat=True).first()
    if club_id is None:
        return
    if not (Round.objects.filter(event_id=event_id, status=RoundStatus.CLOSED).exists()
            or GroupStatistics.objects.filter(scope=GroupScope.EVENT, object_id=event_id).exists()):
        return  # nothing counted, nothing counted before: nothing changes
    numbers = Registration.objects.filter(event_id=event_id, member__isnull=False).values_list(
        "member_id", "member__nmb_number")
    people = {keys.person_key(pk, number) for pk, number in numbers}
    stored = set(GroupStatistics.objects.filter(scope=GroupScope.EVENT).values_list(
        "object_id", flat=True))
    event_ids = {event_id} | (_club_events(club_id) - stored)
    data = compute.collect(member_ids=compute.members_of(people), event_ids=event_ids)
    players = compute.player_payloads(data, people)
    events = compute.event_payloads(data, event_ids)
    compute.fill_tiles([*players.values(), *events.values()])
    now = timezone.now()
    with transaction.atomic():
        _replace_players(people, players, now)
        _replace_groups(GroupScope.EVENT, event_ids, events, now)
        _store_club(club_id, now)


def _club_events(club_id: int) -> set[int]:
    """The club's published events with a closed round."""
    return set(public_events().filter(club_id=club_id, rounds__status=RoundStatus.CLOSED)
               .values_list("pk", flat=True).distinct())


def _store_club(club_id: int, now: Any) -> dict[str, Any]:
    events = {pk: payload for pk, payload in GroupStatistics.objects.filter(
        scope=GroupScope.EVENT, object_id__in=_club_events(club_id)).values_list(
        "object_id", "payload")}
    payload = compute.club_payload(events)
    _store_groups(GroupScope.CLUB, {club_id: payload}, now)
    return payload


def _store_players(payloads: Mapping[str, dict[str, Any]], now: Any) -> None:
    PlayerStatistics.objects.bulk_create(
        [PlayerStatistics(key=key, payload=payload, computed_at=now)
         for key, payload in payloads.items()],
        update_conflicts=True, unique_fields=["key"], update_fields=["payload", "computed_at"])


def _replace_players(people: Collection[str], payloads: Mapping[str, dict[str, Any]],
                     now: Any) -> None:
    gone = set(people) - set(payloads)
    if gone:
        PlayerStatistics.objects.filter(key__in=gone).delete()
    _store_players(payloads, now)


def _store_groups(scope: str, payloads: Mapping[int, dict[str, Any]], now: Any) -> None:
    GroupStatistics.objects.bulk_create(
        [GroupStatistics(scope=scope, object_id=pk, payload=payload, computed_at=now)
         for pk, payload in payloads.items()],
        update_conflicts=True, unique_fields=["scope", "object_id"],
        update_fields=["payload", "computed_at"])


def _replace_groups(scope: str, object_ids: Collection[int],
                    payloads: Mapping[int, dict[str, Any]], now: Any) -> None:
    gone = set(object_ids) - set(payloads)
    if gone:
        GroupStatistics.objects.filter(scope=scope, object_id__in=gone).delete()
    _store_groups(scope, payloads, now)


# --- Reading ------------------------------------------------------------------------------


def memberships(key: str) -> list[Member]:
    """The members a person key stands for (with their clubs), oldest
    membership first; empty for an unknown key."""
    parsed = keys.parse(key)
    if parsed is None:
        return []
    kind, value = parsed
    found = Member.objects.select_related("club").order_by("pk")
    if kind == "nmb":
        return list(found.filter(nmb_number=value))
    return list(found.filter(pk=value))


def canonical_key(members: list[Member]) -> str:
    member = members[0]
    return keys.person_key(member.pk, member.nmb_number)


def player_statistics(key: str, members: Collection[Member]) -> dict[str, Any] | None:
    """The stored statistics of a person (their `members`), computed now when
    none are stored; None when they have no results."""
    row = PlayerStatistics.objects.filter(key=key).values_list("payload", flat=True).first()
    if row is not None:
        return row
    if not Registration.objects.filter(
            published("event__"), member__in=list(members),
            event__rounds__status=RoundStatus.CLOSED).exists():
        return None  # nothing to compute
    return recompute_people([key]).get(key)


def event_statistics(event_id: int) -> dict[str, Any] | None:
    """The stored statistics of an event, computed now when none are stored;
    None while no round is closed."""
    row = GroupStatistics.objects.filter(scope=GroupScope.EVENT, object_id=event_id).values_list(
        "payload", flat=True).first()
    if row is not None:
        return row
    if not Round.objects.filter(event_id=event_id, status=RoundStatus.CLOSED).exists():
        return None  # nothing to compute
    return recompute_events([event_id]).get(event_id)


def club_statistics(club_id: int) -> dict[str, Any]:
    row = GroupStatistics.objects.filter(scope=GroupScope.CLUB, object_id=club_id).values_list(
        "payload", flat=True).first()
    if row is not None:
        return row
    return recompute_club(club_id)


def names(registration_ids: Collection[int]) -> dict[int, tuple[str, str | None]]:
    """Registration id -> (name, person key or None for a guest), in one query."""
    found = Registration.objects.filter(pk__in=set(registration_ids)).values_list(
        "pk", "guest_name", "member_id", "member__first_name", "member__last_name",
        "member__nmb_number")
    return {pk: (f"{first} {last}" if member_id else guest,
                 keys.person_key(member_id, number) if member_id else None)
            for pk, guest, member_id, first, last, number in found}


def events(event_ids: Collection[int]) -> dict[int, Event]:
    """Published events by id, in one query (a draft is never shown)."""
    return public_events().in_bulk(list(set(event_ids)))
