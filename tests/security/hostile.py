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

from django.contrib.auth.models import User

from clubs.models import Club, Member
from rankings import services as ranking_services
from stats import services as stats_services
from tests.pages.conftest import play_and_close
from tournaments.models import Event, EventKind, Registration, Round, Table
from tournaments.services import finish_event, rounds
from tournaments.services import registration as registrations

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
    club = Club.objects.create(name=CLUB, slug="evil", city=CITY)
    club.organisers.add(organiser)
    members = [Member.objects.create(club=club, first_name=f"{FIRST}{number}",
                                     last_name=f"{LAST}{number}", nmb_number=f"900{number}")
               for number in range(4)]
    members[0].user = User.objects.create_user("evil-member", password="password")
    members[0].save()

    def players(event: Event) -> list[Registration]:
        result = [registrations.register(event, member=member) for member in members]
        result += [registrations.register(event, guest_name=f"{GUEST}{number}",
                                          guest_club=GUEST_CLUB) for number in range(4)]
        return result

    evening = Event.objects.create(club=club, title=f"{EVENT} evening", kind=EventKind.EVENING,
                                   start_date=datetime.date(2031, 1, 14))
    players(evening)
    play_and_close(rounds.seat_round(rounds.add_round(evening), seed=1))
    finish_event(evening)

    finished = Event.objects.create(club=club, title=f"{EVENT} 1", kind=EventKind.TOURNAMENT,
                                    start_date=datetime.date(2031, 2, 1))
    players(finished)
    play_and_close(rounds.seat_round(rounds.add_round(finished), seed=1))
    finish_event(finished)

    running = Event.objects.create(club=club, title=EVENT, kind=EventKind.TOURNAMENT,
                                   start_date=datetime.date(2031, 3, 1))
    registered = players(running)
    closed = play_and_close(rounds.seat_round(rounds.add_round(running), seed=2))
    round_ = rounds.start_round(rounds.seat_round(rounds.add_round(running), seed=3))
    table = round_.tables.order_by("number").first()
    assert table is not None
    rounds.record_hand(table, values={0: 40, 1: 20, 2: 10, 3: 0}, winner=0, east=0)

    stats_services.recompute_all()
    ranking_services.recompute("nts", as_of=datetime.date(2031, 6, 1))
    return Hostile(club=club, organiser=organiser, members=members, running=running,
                   finished=finished, round=round_, closed=closed, table=table,
                   registration=registered[0], guest=registered[4])
