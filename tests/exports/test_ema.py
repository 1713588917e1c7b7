"""The EMA's results workbook (exports/ema.py; issue 17), read back and
compared cell by cell with a sheet written out by hand.

Source of the layout: the EMA's results workbook, whose column order
(Place, First name, Last name, EMA number, Table points, Score, EMA member,
Country) Mahjong Tournament Suite's EMA exporter also writes; the
tournament block above it as docs/exports.md, "Results for the EMA", sets
out. Weights: the EMA's "Basics for ranking system" (MERS).

The event: a small MCR tournament (the engine's MCR rule set), 2 days, a
qualifier, two closed rounds of two tables, each table's scores entered
through the table-results service (tournaments/services/table_scores.py),
so the table points are the rule set's (4-2-1-0, then score):

    round 1, table 1: Anna 4/+30, Bram 2/+10, Cor 1/-10, Dirk 0/-30
    round 1, table 2: Erik 4/+40, Femke 2/+5, Gert 1/-15, Hans 0/-30
    round 2, table 1: Anna 2/+8, Bram 4/+20, Femke 1/-8, Sam 0/-20 (Sam substitutes Dirk)
    round 2, table 2: Cor 4/+25, Erik 0/-25, Gert 2/+12, Hans 1/-12

Totals: Anna 6/38, Bram 6/30, Cor 5/15, Erik 4/15, Gert 3/-3, Femke 3/-3
(a tie: both 5th), Hans 1/-42, Sam 0/-20, Dirk 0/-30. N = 9 (the substitute
counts); countries NED, GER, DEN, BEL = 4; weight 2 days (2) + 9 players (0)
+ 4 countries (0) + qualifier (1) = 3. Cor has no EMA number; Erik is a
guest from Denmark.
"""

from __future__ import annotations

import datetime
import io
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from openpyxl import load_workbook

from clubs.models import Club
from exports import ema
from scoring.engine import RULESETS
from tests.exports.sample import csv_rows
from tests.support import worlds
from tests.support.factories import MemberFactory
from tournaments import mers as mers_weights
from tournaments.models import (
    Event,
    EventKind,
    EventStatus,
    Penalty,
    PenaltyKind,
    Registration,
    Round,
    RoundStatus,
    Seat,
    Table,
    TableResult,
)
from tournaments.services import mers, table_scores
from tournaments.services import rounds as rounds_service

pytestmark = pytest.mark.django_db

D = datetime.datetime

EXPECTED_RESULTS: list[tuple[Any, ...]] = [
    ("Tournament", "Dutch Open MCR 2031", None, None, None, None, None, None),
    ("Number of players", 9, None, None, None, None, None, None),
    ("Number of countries", 4, None, None, None, None, None, None),
    ("City", "Utrecht", None, None, None, None, None, None),
    ("MERS weight", 3, None, None, None, None, None, None),
    ("Rules", "MCR", None, None, None, None, None, None),
    ("Start date", D(2031, 3, 1), None, None, None, None, None, None),
    ("End date", D(2031, 3, 2), None, None, None, None, None, None),
    ("Days", 2, None, None, None, None, None, None),
    (None, None, None, None, None, None, None, None),
    ("Place", "First name", "Last name", "EMA number", "Table points", "Score", "EMA member",
     "Country"),
    (1, "Anna", "de Vries", "08000001", 6, 38, "YES", "NED"),
    (2, "Bram", "Jansen", "04000002", 6, 20, "YES", "GER"),  # 30 less his chombo of 10
    (3, "Cor", "Smit", "0", 5, 15, "NO", "NED"),
    (4, "Erik", "Larsen", "07000005", 4, 15, "YES", "DEN"),
    (5, "Gert", "Bos", "03000007", 3, -3, "YES", "BEL"),
    (5, "Femke", "Mulder", "08000006", 3, -3, "YES", "NED"),
    (7, "Hans", "Visser", "08000008", 1, -42, "YES", "NED"),
    (8, "Sam", "Invaller", "08000009", 0, -20, "YES", "NED"),
    (9, "Dirk", "Bakker", "08000004", 0, -30, "YES", "NED"),
]
EXPECTED_PENALTIES: list[tuple[Any, ...]] = [
    ("Round", "Player", "EMA number", "Points", "Kind", "Reason"),
    (2, "Bram Jansen", "04000002", 10, "chombo", "False mahjong"),
]


@pytest.fixture
def mcr() -> str:
    assert RULESETS["mcr"].mers_ranked
    return "mcr"


def make_event(club: Club, ruleset: str, organiser: User | None = None) -> Event:
    event = Event.objects.create(
        club=club, kind=EventKind.TOURNAMENT, title="Dutch Open MCR 2031", ruleset=ruleset,
        start_date=datetime.date(2031, 3, 1), days=2, rounds_planned=2,
        ranking_order="table_points", status=EventStatus.RUNNING, city="Utrecht",
        qualifier=True)
    people: dict[str, Any] = {}
    rows: tuple[tuple[str, str, str | None, str], ...] = (
            ("Anna", "de Vries", "08000001", "NED"), ("Bram", "Jansen", "04000002", "GER"),
            ("Cor", "Smit", None, "NED"), ("Dirk", "Bakker", "08000004", "NED"),
            ("Femke", "Mulder", "08000006", "NED"), ("Gert", "Bos", "03000007", "BEL"),
            ("Hans", "Visser", "08000008", "NED"), ("Sam", "Invaller", "08000009", "NED"))
    for first, last, ema_number, country in rows:
        member = MemberFactory(club=club, first_name=first, last_name=last, undated=True,
                               ema_number=ema_number, nationality=country)
        people[first] = member
    regs = {name: Registration.objects.create(event=event, member=member)
            for name, member in people.items() if name != "Sam"}
    regs["Erik"] = Registration.objects.create(
        event=event, guest_name="Erik Larsen", guest_country="DEN",
        guest_ema_number="07000005")
    regs["Dirk"].dropped_after_round = 1
    regs["Dirk"].save()
    regs["Sam"] = Registration.objects.create(event=event, member=people["Sam"],
                                              substitute_for=regs["Dirk"], first_round=2)
    rounds: dict[int, Round] = {}
    for number, tables in ((1, ([("Anna", 4, 30), ("Bram", 2, 10), ("Cor", 1, -10),
                                  ("Dirk", 0, -30)],
                                 [("Erik", 4, 40), ("Femke", 2, 5), ("Gert", 1, -15),
                                  ("Hans", 0, -30)])),
                           (2, ([("Anna", 2, 8), ("Bram", 4, 20), ("Femke", 1, -8),
                                 ("Sam", 0, -20)],
                                [("Cor", 4, 25), ("Erik", 0, -25), ("Gert", 2, 12),
                                 ("Hans", 1, -12)]))):
        rounds[number] = Round.objects.create(event=event, number=number,
                                              status=RoundStatus.STARTED)
        for table_number, results in enumerate(tables, start=1):
            table = Table.objects.create(round=rounds[number], number=table_number)
            for position, (name, _points, _score) in enumerate(results):
                Seat.objects.create(round=rounds[number], table=table,
                                    registration=regs[name], position=position)
            if table_scores.by_table(event) is None:
                # An NTS event: the same results as if its hands had given them.
                for rank, (name, points, score) in enumerate(results, start=1):
                    TableResult.objects.create(table=table, registration=regs[name], score=score,
                                               table_points=Decimal(points), rank=rank)
                continue
            entered = {regs[name].pk: score for name, _points, score in results}
            lines = table_scores.record_table_result(table, entered, organiser, 0)
            # The rule set's table points are the ones written out above.
            assert {line.registration_id: line.table_points for line in lines} == {
                regs[name].pk: points for name, points, _score in results}
        if table_scores.by_table(event) is None:
            Round.objects.filter(pk=rounds[number].pk).update(status=RoundStatus.CLOSED)
        else:
            rounds_service.close_round(rounds[number])
    Penalty.objects.create(event=event, round=rounds[2], registration=regs["Bram"],
                           points=10, kind=PenaltyKind.CHOMBO, reason="False mahjong",
                           recorded_by=organiser)
    Event.objects.filter(pk=event.pk).update(status=EventStatus.FINISHED)
    event.refresh_from_db()
    return event


@pytest.fixture
def organiser() -> User:
    return User.objects.create_user("olga", password="password")


@pytest.fixture
def club(organiser: User) -> Club:
    return worlds.club(organisers=[organiser])


@pytest.fixture
def event(club: Club, mcr: str, organiser: User) -> Event:
    return make_event(club, mcr, organiser)


def rows(ws: Any) -> list[tuple[Any, ...]]:
    return list(ws.iter_rows(values_only=True))


# --- The file -----------------------------------------------------------------------


def test_the_workbook_matches_the_hand_made_sheet_cell_by_cell(event: Event) -> None:
    book = load_workbook(io.BytesIO(ema.render_xlsx(event, language="nl",
                                                    export_anyway=True)))
    assert book.sheetnames == ["Results", "Penalties"]
    found = rows(book["Results"])
    assert len(found) == len(EXPECTED_RESULTS)
    for row, (got, wanted) in enumerate(zip(found, EXPECTED_RESULTS, strict=True), start=1):
        for column, (cell, value) in enumerate(zip(got, wanted, strict=True), start=1):
            assert cell == value and type(cell) is type(value), (row, column, cell, value)
    assert rows(book["Penalties"]) == EXPECTED_PENALTIES
    # The EMA number is a text cell: the leading zero stays.
    assert book["Results"]["D12"].data_type == "s"


def test_the_csv_has_the_same_rows(event: Event) -> None:
    found = csv_rows(ema.render_csv(event, language="nl", export_anyway=True), ",")

    def text(value: Any) -> str:
        if value is None:
            return ""
        if isinstance(value, datetime.datetime):
            return value.date().isoformat()
        return str(value)

    wanted = [[text(value) for value in row] for row in EXPECTED_RESULTS]
    block = [row[:2] for row in wanted[:9]]
    assert [row[:2] for row in found[:9]] == block
    assert found[9] == [] and found[10:20] == wanted[10:]
    assert found[20] == [] and found[21:] == [[text(v) for v in row]
                                              for row in EXPECTED_PENALTIES]


def test_the_listing_counts_every_participant(event: Event) -> None:
    listing = mers.summary(event)
    assert (listing.players, listing.countries, listing.weight) == (9, 4, 3)
    assert (listing.parts.days, listing.parts.players, listing.parts.countries,
            listing.parts.qualifier) == (2, 0, 0, 1)
    assert [p.name for p in mers.missing_details(listing)] == ["Cor Smit"]
    assert listing.age_date == datetime.date(2031, 3, 2)


def test_the_emas_overrides_change_the_block(event: Event) -> None:
    Event.objects.filter(pk=event.pk).update(mers_weight=Decimal("2.5"),
                                             mers_age_from=datetime.date(2031, 4, 1))
    event.refresh_from_db()
    listing = mers.summary(event)
    assert (listing.computed_weight, listing.weight, listing.age_date) == (
        3, 2.5, datetime.date(2031, 4, 1))
    block = {row[0]: row[1] for row in ema.tournament_rows(ema.collect(event))}
    assert block["MERS weight"] == 2.5


def test_missing_numbers_need_a_confirmation(event: Event) -> None:
    with pytest.raises(ValidationError, match="Cor Smit") as refused:
        ema.render_xlsx(event, language="en")
    assert refused.value.code == "missing_ema_details"


def test_more_than_three_substitutes_count_three(event: Event) -> None:
    """MERS counts up to 3 substitutes; a 4th (fewest rounds) is left out."""
    dirk = Registration.objects.get(event=event, member__first_name="Dirk")
    table = Table.objects.get(round__event=event, round__number=2, number=1)
    extra = []
    for index in range(3):
        member: Any = MemberFactory(club=event.club, first_name=f"Extra{index}", undated=True)
        extra.append(Registration.objects.create(event=event, member=member,
                                                 substitute_for=dirk))
    for registration in extra:
        TableResult.objects.create(table=table, registration=registration, score=-50)
    listing = mers.summary(event)
    assert listing.players == 11 and len(listing.left_out) == 1


@pytest.mark.parametrize(("days", "players", "countries", "qualifier", "weight"), [
    (1, 40, 5, False, 1), (2, 41, 6, False, 3), (3, 80, 10, False, 4.5),
    (3, 81, 10, True, 6), (2, 8, 1, True, 3),
])
def test_the_block_states_the_mers_weight(days: int, players: int, countries: int,
                                          qualifier: bool, weight: float) -> None:
    """days 1/2/3 + players 40: 0, 41-80: 0.5, 81: 1 + countries 5: 0, 6: 0.5,
    10: 1 + qualifier 1 (MERS)."""
    results = ema.EmaResults(
        title="T", players=players, countries=countries, city="Utrecht",
        weight=mers_weights.event_weight(days, players, countries, qualifier), rules="MCR",
        start=datetime.date(2031, 3, 1), end=datetime.date(2031, 3, days), days=days)
    block = {row[0]: row[1] for row in ema.tournament_rows(results)}
    assert block["MERS weight"] == weight


def test_an_nts_event_has_no_ema_file(club: Club, organiser: User) -> None:
    nts = make_event(club, "nts", organiser)
    with pytest.raises(ValidationError, match="MCR- en Riichi"):  # Dutch by default
        ema.check_exportable(nts, export_anyway=True)


# --- The pages ----------------------------------------------------------------------


@pytest.fixture
def signed_in(client: Client, organiser: User) -> Client:
    client.force_login(organiser)
    return client


def test_the_event_page_links_the_check_and_shows_the_weight(signed_in: Client,
                                                             event: Event) -> None:
    page = signed_in.get(f"/en/events/{event.pk}/").content.decode()
    assert f"/en/exports/ema/{event.pk}/check/" in page
    assert "European ranking (MERS): weight 3" in page
    assert 'kinds="ema' not in page and "ema_xlsx" not in page


def test_the_check_page_lists_the_missing_and_asks_to_confirm(signed_in: Client,
                                                              event: Event) -> None:
    page = signed_in.get(f"/en/exports/ema/{event.pk}/check/").content.decode()
    assert "Cor Smit" in page and "no EMA number" in page
    assert 'name="export_anyway"' in page
    refused = signed_in.post("/en/exports/ema_xlsx/", {"object_id": event.pk})
    assert refused.status_code == 400 and "Cor Smit" in refused.content.decode()
    asked = signed_in.post("/en/exports/ema_xlsx/", {"object_id": event.pk,
                                                     "export_anyway": "1"})
    assert asked.status_code == 302


def test_the_check_page_and_the_export_refuse_an_nts_event(signed_in: Client, club: Club,
                                                           organiser: User) -> None:
    nts = make_event(club, "nts", organiser)
    page = signed_in.get(f"/en/exports/ema/{nts.pk}/check/")
    assert page.status_code == 400 and "MCR and Riichi" in page.content.decode()
    asked = signed_in.post("/en/exports/ema_csv/", {"object_id": nts.pk,
                                                    "export_anyway": "1"})
    assert asked.status_code == 400 and "MCR and Riichi" in asked.content.decode()
    detail = signed_in.get(f"/en/events/{nts.pk}/").content.decode()
    assert "/exports/ema/" not in detail and "European ranking (MERS)" not in detail
