"""The clubs' part of the demo data (`manage.py load_demo`, built by
operations/demo.py, the layer that may use every app): the demo logins, the
two clubs and their members, from a fixed seed, so the data is the same on
every machine.

The logins' passwords are set once, when the login is created: a later
`load_demo` (every `make run`) leaves them, and so every session, alone
(`load_demo --reset-passwords` sets them again).
"""

from __future__ import annotations

import datetime
import random

from django.contrib.auth.models import User

from clubs import services as club_services
from clubs.models import Club, Member

ORGANISER_USERNAME = "organiser"
ORGANISER_PASSWORD = "mahjong-demo"
MEMBER_USERNAME = "speler"
MEMBER_PASSWORD = "mahjong-demo"
SEED = 2026
FUHING_SLUG = "fu-hing"
MEMBERS_AT_FUHING = 40

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


def demo_logins(*, reset_passwords: bool = False) -> tuple[User, User]:
    """The organiser (staff) and the member login. A password is set when its
    login is created, or when asked to reset it; never otherwise."""
    organiser = _login(ORGANISER_USERNAME, ORGANISER_PASSWORD, staff=True,
                       reset_password=reset_passwords)
    member = _login(MEMBER_USERNAME, MEMBER_PASSWORD, staff=False,
                    reset_password=reset_passwords)
    return organiser, member


def _login(username: str, password: str, *, staff: bool, reset_password: bool) -> User:
    user, created = User.objects.get_or_create(
        username=username, defaults={"is_staff": staff, "is_active": True})
    if created or reset_password:
        user.is_staff, user.is_active = staff, True
        user.set_password(password)
        user.save()
    return user


def demo_exists() -> bool:
    return Club.objects.filter(slug=FUHING_SLUG).exists()


def create_clubs(organiser: User, member_user: User, *, visitors: int, rng: random.Random,
                 today: datetime.date) -> tuple[Club, Club, list[Member], list[Member]]:
    """Fu-Hing (40 members, the member login the first of them) and Groene
    Hart (the visitors the tournaments need besides Fu-Hing's members), both
    organised by the organiser login."""
    fuhing = Club.objects.create(
        name="Mahjongclub Fu-Hing", slug=FUHING_SLUG, city="Varsseveld",
        season_options={"mode": "best_n", "n": 12, "attendance_bonus": "0.5",
                        "min_attendance": 5, "min_players": 8},
    )
    groene_hart = Club.objects.create(name="Mahjongclub Groene Hart", slug="groene-hart",
                                      city="Gouda")
    for club in (fuhing, groene_hart):
        club.organisers.add(organiser)
    names = _names(rng)
    fuhing_members = [_member(fuhing, names.pop(), index, rng, today)
                      for index in range(MEMBERS_AT_FUHING)]
    visiting = [_member(groene_hart, names.pop(), MEMBERS_AT_FUHING + index, rng, today)
                for index in range(max(visitors, 0))]
    first = fuhing_members[0]
    first.user = member_user
    first.save(update_fields=["user"])
    return fuhing, groene_hart, fuhing_members, visiting


def _names(rng: random.Random) -> list[tuple[str, str]]:
    pairs = [(first, last) for first in FIRST_NAMES for last in LAST_NAMES]
    rng.shuffle(pairs)
    return pairs


# A few members play for another country in the EMA results (so the EMA
# export has more than one country); index -> (nationality, EMA number prefix).
# The prefixes of other countries than the Netherlands' 08 are made up.
FOREIGN_MEMBERS = {3: ("BEL", "02"), 11: ("GER", "04"), 44: ("DEN", "05")}


def demo_ema(index: int) -> tuple[str | None, str]:
    """The demo member's EMA number (one in five has none) and nationality,
    by their place in the list alone, so a new `load_demo` gives the same."""
    nationality, prefix = FOREIGN_MEMBERS.get(index, ("NED", "08"))
    number = None if index % 5 == 4 else f"{prefix}{100100 + index * 17:06d}"
    return number, nationality


def _member(club: Club, name: tuple[str, str], index: int, rng: random.Random,
            today: datetime.date) -> Member:
    born = datetime.date(rng.randint(1940, 2000), rng.randint(1, 12), rng.randint(1, 28))
    ema_number, nationality = demo_ema(index)
    return club_services.create_member(
        club, first_name=name[0], last_name=name[1],
        # One in eight has no bond number yet.
        nmb_number=None if index % 8 == 7 else f"NMB{10000 + index * 37:06d}",
        ema_number=ema_number, nationality=nationality,
        date_of_birth=born, joined_on=today - datetime.timedelta(days=rng.randint(400, 4000)),
    )


def season_days(year: int, evenings: int) -> list[datetime.date]:
    """Wednesday evenings, none in July and August (Art. 1), spread over the year."""
    day = datetime.date(year, 1, 1)
    wednesdays = []
    while day.year == year:
        if day.weekday() == 2 and day.month not in (7, 8):
            wednesdays.append(day)
        day += datetime.timedelta(days=1)
    step = max(1, len(wednesdays) // max(evenings, 1))
    return wednesdays[::step][:evenings]
