"""The results cache when Redis cannot be reached, or hangs, and when it
comes back (tournaments.services.results_cache): pages and score entry keep
working, each process computes for itself meanwhile, and nothing computed
before or during the outage is served after it.

The Redis here is a real redis-py client against a port where nothing
listens (refused at once) or a socket that accepts and never answers (a
hanging server: only the socket timeouts of settings.CACHES end the wait).
A local-memory cache stands in for Redis coming back with its old data."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connections
from django.test import Client

from config.caches import redis_cache
from tests.pages.test_live_standings import east_wins
from tests.pages.test_standings_cache import _totals, page
from tournaments.models import Event, Round
from tournaments.services import results_cache, rounds

pytestmark = pytest.mark.django_db

# Kept by name across settings changes, as Redis keeps its data across an outage.
BACK = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                    "LOCATION": "redis-stand-in"}}


def redis_at(port: int) -> dict[str, Any]:
    """Configured as production configures it (config/caches.py)."""
    return {"default": redis_cache(f"redis://127.0.0.1:{port}/1", timeout_seconds=1)}


@pytest.fixture(autouse=True)
def fresh_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """This process has not missed the cache yet (module state of the one
    process the tests run in)."""
    monkeypatch.setattr(results_cache, "_missed", False)
    monkeypatch.setattr(results_cache, "_failed_at", float("-inf"))
    monkeypatch.setattr(results_cache, "_outage_values", {})


@pytest.fixture
def redis_down() -> int:
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port: int = probe.getsockname()[1]
    probe.close()  # nothing listens there now: connections are refused
    return port


@pytest.fixture
def redis_hanging() -> Iterator[int]:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)  # the kernel accepts; nobody ever reads or answers
    yield server.getsockname()[1]
    server.close()


def test_with_the_cache_down_pages_and_score_entry_keep_working(
        client: Client, event: Event, started_round: Round, settings: Any,
        redis_down: int) -> None:
    settings.CACHES = redis_at(redis_down)
    assert "No results yet" in page(client, event)
    east_wins(started_round, value=40)  # saved, though the cache never hears of it
    first = _totals(client, event)
    assert "No results yet" not in page(client, event)
    table = started_round.tables.first()
    assert table is not None
    rounds.record_hand(table, values={0: 0, 1: 500, 2: 0, 3: 0}, winner=1, east=0)
    # A change made in this process shows at once, outage or not.
    assert _totals(client, event) != first
    assert client.get(f"/en/events/{event.pk}/standings/live/").status_code == 200


def test_while_down_each_value_is_computed_once_per_outage_period(
        event: Event, settings: Any, monkeypatch: pytest.MonkeyPatch, redis_down: int) -> None:
    settings.CACHES = redis_at(redis_down)
    calls: list[int] = []

    def compute() -> int:
        calls.append(1)
        return len(calls)

    # Hundreds of readers polling: one computation per OUTAGE_SECONDS.
    assert [results_cache.cached(event.pk, "test", compute) for _ in range(5)] == [1] * 5
    monkeypatch.setattr(results_cache, "OUTAGE_SECONDS", 0)
    assert results_cache.cached(event.pk, "test", compute) == 2
    # A change made here drops the event's value at once.
    monkeypatch.setattr(results_cache, "OUTAGE_SECONDS", 10)
    results_cache.changed(event.pk)
    assert results_cache.cached(event.pk, "test", compute) == 3


def test_nothing_from_before_or_during_an_outage_is_served_after_it(
        event: Event, settings: Any, monkeypatch: pytest.MonkeyPatch, redis_down: int) -> None:
    settings.CACHES = BACK
    cache.clear()
    assert results_cache.cached(event.pk, "test", lambda: "before") == "before"

    settings.CACHES = redis_at(redis_down)
    results_cache.changed(event.pk)  # a change the cache never hears of
    assert results_cache.cached(event.pk, "test", lambda: "during") == "during"

    # Redis is back with its old data (the value "before" under its old
    # generation). Within RETRY_SECONDS of the failure it is left alone.
    settings.CACHES = BACK
    assert results_cache.cached(event.pk, "test", lambda: "not yet") == "during"
    monkeypatch.setattr(results_cache, "RETRY_SECONDS", 0)
    # Then every event gets a new generation: neither "before" nor "during".
    results_cache.new_work()  # each read is a request of its own
    assert results_cache.cached(event.pk, "test", lambda: "after") == "after"
    results_cache.new_work()
    assert results_cache.cached(event.pk, "test", lambda: "again") == "after"  # kept again
    assert results_cache._missed is False


def test_a_hanging_cache_answers_within_its_timeout(
        event: Event, settings: Any, redis_hanging: int) -> None:
    settings.CACHES = redis_at(redis_hanging)
    results: list[str] = []
    errors: list[BaseException] = []

    def read() -> None:
        try:
            results.append(results_cache.cached(event.pk, "test", lambda: "computed"))
            results_cache.changed(event.pk)
            results.append(results_cache.cached(event.pk, "test", lambda: "again"))
        except BaseException as error:  # noqa: BLE001 (reported below)
            errors.append(error)
        finally:
            connections.close_all()  # this thread's own (on_commit opened one)

    # A thread, so that a cache without socket timeouts fails this test
    # instead of hanging the run.
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(30)
    assert not reader.is_alive(), "the cache call hung: no socket timeout"
    assert errors == [] and results == ["computed", "again"]


def test_a_value_computed_after_a_previous_one_was_served_is_not_kept(event: Event) -> None:
    # The standings table (html) is rendered from the standings data. A
    # request served the previous data (another process was computing the
    # new) renders html from it: stored under the new generation, that html
    # would be served until the next change.
    results_cache.new_work()
    results_cache.cached(event.pk, "data", lambda: "old data")
    results_cache.cached(event.pk, "html", lambda: "html of old data")
    results_cache.changed(event.pk)
    lock = f"results:{results_cache.code_stamp()}:{event.pk}:data:computing"
    assert cache.add(lock, 1, 10)  # another process computes the data
    assert results_cache.cached(event.pk, "data", lambda: "new data") == "old data"
    assert results_cache.cached(event.pk, "html", lambda: "html of old data") == (
        "html of old data")

    results_cache.new_work()
    cache.delete(lock)  # the other process is done
    assert results_cache.cached(event.pk, "data", lambda: "new data") == "new data"
    assert results_cache.cached(event.pk, "html", lambda: "html of new data") == (
        "html of new data")


def test_a_value_built_on_data_of_an_older_generation_is_not_kept(event: Event) -> None:
    # The request gets the standings data; a hand commits (through another
    # process) before it renders the table from that data: the table shows
    # the data without the hand and must not be kept under the generation
    # that includes it.
    results_cache.new_work()
    data = results_cache.cached(event.pk, "data", lambda: "data without the hand")
    results_cache.changed(event.pk)
    assert results_cache.cached(event.pk, "html", lambda: f"html of {data}") == (
        "html of data without the hand")

    results_cache.new_work()  # the next reader
    data = results_cache.cached(event.pk, "data", lambda: "data with the hand")
    assert results_cache.cached(event.pk, "html", lambda: f"html of {data}") == (
        "html of data with the hand")


def test_each_celery_task_starts_without_a_basis(event: Event) -> None:
    from celery.signals import task_prerun

    results_cache.new_work()
    results_cache.cached(event.pk, "data", lambda: "first")
    results_cache.changed(event.pk)
    task_prerun.send(sender=None)  # the worker's next task
    assert results_cache.cached(event.pk, "data", lambda: "second") == "second"
    assert results_cache.cached(event.pk, "data", lambda: "third") == "second"  # kept
