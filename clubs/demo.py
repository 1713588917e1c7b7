"""Demo data for trying the product locally (`manage.py load_demo`).

A newcomer sees a full system at once: club Fu-Hing with 40 members and a
past season of club evenings (two rounds, the second re-seated by table
points), a second club, and a finished 2-day tournament of 64 players; every
round has hands played. Everything goes through the services, as an
organiser's work would, from a fixed seed, so the data is the same on every
machine.

Idempotent: the demo logins are always reset to their known passwords; the
clubs and events are built once.
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction

from clubs import services as club_services
from clubs.models import Club, Member
from scoring.engine import RULESETS
from tournaments import seating
from tournaments.models import Event, EventKind, Round, SeatingMethod, Table
from tournaments.services import create_event, finish_event
from tournaments.services.hands import next_hand
from tournaments.services.registration import register
from tournaments.services.rounds import add_round, close_round, record_hand, seat_round, start_round

ORGANISER_USERNAME = "organiser"
ORGANISER_PASSWORD = "mahjong-demo"
MEMBER_USERNAME = "speler"
MEMBER_PASSWORD = "mahjong-demo"
SEED = 2026

FIRST_NAMES = (
    "Anneke Bas Carla Dirk Els Frank Gerda Hans Ineke Jan Karin Lars Marieke Niels Olga Piet "
    "Quinten Ria Sander Tineke Ugo Vera Willem Xandra Yvonne Zeger Désirée Joël Anouk Bram "
    "Chantal Daan Eva Floor Gijs Hanneke Iris Joost Kees Lotte Maarten Noor Otto Petra Rob "
    "Sanne Thijs Ursula Vincent Wendy Yara Zoë Arjen Bianca Cor Dewi Erik Fenna Gert Hilde "
    "Ivo Jacobine Koen Linda"
).split()
LAST_NAMES = (
    "de Vries|Jansen|van den Berg|Bakker|Visser|Smit|Meijer|de Boer|Mulder|de Groot|Bos|Vos|"
    "Peters|Hendriks|van Leeuwen|Dekker|Brouwer|de Wit|Dijkstra|Smits|de Graaf|van der Meer|"
    "Heemskerk|Rijnders|Schouten|van Horn|Rep|Wessel|Kok|Jacobs|de Haan|Vermeulen|van Dijk|"
    "Schouten|Willems|Hoekstra|Maas|Verhoeven|Koster|Prins"
).split("|")

WINNING_VALUES = (80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 448, 512, 640, 1000, 2000)
WINNING_WEIGHTS = (10, 12, 8, 12, 10, 9, 5, 7, 6, 5, 3, 4, 3, 1.5, 0.5)
LOSING_VALUES = (0, 0, 0, 4, 8, 8, 16, 16, 20, 24, 32, 40, 48, 64, 96, 128, 192, 256)
# Hong Kong (Fu-Hing's club evenings): the winner's fan, at least the minimum
# of 3 (H2); a limit hand now and then.
WINNING_FAN = (3, 4, 5, 6, 7, 8, 9, 10, 20)
WINNING_FAN_WEIGHTS = (30, 22, 15, 10, 7, 5, 3, 2, 1)


@dataclass(frozen=True)
class DemoSize:
    """How much history to build; tests use a small one."""

    evenings: int = 20
    hands_per_table: int = 8
    tournament_players: int = 64
    tournament_rounds: int = 7


def load_demo(size: DemoSize | None = None) -> User:
    """Create the demo logins (reset every time) and, once, the demo data."""
    organiser = _user(ORGANISER_USERNAME, ORGANISER_PASSWORD, staff=True)
    member_user = _user(MEMBER_USERNAME, MEMBER_PASSWORD, staff=False)
    if not Club.objects.filter(slug="fu-hing").exists():
        with transaction.atomic():
            _build(organiser, member_user, size or DemoSize())
    return organiser


def _user(username: str, password: str, *, staff: bool) -> User:
    user, _created = User.objects.update_or_create(
        username=username, defaults={"is_staff": staff, "is_active": True}
    )
    user.set_password(password)
    user.save(update_fields=["password"])
    return user


def _build(organiser: User, member_user: User, size: DemoSize) -> None:
    rng = random.Random(SEED)
    fuhing = Club.objects.create(
        name="Mahjongclub Fu-Hing", slug="fu-hing", city="Varsseveld",
        season_options={"mode": "best_n", "n": 12, "attendance_bonus": "0.5",
                        "min_attendance": 5, "min_players": 8},
    )
    groene_hart = Club.objects.create(name="Mahjongclub Groene Hart", slug="groene-hart",
                                      city="Gouda")
    for club in (fuhing, groene_hart):
        club.organisers.add(organiser)
    today = datetime.date.today()
    names = _names(rng)
    fuhing_members = [_member(fuhing, names.pop(), index, rng, today) for index in range(40)]
    others = size.tournament_players - len(fuhing_members)
    visitors = [_member(groene_hart, names.pop(), 40 + index, rng, today)
                for index in range(max(others, 0))]
    first = fuhing_members[0]
    first.user = member_user
    first.save(update_fields=["user"])

    for day in _season_days(today.year - 1, size.evenings):
        attending = rng.sample(fuhing_members, rng.randint(14, 24))
        evening = create_event(
            fuhing, kind=EventKind.EVENING, title=f"Clubavond {day:%d-%m-%Y}",
            venue="Restaurant Fu-Hing, Varsseveld", start_date=day, rounds_planned=2,
            seating_method=SeatingMethod.FUHING, ranking_order="table_points",
            ruleset="hongkong",  # Fu-Hing plays Hong Kong mahjong (seed 001)
        )
        _play(evening, attending, rounds=2, hands=size.hands_per_table, rng=rng)

    # Two earlier tournaments at Groene Hart, so players have the two results
    # the national ranking needs (and an older one counts at half weight).
    everyone = fuhing_members + visitors
    for title, days_ago in (("Goudse Kaastoernooi", 400), ("Groene Hart Voorjaarstoernooi", 200)):
        earlier = create_event(
            groene_hart, kind=EventKind.TOURNAMENT, title=title, venue="Gouda",
            start_date=today - datetime.timedelta(days=days_ago), days=1,
            rounds_planned=max(size.tournament_rounds - 2, 2), ranking_order="score",
        )
        _play(earlier, rng.sample(everyone, min(len(everyone), size.tournament_players)),
              rounds=max(size.tournament_rounds - 2, 2), hands=size.hands_per_table, rng=rng)

    tournament = create_event(
        fuhing, kind=EventKind.TOURNAMENT, title="Achterhoeks Mahjongtoernooi",
        venue="Sporthal De Meene, Varsseveld", start_date=today - datetime.timedelta(days=40),
        days=2, rounds_planned=size.tournament_rounds, seating_method=SeatingMethod.BALANCED,
        ranking_order="score", max_places=size.tournament_players,
    )
    players = (fuhing_members + visitors)[: size.tournament_players]
    _play(tournament, players, rounds=size.tournament_rounds, hands=size.hands_per_table,
          rng=rng)

    # Next week's evening is open, so a member can register online.
    next_week = today + datetime.timedelta(days=7 - today.weekday() + 2)
    upcoming = create_event(
        fuhing, kind=EventKind.EVENING, title=f"Clubavond {next_week:%d-%m-%Y}",
        venue="Restaurant Fu-Hing, Varsseveld", start_date=next_week, rounds_planned=2,
        seating_method=SeatingMethod.FUHING, ruleset="hongkong",
    )
    for member in fuhing_members[1:13]:
        register(upcoming, member=member)


def _names(rng: random.Random) -> list[tuple[str, str]]:
    pairs = [(first, last) for first in FIRST_NAMES for last in LAST_NAMES]
    rng.shuffle(pairs)
    return pairs


def _member(club: Club, name: tuple[str, str], index: int, rng: random.Random,
            today: datetime.date) -> Member:
    born = datetime.date(rng.randint(1940, 2000), rng.randint(1, 12), rng.randint(1, 28))
    return club_services.create_member(
        club, first_name=name[0], last_name=name[1],
        # One in eight has no bond number yet.
        nmb_number=None if index % 8 == 7 else f"NMB{10000 + index * 37:06d}",
        date_of_birth=born, joined_on=today - datetime.timedelta(days=rng.randint(400, 4000)),
    )


def _season_days(year: int, evenings: int) -> list[datetime.date]:
    """Wednesday evenings, none in July and August (Art. 1), spread over the year."""
    day = datetime.date(year, 1, 1)
    wednesdays = []
    while day.year == year:
        if day.weekday() == 2 and day.month not in (7, 8):
            wednesdays.append(day)
        day += datetime.timedelta(days=1)
    step = max(1, len(wednesdays) // max(evenings, 1))
    return wednesdays[::step][:evenings]


def _play(event: Event, players: list[Member], *, rounds: int, hands: int,
          rng: random.Random) -> None:
    for member in players:
        register(event, member=member)
    for number in range(1, rounds + 1):
        round_ = add_round(event, seating_method=SeatingMethod.RANDOM if number == 1 else None)
        seat_round(round_, seed=rng.randrange(2**31))
        start_round(round_)
        for table in Round.objects.get(pk=round_.pk).tables.all():
            _play_table(table, hands, rng)
        close_round(round_)
    finish_event(event)


def _play_table(table: Table, hands: int, rng: random.Random) -> None:
    positions = sorted(table.seats.values_list("position", flat=True))
    five = len(positions) == 5
    # At a table of 5 each player sits out once in every five hands, by the
    # schedule of the event's rule set.
    schedule = seating.five_player_schedule(table.round.event.ruleset)
    winner_only = RULESETS[table.round.event.ruleset].value_entry.winner_only
    count = hands + hands // 4 if five else hands
    for number in range(1, count + 1):
        if five:
            seats = seating.five_player_seats(number, schedule)
            playing, east = [seats[wind] for wind in seating.WINDS], seats["E"]
        else:
            # East as the table plays it: the rule set says when the winds move on.
            playing = positions
            east = next_hand(table, positions).east
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
        record_hand(table, values=values, winner=winner, east=east, discarder=discarder)
