"""Benchmark of balanced schedules (issue 18): repeat meetings and CPU seconds of
`plan(..., "balanced")` beside `repeat_bound` (what no schedule avoids), for the sizes
where no stored design applies or the schedule runs past it: tables of 4 (20-40 players,
up to 14 rounds), tables of 5 (17-19 players) and tables of 3 (13-23 players).

With --spread the whole-schedule search runs again with the odd-seat spread as a hard
rule (schedule_search.search_schedule(odd_seat_weight=None)) and prints its repeats.

    python -m bench.seating_schedule [--seed N] [--spread]
"""

from __future__ import annotations

import argparse
import time
from random import Random

from tournaments.seating import plan, table_sizes
from tournaments.seating.designs import repeat_lower_bound as repeat_bound
from tournaments.seating.meetings import meeting_counts, repeat_meetings
from tournaments.seating.schedule_search import search_schedule

FOURS = [(20, 6), *((24, r) for r in (6, 7, 8)), *((28, r) for r in (7, 8, 9, 10))]
FOURS += [*((32, r) for r in (8, 9, 10, 11)), *((36, r) for r in (9, 10, 11, 12))]
FOURS += [(40, r) for r in (10, 11, 12, 13, 14)]
CASES = [(n, r, "five") for n, r in FOURS]
CASES += [(n, r, "five") for n in (17, 18, 19) for r in (4, 5, 6)]
CASES += [(n, r, "three") for n in range(13, 24) if n % 4 for r in (5, 6, 7)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--spread", action="store_true")
    args = parser.parse_args()
    print(
        f"{'run':<14}{'repeats':>8}{'bound':>7}{'time':>8}"
        + ("  spread rule" if args.spread else "")
    )
    for n, rounds, odd_tables in CASES:
        sizes = table_sizes(n, odd_tables)
        began = time.process_time()
        schedule = plan(range(n), rounds, "balanced", seed=args.seed, odd_tables=odd_tables)
        elapsed = time.process_time() - began
        line = f"{n}x{rounds} {odd_tables:<6}{repeat_meetings(meeting_counts(schedule)):>7}"
        line += f"{repeat_bound(sizes, rounds):>7}{elapsed:>7.2f}s"
        if args.spread and any(k != 4 for k in sizes):
            hard = search_schedule(sizes, rounds, Random(args.seed), max_steps=6000)
            line += f"  {repeat_meetings(meeting_counts(hard)):>11}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
