"""Benchmark of Swiss seating: the exact CP-SAT rounds against the old local search.

A simulated Swiss tournament (32 x 8 and 64 x 8, the same seed): every round is seated by
the new method (tournaments/seating/swiss_exact.py, its default budget) and the results
are drawn as in `plan` (a random order of places per table). On the same request each
round also gets the old local search (the fallback) and the exact optimum (the same
solver with a generous budget). Per round: repeats (pairs who met before) and the sum of
squared table moves from rank order of each, the largest move, the new method's
seconds, and whether its budget ran out before a proof. Then the seat winds: the largest
spread (max - min of a player's E/S/W/N counts) after 8 rounds seated one round at a
time to the same tables, by the old per-table rule and by the new one (winds.py).

    python -m bench.seating_swiss [--seed N]
"""

from __future__ import annotations

import argparse
import time
from random import Random

from tournaments.seating import SeatingRequest
from tournaments.seating.meetings import meeting_counts
from tournaments.seating.methods import local_search_by_rank, rank_order
from tournaments.seating.planner import _simulated_results
from tournaments.seating.search import chunk
from tournaments.seating.swiss_exact import solve_round
from tournaments.seating.tables import table_sizes
from tournaments.seating.winds import _best_order, order_tables, wind_counts

RUNS = [(32, 8), (64, 8)]
EXACT_BUDGET = 30.0  # deterministic time for "the exact optimum"


def swiss_comparison(n: int, rounds: int, seed: int) -> list[dict]:
    """One row per round (see the module docstring)."""
    rng = Random(seed)
    players = list(range(1, n + 1))
    sizes = table_sizes(n)
    history: list[list[list[int]]] = []
    ranking: list[int] = []
    totals: dict[int, tuple[int, int]] = {}
    rows: list[dict] = []
    for number in range(1, rounds + 1):
        request = SeatingRequest(
            players=players, history=list(history), ranking=ranking, seed=rng.randrange(2**32)
        )
        round_rng = Random(request.seed)
        order = rank_order(players, ranking, round_rng)
        old = local_search_by_rank(order, sizes, request, round_rng, avoid_repeats=True)
        began = time.perf_counter()
        new = solve_round(order, sizes, history, fallback=old)
        seconds = time.perf_counter() - began
        exact = solve_round(order, sizes, history, fallback=old, budget=EXACT_BUDGET)
        old_repeats, old_moves, old_max_move = _cost(old, order, sizes, history)
        rows.append(
            {
                "round": number,
                "old_repeats": old_repeats,
                "old_moves": old_moves,
                "old_max_move": old_max_move,
                "new_repeats": new.cost.repeats,
                "new_moves": new.cost.moves,
                "new_max_move": new.max_move,
                "exact_repeats": exact.cost.repeats,
                "exact_moves": exact.cost.moves,
                "exact_proven": exact.optimal,
                "seconds": seconds,
                "deterministic_time": new.deterministic_time,
                "budget_hit": new.budget_hit,
                "fallback_won": not new.from_solver,
                "tables": new.tables,
            }
        )
        history.append(new.tables)
        for p, (points, score) in _simulated_results(new.tables, rng).items():
            before = totals.get(p, (0, 0))
            totals[p] = (before[0] + points, before[1] + score)
        ranking = sorted(totals, key=lambda p: (-totals[p][0], -totals[p][1], p))
    return rows


def _cost(
    table_of: list[int], order: list[int], sizes: list[int], history: list[list[list[int]]]
) -> tuple[int, int, int]:
    """(repeats, sum of squared moves, largest move) of a seating given per rank."""
    natural = chunk(range(len(order)), sizes)
    met = set(meeting_counts(history))
    tables: dict[int, list[int]] = {}
    for r, t in enumerate(table_of):
        tables.setdefault(t, []).append(order[r])
    repeats = sum(1 for pair in meeting_counts([list(tables.values())]) if pair in met)
    moves = [abs(t - natural[r]) for r, t in enumerate(table_of)]
    return repeats, sum(d * d for d in moves), max(moves)


def wind_spreads(rounds: list[list[list[int]]], seed: int) -> dict[str, tuple[int, int]]:
    """Seat winds given one round at a time to the same tables, by the old rule (per
    table the smallest sum of squared counts) and the new one (`winds.order_tables`):
    per rule, the largest spread after the last round and the players with a spread of
    2 or more."""
    out: dict[str, tuple[int, int]] = {}
    for rule in ("old", "new"):
        rng = Random(seed)
        seated: list[list[list[int]]] = []
        for groups in rounds:
            if rule == "new":
                seated.append(order_tables(groups, seated, rng))
            else:
                counts = wind_counts(seated)
                seated.append([_best_order(group, counts, rng) for group in groups])
        spreads = [max(c[:4]) - min(c[:4]) for c in wind_counts(seated).values()]
        out[rule] = (max(spreads), sum(1 for s in spreads if s >= 2))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=2024)
    main_part(parser.parse_args().seed)
    return 0


def main_part(seed: int) -> list[str]:
    """Print the comparison; bench.seating calls this. No target: the figures are reported."""
    header = (
        f"{'run':<8}{'round':>5}  {'repeats old/new/exact':>22}  {'moves old/new/exact':>20}"
        f"  {'max move old/new':>16}  {'seconds':>7}  {'det':>5}  {'budget hit':>10}"
    )
    print(header)
    for n, rounds in RUNS:
        rows = swiss_comparison(n, rounds, seed)
        for row in rows:
            proven = "" if row["exact_proven"] else "?"
            repeats = f"{row['old_repeats']}/{row['new_repeats']}/{row['exact_repeats']}"
            moves = f"{row['old_moves']}/{row['new_moves']}/{row['exact_moves']}{proven}"
            max_move = f"{row['old_max_move']}/{row['new_max_move']}"
            hit = "yes" if row["budget_hit"] else "no"
            print(
                f"{f'{n}x{rounds}':<8}{row['round']:>5}  {repeats:>22}  {moves:>20}  "
                f"{max_move:>16}  {row['seconds']:>7.2f}  {row['deterministic_time']:>5.2f}  "
                f"{hit:>10}"
            )
        hits = sum(row["budget_hit"] for row in rows)
        winds = wind_spreads([row["tables"] for row in rows], seed)
        print(
            f"{f'{n}x{rounds}':<8}seat winds round by round, largest spread (players at 2+): "
            f"old {winds['old'][0]} ({winds['old'][1]}), new {winds['new'][0]} "
            f"({winds['new'][1]})"
        )
        print(
            f"{f'{n}x{rounds}':<8}total: budget hit in {hits} of {rounds} rounds; "
            f"{sum(row['seconds'] for row in rows):.1f}s\n"
        )
    print("? = the generous budget did not prove this optimum either")
    return []


if __name__ == "__main__":
    raise SystemExit(main())
