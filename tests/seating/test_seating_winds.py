"""Seat winds: exact over a planned schedule, even round by round."""

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tournaments.seating import METHODS, SeatingRequest, assign_winds, plan, report, seat
from tournaments.seating.winds import wind_counts


@pytest.mark.parametrize("method", METHODS)
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
