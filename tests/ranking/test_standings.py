"""Standings: ranking orders, shared positions, unranked rows, determinism."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tournaments.placing import StandingRow, standings, table_points

D = Decimal
FAST = settings(max_examples=examples(200), deadline=None, database=None)


def row(
    key: int | str, table_points: str | int, score: int, ranked: bool = True, name: str = ""
) -> StandingRow:
    return StandingRow(
        key=key,
        name=name or str(key),
        table_points=D(table_points),
        score=score,
        rounds_played=2,
        ranked=ranked,
    )


def listing(rows: list[StandingRow]) -> list[tuple[int | str, int | None]]:
    return [(r.key, r.position) for r in rows]


def test_equal_results_share_a_position_and_skip_the_next() -> None:
    rows = [row("d", 1, 10), row("b", 6, 50), row("c", 6, 50), row("a", 8, 90)]
    # Score order: a 90; b and c 50 (and both 6 table points): shared 2nd; d is 4th.
    assert listing(standings(rows, order="score")) == [("a", 1), ("b", 2), ("c", 2), ("d", 4)]


def test_equal_on_the_first_criterion_only_is_not_a_tie() -> None:
    rows = [row("a", 6, 50), row("b", 7, 50)]
    # Same score 50; b has more table points: b 1st, a 2nd.
    assert listing(standings(rows, order="score")) == [("b", 1), ("a", 2)]
    rows = [row("a", 6, 40), row("b", 6, 50)]
    # Same 6 table points; b has the higher score.
    assert listing(standings(rows, order="table_points")) == [("b", 1), ("a", 2)]


@pytest.mark.parametrize(
    ("order", "expected"),
    [
        # a: 8 tp / 10, b: 5 tp / 300, c: 5 tp / 200, d: 2 tp / 250
        # table points first: a 8; b and c 5 -> b (300) before c (200); d 2.
        pytest.param("table_points", [("a", 1), ("b", 2), ("c", 3), ("d", 4)], id="table-points"),
        # score first: b 300, d 250, c 200, a 10.
        pytest.param("score", [("b", 1), ("d", 2), ("c", 3), ("a", 4)], id="score"),
    ],
)
def test_the_order_chooses_the_first_criterion(order: str, expected: list[tuple[str, int]]) -> None:
    rows = [row("a", 8, 10), row("b", 5, 300), row("c", 5, 200), row("d", 2, 250)]
    assert listing(standings(rows, order=order)) == expected


def test_unranked_rows_keep_their_place_without_a_position() -> None:
    rows = [
        row("a", 8, 100),
        row("sub", 7, 90, ranked=False),  # a substitute between a and b
        row("b", 6, 80),
        row("c", 6, 80),
        row("guest", 6, 80, ranked=False),  # equal to b and c, listed by name after them
        row("d", 1, 0),
    ]
    # Ranked: a 1; b, c shared 2; d 4 (the substitute and guest take no position).
    assert listing(standings(rows, order="table_points")) == [
        ("a", 1),
        ("sub", None),
        ("b", 2),
        ("c", 2),
        ("guest", None),
        ("d", 4),
    ]


def test_an_unranked_row_between_equal_rows_does_not_split_them() -> None:
    rows = [row("a", 5, 10), row("b", 5, 10, name="c"), row("x", 5, 10, ranked=False, name="b")]
    # Listed by name: a, b (unranked x), c; a and "c" are equal: both 1st.
    assert listing(standings(rows)) == [("a", 1), ("x", None), ("b", 1)]


def test_full_ties_are_listed_by_name_then_key() -> None:
    rows = [row(3, 5, 10, name="Jan"), row(2, 5, 10, name="anna"), row(1, 5, 10, name="Jan")]
    # anna before Jan (case ignored); the two Jans by key 1, 3; all share 1st.
    assert listing(standings(rows)) == [(2, 1), (1, 1), (3, 1)]


def test_it_fills_positions_on_new_rows() -> None:
    original = row("a", 1, 1)
    [result] = standings([original])
    assert result.position == 1
    assert original.position is None


def test_a_player_listed_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="listed twice.*a"):
        standings([row("a", 1, 1), row("a", 2, 2)])


def test_an_unknown_order_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown ranking order 'mahjongs'"):
        standings([], order="mahjongs")


def test_a_small_tournament_computed_by_hand() -> None:
    # Six players at 3-player tables (4-2-1-0 preset: 4 / 1.25 / 0, ties shared),
    # two rounds: round 1 tables [A B C] and [D E F], round 2 [A D E] and [B C F].
    # F is a substitute: listed, not ranked.
    rounds = [
        [{"A": 120, "B": 40, "C": -160}, {"D": 50, "E": 50, "F": -100}],
        [{"A": -30, "D": 90, "E": -60}, {"B": 70, "C": 70, "F": -140}],
    ]
    # Round 1: A 4, B 1.25, C 0; D, E share (4 + 1.25) / 2 = 2.625, F 0.
    # Round 2: D 4, A 1.25, E 0; B, C share 2.625, F 0.
    # Totals (table points / score):
    #   A 4 + 1.25 = 5.25 / 120 - 30 = 90
    #   B 1.25 + 2.625 = 3.875 / 40 + 70 = 110
    #   C 0 + 2.625 = 2.625 / -160 + 70 = -90
    #   D 2.625 + 4 = 6.625 / 50 + 90 = 140
    #   E 2.625 + 0 = 2.625 / 50 - 60 = -10
    #   F 0 + 0 = 0 / -100 - 140 = -240
    totals: dict[str, tuple[Decimal, int]] = {}
    for tables in rounds:
        for scores in tables:
            for player, points in table_points(scores).items():
                tp, score = totals.get(player, (D(0), 0))
                totals[player] = (tp + points, score + scores[player])
    assert totals == {
        "A": (D("5.25"), 90),
        "B": (D("3.875"), 110),
        "C": (D("2.625"), -90),
        "D": (D("6.625"), 140),
        "E": (D("2.625"), -10),
        "F": (D(0), -240),
    }
    rows = [
        StandingRow(key=p, name=p, table_points=tp, score=s, rounds_played=2, ranked=p != "F")
        for p, (tp, s) in totals.items()
    ]
    # Table points order: D 6.625, A 5.25, B 3.875, E 2.625 (-10) before C 2.625 (-90);
    # F (a substitute) last, unranked.
    assert listing(standings(rows, order="table_points")) == [
        ("D", 1),
        ("A", 2),
        ("B", 3),
        ("E", 4),
        ("C", 5),
        ("F", None),
    ]
    # Score order: D 140, B 110, A 90, E -10, C -90, F -240.
    assert listing(standings(rows, order="score")) == [
        ("D", 1),
        ("B", 2),
        ("A", 3),
        ("E", 4),
        ("C", 5),
        ("F", None),
    ]


# --- properties ---------------------------------------------------------------

rows_strategy = st.lists(
    st.builds(
        row,
        key=st.integers(0, 10_000),
        table_points=st.sampled_from(["0", "1", "1.5", "2", "4"]),
        score=st.integers(-2, 2),
        ranked=st.booleans(),
        name=st.sampled_from(["Anna", "Bram", "anna", "Chen"]),
    ),
    max_size=12,
    unique_by=lambda r: r.key,
)


@FAST
@given(rows=rows_strategy, order=st.sampled_from(["score", "table_points"]), seed=st.integers())
def test_standings_do_not_depend_on_the_input_order(
    rows: list[StandingRow], order: str, seed: int
) -> None:
    shuffled = list(rows)
    random.Random(seed).shuffle(shuffled)
    assert standings(shuffled, order) == standings(rows, order)


@FAST
@given(rows=rows_strategy, order=st.sampled_from(["score", "table_points"]))
def test_positions_are_competition_ranks(rows: list[StandingRow], order: str) -> None:
    result = standings(rows, order)
    ranked = [r for r in result if r.ranked]
    assert all(r.position is None for r in result if not r.ranked)

    def key(r: StandingRow) -> tuple[Decimal, Decimal]:
        first, second = (r.score, r.table_points) if order == "score" else (r.table_points, r.score)
        return (D(first), D(second))

    for index, r in enumerate(ranked):
        # A position is 1 + the number of ranked rows strictly better.
        better = sum(1 for other in ranked if key(other) > key(r))
        assert r.position == better + 1
        if index:
            assert key(ranked[index - 1]) >= key(r)
