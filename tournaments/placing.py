"""Placing players (issue 3 §4): table points by place at one table, and
positions in an event's standings, ties included. Pure Python, no Django
import. (The club's season and all-time rankings are tournaments/season.py;
the standings pages are tournaments/services/standings*.py: both build on this.)

Two jobs, kept apart:

* `table_points` turns the scores at one table into table points by rank,
  following a `TablePointScheme` (points per rank, per table size);
* `standings` orders players by their totals and gives them positions, with
  equal results sharing a position (1, 2, 2, 4).

Table points are `Decimal`, exact wherever a decimal can be: every preset
value and every share of them has at most 5 decimals (4-2-1-0.5, a 5-player
table, ranks 2-5 tied: 5.375 / 4 = 1.34375), so values are kept to
`TABLE_POINTS_PLACES` (5 decimals). Only a share among three tied players can
be a third; it is rounded half-even to 5 decimals (7 / 3 -> 2.33333), so such
a table sums to its total within 0.00001 x players.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from typing import TypeVar

from common.names import full_name_sort_key

K = TypeVar("K", bound=Hashable)

# A player's key in standings: a registration or member id, or a text key.
Key = int | str

# Points by rank (best first) for every table size the scheme supports.
TablePointScheme = Mapping[int, tuple[Decimal, ...]]

TABLE_POINTS_PLACES = Decimal("0.00001")
SCHEME_PLACES = Decimal("0.001")
TABLE_SIZES = (3, 4, 5)

TIE_SHARE = "share"
TIE_TIEBREAK = "tiebreak"
TIE_RULES = (TIE_SHARE, TIE_TIEBREAK)

ORDER_SCORE = "score"
ORDER_TABLE_POINTS = "table_points"
ORDERS = (ORDER_SCORE, ORDER_TABLE_POINTS)


def _points(*values: str) -> tuple[Decimal, ...]:
    return tuple(Decimal(value) for value in values)


# Why these 3- and 5-player tables (issue 3 §4: "5-player tables have their own
# table"): a round may mix table sizes, so the size of a player's table must
# not change what they can expect. Each table therefore keeps
#   * the 4-player table's first and last values: winning (or losing) a table
#     is worth the same at every size, and
#   * the 4-player table's average per player (4-2-1-0: 7 / 4 = 1.75;
#     4-2-1-0.5: 7.5 / 4 = 1.875), so a table of n hands out n x that average.
# The 5-player middle ranks are the 4-player values read off at the same
# relative rank (linear interpolation over rank 0, 1/4, 2/4, 3/4, 1), which
# for both presets already gives exactly 5 x the average. A 3-player table has
# one middle rank: it takes what is left of 3 x the average.
#   4-2-1-0:   5 players 4 + 2.5 + 1.5 + 0.75  + 0   = 8.75  = 5 x 1.75
#              3 players 4 + 1.25 + 0                = 5.25  = 3 x 1.75
#   4-2-1-0.5: 5 players 4 + 2.5 + 1.5 + 0.875 + 0.5 = 9.375 = 5 x 1.875
#              3 players 4 + 1.125 + 0.5             = 5.625 = 3 x 1.875
PRESETS: Mapping[str, TablePointScheme] = {
    "4-2-1-0": {
        3: _points("4", "1.25", "0"),
        4: _points("4", "2", "1", "0"),
        5: _points("4", "2.5", "1.5", "0.75", "0"),
    },
    "4-2-1-0.5": {
        3: _points("4", "1.125", "0.5"),
        4: _points("4", "2", "1", "0.5"),
        5: _points("4", "2.5", "1.5", "0.875", "0.5"),
    },
}
DEFAULT_SCHEME = "4-2-1-0"


def _as_decimal(value: object, where: str) -> Decimal:
    # Floats are read through their shortest text ("0.5"), so a scheme stored as
    # JSON numbers gives the values people typed, not binary approximations.
    if isinstance(value, bool) or not isinstance(value, int | float | str | Decimal):
        raise ValueError(f"{where}: {value!r} is not a number")
    try:
        number = Decimal(str(value)) if isinstance(value, float) else Decimal(value)
    except ArithmeticError:
        raise ValueError(f"{where}: {value!r} is not a number") from None
    if not number.is_finite():
        raise ValueError(f"{where}: {value!r} is not a finite number")
    return number


def custom_scheme(points: Mapping[int, Sequence[object]]) -> TablePointScheme:
    """Validate a scheme given as {table size: points by rank, best first}.

    Table sizes are 3, 4 or 5 (the tables mahjong is played at). Each size
    needs one value per rank, never rising from one rank to the next (equal
    neighbours are allowed, e.g. 1/1/0/0). Values are numbers (Decimal, int,
    str or float) with at most 3 decimals, returned as Decimal; 3 decimals
    keep every share exact at `TABLE_POINTS_PLACES` (a share divides by at
    most 4 or 5: two more decimals).
    """
    if not points:
        raise ValueError("a table point scheme needs points for at least one table size")
    scheme: dict[int, tuple[Decimal, ...]] = {}
    for size, values in sorted(points.items()):
        if isinstance(size, bool) or not isinstance(size, int) or size not in TABLE_SIZES:
            raise ValueError(f"table size {size!r} is not 3, 4 or 5 players")
        if isinstance(values, str | bytes):
            raise ValueError(f"table of {size}: give the points as a list, one per rank")
        decimals = tuple(
            _as_decimal(value, f"table of {size}, rank {rank}")
            for rank, value in enumerate(values, start=1)
        )
        for rank, value in enumerate(decimals, start=1):
            if not _has_scheme_places(value):
                raise ValueError(
                    f"table of {size}, rank {rank}: {value} is not a value with at most 3 decimals"
                )
        if len(decimals) != size:
            raise ValueError(
                f"table of {size}: {len(decimals)} values given, one per rank needed ({size})"
            )
        for rank in range(1, size):
            if decimals[rank] > decimals[rank - 1]:
                raise ValueError(
                    f"table of {size}: rank {rank + 1} gets more points ({decimals[rank]}) "
                    f"than rank {rank} ({decimals[rank - 1]}); points must descend"
                )
        scheme[size] = decimals
    return scheme


def _has_scheme_places(value: Decimal) -> bool:
    try:
        return value == value.quantize(SCHEME_PLACES)
    except ArithmeticError:  # too many digits to quantize at all
        return False


def get_scheme(scheme: str | Mapping[int, Sequence[object]] = DEFAULT_SCHEME) -> TablePointScheme:
    """A preset by name ("4-2-1-0", "4-2-1-0.5") or a custom scheme, validated."""
    if isinstance(scheme, str):
        try:
            return PRESETS[scheme]
        except KeyError:
            known = ", ".join(sorted(PRESETS))
            raise ValueError(f"unknown table point scheme {scheme!r}; presets: {known}") from None
    return custom_scheme(scheme)


def table_points(
    scores: Mapping[K, int],
    scheme: str | Mapping[int, Sequence[object]] = DEFAULT_SCHEME,
    ties: str = TIE_SHARE,
    mahjongs: Mapping[K, int] | None = None,
    deal_ins: Mapping[K, int] | None = None,
) -> dict[K, Decimal]:
    """Table points for the players at one table, from their scores there.

    Higher score ranks higher. `ties` decides equal scores:
    * "share": tied players share the average of the points of the ranks they
      occupy (two tied for first at 4-2-1-0 get (4 + 2) / 2 = 3 each);
    * "tiebreak": most mahjongs ranks higher, then fewest deal-ins; players
      still equal share as above. A player missing from `mahjongs` or
      `deal_ins` counts 0.
    The result keeps the order of `scores`.
    """
    if ties not in TIE_RULES:
        raise ValueError(f"unknown tie rule {ties!r}; choose one of {', '.join(TIE_RULES)}")
    points = get_scheme(scheme)
    size = len(scores)
    if size not in points:
        sizes = ", ".join(str(n) for n in sorted(points))
        raise ValueError(
            f"the table point scheme has no points for a table of {size} players "
            f"(it has tables of {sizes})"
        )
    mahjongs = _counts(mahjongs, scores, "mahjongs")
    deal_ins = _counts(deal_ins, scores, "deal-ins")

    def result(player: K) -> tuple[int, ...]:
        if ties == TIE_SHARE:
            return (scores[player],)
        return (scores[player], mahjongs.get(player, 0), -deal_ins.get(player, 0))

    ranked = sorted(scores, key=result, reverse=True)
    shares: dict[K, Decimal] = {}
    start = 0
    while start < size:
        end = start
        while end < size and result(ranked[end]) == result(ranked[start]):
            end += 1
        share = _average(points[size][start:end])
        for player in ranked[start:end]:
            shares[player] = share
        start = end
    return {player: shares[player] for player in scores}


def _counts(counts: Mapping[K, int] | None, scores: Mapping[K, int], what: str) -> Mapping[K, int]:
    if counts is None:
        return {}
    for player, count in counts.items():
        if player not in scores:
            raise ValueError(f"{what} given for {player!r}, who is not at this table")
        if count < 0:
            raise ValueError(f"{what} of {player!r} cannot be negative ({count})")
    return counts


def _average(values: Sequence[Decimal]) -> Decimal:
    # Decimal division is exact whenever the average has a finite decimal form
    # within 28 digits; only a non-terminating share (a third) gets rounded.
    average = sum(values, Decimal(0)) / len(values)
    rounded = average.quantize(TABLE_POINTS_PLACES, rounding=ROUND_HALF_EVEN)
    return average if average == rounded else rounded


@dataclass(frozen=True)
class StandingRow:
    """One player's totals; `standings` fills in `position`.

    `ranked` is False for rows that are listed but do not rank: substitutes,
    and guests when the event says so. Their position stays None.
    `sort_name` is the Dutch list order of the name (common/names.py; the
    stored Member/Registration.sort_name); empty: read from `name`.
    """

    key: Key
    name: str
    table_points: Decimal
    score: int
    rounds_played: int = 0
    ranked: bool = True
    position: int | None = None
    sort_name: str = ""
    # Penalty points already taken off `score` (and table points as the
    # rule set says): shown beside the totals (tournaments/services/penalties.py).
    penalty: int = 0


def standings(rows: Iterable[StandingRow], order: str = ORDER_SCORE) -> list[StandingRow]:
    """The rows in ranking order, with positions.

    * order "score" (NTS tournaments): total score, then table points;
    * order "table_points" (MCR-style): table points, then score.
    Rows equal on both share a position and the next position is skipped
    (1, 2, 2, 4). Unranked rows are listed where their results put them, with
    position None, and take no position from anyone. Rows fully equal are
    listed by name in Dutch order ("de Boer" under B), then key, so the
    order never depends on the input order.
    """
    if order not in ORDERS:
        raise ValueError(f"unknown ranking order {order!r}; choose one of {', '.join(ORDERS)}")
    rows = list(rows)
    keys = [row.key for row in rows]
    duplicates = sorted({str(key) for key in keys if keys.count(key) > 1})
    if duplicates:
        raise ValueError(f"a player is listed twice in the standings: {', '.join(duplicates)}")

    def result(row: StandingRow) -> tuple[Decimal, Decimal]:
        if order == ORDER_SCORE:
            return (Decimal(row.score), row.table_points)
        return (row.table_points, Decimal(row.score))

    ordered = sorted(
        rows,
        key=lambda row: (
            tuple(-value for value in result(row)),
            row.sort_name or full_name_sort_key(row.name),
            row.name.casefold(),
            row.name,
            _key_order(row.key),
        ),
    )
    positioned: list[StandingRow] = []
    ranked_before = 0
    previous: StandingRow | None = None  # the last ranked row
    for row in ordered:
        if not row.ranked:
            positioned.append(dataclasses.replace(row, position=None))
            continue
        if previous is not None and result(previous) == result(row):
            position = previous.position
        else:
            position = ranked_before + 1
        previous = dataclasses.replace(row, position=position)
        positioned.append(previous)
        ranked_before += 1
    return positioned


def _key_order(key: Key) -> tuple[int, int, str]:
    # Keys may be numbers or text; numbers sort numerically and before text.
    if isinstance(key, int):
        return (0, key, "")
    return (1, 0, key)
