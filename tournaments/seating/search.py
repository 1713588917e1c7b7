"""Local search that splits players into tables of given sizes at least cost.

The cost of a seating is the sum of a pair cost over every pair at one table (a repeat
meeting, two members of one club) plus a per-player cost of sitting at a table (how far
a player is moved from his place in the ranking). Moves swap two players between tables,
so table sizes never change.

Tabu search first (the classic recipe for this "social golfer" kind of problem): take a
player who has a pair cost at his table, make the best swap for him even when it makes
things worse, and forbid moving the swapped players again for a few steps so the search
does not fall straight back; after KICK steps without a new best, a few random swaps
shake it out of short cycles. It stops as soon as no pair cost is left (nothing can be
better), or after `patience` steps without a new best. Then a descent ("polish") makes
every swap that still lowers the total cost, so the result is a local optimum: no single
swap improves it. Both phases are deterministic for a given random generator.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from random import Random

# Tabu steps without a new best before the search gives up (when no zero-cost seating
# is found): at least this, and at least two per player.
PATIENCE = 1000
# Steps without a new best after which a few random swaps shake the search loose.
KICK = 50


@dataclass(frozen=True)
class Problem:
    sizes: Sequence[int]
    pair_cost: Sequence[Sequence[int]]  # n x n, symmetric, zero diagonal
    neighbours: Sequence[Sequence[int]]  # per player: the players with a non-zero pair cost
    unary: Sequence[Sequence[int]] | None = None  # n x tables: cost of player p at table t

    @classmethod
    def from_pairs(
        cls,
        n: int,
        sizes: Sequence[int],
        pairs: dict[tuple[int, int], int],
        unary: Sequence[Sequence[int]] | None = None,
    ) -> Problem:
        """`pairs`: (i, j) -> cost on player indices 0..n-1; (i, j) and (j, i) add up."""
        cost = [[0] * n for _ in range(n)]
        neighbours: list[list[int]] = [[] for _ in range(n)]
        for (i, j), value in pairs.items():
            if value and i != j:
                if not cost[i][j]:
                    neighbours[i].append(j)
                    neighbours[j].append(i)
                cost[i][j] += value
                cost[j][i] += value
        return cls(sizes, cost, neighbours, unary)


def chunk(order: Sequence[int], sizes: Sequence[int]) -> list[int]:
    """Table index per player when `order` fills the tables one after the other."""
    table_of = [0] * len(order)
    position = 0
    for table, size in enumerate(sizes):
        for player in order[position : position + size]:
            table_of[player] = table
        position += size
    return table_of


def tables_of(table_of: Sequence[int], count: int) -> list[list[int]]:
    tables: list[list[int]] = [[] for _ in range(count)]
    for player, table in enumerate(table_of):
        tables[table].append(player)
    return tables


class _State:
    def __init__(self, problem: Problem, table_of: Sequence[int]) -> None:
        self.problem = problem
        self.table_of = list(table_of)
        n, count = len(table_of), len(problem.sizes)
        # at[p][t]: pair cost player p would have at table t (its members, p excluded).
        self.at = [[0] * count for _ in range(n)]
        for p in range(n):
            row = problem.pair_cost[p]
            for q in problem.neighbours[p]:
                self.at[p][self.table_of[q]] += row[q]
        self.pair_total = sum(self.at[p][self.table_of[p]] for p in range(n)) // 2
        unary = problem.unary
        self.unary_total = sum(unary[p][self.table_of[p]] for p in range(n)) if unary else 0
        self.unary_floor = [min(row) for row in unary] if unary else []

    @property
    def total(self) -> int:
        return self.pair_total + self.unary_total

    def delta(self, a: int, b: int) -> tuple[int, int]:
        """(pair, unary) cost change of swapping players a and b."""
        ta, tb = self.table_of[a], self.table_of[b]
        at_a, at_b = self.at[a], self.at[b]
        pair = at_b[ta] + at_a[tb] - at_a[ta] - at_b[tb] - 2 * self.problem.pair_cost[a][b]
        unary = self.problem.unary
        if unary is None:
            return pair, 0
        return pair, unary[a][tb] + unary[b][ta] - unary[a][ta] - unary[b][tb]

    def swap(self, a: int, b: int, delta: tuple[int, int]) -> None:
        ta, tb = self.table_of[a], self.table_of[b]
        cost, at = self.problem.pair_cost, self.at
        for q in self.problem.neighbours[a]:
            at[q][ta] -= cost[a][q]
            at[q][tb] += cost[a][q]
        for q in self.problem.neighbours[b]:
            at[q][tb] -= cost[b][q]
            at[q][ta] += cost[b][q]
        self.table_of[a], self.table_of[b] = tb, ta
        self.pair_total += delta[0]
        self.unary_total += delta[1]

    def could_improve(self, p: int) -> bool:
        """Has p a pair cost, or a table that costs more than his cheapest?"""
        t = self.table_of[p]
        unary = self.problem.unary
        return self.at[p][t] > 0 or (unary is not None and unary[p][t] > self.unary_floor[p])


def improve(
    problem: Problem,
    table_of: Sequence[int],
    rng: Random,
    *,
    patience: int | None = None,
    max_steps: int = 100_000,
) -> list[int]:
    """A better (never worse) assignment than `table_of`: table index per player."""
    n = len(table_of)
    if n == 0 or len(problem.sizes) < 2:
        return list(table_of)
    state = _State(problem, table_of)
    _tabu_search(state, rng, patience if patience is not None else max(PATIENCE, 2 * n), max_steps)
    _polish(state)
    return state.table_of


def _tabu_search(state: _State, rng: Random, patience: int, max_steps: int) -> None:
    n = len(state.table_of)
    best_total, best = state.total, list(state.table_of)
    tabu_until = [0] * n
    since_best = 0
    for step in range(1, max_steps + 1):
        if state.pair_total == 0 or since_best >= patience:
            break
        if since_best and since_best % KICK == 0:
            _kick(state, rng)
        conflicted = [p for p in range(n) if state.at[p][state.table_of[p]] > 0]
        free = [p for p in conflicted if tabu_until[p] <= step] or conflicted
        a = rng.choice(free)
        ta = state.table_of[a]
        chosen: list[int] = []
        chosen_delta = (0, 0)
        chosen_sum = 0
        for b in range(n):
            if state.table_of[b] == ta:
                continue
            d = state.delta(a, b)
            s = d[0] + d[1]
            # A tabu player may move only when that gives a new best seating (aspiration).
            if tabu_until[b] > step and state.total + s >= best_total:
                continue
            if not chosen or s < chosen_sum:
                chosen, chosen_delta, chosen_sum = [b], d, s
            elif s == chosen_sum:
                chosen.append(b)
        if not chosen:
            since_best += 1
            continue
        b = rng.choice(chosen)
        if len(chosen) > 1:
            chosen_delta = state.delta(a, b)
        state.swap(a, b, chosen_delta)
        tenure = 4 + rng.randrange(max(2, n // 20))
        tabu_until[a] = tabu_until[b] = step + tenure
        if state.total < best_total:
            best_total, best, since_best = state.total, list(state.table_of), 0
        else:
            since_best += 1
    if state.total > best_total:
        restored = _State(state.problem, best)
        state.table_of, state.at = restored.table_of, restored.at
        state.pair_total, state.unary_total = restored.pair_total, restored.unary_total


def _kick(state: _State, rng: Random) -> None:
    """A few random swaps: on small problems tabu search can fall into a short cycle."""
    n = len(state.table_of)
    for _ in range(1 + n // 50):
        a, b = rng.randrange(n), rng.randrange(n)
        if state.table_of[a] != state.table_of[b]:
            state.swap(a, b, state.delta(a, b))


def _polish(state: _State) -> None:
    n = len(state.table_of)
    improved = True
    while improved:
        improved = False
        for a in range(n):
            if not state.could_improve(a):
                continue
            ta = state.table_of[a]
            best_b, best_delta, best_sum = -1, (0, 0), 0
            for b in range(n):
                if state.table_of[b] == ta:
                    continue
                d = state.delta(a, b)
                if d[0] + d[1] < best_sum:
                    best_b, best_delta, best_sum = b, d, d[0] + d[1]
            if best_b >= 0:
                state.swap(a, best_b, best_delta)
                improved = True
