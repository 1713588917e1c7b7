"""MERS exactly (issue 17): cases computed by hand from the EMA's "Basics
for ranking system" (MERS, 2018 update,
http://mahjong-europe.org/ranking/RankingOverview.html):

* base rank = round(1000 x (N - p) / (N - 1)), a whole number (Excel's
  ROUND: half up);
* the results sorted by base rank and padded to 5 with results of base
  rank 0 and weight 1; part A = the weighted average of the best
  ceil(5 + 0.8 x max(n - 5, 0)) of that list, part B of its best 4;
  rating = (A + B) / 2;
* weight = days (1/2/3) + players (<= 40: 0, 41-80: 0.5, > 80: 1) +
  countries (<= 5: 0, 6-9: 0.5, >= 10: 1) + 1 for a qualifier, or the EMA's
  override; the age counts from the last day or the EMA's moved date.
"""

from __future__ import annotations

import datetime

import pytest

from rankings.formula import RankingConfig, Result, base_rank, event_weight, rate
from tournaments import mers

AS_OF = datetime.date(2031, 6, 1)
RECENT = datetime.date(2031, 5, 1)


def results(*base_ranks: int, **fields: object) -> list[Result]:
    """Results of weight 1 with these base ranks: in a tournament of 11
    players place p is worth 100 x (11 - p)."""
    return [Result(event=index, last_day=RECENT, place=11 - value // 100, players=11,
                   **fields)  # type: ignore[arg-type]
            for index, value in enumerate(base_ranks)]


def parts(*base_ranks: int) -> tuple[float, float, float]:
    rating = rate(results(*base_ranks), AS_OF)
    return rating.part_a, rating.part_b, rating.rating


# --- Base rank -----------------------------------------------------------------------


def test_two_wins_of_weight_one_rate_450() -> None:
    """Padded: 1000, 1000, 0, 0, 0. A = 2000 / 5 = 400, B = 2000 / 4 = 500,
    rating 450 (the product said 700 before issue 17)."""
    assert parts(1000, 1000) == pytest.approx((400, 500, 450))


@pytest.mark.parametrize(("place", "players", "expected"), [
    (3, 7, 667),   # 1000 x 4 / 6 = 666.67
    (2, 7, 833),   # 1000 x 5 / 6 = 833.33
    (16, 17, 63),  # 1000 x 1 / 16 = 62.5: half up
    (80, 81, 13),  # 1000 x 1 / 80 = 12.5: half up
    (2, 3, 500),
    (1, 1, 1000),  # a tournament of one
])
def test_base_ranks_are_whole_numbers_rounded_half_up(place: int, players: int,
                                                      expected: int) -> None:
    assert base_rank(place, players) == expected


# --- Padding ---------------------------------------------------------------------------


@pytest.mark.parametrize(("base_ranks", "expected"), [
    # 1 result: padded 1000, 0, 0, 0, 0: A = 1000 / 5 = 200, B = 1000 / 4 = 250.
    ((1000,), (200, 250, 225)),
    # 4: A = 2800 / 5 = 560 (one padding), B = 2800 / 4 = 700.
    ((1000, 800, 600, 400), (560, 700, 630)),
    # 5: no padding; A = 3000 / 5 = 600, B = 2800 / 4 = 700.
    ((1000, 800, 600, 400, 200), (600, 700, 650)),
    # 6: A the best ceil(5.8) = 6: 3000 / 6 = 500; B 700.
    ((1000, 800, 600, 400, 200, 0), (500, 700, 600)),
    # 10: A the best ceil(9) = 9: 5400 / 9 = 600; B = 3400 / 4 = 850.
    ((1000, 900, 800, 700, 600, 500, 400, 300, 200, 100), (600, 850, 725)),
])
def test_parts_a_and_b_come_from_the_padded_list(base_ranks: tuple[int, ...],
                                                 expected: tuple[float, float, float]) -> None:
    assert parts(*base_ranks) == pytest.approx(expected)


def test_padding_follows_the_results_sorted_by_base_rank() -> None:
    """Given worst first, sorted anyway: 0, 500, 1000 -> A = 1500 / 5 = 300,
    B = 1500 / 4 = 375."""
    assert parts(0, 500, 1000) == pytest.approx((300, 375, 337.5))


# --- Weight ----------------------------------------------------------------------------


@pytest.mark.parametrize(("days", "players", "countries", "qualifier", "weight"), [
    (1, 8, 1, False, 1.0),
    (2, 8, 1, False, 2.0),
    (3, 8, 1, False, 3.0),
    (4, 8, 1, False, 3.0),    # longer counts as 3 days
    (1, 40, 1, False, 1.0),   # up to 40 players: +0
    (1, 41, 1, False, 1.5),   # 41-80: +0.5
    (1, 80, 1, False, 1.5),
    (1, 81, 1, False, 2.0),   # more than 80: +1
    (1, 8, 5, False, 1.0),    # up to 5 countries: +0
    (1, 8, 6, False, 1.5),    # 6-9: +0.5
    (1, 8, 9, False, 1.5),
    (1, 8, 10, False, 2.0),   # 10 or more: +1
    (1, 8, 1, True, 2.0),     # a qualifier: +1
    (3, 81, 10, True, 6.0),   # every part at its top
])
def test_a_tournament_weighs_days_players_countries_and_qualification(
        days: int, players: int, countries: int, qualifier: bool, weight: float) -> None:
    assert mers.event_weight(days, players, countries, qualifier) == weight
    assert event_weight(days, players, RankingConfig(), countries, qualifier) == weight


def test_the_weight_parts_are_named() -> None:
    """2 days, 41 players, 6 countries, a qualifier: 2 + 0.5 + 0.5 + 1 = 4."""
    found = mers.weight_parts(2, 41, 6, True)
    assert (found.days, found.players, found.countries, found.qualifier, found.total) == (
        2, 0.5, 0.5, 1, 4)


def test_the_emas_weight_replaces_the_computed_one() -> None:
    """A win at a tournament the EMA weighed 3 (computed: 1) and a last place
    of weight 1: A = 3 x 1000 / (3 + 1 + 3 x 1) = 428.57; B = 3000 / (3 + 1
    + 2 x 1) = 500; rating 464.29."""
    assert mers.event_weight(1, 8, 1, False, override=3) == 3
    won = Result(event="won", last_day=RECENT, place=1, players=11, weight=3.0)
    last = Result(event="last", last_day=RECENT, place=11, players=11)
    rating = rate([won, last], AS_OF)
    assert rating.lines[0].event_weight == 3
    assert (rating.part_a, rating.part_b, rating.rating) == pytest.approx(
        (428.571, 500, 464.286), abs=0.001)


def test_countries_and_qualification_weigh_in_the_rating() -> None:
    """A win at a qualifier with 10 countries (1 + 0 + 1 + 1 = 3) and a last
    place of weight 1: the same as a weight of 3, 464.29."""
    won = Result(event="won", last_day=RECENT, place=1, players=11, countries=10,
                 qualifier=True)
    last = Result(event="last", last_day=RECENT, place=11, players=11)
    assert rate([won, last], AS_OF).rating == pytest.approx(464.286, abs=0.001)


# --- Age -------------------------------------------------------------------------------


def test_the_age_counts_from_the_last_day_or_the_emas_date() -> None:
    d = datetime.date
    assert mers.age_date(d(2030, 3, 9), 2) == d(2030, 3, 10)
    assert mers.age_date(d(2030, 3, 9), 2, d(2030, 9, 1)) == d(2030, 9, 1)


def test_an_older_result_weighs_half() -> None:
    """A 2-day win (weight 2) that ended 18 months ago weighs 2 x 0.5 = 1;
    with a recent last place (weight 1): A = 1000 / (1 + 1 + 3) = 200,
    B = 1000 / (1 + 1 + 2) = 250, rating 225. Moved by the EMA to 10 months
    ago, it weighs 2 again: A = 2000 / 6 = 333.33, B = 2000 / 5 = 400."""
    old = Result(event="old", last_day=datetime.date(2029, 12, 1), place=1, players=11, days=2)
    last = Result(event="last", last_day=RECENT, place=11, players=11)
    rating = rate([old, last], AS_OF)
    assert (rating.part_a, rating.part_b, rating.rating) == pytest.approx((200, 250, 225))
    moved = Result(event="old", last_day=datetime.date(2030, 8, 1), place=1, players=11,
                   days=2)
    rating = rate([moved, last], AS_OF)
    assert (rating.part_a, rating.part_b) == pytest.approx((333.333, 400), abs=0.001)


def test_old_snapshots_read_with_the_mers_defaults() -> None:
    """A run stored before issue 17 has no countries, qualifier or padding
    keys: it still reads."""
    old = {"scale": 1000.0, "day_weights": [1.0, 2.0, 3.0],
           "player_weights": [[40, 0.0], [80, 0.5], [None, 1.0]], "age_factors": [1.0, 0.5],
           "min_results": 2, "part_a_share": 0.5, "part_a_minimum": 5, "part_a_extra": 0.8,
           "padding_weight": 1.0, "part_b_best": 4}
    config = RankingConfig.from_dict(old)
    assert config == RankingConfig()
    assert RankingConfig.from_dict(config.as_dict()) == config
    assert RankingConfig.from_dict({**old, "unknown": 1}) == config
