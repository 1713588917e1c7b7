"""The demo's tournaments scored by table result (issue 17): a finished
2-day MCR tournament of 16 players over 4 rounds, with guests from Belgium
and Germany who carry their EMA numbers, and a finished 1-day Riichi
tournament of 8 players over 3 rounds (the EMA's rules: 30,000 points,
uma 15/5/-5/-15); then an earlier, shorter one of each with 8 of the same
players, so the national MCR and Riichi rankings have ranked players.

Every table's result goes through the service an organiser uses
(tournaments/services/table_scores.py), and a penalty in each of the first
two through the referee's (penalties.py: MCR 10 points for arriving late, a
Riichi chombo at the EMA's 20,000). The scores come from a random generator
of their own, so the rest of the demo stays as it was.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable, Sequence

from django.contrib.auth.models import User

from clubs.models import Club, Member
from tournaments.models import Event, EventKind, PenaltyKind, Round, SeatingMethod
from tournaments.services import create_event, finish_event
from tournaments.services.penalties import record_penalty
from tournaments.services.registration import register
from tournaments.services.rounds import add_round, close_round, seat_round, start_round
from tournaments.services.table_scores import record_table_result

# Guests of the MCR tournament: name, club, country (IOC) and EMA number
# (made-up numbers in the EMA's form: 8 digits, the country's two first).
GUESTS = (
    ("Lotte Peeters", "Mahjong Antwerpen", "BEL", "02990011"),
    ("Wout Janssens", "Mahjong Antwerpen", "BEL", "02990012"),
    ("Jonas Becker", "Mahjong Club Köln", "GER", "04990021"),
    ("Lena Fischer", "Mahjong Club Köln", "GER", "04990022"),
)
MCR_MEMBERS = 12
MCR_ROUNDS = 4
RIICHI_PLAYERS = 8
RIICHI_ROUNDS = 3
EARLIER_PLAYERS = 8
EARLIER_ROUNDS = 2
SEED = 1717


def build(club: Club, players: Sequence[Member], organiser: User, *, today: datetime.date,
          say: Callable[[str], None]) -> tuple[int, int]:
    """Both tournaments at ``club``; returns (events, rounds)."""
    rng = random.Random(SEED)
    mcr = create_event(
        club, kind=EventKind.TOURNAMENT, title="Groene Hart MCR Open", venue="Gouda",
        city="Gouda", start_date=today - datetime.timedelta(days=60), days=2,
        rounds_planned=MCR_ROUNDS, ruleset="mcr", seating_method=SeatingMethod.BALANCED)
    members = rng.sample(list(players), MCR_MEMBERS)
    for member in members:
        register(mcr, member=member)
    for name, guest_club, country, ema_number in GUESTS:
        register(mcr, guest_name=name, guest_club=guest_club, guest_ema_number=ema_number,
                 guest_country=country)
    _play(mcr, organiser, rng, MCR_ROUNDS, _mcr_scores)
    _penalise(mcr, organiser, round_number=3, kind=PenaltyKind.OTHER, points=10,
              reason="Te laat aan tafel")
    say(f"Tournament: {mcr.title} (MCR), {MCR_MEMBERS + len(GUESTS)} players, "
        f"{MCR_ROUNDS} rounds over 2 days, by table result.")

    riichi = create_event(
        club, kind=EventKind.TOURNAMENT, title="Gouds Riichi Toernooi", venue="Gouda",
        city="Gouda", start_date=today - datetime.timedelta(days=30), days=1,
        rounds_planned=RIICHI_ROUNDS, ruleset="riichi",
        rule_options={"starting_points": 30_000, "return_points": 30_000, "uma": "15-5"},
        seating_method=SeatingMethod.BALANCED)
    for member in rng.sample(list(players), RIICHI_PLAYERS):
        register(riichi, member=member)
    _play(riichi, organiser, rng, RIICHI_ROUNDS, _riichi_scores)
    # A chombo at the EMA's preset (20,000 points).
    _penalise(riichi, organiser, round_number=2, kind=PenaltyKind.CHOMBO, points=None,
              reason="Onterechte ron")
    say(f"Tournament: {riichi.title} (Riichi), {RIICHI_PLAYERS} players, {RIICHI_ROUNDS} "
        "rounds, by table result.")

    # An earlier tournament of each, with some of the same players, so the
    # national MCR and Riichi rankings have players with the 2 results they
    # need (built last: the two above stay as they were).
    winter = create_event(
        club, kind=EventKind.TOURNAMENT, title="Groene Hart MCR Winteravond", venue="Gouda",
        city="Gouda", start_date=today - datetime.timedelta(days=240), days=1,
        rounds_planned=EARLIER_ROUNDS, ruleset="mcr", seating_method=SeatingMethod.BALANCED)
    for member in members[:EARLIER_PLAYERS]:
        register(winter, member=member)
    _play(winter, organiser, rng, EARLIER_ROUNDS, _mcr_scores)
    spring = create_event(
        club, kind=EventKind.TOURNAMENT, title="Gouds Riichi Voorjaar", venue="Gouda",
        city="Gouda", start_date=today - datetime.timedelta(days=180), days=1,
        rounds_planned=EARLIER_ROUNDS, ruleset="riichi", seating_method=SeatingMethod.BALANCED)
    for registration in riichi.registrations.select_related("member"):
        register(spring, member=registration.member)
    _play(spring, organiser, rng, EARLIER_ROUNDS, _riichi_scores)
    say(f"Tournaments: {winter.title} (MCR) and {spring.title} (Riichi), {EARLIER_PLAYERS} "
        f"players, {EARLIER_ROUNDS} rounds each.")
    return 4, MCR_ROUNDS + RIICHI_ROUNDS + 2 * EARLIER_ROUNDS


def _play(event: Event, organiser: User, rng: random.Random, rounds: int,
          scores: Callable[[random.Random], list[int]]) -> None:
    for number in range(1, rounds + 1):
        round_ = add_round(event, seating_method=SeatingMethod.RANDOM if number == 1 else None)
        seat_round(round_, seed=rng.randrange(2**31))
        start_round(round_)
        for table in Round.objects.get(pk=round_.pk).tables.order_by("number"):
            seats = list(table.seats.order_by("position").values_list("registration_id",
                                                                      flat=True))
            record_table_result(table, dict(zip(seats, scores(rng), strict=True)), organiser,
                                table.version)
        close_round(round_)
    finish_event(event)


def _penalise(event: Event, organiser: User, *, round_number: int, kind: str,
              points: int | None, reason: str) -> None:
    """A penalty for the player in table 1's first seat of that round, as a
    referee records it."""
    round_ = event.rounds.get(number=round_number)
    seat = round_.seats.filter(table__number=1).order_by("position").first()
    assert seat is not None
    record_penalty(event, round=round_, registration=seat.registration, points=points,
                   kind=kind, reason=reason, user=organiser)


def _mcr_scores(rng: random.Random) -> list[int]:
    """Four MCR session scores that sum to zero (each hand is settled among
    the four), in the range a session of hands gives."""
    while True:
        three = [rng.randint(-90, 120) for _ in range(3)]
        last = -sum(three)
        if -150 <= last <= 200:
            return [*three, last]


def _riichi_scores(rng: random.Random) -> list[int]:
    """Four final Riichi scores in hundreds that sum to 4 x 30,000."""
    while True:
        three = [rng.randrange(8_000, 52_000, 100) for _ in range(3)]
        last = 120_000 - sum(three)
        if 0 <= last <= 60_000:
            return [*three, last]
