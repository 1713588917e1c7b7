"""Who is East next, and the prevailing wind, follow the last hand saved as
the table played it (tournaments.services.hands.next_deal): rule-decisions
N1 (the winds move on unless East stays: the engine's `winds_rotate`) and
seed 001 "Schema bij een tafel van 5 spelers" for tables of 5. A deleted
hand, one that was never played, does not shift the hands after it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tests.scoring_entry.conftest import new_id, values_input
from tournaments.models import Table
from tournaments.seating import FIVE_PLAYER_ROTATION
from tournaments.services.hands import (
    Dealt,
    delete_hand,
    next_deal,
    submit_hand,
    table_state,
)

pytestmark = pytest.mark.django_db


def test_the_first_hand_starts_with_seat_0_as_east_in_the_east_round() -> None:
    deal = next_deal([0, 1, 2, 3], [])
    assert (deal.east, deal.playing, deal.prevailing) == (0, [0, 1, 2, 3], "E")


def test_east_passes_on_and_the_wind_moves_when_everyone_was_east() -> None:
    history: list[Dealt] = []
    seen = []
    for _ in range(9):
        deal = next_deal([0, 1, 2, 3], history)
        seen.append((deal.east, deal.prevailing))
        history.append(Dealt(east=deal.east, prevailing=deal.prevailing, rotates=True))
    assert seen == [(0, "E"), (1, "E"), (2, "E"), (3, "E"),
                    (0, "S"), (1, "S"), (2, "S"), (3, "S"), (0, "W")]


def test_east_stays_when_the_winds_do_not_rotate() -> None:
    # N1: East wins (or, by option, a draw): East deals again, same wind.
    history = [Dealt(east=3, prevailing="E", rotates=False)]
    deal = next_deal([0, 1, 2, 3], history)
    assert (deal.east, deal.prevailing) == (3, "E")


def test_the_wind_moves_on_when_the_first_east_deals_again() -> None:
    # The table started with seat 2 as East (given by the scorekeeper).
    history = [Dealt(east=e, prevailing="E", rotates=True) for e in (2, 3, 0, 1)]
    deal = next_deal([0, 1, 2, 3], history)
    assert (deal.east, deal.prevailing) == (2, "S")


def test_three_players_rotate_among_three() -> None:
    history = [Dealt(east=e, prevailing="E", rotates=True) for e in (0, 1, 2)]
    assert (next_deal([0, 1, 2], history).east, next_deal([0, 1, 2], history).prevailing) == (
        0, "S")


def test_five_players_follow_the_schedule_from_the_last_hand() -> None:
    history: list[Dealt] = []
    for number in range(11):
        deal = next_deal([0, 1, 2, 3, 4], history)
        row = FIVE_PLAYER_ROTATION[number % 5]
        assert (deal.east, deal.playing) == (row[0], list(row[:4]))
        assert deal.prevailing == "ESW"[number // 5]
        history.append(Dealt(east=deal.east, prevailing=deal.prevailing, rotates=False))


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
