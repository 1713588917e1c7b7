"""A tournament's weight and age date in the EMA's ranking method, MERS
("Basics for ranking system", EMA, 2018 update,
http://mahjong-europe.org/ranking/RankingOverview.html). Pure Python,
standard library only, no Django import: the national ranking's formula
(rankings/formula.py) and the EMA results file (exports/ema.py) both read
it, so the weight the ranking uses and the weight the file states are one.

weight = days part + players part + countries part + qualification part

* days: 1 day 1, 2 days 2, 3 or more days 3;
* players (every participant listed, substitutes included): up to 40: 0,
  41-80: 0.5, more than 80: 1;
* countries (distinct countries of the participants): up to 5: 0,
  6-9: 0.5, 10 or more: 1;
* qualification: +1 for a tournament that qualifies for a championship.

The EMA may set a tournament's weight itself (`override`), and move the
day its results' age counts from (normally the tournament's last day).

The tables are arguments with the EMA's values as defaults, so the bond's
national ranking keeps its options (rankings/formula.py RankingConfig).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

# (up to this many, weight); None: any number. The EMA's tables.
Steps = Sequence[tuple[int | None, float]]
DAY_WEIGHTS: tuple[float, ...] = (1.0, 2.0, 3.0)
PLAYER_WEIGHTS: tuple[tuple[int | None, float], ...] = ((40, 0.0), (80, 0.5), (None, 1.0))
COUNTRY_WEIGHTS: tuple[tuple[int | None, float], ...] = ((5, 0.0), (9, 0.5), (None, 1.0))
QUALIFIER_WEIGHT = 1.0
# MERS counts the substitutes of a tournament in N, at most this many.
MAX_SUBSTITUTES = 3


def step_weight(count: int, steps: Steps) -> float:
    """The weight of the first row whose limit `count` does not exceed.

    >>> [step_weight(n, PLAYER_WEIGHTS) for n in (40, 41, 80, 81)]
    [0.0, 0.5, 0.5, 1.0]
    """
    for limit, weight in steps:
        if limit is None or count <= limit:
            return float(weight)
    raise ValueError(f"no weight for {count}: the last row needs no limit (None)")


def day_weight(days: int, weights: Sequence[float] = DAY_WEIGHTS) -> float:
    """The days part: 1, 2, 3, and the last value for longer events.

    >>> [day_weight(d) for d in (1, 2, 3, 4)]
    [1.0, 2.0, 3.0, 3.0]
    """
    if days < 1:
        raise ValueError(f"an event lasts at least one day, not {days}")
    return float(weights[min(days, len(weights)) - 1])


@dataclass(frozen=True)
class WeightParts:
    days: float
    players: float
    countries: float
    qualifier: float

    @property
    def total(self) -> float:
        return self.days + self.players + self.countries + self.qualifier


def weight_parts(days: int, players: int, countries: int = 0, qualifier: bool = False, *,
                 day_weights: Sequence[float] = DAY_WEIGHTS,
                 player_weights: Steps = PLAYER_WEIGHTS,
                 country_weights: Steps = COUNTRY_WEIGHTS,
                 qualifier_weight: float = QUALIFIER_WEIGHT) -> WeightParts:
    """The four parts of a tournament's weight.

    >>> weight_parts(2, 41, 6, True).total  # 2 + 0.5 + 0.5 + 1
    4.0
    """
    return WeightParts(
        days=day_weight(days, day_weights),
        players=step_weight(players, player_weights),
        countries=step_weight(countries, country_weights),
        qualifier=float(qualifier_weight) if qualifier else 0.0,
    )


def event_weight(days: int, players: int, countries: int = 0, qualifier: bool = False,
                 override: float | Decimal | None = None, *,
                 day_weights: Sequence[float] = DAY_WEIGHTS,
                 player_weights: Steps = PLAYER_WEIGHTS,
                 country_weights: Steps = COUNTRY_WEIGHTS,
                 qualifier_weight: float = QUALIFIER_WEIGHT) -> float:
    """The tournament's weight: the EMA's override when it set one, else the
    sum of its parts.

    >>> event_weight(1, 40), event_weight(3, 81, 10, True), event_weight(1, 8, override=2.5)
    (1.0, 6.0, 2.5)
    """
    if override is not None:
        return float(override)
    return weight_parts(days, players, countries, qualifier, day_weights=day_weights,
                        player_weights=player_weights, country_weights=country_weights,
                        qualifier_weight=qualifier_weight).total


def last_day(start: datetime.date, days: int) -> datetime.date:
    return start + datetime.timedelta(days=days - 1)


def age_date(start: datetime.date, days: int,
             override: datetime.date | None = None) -> datetime.date:
    """The day a result's age counts from: the EMA's override, else the
    tournament's last day.

    >>> d = datetime.date
    >>> age_date(d(2026, 3, 7), 2), age_date(d(2026, 3, 7), 2, d(2026, 6, 1))
    (datetime.date(2026, 3, 8), datetime.date(2026, 6, 1))
    """
    return override if override is not None else last_day(start, days)
