"""Cells for spreadsheets and CSV files, safe with whatever the users typed.

It lives in common/ because both directions need it: the exports write
through it and the member import (clubs/member_import.py) reads CSV back
with `from_csv_text`.

Every spreadsheet (exports/excel, the .xlsx of exports/bond.py and
exports/ema.py) and every CSV file the app writes puts its values through
this module, so no writer can forget the rule:

* **Text never becomes a formula.** A text from user data (a name, a club, an
  event title) that starts with `=`, `+`, `-` or `@`, or with a tab or a
  carriage return (OWASP, "CSV Injection"), could be run by a spreadsheet as
  a formula, e.g. `=HYPERLINK("http://x","y")`. In an .xlsx file such a text
  is written as a string cell (openpyxl would otherwise store any text
  starting with "=" as a formula) with the "quote prefix" style, so Excel and
  LibreOffice show it as text and keep it text when the cell is edited. In a
  CSV file it gets a leading single quote (`'=HYPERLINK(...)`), which
  spreadsheets show and never run; `from_csv_text` takes it off again when
  the app reads its own files back (clubs/member_import.py).
* **Numbers stay numbers, dates stay dates**: ints, floats and Decimals are
  numeric cells (a Decimal as a float: table points have at most 5
  decimals), dates and datetimes are date cells with a number format;
  aware datetimes are shown in the site's time zone.
* Characters XML cannot hold (control characters other than tab and line
  breaks) are dropped from text, so a stray one cannot break the file.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.utils import timezone
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ERROR_CODES
from openpyxl.styles import Font

# OWASP CSV injection: the characters a spreadsheet reads as the start of a
# formula (tab and carriage return can hide one after them).
FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
CSV_GUARD = "'"

DATE_FORMAT = "yyyy-mm-dd"
DATETIME_FORMAT = "yyyy-mm-dd hh:mm:ss"

_ILLEGAL_XML = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")

CellValue = str | int | float | Decimal | datetime.date | datetime.datetime | bool | None

HEADER_FONT = Font(bold=True)


def is_formula_like(text: str) -> bool:
    """Whether a spreadsheet could read `text` as a formula."""
    return text.startswith(FORMULA_TRIGGERS)


def local_naive(moment: datetime.datetime) -> datetime.datetime:
    """A datetime as the site's clock shows it, without time zone (spreadsheets
    have none)."""
    if timezone.is_aware(moment):
        moment = timezone.localtime(moment)
    return moment.replace(tzinfo=None, microsecond=0)


def plain_number(value: Decimal | float) -> str:
    """A number in fixed notation without trailing zeros: 2.50000 -> "2.5",
    4.00000 -> "4", 40 -> "40" (never "4E+1")."""
    if isinstance(value, float):
        value = Decimal(repr(value))
    text = format(value.normalize(), "f")
    return "0" if text in ("-0", "") else text


# --- .xlsx ---------------------------------------------------------------------------


def xlsx_value(ws: Any, value: CellValue, *, bold: bool = False) -> Any:
    """What to append to a write-only worksheet for `value`: the value itself
    where openpyxl already stores it right (numbers, plain text), else a cell
    with the right type and format. Text that could run as a formula becomes
    a string cell with the quote prefix, never a formula."""
    if isinstance(value, Decimal):
        value = float(value)
    elif isinstance(value, datetime.datetime):
        cell = WriteOnlyCell(ws, local_naive(value))
        cell.number_format = DATETIME_FORMAT
        return _bold(cell, bold)
    elif isinstance(value, datetime.date):
        cell = WriteOnlyCell(ws, value)
        cell.number_format = DATE_FORMAT
        return _bold(cell, bold)
    elif isinstance(value, str):
        if not value:
            return None  # an empty cell: openpyxl skips it, which saves time on big sheets
        if _ILLEGAL_XML.search(value):
            value = _ILLEGAL_XML.sub("", value)
        if is_formula_like(value) or value in ERROR_CODES:
            # openpyxl would store "=..." as a formula and "#N/A" as an error.
            cell = WriteOnlyCell(ws, value)
            cell.data_type = "s"
            cell.quotePrefix = True
            return _bold(cell, bold)
    if bold:
        return _bold(WriteOnlyCell(ws, value), True)
    return value


def _bold(cell: Any, bold: bool) -> Any:
    if bold:
        cell.font = HEADER_FONT
    return cell


def xlsx_row(ws: Any, values: Sequence[CellValue], *, bold: bool = False) -> list[Any]:
    return [xlsx_value(ws, value, bold=bold) for value in values]


# --- CSV -------------------------------------------------------------------------------


def csv_value(value: CellValue, *, decimal_comma: bool = False) -> str:
    """`value` as CSV text: numbers in fixed notation (with a decimal comma
    when asked: Dutch spreadsheets), dates in ISO 8601 (2031-01-14, and
    2031-01-14 20:15:00 for moments: read as dates in every locale), text
    guarded against formulas with a leading single quote."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal | float):
        text = plain_number(value)
        return text.replace(".", ",") if decimal_comma else text
    if isinstance(value, datetime.datetime):
        return local_naive(value).strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(value, datetime.date):
        return value.isoformat()
    text = str(value)
    return CSV_GUARD + text if is_formula_like(text) else text


def csv_row(values: Sequence[CellValue], *, decimal_comma: bool = False) -> list[str]:
    return [csv_value(value, decimal_comma=decimal_comma) for value in values]


def from_csv_text(text: str) -> str:
    """A CSV text cell as the user meant it: the guard quote that
    `csv_value` adds before a formula-like text is taken off again."""
    if text.startswith(CSV_GUARD) and is_formula_like(text[1:]):
        return text[1:]
    return text
