"""Computing statistics from the database in a few set-based queries.

What counts: the hands and table results of *closed* rounds of events that
are not drafts (a round's results count once it is closed, as in the
standings). Guests count in an event's and a club's figures, but have no
player statistics (a player is a club member).

`collect` reads, for a set of players (member ids) and/or events, or for
everything:

1. the events (one row each);
2. the registrations of the events those players played and of the events
   asked for (for the standings after every round, every player of those
   events is needed);
3. every table result of those events (places at the table, the standings
   after every round, results over time);
4. per registration, one grouped query over the hand scores: hands played,
   mahjongs, hands somebody won, deal-ins;
5. the winning hands, with the winner's value and limit hand from the
   engine's result, extracted by the database (KT: no JSON parsed per row);
   then, in one more query, the tiles of the hands that are shown (the best
   hands and the limit hands: `fill_tiles`);
6. per event, the number of hands, won hands and hands won on a discard.

No query is made per player, per event or per hand.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db.models import Count, F, Q
from django.db.models.fields.json import KT

from clubs.models import Member
from scoring.engine import SEAT_WINDS
from stats import keys, tally
from tournaments import placing
from tournaments.models import (
    EventKind,
    Hand,
    HandScore,
    Registration,
    RoundStatus,
    TableResult,
)
from tournaments.public import public_events, published

CHUNK = 2000
KINDS = (EventKind.TOURNAMENT.value, EventKind.EVENING.value)


@dataclass(frozen=True)
class EventRow:
    id: int
    club_id: int
    kind: str
    ruleset: str
    date: str  # ISO
    day: int  # the date's ordinal
    order: str
    guests_ranked: bool


@dataclass(frozen=True)
class RegRow:
    id: int
    event_id: int
    member_id: int | None
    substitute: bool


@dataclass
class Collected:
    events: dict[int, EventRow]
    registrations: dict[int, RegRow]
    # Member id -> person key, for every member among the registrations.
    person: dict[int, str]
    tallies: dict[int, tally.Tally] = field(default_factory=dict)  # per registration
    results: dict[int, dict[str, Any]] = field(default_factory=dict)  # per registration
    event_best: dict[int, list[tally.HandRef]] = field(default_factory=dict)
    event_hands: dict[int, dict[str, int]] = field(default_factory=dict)


def collect(member_ids: Collection[int] | None = None,
            event_ids: Collection[int] | None = None) -> Collected:
    """Everything the statistics of these players (every member id of each
    person) and these events need; both None: everything."""
    everything = member_ids is None and event_ids is None
    members = set(member_ids or ())
    asked_events = set(event_ids or ())

    events = {
        pk: EventRow(pk, club_id, kind, ruleset, start_date.isoformat(), start_date.toordinal(),
                     order, guests_ranked)
        for pk, club_id, kind, ruleset, start_date, order, guests_ranked in
        public_events().values_list(
            "pk", "club_id", "kind", "ruleset", "start_date", "ranking_order", "guests_ranked")
    }

    def interest(prefix: str) -> Q:
        """Registrations (reached by `prefix`) of the players and events asked."""
        if everything:
            return published(f"{prefix}event__")
        return ((Q(**{f"{prefix}member_id__in": members}) if members else Q(pk__in=[]))
                | Q(**{f"{prefix}event_id__in": asked_events}))

    # 2. Registrations of every event of interest.
    if everything:
        played_events = set(events)
        found = Registration.objects.filter(published("event__"))
        member_rows = Member.objects.all()
    else:
        played_events = set(Registration.objects.filter(interest("")).values_list(
            "event_id", flat=True).distinct()) & set(events)
        found = Registration.objects.filter(event_id__in=played_events)
        member_rows = Member.objects.filter(pk__in=found.filter(member__isnull=False).values(
            "member_id"))
    registrations = {
        pk: RegRow(pk, event_id, member_id, substitute_for_id is not None)
        for pk, event_id, member_id, substitute_for_id in found.values_list(
            "pk", "event_id", "member_id", "substitute_for_id")
    }
    person = {pk: keys.person_key(pk, number)
              for pk, number in member_rows.values_list("pk", "nmb_number")}
    data = Collected(events=events, registrations=registrations, person=person)

    wanted = {pk for pk, row in registrations.items()
              if everything or row.event_id in asked_events or row.member_id in members}
    data.tallies = {pk: tally.empty() for pk in wanted}
    _table_results(data, played_events, wanted, everything)
    _hand_counts(data, interest("registration__"))
    _winning_hands(data, interest("winner__"), asked_events if not everything else set(events))
    _event_hands(data, asked_events if not everything else None)
    return data


# --- 3. Table results: places, standings after every round, results over time ----------


def _table_results(data: Collected, played_events: set[int], wanted: set[int],
                   everything: bool) -> None:
    rows = TableResult.objects.filter(table__round__status=RoundStatus.CLOSED)
    rows = (rows.filter(published("table__round__event__")) if everything
            else rows.filter(table__round__event_id__in=played_events))
    per_event: dict[int, dict[int, dict[int, tuple[Decimal, int]]]] = defaultdict(
        lambda: defaultdict(dict))  # event -> round number -> registration -> (points, score)
    for registration_id, event_id, number, score, points, rank in rows.values_list(
            "registration_id", "table__round__event_id", "table__round__number", "score",
            "table_points", "rank").iterator(chunk_size=CHUNK):
        per_event[event_id][number][registration_id] = (points, score)
        if registration_id in wanted:
            counts = data.tallies[registration_id]
            counts["tables"] += 1
            counts["ranks"][str(rank)] = counts["ranks"].get(str(rank), 0) + 1
    for event_id, rounds in per_event.items():
        event = data.events.get(event_id)
        if event is not None:
            _standings(data, event, rounds, wanted)


def _standings(data: Collected, event: EventRow,
               rounds: Mapping[int, Mapping[int, tuple[Decimal, int]]],
               wanted: set[int]) -> None:
    """Each wanted player's position after every closed round and at the
    end, as the event's standings give them (tournaments.placing)."""
    totals: dict[int, list[Any]] = {}  # registration -> [points, score, rounds]
    for number in sorted(rounds):
        for registration_id, (points, score) in rounds[number].items():
            entry = totals.setdefault(registration_id, [Decimal(0), 0, 0])
            entry[0] += points
            entry[1] += score
            entry[2] += 1
        rows = [
            placing.StandingRow(key=pk, name="", table_points=points, score=score,
                                rounds_played=played, ranked=_ranked(data, event, pk))
            for pk, (points, score, played) in totals.items()
        ]
        standing = placing.standings(rows, order=event.order)
        field_size = sum(1 for row in standing if row.ranked)
        for row in standing:
            key = int(row.key)
            if key not in wanted:
                continue
            result = data.results.setdefault(key, {
                "event": event.id, "reg": key, "rounds": [],
                "substitute": data.registrations[key].substitute
                if key in data.registrations else False})
            result["rounds"].append([number, row.position, field_size])
            result.update(position=row.position, of=field_size, score=row.score,
                          table_points=format(row.table_points.normalize(), "f"),
                          played=row.rounds_played)


def _ranked(data: Collected, event: EventRow, registration_id: int) -> bool:
    row = data.registrations.get(registration_id)
    if row is None or row.substitute:
        return False
    return row.member_id is not None or event.guests_ranked


# --- 4. Hands played, mahjongs, deal-ins --------------------------------------------------


def _hand_counts(data: Collected, interest: Q) -> None:
    grouped = (HandScore.objects.filter(interest, hand__table__round__status=RoundStatus.CLOSED)
               .values("registration_id")
               .annotate(played=Count("pk"),
                         won_hands=Count("pk", filter=Q(hand__winner__isnull=False)),
                         won=Count("pk", filter=Q(hand__winner_id=F("registration_id"))),
                         dealt_in=Count("pk", filter=Q(hand__discarder_id=F("registration_id"))))
               .order_by())
    for row in grouped:
        counts = data.tallies.get(row["registration_id"])
        registration = data.registrations.get(row["registration_id"])
        if counts is None or registration is None:
            continue
        counts["hands"] += row["played"]
        counts["won"] += row["won"]
        counts["won_hands"] += row["won_hands"]
        counts["dealt_in"] += row["dealt_in"]
        ruleset = counts["rulesets"].setdefault(
            data.events[registration.event_id].ruleset, tally.empty_ruleset())
        ruleset["hands"] += row["played"]
        ruleset["won"] += row["won"]


# --- 5. Winning hands: values, limit hands, the best hands -------------------------------


# A winning hand's value is the engine's value of the winner's hand in the
# rule set's unit: the breakdown's `value` for a hand by tiles, the value given
# for a hand by values (scoring/engine/game.py). For NTS and Philos that is
# the winner's points (HandScore.value); for Hong Kong the winner's fan
# (scoring.ruleset_display.winner_fan), never the amount paid.
# A hand entered by tiles whose tiles are still to be read (fill_tiles).
PENDING = True


def winner_tiles(game: Mapping[str, Any]) -> dict[str, Any] | None:
    """The winner's tiles as entered (concealed, melds, bonus); None for a
    hand entered by values."""
    hand = (game.get("players") or {}).get(game.get("winner"))
    if not isinstance(hand, Mapping) or "concealed" not in hand:
        return None
    tiles: dict[str, Any] = {"concealed": str(hand.get("concealed") or ""),
                             "melds": [{"kind": str(meld.get("kind", "")),
                                        "tiles": str(meld.get("tiles", "")),
                                        "open": meld.get("open", True) is not False}
                                       for meld in hand.get("melds") or []
                                       if isinstance(meld, Mapping)]}
    if hand.get("bonus"):
        tiles["bonus"] = str(hand["bonus"])
    return tiles


def _winning_hands(data: Collected, interest: Q, group_events: set[int]) -> None:
    """Each winning hand's value and limit name, read by the database from
    the engine's result (no JSON is parsed here); the best hands and limit
    hands get their tiles afterwards (`fill_tiles`), in one more query."""
    columns: dict[str, Any] = {"winner_wind": KT("game__winner")}
    for wind in SEAT_WINDS:
        columns[f"value_{wind}"] = KT(f"result__hands__{wind}__value")  # by tiles
        columns[f"limit_{wind}"] = KT(f"result__hands__{wind}__limit")
        columns[f"given_{wind}"] = KT(f"game__players__{wind}__score")  # by values
    hands = Hand.objects.filter(interest, winner__isnull=False,
                                table__round__status=RoundStatus.CLOSED).annotate(
        **columns).values_list("pk", "winner_id", "number", "table__number",
                               "table__round__number", *columns)
    best_of_player: dict[int, tuple[int, bool, int, int]] = {}  # registration -> order
    best_of_event: dict[int, list[tuple[tuple[int, bool, int, int], tally.HandRef]]] = (
        defaultdict(list))
    for pk, winner_id, number, table, round_number, wind, *per_wind in hands.iterator(
            chunk_size=CHUNK):
        registration = data.registrations.get(winner_id)
        counts = data.tallies.get(winner_id)
        if registration is None or counts is None or wind not in SEAT_WINDS:
            continue
        offset = 3 * SEAT_WINDS.index(wind)
        scored, limit, given = (None if item in (None, "null") else item  # SQLite: "null"
                                for item in per_wind[offset:offset + 3])
        by_tiles = scored is not None
        value = _whole(scored if by_tiles else given)
        if value is None:
            continue
        event = data.events[registration.event_id]
        order = (value, by_tiles, -event.day, -pk)
        ref: tally.HandRef = {
            "hand": pk, "reg": winner_id,
            "key": data.person.get(registration.member_id) if registration.member_id else None,
            "event": event.id, "round": round_number, "table": table, "number": number,
            "ruleset": event.ruleset, "value": value, "limit": limit,
            "date": event.date, "tiles": PENDING if by_tiles else None}
        ruleset = counts["rulesets"].setdefault(event.ruleset, tally.empty_ruleset())
        ruleset["value_sum"] += value
        ruleset["value_count"] += 1
        if limit:
            counts["limits"].append(ref)
        if winner_id not in best_of_player or order > best_of_player[winner_id]:
            best_of_player[winner_id] = order
            ruleset["best"] = [ref]
        if event.id in group_events:
            best = best_of_event[event.id]
            if len(best) < tally.BEST_OF_GROUP or order > best[-1][0]:
                best.append((order, ref))
                best.sort(key=lambda pair: pair[0], reverse=True)
                del best[tally.BEST_OF_GROUP:]
    for counts in data.tallies.values():
        if counts["limits"]:
            counts["limits"] = tally.newest_first(counts["limits"])
    data.event_best = {event_id: [ref for _order, ref in best]
                       for event_id, best in best_of_event.items()}


def _whole(value: Any) -> int | None:
    try:
        return None if value is None else int(value)
    except (TypeError, ValueError):
        return None


def fill_tiles(payloads: Iterable[Mapping[str, Any]]) -> None:
    """Put the winner's tiles in every hand of the payloads entered by
    tiles (the scan only marked them PENDING): one query for all of them."""
    pending: dict[int, list[tally.HandRef]] = defaultdict(list)
    for payload in payloads:
        for counts in _tallies(payload):
            refs = [*counts["limits"], *(ref for ruleset in counts["rulesets"].values()
                                         for ref in ruleset["best"])]
            for ref in refs:
                if ref.get("tiles") is PENDING:
                    pending[ref["hand"]].append(ref)
    ids = list(pending)
    for start in range(0, len(ids), 500):
        for pk, game in Hand.objects.filter(pk__in=ids[start:start + 500]).values_list(
                "pk", "game"):
            tiles = winner_tiles(game)
            for ref in pending.pop(pk):
                ref["tiles"] = tiles
    for refs in pending.values():  # deleted meanwhile
        for ref in refs:
            ref["tiles"] = None


def _tallies(payload: Mapping[str, Any]) -> Iterator[tally.Tally]:
    if "tally" in payload:  # an event
        yield payload["tally"]
    for scope in (payload.get("scopes") or {}).values():  # a player, a club
        yield scope["tally"] if "tally" in scope else scope


# --- 6. Hands per event ----------------------------------------------------------------


def _event_hands(data: Collected, event_ids: set[int] | None) -> None:
    hands = Hand.objects.filter(table__round__status=RoundStatus.CLOSED)
    hands = (hands.filter(published("table__round__event__")) if event_ids is None
             else hands.filter(table__round__event_id__in=event_ids))
    for row in hands.values("table__round__event_id").annotate(
            hands=Count("pk"), won=Count("pk", filter=Q(winner__isnull=False)),
            discarded=Count("pk", filter=Q(winner__isnull=False, discarder__isnull=False)),
    ).order_by():
        data.event_hands[row["table__round__event_id"]] = {
            "hands": row["hands"], "won": row["won"], "discarded": row["discarded"]}


# --- Payloads ----------------------------------------------------------------------------


def player_payloads(data: Collected, people: Collection[str] | None = None
                    ) -> dict[str, dict[str, Any]]:
    """Per person key: their statistics over every event, per kind of event,
    and their results per event (oldest first)."""
    registrations: dict[str, list[RegRow]] = defaultdict(list)
    for pk, row in data.registrations.items():
        if row.member_id is None or pk not in data.tallies:
            continue
        key = data.person.get(row.member_id)
        if key is not None and (people is None or key in people):
            registrations[key].append(row)
    payloads = {}
    for key, rows in registrations.items():
        by_kind = {kind: tally.empty() for kind in KINDS}
        for row in rows:
            tally.add(by_kind[data.events[row.event_id].kind], data.tallies[row.id],
                      best=tally.BEST_OF_PLAYER)
        scopes = {"all": tally.total(by_kind.values(), best=tally.BEST_OF_PLAYER), **by_kind}
        if not scopes["all"]["hands"] and not scopes["all"]["tables"]:
            continue
        results = sorted((data.results[row.id] | {"kind": data.events[row.event_id].kind}
                          for row in rows if row.id in data.results),
                         key=lambda result: (data.events[result["event"]].date, result["event"]))
        payloads[key] = {"scopes": scopes, "results": results,
                         "members": sorted({row.member_id for row in rows if row.member_id})}
    return payloads


def event_payloads(data: Collected, event_ids: Collection[int]) -> dict[int, dict[str, Any]]:
    """Per event (with closed rounds): its tally over every player-hand, the
    best hands, the hands counted once, and every player's counts (for
    "most mahjongs", and to add events up to a club)."""
    per_event: dict[int, list[int]] = defaultdict(list)
    for pk, row in data.registrations.items():
        if row.event_id in event_ids and pk in data.tallies:
            per_event[row.event_id].append(pk)
    payloads = {}
    for event_id in event_ids:
        hands = data.event_hands.get(event_id)
        if hands is None or event_id not in data.events:
            continue
        counts = tally.total((data.tallies[pk] for pk in per_event[event_id]),
                             best=tally.BEST_OF_GROUP)
        for name, ruleset in counts["rulesets"].items():
            ruleset["best"] = [ref for ref in data.event_best.get(event_id, [])
                               if ref["ruleset"] == name]
        players = [
            [pk, data.person.get(data.registrations[pk].member_id or 0),
             data.tallies[pk]["hands"], data.tallies[pk]["won"]]
            for pk in per_event[event_id] if data.tallies[pk]["hands"]
        ]
        payloads[event_id] = {"kind": data.events[event_id].kind, "tally": counts,
                              "counted": hands, "players": players}
    return payloads


def most_mahjongs(players: list[list[Any]]) -> list[list[Any]]:
    """[registration, key, hands, mahjongs] rows, most mahjongs first (then
    fewest hands: the better rate)."""
    return sorted((row for row in players if row[3]),
                  key=lambda row: (-row[3], row[2], str(row[1]), row[0]))[:tally.MOST_MAHJONGS]


def club_payload(events: Mapping[int, Mapping[str, Any]]) -> dict[str, Any]:
    """A club's statistics: its events' added up, per kind of event and in
    all. Its players are people (members by key); guests count in the
    figures but are not listed among the most mahjongs."""
    scopes: dict[str, Any] = {}
    for scope in ("all", *KINDS):
        chosen = [payload for payload in events.values()
                  if scope == "all" or payload["kind"] == scope]
        counts = tally.total((payload["tally"] for payload in chosen), best=tally.BEST_OF_GROUP)
        counted = {"hands": 0, "won": 0, "discarded": 0}
        people: dict[str, list[Any]] = {}
        for payload in chosen:
            for field_name in counted:
                counted[field_name] += payload["counted"][field_name]
            for registration, key, hands, won in payload["players"]:
                if key is None:
                    continue
                row = people.setdefault(key, [registration, key, 0, 0])
                row[0] = max(row[0], registration)  # the latest registration names them
                row[2] += hands
                row[3] += won
        scopes[scope] = {"tally": counts, "counted": counted, "events": len(chosen),
                         "most": most_mahjongs(list(people.values()))}
    return {"scopes": scopes}


def members_of(people: Collection[str]) -> set[int]:
    """Every member id of these person keys."""
    numbers = set()
    ids = set()
    for key in people:
        parsed = keys.parse(key)
        if parsed is None:
            continue
        kind, value = parsed
        if kind == "nmb":
            numbers.add(str(value))
        else:
            ids.add(int(value))
    found = Member.objects.filter(Q(nmb_number__in=numbers) | Q(pk__in=ids))
    return {pk for pk, number in found.values_list("pk", "nmb_number")
            if keys.person_key(pk, number) in people}
