"""Repeat-free schedules from design theory: pure Python, no Django.

A schedule of N players at tables of 4 in which no two players meet twice is a partial
resolution of a resolvable design: each round a parallel class, each table a block.

    repeat_free_schedule(n, rounds) -> the first rounds of our longest schedule, or None
    constructed_rounds(n) -> how many repeat-free rounds our constructions give
    best_known_rounds(n) -> the longest repeat-free schedule known in the literature
    repeat_lower_bound(sizes, rounds) -> repeat meetings no schedule avoids (proven)
    best_possible_repeats(n, sizes, rounds) -> (that bound, whether a schedule reaches it)

Constructions (each module says which N it covers; construct.py asks them in order and
keeps the longest):
* finite_fields.py: GF(p^k) tables, the algebra under the next two.
* affine.py: the lines of AG(k, 4), N = 4^k, (N - 1)/3 rounds.
* mols.py: three MOLS of order m (prime powers >= 4, 12, and their products)
  -> RTD(4, m), 4m players in m rounds.
* recursive.py: inflating a schedule for v by an RTD(4, m), groups filled when m % 4 == 0.
* group_designs.py: stored 4-RGDDs (type 4^7) whose groups the inflation fills: 196 players.
* field_rbibd.py: GF(q) -> a resolvable 2-(3q+1, 4, 1) design, q = 1 (mod 4), 148 players.
* tripling.py: a PBD on w points (from a TD(5, m)) -> a resolvable 2-(3w+1, 4, 1) design,
  136 players.
* frames.py: that design without its fixed player, inflated by an RTD(4, m), its holes
  filled with 1 or 3 shared players: 108 and 168 players.
* cyclic.py: base parallel classes developed over Z_m, found offline by
  scripts/find_seating_designs.py and stored in cyclic_data.py.
"""

from __future__ import annotations

from .bounds import best_known_rounds, best_possible_repeats, repeat_lower_bound
from .construct import Recipe, best_recipe, constructed_rounds, first_rounds

Schedule = list[list[list[int]]]


def repeat_free_schedule(n: int, rounds: int) -> Schedule | None:
    """The first `rounds` rounds of the longest repeat-free schedule our constructions
    give for players 0..n-1 (each round a list of tables of 4), or None when none is that
    long. Deterministic; a fresh list each call."""
    if rounds < 0:
        raise ValueError(f"rounds must be at least 0, not {rounds}")
    found = first_rounds(n, rounds)
    if found is None:
        return None
    return [[list(table) for table in tables] for tables in found]


__all__ = [
    "Recipe",
    "Schedule",
    "best_known_rounds",
    "best_possible_repeats",
    "best_recipe",
    "constructed_rounds",
    "repeat_free_schedule",
    "repeat_lower_bound",
]
