"""Writing tables into an .xlsx workbook: the one place that knows openpyxl.

A `Sheet` is data: a title, column headers and rows of plain values (text,
numbers, dates), optionally with a block of details above the table. The
writer gives every table the same finish: a bold header row that stays in
view (frozen panes), an autofilter over the table, column widths that fit the
content, real cell types, and text that never runs as a formula
(common/cells.py).

The workbook is written in openpyxl's write-only mode (rows stream to the
file; memory stays flat for the 8,000-hand log), so column widths are
measured from the rows before the first row is written.
"""

from __future__ import annotations

import datetime
import io
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from openpyxl import Workbook
from openpyxl.utils import get_column_letter

from common import cells
from common.cells import CellValue

MIN_WIDTH = 4
MAX_WIDTH = 60
PADDING = 2
SHEET_TITLE_MAX = 31  # Excel's limit
_SHEET_TITLE_FORBIDDEN = re.compile(r"[\[\]:*?/\\]")


@dataclass(frozen=True)
class Sheet:
    title: str
    headers: Sequence[str]
    rows: Sequence[Sequence[CellValue]]
    # Rows above the table (label, value: the event's details), followed
    # by one empty row; the table's header row comes after them.
    preamble: Sequence[Sequence[CellValue]] = ()
    # Columns kept in view when scrolling sideways (besides the header row).
    freeze_columns: int = 0

    @property
    def header_row(self) -> int:
        """The spreadsheet row number of the table's header row."""
        return len(self.preamble) + 2 if self.preamble else 1


def sheet_title(title: str, taken: Iterable[str] = ()) -> str:
    """A valid, unique sheet title: no []:*?/\\, at most 31 characters."""
    clean = _SHEET_TITLE_FORBIDDEN.sub("-", title).strip("'") or "Sheet"
    clean = clean[:SHEET_TITLE_MAX]
    used = {name.lower() for name in taken}
    candidate, number = clean, 2
    while candidate.lower() in used:
        suffix = f" ({number})"
        candidate = clean[:SHEET_TITLE_MAX - len(suffix)] + suffix
        number += 1
    return candidate


def display_width(value: CellValue) -> int:
    """About how many characters `value` takes in a cell."""
    if value is None:
        return 0
    if isinstance(value, str):
        return max((len(line) for line in value.splitlines()), default=0)
    if isinstance(value, datetime.datetime):
        return len("2031-01-14 20:15:00")
    if isinstance(value, datetime.date):
        return len("2031-01-14")
    if isinstance(value, bool | int):
        return len(str(value))
    if isinstance(value, Decimal | float):
        return len(cells.plain_number(value))
    return len(str(value))


def column_widths(sheet: Sheet) -> list[float]:
    widths = [display_width(header) for header in sheet.headers]
    for index, column in enumerate(zip(*sheet.rows, strict=True)):
        texts = [value for value in column if value.__class__ is str]
        others = [value for value in column if value is not None and value.__class__ is not str]
        widest = max(widths[index],
                     max((len(text) for text in texts if "\n" not in text), default=0),
                     max((display_width(text) for text in texts if "\n" in text), default=0),
                     max((display_width(value) for value in others), default=0))
        widths[index] = widest
    if sheet.preamble:  # the labels; values may run on into the empty cells beside them
        widths[0] = max(widths[0], *(display_width(row[0]) for row in sheet.preamble))
    return [float(min(MAX_WIDTH, max(MIN_WIDTH, width + PADDING))) for width in widths]


def write(sheets: Iterable[Sheet], *, title: str = "", subject: str = "",
          on_row: Callable[[], None] | None = None) -> bytes:
    """The workbook with `sheets` in order, as .xlsx bytes; `title` and
    `subject` are its document properties. `on_row` is called after every
    table row written (for progress)."""
    workbook = Workbook(write_only=True)
    workbook.properties.title = title
    if subject:
        workbook.properties.subject = subject
    workbook.properties.creator = "Mahjong administration"
    taken: list[str] = []
    for sheet in sheets:
        name = sheet_title(sheet.title, taken)
        taken.append(name)
        _write_sheet(workbook.create_sheet(name), sheet, on_row)
    if not taken:
        workbook.create_sheet("Sheet")
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def _write_sheet(ws: Any, sheet: Sheet, on_row: Callable[[], None] | None) -> None:
    columns = len(sheet.headers)
    last = get_column_letter(max(columns, 1))
    for index, width in enumerate(column_widths(sheet), start=1):
        ws.column_dimensions[get_column_letter(index)].width = width
    header_row = sheet.header_row
    ws.freeze_panes = f"{get_column_letter(sheet.freeze_columns + 1)}{header_row + 1}"
    ws.auto_filter.ref = f"A{header_row}:{last}{header_row + len(sheet.rows)}"
    append = ws.append
    if sheet.preamble:
        for label, *values in sheet.preamble:
            append([cells.xlsx_value(ws, label, bold=True),
                    *(cells.xlsx_value(ws, value) for value in values)])
        append([])
    append(cells.xlsx_row(ws, sheet.headers, bold=True))
    xlsx_value = cells.xlsx_value
    for row in sheet.rows:
        # Numbers go to openpyxl as they are; everything else through cells.
        append([value if value.__class__ is int or value.__class__ is float
                else xlsx_value(ws, value) for value in row])
        if on_row is not None:
            on_row()
