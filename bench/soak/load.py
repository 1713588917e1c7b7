"""The load of a run, all over HTTP: scorekeepers entering hands at their tables (with
the score-entry page's retries), members reading the standings, the organiser asking for
exports and following them to the file; what each of them was answered (Recorder) and
every hand sent (Ledger)."""

from __future__ import annotations

import argparse
import html
import http.client
import json
import random
import re
import threading
import time
import uuid
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from bench import web
from bench.soak.common import HOST
from bench.soak.world import World, Writer

# Outcomes that are no error: a saved hand, a repeat answered with the same hand, a
# 409 at a table with two writers.
FINE = ("ok", "conflict (two writers)")


# --- What the users did and saw -------------------------------------------------------------


@dataclass
class Recorder:
    """Every request of a run: latencies of what was answered as it should be, and
    every outcome by kind of request, with when it was first and last seen and one
    message of it."""

    t0: float = field(default_factory=time.monotonic)
    latency: dict[str, list[tuple[float, float]]] = field(
        default_factory=lambda: defaultdict(list))
    counts: Counter[tuple[str, str]] = field(default_factory=Counter)
    first: dict[tuple[str, str], float] = field(default_factory=dict)
    last: dict[tuple[str, str], float] = field(default_factory=dict)
    sample: dict[tuple[str, str], str] = field(default_factory=dict)
    notes: Counter[str] = field(default_factory=Counter)  # not requests: what retries found
    lock: threading.Lock = field(default_factory=threading.Lock)

    def now(self) -> float:
        return time.monotonic() - self.t0

    def add(self, kind: str, ms: float | None, outcome: str = "ok", message: str = "") -> None:
        t = self.now()
        key = (kind, outcome)
        with self.lock:
            self.counts[key] += 1
            if outcome in FINE and ms is not None:
                self.latency[kind].append((t, ms))
            self.first.setdefault(key, t)
            self.last[key] = t
            if message and key not in self.sample:
                self.sample[key] = message[:240]

    def errors(self) -> dict[tuple[str, str], int]:
        return {key: n for key, n in self.counts.items() if key[1] not in FINE}


@dataclass
class Sent:
    table: int
    run: str
    acked: bool = False
    status: int | None = None  # the answer that acknowledged it (201 or 200)
    hand_id: int | None = None
    number: int | None = None
    failed_attempts: int = 0  # no answer or a 5xx
    conflict: bool = False  # answered 409: not saved
    refused: str = ""  # answered another 4xx
    pending: bool = False  # never answered when the run ended


class Ledger:
    """Every submission_id sent, and what became of it."""

    def __init__(self) -> None:
        self.sent: dict[str, Sent] = {}
        self.lock = threading.Lock()

    def add(self, key: str, table: int, run: str) -> Sent:
        with self.lock:
            self.sent[key] = entry = Sent(table, run)
        return entry

    def of(self, run: str | None = None) -> dict[str, Sent]:
        with self.lock:
            return {k: s for k, s in self.sent.items() if run is None or s.run == run}



def response_message(status: int, data: bytes) -> str:
    """What a user would read of an answer: the JSON error, or the HTML title/heading."""
    if data[:1] == b"{":
        try:
            answer = json.loads(data)
            if isinstance(answer, dict) and "error" in answer:
                return str(answer["error"])
        except ValueError:
            pass
    text = data[:4000].decode("utf-8", "replace")
    found = re.search(r"<h1[^>]*>(.*?)</h1>", text, re.S) or re.search(
        r"<title>(.*?)</title>", text, re.S)
    if found:
        return html.unescape(re.sub(r"<[^>]+>|\s+", " ", found.group(1))).strip()
    return text[:120].strip() or f"(empty {status} answer)"


def connection_outcome(error: BaseException) -> str:
    return f"no answer: {type(error).__name__}"


class Load:
    """The users of a run: scorekeepers at the tables, members reading the standings,
    and (in the soak) the organiser asking for exports, each in a thread. Their
    outcomes go to `rec`, their submissions to `ledger`."""

    def __init__(self, args: argparse.Namespace, port: int, world: World, ledger: Ledger,
                 run: str, exports_every: float = 0.0, exports_until: float = 0.0) -> None:
        self.args = args
        self.port = port
        self.world = world
        self.ledger = ledger
        self.run = run
        self.rec = Recorder()
        self.stop_new = threading.Event()  # no new hands, no more reading
        self.stop_all = threading.Event()  # give up retrying too
        self.inflight = 0  # hand POSTs waiting for their answer
        self.inflight_lock = threading.Lock()
        self.threads: list[threading.Thread] = []
        self.writers_busy = 0
        self.exports_every = exports_every
        self.exports_until = exports_until  # no export asked later (run time, seconds)
        self.exports: list[dict[str, Any]] = []

    def start(self) -> None:
        for index, writer in enumerate(self.world.writers):
            self._spawn(self.writer, writer, index)
        for index in range(self.args.readers):
            self._spawn(self.reader, index)
        if self.exports_every:
            self._spawn(self.exporter)

    def _spawn(self, target: Any, *args: Any) -> None:
        thread = threading.Thread(target=target, args=args, daemon=True)
        thread.start()
        self.threads.append(thread)

    def finish(self, drain: float) -> None:
        """No new hands or readings; hands still unanswered are retried up to `drain`
        seconds more, then given up (reported as pending)."""
        self.stop_new.set()
        deadline = time.monotonic() + drain
        while self.writers_busy and time.monotonic() < deadline:
            time.sleep(0.1)
        self.stop_all.set()
        for thread in self.threads:
            thread.join(timeout=max(1.0, deadline - time.monotonic()) + 35)

    # -- scorekeepers

    def writer(self, w: Writer, index: int) -> None:
        rng = random.Random(f"{self.run}-{index}-{w.second}")
        every = self.args.hand_every
        client = web.Client(self.port, {"sessionid": w.session})
        token: str | None = None
        table: dict[str, Any] | None = None
        if self.stop_new.wait(rng.uniform(0, every)):  # tables finish hands at any moment
            return
        while not self.stop_new.is_set():
            with self.inflight_lock:
                self.writers_busy += 1
            try:
                if token is None:
                    token = self.score_page(client, w.table)
                if token is not None and table is None:
                    table = self.table_state(client, w.table)
                if token is not None and table is not None:
                    token, table = self.one_hand(client, w, token, table, rng)
            except Exception as error:  # noqa: BLE001 (a client's own bug: counted, not fatal)
                self.rec.add("client", None, f"client exception {type(error).__name__}",
                             repr(error))
                table = None
            finally:
                with self.inflight_lock:
                    self.writers_busy -= 1
            if self.stop_new.wait(rng.uniform(0.5, 1.5) * every):
                return

    def score_page(self, client: Any, table_id: int) -> str | None:
        """The score-entry page: the CSRF cookie and token."""
        try:
            status, page, ms = client.request("GET", f"/en/tables/{table_id}/score/")
        except (OSError, http.client.HTTPException) as error:
            self.rec.add("score page", None, connection_outcome(error), repr(error))
            return None
        match = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        if status != 200 or not match or "csrftoken" not in client.cookies:
            self.rec.add("score page", ms, f"HTTP {status}", response_message(status, page))
            return None
        self.rec.add("score page", ms)
        return match.group(1).decode()

    def table_state(self, client: Any, table_id: int) -> dict[str, Any] | None:
        try:
            status, data, ms = client.request("GET", f"/en/api/tables/{table_id}/")
        except (OSError, http.client.HTTPException) as error:
            self.rec.add("table GET", None, connection_outcome(error), repr(error))
            return None
        if status != 200:
            self.rec.add("table GET", ms, f"HTTP {status}", response_message(status, data))
            return None
        self.rec.add("table GET", ms)
        return json.loads(data)  # type: ignore[no-any-return]

    def one_hand(self, client: Any, w: Writer, token: str, table: dict[str, Any],
                 rng: random.Random) -> tuple[str | None, dict[str, Any] | None]:
        """Enter one hand; (token, table) for the next one (None: fetch again)."""
        key = str(uuid.uuid4())
        body = {"submission_id": key, "expected_version": table["version"],
                **web.random_hand(rng), "east": table["east"]}
        raw = json.dumps(body).encode()
        headers = {"Content-Type": "application/json", "X-CSRFToken": token,
                   "Referer": f"http://{HOST}:{self.port}/en/tables/{w.table}/score/"}
        path = f"/en/api/tables/{w.table}/hands/"
        sent = self.ledger.add(key, w.table, self.run)
        answered = self.post_until_answered(client, path, raw, headers, sent)
        if answered is None:
            return token, None
        status, data, ms = answered
        retried = sent.failed_attempts > 0
        if status in (200, 201) and data[:1] == b"{":
            answer = json.loads(data)
            if status == 200 and not retried:
                self.rec.add("hand POST", ms, "HTTP 200 to a new submission", key)
            else:
                self.rec.add("hand POST", ms)
            sent.acked, sent.status = True, status
            sent.hand_id, sent.number = answer["hand"]["id"], answer["hand"]["number"]
            table = answer["table"]
            if rng.random() < self.args.repeat_share:
                self.repeat(client, path, raw, headers, sent)
        elif status == 409:
            sent.conflict = True
            if w.shared:
                self.rec.add("hand POST", ms, "conflict (two writers)")
            else:
                self.rec.add("hand POST", ms, "HTTP 409", response_message(status, data))
            return token, None
        else:
            sent.refused = f"HTTP {status}"
            self.rec.add("hand POST", ms, f"HTTP {status}", response_message(status, data))
            return (None if status == 403 else token), None
        # The answer carries what changed since the table the hand was sent on; as
        # the page (static/js/score-entry/merge.js), the table is read again only
        # when something else changed it meanwhile (the second writer).
        if table["version"] != body["expected_version"] + 1:
            return token, None
        return token, table

    def post_until_answered(self, client: Any, path: str, raw: bytes,
                            headers: dict[str, str], sent: Sent
                            ) -> tuple[int, bytes, float] | None:
        """POST the hand until the server answers it (any status under 500), the same
        body every time, as the page's queue does."""
        while True:
            with self.inflight_lock:
                self.inflight += 1
            try:
                status, data, ms = client.request("POST", path, raw, headers)
            except (OSError, http.client.HTTPException) as error:
                self.rec.add("hand POST", None, connection_outcome(error), repr(error))
            else:
                if status < 500:
                    if sent.failed_attempts:
                        # What the retry found: 200, the lost attempt had been saved;
                        # 201, it had not; 409, the other writer got in first.
                        with self.rec.lock:
                            self.rec.notes[f"retry answered {status}"] += 1
                    return status, data, ms
                self.rec.add("hand POST", ms, f"HTTP {status}", response_message(status, data))
            finally:
                with self.inflight_lock:
                    self.inflight -= 1
            sent.failed_attempts += 1
            if self.stop_all.wait(self.args.retry_every):
                sent.pending = True
                return None

    def repeat(self, client: Any, path: str, raw: bytes, headers: dict[str, str],
               sent: Sent) -> None:
        """The same submission again (a double tap, a retry after a lost answer): must be
        answered 200 with the hand saved the first time."""
        try:
            status, data, ms = client.request("POST", path, raw, headers)
        except (OSError, http.client.HTTPException) as error:
            self.rec.add("hand repeat", None, connection_outcome(error), repr(error))
            return
        same = (status == 200 and data[:1] == b"{"
                and json.loads(data).get("hand", {}).get("id") == sent.hand_id)
        if same:
            self.rec.add("hand repeat", ms)
        else:
            self.rec.add("hand repeat", ms, f"repeat answered HTTP {status}"
                         + ("" if status != 200 else " with another hand"),
                         response_message(status, data))

    # -- members

    def reader(self, index: int) -> None:
        rng = random.Random(f"{self.run}-reader-{index}")
        every = self.args.read_every
        client = web.Client(self.port)
        page = f"/en/events/{self.world.event_id}/standings/"
        if self.stop_new.wait(rng.uniform(0, every)):
            return
        count = 0
        while not self.stop_new.is_set():
            kind, path = ("standings", page) if count % 6 == 0 else ("standings live",
                                                                     page + "live/")
            count += 1
            try:
                status, data, ms = client.request("GET", path)
            except (OSError, http.client.HTTPException) as error:
                self.rec.add(kind, None, connection_outcome(error), repr(error))
            else:
                if status == 200 and b"</" in data:
                    self.rec.add(kind, ms)
                else:
                    self.rec.add(kind, ms, f"HTTP {status}", response_message(status, data))
            if self.stop_new.wait(rng.uniform(0.5, 1.5) * every):
                return

    # -- the organiser's exports

    def exporter(self) -> None:
        kinds = ("standings_pdf", "hand_log_xlsx")
        count = 0
        while not self.stop_new.wait(self.exports_every if count else 30):
            if self.rec.now() + 45 > self.exports_until:
                return  # no time left to follow one to its end
            kind = kinds[count % len(kinds)]
            count += 1
            self.exports.append(export(self.port, self.world, kind, self.rec,
                                       give_up=self.args.export_timeout,
                                       stop=self.stop_all))


# --- Exports, as the organiser sees them ---------------------------------------------------------


def export(port: int, world: World, kind: str, rec: Recorder, give_up: float,
           stop: threading.Event | None = None) -> dict[str, Any]:
    """Ask for an export as the organiser (the form's POST), then follow its page as the
    browser does (the progress fragment every second) until the file is ready or the
    job failed: what the user read on the way, and how long it took."""
    client = web.Client(port, {"sessionid": world.organiser_session})
    result: dict[str, Any] = {"kind": kind, "asked_at_s": round(rec.now(), 1), "messages": [],
                              "status": "not asked"}
    started = time.monotonic()
    try:
        # Any page with a form sets the CSRF cookie: the score page of a table.
        status, page, ms = client.request("GET", f"/en/tables/{world.tables[0]}/score/")
        match = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        token = match.group(1).decode() if match else ""
        body = f"object_id={world.event_id}".encode()
        status, data, ms = client.request(
            "POST", f"/en/exports/{kind}/", body,
            {"Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": token,
             "Referer": f"http://{HOST}:{port}/en/events/{world.event_id}/"})
    except (OSError, http.client.HTTPException) as error:
        rec.add("export ask", None, connection_outcome(error), repr(error))
        result["status"] = f"ask failed: {error!r}"
        return result
    result["ask_ms"] = round(ms, 1)
    location = client.headers.get("Location", "") if status == 302 else ""
    if status == 302 and location:
        rec.add("export ask", ms)
    else:
        rec.add("export ask", ms, f"HTTP {status}", response_message(status, data))
        result["status"] = f"ask answered HTTP {status}: {response_message(status, data)}"
        return result
    job_token = location.rstrip("/").rsplit("/", 1)[-1]
    result["token"] = job_token
    seen: list[str] = result["messages"]
    while True:
        try:
            status, data, ms = client.request("GET", f"/en/exports/job/{job_token}/progress/")
        except (OSError, http.client.HTTPException) as error:
            rec.add("export page", None, connection_outcome(error), repr(error))
            status, data = 0, b""
        else:
            rec.add("export page", ms, "ok" if status == 200 else f"HTTP {status}",
                    "" if status == 200 else response_message(status, data))
        text = data.decode("utf-8", "replace")
        for message in progress_messages(text):
            if message not in seen:
                seen.append(message)
        if "Your file is ready." in text:
            result["status"] = "done"
            break
        if "alert-error" in text:
            result["status"] = "failed"
            break
        if time.monotonic() - started > give_up or (stop is not None and stop.is_set()):
            result["status"] = "not finished"
            break
        time.sleep(1.0)
    result["seconds"] = round(time.monotonic() - started, 1)
    result["job"] = job_state(job_token)
    rec.add("export", result["seconds"] * 1000 if result["status"] == "done" else None,
            "ok" if result["status"] == "done" else f"export {result['status']}",
            "; ".join(seen))
    return result


def progress_messages(text: str) -> list[str]:
    found = re.findall(r'<p class="alert[^"]*">(.*?)</p>', text, re.S)
    for plain in ("Waiting to start…", "In progress…"):
        if plain in text:
            found.append(plain)
    if re.search(r"<progress max=", text):
        found.append("In progress (counting)")
    return [html.unescape(re.sub(r"\s+", " ", m)).strip() for m in found]


def job_state(token: str) -> dict[str, Any]:
    from django.db import close_old_connections

    from exports.models import ExportJob

    close_old_connections()
    try:
        job = ExportJob.objects.get(token=token)
    except Exception as error:  # noqa: BLE001 (the database may be the fault)
        return {"error": repr(error)}
    return {"status": job.status, "attempts": job.attempts, "error": job.error,
            "sent": job.sent_at is not None, "size": job.size}

