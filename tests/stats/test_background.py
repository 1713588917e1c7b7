"""Statistics are recomputed in the background once a round closes or hands
of a closed round change (stats/signals.py, stats/background.py, through
common/background.py)."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
from django.contrib.auth.models import User

from common import background as common_background
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
    request = common_background.request

    def record(name: str, key: Any, **options: Any) -> bool:
        if name != background.TASK:
            return request(name, key, **options)
        sent.append(key)
        return True

    monkeypatch.setattr(common_background, "request", record)
    return sent


def version(hand: Hand) -> int:
    return Table.objects.get(pk=hand.table_id).version


def stored() -> tuple[dict[str, Any], dict[tuple[str, int], Any]]:
    return ({row.key: row.payload for row in PlayerStatistics.objects.all()},
            {(row.scope, row.object_id): row.payload for row in GroupStatistics.objects.all()})


def test_closing_rounds_computes_the_statistics(
        django_capture_on_commit_callbacks: Any) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        world = build(finish=False)
    after_closing = stored()
    assert set(after_closing[0]) == {"nmb-1001", "nmb-1002", "nmb-1004",
                                     f"member-{world.members['Cor'].pk}"}
    assert (GroupScope.CLUB, world.club.pk) in after_closing[1]
    services.recompute_all()
    assert stored() == after_closing  # the same as a full recomputation


def test_a_correction_after_closing_recomputes(
        world: World, django_capture_on_commit_callbacks: Any) -> None:
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
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(tasks.recompute_event, "apply_async",
                        lambda **kwargs: sent.append(kwargs))
    assert background.send(7)
    assert not background.send(7)  # waiting already: it will see this change too
    assert sent == [{"args": [7]}]


def test_a_broker_that_refuses_costs_the_user_nothing(
        with_broker: None, monkeypatch: pytest.MonkeyPatch, caplog: Any) -> None:
    def refuse(**kwargs: Any) -> None:
        raise ConnectionError("redis is down")

    monkeypatch.setattr(tasks.recompute_event, "apply_async", refuse)
    assert not background.send(7)
    assert "stats.recompute_event 7 not started" in caplog.text
    assert common_background.state(background.TASK, 7)["pending"] is False  # asks again


def test_without_a_broker_it_recomputes_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """No daemon thread: the process that asked recomputes, after the commit."""
    done: list[tuple[int, str]] = []
    monkeypatch.setattr(services, "recompute_event",
                        lambda event_id: done.append((event_id, threading.current_thread().name)))
    assert background.send(7)
    assert done == [(7, threading.current_thread().name)]


def test_changes_in_one_transaction_recompute_once(
        monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any,
        caplog: Any) -> None:
    done: list[int] = []

    def recompute(event_id: int) -> None:
        if event_id == 3:
            raise RuntimeError("broken event")  # logged; the others still run
        done.append(event_id)

    monkeypatch.setattr(services, "recompute_event", recompute)
    with django_capture_on_commit_callbacks(execute=True):
        for event_id in (1, 2, 3, 2, 1):
            background.event_changed(event_id)
    assert done == [1, 2]
    assert "stats.recompute_event 3 failed" in caplog.text


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
