"""The member import against hostile workbooks (issue 13, finding 3): a part
with a document type declaration (where XML entities live: the "billion
laughs" that made a 375 MB page, an entity reading a server file) is refused
before openpyxl reads anything, with a message naming the problem; openpyxl
reads through defusedxml all the same; and whatever the import echoes of the
file (a wrong cell, a header, the club) is cut to a readable length."""

from __future__ import annotations

import codecs
import io
import re
import zipfile
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import translation
from openpyxl import Workbook

from clubs import member_import
from clubs.models import Club, Member
from tests.security.test_uploads import CANNOT_READ, NS, SHEET

pytestmark = pytest.mark.django_db

DOCTYPE = "contains a document type declaration (&lt;!DOCTYPE&gt;)"


@pytest.fixture(autouse=True)
def _english() -> Any:
    with translation.override("en"):
        yield


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every workbook openpyxl is asked to open (it still opens them)."""
    import openpyxl

    calls: list[Any] = []
    real = openpyxl.load_workbook

    def recording(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(openpyxl, "load_workbook", recording)
    return calls


def upload(client: Client, club: Club, name: str, content: bytes) -> Any:
    return client.post(reverse("clubs:member_import", args=[club.slug]),
                       {"file": SimpleUploadedFile(name, content)})


def workbook(rows: list[list[Any]]) -> bytes:
    book = Workbook()
    for row in rows:
        book.active.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def replacing(part: str, content: bytes, source: bytes | None = None) -> bytes:
    """A real workbook whose `part` is `content` (added if it has none)."""
    original = zipfile.ZipFile(io.BytesIO(source or workbook(
        [["First name", "Last name"], ["Anna", "Bakker"]])))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for info in original.infolist():
            if info.filename != part:
                archive.writestr(info.filename, original.read(info.filename))
        archive.writestr(part, content)
    return buffer.getvalue()


def laughs(levels: int = 9) -> bytes:
    """Entities that expand ten times per level: 10**9 'lol's from a few
    hundred bytes."""
    return b'<!ENTITY a0 "lol">' + b"".join(
        b'<!ENTITY a%d "%s">' % (level, b"".join(b"&a%d;" % (level - 1) for _ in range(10)))
        for level in range(1, levels + 1))


def bomb_sheet(prolog: bytes = b"") -> bytes:
    return (b'<?xml version="1.0" encoding="UTF-8"?>' + prolog + b"<!DOCTYPE worksheet ["
            + laughs() + b"]><worksheet " + NS + b'><sheetData><row r="1"><c r="A1" '
            b't="inlineStr"><is><t>First name</t></is></c><c r="B1" t="inlineStr"><is><t>Last '
            b'name</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>&a9;</t></is>'
            b'</c><c r="B2" t="inlineStr"><is><t>Bakker</t></is></c></row></sheetData>'
            b"</worksheet>")


def refused_page(response: Any) -> str:
    assert response.status_code == 200
    page = response.content.decode()
    assert 'class="field-errors"' in page
    assert not Member.objects.exists()
    return page


# --- DOCTYPE ---------------------------------------------------------------------------------


def test_a_billion_laughs_workbook_is_refused_before_openpyxl_reads_it(
        organiser_client: Client, club: Club, opened: list[Any]) -> None:
    content = replacing(SHEET, bomb_sheet())
    assert len(content) < 20_000
    page = refused_page(upload(organiser_client, club, "members.xlsx", content))
    assert f"The workbook is refused: its part {SHEET} {DOCTYPE}." in page
    assert "Save the list again from Excel" in page
    assert opened == []  # refused on the zip's own reading: no parse, no expansion
    assert len(page) < 30_000  # the form with its message, nothing echoed


def test_the_refusal_is_in_dutch_on_the_dutch_site(organiser_client: Client, club: Club) -> None:
    with translation.override("nl"):
        url = reverse("clubs:member_import", args=[club.slug])
    response = organiser_client.post(url, {"file": SimpleUploadedFile(
        "leden.xlsx", replacing(SHEET, bomb_sheet()))})
    page = refused_page(response)
    assert '<html lang="nl">' in page and "&lt;!DOCTYPE&gt;" in page


@pytest.mark.parametrize(("part", "content"), [
    pytest.param("[Content_Types].xml", b'<?xml version="1.0"?><!DOCTYPE Types>'
                 b'<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
                 id="content types, without entities"),
    pytest.param("xl/sharedStrings.xml", b'<?xml version="1.0"?><!DOCTYPE sst [<!ENTITY x '
                 b'SYSTEM "file:///etc/passwd">]><sst ' + NS + b'><si><t>&x;</t></si></sst>',
                 id="shared strings, an external entity"),
    pytest.param("xl/workbook.xml", b"<!DOCTYPE workbook [" + laughs() + b"]><workbook " + NS
                 + b"/>", id="the workbook, no XML declaration"),
    pytest.param(SHEET, bomb_sheet(b"<!--" + b"x" * 20_000 + b"-->\n" + b" " * 20_000
                                   + b"<?pi nothing?>"),
                 id="behind a long comment, whitespace and a processing instruction"),
    pytest.param(SHEET, codecs.BOM_UTF16_LE + bomb_sheet().decode().replace(
        'encoding="UTF-8"', 'encoding="UTF-16"').encode("utf-16-le"), id="in UTF-16"),
    pytest.param("xl/media/whatever.bin", bomb_sheet(), id="in a part nothing names"),
])
def test_a_doctype_in_any_part_is_refused(organiser_client: Client, club: Club,
                                          opened: list[Any], part: str, content: bytes) -> None:
    page = refused_page(upload(organiser_client, club, "members.xlsx", replacing(part, content)))
    assert f"its part {part} {DOCTYPE}" in page
    assert opened == []


def test_a_prolog_longer_than_any_workbook_writes_is_refused(
        organiser_client: Client, club: Club, opened: list[Any]) -> None:
    sheet = b'<?xml version="1.0"?>' + b" " * (member_import.PROLOG_BYTES + 10) + b"<worksheet/>"
    page = refused_page(upload(organiser_client, club, "members.xlsx", replacing(SHEET, sheet)))
    assert CANNOT_READ in page
    assert opened == []


def test_a_workbook_with_pictures_and_no_doctype_is_imported(organiser_client: Client,
                                                             club: Club) -> None:
    content = replacing("xl/media/image1.png", b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40)
    response = upload(organiser_client, club, "members.xlsx", content)
    assert response.status_code == 200
    assert "New members: 1." in response.content.decode()


def test_openpyxl_reads_through_defusedxml_and_the_check_says_when_not(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import xml.etree.ElementTree as ElementTree

    from openpyxl.xml import functions

    from config import checks

    assert functions.iterparse.__module__.startswith("defusedxml")
    assert functions.fromstring.__module__.startswith("defusedxml")
    assert checks.openpyxl_reads_through_defusedxml() == []
    # OPENPYXL_DEFUSEDXML=False (or defusedxml missing) leaves the plain parser:
    monkeypatch.setattr(functions, "iterparse", ElementTree.iterparse)
    [error] = checks.openpyxl_reads_through_defusedxml()
    assert error.id == "mahjong.E001" and "defusedxml" in error.msg


# --- What the preview echoes ---------------------------------------------------------------


def longest_run(page: str, character: str) -> int:
    return max((len(run) for run in re.findall(f"{re.escape(character)}+", page)), default=0)


def test_a_long_cell_is_cut_in_the_preview(organiser_client: Client, club: Club) -> None:
    content = workbook([
        ["First name", "Last name", "Club", "Notes" + "n" * 5_000],
        ["x" * 30_000, "Bakker", "", ""],
        ["Anna", "Bakker", "y" * 30_000, ""],
        ["Bram", "z" * 1_000, "", ""],
    ])
    response = upload(organiser_client, club, "members.xlsx", content)
    assert response.status_code == 200
    page = response.content.decode()
    assert "3 problems in the list" in page
    # Each value at most 80 characters, the cut marked with an ellipsis.
    for character in "xyz":
        assert longest_run(page, character) == 79, character
    assert "x" * 79 + "…" in page and "y" * 79 + "…" in page
    assert "Notes" + "n" * 74 + "…" in page  # an ignored column's header
    assert "Longer than 80 characters." in page
    assert len(page) < 40_000
    assert not Member.objects.exists()


def test_a_long_header_is_cut_where_it_names_the_column(organiser_client: Client,
                                                        club: Club) -> None:
    # Punctuation does not count in a header, so this is the first-name column.
    header = "First name" + "!" * 10_000
    content = f"{header};Last name\n;Bakker\n".encode()
    response = upload(organiser_client, club, "members.csv", content)
    page = response.content.decode()
    assert "A member needs a first name." in page
    assert longest_run(page, "!") == 69
    assert len(page) < 40_000


def test_shown_cuts_to_80_characters() -> None:
    assert member_import.shown("a" * 80) == "a" * 80
    assert member_import.shown("a" * 81) == "a" * 79 + "…"
    assert len(member_import.shown("é" * 10_000)) == 80
