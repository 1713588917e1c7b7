"""A club, its members, guests and events named by an attacker: HTML and
script in every name, and names that start like a spreadsheet formula.

`build()` makes a club evening (for the season ranking), a running
tournament (round 1 closed, round 2 being played), a finished one (for the
bond's exports and the national ranking), the statistics and the ranking,
so every page and export has the names to show.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User

from clubs.models import Club, Member
from rankings import services as ranking_services
from stats import services as stats_services
from tests.support import worlds
from tests.support.factories import MemberFactory
from tournaments.models import Event, EventKind, Registration, Round, Table
from tournaments.services import rounds

CLUB = "=HYPERLINK(\"http://x\",\"<script>alert('club')</script>\")"
CITY = "<b onmouseover=alert('city')>Delft</b>"
EVENT = "+<img src=x onerror=alert('event')>"
FIRST = "@<script>alert('first')</script>"
LAST = "-\"><svg onload=alert('last')>"
GUEST = "=1+1 <script>alert('guest')</script>"
GUEST_CLUB = "@SUM(1) </td><script>alert('gclub')</script>"

# What must never reach a page as markup: each name's tag, unescaped.
RAW = ("<script>alert(", "<img src=x", "<svg onload", "</td><script>", "<b onmouseover")
# What every name shows as text once escaped (Django escapes ' as &#x27;).
SHOWN = "alert(&#x27;"
FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")


@dataclass
class Hostile:
    club: Club
    organiser: User
    members: list[Member]
    running: Event
    finished: Event
    round: Round  # round 2 of the running event, being played
    closed: Round  # round 1
    table: Table
    registration: Registration  # a member's, in the running event
    guest: Registration


def build(organiser: User) -> Hostile:
    club = worlds.club(name=CLUB, slug="evil", city=CITY, organisers=[organiser])
    members = [MemberFactory(club=club, first_name=f"{FIRST}{number}",
                             last_name=f"{LAST}{number}", nmb_number=f"900{number}",
                             undated=True)
               for number in range(4)]
    members[0].user = User.objects.create_user("evil-member", password="password")
    members[0].save()
    players = [*members, *(f"{GUEST}{number}" for number in range(4))]

    def event(title: str, kind: str, day: datetime.date, **options: Any) -> worlds.World:
        return worlds.tournament(club, players=players, guest_club=GUEST_CLUB, title=title,
                                 kind=kind, start_date=day, rounds_planned=2, **options)

    event(f"{EVENT} evening", EventKind.EVENING, datetime.date(2031, 1, 14))
    finished = event(f"{EVENT} 1", EventKind.TOURNAMENT, datetime.date(2031, 2, 1)).event
    running = event(EVENT, EventKind.TOURNAMENT, datetime.date(2031, 3, 1), seed=2,
                    open_round=True)
    closed, round_ = running.rounds
    table = round_.tables.order_by("number").first()
    assert table is not None
    rounds.record_hand(table, values={0: 40, 1: 20, 2: 10, 3: 0}, winner=0, east=0)

    stats_services.recompute_all()
    ranking_services.recompute("nts", as_of=datetime.date(2031, 6, 1))
    return Hostile(club=club, organiser=organiser, members=members, running=running.event,
                   finished=finished, round=round_, closed=closed, table=table,
                   registration=running.players[0], guest=running.players[4])
