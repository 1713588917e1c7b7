"""Score sheets as a PDF (exports/pdf/score_sheets.py), read back with pypdf.

The hands at table 1 are those of tests/domain/test_standings.py, settled by
hand there (NTS: the winner is paid its value by all, the others settle the
differences, East pays and receives double):

* hand 1, East seat 0: seat 1 wins 40 off seat 2's discard; 10, 0 and 8:
  seat 0 -56, seat 1 +160, seat 2 -68, seat 3 -36;
* hand 2, East seat 1: seat 3 wins 50 self-drawn; 24, 0 and 30:
  seat 0 -8, seat 1 -208, seat 2 +16, seat 3 +200; totals -64, -48, -52, 164;
* hand 3: a draw, nothing settled.
"""

from __future__ import annotations

from typing import Any

import pytest

from exports.pdf import score_sheets
from tests.exports.pdf_support import DESIREE, Calls, lines, pages
from tests.support.factories import EventFactory, MemberFactory
from tournaments.models import OddTables, Registration, Round, Table
from tournaments.services import registration as registrations
from tournaments.services import rounds

pytestmark = pytest.mark.django_db


def seated(players: int = 8, **fields: Any) -> Round:
    event = EventFactory(title="Clubavond april", **fields)
    for index in range(players):
        first, last = ("Désirée", "Heemskerk") if index == 0 else (f"Speler{index}", "Jansen")
        registrations.register(event, member=MemberFactory(
            club=event.club, first_name=first, last_name=last))
    return rounds.seat_round(rounds.add_round(event), seed=4)


def at_table(table: Table) -> list[Registration]:
    return [seat.registration for seat in
            table.seats.select_related("registration__member").order_by("position")]


def play_table_one(round_: Round) -> Table:
    table = round_.tables.get(number=1)
    rounds.record_hand(table, values={0: 10, 1: 40, 2: 0, 3: 8}, winner=1, east=0, discarder=2)
    rounds.record_hand(table, values={0: 24, 1: 0, 2: 30, 3: 50}, winner=3, east=1)
    rounds.record_hand(table, values={0: 0, 1: 0, 2: 0, 3: 0}, winner=None, east=2)
    return table


def contains_run(items: list[str], run: list[str]) -> bool:
    return any(items[start:start + len(run)] == run for start in range(len(items)))


def test_blank_sheets_have_the_players_and_empty_rows() -> None:
    round_ = seated()
    calls = Calls()
    text = pages(score_sheets.render(round_, filled=False, language="en", progress=calls))
    assert len(text) == 2  # a page per table
    calls.check(2)
    assert [done for done, _total in calls.calls] == [0, 1, 2]
    assert DESIREE in "\n".join(text)
    for number, page in enumerate(text, start=1):
        players = at_table(round_.tables.get(number=number))
        assert f"Score sheet · Table {number}, round 1" in page
        assert "Clubavond april" in page
        assert " · ".join(f"{wind}: {player.name}" for wind, player in
                          zip(("East", "South", "West", "North"), players, strict=True)) in page
        found = lines(page)
        assert found[found.index("Hand"):found.index("Hand") + 4] == [
            "Hand", "Prevailing", "wind", "Winner"]  # the title wraps in its column
        assert contains_run(found, ["Wind", "Value", "Settlement", "Total"] * 4)
        # Sixteen numbered rows to write in, then the totals, table points, initials.
        assert contains_run(found, [str(hand) for hand in range(1, 17)]
                            + ["Total", "Table points", "Initials"])
        assert f"Page {number} of 2" in page


def test_filled_sheets_while_the_round_is_played() -> None:
    round_ = rounds.start_round(seated())
    table = play_table_one(round_)
    a, b, c, d = (player.name for player in at_table(table))
    calls = Calls()
    text = pages(score_sheets.render(round_, filled=True, language="en", progress=calls))
    calls.check(2)
    found = lines(text[0])
    # Hand, prevailing wind, winner; per player wind, value, settlement, running total.
    assert contains_run(found, ["1", "E", b, "E", "10", "-56", "-56", "S", "40", "+160", "160",
                                "W", "0", "-68", "-68", "N", "8", "-36", "-36"])
    assert contains_run(found, ["2", "E", d, "N", "24", "-8", "-64", "E", "0", "-208", "-48",
                                "S", "30", "+16", "-52", "W", "50", "+200", "164"])
    assert contains_run(found, ["3", "E", "Draw", "W", "0", "0", "-64", "N", "0", "0", "-48",
                                "E", "0", "0", "-52", "S", "0", "0", "164"])
    # Numbered rows follow up to 16, so the table can carry on on paper.
    assert contains_run(found, [str(hand) for hand in range(4, 17)] + ["Total"])
    assert contains_run(found, ["Total", "-64", "-48", "-52", "164", "Table points", "Initials"])
    assert a == DESIREE or DESIREE in "\n".join(text)
    # Table 2 has no hands yet: its sheet is blank.
    assert contains_run(lines(text[1]), [str(hand) for hand in range(1, 17)])


def test_filled_sheets_of_a_closed_round_in_dutch() -> None:
    round_ = rounds.start_round(seated())
    table = play_table_one(round_)
    rounds.record_hand(round_.tables.get(number=2), values={0: 0, 1: 0, 2: 0, 3: 0},
                       winner=None, east=0)
    rounds.close_round(round_)
    a, b, c, d = (player.name for player in at_table(table))
    page = pages(score_sheets.render(round_, filled=True, language="nl"))[0]
    found = lines(page)
    assert "Tafel 1, ronde 1" in page
    assert f"Oost: {a}" in found and f"Noord: {d}" in found
    assert found[found.index("Hand"):found.index("Hand") + 3] == ["Hand", "Rondewind", "Winnaar"]
    assert contains_run(found, ["Wind", "Waarde", "Verrekening", "Totaal"] * 4)
    assert contains_run(found, ["1", "O", b, "O", "10", "-56", "-56", "Z", "40", "+160", "160"])
    assert contains_run(found, ["3", "O", "Remise"])
    # No rows to write in after a closed round; the table points and places.
    assert contains_run(found, ["164", "Totaal", "-64", "-48", "-52", "164", "Tafelpunten"])
    assert "16" not in found
    joined = " ".join(found)
    assert "4 tafelpunten, plaats 1 aan tafel" in joined  # seat 3: +164
    assert "0 tafelpunten, plaats 4 aan tafel" in joined  # seat 0: -64
    assert "Tafelpunten" in found


def test_the_fifth_player_sits_out_a_hand() -> None:
    round_ = rounds.start_round(seated(9, odd_tables=OddTables.FIVE))
    table = next(table for table in round_.tables.all() if table.seats.count() == 5)
    # Hand 1 at a table of 5: the fifth player sits out, seat 0 is East.
    rounds.record_hand(table, values={0: 40, 1: 0, 2: 0, 3: 0}, winner=0, east=0)
    text = pages(score_sheets.render(round_, filled=True, language="en"))
    page = text[table.number - 1]
    fifth = at_table(table)[4].name
    assert f"Fifth player: {fifth}" in page
    found = lines(page)
    assert contains_run(found, ["1", "E", at_table(table)[0].name, "E", "40", "+240", "240",
                                "S", "0", "-80", "-80", "W", "0", "-80", "-80", "N", "0", "-80",
                                "-80", "–", "0"])
    assert contains_run(found, ["Wind", "Value", "Settlement", "Total"] * 5)


def test_hands_waiting_for_confirmation_are_marked() -> None:
    round_ = rounds.start_round(seated(requires_confirmation=True))
    play_table_one(round_)
    page = pages(score_sheets.render(round_, filled=True, language="en"))[0]
    found = lines(page)
    assert "1*" in found and "3*" in found
    assert "* not confirmed" in found


def test_a_round_not_seated_yet() -> None:
    round_ = rounds.add_round(EventFactory())
    calls = Calls()
    text = pages(score_sheets.render(round_, filled=False, language="en", progress=calls))
    assert len(text) == 1 and "This round is not seated yet." in text[0]
    calls.check(0)
