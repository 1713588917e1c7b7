"""Frames: a resolvable design without its fixed player, inflated, its holes filled.

A 4-frame is a schedule with holes: the players fall into holes, and every round seats
everyone except the players of one hole (Handbook of Combinatorial Designs, 2nd ed.,
2007, IV.5.4 on frames and "filling in holes"; D. R. Stinson, "Frames for Kirkman triple
systems", Discrete Math. 65 (1987) 289-300, for the method).

* The frame: a repeat-free schedule of t rounds for 3t + 1 players (a resolvable
  2-(3t+1, 4, 1) design) without its fixed player f (the last). The three table-mates of f
  in round x are hole x; round x seats everyone else, every pair of two holes meets once
  and the players of one hole never meet: a 4-frame of type 3^t.
* Inflated by an RTD(4, m) (mols.py): every player p becomes p*m + c (c < m), every table
  of round x the m rounds of an RTD(4, m), so (x, r) seats everyone outside hole x, whose
  3m players have not met: a 4-frame of type (3m)^t, t*m rounds.
* Filled: e shared players are added (e = 1 or 3). The 3m players of hole x and the shared
  players play a repeat-free schedule of m rounds for 3m + e players in which the shared
  players never meet each other; its round r joins round (x, r). Everyone is seated in
  every round, a pair of one hole or with a shared player meets at most once (in that
  hole's schedule), and the shared players never meet.

So N = 3mt + e players play mt = (N - e)/3 rounds, the best possible: e = 1 gives a
resolvable 2-(N, 4, 1) design (N = 4 mod 12), e = 3 a 4-RGDD of type 3^(N/3) (N = 0 mod 12),
the hole schedule then being one for 3m + 3 players whose never-met pairs include a
triangle. Up to 200 players this reaches 108 = 3*7*5 + 3 and 168 = 3*11*5 + 3.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from .mols import resolvable_transversal_design

Schedule = list[list[list[int]]]
Rounds = Sequence[Sequence[Sequence[int]]]
# The first `rounds` rounds of a repeat-free schedule for n players, or None without one.
ScheduleFor = Callable[[int, int], Rounds | None]


def unmet_group(schedule: Rounds, n: int, size: int) -> tuple[int, ...] | None:
    """The first `size` players (in order) of whom no two met in `schedule`, or None."""
    met = {
        frozenset(pair)
        for tables in schedule
        for table in tables
        for pair in combinations(table, 2)
    }
    for group in combinations(range(n), size):
        if not any(frozenset(pair) in met for pair in combinations(group, 2)):
            return group
    return None


def frame_schedule(t: int, m: int, shared: int, schedule_for: ScheduleFor) -> Schedule | None:
    """The t*m rounds for 3mt + shared players (the shared ones last), or None when a part
    is missing: the design for 3t + 1, the RTD(4, m), or a hole schedule for 3m + shared
    with `shared` players who never met."""
    design = schedule_for(3 * t + 1, t)
    transversal = resolvable_transversal_design(m)
    hole_size = 3 * m
    fill = schedule_for(hole_size + shared, m)
    if design is None or transversal is None or fill is None:
        return None
    unmet = unmet_group(fill, hole_size + shared, shared)
    if unmet is None:
        return None
    fixed = 3 * t
    # The fill's shared players become the last players; its others, in order, the hole's.
    shared_place = {p: 3 * t * m + j for j, p in enumerate(unmet)}
    others = [p for p in range(hole_size + shared) if p not in shared_place]
    rounds: Schedule = []
    for tables in design[:t]:
        (hole,) = [sorted(p for p in table if p != fixed) for table in tables if fixed in table]
        members = [p * m + c for p in hole for c in range(m)]
        place = {**dict(zip(others, members, strict=True)), **shared_place}
        outside = [table for table in tables if fixed not in table]
        for r, design_round in enumerate(transversal):
            seated = [
                [outside_table[q // m] * m + q % m for q in design_table]
                for outside_table in outside
                for design_table in design_round
            ]
            seated.extend([place[p] for p in table] for table in fill[r])
            rounds.append(seated)
    return rounds
