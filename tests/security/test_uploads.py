"""Hostile uploads to the member import: too large (refused before anything
reads it), zip bombs (refused by the sizes the zip declares, never
inflated), XML bombs, damaged workbooks, CSV files in other encodings or no
text at all. Each gets a clear message; nothing is written."""

from __future__ import annotations

import io
import struct
import zipfile
from collections.abc import Callable
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import translation
from openpyxl import Workbook

from clubs.models import Club, Member

pytestmark = pytest.mark.django_db

MB = 1024 * 1024
SHEET = "xl/worksheets/sheet1.xml"
NS = b'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'

CANNOT_READ = "The file cannot be read as an Excel workbook (.xlsx)."
TOO_LARGE = "The file is larger than 2 MB."


@pytest.fixture(autouse=True)
def _english() -> Any:
    with translation.override("en"):
        yield


def upload(client: Client, club: Club, name: str, content: bytes, **extra: Any) -> Any:
    return client.post(reverse("clubs:member_import", args=[club.slug]),
                       {"file": SimpleUploadedFile(name, content), **extra})


def workbook(rows: list[list[str]] | None = None) -> bytes:
    book = Workbook()
    sheet = book.active
    for row in rows or [["First name", "Last name"], ["Désirée", "Heemskerk"]]:
        sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def with_sheet(sheet: bytes | Callable[[zipfile.ZipFile], None]) -> bytes:
    """A real workbook whose first sheet is replaced by `sheet` (bytes, or a
    function that writes the entry itself)."""
    source = zipfile.ZipFile(io.BytesIO(workbook()))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for info in source.infolist():
            if info.filename != SHEET:
                archive.writestr(info.filename, source.read(info.filename))
            elif callable(sheet):
                sheet(archive)
            else:
                archive.writestr(SHEET, sheet)
    return buffer.getvalue()


def bomb_entry(archive: zipfile.ZipFile) -> None:
    # 300 MB of spaces deflate to about 300 kB.
    with archive.open(SHEET, "w") as entry:
        chunk = b" " * MB
        for _ in range(300):
            entry.write(chunk)


def lying_about_its_size(data: bytes, declared: int = 1000) -> bytes:
    """`data` with the sheet's uncompressed size rewritten to `declared` in
    the local header and the central directory: a bomb that hides."""
    info = zipfile.ZipFile(io.BytesIO(data)).getinfo(SHEET)
    patched = bytearray(data)
    assert patched[info.header_offset:info.header_offset + 4] == b"PK\x03\x04"
    struct.pack_into("<I", patched, info.header_offset + 22, declared)
    position = 0
    while (position := patched.find(b"PK\x01\x02", position)) >= 0:
        length = struct.unpack_from("<H", patched, position + 28)[0]
        if bytes(patched[position + 46:position + 46 + length]) == SHEET.encode():
            struct.pack_into("<I", patched, position + 24, declared)
        position += 4
    return bytes(patched)


def error_of(response: Any) -> str:
    assert response.status_code == 200, response.status_code
    page = response.content.decode()
    assert 'class="field-errors"' in page, page[-3000:]
    return page


@pytest.fixture
def never_inflated(monkeypatch: pytest.MonkeyPatch) -> None:
    import openpyxl

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("openpyxl opened a workbook that should have been refused")

    monkeypatch.setattr(openpyxl, "load_workbook", refuse)


# --- Size ----------------------------------------------------------------------------------


def test_a_50_mb_file_is_refused_before_it_is_parsed(
        organiser_client: Client, club: Club, monkeypatch: pytest.MonkeyPatch) -> None:
    from django.http import multipartparser

    def parse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the 50 MB body was parsed")

    monkeypatch.setattr(multipartparser.MultiPartParser, "parse", parse)
    response = upload(organiser_client, club, "members.csv", b"First name;Last name\n" * (
        50 * MB // 21))
    assert response.status_code == 413
    page = response.content.decode()
    assert TOO_LARGE in page
    assert f'href="{reverse("home")}"' in page  # the way on
    assert response["Content-Security-Policy"]
    assert not Member.objects.exists()


def test_the_too_large_page_links_home_not_to_the_path_it_was_posted_to(
        client: Client, settings: Any) -> None:
    # A form on another site posts over the limit to "//evil.example/x" on
    # this one: the page must not link there (issue 13, finding 10).
    settings.MAX_REQUEST_BYTES = 1024
    response = client.post("/", {"note": "x" * 4096}, PATH_INFO="//evil.example/x")
    assert response.status_code == 413
    page = response.content.decode()  # in Dutch: the path has no language prefix
    assert '<h1>Te groot</h1>' in page or "<h1>Too large</h1>" in page
    assert 'href="/"' in page  # the site's home
    assert 'href="//evil.example' not in page


def test_a_file_just_over_2_mb_is_refused_by_the_form(organiser_client: Client,
                                                      club: Club) -> None:
    content = b"First name;Last name\n" + b"Anna;Bakker\n" * (2 * MB // 12 + 10)
    assert 2 * MB < len(content) < 2 * MB + 200 * 1024
    page = error_of(upload(organiser_client, club, "members.csv", content))
    assert TOO_LARGE in page
    assert not Member.objects.exists()


def test_two_files_at_once_are_refused(organiser_client: Client, club: Club) -> None:
    response = organiser_client.post(reverse("clubs:member_import", args=[club.slug]), {
        "file": [SimpleUploadedFile("a.csv", b"x"), SimpleUploadedFile("b.csv", b"y")]})
    assert response.status_code == 400
    assert not Member.objects.exists()


# --- Zip and XML bombs -----------------------------------------------------------------------


def test_a_zip_bomb_is_refused_without_inflating_it(organiser_client: Client, club: Club,
                                                    never_inflated: None) -> None:
    bomb = with_sheet(bomb_entry)
    assert len(bomb) < MB
    page = error_of(upload(organiser_client, club, "members.xlsx", bomb))
    assert "The workbook is too large to import." in page
    assert not Member.objects.exists()


def test_a_zip_bomb_that_lies_about_its_size_is_cut_off_at_the_size_it_declares(
        organiser_client: Client, club: Club) -> None:
    # The zip module inflates an entry no further than its declared size;
    # then the checksum fails: a damaged file, read quickly.
    bomb = lying_about_its_size(with_sheet(bomb_entry))
    page = error_of(upload(organiser_client, club, "members.xlsx", bomb))
    assert CANNOT_READ in page
    assert not Member.objects.exists()


def test_an_xml_entity_bomb_is_refused(organiser_client: Client, club: Club) -> None:
    entities = b'<!ENTITY a0 "lol">' + b"".join(
        b'<!ENTITY a%d "%s">' % (level, b"".join(b"&a%d;" % (level - 1) for _ in range(10)))
        for level in range(1, 10))
    sheet = (b'<?xml version="1.0"?><!DOCTYPE worksheet [' + entities + b']><worksheet ' + NS
             + b'><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&a9;</t></is></c></row>'
             b"</sheetData></worksheet>")
    page = error_of(upload(organiser_client, club, "members.xlsx", with_sheet(sheet)))
    # Refused for its DOCTYPE before openpyxl reads it (test_hostile_workbooks.py).
    assert "contains a document type declaration (&lt;!DOCTYPE&gt;)" in page


def test_a_sheet_with_a_row_a_million_rows_down_stops_at_the_row_limit(
        organiser_client: Client, club: Club) -> None:
    sheet = (b"<worksheet " + NS + b'><sheetData><row r="1048576"><c r="A1048576" '
             b't="inlineStr"><is><t>x</t></is></c></row></sheetData></worksheet>')
    page = error_of(upload(organiser_client, club, "members.xlsx", with_sheet(sheet)))
    assert "The list has more than 5000 rows" in page


# --- Damaged workbooks -------------------------------------------------------------------------


def cell(xml: bytes) -> bytes:
    return b"<worksheet " + NS + b'><sheetData><row r="1">' + xml + b"</row></sheetData></worksheet>"


DAMAGED = {
    "not a zip": (b"PK\x03\x04 this is no zip at all", "The file is not an Excel workbook"),
    "empty": (b"", "The submitted file is empty."),
    "random bytes": (bytes(range(256)) * 20, "The file is not an Excel workbook"),
    "truncated": (workbook()[:2000], "The file is not an Excel workbook"),
    "a zip without a workbook": (None, CANNOT_READ),
    "broken XML": (with_sheet(b"<worksheet><sheetData><row><c"), CANNOT_READ),
    "a number that is none": (with_sheet(cell(b'<c r="A1" t="n"><v>abc</v></c>')), CANNOT_READ),
    "a date that is none": (with_sheet(cell(b'<c r="A1" t="d"><v>soon</v></c>')), CANNOT_READ),
    "a shared string that is missing": (with_sheet(cell(b'<c r="A1" t="s"><v>99</v></c>')),
                                        CANNOT_READ),
    "a column beyond ZZZ": (with_sheet(cell(b'<c r="ZZZZZZ1" t="inlineStr"><is><t>x</t></is></c>')),
                            CANNOT_READ),
}


def _zip_without_workbook() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("readme.txt", "hello")
    return buffer.getvalue()


@pytest.mark.parametrize("case", list(DAMAGED))
def test_a_damaged_workbook_gets_a_message(organiser_client: Client, club: Club,
                                           case: str) -> None:
    content, message = DAMAGED[case]
    if content is None:
        content = _zip_without_workbook()
    page = error_of(upload(organiser_client, club, "members.xlsx", content))
    assert message in page
    assert not Member.objects.exists()


# --- CSV encodings -----------------------------------------------------------------------------

LIST = "First name;Last name\nDésirée;Heemskerk\nJoël;Ruiz – “Bram”\n"


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be",
                                      "cp1252"])
def test_a_csv_in_another_encoding_is_read_right(organiser_client: Client, club: Club,
                                                 encoding: str) -> None:
    response = upload(organiser_client, club, "members.csv", LIST.encode(encoding))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Désirée" in page and "Heemskerk" in page
    assert "Ruiz – “Bram”" in page


def test_a_latin_1_csv_is_read_right(organiser_client: Client, club: Club) -> None:
    content = "First name;Last name\nDésirée;Heemskerk\nFrançois;Müller\n".encode("latin-1")
    page = upload(organiser_client, club, "members.csv", content).content.decode()
    assert "Désirée" in page and "François" in page and "Müller" in page


@pytest.mark.parametrize("content", [
    pytest.param(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01" * 50, id="an image"),
    pytest.param(b"First name;Last name\nAnna\x00;Bakker\n", id="a NUL in a name"),
    pytest.param(workbook(), id="a workbook named .csv"),
])
def test_a_csv_that_is_no_text_gets_a_message(organiser_client: Client, club: Club,
                                              content: bytes) -> None:
    page = error_of(upload(organiser_client, club, "members.csv", content))
    assert "cannot be read" in page or "No header row found" in page
    assert not Member.objects.exists()


def test_a_csv_with_a_giant_field_gets_a_message(organiser_client: Client, club: Club) -> None:
    content = b"First name;Last name\n\"" + b"x" * (MB + 10) + b"\";Bakker\n"
    page = error_of(upload(organiser_client, club, "members.csv", content))
    assert "The CSV file cannot be read" in page


def test_an_over_large_api_request_gets_a_json_error(organiser_client: Client) -> None:
    response = organiser_client.post("/en/api/tables/1/hands/", b"{" + b" " * (3 * MB) + b"}",
                                     content_type="application/json")
    assert response.status_code == 413
    assert "larger than 2 MB" in response.json()["error"]
