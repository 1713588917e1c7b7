"""Properties of `score_game` on generated valid NTS games.

Decisions cited: N9 (limit 2000), N12 (dead hand), N13 (settlement),
N14 (draw), N15 (rounding to tens), R1 (best reading, so tile order is
irrelevant). Contract: /work/shared/docs/score-interface.md.
"""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring.engine import score_game
from tests.engine.strategies import games, legal_games, parse_tiles
from tests.support.examples import examples

FAST = settings(
    max_examples=examples(60),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

SEAT_WORDS = {
    "E": ("east", "oost"),
    "S": ("south", "zuid"),
    "W": ("west",),
    "N": ("north", "noord"),
}


def names_a_seat(message: str) -> bool:
    low = message.lower()
    return any(
        re.search(rf"\b{seat}\b", message) or any(w in low for w in words)
        for seat, words in SEAT_WORDS.items()
    )


def score(game: dict[str, Any]) -> dict[str, Any]:
    before = copy.deepcopy(game)
    result = score_game(game)
    assert game == before, "score_game mutated its input"
    assert isinstance(result, dict)
    json.dumps(result)  # the result is a JSON Lines record
    return result


def scored(game: dict[str, Any]) -> dict[str, Any]:
    """The result of a game expected to score; rejected games are skipped
    (a generated winner may be a false mahjong, N10)."""
    result = score(game)
    assume("error" not in result)
    return result


# N13 (000 §2.1): the winner receives its value from each other player and
# pays nobody; the others settle gross pairwise, each receiving its own value
# from the other; East pays and receives double in every payment. N15: each
# gross payment rounded to whole tens, half up.
def reference_settlement(
    scores: dict[str, int], winner: str | None, round_to_tens: bool = False
) -> dict[str, int]:
    net = {seat: 0 for seat in scores}
    if winner is None:  # N14
        return net

    def pay(payer: str, payee: str, value: int) -> None:
        amount = value * (2 if "E" in (payer, payee) else 1)
        if round_to_tens:
            amount = (amount + 5) // 10 * 10
        net[payer] -= amount
        net[payee] += amount

    others = [seat for seat in scores if seat != winner]
    for seat in others:
        pay(seat, winner, scores[winner])
    for receiver in others:
        for payer in others:
            if payer != receiver:
                pay(payer, receiver, scores[receiver])
    return net


def test_reference_reproduces_the_worked_example() -> None:
    # 003 "Voorbeeld punten berekening" / N13: checks the checker.
    scores = {"E": 64, "S": 96, "W": 0, "N": 20}
    assert reference_settlement(scores, "S") == {"E": 24, "S": 384, "W": -244, "N": -164}


# ------------------------------------------------------------------ errors


@FAST
@given(games())
def test_every_game_scores_or_is_rejected_never_raises(game: dict[str, Any]) -> None:
    result = score(game)
    if "error" in result:
        message = result["error"]
        assert isinstance(message, str) and message.strip()
        assert names_a_seat(message), message
    else:
        assert set(result["scores"]) == set(game["players"])
        assert set(result["settlement"]) == set(game["players"])
        assert isinstance(result["hands"], dict)


@FAST
@given(legal_games())
def test_a_valid_game_with_a_surely_legal_winner_is_never_rejected(
    game: dict[str, Any],
) -> None:
    # The winner is pure (3 doublings) or fully concealed and self-drawn
    # ("verborgen schat", 2 doublings), so N10 is met; everything else is
    # valid input (dead hands may hold a wrong number of tiles).
    result = score(game)
    assert "error" not in result, result


# -------------------------------------------------------------- settlement


@FAST
@given(games())
def test_settlement_sums_to_zero_and_values_respect_the_limit(game: dict[str, Any]) -> None:
    result = scored(game)
    assert sum(result["settlement"].values()) == 0
    for seat, value in result["scores"].items():
        assert isinstance(value, int)
        assert 0 <= value <= 2000, (seat, value)  # N9
    for seat, amount in result["settlement"].items():
        assert isinstance(amount, int)
        assert -12000 <= amount <= 12000, (seat, amount)  # 000 §2.2


@FAST
@given(games())
def test_settlement_matches_the_reference_east_double(game: dict[str, Any]) -> None:
    result = scored(game)
    rounding = bool(game["options"].get("round_to_tens", False))
    expected = reference_settlement(result["scores"], game["winner"], rounding)
    assert result["settlement"] == expected, (result["scores"], game["winner"])
    if rounding:
        assert all(amount % 10 == 0 for amount in result["settlement"].values())


@FAST
@given(games(outcome="draw"))
def test_a_draw_pays_nobody(game: dict[str, Any]) -> None:
    result = score(game)
    assert "error" not in result, result
    assert result["scores"] == {seat: 0 for seat in game["players"]}  # N14
    assert result["settlement"] == {seat: 0 for seat in game["players"]}
    assert result["hands"] == {}


@FAST
@given(games(force_dead=True))
def test_a_dead_player_scores_zero(game: dict[str, Any]) -> None:
    result = scored(game)
    for seat in game["dead"]:
        assert result["scores"][seat] == 0, seat  # N12
        if "concealed" in game["players"][seat] and game["winner"] is not None:
            hand = result["hands"][seat]
            assert hand["value"] == 0 and hand.get("dead") is True, hand


@FAST
@given(games())
def test_breakdown_agrees_with_scores(game: dict[str, Any]) -> None:
    result = scored(game)
    assume(game["winner"] is not None)
    hands = result["hands"]
    tiles_players = {s for s, p in game["players"].items() if "concealed" in p}
    assert set(hands) == tiles_players
    for seat, hand in hands.items():
        assert result["scores"][seat] == hand["value"], seat
        if hand.get("dead") or hand.get("waiting") or hand["limit"] is not None:
            continue
        points = sum(item.get("points", 0) for item in hand["items"])
        doublings = sum(item.get("doublings", 0) for item in hand["items"])
        assert (hand["points"], hand["doublings"]) == (points, doublings), seat
        assert hand["value"] == min(2000, points * 2**doublings), seat
    winner = game["winner"]
    if winner in hands:
        hand = hands[winner]
        assert hand["legal_mahjong"] is True
        assert hand["limit"] is not None or hand["doublings"] >= 2  # N10


# ---------------------------------------------------------------- notation


def scramble(text: str, rnd: random.Random) -> str:
    """Same tiles, shuffled, in arbitrary tenhou grouping ("432m5p1m...")."""
    tiles = parse_tiles(text)
    rnd.shuffle(tiles)
    out: list[str] = []
    digits = ""
    for i, tile in enumerate(tiles):
        digits += tile[0]
        last = i == len(tiles) - 1
        if last or tiles[i + 1][1] != tile[1] or rnd.random() < 0.25:
            out.append(digits + tile[1])
            digits = ""
    return "".join(out)


def canonical(result: dict[str, Any]) -> dict[str, Any]:
    result = copy.deepcopy(result)
    for hand in result.get("hands", {}).values():
        hand["items"] = sorted(hand["items"], key=lambda i: json.dumps(i, sort_keys=True))
    return result


@FAST
@given(games(), st.randoms(use_true_random=False))
def test_tile_and_meld_order_never_change_the_result(
    game: dict[str, Any], rnd: random.Random
) -> None:
    first = score(game)
    shuffled = copy.deepcopy(game)
    for player in shuffled["players"].values():
        if "concealed" in player:
            player["concealed"] = scramble(player["concealed"], rnd)
            rnd.shuffle(player["melds"])
    seats = list(shuffled["players"])
    rnd.shuffle(seats)
    shuffled["players"] = {seat: shuffled["players"][seat] for seat in seats}
    second = score(shuffled)
    if "error" in first:
        assert "error" in second, (shuffled["players"], second)
    else:
        assert canonical(second) == canonical(first), shuffled["players"]


# ------------------------------------------------------------- score form


@FAST
@given(games())
def test_players_given_as_scores_settle_the_same(game: dict[str, Any]) -> None:
    first = scored(game)
    by_score = copy.deepcopy(game)
    for seat, player in by_score["players"].items():
        if "concealed" in player:
            by_score["players"][seat] = {"score": first["scores"][seat]}
    second = score(by_score)
    assert "error" not in second, second
    assert second["scores"] == first["scores"]
    assert second["settlement"] == first["settlement"]
