"""Who is East next, and the prevailing wind (scoring/engine/deal.py): the
next hand follows the last one played. Rule-decisions N1 (the winds move on
unless East stays: each rule set's `winds_rotate`) and seed 001 "Schema bij
een tafel van 5 spelers" for tables of 5."""

from __future__ import annotations

from scoring.engine.deal import FIVE_PLAYER_ROTATION, Dealt, next_deal


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
