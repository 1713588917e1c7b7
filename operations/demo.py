"""Demo data for trying the product locally (`manage.py load_demo`, run by
`make run`).

A newcomer sees a full system at once: club Fu-Hing with 40 members, its
house rules kept as the club's event defaults, and a past season of club
evenings (two rounds, the second re-seated by table points); a second club
(Groene Hart, NTS rules) with two earlier tournaments, a finished MCR and a
finished Riichi tournament entered by table result (demo_tables.py); and a
finished 2-day tournament of 64 players; every round has hands played, and next week's
club evening is open for registration. Everything goes through the
services, as an organiser's work would, from a fixed seed, so the data is
the same on every machine.

It lives here, in the top layer, because it builds clubs (clubs/demo.py),
events and hands (tournaments) together. Idempotent: the data is built once;
the logins' passwords are set when the logins are created (clubs/demo.py).
Building it says what it does as it goes (`progress`), since it takes a
while: the hands are entered one by one through the hands service.
"""

from __future__ import annotations

import datetime
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction

from clubs.demo import SEED, create_clubs, demo_exists, demo_logins, season_days
from clubs.models import Club, Member
from operations import demo_tables
from scoring.engine import DEFAULT_RULESET, RULESETS, SEAT_WINDS
from tournaments import seating
from tournaments.models import Event, EventKind, RankingOrder, Round, SeatingMethod, Table
from tournaments.services import create_event, finish_event
from tournaments.services import hands as hand_service
from tournaments.services.event_defaults import defaults_for, save_event_defaults, title_for
from tournaments.services.registration import register
from tournaments.services.rounds import add_round, close_round, seat_round, start_round

Progress = Callable[[str], None]

WINNING_VALUES = (80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 448, 512, 640, 1000, 2000)
WINNING_WEIGHTS = (10, 12, 8, 12, 10, 9, 5, 7, 6, 5, 3, 4, 3, 1.5, 0.5)
LOSING_VALUES = (0, 0, 0, 4, 8, 8, 16, 16, 20, 24, 32, 40, 48, 64, 96, 128, 192, 256)
# Hong Kong (Fu-Hing's club evenings): the winner's fan, at least the minimum
# of 3 (H2); a limit hand now and then.
WINNING_FAN = (3, 4, 5, 6, 7, 8, 9, 10, 20)
WINNING_FAN_WEIGHTS = (30, 22, 15, 10, 7, 5, 3, 2, 1)

FUHING_VENUE = "Restaurant Fu-Hing, Varsseveld"


@dataclass(frozen=True)
class DemoSize:
    """How much history to build; tests use a small one."""

    evenings: int = 20
    hands_per_table: int = 8
    tournament_players: int = 64
    tournament_rounds: int = 7
    # The two earlier Groene Hart tournaments only give players the second
    # result the national ranking needs: fewer hands each keeps the first
    # start short.
    earlier_hands_per_table: int = 4


def load_demo(size: DemoSize | None = None, *, progress: Progress | None = None,
              reset_passwords: bool = False) -> User:
    """The demo logins (passwords set once) and, once, the demo data."""
    say = progress or (lambda _line: None)
    organiser, member_user = demo_logins(reset_passwords=reset_passwords)
    if demo_exists():
        say("Demo data already there: nothing to build.")
        return organiser
    say("Building the demo data (once; later starts skip this)...")
    started = time.monotonic()
    with transaction.atomic():
        counts = _build(organiser, member_user, size or DemoSize(), say)
    say(f"Demo data built in {time.monotonic() - started:.0f} s: {counts.events} events, "
        f"{counts.rounds} rounds, {counts.hands} hands.")
    return organiser


@dataclass
class _Counts:
    events: int = 0
    rounds: int = 0
    hands: int = 0


def _build(organiser: User, member_user: User, size: DemoSize, say: Progress) -> _Counts:
    rng = random.Random(SEED)
    today = datetime.date.today()
    counts = _Counts()
    fuhing, groene_hart, fuhing_members, visitors = create_clubs(
        organiser, member_user, visitors=size.tournament_players - 40, rng=rng, today=today)
    say(f"Clubs: {fuhing.name} ({len(fuhing_members)} members), {groene_hart.name} "
        f"({len(visitors)} members).")
    _keep_house_rules(fuhing, groene_hart)
    say("Event defaults: Fu-Hing plays Hong Kong, two rounds, the second re-seated by "
        "table points, ranked by table points; Groene Hart plays NTS tournaments.")

    days = season_days(today.year - 1, size.evenings)
    for index, day in enumerate(days, start=1):
        attending = rng.sample(fuhing_members, rng.randint(14, 24))
        evening = _evening(fuhing, day)
        _play(evening, attending, rounds=2, hands=size.hands_per_table, rng=rng, counts=counts)
        say(f"Club evening {index}/{len(days)}: {evening.title}, {len(attending)} players.")

    # Two earlier tournaments at Groene Hart, so players have the two results
    # the national ranking needs (and an older one counts at half weight).
    everyone = fuhing_members + visitors
    earlier_rounds = max(size.tournament_rounds - 2, 2)
    for title, days_ago in (("Goudse Kaastoernooi", 400), ("Groene Hart Voorjaarstoernooi", 200)):
        earlier = create_event(
            groene_hart, kind=EventKind.TOURNAMENT, title=title, venue="Gouda",
            start_date=today - datetime.timedelta(days=days_ago), days=1,
            rounds_planned=earlier_rounds, ranking_order=RankingOrder.SCORE,
        )
        players = rng.sample(everyone, min(len(everyone), size.tournament_players))
        _play(earlier, players, rounds=earlier_rounds, hands=size.earlier_hands_per_table,
              rng=rng, counts=counts)
        say(f"Tournament: {title}, {len(players)} players, {earlier_rounds} rounds.")

    tournament = create_event(
        fuhing, kind=EventKind.TOURNAMENT, title="Achterhoeks Mahjongtoernooi",
        venue="Sporthal De Meene, Varsseveld", start_date=today - datetime.timedelta(days=40),
        days=2, rounds_planned=size.tournament_rounds, seating_method=SeatingMethod.BALANCED,
        ranking_order=RankingOrder.SCORE, max_places=size.tournament_players,
    )
    players = (fuhing_members + visitors)[: size.tournament_players]
    _play(tournament, players, rounds=size.tournament_rounds, hands=size.hands_per_table,
          rng=rng, counts=counts)
    say(f"Tournament: {tournament.title}, {len(players)} players, "
        f"{size.tournament_rounds} rounds over 2 days.")

    # An MCR and a Riichi tournament, entered by table result (issue 17).
    events, played = demo_tables.build(groene_hart, everyone, organiser, today=today, say=say)
    counts.events += events
    counts.rounds += played

    # Next week's evening is open, so a member can register online; made from
    # the club's defaults, as the organiser's new-event form is.
    next_week = today + datetime.timedelta(days=7 - today.weekday() + 2)
    upcoming = _evening(fuhing, next_week)
    for member in fuhing_members[1:13]:
        register(upcoming, member=member)
    counts.events += 1
    say(f"Open for registration: {upcoming.title}, 12 members registered.")
    return counts


def _keep_house_rules(fuhing: Club, groene_hart: Club) -> None:
    """Each club's event defaults (what its new events start with): Fu-Hing's
    house rules (seed 001: Hong Kong with its own options' defaults), and
    Groene Hart's NTS tournaments."""
    save_event_defaults(
        fuhing, kind=EventKind.EVENING, title_pattern="Clubavond {date}", venue=FUHING_VENUE,
        rounds_planned=2, round_minutes=75, ruleset="hongkong", rule_options={},
        seating_method=SeatingMethod.FUHING, ranking_order=RankingOrder.TABLE_POINTS,
    )
    save_event_defaults(
        groene_hart, kind=EventKind.TOURNAMENT, title_pattern="Groene Hart Toernooi {date}",
        venue="Gouda", rounds_planned=5, round_minutes=90, ruleset=DEFAULT_RULESET, rule_options={},
        seating_method=SeatingMethod.BALANCED, ranking_order=RankingOrder.SCORE,
    )


def _evening(club: Club, day: datetime.date) -> Event:
    """A club evening with the club's defaults, as the new-event form fills it."""
    defaults = defaults_for(club)
    return create_event(
        club, kind=EventKind.EVENING, title=title_for(defaults.title_pattern, day),
        venue=defaults.venue, start_date=day, rounds_planned=defaults.rounds_planned,
        round_minutes=defaults.round_minutes, ruleset=defaults.ruleset,
        rule_options=defaults.rule_options, odd_tables=defaults.odd_tables,
        seating_method=defaults.seating_method,
        table_point_scheme=defaults.table_point_scheme, tie_rule=defaults.tie_rule,
        ranking_order=defaults.ranking_order,
        requires_confirmation=defaults.requires_confirmation,
    )


def _play(event: Event, players: Sequence[Member], *, rounds: int, hands: int,
          rng: random.Random, counts: _Counts) -> None:
    for member in players:
        register(event, member=member)
    for number in range(1, rounds + 1):
        round_ = add_round(event, seating_method=SeatingMethod.RANDOM if number == 1 else None)
        seat_round(round_, seed=rng.randrange(2**31))
        start_round(round_)
        for table in Round.objects.get(pk=round_.pk).tables.select_related("round__event"):
            counts.hands += _play_table(table, hands, rng)
        close_round(round_)
        counts.rounds += 1
    finish_event(event)
    counts.events += 1


def _play_table(table: Table, hands: int, rng: random.Random) -> int:
    """Enters the table's hands; returns how many."""
    event = table.round.event
    positions = sorted(table.seats.values_list("position", flat=True))
    five = len(positions) == 5
    # At a table of 5 each player sits out once in every five hands, by the
    # schedule of the event's rule set.
    schedule = seating.five_player_schedule(event.ruleset)
    winner_only = RULESETS[event.ruleset].value_entry.winner_only
    count = hands + hands // 4 if five else hands
    for number in range(1, count + 1):
        if five:
            seats = seating.five_player_seats(number, schedule)
            playing: list[int] = [seats[wind] for wind in SEAT_WINDS]
            east: int | None = seats["E"]
        else:
            # East as the table plays it: the hands service follows the rule
            # set's deal when no East is given.
            playing, east = positions, None
        winner = None if rng.random() < 0.08 else rng.choice(playing)
        if winner_only:
            values = {p: rng.choices(WINNING_FAN, WINNING_FAN_WEIGHTS)[0] if p == winner else 0
                      for p in playing}
        else:
            values = {p: (rng.choices(WINNING_VALUES, WINNING_WEIGHTS)[0] if p == winner
                          else rng.choice(LOSING_VALUES)) for p in playing}
        discarder = None
        if winner is not None and rng.random() < 0.65:
            discarder = rng.choice([p for p in playing if p != winner])
        # The service the organiser's table page uses (no idempotency key or
        # version check: nobody else enters these hands).
        hand_service.record(table, {"values": values, "winner": winner, "east": east,
                                    "discarder": discarder})
    return count
