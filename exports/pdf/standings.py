"""The standings of an event as a PDF: after any round, or final.

`render` collects the rows (tournaments.services.standings.event_standings,
the registrations' clubs and NMB numbers) into plain dataclasses and draws
from those. Every page repeats the event header and the table's header
row, and says "page X of Y".

Decisions:
* Default (`after_round=None`): every closed round. The standings are
  "final" when the event is finished and every closed round is included;
  otherwise "after round N", N the last closed round included.
* Positions as the site gives them (1, 2, 2, 4); a shared position is
  written "2=". Substitutes (and guests when the event does not rank them)
  are listed where their results put them, with "–" for a position and the
  reason beside their name.
* Progress is counted in pages: the table is split into pages before it is
  drawn (the same split the layout makes), so the total is known at start.
"""

from __future__ import annotations

import datetime
import io
from dataclasses import dataclass, field
from decimal import Decimal

from django.utils.translation import get_language, override
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    LongTable,
    PageBreak,
    PageTemplate,
    Paragraph,
    TableStyle,
)

from exports.pdf import _base
from exports.pdf._base import BOLD, FONT, Progress, Tracker
from tournaments.models import Event, EventStatus, RankingOrder, RoundStatus
from tournaments.services.standings import event_standings

__all__ = ["render"]


@dataclass(frozen=True)
class StandingLine:
    position: int | None  # None: listed, not ranked
    shared: bool  # another player holds the same position
    name: str
    club: str
    nmb_number: str
    table_points: Decimal
    score: int
    rounds_played: int
    guest: bool = False
    substitute_for: str = ""  # the name of the player a substitute replaced


@dataclass(frozen=True)
class StandingsData:
    title: str
    club: str
    start_date: datetime.date
    days: int
    place: str  # the venue, else the club's city
    ruleset: str
    ranking_order: str
    after_round: int | None  # the last round included; None: no round closed yet
    final: bool
    lines: list[StandingLine]
    rule_options: dict[str, object] = field(default_factory=dict)


def render(event: Event, *, after_round: int | None = None, language: str = "nl",
           progress: Progress | None = None) -> bytes:
    """The standings of `event` after round `after_round` (default: every
    closed round) as a PDF, in `language`; progress(done, total) in pages."""
    with override(language):
        return _draw(_collect(event, after_round), progress=progress)


# --- Collect ------------------------------------------------------------------------


def _collect(event: Event, after_round: int | None) -> StandingsData:
    # Fresh from the database: a background job may hold an older copy.
    event = Event.objects.select_related("club").get(pk=event.pk)
    rows = event_standings(event, after_round=after_round)
    closed = sorted(event.rounds.filter(status=RoundStatus.CLOSED)
                    .values_list("number", flat=True))
    included = [number for number in closed if after_round is None or number <= after_round]
    registrations = {
        registration.pk: registration
        for registration in event.registrations.select_related(
            "member__club", "substitute_for__member")
    }
    positions = [row.position for row in rows if row.ranked]
    lines = []
    for row in rows:
        registration = registrations.get(row.key) if isinstance(row.key, int) else None
        club = nmb = substitute_for = ""
        guest = False
        if registration is not None:
            if registration.member is not None:
                club = registration.member.club.name
                nmb = registration.member.nmb_number or ""
            else:
                club, guest = registration.guest_club, True
            if registration.substitute_for is not None:
                substitute_for = registration.substitute_for.name
        position = row.position if row.ranked else None
        lines.append(StandingLine(
            position=position, shared=position is not None and positions.count(position) > 1,
            name=row.name, club=club, nmb_number=nmb, table_points=row.table_points,
            score=row.score, rounds_played=row.rounds_played, guest=guest,
            substitute_for=substitute_for,
        ))
    return StandingsData(
        title=event.title, club=event.club.name, start_date=event.start_date, days=event.days,
        place=event.venue or event.club.city, ruleset=event.ruleset,
        rule_options=dict(event.rule_options or {}),
        ranking_order=event.ranking_order,
        after_round=included[-1] if included else None,
        final=bool(included) and event.status == EventStatus.FINISHED
        and included == closed,
        lines=lines,
    )


# --- Draw ---------------------------------------------------------------------------

PAGE_WIDTH, PAGE_HEIGHT = A4
MARGIN = 15 * mm
HEADER_HEIGHT = 29 * mm
FOOTER_HEIGHT = 10 * mm
# Position, name, club, NMB number, table points, score, rounds.
COLUMNS = (16 * mm, 50 * mm, 40 * mm, 24 * mm, 22 * mm, 14 * mm, 14 * mm)
NUMERIC = (0, 4, 5, 6)
NAME_COLUMN, CLUB_COLUMN = 1, 2
FONT_SIZE = 8.5
HEAD_SIZE = 8


def _heading(data: StandingsData) -> str:
    if data.final:
        return _("Final standings")
    if data.after_round is None:
        return _("Standings")
    return _("Standings after round %(number)s") % {"number": data.after_round}


def _details(data: StandingsData) -> list[str]:
    """The lines under the heading: when and where, how ranked, the marks."""
    where = [_base.fmt_dates(data.start_date, data.days)]
    if data.place:
        where.append(data.place)
    where.append(data.club)
    order = (_("Ranked by table points, then score.")
             if data.ranking_order == RankingOrder.TABLE_POINTS
             else _("Ranked by total score, then table points."))
    rules = [_base.ruleset_line(data.ruleset, data.rule_options), order]
    return [line for line in (" · ".join(where), " · ".join(rules), _legend(data)) if line]


def _legend(data: StandingsData) -> str:
    parts = []
    if any(line.shared for line in data.lines):
        parts.append(_("2= shared position"))
    if any(line.position is None for line in data.lines):
        parts.append(_("– not ranked"))
    return " · ".join(parts)


def _name(line: StandingLine) -> str:
    if line.substitute_for:
        note = _("substitute for %(name)s, not ranked") % {"name": line.substitute_for}
    elif line.position is None:
        note = _("not ranked")
    elif line.guest:
        note = _("guest")
    else:
        return line.name
    return f"{line.name} ({note})"


def _position(line: StandingLine) -> str:
    if line.position is None:
        return "–"
    return f"{line.position}=" if line.shared else str(line.position)


def _table(data: StandingsData) -> LongTable:
    wrap = _base.style("cell", size=FONT_SIZE)
    head = _base.style("head", size=HEAD_SIZE, bold=True)
    head_right = _base.style("head-right", size=HEAD_SIZE, bold=True, alignment=TA_RIGHT)
    titles = (_("Position"), _("Name"), _("Club"), _("NMB number"), _("Table points"),
              _("Score"), _("Rounds"))
    rows: list[list[str | Paragraph]] = [[
        _base.cell(title, COLUMNS[index], head_right if index in NUMERIC else head)
        for index, title in enumerate(titles)
    ]]
    for line in data.lines:
        rows.append([
            _position(line),
            _base.cell(_name(line), COLUMNS[NAME_COLUMN], wrap),
            _base.cell(line.club, COLUMNS[CLUB_COLUMN], wrap),
            line.nmb_number,
            _base.fmt_points(line.table_points),
            str(line.score),
            str(line.rounds_played),
        ])
    table = LongTable(rows, colWidths=COLUMNS, repeatRows=1)
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), FONT, FONT_SIZE),
        ("FONT", (0, 0), (-1, 0), BOLD, HEAD_SIZE),
        ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
        ("VALIGN", (0, 1), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("ALIGN", (0, 0), (0, -1), "RIGHT"),
        ("ALIGN", (4, 0), (-1, -1), "RIGHT"),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, _base.LIGHT]),
    ]))
    return table


def _pages(table: LongTable, width: float, height: float) -> list[Flowable]:
    """The table split into pieces that each fill one page, as the layout
    would split it (the header row repeated in each)."""
    pieces: list[Flowable] = []
    rest: Flowable = table
    while True:
        _width, needed = rest.wrap(width, height)
        if needed <= height:
            pieces.append(rest)
            return pieces
        parts = rest.split(width, height)
        if len(parts) < 2:  # a row taller than a page: let the layout deal with it
            pieces.append(rest)
            return pieces
        pieces.append(parts[0])
        rest = parts[1]


def _draw(data: StandingsData, *, progress: Progress | None = None) -> bytes:
    _base.register_fonts()
    heading = _heading(data)
    details = _details(data)

    def header(canvas: Canvas, doc: BaseDocTemplate) -> None:
        top = PAGE_HEIGHT - MARGIN
        canvas.saveState()
        canvas.setFont(BOLD, _base.fit_size(data.title, PAGE_WIDTH - 2 * MARGIN, 15, bold=True))
        canvas.drawString(MARGIN, top - 13, data.title)
        canvas.setFont(BOLD, 12)
        canvas.drawString(MARGIN, top - 30, heading)
        canvas.setFillColor(_base.GREY)
        for index, line in enumerate(details):
            canvas.setFont(FONT, _base.fit_size(line, PAGE_WIDTH - 2 * MARGIN, 8.5))
            canvas.drawString(MARGIN, top - 44 - 11 * index, line)
        canvas.restoreState()

    frame_width = PAGE_WIDTH - 2 * MARGIN
    frame_height = PAGE_HEIGHT - 2 * MARGIN - HEADER_HEIGHT - FOOTER_HEIGHT
    frame = Frame(MARGIN, MARGIN + FOOTER_HEIGHT, frame_width, frame_height, id="table",
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)

    story: list[Flowable]
    if data.lines:
        pieces = _pages(_table(data), frame_width, frame_height)
        story = []
        for index, piece in enumerate(pieces):
            if index:
                story.append(PageBreak())
            story.append(piece)
    else:
        story = [Paragraph(_("No rounds played yet."),
                           _base.style("empty", size=11, alignment=TA_CENTER))]
        pieces = story
    tracker = Tracker(progress, len(pieces))

    def page_done(canvas: Canvas, doc: BaseDocTemplate) -> None:
        tracker.step(canvas.getPageNumber())

    buffer = io.BytesIO()
    doc = BaseDocTemplate(
        buffer, pagesize=A4, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN,
        bottomMargin=MARGIN, title=f"{heading} · {data.title}", author=data.club,
        creator="Mahjong administration", lang=get_language(),
        pageTemplates=[PageTemplate(id="standings", frames=[frame], onPage=header,
                                    onPageEnd=page_done)],
    )
    doc.build(story, canvasmaker=_base.numbered_canvas("", margin=MARGIN))
    tracker.finish()
    return buffer.getvalue()
