"""The standings workbook (exports/excel/standings.py)."""

from __future__ import annotations

import pytest

from exports.excel import standings
from tests.exports.sample import HOSTILE, Sample, make_sample, workbook
from tests.support.db import built_once_per_module, fresh_copy
from tournaments.models import TableResult
from tournaments.services.standings import event_standings

pytestmark = pytest.mark.django_db

HEADERS = ["Position", "Name", "Club", "NMB member number", "Table points", "Score",
           "Rounds played"]


_built_sample = built_once_per_module(make_sample)


@pytest.fixture
def sample(db: None, _built_sample: Sample) -> Sample:
    return fresh_copy(_built_sample)


def test_a_total_sheet_and_one_per_closed_round(sample: Sample) -> None:
    calls: list[tuple[int, int]] = []
    book = workbook(standings.render(sample.event, language="en",
                                     progress=lambda done, total: calls.append((done, total))))
    assert book.sheetnames == ["Total", "After round 1", "After round 2"]
    assert calls == [(0, 3), (1, 3), (2, 3), (3, 3)]
    for name in book.sheetnames:
        ws = book[name]
        assert ws.freeze_panes == "C2"  # the header row, and position and name
        assert ws.auto_filter.ref == f"A1:{ws.cell(1, ws.max_column).column_letter}9"
        assert [cell.value for cell in ws[1]][:7] == HEADERS
        assert ws["A1"].font.b


def test_each_sheet_holds_the_standings_after_its_round(sample: Sample) -> None:
    book = workbook(standings.render(sample.event, language="en"))
    for name, after in (("After round 1", 1), ("After round 2", 2), ("Total", None)):
        ws = book[name]
        expected = event_standings(sample.event, after_round=after)
        got = [[cell.value for cell in row[:7]] for row in ws.iter_rows(min_row=2)]
        assert [(row[0], row[1], row[5], row[6]) for row in got] == [
            (line.position, line.name, line.score, line.rounds_played) for line in expected]
        for row, line in zip(got, expected, strict=True):
            assert isinstance(row[0], int) and isinstance(row[5], int)
            assert row[4] == pytest.approx(float(line.table_points))


def test_the_total_sheet_has_each_rounds_points_and_score(sample: Sample) -> None:
    ws = workbook(standings.render(sample.event, language="en"))["Total"]
    headers = [cell.value for cell in ws[1]]
    assert headers[7:] == ["Round 1 table points", "Round 1 score", "Round 2 table points",
                           "Round 2 score", "Note"]
    jan = next(row for row in ws.iter_rows(min_row=2) if row[1].value == "Jan van der Berg")
    registration = sample.by_name["Jan van der Berg"]
    for number, column in ((1, 7), (2, 9)):
        result = TableResult.objects.get(registration=registration,
                                         table__round__number=number)
        assert jan[column].value == pytest.approx(float(result.table_points))
        assert jan[column + 1].value == result.score
    assert jan[2].value == "Fu-Hing" and jan[3].value == "1003"


def test_names_are_text_never_formulas_and_columns_fit(sample: Sample) -> None:
    ws = workbook(standings.render(sample.event, language="en"))["Total"]
    hostile = next(row for row in ws.iter_rows(min_row=2)
                   if str(row[1].value).startswith("="))
    assert hostile[1].value == f"{HOSTILE} Hacker"
    assert hostile[1].data_type == "s" and hostile[1].quotePrefix
    assert ws.column_dimensions["B"].width == len(f"{HOSTILE} Hacker") + 2
    assert ws.column_dimensions["A"].width == len("Position") + 2


def test_dutch_headers_and_sheet_names(sample: Sample) -> None:
    book = workbook(standings.render(sample.event, language="nl"))
    assert book.sheetnames[0] == "Totaal"
    ws = book["Totaal"]
    assert [ws.cell(1, column).value for column in (1, 5, 6)] == [
        "Plaats", "Tafelpunten", "Score"]


def test_an_event_without_closed_rounds_has_an_empty_total(sample: Sample) -> None:
    sample.event.rounds.update(status="started")
    book = workbook(standings.render(sample.event, language="en"))
    assert book.sheetnames == ["Total"]
    assert book["Total"].max_row == 1
