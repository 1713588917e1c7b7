"""The season ranking of a club competition: sum, best n, bonus, minimums."""

from __future__ import annotations

import subprocess
import sys
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubs.season_options import SeasonOptions
from tests.support.examples import examples
from tournaments.season import (
    Evening,
    MemberResult,
    SeasonRow,
    season_bounds,
    season_ranking,
)

D = Decimal
FAST = settings(max_examples=examples(100), deadline=None, database=None)
ROOT = Path(__file__).resolve().parents[2]


def evening(day: int, players: int, **results: tuple[str, int]) -> Evening:
    """An evening in January 2025 with {member: (table points, score)}."""
    return Evening(
        date=date(2025, 1, day),
        players=players,
        results={member: MemberResult(D(tp), score) for member, (tp, score) in results.items()},
    )


# Four evenings, hand-made. ann, bob, cor, dik; table points over two rounds.
#   Jan 1 (8 players):  ann 8 / 300, bob 4 / 100, cor 2 / -50
#   Jan 8 (8 players):  ann 1 / -100, bob 6 / 200, dik 5 / 150
#   Jan 15 (5 players): ann 4 / 50, cor 8 / 400
#   Jan 22 (8 players): bob 2 / 20, cor 3 / 10, dik 5 / 60
SEASON = [
    evening(1, 8, ann=("8", 300), bob=("4", 100), cor=("2", -50)),
    evening(8, 8, ann=("1", -100), bob=("6", 200), dik=("5", 150)),
    evening(15, 5, ann=("4", 50), cor=("8", 400)),
    evening(22, 8, bob=("2", 20), cor=("3", 10), dik=("5", 60)),
]


def summary(rows: list[SeasonRow]) -> list[tuple[object, ...]]:
    return [(r.key, r.position, r.table_points, r.score) for r in rows]


def test_sum_adds_every_evening() -> None:
    # ann 8 + 1 + 4 = 13 / 300 - 100 + 50 = 250
    # bob 4 + 6 + 2 = 12 / 100 + 200 + 20 = 320
    # cor 2 + 8 + 3 = 13 / -50 + 400 + 10 = 360
    # dik 5 + 5 = 10 / 150 + 60 = 210
    # ann and cor both 13: cor's score 360 beats ann's 250.
    assert summary(season_ranking(SEASON)) == [
        ("cor", 1, D(13), 360),
        ("ann", 2, D(13), 250),
        ("bob", 3, D(12), 320),
        ("dik", 4, D(10), 210),
    ]


def test_best_n_counts_each_members_best_evenings() -> None:
    options = SeasonOptions(mode="best_n", n=2)
    rows = {r.key: r for r in season_ranking(SEASON, options)}
    # ann best 2 of 8, 1, 4: 8 + 4 = 12 / 300 + 50 = 350 (Jan 1, Jan 15)
    # bob best 2 of 4, 6, 2: 6 + 4 = 10 / 200 + 100 = 300 (Jan 1, Jan 8)
    # cor best 2 of 2, 8, 3: 8 + 3 = 11 / 400 + 10 = 410 (Jan 15, Jan 22)
    # dik 5 + 5 = 10 / 210, both evenings
    assert summary(list(rows.values())) == [
        ("ann", 1, D(12), 350),
        ("cor", 2, D(11), 410),
        ("bob", 3, D(10), 300),
        ("dik", 4, D(10), 210),
    ]
    assert rows["ann"].counted == (date(2025, 1, 1), date(2025, 1, 15))
    assert rows["bob"].counted == (date(2025, 1, 1), date(2025, 1, 8))
    assert rows["cor"].counted == (date(2025, 1, 15), date(2025, 1, 22))
    assert rows["dik"].attended == 2


def test_best_n_breaks_equal_table_points_by_score() -> None:
    season = [
        evening(1, 8, ann=("4", 10)),
        evening(8, 8, ann=("4", 90)),
        evening(15, 8, ann=("4", 50)),
    ]
    [row] = season_ranking(season, SeasonOptions(mode="best_n", n=2))
    # Three evenings of 4 table points: the best two by score are 90 and 50.
    assert (row.table_points, row.score, row.counted) == (
        D(8),
        140,
        (date(2025, 1, 8), date(2025, 1, 15)),
    )


def test_attendance_bonus_is_given_per_evening_attended() -> None:
    options = SeasonOptions(mode="best_n", n=2, attendance_bonus=D("0.5"))
    rows = {r.key: r for r in season_ranking(SEASON, options)}
    # The bonus counts every evening attended, not only the best two:
    # ann 12 + 3 x 0.5 = 13.5; bob 10 + 1.5 = 11.5; cor 11 + 1.5 = 12.5; dik 10 + 2 x 0.5 = 11
    assert summary(list(rows.values())) == [
        ("ann", 1, D("13.5"), 350),
        ("cor", 2, D("12.5"), 410),
        ("bob", 3, D("11.5"), 300),
        ("dik", 4, D(11), 210),
    ]
    assert rows["dik"].bonus == D(1)


def test_an_evening_with_too_few_players_does_not_count() -> None:
    options = SeasonOptions(min_players=6, attendance_bonus=D(1))
    rows = {r.key: r for r in season_ranking(SEASON, options)}
    # Jan 15 had 5 players: it counts for nobody, results nor bonus.
    # ann 8 + 1 + 2 evenings bonus = 11 / 200; bob 12 + 3 = 15 / 320;
    # cor 2 + 3 + 2 = 7 / -40; dik 10 + 2 = 12 / 210
    assert summary(list(rows.values())) == [
        ("bob", 1, D(15), 320),
        ("dik", 2, D(12), 210),
        ("ann", 3, D(11), 200),
        ("cor", 4, D(7), -40),
    ]
    assert rows["ann"].attended == 2
    assert date(2025, 1, 15) not in rows["cor"].counted


def test_members_below_minimum_attendance_are_listed_without_a_position() -> None:
    rows = season_ranking(SEASON, SeasonOptions(min_attendance=3))
    # dik attended 2 of the 4 evenings: not qualified, listed by his 10 points
    # after bob's 12, without a position; the others rank 1, 2, 3.
    assert [(r.key, r.position, r.qualified) for r in rows] == [
        ("cor", 1, True),
        ("ann", 2, True),
        ("bob", 3, True),
        ("dik", None, False),
    ]


def test_unqualified_members_take_no_position() -> None:
    season = [
        evening(1, 8, ann=("4", 0), bob=("9", 0), cor=("2", 0)),
        evening(8, 8, ann=("4", 0), cor=("2", 0)),
    ]
    rows = season_ranking(season, SeasonOptions(min_attendance=2))
    # bob (9 points, 1 evening) leads the listing but does not qualify: ann is 1st.
    assert [(r.key, r.position) for r in rows] == [("bob", None), ("ann", 1), ("cor", 2)]


def test_equal_season_results_share_a_position() -> None:
    season = [
        evening(1, 8, ann=("4", 100), bob=("2", 0), cor=("2", 0), dik=("1", 0)),
    ]
    rows = season_ranking(season, names={"ann": "Ann", "bob": "Bob", "cor": "Cor", "dik": "Dik"})
    # bob and cor: 2 / 0 each, shared 2nd; dik 4th.
    assert [(r.name, r.position) for r in rows] == [
        ("Ann", 1),
        ("Bob", 2),
        ("Cor", 2),
        ("Dik", 4),
    ]


def test_a_member_with_no_evening_that_counts_does_not_qualify() -> None:
    season = [evening(1, 3, ann=("4", 10)), evening(8, 8, bob=("1", 0))]
    rows = season_ranking(season, SeasonOptions(min_players=4))
    # ann only played the 3-player evening, which does not count.
    assert [(r.key, r.position, r.table_points, r.attended) for r in rows] == [
        ("bob", 1, D(1), 1),
        ("ann", None, D(0), 0),
    ]


def test_no_evenings_give_an_empty_ranking() -> None:
    assert season_ranking([]) == []


def test_evenings_of_two_seasons_are_refused() -> None:
    december = Evening(date(2024, 12, 18), 8, {"ann": MemberResult(D(4), 0)})
    with pytest.raises(ValueError, match="seasons 2024, 2025"):
        season_ranking([december, *SEASON])


def test_season_runs_january_to_december() -> None:
    assert season_bounds(2025) == (date(2025, 1, 1), date(2025, 12, 31))


def test_an_evening_with_more_results_than_players_is_refused() -> None:
    with pytest.raises(ValueError, match="2 members have results but only 1 players"):
        evening(1, 1, ann=("4", 0), bob=("0", 0))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        pytest.param({"mode": "average"}, "unknown season mode", id="unknown-mode"),
        pytest.param({"mode": "best_n"}, "best_n needs n", id="best-n-without-n"),
        pytest.param({"mode": "best_n", "n": 0}, "best_n needs n", id="best-n-zero"),
        pytest.param({"n": 3}, "mode sum counts them all", id="sum-with-n"),
        pytest.param({"attendance_bonus": D(-1)}, "bonus cannot be negative", id="negative-bonus"),
        pytest.param({"min_attendance": -1}, "cannot be negative", id="negative-attendance"),
        pytest.param({"min_players": -1}, "cannot be negative", id="negative-players"),
    ],
)
def test_bad_options_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SeasonOptions(**options)  # type: ignore[arg-type]


@FAST
@given(
    results=st.lists(
        st.dictionaries(
            st.sampled_from(["ann", "bob", "cor", "dik", "eva"]),
            st.tuples(st.sampled_from(["0", "1", "2.5", "4"]), st.integers(-50, 50)),
            max_size=5,
        ),
        max_size=6,
    ),
    n=st.integers(1, 6),
)
def test_best_n_never_beats_the_sum(results: list[dict[str, tuple[str, int]]], n: int) -> None:
    season = [evening(day + 1, 5, **per_member) for day, per_member in enumerate(results)]
    summed = {r.key: r for r in season_ranking(season)}
    best = {r.key: r for r in season_ranking(season, SeasonOptions(mode="best_n", n=n))}
    assert summed.keys() == best.keys()
    for member, row in best.items():
        assert len(row.counted) == min(n, row.attended)
        if row.attended <= n:
            assert row.table_points == summed[member].table_points
        # Dropping evenings never adds points when no evening is negative.
        assert row.table_points <= summed[member].table_points


def test_the_domain_modules_do_not_import_django() -> None:
    code = ("import sys, clubs.season_options, tournaments.season, tournaments.placing; "
            "print('django' in sys.modules)")
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert result.stdout.strip() == "False"
