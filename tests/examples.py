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
