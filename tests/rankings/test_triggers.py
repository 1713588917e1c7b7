"""When results change, a recomputation is asked for once the change
commits, and runs in the background, once for many changes."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import transaction

from clubs.models import Club, Member
from config.caches import redis_cache
from rankings import services, tasks
from rankings.models import RankingRun
from scoring.engine import RULESETS
from tests.rankings.conftest import TODAY, Background, tournament
from tournaments.models import EventKind, EventStatus, Hand, TableResult
from tournaments.services import create_event, finish_event, rounds, update_event
from tournaments.services import hands as hand_service
from tournaments.services import registration as registrations

pytestmark = pytest.mark.django_db

MakeMember = Callable[..., Member]


def four(make_member: MakeMember) -> list[Member]:
    return [make_member(name) for name in ("Anna", "Bram", "Cor", "Dirk")]


def test_finishing_a_tournament_asks_for_a_recomputation_on_commit(
        club: Club, make_member: MakeMember, background: Background,
        django_capture_on_commit_callbacks: Any, settings: Any) -> None:
    settings.RANKING_DEBOUNCE_SECONDS = 3
    event = tournament(club, four(make_member), finish=False)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        finish_event(event)
    assert callbacks and background.started == []  # nothing before the commit
    for callback in callbacks:
        callback()
    assert background.started == ["nts"]
    assert services.state("nts") == {"pending": True, "running": False}


def test_the_recomputation_runs_and_the_ranking_appears(
        club: Club, make_member: MakeMember, background: Background,
        django_capture_on_commit_callbacks: Any) -> None:
    background.run_inline = True
    players = four(make_member)
    tournament(club, players)
    event = tournament(club, players[::-1], finish=False)
    with django_capture_on_commit_callbacks(execute=True):
        finish_event(event)
    run = services.current_run("nts")
    assert run is not None and run.players == 4
    assert services.state("nts") == {"pending": False, "running": False}


def test_many_changes_give_one_recomputation(
        club: Club, make_member: MakeMember, background: Background,
        django_capture_on_commit_callbacks: Any) -> None:
    players = four(make_member)
    events = [tournament(club, players, finish=False) for _ in range(3)]
    with django_capture_on_commit_callbacks(execute=True):
        for event in events:
            finish_event(event)
    assert background.started == ["nts"]
    # Once it has started, the next change asks again.
    tasks.recompute("nts")
    with django_capture_on_commit_callbacks(execute=True):
        update_event(events[0], status=EventStatus.RUNNING)
    assert background.started == ["nts", "nts"]


def test_reopening_and_editing_a_finished_tournament(
        club: Club, make_member: MakeMember, background: Background,
        django_capture_on_commit_callbacks: Any) -> None:
    event = tournament(club, four(make_member))

    def asked(change: Callable[[], Any]) -> bool:
        background.started.clear()
        services.run_requested("nts")  # no request waiting
        with django_capture_on_commit_callbacks(execute=True):
            change()
        return bool(background.started)

    assert not asked(lambda: update_event(event, title="Another title"))
    assert asked(lambda: update_event(event, days=2))
    assert asked(lambda: update_event(event, guests_ranked=False))
    assert asked(lambda: update_event(event, status=EventStatus.RUNNING))  # reopened
    assert not asked(lambda: update_event(event, days=3))  # not finished: no result counts
    assert asked(lambda: finish_event(event))


def test_changing_the_rule_set_of_a_finished_tournament_recomputes_both(
        club: Club, make_member: MakeMember, background: Background,
        django_capture_on_commit_callbacks: Any) -> None:
    event = tournament(club, four(make_member))
    event.ruleset = "philos"  # the admin: the service would refuse frozen rules
    with django_capture_on_commit_callbacks(execute=True):
        event.save()
    assert sorted(background.started) == ["nts", "philos"]


def test_club_evenings_and_running_tournaments_ask_nothing(
        club: Club, make_member: MakeMember, background: Background,
        django_capture_on_commit_callbacks: Any) -> None:
    players = four(make_member)
    evening = tournament(club, players, kind=EventKind.EVENING, finish=False)
    running = tournament(club, players, finish=False)
    with django_capture_on_commit_callbacks(execute=True):
        finish_event(evening)
        TableResult.objects.filter(table__round__event=running).delete()
        update_event(running, title="Renamed")
    assert background.started == []


def test_a_rolled_back_change_asks_nothing(
        club: Club, make_member: MakeMember, background: Background,
        django_capture_on_commit_callbacks: Any) -> None:
    event = tournament(club, four(make_member), finish=False)
    with django_capture_on_commit_callbacks(execute=True):
        try:
            with transaction.atomic():
                finish_event(event)
                raise RuntimeError("changed my mind")
        except RuntimeError:
            pass
    assert background.started == []


def test_rewritten_results_of_a_finished_tournament_ask(
        club: Club, make_member: MakeMember, background: Background,
        django_capture_on_commit_callbacks: Any) -> None:
    event = tournament(club, four(make_member))
    with django_capture_on_commit_callbacks(execute=True):
        TableResult.objects.filter(table__round__event=event).delete()
    assert background.started == ["nts"]


def test_a_new_nmb_number_of_a_ranked_member_asks(
        club: Club, make_member: MakeMember, background: Background,
        django_capture_on_commit_callbacks: Any) -> None:
    players = four(make_member)
    tournament(club, players, ruleset="hongkong")
    anna = players[0]
    with django_capture_on_commit_callbacks(execute=True):
        anna.last_name = "Jansen"
        anna.save()
    assert background.started == []
    with django_capture_on_commit_callbacks(execute=True):
        anna.nmb_number = "99999"
        anna.save()
    assert background.started == ["hongkong"]


def test_a_correction_after_the_tournament_finished_asks(
        club: Club, make_member: MakeMember, background: Background,
        django_capture_on_commit_callbacks: Any, django_user_model: type[User]) -> None:
    """The real flow: seat, play, close, finish; the organiser then corrects a
    hand of the closed round (the hands service rewrites the table's results)."""
    organiser = django_user_model.objects.create_user("alice")
    club.organisers.add(organiser)
    event = create_event(club, kind=EventKind.TOURNAMENT, title="Voorjaarstoernooi",
                         start_date=TODAY)
    for player in four(make_member):
        registrations.register(event, member=player)
    round_ = rounds.start_round(rounds.seat_round(rounds.add_round(event), seed=1))
    table = round_.tables.get()
    with django_capture_on_commit_callbacks(execute=True):
        rounds.record_hand(table, values={0: 40, 1: 20, 2: 10, 3: 0}, winner=0, east=0)
        rounds.close_round(round_)
    assert background.started == []  # not finished yet
    with django_capture_on_commit_callbacks(execute=True):
        finish_event(event)
    assert background.started == ["nts"]
    services.run_requested("nts")
    background.started.clear()
    table.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        hand_service.correct_hand(
            Hand.objects.get(table=table), game_input={
                "values": {"0": 0, "1": 20, "2": 10, "3": 48}, "winner": 3, "east": 0},
            expected_version=table.version, user=organiser)
    assert background.started == ["nts"]


# --- How the work is started ----------------------------------------------------------


def test_with_a_broker_the_task_is_sent_after_the_debounce_delay(
        monkeypatch: pytest.MonkeyPatch, with_broker: None, background: Background) -> None:
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(tasks.recompute, "apply_async",
                        lambda **kwargs: sent.append(kwargs))
    assert services.request_recompute(["nts", "philos"]) == ["nts", "philos"]
    assert sent == [{"args": ["nts"], "countdown": 5}, {"args": ["philos"], "countdown": 5}]
    assert services.request_recompute(["nts"]) == []  # already waiting
    assert background.started == []


def test_a_broker_that_is_down_costs_the_user_nothing(
        monkeypatch: pytest.MonkeyPatch, with_broker: None, caplog: Any) -> None:
    def refuse(**kwargs: Any) -> None:
        raise ConnectionError("redis is down")

    monkeypatch.setattr(tasks.recompute, "apply_async", refuse)
    assert services.request_recompute(["nts"]) == []
    assert "not started" in caplog.text
    # Not left "waiting": the next change tries again.
    assert services.state("nts")["pending"] is False


def test_without_a_broker_it_runs_at_once_in_this_thread(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """No daemon thread: the process that asked runs it (after the commit)."""
    monkeypatch.undo()  # the real common.background._run_now, not the recorder
    ran: list[tuple[str | None, str]] = []

    def run(ruleset: str | None = None) -> None:
        ran.append((ruleset, threading.current_thread().name))

    monkeypatch.setattr(services, "run_requested", run)
    assert services.request_recompute(["philos"]) == ["philos"]
    assert ran == [("philos", threading.current_thread().name)]


def test_a_failing_recomputation_only_logs(monkeypatch: pytest.MonkeyPatch,
                                           caplog: Any) -> None:
    monkeypatch.undo()

    def fail(ruleset: str | None = None) -> None:
        raise RuntimeError("database gone")

    monkeypatch.setattr(services, "run_requested", fail)
    assert services.request_recompute(["nts"]) == ["nts"]
    assert "rankings.recompute nts failed" in caplog.text
    assert services.state("nts") == {"pending": False, "running": False}  # asks again


def test_the_task_recomputes_one_or_every_rule_set(club: Club,
                                                   make_member: MakeMember) -> None:
    tasks.recompute("philos")
    assert list(RankingRun.objects.values_list("ruleset", flat=True)) == ["philos"]
    tasks.recompute()  # the nightly run
    assert sorted(RankingRun.objects.filter(status="current")
                  .values_list("ruleset", flat=True)) == sorted(RULESETS)


def test_the_nightly_run_is_scheduled(settings: Any) -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["rankings-nightly"]
    assert entry["task"] == "rankings.recompute"
    assert tasks.recompute.name == "rankings.recompute"


def test_a_round_of_a_finished_tournament_saved_again_asks(
        club: Club, make_member: MakeMember, background: Background,
        django_capture_on_commit_callbacks: Any) -> None:
    event = tournament(club, four(make_member))
    round_ = event.rounds.get()
    with django_capture_on_commit_callbacks(execute=True):
        round_.save()
    assert background.started == ["nts"]


def test_a_registration_of_a_finished_tournament_edited_asks(
        club: Club, make_member: MakeMember, background: Background,
        django_capture_on_commit_callbacks: Any) -> None:
    """The guest was a member after all (an organiser's fix in the admin)."""
    event = tournament(club, ["Gast", *four(make_member)])
    guest = event.registrations.get(guest_name="Gast")
    guest.guest_name, guest.member = "", make_member("Gijs")
    with django_capture_on_commit_callbacks(execute=True):
        guest.save()
    assert background.started == ["nts"]
    background.started.clear()
    services.run_requested("nts")
    with django_capture_on_commit_callbacks(execute=True):
        guest.save(update_fields=["checked_in_at", "late"])  # a check-in changes nothing
    assert background.started == []


def test_a_request_the_broker_lost_blocks_only_for_a_while(
        monkeypatch: pytest.MonkeyPatch, with_broker: None) -> None:
    """The waiting flag expires RANKING_PENDING_SECONDS after the debounce
    delay: a task the broker lost blocks no longer."""
    monkeypatch.setattr(tasks.recompute, "apply_async", lambda **kwargs: None)
    held: list[Any] = []
    add = services.background.cache.add
    monkeypatch.setattr(services.background.cache, "add",
                        lambda key, value, timeout: held.append(timeout) or add(key, value, timeout))
    assert services.request_recompute(["nts"]) == ["nts"]
    assert held == [600 + 5]


def test_with_the_cache_down_the_ranking_page_still_shows(
        club: Club, make_member: MakeMember, background: Background,
        django_capture_on_commit_callbacks: Any, settings: Any, client: Any) -> None:
    background.run_inline = True
    players = four(make_member)
    tournament(club, players)
    with django_capture_on_commit_callbacks(execute=True):
        finish_event(tournament(club, players[::-1], finish=False))
    assert services.current_run("nts") is not None
    # Redis (the cache) refuses every connection: "waiting" and "running"
    # are unknown, shown as neither; the ranking itself is in the database.
    settings.CACHES = {"default": redis_cache("redis://127.0.0.1:9/1", timeout_seconds=1)}
    assert services.state("nts") == {"pending": False, "running": False}
    response = client.get("/en/rankings/nts/")
    assert response.status_code == 200 and "Anna" in response.content.decode()
