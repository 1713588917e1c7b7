"""Seat winds and the rotation at a table of 5, by the event's rule set.

A table of 5 plays four at a time: one player sits out each hand. Who, and who plays which
wind, is a rule of the game, so the schedule is the rule set's (`RuleSet.five_player_schedule`,
the schedules themselves in scoring/engine/deal.py):
* Hong Kong (club Fu-Hing): seed 001, "Schema bij een tafel van 5 spelers": after the first
  hand the player who played North makes room for "speler 5", who starts as West; from then
  on North leaves the table at every new hand and waits one turn.
* NTS and the classic rules: seed 003, "Vijf spelers": the player who sits out is the dreamer;
  after every hand East becomes the new dreamer and the old dreamer comes back as North.
Either way every player is East once and sits out once in five hands, a round of the table.
"""

from __future__ import annotations

from scoring.engine import RULESETS, SEAT_WINDS
from scoring.engine.deal import DREAMER_ROTATION, FIVE_PLAYER_ROTATION, Schedule

# Seat order of a table: a table is listed E, S, W, N (then the fifth player at a table of 5).
FIFTH = "fifth"  # position 4 at a table of 5: sits out the first hand
POSITION_NAMES = (*SEAT_WINDS, FIFTH)

__all__ = ["DREAMER_ROTATION", "FIFTH", "FIVE_PLAYER_ROTATION", "POSITION_NAMES",
           "Schedule", "five_player_schedule", "five_player_seats"]


def five_player_schedule(ruleset: str) -> Schedule:
    """The schedule of a table of 5 under the rule set named `ruleset` (an event's
    `ruleset`)."""
    return RULESETS[ruleset].five_player_schedule


def five_player_seats(hand_number: int, schedule: Schedule) -> dict[str, int]:
    """For hand `hand_number` (1-based) at a table of 5 playing `schedule` (see
    `five_player_schedule`): wind -> position (0..4 = A..E), plus "out": the position that
    sits the hand out. After hand 5 the schedule starts again.
    """
    if hand_number < 1:
        raise ValueError(f"hands are numbered from 1, not {hand_number}")
    row = schedule[(hand_number - 1) % len(schedule)]
    seats = dict(zip(SEAT_WINDS, row[:4], strict=True))
    seats["out"] = row[4]
    return seats
