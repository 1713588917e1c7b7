"""A round from start to close and the event to its end (issue 15 §5): what
the confirmation before closing names, when a table counts as finished (its
scorekeeper says so, or its game is complete: not after one hand), the event
finishing by itself after its last planned round, and the round clock's
arithmetic (pauses, a table's extra minutes) on a fixed clock."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError

from scoring.engine import RULESETS
from scoring.engine.deal import (
    DREAMER_ROTATION,
    EACH_HAND,
    FIVE_PLAYER_ROTATION,
    Dealt,
    game_complete,
)
from scoring.engine.timing import FINISH_HAND, STOP_AT_SIGNAL
from tests.domain.conftest import make_event
from tournaments.models import Event, EventStatus, Round, RoundStatus, Table
from tournaments.services import clock, finish_event
from tournaments.services.rounds import (
    add_round,
    close_round,
    closing_check,
    record_hand,
    seat_round,
    set_table_finished,
    start_round,
    table_progress,
)

pytestmark = pytest.mark.django_db

VALUES = {0: 40, 1: 20, 2: 10, 3: 0}
START = datetime.datetime(2030, 3, 6, 19, 30, tzinfo=datetime.UTC)


def minutes(count: float) -> datetime.datetime:
    return START + datetime.timedelta(minutes=count)


def started(event: Event) -> Round:
    return start_round(seat_round(add_round(event), seed=7))


def two_tables(**fields: object) -> tuple[Event, Round, Table, Table]:
    event, _players = make_event(8, **fields)
    round_ = started(event)
    one, two = round_.tables.order_by("number")
    return event, round_, one, two


def progress_of(round_: Round) -> dict[int, object]:
    return {item.table.number: item for item in table_progress(round_)}


# --- When a table has finished ------------------------------------------------------


def test_one_hand_does_not_finish_a_table() -> None:
    _event, round_, one, _two = two_tables()
    record_hand(one, values=VALUES, winner=0, east=0)
    item = progress_of(round_)[1]
    assert item.hands == 1 and item.closable  # type: ignore[attr-defined]
    assert not item.finished  # type: ignore[attr-defined]
    assert item.last_hand_at is not None  # type: ignore[attr-defined]


def test_the_scorekeeper_says_the_table_finished_and_can_undo_it() -> None:
    _event, round_, one, _two = two_tables()
    record_hand(one, values=VALUES, winner=0, east=0)
    set_table_finished(one)
    assert progress_of(round_)[1].finished  # type: ignore[attr-defined]
    set_table_finished(one, False)
    one.refresh_from_db()
    assert one.finished_at is None
    assert not progress_of(round_)[1].finished  # type: ignore[attr-defined]


def test_a_table_finishes_only_while_its_round_is_played() -> None:
    event, _players = make_event(8)
    round_ = seat_round(add_round(event), seed=7)
    with pytest.raises(ValidationError, match="not being played"):
        set_table_finished(round_.tables.first())  # type: ignore[arg-type]


def test_a_table_that_played_its_whole_game_has_finished() -> None:
    """Sixteen hands in which the winds rotate every hand (nobody East
    wins): four rounds of four, E S W N (000 §1.9)."""
    _event, round_, one, _two = two_tables()
    for hand in range(16):
        east = hand % 4
        winner = (east + 1) % 4
        record_hand(one, values={p: 8 if p == winner else 0 for p in range(4)},
                    winner=winner, east=east)
        if hand < 15:
            assert not progress_of(round_)[1].game_complete, hand  # type: ignore[attr-defined]
    item = progress_of(round_)[1]
    assert item.game_complete and item.finished  # type: ignore[attr-defined]


@pytest.mark.parametrize("schedule", [FIVE_PLAYER_ROTATION, DREAMER_ROTATION])
def test_the_engine_knows_a_complete_game_at_a_table_of_5(schedule: object) -> None:
    positions = [0, 1, 2, 3, 4]
    history: list[Dealt] = []
    from scoring.engine.deal import next_deal

    for _hand in range(20):  # four winds of five hands
        assert not game_complete(positions, history, schedule, EACH_HAND)  # type: ignore[arg-type]
        deal = next_deal(positions, history, schedule, EACH_HAND)  # type: ignore[arg-type]
        history.append(Dealt(east=deal.east, prevailing=deal.prevailing, rotates=True))
    assert game_complete(positions, history, schedule, EACH_HAND)  # type: ignore[arg-type]


def test_east_staying_east_makes_the_game_longer() -> None:
    """Under "East stays East" a hand East wins does not move the winds: 16
    hands are not yet a game then."""
    positions = [0, 1, 2, 3]
    history = [Dealt(east=0, prevailing="E", rotates=False)]
    order = RULESETS["nts"].deal_order(4, {"east_stays": True})
    assert not game_complete(positions, history, DREAMER_ROTATION, order)


# --- The confirmation before closing --------------------------------------------------


def test_the_confirmation_names_tables_without_hands_and_unconfirmed_hands() -> None:
    event, round_, one, _two = two_tables(requires_confirmation=True)
    record_hand(one, values=VALUES, winner=0, east=0)
    check = closing_check(round_)
    assert not check.can_close
    assert check.blocking == ["No hands have been entered at table 2.",
                              "Hands at table 1 have not been confirmed yet."]
    # Table 1 is still playing; table 2 has no hands, which is the blocking part.
    assert [warning.split(":")[0] for warning in check.warnings] == [
        "Table 1 has not said it has finished"]
    with pytest.raises(ValidationError, match="No hands have been entered at table 2"):
        close_round(round_)
    round_.refresh_from_db()
    assert round_.status == RoundStatus.STARTED


def test_the_confirmation_names_tables_still_playing() -> None:
    _event, round_, one, two = two_tables()
    record_hand(one, values=VALUES, winner=0, east=0)
    record_hand(two, values=VALUES, winner=0, east=0)
    set_table_finished(one)
    check = closing_check(round_)
    assert check.can_close and check.blocking == []
    assert len(check.warnings) == 1 and "Table 2 has not said it has finished" in (
        check.warnings[0])
    set_table_finished(two)
    assert closing_check(round_).warnings == []


def test_several_tables_are_named_in_the_plural() -> None:
    event, _players = make_event(12)
    round_ = started(event)
    check = closing_check(round_)
    assert check.blocking == ["No hands have been entered at tables 1, 2, 3."]


# --- The event finishes after its last planned round -------------------------------------


def play_and_close(round_: Round) -> Round:
    for table in round_.tables.all():
        record_hand(table, values=VALUES, winner=0, east=0)
    return close_round(round_)


def test_the_event_finishes_when_its_last_planned_round_closes() -> None:
    event, _players = make_event(8, rounds_planned=2)
    play_and_close(started(event))
    event.refresh_from_db()
    assert event.status == EventStatus.RUNNING
    play_and_close(started(event))
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED
    with pytest.raises(ValidationError, match="is finished"):
        add_round(event)


def test_an_event_of_one_round_finishes_with_it() -> None:
    event, _players = make_event(8, rounds_planned=1)
    play_and_close(started(event))
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED


def test_finishing_by_hand_is_refused_while_a_round_is_played_and_idempotent() -> None:
    event, _players = make_event(8, rounds_planned=3)
    round_ = started(event)
    with pytest.raises(ValidationError, match="still being played"):
        finish_event(event)
    play_and_close(round_)
    event.refresh_from_db()
    assert event.status == EventStatus.RUNNING  # 1 of 3 planned
    assert finish_event(event).status == EventStatus.FINISHED
    assert finish_event(event).status == EventStatus.FINISHED


# --- The clock, on a fixed clock ------------------------------------------------------


def test_the_clock_runs_for_the_events_minutes() -> None:
    event, round_, one, _two = two_tables(round_minutes=75)
    state = clock.clock_state(round_, now=minutes(0))
    assert not state.started and state.remaining_seconds == 75 * 60 and state.shown == "1:15:00"
    round_ = clock.start_clock(round_, now=START)
    state = clock.clock_state(round_, now=minutes(10))
    assert state.running and state.remaining_seconds == 65 * 60
    assert state.ends_at == minutes(75)
    assert clock.clock_state(round_, now=minutes(80)).over
    assert clock.clock_state(round_, now=minutes(80)).seconds_left == 0
    assert clock.clock_state(round_, now=minutes(80)).remaining_seconds == -5 * 60


def test_a_pause_stops_the_clock_and_resuming_goes_on_where_it_stood() -> None:
    _event, round_, _one, _two = two_tables(round_minutes=75)
    clock.start_clock(round_, now=START)
    round_ = clock.pause_clock(round_, now=minutes(20))
    paused = clock.clock_state(round_, now=minutes(35))
    assert paused.paused and not paused.running and paused.ends_at is None
    assert paused.remaining_seconds == 55 * 60
    clock.pause_clock(round_, now=minutes(36))  # a second pause changes nothing
    round_ = clock.resume_clock(round_, now=minutes(35))
    assert round_.clock_paused_seconds == 15 * 60
    state = clock.clock_state(round_, now=minutes(40))
    assert state.running and state.remaining_seconds == 50 * 60
    assert state.ends_at == minutes(90)  # 75 minutes of play and a 15-minute pause
    round_ = clock.resume_clock(round_, now=minutes(41))  # resuming a running clock: nothing
    assert round_.clock_paused_seconds == 15 * 60


def test_a_tables_extra_minutes_add_to_its_time_only() -> None:
    _event, round_, one, two = two_tables(round_minutes=60)
    clock.start_clock(round_, now=START)
    one = clock.set_extra_minutes(one, 10)
    one.refresh_from_db()
    assert clock.clock_state(round_, one, now=minutes(60)).remaining_seconds == 10 * 60
    assert clock.clock_state(round_, two, now=minutes(60)).over
    assert clock.clock_state(round_, now=minutes(60)).over


@pytest.mark.parametrize("bad", [-1, 24 * 60 + 1, "5", True, None])
def test_extra_minutes_out_of_range_are_refused(bad: object) -> None:
    _event, round_, one, _two = two_tables()
    with pytest.raises(ValidationError, match="Extra minutes must be a whole number"):
        clock.set_extra_minutes(one, bad)  # type: ignore[arg-type]
    one.refresh_from_db()
    assert one.extra_minutes == 0


def test_the_clock_starts_once_and_only_while_the_round_is_played() -> None:
    event, _players = make_event(8, rounds_planned=1)
    seated = seat_round(add_round(event), seed=7)
    with pytest.raises(ValidationError, match="not being played"):
        clock.start_clock(seated, now=START)
    round_ = start_round(seated)
    with pytest.raises(ValidationError, match="has not been started"):
        clock.pause_clock(round_, now=START)
    clock.start_clock(round_, now=START)
    with pytest.raises(ValidationError, match="already running"):
        clock.start_clock(round_, now=minutes(1))
    play_and_close(round_)
    with pytest.raises(ValidationError, match="not being played"):
        clock.pause_clock(round_, now=minutes(2))


def test_the_clock_changes_no_results() -> None:
    """A clock change is no result: the round is written by a queryset
    update, so the results cache and the rankings are not told."""
    _event, round_, _one, _two = two_tables()
    before = Round.objects.filter(pk=round_.pk).values("status", "started_at").get()
    clock.start_clock(round_, now=START)
    assert Round.objects.filter(pk=round_.pk).values("status", "started_at").get() == before


# --- At time: what the rule set prescribes ----------------------------------------------


def test_each_rule_set_says_what_happens_at_time() -> None:
    assert RULESETS["nts"].time_rule.code == FINISH_HAND
    assert RULESETS["philos"].time_rule.code == FINISH_HAND
    assert RULESETS["hongkong"].time_rule.code == STOP_AT_SIGNAL
    assert "001 Huishoudelijk Reglement" in RULESETS["hongkong"].time_rule.source
    assert "000 §1.9" in RULESETS["nts"].time_rule.source


def test_the_app_translates_the_time_rule() -> None:
    from django.utils import translation

    event, _players = make_event(4, ruleset="hongkong")
    assert clock.at_time(event).text.startswith("Time is up: the round is over")  # type: ignore[union-attr]
    with translation.override("nl"):
        assert clock.at_time(event).text.startswith("De tijd is om")  # type: ignore[union-attr]
