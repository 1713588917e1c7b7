"""common/cells.py, exports/csvfile.py and the sheet writer: text from user
data never runs as a formula, numbers stay numbers, dates stay dates."""

from __future__ import annotations

import datetime
import io
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from openpyxl import load_workbook

from common import cells
from common.cells import CellValue
from exports import csvfile
from exports.excel import sheets
from tests.exports.sample import HOSTILE, csv_rows

DANGEROUS = [HOSTILE, "+31 6 1234", "-2+3", "@SUM(A1)", "\tX", "\rX", "=1+1"]


@pytest.mark.parametrize("text", DANGEROUS)
def test_formula_like_text_is_recognised(text: str) -> None:
    assert cells.is_formula_like(text)


@pytest.mark.parametrize("text", ["Désirée Heemskerk", "van der Berg", "1001", "", "a=b"])
def test_ordinary_text_is_not_formula_like(text: str) -> None:
    assert not cells.is_formula_like(text)


@pytest.mark.parametrize("text", DANGEROUS)
def test_csv_guards_formula_like_text_with_a_quote(text: str) -> None:
    value = cells.csv_value(text)
    assert value == "'" + text
    assert cells.from_csv_text(value) == text


def test_csv_leaves_numbers_and_ordinary_text_alone() -> None:
    assert cells.csv_value(-244) == "-244"
    assert cells.csv_value(Decimal("2.50000")) == "2.5"
    assert cells.csv_value(Decimal("2.50000"), decimal_comma=True) == "2,5"
    assert cells.csv_value(Decimal("4.00000"), decimal_comma=True) == "4"
    assert cells.csv_value(Decimal("40")) == "40"
    assert cells.csv_value(Decimal("-1.34375"), decimal_comma=True) == "-1,34375"
    assert cells.csv_value(0.5) == "0.5"
    assert cells.csv_value(None) == ""
    assert cells.csv_value("O'Brien") == "O'Brien"
    assert cells.from_csv_text("'t Hooft") == "'t Hooft"  # not a guard: kept


def test_csv_writes_dates_in_iso_and_moments_in_local_time() -> None:
    assert cells.csv_value(datetime.date(2031, 3, 1)) == "2031-03-01"
    moment = datetime.datetime(2031, 3, 1, 19, 30, tzinfo=datetime.UTC)
    assert cells.csv_value(moment) == "2031-03-01 20:30:00"  # Europe/Amsterdam, winter time


def test_csv_dialects() -> None:
    rows: list[list[CellValue]] = [
        ["Naam", "Tafelpunten"], ["Désirée; de \"Vries\"", Decimal("2.5")], []]
    dutch = csv_rows(csvfile.write(rows, dialect="nl"), ";")
    assert dutch == [["Naam", "Tafelpunten"], ['Désirée; de "Vries"', "2,5"], []]
    international = csv_rows(csvfile.write(rows, dialect="international"), ",")
    assert international[1] == ['Désirée; de "Vries"', "2.5"]
    with pytest.raises(ValueError, match="unknown CSV dialect"):
        csvfile.write(rows, dialect="excel")


def _read(sheet: sheets.Sheet) -> object:
    return load_workbook(io.BytesIO(sheets.write([sheet]))).active


def test_xlsx_writes_formula_like_text_as_text_never_as_a_formula() -> None:
    ws = _read(sheets.Sheet(title="T", headers=["Name", "Club"],
                            rows=[[HOSTILE, "@home"], ["#N/A", "-"]]))
    for ref, text in (("A2", HOSTILE), ("B2", "@home"), ("A3", "#N/A"), ("B3", "-")):
        cell = ws[ref]  # type: ignore[index]
        assert cell.value == text
        assert cell.data_type == "s", ref
        assert cell.quotePrefix, ref


def test_xlsx_keeps_types_and_formats() -> None:
    moment = datetime.datetime(2031, 3, 1, 19, 30, 12, tzinfo=ZoneInfo("UTC"))
    ws = _read(sheets.Sheet(title="T", headers=["a", "b", "c", "d", "e", "f"], rows=[
        [7, Decimal("1.34375"), 2.5, datetime.date(2031, 3, 1), moment, "x\x01y"]]))
    row = [cell for cell in ws[2]]  # type: ignore[index]
    assert row[0].value == 7 and row[0].data_type == "n"
    assert row[1].value == pytest.approx(1.34375) and row[1].data_type == "n"
    assert row[2].value == 2.5
    assert row[3].value == datetime.datetime(2031, 3, 1) and row[3].number_format == "yyyy-mm-dd"
    assert row[4].value == datetime.datetime(2031, 3, 1, 20, 30, 12)  # local time
    assert row[4].number_format == "yyyy-mm-dd hh:mm:ss"
    assert row[5].value == "xy"  # a control character XML cannot hold is dropped


def test_sheet_finish_frozen_header_autofilter_widths() -> None:
    ws = _read(sheets.Sheet(title="After round 1", headers=["Position", "Name"],
                            rows=[[1, "Désirée Heemskerk"], [2, "A" * 200]],
                            preamble=[["Title", "A very long event title that runs on"]],
                            freeze_columns=1))
    assert ws.title == "After round 1"  # type: ignore[attr-defined]
    assert ws.freeze_panes == "B4"  # type: ignore[attr-defined]
    assert ws.auto_filter.ref == "A3:B5"  # type: ignore[attr-defined]
    widths = ws.column_dimensions  # type: ignore[attr-defined]
    assert widths["A"].width == len("Position") + 2
    assert widths["B"].width == sheets.MAX_WIDTH  # capped
    assert ws["A3"].font.b and ws["A1"].font.b  # type: ignore[index]


def test_sheet_titles_are_valid_and_unique() -> None:
    assert sheets.sheet_title("Na ronde 1/2: [test]?") == "Na ronde 1-2- -test--"
    assert len(sheets.sheet_title("x" * 40)) == 31
    assert sheets.sheet_title("Total", ["total"]) == "Total (2)"
