"""The club competition over a season (issue 3 §5): pure Python, no Django import.

It lives in tournaments, beside the standings it is built from: a season is
the club's club evenings (events) and their results; how the club ranks it
is the club's own choice (clubs/season_options.py).

* `season_ranking`: the members' ranking over the season's club evenings;
* `trophy_history`: who holds the rotating trophy (wisselbokaal) after each
  evening, and who won it three times and keeps it;
* `all_time_ranking`: the members' ranking over every season, from the two above.

The season is a calendar year (seed 001, Huishoudelijk Reglement Art. 8: "Het
speeljaar loopt van januari tot en met december"), so every evening given to
one call must fall in the same year.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from types import MappingProxyType

from clubs.season_options import MODE_SUM, SeasonOptions
from tournaments.placing import ORDER_TABLE_POINTS, Key, StandingRow, standings

# Seed 001 Art. 7: "Indien een speler in dit speeljaar 3 x de bokaal heeft
# gewonnen, dan mag hij/zij deze bokaal behouden."
WINS_TO_KEEP = 3


def season_bounds(year: int) -> tuple[datetime.date, datetime.date]:
    """First and last day of the season `year` (January to December)."""
    return datetime.date(year, 1, 1), datetime.date(year, 12, 31)


def _single_season(dates: Iterable[datetime.date]) -> None:
    years = sorted({day.year for day in dates})
    if len(years) > 1:
        raise ValueError(
            f"evenings from the seasons {', '.join(map(str, years))} were given together; "
            "a season runs from January to December of one year"
        )


@dataclass(frozen=True)
class MemberResult:
    """A member's result over one club evening (all its rounds)."""

    table_points: Decimal
    score: int


@dataclass(frozen=True)
class Evening:
    """One club evening: how many played (guests included) and each member's result."""

    date: datetime.date
    players: int
    results: Mapping[Key, MemberResult]

    def __post_init__(self) -> None:
        if self.players < len(self.results):
            raise ValueError(
                f"evening of {self.date}: {len(self.results)} members have results "
                f"but only {self.players} players are counted"
            )


@dataclass(frozen=True)
class SeasonRow:
    """A member's season: totals over the evenings that count, and a position.

    table_points includes the attendance bonus (also given apart as `bonus`);
    `attended` counts the evenings attended that count (enough players);
    `counted` lists the dates whose results are in the totals (after best n).
    """

    key: Key
    name: str
    position: int | None
    qualified: bool
    table_points: Decimal
    score: int
    bonus: Decimal
    attended: int
    counted: tuple[datetime.date, ...]


def season_ranking(
    evenings: Iterable[Evening],
    options: SeasonOptions | None = None,
    names: Mapping[Key, str] | None = None,
) -> list[SeasonRow]:
    """The season ranking: table points (after best n, with the attendance
    bonus), then score; equal results share a position (1, 2, 2, 4).

    Every member with a result on any evening is listed. A member qualifies
    with at least `min_attendance` evenings that count, and at least one:
    someone who only played on evenings that do not count has nothing to rank
    by. Unqualified members are listed where their totals put them, without a
    position. `names` gives display names (the key otherwise); full ties are
    listed by name, then key.
    """
    options = options or SeasonOptions()
    names = names or {}
    evenings = sorted(evenings, key=lambda evening: evening.date)
    _single_season(evening.date for evening in evenings)

    members: dict[Key, None] = {}  # every member seen, in first-seen order
    played: dict[Key, list[tuple[datetime.date, MemberResult]]] = {}
    for evening in evenings:
        counts = evening.players >= options.min_players
        for member, result in evening.results.items():
            members.setdefault(member)
            if counts:
                played.setdefault(member, []).append((evening.date, result))

    rows: dict[Key, SeasonRow] = {}
    for member in members:
        attended = played.get(member, [])
        counted = _counted(attended, options)
        bonus = options.attendance_bonus * len(attended)
        rows[member] = SeasonRow(
            key=member,
            name=names.get(member, str(member)),
            position=None,
            qualified=len(attended) >= max(options.min_attendance, 1),
            table_points=sum((result.table_points for _, result in counted), Decimal(0)) + bonus,
            score=sum(result.score for _, result in counted),
            bonus=bonus,
            attended=len(attended),
            counted=tuple(sorted(day for day, _ in counted)),
        )

    ranked = standings(
        (
            StandingRow(
                key=row.key,
                name=row.name,
                table_points=row.table_points,
                score=row.score,
                rounds_played=row.attended,
                ranked=row.qualified,
            )
            for row in rows.values()
        ),
        order=ORDER_TABLE_POINTS,
    )
    return [dataclasses.replace(rows[row.key], position=row.position) for row in ranked]


def _counted(
    attended: list[tuple[datetime.date, MemberResult]], options: SeasonOptions
) -> list[tuple[datetime.date, MemberResult]]:
    if options.mode == MODE_SUM or options.n is None:
        return attended
    # The best evenings by table points, then score; of equal evenings the
    # earliest, which changes no total but keeps `counted` deterministic.
    best = sorted(attended, key=lambda item: (-item[1].table_points, -item[1].score, item[0]))
    return best[: options.n]


def evening_winner(rows: Sequence[StandingRow]) -> Key | None:
    """The single winner of an evening from its standings (as `standings`
    returns them), or None when first place is shared or nobody ranked.

    A shared first place has no single winner, so nobody wins the trophy that
    evening: it stays with its holder (see `trophy_history`). An event that
    wants a single winner breaks ties in its ranking order instead.
    """
    first = [row.key for row in rows if row.ranked and row.position == 1]
    return first[0] if len(first) == 1 else None


@dataclass(frozen=True)
class TrophyEvening:
    """The trophy after one evening.

    trophy: which trophy of the season was played for (1, then 2 after the
        first was kept, ...);
    winner: the evening's winner, None when nobody won it outright;
    holder: who holds that trophy after the evening;
    wins: each member's wins of that trophy so far this season;
    kept: the winner has now won it WINS_TO_KEEP times and keeps it for good.
    """

    date: datetime.date
    trophy: int
    winner: Key | None
    holder: Key | None
    wins: Mapping[Key, int]
    kept: bool


@dataclass(frozen=True)
class TrophyKept:
    trophy: int
    member: Key
    date: datetime.date


@dataclass(frozen=True)
class TrophyHistory:
    """The season's trophy: per evening, who kept one, and the state now.

    `trophy`, `holder` and `wins` describe the trophy in play for the next
    evening: after a keep that is a new trophy with no holder and no wins.
    """

    evenings: tuple[TrophyEvening, ...]
    kept: tuple[TrophyKept, ...]
    trophy: int
    holder: Key | None
    wins: Mapping[Key, int]


def trophy_history(
    winners: Sequence[tuple[datetime.date, Key | None]],
    holder_at_start: Key | None = None,
) -> TrophyHistory:
    """Follow the rotating trophy of seed 001 Art. 7 through one season.

    `winners` are the evenings in date order with their winner (None: no
    single winner, see `evening_winner`). The evening's winner takes the
    trophy; with no single winner it stays with its holder. A member who wins
    the same trophy WINS_TO_KEEP (3) times this season keeps it; a new trophy
    starts at the next evening, with no holder and every count back at zero:
    wins of a trophy that was kept do not count toward the next one.
    `holder_at_start` is who holds the trophy as the season opens (last
    season's winner); wins are counted per season, so that holder starts at 0.
    """
    dates = [day for day, _ in winners]
    if dates != sorted(dates):
        raise ValueError("the evenings' winners must be given in date order")
    _single_season(dates)

    trophy = 1
    holder = holder_at_start
    wins: dict[Key, int] = {}
    evenings: list[TrophyEvening] = []
    kept: list[TrophyKept] = []
    for day, winner in winners:
        if winner is not None:
            holder = winner
            wins[winner] = wins.get(winner, 0) + 1
        keeps = winner is not None and wins[winner] == WINS_TO_KEEP
        evenings.append(
            TrophyEvening(
                date=day,
                trophy=trophy,
                winner=winner,
                holder=holder,
                wins=MappingProxyType(dict(wins)),
                kept=keeps,
            )
        )
        if keeps and winner is not None:
            kept.append(TrophyKept(trophy=trophy, member=winner, date=day))
            trophy, holder, wins = trophy + 1, None, {}
    return TrophyHistory(
        evenings=tuple(evenings),
        kept=tuple(kept),
        trophy=trophy,
        holder=holder,
        wins=MappingProxyType(dict(wins)),
    )


# --- The all-time ranking ------------------------------------------------------


@dataclass(frozen=True)
class AllTimeRow:
    """A member's club competition over every season.

    seasons: seasons with at least one evening that counts;
    evenings: evenings attended that count (the seasons' `attended`, summed);
    table_points, score: the seasons' totals, summed: each season counted as
        its ranking counts it (best n, attendance bonus, qualified or not);
    best_position: the best position in any season ranking (None: never ranked);
    season_wins: seasons finished in position 1 (shared or alone);
    trophies_kept: rotating trophies won three times in a season and kept;
    average: table points per evening attended, as played (every evening that
        counts, without best n or the attendance bonus); None without evenings.
    """

    key: Key
    name: str
    position: int | None
    seasons: int
    evenings: int
    table_points: Decimal
    score: int
    best_position: int | None
    season_wins: int
    trophies_kept: int
    average: Decimal | None


AVERAGE_PLACES = Decimal("0.01")


def all_time_ranking(
    evenings: Iterable[tuple[Evening, Key | None]],
    options: SeasonOptions | None = None,
    names: Mapping[Key, str] | None = None,
) -> list[AllTimeRow]:
    """The all-time ranking over the club evenings of every season, each given
    with its winner (as `evening_winner` finds it): the seasons are ranked by
    `season_ranking` and their trophies followed by `trophy_history`, then
    summed per member and ranked by table points, then score; equal totals
    share a position (1, 2, 2, 4). Every member with a result on any evening
    is listed; one without an evening that counts has no position.
    """
    options = options or SeasonOptions()
    names = names or {}
    by_year: dict[int, list[tuple[Evening, Key | None]]] = {}
    for evening, winner in evenings:
        by_year.setdefault(evening.date.year, []).append((evening, winner))

    members: dict[Key, None] = {}
    seasons: dict[Key, int] = {}
    attended: dict[Key, int] = {}
    points: dict[Key, Decimal] = {}
    scores: dict[Key, int] = {}
    best: dict[Key, int] = {}
    wins: dict[Key, int] = {}
    kept: dict[Key, int] = {}
    played_points: dict[Key, Decimal] = {}
    for year in sorted(by_year):
        ordered = sorted(by_year[year], key=lambda item: item[0].date)
        for row in season_ranking((evening for evening, _ in ordered), options, names):
            members.setdefault(row.key)
            points[row.key] = points.get(row.key, Decimal(0)) + row.table_points
            scores[row.key] = scores.get(row.key, 0) + row.score
            attended[row.key] = attended.get(row.key, 0) + row.attended
            if row.attended:
                seasons[row.key] = seasons.get(row.key, 0) + 1
            if row.position is not None:
                best[row.key] = min(best.get(row.key, row.position), row.position)
                if row.position == 1:
                    wins[row.key] = wins.get(row.key, 0) + 1
        for evening, _ in ordered:
            if evening.players >= options.min_players:
                for member, result in evening.results.items():
                    played_points[member] = (
                        played_points.get(member, Decimal(0)) + result.table_points)
        for trophy in trophy_history([(e.date, winner) for e, winner in ordered]).kept:
            kept[trophy.member] = kept.get(trophy.member, 0) + 1

    rows = {
        key: AllTimeRow(
            key=key,
            name=names.get(key, str(key)),
            position=None,
            seasons=seasons.get(key, 0),
            evenings=attended[key],
            table_points=points[key],
            score=scores[key],
            best_position=best.get(key),
            season_wins=wins.get(key, 0),
            trophies_kept=kept.get(key, 0),
            average=(
                (played_points[key] / attended[key]).quantize(AVERAGE_PLACES)
                if attended[key] else None
            ),
        )
        for key in members
    }
    ranked = standings(
        (
            StandingRow(
                key=row.key,
                name=row.name,
                table_points=row.table_points,
                score=row.score,
                rounds_played=row.evenings,
                ranked=row.evenings > 0,
            )
            for row in rows.values()
        ),
        order=ORDER_TABLE_POINTS,
    )
    return [dataclasses.replace(rows[row.key], position=row.position) for row in ranked]
