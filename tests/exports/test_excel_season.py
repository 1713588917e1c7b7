"""The season workbook (exports/excel/season.py)."""

from __future__ import annotations

import datetime

import pytest

from clubs.models import Club, Member
from exports.excel import season
from tests.exports.sample import HOSTILE, workbook
from tournaments.models import EventKind
from tournaments.services import club_competition, create_event, rounds
from tournaments.services import registration as registrations

pytestmark = pytest.mark.django_db


@pytest.fixture
def club() -> Club:
    club = Club.objects.create(name="Fu-Hing", slug="fu-hing", city="Amsterdam")
    members = [
        Member.objects.create(club=club, first_name="Désirée", last_name="Heemskerk",
                              nmb_number="1001"),
        Member.objects.create(club=club, first_name=HOSTILE, last_name="Hacker"),
        Member.objects.create(club=club, first_name="Jan", last_name="van der Berg",
                              nmb_number="1003"),
        Member.objects.create(club=club, first_name="Ans", last_name="Bakker"),
    ]
    for day, winner in ((datetime.date(2031, 1, 14), 0), (datetime.date(2031, 2, 11), 2)):
        event = create_event(club, kind=EventKind.EVENING, title=f"Clubavond {day:%B}",
                             start_date=day, rounds_planned=1)
        for member in members:
            registrations.register(event, member=member)
        round_ = rounds.start_round(rounds.seat_round(rounds.add_round(event), seed=1))
        table = round_.tables.get()
        values = {position: 0 for position in range(4)}
        values[winner] = 64
        rounds.record_hand(table, values=values, winner=winner, east=0)
        rounds.close_round(round_)
    return club


def test_the_ranking_and_the_evenings(club: Club) -> None:
    calls: list[tuple[int, int]] = []
    book = workbook(season.render(club, 2031, language="en",
                                  progress=lambda done, total: calls.append((done, total))))
    assert book.sheetnames == ["Season 2031", "Evenings"]
    ws = book["Season 2031"]
    assert [cell.value for cell in ws[1]] == [
        "Position", "Name", "NMB member number", "Table points", "Of which bonus", "Score",
        "Evenings attended", "Evenings counted", "Note"]
    assert ws.freeze_panes == "C2" and ws.auto_filter.ref == "A1:I5"
    expected = club_competition.season_standings(club, 2031)
    got = [[cell.value for cell in row] for row in ws.iter_rows(min_row=2)]
    assert [(row[0], row[1], row[5], row[6]) for row in got] == [
        (line.position, line.name, line.score, line.attended) for line in expected]
    for row, line in zip(got, expected, strict=True):
        assert row[3] == pytest.approx(float(line.table_points))
        assert isinstance(row[5], int)
    numbers = {row[1]: row[2] for row in got}
    assert numbers["Désirée Heemskerk"] == "1001" and numbers["Ans Bakker"] is None
    assert calls[-1] == (4, 4)

    evenings = book["Evenings"]
    assert [cell.value for cell in evenings[1]] == [
        "Date", "Event", "Players", "Winner", "Holder after the evening"]
    first = [cell.value for cell in evenings[2]]
    assert first[0] == datetime.datetime(2031, 1, 14) and first[2] == 4
    assert evenings["A2"].number_format == "yyyy-mm-dd"
    assert evenings.max_row == 3


def test_the_hostile_name_is_text_and_dutch_headers(club: Club) -> None:
    ws = workbook(season.render(club, 2031, language="nl")).worksheets[0]
    assert ws["A1"].value == "Plaats" and ws["D1"].value == "Tafelpunten"
    hostile = next(row[1] for row in ws.iter_rows(min_row=2)
                   if str(row[1].value).startswith("="))
    assert hostile.value == f"{HOSTILE} Hacker"
    assert hostile.data_type == "s" and hostile.quotePrefix


def test_a_season_without_evenings(club: Club) -> None:
    book = workbook(season.render(club, 2020, language="en"))
    assert book["Season 2020"].max_row == 1 and book["Evenings"].max_row == 1
