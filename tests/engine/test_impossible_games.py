"""Games that cannot happen are refused, never scored (issue 13).

Decision N18 (rule-decisions.md) and H10 for Hong Kong: a robbed kong's tile
is the fourth copy and the robbed player shows the other three as an open
pung (002 §1; 001 "Kongroof"), so the winner holds no other copy of it; at
most 14 kongs are declared at a table (002 §2, "15e kong"); no set is
declared before East's first discard, so an earthly hand (000 §2.3.1 and
§2.4.1 "Spel van de aarde") has none, as a heavenly hand has none. Each
refusal names the player and the tile. Beside them, N3 (a tile the player
holds or shows all four of is no possible tile) and N17 (four equal tiles
may be two of the seven pairs), which the engine already followed, pinned.

Conventions as in test_nts_rules.py: prevailing wind East, South wins on a
discard by West, players that do not matter are given as {"score": 0}, the
winner's concealed tiles include the winning tile.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine import score_game

SEATS = ("E", "S", "W", "N")
ZERO = {"score": 0}


def meld(kind: str, tiles: str, open: bool = True) -> dict[str, Any]:
    return {"kind": kind, "tiles": tiles, "open": open}


def hand(concealed: str, *melds: dict[str, Any]) -> dict[str, Any]:
    return {"concealed": concealed, "melds": list(melds)}


def game(players: dict[str, dict[str, Any]], *, tile: str, source: str = "discard",
         winner: str = "S", discarder: str = "W", flags: tuple[str, ...] = (),
         ruleset: str = "nts", options: dict[str, Any] | None = None) -> dict[str, Any]:
    g: dict[str, Any] = {
        "ruleset": ruleset,
        "options": dict(options or {}),
        "prevailing_wind": "E",
        "players": {seat: players.get(seat, dict(ZERO)) for seat in SEATS},
        "winner": winner,
        "winning_tile": tile,
        "win_source": source,
        "flags": list(flags),
    }
    if source in ("discard", "robbed_kong"):
        g["discarder"] = discarder
    return g


def error_of(g: dict[str, Any]) -> str:
    result = score_game(g)
    assert set(result) == {"error", "code", "params"}, result
    message = result["error"]
    assert isinstance(message, str)
    return message


def scored(g: dict[str, Any]) -> dict[str, Any]:
    result = score_game(g)
    assert "error" not in result, result
    return result


def rules_of(result: dict[str, Any], seat: str = "S") -> set[str]:
    return {item["rule"] for item in result["hands"][seat]["items"]}


# HK plays "chicken" here so that small hands are mahjong (H2 minimum_fan 0).
CHICKEN = {"minimum_fan": 0}
RULESETS = [pytest.param("nts", {}, id="nts"), pytest.param("hongkong", CHICKEN, id="hongkong"),
            pytest.param("philos", {}, id="philos")]

# All chows and a pair of 9m: with the robbed kong it is 2 doublings under
# NTS (all chows, robbing the kong: the minimum, N10).
CHOWS = "234m345p567678s99m"


# --- A robbed kong (002 §1, 001 Kongroof, N18) ------------------------------

@pytest.mark.parametrize(("ruleset", "options"), RULESETS)
def test_a_robbed_tile_never_completes_the_winners_pair(ruleset: str,
                                                        options: dict[str, Any]) -> None:
    """N18, 002 §1: the robbed 9m is the fourth; the other three are West's
    open pung, so South cannot hold another 9m to pair it with. Before,
    this scored (NTS 160) when West was given by value."""
    message = error_of(game({"S": hand(CHOWS)}, tile="9m", source="robbed_kong",
                            ruleset=ruleset, options=options))
    assert "South (S)" in message and "9m" in message
    assert "holds 1 more 9m" in message and "never a pung or a pair" in message


def test_a_robbed_tile_never_completes_a_pung() -> None:
    """N18, 002 §1: 555z completed by a robbed 5z would be five 5z with
    West's open pung."""
    message = error_of(game({"S": hand("123m456p789s11z555z")}, tile="5z",
                            source="robbed_kong"))
    assert "South (S)" in message and "holds 2 more 5z" in message


def test_a_robbed_tile_completing_a_chow_is_refused_when_the_winner_holds_another() -> None:
    """N18: the robbed 4m completes a chow, but South's other chow 234m holds
    a 4m too: with West's open pung 444m that is a fifth 4m."""
    message = error_of(game({"S": hand("223344m345p678s99m")}, tile="4m", source="robbed_kong"))
    assert "South (S)" in message and "holds 1 more 4m" in message


def test_a_robbed_tile_counts_the_winners_declared_sets_too() -> None:
    """N18: the other copy may lie in a declared chow: the robbed 2m
    completes 123m, South's chow 234m holds a 2m too."""
    message = error_of(game({"S": hand("123m22345p678s", meld("chow", "234m"))}, tile="2m",
                            source="robbed_kong"))
    assert "South (S)" in message and "holds 1 more 2m" in message


def test_a_robbed_tile_completing_a_chow_scores_with_the_robbed_players_open_pung() -> None:
    """002 §1: West shows the open pung 888s, South robs the fourth 8s for
    the chow 678s: 20 points, x2^3 (all chows, all simples, robbing) = 160
    (as test_nts_rules "N6 002 §1 robbing the kong")."""
    west = hand("11239m456p99s", meld("pung", "888s"))
    result = scored(game({"S": hand("567m22345p678s", meld("chow", "234m")), "W": west},
                         tile="8s", source="robbed_kong"))
    assert result["hands"]["S"]["value"] == 160
    assert "robbing_the_kong" in rules_of(result)


@pytest.mark.parametrize(("ruleset", "options"), RULESETS)
def test_the_robbed_player_must_show_an_open_pung_of_the_tile(ruleset: str,
                                                              options: dict[str, Any]) -> None:
    """N18, 002 §1 ("Degene die een kong wil declareren heeft de pung al open
    voor hem op tafel liggen"): West, given by tiles, shows no pung of 8s."""
    west = hand("11239m456p99s", meld("pung", "777s"))
    message = error_of(game({"S": hand("567m22345p678s", meld("chow", "234m")), "W": west},
                            tile="8s", source="robbed_kong", ruleset=ruleset, options=options))
    assert "West (W) shows no open pung of 8s" in message and "South (S)" in message


def test_three_on_the_robbed_players_rack_are_no_open_pung() -> None:
    """002 §1: "Kongroof is niet mogelijk als diegene een dichte pung heeft
    liggen, of een dichte kong maakt"; NTS knows no exception."""
    west = hand("1123m456999p888s")
    message = error_of(game({"S": hand("567m22345p678s", meld("chow", "234m")), "W": west},
                            tile="8s", source="robbed_kong"))
    assert "West (W) shows no open pung of 8s" in message


# Thirteen orphans without 1m and a pair of 7z; the robbed 1m completes it.
ORPHANS = "19m19p19s12345677z"


def test_thirteen_orphans_may_rob_the_kong_of_an_open_pung() -> None:
    """N18: "it can complete a chow, or an irregular hand (thirteen orphans)"."""
    west = hand("2345m234p234s", meld("pung", "111m"))
    result = scored(game({"S": hand(ORPHANS), "W": west}, tile="1m", source="robbed_kong"))
    assert result["hands"]["S"]["limit"] == "thirteen_orphans"


def test_hong_kong_thirteen_orphans_may_rob_a_concealed_kong() -> None:
    """001 Kongroof, "Uitzondering": a concealed kong may be robbed for the
    Dertien Wezen only; the robbed player keeps the other three on the rack."""
    west = hand("111m2345p234567s")
    result = scored(game({"S": hand(ORPHANS), "W": west}, tile="1m", source="robbed_kong",
                         ruleset="hongkong"))
    assert result["hands"]["S"]["limit"] == "thirteen_orphans"


def test_hong_kong_robs_no_concealed_kong_for_another_hand() -> None:
    """001 Kongroof: "Heeft een speler een 'dichte' Kong geformeerd, dan mag
    deze 4de steen niet geroofd worden" (but for thirteen orphans)."""
    west = hand("1123m456999p888s")
    message = error_of(game({"S": hand("567m22345p678s", meld("chow", "234m")), "W": west},
                            tile="8s", source="robbed_kong", ruleset="hongkong",
                            options=CHICKEN))
    assert "West (W) shows no open pung of 8s" in message and "001 Kongroof" in message


# --- The 15th kong (002 §2, N18) ---------------------------------------------

def kongs(*tiles: str) -> list[dict[str, Any]]:
    return [meld("kong", tile * 4) for tile in tiles]


def kong_table(north_kongs: int) -> dict[str, Any]:
    """East wins with four kongs and 55m, self-drawn; South and West hold
    four kongs each, North ``north_kongs``: 12 + ``north_kongs`` kongs."""
    north_tiles = ["6p", "7p", "8p"][:north_kongs]
    north_rack = {2: "1234567s", 3: "1234s"}[north_kongs]  # 13 tiles, a kong counting 3
    players = {
        "E": {"concealed": "55m", "melds": kongs("1m", "2m", "3m", "4m")},
        "S": {"concealed": "5p", "melds": kongs("6m", "7m", "8m", "9m")},
        "W": {"concealed": "9p", "melds": kongs("1p", "2p", "3p", "4p")},
        "N": {"concealed": north_rack, "melds": kongs(*north_tiles)},
    }
    return game(players, winner="E", tile="5m", source="wall")


def test_fourteen_kongs_at_a_table_are_scored() -> None:
    """002 §2: the dead wall holds 14 tiles, so 14 kongs can be declared."""
    result = scored(kong_table(2))
    assert result["hands"]["E"]["legal_mahjong"] is True


def test_a_fifteenth_kong_is_refused() -> None:
    """002 §2 ("Bij de uitzonderlijke situatie dat iemand de 15e kong wil
    declareren is het remise"), N18: North's third kong, 8888p, is the 15th."""
    message = error_of(kong_table(3))
    assert message.startswith("North (N) meld 3: kong 8888p is the 15th kong")
    assert "(002 §2, N18)" in message


# --- Earthly and heavenly hands (000 §2.3.1, §2.4.1; N18, H10) --------------

# South wins on East's first discard: 1000, a limit hand (test_nts_rules).
EARTHLY = "234m567m11345p888s"


def earthly(players: dict[str, dict[str, Any]], ruleset: str = "nts",
            options: dict[str, Any] | None = None) -> dict[str, Any]:
    return game(players, tile="1p", discarder="E", flags=("earthly",), ruleset=ruleset,
                options=options)


def test_an_earthly_hand_without_declared_sets_is_scored() -> None:
    assert scored(earthly({"S": hand(EARTHLY)}))["hands"]["S"]["limit"] == "earthly_hand"


@pytest.mark.parametrize(("ruleset", "options"), [RULESETS[0], RULESETS[1]])
def test_an_earthly_hand_with_a_declared_set_is_refused(ruleset: str,
                                                       options: dict[str, Any]) -> None:
    """N18, H10: nobody declares a set before East's first discard, the
    tile the hand is won on."""
    message = error_of(earthly({"S": hand("234m567m11345p", meld("pung", "888s"))},
                               ruleset, options))
    assert message.startswith("South (S): an earthly hand has no declared sets")
    assert "pung 888s" in message


def test_nobody_else_shows_a_set_in_an_earthly_hand() -> None:
    """N18: before East's first discard only East has had a turn; West can
    have claimed nothing."""
    west = hand("11239m456p99s", meld("pung", "777s"))
    message = error_of(earthly({"S": hand(EARTHLY), "W": west}))
    assert message.startswith("West (W) meld 1: pung 777s cannot be on the table")


def test_east_may_show_a_concealed_kong_in_an_earthly_hand() -> None:
    """000 §1.8.3: East may declare a concealed kong in the first turn,
    before the first discard, but claim nothing."""
    east = hand("11239m456p99s", meld("kong", "7777s", open=False))
    assert scored(earthly({"S": hand(EARTHLY), "E": east}))["hands"]["S"]["value"] == 1000
    east_open = hand("11239m456p99s", meld("kong", "7777s"))
    message = error_of(earthly({"S": hand(EARTHLY), "E": east_open}))
    assert message.startswith("East (E) meld 1: kong 7777s cannot be on the table")


def test_nobody_shows_a_set_in_a_heavenly_hand() -> None:
    """000 §2.3.1 "Spel van de hemel": East wins with the dealt tiles,
    before anyone has had a turn (as the winner's own sets, refused before)."""
    east = hand("234m567m22345p678s")
    south = hand("11239m456p99s", meld("kong", "7777s", open=False))
    message = error_of(game({"E": east, "S": south}, winner="E", tile="2p", source="wall",
                            flags=("heavenly",)))
    assert message.startswith("South (S) meld 1: kong 7777s cannot be on the table")


# --- N3 and N17, already followed: pinned --------------------------------------

@pytest.mark.parametrize("shown_open", [True, False], ids=["open-kong", "concealed-kong"])
def test_a_tile_the_winner_shows_all_four_of_is_no_possible_tile(shown_open: bool) -> None:
    """N3: 23m waits on 1m and 4m, but South holds the four 1m in a kong:
    4m is the only possible tile (2 points)."""
    south = hand("234m555z666z99p", meld("kong", "1111m", open=shown_open))
    assert "only_possible_tile" in rules_of(scored(game({"S": south}, tile="4m")))


def test_with_a_copy_left_the_other_tile_is_possible() -> None:
    """N3, control: with the pung 777s instead of the kong, 1m completes too."""
    south = hand("234m555z666z99p", meld("pung", "777s"))
    assert "only_possible_tile" not in rules_of(scored(game({"S": south}, tile="4m")))


def test_seven_twins_may_hold_four_equal_tiles() -> None:
    """N17, 000 §2.3.2: 1111m are two of the seven pairs: seven twins, 250."""
    result = scored(game({"S": hand("1111m55p77p99s22z77z")}, tile="7z"))
    assert (result["hands"]["S"]["limit"], result["hands"]["S"]["value"]) == ("seven_twins", 250)


def test_waiting_on_a_fourth_tile_for_seven_twins_is_waiting() -> None:
    """N17, N11: North's 111m and five pairs wait on the fourth 1m for seven
    twins: half of 250."""
    winner = hand("123m99p789s555666z")
    result = scored(game({"S": winner, "N": hand("111m55p77p99s22z77z")}, tile="9p"))
    north = result["hands"]["N"]
    assert (north["limit"], north["value"], north.get("waiting")) == ("seven_twins", 125, True)
