"""The hand log workbook (exports/excel/hand_log.py) of events of their own,
not tests/exports/sample.py's (test_excel_hand_log.py builds that once for
its whole module, so its tests share the database with it)."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from exports.excel import hand_log
from tests.exports.sample import workbook
from tests.exports.test_excel_hand_log import rows_by_key

pytestmark = pytest.mark.django_db


def test_a_table_of_five_has_a_fifth_player_who_sits_out() -> None:
    from clubs.models import Club, Member
    from tournaments.models import EventKind, OddTables
    from tournaments.seating import five_player_schedule
    from tournaments.services import create_event, hand_scoring, rounds
    from tournaments.services import registration as registrations

    club = Club.objects.create(name="Vijf", slug="vijf")
    event = create_event(club, kind=EventKind.EVENING, title="Vijf spelers",
                         start_date=datetime.date(2031, 5, 1), odd_tables=OddTables.FIVE)
    for index in range(5):
        member = Member.objects.create(club=club, first_name=f"P{index}", last_name="Vijf")
        registrations.register(event, member=member)
    round_ = rounds.start_round(rounds.seat_round(rounds.add_round(event), seed=1))
    table = round_.tables.get()
    for _hand in range(2):
        deal = hand_scoring.next_deal(list(range(5)), hand_scoring.dealt(table),
                                      five_player_schedule(event.ruleset))
        values = {position: 0 for position in deal.playing}
        values[deal.east] = 40
        rounds.record_hand(table, values=values, winner=deal.east, east=deal.east)
    ws = workbook(hand_log.render(event, language="en"))["Hands"]
    headers = [cell.value for cell in ws[1]]
    assert headers[28:33] == ["Player 5", "Player 5 seat wind", "Player 5 tiles",
                              "Player 5 value", "Player 5 settlement"]
    for row in ws.iter_rows(min_row=2, values_only=True):
        players = [row[8 + 5 * seat: 13 + 5 * seat] for seat in range(5)]
        sitting_out = [player for player in players if player[1] is None]
        assert len(sitting_out) == 1  # named, without wind, value or settlement
        assert sitting_out[0][0] and sitting_out[0][3] is None


def test_a_draw_is_named_in_the_winner_column(event: Any, club: Any) -> None:
    from clubs.models import Member
    from tournaments.services import registration as registrations
    from tournaments.services import rounds

    for name in ("Jan de Boer", "Gijs Willems", "Anna Bakker", "Piet van der Meer"):
        first, last = name.split(" ", 1)
        registrations.register(event, member=Member.objects.create(
            club=club, first_name=first, last_name=last))
    round_ = rounds.start_round(rounds.seat_round(rounds.add_round(event), seed=1))
    rounds.record_hand(round_.tables.get(), values={0: 0, 1: 0, 2: 0, 3: 0}, winner=None,
                       east=0)
    row = rows_by_key(workbook(hand_log.render(event, language="nl"))["Handen"])[(1, 1, 1)]
    assert row["Winnaar"] == "Remise"
