"""Seat winds: the order of the players at each table (position 0..3 = E, S, W, N;
position 4 = the fifth player at a table of 5, who sits out the first hand).

Two ways, for two situations:

* `order_tables` (one round, knowing only the past): per table, of all orders (24 at a
  table of 4, 120 at a table of 5), the one with the smallest largest spread (max - min
  of a player's E, S, W, N counts) after this round, then the fewest players at that
  spread, then the smallest sum of squared counts (each player's most frequent seats
  weigh most). A player's spread depends only on his own table, so this is the best
  round there is for that order of keys: the tables of a round are independent and
  nothing better exists without knowing the later rounds. Not exact over a tournament:
  the past can leave four players at one table who all still need the same wind.
* `assign_winds` (a whole schedule, `plan`): exact. Tables of 4 and the players' seats
  at them form a bipartite multigraph (player blocks on one side, tables on the other);
  each player's appearances at tables of 4 are cut into blocks of 4 consecutive rounds,
  so every vertex has degree at most 4, and by König's theorem the edges can be coloured
  with 4 colours (the winds) so no vertex has a colour twice: every table has E, S, W, N
  and every player has each wind once per block. Over 8 rounds: each wind exactly twice;
  over any number of rounds the counts differ by at most 1. The colouring is the classic
  alternating-path algorithm. Seats at tables of 3 and 5 are then given greedily, and a
  last pass re-orders single tables while that evens the counts out further.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations
from random import Random

POSITIONS = 5  # E, S, W, N, fifth

Counts = dict[int, list[int]]


def wind_counts(rounds: Sequence[Sequence[Sequence[int]]]) -> Counts:
    """Per player: how often he sat at each position (E, S, W, N, fifth)."""
    counts: Counts = {}
    for tables in rounds:
        for table in tables:
            for position, player in enumerate(table):
                counts.setdefault(player, [0] * POSITIONS)[position] += 1
    return counts


def order_tables(
    groups: Sequence[Sequence[int]], history: Sequence[Sequence[Sequence[int]]], rng: Random
) -> list[list[int]]:
    """Each group in the seat order that evens out every player's positions so far."""
    counts = wind_counts(history)
    return [_fairest_order(group, counts, rng) for group in groups]


def _fairest_order(group: Sequence[int], counts: Counts, rng: Random) -> list[int]:
    """The order with the smallest largest spread after this round, then the fewest players
    at that spread, then the smallest sum of squared counts; equal orders at random."""
    zero = [0] * POSITIONS
    rows = [counts.get(p, zero) for p in group]
    best: list[tuple[int, ...]] = []
    best_key: tuple[int, int, int] | None = None
    for order in permutations(range(len(group))):
        spreads = []
        squares = 0
        for pos, i in enumerate(order):
            after = list(rows[i])
            after[pos] += 1
            spreads.append(max(after[:4]) - min(after[:4]))
            squares += rows[i][pos] * 2 + 1
        worst = max(spreads)
        key = (worst, spreads.count(worst), squares)
        if best_key is None or key < best_key:
            best, best_key = [order], key
        elif key == best_key:
            best.append(order)
    order = rng.choice(best)
    return [group[i] for i in order]


def _best_order(group: Sequence[int], counts: Counts, rng: Random) -> list[int]:
    zero = [0] * POSITIONS
    rows = [counts.get(p, zero) for p in group]
    best: list[tuple[int, ...]] = []
    best_cost = -1
    for order in permutations(range(len(group))):
        # Squared counts after this round: each player's most frequent seats weigh most.
        cost = sum(rows[i][pos] * 2 + 1 for pos, i in enumerate(order))
        if best_cost < 0 or cost < best_cost:
            best, best_cost = [order], cost
        elif cost == best_cost:
            best.append(order)
    order = rng.choice(best)
    return [group[i] for i in order]


def assign_winds(rounds: Sequence[Sequence[Sequence[int]]], rng: Random) -> list[list[list[int]]]:
    """Seat order for every table of a whole schedule (see the module docstring)."""
    ordered: list[list[list[int]]] = [[list(g) for g in groups] for groups in rounds]
    _colour_tables_of_four(ordered)
    if any(len(t) != 4 for groups in ordered for t in groups):
        _seat_odd_tables(ordered, rng)
        _repair(ordered, rng)
    return ordered


def _colour_tables_of_four(ordered: list[list[list[int]]]) -> None:
    left_ids: dict[tuple[int, int], int] = {}  # (player, block) -> vertex
    seen: dict[int, int] = {}  # player -> appearances at tables of 4 so far
    edges: list[tuple[int, int, int]] = []  # (left vertex, right vertex, player)
    tables: list[list[int]] = []  # right vertex -> the table's list, reordered in place
    for groups in ordered:
        for table in groups:
            if len(table) != 4:
                continue
            right = len(tables)
            tables.append(table)
            for player in table:
                block = seen.get(player, 0) // 4
                seen[player] = seen.get(player, 0) + 1
                left = left_ids.setdefault((player, block), len(left_ids))
                edges.append((left, right, player))
    # at_left[v][c] / at_right[v][c]: the edge of colour c at vertex v, or -1.
    at_left = [[-1] * 4 for _ in range(len(left_ids))]
    at_right = [[-1] * 4 for _ in range(len(tables))]
    colour = [-1] * len(edges)
    for e, (u, v, _player) in enumerate(edges):
        a = at_left[u].index(-1)
        b = at_right[v].index(-1)
        if at_right[v][a] != -1:
            _flip_path(v, a, b, edges, colour, at_left, at_right)
        colour[e] = a
        at_left[u][a] = at_right[v][a] = e
    for e, (_u, v, player) in enumerate(edges):
        tables[v][colour[e]] = player


def _flip_path(
    start: int,
    a: int,
    b: int,
    edges: Sequence[tuple[int, int, int]],
    colour: list[int],
    at_left: list[list[int]],
    at_right: list[list[int]],
) -> None:
    """Swap colours a and b along the a/b path that leaves table vertex `start` by colour a.
    Left vertices are entered by colour a, so the path never reaches the (left) vertex
    where a is free; after the swap a is free at `start` too."""
    path: list[int] = []
    vertex, on_right, wanted = start, True, a
    while True:
        e = (at_right if on_right else at_left)[vertex][wanted]
        if e == -1:
            break
        path.append(e)
        u, v, _ = edges[e]
        vertex, on_right = (u, False) if on_right else (v, True)
        wanted = b if wanted == a else a
    for e in path:
        u, v, _ = edges[e]
        at_left[u][colour[e]] = at_right[v][colour[e]] = -1
    for e in path:
        u, v, _ = edges[e]
        colour[e] = b if colour[e] == a else a
        at_left[u][colour[e]] = at_right[v][colour[e]] = e


def _seat_odd_tables(ordered: list[list[list[int]]], rng: Random) -> None:
    counts = wind_counts([[t for t in groups if len(t) == 4] for groups in ordered])
    for groups in ordered:
        for i, table in enumerate(groups):
            if len(table) != 4:
                groups[i] = _best_order(table, counts, rng)
                for position, player in enumerate(groups[i]):
                    counts.setdefault(player, [0] * POSITIONS)[position] += 1


def _repair(ordered: list[list[list[int]]], rng: Random, passes: int = 40) -> None:
    """Re-order one table at a time to the order with the lowest sum of squared counts
    (the other tables fixed). Equal-cost orders are taken at random, so the search walks
    across plateaus; the best schedule seen is kept."""
    counts = wind_counts(ordered)

    def score() -> int:
        return sum(c * c for row in counts.values() for c in row)

    best_score, best = score(), [[list(t) for t in groups] for groups in ordered]
    for _ in range(passes):
        for groups in ordered:
            for i, table in enumerate(groups):
                for position, player in enumerate(table):
                    counts[player][position] -= 1
                groups[i] = table = _best_order(table, counts, rng)
                for position, player in enumerate(table):
                    counts[player][position] += 1
        now = score()
        if now < best_score:
            best_score, best = now, [[list(t) for t in groups] for groups in ordered]
    ordered[:] = best
