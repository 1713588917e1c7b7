"""NTS's own variants for tables of 3 and 5, seed 003 BEGRIPPEN "Drie
spelers" and "Vijf spelers" (issue 14, last bullet).

"Drie spelers": "Bij een spel met drie spelers zijn er slechts 3 winden en 2
soorten: Oost, Zuid en West, Bamboe en kringen. Met 96 stenen wordt een muur
gebouwd met drie zijden van 2 keer 16 stenen. De dode muur telt 10 stenen.
Tijdens het spel mogen geen chows open op tafel worden gespeeld. Nadat de
oorspronkelijke West Oost is geweest volgt de ronde van de groene draak."
Option ``three_player_two_suits``, on by default: 003 is the only text for a
table of 3 (000 §1.1: "In deze Nederlandse Toernooi Spelregels wordt
uitgegaan van vier spelers"), and it has no effect at a table of 4.

Both texts: "In deze ronde is er geen heersende wind, maar een heersende
draak, de groene draak. De speler met een pung of kong van groene draken
krijgt een extra verdubbeling." The deal order and the game input give no
prevailing dragon yet, so that rule is tested on the rule set itself.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine import RULESETS, score_game
from scoring.engine.decompose import KONG
from scoring.engine.hands import PlayerHand
from scoring.engine.nts import MAX_KONGS_THREE, RULESET
from scoring.engine.reading import DISCARD, Context, Meld
from scoring.engine.tiles import EAST, GREEN, SOUTH, WEST, parse_tiles

THREE = "003 Drie spelers"


def error(game: dict[str, Any]) -> str:
    result = score_game(game)
    assert "error" in result, result
    message: str = result["error"]
    return message


def three(players: dict[str, Any], **options: Any) -> dict[str, Any]:
    """A table of 3 by default options; South wins on West's discard."""
    game: dict[str, Any] = {"ruleset": "nts", "prevailing_wind": "E", "players": players,
                            "winner": "S", "winning_tile": "3s", "win_source": "discard",
                            "discarder": "W"}
    if options:
        game["options"] = options
    return game


# South: 234p 456p 345s 678s 33s, won on 3s (four chows, simples: 2 doublings).
SOUTH_WINS = {"concealed": "234456p345678s33s"}


# ------------------------------------------------------------ Drie spelers: the default

def test_the_96_tiles_are_the_default_at_a_table_of_three() -> None:
    """003 "Drie spelers" is the rule for a table of 3: the option is on
    unless an event turns it off."""
    option = next(o for o in RULESET.options if o.name == "three_player_two_suits")
    assert option.default is True
    assert option.section == THREE
    assert RULESET.resolve_options({})["three_player_two_suits"] is True


@pytest.mark.parametrize(("seat", "player", "message"), [
    ("E", {"concealed": "2228m4777p19s555z"},
     "East (E): 2m is not in the game at a table of 3 (option three_player_two_suits: 96 "
     "tiles, no characters; 003 Drie spelers)"),
    ("W", {"concealed": "1245899s11z", "melds": [{"kind": "pung", "tiles": "444z"}]},
     "West (W): 4z is not in the game at a table of 3 (option three_player_two_suits: 96 "
     "tiles, no North; 003 Drie spelers)"),
], ids=["character", "north pung"])
def test_by_default_a_removed_tile_is_refused_naming_the_seat_and_the_tile(
        seat: str, player: dict[str, Any], message: str) -> None:
    """003 "Drie spelers": "slechts 3 winden en 2 soorten: Oost, Zuid en West,
    Bamboe en kringen": no characters and no North, with no option given."""
    players: dict[str, Any] = {"E": {"concealed": "2228p4777p19s555z"}, "S": SOUTH_WINS,
                               "W": {"concealed": "1245899s222z",
                                     "melds": [{"kind": "pung", "tiles": "666s"}]}}
    players[seat] = player
    assert error(three(players)) == message


def test_by_default_an_open_chow_is_refused_naming_the_seat_and_the_meld() -> None:
    """003 "Drie spelers": "Tijdens het spel mogen geen chows open op tafel
    worden gespeeld"; a concealed chow (the winner's four) is played."""
    players = {"E": {"concealed": "2228p4777p19s555z"}, "S": SOUTH_WINS,
               "W": {"concealed": "1245s222z", "melds": [
                   {"kind": "pung", "tiles": "666s"}, {"kind": "chow", "tiles": "789p"}]}}
    assert error(three(players)) == (
        "West (W) meld 2: open chow 789p; at a table of 3 no chow is played open (option "
        "three_player_two_suits; 003 Drie spelers)")
    players["W"] = {"concealed": "1245s222z", "melds": [
        {"kind": "pung", "tiles": "666s"}, {"kind": "chow", "tiles": "789p", "open": False}]}
    assert "error" not in score_game(three(players))


def test_the_default_changes_nothing_at_a_table_of_four() -> None:
    """003's worked example ("Voorbeeld punten berekening": characters, North,
    four seats) settles as it always did, with no option given (N13)."""
    game = {
        "ruleset": "nts", "prevailing_wind": "E", "winner": "S", "winning_tile": "3s",
        "win_source": "discard", "discarder": "W", "dead": ["W"],
        "players": {
            "E": {"concealed": "2228m4777p19s555z"},
            "S": {"concealed": "234456m345678p33s"},
            "W": {"score": 0},
            "N": {"concealed": "1245899s222z", "melds": [{"kind": "pung", "tiles": "666s"}]},
        },
    }
    assert score_game(game)["settlement"] == {"E": 24, "S": 384, "W": -244, "N": -164}


# ------------------------------------------------------------ Drie spelers: the dead wall

def kongs(tiles: str, open_: bool = True) -> list[dict[str, Any]]:
    return [{"kind": "kong", "tiles": tile * 4, "open": open_} for tile in tiles.split()]


def eleven_kongs() -> dict[str, Any]:
    """Eleven kongs within the 96 tiles: East and West four each, South three
    (South wins on the pair of 3p with a concealed pung of 9p)."""
    return {
        "E": {"concealed": "5z", "melds": kongs("1p 2p 4p 5p")},
        "S": {"concealed": "99933p", "melds": kongs("6p 7p 8p")},
        "W": {"concealed": "6z", "melds": kongs("1s 2s 4s 5s")},
    }


def test_an_eleventh_kong_is_refused_at_a_table_of_three() -> None:
    """003 "Drie spelers": "De dode muur telt 10 stenen": one replacement
    tile per kong, so as the 15th kong at a table of 4 (002 §2, N18) the
    11th cannot be declared; the player and the kong are named."""
    players = eleven_kongs()
    game = three(players)
    game.update(winning_tile="3p")
    assert MAX_KONGS_THREE == 10
    assert error(game) == (
        "West (W) meld 4: kong 5555s is the 11th kong declared at the table; the dead wall "
        "holds 10 tiles, so at most 10 kongs are declared in a hand (option "
        "three_player_two_suits; 003 Drie spelers: \"De dode muur telt 10 stenen\"; 002 §2, "
        "N18)")


def test_ten_kongs_are_played_and_without_the_option_eleven() -> None:
    """Ten kongs fit the dead wall of 10 (003 "Drie spelers"); with the
    option off the 136 tiles and the dead wall of 14 apply (002 §2)."""
    players = eleven_kongs()
    players["W"] = {"concealed": "456s6z", "melds": kongs("1s 2s 3s")}
    game = three(players)
    game.update(winning_tile="3p")
    assert score_game(game)["scores"] == {"E": 640, "S": 2000, "W": 128}
    game = three(eleven_kongs(), three_player_two_suits=False)
    game.update(winning_tile="3p")
    assert score_game(game)["scores"] == {"E": 640, "S": 2000, "W": 640}


# ------------------------------------------------ Drie spelers, Vijf spelers: green dragon

def hand(seat: str, concealed: str, melds: tuple[Meld, ...] = ()) -> PlayerHand:
    counts = [0] * 34
    for tile in parse_tiles(concealed):
        counts[tile] += 1
    return PlayerHand.make(seat, tuple(counts), melds, ())


def items(result: Any) -> dict[str, int]:
    return {str(item["rule"]): int(item.get("doublings", 0) or item.get("points", 0))
            for item in result.items}


def test_a_pung_of_the_prevailing_green_dragon_earns_an_extra_doubling() -> None:
    """003 "Drie spelers" and "Vijf spelers": "De speler met een pung of kong
    van groene draken krijgt een extra verdubbeling": the dragons' doubling
    (000 §2.4.2) and one more, for a player who did not win too."""
    player = hand("W", "666z123p456p789s4p")
    ordinary = RULESET.score_other(player, Context(WEST, EAST), {})
    green_round = RULESET.score_other(player, Context(WEST, GREEN), {})
    assert "pung_prevailing_dragon" not in items(ordinary)
    assert items(green_round)["pung_prevailing_dragon"] == 1
    assert items(green_round)["pung_dragons"] == 1
    assert green_round.doublings == ordinary.doublings + 1
    assert green_round.value == 2 * ordinary.value


def test_a_kong_of_the_green_dragon_counts_for_the_winner() -> None:
    """003 "Vijf spelers": "een pung of kong van groene draken"."""
    winner = hand("S", "123p456p789p55p", (Meld(KONG, GREEN, True),))
    ctx = Context(SOUTH, GREEN, True, DISCARD, frozenset(), parse_tiles("5p")[0])
    result = RULESET.score_winner(winner, ctx, {})
    assert items(result)["pung_prevailing_dragon"] == 1


def test_in_the_green_dragon_round_no_wind_prevails() -> None:
    """003: "In deze ronde is er geen heersende wind": a pung of East earns
    the seat-wind doubling of East only, no prevailing-wind doubling; a pair
    of green dragons is a pair of dragons (2 points), as 003 names only a
    pung or kong for the extra doubling."""
    player = hand("E", "111z66z123p456p78p")
    result = items(RULESET.score_other(player, Context(EAST, GREEN), {}))
    assert "pung_prevailing_wind" not in result
    assert result["pung_seat_wind"] == 1
    assert result["pair_dragons"] == 2
    assert "pair_prevailing_wind" not in result


def test_the_catalogue_names_the_rule() -> None:
    entry = RULESETS["nts"].catalogue()["pung_prevailing_dragon"]
    assert entry["nl"] == "Pung of kong heersende draak"
    assert "003 Drie spelers, Vijf spelers" in str(entry["section"])
    assert entry["doublings"] == 1 and not entry["winner_only"]
