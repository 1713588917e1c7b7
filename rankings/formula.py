"""The national ranking's formula: pure Python, standard library only, no
Django import (like scoring/engine and tournaments/placing.py).

It follows the EMA's published ranking method, MERS ("Basics for ranking
system", 2018 update, linked from SOURCE_URL; issue 17 set out where the
first version differed), with every constant in a `RankingConfig` (the
Django settings RANKING_*, see config/settings.py and rankings/conf.py):

1. **Base rank of a result.** In a tournament of N players (every
   participant listed: guests and up to 3 substitutes count, see
   tournaments/services/mers.py), place p (players sharing a position share
   the place) is worth

       base rank = round(1000 x (N - p) / (N - 1))

   a whole number, rounded half up as the EMA's spreadsheet (Excel's ROUND)
   does: N = 7, p = 3 gives 666.67, so 667. The winner gets 1000 and the
   last player 0. A tournament of one player gives that player 1000.
   1000 is `scale`; `whole_base_ranks` False keeps the fraction.

2. **Weight of a tournament** (tournaments/mers.py): days (1 day 1,
   2 days 2, 3 or more 3; `day_weights`) + players (up to 40: 0, 41-80:
   0.5, more: 1; `player_weights`) + countries (up to 5: 0, 6-9: 0.5,
   10 or more: 1; `country_weights`) + qualification (+1 for a qualifier;
   `qualifier_weight`). The EMA may set a tournament's weight itself
   (`Result.weight`, the event's MERS weight override).

3. **Age.** A result whose age date (the tournament's last day, or the
   date the EMA moved it to) is more than one year before the day the
   ranking is computed counts at half weight; more than two years and it
   no longer counts (`age_factors`: a factor per year of age, older results
   drop out). "More than one year" is by the calendar: a tournament that
   ended on 10 March 2024 counts fully up to and including 10 March 2025,
   at half weight from 11 March 2025 up to and including 10 March 2026, and
   not from 11 March 2026 (29 February counts as 28 February in other
   years). An age date after the computation date counts as new.
   A result's weight is its tournament's weight x its age factor.

4. **Rating** = 0.5 x part A + 0.5 x part B (`part_a_share`). The results
   that still count are sorted by base rank, best first (of equal base
   ranks the heavier, then the more recent), and the list is padded to 5
   (`part_a_minimum`) with results of base rank 0 and weight 1
   (`padding_weight`). Both parts are weighted averages (sum of weight x
   base rank / sum of weights) taken from that padded list:

   * part A: the best ceil(5 + 0.8 x max(n - 5, 0)) (`part_a_extra`) of a
     player's n results;
   * part B: the best 4 (`part_b_best`).

   Two wins of weight 1: padded 1000, 1000, 0, 0, 0; A = 2000 / 5 = 400,
   B = 2000 / 4 = 500, rating 450. (`pad_part_b` False takes part B from
   the results alone, as this product did before issue 17.)

5. A player needs at least 2 results that still count (`min_results`) to
   be ranked. Ratings are rounded to 2 decimals; equal rounded ratings
   share a position (1, 2, 2, 4).

`rating_history` gives the rating as it stood after each of a player's
tournaments, for charts.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, TypeVar

from tournaments import mers

K = TypeVar("K", bound=Hashable)

# Where the method comes from; the overview links the detailed "Basics".
SOURCE = 'EMA, "Basics for ranking system" (MERS), 2018 update'
SOURCE_URL = "http://mahjong-europe.org/ranking/RankingOverview.html"
RATING_PLACES = 2


@dataclass(frozen=True)
class RankingConfig:
    """Every constant of the formula. The defaults are the EMA's."""

    # Base rank of the winner (and of a tournament's only ranked player).
    scale: float = 1000.0
    # Duration weight by days: 1 day, 2 days, 3 days, ...; the last value
    # counts for every longer event.
    day_weights: tuple[float, ...] = (1.0, 2.0, 3.0)
    # Players weight: (up to this many players, weight); None in the last
    # row means "any number".
    player_weights: tuple[tuple[int | None, float], ...] = mers.PLAYER_WEIGHTS
    # Countries weight: (up to this many countries, weight), as the players'.
    country_weights: tuple[tuple[int | None, float], ...] = mers.COUNTRY_WEIGHTS
    # Added to the weight of a tournament that qualifies for a championship.
    qualifier_weight: float = mers.QUALIFIER_WEIGHT
    # Age factor per full year a result is older than the computation date;
    # results older than len(age_factors) years no longer count.
    age_factors: tuple[float, ...] = (1.0, 0.5)
    # Results that still count needed to be ranked.
    min_results: int = 2
    # Part A's share of the rating; part B has the rest.
    part_a_share: float = 0.5
    # Part A counts the best `part_a_minimum` + `part_a_extra` x (n - minimum)
    # results (rounded up), padded with zero results up to the minimum.
    part_a_minimum: int = 5
    part_a_extra: float = 0.8
    # The weight of a padding result of part A.
    padding_weight: float = 1.0
    # Part B counts the best this many results.
    part_b_best: int = 4
    # Part B from the padded list (MERS) or from the results alone.
    pad_part_b: bool = True
    # Base ranks rounded to whole numbers, half up (MERS).
    whole_base_ranks: bool = True

    def __post_init__(self) -> None:
        problems = []
        if not self.scale > 0:
            problems.append(f"scale must be positive, not {self.scale}")
        if not self.day_weights or any(not w > 0 for w in self.day_weights):
            problems.append(f"day weights must be positive numbers: {self.day_weights}")
        for what, steps in (("player", self.player_weights),
                            ("country", self.country_weights)):
            if not steps:
                problems.append(f"{what} weights need at least one row")
                continue
            limits = [limit for limit, _ in steps]
            if limits[-1] is not None:
                problems.append(f"the last {what} weight row must be for any number (None)")
            bounded = [limit for limit in limits[:-1] if limit is not None]
            if len(bounded) != len(limits) - 1 or bounded != sorted(set(bounded)):
                problems.append(f"{what} weight limits must rise: {limits}")
            if any(weight < 0 for _, weight in steps):
                problems.append(f"{what} weights cannot be negative")
        if self.qualifier_weight < 0:
            problems.append(f"the qualifier weight cannot be negative: {self.qualifier_weight}")
        if not self.age_factors or any(not 0 < f <= 1 for f in self.age_factors):
            problems.append(f"age factors must be in (0, 1]: {self.age_factors}")
        if self.min_results < 1:
            problems.append(f"min results must be at least 1, not {self.min_results}")
        if not 0 <= self.part_a_share <= 1:
            problems.append(f"part A's share must be from 0 to 1, not {self.part_a_share}")
        if self.part_a_minimum < 1:
            problems.append(f"part A's minimum must be at least 1, not {self.part_a_minimum}")
        if not 0 <= self.part_a_extra <= 1:
            problems.append(f"part A's extra share must be from 0 to 1, not {self.part_a_extra}")
        if not self.padding_weight > 0:
            problems.append(f"the padding weight must be positive, not {self.padding_weight}")
        if self.part_b_best < 1:
            problems.append(f"part B needs at least 1 result, not {self.part_b_best}")
        if problems:
            raise ValueError("; ".join(problems))

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready, for the snapshot kept with a computed ranking."""
        return {
            "scale": self.scale,
            "day_weights": list(self.day_weights),
            "player_weights": [[limit, weight] for limit, weight in self.player_weights],
            "age_factors": list(self.age_factors),
            "min_results": self.min_results,
            "part_a_share": self.part_a_share,
            "part_a_minimum": self.part_a_minimum,
            "part_a_extra": self.part_a_extra,
            "padding_weight": self.padding_weight,
            "part_b_best": self.part_b_best,
            "country_weights": [[limit, weight] for limit, weight in self.country_weights],
            "qualifier_weight": self.qualifier_weight,
            "pad_part_b": self.pad_part_b,
            "whole_base_ranks": self.whole_base_ranks,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RankingConfig:
        """A snapshot read back. Snapshots from before issue 17 lack the
        countries and qualifier weights and the MERS switches: they read
        with the defaults (the run is outdated anyway: rankings.services)."""
        values = dict(data)
        for name in ("day_weights", "age_factors"):
            if name in values:
                values[name] = tuple(values[name])
        for name in ("player_weights", "country_weights"):
            if name in values:
                values[name] = tuple((limit, weight) for limit, weight in values[name])
        known = set(cls.__dataclass_fields__)
        return cls(**{name: value for name, value in values.items() if name in known})


# --- One result ---------------------------------------------------------------------


def base_rank(place: int, players: int, config: RankingConfig = RankingConfig()) -> float:
    """scale x (N - place) / (N - 1), rounded half up to a whole number
    (`whole_base_ranks`); the only player gets scale.

    >>> base_rank(1, 10), base_rank(10, 10), base_rank(4, 10), base_rank(3, 7)
    (1000.0, 0.0, 667.0, 667.0)
    >>> base_rank(1, 1), base_rank(2, 9)  # 875 exactly
    (1000.0, 875.0)
    """
    if players < 1:
        raise ValueError(f"a tournament needs at least one ranked player, not {players}")
    if not 1 <= place <= players:
        raise ValueError(f"place {place} is not between 1 and {players}")
    if players == 1:
        return float(config.scale)
    if config.whole_base_ranks:
        # Exact: 1000 x 1 / 8 = 125 and x 3 / 2 = 1.5 must round up, not fall
        # to binary noise below the half.
        exact = Fraction(config.scale) * (players - place) / (players - 1)
        return float(math.floor(exact + Fraction(1, 2)))
    return config.scale * (players - place) / (players - 1)


def event_weight(days: int, players: int, config: RankingConfig = RankingConfig(),
                 countries: int = 0, qualifier: bool = False,
                 override: float | None = None) -> float:
    """Days + players + countries + qualification (tournaments/mers.py), or
    the EMA's `override`.

    >>> event_weight(1, 40), event_weight(2, 41), event_weight(3, 81), event_weight(5, 80)
    (1.0, 2.5, 4.0, 3.5)
    >>> event_weight(1, 40, countries=6), event_weight(1, 40, countries=10, qualifier=True)
    (1.5, 3.0)
    """
    return mers.event_weight(days, players, countries, qualifier, override,
                             day_weights=config.day_weights,
                             player_weights=config.player_weights,
                             country_weights=config.country_weights,
                             qualifier_weight=config.qualifier_weight)


def _years_back(day: datetime.date, years: int) -> datetime.date:
    try:
        return day.replace(year=day.year - years)
    except ValueError:  # 29 February in a year without one
        return day.replace(year=day.year - years, day=28)


def age_factor(last_day: datetime.date, as_of: datetime.date,
               config: RankingConfig = RankingConfig()) -> float:
    """The factor of a result whose event ended on `last_day`, computed on
    `as_of`: age_factors[k] where k is how many full years it is older than
    that; 0 once it is older than every factor.

    >>> d = datetime.date
    >>> [age_factor(d(2024, 3, 10), d(*day)) for day in
    ...  [(2025, 3, 10), (2025, 3, 11), (2026, 3, 10), (2026, 3, 11)]]
    [1.0, 0.5, 0.5, 0.0]
    """
    older = 0
    while older < len(config.age_factors) and last_day < _years_back(as_of, older + 1):
        older += 1
    return float(config.age_factors[older]) if older < len(config.age_factors) else 0.0


# --- A player's rating --------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    """A player's result in one tournament, as the formula needs it.

    `event` identifies it (any hashable: an event id); `last_day` is the
    day its age counts from (the event's last day, or the EMA's moved
    date); `place` and `players` (N) come from its MERS listing
    (tournaments/services/mers.py); `days` is its length, `countries` the
    number of its participants' countries, `qualifier` whether it
    qualified for a championship; `weight`, when given, is the
    tournament's weight as the EMA set it (it replaces the computed one)."""

    event: Hashable
    last_day: datetime.date
    place: int
    players: int
    days: int = 1
    countries: int = 0
    qualifier: bool = False
    weight: float | None = None


@dataclass(frozen=True)
class ResultLine:
    """How one result counts on the computation date."""

    result: Result
    base_rank: float
    event_weight: float
    age_factor: float  # 0: too old, no longer counts
    in_part_a: bool = False
    in_part_b: bool = False

    @property
    def weight(self) -> float:
        return self.event_weight * self.age_factor

    @property
    def counts(self) -> bool:
        return self.age_factor > 0


@dataclass(frozen=True)
class Rating:
    rating: float
    part_a: float
    part_b: float
    counted: int  # results that still count (age factor above 0)
    ranked: bool  # at least min_results of them
    # Every result given, best first; those that no longer count last.
    lines: tuple[ResultLine, ...] = field(default=())

    @property
    def last_result(self) -> datetime.date | None:
        days = [line.result.last_day for line in self.lines if line.counts]
        return max(days) if days else None


def part_a_count(n: int, config: RankingConfig = RankingConfig()) -> int:
    """How many of a player's n results part A counts (the rest of its 5
    up to 5 are padding).

    >>> [part_a_count(n) for n in (1, 4, 5, 6, 7, 10, 15, 20)]
    [1, 4, 5, 6, 7, 9, 13, 17]
    """
    if n <= config.part_a_minimum:
        return n
    minimum = config.part_a_minimum
    # Exact arithmetic: 0.8 x 5 must be 4, not 4.000000000000001 rounded up to 5.
    count = math.ceil(minimum + Fraction(str(config.part_a_extra)) * (n - minimum))
    return min(n, count)


def _weighted(lines: Sequence[ResultLine], padding: int, config: RankingConfig) -> float:
    """The weighted average of `lines` and `padding` results of base rank
    0 and weight `padding_weight`."""
    total_weight = sum(line.weight for line in lines) + padding * config.padding_weight
    if total_weight <= 0:
        return 0.0
    value = sum(line.weight * line.base_rank for line in lines) / total_weight
    # Rounding noise must not leave the scale.
    return min(max(value, 0.0), float(config.scale))


def rate(results: Iterable[Result], as_of: datetime.date,
         config: RankingConfig = RankingConfig()) -> Rating:
    """A player's rating on `as_of` from their tournament results."""
    lines = [
        ResultLine(result=result, base_rank=base_rank(result.place, result.players, config),
                   event_weight=event_weight(result.days, result.players, config,
                                             result.countries, result.qualifier, result.weight),
                   age_factor=age_factor(result.last_day, as_of, config))
        for result in results
    ]
    counting = sorted(
        (line for line in lines if line.counts),
        key=lambda line: (-line.base_rank, -line.weight, -line.result.last_day.toordinal()),
    )
    expired = sorted((line for line in lines if not line.counts),
                     key=lambda line: -line.result.last_day.toordinal())
    # The list padded to part_a_minimum with results of base rank 0: they
    # sort after every real result (a real 0 of weight >= 1 first), so the
    # best k of the padded list are the best real ones, then padding.
    n = len(counting)
    in_a = part_a_count(n, config)
    padding_a = max(0, config.part_a_minimum - n)
    in_b = min(n, config.part_b_best)
    padding_b = max(0, config.part_b_best - n) if config.pad_part_b else 0
    part_a = _weighted(counting[:in_a], padding_a, config)
    part_b = _weighted(counting[:in_b], padding_b, config)
    share = config.part_a_share
    rating = min(max(share * part_a + (1 - share) * part_b, 0.0), float(config.scale))
    marked = [
        ResultLine(result=line.result, base_rank=line.base_rank,
                   event_weight=line.event_weight, age_factor=line.age_factor,
                   in_part_a=index < in_a, in_part_b=index < in_b)
        for index, line in enumerate(counting)
    ]
    return Rating(rating=rating, part_a=part_a, part_b=part_b, counted=n,
                  ranked=n >= config.min_results, lines=tuple(marked + expired))


def rounded(value: float) -> float:
    """A rating as shown and compared: 2 decimals."""
    return round(value, RATING_PLACES)


def positions(ratings: Mapping[K, float]) -> dict[K, int]:
    """Positions by rating, highest first; equal ratings (at 2 decimals)
    share a position and the next is skipped (1, 2, 2, 4).

    >>> positions({"a": 900.0, "b": 800.004, "c": 799.996, "d": 10.0})
    {'a': 1, 'b': 2, 'c': 2, 'd': 4}
    """
    ordered = sorted(ratings, key=lambda key: -rounded(ratings[key]))
    result: dict[K, int] = {}
    previous: float | None = None
    position = 0
    for index, key in enumerate(ordered, start=1):
        value = rounded(ratings[key])
        if value != previous:
            position, previous = index, value
        result[key] = position
    return result


def rating_history(results: Iterable[Result],
                   config: RankingConfig = RankingConfig()) -> list[tuple[datetime.date, Rating]]:
    """The player's rating as it stood after each of their tournaments:
    for every distinct last day (in date order), the rating computed on that
    day from the results up to and including it. Points where the player was
    not ranked yet (fewer than min_results counting results) are included
    with `ranked` False; callers choose whether to show them."""
    results = list(results)
    history = []
    for day in sorted({result.last_day for result in results}):
        history.append((day, rate([r for r in results if r.last_day <= day], day, config)))
    return history
