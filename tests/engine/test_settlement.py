"""Settlement: 000 §2.1, rule-decisions N13, N14, N15."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine.settlement import round_to_tens, settle


def test_the_seed_003_worked_example_settles_as_written() -> None:
    # 003 "Voorbeeld punten berekening" / N13.
    values = {"E": 64, "S": 96, "W": 0, "N": 20}
    assert settle(values, "S") == {"E": 24, "S": 384, "W": -244, "N": -164}


def test_east_winning_at_the_limit_receives_twelve_thousand() -> None:
    # 000 §2.2: East with 2000 receives 4000 from each of the three others.
    values = {"E": 2000, "S": 0, "W": 0, "N": 0}
    assert settle(values, "E") == {"E": 12000, "S": -4000, "W": -4000, "N": -4000}


def test_a_draw_settles_nothing() -> None:
    # N14.
    assert settle({"E": 40, "S": 8, "W": 0, "N": 16}, None) == {"E": 0, "S": 0, "W": 0, "N": 0}


@pytest.mark.parametrize(
    ("amount", "rounded"), [(0, 0), (4, 0), (5, 10), (14, 10), (96, 100), (244, 240), (125, 130)]
)
def test_rounding_to_tens_rounds_halves_up(amount: int, rounded: int) -> None:
    # N15, 003 "Fiches".
    assert round_to_tens(amount) == rounded


def test_rounding_is_per_payment_and_stays_zero_sum() -> None:
    values = {"E": 64, "S": 96, "W": 0, "N": 22}
    result = settle(values, "S", rounding=True)
    assert sum(result.values()) == 0
    # W pays S 96 -> 100, N 22 -> 20, E 128 -> 130.
    assert result["W"] == -250


VALUES = st.integers(min_value=0, max_value=2000)


@given(st.fixed_dictionaries({s: VALUES for s in "ESWN"}), st.sampled_from(["E", "S", "W", "N", None]),
       st.booleans())
def test_settlement_is_zero_sum(values: dict[str, int], winner: str | None, rounding: bool) -> None:
    assert sum(settle(values, winner, rounding=rounding).values()) == 0


@given(st.fixed_dictionaries({s: VALUES for s in "ESWN"}), st.sampled_from("ESWN"))
def test_the_winner_never_pays(values: dict[str, int], winner: str) -> None:
    assert settle(values, winner)[winner] >= 0


def test_three_players_settle_among_themselves() -> None:
    # Seed 001 "Tafel van 3 spelers": as with four, one player fewer.
    from scoring.engine import score_game

    game = {
        "prevailing_wind": "E",
        "players": {"E": {"score": 40}, "S": {"score": 100}, "W": {"score": 8}},
        "winner": "S",
    }
    # S receives 100 from W and 200 from E; E and W settle 40 - 8 = 32, doubled.
    assert score_game(game)["settlement"] == {"E": -136, "S": 300, "W": -164}
