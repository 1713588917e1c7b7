"""Resolvable 4-GDDs of type g^u: schedules in which group mates never meet and every
other pair meets exactly once, kept with their groups so that inflation can fill them.

A 4-RGDD of type g^u has g*u players in u groups of g and g(u - 1)/3 rounds. Inflated by
an RTD(4, m) (recursive.py) it seats g*u*m players for g(u - 1)/3 * m rounds; each
inflated group (g*m players who have not met) then plays a repeat-free schedule of its
own. With the right fill this reaches the best possible length where the plain
inflation cannot (196 = 28 x 7: 65 rounds, through the 4^7 below).

Type 4^7 (28 players, 8 rounds), found by a small annealing search over Z_7: players
are the points x_l of Z_7 x {0, 1, 2, 3} (player l*7 + x), the groups {x_0, x_1, x_2,
x_3}; round g < 7 is the base class plus g, and round 7 is the orbit of the transversal
table {0_0, 5_1, 2_2, 6_3} under Z_7. The test checks every pair (tests/seating/
test_designs.py).
"""

from __future__ import annotations

Schedule = list[list[list[int]]]
Groups = list[list[int]]

# (g, u) -> (m, levels, transversal tables, base class): players level*m + x.
_STORED: dict[tuple[int, int], tuple[int, int, tuple[int, ...], tuple[int, ...]]] = {
    (4, 7): (
        7,
        4,
        (0, 5, 2, 6),
        # fmt: off
        (
            7,
            20,
            15,
            10,
            0,
            5,
            17,
            18,
            12,
            14,
            6,
            23,
            4,
            1,
            27,
            26,
            11,
            3,
            2,
            13,
            8,
            9,
            21,
            25,
            19,
            22,
            16,
            24,
        ),
        # fmt: on
    ),
}


def stored_group_designs() -> list[tuple[int, int]]:
    """The (g, u) of every stored 4-RGDD, ascending."""
    return sorted(_STORED)


def group_design(g: int, u: int) -> tuple[Schedule, Groups] | None:
    """The rounds and the groups of the stored 4-RGDD of type g^u, or None."""
    stored = _STORED.get((g, u))
    if stored is None:
        return None
    m, levels, transversal, base = stored

    def shift(player: int, by: int) -> int:
        level, x = divmod(player, m)
        return level * m + (x + by) % m

    tables = [list(base[i : i + 4]) for i in range(0, len(base), 4)]
    rounds: Schedule = [[[shift(p, by) for p in table] for table in tables] for by in range(m)]
    rounds.append(
        [[level * m + (x + by) % m for level, x in enumerate(transversal)] for by in range(m)]
    )
    groups = [[level * m + x for level in range(levels)] for x in range(m)]
    return rounds, groups
