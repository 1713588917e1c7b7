"""Seat winds: exact over a planned schedule, even round by round."""

from itertools import permutations
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tournaments.seating import METHODS, SeatingRequest, assign_winds, plan, report, seat
from tournaments.seating.winds import order_tables, wind_counts

# Swiss solves every round with CP-SAT up to its budget: seconds per plan, the slow pass.
EIGHT_ROUND_METHODS = [
    pytest.param(m, marks=pytest.mark.slow) if m == "swiss" else m for m in METHODS
]


@pytest.mark.parametrize("method", EIGHT_ROUND_METHODS)
@pytest.mark.parametrize("n", [16, 64])
def test_eight_rounds_give_every_player_each_wind_exactly_twice(method: str, n: int) -> None:
    rounds = plan(range(n), 8, method, seed=11)
    assert all(row.counts == (2, 2, 2, 2, 0) for row in report(rounds).winds)


@settings(max_examples=examples(40), deadline=None)
@given(
    tables=st.integers(1, 12),
    rounds=st.integers(1, 10),
    seed=st.integers(0, 2**32),
)
def test_any_grouping_into_tables_of_four_gets_even_winds(
    tables: int, rounds: int, seed: int
) -> None:
    # König: the counts of every player differ by at most 1, per wind floor or ceil of R/4.
    rng = Random(seed)
    players = list(range(4 * tables))
    schedule = []
    for _ in range(rounds):
        rng.shuffle(players)
        schedule.append([sorted(players[i : i + 4]) for i in range(0, len(players), 4)])
    ordered = assign_winds(schedule, rng)
    assert [[set(t) for t in r] for r in ordered] == [[set(t) for t in r] for r in schedule]
    for counts in wind_counts(ordered).values():
        assert set(counts[:4]) <= {rounds // 4, -(-rounds // 4)}


def test_seven_rounds_differ_by_one_at_most() -> None:
    assert report(plan(range(64), 7, "balanced")).max_wind_spread == 1


def test_tables_of_five_keep_winds_even() -> None:
    assert report(plan(range(18), 8, "balanced", seed=4)).max_wind_spread <= 1


def test_round_by_round_seating_gives_each_player_the_winds_he_lacks() -> None:
    history = [[[1, 2, 3, 4]], [[2, 3, 4, 1]], [[3, 4, 1, 2]]]
    table = seat("random", SeatingRequest(players=[1, 2, 3, 4], history=history))[0]
    assert table == [4, 1, 2, 3]


@settings(max_examples=examples(60), deadline=None)
@given(
    earlier=st.lists(st.permutations(range(8)), min_size=1, max_size=9),
    seed=st.integers(0, 2**32),
)
def test_a_live_round_keeps_the_largest_spread_as_small_as_any_order_can(
    earlier: list[list[int]], seed: int
) -> None:
    history = [[list(p[:4]), list(p[4:])] for p in earlier]
    groups = [[0, 1, 2, 3], [4, 5, 6, 7]]
    seated = order_tables(groups, history, Random(seed))
    counts = wind_counts(history)

    def largest_spread(table: list[int]) -> int:
        spreads = []
        for position, player in enumerate(table):
            row = list(counts[player])
            row[position] += 1
            spreads.append(max(row[:4]) - min(row[:4]))
        return max(spreads)

    for group, table in zip(groups, seated, strict=True):
        assert sorted(table) == group
        assert largest_spread(table) == min(largest_spread(list(o)) for o in permutations(group))
