"""The standings PDF (exports/pdf/standings.py), read back with pypdf."""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

import pytest
from django.utils.translation import override

from exports.pdf import standings
from exports.pdf.standings import StandingLine, StandingsData
from tests.exports.pdf_support import DESIREE, Calls, lines, pages, played_tournament
from tournaments.services.rounds import add_round, seat_round, start_round


@pytest.mark.django_db
def test_final_standings_of_a_played_tournament() -> None:
    played = played_tournament()
    calls = Calls()
    text = pages(standings.render(played.event, language="en", progress=calls))
    assert len(text) == 1
    page = text[0]
    assert "Fu-Hing Voorjaarstoernooi" in page
    assert "Final standings" in page
    # Both days, the venue, the club and the rule set.
    assert "6–7 March 2030" in page  # as the pages write it (common/dates.py)
    assert "Buurthuis De Kolk" in page and "Fu-Hing" in page
    assert "Rule set: Nederlandse Toernooi Spelregels (NTS)" in page
    assert "Ranked by total score, then table points." in page
    for title in ("Position", "Name", "Club", "NMB number", "Table points", "Score", "Rounds"):
        assert title in page
    # Names with accents come back as written, with club and NMB number.
    assert DESIREE in page and "31415" in page and "27182" in page
    assert "Lotte Gast (guest)" in page and "Philos" in page
    assert "Invaller Vos (substitute for Bram de Boer, not ranked)" in " ".join(lines(page))
    assert "Page 1 of 1" in page
    calls.check(1)


def contains_run(items: list[str], run: list[str]) -> bool:
    return any(items[start:start + len(run)] == run for start in range(len(items)))


@pytest.mark.django_db
def test_the_rows_carry_the_services_numbers() -> None:
    played = played_tournament()
    data = standings._collect(played.event, None)
    by_name = {line.name: line for line in data.lines}
    # Every seat played both rounds except Bram (round 1) and his substitute (round 2).
    assert by_name["Bram de Boer"].rounds_played == 1
    assert by_name["Invaller Vos"].rounds_played == 1 and by_name["Invaller Vos"].position is None
    assert by_name["Invaller Vos"].substitute_for == "Bram de Boer"
    assert by_name[DESIREE].rounds_played == 2 and by_name[DESIREE].nmb_number == "31415"
    assert by_name["Lotte Gast"].guest and by_name["Lotte Gast"].club == "Philos"
    # Equal results at the two tables share positions.
    assert any(line.shared for line in data.lines)

    page = pages(standings.render(played.event, language="en"))[0]
    assert "2= shared position · – not ranked" in page
    row_lines = lines(page)
    for line in data.lines:
        if line.substitute_for:
            continue  # its name wraps over two lines (below)
        position = "–" if line.position is None else (
            f"{line.position}=" if line.shared else str(line.position))
        name = f"{line.name} (guest)" if line.guest else line.name
        run = [position, name, line.club, line.nmb_number, f"{line.table_points.normalize():f}",
               str(line.score), str(line.rounds_played)]
        assert contains_run(row_lines, [cell for cell in run if cell]), run
    assert "Invaller Vos (substitute for Bram de Boer, not ranked)" in " ".join(row_lines)


@pytest.mark.django_db
def test_after_round_one_in_dutch() -> None:
    played = played_tournament()
    page = pages(standings.render(played.event, after_round=1, language="nl"))[0]
    assert "Stand na ronde 1" in page
    assert "6–7 maart 2030" in page
    assert "Regelsysteem: Nederlandse Toernooi Spelregels (NTS)" in page
    for title in ("Plaats", "Naam", "Club", "NMB-nummer", "Tafelpunten", "Score", "Rondes"):
        assert title in page
    assert "Gerangschikt op totaalscore, dan tafelpunten." in page
    assert "Lotte Gast (gast)" in page
    # The substitute played only in round 2.
    assert "Invaller Vos" not in page
    assert DESIREE in page


@pytest.mark.django_db
def test_a_running_event_is_after_its_last_closed_round() -> None:
    played = played_tournament(finish=False)
    start_round(seat_round(add_round(played.event), seed=2))  # round 3 is being played
    page = pages(standings.render(played.event, language="en"))[0]
    assert "Standings after round 2" in page and "Final standings" not in page
    # An earlier round of a finished event is not final either.
    assert standings._collect(played.event, 1).final is False


@pytest.mark.django_db
def test_no_closed_round_yet(event: object) -> None:
    calls = Calls()
    text = pages(standings.render(event, language="en", progress=calls))  # type: ignore[arg-type]
    assert len(text) == 1
    assert "Standings" in text[0] and "No rounds played yet." in text[0]
    assert "Page 1 of 1" in text[0]
    calls.check(1)


# --- 400 players, drawn from plain data ------------------------------------------------


def big_standings(players: int = 400) -> StandingsData:
    names = ["Désirée Heemskerk", "Zoë Dijkstra", "Joël Bakker", "Anouk de Vries"]
    rows = []
    for index in range(players):
        position = index + 1 - (index % 2)  # pairs share: 1, 1, 3, 3, ...
        rows.append(StandingLine(
            position=position, shared=True, name=f"{names[index % 4]} {index + 1:03d}",
            club=f"Club {index % 17}", nmb_number=f"{100000 + index}",
            table_points=Decimal("30.5") - Decimal(index) / 20, score=5000 - 25 * index,
            rounds_played=8))
    long_name = "Wilhelmina Johanna Cornelia van Oldenbarnevelt-Hohenzollern tot Sevenwolden"
    rows.append(StandingLine(position=None, shared=False, name=long_name, club="Gasten",
                             nmb_number="", table_points=Decimal(0), score=0, rounds_played=1,
                             substitute_for="Piet Paulusma"))
    return StandingsData(
        title="Nederlands Kampioenschap Mahjong 2030", club="Fu-Hing",
        start_date=datetime.date(2030, 3, 6), days=2, place="Utrecht", ruleset="nts",
        ranking_order="score", after_round=8, final=True, lines=rows)


def test_400_players_break_over_pages_with_the_header_on_every_page() -> None:
    data = big_standings()
    calls = Calls()
    with override("en"):
        pdf = standings._draw(data, progress=calls)
    text = pages(pdf)
    total = len(text)
    assert total >= 5
    calls.check(total)
    assert [done for done, _total in calls.calls] == list(range(total + 1))  # page by page
    seen: list[str] = []
    for number, page in enumerate(text, start=1):
        assert "Nederlands Kampioenschap Mahjong 2030" in page and "Final standings" in page
        header = lines(page)
        at = header.index("Position")
        assert header[at:at + 7] == ["Position", "Name", "Club", "NMB number", "Table points",
                                     "Score", "Rounds"]
        assert f"Page {number} of {total}" in page
        seen += re.findall(r"^(?:Désirée Heemskerk|Zoë Dijkstra|Joël Bakker|Anouk de Vries) "
                           r"\d{3}$", page, flags=re.MULTILINE)
    # Every player exactly once, in order, none lost at a page break.
    assert seen == [line.name for line in data.lines[:400]]
    # The long name wraps in its cell instead of being cut off.
    last = " ".join(lines(text[-1]))
    for word in ("Wilhelmina Johanna Cornelia", "Sevenwolden", "Piet Paulusma"):
        assert word in last
    # Shared positions and table points as the language writes them.
    assert "1=" in lines(text[0]) and "30.5" in lines(text[0])


def test_dutch_numbers_and_labels_from_plain_data() -> None:
    data = big_standings(6)
    with override("nl"):
        first = pages(standings._draw(data))[0]
    assert "30,5" in lines(first) and "30.5" not in lines(first)
    assert "(invaller voor Piet Paulusma, niet geklasseerd)" in " ".join(lines(first))
    assert "6–7 maart 2030" in first
