"""A player's season results as a PDF (exports/pdf/season_sheet.py), read
back with pypdf."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from clubs.models import Club, Member
from exports.pdf import season_sheet
from tests.exports.pdf_support import DESIREE, Calls, lines, pages, play_round
from tests.support.factories import EventFactory, MemberFactory
from tournaments.models import Event, EventKind
from tournaments.services import registration as registrations
from tournaments.services import rounds
from tournaments.services.standings import event_standings

pytestmark = pytest.mark.django_db


def evening(club: Club, members: list[Member], day: datetime.date, title: str, *,
            kind: str = EventKind.EVENING, close: bool = True) -> Event:
    event = EventFactory(club=club, title=title, start_date=day, kind=kind)
    for member in members:
        registrations.register(event, member=member)
    round_ = rounds.seat_round(rounds.add_round(event), seed=day.toordinal())
    if close:
        play_round(round_)
    else:
        rounds.start_round(round_)
    return event


@pytest.fixture
def season() -> tuple[Member, list[Event]]:
    """Désirée's 2030: two club evenings of Fu-Hing and a tournament of
    Philos; besides, an evening of 2029 and one still being played."""
    fu_hing = Club.objects.create(name="Fu-Hing", slug="fu-hing", city="Amsterdam")
    philos = Club.objects.create(name="Philos", slug="philos", city="Utrecht")
    desiree = MemberFactory(club=fu_hing, first_name="Désirée", last_name="Heemskerk",
                            nmb_number="31415")
    others = [MemberFactory(club=fu_hing, first_name=f"Lid{index}") for index in range(7)]
    guests = [MemberFactory(club=philos, first_name=f"Philos{index}") for index in range(7)]
    players = [desiree, *others]
    evening(fu_hing, players, datetime.date(2029, 12, 11), "Clubavond december")
    events = [
        evening(fu_hing, players, datetime.date(2030, 1, 15), "Clubavond januari"),
        evening(fu_hing, players, datetime.date(2030, 2, 12), "Clubavond februari"),
        evening(philos, [desiree, *guests], datetime.date(2030, 5, 1), "Philos Open",
                kind=EventKind.TOURNAMENT),
    ]
    evening(fu_hing, players, datetime.date(2030, 3, 12), "Clubavond maart", close=False)
    return desiree, events


def test_the_season_of_a_member(season: tuple[Member, list[Event]]) -> None:
    desiree, events = season
    calls = Calls()
    text = pages(season_sheet.render(desiree, 2030, language="en", progress=calls))
    assert len(text) == 1
    calls.check(3)  # by event
    page = text[0]
    found = lines(page)
    assert f"Results 2030 · {DESIREE}" in found
    assert "Fu-Hing · NMB number 31415" in found
    assert "Clubavond december" not in page and "Clubavond maart" not in page
    assert found[found.index("Date"):found.index("Date") + 7] == [
        "Date", "Event", "Rounds", "Table points", "Score", "Position", "Players"]
    expected_score, expected_points = 0, Decimal(0)
    for event, title in zip(events, ("Clubavond januari *", "Clubavond februari *",
                                     "Philos Open (tournament) · Philos"), strict=True):
        rows = event_standings(event)
        mine = next(row for row in rows if row.name == DESIREE)
        expected_score += mine.score
        expected_points += mine.table_points
        date = found.index(title) - 1
        assert found[date:date + 7] == [
            f"{event.start_date.day} {event.start_date:%B} 2030", title, "1",
            f"{mine.table_points.normalize():f}", str(mine.score), str(mine.position), "8"]
    total = found.index("Total")
    assert found[total:total + 5] == [
        "Total", "3 events", "3", f"{expected_points.normalize():f}", str(expected_score)]
    # Her place in the club competition, over the two club evenings.
    assert "Club competition 2030 · Fu-Hing" in found
    position = found[found.index("Position", found.index("Club competition 2030 · Fu-Hing")) + 1]
    assert position.endswith(" of 8")
    assert found[found.index("Evenings") + 1] == "2"
    assert "* counts for the club competition" in found
    assert "Page 1 of 1" in found


def test_dutch_labels(season: tuple[Member, list[Event]]) -> None:
    desiree, _events = season
    page = pages(season_sheet.render(desiree, 2030, language="nl"))[0]
    found = lines(page)
    assert found[found.index("Datum"):found.index("Datum") + 7] == [
        "Datum", "Evenement", "Rondes", "Tafelpunten", "Score", "Plaats", "Spelers"]
    assert "15 januari 2030" in found and "Philos Open (toernooi) · Philos" in found
    assert "Clubcompetitie 2030 · Fu-Hing" in found and "Totaal" in found
    assert "Avonden" in found and "NMB-nummer 31415" in page


def test_a_year_without_results(season: tuple[Member, list[Event]]) -> None:
    desiree, _events = season
    calls = Calls()
    page = pages(season_sheet.render(desiree, 2031, language="en", progress=calls))[0]
    assert "No results in this season." in page
    assert "No club evenings with results in this season yet." in page
    calls.check(0)
