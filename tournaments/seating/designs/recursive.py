"""Inflation: a repeat-free schedule for v players and an RTD(4, m) give one for v*m.

Every player p of the base schedule becomes a group of m players p*m + x (x = 0..m-1).
Each base round becomes m rounds: every base table {a, b, c, d} is replaced by the m
rounds of an RTD(4, m) on the groups of a, b, c and d (mols.py), all tables of the base
round in parallel. Two players of different groups p, q meet exactly in the one base
round where p and q share a table, and there exactly once (the TD); two players of one
group never meet there. So the groups can then be filled: when m is a multiple of 4,
every group plays a repeat-free schedule of m players, all groups in parallel.

    rounds(v * m) = rounds(v) * m + (rounds(m) if m % 4 == 0 else 0)

With v = 4 (one round) this is the classic "RTD(4, m) plus filled groups" step, which
gives (4m - 1)/3 rounds whenever m has (m - 1)/3; with a resolvable 2-(v, 4, 1) design as
base it is Wilson's inflation by a transversal design (R. M. Wilson, "Constructions and
uses of pairwise balanced designs", Math. Centre Tracts 55 (1974), 18-41; Handbook of
Combinatorial Designs, 2nd ed., 2007, IV.5 on resolvable GDDs and "filling in groups").
"""

from __future__ import annotations

from collections.abc import Sequence

from .mols import resolvable_transversal_design

Schedule = list[list[list[int]]]


def inflate(
    base: Sequence[Sequence[Sequence[int]]],
    v: int,
    m: int,
    fill: Sequence[Sequence[Sequence[int]]] = (),
) -> Schedule | None:
    """The inflated schedule for v*m players (None without an RTD(4, m)), then the rounds
    of `fill` (a repeat-free schedule of players 0..m-1) played in every group."""
    design = resolvable_transversal_design(m)
    if design is None:
        return None
    schedule: Schedule = []
    for base_round in base:
        for design_round in design:
            tables: list[list[int]] = []
            for base_table in base_round:
                # RTD player g*m + x is member x of group g: the g-th player of the table.
                tables.extend(
                    [base_table[t // m] * m + t % m for t in design_table]
                    for design_table in design_round
                )
            schedule.append(tables)
    for fill_round in fill:
        schedule.append([[p * m + x for x in table] for p in range(v) for table in fill_round])
    return schedule
