"""A resolvable 2-(3w+1, 4, 1) design from a pairwise balanced design on w points.

The recursive step behind the existence of every resolvable 2-(v, 4, 1) design (H. Hanani,
D. K. Ray-Chaudhuri, R. M. Wilson, "On resolvable designs", Discrete Math. 3 (1972)
343-357); for triples it is the doubling that builds Kirkman triple systems (T. Beth,
D. Jungnickel, H. Lenz, Design Theory, 2nd ed., 1999, IX.6.4).

Take a PBD(w, K): w points and blocks (any sizes k in K) such that every two points lie in
exactly one block. Every point x becomes three players 3x, 3x+1, 3x+2, and one fixed
player is added: 3w + 1 players. For a block B of k points, the 3k + 1 players of B and the
fixed player play a repeat-free schedule of k rounds (a resolvable 2-(3k+1, 4, 1) design):
the fixed player meets the 3k others exactly once, three at a time, so its table of
round i is three players, relabelled 3B[i], 3B[i]+1, 3B[i]+2.

Round x of the big schedule is then: the table {3x, 3x+1, 3x+2, fixed}, and for every block
B through x (x = B[i]) the other tables of round i of B's schedule. Every player sits once:
a player 3y+j (y != x) lies in the one block through x and y, where it is not at the fixed
player's table. Two players 3x+i, 3y+j meet in the schedule of the block through x and
y and nowhere else; 3x+i and 3x+j only at x's fixed table. So no two players meet twice,
in w = (N - 1)/3 rounds: the best possible.

The PBDs here come from a TD(5, m) (three MOLS of order m, mols.py): its 5m points, its
blocks of 5 and its five groups of m as blocks (w = 5m, N = 15m + 1), or the groups with
one new point added (w = 5m + 1, blocks of m + 1, N = 15m + 4). The blocks of 5 ask for
16 players in 5 rounds (AG(2, 4)); the groups ask for 3m + 1 (or 3m + 4) players in m
(or m + 1) rounds, whatever construction builds those. This reaches 136 = 15*9 + 1 from
the 28-player schedule, a size no other construction here covers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .mols import mols

Schedule = list[list[list[int]]]
Blocks = list[list[int]]
# A resolvable 2-(3k+1, 4, 1) design for a block of k points, or None without one.
SubSchedule = Callable[[int], Sequence[Sequence[Sequence[int]]] | None]

TD_BLOCK = 5


def transversal_pbd(m: int, extra_point: bool) -> tuple[int, Blocks] | None:
    """(w, blocks) of the PBD from a TD(5, m): point g*m + x is member x of group g; the
    blocks are the TD's m^2 blocks of 5 and its five groups, each with the point 5m added
    when `extra_point`. None without three MOLS of order m."""
    squares = mols(m, 3)
    if squares is None:
        return None
    blocks: Blocks = [
        [i, m + j, *(g * m + squares[g - 2][i][j] for g in range(2, TD_BLOCK))]
        for i in range(m)
        for j in range(m)
    ]
    extra = [TD_BLOCK * m] if extra_point else []
    blocks.extend([*range(g * m, (g + 1) * m), *extra] for g in range(TD_BLOCK))
    return TD_BLOCK * m + len(extra), blocks


def tripled_schedule(w: int, blocks: Blocks, sub_schedule: SubSchedule) -> Schedule | None:
    """The w rounds of the design for 3w + 1 players (player 3w is the fixed one), or None
    when `sub_schedule` has no design for one of the block sizes."""
    rounds: Schedule = [[[3 * x, 3 * x + 1, 3 * x + 2, 3 * w]] for x in range(w)]
    relabelled: dict[int, list[list[list[int]]] | None] = {}
    for block in blocks:
        k = len(block)
        if k not in relabelled:
            relabelled[k] = _fixed_player_first(k, sub_schedule(k))
        sub_rounds = relabelled[k]
        if sub_rounds is None:
            return None
        # Sub-schedule player p sits at the fixed player's table in round p // 3 (its
        # place p % 3 there), after _fixed_player_first's renumbering.
        for i, tables in enumerate(sub_rounds):
            rounds[block[i]].extend([3 * block[p // 3] + p % 3 for p in table] for table in tables)
    return rounds


def _fixed_player_first(
    k: int, schedule: Sequence[Sequence[Sequence[int]]] | None
) -> list[list[list[int]]] | None:
    """The k rounds of a design for 3k + 1 players renumbered so that the last player is
    the fixed one and its table-mates of round i are players 3i, 3i+1, 3i+2; each round
    without the fixed player's table. None if the schedule is not k rounds of 3k + 1."""
    n = 3 * k + 1
    if schedule is None or len(schedule) < k:
        return None
    fixed = n - 1
    number: dict[int, int] = {fixed: fixed}
    for i, tables in enumerate(schedule[:k]):
        (mates,) = [table for table in tables if fixed in table]
        for place, p in enumerate(sorted(q for q in mates if q != fixed)):
            number[p] = 3 * i + place
    if len(number) != n:
        return None
    return [
        [[number[p] for p in table] for table in tables if fixed not in table]
        for tables in schedule[:k]
    ]
