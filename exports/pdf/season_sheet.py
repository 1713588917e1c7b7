"""A player's result sheet for a season as a PDF: every event of the year
(club evenings and tournaments, of any club) in which the member has
results, with date, event, rounds played, table points, score and place,
the totals, and the member's place in their club's competition.

Decisions:
* The season is the calendar year (tournaments/season.py, seed 001 Art. 8); an
  event belongs to the year it starts in and counts once a round of it is
  closed (tournaments/services/standings.py).
* The place is the one in the event's own standings (guests included, as
  the standings were posted), beside the number of players ranked there;
  a substitute's results are listed with "–" for a place.
* The club competition block is season_standings
  (tournaments/services/club_competition.py) for the member's club:
  position (or "not yet qualified"), table points with the attendance
  bonus, score and evenings. Club evenings whose results are in
  that total (all of them, or the best n) are marked with an asterisk.
* A member may play events of several rule sets in a year (NTS
  tournaments, Hong Kong club evenings): their scores are in different
  units (NTS points, Hong Kong payments), so when the sheet lists more than
  one rule set each event names its rule set and the total score is left
  out (table points still add up: every rule set hands them out alike).
* Progress is counted in events (collecting each event's standings is the
  work; drawing one or two pages is quick).
"""

from __future__ import annotations

import datetime
import io
from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import get_language, ngettext, override
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    LongTable,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from clubs.models import Member
from exports.pdf import _base
from exports.pdf._base import BOLD, FONT, Progress, Tracker
from scoring import ruleset_display
from scoring.engine import DEFAULT_RULESET
from tournaments import season
from tournaments.models import EventKind, Registration, RoundStatus
from tournaments.public import published
from tournaments.services.club_competition import season_standings
from tournaments.services.standings import event_standings

__all__ = ["render"]


@dataclass(frozen=True)
class SeasonLine:
    date: datetime.date
    event: str
    club: str  # the organising club, when not the member's own
    kind: str  # EventKind value
    rounds_played: int
    table_points: Decimal
    score: int
    position: int | None  # None: listed, not ranked (a substitute)
    ranked_players: int
    counted: bool = False  # in the member's club competition total
    ruleset: str = DEFAULT_RULESET


@dataclass(frozen=True)
class SeasonSummary:
    """The member's row in their club's season ranking."""

    position: int | None  # None: not (yet) qualified
    members: int  # members in the ranking
    table_points: Decimal  # the attendance bonus included
    bonus: Decimal
    score: int
    attended: int


@dataclass(frozen=True)
class SeasonSheetData:
    name: str
    club: str
    nmb_number: str
    year: int
    lines: list[SeasonLine]
    summary: SeasonSummary | None


def render(member: Member, year: int, *, language: str = "nl",
           progress: Progress | None = None) -> bytes:
    """The result sheet of `member` for the season `year` as a PDF, in
    `language`; progress(done, total) in events."""
    with override(language):
        registrations = _registrations(member, year)
        tracker = Tracker(progress, len(registrations))
        return _draw(_collect(member, year, registrations, tracker), tracker=tracker)


# --- Collect ------------------------------------------------------------------------


def _registrations(member: Member, year: int) -> list[Registration]:
    """The member's registrations for the published events of `year` with
    results (a draft's are its organisers' alone: tournaments/public.py)."""
    first, last = season.season_bounds(year)
    return list(
        Registration.objects.filter(
            published("event__"), member=member, event__start_date__range=(first, last),
            table_results__table__round__status=RoundStatus.CLOSED,
        ).distinct().select_related("event__club").order_by("event__start_date", "event__pk")
    )


def _collect(member: Member, year: int, registrations: list[Registration],
             tracker: Tracker) -> SeasonSheetData:
    summary: SeasonSummary | None = None
    counted: tuple[datetime.date, ...] = ()
    ranking = season_standings(member.club, year)
    row = next((row for row in ranking if row.key == member.pk), None)
    if row is not None:
        counted = row.counted
        summary = SeasonSummary(
            position=row.position if row.qualified else None,
            members=sum(1 for other in ranking if other.qualified),
            table_points=row.table_points, bonus=row.bonus, score=row.score,
            attended=row.attended,
        )

    lines = []
    for registration in registrations:
        event = registration.event
        standings = event_standings(event)
        mine = next((line for line in standings if line.key == registration.pk), None)
        if mine is not None:
            club_evening = event.kind == EventKind.EVENING and event.club_id == member.club_id
            lines.append(SeasonLine(
                date=event.start_date, event=event.title,
                club="" if event.club_id == member.club_id else event.club.name,
                kind=event.kind, rounds_played=mine.rounds_played,
                table_points=mine.table_points, score=mine.score,
                position=mine.position if mine.ranked else None,
                ranked_players=sum(1 for line in standings if line.ranked),
                counted=club_evening and event.start_date in counted
                and not registration.is_substitute,
                ruleset=event.ruleset,
            ))
        tracker.step()
    return SeasonSheetData(name=member.full_name, club=member.club.name,
                           nmb_number=member.nmb_number or "", year=year, lines=lines,
                           summary=summary)


# --- Draw ---------------------------------------------------------------------------

PAGE_WIDTH, PAGE_HEIGHT = A4
MARGIN = 15 * mm
FOOTER_HEIGHT = 8 * mm
# Date, event, rounds, table points, score, place, players.
COLUMNS = (31 * mm, 57 * mm, 16 * mm, 24 * mm, 18 * mm, 16 * mm, 18 * mm)
NUMERIC_FROM = 2
FONT_SIZE = 8.5


def _results_table(data: SeasonSheetData) -> LongTable:
    head = _base.style("head", size=FONT_SIZE, bold=True)
    head_right = _base.style("head-right", size=FONT_SIZE, bold=True, alignment=TA_RIGHT)
    plain = _base.style("plain", size=FONT_SIZE)
    titles = (_("Date"), _("Event"), _("Rounds"), _("Table points"), _("Score"),
              _("Position"), _("Players"))
    rows: list[list[str | Paragraph]] = [[
        _base.cell(title, COLUMNS[index], head_right if index >= NUMERIC_FROM else head)
        for index, title in enumerate(titles)
    ]]
    mixed = _mixed_rulesets(data)
    for line in data.lines:
        event = line.event
        if line.kind == EventKind.TOURNAMENT:
            event = "{} ({})".format(event, _("tournament"))
        if line.club:
            event = f"{event} · {line.club}"
        if mixed:
            event = f"{event} · {ruleset_display.title(line.ruleset)}"
        if line.counted:
            event = f"{event} *"
        rows.append([
            _base.fmt_date(line.date),
            _base.cell(event, COLUMNS[1], plain),
            str(line.rounds_played),
            _base.fmt_points(line.table_points),
            str(line.score),
            "–" if line.position is None else str(line.position),
            str(line.ranked_players),
        ])
    rows.append([
        _("Total"),
        _base.cell(ngettext("%(count)s event", "%(count)s events", len(data.lines))
                   % {"count": len(data.lines)}, COLUMNS[1], plain),
        str(sum(line.rounds_played for line in data.lines)),
        _base.fmt_points(sum((line.table_points for line in data.lines), Decimal(0))),
        "" if mixed else str(sum(line.score for line in data.lines)),
        "", "",
    ])
    table = LongTable(rows, colWidths=COLUMNS, repeatRows=1)
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), FONT, FONT_SIZE),
        ("FONT", (0, 0), (-1, 0), BOLD, FONT_SIZE),
        ("FONT", (0, -1), (-1, -1), BOLD, FONT_SIZE),
        ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
        ("VALIGN", (0, 1), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("ALIGN", (NUMERIC_FROM, 0), (-1, -1), "RIGHT"),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
        ("LINEABOVE", (0, -1), (-1, -1), 0.8, colors.black),
        ("ROWBACKGROUNDS", (0, 1), (-1, -2), [colors.white, _base.LIGHT]),
    ]))
    return table


def _mixed_rulesets(data: SeasonSheetData) -> bool:
    return len({line.ruleset for line in data.lines}) > 1


def _summary(data: SeasonSheetData) -> list[Flowable]:
    title = _("Club competition %(year)s") % {"year": data.year}
    flowables: list[Flowable] = [
        Spacer(0, 14),
        Paragraph(_base.escape(f"{title} · {data.club}"), _base.style("h2", size=12, bold=True)),
        Spacer(0, 4),
    ]
    summary = data.summary
    if summary is None:
        flowables.append(Paragraph(_base.escape(
            _("No club evenings with results in this season yet.")), _base.style("p")))
        return flowables
    position = (_("%(position)s of %(members)s") % {"position": summary.position,
                                                     "members": summary.members}
                if summary.position is not None else _("not yet qualified"))
    points = _base.fmt_points(summary.table_points)
    if summary.bonus:
        points = _("%(points)s (attendance bonus %(bonus)s included)") % {
            "points": points, "bonus": _base.fmt_points(summary.bonus)}
    rows = [
        [_("Position"), position],
        [_("Table points"), points],
        [_("Score"), str(summary.score)],
        [_("Evenings"), str(summary.attended)],
    ]
    table = Table(rows, colWidths=(40 * mm, 100 * mm), hAlign="LEFT")
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), FONT, FONT_SIZE + 0.5),
        ("FONT", (0, 0), (0, -1), BOLD, FONT_SIZE + 0.5),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]))
    flowables.append(table)
    if any(line.counted for line in data.lines):
        flowables += [Spacer(0, 6), Paragraph(
            _base.escape("* " + _("counts for the club competition")),
            _base.style("note", size=8, color=_base.GREY))]
    return flowables


def _draw(data: SeasonSheetData, *, tracker: Tracker | None = None) -> bytes:
    _base.register_fonts()
    heading = _("Results %(year)s") % {"year": data.year}
    who = " · ".join(part for part in (
        data.club,
        _("NMB number") + " " + data.nmb_number if data.nmb_number else "",
    ) if part)
    story: list[Flowable] = [
        Paragraph(_base.escape(f"{heading} · {data.name}"),
                  _base.style("title", size=16, bold=True)),
        Spacer(0, 3),
        Paragraph(_base.escape(who), _base.style("who", size=9.5, color=_base.GREY)),
        Spacer(0, 10),
    ]
    if data.lines:
        story.append(_results_table(data))
        if _mixed_rulesets(data):
            story += [Spacer(0, 4), Paragraph(_base.escape(_(
                "Scores of different rule sets are not added up: their units differ.")),
                _base.style("note", size=8, color=_base.GREY))]
    else:
        story.append(Paragraph(_base.escape(_("No results in this season.")),
                               _base.style("p", size=10)))
    story += _summary(data)

    frame = Frame(MARGIN, MARGIN + FOOTER_HEIGHT, PAGE_WIDTH - 2 * MARGIN,
                  PAGE_HEIGHT - 2 * MARGIN - FOOTER_HEIGHT, leftPadding=0, rightPadding=0,
                  topPadding=0, bottomPadding=0)
    buffer = io.BytesIO()
    doc = BaseDocTemplate(
        buffer, pagesize=A4, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN,
        bottomMargin=MARGIN, title=f"{heading} · {data.name}", author=data.club,
        creator="Mahjong administration", lang=get_language(),
        pageTemplates=[PageTemplate(id="season", frames=[frame])],
    )
    doc.build(story, canvasmaker=_base.numbered_canvas(f"{data.name} · {heading}",
                                                       margin=MARGIN))
    if tracker is not None:
        tracker.finish()
    return buffer.getvalue()
