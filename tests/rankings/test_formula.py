"""The national ranking's formula (rankings/formula.py): small cases
computed by hand, then properties. Source: the EMA's "Basics for ranking
system" (MERS, 2018 update); issue 17 corrected part B's padding and whole
base ranks (tests/rankings/test_mers.py has the MERS cases of that issue).

Weights below are the defaults: a 1-day tournament of at most 40 players
weighs 1, so most cases use those and plain averages.
"""

from __future__ import annotations

import datetime
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rankings.formula import (
    RankingConfig,
    Result,
    age_factor,
    base_rank,
    event_weight,
    part_a_count,
    positions,
    rate,
    rating_history,
)
from tests.support.examples import examples

FAST = settings(max_examples=examples(150), deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow])

AS_OF = datetime.date(2031, 6, 1)
RECENT = datetime.date(2031, 5, 1)
DEFAULT = RankingConfig()


def result(place: int, players: int = 10, last_day: datetime.date = RECENT, days: int = 1,
           event: object = None) -> Result:
    return Result(event=event if event is not None else random.random(), last_day=last_day,
                  place=place, players=players, days=days)


def ranks(*base_ranks: float, players: int = 11) -> list[Result]:
    """Results with these base ranks: in a tournament of 11 players place p
    is worth 100 x (11 - p), so base rank b is place 11 - b / 100."""
    return [result(11 - int(value // 100), players=players, event=index)
            for index, value in enumerate(base_ranks)]


# --- Base rank ---------------------------------------------------------------------


def test_base_rank_is_linear_from_the_winner_to_the_last() -> None:
    """round(1000 x (N - p) / (N - 1)) with N = 10: 1st 1000, 10th 0, 4th
    1000 x 6/9 = 666.67, a whole 667."""
    assert base_rank(1, 10) == 1000
    assert base_rank(10, 10) == 0
    assert base_rank(4, 10) == 667


def test_a_shared_place_gives_the_shared_base_rank() -> None:
    """Standings 1, 2, 2, 4 (N = 4): both 2nd places get round(1000 x 2/3) = 667."""
    assert [base_rank(place, 4) for place in (1, 2, 2, 4)] == [1000, 667, 667, 0]


def test_the_only_ranked_player_gets_the_full_base_rank() -> None:
    """N = 1: nobody to lose to; 1000 (not a division by zero)."""
    assert base_rank(1, 1) == 1000


@pytest.mark.parametrize(("place", "players"), [(0, 4), (5, 4), (1, 0)])
def test_impossible_places_are_refused(place: int, players: int) -> None:
    with pytest.raises(ValueError):
        base_rank(place, players)


def test_the_scale_is_a_setting() -> None:
    assert base_rank(1, 3, RankingConfig(scale=100)) == 100
    assert base_rank(2, 3, RankingConfig(scale=100)) == 50


# --- Weight of a tournament ----------------------------------------------------------


@pytest.mark.parametrize(("days", "players", "weight"), [
    (1, 40, 1.0),    # 1 day + up to 40 players (+0)
    (1, 41, 1.5),    # 41-80 players: +0.5
    (2, 80, 2.5),    # 2 days: 2
    (2, 81, 3.0),    # more than 80: +1
    (3, 100, 4.0),   # 3 days: 3
    (5, 10, 3.0),    # longer counts as 3 days
])
def test_a_tournament_weighs_its_days_and_players(days: int, players: int,
                                                   weight: float) -> None:
    assert event_weight(days, players) == weight


def test_the_weight_tables_are_settings() -> None:
    config = RankingConfig(day_weights=(1, 1.5), player_weights=((16, 0), (None, 2)))
    assert event_weight(1, 16, config) == 1
    assert event_weight(4, 17, config) == 3.5


# --- Age ---------------------------------------------------------------------------


def test_a_result_counts_fully_for_a_year_then_half_then_not() -> None:
    """A tournament that ended on 10 March 2024: full weight up to and including
    10 March 2025, half from 11 March 2025 to 10 March 2026, then out."""
    d = datetime.date
    ended = d(2024, 3, 10)
    assert [age_factor(ended, day) for day in (
        d(2024, 3, 10), d(2025, 3, 10), d(2025, 3, 11), d(2026, 3, 10), d(2026, 3, 11),
    )] == [1, 1, 0.5, 0.5, 0]


def test_29_february_is_28_february_in_other_years() -> None:
    d = datetime.date
    # Ended on 29 Feb 2024: one year later is 28 Feb 2025.
    assert age_factor(d(2024, 2, 29), d(2025, 2, 28)) == 1
    assert age_factor(d(2024, 2, 29), d(2025, 3, 1)) == 0.5
    # Computed on 29 Feb 2024: a year back is 28 Feb 2023.
    assert age_factor(d(2023, 2, 28), d(2024, 2, 29)) == 1
    assert age_factor(d(2023, 2, 27), d(2024, 2, 29)) == 0.5


def test_a_result_after_the_computation_day_counts_as_new() -> None:
    assert age_factor(datetime.date(2031, 7, 1), AS_OF) == 1


def test_the_age_factors_are_a_setting() -> None:
    """Three years, two thirds and a third (an older EMA rule)."""
    config = RankingConfig(age_factors=(1, 2 / 3, 1 / 3))
    ended = datetime.date(2028, 7, 1)  # more than 2 years old, not more than 3
    assert age_factor(ended, AS_OF, config) == pytest.approx(1 / 3)
    assert age_factor(datetime.date(2028, 5, 31), AS_OF, config) == 0


# --- Part A and part B ---------------------------------------------------------------


def test_part_a_counts_five_and_four_fifths_of_the_rest() -> None:
    """ceil(5 + 0.8 x (n - 5)): n = 6 -> 6, 7 -> ceil(6.6) = 7, 10 -> 9 (exactly,
    not ceil(9.000000000000002)), 15 -> 13; fewer than 5: all of them."""
    assert [part_a_count(n) for n in (0, 2, 5, 6, 7, 10, 15)] == [0, 2, 5, 6, 7, 9, 13]


def test_two_wins_are_padded_to_five_in_part_a() -> None:
    """Two results of 1000 (weight 1): part A = (1000 + 1000 + 3 x 0) / 5 = 400;
    part B = (1000 + 1000 + 2 x 0) / 4 = 500 (MERS pads B too); rating 450."""
    rating = rate(ranks(1000, 1000), AS_OF)
    assert (rating.part_a, rating.part_b, rating.rating) == pytest.approx((400, 500, 450))
    assert rating.ranked and rating.counted == 2


def test_six_results_all_count_in_a_and_the_best_four_in_b() -> None:
    """1000, 800, 600, 400, 200, 0: part A the best ceil(5.8) = 6: 3000 / 6 = 500;
    part B (1000 + 800 + 600 + 400) / 4 = 700; rating 600."""
    rating = rate(ranks(1000, 800, 600, 400, 200, 0), AS_OF)
    assert (rating.part_a, rating.part_b, rating.rating) == pytest.approx((500, 700, 600))
    assert [line.in_part_b for line in rating.lines] == [True] * 4 + [False] * 2


def test_ten_results_count_nine_in_part_a() -> None:
    """Ten results 1000, 900, ..., 100: part A the best 9 = (1000 + ... + 200) / 9
    = 5400 / 9 = 600; part B (1000 + 900 + 800 + 700) / 4 = 850; rating 725."""
    rating = rate(ranks(*range(1000, 0, -100)), AS_OF)
    assert (rating.part_a, rating.part_b, rating.rating) == pytest.approx((600, 850, 725))
    assert sum(line.in_part_a for line in rating.lines) == 9


def test_part_b_with_fewer_than_four_results_is_padded() -> None:
    """1000, 500, 0: part B = 1500 / 4 = 375 (one padding result);
    part A = 1500 / 5 = 300; rating 337.5. Without B's padding (the
    product's old option) B = 1500 / 3 = 500."""
    rating = rate(ranks(1000, 500, 0), AS_OF)
    assert (rating.part_a, rating.part_b, rating.rating) == pytest.approx((300, 375, 337.5))
    unpadded = rate(ranks(1000, 500, 0), AS_OF, RankingConfig(pad_part_b=False))
    assert unpadded.part_b == pytest.approx(500)


def test_averages_are_weighted_by_the_tournament() -> None:
    """A win in a 2-day tournament (weight 2) and a 500 in a 1-day one (weight 1):
    part A = (2 x 1000 + 1 x 500 + 3 x 0) / (2 + 1 + 3) = 2500 / 6 = 416.67;
    part B = 2500 / (2 + 1 + 2) = 500; rating 458.33."""
    results = [result(1, players=11, days=2, event="long"), result(6, players=11, event="short")]
    rating = rate(results, AS_OF)
    assert (rating.part_a, rating.part_b, rating.rating) == pytest.approx(
        (416.667, 500, 458.333), abs=0.001)


def test_an_old_result_weighs_half_and_a_very_old_one_not_at_all() -> None:
    """A win 18 months ago (weight 0.5) and a last place last month (weight 1):
    part A = (0.5 x 1000 + 0) / (0.5 + 1 + 3) = 111.11; part B = 500 / (0.5 +
    1 + 2) = 142.86; rating 126.98. A third result from three years ago counts
    nothing."""
    old = result(1, players=11, last_day=datetime.date(2029, 12, 1), event="old")
    last = result(11, players=11, event="last")
    ancient = result(1, players=11, last_day=datetime.date(2028, 5, 1), event="ancient")
    rating = rate([old, last, ancient], AS_OF)
    assert (rating.part_a, rating.part_b, rating.rating) == pytest.approx(
        (111.111, 142.857, 126.984), abs=0.001)
    assert rating.counted == 2
    assert rating.lines[-1].result is ancient and not rating.lines[-1].counts
    assert rating.last_result == RECENT


def test_a_player_needs_two_counting_results() -> None:
    assert not rate(ranks(1000), AS_OF).ranked
    assert rate(ranks(1000), AS_OF, RankingConfig(min_results=1)).ranked
    # A second result that no longer counts does not help.
    ancient = result(1, last_day=datetime.date(2020, 1, 1))
    assert not rate([*ranks(1000), ancient], AS_OF).ranked


def test_no_results_rate_zero() -> None:
    rating = rate([], AS_OF)
    assert (rating.rating, rating.counted, rating.ranked) == (0, 0, False)
    assert rating.last_result is None


def test_of_equal_base_ranks_the_heavier_result_counts_first() -> None:
    """Two 1000s, one of weight 2 (a 2-day event), and nothing else: part B with
    best 1 is the heavier one; the 500 of a 3-day event stays out."""
    config = RankingConfig(part_b_best=1)
    light = result(1, players=11, event="light")
    heavy = result(1, players=11, days=2, event="heavy")
    rating = rate([light, heavy, result(6, players=11, days=3)], AS_OF, config)
    assert rating.lines[0].result is heavy and rating.lines[0].in_part_b
    assert rating.part_b == 1000


# --- Positions ---------------------------------------------------------------------


def test_equal_ratings_share_a_position() -> None:
    """Ratings 700, 650, 650, 600: positions 1, 2, 2, 4."""
    assert positions({"a": 700.0, "b": 650.0, "c": 650.0, "d": 600.0}) == {
        "a": 1, "b": 2, "c": 2, "d": 4}


def test_ratings_equal_to_two_decimals_are_equal() -> None:
    """600.004 and 599.996 are both shown as 600.00: one position."""
    assert positions({"a": 600.004, "b": 599.996, "c": 599.99}) == {"a": 1, "b": 1, "c": 3}


# --- History -------------------------------------------------------------------------


def test_the_rating_after_each_tournament() -> None:
    """A win on 1 Jan, a last place on 1 Feb, a 500 on 1 Mar (11 players):
    after 1 Jan one result (not ranked); after 1 Feb A = 1000 / 5 = 200,
    B = 1000 / 4 = 250, rating 225; after 1 Mar A = 1500 / 5 = 300,
    B = 1500 / 4 = 375, rating 337.5."""
    d = datetime.date
    results = [result(1, 11, d(2031, 1, 1)), result(11, 11, d(2031, 2, 1)),
               result(6, 11, d(2031, 3, 1))]
    history = rating_history(results)
    assert [day for day, _ in history] == [d(2031, 1, 1), d(2031, 2, 1), d(2031, 3, 1)]
    assert [rating.ranked for _, rating in history] == [False, True, True]
    assert [rating.rating for _, rating in history[1:]] == pytest.approx([225, 337.5])


def test_history_counts_ages_from_each_tournament() -> None:
    """A win in 2029 and a last place in 2031: on the 2031 day the win is more
    than a year old (half weight): A = 500 / 4.5, B = 500 / 3.5."""
    d = datetime.date
    history = rating_history([result(1, 11, d(2029, 12, 1)), result(11, 11, d(2031, 3, 1))])
    assert history[-1][1].rating == pytest.approx(0.5 * 500 / 4.5 + 0.5 * 500 / 3.5)


# --- Settings ------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [
    {"min_results": 0}, {"age_factors": ()}, {"age_factors": (1, 0)},
    {"day_weights": (1, -1)}, {"player_weights": ((40, 0),)},
    {"player_weights": ((80, 0), (40, 1), (None, 2))}, {"part_a_share": 1.5},
    {"part_a_extra": 2}, {"part_b_best": 0}, {"scale": 0}, {"padding_weight": 0},
    {"country_weights": ((5, 0),)}, {"qualifier_weight": -1},
])
def test_unusable_constants_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        RankingConfig(**bad)  # type: ignore[arg-type]


def test_the_constants_survive_a_json_round_trip() -> None:
    config = RankingConfig(age_factors=(1, 0.75, 0.5), min_results=3,
                           player_weights=((20, 0), (None, 1)))
    assert RankingConfig.from_dict(config.as_dict()) == config


# --- Properties ----------------------------------------------------------------------


@st.composite
def results(draw: st.DrawFn, minimum: int = 0, recent: bool = False) -> list[Result]:
    count = draw(st.integers(minimum, 14))
    made = []
    for index in range(count):
        players = draw(st.integers(1, 120))
        back = draw(st.integers(0, 364 if recent else 1200))
        made.append(Result(event=index, last_day=AS_OF - datetime.timedelta(days=back),
                           place=draw(st.integers(1, players)), players=players,
                           days=draw(st.integers(1, 4))))
    return made


@FAST
@given(results())
def test_a_rating_is_between_0_and_1000(played: list[Result]) -> None:
    rating = rate(played, AS_OF)
    for value in (rating.rating, rating.part_a, rating.part_b):
        assert 0 <= value <= 1000


@FAST
@given(st.lists(st.tuples(st.integers(1, 120), st.integers(1, 4), st.integers(0, 364)),
                min_size=5, max_size=14))
def test_winning_everything_recently_gives_1000(wins: list[tuple[int, int, int]]) -> None:
    played = [Result(event=index, last_day=AS_OF - datetime.timedelta(days=back), place=1,
                     players=players, days=days)
              for index, (players, days, back) in enumerate(wins)]
    rating = rate(played, AS_OF)
    assert rating.rating == pytest.approx(1000)
    assert rating.part_a == pytest.approx(1000) and rating.part_b == pytest.approx(1000)


@FAST
@given(results(minimum=1), st.data())
def test_a_result_worse_than_all_others_never_raises_part_b(played: list[Result],
                                                            data: st.DataObject) -> None:
    before = rate(played, AS_OF)
    counting = [line for line in before.lines if line.counts]
    # With fewer than 4, a result replaces padding of 0 in part B and may raise it.
    assume(len(counting) >= DEFAULT.part_b_best)
    worst = min(line.base_rank for line in counting)
    players = data.draw(st.integers(2, 120))
    place = data.draw(st.integers(1, players))
    extra = Result(event="extra", last_day=AS_OF, place=place, players=players,
                   days=data.draw(st.integers(1, 4)))
    if base_rank(place, players) > worst:
        return
    after = rate([*played, extra], AS_OF)
    assert after.part_b <= before.part_b + 1e-9


@FAST
@given(results(), st.randoms())
def test_the_order_of_the_results_does_not_matter(played: list[Result],
                                                  rnd: random.Random) -> None:
    shuffled = list(played)
    rnd.shuffle(shuffled)
    assert rate(shuffled, AS_OF).rating == pytest.approx(rate(played, AS_OF).rating)


@FAST
@given(results(minimum=1))
def test_ranked_means_enough_counting_results(played: list[Result]) -> None:
    rating = rate(played, AS_OF)
    counting = sum(1 for r in played if age_factor(r.last_day, AS_OF) > 0)
    assert rating.counted == counting
    assert rating.ranked == (counting >= DEFAULT.min_results)
    assert sum(line.in_part_b for line in rating.lines) == min(counting, 4)
    assert sum(line.in_part_a for line in rating.lines) == part_a_count(counting)


@FAST
@given(st.dictionaries(st.integers(0, 50), st.floats(0, 1000, allow_nan=False), max_size=30))
def test_a_position_is_one_more_than_the_players_rated_higher(
        ratings: dict[int, float]) -> None:
    placed = positions(ratings)
    for key, value in ratings.items():
        higher = sum(1 for other in ratings.values() if round(other, 2) > round(value, 2))
        assert placed[key] == higher + 1
