"""Hong Kong (club Fu-Hing): pao as the table shows it, the 7-5 rule, the
little four winds, "Maan eet cake", season claims and the house variants
(issue 14, items 1-6 and 8).

Sources: seed 001 (/work/shared/seeds/001_*.txt) "PAO-Spel", "Gevaarlijk
Spel met Draken / Winden / Winden en Draken / Enen en Negens (Pao)", "De
Levende Muur", "7 – 5 Regel", "Uitzonderlijke regels" (Maan eet cake),
"Seizoenen of bloemen", "Varianten van het Hong Kong Mahjongspel"; decisions
H6, H7, H8 and H10 of rule-decisions.md. Every amount is the payment table's
("Puntentelling Veroorzaker betaalt" unless a case says half pay), counted by
hand. South wins unless a case says otherwise; the others are given as
{"score": 0} (non-winners score nothing in Hong Kong).
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from scoring.engine import score_game
from scoring.engine.hongkong import RULESET

SEATS = ("E", "S", "W", "N")


def meld(kind: str, tiles: str, open: bool = True) -> dict[str, Any]:
    return {"kind": kind, "tiles": tiles, "open": open}


def hk(concealed: str, *melds: dict[str, Any], tile: str, source: str = "discard",
       discarder: str | None = "W", winner: str = "S", flags: tuple[str, ...] = (),
       bonus: str | None = None, seats: tuple[str, ...] = SEATS, wind: str = "E",
       **options: Any) -> dict[str, Any]:
    player: dict[str, Any] = {"concealed": concealed, "melds": list(melds)}
    if bonus:
        player["bonus"] = bonus
    game: dict[str, Any] = {
        "ruleset": "hongkong", "options": options, "prevailing_wind": wind,
        "players": {seat: player if seat == winner else {"score": 0} for seat in seats},
        "winner": winner, "winning_tile": tile, "win_source": source, "flags": list(flags),
    }
    if source in ("discard", "robbed_kong"):
        game["discarder"] = discarder
    return game


def by_value(game: dict[str, Any], fan: int) -> dict[str, Any]:
    """The same hand given by value: the winner's fan, no tiles."""
    game = {key: value for key, value in game.items() if key != "winning_tile"}
    game["players"] = {seat: {"score": fan if seat == game["winner"] else 0}
                       for seat in game["players"]}
    return game


def scored(game: dict[str, Any]) -> dict[str, Any]:
    result = score_game(game)
    assert "error" not in result, result
    assert sum(result["settlement"].values()) == 0
    return result


def error_of(game: dict[str, Any]) -> str:
    result = score_game(game)
    assert "error" in result, result
    message: str = result["error"]
    return message


# Three great dragons: the white and green pungs open on the table, the red
# pung completed by the winning tile (from the wall or West's discard).
DRAGONS = ("234m99s777z", meld("pung", "555z"), meld("pung", "666z"))
# Big four winds: East, South and West open, North completed by the winning tile.
FOUR_WINDS = ("99m444z", meld("pung", "111z"), meld("pung", "222z"), meld("pung", "333z"))
# Little four winds: East, South and West open, the pair of North closes it.
LITTLE_WINDS = ("234m44z", meld("pung", "111z"), meld("pung", "222z"), meld("pung", "333z"))
# 3 fan of open sets: a dragon pung open, the red pung won on a discard, no
# seasons (pung of dragons 1 + 1, no seasons 1). Not a limit hand.
THREE_FAN = ("99s777z", meld("chow", "234m"), meld("chow", "567p"), meld("pung", "555z"))


# ----------------------------------------------- item 1: pao only when open

@pytest.mark.parametrize(("concealed", "tile", "flags", "winner", "what"), [
    ("19m19p19s12345677z", "7z", (), "S", "thirteen_orphans"),
    ("555666777z234m99s", "9s", (), "S", "3 open sets of dragons, 0 shown"),
    ("111222m555p777s99s", "9s", (), "S", "hidden_treasure"),
    ("234m345p567678s99m", "9m", ("heavenly",), "E", "heavenly_hand"),
])
def test_pao_on_a_concealed_limit_hand_is_refused(concealed: str, tile: str,
                                                 flags: tuple[str, ...], winner: str,
                                                 what: str) -> None:
    """001 PAO-Spel: pao counts the "slagen" a player has open on the table
    (6 of dragons, 9 of winds, 9 of 1s/9s) and names who pays; a concealed
    thirteen orphans, three great dragons, Verborgen Schat or heavenly hand
    shows nothing, so nobody can be responsible (H8, issue 14 item 1)."""
    game = hk(concealed, tile=tile, source="wall", winner=winner, flags=(*flags, "pao:W"))
    message = error_of(game)
    assert message.startswith("pao:W: ")
    assert seat_name(winner) in message and what in message and "H8" in message


def seat_name(seat: str) -> str:
    return {"E": "East (E)", "S": "South (S)", "W": "West (W)", "N": "North (N)"}[seat]


def test_pao_on_a_concealed_super_clean_hand_is_refused() -> None:
    """001 "Varianten ... Gevaarlijk Spel": 9 slagen of one suit open on the
    table; a concealed super-clean hand shows none, even with the house
    variant on (H8, issue 14 items 1 and 8)."""
    game = hk("123456789m22255m", tile="5m", source="wall", flags=("pao:W",),
              house_pao_super_clean=True)
    message = error_of(game)
    assert message.startswith("pao:W: nobody can be responsible for South (S)'s hand")
    assert "super_clean: 4 open sets of characters (9 slagen), 0 shown" in message


def test_pao_on_super_clean_is_a_house_variant_off_by_default() -> None:
    """"Varianten van het Hong Kong Mahjongspel" are house options, off unless
    a club turns them on (H6 revised, issue 14 item 8): without the option a
    super-clean hand shown open is no pao hand."""
    melds = (meld("chow", "123m"), meld("chow", "456m"), meld("chow", "789m"),
             meld("pung", "222m"))
    message = error_of(hk("55m", *melds, tile="5m", source="wall", flags=("pao:W",)))
    assert "no limit hand that pao is paid for" in message
    # With the variant: super clean 8 + self-drawn 1 + no seasons 1 = 10,
    # 64 x 3 from West.
    game = hk("55m", *melds, tile="5m", source="wall", flags=("pao:W",),
              house_pao_super_clean=True)
    assert scored(game)["settlement"] == {"E": 0, "S": 192, "W": -192, "N": 0}
    assert next(o for o in RULESET.options if o.name == "house_pao_super_clean").default is False


def test_three_great_dragons_on_the_discard_of_the_third_dragon() -> None:
    """001 Gevaarlijk Spel met Draken: two dragon pungs open (6 slagen);
    West discards the third dragon: West pays for everyone, the limit row
    256 (H8)."""
    result = scored(hk(*DRAGONS, tile="7z", flags=("pao:W",)))
    assert result["settlement"] == {"E": 0, "S": 256, "W": -256, "N": 0}
    assert result["pao"] == "W"


def test_the_ninth_dragon_slag_then_self_drawn() -> None:
    """001 PAO-Spel, Uitzondering: who caused the 9th slag of dragons pays
    for all when the winner then draws the winning tile: three dragon pungs
    open (128 x 3 from North). With only two open the self-drawn third
    dragon is nobody's doing (H8)."""
    game = hk("234m99s", meld("pung", "555z"), meld("pung", "666z"), meld("pung", "777z"),
              tile="9s", source="wall", flags=("pao:N",))
    assert scored(game)["settlement"] == {"E": 0, "S": 384, "W": 0, "N": -384}
    message = error_of(hk(*DRAGONS, tile="7z", source="wall", flags=("pao:N",)))
    assert "three_great_dragons: 3 open sets of dragons, 2 shown" in message
    assert "North (N) did not discard the winning tile" in message


def test_pao_on_another_players_discard_needs_one_set_more() -> None:
    """H8: on West's discard with two dragon pungs open, West (the
    discarder) is the one responsible, not North."""
    assert "2 shown" in error_of(hk(*DRAGONS, tile="7z", flags=("pao:N",)))


@pytest.mark.parametrize(("fan", "ok"), [(3, False), (7, False), (8, True), (10, True),
                                         (20, True)])
def test_pao_by_values(fan: int, ok: bool) -> None:
    """By values the tiles are unknown; what can be checked is that the fan
    is that of a hand pao is paid for: a limit hand (20) or the little four
    winds (8 or more), unless the 7-5 rule applies (H7, H8)."""
    game = by_value(hk(*DRAGONS, tile="7z", flags=("pao:W",), minimum_fan=0), fan)
    result = score_game(game)
    if ok:
        assert result["pao"] == "W"
    else:
        assert result["error"].startswith(f"pao:W: South (S) was given {fan} fan, no limit "
                                          "hand")


# ----------------------------------------------- item 2: the 7-5 rule

def test_the_seven_five_option() -> None:
    """001 De Levende Muur: variant 2 (the last 18 tiles stay standing, the
    7-5 rule) is the default (H7)."""
    option = next(o for o in RULESET.options if o.name == "seven_five_rule")
    assert option.default is True and option.type is bool
    assert option.label and option.description  # in Dutch: tests/engine_texts
    assert "7 – 5 Regel" in option.section and "H7" in option.section


@pytest.mark.parametrize("payment", ["discarder_pays", "half_pay"])
def test_seven_five_by_tiles(payment: str) -> None:
    """001 "7 – 5 Regel": from the 7th-last tile whoever discards a dragon
    or wind pays for everyone, for any winning hand: 3 fan on West's red
    dragon. Half pay, 3 fan: 4 + 4 + 8 = 16, all from West (H7)."""
    game = hk(*THREE_FAN, tile="7z", flags=("pao:W", "seven_five"), payment=payment)
    result = scored(game)
    assert result["hands"]["S"]["value"] == 3
    paid = 8 if payment == "discarder_pays" else 16
    assert result["settlement"] == {"E": 0, "S": paid, "W": -paid, "N": 0}
    assert result["pao"] == "W"


def test_seven_five_needs_the_live_wall_variant() -> None:
    """Variant 1 (the wall played out): "dan geldt niet de regel (Pao) van
    de laatste 7 en 5 stenen" (H7)."""
    game = hk(*THREE_FAN, tile="7z", flags=("pao:W", "seven_five"), seven_five_rule=False)
    assert "option seven_five_rule" in error_of(game)
    assert "option seven_five_rule" in error_of(by_value(game, 3))


def test_without_seven_five_a_three_fan_hand_has_no_pao() -> None:
    """001 PAO-Spel: "Als de winnaar uiteindelijk GEEN Limietspel kan
    volmaken, dan hoeft de veroorzaker niet voor iedereen te betalen" (H8)."""
    message = error_of(hk(*THREE_FAN, tile="7z", flags=("pao:W",)))
    assert message.startswith("pao:W: South (S)'s hand (3 fan) is no limit hand")


@pytest.mark.parametrize(("change", "message"), [
    (dict(flags=("pao:N", "seven_five")), "flag pao:W with it"),
    (dict(flags=("seven_five",)), "flag pao:W with it"),
    (dict(source="wall", discarder=None, flags=("pao:W", "seven_five")),
     "win_source discard"),
])
def test_seven_five_names_the_discarder(change: dict[str, Any], message: str) -> None:
    """"moet de veroorzaker alles betalen": the discarder of the winning tile
    (H7)."""
    assert message in error_of(hk(*THREE_FAN, **{"tile": "7z", **change}))


def test_seven_five_suit_tile_must_be_raw() -> None:
    """The 5 rule: only a "rauwe steen" (not yet discarded or used in a
    chow or pung) makes its discarder pay; a 4m the winner shows in a chow is
    not raw (H7)."""
    game = hk("345m99s", meld("chow", "234m"), meld("chow", "567p"), meld("pung", "555z"),
              tile="4m", flags=("pao:W", "seven_five"), minimum_fan=0)
    assert "in their meld 1" in error_of(game)
    game = hk("345m99s", meld("chow", "678m"), meld("chow", "567p"), meld("pung", "555z"),
              tile="4m", flags=("pao:W", "seven_five"), minimum_fan=0)
    assert scored(game)["pao"] == "W"


PAO_CASES = [
    pytest.param(hk(*THREE_FAN, tile="7z", flags=("pao:W", "seven_five")), id="seven_five"),
    pytest.param(hk(*DRAGONS, tile="7z", flags=("pao:W",)), id="dragons-discard"),
    pytest.param(hk("99m", *FOUR_WINDS[1:], meld("pung", "444z"), tile="9m", source="wall",
                    discarder=None, flags=("pao:N",)), id="winds-self-drawn-after-12th-slag"),
    pytest.param(hk(*FOUR_WINDS, tile="4z", flags=("pao:W",)), id="winds-discard"),
    pytest.param(hk(*LITTLE_WINDS, tile="4z", flags=("pao:W",)), id="little-winds"),
    pytest.param(hk(*LITTLE_WINDS, tile="4z", flags=("pao:W", "seven_five")),
                 id="little-winds-seven-five"),
]


@pytest.mark.parametrize("game", PAO_CASES)
@pytest.mark.parametrize(("payment", "seven_five", "split", "three"),
                         list(itertools.product(["discarder_pays", "half_pay"], [True, False],
                                                [True, False], [True, False])))
def test_tiles_and_values_settle_alike(game: dict[str, Any], payment: str, seven_five: bool,
                                       split: bool, three: bool) -> None:
    """Issue 14 / H7: the value entry and the tile entry of the same hand
    settle alike under every option, or are both refused."""
    game = {**game, "options": {"payment": payment, "seven_five_rule": seven_five,
                                "three_player_split": split}}
    if three:
        game["players"] = {seat: spec for seat, spec in game["players"].items() if seat != "N"}
        game["flags"] = [flag.replace("pao:N", "pao:E") for flag in game["flags"]]
    by_tiles = score_game(game)
    fan = by_tiles["hands"]["S"]["value"] if "hands" in by_tiles else 3
    values = score_game(by_value(game, fan))
    if "error" in by_tiles:
        assert "seven_five" in game["flags"] and not seven_five, by_tiles
        assert "error" in values
        return
    assert values["settlement"] == by_tiles["settlement"], (by_tiles, values)
    assert values["pao"] == by_tiles["pao"]


# ----------------------------------------------- item 3: little four winds

def test_little_four_winds_pao() -> None:
    """001 Gevaarlijk Spel met Winden: "Deze regel geldt ook voor de Vier
    kleine Winden" (H8): three wind pungs open, West discards the North
    that closes the pair: little four winds 8 + seat wind 1 + prevailing
    wind 1 + no seasons 1 = 11, capped at 10: West pays 128."""
    result = scored(hk(*LITTLE_WINDS, tile="4z", flags=("pao:W",)))
    assert result["hands"]["S"]["value"] == 10
    assert result["settlement"] == {"E": 0, "S": 128, "W": -128, "N": 0}
    # Half pay: the 7-10 fan rows pay the limit row, 256 in all from West.
    result = scored(hk(*LITTLE_WINDS, tile="4z", flags=("pao:W",), payment="half_pay"))
    assert result["settlement"] == {"E": 0, "S": 256, "W": -256, "N": 0}


def test_little_four_winds_with_a_concealed_wind_pung_has_no_pao() -> None:
    """H8: 9 slagen of winds open on the table; a concealed third pung is
    nobody's doing."""
    game = hk("234m333z44z", meld("pung", "111z"), meld("pung", "222z"), tile="4z",
              flags=("pao:W",))
    assert "little_four_winds: 3 open sets of winds, 2 shown" in error_of(game)


# ----------------------------------------------- item 4: Maan eet cake

def test_moon_eats_cake_needs_the_winning_tile_one_circles() -> None:
    """001 Uitzonderlijke regels: "Maan eet cake: winnen met laatste steen van
    de muur en dat is kringen 1" (H10): a 1p elsewhere in the hand is not
    it."""
    game = hk("123p456m678s234s99m", tile="9m", source="wall", discarder=None,
              flags=("last_wall_tile", "moon_eats_cake"))
    assert error_of(game) == (
        "South (S): moon_eats_cake is winning with the last wall tile when it is 1 circles "
        "(1p), but the winning tile is 9m (001 Uitzonderlijke regels, H10)")
    game["winning_tile"] = "1p"
    assert scored(game)["hands"]["S"]["value"] == 9


# ----------------------------------------------- item 6: season claims

@pytest.mark.parametrize("bonus", ["1j2j3j4j1f2f3f4f", "1j2j3j4j1f2f3f"])
def test_a_season_claim_on_a_discard_is_refused(bonus: str) -> None:
    """001 Seizoenen: "op het moment dat deze speler de 7de seizoen pakt"
    (and the 8th): the season is drawn, never discarded (H10)."""
    game = hk("1357m2468p13579s5z", tile="5z", discarder="E", bonus=bonus)
    assert error_of(game).startswith(f"South (S) holds {len(bonus) // 2} seasons but won on a "
                                     "discard: a season claim is made on drawing")
    game["win_source"] = "wall"
    del game["discarder"]
    assert scored(game)["hands"]["S"]["value"] in (3, 20)


def test_eight_seasons_and_a_mahjong_on_a_discard_score_the_tiles() -> None:
    """H10: the limit of 8 seasons is claimed on drawing the 8th ("Wordt door
    deze speler géén Mahjong geclaimd, dan vervalt zijn recht op een
    Limietspel"); a mahjong on a discard scores its tiles: concealed 1, all
    chows 1, all main and all secondary seasons 2 + 2 = 6 fan."""
    result = scored(hk("234m345p567678s99m", tile="9m", discarder="E",
                       bonus="1j2j3j4j1f2f3f4f"))
    assert result["hands"]["S"]["limit"] is None
    assert result["hands"]["S"]["value"] == 6


# ----------------------------------------------- item 8: bonus tiles

def test_bonus_tiles_are_always_in_play() -> None:
    """H6 (revised): Fu-Hing plays with all 144 tiles; no option turns the
    seasons off."""
    assert RULESET.uses_bonus_tiles
    assert RULESET.bonus_refused(RULESET.resolve_options({})) is None
    assert not any("bonus" in o.name or "season" in o.name for o in RULESET.options)
