"""What the PDF exports share: the vendored DejaVu fonts, paragraph styles,
number and date formatting in the active language, the "page X of Y"
footer, and the progress callback.

Nothing here queries the database: the export modules collect their data
into plain dataclasses first and draw from those (exports are functions
from data to bytes).
"""

from __future__ import annotations

import datetime
import threading
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

from django.utils import formats
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas as pdf_canvas
from reportlab.platypus import Flowable, Paragraph

from clubs.templatetags.points import points
from common.dates import dates_text
from scoring import ruleset_display

Progress = Callable[[int, int], None]

FONT = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"

GREY = colors.HexColor("#555555")
LIGHT = colors.HexColor("#eeeeee")
RULE = colors.HexColor("#999999")

_fonts_lock = threading.Lock()
_fonts_ready = False


def register_fonts() -> None:
    """Register DejaVu Sans (regular and bold) once per process: every text
    of every export uses it, so any name renders (accents, "Désirée")."""
    global _fonts_ready
    if _fonts_ready:
        return
    with _fonts_lock:
        if _fonts_ready:
            return
        pdfmetrics.registerFont(TTFont(FONT, str(FONT_DIR / "DejaVuSans.ttf")))
        pdfmetrics.registerFont(TTFont(BOLD, str(FONT_DIR / "DejaVuSans-Bold.ttf")))
        pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=FONT,
                                      boldItalic=BOLD)
        _fonts_ready = True


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    return float(pdfmetrics.stringWidth(text, BOLD if bold else FONT, size))


def fit_size(text: str, width: float, size: float, *, bold: bool = False,
             smallest: float = 6) -> float:
    """The largest font size up to `size` at which `text` fits in `width`
    (never below `smallest`: a very long name then runs over)."""
    while size > smallest and text_width(text, size, bold=bold) > width:
        size -= 0.5
    return size


def style(name: str, *, size: float = 9, bold: bool = False, leading: float | None = None,
          alignment: int = 0, color: Any = colors.black) -> ParagraphStyle:
    return ParagraphStyle(name, fontName=BOLD if bold else FONT, fontSize=size,
                          leading=leading or size * 1.2, alignment=alignment,
                          textColor=color)


# --- Formatting in the active language -------------------------------------------


def fmt_points(value: Decimal | int | None) -> str:
    """Table points as people write them (2,5 in Dutch, 2.5 in English)."""
    return points(value)


def fmt_int(value: int | None) -> str:
    return "" if value is None else str(value)


def fmt_date(day: datetime.date) -> str:
    return formats.date_format(day, "DATE_FORMAT")


def fmt_dates(first: datetime.date, days: int = 1) -> str:
    """The date of an event, or its first to last day, as the pages write
    it ("16–17 oktober 2026": common/dates.py)."""
    return dates_text(first, days)


def ruleset_title(name: str) -> str:
    return ruleset_display.title(name)


def ruleset_line(name: str, options: dict[str, Any] | None = None) -> str:
    """ "Rule set: <title>" with any options that differ from its defaults."""
    return ruleset_display.line(name, options)


def wind_letter(wind: str | None) -> str:
    """E S W N as the language writes them (O Z W N in Dutch); "G", the
    round of the green dragon (NTS, seed 003), as the green dragon."""
    letters = {"E": _("E"), "S": _("S"), "W": _("W"), "N": _("N"), "G": _("Green dragon")}
    return letters.get(wind or "", "")


def wind_name(position: int) -> str:
    """The seat at the start of a round: East ... North, or the fifth player."""
    names = {0: _("East"), 1: _("South"), 2: _("West"), 3: _("North"), 4: _("Fifth player")}
    return names.get(position, "")


def cell(text: str, width: float, paragraph_style: ParagraphStyle, *,
         padding: float = 6) -> str | Paragraph:
    """A table cell: plain text when it fits on one line (cheap), else a
    paragraph that wraps (a long name is never cut off). `padding`: the
    cell's left and right padding together."""
    if text_width(text, paragraph_style.fontSize,
                  bold=paragraph_style.fontName == BOLD) <= width - padding:
        return text
    return Paragraph(escape(text), paragraph_style)


def escape(text: str) -> str:
    """Text for a Paragraph (which reads a little markup)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# --- Progress ----------------------------------------------------------------------


class Tracker:
    """Calls progress(done, total) with `done` never going back and the last
    call done == total; without a callback it does nothing."""

    def __init__(self, progress: Progress | None, total: int) -> None:
        self.progress = progress
        self.total = total
        self.done = 0
        if progress is not None:
            progress(0, total)

    def step(self, done: int | None = None) -> None:
        self.done = min(self.total, self.done + 1 if done is None else max(done, self.done))
        if self.progress is not None:
            self.progress(self.done, self.total)

    def finish(self) -> None:
        if self.done != self.total:
            self.done = self.total
            if self.progress is not None:
                self.progress(self.total, self.total)


class Tick(Flowable):  # type: ignore[misc]
    """A flowable of no size that reports progress when it is laid out on a
    page (after the flowables before it)."""

    def __init__(self, tracker: Tracker) -> None:
        super().__init__()
        self.tracker = tracker

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        self.tracker.step()


# --- Page numbers -------------------------------------------------------------------


def numbered_canvas(footer_left: str, *, margin: float) -> type[pdf_canvas.Canvas]:
    """A canvas class that writes `footer_left` and "page X of Y" at the foot
    of every page: pages are kept until the end, when Y is known."""
    label = _("Page %(page)s of %(pages)s")

    class NumberedCanvas(pdf_canvas.Canvas):  # type: ignore[misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._pages: list[dict[str, Any]] = []

        def showPage(self) -> None:  # noqa: N802 (reportlab's name)
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._pages)
            for state in self._pages:
                self.__dict__.update(state)
                self._footer(total)
                pdf_canvas.Canvas.showPage(self)
            pdf_canvas.Canvas.save(self)

        def _footer(self, total: int) -> None:
            width, _height = self._pagesize
            self.saveState()
            self.setFont(FONT, 7.5)
            self.setFillColor(GREY)
            y = margin * 0.5
            if footer_left:
                self.drawString(margin, y, footer_left)
            self.drawRightString(width - margin, y, label % {
                "page": self.getPageNumber(), "pages": total})
            self.restoreState()

    return NumberedCanvas
