"""Table points at one table: presets, 3- and 5-player tables, ties, custom schemes."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tournaments.placing import (
    PRESETS,
    TABLE_POINTS_PLACES,
    custom_scheme,
    get_scheme,
    table_points,
)

D = Decimal
FAST = settings(max_examples=examples(200), deadline=None, database=None)


def test_it_uses_4_2_1_0_by_default() -> None:
    result = table_points({"a": 300, "b": -100, "c": 50, "d": -250})
    assert result == {"a": D(4), "b": D(1), "c": D(2), "d": D(0)}


def test_it_keeps_the_order_of_the_scores() -> None:
    assert list(table_points({"d": 0, "c": 10, "b": 20, "a": 30})) == ["d", "c", "b", "a"]


@pytest.mark.parametrize(
    ("scheme", "size", "average"),
    [
        # 4-2-1-0: 7 / 4 = 1.75 per player, at every table size.
        ("4-2-1-0", 3, D("1.75")),
        ("4-2-1-0", 4, D("1.75")),
        ("4-2-1-0", 5, D("1.75")),
        # 4-2-1-0.5: 7.5 / 4 = 1.875 per player.
        ("4-2-1-0.5", 3, D("1.875")),
        ("4-2-1-0.5", 4, D("1.875")),
        ("4-2-1-0.5", 5, D("1.875")),
    ],
    ids=lambda value: str(value),
)
def test_every_table_size_keeps_the_4_player_average(scheme: str, size: int, average: D) -> None:
    points = PRESETS[scheme][size]
    assert len(points) == size
    assert sum(points) == average * size


@pytest.mark.parametrize("scheme", sorted(PRESETS))
def test_every_table_size_keeps_first_and_last_place_values(scheme: str) -> None:
    four = PRESETS[scheme][4]
    for size in (3, 5):
        assert PRESETS[scheme][size][0] == four[0]
        assert PRESETS[scheme][size][-1] == four[-1]


@pytest.mark.parametrize(
    ("scheme", "scores", "expected"),
    [
        pytest.param(
            "4-2-1-0.5",
            {"a": 10, "b": 40, "c": 30, "d": 20},
            # b 40 -> 4, c 30 -> 2, d 20 -> 1, a 10 -> 0.5
            {"a": D("0.5"), "b": D(4), "c": D(2), "d": D(1)},
            id="4-2-1-0.5-four-players",
        ),
        pytest.param(
            "4-2-1-0",
            {"a": 50, "b": 40, "c": 30, "d": 20, "e": 10},
            {"a": D(4), "b": D("2.5"), "c": D("1.5"), "d": D("0.75"), "e": D(0)},
            id="4-2-1-0-five-players",
        ),
        pytest.param(
            "4-2-1-0",
            {"a": -20, "b": 100, "c": 0},
            # b 100 -> 4, c 0 -> 1.25, a -20 -> 0
            {"a": D(0), "b": D(4), "c": D("1.25")},
            id="4-2-1-0-three-players",
        ),
        pytest.param(
            "4-2-1-0.5",
            {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5},
            {"e": D(4), "d": D("2.5"), "c": D("1.5"), "b": D("0.875"), "a": D("0.5")},
            id="4-2-1-0.5-five-players",
        ),
        pytest.param(
            "4-2-1-0.5",
            {"a": 1, "b": 2, "c": 3},
            {"c": D(4), "b": D("1.125"), "a": D("0.5")},
            id="4-2-1-0.5-three-players",
        ),
    ],
)
def test_it_gives_points_by_rank(
    scheme: str, scores: dict[str, int], expected: dict[str, D]
) -> None:
    assert table_points(scores, scheme) == expected


@pytest.mark.parametrize(
    ("scheme", "scores", "expected"),
    [
        pytest.param(
            "4-2-1-0",
            {"a": 100, "b": 100, "c": 0, "d": -200},
            # a and b share ranks 1-2: (4 + 2) / 2 = 3
            {"a": D(3), "b": D(3), "c": D(1), "d": D(0)},
            id="two-share-first",
        ),
        pytest.param(
            "4-2-1-0",
            {"a": 100, "b": 0, "c": 0, "d": 0},
            # b, c, d share ranks 2-4: (2 + 1 + 0) / 3 = 1
            {"a": D(4), "b": D(1), "c": D(1), "d": D(1)},
            id="three-share-last",
        ),
        pytest.param(
            "4-2-1-0",
            {"a": 0, "b": 0, "c": 0, "d": 0},
            # all share: 7 / 4 = 1.75
            {"a": D("1.75"), "b": D("1.75"), "c": D("1.75"), "d": D("1.75")},
            id="all-four-share",
        ),
        pytest.param(
            "4-2-1-0",
            {"a": 9, "b": 9, "c": 9, "d": 0},
            # ranks 1-3: (4 + 2 + 1) / 3 = 2.333..., rounded half-even to 5 decimals
            {"a": D("2.33333"), "b": D("2.33333"), "c": D("2.33333"), "d": D(0)},
            id="three-share-first-a-third",
        ),
        pytest.param(
            "4-2-1-0",
            {"a": 5, "b": 4, "c": 4, "d": 1, "e": 1},
            # 5-table: b, c ranks 2-3: (2.5 + 1.5) / 2 = 2; d, e ranks 4-5: (0.75 + 0) / 2 = 0.375
            {"a": D(4), "b": D(2), "c": D(2), "d": D("0.375"), "e": D("0.375")},
            id="five-table-two-pairs",
        ),
        pytest.param(
            "4-2-1-0.5",
            {"a": 9, "b": 1, "c": 1, "d": 1, "e": 1},
            # 5-table: ranks 2-5: (2.5 + 1.5 + 0.875 + 0.5) / 4 = 5.375 / 4 = 1.34375 (exact)
            {"a": D(4), "b": D("1.34375"), "c": D("1.34375"), "d": D("1.34375"), "e": D("1.34375")},
            id="five-table-four-share-needs-5-decimals",
        ),
        pytest.param(
            "4-2-1-0",
            {"a": 7, "b": 7, "c": 7},
            # 3-table, all share: (4 + 1.25 + 0) / 3 = 1.75
            {"a": D("1.75"), "b": D("1.75"), "c": D("1.75")},
            id="three-table-all-share",
        ),
    ],
)
def test_ties_share_the_points_of_their_ranks(
    scheme: str, scores: dict[str, int], expected: dict[str, D]
) -> None:
    assert table_points(scores, scheme, ties="share") == expected


@pytest.mark.parametrize(
    ("mahjongs", "deal_ins", "expected"),
    [
        pytest.param(
            {"a": 2, "b": 3},
            {},
            # b has more mahjongs: b 4, a 2
            {"a": D(2), "b": D(4), "c": D(1), "d": D(0)},
            id="most-mahjongs",
        ),
        pytest.param(
            {"a": 2, "b": 2},
            {"a": 1, "b": 3},
            # mahjongs equal; a dealt in less: a 4, b 2
            {"a": D(4), "b": D(2), "c": D(1), "d": D(0)},
            id="then-fewest-deal-ins",
        ),
        pytest.param(
            {"a": 2, "b": 2},
            {"a": 1, "b": 1},
            # still equal: share (4 + 2) / 2 = 3
            {"a": D(3), "b": D(3), "c": D(1), "d": D(0)},
            id="then-share",
        ),
        pytest.param(
            {"b": 1},
            {},
            # a is missing: 0 mahjongs, fewer than b's 1
            {"a": D(2), "b": D(4), "c": D(1), "d": D(0)},
            id="missing-counts-zero",
        ),
    ],
)
def test_tiebreak_uses_mahjongs_then_deal_ins(
    mahjongs: dict[str, int], deal_ins: dict[str, int], expected: dict[str, D]
) -> None:
    scores = {"a": 100, "b": 100, "c": 0, "d": -200}
    result = table_points(scores, ties="tiebreak", mahjongs=mahjongs, deal_ins=deal_ins)
    assert result == expected


def test_tiebreak_leaves_different_scores_alone() -> None:
    scores = {"a": 30, "b": 20, "c": 10, "d": 0}
    result = table_points(scores, ties="tiebreak", mahjongs={"d": 5}, deal_ins={"a": 9})
    assert result == {"a": D(4), "b": D(2), "c": D(1), "d": D(0)}


def test_share_ignores_mahjongs() -> None:
    result = table_points({"a": 1, "b": 1, "c": 0, "d": 0}, mahjongs={"a": 3})
    # (4 + 2) / 2 = 3 and (1 + 0) / 2 = 0.5
    assert result == {"a": D(3), "b": D(3), "c": D("0.5"), "d": D("0.5")}


def test_a_custom_scheme_is_used() -> None:
    scheme = {4: [3, 1, -1, -3]}
    result = table_points({"a": 1, "b": 4, "c": 3, "d": 2}, scheme)
    assert result == {"a": D(-3), "b": D(3), "c": D(1), "d": D(-1)}


def test_a_custom_scheme_reads_floats_as_typed() -> None:
    assert custom_scheme({4: [4, 2, 1, 0.1]})[4] == (D(4), D(2), D(1), D("0.1"))


@pytest.mark.parametrize(
    ("scheme", "message"),
    [
        pytest.param({4: [4, 2, 1]}, "3 values given", id="too-few-values"),
        pytest.param({4: [4, 2, 1, 0, 0]}, "5 values given", id="too-many-values"),
        pytest.param({4: [4, 1, 2, 0]}, "must descend", id="rising"),
        pytest.param({6: [6, 5, 4, 3, 2, 1]}, "not 3, 4 or 5", id="table-of-six"),
        pytest.param({4: [4, 2, 1, "x"]}, "not a number", id="not-a-number"),
        pytest.param({4: [4, 2, 1, float("nan")]}, "not a finite number", id="nan"),
        pytest.param({4: [4, 2, 1, "0.0001"]}, "at most 3 decimals", id="too-many-decimals"),
        pytest.param({4: "4210"}, "as a list", id="text-not-list"),
        pytest.param({}, "at least one table size", id="empty"),
    ],
)
def test_a_bad_custom_scheme_is_refused(scheme: dict[int, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        custom_scheme(scheme)  # type: ignore[arg-type]


def test_equal_neighbours_are_allowed() -> None:
    assert custom_scheme({4: [1, 1, 0, 0]})[4] == (D(1), D(1), D(0), D(0))


def test_an_unknown_preset_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown table point scheme '4-3-2-1'"):
        get_scheme("4-3-2-1")


def test_a_table_size_the_scheme_lacks_is_refused() -> None:
    with pytest.raises(ValueError, match="no points for a table of 5 players .*tables of 4"):
        table_points({"a": 1, "b": 2, "c": 3, "d": 4, "e": 5}, {4: [4, 2, 1, 0]})


@pytest.mark.parametrize("size", [1, 2, 6])
def test_an_odd_table_size_is_refused(size: int) -> None:
    with pytest.raises(ValueError, match=f"table of {size} players"):
        table_points({player: 0 for player in range(size)})


def test_an_unknown_tie_rule_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown tie rule 'coin'"):
        table_points({"a": 0, "b": 0, "c": 0, "d": 0}, ties="coin")


@pytest.mark.parametrize(
    ("mahjongs", "deal_ins", "message"),
    [
        pytest.param({"z": 1}, {}, "mahjongs given for 'z'", id="stranger"),
        pytest.param({}, {"a": -1}, "deal-ins of 'a' cannot be negative", id="negative"),
    ],
)
def test_bad_counts_are_refused(
    mahjongs: dict[str, int], deal_ins: dict[str, int], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        table_points(
            {"a": 0, "b": 0, "c": 0, "d": 0}, ties="tiebreak", mahjongs=mahjongs, deal_ins=deal_ins
        )


# --- properties ---------------------------------------------------------------

tables = st.integers(min_value=3, max_value=5).flatmap(
    lambda size: st.lists(st.integers(-3, 3), min_size=size, max_size=size)
)


@FAST
@given(
    scores=tables,
    scheme=st.sampled_from(sorted(PRESETS)),
    ties=st.sampled_from(["share", "tiebreak"]),
    mahjongs=st.lists(st.integers(0, 2), min_size=5, max_size=5),
    deal_ins=st.lists(st.integers(0, 2), min_size=5, max_size=5),
)
def test_a_table_hands_out_the_schemes_total(
    scores: list[int], scheme: str, ties: str, mahjongs: list[int], deal_ins: list[int]
) -> None:
    players = dict(enumerate(scores))
    result = table_points(
        players,
        scheme,
        ties=ties,
        mahjongs=dict(enumerate(mahjongs[: len(players)])),
        deal_ins=dict(enumerate(deal_ins[: len(players)])),
    )
    total = sum(PRESETS[scheme][len(players)], D(0))
    # Exact, except that a third is rounded to 5 decimals (at most half a unit each).
    assert abs(sum(result.values(), D(0)) - total) <= TABLE_POINTS_PLACES * len(players) / 2
    # A higher score never gets fewer points; equal results get equal points.
    for a in players:
        for b in players:
            if players[a] > players[b]:
                assert result[a] >= result[b]
            if ties == "share" and players[a] == players[b]:
                assert result[a] == result[b]


@FAST
@given(scores=st.lists(st.integers(-1000, 1000), min_size=4, max_size=4, unique=True))
def test_distinct_scores_get_the_schemes_values_exactly(scores: list[int]) -> None:
    result = table_points(dict(enumerate(scores)))
    assert sorted(result.values(), reverse=True) == list(PRESETS["4-2-1-0"][4])
