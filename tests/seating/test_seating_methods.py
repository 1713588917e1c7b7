"""seat(): every method, one round at a time."""

from collections import Counter
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tournaments.seating import (
    METHODS,
    SeatingError,
    SeatingRequest,
    plan,
    rank_order,
    rank_order_check,
    report,
    seat,
    table_sizes,
)
from tournaments.seating.meetings import meeting_counts


@st.composite
def requests(draw: st.DrawFn) -> SeatingRequest:
    odd_tables = draw(st.sampled_from(["five", "three"]))
    n = draw(st.integers(8, 41).filter(lambda n: _seatable(n, odd_tables)))
    ids = draw(st.lists(st.integers(1, 500), min_size=n, max_size=n, unique=True))
    earlier = draw(st.integers(0, 3))
    history = plan(ids, earlier, "random", draw(st.integers(0, 99)), odd_tables) if earlier else []
    absent = draw(st.lists(st.integers(501, 520), max_size=3, unique=True))
    ranking = draw(st.permutations(ids + absent))
    late = draw(st.integers(0, 3))
    return SeatingRequest(
        players=ids,
        history=history,
        ranking=ranking[late:],  # the first few ranked players are "late": not in the ranking
        clubs={p: "abcde"[p % 5] for p in ids},
        avoid_same_club=draw(st.booleans()),
        odd_tables=odd_tables,
        seed=draw(st.integers(0, 2**32)),
    )


def _seatable(n: int, odd_tables: str) -> bool:
    try:
        table_sizes(n, odd_tables)
    except SeatingError:
        return False
    return True


@settings(max_examples=examples(60), deadline=None)
@given(request=requests(), method=st.sampled_from(METHODS))
def test_every_present_player_is_seated_exactly_once(request: SeatingRequest, method: str) -> None:
    tables = seat(method, request)
    assert Counter(p for t in tables for p in t) == Counter(request.players)
    assert [len(t) for t in tables] == table_sizes(len(request.players), request.odd_tables)
    assert seat(method, request) == tables  # deterministic for a seed


@pytest.mark.parametrize("method", METHODS)
def test_it_refuses_bad_requests(method: str) -> None:
    with pytest.raises(SeatingError, match="player 3 is listed twice"):
        seat(method, SeatingRequest(players=[1, 2, 3, 3, 4, 5, 6, 7]))
    with pytest.raises(SeatingError, match="tables of 3 would work"):
        seat(method, SeatingRequest(players=range(7)))
    with pytest.raises(SeatingError, match="unknown seating method 'best'"):
        seat("best", SeatingRequest(players=range(8)))


def test_fuhing_seats_the_best_four_at_table_one_and_so_on() -> None:
    ranking = [7, 3, 12, 1, 5, 9, 11, 2, 4, 10, 6, 8]
    tables = seat("fuhing", SeatingRequest(players=range(1, 13), ranking=ranking, seed=5))
    assert [set(t) for t in tables] == [{7, 3, 12, 1}, {5, 9, 11, 2}, {4, 10, 6, 8}]


def test_fuhing_fills_tables_of_five_first_and_skips_absent_players() -> None:
    ranking = [*range(18, 0, -1), 99]  # 99 dropped out
    tables = seat("fuhing", SeatingRequest(players=range(1, 19), ranking=ranking))
    assert [sorted(t) for t in tables] == [
        [14, 15, 16, 17, 18],
        [9, 10, 11, 12, 13],
        [5, 6, 7, 8],
        [1, 2, 3, 4],
    ]


def test_fuhing_ignores_earlier_meetings() -> None:
    history = [[[1, 2, 3, 4], [5, 6, 7, 8]]]
    tables = seat(
        "fuhing", SeatingRequest(players=range(1, 9), history=history, ranking=range(1, 9))
    )
    assert [set(t) for t in tables] == [{1, 2, 3, 4}, {5, 6, 7, 8}]


def test_swiss_keeps_rank_order_when_nobody_met() -> None:
    history = [[[1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15], [4, 8, 12, 16]]]
    tables = seat(
        "swiss", SeatingRequest(players=range(1, 17), history=history, ranking=range(1, 17))
    )
    assert [set(t) for t in tables] == [set(range(k, k + 4)) for k in (1, 5, 9, 13)]


def test_swiss_moves_the_fewest_players_to_avoid_a_repeat() -> None:
    # 1 and 2 met; the rest did not. One swap between tables 1 and 2 is enough, and it
    # moves the lowest ranked player that helps: 2 goes down, 5 comes up.
    history = [[[1, 2, 20, 21]]]
    tables = seat(
        "swiss", SeatingRequest(players=range(1, 17), history=history, ranking=range(1, 17))
    )
    assert [set(t) for t in tables] == [
        {1, 3, 4, 5},
        {2, 6, 7, 8},
        {9, 10, 11, 12},
        {13, 14, 15, 16},
    ]


@settings(max_examples=examples(40), deadline=None)
@given(request=requests())
def test_swiss_seats_out_of_rank_order_only_to_avoid_a_repeat(request: SeatingRequest) -> None:
    tables = seat("swiss", request)
    order = rank_order(request.players, request.ranking, Random(request.seed))
    clubs = request.clubs if request.avoid_same_club else None
    check = rank_order_check(tables, order, request.history, clubs)
    assert check.fair, check.free_inversions
    assert check.conflicts <= check.natural_conflicts
    if check.natural_conflicts == 0:
        assert check.out_of_order == ()


CLUBS = {p: "ABCD"[p % 4] for p in range(16)}


@pytest.mark.parametrize("method", METHODS)
def test_members_of_one_club_never_share_a_table_when_avoidable(method: str) -> None:
    history = plan(range(16), 2, "balanced", seed=3)
    request = SeatingRequest(
        players=range(16), history=history, ranking=range(16), clubs=CLUBS, avoid_same_club=True
    )
    tables = seat(method, request)
    assert report([tables], clubs=CLUBS).same_club == ((),)


def test_same_club_pairs_that_cannot_be_avoided_are_reported() -> None:
    # Five members of club A among 8 players at two tables: 3 + 2 is the best split.
    clubs = {p: "A" if p < 5 else f"other{p}" for p in range(8)}
    tables = seat("balanced", SeatingRequest(players=range(8), clubs=clubs, avoid_same_club=True))
    assert len(report([tables], clubs=clubs).same_club[0]) == 3 + 1


def test_club_avoidance_outweighs_repeat_meetings() -> None:
    clubs = {p: "AB"[p % 2] for p in range(8)}
    history = [[[0, 1, 2, 3], [4, 5, 6, 7]]]  # every table mixes both clubs
    request = SeatingRequest(players=range(8), history=history, clubs=clubs, avoid_same_club=True)
    tables = seat("balanced", request)
    # Only one split keeps the clubs apart beyond the 2 + 2 minimum... each table 2 of each.
    assert all(sorted(clubs[p] for p in t) == ["A", "A", "B", "B"] for t in tables)
    assert len(report([*history, tables]).repeat_meetings) == 4


def test_balanced_avoids_earlier_meetings() -> None:
    history = plan(range(32), 3, "random", seed=1)
    tables = seat("balanced", SeatingRequest(players=range(32), history=history))
    met = meeting_counts(history)
    assert not any(pair in met for pair in meeting_counts([tables]))
