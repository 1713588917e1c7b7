"""Swiss seating solved exactly per round (tournaments/seating/swiss_exact.py)."""

from collections import Counter
from itertools import combinations, permutations
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.seating.brute_force import partitions
from tests.support.examples import examples
from tournaments.seating import SeatingRequest, plan, rank_order, rank_order_check, seat
from tournaments.seating.meetings import meeting_counts
from tournaments.seating.methods import local_search_by_rank
from tournaments.seating.search import chunk
from tournaments.seating.swiss_exact import SwissCost, solve_round
from tournaments.seating.tables import table_sizes


def exhaustive_optimum(order, sizes, history, clubs=None) -> SwissCost:
    """The least SwissCost over every seating: each split into tables, each order of the
    tables of one size."""
    n = len(order)
    rank = {p: r for r, p in enumerate(order)}
    natural = chunk(range(n), sizes)
    met = set(meeting_counts(history))
    club = clubs or {}
    best = None
    for split in partitions(list(order), sizes):
        for arranged in permutations(split):
            if [len(t) for t in arranged] != list(sizes):
                continue
            pairs = [pair for table in arranged for pair in combinations(sorted(table), 2)]
            cost = SwissCost(
                sum(1 for a, b in pairs if club.get(a) is not None and club.get(a) == club.get(b)),
                sum(1 for pair in pairs if pair in met),
                sum((t - natural[rank[p]]) ** 2 for t, table in enumerate(arranged) for p in table),
                sum(t * (n - rank[p]) for t, table in enumerate(arranged) for p in table),
            )
            best = cost if best is None else min(best, cost)
    return best


SMALL_CASES = [
    (8, "five", 2, 1),
    (8, "five", 3, 2),
    (9, "five", 2, 3),
    (10, "three", 2, 4),
    (12, "five", 2, 5),
    (12, "five", 3, 6),
]


@pytest.mark.parametrize(("n", "odd_tables", "earlier", "seed"), SMALL_CASES)
def test_the_solver_finds_the_exhaustive_optimum(
    n: int, odd_tables: str, earlier: int, seed: int
) -> None:
    players = list(range(1, n + 1))
    history = plan(players, earlier, "random", seed, odd_tables)
    order = list(Random(seed).sample(players, n))
    sizes = table_sizes(n, odd_tables)
    result = solve_round(order, sizes, history, budget=10.0)
    assert result.optimal
    assert result.cost == exhaustive_optimum(order, sizes, history)


def test_clubs_outweigh_repeats_at_the_optimum() -> None:
    players = list(range(1, 9))
    history = plan(players, 2, "random", 7)
    clubs = {p: "AB"[p % 2] for p in players}
    sizes = table_sizes(8)
    result = solve_round(players, sizes, history, clubs, budget=10.0)
    assert result.optimal
    assert result.cost == exhaustive_optimum(players, sizes, history, clubs)
    assert result.cost.club_pairs == 4  # 2 + 2 of each club at each table


@st.composite
def swiss_requests(draw: st.DrawFn) -> SeatingRequest:
    n = draw(st.sampled_from([8, 12, 13, 16, 20, 24]))
    earlier = draw(st.integers(1, 4))
    players = list(range(1, n + 1))
    history = plan(players, earlier, "random", draw(st.integers(0, 99)))
    return SeatingRequest(
        players=players,
        history=history,
        ranking=draw(st.permutations(players)),
        clubs={p: "abcde"[p % 5] for p in players},
        avoid_same_club=draw(st.booleans()),
        seed=draw(st.integers(0, 2**32)),
    )


@settings(max_examples=examples(40), deadline=None)
@given(request=swiss_requests())
def test_never_worse_than_the_local_search_and_fair(request: SeatingRequest) -> None:
    rng = Random(request.seed)
    order = rank_order(request.players, request.ranking, rng)
    sizes = table_sizes(len(order))
    old = local_search_by_rank(order, sizes, request, rng, avoid_repeats=True)
    clubs = request.clubs if request.avoid_same_club else None
    result = solve_round(order, sizes, request.history, clubs, fallback=old, budget=0.5)
    fallback = solve_round(order, sizes, request.history, clubs, fallback=old, budget=0.0)
    assert result.cost <= fallback.cost
    assert result.cost.conflicts <= fallback.cost.conflicts
    check = rank_order_check(result.tables, order, request.history, clubs)
    assert check.fair, check.free_inversions


def late_round() -> tuple[list[int], list[int], list[list[list[int]]]]:
    """32 players after six repeat-free rounds, ranked by id: rank order repeats a lot."""
    players = list(range(32))
    return players, table_sizes(32), plan(players, 6, "balanced", seed=2)


def test_a_spent_budget_falls_back_to_a_valid_flagged_seating() -> None:
    order, sizes, history = late_round()
    rng = Random(0)
    request = SeatingRequest(players=order, history=history, ranking=order)
    old = local_search_by_rank(order, sizes, request, rng, avoid_repeats=True)
    result = solve_round(order, sizes, history, fallback=old, budget=0.01)
    assert not result.optimal and result.budget_hit
    assert Counter(p for t in result.tables for p in t) == Counter(order)
    assert [len(t) for t in result.tables] == sizes
    assert result.cost <= solve_round(order, sizes, history, fallback=old, budget=0.0).cost
    assert rank_order_check(result.tables, order, history).fair


def test_the_same_input_gives_the_same_tables() -> None:
    order, sizes, history = late_round()
    first = solve_round(order, sizes, history, seed=3, budget=0.5)
    second = solve_round(order, sizes, history, seed=3, budget=0.5)
    assert first.tables == second.tables
    assert first.cost == second.cost
    assert first.deterministic_time == second.deterministic_time
    players = list(range(1, 17))
    earlier = plan(players, 3, "random", seed=4)
    request = SeatingRequest(players=players, history=earlier, ranking=players[::-1], seed=4)
    assert seat("swiss", request) == seat("swiss", request)


def test_a_late_round_beats_the_local_search_fairly() -> None:
    order, sizes, history = late_round()
    rng = Random(0)
    request = SeatingRequest(players=order, history=history, ranking=order)
    old = local_search_by_rank(order, sizes, request, rng, avoid_repeats=True)
    result = solve_round(order, sizes, history, fallback=old, budget=1.5)
    fallback = solve_round(order, sizes, history, fallback=old, budget=0.0)
    assert result.cost <= fallback.cost
    assert result.from_solver == (result.cost < fallback.cost)
    assert rank_order_check(result.tables, order, history).fair
