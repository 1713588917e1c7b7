"""The ranges of what people type: dates and counts.

Every integer and date a form, the API or a service takes has a range here,
the model fields carry it as validators (the services run `full_clean`) and
the forms take the same numbers, so a value that no club evening can have is
refused with a message naming the field, never an overflow in the database:
SQLite holds 64-bit integers, PostgreSQL's smallint only up to 32767, and a
date plus a few days may pass 9999-12-31.
"""

from __future__ import annotations

import datetime

from django.core.validators import MaxValueValidator, MinValueValidator

# Dates: from the first Dutch clubs to well past anyone's planning.
EARLIEST_DATE = datetime.date(1900, 1, 1)
LATEST_DATE = datetime.date(2100, 12, 31)
EARLIEST_YEAR, LATEST_YEAR = EARLIEST_DATE.year, LATEST_DATE.year

MAX_EVENT_DAYS = 14
MAX_ROUNDS = 50
MAX_ROUND_MINUTES = 24 * 60
MAX_PLACES = 10_000
MAX_TABLES = MAX_PLACES // 3  # tables of 3 seat the most tables


def date_range() -> list[MinValueValidator | MaxValueValidator]:
    return [MinValueValidator(EARLIEST_DATE), MaxValueValidator(LATEST_DATE)]


def up_to(maximum: int, minimum: int = 0) -> list[MinValueValidator | MaxValueValidator]:
    return [MinValueValidator(minimum), MaxValueValidator(maximum)]


def year_in_range(year: int) -> bool:
    return EARLIEST_YEAR <= year <= LATEST_YEAR


# A row's id as text: ASCII digits that fit a 64-bit column. Anything else
# names no row, and must not reach a lookup (SQLite raises OverflowError for
# an integer past 64 bits, PostgreSQL a DataError).
ROW_ID_DIGITS = 18


def whole_number(text: str, digits: int = ROW_ID_DIGITS) -> int | None:
    """`text` as a whole number of ASCII digits, at most `digits` of them;
    None for anything else ("²" and "٣" pass str.isdigit(), and int() fails
    on the first and reads the second; a number of any length is work for
    nothing and may overflow a column)."""
    if text.isascii() and text.isdigit() and len(text) <= digits:
        return int(text)
    return None


def is_row_id(value: object) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return 0 < value < 10**ROW_ID_DIGITS
    number = whole_number(str(value))
    return number is not None and number > 0
