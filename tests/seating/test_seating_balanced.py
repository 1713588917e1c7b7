"""Balanced seating against exhaustive search: no repeat meeting where one is avoidable."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.seating.brute_force import (
    fewest_repeats_schedule,
    fewest_repeats_this_round,
    partitions,
)
from tests.support.examples import examples
from tournaments.seating import SeatingRequest, plan, report, seat, table_sizes
from tournaments.seating.meetings import meeting_counts


def test_the_brute_force_sees_every_split() -> None:
    assert len(list(partitions(list(range(8)), [4, 4]))) == 35
    assert len(list(partitions(list(range(9)), [5, 4]))) == 126
    assert len(list(partitions(list(range(12)), [4, 4, 4]))) == 5775


@settings(max_examples=examples(30), deadline=None)
@given(
    n=st.sampled_from([8, 9, 10, 12]),
    earlier=st.integers(1, 4),
    history_seed=st.integers(0, 1000),
    seed=st.integers(0, 2**32),
)
def test_one_round_has_the_fewest_repeats_possible(
    n: int, earlier: int, history_seed: int, seed: int
) -> None:
    players = list(range(n))
    history = plan(players, earlier, "random", seed=history_seed)
    tables = seat("balanced", SeatingRequest(players=players, history=history, seed=seed))
    met = set(meeting_counts(history))
    repeats = sum(1 for pair in meeting_counts([tables]) if pair in met)
    assert repeats == fewest_repeats_this_round(players, table_sizes(n, "five"), history)


@pytest.mark.parametrize(("n", "rounds"), [(8, 2), (8, 3), (9, 2), (12, 2)])
def test_a_schedule_has_the_fewest_repeats_possible(n: int, rounds: int) -> None:
    players = list(range(1, n + 1))
    fewest = fewest_repeats_schedule(players, table_sizes(n, "five"), rounds)
    for seed in range(3):
        assert report(plan(players, rounds, "balanced", seed=seed)).repeat_total == fewest


def test_twelve_players_over_three_rounds_meet_the_pigeonhole_bound() -> None:
    # From round 2 on, every table of 4 takes its players from 3 earlier tables, so at
    # least two of them met: 3 tables x 2 rounds = 6 repeat meetings at least.
    for seed in range(3):
        assert report(plan(range(12), 3, "balanced", seed=seed)).repeat_total == 6


@pytest.mark.parametrize(("n", "rounds"), [(16, 5), (64, 7), (64, 8), (100, 6)])
def test_no_repeat_meetings_where_a_schedule_without_exists(n: int, rounds: int) -> None:
    # 16 x 5 is the affine plane of order 4: every pair meets exactly once.
    assert report(plan(range(n), rounds, "balanced", seed=7)).repeat_meetings == ()


def test_too_many_rounds_still_spread_the_repeats() -> None:
    # 16 players x 8 rounds: 192 meetings among 120 pairs; 72 repeats at least.
    result = report(plan(range(16), 8, "balanced", seed=1))
    assert result.repeat_total == 8 * 24 - 120
    assert max(count for _, count in result.repeat_meetings) == 2
