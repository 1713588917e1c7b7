"""Tournaments built for the tests and the benchmarks, in one place.

A world is a club with members, an event with registrations and rounds
seated and played through the services, as an organiser plays them
(`tournament`, and the pieces it is made of: `members`, `register`,
`seated`, `play_round`), or written in bulk with the rows those services
make (`finished_in_bulk`: for installations too large to play hand by
hand), or only as final standings (`ranked`). The builders of a test folder keep what only their tests know (the
hands whose figures they count, the names an attacker chose) and build the
rest with these.

Needs Django settings (the models); the factories are in
tests/support/factories.py.
"""

from __future__ import annotations

import datetime
import random
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from clubs.models import Club, Member
from tests.support.factories import ClubFactory, MemberFactory
from tournaments.models import (
    Event,
    EventKind,
    EventStatus,
    Registration,
    Round,
    RoundStatus,
    Seat,
    Table,
    TableResult,
)
from tournaments.services import create_event, finish_event, rounds
from tournaments.services import hands as hand_service
from tournaments.services import registration as registrations

Player = Member | str  # a member, or a guest by name

FIRST_NAMES = ["Anna", "Bram", "Cor", "Dirk", "Els", "Femke", "Gert", "Hans", "Ineke", "Jan",
               "Karin", "Lex", "Mies", "Nico", "Olga", "Piet"]

# One hand by values at a table of four: East (seat 0) wins, nobody discards.
EAST_WINS = {"values": {"0": 40, "1": 20, "2": 10, "3": 0}, "winner": 0, "east": 0,
             "discarder": None}


def by_values(values: Sequence[int], winner: int | None,
              discarder: int | None = None) -> dict[str, Any]:
    """A hand's game input by values, seat by seat."""
    return {"values": {str(position): value for position, value in enumerate(values)},
            "winner": winner, "discarder": discarder}


def club(**fields: Any) -> Club:
    """Fu-Hing in Amsterdam unless told otherwise (the club most tests name)."""
    return ClubFactory(**{"name": "Fu-Hing", "slug": "fu-hing", "city": "Amsterdam", **fields})


def members(club: Club, names: Sequence[str] | int, *, last_name: str = "Speler",
            first_number: int | None = None, **fields: Any) -> list[Member]:
    """Members of `club`, one per first name (or `names` of them: Anna, Bram,
    Cor, ...); NMB numbers counting up from `first_number`, none without
    it. Undated (no date of birth, member since today) unless told."""
    if isinstance(names, int):
        names = [FIRST_NAMES[index % len(FIRST_NAMES)] for index in range(names)]
    return [MemberFactory(club=club, first_name=name, last_name=last_name,
                          nmb_number=None if first_number is None else str(first_number + index),
                          undated=True, **fields)
            for index, name in enumerate(names)]


def register(event: Event, players: Sequence[Player], *,
             guest_club: str = "") -> list[Registration]:
    """Register members and guests (by name) as the organiser does."""
    return [registrations.register(event, guest_name=player, guest_club=guest_club)
            if isinstance(player, str) else registrations.register(event, member=player)
            for player in players]


def seated(event: Event, layout: Sequence[Registration] | None = None, *, seed: int,
           start: bool = True) -> Round:
    """The event's next round, seated by lot (`seed`); with a `layout`, the
    players swapped into those seats of table 1 (seat 0 first). Started
    unless told otherwise."""
    round_ = rounds.seat_round(rounds.add_round(event), seed=seed)
    if layout is not None:
        for position, wanted in enumerate(layout):
            seat = round_.seats.get(table__number=1, position=position)
            if seat.registration_id != wanted.pk:
                rounds.swap_players(round_, seat.registration, wanted)
    return rounds.start_round(round_) if start else round_


def play_round(round_: Round, hands: Sequence[dict[str, Any]] = (EAST_WINS,), *,
               user: Any = None, close: bool = True) -> Round:
    """Enter `hands` (game inputs) at every table, in table order, and close
    the round (started first when it is only seated)."""
    if round_.status == RoundStatus.SEATED:
        round_ = rounds.start_round(round_)
    for table in round_.tables.order_by("number"):
        for game_input in hands:
            hand_service.record(table, game_input, user=user)
    return rounds.close_round(round_) if close else round_


@dataclass
class World:
    club: Club
    event: Event
    players: list[Registration]
    rounds: list[Round] = field(default_factory=list)  # in order; the last may be open


def tournament(club_: Club | None = None, *, players: Sequence[Player] | int = 8,
               played: int = 1, hands: Sequence[dict[str, Any]] = (EAST_WINS,),
               open_round: bool = False, finish: bool = True, seed: int = 1,
               user: Any = None, guest_club: str = "", **event_fields: Any) -> World:
    """A tournament played through the services: `players` (members and guests,
    or that many new members of the club; guests of `guest_club`), `played` rounds seated by lot
    (seed, seed + 1, ...) with `hands` at every table and closed, then
    (open_round) one more round seated and started, and the event finished
    unless told otherwise or a round is open. Any other Event field (kind,
    title, ruleset, start_date, rounds_planned, ...) goes to create_event."""
    club_ = club_ or club()
    fields = {"kind": EventKind.TOURNAMENT, "title": "Toernooi",
              "start_date": datetime.date.today(),
              "rounds_planned": played + (1 if open_round else 0) or 1, **event_fields}
    event = create_event(club_, **fields)
    if isinstance(players, int):
        players = members(club_, players)
    registered = register(event, players, guest_club=guest_club)
    played_rounds = [play_round(seated(event, seed=seed + number), hands, user=user)
                     for number in range(played)]
    if open_round:
        played_rounds.append(seated(event, seed=seed + played))
    elif finish:
        event = finish_event(event)
    event.refresh_from_db()
    return World(club=club_, event=event, players=registered, rounds=played_rounds)


def ranked(club_: Club, standings: Sequence[Sequence[Player]], *,
           substitutes: Sequence[Player] = (), finish: bool = True,
           **event_fields: Any) -> Event:
    """A tournament whose standings are `standings` (best first, the players
    of a group sharing a place), its rows written directly: one closed round
    at one table whose results give those places (higher score, better
    place), then substitutes for the first player (listed, never ranked) at
    the bottom; finished through the service unless told otherwise. No hands:
    for what reads standings only (rankings, seasons)."""
    fields = {"kind": EventKind.TOURNAMENT, "title": "Toernooi",
              "start_date": datetime.date.today(), **event_fields}
    event = Event.objects.create(club=club_, status=EventStatus.RUNNING, **fields)
    round_ = Round.objects.create(event=event, number=1, status=RoundStatus.CLOSED)
    table = Table.objects.create(round=round_, number=1)
    placed = [(_registration_row(event, player), 1000 - 10 * place)
              for place, group in enumerate(standings) for player in group]
    placed += [(_registration_row(event, player, substitute_for=placed[0][0] if placed else None),
                -1000) for player in substitutes]
    for registration, score in placed:
        TableResult.objects.create(table=table, registration=registration, score=score)
    return finish_event(event) if finish else event


def _registration_row(event: Event, player: Player, **fields: Any) -> Registration:
    if isinstance(player, str):
        return Registration.objects.create(event=event, guest_name=player, **fields)
    return Registration.objects.create(event=event, member=player, **fields)


# --- In bulk ------------------------------------------------------------------------


@dataclass
class BulkCounts:
    """What `finished_in_bulk` wrote."""

    registrations: int = 0
    guests: int = 0
    rounds: int = 0
    tables: int = 0
    hands: int = 0
    hand_scores: int = 0
    table_results: int = 0


@dataclass(frozen=True)
class ScoredHand:
    """A hand as score entry stores it, for a table whose East sits in seat
    `east`: its entry (seats), the engine's game and result (winds) and the
    seat of each wind; `by_tiles` for the counting."""

    entry: dict[str, Any]
    game: dict[str, Any]
    result: dict[str, Any]
    winds: dict[int, str]  # seat -> wind
    by_tiles: bool = False


# A scored hand for a rule set, its resolved options, the prevailing wind and
# East's seat (drawn with the random generator given).
HandSource = Callable[[random.Random, str, dict[str, Any], str, int], ScoredHand]


def seated_in_bulk(round_rows: Sequence[Round], registration_ids: Sequence[int],
                   rng: random.Random) -> tuple[list[Table], dict[int, list[int]]]:
    """Every round seated at random in bulk, tables of four, with the rows
    the seating service makes: the tables (round by round, by number) and
    each table's registration ids by position."""
    per_round = len(registration_ids) // 4
    tables = Table.objects.bulk_create(
        Table(round=r, number=t) for r in round_rows for t in range(1, per_round + 1))
    seats: dict[int, list[int]] = {}
    seat_rows = []
    for index, round_ in enumerate(round_rows):
        order = list(registration_ids)
        rng.shuffle(order)
        for t in range(per_round):
            table = tables[index * per_round + t]
            seats[table.pk] = order[4 * t: 4 * t + 4]
            seat_rows += [Seat(round=round_, table=table, registration_id=reg, position=p)
                          for p, reg in enumerate(seats[table.pk])]
    Seat.objects.bulk_create(seat_rows, batch_size=2000)
    return tables, seats


def finished_in_bulk(club_: Club, entrants: Sequence[Player], *, rng: random.Random,
                     hand_source: HandSource, kind: str, day: datetime.date, ruleset: str,
                     rounds_played: int, hands: tuple[int, int], days: int, title: str,
                     counts: BulkCounts | None = None,
                     on_hand: Callable[[ScoredHand], None] | None = None) -> Event:
    """One finished event written in bulk (no services, no model signals: nothing
    is scheduled for recomputation): registrations, closed rounds seated at
    random, every table's hands (between hands[0] and hands[1] each, from
    `hand_source`) with their scores, and each table's results as close_round
    computes them (tournaments.services: table results)."""
    from django.utils import timezone

    from scoring.engine import RULESETS
    from scoring.engine.deal import Dealt, next_deal
    from tournaments import placing
    from tournaments.models import Hand, HandScore

    counts = counts if counts is not None else BulkCounts()
    options = RULESETS[ruleset].resolve_options({})
    if ruleset == "nts" and rng.random() < 0.1:
        options = {**options, "round_to_tens": True}
    scheme = "4-2-1-0.5" if rng.random() < 0.2 else "4-2-1-0"
    at = timezone.make_aware(datetime.datetime.combine(day, datetime.time(10)))
    (event,) = Event.objects.bulk_create([Event(
        club=club_, kind=kind, title=title, start_date=day, days=days,
        rounds_planned=rounds_played, ruleset=ruleset, rule_options=options,
        max_places=len(entrants), table_point_scheme=scheme,
        ranking_order="table_points" if kind == "evening" else "score",
        seating_method="fuhing" if kind == "evening" else "balanced",
        status=EventStatus.FINISHED, rules_frozen_at=at)])
    registered = Registration.objects.bulk_create(
        Registration(event=event, member=e if not isinstance(e, str) else None,
                     guest_name=e if isinstance(e, str) else "", checked_in_at=at)
        for e in entrants)
    counts.registrations += len(registered)
    counts.guests += sum(1 for e in entrants if isinstance(e, str))
    round_rows = Round.objects.bulk_create(
        Round(event=event, number=n, seating_method="random", status=RoundStatus.CLOSED,
              started_at=at + datetime.timedelta(hours=2 * n - 2),
              closed_at=at + datetime.timedelta(hours=2 * n - 1))
        for n in range(1, rounds_played + 1))
    tables, seats = seated_in_bulk(round_rows, [r.pk for r in registered], rng)

    schedule = RULESETS[ruleset].five_player_schedule
    hand_rows: list[Hand] = []
    placed: list[tuple[list[int], dict[int, str], dict[str, Any]]] = []
    for table in tables:
        previous: list[Dealt] = []
        regs = seats[table.pk]
        for number in range(1, rng.randint(*hands) + 1):
            deal = next_deal([0, 1, 2, 3], previous, schedule)
            scored = hand_source(rng, ruleset, options, deal.prevailing, deal.east)
            entry, result = scored.entry, scored.result
            hand_rows.append(Hand(
                table=table, number=number, game=scored.game, result=result, entry=entry,
                winner_id=regs[entry["winner"]] if entry["winner"] is not None else None,
                discarder_id=(regs[entry["discarder"]]
                              if entry["discarder"] is not None else None),
                confirmed_at=None))
            placed.append((regs, scored.winds, result))
            previous.append(Dealt(east=deal.east, prevailing=deal.prevailing,
                                  rotates=result.get("winds_rotate", True)))
            if on_hand is not None:
                on_hand(scored)
        table.version = len(previous)
    Hand.objects.bulk_create(hand_rows, batch_size=1000)
    Table.objects.bulk_update(tables, ["version"], batch_size=1000)
    score_rows = [HandScore(hand=hand, registration_id=regs[p], seat_wind=wind,
                            value=result["scores"][wind], settlement=result["settlement"][wind])
                  for hand, (regs, winds, result) in zip(hand_rows, placed, strict=True)
                  for p, wind in winds.items()]
    HandScore.objects.bulk_create(score_rows, batch_size=4000)

    # Every table's results as close_round computes them (services.table_results).
    totals: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    mahjongs: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    deal_ins: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for score in score_rows:
        totals[score.hand.table_id][score.registration_id] += score.settlement
    for hand in hand_rows:
        if hand.winner_id:
            mahjongs[hand.table_id][hand.winner_id] += 1
        if hand.discarder_id:
            deal_ins[hand.table_id][hand.discarder_id] += 1
    results = []
    for table in tables:
        scores = {reg: totals[table.pk][reg] for reg in seats[table.pk]}
        points = placing.table_points(scores, scheme, event.tie_rule,
                                      mahjongs=dict(mahjongs[table.pk]),
                                      deal_ins=dict(deal_ins[table.pk]))
        results += [TableResult(
            table=table, registration_id=reg, score=scores[reg], table_points=points[reg],
            mahjongs=mahjongs[table.pk][reg], deal_ins=deal_ins[table.pk][reg],
            rank=1 + sum(1 for o in scores
                         if (points[o], scores[o]) > (points[reg], scores[reg])))
            for reg in scores]
    TableResult.objects.bulk_create(results, batch_size=2000)
    counts.rounds += len(round_rows)
    counts.tables += len(tables)
    counts.hands += len(hand_rows)
    counts.hand_scores += len(score_rows)
    counts.table_results += len(results)
    return event
