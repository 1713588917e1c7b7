"""Results for the bond (exports/bond.py) and in the EMA layout
(exports/ema.py): the files read back, in Dutch and English, the refusal of
an unfinished event and the players without a member number."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from common.names import split_name
from exports import bond, ema
from tests.exports.sample import HOSTILE, Sample, csv_rows, header_index, make_sample, workbook
from tests.support.db import built_once_per_module, fresh_copy
from tournaments.models import EventStatus, Registration, RoundStatus
from tournaments.services.standings import event_standings, missing_member_numbers

pytestmark = pytest.mark.django_db

HEADERS_EN = ["Position", "First name", "Last name", "NMB member number", "Club",
              "Table points", "Score", "Rounds played", "Note"]


_built_sample = built_once_per_module(make_sample)


@pytest.fixture
def sample(db: None, _built_sample: Sample) -> Sample:
    return fresh_copy(_built_sample)


Expected = tuple[int | None, str, str, str | None, str, Decimal, int, int]


def expected_rows(sample: Sample) -> list[Expected]:
    """(position, first, last, number, club, table points, score, rounds) per
    player, from the standings service."""
    rows: list[Expected] = []
    for row in event_standings(sample.event):
        registration = Registration.objects.select_related("member__club").get(pk=row.key)
        member = registration.member
        first, last = ((member.first_name, member.last_name) if member
                       else split_name(registration.guest_name))
        rows.append((row.position, first, last, member.nmb_number if member else None,
                     member.club.name if member else registration.guest_club,
                     row.table_points, row.score, row.rounds_played))
    return rows


def test_the_csv_has_the_details_block_then_one_row_per_player(sample: Sample) -> None:
    calls: list[tuple[int, int]] = []
    data = bond.render_csv(sample.event, language="en",
                           progress=lambda done, total: calls.append((done, total)))
    rows = csv_rows(data, ";")
    assert rows[:8] == [
        ["Title", "Voorjaarstoernooi"], ["Date", "2031-03-01"],
        ["Place", "Buurthuis De Kolk"], ["Organising club", "Fu-Hing"],
        ["Number of players", "8"],
        ["Rule set", "Nederlandse Toernooi Spelregels (NTS)"],
        ["Number of days", "2"], ["Rounds", "2"],
    ]
    assert rows[8] == []
    assert rows[9] == HEADERS_EN
    body = rows[10:]
    assert len(body) == 8
    for line, expected in zip(body, expected_rows(sample), strict=True):
        position, first, last, number, club, points, score, played = expected
        assert line[:8] == [str(position), first if first != HOSTILE else "'" + HOSTILE, last,
                            number or "", club,
                            format(points.normalize(), "f").replace(".", ","), str(score),
                            str(played)]
    assert calls[-1] == (8, 8) and len(calls) == 8


def test_the_csv_guards_the_hostile_name_and_keeps_accents(sample: Sample) -> None:
    data = bond.render_csv(sample.event, language="en")
    assert "Désirée".encode() in data
    rows = csv_rows(data, ";")
    hostile = next(row for row in rows if row[2:3] == ["Hacker"])
    assert hostile[1] == "'" + HOSTILE


def test_the_international_csv_uses_commas_and_decimal_points(sample: Sample) -> None:
    registration = sample.by_name["Jan van der Berg"]
    result = registration.table_results.first()
    assert result is not None
    result.table_points += Decimal("0.5")  # as if a shared place
    result.save()
    rows = csv_rows(bond.render_csv(sample.event, language="en", dialect="international"),
                    ",")
    jan = next(row for row in rows if row[1:3] == ["Jan", "van der Berg"])
    assert jan[5] == "6.5"
    dutch = csv_rows(bond.render_csv(sample.event, language="en"), ";")
    assert next(row for row in dutch if row[1:3] == ["Jan", "van der Berg"])[5] == "6,5"


def test_the_csv_in_dutch(sample: Sample) -> None:
    rows = csv_rows(bond.render_csv(sample.event, language="nl"), ";")
    header = rows[header_index(rows, "Plaats")]  # "Position" in Dutch
    assert header[5] == "Tafelpunten"
    assert rows[0][1] == "Voorjaarstoernooi"


def test_the_xlsx_has_the_same_rows_with_real_types(sample: Sample) -> None:
    book = workbook(bond.render_xlsx(sample.event, language="en"))
    assert book.sheetnames == ["Results", "Penalties"]
    ws = book["Results"]
    assert ws["A1"].value == "Title" and ws["B1"].value == "Voorjaarstoernooi"
    assert ws["B2"].value == datetime.datetime(2031, 3, 1)
    assert ws["B2"].number_format == "yyyy-mm-dd"
    assert ws["B5"].value == 8
    assert [cell.value for cell in ws[10]] == HEADERS_EN
    assert ws.freeze_panes == "A11"
    assert ws.auto_filter.ref == "A10:I18"
    for row, expected in zip(ws.iter_rows(min_row=11, max_row=18), expected_rows(sample),
                             strict=True):
        position, first, last, number, club, points, score, played = expected
        assert [cell.value for cell in row[:8]] == [
            position, first, last, number, club, pytest.approx(float(points)), score, played]
        assert isinstance(row[0].value, int) and isinstance(row[6].value, int)
        assert isinstance(row[5].value, int | float)
    hostile = next(row for row in ws.iter_rows(min_row=11) if row[2].value == "Hacker")
    assert hostile[1].value == HOSTILE
    assert hostile[1].data_type == "s" and hostile[1].quotePrefix
    assert ws.column_dimensions["B"].width >= len(HOSTILE)


def test_guests_have_no_number_and_are_noted(sample: Sample) -> None:
    ws = workbook(bond.render_xlsx(sample.event, language="en"))["Results"]
    guest = next(row for row in ws.iter_rows(min_row=11) if row[2].value == "van Dam")
    assert [guest[1].value, guest[3].value, guest[4].value, guest[8].value] == [
        "Kees", None, "Gastclub", "guest"]


def test_an_unfinished_event_is_refused(sample: Sample) -> None:
    event = sample.event
    event.status = EventStatus.RUNNING
    event.save()
    renderers: list[Callable[..., bytes]] = [bond.render_csv, bond.render_xlsx]
    for render in renderers:
        with pytest.raises(ValidationError, match="is not finished") as refused:
            render(event, language="en")
        assert refused.value.code == "not_finished"
    with pytest.raises(ValidationError, match="niet afgelopen|not finished"):
        bond.render_csv(event, language="nl")


def test_a_finished_event_without_closed_rounds_is_refused(sample: Sample) -> None:
    sample.event.rounds.update(status=RoundStatus.STARTED)
    with pytest.raises(ValidationError, match="geen gesloten ronde|no closed round"):
        bond.check_exportable(sample.event)


def test_players_without_a_member_number_are_listed(sample: Sample) -> None:
    missing = missing_member_numbers(sample.event)
    assert {registration.name for registration in missing} == {"Ans Bakker", "Kees van Dam"}
    member = sample.by_name["Ans Bakker"].member
    assert member is not None
    member.nmb_number = "1004"
    member.save()
    assert [r.name for r in missing_member_numbers(sample.event)] == ["Kees van Dam"]


def test_guest_names_split_into_first_and_last_name() -> None:
    assert split_name("Jan van der Berg") == ("Jan", "van der Berg")
    assert split_name("  Kees   van Dam ") == ("Kees", "van Dam")
    assert split_name("Madonna") == ("", "Madonna")


# --- EMA --------------------------------------------------------------------------------


def test_the_ema_file_is_refused_for_an_nts_event(sample: Sample) -> None:
    """The EMA ranks MCR and Riichi only (issue 17); tests/exports/test_ema.py
    has the EMA's workbook."""
    for render in (ema.render_csv, ema.render_xlsx):
        with pytest.raises(ValidationError, match="MCR and Riichi") as refused:
            render(sample.event, language="en")
        assert refused.value.code == "not_mers_ranked"
