"""The command line of the soak (`python -m bench.soak`, `make soak`): the options, then
the stack started, the data built, the runs run, the report printed and everything
stopped again; the exit status says whether the targets were met."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import sys
import time
from typing import Any

import bench.soak
from bench import web
from bench.soak.checks import check_hands
from bench.soak.common import log
from bench.soak.report import TARGETS, report, verdicts
from bench.soak.runs import RUNS, Runner
from bench.soak.supervisor import Stack, StackError
from bench.soak.world import build_world


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.soak",
                                     description=(bench.soak.__doc__ or "").split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="length of the soak")
    parser.add_argument("--runs", default=",".join(RUNS),
                        help=f"comma-separated, in this order: {','.join(RUNS)}")
    parser.add_argument("--database-url", default="",
                        help="a PostgreSQL server to use (a throwaway database is created "
                             "and dropped on it) instead of a throwaway cluster; the "
                             "restart-pg run is then skipped")
    parser.add_argument("--players", type=int, default=web.PLAYERS,
                        help="players of the tournament (4 per table)")
    parser.add_argument("--tables", type=int, default=100,
                        help="tables entering hands (at most players / 4)")
    parser.add_argument("--two-writers", type=int, default=10,
                        help="tables with a second scorekeeper")
    parser.add_argument("--readers", type=int, default=200)
    parser.add_argument("--hand-every", type=float, default=30.0,
                        help="seconds between a table's hands (a real hand takes 3-5 "
                             "minutes; 10 s saturates 2 cores)")
    parser.add_argument("--read-every", type=float, default=10.0,
                        help="seconds between a reader's requests (the page polls every 10)")
    parser.add_argument("--retry-every", type=float, default=5.0,
                        help="seconds before an unanswered hand is sent again")
    parser.add_argument("--repeat-share", type=float, default=0.1,
                        help="share of saved hands posted a second time")
    parser.add_argument("--fault-seconds", type=float, default=75.0)
    parser.add_argument("--redis-down", type=float, default=60.0)
    parser.add_argument("--pg-down", type=float, default=10.0)
    parser.add_argument("--export-stale", type=int, default=15,
                        help="EXPORTS_STALE_SECONDS of the stack (production: 120)")
    parser.add_argument("--export-timeout", type=float, default=240.0)
    parser.add_argument("--drain", type=float, default=60.0,
                        help="seconds unanswered hands are still retried after a run")
    parser.add_argument("--json", action="store_true",
                        help="the results as JSON on standard output (the table on "
                             "standard error)")
    parser.add_argument("--logs", default="", help="keep the processes' logs in this folder")
    parser.add_argument("--smoke", action="store_true",
                        help="a check of this script in seconds: 16 players, 4 tables, 4 "
                             "readers, 2 s of the soak's load on SQLite without Redis or "
                             "Celery (tests/bench/test_soak_smoke.py)")
    args = parser.parse_args(argv)
    if args.smoke:
        args.players, args.tables, args.two_writers, args.readers = 16, 4, 1, 4
        args.hand_every = args.read_every = args.retry_every = 0.3
        args.minutes, args.runs, args.drain = 2 / 60, "soak", 10.0
    args.runs = [r.strip() for r in args.runs.split(",") if r.strip()]
    unknown = set(args.runs) - set(RUNS)
    if unknown:
        parser.error(f"unknown runs: {', '.join(sorted(unknown))}")
    if args.database_url and "restart-pg" in args.runs:
        log("--database-url: the restart-pg run needs a cluster of its own, skipped")
        args.runs.remove("restart-pg")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    if shutil.which("redis-server") is None and not args.smoke:
        log("no redis-server: apt-get install redis-server (make soak installs it as root)")
        return 2

    def stop(signum: int, _frame: Any) -> None:
        raise KeyboardInterrupt(f"signal {signum}")

    # SIGINT too: a shell starting this in the background leaves Ctrl-C ignored.
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, stop)
    stack = Stack(args)
    results: list[dict[str, Any]] = []
    info: dict[str, Any] = {}
    try:
        try:
            stack.start_postgres()
            if not args.smoke:
                stack.start_redis()
            os.environ.update(stack.env())  # this process too: the same cache and broker
            web.setup_django(stack.database_url)
            from django.core.management import call_command

            call_command("migrate", verbosity=0)
            began = time.monotonic()
            world = build_world(args)
            from django.db import connection, connections

            info = {"database": f"PostgreSQL {connection.pg_version}"  # type: ignore[attr-defined]
                    if connection.vendor == "postgresql" else connection.vendor,
                    "tables": len(world.tables),
                    "writers": len(world.writers), "readers": args.readers,
                    "hand_every_s": args.hand_every, "read_every_s": args.read_every,
                    "cpus": os.cpu_count()}
            connections.close_all()
            log(f"loaded {args.players} players, round 8 at {len(world.tables)} tables "
                f"({len(world.writers)} scorekeepers) in {time.monotonic() - began:.0f} s")
            stack.start_gunicorn()
            if not args.smoke:
                stack.start_worker()
                stack.start_beat()
            log(f"stack up: {info['database']} "
                f"{f':{stack.pg_port}' if stack.pg_port else '(given or SQLite)'}, "
                + ("" if args.smoke else f"Redis :{stack.redis_port}, ")
                + f"gunicorn :{stack.port} (2 workers)"
                + ("" if args.smoke else ", Celery worker and beat")
                + f"; logs in {stack.tmp}")
        except (StackError, OSError) as error:
            log(f"the stack did not start: {error}")
            return 2
        runner = Runner(args, stack, world)
        for name in args.runs:
            runner.run(name)
        results = runner.results
        final = check_hands(world, runner.ledger, None)
    except KeyboardInterrupt as interrupted:
        log(f"interrupted ({interrupted or 'Ctrl-C'}): stopping everything")
        return 130
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, signal.SIG_IGN)  # a second Ctrl-C must not stop the cleanup
        stack.close()
    out = sys.stderr if args.json else sys.stdout
    print(f"\nstack: {info}", file=out)
    report(results, out)
    print(f"\nall runs together: {final['submitted']} hands submitted, {final['acknowledged']} "
          f"acknowledged, {final['stored']} stored, lost {final['lost']}, duplicated "
          f"{final['duplicated']}", file=out)
    met = all(not verdicts(r) for r in results) and not final["lost"] and not final[
        "duplicated"]
    print(f"targets {'met' if met else 'NOT met'}", file=out)
    if args.json:
        print(json.dumps({"stack": info, "runs": results, "all_runs": final,
                          "targets": TARGETS, "met": met}, indent=2, default=str))
    return 0 if met else 1
