"""Inflation: a repeat-free schedule for v players and an RTD(4, m) give one for v*m.

Every player p of the base schedule becomes a group of m players p*m + x (x = 0..m-1).
Each base round becomes m rounds: every base table {a, b, c, d} is replaced by the m
rounds of an RTD(4, m) on the groups of a, b, c and d (mols.py), all tables of the base
round in parallel. Two players of different groups p, q meet exactly in the one base
round where p and q share a table, and there exactly once (the TD); two players of one
group never meet there. So the groups can then be filled: when m is a multiple of 4,
every group plays a repeat-free schedule of m players, all groups in parallel.

    rounds(v * m) = rounds(v) * m + (rounds(m) if m % 4 == 0 else 0)

A base whose players fall into groups of g that never met (a 4-RGDD, group_designs.py)
leaves each inflated group of g*m players unmet: those are filled instead,

    rounds(g * u * m) = rounds(base) * m + (rounds(g * m) if g * m % 4 == 0 else 0)

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
    groups: Sequence[Sequence[int]] | None = None,
) -> Schedule | None:
    """The inflated schedule for v*m players (None without an RTD(4, m)), then the rounds
    of `fill` played in every group. Without `groups` a group is one base player's m
    copies and `fill` seats players 0..m-1; with the groups of a 4-RGDD base (players
    who never met there, group_designs.py) a group is their g*m copies, `fill` seats
    players 0..g*m-1, its player i being copy i % m of the group's player i // m."""
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
    members = [list(group) for group in groups] if groups is not None else [[p] for p in range(v)]
    for fill_round in fill:
        schedule.append(
            [
                [group[i // m] * m + i % m for i in table]
                for group in members
                for table in fill_round
            ]
        )
    return schedule
