"""The runs: what every run shares (the load started, the database checked and the
figures gathered at its end, into its result) and the soak itself; the fault runs are in
faults.py."""

from __future__ import annotations

import argparse
import os
import re
import time
from collections import defaultdict
from typing import Any

from bench import web
from bench.soak import faults
from bench.soak.checks import check_hands, standings_fresh
from bench.soak.common import HOST, log
from bench.soak.figures import machine_cpu, memory, memory_rows, stack_cpu
from bench.soak.load import Ledger, Load, Recorder
from bench.soak.logs import log_offsets, server_log
from bench.soak.supervisor import Stack
from bench.soak.world import World

RUNS = ("soak", "kill-web", "redis", "kill-celery", "restart-pg")
RUN_TITLES = {
    "soak": "soak",
    "kill-web": "fault 1: gunicorn worker SIGKILL",
    "redis": "fault 2: Redis stopped",
    "kill-celery": "fault 3: Celery worker SIGKILL mid-export",
    "restart-pg": "fault 4: PostgreSQL restarted",
}
# The fault runs (faults.py) by name; the soak is Runner.run_soak.
FAULTS = {"kill-web": faults.kill_web, "redis": faults.stop_redis,
          "kill-celery": faults.kill_celery, "restart-pg": faults.restart_postgres}


def percentile(values: list[float], share: float) -> float | None:
    return web.percentile(values, share) if values else None


def summary(rec: Recorder, kind_names: tuple[str, ...]) -> dict[str, Any]:
    values = [ms for kind in kind_names for _t, ms in rec.latency.get(kind, [])]
    if not values:
        return {"count": 0, "p50_ms": None, "p95_ms": None, "max_ms": None}
    return {"count": len(values), "p50_ms": round(percentile(values, 0.5) or 0, 1),
            "p95_ms": round(percentile(values, 0.95) or 0, 1), "max_ms": round(max(values), 1)}


def per_minute(rec: Recorder, kind_names: tuple[str, ...]) -> list[dict[str, Any]]:
    minutes: dict[int, list[float]] = defaultdict(list)
    for kind in kind_names:
        for t, ms in rec.latency.get(kind, []):
            minutes[int(t // 60)].append(ms)
    return [{"minute": m + 1, "count": len(v), "p95_ms": round(percentile(v, 0.95) or 0, 1)}
            for m, v in sorted(minutes.items())]


def run_result(name: str, load: Load, seconds: float, hands: dict[str, Any],
               logs: dict[str, dict[str, int]], timeline: list[tuple[float, str]],
               extra: dict[str, Any]) -> dict[str, Any]:
    rec = load.rec
    errors = rec.errors()
    by_kind = [{"request": kind, "outcome": outcome, "count": count,
                "first_s": round(rec.first[(kind, outcome)], 1),
                "last_s": round(rec.last[(kind, outcome)], 1),
                "message": rec.sample.get((kind, outcome), "")}
               for (kind, outcome), count in sorted(errors.items(), key=lambda kv: -kv[1])]
    answered = sum(n for (kind, outcome), n in rec.counts.items()
                   if not outcome.startswith(("no answer", "client")) and kind != "export")
    return {
        "run": name, "title": RUN_TITLES.get(name, name), "seconds": round(seconds, 1),
        "requests_served": answered,
        "requests_by_kind": {f"{kind}: {outcome}": n
                             for (kind, outcome), n in sorted(rec.counts.items())},
        "errors": sum(errors.values()),
        # Score entry answered with a server error: a 503 saying what is wrong is fine
        # while a part of the stack is down, a 500 never.
        "score_entry_5xx": sum(n for (kind, outcome), n in errors.items()
                               if kind.startswith(("hand", "table", "history", "score page"))
                               and re.match(r"HTTP 5\d\d", outcome)
                               and outcome != "HTTP 503"),
        "score_entry_503": sum(n for (kind, outcome), n in errors.items()
                               if kind.startswith(("hand", "table", "history", "score page"))
                               and outcome == "HTTP 503"),
        "errors_by_kind": by_kind,
        "submission": summary(rec, ("hand POST",)),
        "standings": summary(rec, ("standings",)),
        "standings_live": summary(rec, ("standings live",)),
        "submission_per_minute": per_minute(rec, ("hand POST",)),
        "standings_per_minute": per_minute(rec, ("standings", "standings live")),
        "hands": hands,
        "retries": dict(rec.notes),
        "server_log": logs,
        "timeline": [{"t_s": round(t, 1), "event": what} for t, what in timeline],
        "exports": load.exports + extra.pop("exports", []),
        **extra,
    }


class Runner:
    """The runs, one after the other, on one stack and one tournament; the ledger of
    hands sent spans them all (the final check is over every run)."""

    def __init__(self, args: argparse.Namespace, stack: Stack, world: World) -> None:
        self.args = args
        self.stack = stack
        self.world = world
        self.ledger = Ledger()
        self.results: list[dict[str, Any]] = []

    def run(self, name: str) -> dict[str, Any]:
        log(f"run {RUN_TITLES[name]}")
        since = log_offsets(self.stack)
        machine, own, processes = machine_cpu(), os.times(), memory(self.stack.processes())
        result: dict[str, Any] = (self.run_soak(name, since) if name == "soak"
                                  else FAULTS[name](self, name, since))
        busy, total = (b - a for a, b in zip(machine, machine_cpu(), strict=True))
        load_tool = sum(os.times()[:2]) - sum(own[:2])
        used = stack_cpu(processes, memory(self.stack.processes()))
        result["cpu"] = {"machine_busy": round(busy / total, 3) if total else None,
                         "cpus": os.cpu_count(), "stack_cpu_s": round(used, 1),
                         "load_tool_cpu_s": round(load_tool, 1),
                         "other_processes_cpu_s": round(max(0.0, busy - used - load_tool), 1)}
        self.results.append(result)
        log(f"  {result['errors']} errors, hands {result['hands']['acknowledged']} "
            f"acknowledged, {result['hands']['lost']} lost, "
            f"{result['hands']['duplicated']} duplicated")
        return result

    def finish(self, name: str, load: Load, since: dict[str, int],
               timeline: list[tuple[float, str]], extra: dict[str, Any]) -> dict[str, Any]:
        """The end of every run: the load stopped, the hands and the standings checked,
        the server's log read; the run's result."""
        load.finish(self.args.drain)
        seconds = load.rec.now()
        timeline.append((seconds, "load stopped, pending hands retried until answered"))
        hands = check_hands(self.world, self.ledger, name)
        hands["standings_after_the_run"] = standings_fresh(self.stack.port,
                                                           self.world.event_id)
        return run_result(name, load, seconds, hands, server_log(self.stack, since), timeline,
                          extra)

    def wait_until(self, load: Load, t: float) -> None:
        """Sleep until the run has gone on for `t` seconds."""
        delay = t - load.rec.now()
        if delay > 0:
            time.sleep(delay)

    # -- the soak

    def run_soak(self, name: str, since: dict[str, int]) -> dict[str, Any]:
        # Every minute: the processes' memory and CPU time, the machine's busy time and
        # this process's (the load tool), to tell what the others on the machine took.
        marks: list[tuple[float, float, float, dict[str, list[dict[str, Any]]]]] = []

        def mark(t: float) -> dict[str, list[dict[str, Any]]]:
            seen = memory(self.stack.processes())
            marks.append((round(t, 1), machine_cpu()[0], sum(os.times()[:2]), seen))
            return seen

        cold = mark(0.0)
        total = self.args.minutes * 60
        load = Load(self.args, self.stack.port, self.world, self.ledger, name,
                    exports_every=0.0 if self.args.smoke else 120.0, exports_until=total)
        timeline: list[tuple[float, str]] = [(0.0, "load started")]
        load.start()
        warm_at = min(60.0, total / 4)
        self.wait_until(load, warm_at)
        warm = end = mark(load.rec.now())
        timeline.append((load.rec.now(), "memory at the start (warm)"))
        while load.rec.now() < total:
            time.sleep(min(60.0, max(0.1, total - load.rec.now())))
            end = mark(load.rec.now())
            self.progress(load)
        timeline.append((load.rec.now(), "memory at the end"))
        redis_info = self.redis_info()
        result = self.finish(name, load, since, timeline, {})
        result["memory"] = memory_rows(warm, end)
        result["memory_from_cold"] = memory_rows(cold, end)
        result["memory_samples_kb"] = [
            {"t_s": t, **{role: sum(r["rss_kb"] for r in rows) for role, rows in seen.items()}}
            for t, _busy, _own, seen in marks]
        result["cpu_per_interval"] = [
            {"from_s": a[0], "to_s": b[0], "machine_busy_cpu_s": round(b[1] - a[1], 1),
             "stack_cpu_s": round(stack_cpu(a[3], b[3]), 1),
             "load_tool_cpu_s": round(b[2] - a[2], 1),
             "other_processes_cpu_s": round(max(0.0, (b[1] - a[1]) - stack_cpu(a[3], b[3])
                                                - (b[2] - a[2])), 1)}
            for a, b in zip(marks, marks[1:], strict=False)]
        result["redis_info"] = redis_info
        return result

    def progress(self, load: Load) -> None:
        sub = summary(load.rec, ("hand POST",))
        std = summary(load.rec, ("standings", "standings live"))
        log(f"  {load.rec.now():.0f} s: {sub['count']} hands (p95 {sub['p95_ms']} ms), "
            f"{std['count']} standings (p95 {std['p95_ms']} ms), "
            f"{sum(load.rec.errors().values())} errors")

    def redis_info(self) -> dict[str, Any]:
        try:
            import redis

            client = redis.Redis(host=HOST, port=self.stack.redis_port, socket_timeout=2)
            memory_info: dict[str, Any] = client.info("memory")  # type: ignore[assignment]
            return {"used_memory_human": memory_info.get("used_memory_human"),
                    "broker_queue_length": client.llen("celery"),
                    "cache_keys": client.execute_command("DBSIZE")}
        except Exception as error:  # noqa: BLE001
            return {"error": repr(error)}
