"""Balanced seating round by round, following a whole-schedule plan.

An event seats one round at a time (players arrive late, drop out, the organiser swaps two
players), but the best schedules are whole: a resolvable design cannot be found one round
at a time. So balanced seating plans the event's rounds for its players once, with the
players numbered 0..n-1 (`plan_rounds(range(n), rounds_planned, "balanced", seed=0)`), and
maps that plan onto the event through the first round actually played: the plan's table i
of round 1 is the event's table i of round 1 (same size: both follow `table_sizes`), its
j-th player the j-th seat there. Round 1 may have been seated at random: any partition into
tables is the first round of some relabelling of the plan.

The next round follows the plan only while the event has followed it: the same players in
every round, and every later round the plan's tables (as sets of players; seat order and
table numbers do not matter). After a dropout, a late arrival or a manual swap the event
leaves the plan, and balanced seating searches each round against the history instead.

Decisions (where the issue is silent):
* The plan's length is the event's planned rounds; an event that runs longer than planned
  leaves the plan at the first round beyond it (the search takes over).
* A re-seat of a round that follows the plan gives the same tables (with other winds when
  the seed differs): the plan is what makes the schedule repeat-free.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from random import Random

from . import methods
from .planner import plan
from .request import SeatingRequest
from .tables import table_sizes
from .winds import order_tables

Schedule = tuple[tuple[tuple[int, ...], ...], ...]


def seat(method: str, request: SeatingRequest) -> list[list[int]]:
    """`methods.seat`, except that balanced seating follows the event's plan while the
    event has followed it (request.rounds_planned rounds)."""
    if method == "balanced" and not (request.avoid_same_club and request.clubs):
        players = list(request.players)
        planned = planned_next_round(
            players, request.history, request.rounds_planned, request.odd_tables
        )
        if planned is not None:
            rng = Random(request.seed)
            tables = methods.renumber_tables(planned, request.history[-1])
            return order_tables(tables, request.history, rng)
    return methods.seat(method, request)


def planned_next_round(
    players: Sequence[int],
    history: Sequence[Sequence[Sequence[int]]],
    rounds_planned: int,
    odd_tables: str,
) -> list[list[int]] | None:
    """The plan's tables for the next round (unordered), or None when the event has left
    the plan (or has no history to map it by, or is past its planned rounds)."""
    if not history or len(history) >= rounds_planned:
        return None
    present = set(players)
    if len(present) != len(players) or any(
        {p for table in tables for p in table} != present for tables in history
    ):
        return None
    first = history[0]
    sizes = table_sizes(len(players), odd_tables)
    if [len(table) for table in first] != sizes:
        return None
    plan = _canonical_plan(len(players), rounds_planned, odd_tables)
    label: dict[int, int] = {}
    for planned_table, table in zip(plan[0], first, strict=True):
        label.update(zip(planned_table, table, strict=True))
    for planned, played in zip(plan[1 : len(history)], history[1:], strict=True):
        mapped = {frozenset(label[p] for p in table) for table in planned}
        if mapped != {frozenset(table) for table in played}:
            return None
    return [[label[p] for p in table] for table in plan[len(history)]]


@lru_cache(maxsize=32)
def _canonical_plan(n: int, rounds: int, odd_tables: str) -> Schedule:
    schedule = plan(range(n), rounds, "balanced", seed=0, odd_tables=odd_tables)
    return tuple(tuple(tuple(table) for table in tables) for tables in schedule)
