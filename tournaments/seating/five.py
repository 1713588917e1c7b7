"""Seat winds and the rotation at a table of 5 (seed 001, "Schema bij een tafel van 5 spelers").

After the first hand the player who played North makes room for "speler 5", who starts
as West; from then on North leaves the table at every new hand and waits one turn. When
every player has been East once, the round of five hands is over.
"""

from __future__ import annotations

from scoring.engine.deal import FIVE_PLAYER_ROTATION

# Seat order of a table: a table is listed E, S, W, N (then the fifth player at a table of 5).
WINDS = ("E", "S", "W", "N")
FIFTH = "fifth"  # position 4 at a table of 5: sits out the first hand
POSITION_NAMES = (*WINDS, FIFTH)

# The schedule itself is a rule of the game: scoring/engine/deal.py.


def five_player_seats(hand_number: int) -> dict[str, int]:
    """For hand `hand_number` (1-based) at a table of 5: wind -> position (0..4 = A..E),
    plus "out": the position that sits the hand out. After hand 5 the schedule starts again.
    """
    if hand_number < 1:
        raise ValueError(f"hands are numbered from 1, not {hand_number}")
    row = FIVE_PLAYER_ROTATION[(hand_number - 1) % len(FIVE_PLAYER_ROTATION)]
    seats = dict(zip(WINDS, row[:4], strict=True))
    seats["out"] = row[4]
    return seats
