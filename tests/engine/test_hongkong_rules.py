"""Hong Kong (club Fu-Hing) fan table: one case per fan row and limit hand.

Every expected number is computed by hand from seed 001
(/work/shared/seeds/001_*.txt: "Combinaties van het Hong Kong Mahjong met FAN
toekenning" = the table, "Waardering combinaties volgens de Chinese Hong Kong
Mahjong methode" = the text, "Seizoenen of bloemen", "Spel met kongen",
"Schoon en superschoon", "Speciale limiet spelen", "Uitzonderlijke regels")
and the decisions H1-H6 of rule-decisions.md, not from the engine.

Conventions unless a case says otherwise: prevailing wind East, the winner
is South (seat wind South, seasons 2j/2f) and wins on West's discard; the
other players are given as {"score": 0} (non-winners score nothing in Hong
Kong: "Je krijgt geen punten als je geen winnaar bent"). ``minimum_fan`` 0
lets a single row be tested on its own. Bonus tiles: "j" = main seasons
(hoofdseizoenen), "f" = secondary seasons (bijseizoenen).
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine import rule_catalogue, score_game
from scoring.engine.hongkong import DUTCH_NAMES

SEATS = ("E", "S", "W", "N")
CHICKEN = {"minimum_fan": 0}


def meld(kind: str, tiles: str, open: bool = True) -> dict[str, Any]:
    return {"kind": kind, "tiles": tiles, "open": open}


def hk(concealed: str, *melds: dict[str, Any], bonus: str | None = None,
       winner: str = "S", tile: str | None = None, source: str = "discard",
       discarder: str = "W", flags: tuple[str, ...] = (), wind: str = "E",
       options: dict[str, Any] | None = None) -> dict[str, Any]:
    player: dict[str, Any] = {"concealed": concealed, "melds": list(melds)}
    if bonus:
        player["bonus"] = bonus
    game: dict[str, Any] = {
        "ruleset": "hongkong",
        "options": dict(CHICKEN if options is None else options),
        "prevailing_wind": wind,
        "players": {seat: player if seat == winner else {"score": 0} for seat in SEATS},
        "winner": winner,
        "winning_tile": tile,
        "win_source": source,
        "flags": list(flags),
    }
    if source in ("discard", "robbed_kong"):
        game["discarder"] = discarder
    return game


def fan(game: dict[str, Any]) -> tuple[int, dict[str, int]]:
    """(the hand's value in fan, {rule: fan}) of the winner."""
    result = score_game(game)
    assert "error" not in result, result
    hand = result["hands"][game["winner"]]
    return hand["value"], {item["rule"]: item["fan"] for item in hand["items"]}


# An all-chows concealed hand, won on the pair: 234m 345p 678s 567s 99m.
CHOWS = "234m345p567678s99m"


# ---------------------------------------------------------------- fan rows

def test_concealed_hand_on_a_discard() -> None:
    # Table/text "Geheel verborgen spel ... met weggelegde steen": 1;
    # 4 Chows 1; Geen seizoenen 1 (H6) = 3.
    assert fan(hk(CHOWS, tile="9m")) == (3, {"concealed_hand": 1, "all_chows": 1,
                                               "no_seasons": 1})


def test_concealed_hand_allows_a_concealed_kong() -> None:
    # Text: "Indien een gesloten Kong op tafel gelegd wordt, dan geldt het spel
    # nog steeds als gesloten": concealed 1 + no seasons 1 = 2.
    value, rules = fan(hk("234m345p567s99m", meld("kong", "8888s", open=False), tile="9m"))
    assert (value, rules) == (2, {"concealed_hand": 1, "no_seasons": 1})


def test_a_declared_open_set_is_not_concealed() -> None:
    # 4 Chows 1 + no seasons 1 = 2; no "Geheel verborgen spel".
    value, rules = fan(hk("345p567678s99m", meld("chow", "234m"), tile="9m"))
    assert (value, rules) == (2, {"all_chows": 1, "no_seasons": 1})


def test_self_drawn() -> None:
    # "Winnende steen v.d. Muur": 1; with concealed 1, 4 chows 1, no seasons 1 = 4.
    value, rules = fan(hk(CHOWS, tile="9m", source="wall"))
    assert (value, rules) == (4, {"concealed_hand": 1, "self_drawn": 1, "all_chows": 1,
                                  "no_seasons": 1})


def test_all_chows_any_pair() -> None:
    # "4 Chows ... Sluitpaar bestaat uit 2 gelijke stenen van één soort": a
    # pair of dragons does not spoil it: 4 chows 1 + no seasons 1 = 2.
    value, rules = fan(hk("345p567678s55z", meld("chow", "234m"), tile="5z"))
    assert rules == {"all_chows": 1, "no_seasons": 1} and value == 2


def test_all_pungs_is_five_fan_per_the_detailed_text() -> None:
    # Text "4 Pungen ... Waardering: 5 fan" (H3); no seasons 1 = 6.
    game = hk("333p444s666s99m", meld("pung", "222m"), tile="9m")
    assert fan(game) == (6, {"all_pungs": 5, "no_seasons": 1})


def test_all_pungs_three_fan_as_an_option() -> None:
    # "Enkele combinaties met het aantal Fan: 4 x Pung = 3 Fan" (H3 option).
    game = hk("333p444s666s99m", meld("pung", "222m"), tile="9m",
              options={"minimum_fan": 0, "all_pungs_fan": 3})
    assert fan(game) == (4, {"all_pungs": 3, "no_seasons": 1})


def test_pung_of_dragons() -> None:
    # "Pung Draken": 1 per pung; no seasons 1 = 2.
    game = hk("345p678s555z99m", meld("chow", "234m"), tile="9m")
    assert fan(game) == (2, {"pung_dragons": 1, "no_seasons": 1})


def test_two_pungs_of_dragons_count_one_each() -> None:
    # "Maximaal 2 Pung Draken in een spel": 2 + no seasons 1 = 3.
    game = hk("678s555666z99m", meld("chow", "234m"), tile="9m")
    value, rules = fan(game)
    assert value == 3 and rules == {"pung_dragons": 1, "no_seasons": 1}
    items = score_game(game)["hands"]["S"]["items"]
    assert [item["rule"] for item in items].count("pung_dragons") == 2


def test_pung_of_the_seat_wind() -> None:
    # "Pung Eigen Wind": South's 222z, 1; no seasons 1 = 2.
    game = hk("345p678s222z99m", meld("chow", "234m"), tile="9m")
    assert fan(game) == (2, {"pung_seat_wind": 1, "no_seasons": 1})


def test_pung_of_the_prevailing_wind() -> None:
    # "Pung Wind van de Ronde": 111z in the East round, 1; no seasons 1 = 2.
    game = hk("345p678s111z99m", meld("chow", "234m"), tile="9m")
    assert fan(game) == (2, {"pung_prevailing_wind": 1, "no_seasons": 1})


def test_double_wind_is_two_fan() -> None:
    # 001 "De combinaties, 2 Pung": "Pung Zuidenwind en je bent Zuid en ook
    # nog de Rondewind dan heb je met deze Pung al twee Fan": 2 + 1 = 3.
    game = hk("345p678s222z99m", meld("chow", "234m"), tile="9m", wind="S")
    assert fan(game) == (3, {"pung_seat_wind": 1, "pung_prevailing_wind": 1,
                             "no_seasons": 1})


def test_little_three_dragons_without_the_dragon_pungs() -> None:
    # "Drie Kleine Wijzen ... (geen fan voor de afzonderlijke Pungs Draken)":
    # 8 + no seasons 1 = 9.
    game = hk("345p555666z77z", meld("chow", "234m"), tile="7z")
    assert fan(game) == (9, {"little_three_dragons": 8, "no_seasons": 1})


def test_little_four_winds() -> None:
    # "Vier kleine winden": 3 wind pungs + wind pair, 8. South round, winner
    # South: 111z 333z 444z are neither seat nor round wind, pair 22z. The
    # fourth set (not dragons) is of one suit, so the hand is also Schoon 5:
    # 8 + 5 + no seasons 1 = 14, capped at 10 (H2).
    game = hk("111333444z22z", meld("chow", "234m"), tile="2z", wind="S")
    assert fan(game) == (10, {"little_four_winds": 8, "clean": 5, "no_seasons": 1})
    assert score_game(game)["hands"]["S"]["doublings"] == 14


def test_little_four_winds_keeps_the_wind_pungs() -> None:
    # The text gives no "geen fan voor de afzonderlijke Pungs" for the winds
    # (unlike Drie Kleine Wijzen): East round, winner South with 111z 222z:
    # 8 + round wind 1 + seat wind 1 + clean 5 + no seasons 1 = 16 -> 10.
    game = hk("111222333z44z", meld("chow", "234m"), tile="4z")
    value, rules = fan(game)
    assert rules == {"little_four_winds": 8, "pung_prevailing_wind": 1, "pung_seat_wind": 1,
                     "clean": 5, "no_seasons": 1} and value == 10


def test_clean() -> None:
    # "Schoon Spel": one suit with winds/dragons, 5; no seasons 1 = 6.
    game = hk("456789m444z99m", meld("chow", "123m"), tile="9m")
    assert fan(game) == (6, {"clean": 5, "no_seasons": 1})


def test_super_clean() -> None:
    # "Superschoon Spel": all 14 one suit, 8 (not also Schoon); 4 chows 1,
    # no seasons 1 = 10.
    game = hk("456789234m55m", meld("chow", "123m"), tile="5m")
    assert fan(game) == (10, {"super_clean": 8, "all_chows": 1, "no_seasons": 1})


def test_fan_are_capped_at_ten() -> None:
    # Super clean 8 + 4 chows 1 + concealed 1 + self-drawn 1 + no seasons 1
    # = 12, "Het maximale aantal fan is 10" (H2).
    result = score_game(hk("123456789234m55m", tile="5m", source="wall"))
    hand = result["hands"]["S"]
    assert hand["doublings"] == 12 and hand["value"] == 10


def test_seven_pairs() -> None:
    # Table "7 Tweelingen ... 4 fan"; concealed 1, no seasons 1 = 6.
    game = hk("1133m5577p2299s11z", tile="1z")
    assert fan(game) == (6, {"seven_pairs": 4, "concealed_hand": 1, "no_seasons": 1})


def test_seven_pairs_allows_no_four_equal_tiles() -> None:
    # "7 Tweelingen GÉÉN KONG TOEGESTAAN": 1111m is not two pairs.
    result = score_game(hk("1111m5577p2299s11z", tile="1z"))
    assert "error" in result and "do not form a mahjong" in result["error"]


def test_last_wall_tile_self_drawn() -> None:
    # Text "Winnen met de laatste steen van de muur": 2 fan incl. self-drawn;
    # concealed 1, 4 chows 1, no seasons 1 = 5.
    game = hk(CHOWS, tile="9m", source="wall", flags=("last_wall_tile",))
    assert fan(game) == (5, {"concealed_hand": 1, "self_drawn": 1, "all_chows": 1,
                             "last_wall_tile": 1, "no_seasons": 1})


def test_last_tile_discarded() -> None:
    # "Afleggen van de laatste steen": winning on the discard after the last
    # wall tile is 1 fan (table: "Met steen van de Muur of met weggelegde
    # steen"): 3 + 1 = 4.
    game = hk(CHOWS, tile="9m", flags=("last_wall_tile",))
    assert fan(game) == (4, {"concealed_hand": 1, "all_chows": 1, "last_wall_tile": 1,
                             "no_seasons": 1})


def test_moon_eats_cake() -> None:
    # "Maan eet cake: ... kringen 1 ... Waardering: 6 fan" instead of the
    # 2 fan of last tile + self-drawn: 6 + concealed 1 + chows 1 + no
    # seasons 1 = 9.
    game = hk("123p456m678s234s99m", tile="1p", source="wall",
              flags=("last_wall_tile", "moon_eats_cake"))
    assert fan(game) == (9, {"moon_eats_cake": 6, "concealed_hand": 1, "all_chows": 1,
                             "no_seasons": 1})


def test_moon_not_announced_is_last_tile_and_self_drawn() -> None:
    # "Verzuimt de speler bovenstaande aan te kondigen ... slechts 2 fan".
    game = hk("123p456m678s234s99m", tile="1p", source="wall", flags=("last_wall_tile",))
    assert fan(game)[1] == {"self_drawn": 1, "last_wall_tile": 1, "concealed_hand": 1,
                            "all_chows": 1, "no_seasons": 1}


def test_robbing_the_kong() -> None:
    # "Kongroof ... Waardering: 1 fan": 3 + 1 = 4. The robbed 2m completes
    # the chow 234m: a robbed tile is the fourth copy, so it never completes
    # the pair 99m (N18; test_impossible_games.py).
    game = hk(CHOWS, tile="2m", source="robbed_kong")
    assert fan(game) == (4, {"concealed_hand": 1, "all_chows": 1, "robbing_the_kong": 1,
                             "no_seasons": 1})


def test_kong_replacement_is_two_fan_with_self_drawn() -> None:
    # "Winnen met extra steen na Kong ... In totaal ... 2 fan (= inclusief
    # zelf pakken)" (H3); no seasons 1 = 3.
    game = hk("234m345p567s99m", meld("kong", "8888s"), tile="9m", source="kong_replacement")
    assert fan(game) == (3, {"kong_replacement": 2, "no_seasons": 1})


def test_kong_replacement_per_the_table_as_an_option() -> None:
    # Table: 1 ("geen extra fan voor winnende steen van de Muur") (H3).
    game = hk("234m345p567s99m", meld("kong", "8888s"), tile="9m", source="kong_replacement",
              options={"minimum_fan": 0, "kong_replacement_fan": 1})
    assert fan(game) == (2, {"kong_replacement": 1, "no_seasons": 1})


def test_kong_on_kong_is_six_fan_with_self_drawn() -> None:
    # "Kong op Kong ... Waardering: 6 fan (inclusief zelf pakken)" (H3);
    # no seasons 1 = 7.
    game = hk("234m345p99m", meld("kong", "8888s"), meld("kong", "7777p"), tile="9m",
              source="kong_replacement", flags=("kong_on_kong",))
    assert fan(game) == (7, {"kong_on_kong": 6, "no_seasons": 1})


def test_kong_on_kong_per_the_table_as_an_option() -> None:
    # Table "Kong op Kong ... 4" (H3).
    game = hk("234m345p99m", meld("kong", "8888s"), meld("kong", "7777p"), tile="9m",
              source="kong_replacement", flags=("kong_on_kong",),
              options={"minimum_fan": 0, "kong_on_kong_fan": 4})
    assert fan(game) == (5, {"kong_on_kong": 4, "no_seasons": 1})


# ---------------------------------------------------------------- seasons

# The concealed all-chows hand on a discard: concealed 1 + 4 chows 1 = 2
# before seasons.
BASE = {"concealed_hand": 1, "all_chows": 1}


@pytest.mark.parametrize(("bonus", "seasons", "why"), [
    (None, {"no_seasons": 1}, "Géén Seizoen is ook een Fan"),
    ("2j", {"own_main_season": 1}, "Eigen Seizoen: Zuid = 2"),
    ("2f", {"own_secondary_season": 1}, "Eigen Seizoen, bijseizoen"),
    ("2j2f", {"own_main_season": 1, "own_secondary_season": 1},
     "twee Fan door Hoofdseizoen en Bijseizoen van je eigen wind"),
    ("1j3f", {}, "seizoen dat niet overeenkomt met zijn Wind: geen fan"),
    ("1j2j3j4j", {"all_main_seasons": 2}, "Alle Hoofdseizoenen 2 (incl. eigen)"),
    ("1f2f3f4f", {"all_secondary_seasons": 2}, "Alle Bijseizoenen 2 (incl. eigen)"),
    ("1j2j3j4j2f", {"all_main_seasons": 2, "own_secondary_season": 1},
     "alle hoofdseizoenen en het goede bijseizoen: 3 Fan"),
    ("1j2j3j4j1f3f4f", {"seven_seasons": 3}, "7 seizoenen 3"),
])
def test_seasons(bonus: str | None, seasons: dict[str, int], why: str) -> None:
    # 001 "De Seizoenen", "Seizoenen of bloemen" and the table rows.
    value, rules = fan(hk(CHOWS, tile="9m", bonus=bonus))
    assert rules == {**BASE, **seasons}, why
    assert value == 2 + sum(seasons.values())


def test_seven_seasons_claim_whatever_the_tiles() -> None:
    # "Op het moment dat een speler het 7de seizoen in zijn bezit krijgt, mag
    # deze speler Mahjong claimen ... ongeacht de stenen in zijn hand": 3 fan,
    # a mahjong even under the default minimum of 3 (and it would be one
    # under a higher minimum too).
    game = hk("1357m2468p13579s5z", tile="5z", source="wall", bonus="1j2j3j4j1f2f3f",
              options={"minimum_fan": 5})
    assert fan(game) == (3, {"seven_seasons": 3})


def test_eight_seasons_is_a_limit_whatever_the_tiles() -> None:
    # "De speler die alle 8 seizoenstenen in zijn bezit krijgt mag Mahjong
    # claimen ... ongeacht de stenen ... Limietspel" (20 fan, H2).
    game = hk("1357m2468p13579s5z", tile="5z", source="wall", bonus="1j2j3j4j1f2f3f4f")
    assert fan(game) == (20, {"eight_seasons": 20})


# ---------------------------------------------------------------- limits

@pytest.mark.parametrize(("name", "game"), [
    # "Alleen Winden en Draken": only pungs of winds and dragons.
    ("all_honours", hk("444555666z11z", meld("pung", "333z"), tile="1z")),
    # "Drie Grote Wijzen": three pungs of dragons.
    ("three_great_dragons", hk("234m555666777z99m", tile="9m")),
    # "Vier Grote winden": four pungs of winds, any pair (not dragons).
    ("big_four_winds", hk("111222333444z99m", tile="9m")),
    # "Pungen van Enen en Negens": pungs of 1s and 9s, pair 1 or 9.
    ("all_terminals", hk("111999m999s11s", meld("pung", "111p"), tile="1s")),
    # "Verborgen Schat, Situatie 01": the last pung self-drawn.
    ("hidden_treasure", hk("222m333p444666s99m", tile="6s", source="wall")),
    # "Verborgen Schat, Situatie 02": four concealed pungs, the pair on a discard.
    ("hidden_treasure", hk("222m333p444666s99m", tile="9m")),
    # "Dertien Wezen": 1 and 9 of each suit, each honour, one of them twice.
    ("thirteen_orphans", hk("119m19p19s1234567z", tile="1m")),
    # "Negen Poorten": 1112345678999 + any, concealed, won on a discard.
    ("nine_gates", hk("11123455678999m", tile="5m")),
    # "Spel van de Hemel": East wins with the dealt tiles.
    ("heavenly_hand", hk(CHOWS, winner="E", tile="9m", source="wall", flags=("heavenly",))),
    # "Spel van de Aarde": South, West or North wins on East's first discard.
    ("earthly_hand", hk(CHOWS, tile="9m", discarder="E", flags=("earthly",))),
])
def test_limit_hands(name: str, game: dict[str, Any]) -> None:
    # "Het aantal fan voor een limietspel is 20 fan" (H2).
    result = score_game(game)
    assert "error" not in result, result
    hand = result["hands"][game["winner"]]
    assert hand["limit"] == name
    assert hand["value"] == 20 and hand["items"] == [{"rule": name, "fan": 20}]


def test_hidden_treasure_needs_the_last_pung_self_drawn() -> None:
    # "Situatie 01: De laatste Pung mag geclaimd worden als de benodigde steen
    # door de speler zelf uit de muur wordt getrokken": on a discard it is
    # 4 pungs 5 + concealed 1 + no seasons 1 = 7.
    value, rules = fan(hk("222m333p444666s99m", tile="6s"))
    assert (value, rules) == (7, {"all_pungs": 5, "concealed_hand": 1, "no_seasons": 1})


def test_hidden_treasure_has_no_kongs() -> None:
    # "Geheel verborgen spel met vier Pungs (geen Kongs)".
    game = hk("222m333p444s99m", meld("kong", "6666s", open=False), tile="9m", source="wall")
    assert score_game(game)["hands"]["S"]["limit"] is None


# ---------------------------------------------------------------- minimum fan

def test_minimum_fan_default_three() -> None:
    # H2: default 3. Open chow, 4 chows 1 + no seasons 1 = 2: a false mahjong.
    game = hk("345p567678s99m", meld("chow", "234m"), tile="9m", options={})
    result = score_game(game)
    assert "error" in result and "2 fan" in result["error"] and "minimum_fan" in result["error"]


def test_chicken_play() -> None:
    # 001 Opties e) "Chickenspel = uit met een minimum van 0 fan" (H2).
    game = hk("345p567678s99m", meld("chow", "234m"), tile="9m", bonus="1j",
              options={"minimum_fan": 0})
    assert fan(game) == (1, {"all_chows": 1})


def test_non_winners_score_nothing() -> None:
    # "A) Je krijgt geen punten als je geen winnaar bent".
    game = hk(CHOWS, tile="9m")
    game["players"]["N"] = {"concealed": "555z666z777z1112s", "melds": []}
    result = score_game(game)
    assert result["hands"]["N"]["value"] == 0 and result["scores"]["N"] == 0


# ---------------------------------------------------------------- catalogue

def test_every_rule_has_a_dutch_name_and_a_seed_001_section() -> None:
    catalogue = rule_catalogue("hongkong")
    assert set(catalogue) == set(DUTCH_NAMES)
    for name, entry in catalogue.items():
        assert str(entry["section"]).startswith("001"), name
    assert catalogue["big_four_winds"]["limit"] == 20
    assert catalogue["super_clean"]["doublings"] == 8


# --- House variants (001 "Opties van het HK Mahjong spel"), options off by default


def test_house_variant_c_terminals_with_honours_adds_a_fan() -> None:
    """001 Opties c): "Enen en negenen met Winden en of Draken: 1 fan extra"."""
    game = hk("111m999p11z", meld("pung", "999s"), meld("pung", "555z"), tile="1z")
    base_fan, base = fan(game)
    game["options"] = {"house_terminals_honours": True}
    house_fan, items = fan(game)
    assert "terminals_with_honours" not in base
    assert items["terminals_with_honours"] == 1 and house_fan == base_fan + 1


def test_house_variant_d_pair_of_two_five_or_eight() -> None:
    """001 Opties d): "Sluitpaar 2, 5, of 8 = 1 fan"."""
    game = hk("123m456m789p55s", meld("chow", "234p"), tile="5s")
    base_fan, _ = fan({**game, "options": {"minimum_fan": 0}})
    house_fan, items = fan({**game, "options": {"minimum_fan": 0, "house_pair_258": True}})
    assert items["pair_258"] == 1 and house_fan == base_fan + 1
    other = hk("123m456m789p77s", meld("chow", "234p"), tile="7s")
    _, items = fan({**other, "options": {"minimum_fan": 0, "house_pair_258": True}})
    assert "pair_258" not in items


def test_house_variant_h_all_green_is_a_limit_hand() -> None:
    """001 Opties h): "Extra Limietspel: All Green = Bamboe 2,3,4,6,8 + groene Draak"."""
    game = hk("234s234s666s88s", meld("pung", "666z"), tile="8s")
    assert score_game({**game, "options": {"house_all_green": True}})["hands"][
        game["winner"]]["limit"] == "all_green"
    assert score_game(game)["hands"][game["winner"]]["limit"] is None


@pytest.mark.parametrize(("concealed", "bonus", "expected"), [
    ("1357m2468p1357s5z", "1j2j3j4j1f2f3f", (3, {"seven_seasons": 3})),  # 12 tiles
    ("1357m2468p13579s55z", "1j2j3j4j1f2f3f4f", (20, {"eight_seasons": 20})),  # 15 tiles
])
def test_a_dead_hand_may_still_claim_with_seven_or_eight_seasons(
        concealed: str, bonus: str, expected: tuple[int, dict[str, int]]) -> None:
    """001 Seizoenen: "Heeft de speler een 'dode hand' (met teveel of te weinig
    stenen) dan mag deze speler bij het verkrijgen van het 7de seizoen Mahjong
    declareren", likewise with 8; 001 Dode Hand: "Uitzondering: zie het Spel
    van de Seizoenen"."""
    game = hk(concealed, tile="5z", source="wall", bonus=bonus)
    game["dead"] = ["S"]
    assert fan(game) == expected


def test_a_dead_hand_cannot_win_otherwise() -> None:
    """001 Dode Hand: "... maar kan geen Mahjong gedeclareerd worden"."""
    game = hk(CHOWS, tile="9m", bonus="1j2j")
    game["dead"] = ["S"]
    assert "cannot both win and have a dead hand" in score_game(game)["error"]
