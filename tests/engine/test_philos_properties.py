"""Properties of `score_game` on generated valid classic (Philos) games.

The NTS game strategy (tests/engine/strategies.py) made into Philos games:
the options of seed 004 drawn, flowers and seasons dealt when that option is
on, and the NTS-only flag dropped. Every complete hand is a mahjong in seed
004 (no minimum), so a valid game is never rejected. Decisions cited: P1
(limit 3000, option), P2 (settlement as N13: winner paid by all, East
double, the others settle among themselves), R1 (best reading).
"""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine import score_game
from tests.engine.strategies import games
from tests.engine.test_properties import reference_settlement
from tests.support.examples import examples

FAST = settings(
    max_examples=examples(80),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
BONUS = ("1f", "2f", "3f", "4f", "1j", "2j", "3j", "4j")


@st.composite
def philos_games(draw: Any, **kwargs: Any) -> dict[str, Any]:
    game = draw(games(**kwargs))
    game["ruleset"] = "philos"
    options: dict[str, Any] = {}
    for name in ("flowers_seasons", "heavenly_twins", "any_kong_doubles"):
        if draw(st.booleans()):
            options[name] = draw(st.booleans())
    if draw(st.integers(0, 3)) == 0:
        options["limit"] = draw(st.sampled_from((2000, 3000, 5000)))
    game["options"] = options
    game["flags"] = [flag for flag in game["flags"] if flag == "last_wall_tile"]
    if options.get("flowers_seasons"):
        bonus = draw(st.permutations(BONUS))
        cut = 0
        for player in game["players"].values():
            if "concealed" in player:
                take = draw(st.integers(0, 3))
                if take:
                    player["bonus"] = "".join(bonus[cut:cut + take])
                cut += take
    return game


def score(game: dict[str, Any]) -> dict[str, Any]:
    before = copy.deepcopy(game)
    result = score_game(game)
    assert game == before, "score_game mutated its input"
    json.dumps(result)
    return result


@FAST
@given(philos_games())
def test_a_valid_game_is_never_rejected_and_settles_to_zero(game: dict[str, Any]) -> None:
    result = score(game)
    assert "error" not in result, result
    assert sum(result["settlement"].values()) == 0
    limit = game["options"].get("limit", 3000)
    for seat, value in result["scores"].items():
        assert 0 <= value <= limit, (seat, value)  # P1


@FAST
@given(philos_games())
def test_settlement_is_the_reference_east_double_P2(game: dict[str, Any]) -> None:
    result = score(game)
    assert result["settlement"] == reference_settlement(result["scores"], game["winner"])


@FAST
@given(philos_games(outcome="win"))
def test_breakdown_agrees_with_scores(game: dict[str, Any]) -> None:
    result = score(game)
    limit = game["options"].get("limit", 3000)
    for seat, hand in result["hands"].items():
        assert result["scores"][seat] == hand["value"], seat
        if hand.get("dead") or hand["limit"] is not None:
            continue
        points = sum(item.get("points", 0) for item in hand["items"])
        doublings = sum(item.get("doublings", 0) for item in hand["items"])
        assert (hand["points"], hand["doublings"]) == (points, doublings), seat
        assert hand["value"] == min(limit, points * 2**doublings), seat
    if game["winner"] in result["hands"]:
        assert result["hands"][game["winner"]]["legal_mahjong"] is True


@FAST
@given(philos_games())
def test_players_given_as_scores_settle_the_same(game: dict[str, Any]) -> None:
    first = score(game)
    by_score = copy.deepcopy(game)
    for seat, player in by_score["players"].items():
        if "concealed" in player:
            by_score["players"][seat] = {"score": first["scores"][seat]}
    second = score(by_score)
    assert "error" not in second, second
    assert second["settlement"] == first["settlement"]
