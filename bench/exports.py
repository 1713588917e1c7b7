"""Export benchmark (issue 5, "Speed"): a 400-player, 8-round tournament (about
8,000 hands, loaded as bench/web.py loads it), then, each export in a fresh
process so its memory is its own:

* the standings PDF (400 players), target under 1 s;
* all 100 table cards of a round as one PDF, target under 3 s;
* the full hand log as Excel (every hand), target under 5 s;

each under 200 MB peak memory (the process's peak resident size, Django and
the loaded data included; tracemalloc's peak of the render itself is shown
beside it). Times are the median of 3 renders.

    python -m bench.exports [--database-url URL]

Exit status 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

TARGETS = {"standings_pdf": (1.0, 200), "table_cards_pdf": (3.0, 200),
           "hand_log_xlsx": (5.0, 200)}


def measure(kind: str, event_id: int) -> dict[str, float]:
    from exports import registry
    from tournaments.models import Event

    event = Event.objects.get(pk=event_id)
    subject = event if registry.KINDS[kind].scope == registry.EVENT else (
        event.rounds.order_by("-number").first())
    render = registry.KINDS[kind].render()
    keywords = {"base_url": "https://mahjong.example"} if kind == "table_cards_pdf" else {}
    times, size = [], 0
    for _ in range(3):
        began = time.perf_counter()
        content = render(subject, language="nl", **keywords)
        times.append(time.perf_counter() - began)
        size = len(content)
    tracemalloc.start()
    render(subject, language="nl", **keywords)
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"seconds": statistics.median(times), "rss_mb": rss, "traced_mb": peak / 2**20,
            "bytes": size}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL", ""))
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument("--event", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    from bench import web

    if args.one:
        web.setup_django(args.database_url)
        print(json.dumps(measure(args.one, args.event)))
        return 0

    tempdir = tempfile.TemporaryDirectory(prefix="exportbench-")
    database_url = args.database_url or f"sqlite:///{tempdir.name}/bench.sqlite3"
    web.setup_django(database_url)
    from django.core.management import call_command
    from django.db import connections

    call_command("migrate", verbosity=0)
    loaded = web.load()
    from tournaments.models import Hand

    hands = Hand.objects.filter(table__round__event_id=loaded.event_id).count()
    connections.close_all()
    print(f"database: {database_url.split(':', 1)[0]}; {web.PLAYERS} players, {web.ROUNDS} "
          f"rounds, {hands} hands\n")
    print(f"{'export':<18}{'seconds':>9}{'peak RSS MB':>13}{'traced MB':>11}{'size KB':>9}"
          f"  target          met")
    met = True
    for kind, (seconds, megabytes) in TARGETS.items():
        process = subprocess.run(
            [sys.executable, "-m", "bench.exports", "--one", kind, "--event", str(loaded.event_id),
             "--database-url", database_url],
            capture_output=True, text=True, check=False, cwd=ROOT)
        if process.returncode != 0:
            print(f"{kind:<18} FAILED\n{process.stderr[-2000:]}")
            met = False
            continue
        result = json.loads(process.stdout.strip().splitlines()[-1])
        ok = result["seconds"] < seconds and result["rss_mb"] < megabytes
        met = met and ok
        print(f"{kind:<18}{result['seconds']:>9.2f}{result['rss_mb']:>13.0f}"
              f"{result['traced_mb']:>11.0f}{result['bytes'] / 1024:>9.0f}"
              f"  <{seconds:g} s, <{megabytes} MB  {'ok' if ok else 'MISSED'}")
    tempdir.cleanup()
    print(f"\ntargets {'met' if met else 'NOT met'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
