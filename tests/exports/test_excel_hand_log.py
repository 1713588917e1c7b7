"""The hand log workbook (exports/excel/hand_log.py)."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from exports.excel import hand_log
from tests.exports.sample import HOSTILE, Sample, make_sample, workbook
from tests.support.db import built_once_per_module, fresh_copy
from tournaments.models import Hand, HandChange

pytestmark = pytest.mark.django_db


_built_sample = built_once_per_module(make_sample)


@pytest.fixture
def sample(db: None, _built_sample: Sample) -> Sample:
    return fresh_copy(_built_sample)


def local(moment: datetime.datetime | None) -> datetime.datetime | None:
    if moment is None:
        return None
    return timezone.localtime(moment).replace(tzinfo=None, microsecond=0)


def rows_by_key(ws: object) -> dict[tuple[int, int, int], dict[str, object]]:
    headers = [cell.value for cell in ws[1]]  # type: ignore[index]
    return {(row[0], row[1], row[2]): dict(zip(headers, row, strict=True))
            for row in ws.iter_rows(min_row=2, values_only=True)}  # type: ignore[attr-defined]


def test_every_hand_one_row_with_the_sheet_finish(sample: Sample) -> None:
    calls: list[tuple[int, int]] = []
    book = workbook(hand_log.render(sample.event, language="en",
                                    progress=lambda done, total: calls.append((done, total))))
    assert book.sheetnames == ["Hands", "Corrections"]
    ws = book["Hands"]
    hands = Hand.objects.filter(table__round__event=sample.event).count()
    assert hands == 13  # 2 rounds x 2 tables x 3 hands, and the worked example
    assert ws.max_row == hands + 1
    assert calls[0] == (0, hands) and calls[-1] == (hands, hands)
    assert ws.freeze_panes == "D2"
    assert ws.auto_filter.ref == f"A1:{ws.cell(1, ws.max_column).column_letter}{hands + 1}"
    headers = [cell.value for cell in ws[1]]
    assert headers[:8] == ["Round", "Table", "Hand", "Prevailing wind", "Winner", "Discarder",
                           "Winning tile", "Flags"]
    assert headers[8:13] == ["Player 1", "Player 1 seat wind", "Player 1 tiles",
                             "Player 1 value", "Player 1 settlement"]
    assert headers[-7:] == ["Entered by", "Entered at", "Corrections", "Last changed by",
                            "Last changed at", "Confirmed by", "Confirmed at"]
    assert len(headers) == 8 + 4 * 5 + 7
    for letter in ("A", "E", "I"):  # every column fits its header at least
        header = ws[f"{letter}1"].value
        assert ws.column_dimensions[letter].width >= len(header)


def test_a_hand_by_tiles_shows_the_tiles_as_entered(sample: Sample) -> None:
    ws = workbook(hand_log.render(sample.event, language="en"))["Hands"]
    row = rows_by_key(ws)[(1, 1, 1)]
    hand = Hand.objects.get(table__round__number=1, table__number=1, number=1)
    seats = {seat.position: seat.registration.name for seat in hand.table.seats.all()}
    assert row["Prevailing wind"] == "East"
    assert row["Winner"] == seats[1] and row["Discarder"] == seats[2]
    assert row["Winning tile"] == "3 of bamboo"
    assert (row["Player 1"], row["Player 1 seat wind"], row["Player 1 tiles"],
            row["Player 1 value"], row["Player 1 settlement"]) == (
        seats[0], "East",
        "2 2 2 8 characters, 4 7 7 7 circles, 1 9 bamboo, 3× White dragon", 64, 24)
    assert row["Player 2 tiles"] == (
        "2 3 4 4 5 6 characters, 3 4 5 6 7 8 circles, 3 3 bamboo") and row["Player 2 value"] == 96
    assert row["Player 3 tiles"] == "dead hand" and row["Player 3 settlement"] == -244
    assert row["Player 4 tiles"] == "1 2 4 5 8 9 9 bamboo, 3× South wind; pung 6 of bamboo"
    assert row["Entered by"] == "Alice Organiser"
    assert row["Entered at"] == local(hand.created_at)
    assert ws["AD2"].number_format == "yyyy-mm-dd hh:mm:ss"  # "Entered at"


def test_values_settlements_and_winds_match_the_hand_scores(sample: Sample) -> None:
    rows = rows_by_key(workbook(hand_log.render(sample.event, language="en"))["Hands"])
    for hand in Hand.objects.filter(table__round__event=sample.event).select_related(
            "table__round"):
        row = rows[(hand.table.round.number, hand.table.number, hand.number)]
        position = {seat.registration_id: seat.position for seat in hand.table.seats.all()}
        winds = {"E": "East", "S": "South", "W": "West", "N": "North"}
        for score in hand.scores.all():
            player = f"Player {position[score.registration_id] + 1}"
            assert row[f"{player} seat wind"] == winds[score.seat_wind]
            assert row[f"{player} value"] == score.value
            assert row[f"{player} settlement"] == score.settlement
            assert isinstance(row[f"{player} settlement"], int)
        assert sum(row[f"Player {seat} settlement"] for seat in range(1, 5)) == 0  # type: ignore[misc]


def test_corrections_and_confirmations(sample: Sample) -> None:
    book = workbook(hand_log.render(sample.event, language="en"))
    row = rows_by_key(book["Hands"])[(1, 2, 1)]
    hand = Hand.objects.get(table__round__number=1, table__number=2, number=1)
    correction = HandChange.objects.get(hand=hand, action="corrected")
    assert row["Player 1 value"] == 48  # the corrected value
    assert (row["Corrections"], row["Last changed by"], row["Last changed at"]) == (
        1, "Alice Organiser", local(correction.at))
    assert (row["Confirmed by"], row["Confirmed at"]) == ("Kim Keeper", local(hand.confirmed_at))
    assert isinstance(row["Confirmed at"], datetime.datetime)
    untouched = rows_by_key(book["Hands"])[(1, 2, 2)]
    assert (untouched["Corrections"], untouched["Last changed by"],
            untouched["Confirmed by"]) == (0, None, None)
    changes = book["Corrections"]
    assert [cell.value for cell in changes[1]] == ["Round", "Table", "Hand", "Change", "By",
                                                   "At"]
    assert [cell.value for cell in changes[2]] == [1, 2, 1, "corrected", "Alice Organiser",
                                                   local(correction.at)]
    assert changes.max_row == 2
    assert changes.freeze_panes == "A2" and changes.auto_filter.ref == "A1:F2"


def test_a_deleted_hand_is_listed_among_the_corrections(sample: Sample) -> None:
    from tournaments.services import hands as hand_service

    hand = Hand.objects.get(table__round__number=2, table__number=1, number=3)
    hand_service.delete_hand(hand, expected_version=hand.table.version, user=sample.organiser)
    book = workbook(hand_log.render(sample.event, language="en"))
    assert (2, 1, 3) not in rows_by_key(book["Hands"])
    assert [cell.value for cell in book["Corrections"][3]][:5] == [
        2, 1, 3, "deleted", "Alice Organiser"]


def test_the_hostile_name_is_text(sample: Sample) -> None:
    ws = workbook(hand_log.render(sample.event, language="en"))["Hands"]
    cells = [cell for row in ws.iter_rows(min_row=2) for cell in row
             if isinstance(cell.value, str) and cell.value.startswith("=")]
    assert cells and all(cell.value == f"{HOSTILE} Hacker" for cell in cells)
    assert all(cell.data_type == "s" and cell.quotePrefix for cell in cells)


def test_dutch_headers(sample: Sample) -> None:
    book = workbook(hand_log.render(sample.event, language="nl"))
    ws = book.worksheets[0]
    assert ws["B1"].value == "Tafel" and ws["D1"].value == "Rondewind"
    assert ws["D2"].value == "Oost"


def test_sets_read_as_players_say_them_in_dutch() -> None:
    from django.utils.translation import override

    with override("nl"):
        assert hand_log.readable_tiles("12345556789s") == "1 2 3 4 5 5 5 6 7 8 9 bamboe"
        assert hand_log.readable_tiles("19m11z7z") == "1 9 tekens, 2× Oostenwind, Rode draak"
        assert hand_log.readable_set("pung", "777s") == "pung 7 bamboe"
        assert hand_log.readable_set("pung", "777z") == "pung Rode draak"
        assert hand_log.readable_set("chow", "123p") == "chow 1-2-3 kringen"
        assert hand_log.readable_bonus("1f3j") == "Bloem 1, Seizoen 3"
        assert hand_log.readable_hand({"concealed": "12355s", "melds": [
            {"kind": "kong", "tiles": "6666z", "open": False}]}, dead=False) == (
            "1 2 3 5 5 bamboe; kong Groene draak (dicht)")
    # What the engine would refuse is written as it was entered, not dropped.
    assert hand_log.readable_tiles("12x") == "12x"
