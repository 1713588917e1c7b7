"""MCR and Riichi: rule sets scored by table result (scoring/engine/table_result.py).

Sources: MCR, the EMA's Mahjong Competition Rules ("green book", 2006),
tournament scoring: the table's scores sum to zero (every hand is settled
among the four), table points 4-2-1-0 by place, tied players share the
points of their places. Riichi, the EMA Riichi Competition Rules 2016:
30,000 starting points, final points summing to 4 × 30,000, result =
(final − 30,000) / 1,000 + uma 15/5/−5/−15, equal final points share the
uma, chombo −20,000 points.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from scoring.engine import RULESETS, InvalidGame, score_game
from scoring.engine.table_result import MAX_TABLE_SCORE, TableLine

MCR = RULESETS["mcr"]
RIICHI = RULESETS["riichi"]


def points(lines: dict[str, TableLine]) -> dict[str, Decimal]:
    return {player: line.table_points for player, line in lines.items()}


def test_both_are_in_the_catalogue_for_tables_of_four_ranked_by_mers_and_the_bond() -> None:
    for ruleset in (MCR, RIICHI):
        assert ruleset.by_table_result and ruleset.mers_ranked and ruleset.bond_ranked
        assert ruleset.player_counts == frozenset({4})
    assert (MCR.title, RIICHI.title) == ("MCR", "Riichi")
    # EMA Riichi 2016 "Chombo": -20,000 points, i.e. 20 table points.
    assert RIICHI.chombo_points == 20_000
    assert RIICHI.penalty_table_points * RIICHI.chombo_points == 20
    # MCR: a false mahjong is settled at the table (10 to each other player).
    assert MCR.chombo_points is None and MCR.penalty_table_points == 0


@pytest.mark.parametrize("name", ["mcr", "riichi"])
def test_a_hand_of_a_table_result_rule_set_is_refused_clearly(name: str) -> None:
    result = score_game({"ruleset": name, "prevailing_wind": "E", "players": {}})
    assert result["code"] == "scored_by_table"
    assert result["params"] == {"ruleset": name}
    assert "by table result" in result["error"]
    with pytest.raises(InvalidGame) as refused:
        RULESETS[name].settle({"E": 0}, None, {})
    assert refused.value.code == "scored_by_table"


@pytest.mark.parametrize(("scores", "expected"), [
    pytest.param({"a": 40, "b": 10, "c": -20, "d": -30}, [4, 2, 1, 0], id="no-ties"),
    pytest.param({"a": 10, "b": 10, "c": -5, "d": -15}, [3, 3, 1, 0], id="two-tied-first"),
    pytest.param({"a": 30, "b": -10, "c": -10, "d": -10}, [4, 1, 1, 1], id="three-tied-last"),
    pytest.param({"a": 5, "b": 5, "c": 5, "d": -15},
                 ["2.33333", "2.33333", "2.33333", "0"], id="three-tied-first-third"),
    pytest.param({"a": 0, "b": 0, "c": 0, "d": 0}, ["1.75"] * 4, id="all-tied"),
    pytest.param({"a": 20, "b": -5, "c": -5, "d": -10}, [4, "1.5", "1.5", 0], id="tied-middle"),
])
def test_mcr_table_points_4_2_1_0_shared_by_ties(scores: dict[str, int],
                                                  expected: list[object]) -> None:
    # EMA MCR tournament scoring: 4-2-1-0, equal scores share their places' points.
    lines = MCR.score_table(scores)
    assert list(points(lines).values()) == [Decimal(str(value)) for value in expected]
    assert {player: line.score for player, line in lines.items()} == scores


def test_mcr_places_share_the_better_place() -> None:
    lines = MCR.score_table({"a": 10, "b": 10, "c": -5, "d": -15})
    assert [line.place for line in lines.values()] == [1, 1, 3, 4]


@pytest.mark.parametrize(("scores", "code", "params"), [
    pytest.param({"a": 10, "b": 10, "c": -5, "d": -3}, "table_sum_over",
                 {"total": 12, "expected": 0, "difference": 12}, id="over"),
    pytest.param({"a": 10, "b": -10, "c": -5, "d": 0}, "table_sum_under",
                 {"total": -5, "expected": 0, "difference": 5}, id="under"),
])
def test_mcr_scores_must_sum_to_zero(scores: dict[str, int], code: str,
                                     params: dict[str, int]) -> None:
    # MCR: every hand is settled among the four players, so the table sums to zero.
    with pytest.raises(InvalidGame) as refused:
        MCR.score_table(scores)
    assert (refused.value.code, refused.value.params) == (code, params)
    assert f"add up to {params['total']}, not 0" in str(refused.value)


@pytest.mark.parametrize(("scores", "code"), [
    pytest.param({"a": 0, "b": 0, "c": 0}, "table_players", id="three"),
    pytest.param({"a": 0, "b": 0, "c": 0, "d": 0, "e": 0}, "table_players", id="five"),
    pytest.param({"a": 1.5, "b": 0, "c": 0, "d": -1.5}, "table_score_not_whole", id="float"),
    pytest.param({"a": True, "b": 0, "c": 0, "d": -1}, "table_score_not_whole", id="bool"),
    pytest.param({"a": "5", "b": 0, "c": 0, "d": -5}, "table_score_not_whole", id="text"),
    pytest.param({"a": MAX_TABLE_SCORE + 1, "b": -MAX_TABLE_SCORE - 1, "c": 0, "d": 0},
                 "table_score_out_of_range", id="huge"),
    pytest.param({"a": 10**400, "b": 0, "c": 0, "d": 0}, "table_score_out_of_range",
                 id="enormous"),
])
def test_every_number_has_limits(scores: dict[str, object], code: str) -> None:
    for ruleset in (MCR, RIICHI):
        with pytest.raises(InvalidGame) as refused:
            ruleset.score_table(scores)  # type: ignore[arg-type]
        assert refused.value.code == code


def test_riichi_ema_defaults_result_and_uma() -> None:
    # EMA Riichi 2016: (final - 30,000) / 1,000 + uma 15/5/-5/-15; no oka.
    lines = RIICHI.score_table({"a": 45_300, "b": 32_100, "c": 24_600, "d": 18_000})
    assert points(lines) == {"a": Decimal("30.3"), "b": Decimal("7.1"),
                             "c": Decimal("-10.4"), "d": Decimal("-27")}
    assert [line.score for line in lines.values()] == [15_300, 2_100, -5_400, -12_000]
    assert sum(points(lines).values()) == 0


def test_riichi_tied_players_share_uma() -> None:
    # EMA Riichi 2016: equal final points split the uma of their places.
    lines = RIICHI.score_table({"a": 35_000, "b": 35_000, "c": 30_000, "d": 20_000})
    assert points(lines) == {"a": Decimal(15), "b": Decimal(15), "c": Decimal(-5),
                             "d": Decimal(-25)}
    assert [line.place for line in lines.values()] == [1, 1, 3, 4]


def test_riichi_oka_goes_to_the_first_and_ties_share_it() -> None:
    options = {"starting_points": 25_000, "return_points": 30_000, "uma": "20-10"}
    lines = RIICHI.score_table({"a": 40_000, "b": 30_000, "c": 20_000, "d": 10_000}, options)
    # oka = 4 x 5,000 = 20 to the first; each counted from 30,000.
    assert points(lines) == {"a": Decimal(50), "b": Decimal(10), "c": Decimal(-20),
                             "d": Decimal(-40)}
    assert [line.score for line in lines.values()] == [15_000, 5_000, -5_000, -15_000]
    tied = RIICHI.score_table({"a": 30_000, "b": 30_000, "c": 30_000, "d": 10_000}, options)
    # Three share (20 + 20) + 10 - 10 = 40: 13.33333 each on top of their 0.
    assert points(tied)["a"] == Decimal("13.33333")


@pytest.mark.parametrize(("uma", "first", "last"), [
    ("15-5", 15, -15), ("20-10", 20, -20), ("30-10", 30, -30), ("10-5", 10, -10), ("0", 0, 0)])
def test_riichi_uma_choices(uma: str, first: int, last: int) -> None:
    lines = RIICHI.score_table({"a": 30_000, "b": 30_001, "c": 29_999, "d": 30_000},
                               {"uma": uma})
    assert lines["b"].place == 1
    assert lines["c"].place == 4
    assert lines["c"].table_points == Decimal(last) - Decimal("0.001")


def test_riichi_final_points_sum_to_four_times_the_start() -> None:
    with pytest.raises(InvalidGame) as refused:
        RIICHI.score_table({"a": 40_000, "b": 30_000, "c": 30_000, "d": 19_000})
    assert refused.value.code == "table_sum_under"
    assert refused.value.params == {"total": 119_000, "expected": 120_000, "difference": 1_000}
    with pytest.raises(InvalidGame) as refused:
        RIICHI.score_table({"a": 26_000, "b": 25_000, "c": 25_000, "d": 25_000},
                           {"starting_points": 25_000})
    assert refused.value.code == "table_sum_over"


@pytest.mark.parametrize(("options", "code"), [
    ({"uma": "25-5"}, "option_not_a_choice"),
    ({"starting_points": 0}, "option_below_minimum"),
    ({"return_points": 10**9}, "option_above_maximum"),
    ({"starting_points": 30_000, "return_points": 25_000}, "return_below_start"),
    ({"oka": 5}, "unknown_option"),
])
def test_riichi_options_are_checked(options: dict[str, object], code: str) -> None:
    with pytest.raises(InvalidGame) as refused:
        RIICHI.resolve_options(options)
    assert refused.value.code == code


def test_the_score_is_entered_back_as_it_was() -> None:
    options = RIICHI.resolve_options({"starting_points": 25_000, "return_points": 30_000})
    assert RIICHI.entered_from_score(RIICHI.stored_score(41_200, options), options) == 41_200
    assert MCR.entered_from_score(-12, {}) == -12
