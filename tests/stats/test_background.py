"""Statistics are recomputed in the background once a round closes or hands
of a closed round change (stats/signals.py, stats/background.py)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User

from config.celery import app
from stats import background, services, tasks
from stats.models import GroupScope, GroupStatistics, PlayerStatistics
from tests.stats.conftest import World, build, by_values, seated
from tournaments.models import Hand, Table
from tournaments.services import hands as hand_service

pytestmark = pytest.mark.django_db


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The events sent for recomputation (nothing recomputed)."""
    sent: list[int] = []
    monkeypatch.setattr(background, "send", sent.append)
    return sent


@pytest.fixture
def at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Recompute in the test's own transaction, whatever the database (a
    thread would not see the test's uncommitted rows)."""
    monkeypatch.setattr(background, "_in_memory_database", lambda: True)


@pytest.fixture
def with_broker() -> Iterator[None]:
    saved = app.conf.task_always_eager
    app.conf.task_always_eager = False
    try:
        yield
    finally:
        app.conf.task_always_eager = saved


def version(hand: Hand) -> int:
    return Table.objects.get(pk=hand.table_id).version


def stored() -> tuple[dict[str, Any], dict[tuple[str, int], Any]]:
    return ({row.key: row.payload for row in PlayerStatistics.objects.all()},
            {(row.scope, row.object_id): row.payload for row in GroupStatistics.objects.all()})


def test_closing_rounds_computes_the_statistics(
        at_once: None, django_capture_on_commit_callbacks: Any) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        world = build(finish=False)
    after_closing = stored()
    assert set(after_closing[0]) == {"nmb-1001", "nmb-1002", "nmb-1004",
                                     f"member-{world.members['Cor'].pk}"}
    assert (GroupScope.CLUB, world.club.pk) in after_closing[1]
    services.recompute_all()
    assert stored() == after_closing  # the same as a full recomputation


def test_a_correction_after_closing_recomputes(
        world: World, at_once: None, django_capture_on_commit_callbacks: Any) -> None:
    services.recompute_all()
    last = Hand.objects.get(table__round=world.rounds[-1], number=3)  # Dirk's 32
    with django_capture_on_commit_callbacks(execute=True):
        hand_service.correct_hand(last, game_input=by_values([0, 0, 0, 500], 3, 0),
                                  expected_version=version(last), user=world.organiser)
    dirk = PlayerStatistics.objects.get(key="nmb-1004").payload["scopes"]["all"]
    assert dirk["rulesets"]["nts"]["best"][0]["value"] == 500
    event = GroupStatistics.objects.get(scope=GroupScope.EVENT, object_id=world.nts.pk)
    assert [ref["value"] for ref in event.payload["tally"]["rulesets"]["nts"]["best"]][:2] == [
        2000, 500]
    with django_capture_on_commit_callbacks(execute=True):
        hand_service.delete_hand(last, expected_version=version(last), user=world.organiser)
    dirk = PlayerStatistics.objects.get(key="nmb-1004").payload["scopes"]["all"]
    assert (dirk["hands"], dirk["won"]) == (6, 0)


def test_hands_of_a_round_in_play_change_nothing(
        calls: list[int], django_capture_on_commit_callbacks: Any) -> None:
    world = build(finish=False)
    layout = [world.players[world.nts.title][name] for name in ("Anna", "Bram", "Cor", "Dirk")]
    with django_capture_on_commit_callbacks(execute=True):
        table = seated(world.nts, layout, seed=3).tables.get()  # starting: nothing counted
    with django_capture_on_commit_callbacks(execute=True):
        hand = hand_service.record(table, by_values([40, 0, 0, 0], 0), user=world.organiser)
        hand_service.correct_hand(hand, game_input=by_values([48, 0, 0, 0], 0),
                                  expected_version=version(hand), user=world.organiser)
    assert calls == []


def test_what_triggers_a_recomputation(
        world: World, calls: list[int], django_capture_on_commit_callbacks: Any) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        world.nts.title = "Voorjaarstoernooi 2031"
        world.nts.save()  # an event changed (its kind or status may have)
    assert calls == [world.nts.pk]
    calls.clear()
    hand = Hand.objects.get(table__round=world.rounds[0], number=1)
    keeper = User.objects.create_user("keeper")
    world.club.organisers.add(keeper)
    with django_capture_on_commit_callbacks(execute=True):
        hand_service.confirm_hand(hand, keeper)  # confirming changes no figure
    assert calls == []
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        hand_service.correct_hand(hand, game_input=by_values([0, 20, 0, 0], 1),
                                  expected_version=version(hand), user=world.organiser)
    assert calls == []  # only once the change is committed
    for callback in callbacks:
        callback()
    assert calls == [world.hong_kong.pk]


def test_with_a_broker_the_worker_recomputes(
        with_broker: None, monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[int] = []
    monkeypatch.setattr(tasks.recompute_event, "delay", sent.append)
    monkeypatch.setattr(background, "start_thread", lambda event_id: pytest.fail("no thread"))
    background.send(7)
    assert sent == [7]


def test_a_broker_that_refuses_leaves_it_to_a_thread(
        with_broker: None, monkeypatch: pytest.MonkeyPatch, caplog: Any) -> None:
    def refuse(event_id: int) -> None:
        raise ConnectionError("redis is down")

    started: list[int] = []
    monkeypatch.setattr(tasks.recompute_event, "delay", refuse)
    monkeypatch.setattr(background, "_in_memory_database", lambda: False)
    monkeypatch.setattr(background, "start_thread", started.append)
    background.send(7)
    assert started == [7]
    assert "not sent to the worker" in caplog.text


def test_without_a_broker_a_daemon_thread_recomputes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(background, "_in_memory_database", lambda: False)
    started: list[int] = []
    monkeypatch.setattr(background, "start_thread", started.append)
    background.send(7)  # eager (no broker): never in the request itself
    assert started == [7]


def test_the_thread_takes_everything_asked_meanwhile(
        monkeypatch: pytest.MonkeyPatch, caplog: Any) -> None:
    done: list[int] = []
    release = threading.Event()
    working = threading.Event()

    def recompute(event_id: int) -> None:
        working.set()
        release.wait(5)
        if event_id == 3:
            raise RuntimeError("broken event")  # logged; the others still run
        done.append(event_id)

    monkeypatch.setattr(services, "recompute_event", recompute)
    thread = background.start_thread(1)
    assert thread.daemon and thread.name == "stats-recompute"
    # Once the thread has taken event 1 (asked before, 2 would be taken with
    # it, and asked again after that, rightly recomputed twice).
    assert working.wait(5)
    # Asked while the thread works: the same thread takes them, once each.
    assert background.start_thread(2) is thread
    assert background.start_thread(3) is thread
    assert background.start_thread(2) is thread
    release.set()
    thread.join(5)
    assert not thread.is_alive()
    assert done == [1, 2]
    assert "statistics of event 3 not recomputed" in caplog.text
    # Later requests start a new thread.
    later = background.start_thread(4)
    later.join(5)
    assert done == [1, 2, 4] and later is not thread
    deadline = time.monotonic() + 5
    while background._worker is not None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert background._worker is None


def test_rows_loaded_as_stored_start_no_recomputation(
        world: World, calls: list[int], django_capture_on_commit_callbacks: Any) -> None:
    # `loaddata` saves raw: the statistics come with the rows that are loaded.
    from django.core import serializers

    closed_round = world.rounds[0]
    change = closed_round.tables.first().hand_changes.first()  # type: ignore[union-attr]
    rows = json.loads(serializers.serialize("json", [world.nts, closed_round, change]))
    rows[2]["pk"] = None  # the audit row arrives as a new row (created)
    with django_capture_on_commit_callbacks(execute=True):
        for row in serializers.deserialize("json", json.dumps(rows)):
            row.save()  # DeserializedObject.save: save_base(raw=True)
    assert calls == []
    # Saved the ordinary way, the same rows do ask for one.
    with django_capture_on_commit_callbacks(execute=True):
        closed_round.save()
    assert calls == [closed_round.event_id]
