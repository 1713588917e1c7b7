"""Games shared by the tests."""

from typing import Any

# The worked example of score-interface.md (seed 003, "Voorbeeld punten berekening").
WORKED_EXAMPLE: dict[str, Any] = {
    "ruleset": "nts",
    "options": {},
    "prevailing_wind": "E",
    "players": {
        "E": {"concealed": "2228m4777p19s555z", "melds": []},
        "S": {"concealed": "234456m345678p33s", "melds": []},
        "W": {"score": 0},
        "N": {
            "concealed": "1245899s222z",
            "melds": [{"kind": "pung", "tiles": "666s", "open": True}],
        },
    },
    "winner": "S",
    "winning_tile": "3s",
    "win_source": "discard",
    "discarder": "W",
    "flags": [],
    "dead": ["W"],
}

EXAMPLE_SCORES = {"E": 64, "S": 96, "W": 0, "N": 20}
EXAMPLE_SETTLEMENT = {"E": 24, "S": 384, "W": -244, "N": -164}

# The worked example of seed 004 §6.4 (classic, Philos): South in the North
# round, not the winner: open pung 4p, half-concealed kong 2m, concealed pung
# of North, loose 9s 9s, red, green: 26 points, 2 doublings, 104. The seed
# names no winner; here East wins with 345m 456m 789m 123p 55p, self-drawn
# 5p: mahjong 20 + from the hand 20 + only chows 20 + live wall 2 + closing
# pair 2 = 64. Settlement (004 §6, P2): East receives 128 from each (384);
# South receives 104 from West and North and pays East 128 (+80); West and
# North pay 128 + 104 (-232).
PHILOS_EXAMPLE: dict[str, Any] = {
    "ruleset": "philos",
    "options": {},
    "prevailing_wind": "N",
    "players": {
        "E": {"concealed": "345m456m789m123p55p", "melds": []},
        "S": {
            "concealed": "444z99s67z",
            "melds": [
                {"kind": "pung", "tiles": "444p", "open": True},
                {"kind": "kong", "tiles": "2222m", "open": False},
            ],
        },
        "W": {"score": 0},
        "N": {"score": 0},
    },
    "winner": "E",
    "winning_tile": "5p",
    "win_source": "wall",
    "flags": [],
    "dead": [],
}

PHILOS_EXAMPLE_SCORES = {"E": 64, "S": 104, "W": 0, "N": 0}
PHILOS_EXAMPLE_SETTLEMENT = {"E": 384, "S": 80, "W": -232, "N": -232}
