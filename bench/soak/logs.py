"""What the stack's processes logged during a run (gunicorn, the app, Celery), at
WARNING and above, one line per kind of message, counted."""

from __future__ import annotations

import re
from collections import Counter

from bench.soak.supervisor import Stack


def log_offsets(stack: Stack) -> dict[str, int]:
    return {path.name: path.stat().st_size for path in stack.tmp.glob("*.log")}


def log_header(line: str) -> tuple[str, str] | None:
    """(level, message) of the first line of a log entry, in the formats of the soak's
    gunicorn handler, gunicorn itself and Celery; None for a continuation line."""
    for pattern in (r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+ \[\d+\] (\w+) (.*)$",
                    r"^\[\d{4}-[^\]]*\] \[\d+\] \[(\w+)\] (.*)$",
                    r"^\[\d{4}-[^\]]*: (\w+)/[\w-]+\] (.*)$"):
        found = re.match(pattern, line)
        if found:
            return found.group(1), found.group(2)
    return None


def server_log(stack: Stack, since: dict[str, int]) -> dict[str, dict[str, int]]:
    """What the processes logged during a run at WARNING and above, counted: gunicorn's
    5xx tracebacks (the request line and the exception they end with), the app's
    warnings, gunicorn's own messages, the Celery worker's and beat's errors."""
    found: dict[str, dict[str, int]] = {}
    for path in sorted(stack.tmp.glob("*.log")):
        if path.name == "redis.log":
            continue
        with open(path, "rb") as handle:
            handle.seek(since.get(path.name, 0))
            lines = handle.read().decode("utf-8", "replace").splitlines()
        entries: list[list[str]] = []  # [level, message, the exception it ends with]
        for line in lines:
            header = log_header(line)
            if header is not None:
                entries.append([header[0], header[1], ""])
            elif entries and re.match(
                    r"^[\w.]+(Error|Exception|Timeout|Refused|Interrupt)\b", line):
                entries[-1][2] = line.strip()
        counts = Counter(normalise(f"{level} {message}" + (f" -> {exc}" if exc else ""))
                         for level, message, exc in entries
                         if level in ("WARNING", "ERROR", "CRITICAL"))
        if counts:
            found[path.name] = dict(counts.most_common(15))
    return found


def normalise(text: str) -> str:
    """One line per kind of message: ids, ports, pids and times replaced."""
    text = re.sub(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "<uuid>", text)
    text = re.sub(r"/\d+/", "/<id>/", text)
    text = re.sub(r"(pid:? ?|export |event )\d+", r"\1<n>", text)
    text = re.sub(r":\d{4,5}\b", ":<port>", text)
    text = re.sub(r"port \d{4,5}\b", "port <port>", text)
    text = re.sub(r"\d+\.\d+ ?s(econds)?\b", "<t> s", text)
    return text[:300]
