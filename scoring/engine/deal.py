"""Who deals next: the order of East and of the prevailing wind over the
hands of a table, for every rule set. Whether the winds move on after a
hand is the rule set's (`winds_rotate` in each hand's result); how they move
on is here, with the schedule of a table of 5 (seed 001, "Schema bij een
tafel van 5 spelers").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

WINDS = ("E", "S", "W", "N")

# A table's positions 0..4 are players A..E (E, S, W, N, and at a table of 5
# the fifth, who sits out the first hand). One row per hand: (East, South,
# West, North, sitting out), as positions. After the first hand North makes
# room for the fifth player, who starts as West; from then on North waits
# one turn at every new hand, and after five hands every player was East.
FIVE_PLAYER_ROTATION: tuple[tuple[int, int, int, int, int], ...] = (
    (0, 1, 2, 3, 4),  # spel 1: A B C D, E sits out
    (1, 2, 4, 0, 3),  # spel 2: B C E A, D sits out
    (2, 4, 3, 1, 0),  # spel 3: C E D B, A sits out
    (4, 3, 0, 2, 1),  # spel 4: E D A C, B sits out
    (3, 0, 1, 4, 2),  # spel 5: D A B E, C sits out
)


@dataclass(frozen=True)
class Deal:
    """Who is East for a hand, who plays it (positions) and the prevailing
    wind."""

    east: int
    playing: list[int]
    prevailing: str


@dataclass(frozen=True)
class Dealt:
    """What a saved hand says about the next one: who was East, the
    prevailing wind, and whether the winds move on after it (the engine's
    `winds_rotate`, which its rule set decides: N1 and `east_stays` for
    NTS, H4 for Hong Kong, P3 for the classic rules)."""

    east: int
    prevailing: str
    rotates: bool


def _next_wind(wind: str) -> str:
    return WINDS[(WINDS.index(wind) + 1) % len(WINDS)]


def next_deal(positions: Sequence[int], history: Sequence[Dealt]) -> Deal:
    """The next hand follows the last one saved, as the table plays it: East
    passes on when the winds rotate, and the prevailing wind moves on when
    East comes back to whoever was East in the first hand (every player has
    been East). A deleted hand (one that was not played) therefore leaves the
    order as the table really played it. At a table of 5 the winds move on
    every hand along the schedule of seed 001."""
    positions = sorted(positions)
    if len(positions) == 5:
        schedule = FIVE_PLAYER_ROTATION
        if not history:
            index, wind = 0, "E"
        else:
            last = history[-1]
            index = (next(i for i, row in enumerate(schedule) if row[0] == last.east) + 1) % 5
            wind = _next_wind(last.prevailing) if index == 0 else last.prevailing
        row = schedule[index]
        return Deal(east=row[0], playing=list(row[:4]), prevailing=wind)
    if not history:
        return Deal(east=positions[0], playing=positions, prevailing="E")
    last = history[-1]
    if not last.rotates or last.east not in positions:
        return Deal(east=last.east if last.east in positions else positions[0],
                    playing=positions, prevailing=last.prevailing)
    east = positions[(positions.index(last.east) + 1) % len(positions)]
    first = history[0].east
    wind = _next_wind(last.prevailing) if east == first else last.prevailing
    return Deal(east=east, playing=positions, prevailing=wind)
