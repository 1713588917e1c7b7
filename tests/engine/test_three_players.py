"""Tables of 3, per rule set.

NTS: seed 003, BEGRIPPEN "Drie spelers" (option ``three_player_two_suits``:
96 tiles, bamboos and circles, no North, no open chows). Hong Kong: seed
001 "Tafel van 3 spelers" (no North; the payment as at 4 with one player
fewer, the winner paid "2x van degene die de winnende steen aflegt en 1x van
de andere speler"), with the payment tables "Puntentelling Veroorzaker
betaalt" and "Puntentelling bij Hong Kong Mahjong" (H1). Classic: seed 004
is "ein Gesellschaftsspiel für 4 Personen", so a table of 3 is refused.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from scoring.engine import RULESETS, score_game

THREE = ("E", "S", "W")


def scored(game: dict[str, Any]) -> dict[str, Any]:
    result = score_game(game)
    assert "error" not in result, result
    assert sum(result["settlement"].values()) == 0
    return result


def error(game: dict[str, Any]) -> str:
    result = score_game(game)
    assert "error" in result, result
    message: str = result["error"]
    return message


# ------------------------------------------------------------------ player counts

def test_the_rule_sets_player_counts() -> None:
    """003 "Drie spelers", 001 "Tafel van 3 spelers"; 004 (4 players only)."""
    assert RULESETS["nts"].player_counts == {3, 4}
    assert RULESETS["hongkong"].player_counts == {3, 4}
    assert RULESETS["philos"].player_counts == {4}


def test_three_players_in_the_classic_rules_are_refused() -> None:
    """004: "ein ... Gesellschaftsspiel für 4 Personen": no table of 3."""
    game = {"ruleset": "philos", "prevailing_wind": "E", "winner": "S", "win_source": "wall",
            "players": {seat: {"score": 40 if seat == "S" else 0} for seat in THREE}}
    assert error(game) == ("Klassiek Mahjong (Philos) is played by 4 players, not 3; give "
                           "seats E, S, W, N, got E, S, W")


@pytest.mark.parametrize("ruleset", ["nts", "hongkong"])
def test_a_table_of_three_has_no_north(ruleset: str) -> None:
    """001 "Tafel van 3 spelers": "NOORD bestaat niet"; 003 "Drie spelers":
    "slechts 3 winden ... Oost, Zuid en West"."""
    game = {"ruleset": ruleset, "prevailing_wind": "E", "winner": None,
            "players": {seat: {"score": 0} for seat in ("E", "S", "N")}}
    assert error(game) == ("a table of 3 has the seats E, S, W (a table of 3 has no North), "
                           "got E, S, N")


@pytest.mark.parametrize("ruleset", ["nts", "hongkong", "philos"])
def test_two_players_are_refused_by_every_rule_set(ruleset: str) -> None:
    game = {"ruleset": ruleset, "prevailing_wind": "E", "winner": None,
            "players": {seat: {"score": 0} for seat in ("E", "S")}}
    assert "not 2" in error(game)


# ------------------------------------------------------------------ NTS, 003 Drie spelers

def nts_three(**options: Any) -> dict[str, Any]:
    """Seed 003's worked example moved to a table of 3 and to the 96 tiles
    (characters made circles, North's tiles given to West)."""
    return {
        "ruleset": "nts",
        "options": options,
        "prevailing_wind": "E",
        "players": {
            "E": {"concealed": "2228p4777p19s555z"},
            "S": {"concealed": "234456p345678s33s"},
            "W": {"concealed": "1245899s222z", "melds": [{"kind": "pung", "tiles": "666s"}]},
        },
        "winner": "S",
        "winning_tile": "3s",
        "win_source": "discard",
        "discarder": "W",
    }


def test_the_96_tile_game_scores_and_settles_among_three() -> None:
    """003 "Drie spelers" (the tiles), N13 (the settlement, one player fewer;
    East pays and receives double): South's 88 is paid by East 176 and West
    88; West's 20 by East 40; East's 64 by West 128 (the winner pays nobody).
    E -176 - 40 + 128 = -88, S +264, W -88 + 40 - 128 = -176."""
    result = scored(nts_three(three_player_two_suits=True))
    assert result["scores"] == {"E": 64, "S": 88, "W": 20}
    assert result["settlement"] == {"E": -88, "S": 264, "W": -176}
    # Concealed chows are played: the winner holds four of them.
    assert {"rule": "all_chows", "doublings": 1} in result["hands"]["S"]["items"]


@pytest.mark.parametrize(("seat", "player", "message"), [
    ("E", {"concealed": "2228m4777p19s555z"},
     "East (E): 2m is not in the game at a table of 3 (option three_player_two_suits: 96 "
     "tiles, no characters; 003 Drie spelers)"),
    ("W", {"concealed": "1245899s222z", "melds": [{"kind": "pung", "tiles": "999m"}]},
     "West (W): 9m is not in the game at a table of 3 (option three_player_two_suits: 96 "
     "tiles, no characters; 003 Drie spelers)"),
    ("W", {"concealed": "1245899s444z", "melds": [{"kind": "pung", "tiles": "666s"}]},
     "West (W): 4z is not in the game at a table of 3 (option three_player_two_suits: 96 "
     "tiles, no North; 003 Drie spelers)"),
], ids=["concealed character", "character pung", "north"])
def test_a_tile_outside_the_96_names_the_player_and_the_tile(
        seat: str, player: dict[str, Any], message: str) -> None:
    """003 "Drie spelers": "slechts 3 winden en 2 soorten: Oost, Zuid en West,
    Bamboe en kringen. Met 96 stenen" (36 circles, 36 bamboos, 12 winds, 12
    dragons): no characters, no North."""
    game = nts_three(three_player_two_suits=True)
    game["players"][seat] = player
    assert error(game) == message


def test_an_open_chow_names_the_player_and_the_meld() -> None:
    """003 "Drie spelers": "Tijdens het spel mogen geen chows open op tafel
    worden gespeeld"."""
    game = nts_three(three_player_two_suits=True)
    game["players"]["W"] = {"concealed": "1245s222z", "melds": [
        {"kind": "pung", "tiles": "666s"}, {"kind": "chow", "tiles": "789p"}]}
    assert error(game) == ("West (W) meld 2: open chow 789p; at a table of 3 no chow is "
                           "played open (option three_player_two_suits; 003 Drie spelers)")


def test_without_the_option_a_table_of_three_plays_every_tile() -> None:
    """With the option off (it is on by default, as 003 "Drie spelers"),
    3-player NTS input keeps every tile (characters, North and open chows
    included)."""
    game = nts_three(three_player_two_suits=False)
    game["players"]["E"]["concealed"] = "2228m4777p19s444z"
    game["players"]["W"] = {"concealed": "1245s222z", "melds": [
        {"kind": "pung", "tiles": "666s"}, {"kind": "chow", "tiles": "789p"}]}
    assert scored(game)["settlement"]


def test_the_option_has_no_effect_at_a_table_of_four() -> None:
    """003 "Drie spelers" is a table of 3 only: at 4 all 136 tiles are
    played. The worked example of 003 (characters, North, all four seats)."""
    game = nts_three(three_player_two_suits=True)
    game["players"] = {
        "E": {"concealed": "2228m4777p19s555z"},
        "S": {"concealed": "234456m345678p33s"},
        "W": {"score": 0},
        "N": {"concealed": "1245899s222z", "melds": [{"kind": "pung", "tiles": "666s"}]},
    }
    game["dead"] = ["W"]
    assert scored(game)["settlement"] == {"E": 24, "S": 384, "W": -244, "N": -164}


def test_players_given_by_value_are_not_checked_for_tiles() -> None:
    game = nts_three(three_player_two_suits=True)
    game["players"] = {"E": {"score": 8}, "S": {"score": 40}, "W": {"score": 0}}
    game.pop("winning_tile")
    assert scored(game)["settlement"] == {"E": -64, "S": 120, "W": -56}


# ------------------------------------------------------------- Hong Kong, 001 Tafel van 3

# "Puntentelling Veroorzaker betaalt": fan -> (Van tafel, Zelf pakken each).
DISCARDER_PAYS = {0: (1, 0), 1: (2, 1), 3: (8, 4), 5: (24, 12), 8: (64, 32), 10: (128, 64),
                  20: (256, 128)}
# "Puntentelling bij Hong Kong Mahjong": fan -> (van tafel: each other
# player, the discarder; zelf pakken each). 7-10 fan pay the limit row.
HALF_PAY = {1: (1, 2, 2), 3: (4, 8, 8), 5: (16, 32, 32), 6: (32, 64, 64), 8: (64, 128, 128),
            20: (64, 128, 128)}


def hk_three(fan: int, *, winner: str = "S", source: str = "discard", discarder: str = "W",
             **options: Any) -> dict[str, Any]:
    game: dict[str, Any] = {
        "ruleset": "hongkong",
        "options": {"minimum_fan": 0, **options},
        "prevailing_wind": "E",
        "players": {seat: {"score": fan if seat == winner else 0} for seat in THREE},
        "winner": winner,
        "win_source": source,
    }
    if source == "discard":
        game["discarder"] = discarder
    return game


@pytest.mark.parametrize(("winner", "discarder"), [("S", "W"), ("E", "S"), ("W", "E")])
@pytest.mark.parametrize("fan", sorted(HALF_PAY))
def test_half_pay_from_a_discard_at_three(fan: int, winner: str, discarder: str) -> None:
    """001 "Tafel van 3 spelers": "De winnaar ontvangt bij van de tafel
    pakken 2x van degene die de winnende steen aflegt en 1x van de andere
    speler. Per saldo ontvangt deze speler echter 1x minder" (than 1+1+2 at
    a table of 4): the table's row with one single share fewer."""
    each, by_discarder, _ = HALF_PAY[fan]
    other = next(seat for seat in THREE if seat not in (winner, discarder))
    result = scored(hk_three(fan, winner=winner, discarder=discarder, payment="half_pay"))
    assert result["settlement"] == {winner: by_discarder + each, discarder: -by_discarder,
                                    other: -each}
    assert by_discarder == 2 * each  # "2x ... en 1x"
    four = scored({**hk_three(fan, winner=winner, discarder=discarder, payment="half_pay"),
                   "players": {seat: {"score": fan if seat == winner else 0}
                               for seat in "ESWN"}})
    assert four["settlement"][winner] - result["settlement"][winner] == each  # "1x minder"


@pytest.mark.parametrize("payment", ["half_pay", "discarder_pays"])
@pytest.mark.parametrize("fan", [1, 3, 5, 8, 10, 20])
def test_self_drawn_at_three_both_others_pay(fan: int, payment: str) -> None:
    """001 "Tafel van 3 spelers": "gelijk aan die van 4 spelers, alleen wordt
    1 speler niet meegeteld": the "zelf pakken" amount from each of two."""
    self_drawn = (HALF_PAY[min(fan, 8) if fan < 20 else 20][2] if payment == "half_pay"
                  else DISCARDER_PAYS[fan][1])
    result = scored(hk_three(fan, source="wall", payment=payment))
    assert result["settlement"] == {"E": -self_drawn, "S": 2 * self_drawn, "W": -self_drawn}


@pytest.mark.parametrize(("winner", "discarder"), [("S", "W"), ("E", "S"), ("W", "E")])
@pytest.mark.parametrize("fan", sorted(DISCARDER_PAYS))
def test_discarder_pays_from_a_discard_at_three(fan: int, winner: str, discarder: str) -> None:
    """001 "Puntentelling Veroorzaker betaalt" (H1, the default) at a table
    of 3: "In principe moet diegene die voor zijn tegenspeler het Mahjong
    veroorzaakt alles betalen", as at 4 ("gelijk aan die van 4 spelers")."""
    from_table, _ = DISCARDER_PAYS[fan]
    other = next(seat for seat in THREE if seat not in (winner, discarder))
    result = scored(hk_three(fan, winner=winner, discarder=discarder))
    assert result["settlement"] == {winner: from_table, discarder: -from_table, other: 0}


@pytest.mark.parametrize(("winner", "discarder"), [("S", "W"), ("E", "S"), ("W", "E")])
@pytest.mark.parametrize("fan", sorted(DISCARDER_PAYS))
def test_discarder_pays_split_at_three_as_an_option(fan: int, winner: str,
                                                    discarder: str) -> None:
    """001 "Tafel van 3 spelers" read for the discarder-pays table too
    (option three_player_split): "2x van degene die de winnende steen aflegt
    en 1x van de andere speler": the discarder pays "van tafel", the other
    player the row's single share ("zelf pakken")."""
    from_table, single = DISCARDER_PAYS[fan]
    other = next(seat for seat in THREE if seat not in (winner, discarder))
    result = scored(hk_three(fan, winner=winner, discarder=discarder, three_player_split=True))
    assert result["settlement"] == {winner: from_table + single, discarder: -from_table,
                                    other: -single}
    if fan:
        assert from_table == 2 * single


def test_the_split_option_changes_nothing_else() -> None:
    """three_player_split is for a table of 3 paying by discarder_pays: at 4,
    with half_pay and when self-drawn it changes nothing."""
    four = {seat: {"score": 5 if seat == "S" else 0} for seat in "ESWN"}
    for game in (
        {**hk_three(5), "players": four},
        hk_three(5, payment="half_pay"),
        hk_three(5, source="wall"),
    ):
        with_split = copy.deepcopy(game)
        with_split["options"] = {**game["options"], "three_player_split": True}
        assert scored(with_split)["settlement"] == scored(game)["settlement"]


@pytest.mark.parametrize(("split", "expected"), [
    (False, {"E": 0, "S": 64, "W": -64}),
    (True, {"E": 32, "S": 64, "W": -96}),
])
def test_false_mahjong_at_three(split: bool, expected: dict[str, int]) -> None:
    """001 "Valse Mahjong" (table row "VALS 64 / 32"): the claimer (West, on
    South's discard) pays as a winner would be paid, among the three."""
    game = hk_three(0, winner="W", discarder="S", three_player_split=split)
    game["flags"] = ["false_mahjong"]
    assert scored(game)["settlement"] == expected


def test_pao_at_three_pays_all() -> None:
    """001 "PAO-Spel" at a table of 3: the responsible player pays the whole
    amount (a limit hand self-drawn: 128 + 128)."""
    game = hk_three(20, source="wall")
    game["flags"] = ["pao:E"]
    assert scored(game)["settlement"] == {"E": -256, "S": 256, "W": 0}


def hk_tiles(spec: dict[str, Any], tile: str, *, source: str = "wall",
             discarder: str | None = None) -> dict[str, Any]:
    game: dict[str, Any] = {
        "ruleset": "hongkong", "prevailing_wind": "E", "winner": "W",
        "players": {"E": {"score": 0}, "S": {"score": 0}, "W": spec},
        "winning_tile": tile, "win_source": source,
    }
    if discarder is not None:
        game["discarder"] = discarder
    return game


def fans(result: dict[str, Any]) -> dict[str, int]:
    return {item["rule"]: item["fan"] for item in result["hands"]["W"]["items"]}


def test_seasons_still_count_at_three() -> None:
    """001 "Tafel van 3 spelers": "Het Seizoenenspel ... blijven wel deel uit
    maken": West's own main season (3j) is 1 fan."""
    result = scored(hk_tiles({"concealed": "234p567s345m888s22p", "bonus": "3j"}, "2p"))
    assert fans(result) == {"concealed_hand": 1, "self_drawn": 1, "own_main_season": 1}
    assert result["settlement"] == {"E": -4, "S": -4, "W": 8}  # 3 fan: 4 each


def test_the_wind_hands_still_count_at_three() -> None:
    """001 "Tafel van 3 spelers": "Grote en Kleine Winden blijven wel deel uit
    maken van het Mahjongspel, gespeeld door 3 spelers": little four winds
    with a pair of North."""
    result = scored(hk_tiles({"concealed": "111z222z333z44z567p"}, "5p", source="discard",
                             discarder="E"))
    assert fans(result)["little_four_winds"] == 8
    assert result["settlement"] == {"E": -128, "S": 0, "W": 128}  # 10 fan, the cap


def test_a_pung_of_north_belongs_in_a_clean_hand_at_three() -> None:
    """001 "Tafel van 3 spelers": "Bij een schoon spel telt een pung NOORD of
    een sluitpaar van NOORD wel mee"."""
    result = scored(hk_tiles({"concealed": "444z123p456p789p55p"}, "5p", source="discard",
                             discarder="S"))
    assert fans(result) == {"concealed_hand": 1, "clean": 5, "no_seasons": 1}
