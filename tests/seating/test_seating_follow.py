"""Balanced seating round by round follows the event's whole-schedule plan (follow.py):
the live event reaches the stored repeat-free schedules, and leaves the plan cleanly after a
dropout, a swap or its last planned round."""

from __future__ import annotations

import pytest

from tests.support import worlds
from tournaments import seating
from tournaments.models import SeatingMethod
from tournaments.seating.follow import planned_next_round
from tournaments.seating.meetings import meeting_counts, repeat_meetings
from tournaments.services import rounds as round_service


def _live(players: list[int], rounds: int, planned: int, seed: int = 7,
          odd_tables: str = "five") -> list[list[list[int]]]:
    """Round 1 by lot, then balanced rounds one at a time, as an event seats them."""
    history = [seating.seat("random", seating.SeatingRequest(players=players, seed=seed,
                                                               odd_tables=odd_tables))]
    for r in range(1, rounds):
        request = seating.SeatingRequest(players=players, history=history, seed=seed + r,
                                         rounds_planned=planned, odd_tables=odd_tables)
        history.append(seating.seat("balanced", request))
    return history


@pytest.mark.parametrize(("n", "rounds"), [(16, 5), (24, 7), (28, 9), (40, 13), (48, 15), (64, 21)])
def test_a_live_event_reaches_the_best_known_schedule(n, rounds):
    players = [100 + 3 * i for i in range(n)]
    history = _live(players, rounds, rounds)
    assert repeat_meetings(meeting_counts(history)) == 0
    for tables in history:
        assert sorted(p for table in tables for p in table) == sorted(players)
        assert all(len(table) == 4 for table in tables)


def test_two_events_with_the_same_players_get_different_plans():
    players = list(range(1, 29))
    first = _live(players, 3, 9, seed=1)
    second = _live(players, 3, 9, seed=2)
    assert {frozenset(t) for t in first[1]} != {frozenset(t) for t in second[1]}


def test_a_swap_leaves_the_plan_and_the_search_takes_over():
    players = list(range(1, 25))
    history = _live(players, 2, 7)
    history[1][0][0], history[1][1][0] = history[1][1][0], history[1][0][0]
    assert planned_next_round(players, history, 7, "five") is None
    request = seating.SeatingRequest(players=players, history=history, seed=3, rounds_planned=7)
    tables = seating.seat("balanced", request)
    assert sorted(p for table in tables for p in table) == players


def test_a_dropout_leaves_the_plan():
    players = list(range(1, 25))
    history = _live(players, 3, 7)
    still_here = players[:-4]
    assert planned_next_round(still_here, history, 7, "five") is None
    assert planned_next_round(players, history, 7, "five") is not None


def test_the_plan_ends_with_the_planned_rounds():
    players = list(range(1, 17))
    history = _live(players, 5, 5)
    assert planned_next_round(players, history, 5, "five") is None


@pytest.mark.django_db
def test_an_event_seated_round_by_round_through_the_services_has_no_repeat_meeting():
    world = worlds.tournament(players=24, played=0, finish=False, rounds_planned=7,
                              seating_method=SeatingMethod.BALANCED)
    history = []
    for number in range(7):
        round_ = round_service.seat_round(round_service.add_round(world.event), seed=number)
        history.append(round_service.round_tables(round_))
    assert repeat_meetings(meeting_counts(history)) == 0
    assert round_.seating_report["repeat_total"] == 0
