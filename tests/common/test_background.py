"""The one background mechanism (common/background.py): a named Celery task
per key, asked for after the commit, coalesced while it waits, eager without
a broker, and never the user's problem when something is down."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from celery import shared_task
from django.db import transaction

from common import background
from config.caches import redis_cache
from config.celery import app

pytestmark = pytest.mark.django_db

NAME = "tests.background_probe"
ran: list[Any] = []


@shared_task(name=NAME, ignore_result=True)
def probe(key: Any) -> None:
    with background.running(NAME, key):
        if key == "broken":
            raise RuntimeError("broken")
        ran.append((key, background.state(NAME, key)))


@pytest.fixture(autouse=True)
def _fresh() -> None:
    ran.clear()


@pytest.fixture
def with_broker(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[dict[str, Any]]]:
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(probe, "apply_async", lambda **kwargs: sent.append(kwargs))
    saved = app.conf.task_always_eager
    app.conf.task_always_eager = False
    try:
        yield sent
    finally:
        app.conf.task_always_eager = saved


def test_without_a_broker_it_runs_at_once_and_says_so_while_it_runs() -> None:
    assert background.request(NAME, 1)
    assert ran == [(1, {"pending": False, "running": True})]
    assert background.state(NAME, 1) == {"pending": False, "running": False}
    assert background.request(NAME, 1)  # done: the next change runs it again
    assert len(ran) == 2


def test_asked_after_the_commit_once_per_atomic_block(
        django_capture_on_commit_callbacks: Any) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        with transaction.atomic():
            for key in (1, 2, 1, 1, 2):
                background.after_commit(NAME, key)
            assert ran == []  # nothing before the commit
    assert [key for key, _ in ran] == [1, 2]


def test_a_rolled_back_change_asks_nothing(django_capture_on_commit_callbacks: Any) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        with transaction.atomic():
            background.after_commit(NAME, 1)
            try:
                with transaction.atomic():
                    background.after_commit(NAME, 2)
                    raise RuntimeError("changed my mind")
            except RuntimeError:
                pass
    assert [key for key, _ in ran] == [1]


def test_a_failing_task_only_logs_and_the_next_change_asks_again(caplog: Any) -> None:
    assert background.request(NAME, "broken")
    assert "tests.background_probe broken failed" in caplog.text
    assert background.state(NAME, "broken") == {"pending": False, "running": False}


def test_with_a_broker_it_is_sent_once_while_it_waits(
        with_broker: list[dict[str, Any]]) -> None:
    assert background.request(NAME, 1, delay=5)
    assert not background.request(NAME, 1, delay=5)  # waiting: it sees this change too
    assert background.request(NAME, 2)
    assert with_broker == [{"args": [1], "countdown": 5}, {"args": [2]}]
    assert background.state(NAME, 1) == {"pending": True, "running": False}
    with background.running(NAME, 1):  # the worker starts it
        assert background.state(NAME, 1) == {"pending": False, "running": True}
        assert background.request(NAME, 1, delay=5)  # a change while it runs asks again
    assert len(with_broker) == 3


def test_a_broker_that_is_down_costs_the_user_nothing(
        monkeypatch: pytest.MonkeyPatch, with_broker: list[dict[str, Any]],
        caplog: Any) -> None:
    def refuse(**kwargs: Any) -> None:
        raise ConnectionError("redis is down")

    monkeypatch.setattr(probe, "apply_async", refuse)
    assert not background.request(NAME, 1)
    assert "tests.background_probe 1 not started" in caplog.text
    assert background.state(NAME, 1)["pending"] is False  # the next change asks again


def test_a_cache_that_is_down_still_runs_the_work(settings: Any, caplog: Any) -> None:
    settings.CACHES = {"default": redis_cache("redis://127.0.0.1:9/1", timeout_seconds=1)}
    assert background.request(NAME, 1)
    assert [key for key, _ in ran] == [1]
    assert background.state(NAME, 1) == {"pending": False, "running": False}
    assert "cache unreachable" in caplog.text
