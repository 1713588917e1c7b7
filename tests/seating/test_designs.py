"""Repeat-free schedules from design theory: every construction checked for every N it
claims, the algebra underneath, and the lower bound against exhaustive search."""

from collections.abc import Sequence
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.seating.brute_force import fewest_repeats_schedule
from tests.support.examples import examples
from tournaments.seating.designs import (
    Recipe,
    best_known_rounds,
    best_possible_repeats,
    best_recipe,
    construct,
    constructed_rounds,
    repeat_free_schedule,
    repeat_lower_bound,
)
from tournaments.seating.designs.affine import affine_schedule
from tournaments.seating.designs.construct import recipes
from tournaments.seating.designs.field_rbibd import field_order, field_schedule
from tournaments.seating.designs.finite_fields import galois_field, prime_power
from tournaments.seating.designs.frames import frame_schedule, unmet_group
from tournaments.seating.designs.group_designs import group_design, stored_group_designs
from tournaments.seating.designs.mols import (
    DIFFERENCE_MATRICES,
    are_orthogonal,
    is_latin,
    mols,
    resolvable_transversal_design,
)
from tournaments.seating.designs.recursive import inflate
from tournaments.seating.designs.tripling import transversal_pbd, tripled_schedule
from tournaments.seating.meetings import meeting_counts

SIZES = range(4, 401, 4)
FAST_SIZES = range(4, 129, 4)
SLOW_SIZES = range(132, 401, 4)


def assert_repeat_free(schedule: Sequence[Sequence[Sequence[int]]], n: int, rounds: int) -> None:
    """Each round seats players 0..n-1 once each at tables of 4; no pair meets twice."""
    assert len(schedule) == rounds
    for tables in schedule:
        assert all(len(table) == 4 for table in tables)
        assert sorted(p for table in tables for p in table) == list(range(n))
    counts = meeting_counts(schedule)
    assert not counts or max(counts.values()) == 1
    assert sum(counts.values()) == rounds * n * 6 // 4  # every meeting counted


# --- finite fields ---------------------------------------------------------------------


@pytest.mark.parametrize("q", [2, 3, 4, 5, 7, 8, 9, 16, 25, 27, 32])
def test_small_fields_satisfy_the_field_axioms(q: int) -> None:
    field = galois_field(q)
    add, mul, elements = field.add, field.mul, field.elements
    for a, b in product(elements, repeat=2):
        assert add[a][b] == add[b][a] and mul[a][b] == mul[b][a]
    for a, b, c in product(elements, repeat=3):
        assert add[add[a][b]][c] == add[a][add[b][c]]
        assert mul[mul[a][b]][c] == mul[a][mul[b][c]]
        assert mul[a][add[b][c]] == add[mul[a][b]][mul[a][c]]
    for a in elements:
        assert add[a][0] == a and mul[a][1] == a and add[a][field.neg(a)] == 0
        if a:
            assert mul[a][field.inv(a)] == 1
    # characteristic p: p ones add up to zero
    total = 0
    for _ in range(field.p):
        total = add[total][1]
    assert total == 0


@pytest.mark.parametrize(
    "q",
    [49, 64, 81, 121, 125, 128]
    + [pytest.param(q, marks=pytest.mark.slow) for q in (243, 256, 343, 361)],
)
def test_larger_fields_have_a_cyclic_multiplicative_group(q: int) -> None:
    field = galois_field(q)
    for a in range(1, q):
        assert field.mul[a][field.inv(a)] == 1
    assert all(sorted(row) == list(range(q)) for row in field.mul[1:])  # no zero divisors
    assert all(sorted(row) == list(range(q)) for row in field.add)


def test_only_prime_powers_have_fields() -> None:
    assert prime_power(6) is None and prime_power(12) is None and prime_power(1) is None
    assert prime_power(343) == (7, 3) and prime_power(2) == (2, 1)
    with pytest.raises(ValueError):
        galois_field(10)


# --- affine geometry -------------------------------------------------------------------


@pytest.mark.parametrize(("n", "rounds"), [(4, 1), (16, 5), (64, 21), (256, 85)])
def test_affine_geometry_seats_every_pair_exactly_once(n: int, rounds: int) -> None:
    schedule = affine_schedule(n)
    assert schedule is not None
    assert_repeat_free(schedule, n, rounds)
    assert len(meeting_counts(schedule)) == n * (n - 1) // 2  # a complete design


def test_affine_geometry_needs_a_power_of_4() -> None:
    assert affine_schedule(32) is None and affine_schedule(48) is None


# --- MOLS and transversal designs ------------------------------------------------------

MOLS_ORDERS = [m for m in range(2, 101) if mols(m) is not None]


def test_mols_orders_are_prime_powers_12_and_their_products() -> None:
    assert MOLS_ORDERS[:13] == [4, 5, 7, 8, 9, 11, 12, 13, 16, 17, 19, 20, 23]
    assert all(mols(m) is not None for m in (48, 60, 84, 96, 144))  # MacNeish with 12
    assert all(mols(m) is None for m in (2, 3, 6, 10, 14, 15, 18, 24, 30))
    assert mols(4, 4) is None  # GF(4) has only 3


@pytest.mark.parametrize("m", sorted(DIFFERENCE_MATRICES))
def test_stored_difference_matrices_are_difference_matrices(m: int) -> None:
    """Every two of the five rows (0, the elements in order, the stored three) differ by
    every group element exactly once."""
    (a, b), stored = DIFFERENCE_MATRICES[m]
    rows = [(0,) * m, tuple(range(m)), *stored]

    def sub(u: int, v: int) -> int:
        return ((u // b - v // b) % a) * b + (u - v) % b

    for i in range(5):
        for j in range(i + 1, 5):
            assert sorted(sub(x, y) for x, y in zip(rows[i], rows[j], strict=True)) == list(
                range(m)
            )


@pytest.mark.parametrize("m", [m for m in MOLS_ORDERS if m <= 60])
def test_mols_are_latin_and_mutually_orthogonal(m: int) -> None:
    squares = mols(m)
    assert squares is not None and len(squares) == 3
    assert all(is_latin(s) for s in squares)
    for i in range(3):
        for j in range(i + 1, 3):
            assert are_orthogonal(squares[i], squares[j])


def test_orthogonality_check_can_fail() -> None:
    square = tuple(tuple((i + j) % 5 for j in range(5)) for i in range(5))
    assert is_latin(square) and not are_orthogonal(square, square)
    assert not is_latin(((0, 1), (0, 1)))


@pytest.mark.parametrize(
    "m",
    [m if m <= 40 else pytest.param(m, marks=pytest.mark.slow) for m in MOLS_ORDERS],
)
def test_transversal_design_meets_every_pair_of_different_groups_once(m: int) -> None:
    design = resolvable_transversal_design(m)
    assert design is not None
    assert_repeat_free(design, 4 * m, m)
    for tables in design:
        for table in tables:
            assert sorted(p // m for p in table) == [0, 1, 2, 3]
    assert len(meeting_counts(design)) == 6 * m * m  # every pair across groups


def test_inflation_fills_the_groups() -> None:
    """AG(2, 4) inflated by RTD(4, 4) with groups filled: the 21 rounds of 64 players."""
    base = affine_schedule(16)
    fill = affine_schedule(4)
    assert base is not None and fill is not None
    inflated = inflate(base, 16, 4, fill)
    assert inflated is not None
    assert_repeat_free(inflated, 64, 5 * 4 + 1)
    assert inflate(base, 16, 6) is None


# --- the API: every N up to 400 --------------------------------------------------------


def check_constructed(n: int) -> None:
    rounds = constructed_rounds(n)
    schedule = repeat_free_schedule(n, rounds)
    assert schedule is not None
    assert_repeat_free(schedule, n, rounds)
    assert repeat_free_schedule(n, rounds + 1) is None
    assert rounds <= best_known_rounds(n)


@pytest.mark.parametrize("n", FAST_SIZES)
def test_every_schedule_up_to_128_is_repeat_free(n: int) -> None:
    check_constructed(n)


@pytest.mark.slow
@pytest.mark.parametrize("n", SLOW_SIZES)
def test_every_schedule_up_to_400_is_repeat_free(n: int) -> None:
    check_constructed(n)


@pytest.mark.parametrize("n", SIZES)
def test_every_recipe_claims_no_more_than_is_known(n: int) -> None:
    assert all(1 <= r.rounds <= best_known_rounds(n) for r in recipes(n))


@pytest.mark.parametrize(
    ("n", "rounds"),
    [(4, 1), (8, 1), (12, 1), (16, 5), (20, 5), (28, 7), (32, 9), (64, 21), (80, 25)]
    + [(112, 35), (256, 85), (272, 85), (320, 105)],
)
def test_constructions_reach_known_lengths(n: int, rounds: int) -> None:
    assert constructed_rounds(n) >= rounds


def test_constructions_reach_the_best_known_where_the_algebra_allows() -> None:
    """The small cases and the powers of 4 (AG(k, 4)); 80 = 4 x 20 falls one short, as
    20 players have 5 rounds, not (20 - 1)/3."""
    for n in (4, 8, 12, 16, 20, 64, 256):
        assert constructed_rounds(n) == best_known_rounds(n), n
    assert constructed_rounds(80) == best_known_rounds(80) - 1


@pytest.mark.parametrize(("n", "q"), [(16, 5), (28, 9), (76, 25), (148, 49)])
def test_field_design_seats_every_pair_exactly_once(n: int, q: int) -> None:
    """BJL VII.7.5: GF(q), q = 1 (mod 4), gives the resolvable 2-(3q+1, 4, 1) design; 49 is
    the first q no cyclic search reached (148 players, 49 rounds, the best known)."""
    schedule = field_schedule(n)
    assert schedule is not None
    assert_repeat_free(schedule, n, q)
    assert len(meeting_counts(schedule)) == n * (n - 1) // 2  # a design: everyone meets


def test_the_field_design_is_the_recipe_for_148() -> None:
    assert best_recipe(148) == Recipe("field", 49)
    assert constructed_rounds(148) == best_known_rounds(148) == 49


@pytest.mark.parametrize("n", [4, 41, 100, 136])
def test_field_design_needs_q_a_prime_power_1_mod_4(n: int) -> None:
    """q = 1, 41 = 3 x 13 + 2, 100 = 3 x 33 + 1 and 136 = 3 x 45 + 1 have no such field."""
    assert field_order(n) is None and field_schedule(n) is None
    assert field_order(40) == 13


@pytest.mark.parametrize(("m", "extra_point"), [(4, True), (5, False), (8, True), (9, False)])
def test_transversal_pbd_holds_every_pair_of_points_once(m: int, extra_point: bool) -> None:
    """The TD(5, m), its groups as blocks (with the added point when asked): a PBD."""
    found = transversal_pbd(m, extra_point)
    assert found is not None
    w, blocks = found
    assert w == 5 * m + extra_point
    pairs = [(a, b) for block in blocks for a in block for b in block if a < b]
    assert len(pairs) == len(set(pairs)) == w * (w - 1) // 2
    assert sorted({len(block) for block in blocks}) == sorted({5, m + extra_point})
    assert transversal_pbd(6, False) is None  # no TD(5, 6): order 6 has no two MOLS


def full_schedule(k: int) -> Sequence[Sequence[Sequence[int]]] | None:
    """The constructions' design for 3k + 1 players, if it has all k rounds."""
    return repeat_free_schedule(3 * k + 1, k)


@pytest.mark.parametrize(("m", "extra_point"), [(4, True), (5, False), (8, True), (9, False)])
def test_tripling_a_pbd_seats_every_pair_exactly_once(m: int, extra_point: bool) -> None:
    """Hanani, Ray-Chaudhuri, Wilson (1972): a PBD(w, K) whose block sizes k have
    resolvable 2-(3k+1, 4, 1) designs gives one on 3w + 1 players: 64, 76, 124 and 136."""
    found = transversal_pbd(m, extra_point)
    assert found is not None
    w, blocks = found
    schedule = tripled_schedule(w, blocks, full_schedule)
    assert schedule is not None
    assert_repeat_free(schedule, 3 * w + 1, w)
    assert len(meeting_counts(schedule)) == (3 * w + 1) * 3 * w // 2  # everyone meets


def test_tripling_needs_a_design_for_every_block_size() -> None:
    """TD(5, 7)'s groups of 7 would need 22 players in 7 rounds: 22 is no multiple of 4."""
    found = transversal_pbd(7, False)
    assert found is not None
    assert tripled_schedule(*found, full_schedule) is None


def test_tripling_is_the_recipe_for_136() -> None:
    """136 = 3 x 45 + 1: TD(5, 9) with its groups of 9 (28 players, 9 rounds), tripled:
    45 rounds, the best known; no field (45 is no prime power) and no cyclic schedule."""
    assert best_recipe(136) == Recipe("tripling", 45, factor=9)
    assert str(best_recipe(136)) == "TD(5,9) with groups, tripled: 45 rounds"
    assert constructed_rounds(136) == best_known_rounds(136) == 45


@pytest.mark.parametrize(("t", "m", "shared"), [(5, 7, 3), (5, 11, 3), (21, 5, 1)])
def test_a_filled_frame_seats_every_pair_at_most_once(t: int, m: int, shared: int) -> None:
    """The frame of 3t + 1 players inflated by an RTD(4, m), holes filled with `shared`
    players: 108 = 3*7*5 + 3 (35 rounds), 168 = 3*11*5 + 3 (55), 316 = 3*5*21 + 1 (105),
    each the best known. With 3 shared players the never-met pairs are triangles (a
    4-RGDD of type 3^(N/3)); with 1, everyone meets (a resolvable design)."""
    n = 3 * m * t + shared
    schedule = frame_schedule(t, m, shared, repeat_free_schedule)
    assert schedule is not None
    assert_repeat_free(schedule, n, m * t)
    assert m * t == best_known_rounds(n)
    met = meeting_counts(schedule)
    unmet = [(a, b) for a in range(n) for b in range(a + 1, n) if (a, b) not in met]
    if shared == 1:
        assert not unmet
    else:
        mates: dict[int, set[int]] = {p: set() for p in range(n)}
        for a, b in unmet:
            mates[a].add(b)
            mates[b].add(a)
        assert all(len(mates[p]) == 2 for p in range(n))
        assert all(b in mates[c] for a in range(n) for b in mates[a] for c in mates[a] if b < c)


def test_shared_players_must_not_have_met() -> None:
    """AG(2, 4) seats every pair of its 16 players: no three of them never met, so it
    cannot hold three shared players; 24 players in 7 rounds (type 3^8) can."""
    affine = repeat_free_schedule(16, 5)
    assert affine is not None
    assert unmet_group(affine, 16, 3) is None and unmet_group(affine, 16, 1) == (0,)
    twenty_four = repeat_free_schedule(24, 7)
    assert twenty_four is not None
    group = unmet_group(twenty_four, 24, 3)
    assert group is not None
    assert not set(meeting_counts(twenty_four)) & {(a, b) for a in group for b in group}
    # 3*4*5 + 3 = 63 players: the holes would need 15 players, no multiple of 4.
    assert frame_schedule(5, 4, 3, repeat_free_schedule) is None


def test_frames_are_the_recipes_for_108_and_168() -> None:
    assert best_recipe(108) == Recipe("frame", 35, 16, 7, shared=3)
    assert best_recipe(168) == Recipe("frame", 55, 16, 11, shared=3)
    assert str(best_recipe(108)) == (
        "frame of 16 inflated by RTD(4,7), holes filled with 3 shared: 35 rounds"
    )
    for n in (108, 168):
        assert constructed_rounds(n) == best_known_rounds(n)


@pytest.mark.parametrize(("g", "u"), stored_group_designs())
def test_stored_group_design_meets_every_pair_outside_its_group_once(g: int, u: int) -> None:
    """A 4-RGDD of type g^u: g(u - 1)/3 rounds, group mates never meet, others once."""
    found = group_design(g, u)
    assert found is not None
    schedule, groups = found
    rounds = g * (u - 1) // 3
    assert_repeat_free(schedule, g * u, rounds)
    assert sorted(p for group in groups for p in group) == list(range(g * u))
    group_of = {p: i for i, group in enumerate(groups) for p in group}
    met = meeting_counts(schedule)
    assert all(group_of[a] != group_of[b] for a, b in met)
    assert len(met) == (g * u) * (g * u - g) // 2  # every pair of two groups


def test_group_inflation_fills_the_inflated_groups() -> None:
    """196 = 4^7 x 7: 8 x 7 rounds, then RBIBD(28) in each group of 28 players who never
    met: 65 rounds, the best possible ((196 - 1)/3); the plain inflation gave 63."""
    assert best_recipe(196) == Recipe("group inflation", 65, 28, 7, 4)
    assert constructed_rounds(196) == best_known_rounds(196) == 65
    schedule = repeat_free_schedule(196, 65)
    assert schedule is not None
    assert_repeat_free(schedule, 196, 65)
    assert len(meeting_counts(schedule)) == 196 * 195 // 2  # a design: everyone meets
    assert group_design(4, 5) is None


def test_schedules_are_fresh_copies() -> None:
    first = repeat_free_schedule(16, 5)
    assert first is not None
    first[0][0][0] = 99
    first.pop()
    again = repeat_free_schedule(16, 5)
    assert again is not None and len(again) == 5 and again[0][0][0] != 99


def test_a_shorter_schedule_is_the_start_of_the_longest() -> None:
    full = repeat_free_schedule(64, 21)
    assert full is not None
    assert repeat_free_schedule(64, 7) == full[:7]
    assert repeat_free_schedule(64, 0) == []


def test_no_schedule_where_tables_of_4_do_not_fit() -> None:
    assert repeat_free_schedule(18, 1) is None
    assert constructed_rounds(18) == 0 and best_recipe(18) is None
    with pytest.raises(ValueError):
        repeat_free_schedule(16, -1)
    with pytest.raises(ValueError):
        best_known_rounds(18)


# --- bounds ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "sizes", "rounds"),
    [
        (8, [4, 4], 2),
        (8, [4, 4], 3),
        (9, [5, 4], 2),
        (10, [5, 5], 2),
        (12, [4, 4, 4], 2),
        (7, [4, 3], 2),
        (7, [4, 3], 3),
    ],
)
def test_lower_bound_is_the_optimum_on_tiny_cases(n: int, sizes: list[int], rounds: int) -> None:
    """Exhaustive search: the bound is met (and, being proven, never exceeded)."""
    optimum = fewest_repeats_schedule(list(range(n)), sizes, rounds)
    assert repeat_lower_bound(sizes, rounds) == optimum


def test_twelve_players_cannot_play_two_repeat_free_rounds() -> None:
    """Exhaustively: every second round of 12 at 3 tables repeats at least 3 pairs, so the
    best known length for 12 is 1 (not 2)."""
    assert fewest_repeats_schedule(list(range(12)), [4, 4, 4], 2) == 3
    assert best_known_rounds(12) == 1
    assert repeat_lower_bound([4, 4, 4], 2) == 3


@settings(max_examples=examples(200), deadline=None)
@given(tables=st.integers(1, 100), rounds=st.integers(1, 140))
def test_lower_bound_is_zero_only_where_a_schedule_may_exist(tables: int, rounds: int) -> None:
    n = 4 * tables
    bound = repeat_lower_bound([4] * tables, rounds)
    if rounds <= constructed_rounds(n):
        assert bound == 0  # a proven bound cannot exceed what a schedule reaches
    if rounds > best_known_rounds(n):
        assert bound >= 1  # the best known lengths are proven optimal
    value, exact = best_possible_repeats(n, [4] * tables, rounds)
    assert value == bound
    assert exact == (rounds == 1 or (bound == 0 and rounds <= constructed_rounds(n)))


def test_twenty_players_cannot_play_six_repeat_free_rounds() -> None:
    """Cited (no 4-RGDD of type 2^10), not searched here."""
    assert repeat_lower_bound([4] * 5, 5) == 0
    assert repeat_lower_bound([4] * 5, 6) == 1
    assert best_possible_repeats(20, [4] * 5, 5) == (0, True)
    assert best_possible_repeats(20, [4] * 5, 6) == (1, False)


def test_best_possible_repeats_is_only_a_bound_past_the_constructions() -> None:
    value, exact = best_possible_repeats(24, [4] * 6, 7)
    assert value == 0 and exact is (constructed_rounds(24) >= 7)
    assert best_possible_repeats(16, [4] * 4, 6) == (repeat_lower_bound([4] * 4, 6), False)
    assert best_possible_repeats(9, [5, 4], 1) == (0, True)
    with pytest.raises(ValueError):
        best_possible_repeats(10, [4, 4], 2)


def test_best_known_follows_the_literature() -> None:
    assert [best_known_rounds(n) for n in (4, 8, 12, 16, 20, 24, 28, 32)] == [
        1,
        1,
        1,
        5,
        5,
        7,
        9,
        10,
    ]
    assert best_known_rounds(400) == 133


# --- the cyclic constructions take part --------------------------------------------------


def clear_caches() -> None:
    construct.first_rounds.cache_clear()
    construct.recipes.cache_clear()
    construct._has_hole_schedule.cache_clear()
    construct._cyclic_rounds.cache_clear()
    construct.schedule_of.cache_clear()


def two_rounds_of_24(n: int) -> list[list[list[int]]] | None:
    """A stand-in for cyclic.py: 24 players, 2 rounds, the second taking player i of
    table j + i (mod 6) to table j."""
    if n != 24:
        return None
    first = [list(range(t * 4, t * 4 + 4)) for t in range(6)]
    second = [[((j + i) % 6) * 4 + i for i in range(4)] for j in range(6)]
    return [first, second]


def test_a_longer_cyclic_schedule_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    clear_caches()
    stored = constructed_rounds(24)
    clear_caches()
    monkeypatch.setattr(construct, "cyclic_schedule", two_rounds_of_24)
    try:
        assert best_recipe(24) == Recipe("cyclic", 2)
        assert constructed_rounds(24) == 2
        schedule = repeat_free_schedule(24, 2)
        assert schedule is not None
        assert_repeat_free(schedule, 24, 2)
        # the recursion builds on it: 96 = 24 inflated by RTD(4, 4), groups filled
        assert Recipe("inflation", 2 * 4 + 1, 24, 4) in recipes(96)
    finally:
        monkeypatch.undo()
        clear_caches()
    assert constructed_rounds(24) == stored  # the caches hold nothing of the stand-in
