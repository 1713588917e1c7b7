"""Benchmark of the seating methods (issue 3, "Seating quality and speed").

Seats 64, 160 and 400 players over 8 rounds (and 64 over 7) with every method through
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

from tournaments.seating import (
    METHODS,
    PlannedRound,
    SeatingReport,
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=2024)
    seed = parser.parse_args().seed
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
    total = time.perf_counter() - start
    print(f"\ntotal {total:.1f}s; targets: " + ("all met" if not missed else "MISSED"))
    for line in missed:
        print(f"  missed: {line}")
    return 1 if missed else 0


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
