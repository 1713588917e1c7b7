"""A club's season (the club competition of one calendar year) as .xlsx.

Sheet "Season <year>": the season ranking as the season page shows it:
position (none for members not yet qualified), name, NMB member number,
table points (attendance bonus included), of which bonus, score, evenings
attended, evenings counted, note.

Sheet "Evenings": each club evening of the season with results: date, event,
players, the evening's winner and who holds the rotating trophy after it.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import override

from clubs.models import Club, Member
from exports.excel import sheets
from tournaments.services import club_competition
from tournaments.services.standings import club_evenings

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class RankingLine:
    position: int | None
    name: str
    member_number: str | None
    table_points: Decimal
    bonus: Decimal
    score: int
    attended: int
    counted: int
    qualified: bool


@dataclass(frozen=True)
class EveningLine:
    date: datetime.date
    title: str
    players: int
    winner: str
    holder: str


@dataclass(frozen=True)
class Season:
    club: str
    year: int
    ranking: list[RankingLine]
    evenings: list[EveningLine]


def collect(club: Club, year: int) -> Season:
    rows = club_competition.season_standings(club, year)
    members = Member.objects.filter(club=club).in_bulk()

    def name(key: int | str | None) -> str:
        if isinstance(key, int) and key in members:
            return members[key].full_name
        return ""

    ranking = [
        RankingLine(
            position=row.position, name=row.name,
            member_number=(members[row.key].nmb_number
                           if isinstance(row.key, int) and row.key in members else None),
            table_points=row.table_points, bonus=row.bonus, score=row.score,
            attended=row.attended, counted=len(row.counted), qualified=row.qualified)
        for row in rows
    ]
    trophy = club_competition.season_trophy(club, year)
    evenings = [
        EveningLine(date=evening.evening.date, title=evening.event.title,
                    players=evening.evening.players, winner=name(evening.winner),
                    holder=name(after.holder))
        for evening, after in zip(club_evenings(club, year), trophy.evenings, strict=False)
    ]
    return Season(club=club.name, year=year, ranking=ranking, evenings=evenings)


def build(season: Season) -> list[sheets.Sheet]:
    ranking = sheets.Sheet(
        title=_("Season %(year)s") % {"year": season.year},
        headers=[_("Position"), _("Name"), _("NMB member number"), _("Table points"),
                 _("Of which bonus"), _("Score"), _("Evenings attended"),
                 _("Evenings counted"), _("Note")],
        freeze_columns=2,
        rows=[[line.position, line.name, line.member_number, line.table_points, line.bonus,
               line.score, line.attended, line.counted,
               "" if line.qualified else _("not yet qualified")]
              for line in season.ranking])
    evenings = sheets.Sheet(
        title=_("Evenings"),
        headers=[_("Date"), _("Event"), _("Players"), _("Winner"),
                 _("Holder after the evening")],
        rows=[[line.date, line.title, line.players, line.winner, line.holder]
              for line in season.evenings])
    return [ranking, evenings]


def render(club: Club, year: int | None = None, *, language: str = "nl",
           progress: Progress | None = None) -> bytes:
    """The club's season `year` (default: this year) as .xlsx bytes;
    progress counts the ranking's rows."""
    year = year or timezone.localdate().year
    with override(language):
        season = collect(club, year)
        total = len(season.ranking)
        done = [0]
        if progress is not None:
            progress(0, total)

        def on_row() -> None:
            if done[0] < total:
                done[0] += 1
                if progress is not None:
                    progress(done[0], total)

        return sheets.write(build(season),
                            title=_("%(club)s: season %(year)s") % {"club": season.club,
                                                                    "year": year},
                            on_row=on_row)
