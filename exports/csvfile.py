"""Writing CSV files that spreadsheets open correctly.

Two dialects (docs/exports.md, "Results for the bond (NMB)"):

* `nl` (the default for the bond's results): `;` between fields and a
  decimal comma (2,5). Excel on a Dutch (and German, French, ...) Windows
  uses `;` as its list separator because `,` is the decimal separator, so it
  opens the file by double-click in columns, with table points as numbers.
* `international` (the default for the EMA layout): `,` between fields and a
  decimal point (2.5), as RFC 4180, English-language Excel and most programs
  expect.

Both: UTF-8 with a byte order mark (without it Excel reads UTF-8 as the
Windows code page and "Désirée" comes out garbled), CRLF line ends, fields
quoted only where needed, dates in ISO 8601, text guarded against formulas
(common/cells.py).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from common import cells
from common.cells import CellValue


@dataclass(frozen=True)
class Dialect:
    name: str
    delimiter: str
    decimal_comma: bool


DIALECTS = {
    "nl": Dialect("nl", ";", decimal_comma=True),
    "international": Dialect("international", ",", decimal_comma=False),
}


def dialect_named(name: str) -> Dialect:
    try:
        return DIALECTS[name]
    except KeyError:
        raise ValueError(f"unknown CSV dialect {name!r}; choose one of "
                         f"{', '.join(DIALECTS)}") from None


def write(rows: Iterable[Sequence[CellValue]], *, dialect: str = "nl") -> bytes:
    """The rows as CSV bytes (UTF-8 with BOM). An empty row is an empty line."""
    chosen = dialect_named(dialect)
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=chosen.delimiter, lineterminator="\r\n",
                        quoting=csv.QUOTE_MINIMAL)
    for row in rows:
        writer.writerow(cells.csv_row(row, decimal_comma=chosen.decimal_comma))
    return buffer.getvalue().encode("utf-8-sig")
