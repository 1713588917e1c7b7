"""A deleted hand, one that was never played, does not shift the East of
the hands after it: the next deal follows the last hand saved
(scoring/engine/deal.py, tested in tests/engine/test_deal.py)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tests.scoring_entry.conftest import new_id, values_input
from tournaments.models import Table
from tournaments.services.hands import delete_hand, submit_hand
from tournaments.services.score_entry_page import table_state

pytestmark = pytest.mark.django_db


def _enter(table: Table, keeper: User, count: int) -> None:
    for _ in range(count):
        table.refresh_from_db()
        state = table_state(table)
        playing = [p["position"] for p in state["players"] if p["seat_wind"]]
        # A non-East player wins each hand, so the winds move on.
        winner = next(p for p in playing if p != state["east"])
        values = {p: (40 if p == winner else 0) for p in playing}
        submit_hand(table, game_input=values_input(values, winner=winner, east=None),
                    submission_id=new_id(), expected_version=state["version"], user=keeper)


def test_deleting_a_middle_hand_keeps_the_next_east(table: Table, keeper: User) -> None:
    _enter(table, keeper, 6)
    table.refresh_from_db()
    before = table_state(table)
    assert (before["east"], before["prevailing_wind"]) == (2, "S")
    hand = table.hands.get(number=2)
    delete_hand(hand, expected_version=before["version"], user=keeper)
    table.refresh_from_db()
    after = table_state(table)
    assert (after["east"], after["prevailing_wind"]) == (2, "S")
    assert after["hand_number"] == 7
