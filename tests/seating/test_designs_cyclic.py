"""Stored base classes develop into repeat-free schedules of the best known length."""

from __future__ import annotations

import pytest

from tournaments.seating.designs.cyclic import (
    cyclic_schedule,
    develop,
    is_partition,
    parse_base_class,
    repeated_pairs,
    stored_sizes,
)
from tournaments.seating.designs.cyclic_data import BASE_CLASSES

# The rounds each stored N is expected to give: floor((N-1)/3), the best known length.
EXPECTED_ROUNDS = {n: (n - 1) // 3 for n in stored_sizes()}


def test_the_sizes_clubs_play_are_stored() -> None:
    assert {16, 24, 28, 36, 40, 44, 48} <= set(stored_sizes())


@pytest.mark.parametrize("n", stored_sizes())
def test_stored_schedule_is_repeat_free_at_the_best_known_length(n: int) -> None:
    rounds = cyclic_schedule(n)
    assert rounds is not None
    assert BASE_CLASSES[n][0] == EXPECTED_ROUNDS[n]
    assert len(rounds) == EXPECTED_ROUNDS[n]
    assert all(is_partition(n, round_tables) for round_tables in rounds)
    assert repeated_pairs(rounds) == set()


@pytest.mark.parametrize("n", [4, 8, 12, 10, 1000])
def test_sizes_without_data_give_none(n: int) -> None:
    assert n not in BASE_CLASSES
    assert cyclic_schedule(n) is None


def test_schedule_is_deterministic() -> None:
    n = stored_sizes()[0]
    assert cyclic_schedule(n) == cyclic_schedule(n)


@pytest.mark.parametrize("n", [n for n in stored_sizes() if n <= 36])
def test_every_swap_of_two_finite_players_makes_a_pair_repeat(n: int) -> None:
    # A working base class is rigid: moving any finite player to another table breaks the
    # difference condition, and the verifier must notice. (Swapping two fixed players
    # only renames them, so they are left out.)
    m, text = BASE_CLASSES[n]
    tables = parse_base_class(text)
    where = {p: (t, i) for t, table in enumerate(tables) for i, p in enumerate(table)}
    finite = [p for p in range(3 * m)]
    for a in finite:
        for b in finite:
            (ta, ia), (tb, ib) = where[a], where[b]
            if ta >= tb:
                continue
            corrupted = [list(table) for table in tables]
            corrupted[ta][ia], corrupted[tb][ib] = b, a
            rounds = develop(n, m, corrupted)
            assert all(is_partition(n, round_tables) for round_tables in rounds)
            assert repeated_pairs(rounds) != set(), (a, b)


def test_a_player_seated_twice_is_not_a_partition() -> None:
    n = 16
    m, text = BASE_CLASSES[n]
    tables = parse_base_class(text)
    tables[0][0] = tables[1][0]
    assert not is_partition(n, develop(n, m, tables)[0])


def test_repeated_pairs_finds_a_second_meeting() -> None:
    rounds = [[[0, 1, 2, 3]], [[0, 1, 4, 5]]]
    assert repeated_pairs(rounds) == {(0, 1)}
