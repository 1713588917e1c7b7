"""Who deals next: the order of East and of the prevailing wind over the
hands of a table, for every rule set. Whether the winds move on after a
hand is the rule set's (`winds_rotate` in each hand's result); how they move
on is here, with the schedules of a table of 5. Which schedule a table of 5
follows is the rule set's too (`RuleSet.five_player_schedule`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

WINDS = ("E", "S", "W", "N")

# A schedule of a table of 5: one row per hand, (East, South, West, North,
# sitting out) as positions. A table's positions 0..4 are players A..E (E,
# S, W, N, and the fifth, who sits out the first hand). Over the five hands
# of a schedule every player is East once and sits out once; then the
# prevailing wind moves on and the schedule starts again.
Schedule = tuple[tuple[int, int, int, int, int], ...]

# Seed 001, "Schema bij een tafel van 5 spelers" (Hong Kong, club Fu-Hing):
# after the first hand North makes room for the fifth player, who starts as
# West; from then on North waits one turn at every new hand.
FIVE_PLAYER_ROTATION: Schedule = (
    (0, 1, 2, 3, 4),  # spel 1: A B C D, E sits out
    (1, 2, 4, 0, 3),  # spel 2: B C E A, D sits out
    (2, 4, 3, 1, 0),  # spel 3: C E D B, A sits out
    (4, 3, 0, 2, 1),  # spel 4: E D A C, B sits out
    (3, 0, 1, 4, 2),  # spel 5: D A B E, C sits out
)

# Seed 003, "Vijf spelers" (the NTS write-up of club Groene Hart): the
# player who sits out is the dreamer (dromer). "Als dit spel is afgelopen of
# wanneer het remise is, wordt Oost de nieuwe dromer en wordt de oude dromer
# Noord": the other three move on one wind (South becomes East), so East
# passes on in seat order and "er zijn dus vijf beurten maar iedere speler
# speelt vier keer". Also the general convention where a rule set has no
# schedule of its own (East sits the next hand out).
DREAMER_ROTATION: Schedule = (
    (0, 1, 2, 3, 4),  # A B C D, E dreams
    (1, 2, 3, 4, 0),  # B C D E, A dreams
    (2, 3, 4, 0, 1),  # C D E A, B dreams
    (3, 4, 0, 1, 2),  # D E A B, C dreams
    (4, 0, 1, 2, 3),  # E A B C, D dreams
)


def row_without(schedule: Schedule, out: int) -> tuple[int, int, int, int, int]:
    """The schedule's row in which position ``out`` sits out (each position
    sits out in exactly one row)."""
    return next(row for row in schedule if row[4] == out)


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


def next_deal(positions: Sequence[int], history: Sequence[Dealt], schedule: Schedule) -> Deal:
    """The next hand follows the last one saved, as the table plays it: East
    passes on when the winds rotate, and the prevailing wind moves on when
    East comes back to whoever was East in the first hand (every player has
    been East). A deleted hand (one that was not played) therefore leaves the
    order as the table really played it. At a table of 5 the winds move on
    every hand (a win of East and a draw included: 001 "Oost blijft Oost",
    H4; 003 "Vijf spelers") along ``schedule``, the rule set's
    ``five_player_schedule``; it is not used at other tables."""
    positions = sorted(positions)
    if len(positions) == 5:
        if not history:
            index, wind = 0, "E"
        else:
            last = history[-1]
            index = (next(i for i, row in enumerate(schedule) if row[0] == last.east) + 1) % 5
            # A round is over when every player was East ("Een ronde is gespeeld
            # wanneer iedere speler Oost is geweest", 003; "Zodra iedere speler een
            # keer Oost is geweest", 001): East is the first hand's East again.
            back = schedule[index][0] == history[0].east
            wind = _next_wind(last.prevailing) if back else last.prevailing
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
