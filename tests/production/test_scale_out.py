"""The bond-wide setup in small: TWO app servers (gunicorn, production
settings) and a Celery worker, all on ONE PostgreSQL database (this test
run's) and ONE Redis (cache and broker). Scorekeepers log in on one server
and carry on through the other; hands arrive through both at once, two
writers share a table through different servers, submissions are repeated.
Afterwards every hand is stored exactly once, nothing answered 500, version
conflicts answered 409 and were retried, and both servers show the same
standings, equal to a computation from the database: nothing that another
process needs is kept in a process's memory.

Needs PostgreSQL (CI's second pass: DATABASE_URL=postgres://...): the
servers are other processes, and pytest-django's test database on SQLite is
in the test's memory. The rows the servers read are committed
(transaction=True); the servers get the test database's NAME in their
DATABASE_URL.
"""

from __future__ import annotations

import html
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.contrib.auth.models import User
from django.utils import translation

from stats.models import GroupStatistics
from tests.production.conftest import (
    GOOD_KEY,
    ROOT,
    base_env,
    free_port,
    manage,
    need_postgresql,
    need_redis,
    run_database_url,
    start_redis,
)
from tests.support import worlds
from tournaments.models import Event, Hand, Round, RoundStatus, Table
from tournaments.services import standings as standings_service
from tournaments.services.scorekeepers import add_scorekeeper

pytestmark = [pytest.mark.worker, pytest.mark.postgres]

HOST = "127.0.0.1"
PASSWORD = "scale-out-password"
HANDS_PER_TABLE = 6
HANDS_PER_SHARED_WRITER = 4


# --- The servers ----------------------------------------------------------------------


@dataclass
class Cluster:
    env: dict[str, str]
    ports: dict[str, int]  # "A", "B" -> port
    logs: Path
    processes: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)

    def start(self, name: str, command: list[str], ready: Callable[[], bool]) -> None:
        log = open(self.logs / f"{name}.log", "wb")  # noqa: SIM115
        self.processes[name] = subprocess.Popen(command, cwd=ROOT, env=self.env, stdout=log,
                                                stderr=subprocess.STDOUT,
                                                start_new_session=True)
        log.close()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.processes[name].poll() is None, f"{name} stopped:\n{self.log(name)}"
            if ready():
                return
            time.sleep(0.2)
        raise AssertionError(f"{name} did not get ready:\n{self.log(name)}")

    def log(self, name: str) -> str:
        return (self.logs / f"{name}.log").read_text(errors="replace")[-4000:]

    def stop(self) -> None:
        for process in self.processes.values():
            if process.poll() is None:
                process.terminate()
        for process in self.processes.values():
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(10)


def answers(port: int) -> bool:
    conn = http.client.HTTPConnection(HOST, port, timeout=2)
    try:
        conn.request("GET", "/en/", headers={"Host": "localhost"})
        return conn.getresponse().status == 200
    except (OSError, http.client.HTTPException):
        return False
    finally:
        conn.close()


@pytest.fixture
def cluster(transactional_db: None, tmp_path: Path) -> Iterator[Cluster]:
    need_postgresql("The scale-out test (two app servers, a worker, one database)")
    need_redis()
    redis = start_redis(tmp_path)
    env = base_env(
        DJANGO_ENV="production", SECRET_KEY=GOOD_KEY, ALLOWED_HOSTS="localhost",
        SECURE_SSL_REDIRECT="false", STATIC_ROOT=str(tmp_path / "static"),
        DATABASE_URL=run_database_url(), CACHE_URL=redis.url(1),
        CELERY_BROKER_URL=redis.url(0), WEB_WORKERS="2")
    collected = manage("collectstatic", "--noinput", "--verbosity", "0", env=env)
    assert collected.returncode == 0, collected.stderr[-3000:]
    servers = Cluster(env=env, ports={"A": free_port(), "B": free_port()}, logs=tmp_path)
    try:
        for name, port in servers.ports.items():
            servers.env = {**env, "WEB_BIND": f"{HOST}:{port}"}
            servers.start(name, [sys.executable, "-m", "gunicorn", "-c",
                                 str(ROOT / "config" / "gunicorn.conf.py")],
                          lambda port=port: answers(port))  # type: ignore[misc]
        servers.env = env
        servers.start("worker", [sys.executable, "-m", "celery", "-A", "config", "worker",
                                 "--concurrency=2", "--loglevel=INFO", "--without-gossip",
                                 "--without-mingle", "--hostname=scale@%h"],
                      lambda: "ready." in servers.log("worker"))
        yield servers
    finally:
        servers.stop()  # before pytest-django empties the database
        redis.stop()


# --- A browser ------------------------------------------------------------------------


@dataclass
class Exchange:
    server: str
    method: str
    path: str
    status: int


class Browser:
    """One person's cookies (a login), used through either server."""

    def __init__(self, log: list[Exchange], lock: threading.Lock) -> None:
        self.cookies: dict[str, str] = {}
        self.token = ""
        self.log, self.lock = log, lock

    def request(self, server: tuple[str, int], method: str, path: str,
                body: Any = None, form: dict[str, str] | None = None) -> tuple[int, bytes]:
        name, port = server
        headers = {"Host": "localhost"}
        with self.lock:
            cookies = dict(self.cookies)
        if cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
        data: bytes | None = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        elif form is not None:
            data = "&".join(f"{k}={v}" for k, v in form.items()).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if method == "POST":
            headers["X-CSRFToken"] = self.token
        conn = http.client.HTTPConnection(HOST, port, timeout=60)
        try:
            conn.request(method, path, body=data, headers=headers)
            response = conn.getresponse()
            content = response.read()
        finally:
            conn.close()
        with self.lock:
            for value in response.headers.get_all("Set-Cookie") or []:
                cookie, _, _rest = value.partition(";")
                key, _, cookie_value = cookie.partition("=")
                self.cookies[key.strip()] = cookie_value
            self.log.append(Exchange(name, method, path, response.status))
        return response.status, content

    def log_in(self, server: tuple[str, int], username: str) -> None:
        status, page = self.request(server, "GET", "/en/accounts/login/")
        found = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        assert status == 200 and found, page[:500]
        self.token = found.group(1).decode()
        status, page = self.request(server, "POST", "/en/accounts/login/", form={
            "csrfmiddlewaretoken": self.token, "username": username, "password": PASSWORD})
        assert status == 302, page[:2000]
        # The token of the logged-in session (login rotates it), from the
        # logout form every page has.
        status, page = self.request(server, "GET", "/en/")
        found = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        assert status == 200 and found, page[:500]
        self.token = found.group(1).decode()


# --- The tournament -------------------------------------------------------------------


@dataclass
class World:
    event: Event
    round: Round
    tables: list[Table]  # by number


def user(username: str) -> User:
    # Hashed as the servers' settings hash (the tests' own hasher is MD5),
    # with few iterations: the servers upgrade it at the first login.
    hashed = PBKDF2PasswordHasher().encode(PASSWORD, "scaleoutsalt", iterations=1000)
    return User.objects.create(username=username, password=hashed, first_name=username)


def build_world() -> tuple[World, dict[str, User]]:
    users = {name: user(name) for name in ("olga", "vera", "wim")}
    club = worlds.club(organisers=[users["olga"]])
    built = worlds.tournament(
        club, players=worlds.members(club, [f"Speler{index:02d}" for index in range(16)],
                                     last_name="Désirée", first_number=2001),
        played=0, open_round=True, seed=5, title="Bondstoernooi", rounds_planned=2)
    add_scorekeeper(built.event, users["vera"])
    add_scorekeeper(built.event, users["wim"])
    round_ = built.rounds[0]
    tables = list(Table.objects.filter(round=round_).order_by("number"))
    assert len(tables) == 4
    return World(event=Event.objects.get(pk=built.event.pk), round=round_, tables=tables), users


def hand(index: int) -> dict[str, Any]:
    """A varied, valid NTS hand by values (East from the table's rotation)."""
    winner = index % 5
    if winner == 4:
        return {"values": {"0": 8, "1": 16, "2": 0, "3": 4}, "winner": None, "discarder": None}
    values = {str(p): (40 + 8 * (index % 7) if p == winner else 4 * ((index + p) % 5))
              for p in range(4)}
    discarder = (winner + 1 + index % 3) % 4 if index % 2 else None
    return {"values": values, "winner": winner, "discarder": discarder}


# --- The test -------------------------------------------------------------------------


def submit(browser: Browser, server: tuple[str, int], table: int, body: dict[str, Any]
           ) -> tuple[int, dict[str, Any]]:
    status, content = browser.request(server, "POST", f"/en/api/tables/{table}/hands/", body)
    return status, json.loads(content) if content.startswith(b"{") else {}


def table_state(browser: Browser, server: tuple[str, int], table: int) -> dict[str, Any]:
    status, content = browser.request(server, "GET", f"/en/api/tables/{table}/")
    assert status == 200, content[:300]
    return json.loads(content)  # type: ignore[no-any-return]


@dataclass
class Outcome:
    created: dict[int, dict[str, int]] = field(default_factory=lambda: defaultdict(dict))
    repeats: list[tuple[int, int]] = field(default_factory=list)  # (hand id first, again)
    conflicts: Counter[int] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def saved(self, table: int, key: str, hand_id: int) -> None:
        with self.lock:
            assert key not in self.created[table], f"{key} created twice"
            self.created[table][key] = hand_id


def writer(browser: Browser, server: tuple[str, int], other: tuple[str, int], table: int,
           hands: list[dict[str, Any]], outcome: Outcome, start: threading.Barrier,
           repeat_through_other: bool = False) -> None:
    """A scorekeeper at a table: each hand with its own submission id and
    the version last seen; a 409 re-reads the table and sends the same
    submission again."""
    try:
        version = table_state(browser, server, table)["version"]
        start.wait(30)
        for game_input in hands:
            key = str(uuid.uuid4())
            for _attempt in range(30):
                body = {"submission_id": key, "expected_version": version, **game_input}
                status, answer = submit(browser, server, table, body)
                if status == 409:
                    with outcome.lock:
                        outcome.conflicts[table] += 1
                    version = answer["version"]
                    continue
                if status != 201:
                    outcome.errors.append(f"table {table}: HTTP {status} {answer}")
                    return
                outcome.saved(table, key, answer["hand"]["id"])
                version = answer["version"]
                if repeat_through_other:
                    # The answer was lost: the page sends the same submission again,
                    # this time through the other server.
                    again, repeated = submit(browser, other, table, body)
                    if again != 200:
                        outcome.errors.append(f"table {table}: repeat HTTP {again}")
                    with outcome.lock:
                        outcome.repeats.append((answer["hand"]["id"],
                                                repeated.get("hand", {}).get("id")))
                break
            else:
                outcome.errors.append(f"table {table}: still conflicting after 30 tries")
    except Exception as error:  # noqa: BLE001 (reported by the test)
        outcome.errors.append(f"table {table}: {error!r}")


def twins(browser_a: Browser, browser_b: Browser, servers: dict[str, tuple[str, int]],
          table: int, outcome: Outcome) -> None:
    """The same submission through both servers at the same moment: one
    saves it (201), the other answers with that hand (200)."""
    version = table_state(browser_b, servers["B"], table)["version"]
    body = {"submission_id": str(uuid.uuid4()), "expected_version": version, **hand(99)}
    gate = threading.Barrier(2)
    answers: dict[str, tuple[int, dict[str, Any]]] = {}

    def send(name: str, browser: Browser) -> None:
        gate.wait(10)
        answers[name] = submit(browser, servers[name], table, body)

    threads = [threading.Thread(target=send, args=("A", browser_a)),
               threading.Thread(target=send, args=("B", browser_b))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(status for status, _answer in answers.values()) == [200, 201], answers
    ids = {answer["hand"]["id"] for _status, answer in answers.values()}
    assert len(ids) == 1, answers
    outcome.saved(table, body["submission_id"], ids.pop())


def standings_table(page: bytes) -> str:
    found = re.search(rb'<table[^>]*class="table standings"[^>]*>.*?</table>', page, re.S)
    assert found, page[:3000]
    return found.group(0).decode()


def parsed(table_html: str) -> list[tuple[str, str, Decimal, int, int]]:
    """(position, name, table points, score, rounds) per row of the table."""
    body = re.search(r"<tbody[^>]*>(.*)</tbody>", table_html, re.S)
    assert body
    rows = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body.group(1), re.S):
        cells = [html.unescape(re.sub(r"<[^>]+>", " ", cell)).split()
                 for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        if len(cells) == 1:
            continue  # "No results yet"
        position, name, _club, points, score, played = (" ".join(cell) for cell in cells)
        rows.append((position, name, Decimal(points.replace(",", ".")),
                     int(score.replace("−", "-")), int(played)))
    return rows


def from_database(event: Event) -> list[tuple[str, str, Decimal, int, int]]:
    rows = standings_service.live_standings(Event.objects.get(pk=event.pk)).rows
    return [(str(row.position) if row.ranked else "–", row.name, Decimal(row.table_points),
             row.score, row.rounds_played) for row in rows]


def same_everywhere(reader: Browser, servers: dict[str, tuple[str, int]],
                    world: World) -> list[tuple[str, str, Decimal, int, int]]:
    """The standings page and its live part as both servers show them, and
    each table's state (JSON) through both: equal, and equal to the database."""
    pages = {}
    for name, server in servers.items():
        status, page = reader.request(server, "GET", f"/en/events/{world.event.pk}/standings/")
        assert status == 200
        pages[name] = standings_table(page)
        status, live = reader.request(server, "GET",
                                      f"/en/events/{world.event.pk}/standings/live/")
        assert status == 200
        pages[f"{name} live"] = standings_table(live)
    assert len(set(pages.values())) == 1, "the servers show different standings"
    shown = parsed(pages["A"])
    assert shown == from_database(world.event)
    return shown


def test_two_app_servers_share_one_database_and_one_redis(cluster: Cluster) -> None:
    with translation.override("en"):
        world, _users = build_world()
    servers = {name: (name, port) for name, port in cluster.ports.items()}
    A, B = servers["A"], servers["B"]
    exchanges: list[Exchange] = []
    lock = threading.Lock()
    vera, wim, olga, reader = (Browser(exchanges, lock) for _ in range(4))
    # Logged in on one server, the session works on the other: sessions are
    # in the database, not in a server's memory.
    vera.log_in(A, "vera")
    wim.log_in(B, "wim")
    olga.log_in(A, "olga")
    t1, t2, t3, t4 = (table.pk for table in world.tables)
    assert table_state(vera, B, t1)["version"] == 0
    # Both servers read (and cache) the standings before the hands arrive: a
    # cache in a server's memory would go on serving these afterwards.
    for _ in range(4):
        assert same_everywhere(reader, servers, world) == []

    outcome = Outcome()
    jobs = [
        (vera, A, B, t1, [hand(i) for i in range(HANDS_PER_TABLE)], True),
        (vera, A, B, t2, [hand(i + 10) for i in range(HANDS_PER_TABLE)], False),
        (wim, B, A, t3, [hand(i + 20) for i in range(HANDS_PER_TABLE)], True),
        # Two writers at table 4, through different servers, starting from the
        # same version: the second to arrive is told 409 and sends it again.
        (vera, A, B, t4, [hand(i + 30) for i in range(HANDS_PER_SHARED_WRITER)], False),
        (wim, B, A, t4, [hand(i + 40) for i in range(HANDS_PER_SHARED_WRITER)], False),
    ]
    start = threading.Barrier(len(jobs))
    threads = [threading.Thread(target=writer, args=(browser, server, other, table, hands,
                                                     outcome, start, repeat))
               for browser, server, other, table, hands, repeat in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(180)
    assert not outcome.errors, outcome.errors
    twins(vera, wim, servers, t3, outcome)

    # No server error anywhere; only the answers of the contract.
    assert not [e for e in exchanges if e.status >= 500], [e for e in exchanges
                                                          if e.status >= 500]
    posts = Counter(e.status for e in exchanges if e.path.endswith("/hands/"))
    assert set(posts) <= {200, 201, 409}, posts
    assert outcome.conflicts[t4] >= 1 and posts[409] == sum(outcome.conflicts.values())
    # Every repeat answered with the hand it saved, through the other server.
    assert len(outcome.repeats) == 2 * HANDS_PER_TABLE
    assert all(first == again for first, again in outcome.repeats), outcome.repeats

    # Every hand stored exactly once, numbered 1..n, the version counting them.
    expected = {t1: HANDS_PER_TABLE, t2: HANDS_PER_TABLE, t3: HANDS_PER_TABLE + 1,
                t4: 2 * HANDS_PER_SHARED_WRITER}
    for table_id, count in expected.items():
        stored = dict(Hand.objects.filter(table_id=table_id)
                      .values_list("submission_id", "pk"))
        assert {str(key): pk for key, pk in stored.items()} == outcome.created[table_id]
        assert len(stored) == count
        numbers = sorted(Hand.objects.filter(table_id=table_id).values_list("number",
                                                                             flat=True))
        assert numbers == list(range(1, count + 1))
        assert Table.objects.get(pk=table_id).version == count
        # The table as the score-entry page reads it, the same through both servers.
        assert table_state(vera, A, table_id) == table_state(vera, B, table_id)

    shown = same_everywhere(reader, servers, world)
    assert len(shown) == 16 and {row[4] for row in shown} == {1}

    # A correction through B: the worker recomputes the standings into Redis.
    version = table_state(wim, B, t1)["version"]
    status, content = wim.request(B, "POST", f"/en/api/tables/{t1}/hands/2/correct/",
                                  {"expected_version": version, **hand(3)})
    assert status == 200, content[:500]
    deadline = time.monotonic() + 30
    while not re.search(r"tournaments\.refresh_standings\[[^\]]+\] succeeded",
                        cluster.log("worker")):
        assert time.monotonic() < deadline, cluster.log("worker")
        time.sleep(0.2)
    same_everywhere(reader, servers, world)

    # The organiser closes the round through A; B shows the final results, and
    # the worker computes the event's statistics from the same database.
    status, page = olga.request(A, "GET", f"/en/rounds/{world.round.pk}/")
    assert status == 200
    status, content = olga.request(A, "POST", f"/en/rounds/{world.round.pk}/close/",
                                   form={"csrfmiddlewaretoken": olga.token,
                                         "confirm": "yes"})  # closing asks first
    assert status == 302, content[:2000]
    assert Round.objects.get(pk=world.round.pk).status == RoundStatus.CLOSED
    deadline = time.monotonic() + 60
    while not GroupStatistics.objects.filter(scope="event", object_id=world.event.pk).exists():
        assert time.monotonic() < deadline, cluster.log("worker")
        time.sleep(0.3)
    final = same_everywhere(reader, servers, world)
    assert [row[0] for row in final][:1] == ["1"]
    assert not [e for e in exchanges if e.status >= 500]
