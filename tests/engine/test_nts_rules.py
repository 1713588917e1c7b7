"""Hand-computed NTS scoring table: an independent reading of the rule texts.

Every expected number below was computed by hand from the seeds in
/work/shared/seeds (000 = NTS, 002 = binding clarifications, 003 = club
write-up with the worked example) and the decisions in
/work/shared/docs/rule-decisions.md (N1-N16, R1-R2), not from the engine.
Each case cites its source in its id and shows the arithmetic in a comment.

Conventions unless a case says otherwise: prevailing wind East, the winner is
South (seat wind South) and wins on a discard by West; players that do not
matter are given as {"score": 0}.  The winner's `concealed` includes the
winning tile; a kong counts as three tiles for the hand size (N16).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from scoring.engine import score_game

SEATS = ("E", "S", "W", "N")
ZERO = {"score": 0}


# --------------------------------------------------------------------------
# Builders
# --------------------------------------------------------------------------


def pung(tiles: str, open: bool = True) -> dict[str, Any]:
    return {"kind": "pung", "tiles": tiles, "open": open}


def kong(tiles: str, open: bool = True) -> dict[str, Any]:
    return {"kind": "kong", "tiles": tiles, "open": open}


def chow(tiles: str) -> dict[str, Any]:
    return {"kind": "chow", "tiles": tiles, "open": True}


def hand(concealed: str, *melds: dict[str, Any]) -> dict[str, Any]:
    return {"concealed": concealed, "melds": list(melds)}


def game(
    players: dict[str, dict[str, Any]],
    *,
    winner: str | None = "S",
    tile: str | None = None,
    source: str = "discard",
    discarder: str = "W",
    flags: tuple[str, ...] = (),
    dead: tuple[str, ...] = (),
    wind: str = "E",
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    g: dict[str, Any] = {
        "ruleset": "nts",
        "options": dict(options or {}),
        "prevailing_wind": wind,
        "players": {s: players.get(s, dict(ZERO)) for s in SEATS},
        "winner": winner,
        "flags": list(flags),
        "dead": list(dead),
    }
    if winner is not None:
        g["winning_tile"] = tile
        g["win_source"] = source
        if source in ("discard", "robbed_kong"):
            g["discarder"] = discarder
    return g


def H(
    value: int,
    points: int | None = None,
    doublings: int | None = None,
    rules: set[str] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """Expected breakdown of one player's hand."""
    e: dict[str, Any] = {"value": value}
    if points is not None:
        e["points"] = points
    if doublings is not None:
        e["doublings"] = doublings
    if rules is not None:
        e["rules"] = set(rules)
    e.update(extra)
    return e


def LIMIT(name: str, value: int) -> dict[str, Any]:
    """A limit hand: its fixed value, nothing added (000 §2.3, N9)."""
    return H(value, value, 0, {name}, limit=name)


# A standard winner for the cases that test a non-winner (North).
# 000 §2.4.1/§2.4.2: South "123m789s555z666z99p", wins 9p on West's discard:
# 20 mahjong + 8 concealed pung 555z + 8 concealed pung 666z + 2 completes
# pair + 2 only possible tile (single wait on 9p) = 40; x2^2 (two pungs of
# dragons) = 160.
WIN_A = hand("123m99p789s555666z")
WIN_A_TILE = "9p"
WIN_A_RULES = {
    "mahjong",
    "concealed_pung_terminals_honours",
    "completes_pair",
    "only_possible_tile",
    "pung_dragons",
}


def north(n_hand: dict[str, Any], **kw: Any) -> dict[str, Any]:
    """South wins with WIN_A; North holds the hand under test."""
    return game({"S": WIN_A, "N": n_hand}, tile=WIN_A_TILE, **kw)


# Filler tiles for North: three suits, no pungs, no scoring pairs, so they
# add nothing (no clean, no pair points).  10 tiles.
F10 = "2468m35p2468s"


# --------------------------------------------------------------------------
# The table: (game, {"hands": {seat: expected}, "scores":..., "settlement":...})
# --------------------------------------------------------------------------

CASES: list[Any] = []


def case(id_: str, g: dict[str, Any], **expect: Any) -> None:
    CASES.append(pytest.param(g, expect, id=id_))


# ---- Standard winner itself ----------------------------------------------
case(
    "000 §2.4 standard winner WIN_A (pung dragons x2, pair wait) 160; N13 settlement",
    north(dict(ZERO)),
    hands={"S": H(160, 40, 2, WIN_A_RULES)},
    scores={"E": 0, "S": 160, "W": 0, "N": 0},
    # S receives 2*160 from East + 160 + 160 = 640
    settlement={"E": -320, "S": 640, "W": -160, "N": -160},
)

# ---- 000 §2.4.1 set points (non-winner North; seat N, prevailing E) --------
# Simples (2-8): pung open 2 / concealed 4, kong open 8 / concealed 16.
case(
    "000 §2.4.1 open pung simples = 2",
    north(hand(F10, pung("444p"))),
    hands={"N": H(2, 2, 0, {"open_pung_simples"})},
)  # 2
case(
    "000 §2.4.1 concealed pung simples = 4",
    north(hand("2468m34445p2468s")),
    hands={"N": H(4, 4, 0, {"concealed_pung_simples"})},
)  # 4
case(
    "000 §2.4.1 open kong simples = 8",
    north(hand(F10, kong("4444p"))),
    hands={"N": H(8, 8, 0, {"open_kong_simples"})},
)  # 8
case(
    "000 §2.4.1 concealed kong simples = 16",
    north(hand(F10, kong("4444p", open=False))),
    hands={"N": H(16, 16, 0, {"concealed_kong_simples"})},
)  # 16
# Terminals (1, 9): 4 / 8 / 16 / 32.
case(
    "000 §2.4.1 open pung terminals = 4",
    north(hand(F10, pung("111s"))),
    hands={"N": H(4, 4, 0, {"open_pung_terminals_honours"})},
)  # 4
case(
    "000 §2.4.1 concealed pung terminals = 8",
    north(hand("2468m35p1112468s")),
    hands={"N": H(8, 8, 0, {"concealed_pung_terminals_honours"})},
)  # 8
case(
    "000 §2.4.1 open kong terminals = 16",
    north(hand(F10, kong("1111s"))),
    hands={"N": H(16, 16, 0, {"open_kong_terminals_honours"})},
)  # 16
case(
    "000 §2.4.1 concealed kong terminals = 32",
    north(hand(F10, kong("1111s", open=False))),
    hands={"N": H(32, 32, 0, {"concealed_kong_terminals_honours"})},
)  # 32
# Honours: West wind (3z) is neither North's seat wind nor the prevailing
# wind, so no doubling: 4 / 8 / 16 / 32.
case(
    "000 §2.4.1 open pung honours (West wind, no doubling) = 4",
    north(hand(F10, pung("333z"))),
    hands={"N": H(4, 4, 0, {"open_pung_terminals_honours"})},
)  # 4
case(
    "000 §2.4.1 concealed pung honours = 8",
    north(hand(F10 + "333z")),
    hands={"N": H(8, 8, 0, {"concealed_pung_terminals_honours"})},
)  # 8
case(
    "000 §2.4.1 open kong honours = 16",
    north(hand(F10, kong("3333z"))),
    hands={"N": H(16, 16, 0, {"open_kong_terminals_honours"})},
)  # 16
case(
    "000 §2.4.1 concealed kong honours = 32",
    north(hand(F10, kong("3333z", open=False))),
    hands={"N": H(32, 32, 0, {"concealed_kong_terminals_honours"})},
)  # 32

# ---- 000 §2.4.1 pair points (all players) ----------------------------------
# Filler for pairs: 11 tiles, three suits, nothing scoring.
F11 = "2468m357p2468s"
case(
    "000 §2.4.1 pair of dragons = 2",
    north(hand(F11 + "77z")),
    hands={"N": H(2, 2, 0, {"pair_dragons"})},
)  # 2
case(
    "000 §2.4.1 pair of seat wind (North) = 2",
    north(hand(F11 + "44z")),
    hands={"N": H(2, 2, 0, {"pair_seat_wind"})},
)  # 2
case(
    "000 §2.4.1 pair of prevailing wind (East) = 2",
    north(hand(F11 + "11z")),
    hands={"N": H(2, 2, 0, {"pair_prevailing_wind"})},
)  # 2
case(
    "N8 double wind pair (North seat, North prevailing) = 2+2 = 4",
    north(hand(F11 + "44z"), wind="N"),  # WIN_A has no winds: still 160
    hands={
        "N": H(4, 4, 0, {"pair_seat_wind", "pair_prevailing_wind"}),
        "S": H(160, 40, 2, WIN_A_RULES),
    },
)

# ---- 000 §2.4.2 set doublings (all players) --------------------------------
case(
    "000 §2.4.2 pung of dragons: 8 concealed pung 777z x2 = 16",
    north(hand(F10 + "777z")),
    hands={"N": H(16, 8, 1, {"concealed_pung_terminals_honours", "pung_dragons"})},
)
case(
    "000 §2.4.2 open pung of dragons: 4 x2 = 8",
    north(hand(F10, pung("777z"))),
    hands={"N": H(8, 4, 1, {"open_pung_terminals_honours", "pung_dragons"})},
)
case(
    "000 §2.4.2 concealed kong of dragons: 32 x2 = 64",
    north(hand(F10, kong("7777z", open=False))),
    hands={"N": H(64, 32, 1, {"concealed_kong_terminals_honours", "pung_dragons"})},
)
case(
    "000 §2.4.2 pung of seat wind (North): 8 x2 = 16",
    north(hand(F10 + "444z")),
    hands={"N": H(16, 8, 1, {"concealed_pung_terminals_honours", "pung_seat_wind"})},
)
case(
    "000 §2.4.2 pung of prevailing wind (East): 8 x2 = 16",
    north(hand(F10 + "111z")),
    hands={"N": H(16, 8, 1, {"concealed_pung_terminals_honours", "pung_prevailing_wind"})},
)
case(
    "N8 double wind pung (North seat and prevailing): 8 x2^2 = 32",
    north(hand(F10 + "444z"), wind="N"),
    hands={
        "N": H(
            32, 8, 2, {"concealed_pung_terminals_honours", "pung_seat_wind", "pung_prevailing_wind"}
        )
    },
)

# ---- 000 §2.4.2 concealed-set doublings, N4 (all players) ------------------
case(
    "000 §2.4.2 three concealed pungs: 4+4+4 = 12 x2 = 24",
    north(hand("57888m13444p222s")),
    hands={"N": H(24, 12, 1, {"concealed_pung_simples", "three_concealed_pungs"})},
)
case(
    "000 §2.4.2 N4 four concealed pungs (not added to three): 16 x2^2 = 64",
    north(hand("5888m444p222666s")),
    hands={"N": H(64, 16, 2, {"concealed_pung_simples", "four_concealed_pungs"})},
)
case(
    "N4 open kong counts as a concealed pung: 8 open kong + 4 + 4 = 16 x2 = 32",
    north(hand("57888m13p222s", kong("4444p"))),
    hands={
        "N": H(32, 16, 1, {"open_kong_simples", "concealed_pung_simples", "three_concealed_pungs"})
    },
)
case(
    "000 §2.4.2 N4 three concealed kongs = 2 (not 1+2): 16*3 = 48 x2^2 = 192",
    north(hand("57m13p", kong("8888m", False), kong("4444p", False), kong("2222s", False))),
    hands={"N": H(192, 48, 2, {"concealed_kong_simples", "three_concealed_kongs"})},
)
case(
    "000 §2.4.2 N4 four kongs = 3 only (3 concealed + 1 open): 16*3+8 = 56 x2^3 = 448",
    north(
        hand("5m", kong("8888m", False), kong("4444p", False), kong("2222s", False), kong("6666s"))
    ),
    hands={"N": H(448, 56, 3, {"concealed_kong_simples", "open_kong_simples", "four_kongs"})},
)
case(
    "R2 four equal undeclared tiles = concealed pung (+ spare): 4",
    north(hand("2468m14444p2468s")),
    hands={"N": H(4, 4, 0, {"concealed_pung_simples"})},
)

# ---- N5 clean / very clean / pure (all players) ---------------------------
case(
    "000 §2.4.2 N5 clean (one suit + honours): 8 concealed pung 333z x2 = 16",
    north(hand("1234456889s333z")),
    hands={"N": H(16, 8, 1, {"concealed_pung_terminals_honours", "clean"})},
)
case(
    "000 §2.4.2 N5 clean (terminals of two suits + honours): 4+8+8 = 20 x2 = 40",
    north(hand("999m19s23334z", pung("111m"))),
    hands={
        "N": H(
            40, 20, 1, {"open_pung_terminals_honours", "concealed_pung_terminals_honours", "clean"}
        )
    },
)
case(
    "002 §6 N5 very clean (terminals of one suit + honours): 4+8+8 = 20 x2^2 = 80",
    north(hand("999m2233347z", pung("111m"))),
    hands={
        "N": H(
            80,
            20,
            2,
            {"open_pung_terminals_honours", "concealed_pung_terminals_honours", "very_clean"},
        )
    },
)
case(
    "000 §2.4.2 N5 pure (one suit only): 4 concealed pung 222s x2^3 = 32",
    north(hand("1222345567889s")),
    hands={"N": H(32, 4, 3, {"concealed_pung_simples", "pure"})},
)
case(
    "000 §2.4.2 N5 pure (only winds and dragons): 4+8+8 = 20 x2^(1 dragons+3 pure) = 320",
    north(hand("1333456777z", pung("222z"))),
    hands={
        "N": H(
            320,
            20,
            4,
            {
                "open_pung_terminals_honours",
                "concealed_pung_terminals_honours",
                "pung_dragons",
                "pure",
            },
        )
    },
)

# ---- N9 cap for a non-winner, with settlement -------------------------------
# North: concealed kongs 7777z, 4444z (seat), 1111z (prevailing) + 2z3z5z6z:
# 32*3 = 96 points; doublings: dragons 1 + seat 1 + prevailing 1 + three
# concealed kongs 2 + pure honours 3 = 8; 96 * 256 = 24576 -> capped 2000.
case(
    "N9 non-winner capped at 2000 (96 x2^8 = 24576); N13 settlement",
    north(hand("2356z", kong("7777z", False), kong("4444z", False), kong("1111z", False))),
    hands={
        "N": H(
            2000,
            96,
            8,
            {
                "concealed_kong_terminals_honours",
                "pung_dragons",
                "pung_seat_wind",
                "pung_prevailing_wind",
                "three_concealed_kongs",
                "pure",
            },
        ),
        "S": H(160, 40, 2, WIN_A_RULES),
    },
    scores={"E": 0, "S": 160, "W": 0, "N": 2000},
    # S: 2*160 + 160 + 160 = 640.  N: -160 to S, +4000 from East, +2000 from W.
    # E: -320 - 4000 = -4320.  W: -160 - 2000 = -2160.  Sum 0.
    settlement={"E": -4320, "S": 640, "W": -2160, "N": 5840},
)

# ---- Non-winners: waiting hands (N11), dead hand (N12) ---------------------
case(
    "N11 000 §2.3.2 waiting thirteen orphans = half of 2000 = 1000",
    north(hand("19m19p19s1234567z")),
    hands={"N": {"value": 1000, "limit": "thirteen_orphans", "waiting": True}},
)
case(
    "N11 002 §4 waiting seven twins = half of 250 = 125",
    north(hand("2244m6688p3355s7z")),
    hands={"N": {"value": 125, "limit": "seven_twins", "waiting": True}},
)
# Waiting four winds (regular limit) scores ordinary points: open pungs
# 111z, 222z, 333z 4+4+4 + concealed pung 444z 8 = 20; doublings: prevailing
# wind (111z) 1 + seat wind (444z) 1 + pure honours 3 = 5; 20 * 32 = 640.
case(
    "N11 002 §4 waiting regular limit (four winds) = ordinary points 20 x2^5 = 640",
    north(hand("4447z", pung("111z"), pung("222z"), pung("333z"))),
    hands={
        "N": H(
            640,
            20,
            5,
            {
                "open_pung_terminals_honours",
                "concealed_pung_terminals_honours",
                "pung_prevailing_wind",
                "pung_seat_wind",
                "pure",
            },
            limit=None,
        )
    },
)
case(
    "N12 003 'Dood spel' dead hand scores 0 and still pays",
    north(hand(F10 + "777z"), dead=("N",)),  # would be 16 if not dead
    hands={"N": H(0, rules=set(), dead=True)},
    scores={"E": 0, "S": 160, "W": 0, "N": 0},
    settlement={"E": -320, "S": 640, "W": -160, "N": -160},
)

# ---- 003 worked example, exactly as in score-interface.md (N13) ------------
case(
    "003 Voorbeeld punten berekening N13: E64 S96 W0 N20 -> 24/384/-244/-164",
    game(
        {
            "E": hand("2228m4777p19s555z"),
            "S": hand("234456m345678p33s"),
            "W": {"score": 0},
            "N": hand("1245899s222z", pung("666s")),
        },
        tile="3s",
        dead=("W",),
    ),
    hands={
        # East: 4 (222m) + 4 (777p) + 8 (555z) = 16; x2^2 (dragons, 3 concealed pungs) = 64
        "E": H(
            64,
            16,
            2,
            {
                "concealed_pung_simples",
                "concealed_pung_terminals_honours",
                "pung_dragons",
                "three_concealed_pungs",
            },
        ),
        # South: 20 + 2 completes pair + 2 only possible = 24; x2^2 (all chows, all simples) = 96
        "S": H(
            96,
            24,
            2,
            {"mahjong", "completes_pair", "only_possible_tile", "all_chows", "all_simples"},
        ),
        # North: 2 (open 666s) + 8 (concealed 222z) = 10; x2 (clean) = 20
        "N": H(20, 10, 1, {"open_pung_simples", "concealed_pung_terminals_honours", "clean"}),
    },
    scores={"E": 64, "S": 96, "W": 0, "N": 20},
    settlement={"E": 24, "S": 384, "W": -244, "N": -164},
)

# ---- Winner points and doublings -----------------------------------------
case(
    "000 §2.4.1 self-drawn, 2-sided wait (5s/8s) not only-possible N3; 002 §1 concealed hand",
    # 20 + 2 self-drawn = 22; x2^4 (all chows 1, all simples 1, concealed hand 2) = 352
    game({"S": hand("234m567m22345p678s")}, tile="8s", source="wall"),
    hands={
        "S": H(352, 22, 4, {"mahjong", "self_drawn", "all_chows", "all_simples", "concealed_hand"})
    },
)
case(
    "N3 closed (kanchan) wait 68s->7s is only possible; discard: not concealed (N2)",
    # 20 + 2 only possible = 22; x2^2 (all chows, all simples) = 88
    game({"S": hand("234m567m22345p678s")}, tile="7s"),
    hands={"S": H(88, 22, 2, {"mahjong", "only_possible_tile", "all_chows", "all_simples"})},
)
case(
    "N3 edge wait 12s->3s is only possible; self-drawn concealed",
    # 20 + 2 self-drawn + 2 only possible = 24; x2^3 (all chows 1, concealed 2) = 192
    game({"S": hand("234m567m22345p123s")}, tile="3s", source="wall"),
    hands={
        "S": H(
            192,
            24,
            3,
            {"mahjong", "self_drawn", "only_possible_tile", "all_chows", "concealed_hand"},
        )
    },
)
case(
    "N3 002 §5 2-sided 23s: 1s would give <2 doublings, so 4s is only possible",
    # with 4s: all chows + all simples = 2 (legal); with 1s on a discard only
    # all chows = 1 (not legal) -> 4s only possible.  20 + 2 = 22; x2^2 = 88
    game({"S": hand("23455m345678p234s")}, tile="4s"),
    hands={"S": H(88, 22, 2, {"mahjong", "only_possible_tile", "all_chows", "all_simples"})},
)
case(
    "N3 control: same hand self-drawn, 1s would be legal too -> not only possible",
    # 1s self-drawn: all chows 1 + concealed 2 = 3 (legal) -> two tiles complete.
    # 20 + 2 self-drawn = 22; x2^4 (all chows, all simples, concealed 2) = 352
    game({"S": hand("23455m345678p234s")}, tile="4s", source="wall"),
    hands={
        "S": H(352, 22, 4, {"mahjong", "self_drawn", "all_chows", "all_simples", "concealed_hand"})
    },
)
case(
    "N3 3444s wait: 2s/5s give 1 doubling only, so 3s is only possible",
    # open pungs 222m 888p 2+2, concealed 777z 8, concealed 444s 4, 20 mahjong,
    # 2 completes pair, 2 only possible = 40; x2^2 (all pungs, dragons) = 160
    game({"S": hand("33444s777z", pung("222m"), pung("888p"))}, tile="3s"),
    hands={
        "S": H(
            160,
            40,
            2,
            {
                "mahjong",
                "open_pung_simples",
                "concealed_pung_terminals_honours",
                "concealed_pung_simples",
                "completes_pair",
                "only_possible_tile",
                "all_pungs",
                "pung_dragons",
            },
        )
    },
)
case(
    "000 §2.4.2 all pungs (Vier Pungs) + pung dragons",
    # 20 + 2 + 2 (open 222m, 888p) + 8 (777z) + 4 (444s) + 2 pair + 2 only = 40; x2^2 = 160
    game({"S": hand("99p444s777z", pung("222m"), pung("888p"))}, tile="9p"),
    hands={
        "S": H(
            160,
            40,
            2,
            {
                "mahjong",
                "open_pung_simples",
                "concealed_pung_terminals_honours",
                "concealed_pung_simples",
                "completes_pair",
                "only_possible_tile",
                "all_pungs",
                "pung_dragons",
            },
        )
    },
)
case(
    "N2 002 §1 pung completed by a discard is open (no 3 concealed pungs)",
    # 999s completed by West's 9s: open pung terminals 4; 555z, 666z concealed 8+8.
    # 20 + 8 + 8 + 4 = 40 (shanpon 8p/9s: not only possible); x2^2 (dragons x2) = 160
    game({"S": hand("234m88p999s555666z")}, tile="9s"),
    hands={
        "S": H(
            160,
            40,
            2,
            {
                "mahjong",
                "concealed_pung_terminals_honours",
                "open_pung_terminals_honours",
                "pung_dragons",
            },
        )
    },
)
case(
    "000 §2.4.2 concealed hand (Verborgen schat) as the only 2 doublings",
    # 20 + 4 (888s) + 2 self-drawn + 2 completes pair + 2 only possible = 30; x2^2 = 120
    game({"S": hand("234m567m11345p888s")}, tile="1p", source="wall"),
    hands={
        "S": H(
            120,
            30,
            2,
            {
                "mahjong",
                "concealed_pung_simples",
                "self_drawn",
                "completes_pair",
                "only_possible_tile",
                "concealed_hand",
            },
        )
    },
)
case(
    "000 §2.4.2 N4 winner three concealed pungs + concealed hand",
    # 222m 444p 888s concealed pungs 4+4+4 = 12; 20 + 12 + 2 self-drawn
    # + 2 completes pair + 2 only possible (single wait 9p) = 38;
    # x2^3 (three concealed pungs 1, concealed hand 2) = 304
    game({"S": hand("222m44499p567888s")}, tile="9p", source="wall"),
    hands={
        "S": H(
            304,
            38,
            3,
            {
                "mahjong",
                "concealed_pung_simples",
                "self_drawn",
                "completes_pair",
                "only_possible_tile",
                "three_concealed_pungs",
                "concealed_hand",
            },
        )
    },
)
case(
    "N8 000 §2 winner double wind pung (South seat, South prevailing) = 2 doublings",
    # open pung 222z 4 + 20 + 2 completes pair (99s) = 26; waits 6s/9s both legal,
    # so not only possible; x2^2 (seat wind, prevailing wind) = 104
    game({"S": hand("234m567p67899s", pung("222z"))}, tile="9s", wind="S"),
    hands={
        "S": H(
            104,
            26,
            2,
            {
                "mahjong",
                "open_pung_terminals_honours",
                "completes_pair",
                "pung_seat_wind",
                "pung_prevailing_wind",
            },
        )
    },
)
case(
    "000 §2.4.2 little four winds (Kleine vier winden)",
    # open pungs 111z 222z 333z 4+4+4 = 12 + 20 + 2 pair + 2 only (4z) = 36;
    # x2^4 (prevailing 111z, seat 222z, little four winds, clean m+honours) = 576
    game({"S": hand("234m44z", pung("111z"), pung("222z"), pung("333z"))}, tile="4z"),
    hands={
        "S": H(
            576,
            36,
            4,
            {
                "mahjong",
                "open_pung_terminals_honours",
                "completes_pair",
                "only_possible_tile",
                "pung_prevailing_wind",
                "pung_seat_wind",
                "little_four_winds",
                "clean",
            },
        )
    },
)
case(
    "000 §2.4.2 little three dragons (Kleine drie draken)",
    # open pungs 555z 666z 4+4 + pair dragons 2 + 20 + 2 pair + 2 only = 34;
    # x2^3 (dragons x2, little three dragons) = 272
    game({"S": hand("234m678p77z", pung("555z"), pung("666z"))}, tile="7z"),
    hands={
        "S": H(
            272,
            34,
            3,
            {
                "mahjong",
                "open_pung_terminals_honours",
                "pair_dragons",
                "completes_pair",
                "only_possible_tile",
                "pung_dragons",
                "little_three_dragons",
            },
        )
    },
)
case(
    "002 §6 N5 winner very clean (1m/9m + honours) + all pungs",
    # open 111m 999m 4+4, concealed 333z 444z 8+8, pair 77z 2, 20, pair 2, only 2 = 50;
    # x2^3 (all pungs 1, very clean 2) = 400
    game({"S": hand("33344477z", pung("111m"), pung("999m"))}, tile="7z"),
    hands={
        "S": H(
            400,
            50,
            3,
            {
                "mahjong",
                "open_pung_terminals_honours",
                "concealed_pung_terminals_honours",
                "pair_dragons",
                "completes_pair",
                "only_possible_tile",
                "all_pungs",
                "very_clean",
            },
        )
    },
)
case(
    "000 §2.4.2 N5 winner pure (one suit)",
    # open 222p 2 + concealed 111p 8 + 20 + 2 pair + 2 only = 34; x2^3 (pure) = 272
    game({"S": hand("11199p", pung("222p"), chow("345p"), chow("678p"))}, tile="9p"),
    hands={
        "S": H(
            272,
            34,
            3,
            {
                "mahjong",
                "open_pung_simples",
                "concealed_pung_terminals_honours",
                "completes_pair",
                "only_possible_tile",
                "pure",
            },
        )
    },
)

# ---- N6 last tile / kong replacement / robbing the kong -------------------
case(
    "N6 000 §2.4.2 last wall tile (Bodem van de zee) = 1",
    # 20 + 2 self-drawn = 22 (5s/8s wait); x2^3 (all chows, all simples, last tile) = 176
    game(
        {"S": hand("567m22345p678s", chow("234m"))},
        tile="8s",
        source="wall",
        flags=("last_wall_tile",),
    ),
    hands={
        "S": H(176, 22, 3, {"mahjong", "self_drawn", "all_chows", "all_simples", "last_wall_tile"})
    },
)
case(
    "N6 000 §2.4.2 last wall tile is 1p (maan van de bodem) = 3",
    # 20 + 2 self + 2 pair + 2 only = 26; x2^4 (all chows 1, last tile 1p 3) = 416
    game(
        {"S": hand("567m11345p678s", chow("234m"))},
        tile="1p",
        source="wall",
        flags=("last_wall_tile",),
    ),
    hands={
        "S": H(
            416,
            26,
            4,
            {
                "mahjong",
                "self_drawn",
                "completes_pair",
                "only_possible_tile",
                "all_chows",
                "last_wall_tile_1p",
            },
        )
    },
)
case(
    "N6 002 §1 robbing the kong = 1; robbed tile not self-drawn",
    # 20 (5s/8s wait, robbed: no self-drawn); x2^3 (all chows, all simples, robbing) = 160
    game({"S": hand("567m22345p678s", chow("234m"))}, tile="8s", source="robbed_kong"),
    hands={"S": H(160, 20, 3, {"mahjong", "all_chows", "all_simples", "robbing_the_kong"})},
)
case(
    "N6 kong replacement (bloeiende bloemen) = 1; replacement counts as self-drawn",
    # open kong 5555m 8 + 20 + 2 self-drawn = 30 (2s/5s wait); x2^2 (all simples, replacement) = 120
    game(
        {"S": hand("66p345678s", kong("5555m"), chow("234p"))}, tile="5s", source="kong_replacement"
    ),
    hands={
        "S": H(
            120,
            30,
            2,
            {"mahjong", "open_kong_simples", "self_drawn", "all_simples", "kong_replacement"},
        )
    },
)
case(
    "N6 kong replacement with 5p (pruimenbloesem) = 3 instead of 1",
    # 8 + 20 + 2 self + 2 pair + 2 only = 34; x2^4 (replacement 5p 3, all simples 1) = 544
    game(
        {"S": hand("55p345678s", kong("5555m"), chow("234p"))}, tile="5p", source="kong_replacement"
    ),
    hands={
        "S": H(
            544,
            34,
            4,
            {
                "mahjong",
                "open_kong_simples",
                "self_drawn",
                "completes_pair",
                "only_possible_tile",
                "all_simples",
                "kong_replacement_5p",
            },
        )
    },
)
case(
    "N6 002 §10 kong on kong = 2 instead of 1",
    # kongs 5555m 7777p 8+8 + 20 + 2 self = 38; x2^3 (kong on kong 2, all simples 1) = 304
    game(
        {"S": hand("66p345678s", kong("5555m"), kong("7777p"))},
        tile="5s",
        source="kong_replacement",
        flags=("kong_on_kong",),
    ),
    hands={
        "S": H(
            304,
            38,
            3,
            {"mahjong", "open_kong_simples", "self_drawn", "all_simples", "kong_on_kong"},
        )
    },
)
case(
    "N6 002 §10 kong on kong with 5p = 2 + 3 = 5 doublings",
    # 8+8 + 20 + 2 self + 2 pair + 2 only = 42; x2^5 = 1344 (789s: not all simples)
    game(
        {"S": hand("55p345789s", kong("5555m"), kong("7777p"))},
        tile="5p",
        source="kong_replacement",
        flags=("kong_on_kong",),
    ),
    hands={
        "S": H(
            1344,
            42,
            5,
            {
                "mahjong",
                "open_kong_simples",
                "self_drawn",
                "completes_pair",
                "only_possible_tile",
                "kong_on_kong",
                "kong_replacement_5p",
            },
        )
    },
)

# ---- N7 / 002 §3 Pe-ling eet cake -------------------------------------------
case(
    "N7 002 §3 Pe-ling eet cake on a discard: 10 replaces pair + only possible",
    # 20 + 8 (666z) + 8 (777z) + 10 = 46; x2^2 (dragons x2) = 184
    game({"S": hand("234m1345p1s666777z")}, tile="1p"),
    hands={
        "S": H(
            184,
            46,
            2,
            {"mahjong", "concealed_pung_terminals_honours", "pung_dragons", "peling_eats_cake"},
        )
    },
)
case(
    "002 §3 same hand won with 1s: normal rules, 2 pair + 2 only possible",
    # Dr. Mahjong (002 §3): 'Is de winnende steen bamboe-1 ... 2 punten voor enig
    # mogelijke steen, 2 punten voor sluitpaar'.  20 + 8 + 8 + 2 + 2 = 40; x2^2 = 160
    game({"S": hand("234m345p11s666777z")}, tile="1s"),
    hands={
        "S": H(
            160,
            40,
            2,
            {
                "mahjong",
                "concealed_pung_terminals_honours",
                "pung_dragons",
                "completes_pair",
                "only_possible_tile",
            },
        )
    },
)
case(
    "N7 Pe-ling self-drawn adds 2; 1p counts as 1s for clean",
    # 20 + 8 (777z) + 10 + 2 self = 40; x2^2 (dragons, clean bamboo+honours) = 160
    game({"S": hand("1p1567678s777z", chow("234s"))}, tile="1p", source="wall"),
    hands={
        "S": H(
            160,
            40,
            2,
            {
                "mahjong",
                "concealed_pung_terminals_honours",
                "peling_eats_cake",
                "self_drawn",
                "pung_dragons",
                "clean",
            },
        )
    },
)
case(
    "N7 002 §3 Pe-ling: 1p counts as 1s for pure",
    # 20 + 8 (999s) + 10 = 38; x2^3 (pure bamboo) = 304
    game({"S": hand("1p1567678999s", chow("234s"))}, tile="1p"),
    hands={
        "S": H(
            304, 38, 3, {"mahjong", "concealed_pung_terminals_honours", "peling_eats_cake", "pure"}
        )
    },
)

# ---- N9 cap for the winner, East, with settlement ---------------------------
case(
    "N9 000 §2.2 East regular hand capped at 2000 -> receives 4000 x3 = 12000",
    # concealed 111m 8, 222m 4, 555m 4, 999m 8, + 20 + 2 self + 2 pair = 48
    # (6m/8m also complete legally: not only possible);
    # x2^8 (4 concealed pungs 2, all pungs 1, pure 3, concealed hand 2) = 12288 -> 2000
    game({"E": hand("11122255577999m")}, winner="E", tile="7m", source="wall"),
    hands={
        "E": H(
            2000,
            48,
            8,
            {
                "mahjong",
                "concealed_pung_terminals_honours",
                "concealed_pung_simples",
                "self_drawn",
                "completes_pair",
                "four_concealed_pungs",
                "all_pungs",
                "pure",
                "concealed_hand",
            },
        )
    },
    scores={"E": 2000, "S": 0, "W": 0, "N": 0},
    settlement={"E": 12000, "S": -4000, "W": -4000, "N": -4000},
)

# ---- 000 §2.3.2 irregular limit hands (nothing added) -----------------------
case(
    "000 §2.3.2 nine gates 2000",
    game({"S": hand("11123455678999m")}, tile="5m"),
    hands={"S": LIMIT("nine_gates", 2000)},
)
case(
    "R1 000 §2.3 concealed 11122345678999s: nine gates 2000 beats twisting snake 1000",
    game({"S": hand("11122345678999s")}, tile="2s"),
    hands={"S": LIMIT("nine_gates", 2000)},
)
case(
    "000 §2.3.2 thirteen orphans 2000",
    game({"S": hand("119m19p19s1234567z")}, tile="1m"),
    hands={"S": LIMIT("thirteen_orphans", 2000)},
)
case(
    "000 §2.3.2 twins of honours (Tweelingen van troefstenen) 2000",
    game({"S": hand("11223344556677z")}, tile="7z"),
    hands={"S": LIMIT("honour_twins", 2000)},
)
case(
    "000 §2.3.2 wind snake 1000",
    game({"S": hand("1234556789m1234z")}, tile="5m"),
    hands={"S": LIMIT("wind_snake", 1000)},
)
case(
    "000 §2.3.2 dragon snake 1000",
    game({"S": hand("123456789p11567z")}, tile="1z"),
    hands={"S": LIMIT("dragon_snake", 1000)},
)
case(
    "000 §2.3.2 court of Peking 1000",
    game({"S": hand("1234567s1234567z")}, tile="7z"),
    hands={"S": LIMIT("court_of_peking", 1000)},
)
case(
    "000 §2.3.2 pure twins 1000",
    game({"S": hand("11224455778899p")}, tile="9p"),
    hands={"S": LIMIT("pure_twins", 1000)},
)
case(
    "000 §2.3.2 002 §6 very clean twins 1000",
    game({"S": hand("1199m1122335566z")}, tile="6z"),
    hands={"S": LIMIT("very_clean_twins", 1000)},
)
case(
    "000 §2.3.2 clean twins 500",
    game({"S": hand("224466m11225566z")}, tile="6z"),
    hands={"S": LIMIT("clean_twins", 500)},
)
case(
    "000 §2.3.2 N10 seven twins 250 (limit, exempt from 2 doublings)",
    game({"S": hand("2244m6688p3355s77z")}, tile="7z"),
    hands={"S": LIMIT("seven_twins", 250)},
)
case(
    "000 §2.3 seven twins self-drawn: nothing added (no self-drawn, no concealed) 250",
    game({"S": hand("2244m6688p3355s77z")}, tile="7z", source="wall"),
    hands={"S": LIMIT("seven_twins", 250)},
    scores={"E": 0, "S": 250, "W": 0, "N": 0},
    # 2*250 + 250 + 250
    settlement={"E": -500, "S": 1000, "W": -250, "N": -250},
)

# ---- 000 §2.3.1 regular limit hands ----------------------------------------
case(
    "000 §2.3.1 four winds 2000",
    game({"S": hand("55m333444z", pung("111z"), pung("222z"))}, tile="5m"),
    hands={"S": LIMIT("four_winds", 2000)},
)
case(
    "000 §2.3.1 three dragons 2000",
    game({"S": hand("234m99p777z", pung("555z"), pung("666z"))}, tile="9p"),
    hands={"S": LIMIT("three_dragons", 2000)},
)
case(
    "000 §2.3.1 jade (2,3,4,6,8 bamboo + green dragons) 2000",
    game({"S": hand("22234666888s", pung("666z"))}, tile="2s"),
    hands={"S": LIMIT("jade", 2000)},
)
case(
    "000 §2.3.1 N9 heavenly hand, East at limit receives 4000 x3 = 12000",
    game(
        {"E": hand("234m567m22345p678s")}, winner="E", tile="2p", source="wall", flags=("heavenly",)
    ),
    hands={"E": LIMIT("heavenly_hand", 2000)},
    scores={"E": 2000, "S": 0, "W": 0, "N": 0},
    settlement={"E": 12000, "S": -4000, "W": -4000, "N": -4000},
)
case(
    "000 §2.3.1 003 four concealed kongs 2000 (pair from a discard allowed)",
    game(
        {
            "S": hand(
                "99m",
                kong("2222m", False),
                kong("4444p", False),
                kong("6666s", False),
                kong("8888s", False),
            )
        },
        tile="9m",
    ),
    hands={"S": LIMIT("four_concealed_kongs", 2000)},
)
case(
    "000 §2.3.1 head and tail (Kop en staart) 2000",
    game({"S": hand("111999p11s", pung("111m"), pung("999m"))}, tile="1s"),
    hands={"S": LIMIT("head_and_tail", 2000)},
)
case(
    "000 §2.3.1 N10 earthly hand 1000 (0-doubling tiles, limit exempt); East pays double",
    game({"S": hand("234m567m11345p888s")}, tile="1p", discarder="E", flags=("earthly",)),
    hands={"S": LIMIT("earthly_hand", 1000)},
    scores={"E": 0, "S": 1000, "W": 0, "N": 0},
    # 2*1000 (East) + 1000 + 1000 = 4000
    settlement={"E": -2000, "S": 4000, "W": -1000, "N": -1000},
)
case(
    "000 §2.3.1 twisting snake 1000 (open 111s, so not nine gates)",
    game({"S": hand("22345678999s", pung("111s"))}, tile="2s"),
    hands={"S": LIMIT("twisting_snake", 1000)},
)

# ---- N13 settlement with East winning; N15 rounding --------------------------
case(
    "N13 000 §2.1 East wins 88: receives 176 x3; others settle, none East",
    # East: kanchan 7s: 20 + 2 only = 22 x2^2 (all chows, all simples) = 88.
    # E +528.  S: -176 +10 (vs W) +(10-30) (vs N) = -186.
    # W: -176 -10 -30 = -216.  N: -176 +20 +30 = -126.  Sum 0.
    game(
        {"E": hand("234m567m22345p678s"), "S": {"score": 10}, "N": {"score": 30}},
        winner="E",
        tile="7s",
        discarder="S",
    ),
    hands={"E": H(88, 22, 2, {"mahjong", "only_possible_tile", "all_chows", "all_simples"})},
    scores={"E": 88, "S": 10, "W": 0, "N": 30},
    settlement={"E": 528, "S": -186, "W": -216, "N": -126},
)
case(
    "N13 settlement unrounded: S 88, E 21, W 11, N 0",
    # S: 176 + 88 + 88 = 352.  E: -176 + (42-22) + 42 = -114.
    # W: -88 - 20 + 11 = -97.  N: -88 - 42 - 11 = -141.  Sum 0.
    game({"S": hand("23455m345678p234s"), "E": {"score": 21}, "W": {"score": 11}}, tile="4s"),
    hands={"S": H(88, 22, 2, {"mahjong", "only_possible_tile", "all_chows", "all_simples"})},
    scores={"E": 21, "S": 88, "W": 11, "N": 0},
    settlement={"E": -114, "S": 352, "W": -97, "N": -141},
)
case(
    "N15 003 'Fiches' round_to_tens: same game",
    # Every reading agrees (values end in 1/8, no half-way cases):
    # S: 176->180, 88->90, 88->90 = 360.  E: -180 + (42->40 - 22->20) + 42->40 = -120.
    # W: -90 - 20 + 11->10 = -100.  N: -90 - 40 - 10 = -140.  Sum 0.
    game(
        {"S": hand("23455m345678p234s"), "E": {"score": 21}, "W": {"score": 11}},
        tile="4s",
        options={"round_to_tens": True},
    ),
    scores={"E": 21, "S": 88, "W": 11, "N": 0},
    settlement={"E": -120, "S": 360, "W": -100, "N": -140},
)

# ---- Readings (R1, R2) and more N3 / N8 ------------------------------------
case(
    "R1 a 9p that completes chow 789p or pair 99p: completes pair is counted",
    # 78999p: read 789p + 99p with the winning 9p in the pair.  6p also completes
    # (legal: concealed 2 + all chows 1), so not only possible.
    # 20 + 2 self-drawn + 2 completes pair = 24; x2^3 (all chows 1, concealed 2) = 192
    game({"S": hand("234m567m78999p345s")}, tile="9p", source="wall"),
    hands={
        "S": H(
            192, 24, 3, {"mahjong", "self_drawn", "completes_pair", "all_chows", "concealed_hand"}
        )
    },
)
case(
    "N3 N6 same flags: 4p on the last tile gives 1 doubling only, so 1p is only possible",
    # 1p: last tile 1p = 3 (legal); 4p: last tile 1 (not all chows: open 999s) -> not legal.
    # 20 + 4 open pung 999s + 2 self-drawn + 2 only possible = 28; x2^3 = 224
    game(
        {"S": hand("567m123p55s", chow("234m"), pung("999s"))},
        tile="1p",
        source="wall",
        flags=("last_wall_tile",),
    ),
    hands={
        "S": H(
            224,
            28,
            3,
            {
                "mahjong",
                "open_pung_terminals_honours",
                "self_drawn",
                "only_possible_tile",
                "last_wall_tile_1p",
            },
        )
    },
)
case(
    "R2 non-winner: every scoring pair counts (11z prevailing, 44z seat, 77z dragons) = 6",
    north(hand("2468m35p2s114477z")),
    hands={"N": H(6, 6, 0, {"pair_prevailing_wind", "pair_seat_wind", "pair_dragons"})},
)
case(
    "R2 non-winner best reading: 333444555p as three pungs, not chows: 12 x2 = 24",
    north(hand("2468m333444555p")),
    hands={"N": H(24, 12, 1, {"concealed_pung_simples", "three_concealed_pungs"})},
)
case(
    "N8 East non-winner, East prevailing: pung 111z = 8 x2^2 = 32; East settles double",
    game({"S": WIN_A, "E": hand(F10 + "111z")}, tile=WIN_A_TILE),
    hands={
        "E": H(
            32, 8, 2, {"concealed_pung_terminals_honours", "pung_seat_wind", "pung_prevailing_wind"}
        )
    },
    scores={"E": 32, "S": 160, "W": 0, "N": 0},
    # S 640.  E: -320 + 2*32 (from W) + 2*32 (from N) = -192.  W, N: -160 - 64 = -224.
    settlement={"E": -192, "S": 640, "W": -224, "N": -224},
)
case(
    "N11 waiting nine gates (13-sided) = half of 2000 = 1000",
    north(hand("1112345678999s")),
    hands={"N": {"value": 1000, "limit": "nine_gates", "waiting": True}},
)

# ---- N14 draw ------------------------------------------------------------
case(
    "N14 000 §1.8.5.2 draw: no points, nobody pays",
    game({"N": hand(F10 + "777z")}, winner=None),
    scores={"E": 0, "S": 0, "W": 0, "N": 0},
    settlement={"E": 0, "S": 0, "W": 0, "N": 0},
)


# ---- Rejected games (N10 false mahjong, contract) ----------------------------
ERROR_CASES = [
    pytest.param(
        # 20 + 4 (888s) + 2 pair + 2 only = 28 but 0 doublings (discard: not concealed)
        game({"S": hand("234m567m11345p888s")}, tile="1p"),
        id="N10 000 §1.8 regular mahjong with 0 doublings is a false mahjong -> error",
    ),
    pytest.param(
        # all chows 1 only (1p is not a simple)
        game({"S": hand("234m567m11345p678s")}, tile="1p"),
        id="N10 000 §1.8 regular mahjong with 1 doubling (all chows) -> error",
    ),
    pytest.param(
        # 234m 567m 888s + 12345p: no pair -> not a mahjong
        game({"S": hand("234m567m12345p888s")}, tile="2p"),
        id="N10 002 §7 tiles that do not form a mahjong -> error",
    ),
    pytest.param(
        game({"S": WIN_A}, tile=WIN_A_TILE, options={"no_such_option": True}),
        id="score-interface: unknown option name -> error",
    ),
]


# --------------------------------------------------------------------------
# Physical validity of the table itself (does not use the engine)
# --------------------------------------------------------------------------


def tiles_of(s: str) -> list[str]:
    assert re.fullmatch(r"(\d+[mpsz])*", s), s
    return [d + suit for digits, suit in re.findall(r"(\d+)([mpsz])", s) for d in digits]


def _check_meld(m: dict[str, Any]) -> None:
    t = tiles_of(m["tiles"])
    if m["kind"] == "chow":
        assert len(t) == 3 and t[0][1] != "z" and len({x[1] for x in t}) == 1
        nums = sorted(int(x[0]) for x in t)
        assert nums == [nums[0], nums[0] + 1, nums[0] + 2], m
    else:
        assert len(set(t)) == 1 and len(t) == (3 if m["kind"] == "pung" else 4), m


def check_physical(g: dict[str, Any]) -> None:
    total: Counter[str] = Counter()
    for seat, p in g["players"].items():
        if "concealed" not in p:
            continue
        n = len(tiles_of(p["concealed"]))
        for m in p["melds"]:
            _check_meld(m)
            n += 3  # N16: a kong counts as three tiles
            total.update(tiles_of(m["tiles"]))
        total.update(tiles_of(p["concealed"]))
        for t in tiles_of(p["concealed"]):
            assert t[0] != "0" and (t[1] != "z" or int(t[0]) <= 7), t
        if seat == g["winner"]:
            assert n == 14, (seat, n)
            assert g["winning_tile"] in tiles_of(p["concealed"])
        else:
            assert n == 13, (seat, n)
    over = {t: c for t, c in total.items() if c > 4}
    assert not over, over


@pytest.mark.parametrize(
    "g", [p.values[0] for p in CASES + ERROR_CASES], ids=[p.id for p in CASES + ERROR_CASES]
)
def test_case_is_physically_valid(g: dict[str, Any]) -> None:
    check_physical(g)


# --------------------------------------------------------------------------
# The tests
# --------------------------------------------------------------------------


def _mismatches(result: dict[str, Any], expect: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for seat, e in expect.get("hands", {}).items():
        h = result.get("hands", {}).get(seat)
        if h is None:
            out.append(f"{seat}: no breakdown")
            continue
        for key in ("value", "points", "doublings"):
            if key in e and h.get(key) != e[key]:
                out.append(f"{seat} {key}: expected {e[key]}, got {h.get(key)}")
        if "rules" in e:
            got = {i["rule"] for i in h.get("items", [])}
            if got != e["rules"]:
                out.append(
                    f"{seat} rules: missing {sorted(e['rules'] - got)}, "
                    f"unexpected {sorted(got - e['rules'])}"
                )
        if "limit" in e and h.get("limit") != e["limit"]:
            out.append(f"{seat} limit: expected {e['limit']}, got {h.get('limit')}")
        for flag in ("waiting", "dead"):
            if e.get(flag) and h.get(flag) is not True:
                out.append(f"{seat} {flag}: expected true, got {h.get(flag)}")
        if result.get("scores", {}).get(seat) != e["value"]:
            out.append(
                f"scores[{seat}]: expected {e['value']}, got {result.get('scores', {}).get(seat)}"
            )
    for key in ("scores", "settlement"):
        if key in expect and result.get(key) != expect[key]:
            out.append(f"{key}: expected {expect[key]}, got {result.get(key)}")
    if "settlement" in result:
        if sum(result["settlement"].values()) != 0:
            out.append(f"settlement does not sum to 0: {result['settlement']}")
    return out


@pytest.mark.parametrize("g, expect", CASES)
def test_nts_hand(g: dict[str, Any], expect: dict[str, Any]) -> None:
    result = score_game(g)
    assert "error" not in result, result
    problems = _mismatches(result, expect)
    if problems:
        detail = {s: result.get("hands", {}).get(s) for s in expect.get("hands", {})}
        pytest.fail("\n".join(problems) + f"\nengine breakdown: {detail}")


@pytest.mark.parametrize("g", ERROR_CASES)
def test_nts_rejected(g: dict[str, Any]) -> None:
    result = score_game(g)
    assert "error" in result, result
    assert "scores" not in result and "settlement" not in result, result
