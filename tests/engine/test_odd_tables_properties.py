"""Properties of tables of 3 and 5, for every rule set that has them.

Tables of 3 (NTS: seed 003 "Drie spelers"; Hong Kong: seed 001 "Tafel van
3 spelers"): every settlement sums to zero, by value and by tiles, with and
without the rule sets' 3-player options; with ``three_player_two_suits`` a
game is refused exactly when a player holds a tile outside the 96 or an
open chow. Tables of 5 (Hong Kong: seed 001 "Schema bij een tafel van 5
spelers"; NTS: seed 003 "Vijf spelers"; classic: the same dreamer, 004 has
no table of 5): hand after hand as deal.next_deal deals them, each hand
settles to zero among the four who play, the one who sits out is not in it,
and over five hands every player is East once and sits out once.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring.engine import RULESETS, score_game
from scoring.engine.deal import Dealt, next_deal
from tests.engine.strategies import (
    LEGAL_MODES,
    TILES,
    draw_non_winner,
    draw_winner_hand,
    legal_games,
    parse_tiles,
    to_tenhou,
)
from tests.support.examples import examples

FAST = settings(max_examples=examples(80), deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
THREE = ("E", "S", "W")
WINDS = ("E", "S", "W", "N")


def sums_to_zero(game: dict[str, Any]) -> dict[str, Any]:
    result = score_game(game)
    assert "error" not in result, (game, result)
    assert sum(result["settlement"].values()) == 0
    assert set(result["settlement"]) == set(game["players"])
    return result


# ------------------------------------------------------------------ tables of 3, by value

@st.composite
def three_by_value(draw: Any, ruleset: str) -> dict[str, Any]:
    winner = draw(st.sampled_from((None, *THREE)))
    top = 20 if ruleset == "hongkong" else 2000
    game: dict[str, Any] = {
        "ruleset": ruleset,
        "winner": winner,
        "players": {seat: {"score": draw(st.integers(0, top))} for seat in THREE},
    }
    if ruleset == "hongkong":
        game["options"] = {"minimum_fan": 0,
                           "payment": draw(st.sampled_from(("discarder_pays", "half_pay"))),
                           "three_player_split": draw(st.booleans())}
        for seat in THREE:
            if seat != winner:
                game["players"][seat]["score"] = 0  # a non-winner scores no fan
    else:
        game["options"] = {"three_player_two_suits": draw(st.booleans()),
                           "round_to_tens": draw(st.booleans())}
    # The rounds a table of 3 plays under these options (a Hong Kong table
    # has no North round: 001 "Tafel van 3 spelers", H9; NTS with
    # three_player_two_suits plays the round of the green dragon instead,
    # 003 "Drie spelers").
    game["prevailing_wind"] = draw(st.sampled_from(
        RULESETS[ruleset].deal_order(3, game["options"]).winds))
    if winner is None:
        for seat in THREE:
            game["players"][seat]["score"] = 0
        return game
    source = draw(st.sampled_from(("wall", "discard")))
    game["win_source"] = source
    if source == "discard":
        game["discarder"] = draw(st.sampled_from([s for s in THREE if s != winner]))
    if ruleset == "hongkong":
        if source == "wall" and game["players"][winner]["score"] == 0:
            game["players"][winner]["score"] = 1  # a self-drawn win has a fan at least
        extra = draw(st.sampled_from(("", "false_mahjong", "pao")))
        if extra == "false_mahjong":
            game["flags"] = ["false_mahjong"]
        elif extra == "pao":
            game["flags"] = ["pao:" + draw(st.sampled_from([s for s in THREE if s != winner]))]
            # Pao by value: a limit hand or the little four winds, 8 fan or
            # more (H8); below that only under the 7-5 rule (H7).
            if game["players"][winner]["score"] < 8:
                if source == "discard" and draw(st.booleans()):
                    game["flags"] = [f"pao:{game['discarder']}", "seven_five"]
                else:
                    game["players"][winner]["score"] = 8
    return game


@FAST
@given(st.sampled_from(("nts", "hongkong")).flatmap(three_by_value))
def test_three_player_settlements_by_value_sum_to_zero(game: dict[str, Any]) -> None:
    """003 "Drie spelers" (NTS, N13 among three), 001 "Tafel van 3 spelers"
    (Hong Kong, both payment tables, the split option, false mahjong, pao)."""
    result = sums_to_zero(game)
    if game["winner"] is None:
        assert set(result["settlement"].values()) == {0}


# ------------------------------------------------------------------ tables of 3, by tiles

def at_three(game: dict[str, Any]) -> dict[str, Any]:
    """A generated 4-player game with North left out (a winner in North's
    seat is skipped; a discard by North becomes one by another loser)."""
    assume(game["winner"] != "N")
    game = {**game, "players": {s: p for s, p in game["players"].items() if s != "N"}}
    game["dead"] = [seat for seat in game.get("dead", []) if seat != "N"]
    if game.get("discarder") == "N":
        game["discarder"] = next(s for s in THREE if s != game["winner"])
    return game


def outside_the_96(game: dict[str, Any]) -> bool:
    """A tile of characters or North, or an open chow (003 "Drie spelers")."""
    for player in game["players"].values():
        tiles = parse_tiles(player.get("concealed", ""))
        for meld in player.get("melds", []):
            tiles += parse_tiles(meld["tiles"])
            if meld["kind"] == "chow" and meld.get("open", True):
                return True
        if any(tile.endswith("m") or tile == "4z" for tile in tiles):
            return True
    return False


@FAST
@given(legal_games(), st.booleans())
def test_nts_at_three_by_tiles(game: dict[str, Any], two_suits: bool) -> None:
    """003 "Drie spelers": with the option a game is refused exactly when a
    tile is outside the 96 or a chow is open, naming the option; otherwise
    (and always without the option) it settles to zero among the three."""
    game = at_three(game)
    game["options"] = {**game.get("options", {}), "three_player_two_suits": two_suits}
    if two_suits and game["prevailing_wind"] == "N":
        # No North round there: the round of the green dragon follows West's.
        game["prevailing_wind"] = "G"
    if two_suits and outside_the_96(game):
        assert "three_player_two_suits" in score_game(game)["error"]
    else:
        sums_to_zero(game)


def without_open_chows(player: dict[str, Any]) -> dict[str, Any]:
    """The player with every open chow kept on the rack instead."""
    chows = [m for m in player["melds"] if m["kind"] == "chow" and m.get("open", True)]
    rack = parse_tiles(player["concealed"]) + [t for m in chows for t in parse_tiles(m["tiles"])]
    return {"concealed": to_tenhou(rack), "melds": [m for m in player["melds"] if m not in chows]}


@st.composite
def games_of_96(draw: Any) -> dict[str, Any]:
    """A valid NTS game at a table of 3 with the 96 tiles of 003 "Drie
    spelers" (bamboos, circles, East South West, dragons), no open chow."""
    pool = Counter({tile: 4 for tile in TILES if not tile.endswith("m") and tile != "4z"})
    winner = draw(st.sampled_from((None, *THREE)))
    game: dict[str, Any] = {"ruleset": "nts", "prevailing_wind": draw(st.sampled_from(THREE)),
                            "winner": winner, "players": {},
                            "options": {"three_player_two_suits": True}}
    if winner is not None:
        hand = draw_winner_hand(draw, pool, draw(st.sampled_from(LEGAL_MODES)))
        game["players"][winner] = without_open_chows(hand)
        game["winning_tile"] = hand["winning_tile"]
        game["win_source"] = "wall"  # a concealed hand needs it (LEGAL_MODES)
    for seat in THREE:
        if seat != winner:
            game["players"][seat] = without_open_chows(draw_non_winner(draw, pool))
    return game


@FAST
@given(games_of_96())
def test_nts_with_the_96_tiles_scores_among_three(game: dict[str, Any]) -> None:
    """003 "Drie spelers": a game within the 96 tiles and without open chows
    is never refused for the option, and settles to zero."""
    assert not outside_the_96(game)
    result = score_game(game)
    assert "three_player_two_suits" not in result.get("error", ""), result
    assume("error" not in result)  # a reading below 2 doublings (N10) is possible
    assert sum(result["settlement"].values()) == 0


@FAST
@given(legal_games(allow_dead=False, allow_score_players=False),
       st.sampled_from(("discarder_pays", "half_pay")),
       st.booleans())
def test_hong_kong_at_three_by_tiles(game: dict[str, Any], payment: str, split: bool) -> None:
    """001 "Tafel van 3 spelers": the hands scored as at 4, paid by either
    table among the three; only a reading below the fan needed is refused."""
    game = at_three(game)
    game["ruleset"] = "hongkong"
    if game["prevailing_wind"] == "N":  # no North round at a table of 3 (H9)
        game["prevailing_wind"] = "W"
    game["options"] = {"minimum_fan": 0, "payment": payment, "three_player_split": split}
    game["flags"] = [flag for flag in game["flags"] if flag != "last_wall_tile"]
    result = score_game(game)
    if "error" in result:
        assert "mahjong" in result["error"], result  # no HK reading of the tiles
        return
    assert sum(result["settlement"].values()) == 0
    winner = game["winner"]
    for seat, amount in result["settlement"].items():
        assert amount >= 0 if seat == winner else amount <= 0


# ------------------------------------------------------------------ tables of 5

@st.composite
def five_hands(draw: Any) -> tuple[str, list[tuple[int | None, int, str, int | None]]]:
    """A rule set and ten hands at a table of 5, each as (winner's place
    among the four playing, the winner's value, the win source, the
    discarder's place); winner None is a draw."""
    # Rule sets scored by table result (MCR, Riichi) have no hands to settle.
    ruleset = draw(st.sampled_from(sorted(name for name, rules in RULESETS.items()
                                          if not rules.by_table_result)))
    hands = []
    for _ in range(10):
        place = draw(st.sampled_from((None, 0, 1, 2, 3)))
        value = draw(st.integers(3, 20) if ruleset == "hongkong" else st.integers(0, 2000))
        source = draw(st.sampled_from(("wall", "discard")))
        discarder = draw(st.sampled_from([p for p in range(4) if p != place]))
        hands.append((place, value, source, discarder if source == "discard" else None))
    return ruleset, hands


@FAST
@given(five_hands())
def test_a_table_of_five_settles_every_hand_among_the_four_who_play(
        drawn: tuple[str, list[tuple[int | None, int, str, int | None]]]) -> None:
    """001 "Schema bij een tafel van 5 spelers" (Hong Kong), 003 "Vijf
    spelers" (NTS; the classic rules the same): each hand is a game of four
    by the rule set's schedule; it sums to zero, the one sitting out neither
    pays nor receives, and in every five hands each player is East once and
    sits out once, so the table's total is zero too."""
    ruleset, hands = drawn
    schedule = RULESETS[ruleset].five_player_schedule
    history: list[Dealt] = []
    totals = dict.fromkeys(range(5), 0)
    easts: list[int] = []
    outs: list[int] = []
    for place, value, source, discarder in hands:
        deal = next_deal(range(5), history, schedule)
        winds = dict(zip(deal.playing, WINDS, strict=True))
        assert winds[deal.east] == "E"
        winner = deal.playing[place] if place is not None else None
        game: dict[str, Any] = {
            "ruleset": ruleset, "prevailing_wind": deal.prevailing,
            "winner": winds[winner] if winner is not None else None,
            "players": {winds[p]: {"score": value if p == winner and value else 0}
                        for p in deal.playing},
        }
        if ruleset == "hongkong":
            game["options"] = {"minimum_fan": 0}
        if winner is not None:
            game["win_source"] = source
            if discarder is not None:
                game["discarder"] = WINDS[discarder]
        result = sums_to_zero(game)
        for position, wind in winds.items():
            totals[position] += result["settlement"][wind]
        (out,) = set(range(5)) - set(deal.playing)
        easts.append(deal.east)
        outs.append(out)
        history.append(Dealt(east=deal.east, prevailing=deal.prevailing,
                             rotates=result["winds_rotate"]))
    assert sum(totals.values()) == 0
    for start in (0, 5):
        assert sorted(easts[start:start + 5]) == [0, 1, 2, 3, 4]
        assert sorted(outs[start:start + 5]) == [0, 1, 2, 3, 4]
    assert next_deal(range(5), history, schedule).prevailing == "W"
