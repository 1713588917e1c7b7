"""Score sheets of a round as a PDF, one table per page (A4 landscape), as
clubs keep them on paper: hand by hand the hand number, the prevailing wind,
the winner, and per player the seat wind, the hand's value, the settlement
and the running total.

* Blank (`filled=False`): the players' names and seat winds at the start of
  the round filled in, 16 numbered empty rows, and empty rows for the
  totals, the table points and the players' initials.
* Filled (`filled=True`): the hands entered so far (tournaments.models Hand
  and HandScore, as the score-entry page shows them), the totals and, once
  the round is closed, each player's table points and place at the table.
  While the round is being played, empty rows follow up to 16, so the table
  can carry on on paper.

At a table of 5 the player who sits out a hand gets a dash for that hand;
a table of 3 has three players' columns. A rule set that values hands in
fan (Hong Kong, scoring/ruleset_display.py) has a "Fan" column per player instead
of "Value", with the winner's fan in it (only the winner's hand counts); a
false mahjong names who claimed it, where a draw says "Draw".
Hands that still wait for a second person's confirmation (events that ask
for it) are marked with an asterisk. Progress is counted in tables.
"""

from __future__ import annotations

import datetime
import io
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Prefetch
from django.utils.translation import get_language, override
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    LongTable,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    TableStyle,
)

from exports.pdf import _base
from exports.pdf._base import BOLD, FONT, Progress, Tick, Tracker
from scoring import ruleset_display
from tournaments.models import Hand, HandScore, Round, RoundStatus, Seat, TableResult

__all__ = ["render"]

BLANK_ROWS = 16


@dataclass(frozen=True)
class SheetPlayer:
    position: int  # 0-3: E S W N at the start of the round, 4: the fifth player
    name: str


@dataclass(frozen=True)
class SheetScore:
    wind: str  # E S W N in this hand
    value: int
    settlement: int


@dataclass(frozen=True)
class SheetHand:
    number: int
    prevailing_wind: str
    winner: int | None  # a seat position; None: a draw
    scores: dict[int, SheetScore]  # by seat position; the fifth player sitting out has none
    confirmed: bool = True
    fan: int | None = None  # the winner's fan, where the rule set counts in fan
    false_mahjong: int | None = None  # the seat position of who claimed a false mahjong


@dataclass(frozen=True)
class SheetResult:
    table_points: Decimal
    rank: int


@dataclass(frozen=True)
class Sheet:
    table_number: int
    players: list[SheetPlayer]
    hands: list[SheetHand] = field(default_factory=list)
    results: dict[int, SheetResult] = field(default_factory=dict)  # by seat position


@dataclass(frozen=True)
class SheetsData:
    title: str
    round_number: int
    start_date: datetime.date
    days: int
    ruleset: str
    filled: bool
    closed: bool  # the round is closed: no more hands, results known
    sheets: list[Sheet]
    rule_options: dict[str, object] = field(default_factory=dict)


def render(round_: Round, *, filled: bool, language: str = "nl",
           progress: Progress | None = None) -> bytes:
    """A score sheet per table of `round_` as a PDF, in `language`: blank, or
    filled with the hands entered so far. progress(done, total) in tables."""
    with override(language):
        return _draw(_collect(round_, filled), progress=progress)


# --- Collect ------------------------------------------------------------------------


def _collect(round_: Round, filled: bool) -> SheetsData:
    # Fresh from the database: a background job may hold an older copy.
    round_ = Round.objects.select_related("event").get(pk=round_.pk)
    event = round_.event
    players: dict[int, list[SheetPlayer]] = {}
    positions: dict[int, dict[int, int]] = {}  # table id -> registration id -> position
    for seat in (Seat.objects.filter(round=round_).select_related("registration__member")
                 .order_by("table__number", "position")):
        players.setdefault(seat.table_id, []).append(
            SheetPlayer(position=seat.position, name=seat.registration.name))
        positions.setdefault(seat.table_id, {})[seat.registration_id] = seat.position
    hands: dict[int, list[SheetHand]] = {}
    results: dict[int, dict[int, SheetResult]] = {}
    if filled:
        scores = Prefetch("scores", queryset=HandScore.objects.only(
            "hand_id", "registration_id", "seat_wind", "value", "settlement"))
        for hand in (Hand.objects.filter(table__round=round_).order_by("table_id", "number")
                     .only("table_id", "number", "game", "result", "winner_id", "confirmed_at")
                     .prefetch_related(scores)):
            at_table = positions.get(hand.table_id, {})
            by_wind = {score.seat_wind: at_table.get(score.registration_id)
                       for score in hand.scores.all()}
            hands.setdefault(hand.table_id, []).append(SheetHand(
                number=hand.number,
                prevailing_wind=str(hand.game.get("prevailing_wind") or ""),
                winner=at_table.get(hand.winner_id) if hand.winner_id else None,
                scores={
                    at_table[score.registration_id]: SheetScore(
                        wind=score.seat_wind, value=score.value, settlement=score.settlement)
                    for score in hand.scores.all() if score.registration_id in at_table
                },
                confirmed=hand.confirmed_at is not None
                or not event.requires_confirmation or round_.status == RoundStatus.CLOSED,
                fan=ruleset_display.winner_fan(hand.game, hand.result)
                if ruleset_display.fan_based(event.ruleset) else None,
                false_mahjong=by_wind.get(hand.game.get("winner"))
                if ruleset_display.is_false_mahjong(hand.game) else None,
            ))
        if round_.status == RoundStatus.CLOSED:
            for result in TableResult.objects.filter(table__round=round_):
                position = positions.get(result.table_id, {}).get(result.registration_id)
                if position is not None:
                    results.setdefault(result.table_id, {})[position] = SheetResult(
                        table_points=result.table_points, rank=result.rank)
    sheets = [
        Sheet(table_number=number, players=players.get(table_id, []),
              hands=hands.get(table_id, []), results=results.get(table_id, {}))
        for table_id, number in round_.tables.order_by("number").values_list("pk", "number")
    ]
    return SheetsData(title=event.title, round_number=round_.number,
                      start_date=event.start_date, days=event.days, ruleset=event.ruleset,
                      filled=filled, closed=round_.status == RoundStatus.CLOSED,
                      sheets=sheets, rule_options=dict(event.rule_options or {}))


# --- Draw ---------------------------------------------------------------------------

PAGE_WIDTH, PAGE_HEIGHT = landscape(A4)
MARGIN = 12 * mm
FOOTER_HEIGHT = 6 * mm
# Hand number, prevailing wind, winner; then per player wind, value, settlement, total.
HAND_COLUMNS = (11 * mm, 20 * mm, 34 * mm)
PLAYER_SHARES = (0.12, 0.23, 0.33, 0.32)
FONT_SIZE = 8
WRITE_HEIGHT = 21  # a row to write in


def _columns(players: int) -> list[float]:
    rest = PAGE_WIDTH - 2 * MARGIN - sum(HAND_COLUMNS)
    per_player = rest / max(players, 1)
    return [*HAND_COLUMNS, *tuple(share * per_player for share in PLAYER_SHARES) * players]


def _sheet_table(data: SheetsData, sheet: Sheet) -> LongTable:
    columns = _columns(len(sheet.players))
    count = len(sheet.players)
    head = _base.style("head", size=FONT_SIZE, bold=True)
    head_centre = _base.style("head-centre", size=FONT_SIZE, bold=True, alignment=TA_CENTER)
    plain = _base.style("plain", size=FONT_SIZE)
    fan = ruleset_display.fan_based(data.ruleset)
    sub_titles = (_("Wind"), ruleset_display.value_label(data.ruleset), _("Settlement"), _("Total"))

    # The table's number heads the hand columns, so a sheet running over
    # pages says on each which table it is.
    first: list[str | Paragraph] = [
        _base.cell(_("Table %(number)s") % {"number": sheet.table_number}, sum(columns[:3]),
                   head), "", ""]
    second: list[str | Paragraph] = [
        _base.cell(_("Hand"), columns[0], head),
        _base.cell(_("Prevailing wind"), columns[1], head),
        _base.cell(_("Winner"), columns[2], head),
    ]
    for player in sheet.players:
        first += [Paragraph(_base.escape(f"{_base.wind_name(player.position)}: {player.name}"),
                            head_centre), "", "", ""]
        second += list(sub_titles)
    rows: list[list[str | Paragraph]] = [first, second]
    heights: list[float | None] = [None, None]
    bold_cells: list[tuple[int, int]] = []  # the winner's value in each hand

    totals = {player.position: 0 for player in sheet.players}
    names = {player.position: player.name for player in sheet.players}
    order = [player.position for player in sheet.players]
    for hand in sheet.hands:
        number = str(hand.number) if hand.confirmed else f"{hand.number}*"
        if hand.winner is not None:
            winner = names.get(hand.winner, "")
        elif hand.false_mahjong is not None:
            winner = _("False mahjong: %(name)s") % {"name": names.get(hand.false_mahjong, "")}
        else:
            winner = _("Draw")
        row: list[str | Paragraph] = [number, _base.wind_letter(hand.prevailing_wind),
                                      _base.cell(winner, columns[2], plain)]
        for player in sheet.players:
            score = hand.scores.get(player.position)
            if score is None:  # sits out this hand (a table of 5)
                row += ["–", "", "", str(totals[player.position])]
                continue
            totals[player.position] += score.settlement
            if fan:  # only the winner's hand has a value: its fan
                value = str(hand.fan) if player.position == hand.winner and hand.fan is not None \
                    else ""
            else:
                value = str(score.value)
            row += [_base.wind_letter(score.wind), value, _signed(score.settlement),
                    str(totals[player.position])]
        if hand.winner in order:  # the winner's value in bold
            column = 4 + 4 * order.index(hand.winner)
            bold_cells.append((column, len(rows)))
        rows.append(row)
        heights.append(None)  # one line, or two for a long winner's name

    next_number = max((hand.number for hand in sheet.hands), default=0) + 1
    empty_rows = 0 if data.closed and data.filled else max(0, BLANK_ROWS - len(sheet.hands))
    for offset in range(empty_rows):
        rows.append([str(next_number + offset)] + [""] * (2 + 4 * count))
        heights.append(WRITE_HEIGHT)

    # Totals, table points, initials.
    body_end = len(rows) - 1
    total_row: list[str | Paragraph] = [_base.cell(_("Total"), columns[0] + columns[1], head),
                                        "", ""]
    points_row: list[str | Paragraph] = [
        _base.cell(_("Table points"), columns[0] + columns[1], head), "", ""]
    initials_row: list[str | Paragraph] = [
        _base.cell(_("Initials"), columns[0] + columns[1], head), "", ""]
    show_totals = data.filled and bool(sheet.hands)
    for player in sheet.players:
        total_row += ["", "", "", str(totals[player.position]) if show_totals else ""]
        result = sheet.results.get(player.position)
        points = "" if result is None else _(
            "%(points)s table points, place %(rank)s at the table") % {
                "points": _base.fmt_points(result.table_points), "rank": result.rank}
        points_row += [Paragraph(_base.escape(points), plain) if points else "", "", "", ""]
        initials_row += ["", "", "", ""]
    rows += [total_row, points_row, initials_row]
    # Room to write in; the table points row grows when a place wraps.
    heights += [WRITE_HEIGHT, None if sheet.results else WRITE_HEIGHT, WRITE_HEIGHT]
    last = len(rows) - 1

    style: list[tuple[object, ...]] = [
        ("FONT", (0, 0), (-1, -1), FONT, FONT_SIZE),
        ("FONT", (0, 0), (-1, 1), BOLD, FONT_SIZE),
        ("FONT", (0, body_end + 1), (2, -1), BOLD, FONT_SIZE),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 2.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("GRID", (0, 0), (-1, -1), 0.4, _base.RULE),
        ("BOX", (0, 0), (-1, -1), 0.9, colors.black),
        ("LINEBELOW", (0, 1), (-1, 1), 0.9, colors.black),
        ("LINEABOVE", (0, body_end + 1), (-1, body_end + 1), 0.9, colors.black),
        ("BACKGROUND", (0, 0), (-1, 1), _base.LIGHT),
        ("LEFTPADDING", (3, 1), (-1, 1), 1.5),
        ("RIGHTPADDING", (3, 1), (-1, 1), 1.5),
        ("ALIGN", (0, 2), (1, body_end), "CENTER"),
        ("SPAN", (0, 0), (2, 0)),
        ("FONT", (0, 0), (2, 0), BOLD, FONT_SIZE + 2),
        ("VALIGN", (0, 1), (2, 1), "BOTTOM"),
    ]
    for row_index in range(body_end + 1, last + 1):
        style.append(("SPAN", (0, row_index), (2, row_index)))
    for index in range(count):
        start = 3 + 4 * index
        style += [
            ("SPAN", (start, 0), (start + 3, 0)),
            ("LINEBEFORE", (start, 0), (start, -1), 0.9, colors.black),
            ("ALIGN", (start, 1), (start, body_end), "CENTER"),
            ("ALIGN", (start + 1, 1), (start + 3, -1), "RIGHT"),
            ("FONT", (start + 3, 2), (start + 3, -1), BOLD, FONT_SIZE),
            ("SPAN", (start, body_end + 2), (start + 3, body_end + 2)),
            ("SPAN", (start, body_end + 3), (start + 3, body_end + 3)),
        ]
    style += [("FONT", place, place, BOLD, FONT_SIZE) for place in bold_cells]
    # The column titles under each player: as large as fits, up to 6.5 points.
    for offset, title in enumerate(sub_titles):
        size = _base.fit_size(title, columns[3 + offset] - 3, 6.5, bold=True, smallest=4)
        for index in range(count):
            place = (3 + 4 * index + offset, 1)
            style.append(("FONT", place, place, BOLD, size))
    table = LongTable(rows, colWidths=columns, rowHeights=heights, repeatRows=2)
    table.setStyle(TableStyle(style))
    return table


def _heading(data: SheetsData, sheet: Sheet) -> list[Flowable]:
    title = _("Table %(number)s, round %(round)s") % {"number": sheet.table_number,
                                                     "round": data.round_number}
    details = " · ".join([
        data.title, _base.fmt_dates(data.start_date, data.days),
        _base.ruleset_line(data.ruleset, data.rule_options),
    ])
    players = " · ".join(f"{_base.wind_name(player.position)}: {player.name}"
                         for player in sheet.players)
    return [
        Paragraph(_base.escape(_("Score sheet") + " · " + title),
                  _base.style("title", size=15, bold=True)),
        Spacer(0, 2),
        Paragraph(_base.escape(details), _base.style("details", size=9, color=_base.GREY)),
        Paragraph(_base.escape(players), _base.style("players", size=9, color=_base.GREY)),
        Spacer(0, 5),
    ]


def _draw(data: SheetsData, *, progress: Progress | None = None) -> bytes:
    _base.register_fonts()
    tracker = Tracker(progress, len(data.sheets))
    story: list[Flowable] = []
    for index, sheet in enumerate(data.sheets):
        if index:
            story.append(PageBreak())
        story += _heading(data, sheet)
        story.append(_sheet_table(data, sheet))
        if not all(hand.confirmed for hand in sheet.hands):
            story.append(Paragraph("* " + _base.escape(_("not confirmed")),
                                   _base.style("note", size=8, color=_base.GREY)))
        story.append(Tick(tracker))
    if not data.sheets:
        story.append(Paragraph(_base.escape(_("This round is not seated yet.")),
                               _base.style("empty", size=11)))

    frame = Frame(MARGIN, MARGIN + FOOTER_HEIGHT, PAGE_WIDTH - 2 * MARGIN,
                  PAGE_HEIGHT - 2 * MARGIN - FOOTER_HEIGHT, leftPadding=0, rightPadding=0,
                  topPadding=0, bottomPadding=0)
    heading = (_("Score sheets, round %(number)s") if not data.filled
               else _("Filled score sheets, round %(number)s")) % {"number": data.round_number}
    buffer = io.BytesIO()
    doc = BaseDocTemplate(
        buffer, pagesize=landscape(A4), leftMargin=MARGIN, rightMargin=MARGIN,
        topMargin=MARGIN, bottomMargin=MARGIN, title=f"{heading} · {data.title}",
        creator="Mahjong administration", lang=get_language(),
        pageTemplates=[PageTemplate(id="sheet", frames=[frame])],
    )
    doc.build(story, canvasmaker=_base.numbered_canvas(f"{data.title} · {heading}",
                                                       margin=MARGIN))
    tracker.finish()
    return buffer.getvalue()


def _signed(settlement: int) -> str:
    """+40, -40; 0 without a sign."""
    return f"{settlement:+d}" if settlement else "0"
