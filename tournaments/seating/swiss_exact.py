"""Swiss seating of one round at its exact optimum, with OR-Tools CP-SAT.

The players come best first (`order`); their natural tables are the ones rank order alone
gives (the best four at table 1, ...). A seating is judged lexicographically by
`SwissCost`: members of one club at one table (when clubs are given), then pairs who met
before and meet again, then the sum of squared table moves from the natural table, then
a tie-break that moves the better-ranked player up and the worse-ranked down
(sum of table * (n - rank)). Every swap that brings two players back into rank order
without adding a conflict lowers the last two terms, so the optimum has no "free
inversion" (fairness.py).

How it is solved:
1. The local search (search.py) gives a seating at once: the fallback, and the hint.
2. The conflicts (club pairs, repeats) are minimised first, on their own: tables of one
   size are then interchangeable, so that symmetry is broken (a table's best-ranked player
   ranks above the next table's). Skipped when the fallback has none.
3. With the conflicts fixed at that minimum, the moves and the tie-break are minimised:
   first in a near neighbourhood of the best seating so far (without conflicts: nobody
   moves more than REACH tables; with some: they stay in the cliques where that seating
   has them, every other clique kept apart outright), which is quick and often finds the
   optimum; then over all seatings from the best one found, which proves optimality.
   A player who moves d tables is followed by at least d moves of one table back (the
   moves add up to zero), so d * d + d never exceeds the best known sum of squared
   moves: his other tables are left out of the model, a cut that loses no optimum.
   A counting bound (a player who has not met k - 1 others repeats with the rest of a
   table of k) proves the fewest repeats at once when every pair has met.

Conflicts are counted per clique: the players of an earlier table all met, so k of them
at one table make k(k-1)/2 pairs; the met pairs are split into edge-disjoint cliques (a
pair that met twice is counted once), and "at most one of this clique at this table" is a
much tighter constraint than one per pair. The members of a club form one clique too.

The solver is bounded by deterministic time (`budget`), never by the clock, and runs one
worker, so the same input always gives the same seating. When the budget runs out before
optimality is proven, the better of the solver's seating and the local search wins, and
`SwissRound.optimal` is False.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from random import Random
from typing import Any

from ortools.sat.python import cp_model

from .search import Problem, chunk, improve

# Deterministic time (CP-SAT's own unit, about a second of one core) for one round; the
# conflict stage may use at most CONFLICT_SHARE of it, the move stage has the rest.
BUDGET = 3.0
CONFLICT_SHARE = 1 / 3
# Then a near solve (moves of at most REACH tables, or the incumbent's conflicts kept
# where they are) may use this share of the rest.
REACH = 3
REACH_SHARE = 0.4


@dataclass(frozen=True, order=True)
class SwissCost:
    club_pairs: int  # pairs of members of one club at one table
    repeats: int  # pairs at one table who met before (each pair once)
    moves: int  # sum over players of (table - natural table) squared
    tie_break: int  # sum of table * (n - rank): better-ranked up, worse down

    @property
    def conflicts(self) -> tuple[int, int]:
        return self.club_pairs, self.repeats


@dataclass(frozen=True)
class SwissRound:
    tables: list[list[int]]  # player ids per table (seat order not yet chosen)
    cost: SwissCost
    optimal: bool  # proven optimal for SwissCost
    budget_hit: bool  # the budget ran out before a proof
    from_solver: bool  # False: the local search's seating was as good or better
    max_move: int  # the farthest a player sits from his natural table
    deterministic_time: float  # CP-SAT's work, in its deterministic unit


def solve_round(
    order: Sequence[int],
    sizes: Sequence[int],
    history: Sequence[Sequence[Sequence[int]]],
    clubs: Mapping[int, str] | None = None,
    *,
    fallback: Sequence[int] | None = None,
    seed: int = 0,
    budget: float = BUDGET,
) -> SwissRound:
    """The Swiss tables for `order` (present players, best first) at tables of `sizes`,
    against the earlier rounds `history`; `clubs` (player -> club) when members of one
    club are to be kept apart. `fallback`: a seating to do no worse than (table index per
    rank), by default the local search's from `seed`; with no `budget` it is the answer."""
    n, count = len(order), len(sizes)
    natural = chunk(range(n), sizes)
    index = {p: i for i, p in enumerate(order)}
    met = _met_cliques(history, index)
    club_groups = _club_cliques(order, clubs or {})
    instance = _Instance(n, list(sizes), natural, met, club_groups)
    if count < 2 or (not met and not club_groups):
        return instance.result(order, natural, True, False, True, 0.0)
    if instance.cost(natural).conflicts == (0, 0):
        return instance.result(order, natural, True, False, True, 0.0)
    if fallback is None:
        fallback = improve(instance.problem(), natural, Random(seed))
    fallback = list(fallback)
    if budget <= 0:
        return instance.result(order, fallback, False, True, False, 0.0)
    solved = _Solver(instance, budget).solve(fallback)
    best, optimal, spent = solved
    from_solver = True
    if best is None or instance.cost(fallback) <= instance.cost(best):
        best, from_solver = fallback, False
    elif not optimal:
        # An unproven seating may still admit an improving swap (a free inversion).
        best = improve(instance.problem(), best, Random(seed), patience=0)
    return instance.result(order, best, optimal, not optimal, from_solver, spent)


def _met_cliques(
    history: Sequence[Sequence[Sequence[int]]], index: Mapping[int, int]
) -> list[list[int]]:
    """The pairs of present players who met, as edge-disjoint cliques (rank indices),
    latest rounds first: each earlier table is one clique, less the pairs already taken."""
    covered: set[tuple[int, int]] = set()
    cliques: list[list[int]] = []
    for tables in reversed(history):
        for table in tables:
            members = sorted(index[p] for p in table if p in index)
            while len(members) > 1:
                clique = _largest_clique(members, covered)
                if not clique:
                    break
                cliques.append(clique)
                covered.update(combinations(clique, 2))
    return cliques


def _largest_clique(members: list[int], covered: set[tuple[int, int]]) -> list[int]:
    for size in range(len(members), 1, -1):
        for subset in combinations(members, size):
            if not any(pair in covered for pair in combinations(subset, 2)):
                return list(subset)
    return []


def _club_cliques(order: Sequence[int], clubs: Mapping[int, str]) -> list[list[int]]:
    by_club: dict[str, list[int]] = {}
    for i, p in enumerate(order):
        club = clubs.get(p)
        if club is not None:
            by_club.setdefault(club, []).append(i)
    return [members for members in by_club.values() if len(members) > 1]


class _Instance:
    """One round's data on rank indices 0..n-1 (0 = best)."""

    def __init__(
        self,
        n: int,
        sizes: list[int],
        natural: list[int],
        met: list[list[int]],
        clubs: list[list[int]],
    ) -> None:
        self.n, self.sizes, self.natural = n, sizes, natural
        self.met, self.clubs = met, clubs
        self.met_pairs = {pair for clique in met for pair in combinations(clique, 2)}
        self.club_pairs = {pair for clique in clubs for pair in combinations(clique, 2)}
        count = len(sizes)
        # Tie-break weights never outweigh one unit of squared moves: lexicographic.
        self.move_weight = (count - 1) * n * (n + 1) // 2 + 1

    def fewest_repeats_bound(self) -> int:
        """Repeats no seating avoids: a player who has not met k - 1 of the others, k the
        smallest table, meets the rest of his table again (each pair counted twice)."""
        unmet = [self.n - 1] * self.n
        for a, b in self.met_pairs:
            unmet[a] -= 1
            unmet[b] -= 1
        mates = min(self.sizes) - 1
        return (sum(max(0, mates - u) for u in unmet) + 1) // 2

    def cost(self, table_of: Sequence[int]) -> SwissCost:
        club = repeats = 0
        members: dict[int, list[int]] = {}
        for r, t in enumerate(table_of):
            members.setdefault(t, []).append(r)
        for group in members.values():
            for pair in combinations(group, 2):
                club += pair in self.club_pairs
                repeats += pair in self.met_pairs
        moves = sum((t - self.natural[r]) ** 2 for r, t in enumerate(table_of))
        tie = sum(t * (self.n - r) for r, t in enumerate(table_of))
        return SwissCost(club, repeats, moves, tie)

    def problem(self) -> Problem:
        """The same objective for the local search, as one weighted sum."""
        n, count = self.n, len(self.sizes)
        tie_max = (count - 1) * n * (n + 1) // 2
        unary = [
            [(t - self.natural[r]) ** 2 * self.move_weight + t * (n - r) for t in range(count)]
            for r in range(n)
        ]
        repeat = n * (count - 1) ** 2 * self.move_weight + tie_max + 1
        club = (len(self.met_pairs) + 1) * repeat
        pairs = {pair: repeat for pair in self.met_pairs}
        for pair in self.club_pairs:
            pairs[pair] = pairs.get(pair, 0) + club
        return Problem.from_pairs(n, self.sizes, pairs, unary)

    def result(
        self,
        order: Sequence[int],
        table_of: Sequence[int],
        optimal: bool,
        budget_hit: bool,
        from_solver: bool,
        spent: float,
    ) -> SwissRound:
        tables: list[list[int]] = [[] for _ in self.sizes]
        for r, t in enumerate(table_of):
            tables[t].append(order[r])
        max_move = max((abs(t - self.natural[r]) for r, t in enumerate(table_of)), default=0)
        return SwissRound(
            tables, self.cost(table_of), optimal, budget_hit, from_solver, max_move, spent
        )


class _Solver:
    def __init__(self, instance: _Instance, budget: float) -> None:
        self.instance = instance
        self.budget = budget
        self.spent = 0.0

    def solve(self, fallback: list[int]) -> tuple[list[int] | None, bool, float]:
        """(best seating found or None, proven optimal, deterministic time spent)."""
        inst = self.instance
        conflicts, proven = inst.cost(fallback).conflicts, True
        incumbent = fallback
        if conflicts != (0, inst.fewest_repeats_bound()):
            found = self._fewest_conflicts(fallback)
            if found is None:
                return None, False, self.spent
            seating, proven = found
            if inst.cost(seating).conflicts < conflicts:
                conflicts, incumbent = inst.cost(seating).conflicts, seating
        if REACH_SHARE:
            # A quick near solve first, whose best seating the full model then starts
            # from: without conflicts, nobody moves more than REACH tables; with some,
            # they stay in the cliques where the incumbent has them.
            share = (self.budget - self.spent) * REACH_SHARE
            reach = REACH if conflicts == (0, 0) else None
            near, _ = self._fewest_moves(
                *conflicts, incumbent, near=True, reach=reach, budget=share
            )
            if near is not None and inst.cost(near) < inst.cost(incumbent):
                incumbent = near
        solved, optimal = self._fewest_moves(*conflicts, incumbent)
        if solved is None or inst.cost(incumbent) < inst.cost(solved):
            return incumbent, False, self.spent
        return solved, proven and optimal, self.spent

    def _model(
        self, domains: Sequence[Sequence[int]], hint: Sequence[int]
    ) -> tuple[cp_model.CpModel, list[dict]]:
        """x[r][t]: rank r sits at table t, for t in his domain; hinted at `hint`."""
        inst = self.instance
        model = cp_model.CpModel()
        x = [{t: model.new_bool_var(f"x{r}_{t}") for t in domains[r]} for r in range(inst.n)]
        for row in x:
            model.add_exactly_one(row.values())
        for t, size in enumerate(inst.sizes):
            model.add(sum(row[t] for row in x if t in row) == size)
        for r, row in enumerate(x):
            for t, var in row.items():
                model.add_hint(var, t == hint[r])
        return model, x

    def _conflict_terms(
        self,
        model: cp_model.CpModel,
        x: list[dict],
        cliques: list[list[int]],
        hard: bool,
        hint: Sequence[int],
    ) -> list[tuple[int, cp_model.IntVar]]:
        """Per clique and table: k members there make k(k-1)/2 pairs. Hard: at most one.
        Otherwise excess literals e_1..e_{k-1} with costs 1..k-1: the cheapest cover of
        the excess is exactly the pairs (hinted so, from `hint`)."""
        terms: list[tuple[int, cp_model.IntVar]] = []
        for clique in cliques:
            for t, size in enumerate(self.instance.sizes):
                here = [x[p][t] for p in clique if t in x[p]]
                if len(here) < 2:
                    continue
                if hard:
                    model.add_at_most_one(here)
                    continue
                excess = [model.new_bool_var("") for _ in range(min(len(here), size) - 1)]
                model.add(sum(here) <= 1 + sum(excess))
                hinted = sum(1 for p in clique if hint[p] == t)
                for j, e in enumerate(excess, 1):
                    model.add_hint(e, j < hinted)
                    terms.append((j, e))
        return terms

    def _run(self, model: cp_model.CpModel, share: float) -> tuple[cp_model.CpSolver, Any]:
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.linearization_level = 2
        solver.parameters.max_deterministic_time = max(0.01, share)
        status = solver.solve(model)
        self.spent += solver.deterministic_time
        return solver, status

    def _fewest_conflicts(self, fallback: list[int]) -> tuple[list[int], bool] | None:
        inst = self.instance
        domains = [range(len(inst.sizes))] * inst.n
        hint = _canonical(fallback, inst.sizes)
        model, x = self._model(domains, hint)
        repeats = self._conflict_terms(model, x, inst.met, False, hint)
        clubs = self._conflict_terms(model, x, inst.clubs, False, hint)
        club_weight = len(inst.met_pairs) + 1
        model.add(sum(j * e for j, e in repeats) >= inst.fewest_repeats_bound())
        model.minimize(sum(j * club_weight * e for j, e in clubs) + sum(j * e for j, e in repeats))
        # Tables of one size are interchangeable here: a player sits at a later table only
        # when the table before has a better-ranked player.
        for t in range(1, len(inst.sizes)):
            if inst.sizes[t] == inst.sizes[t - 1]:
                for r in range(inst.n):
                    model.add_bool_or([~x[r][t], *(x[q][t - 1] for q in range(r))])
        solver, status = self._run(model, self.budget * CONFLICT_SHARE)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None
        return _read(solver, x), status == cp_model.OPTIMAL

    def _fewest_moves(
        self,
        club_pairs: int,
        repeats: int,
        incumbent: list[int],
        *,
        near: bool = False,
        reach: int | None = None,
        budget: float | None = None,
    ) -> tuple[list[int] | None, bool]:
        """The fewest moves with at most these conflicts. `near`: only seatings with
        conflicts in the cliques where the incumbent has them; `reach`: only seatings that
        move nobody further (either way "optimal" is only within that neighbourhood)."""
        inst = self.instance
        count = len(inst.sizes)
        bound = inst.cost(incumbent).moves
        # d * d + d <= bound for every player (see the module docstring).
        domains = [
            [
                t
                for t in range(count)
                if (d := abs(t - inst.natural[r])) * d + d <= bound
                and (reach is None or d <= reach)
            ]
            for r in range(inst.n)
        ]
        model, x = self._model(domains, incumbent)
        clubs, met = inst.clubs, inst.met
        if near:
            # Every clique without a conflict in the incumbent is kept apart outright:
            # a much tighter model.
            soft_clubs = _together(clubs, incumbent)
            soft_met = _together(met, incumbent)
            for clique in (c for c in clubs if id(c) not in soft_clubs):
                self._conflict_terms(model, x, [clique], True, incumbent)
            for clique in (c for c in met if id(c) not in soft_met):
                self._conflict_terms(model, x, [clique], True, incumbent)
            clubs = [c for c in clubs if id(c) in soft_clubs]
            met = [c for c in met if id(c) in soft_met]
        club_terms = self._conflict_terms(model, x, clubs, club_pairs == 0, incumbent)
        repeat_terms = self._conflict_terms(model, x, met, repeats == 0, incumbent)
        if club_terms:
            model.add(sum(j * e for j, e in club_terms) <= club_pairs)
        if repeat_terms:
            model.add(sum(j * e for j, e in repeat_terms) <= repeats)
        n = inst.n
        model.minimize(
            sum(
                ((t - inst.natural[r]) ** 2 * inst.move_weight + t * (n - r)) * var
                for r in range(n)
                for t, var in x[r].items()
            )
        )
        solver, status = self._run(model, self.budget - self.spent if budget is None else budget)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None, False
        return _read(solver, x), status == cp_model.OPTIMAL


def _together(cliques: list[list[int]], table_of: Sequence[int]) -> set[int]:
    """ids of the cliques with two members or more at one table of `table_of`."""
    return {id(clique) for clique in cliques if len({table_of[p] for p in clique}) < len(clique)}


def _read(solver: cp_model.CpSolver, x: list[dict]) -> list[int]:
    return [next(t for t, var in row.items() if solver.boolean_value(var)) for row in x]


def _canonical(table_of: Sequence[int], sizes: Sequence[int]) -> list[int]:
    """The same seating with tables of one size renumbered by their best-ranked player
    (the symmetry breaking of the conflict stage)."""
    first: dict[int, int] = {}
    for r, t in enumerate(table_of):
        first.setdefault(t, r)
    renumber: dict[int, int] = {}
    start = 0
    while start < len(sizes):
        end = start
        while end < len(sizes) and sizes[end] == sizes[start]:
            end += 1
        block = sorted(range(start, end), key=lambda t: first.get(t, len(table_of)))
        renumber.update(zip(block, range(start, end), strict=True))
        start = end
    return [renumber[t] for t in table_of]
