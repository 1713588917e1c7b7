"""Process figures, via psutil: a process's children, resident and private memory and
CPU time, the whole machine's busy time, and the memory of the stack's processes taken
at two moments and set side by side (the soak's memory growth)."""

from __future__ import annotations

import re
from typing import Any

import psutil


def children(pid: int) -> list[int]:
    try:
        return sorted(child.pid for child in psutil.Process(pid).children())
    except psutil.Error:
        return []


def memory_kb(pid: int) -> dict[str, int] | None:
    """The resident size of a live process and its private part (anonymous
    memory: the resident size less what is shared with files and shared
    memory, for PostgreSQL its shared buffers), in kB."""
    try:
        info = psutil.Process(pid).memory_info()
    except psutil.Error:
        return None
    return {"rss": info.rss // 1024, "anon": (info.rss - info.shared) // 1024}


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process so far."""
    try:
        times = psutil.Process(pid).cpu_times()
    except psutil.Error:
        return None
    return float(times.user + times.system)


def machine_cpu() -> tuple[float, float]:
    """(busy, all) CPU seconds of the whole machine so far, every CPU together."""
    times = psutil.cpu_times()
    idle = times.idle + getattr(times, "iowait", 0.0)
    total = sum(getattr(times, name, 0.0) for name in
                ("user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal"))
    return total - idle, total


def stack_cpu(start: dict[str, list[dict[str, Any]]], end: dict[str, list[dict[str, Any]]]
              ) -> float:
    """CPU seconds the stack's processes used between two snapshots (a process that
    ended in between is missed)."""
    before = {r["pid"]: r["cpu_s"] for rows in start.values() for r in rows}
    return sum(r["cpu_s"] - before.get(r["pid"], 0.0) for rows in end.values() for r in rows)


def alive(pid: int | None) -> bool:
    if not pid:
        return False
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def memory(roles: dict[str, list[int]]) -> dict[str, list[dict[str, Any]]]:
    """Memory and CPU time of every process of `roles` (role -> pids, as
    Stack.processes() gives them) that is still alive."""
    found: dict[str, list[dict[str, Any]]] = {}
    for role, pids in roles.items():
        rows = []
        for pid in pids:
            values = memory_kb(pid)
            if values is not None:
                rows.append({"pid": pid, "rss_kb": values["rss"], "anon_kb": values["anon"],
                             "cpu_s": cpu_seconds(pid) or 0.0})
        found[role] = rows
    return found


def process_label(pid: int) -> str:
    """A PostgreSQL process's title (checkpointer, a client backend, ...)."""
    try:
        title = " ".join(psutil.Process(pid).cmdline()).strip()
    except psutil.Error:
        return "postgres"
    if re.match(r"postgres: \w+ \w+ [\d.]+\(\d+\)", title):
        return "postgres: client backend"
    return title or "postgres"


def memory_rows(start: dict[str, list[dict[str, Any]]], end: dict[str, list[dict[str, Any]]]
                ) -> list[dict[str, Any]]:
    """RSS, its private part and the CPU time used, per process alive at both ends;
    processes seen at one end only (PostgreSQL's client backends come and go with
    CONN_MAX_AGE) are summed per role. `growth` is of RSS, except for PostgreSQL,
    whose RSS counts the pages of its shared buffers a process has touched so far (not
    memory it holds): there the growth of its private memory."""
    rows = []
    for role in sorted(set(start) | set(end)):
        before = {r["pid"]: r for r in start.get(role, [])}
        after = {r["pid"]: r for r in end.get(role, [])}
        both = sorted(set(before) & set(after))
        for pid in both:
            b, a = before[pid], after[pid]
            label = process_label(pid) if role.startswith("postgres backend") else role
            rows.append({"role": label, "pid": pid, "start_kb": b["rss_kb"],
                         "end_kb": a["rss_kb"], "start_anon_kb": b["anon_kb"],
                         "end_anon_kb": a["anon_kb"],
                         "cpu_s": round(a["cpu_s"] - b["cpu_s"], 1)})
        gone = [before[pid] for pid in before if pid not in after]
        new = [after[pid] for pid in after if pid not in before]
        if gone or new:
            rows.append({"role": f"{role}: {len(gone)} gone, {len(new)} new", "pid": None,
                         "start_kb": sum(r["rss_kb"] for r in gone) or None,
                         "end_kb": sum(r["rss_kb"] for r in new) or None,
                         "start_anon_kb": sum(r["anon_kb"] for r in gone),
                         "end_anon_kb": sum(r["anon_kb"] for r in new),
                         "cpu_s": round(sum(r["cpu_s"] for r in new), 1), "summed": True})
    for row in rows:
        postgres = row["role"].startswith("postgres")
        start_kb, end_kb = ((row["start_anon_kb"], row["end_anon_kb"]) if postgres
                            else (row["start_kb"], row["end_kb"]))
        row["growth_of"] = "private" if postgres else "rss"
        row["growth"] = (round(end_kb / start_kb - 1, 3)
                         if start_kb and end_kb and not row.get("summed") else None)
    return rows
