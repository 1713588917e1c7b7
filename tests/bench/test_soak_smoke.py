"""bench/soak/ at its smoke size (a few seconds, no PostgreSQL, Redis or Celery): it
builds its tournament, runs its scorekeepers and readers against a real gunicorn, checks
every hand in the database and reports, as the real soak does."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_soak_runs_at_its_smoke_size() -> None:
    done = subprocess.run([sys.executable, "-m", "bench.soak", "--smoke", "--json"], cwd=ROOT,
                          capture_output=True, text=True, timeout=180, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    results = json.loads(done.stdout)
    assert results["met"] and len(results["runs"]) == 1
    run = results["runs"][0]
    hands = run["hands"]
    assert run["errors"] == 0, run["errors_by_kind"]
    assert hands["acknowledged"] > 0
    assert hands["stored"] == hands["acknowledged"] == results["all_runs"]["stored"]
    assert hands["lost"] == hands["duplicated"] == hands["pending_at_end"] == 0
    assert hands["standings_after_the_run"]["up_to_date"]
    answered = {kind for kind, count in run["requests_by_kind"].items() if count}
    assert {"table GET: ok", "hand POST: ok", "standings live: ok"} <= answered
    assert run["memory"] and all(row["end_kb"] for row in run["memory"])
