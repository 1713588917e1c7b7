"""Benchmark of the seating methods (issue 3, "Seating quality and speed"; issue 18,
"Seating as good as the best known schedules").

    python -m bench.seating [--seed N] [--part grid|uneven|methods|swiss|all] [--max-players N]

grid (issue 18): balanced plans for every N divisible by 4 from 16 to 400 at R = the best
known repeat-free length (the literature's, designs.best_known_rounds): the product's
repeat-free rounds, its repeats at R, the seconds of plan(N, R), and (N <= 64) the repeats
at R + 1 beside the proven lower bound. Seeds 1-3 up to 64 players, one seed above.
uneven: tables of 5 and of 3 (N not divisible by 4): repeats against the lower bound, and
the spread of odd-table seats per player.
swiss: bench/seating_swiss.py, the Swiss method against the exact optimum per round.

methods (issue 3): seats, 160 and 400 players over 8 rounds (and 64 over 7) with every method through
`tournaments.seating.plan_rounds`, and prints per run the time and the quality figures,
each beside a random baseline (random tables, random seat order, no wind balancing):

* repeat: meetings beyond a pair's first; pairs: pairs that met more than once;
* spread: the largest max - min of a player's E/S/W/N counts; 2-each: players with
  every wind exactly twice (8 rounds);
* stay: player-rounds at the table number of the round before; again: pairs that also
  sat together the round before;
* swiss / fuhing fairness, over rounds 2..R: players seated out of rank order, the
  repeat meetings plain rank order would have had, and "free" inversions: swaps that
  would restore rank order without adding a repeat meeting (must be 0).

Targets (exit status 1 when one is missed): balanced without repeat meetings for 64 x 7
and 400 x 8, under 5 s; 8 rounds: every player each wind exactly twice; swiss without
free inversions; fuhing exactly in rank order.

    python -m bench.seating [--seed N]
"""

from __future__ import annotations

import argparse
import sys
import time
from random import Random

from bench import seating_swiss
from tournaments.seating import (
    METHODS,
    PlannedRound,
    SeatingReport,
    designs,
    plan,
    plan_rounds,
    rank_order_check,
    report,
)
from tournaments.seating.tables import table_sizes

RUNS = [(64, 8), (160, 8), (400, 8), (64, 7)]
TIME_LIMIT = 5.0


def baseline(n: int, rounds: int, seed: int) -> SeatingReport:
    """Random tables in random seat order: what seating by lot gives."""
    rng = Random(seed)
    players = list(range(1, n + 1))
    sizes = table_sizes(n, "five")
    schedule = []
    for _ in range(rounds):
        rng.shuffle(players)
        tables, position = [], 0
        for size in sizes:
            tables.append(players[position : position + size])
            position += size
        schedule.append(tables)
    return report(schedule)


def figures(result: SeatingReport, rounds: int) -> dict[str, int]:
    return {
        "repeat": result.repeat_total,
        "pairs": len(result.repeat_meetings),
        "spread": result.max_wind_spread,
        "2-each": sum(1 for row in result.winds if row.counts == (2, 2, 2, 2, 0))
        if rounds == 8
        else -1,
        "stay": sum(len(p) for p in result.same_table_as_previous),
        "again": sum(len(p) for p in result.met_in_previous_round),
    }


GRID_SEEDS = (1, 2, 3)
GRID_MANY_SEEDS_UP_TO = 64  # players; above, one seed (the plans come from designs)
NEXT_ROUND_UP_TO = 64  # players; the repeats one round past the best known
GRID_TIME_LIMIT = 2.0  # seconds per plan, the target
UNEVEN_RUNS = [
    (17, "five", (4, 5, 6)),
    (18, "five", (4, 5, 6)),
    (19, "five", (4, 5, 6)),
    (13, "three", (4, 5, 6)),
    (14, "three", (4, 5, 6)),
    (15, "three", (4, 5, 6)),
    (21, "three", (5, 6, 7)),
    (22, "three", (5, 6, 7)),
    (23, "three", (5, 6, 7)),
    (26, "five", (6, 7, 8)),
    (30, "five", (6, 7, 8)),
    (33, "five", (7, 8, 10)),
]


def repeat_free_rounds(n: int, best: int, seed: int) -> tuple[int, int, float]:
    """(the longest R <= best with a repeat-free plan, repeats at best, seconds at best).
    Plans of fewer rounds are prefixes in quality: a plan of `best` rounds without repeats
    answers for every shorter length."""
    began = time.perf_counter()
    schedule = plan(range(n), best, "balanced", seed=seed)
    elapsed = time.perf_counter() - began
    repeats = report(schedule).repeat_total
    if repeats == 0:
        return best, 0, elapsed
    low, high = 1, best - 1  # the longest repeat-free plan, by bisection
    while low < high:
        middle = (low + high + 1) // 2
        if report(plan(range(n), middle, "balanced", seed=seed)).repeat_total == 0:
            low = middle
        else:
            high = middle - 1
    return low, repeats, elapsed


def grid_part(max_players: int) -> list[str]:
    """The issue-18 grid: N divisible by 4, R up to the best known."""
    missed: list[str] = []
    print(
        f"{'players':>7} {'best known':>10} {'product':>8} {'repeats':>8} {'seconds':>8}"
        f"  {'at R+1: repeats (bound)':>24}"
    )
    for n in range(16, max_players + 1, 4):
        best = designs.best_known_rounds(n)
        seeds = GRID_SEEDS if n <= GRID_MANY_SEEDS_UP_TO else GRID_SEEDS[:1]
        results = [repeat_free_rounds(n, best, seed) for seed in seeds]
        reached = sorted({r[0] for r in results})
        repeats = sorted({r[1] for r in results})
        seconds = sorted(r[2] for r in results)[len(results) // 2]
        next_round = ""
        if n <= NEXT_ROUND_UP_TO:
            sizes = table_sizes(n, "five")
            extra = sorted(
                report(plan(range(n), best + 1, "balanced", seed=seed)).repeat_total
                for seed in seeds
            )
            bound, exact = designs.best_possible_repeats(n, sizes, best + 1)
            shown = f"{extra[0]}-{extra[-1]}" if extra[0] != extra[-1] else str(extra[0])
            next_round = f"{shown} ({'=' if exact else '>='}{bound})"
        print(
            f"{n:>7} {best:>10} {_span(reached):>8} {_span(repeats):>8} {seconds:>8.2f}"
            f"  {next_round:>24}"
        )
        if reached[0] < best:
            missed.append(f"{n} players: {reached[0]} repeat-free rounds, best known {best}")
        if seconds > GRID_TIME_LIMIT:
            missed.append(f"{n} players x {best}: {seconds:.2f}s")
    return missed


def uneven_part(seed: int) -> list[str]:
    """Tables of 5 and of 3: repeats against the lower bound, odd seats per player."""
    print(
        f"{'players':>7} {'tables':>6} {'rounds':>6} {'repeats':>8} {'bound':>6}"
        f" {'odd seats':>10} {'seconds':>8}"
    )
    for n, odd_tables, lengths in UNEVEN_RUNS:
        sizes = table_sizes(n, odd_tables)
        for rounds in lengths:
            began = time.perf_counter()
            schedule = plan(range(n), rounds, "balanced", seed=seed, odd_tables=odd_tables)
            elapsed = time.perf_counter() - began
            bound, exact = designs.best_possible_repeats(n, sizes, rounds)
            odd = [0] * n
            for tables in schedule:
                for table in tables:
                    if len(table) != 4:
                        for p in table:
                            odd[p] += 1
            print(
                f"{n:>7} {odd_tables:>6} {rounds:>6} {report(schedule).repeat_total:>8}"
                f" {('=' if exact else '>=') + str(bound):>6} {f'{min(odd)}-{max(odd)}':>10}"
                f" {elapsed:>8.2f}"
            )
    return []


def _span(values: list[int]) -> str:
    return str(values[0]) if values[0] == values[-1] else f"{values[0]}-{values[-1]}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--part", choices=("grid", "uneven", "methods", "swiss", "all"), default="all"
    )
    parser.add_argument("--max-players", type=int, default=400)
    args = parser.parse_args()
    missed: list[str] = []
    start = time.perf_counter()
    if args.part in ("grid", "all"):
        print("== Balanced seating against the best known schedules (issue 18)")
        missed += grid_part(args.max_players)
    if args.part in ("uneven", "all"):
        print("\n== Tables of 5 and 3 (issue 18)")
        missed += uneven_part(args.seed)
    if args.part in ("swiss", "all"):
        print("\n== Swiss against its exact optimum per round (issue 18)")
        missed += seating_swiss.main_part(args.seed)
    if args.part in ("methods", "all"):
        print("\n== Every method, 64-400 players (issue 3)")
        missed += methods_part(args.seed)
    total = time.perf_counter() - start
    print(f"\ntotal {total:.1f}s; targets: " + ("all met" if not missed else "MISSED"))
    for line in missed:
        print(f"  missed: {line}")
    return 1 if missed else 0


def methods_part(seed: int) -> list[str]:
    """Issue 3's runs: every method on 64, 160 and 400 players."""
    missed: list[str] = []
    start = time.perf_counter()
    print(f"{'run':<16}{'time':>7}  " + "  ".join(f"{k:>13}" for k in figures(report([]), 8)))
    print(f"{'':<25}" + "  ".join(f"{'plan (random)':>13}" for _ in range(6)))
    for n, rounds in RUNS:
        base = figures(baseline(n, rounds, seed), rounds)
        for method in METHODS if rounds == 8 else ("balanced",):
            began = time.perf_counter()
            planned = plan_rounds(range(1, n + 1), rounds, method, seed=seed)
            elapsed = time.perf_counter() - began
            schedule = [r.tables for r in planned]
            own = figures(report(schedule), rounds)
            cells = "  ".join(f"{f'{own[k]} ({base[k]})':>13}" for k in own)
            print(f"{f'{n}x{rounds} {method}':<16}{elapsed:>6.2f}s  {cells}")
            if method == "balanced" and (own["repeat"] or elapsed > TIME_LIMIT):
                missed.append(f"{n}x{rounds} balanced: {own['repeat']} repeats in {elapsed:.2f}s")
            if rounds == 8 and own["2-each"] != n:
                missed.append(
                    f"{n}x{rounds} {method}: {n - own['2-each']} players without 2 of each wind"
                )
            if method in ("swiss", "fuhing"):
                missed += fairness(n, rounds, method, planned)
    print(f"methods: {time.perf_counter() - start:.1f}s")
    return missed


def fairness(n: int, rounds: int, method: str, planned: list[PlannedRound]) -> list[str]:
    out = natural = free = 0
    for r in range(1, rounds):
        history = [p.tables for p in planned[:r]]
        check = rank_order_check(planned[r].tables, planned[r].ranking, history)
        out += len(check.out_of_order)
        natural += check.natural_conflicts
        free += len(check.free_inversions)
    print(
        f"{'':<16}fairness rounds 2-{rounds}: {out} players out of rank order; plain rank "
        f"order would repeat {natural} meetings; free inversions: {free}"
    )
    if free or (method == "fuhing" and out):
        return [f"{n}x{rounds} {method}: {out} out of order, {free} free inversions"]
    return []


if __name__ == "__main__":
    sys.exit(main())
