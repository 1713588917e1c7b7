"""Table cards of a round as a PDF: per table its number, big, the players
with their seat winds, and a QR code of the table's score-entry page with
the address printed under it.

Decisions:
* Two cards per A4 page (each half an A4, A5 landscape, with a dashed line
  to cut along): a card stands or lies on the table, where A5 is big enough
  for a number read from across the room and a code scanned from a chair,
  and 100 tables print on 50 sheets instead of 100.
* The QR code is segno's (as on the web page's cards, error correction M so
  a creased card still scans), drawn as filled rectangles: one path per
  card, no images, so 100 cards stay fast and small.
* The score-entry address is reversed in the card's language: English cards
  link to the English page (/en/tables/<id>/score/), as the web cards do.
* Progress is counted in tables (cards).
"""

from __future__ import annotations

import datetime
import io
from dataclasses import dataclass

import segno
from django.urls import reverse
from django.utils.translation import get_language, override
from django.utils.translation import gettext as _
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from exports.pdf import _base
from exports.pdf._base import BOLD, FONT, Progress, Tracker
from tournaments.models import Round, Seat

__all__ = ["render"]


@dataclass(frozen=True)
class CardSeat:
    position: int  # 0-3: E S W N at the start of the round, 4: the fifth player
    name: str


@dataclass(frozen=True)
class Card:
    table_number: int
    seats: list[CardSeat]
    url: str


@dataclass(frozen=True)
class CardsData:
    title: str
    round_number: int
    start_date: datetime.date
    days: int
    cards: list[Card]


def render(round_: Round, *, base_url: str, language: str = "nl",
           progress: Progress | None = None) -> bytes:
    """One card per table of `round_` (two to an A4 page) as a PDF, in
    `language`; the QR codes link to base_url + the table's score-entry
    path. progress(done, total) in tables."""
    with override(language):
        return _draw(_collect(round_, base_url), progress=progress)


# --- Collect ------------------------------------------------------------------------


def _collect(round_: Round, base_url: str) -> CardsData:
    # Fresh from the database: a background job may hold an older copy.
    round_ = Round.objects.select_related("event").get(pk=round_.pk)
    event = round_.event
    seats: dict[int, list[CardSeat]] = {}
    for seat in (Seat.objects.filter(round=round_).select_related("registration__member")
                 .order_by("table__number", "position")):
        seats.setdefault(seat.table_id, []).append(
            CardSeat(position=seat.position, name=seat.registration.name))
    root = base_url.rstrip("/")
    cards = [
        Card(table_number=number, seats=seats.get(table_id, []),
             url=root + reverse("tournaments:score_entry", args=[table_id]))
        for table_id, number in round_.tables.order_by("number").values_list("pk", "number")
    ]
    return CardsData(title=event.title, round_number=round_.number,
                     start_date=event.start_date, days=event.days, cards=cards)


# --- Draw ---------------------------------------------------------------------------

PAGE_WIDTH, PAGE_HEIGHT = A4
CARD_HEIGHT = PAGE_HEIGHT / 2
MARGIN = 14 * mm
QR_SIZE = 68 * mm
QR_BORDER = 4  # modules of quiet zone around the code


def _draw(data: CardsData, *, progress: Progress | None = None) -> bytes:
    _base.register_fonts()
    tracker = Tracker(progress, len(data.cards))
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=A4, lang=get_language())
    round_label = _("Round %(number)s") % {"number": data.round_number}
    cards_label = _("Table cards, round %(number)s") % {"number": data.round_number}
    canvas.setTitle(f"{cards_label} · {data.title}")
    canvas.setCreator("Mahjong administration")
    labels = {
        "subtitle": f"{data.title} · {round_label} · "
                    f"{_base.fmt_dates(data.start_date, data.days)}",
        "table": _("Table"),
        "scan": _("Scan to enter the scores"),
    }
    if not data.cards:
        canvas.setFont(FONT, 12)
        canvas.drawString(MARGIN, PAGE_HEIGHT - MARGIN - 12, labels["subtitle"])
        canvas.drawString(MARGIN, PAGE_HEIGHT - MARGIN - 32, _("This round is not seated yet."))
        canvas.showPage()
    for index, card in enumerate(data.cards):
        top_half = index % 2 == 0
        if top_half and index:
            canvas.showPage()
        bottom = CARD_HEIGHT if top_half else 0
        _card(canvas, card, bottom, labels)
        if top_half and index + 1 < len(data.cards):
            _cut_line(canvas)
        tracker.step()
    if data.cards:
        canvas.showPage()
    canvas.save()
    tracker.finish()
    return buffer.getvalue()


def _cut_line(canvas: Canvas) -> None:
    canvas.saveState()
    canvas.setStrokeColor(_base.RULE)
    canvas.setLineWidth(0.4)
    canvas.setDash(3, 3)
    canvas.line(6 * mm, CARD_HEIGHT, PAGE_WIDTH - 6 * mm, CARD_HEIGHT)
    canvas.restoreState()


def _card(canvas: Canvas, card: Card, bottom: float, labels: dict[str, str]) -> None:
    top = bottom + CARD_HEIGHT - MARGIN
    left = MARGIN
    qr_left = PAGE_WIDTH - MARGIN - QR_SIZE
    text_width = qr_left - left - 8 * mm

    canvas.setFillColor(_base.GREY)
    subtitle_size = _base.fit_size(labels["subtitle"], PAGE_WIDTH - 2 * MARGIN, 10)
    canvas.setFont(FONT, subtitle_size)
    canvas.drawString(left, top - 10, labels["subtitle"])

    canvas.setFillColorRGB(0, 0, 0)
    canvas.setFont(BOLD, 24)
    canvas.drawString(left, top - 44, labels["table"])
    number = str(card.table_number)
    canvas.setFont(BOLD, _base.fit_size(number, text_width, 110, bold=True))
    canvas.drawString(left, top - 132, number)

    # The players in seat-wind order, the wind before the name.
    wind_width = max(_base.text_width(_base.wind_name(seat.position), 13, bold=True)
                     for seat in card.seats) + 4 * mm if card.seats else 0
    y = top - 170
    for seat in card.seats:
        canvas.setFont(BOLD, 13)
        canvas.drawString(left, y, _base.wind_name(seat.position))
        size = _base.fit_size(seat.name, text_width - wind_width, 17)
        canvas.setFont(FONT, size)
        canvas.drawString(left + wind_width, y, seat.name)
        y -= 26

    # The QR code, with what it is for and the address under it.
    qr_top = top - 24
    _qr(canvas, card.url, qr_left, qr_top - QR_SIZE, QR_SIZE)
    centre = qr_left + QR_SIZE / 2
    canvas.setFont(FONT, _base.fit_size(labels["scan"], QR_SIZE + 10 * mm, 10))
    canvas.drawCentredString(centre, qr_top - QR_SIZE - 8, labels["scan"])
    canvas.setFillColor(_base.GREY)
    url_size = _base.fit_size(card.url, QR_SIZE + 2 * MARGIN - 8 * mm, 7.5, smallest=4.5)
    canvas.setFont(FONT, url_size)
    canvas.drawCentredString(min(centre, PAGE_WIDTH - MARGIN / 2
                                 - _base.text_width(card.url, url_size) / 2),
                             qr_top - QR_SIZE - 20, card.url)
    canvas.setFillColorRGB(0, 0, 0)


def _qr(canvas: Canvas, url: str, x: float, y: float, size: float) -> None:
    """The QR code of `url` in the square (x, y, size), quiet zone included:
    each row's runs of dark modules as one rectangle, all in one path."""
    matrix = segno.make(url, error="m").matrix
    modules = len(matrix) + 2 * QR_BORDER
    step = size / modules
    path = canvas.beginPath()
    for row_index, row in enumerate(matrix):
        row_y = y + size - (row_index + QR_BORDER + 1) * step
        start: int | None = None
        for column, dark in enumerate([*row, 0]):
            if dark and start is None:
                start = column
            elif not dark and start is not None:
                # A hair of overlap with the next row, so no seam shows.
                path.rect(x + (start + QR_BORDER) * step, row_y, (column - start) * step,
                          step + 0.05)
                start = None
    canvas.drawPath(path, stroke=0, fill=1)
