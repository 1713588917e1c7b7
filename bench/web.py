"""Web benchmark (issue 4, "Speed"): a real gunicorn server, a real database, real HTTP.

Loads a 400-player, 8-round tournament (100 tables x 8 rounds, about 8,000 hands) in
bulk, rounds 1-7 closed with their table results and round 8 started; starts gunicorn on
127.0.0.1 against that database and measures over loopback with its own thread-based
load tool:

* standings: GET /en/events/<id>/standings/ with 50 concurrent readers, twice: each
  reader reloading about once a second (people reading; the page itself polls every
  10 s), and with no pause at all (closed loop: the server's saturation, where the
  latency is simply readers / throughput); then the live fragment the page polls;
* submission: 100 tables at once, each its own scorekeeper with a session cookie and
  the CSRF token of the score-entry page. As the page does, each reads the table once
  (GET /api/tables/<id>/), then posts hands with unique submission ids (the answer
  carries the table for the next hand) and reads the table's history after each save;
  some hands are posted twice (a retry must answer 200 with the same hand). Twice: a
  hand every ~10 s per table (--think; a real hand takes 3-5 minutes), and every table
  posting back to back. Afterwards hands stored must equal unique submissions.

Targets (exit status 1 when one is missed, in either load): standings p95 < 100 ms,
submission p95 < 150 ms, zero errors, zero lost or duplicated hands. The load tool
runs on the same machine as the server and competes with it for the CPU.

    python -m bench.web [--quick] [--database-url URL] [--workers N]

Without --database-url (or DATABASE_URL) it uses a fresh SQLite file in a temp dir.
"""

from __future__ import annotations

import argparse
import datetime
import http.client
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.support.processes import HOST, free_port

ROOT = Path(__file__).resolve().parent.parent

PLAYERS = 400
ROUNDS = 8
HANDS_PER_TABLE = 10  # rounds 1-7
PRELOADED_ROUND_8 = 2
TARGETS = {"standings": 100.0, "submission": 150.0}

WINNING_VALUES = (80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 448, 512, 640, 1000)
LOSING_VALUES = (0, 0, 0, 4, 8, 8, 16, 16, 20, 24, 32, 40, 48, 64, 96, 128)


def setup_django(database_url: str) -> None:
    os.environ["DATABASE_URL"] = database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DEBUG"] = "false"
    import django

    django.setup()


# --- Loading the tournament --------------------------------------------------------------


def random_hand(rng: random.Random) -> dict[str, Any]:
    winner = None if rng.random() < 0.08 else rng.randrange(4)
    values = {str(p): (rng.choice(WINNING_VALUES) if p == winner else rng.choice(LOSING_VALUES))
              for p in range(4)}
    discarder = None
    if winner is not None and rng.random() < 0.65:
        discarder = rng.choice([p for p in range(4) if p != winner])
    return {"values": values, "winner": winner, "discarder": discarder}


def login_session(user: Any) -> str:
    """A logged-in session for `user`, made directly in the session store (no login
    form, no password): its key is the `sessionid` cookie of a client."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return str(store.session_key)


@dataclass
class Loaded:
    event_id: int
    tables: list[int]  # round 8 table ids, by number
    sessions: dict[int, str]  # table id -> session key of its scorekeeper
    hands_round_8: int


def load(seed: int = 2026, players: int = PLAYERS) -> Loaded:
    from django.contrib.auth.models import User
    from django.db import transaction
    from django.utils import timezone

    from clubs.models import Club, Member
    from scoring.engine import RULESETS, score_game
    from scoring.engine.deal import Dealt, next_deal
    from tests.support.worlds import seated_in_bulk
    from tournaments import placing
    from tournaments.models import (
        EventKind,
        EventStatus,
        Hand,
        HandScore,
        Registration,
        Round,
        RoundStatus,
        Scorekeeper,
        Table,
        TableResult,
    )
    from tournaments.services import create_event, hand_entry

    rng = random.Random(seed)
    tag = uuid.uuid4().hex[:8]
    now = timezone.now()
    with transaction.atomic():
        club = Club.objects.create(name=f"Bench club {tag}", slug=f"bench-{tag}", city="Loopback")
        organiser = User.objects.create(username=f"bench-organiser-{tag}", is_staff=True)
        organiser.set_unusable_password()
        organiser.save()
        club.organisers.add(organiser)
        members = Member.objects.bulk_create(
            Member(club=club, first_name=f"Speler{i:03d}", last_name=f"Bench {tag}")
            for i in range(players))
        event = create_event(
            club, kind=EventKind.TOURNAMENT, title=f"Bench tournament {tag}",
            start_date=datetime.date.today(), days=2, rounds_planned=ROUNDS,
            ranking_order="score", max_places=players)
        registrations = [r.pk for r in Registration.objects.bulk_create(
            Registration(event=event, member=m) for m in members)]
        rounds = Round.objects.bulk_create(
            Round(event=event, number=n, seating_method="random",
                  status=RoundStatus.CLOSED if n < ROUNDS else RoundStatus.STARTED,
                  started_at=now, closed_at=now if n < ROUNDS else None)
            for n in range(1, ROUNDS + 1))
        tables_per_round = players // 4
        # seats: table id -> registration ids by position
        tables, seats = seated_in_bulk(rounds, registrations, rng)

        hand_rows: list[Hand] = []
        score_rows: list[tuple[int, list[tuple[int, str, int, int]]]] = []
        versions: dict[int, int] = {}
        for table in tables:
            count = HANDS_PER_TABLE if table.round.number < ROUNDS else PRELOADED_ROUND_8
            previous: list[Any] = []  # a Dealt per saved hand
            for number in range(1, count + 1):
                deal = next_deal([0, 1, 2, 3], previous,
                                 RULESETS[event.ruleset].five_player_schedule)
                east = deal.east
                while True:
                    entry = hand_entry.normalise({**random_hand(rng), "east": east})
                    winds = {p: "ESWN"[(p - east) % 4] for p in range(4)}
                    game: dict[str, Any] = {
                        "ruleset": event.ruleset, "options": event.rule_options,
                        "prevailing_wind": deal.prevailing,
                        "winner": winds[entry["winner"]] if entry["winner"] is not None
                        else None,
                        "players": {winds[int(p)]: {"score": v}
                                    for p, v in entry["values"].items()},
                    }
                    if entry["winner"] is not None:
                        game["win_source"] = "discard" if entry["discarder"] is not None \
                            else "wall"
                    if entry["discarder"] is not None:
                        game["discarder"] = winds[entry["discarder"]]
                    result = score_game(game)
                    if "error" not in result:
                        break
                regs = seats[table.pk]
                hand_rows.append(Hand(
                    table=table, number=number, game=game, result=result, entry=entry,
                    winner_id=regs[entry["winner"]] if entry["winner"] is not None else None,
                    discarder_id=(regs[entry["discarder"]]
                                  if entry["discarder"] is not None else None)))
                score_rows.append((table.pk, [
                    (regs[p], w, result["scores"][w], result["settlement"][w])
                    for p, w in winds.items()]))
                previous.append(Dealt(
                    east=east, prevailing=deal.prevailing,
                    rotates=result.get("winds_rotate", True)))
            versions[table.pk] = count
        Hand.objects.bulk_create(hand_rows, batch_size=1000)
        HandScore.objects.bulk_create(
            (HandScore(hand=hand, registration_id=reg, seat_wind=w, value=v, settlement=s)
             for hand, (_t, rows) in zip(hand_rows, score_rows, strict=True)
             for reg, w, v, s in rows), batch_size=4000)
        for table in tables:
            table.version = versions[table.pk]
        Table.objects.bulk_update(tables, ["version"], batch_size=1000)

        # Rounds 1-7: table results as close_round computes them.
        totals: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
        mahjongs: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
        deal_ins: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
        for hand, (table_id, rows) in zip(hand_rows, score_rows, strict=True):
            for reg, _w, _v, settlement in rows:
                totals[table_id][reg] += settlement
            if hand.winner_id:
                mahjongs[table_id][hand.winner_id] += 1
            if hand.discarder_id:
                deal_ins[table_id][hand.discarder_id] += 1
        results = []
        for table in tables:
            if table.round.number == ROUNDS:
                continue
            scores = {reg: totals[table.pk][reg] for reg in seats[table.pk]}
            points = placing.table_points(scores, event.table_point_scheme, event.tie_rule,
                                          mahjongs=dict(mahjongs[table.pk]),
                                          deal_ins=dict(deal_ins[table.pk]))
            results += [TableResult(
                table=table, registration_id=reg, score=scores[reg], table_points=points[reg],
                mahjongs=mahjongs[table.pk][reg], deal_ins=deal_ins[table.pk][reg],
                rank=1 + sum(1 for o in scores if (points[o], scores[o]) > (points[reg],
                                                                            scores[reg])))
                for reg in scores]
        TableResult.objects.bulk_create(results, batch_size=2000)
        event.status = EventStatus.RUNNING
        event.rules_frozen_at = now
        event.save(update_fields=["status", "rules_frozen_at"])

        # One scorekeeper per table number, each with a logged-in session.
        keepers = User.objects.bulk_create(
            User(username=f"bench-keeper-{tag}-{t}", password="!") for t in
            range(1, tables_per_round + 1))
        Scorekeeper.objects.bulk_create(
            Scorekeeper(user=u, event=event, table_number=t)
            for t, u in enumerate(keepers, start=1))
        round_8 = [t for t in tables if t.round.number == ROUNDS]
        sessions = {table.pk: login_session(user)
                    for table, user in zip(round_8, keepers, strict=True)}
    return Loaded(event.pk, [t.pk for t in round_8], sessions,
                  PRELOADED_ROUND_8 * len(round_8))


# --- The server ------------------------------------------------------------------------


def start_server(database_url: str, port: int, workers: int, *,
                 env: dict[str, str] | None = None, args: tuple[str, ...] = (),
                 output: Any = None) -> subprocess.Popen[bytes]:
    """gunicorn on HOST:port, once it answers. `env` adds to the environment, `args`
    to gunicorn's command line; `output` (a file) takes its stdout and stderr."""
    gunicorn = Path(sys.executable).with_name("gunicorn")
    if not gunicorn.exists():
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "gunicorn>=23,<24"],
                       check=True)
    env = {**os.environ, "DATABASE_URL": database_url, "DEBUG": "false",
           "DJANGO_SETTINGS_MODULE": "config.settings", **(env or {})}
    process = subprocess.Popen(
        [str(gunicorn), "config.wsgi:application", "--bind", f"{HOST}:{port}",
         "--workers", str(workers), "--log-level", "warning", *args],
        cwd=ROOT, env=env, start_new_session=True, stdout=output, stderr=output)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {process.returncode}")
        try:
            conn = http.client.HTTPConnection(HOST, port, timeout=2)
            conn.request("GET", "/en/")
            conn.getresponse().read()
            conn.close()
            return process
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("gunicorn did not answer within 30 s")


def stop_server(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()  # the arbiter stops its workers
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


# --- The load tool ---------------------------------------------------------------------


@dataclass
class Part:
    name: str
    latencies: list[float] = field(default_factory=list)  # ms
    errors: list[str] = field(default_factory=list)
    elapsed: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, ms: float, error: str | None) -> None:
        with self.lock:
            self.latencies.append(ms)
            if error:
                self.errors.append(error)


class Client:
    """One browser: a keep-alive connection (reopened when the server closes it) and
    its cookies."""

    def __init__(self, port: int, cookies: dict[str, str] | None = None) -> None:
        self.port = port
        self.cookies = dict(cookies or {})
        self.conn = http.client.HTTPConnection(HOST, port, timeout=30)

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, bytes, float]:
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        start = time.perf_counter()
        try:
            self.conn.request(method, path, body=body, headers=headers)
            response = self.conn.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException):
            self.conn.close()
            self.conn = http.client.HTTPConnection(HOST, self.port, timeout=30)
            raise
        ms = (time.perf_counter() - start) * 1000
        self.headers = response.headers  # the last answer's, for a caller that wants them
        for value in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        if response.will_close:
            self.conn.close()
        return response.status, data, ms


def read_pages(port: int, path: str, total: int, concurrency: int, name: str,
               budget: float, think: float = 0.0) -> Part:
    """`concurrency` readers share `total` requests; each waits about `think`
    seconds between its requests (0: closed loop, the server's saturation)."""
    part = Part(name)
    counter = iter(range(total))
    counter_lock = threading.Lock()
    deadline = time.monotonic() + budget

    def reader() -> None:
        client = Client(port)
        rng = random.Random()
        if think:
            time.sleep(rng.uniform(0, think))  # readers arrive spread out, as people do
        while time.monotonic() < deadline:
            with counter_lock:
                if next(counter, None) is None:
                    return
            try:
                status, data, ms = client.request("GET", path)
                part.add(ms, None if status == 200 and b"</" in data else f"HTTP {status}")
            except (OSError, http.client.HTTPException) as error:
                part.add(0.0, repr(error))
            if think:
                time.sleep(rng.uniform(0.5, 1.5) * think)

    start = time.perf_counter()
    with ThreadPoolExecutor(concurrency) as pool:
        for _ in range(concurrency):
            pool.submit(reader)
    part.elapsed = time.perf_counter() - start
    return part


@dataclass
class SubmissionRun:
    post: Part
    state: Part
    submitted: dict[int, set[str]]  # table id -> unique submission ids answered 201/200
    retries: int


def submit_hands(port: int, loaded: Loaded, per_table: int, retry_share: float,
                 budget: float, seed: int = 7, think: float = 0.0,
                 name: str = "submission") -> SubmissionRun:
    """Every table's scorekeeper starts at the same moment; each waits about
    `think` seconds between hands (0: every table posts its hands back to back)."""
    post, state = Part(f"{name} POST"), Part(f"{name} GET")
    submitted: dict[int, set[str]] = defaultdict(set)
    retries = [0]
    barrier = threading.Barrier(len(loaded.tables))
    deadline = time.monotonic() + budget

    def table_client(table_id: int, index: int) -> None:
        rng = random.Random(seed * 1000 + index)
        client = Client(port, {"sessionid": loaded.sessions[table_id]})
        try:
            # The score-entry page: sets the CSRF cookie and holds the token.
            status, page, _ms = client.request("GET", f"/en/tables/{table_id}/score/")
            match = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)
            if status != 200 or not match or "csrftoken" not in client.cookies:
                post.add(0.0, f"score page: HTTP {status}, token {bool(match)}")
                return
            token = match.group(1).decode()
        except (OSError, http.client.HTTPException) as error:
            post.add(0.0, f"score page: {error!r}")
            return
        headers = {"Content-Type": "application/json", "X-CSRFToken": token,
                   "Referer": f"http://{HOST}:{port}/en/tables/{table_id}/score/"}
        table: dict[str, Any] | None = None
        barrier.wait()  # every table starts at once
        if think:
            # ... and, paced, posts its first hand somewhere in the first interval,
            # as tables finish hands at their own moments (the 0 s run is the burst).
            time.sleep(rng.uniform(0, think))
        for hand_index in range(per_table):
            if time.monotonic() > deadline:
                return
            if think and hand_index:
                time.sleep(rng.uniform(0.5, 1.5) * think)
            try:
                # As the page does: the table once, then from each saved hand's
                # answer, which carries what changed since the page's view of the
                # table (static/js/score-entry/sync.js, applySaved); the page reads the
                # table again only when something else changed it meanwhile.
                if table is None:
                    status, data, ms = client.request("GET", f"/en/api/tables/{table_id}/")
                    if status != 200:
                        state.add(ms, f"state HTTP {status}")
                        return
                    state.add(ms, None)
                    table = json.loads(data)
                body = {"submission_id": str(uuid.uuid4()), "expected_version": table["version"],
                        **random_hand(rng), "east": table["east"]}
                raw = json.dumps(body).encode()
                attempts = 2 if rng.random() < retry_share else 1
                hand_id = None
                for attempt in range(attempts):
                    status, data, ms = client.request(
                        "POST", f"/en/api/tables/{table_id}/hands/", raw, headers)
                    # A retry of a saved hand answers 200 with the same hand; after a
                    # failed first attempt the retry is the first save (201).
                    expected = 201 if hand_id is None else 200
                    answer = json.loads(data) if data.startswith(b"{") else {}
                    same = hand_id is None or answer.get("hand", {}).get("id") == hand_id
                    if status == expected and same:
                        post.add(ms, None)
                        hand_id = answer["hand"]["id"]
                        submitted[table_id].add(body["submission_id"])
                        table = answer["table"]
                    else:
                        post.add(ms, f"POST HTTP {status} (wanted {expected}): "
                                     f"{str(answer.get('error', data[:80]))[:100]}")
                    if attempt:
                        retries[0] += 1
                if table is not None and table["version"] != body["expected_version"] + 1:
                    table = None
            except (OSError, http.client.HTTPException, ValueError) as error:
                post.add(0.0, repr(error))

    start = time.perf_counter()
    with ThreadPoolExecutor(len(loaded.tables)) as pool:
        futures = [pool.submit(table_client, t, i) for i, t in enumerate(loaded.tables)]
        for future in futures:
            future.result()
    post.elapsed = state.elapsed = time.perf_counter() - start
    return SubmissionRun(post, state, submitted, retries[0])


def check_stored(loaded: Loaded, *runs: SubmissionRun) -> tuple[int, int, int, int]:
    """(submitted, stored, lost, duplicated) for round 8's new hands."""
    from django.db import close_old_connections

    from tournaments.models import Hand

    close_old_connections()
    rows = list(Hand.objects.filter(table_id__in=loaded.tables, submission_id__isnull=False)
                .values_list("table_id", "submission_id"))
    stored: dict[int, list[str]] = defaultdict(list)
    for table_id, key in rows:
        stored[table_id].append(str(key))
    answered: dict[int, set[str]] = defaultdict(set)
    for run in runs:
        for table_id, keys in run.submitted.items():
            answered[table_id] |= keys
    submitted = sum(len(keys) for keys in answered.values())
    lost = sum(len(keys - set(stored[t])) for t, keys in answered.items())
    duplicated = sum(len(keys) - len(set(keys)) for keys in stored.values())
    # Also every hand row of round 8: preloaded + one per unique submission.
    total = Hand.objects.filter(table_id__in=loaded.tables).count()
    duplicated += max(0, total - loaded.hands_round_8 - submitted)
    return submitted, len(rows), lost, duplicated


# --- Report ----------------------------------------------------------------------------


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def row(part: Part, target: float | None) -> tuple[str, bool]:
    lat = part.latencies
    p95 = percentile(lat, 0.95)
    ok = not part.errors and bool(lat) and (target is None or p95 < target)
    verdict = ("ok" if ok else "MISSED") if target is not None else (
        "ok" if not part.errors else "ERRORS")
    goal = f"p95<{target:.0f}" if target else "-"
    line = (f"{part.name:<26}{len(lat):>8}{len(part.errors):>8}"
            f"{statistics.median(lat) if lat else float('nan'):>9.1f}{p95:>9.1f}"
            f"{max(lat, default=float('nan')):>9.1f}{len(lat) / part.elapsed:>9.1f}"
            f"  {goal:<9}{verdict}")
    return line, ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smaller, faster run")
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL", ""))
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--threads", type=int, default=1,
                        help="threads per worker: more than 1 runs gunicorn's gthread workers")
    parser.add_argument("--only", choices=("reads", "submissions"),
                        help="run one half: the standings readers or the scorekeepers")
    parser.add_argument("--think", type=float, default=10.0,
                        help="seconds between a table's hands in the paced submission run")
    args = parser.parse_args(argv)
    readers, reads = 50, (400 if args.quick else 2000)
    per_table = 3 if args.quick else 8

    tempdir = tempfile.TemporaryDirectory(prefix="webbench-")
    # The options of the settings' own SQLite default (a URL without them gets neither
    # the lock timeout nor BEGIN IMMEDIATE).
    database_url = args.database_url or (
        f"sqlite:///{tempdir.name}/bench.sqlite3?timeout=20&transaction_mode=IMMEDIATE")
    engine = database_url.split(":", 1)[0]
    server = None
    try:
        setup_django(database_url)
        from django.core.management import call_command

        began = time.perf_counter()
        call_command("migrate", verbosity=0)
        migrated = time.perf_counter()
        loaded = load()
        from tournaments.models import Hand

        hand_count = Hand.objects.filter(table__round__event_id=loaded.event_id).count()
        print(f"database: {engine}; migrate {migrated - began:.1f} s, load {PLAYERS} players, "
              f"{ROUNDS} rounds, {hand_count} hands in {time.perf_counter() - migrated:.1f} s")
        from django.db import connections

        connections.close_all()
        port = free_port()
        threaded = ("--worker-class", "gthread", "--threads", str(args.threads))
        server = start_server(database_url, port, args.workers,
                              args=threaded if args.threads > 1 else ())
        kind = f"gthread workers x {args.threads} threads" if args.threads > 1 else "sync workers"
        print(f"gunicorn: {args.workers} {kind} on {HOST}:{port}")

        standings = f"/en/events/{loaded.event_id}/standings/"
        reading: list[Part] = []
        if args.only != "submissions":
            read_pages(port, standings, 20, 4, "warm-up", 30)
            # Members reading the standings: each reloads about once a second (the
            # page itself polls every 10 s), then the same 50 with no pause at all.
            reading.append(read_pages(port, standings, readers * (10 if args.quick else 30),
                                      readers, f"standings ({readers}, 1 s)", 60, think=1.0))
            reading.append(read_pages(port, standings, reads, readers,
                                      f"standings ({readers}, 0 s)", 60))
            reading.append(read_pages(port, standings + "live/", reads // 2, readers,
                                      f"standings/live ({readers})", 30))
        writing: list[SubmissionRun] = []
        if args.only != "reads":
            # Scorekeepers: all tables at once, a hand every ~10 s each (a real hand
            # takes 3-5 minutes: 20-30 times the pace of play), then all tables
            # posting their hands back to back.
            writing.append(submit_hands(port, loaded, per_table, retry_share=0.1, budget=120,
                                        think=args.think, name=f"submit {args.think:g} s"))
            writing.append(submit_hands(port, loaded, per_table, retry_share=0.1, budget=90,
                                        seed=8, name="submit 0 s"))
        results = [check_stored(loaded, *writing)]
    finally:
        if server is not None:
            stop_server(server)
        tempdir.cleanup()

    print()
    print(f"{'part':<26}{'requests':>8}{'errors':>8}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}"
          f"{'req/s':>9}  target   met")
    lines = [row(part, TARGETS["standings"] if part.name.startswith("standings (") else None)
             for part in reading]
    for run in writing:
        lines += [row(run.post, TARGETS["submission"]), row(run.state, None)]
    for line, _ok in lines:
        print(line)
    submitted, stored, lost, duplicated = results[0]
    integrity = lost == 0 and duplicated == 0 and submitted == stored
    if writing:
        print(f"\nsubmissions: {submitted} unique from {len(loaded.tables)} tables "
              f"({sum(run.retries for run in writing)} deliberate retries), stored {stored}, "
              f"lost {lost}, duplicated {duplicated}: {'ok' if integrity else 'MISSED'}")
    errors = [e for part in reading for e in part.errors] + [
        e for run in writing for part in (run.post, run.state) for e in part.errors]
    for message in sorted(set(errors), key=errors.count, reverse=True)[:8]:
        print(f"  error x{errors.count(message)}: {message}")
    met = all(ok for _line, ok in lines) and integrity
    print(f"targets {'met' if met else 'NOT met'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
