"""Hand-computed classic (Philos) scoring: an independent reading of seed 004.

Every expected number below was computed by hand from seed 004
(/work/shared/seeds/004_64bfa7c14349b4d1.txt, German text: §6 settlement,
§6.1 points, §6.2 bonus points, §6.3 doublings, §6.4 example and limit, §7
flowers, seasons and "Himmlische Zwillinge") and the decisions P1-P5, R1-R2
of rule-decisions.md, not from the engine. Each case cites its section in its
id or docstring and shows the arithmetic in a comment.

Conventions unless a case says otherwise: prevailing wind East; the winner
is South and wins on a discard by West. Rows that hold for every player are
tested on North as a non-winner (seat wind North) while South's win is given
as a score, so no winner's bonus is mixed in.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine import RULESETS, rule_catalogue, score_game
from scoring.engine.deal import ROUNDS_OF_FOUR
from scoring.engine.decompose import PUNG
from scoring.engine.philos import DUTCH_NAMES, GERMAN_NAMES, TABLE
from scoring.engine.reading import CONCEALED_GROUPS, Context, Reading, tile_facts
from scoring.engine.tiles import NUM_KINDS
from tests.examples import PHILOS_EXAMPLE, PHILOS_EXAMPLE_SCORES, PHILOS_EXAMPLE_SETTLEMENT

SEATS = ("E", "S", "W", "N")
ZERO = {"score": 0}
# Loose tiles that form no pair and no scoring set (§6.4: loose tiles count
# nothing), to fill a non-winner's hand up to 13 tiles.
FILLER = ("1m", "3m", "5m", "7m", "9m", "2p", "4p", "6p", "8p", "1s", "3s", "5s", "7s")


def pung(tiles: str, open: bool = True) -> dict[str, Any]:
    return {"kind": "pung", "tiles": tiles, "open": open}


def kong(tiles: str, open: bool = True) -> dict[str, Any]:
    return {"kind": "kong", "tiles": tiles, "open": open}


def chow(tiles: str) -> dict[str, Any]:
    return {"kind": "chow", "tiles": tiles, "open": True}


def hand(concealed: str, *melds: dict[str, Any], bonus: str | None = None) -> dict[str, Any]:
    spec: dict[str, Any] = {"concealed": concealed, "melds": list(melds)}
    if bonus:
        spec["bonus"] = bonus
    return spec


def game(
    players: dict[str, dict[str, Any]],
    *,
    winner: str | None = "S",
    tile: str | None = None,
    source: str = "discard",
    discarder: str = "W",
    flags: tuple[str, ...] = (),
    wind: str = "E",
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    g: dict[str, Any] = {
        "ruleset": "philos",
        "options": dict(options or {}),
        "prevailing_wind": wind,
        "players": {s: players.get(s, dict(ZERO)) for s in SEATS},
        "winner": winner,
        "flags": list(flags),
    }
    if winner is not None and "concealed" in g["players"][winner]:
        g["winning_tile"] = tile
        g["win_source"] = source
        if source in ("discard", "robbed_kong"):
            g["discarder"] = discarder
    return g


def scored(g: dict[str, Any]) -> dict[str, Any]:
    result = score_game(g)
    assert "error" not in result, result
    assert sum(result["settlement"].values()) == 0
    return result


def rules_of(h: dict[str, Any]) -> list[str]:
    return [item["rule"] for item in h["items"]]


def north(concealed: str, *melds: dict[str, Any], bonus: str | None = None,
          wind: str = "E", options: dict[str, Any] | None = None) -> dict[str, Any]:
    """North's breakdown as a non-winner; ``concealed`` is filled up to 13
    tiles (a kong counting 3) with loose tiles."""
    size = len(concealed.replace("m", "").replace("p", "").replace("s", "").replace("z", ""))
    missing = 13 - size - 3 * len(melds)
    used: set[str] = set()
    for m in melds:
        used |= concealed_tiles(m["tiles"])
    filler = [t for t in FILLER if t not in concealed_tiles(concealed) and t not in used]
    rack = concealed + "".join(filler[:missing])
    g = game({"S": {"score": 100}, "N": hand(rack, *melds, bonus=bonus)}, wind=wind,
             options=options)
    return dict(scored(g)["hands"]["N"])


def concealed_tiles(text: str) -> set[str]:
    tiles: set[str] = set()
    digits = ""
    for char in text:
        if char.isdigit():
            digits += char
        else:
            tiles |= {d + char for d in digits}
            digits = ""
    return tiles


def value(h: dict[str, Any]) -> tuple[int, int, int]:
    return h["points"], h["doublings"], h["value"]


# --------------------------------------------------------------------------
# §6.1 points for sets and pairs (every player)
# --------------------------------------------------------------------------

SET_POINT_CASES = [
    # (id, concealed, melds, rule, points, doublings)
    ("004-6.1-chow-0", "", (chow("345m"),), None, 0, 0),
    ("004-6.1-open-pung-2-8", "", (pung("555p"),), "open_pung_simples", 2, 0),
    ("004-6.1-concealed-pung-2-8", "555p", (), "concealed_pung_simples", 4, 0),
    ("004-6.1-open-pung-1-9", "", (pung("111s"),), "open_pung_terminals_honours", 4, 0),
    ("004-6.1-concealed-pung-1-9", "999m", (), "concealed_pung_terminals_honours", 8, 0),
    ("004-6.1-open-kong-2-8", "", (kong("6666s"),), "open_kong_simples", 8, 0),
    # The §6.4 row: "Kan halbverdeckt Ziegel 2 bis 8" = a declared concealed kong.
    ("004-6.1-half-concealed-kong-2-8", "", (kong("2222m", open=False),),
     "half_concealed_kong_simples", 16, 0),
    ("004-6.1-open-kong-1-9", "", (kong("1111p"),), "open_kong_terminals_honours", 16, 0),
    ("004-6.1-half-concealed-kong-1-9", "", (kong("9999s", open=False),),
     "half_concealed_kong_terminals_honours", 32, 0),
    # "Kan verdeckt: wie Pon verdeckt" (R2): four undeclared 5p are a
    # concealed pung and a spare tile: 4.
    ("004-6.1-concealed-kong-as-concealed-pung-R2", "5555p", (), "concealed_pung_simples", 4, 0),
]


@pytest.mark.parametrize(
    ("concealed", "melds", "rule", "points", "doublings"),
    [pytest.param(*case[1:], id=case[0]) for case in SET_POINT_CASES],
)
def test_set_points(concealed: str, melds: tuple[dict[str, Any], ...], rule: str | None,
                    points: int, doublings: int) -> None:
    h = north(concealed, *melds)
    assert value(h) == (points, doublings, points << doublings)
    assert rules_of(h) == ([rule] if rule else [])


def test_open_pung_of_honours_is_4_points_and_a_dragon_doubles() -> None:
    """004 §6.1 "Pon offen Drachen oder Winde 4", §6.3 "Pon aus Drachen 1x": 4 x 2 = 8."""
    h = north("", pung("555z"))
    assert value(h) == (4, 1, 8)
    assert rules_of(h) == ["open_pung_terminals_honours", "pung_dragons"]


PAIR_CASES = [
    # (id, pair, prevailing wind, points): North is seat wind North.
    ("004-6.1-pair-dragons", "77z", "E", 2),
    ("004-6.1-pair-seat-wind", "44z", "E", 2),
    ("004-6.1-pair-prevailing-wind", "11z", "E", 2),
    # Seat and prevailing wind at once: both rows, 2 + 2 (P5: pair points add up).
    ("004-6.1-pair-seat-and-prevailing-wind-P5", "44z", "N", 4),
    ("004-6.1-pair-other-wind-scores-nothing", "22z", "E", 0),
    ("004-6.1-pair-of-a-suit-scores-nothing", "99s", "E", 0),
]


@pytest.mark.parametrize(("pair", "wind", "points"),
                         [pytest.param(*case[1:], id=case[0]) for case in PAIR_CASES])
def test_pair_points(pair: str, wind: str, points: int) -> None:
    h = north(pair, wind=wind)
    assert value(h) == (points, 0, points)


# --------------------------------------------------------------------------
# §6.3 doublings for pungs and kongs (every player; one line per set, P4)
# --------------------------------------------------------------------------

SET_DOUBLING_CASES = [
    # (id, concealed, melds, prevailing, rule, points, doublings)
    ("004-6.3-pung-dragons", "555z", (), "E", "pung_dragons", 8, 1),  # 8 x 2 = 16
    # West for North in the East round: "Pon aus Winden" 1.
    ("004-6.3-pung-winds", "333z", (), "E", "pung_winds", 8, 1),  # 16
    # "Pon aus Rundenwinden" 2, not 1 + 2 (P4).
    ("004-6.3-pung-prevailing-wind-P4", "111z", (), "E", "pung_prevailing_wind", 8, 2),  # 32
    ("004-6.3-pung-seat-wind-P4", "444z", (), "E", "pung_seat_wind", 8, 2),  # 32
    ("004-6.3-pung-seat-and-prevailing-wind-P4", "444z", (), "N",
     "pung_seat_and_prevailing_wind", 8, 3),  # 64
    ("004-6.3-kong-winds", "", (kong("3333z"),), "E", "kong_winds", 16, 2),  # 64
    ("004-6.3-kong-dragons", "", (kong("6666z"),), "E", "kong_dragons", 16, 2),  # 64
    ("004-6.3-kong-prevailing-wind", "", (kong("1111z"),), "E", "kong_prevailing_wind", 16, 3),
    ("004-6.3-kong-seat-wind", "", (kong("4444z"),), "E", "kong_seat_wind", 16, 3),  # 128
    ("004-6.3-kong-seat-and-prevailing-wind", "", (kong("4444z"),), "N",
     "kong_seat_and_prevailing_wind", 16, 4),  # 256
]


@pytest.mark.parametrize(
    ("concealed", "melds", "wind", "rule", "points", "doublings"),
    [pytest.param(*case[1:], id=case[0]) for case in SET_DOUBLING_CASES],
)
def test_set_doublings(concealed: str, melds: tuple[dict[str, Any], ...], wind: str,
                       rule: str, points: int, doublings: int) -> None:
    h = north(concealed, *melds, wind=wind)
    assert value(h) == (points, doublings, points << doublings)
    assert rules_of(h)[1:] == [rule]  # the set's points, then its one doubling line


def test_kong_any_is_an_option_off_by_default() -> None:
    """004 §6.3 "Kan jeder 1 x verdoppeln" vs the §6.4 example, which does not
    count it: option any_kong_doubles (default off). Open kong of 6s: 8, with
    the option 8 x 2 = 16."""
    assert value(north("", kong("6666s"))) == (8, 0, 8)
    h = north("", kong("6666s"), options={"any_kong_doubles": True})
    assert value(h) == (8, 1, 16)
    assert rules_of(h) == ["open_kong_simples", "kong_any"]


def test_kong_any_does_not_add_to_an_honour_kong_P4() -> None:
    """004 §6.3, P4: an honour kong takes its own line only: kong of West for
    North in the East round 16 x 4 = 64, with or without the option."""
    h = north("", kong("3333z"), options={"any_kong_doubles": True})
    assert value(h) == (16, 2, 64)


def test_two_sets_each_take_their_line() -> None:
    """004 §6.3 "Zwischensumme 3x zu verdoppeln": doublings of different
    sets add up. North, East round: pung of red (8, 1) and pung of North
    (8, 2): 16 x 8 = 128."""
    assert value(north("777z444z")) == (16, 3, 128)


# --------------------------------------------------------------------------
# §6.4 the worked example
# --------------------------------------------------------------------------


def test_the_worked_example_of_6_4() -> None:
    """004 §6.4: South in the North round, not the winner: open pung 4p (2),
    half-concealed kong 2m (16), concealed pung of North (8) = 26; the North
    pung is of the round wind: 2 doublings; 26 x 4 = 104. Loose 9s 9s, red
    and green score nothing."""
    result = scored(PHILOS_EXAMPLE)
    south = result["hands"]["S"]
    assert value(south) == (26, 2, 104)
    assert south["items"] == [
        {"rule": "open_pung_simples", "points": 2, "tiles": "444p"},
        {"rule": "half_concealed_kong_simples", "points": 16, "tiles": "2222m"},
        {"rule": "concealed_pung_terminals_honours", "points": 8, "tiles": "444z"},
        {"rule": "pung_prevailing_wind", "doublings": 2, "tiles": "444z"},
    ]
    assert result["scores"] == PHILOS_EXAMPLE_SCORES
    assert result["settlement"] == PHILOS_EXAMPLE_SETTLEMENT


# --------------------------------------------------------------------------
# §6.2 bonus points for mahjong (winner only)
# --------------------------------------------------------------------------
# The base hand: open chow 234m; 789p 345s 888m 22p on the rack; 8m from
# West's discard completes 888m (open): mahjong 20 + open pung 2 = 22.
BASE_MELDS = (chow("234m"),)
BASE = "789p345s888m22p"


def win(concealed: str = BASE, *melds: dict[str, Any], tile: str = "8m",
        source: str = "discard", flags: tuple[str, ...] = (), wind: str = "E",
        options: dict[str, Any] | None = None, bonus: str | None = None) -> dict[str, Any]:
    melds = melds or BASE_MELDS
    g = game({"S": hand(concealed, *melds, bonus=bonus)}, tile=tile, source=source,
             flags=flags, wind=wind, options=options)
    return dict(scored(g)["hands"]["S"])


def test_mahjong_basic_bonus() -> None:
    """004 §6.2 "Mah-Jongg-Ruf Basisprämie 20": the base hand 20 + 2 = 22."""
    h = win()
    assert value(h) == (22, 0, 22)
    assert rules_of(h) == ["open_pung_simples", "mahjong"]
    assert h["legal_mahjong"] is True


def test_from_the_hand_without_exposed_set_P5() -> None:
    """004 §6.2 "Aus der Hand ohne offene Figur 20" (P5): 234m concealed too,
    8m from a discard: 20 + 20 + open 888m 2 = 42."""
    g = game({"S": hand("234m" + BASE)}, tile="8m")
    h = scored(g)["hands"]["S"]
    assert value(h) == (42, 0, 42)
    assert "no_exposed_set" in rules_of(h)


def test_a_declared_concealed_kong_exposes_nothing_P5() -> None:
    """P5: half-concealed kong 2222m (16) with 789p 345s 888m 22p: 20 + 20 +
    16 + open 888m 2 = 58."""
    h = win(BASE, kong("2222m", open=False))
    assert value(h) == (58, 0, 58)
    assert "no_exposed_set" in rules_of(h)


def test_only_chows_and_a_closing_pair_of_a_suit() -> None:
    """004 §6.2 "Nur Chis und Schlusspärchen aus Grundfarben 20": 234m open,
    789p 345s 678m 22p, 6m from a discard (edge of 678m): 20 + 20 = 40."""
    h = win("789p345s678m22p", tile="6m")
    assert value(h) == (40, 0, 40)
    assert rules_of(h) == ["mahjong", "only_chows"]


def test_only_chows_needs_a_pair_of_a_suit() -> None:
    """004 §6.2 "aus Grundfarben": with a red pair no 20; pair of dragons 2
    (§6.1) and closing pair of dragons 2 (§6.2): 20 + 2 + 2 = 24."""
    h = win("789p345s678m77z", tile="6m")
    assert value(h) == (24, 0, 24)
    assert rules_of(h) == ["pair_dragons", "mahjong", "closing_pair_honours"]


def test_only_simples() -> None:
    """004 §6.2 "Nur Grundfarben, aber keine 1 und 9 20": the base hand with
    678p: 20 + 2 + 20 = 42."""
    h = win("678p345s888m22p")
    assert value(h) == (42, 0, 42)
    assert "only_simples" in rules_of(h)


def test_only_pungs_and_a_closing_pair() -> None:
    """004 §6.2 "Nur Pons und Schlusspärchen 2": open 222m (2), concealed 999p
    (8), 555s (4), 888m from a discard (open, 2), pair 33p: 20 + 16 + 2 = 38."""
    h = win("999p555s888m33p", pung("222m"))
    assert value(h) == (38, 0, 38)
    assert "only_pungs" in rules_of(h)


def test_winning_tile_from_the_live_wall() -> None:
    """004 §6.2 "Schlussziegel von der lebenden Mauer 2": the base hand
    self-drawn, 888m concealed (4): 20 + 4 + 2 = 26."""
    h = win(source="wall")
    assert value(h) == (26, 0, 26)
    assert "from_live_wall" in rules_of(h)


def test_last_tile_of_the_live_wall() -> None:
    """004 §6.2 "Schlussziegel ist der letzte Ziegel aus der lebenden Mauer 4",
    instead of the 2 for the live wall: 20 + 4 + 4 = 28."""
    h = win(source="wall", flags=("last_wall_tile",))
    assert value(h) == (28, 0, 28)
    assert "last_tile_of_live_wall" in rules_of(h) and "from_live_wall" not in rules_of(h)


def test_winning_tile_from_the_dead_wall() -> None:
    """004 §6.2 "Schlussziegel von der toten Mauer 4": open kong 6666s (8),
    8m as the replacement tile (888m concealed, 4): 20 + 8 + 4 + 4 = 36."""
    h = win(BASE, kong("6666s"), source="kong_replacement")
    assert value(h) == (36, 0, 36)
    assert "from_dead_wall" in rules_of(h) and "from_live_wall" not in rules_of(h)


def test_winning_tile_completes_the_closing_pair() -> None:
    """004 §6.2 "Schlussziegel vervollständigt das Schlusspärchen 2": 2p from
    a discard, 888m concealed (4): 20 + 4 + 2 = 26."""
    h = win(tile="2p")
    assert value(h) == (26, 0, 26)
    assert "completes_pair" in rules_of(h)


def test_winning_tile_completes_a_chow_in_the_middle() -> None:
    """004 §6.2 "Schlussziegel vervollständigt Chi als mittlerer Ziegel 2":
    8p completes 789p: 20 + 888m concealed 4 + 2 = 26; 7p (an edge) 24."""
    h = win(tile="8p")
    assert value(h) == (26, 0, 26)
    assert "middle_of_chow" in rules_of(h)
    assert value(win(tile="7p")) == (24, 0, 24)


def test_the_best_reading_takes_the_middle_R1() -> None:
    """R1 with 004 §6.2: 234m open, 789p 345s 456s 22p (only chows: 20 + 20);
    the 4s from a discard is the middle of 345s (+ 2 = 42) or the edge of
    456s (40): the player declares the middle."""
    h = win("789p345456s22p", tile="4s")
    assert value(h) == (42, 0, 42)
    assert "middle_of_chow" in rules_of(h)


CLOSING_PAIR_CASES = [
    # (id, pair, prevailing, points): winner South, 8m completes open 888m (2).
    # Dragons: pair 2 (§6.1) + closing pair 2 (§6.2): 20 + 2 + 2 + 2 = 26.
    ("004-6.2-closing-pair-dragons-P5", "55z", "E", 26, "closing_pair_honours"),
    # West for South in the East round: closing pair of winds 2: 24.
    ("004-6.2-closing-pair-winds", "33z", "E", 24, "closing_pair_honours"),
    # Seat wind: 2 (§6.1) + 4 (§6.2, instead of the 2): 20 + 2 + 6 = 28.
    ("004-6.2-closing-pair-seat-wind-P5", "22z", "E", 28, "closing_pair_seat_wind"),
    ("004-6.2-closing-pair-prevailing-wind-P5", "11z", "E", 28,
     "closing_pair_prevailing_wind"),
    # South in the South round: 2 + 2 + 4 + 4 = 12: 20 + 2 + 12 = 34.
    ("004-6.2-closing-pair-seat-and-prevailing-wind", "22z", "S", 34,
     "closing_pair_prevailing_wind"),
]


@pytest.mark.parametrize(("pair", "wind", "points", "rule"),
                         [pytest.param(*case[1:], id=case[0]) for case in CLOSING_PAIR_CASES])
def test_closing_pair(pair: str, wind: str, points: int, rule: str) -> None:
    h = win(BASE.replace("22p", pair), wind=wind)
    assert value(h) == (points, 0, points)
    assert rule in rules_of(h)


def test_a_non_winner_gets_no_mahjong_bonus() -> None:
    """004 §6.2 is "für Mah Jongg": North with chows 234m 789p 345s and a
    dragon pair scores only the pair (§6.1): 2."""
    assert value(north("234m789p345s77z")) == (2, 0, 2)


# --------------------------------------------------------------------------
# §6.3 "Mah Jongg nur aus ..." (winner only, the highest only, P4)
# --------------------------------------------------------------------------


def test_one_suit_with_dragons_and_winds() -> None:
    """004 §6.3 "nur aus Ziegeln einer Grundfarbe und Drachen und Winden 2x":
    234m open, 789m 888m 555z 77z, 7z from a discard: 20 + 888m 4 + 555z 8 +
    pair 2 + closing pair 2 + completes pair 2 = 38; white pung 1 + 2 = 3
    doublings: 38 x 8 = 304."""
    h = win("789m888m555z77z", tile="7z")
    assert value(h) == (38, 3, 304)
    assert "one_suit_with_honours" in rules_of(h)


def test_only_winds_and_dragons_earn_one_suit_with_dragons_and_winds() -> None:
    """P6 (issue 14 item 10), 004 §6.3 "nur aus Ziegeln einer Grundfarbe und
    Drachen und Winden 2x": a hand of only winds and dragons is cleaner than
    that hand and §6.3 names no higher line it can reach (only dragons and
    only winds cannot be held with a mixed hand), so it earns these 2
    doublings. West 333z open, 222z (seat wind) 555z 666z 77z, 7z from a
    discard: 4 + 8 + 8 + 8 + dragon pair 2 + 20 + only pungs 2 + completes
    pair 2 + closing pair 2 = 56 points; winds 1 + seat wind 2 + dragons
    1 + 1 + one suit with honours 2 = 7 doublings: 56 x 128 = 7168 under a
    limit high enough, 3000 (the limit) by default."""
    h = win("222z555z666z77z", pung("333z"), tile="7z", options={"limit": 100_000})
    assert value(h) == (56, 7, 7168)
    assert {"rule": "one_suit_with_honours", "doublings": 2} in h["items"]
    assert not {"one_suit", "only_winds", "only_dragons"} & set(rules_of(h))
    assert value(win("222z555z666z77z", pung("333z"), tile="7z")) == (56, 7, 3000)


def test_one_suit() -> None:
    """004 §6.3 "nur aus Ziegeln einer Grundfarbe 3x": 234m open, 789m 888m
    555m 11m, 1m from a discard: 20 + 4 + 4 + 2 = 30; 30 x 8 = 240."""
    h = win("789m888m555m11m", tile="1m")
    assert value(h) == (30, 3, 240)
    assert rules_of(h).count("one_suit") == 1 and "one_suit_with_honours" not in rules_of(h)


def _reading(tiles: list[int], pair: int, winner: bool = True) -> Reading:
    counts = [0] * NUM_KINDS
    for tile in tiles:
        counts[tile] += 3
    counts[pair] += 2
    groups = tuple(CONCEALED_GROUPS[PUNG, tile] for tile in tiles)
    ctx = Context(28, 27, winner, "wall" if winner else None, frozenset(), pair)
    return Reading(groups, (pair,), tile_facts(counts), ctx, "pair" if winner else None)


# Four sets and a pair of only dragons, only winds, only 1s or only 9s
# cannot be held (3 or 4 kinds of 4 tiles): the rows are tested on readings
# built directly, through the rule table.
ONLY_CASES = [
    ("004-6.3-only-dragons-P4", [31, 32, 33, 31], 32, "only_dragons"),
    ("004-6.3-only-winds-P4", [27, 28, 29, 30], 27, "only_winds"),
    ("004-6.3-only-ones-P4", [0, 9, 18, 0], 9, "only_ones"),
    ("004-6.3-only-nines-P4", [8, 17, 26, 8], 17, "only_nines"),
]


@pytest.mark.parametrize(("sets", "pair", "rule"),
                         [pytest.param(*case[1:], id=case[0]) for case in ONLY_CASES])
def test_only_dragons_winds_ones_nines(sets: list[int], pair: int, rule: str) -> None:
    _, _, items = TABLE.breakdown(_reading(sets, pair))
    names = [item["rule"] for item in items]
    assert rule in names
    # P4: only the highest "Mah Jongg nur aus" line counts (4, not 2 + 4).
    only = [item for item in items if item["rule"] in
            {"one_suit_with_honours", "one_suit", "only_dragons", "only_winds",
             "only_ones", "only_nines"}]
    assert only == [{"rule": rule, "doublings": 4}]
    # P4: they are the winner's.
    _, _, other = TABLE.breakdown(_reading(sets, pair, winner=False))
    assert rule not in [item["rule"] for item in other]


# --------------------------------------------------------------------------
# The limit (§6.4, P1) and the Himmlische Zwillinge (§7)
# --------------------------------------------------------------------------
# South in the South round: open kongs of South (4 doublings), white and
# green (2 each), concealed red pung (8, 1), pair of East, East discards 1z:
# 20 + 48 + 8 + only pungs 2 + closing pair of winds 2 + completes pair 2 =
# 82; 11 doublings
# (with one suit-with-honours 2, a hand of honours only): 80 x 2048 > 3000.
BIG_MELDS = (kong("2222z"), kong("5555z"), kong("6666z"))


def test_the_limit_is_3000() -> None:
    """004 §6.4 "3000 Punkte als Limit": 163840 counts 3000."""
    h = win("777z11z", *BIG_MELDS, tile="1z", wind="S")
    assert value(h) == (82, 11, 3000)


def test_the_limit_is_an_option_P1() -> None:
    """004 §6.4 "sich für ein Limit zu entscheiden", P1: the same hand, limit 5000."""
    h = win("777z11z", *BIG_MELDS, tile="1z", wind="S", options={"limit": 5000})
    assert h["value"] == 5000


def test_a_score_given_may_reach_the_chosen_limit_P1() -> None:
    """004 §6.4, P1: a value counted at the table is checked against the
    chosen limit."""
    g = game({"S": {"score": 4000}}, options={"limit": 5000})
    assert scored(g)["scores"]["S"] == 4000
    assert "above the limit of 3000" in score_game(game({"S": {"score": 4000}}))["error"]


SEVEN_PAIRS = "1133m5577p99s22z77z"


def test_heavenly_twins_are_worth_the_limit() -> None:
    """004 §7 "Himmlische Zwillinge": seven pairs, with the option, "die
    Höchstpunktzahl von 3000"."""
    g = game({"S": hand(SEVEN_PAIRS)}, tile="7z", options={"heavenly_twins": True})
    h = scored(g)["hands"]["S"]
    assert (h["value"], h["limit"]) == (3000, "heavenly_twins")
    assert h["items"] == [{"rule": "heavenly_twins", "points": 3000}]


def test_heavenly_twins_follow_the_chosen_limit() -> None:
    """004 §7 "Höchstpunktzahl", P1: the twins are worth the chosen limit."""
    g = game({"S": hand(SEVEN_PAIRS)}, tile="7z",
             options={"heavenly_twins": True, "limit": 1000})
    assert scored(g)["scores"]["S"] == 1000


def test_heavenly_twins_may_hold_four_equal_tiles() -> None:
    """As for NTS (docs/rule-readings.md): four equal tiles are two pairs."""
    g = game({"S": hand("1111m5577p99s22z77z")}, tile="7z", options={"heavenly_twins": True})
    assert scored(g)["scores"]["S"] == 3000


def test_seven_pairs_without_the_option_are_no_mahjong() -> None:
    """P5: the twins are an option, off by default."""
    error = score_game(game({"S": hand(SEVEN_PAIRS)}, tile="7z"))["error"]
    assert "South (S)" in error and "do not form a mahjong" in error


# --------------------------------------------------------------------------
# §7 flowers and seasons (option flowers_seasons; every player)
# --------------------------------------------------------------------------
FS = {"flowers_seasons": True}

BONUS_CASES = [
    # North with a concealed pung of 5p (4 points); North's own tiles are 4f/4j.
    ("004-7-each-flower", "1f", 8, 0, ["flower"]),
    ("004-7-each-season", "2j", 8, 0, ["season"]),
    ("004-7-own-flower", "4f", 8, 1, ["flower", "own_flower"]),  # 16
    ("004-7-own-season", "4j", 8, 1, ["season", "own_season"]),  # 16
    # All four flowers: 4 + 16 = 20, 2 doublings (own flower within them): 80.
    ("004-7-all-flowers", "1234f", 20, 2, ["flower"] * 4 + ["all_flowers"]),
    ("004-7-all-seasons", "1234j", 20, 2, ["season"] * 4 + ["all_seasons"]),
    # All eight: 4 + 32 = 36, 5 doublings: 1152.
    ("004-7-all-flowers-and-seasons", "1234f1234j", 36, 5,
     ["flower"] * 4 + ["season"] * 4 + ["all_flowers_and_seasons"]),
]


@pytest.mark.parametrize(("bonus", "points", "doublings", "rules"),
                         [pytest.param(*case[1:], id=case[0]) for case in BONUS_CASES])
def test_flowers_and_seasons(bonus: str, points: int, doublings: int, rules: list[str]) -> None:
    h = north("555p", bonus=bonus, options=FS)
    assert value(h) == (points, doublings, points << doublings)
    assert rules_of(h) == ["concealed_pung_simples", *rules]


def test_the_winner_counts_flowers_too() -> None:
    """004 §7: the base hand (22) with South's own flower 2f: 26 x 2 = 52."""
    h = win(bonus="2f", options=FS)
    assert value(h) == (26, 1, 52)


def test_the_flower_of_the_seat_wind_follows_the_seat() -> None:
    """004 §7 "Ziegel 1 ist der Ostwind ...": 1f is East's, not North's."""
    assert north("555p", bonus="1f", options=FS)["doublings"] == 0


# --------------------------------------------------------------------------
# §6 settlement (P2) and the winds (P3)
# --------------------------------------------------------------------------


def test_settlement_of_a_non_east_winner_P2() -> None:
    """004 §6 rules 1-3, P2: South wins 22: East pays 44, West and North 22.
    North (pung of 5p, 4) is paid by West 4 and East 8; West has 0.
    E -44 - 8 = -52; S +88; W -22 - 4 = -26; N -22 + 12 = -10."""
    g = game({"S": hand(BASE, *BASE_MELDS),
              "N": hand("555p1m3m5m7m9m2p4p6p8s1s"),
              "W": {"score": 0}, "E": {"score": 0}}, tile="8m")
    result = scored(g)
    assert result["scores"] == {"E": 0, "S": 22, "W": 0, "N": 4}
    assert result["settlement"] == {"E": -52, "S": 88, "W": -26, "N": -10}


def test_a_game_east_does_not_win_can_end_the_round_P3() -> None:
    """P3 (revised), 004 §2.1, §5: a hand's ``winds_rotate`` says only
    whether this game can end East's round (East did not win it, a draw
    included); whether the round is over, and the winds move on, the deal
    decides from the round's games (deal.ROUNDS_OF_FOUR, tested in
    tests/engine/test_deal.py). The old P3 moved the winds on after it."""
    assert RULESETS["philos"].deal_order(4) == ROUNDS_OF_FOUR
    assert scored(PHILOS_EXAMPLE)["winds_rotate"] is False
    assert scored(game({"S": {"score": 22}}))["winds_rotate"] is True
    draw = scored(game({}, winner=None))
    assert draw["winds_rotate"] is True
    assert draw["settlement"] == {seat: 0 for seat in SEATS}


# --------------------------------------------------------------------------
# Bad input
# --------------------------------------------------------------------------


def error_of(g: dict[str, Any]) -> str:
    result = score_game(g)
    assert "error" in result, result
    return str(result["error"])


def test_a_season_without_the_option_is_an_error() -> None:
    """004 §7, P5: flowers and seasons are an option, off by default."""
    message = error_of(game({"S": {"score": 22}, "N": hand("555p" + "1m3m5m7m9m2p4p6p8p1s",
                                                            bonus="3j")}))
    assert "North (N)" in message and "flowers_seasons" in message and "3j" in message


def test_an_unknown_option_is_an_error() -> None:
    """score-interface.md: unknown option names are an error."""
    message = error_of(game({"S": {"score": 22}}, options={"flowers": True}))
    assert "unknown option 'flowers'" in message and "flowers_seasons" in message


@pytest.mark.parametrize(("options", "words"), [
    pytest.param({"heavenly_twins": "yes"}, "must be bool", id="bool-given-a-string"),
    pytest.param({"flowers_seasons": 1}, "must be bool", id="bool-given-a-number"),
    pytest.param({"limit": True}, "must be a whole number", id="limit-given-a-bool"),
    pytest.param({"limit": "3000"}, "must be int", id="limit-given-a-string"),
    pytest.param({"limit": 0}, "at least 1", id="limit-zero"),
    # Issue 13: a limit of 10**30 let a hand be worth 10**25, more than the
    # database's integer columns hold; every number option has a range.
    pytest.param({"limit": 10**30}, "at most 100000", id="limit-beyond-the-columns"),
])
def test_an_option_of_the_wrong_type_is_an_error(options: dict[str, Any], words: str) -> None:
    message = error_of(game({"S": {"score": 22}}, options=options))
    assert words in message and str(next(iter(options))) in message


def test_a_bonus_tile_twice_at_the_table_is_an_error() -> None:
    """004 §1: each of the 8 flowers and seasons is in the set once."""
    rack = "555p1m3m5m7m9m2p4p6p8p1s"
    message = error_of(game({"S": {"score": 22}, "W": hand(rack.replace("555p", "555s"),
                                                            bonus="1f"),
                             "N": hand(rack, bonus="1f2f")}, options=FS))
    assert "1f" in message and "North (N)" in message and "West (W)" in message


def test_an_nts_flag_is_unknown_here() -> None:
    """Seed 004 knows no kong-on-kong: the NTS flag is refused."""
    message = error_of(game({"S": hand(BASE, kong("6666s"))}, tile="8m",
                            source="kong_replacement", flags=("kong_on_kong",)))
    assert "kong_on_kong" in message


def test_last_wall_tile_needs_a_self_drawn_win() -> None:
    """004 §6.2 "der letzte Ziegel aus der lebenden Mauer": drawn, not discarded."""
    message = error_of(game({"S": hand(BASE, *BASE_MELDS)}, tile="8m",
                            flags=("last_wall_tile",)))
    assert "South (S)" in message and "wall" in message


def test_a_three_player_table_is_refused() -> None:
    """004 introduction "für 4 Personen": the seed has no 3-player variant."""
    g = game({"S": {"score": 22}})
    del g["players"]["N"]
    assert "4 players" in error_of(g)


def test_a_hand_that_is_no_mahjong_is_an_error() -> None:
    """004 §3.2: 4 sets and a closing pair."""
    message = error_of(game({"S": hand("789p345s888m23p", *BASE_MELDS)}, tile="8m"))
    assert "South (S)" in message and "do not form a mahjong" in message


# --------------------------------------------------------------------------
# Catalogue and options
# --------------------------------------------------------------------------


def test_every_rule_has_a_section_and_its_seed_and_dutch_names() -> None:
    catalogue = rule_catalogue("philos")
    assert set(catalogue) == set(DUTCH_NAMES) == set(GERMAN_NAMES)
    for name, entry in catalogue.items():
        assert str(entry["section"]).startswith("004"), name
        assert entry["de"] == GERMAN_NAMES[name] and entry["nl"] == DUTCH_NAMES[name]
    assert catalogue["pung_prevailing_wind"]["doublings"] == 2
    assert catalogue["heavenly_twins"]["limit"] == 3000


def test_the_options_are_declared_with_type_default_and_section() -> None:
    described = {o["name"]: o for o in RULESETS["philos"].describe()}
    assert described["limit"]["default"] == 3000 and described["limit"]["type"] == "int"
    for name in ("flowers_seasons", "heavenly_twins", "any_kong_doubles"):
        assert described[name]["default"] is False and described[name]["type"] == "bool"
    assert all(str(o["section"]).startswith("004") for o in described.values())
