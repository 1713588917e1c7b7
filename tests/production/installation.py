"""A small installation with a row in every table that matters for a
backup: users with a group and permissions, the admin's log, two clubs with
a holiday, members (with and without NMB number, one with a login), two
finished tournaments played through the services (hands by values and by
tiles, corrections, a deletion, confirmations, an organiser's correction
after closing, table results), the national ranking and the statistics,
a session and an export job (both left out of a backup)."""

from __future__ import annotations

import datetime
import uuid
from dataclasses import dataclass
from typing import Any

from django.contrib.admin.models import ADDITION, LogEntry
from django.contrib.auth.models import Group, Permission, User
from django.contrib.sessions.backends.db import SessionStore
from django.utils import timezone

from clubs.models import Club, HolidayPeriod
from exports.models import ExportJob, JobStatus
from rankings import services as rankings
from stats import services as statistics
from tests.scoring_entry.conftest import worked_example_tiles
from tests.support import worlds
from tests.support.factories import MemberFactory
from tests.support.worlds import by_values
from tournaments.models import Event, EventKind, Hand, Table
from tournaments.services import create_event, finish_event, rounds
from tournaments.services import hands as hand_service
from tournaments.services.scorekeepers import add_scorekeeper


@dataclass
class Installation:
    organiser: User
    keeper: User
    club: Club
    events: list[Event]


HANDS = [
    by_values([40, 0, 8, 16], 0, 1),
    by_values([0, 64, 16, 8], 1),
    by_values([8, 0, 48, 20], 2, 0),
    by_values([8, 16, 0, 4], None),
    by_values([0, 0, 0, 32], 3, 0),
]


def submit(table: Table, user: User, game_input: dict[str, Any]) -> Hand:
    table.refresh_from_db()
    hand, created = hand_service.submit_hand(
        table, game_input=game_input, submission_id=str(uuid.uuid4()),
        expected_version=table.version, user=user)
    assert created
    return hand


def play(event: Event, keeper: User, organiser: User, *, changes: bool) -> None:
    for number in (1, 2):
        round_ = worlds.seated(event, seed=number)
        for table in round_.tables.order_by("number"):
            if number == 1 and table.number == 1:
                submit(table, keeper, worked_example_tiles())  # by tiles, East in seat 0
            for game_input in HANDS[table.number - 1:table.number + 3]:
                submit(table, keeper, game_input)
            if changes and number == 1 and table.number == 1:
                table.refresh_from_db()
                hand = table.hands.get(number=2)
                hand_service.correct_hand(hand, game_input=by_values([48, 0, 8, 16], 0, 1),
                                          expected_version=table.version, user=keeper)
                table.refresh_from_db()
                hand_service.delete_hand(table.hands.get(number=5),
                                         expected_version=table.version, user=keeper)
                hand_service.confirm_hand(table.hands.get(number=3), organiser)
        rounds.close_round(round_)
    if changes:
        # The organiser corrects a hand of a closed round: the table results
        # are computed again.
        table = event.rounds.get(number=2).tables.get(number=2)
        hand = table.hands.get(number=1)
        hand_service.correct_hand(hand, game_input=by_values([0, 0, 0, 40], 3, 1),
                                  expected_version=table.version, user=organiser)
    finish_event(event)


def build() -> Installation:
    organiser = User.objects.create_user("olga", password="pw", first_name="Olga",
                                         last_name="de Wit", is_staff=True)
    keeper = User.objects.create_user("vera", password="pw", first_name="Vera")
    speler = User.objects.create_user("speler", password="pw", email="speler@example.org")
    group = Group.objects.create(name="Wedstrijdleiding")
    group.permissions.set(Permission.objects.filter(content_type__app_label="tournaments")[:4])
    organiser.groups.add(group)
    keeper.user_permissions.add(Permission.objects.get(codename="view_hand"))

    club = worlds.club(season_options={"mode": "best_n", "n": 3}, organisers=[organiser])
    other = worlds.club(name="Philos", slug="philos", city="Utrecht")
    HolidayPeriod.objects.create(club=club, name="Zomervakantie",
                                 start=datetime.date(2031, 7, 1), end=datetime.date(2031, 8, 31))
    LogEntry.objects.log_actions(user_id=organiser.pk, queryset=[club], action_flag=ADDITION,
                                 change_message="Toegevoegd.")
    members = [
        MemberFactory(club=club if index < 6 else other, first_name=name,
                      last_name="Désirée" if index == 0 else "Speler",
                      nmb_number=None if index % 3 == 2 else f"{1001 + index}",
                      user=speler if index == 0 else None, undated=True)
        for index, name in enumerate(["Anna", "Bram", "Cor", "Dirk", "Els", "Femke", "Gert",
                                      "Hans"])
    ]

    today = timezone.localdate()
    events = []
    for index, days_ago in enumerate((40, 10)):
        event = create_event(club, kind=EventKind.TOURNAMENT, title=f"Toernooi {index + 1}",
                             start_date=today - datetime.timedelta(days=days_ago),
                             rounds_planned=2, requires_confirmation=False)
        worlds.register(event, members)
        add_scorekeeper(event, keeper)
        play(event, keeper, organiser, changes=index == 1)
        events.append(event)

    rankings.recompute("nts")
    statistics.recompute_all()

    session = SessionStore()
    session["note"] = "a login; never in a backup"
    session.create()
    ExportJob.objects.create(kind="standings_pdf", event=events[-1], requested_by=organiser,
                             status=JobStatus.DONE, content=b"%PDF-1.4 ...", size=12,
                             filename="stand.pdf", content_type="application/pdf",
                             expires_at=timezone.now() + datetime.timedelta(hours=24))
    return Installation(organiser=organiser, keeper=keeper, club=club, events=events)
