"""The targets of the runs, the ones a run missed, and the report printed at the end."""

from __future__ import annotations

from typing import Any

TARGETS = {"errors": 0, "lost": 0, "duplicated": 0, "score_entry_5xx": 0, "rss_growth": 0.20}
# For reference only (bench/web.py's targets, measured there without the other load).
WEB_TARGETS = {"submission_p95_ms": 150.0, "standings_p95_ms": 100.0}


def fmt(value: float | None, unit: str = "") -> str:
    return "-" if not value and value != 0 else f"{value:.0f}{unit}" if value >= 100 else f"{value:.1f}{unit}"


def verdicts(result: dict[str, Any]) -> list[str]:
    """The targets a run missed (empty: all met)."""
    missed = []
    hands = result["hands"]
    if hands["lost"]:
        missed.append(f"{hands['lost']} hands lost")
    if hands["duplicated"]:
        missed.append(f"{hands['duplicated']} hands duplicated")
    if hands["refused_but_stored"]:
        missed.append(f"{hands['refused_but_stored']} refused hands stored")
    if not hands.get("standings_after_the_run", {}).get("up_to_date", True):
        missed.append(f"standings after the run not up to date: "
                      f"{hands['standings_after_the_run']}")
    if hands["pending_at_end"]:
        missed.append(f"{hands['pending_at_end']} hands never answered")
    if result["score_entry_5xx"]:
        missed.append(f"{result['score_entry_5xx']} score-entry 5xx answers (not 503)")
    for job in result["exports"]:
        if job.get("status") != "done":
            missed.append(f"export {job['kind']}: {job.get('status')}")
    if result["run"] == "soak":
        if result["errors"]:
            missed.append(f"{result['errors']} errors")
        for row in result["memory"]:
            if row["growth"] is not None and row["growth"] > TARGETS["rss_growth"]:
                missed.append(f"RSS of {row['role']} {row['pid'] or ''} +{row['growth']:.0%}")
    return missed


def report(results: list[dict[str, Any]], out: Any) -> None:
    print("\nRuns (answered: requests with an HTTP answer, any status; 5xx SE: score-entry "
          "answers 500-599 but 503; latencies in ms, of requests answered as they should be; "
          "for reference, bench/web.py's targets without the other load: submission p95 < "
          "150, standings p95 < 100)", file=out)
    head = (f"{'run':<42}{'s':>5}{'answered':>9}{'errors':>7}{'5xx SE':>7}"
            f"{'sub p50':>8}{'sub p95':>8}{'std p95':>8}{'live95':>7}"
            f"{'sent':>6}{'acked':>6}{'stored':>7}{'lost':>5}{'dup':>4}{'409':>5}  met")
    print(head, file=out)
    for r in results:
        h = r["hands"]
        missed = verdicts(r)
        print(f"{r['title'][:41]:<42}{r['seconds']:>5.0f}{r['requests_served']:>9}"
              f"{r['errors']:>7}{r['score_entry_5xx']:>7}"
              f"{fmt(r['submission']['p50_ms']):>8}{fmt(r['submission']['p95_ms']):>8}"
              f"{fmt(r['standings']['p95_ms']):>8}{fmt(r['standings_live']['p95_ms']):>7}"
              f"{h['submitted']:>6}{h['acknowledged']:>6}{h['stored']:>7}{h['lost']:>5}"
              f"{h['duplicated']:>4}{h['conflicts_not_stored']:>5}  "
              f"{'yes' if not missed else 'NO'}", file=out)
    for r in results:
        print(f"\n== {r['title']} ({r['seconds']:.0f} s)", file=out)
        for t in r["timeline"]:
            print(f"  {t['t_s']:>6.1f} s  {t['event']}", file=out)
        cpu = r.get("cpu", {})
        if cpu:
            print(f"  CPU: the machine ({cpu['cpus']} CPUs) {cpu['machine_busy']:.0%} busy; "
                  f"the stack used {cpu['stack_cpu_s']} CPU-s, the load tool "
                  f"{cpu['load_tool_cpu_s']}, other processes about "
                  f"{cpu['other_processes_cpu_s']}", file=out)
        h = r["hands"]
        print(f"  hands: {h['submitted']} submitted, {h['acknowledged']} acknowledged, "
              f"{h['stored']} stored, lost {h['lost']}, duplicated {h['duplicated']}, "
              f"409 (two writers, not stored) {h['conflicts_not_stored']}, refused "
              f"{h['refused']}, never answered {h['pending_at_end']} "
              f"(stored anyway {h['pending_stored']}); after a failed attempt "
              f"{h['acknowledged_after_a_failed_attempt']} acknowledged, of which "
              f"{h['of_which_already_saved']} had been saved by the failed attempt; "
              f"hand-number gaps {h['hand_number_gaps']}; the standings served after the "
              f"run {'show every hand' if h['standings_after_the_run'].get('up_to_date') else 'ARE STALE'}",
              file=out)
        if r["retries"]:
            print(f"  retries: {r['retries']}", file=out)
        if r.get("cpu_per_interval"):
            print("  CPU-s other processes on the machine took, per interval: " + ", ".join(
                f"{c['from_s']:.0f}-{c['to_s']:.0f} s: {c['other_processes_cpu_s']:.0f}"
                for c in r["cpu_per_interval"]), file=out)
        if r["run"] == "soak":
            print("  p95 per minute, submission / standings (ms): " + ", ".join(
                f"{a['minute']}: {a['p95_ms']:.0f}/{b['p95_ms']:.0f}" for a, b in zip(
                    r["submission_per_minute"], r["standings_per_minute"], strict=False)),
                file=out)
        for e in r["errors_by_kind"]:
            print(f"  error x{e['count']:<5} {e['request']}: {e['outcome']} "
                  f"({e['first_s']:.0f}-{e['last_s']:.0f} s) {e['message'][:150]}", file=out)
        for job in r["exports"]:
            print(f"  export {job['kind']} asked at {job['asked_at_s']:.0f} s: "
                  f"{job['status']} after {job.get('seconds', '-')} s "
                  f"(ask answered in {job.get('ask_ms', '-')} ms; job {job.get('job', {})}); "
                  f"the page said: {' | '.join(job['messages'])}", file=out)
        for name, counts in r["server_log"].items():
            for line, n in counts.items():
                print(f"  {name} x{n}: {line[:220]}", file=out)
        if "memory" in r:
            print("  memory (MB): start = after the first minute of load, end = at the end; "
                  "CPU seconds used in between", file=out)
            print(f"    {'process':<44}{'pid':>8}{'RSS':>8}{'->':>3}{'RSS':>7}{'growth':>8}"
                  f"{'private':>9}{'->':>3}{'priv.':>7}{'CPU s':>8}", file=out)
            for row in r["memory"]:
                growth = "-" if row["growth"] is None else f"{row['growth']:+.0%}"
                if row["growth_of"] == "private" and row["growth"] is not None:
                    growth += "*"
                print(f"    {row['role'][:43]:<44}{row['pid'] or '':>8}"
                      f"{fmt(row['start_kb'] and row['start_kb'] / 1024):>8}{'':>3}"
                      f"{fmt(row['end_kb'] and row['end_kb'] / 1024):>7}{growth:>8}"
                      f"{fmt(row['start_anon_kb'] / 1024):>9}{'':>3}"
                      f"{fmt(row['end_anon_kb'] / 1024):>7}{row['cpu_s']:>8.1f}", file=out)
            print("    (* PostgreSQL: growth of private memory; its RSS also counts the shared "
                  "buffers a process has touched)", file=out)
            cold = r["memory_from_cold"]
            print("  RSS from cold (before any load) to the end: " + ", ".join(
                f"{x['role']} {fmt(x['start_kb'] and x['start_kb'] / 1024)}->"
                f"{fmt(x['end_kb'] and x['end_kb'] / 1024)}"
                for x in cold if not x["role"].startswith("postgres")), file=out)
            print(f"  redis at the end: {r['redis_info']}", file=out)
        missed = verdicts(r)
        print(f"  targets: {'met' if not missed else 'MISSED: ' + '; '.join(missed)}", file=out)
