"""A small finished tournament for the spreadsheet and bond export tests.

Eight players at two tables, two rounds, every round closed, the event
finished: members of the club (one named like a formula, one with accents,
one without an NMB member number), a member of another club and a guest.
Round 1, table 1 starts with the worked example entered by tiles; at table
2 the first hand is corrected (by the organiser) and confirmed (by a second
organiser), so the hand log has something to say about it.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User

from clubs.models import Club
from tests.scoring_entry.conftest import worked_example_tiles
from tests.support import worlds
from tests.support.factories import MemberFactory
from tournaments.models import Event, EventKind, Hand, Registration, Round
from tournaments.seating import five_player_schedule
from tournaments.services import create_event, finish_event, hand_scoring, rounds
from tournaments.services import hands as hand_service

HOSTILE = '=HYPERLINK("http://x","y")'


@dataclass
class Sample:
    club: Club
    other_club: Club
    organiser: User
    event: Event
    players: list[Registration]
    by_name: dict[str, Registration]
    rounds: list[Round]


VALUES = [
    ({0: 40, 1: 20, 2: 10, 3: 0}, 0),
    ({0: 8, 1: 64, 2: 16, 3: 4}, 1),
    ({0: 12, 1: 0, 2: 96, 3: 20}, 2),
]


def make_sample(*, finish: bool = True) -> Sample:
    organiser = User.objects.create_user("alice", password="password", first_name="Alice",
                                         last_name="Organiser")
    club = worlds.club(organisers=[organiser])
    other = worlds.club(name="Philos", slug="philos", city="Utrecht")
    members = [MemberFactory(club=member_club, first_name=first_name, last_name=last_name,
                             nmb_number=nmb_number, undated=True)
               for member_club, first_name, last_name, nmb_number in (
                   (club, "Désirée", "Heemskerk", "1001"),
                   (club, HOSTILE, "Hacker", "1002"),
                   (club, "Jan", "van der Berg", "1003"),
                   (club, "Ans", "Bakker", None),
                   (club, "Bram", "Jansen", "1005"),
                   (club, "Carla", "Smit", "1006"),
                   (other, "Piet", "Philos", "2001"))]
    event = create_event(club, kind=EventKind.TOURNAMENT, title="Voorjaarstoernooi",
                         venue="Buurthuis De Kolk", start_date=datetime.date(2031, 3, 1),
                         days=2, rounds_planned=2)
    players = worlds.register(event, [*members, "Kees van Dam"], guest_club="Gastclub")
    keeper = User.objects.create_user("keeper", first_name="Kim", last_name="Keeper")
    club.organisers.add(keeper)
    played = []
    for number in (1, 2):
        round_ = worlds.seated(event, seed=number)
        for table in round_.tables.order_by("number"):
            if number == 1 and table.number == 1:
                hand_service.record(table, worked_example_tiles(), user=organiser)
            for values, winner in VALUES:
                rounds.record_hand(table, values=values, winner=winner,
                                   east=hand_scoring.next_deal(
                                       [0, 1, 2, 3], hand_scoring.dealt(table),
                                       five_player_schedule(event.ruleset)).east,
                                   entered_by=organiser)
        if number == 1:
            # A correction and a confirmation before the round closes.
            table = round_.tables.get(number=2)
            first = Hand.objects.get(table=table, number=1)
            hand_service.correct_hand(first, game_input={
                "values": {"0": 48, "1": 20, "2": 10, "3": 0}, "winner": 0, "east": 0},
                expected_version=table.version, user=organiser)
            hand_service.confirm_hand(first, keeper)
        played.append(rounds.close_round(round_))
    if finish:
        event = finish_event(event)
    return Sample(club=club, other_club=other, organiser=organiser, event=event,
                  players=players, by_name={player.name: player for player in players},
                  rounds=played)


# --- Reading the files back --------------------------------------------------------


def workbook(data: bytes) -> Any:
    """An .xlsx as openpyxl reads it (not read-only: widths and panes too)."""
    import io

    from openpyxl import load_workbook

    return load_workbook(io.BytesIO(data))


def csv_rows(data: bytes, delimiter: str = ";") -> list[list[str]]:
    import csv
    import io

    assert data.startswith(b"\xef\xbb\xbf"), "UTF-8 with a byte order mark"
    text = data.decode("utf-8-sig")
    assert "\r\n" in text
    return list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))


def header_index(rows: list[list[Any]], first: str) -> int:
    """The index of the row whose first cell is `first` (a table's header)."""
    return next(index for index, row in enumerate(rows) if row and row[0] == first)
