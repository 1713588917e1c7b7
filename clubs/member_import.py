"""Importing a club's member list from an .xlsx or .csv file.

Three steps, each a function, so the pages (clubs/views.py) only show them:

1. `read_file`: the file's rows. It finds the header row (anywhere in the
   first rows, so the bond's results export with its block of event details
   reads as it is), maps the columns it knows by their headers in Dutch or
   English (first name, last name, NMB member number, club, and optionally
   EMA number and nationality; other columns are listed as ignored) and
   checks each row on its own (an EMA number is 8 digits; a nationality an
   IOC code or a country's name in English or Dutch).
2. `make_plan`: what each row will do to the club's members: create,
   update or leave unchanged, or why it cannot (`RowError`: row number,
   column, value, reason).
3. `apply`: in one transaction, plan again against the members as they are
   now and write, only if no row is wrong and the plan is the one the
   organiser saw (`Plan.digest`); otherwise nothing is written.

Matching: a row with an NMB member number is the club's member with that
number; a row whose number nobody has, or without a number, is the club's
member with the same first and last name (case and spacing ignored) who has
no number yet (or, for a row without a number, any number). Anything else is
a new member. Updates change names (matched by number) and fill in a
missing number; an EMA number or nationality in the file replaces the
stored one (the preview shows old and new); an empty cell never erases
anything. An EMA number held by another member (of any club) or repeated
in the file is an error of that row. A number held by a
member of another club, a name that fits several members, a row that
repeats another row's number or name, or a club other than this one is an
error of that row.

Between preview and confirmation the rows travel in the page, signed with
the site's key for this club and valid for an hour (`sign` / `unsign`): no
server-side state (no session growing with a 2,000-row list, no clash
between two tabs), no way to change rows after the preview, and no need to
upload the file again. The confirmation plans again, so a change to the
members in between is shown before anything is written.
"""

from __future__ import annotations

import codecs
import csv
import datetime
import hashlib
import io
import json
import re
import zipfile
import zlib
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any
from xml.parsers import expat

from django.conf import settings
from django.core import signing
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, override

from clubs import services
from clubs.models import Club, Member
from common.cells import from_csv_text
from common.countries import (
    DEFAULT_COUNTRY,
    country_from_text,
    country_index,
    is_ema_number,
    normalised_ema_number,
)

MAX_BYTES = 2 * 1024 * 1024  # an upload; a club's list of 2,000 members is about 100 kB
MAX_UNPACKED_BYTES = 50 * 1024 * 1024  # an .xlsx is a zip: refuse one that unpacks to more
MAX_ROWS = 5000
HEADER_SEARCH_ROWS = 50  # the header row is looked for among the first rows
MAX_COLUMNS = 60
SIGNED_FOR = 3600  # seconds a preview can be confirmed
SHOWN_LENGTH = 80  # a value the preview echoes is cut to this many characters
# The prolog of a workbook's part (what comes before its first element) is
# read up to this far for a DOCTYPE; Excel writes one line.
PROLOG_BYTES = 64 * 1024

FIRST_NAME, LAST_NAME, NMB_NUMBER, CLUB = "first_name", "last_name", "nmb_number", "club"
EMA_NUMBER, NATIONALITY = "ema_number", "nationality"
FIELDS = (FIRST_NAME, LAST_NAME, NMB_NUMBER, CLUB, EMA_NUMBER, NATIONALITY)
MAX_LENGTHS = {FIRST_NAME: 80, LAST_NAME: 120, NMB_NUMBER: 20}

# The headers each column is known by: the labels of the bond's and the EMA
# exports (in every language of the site, as translated) and common names.
HEADER_LABELS = {
    FIRST_NAME: (gettext_noop("First name"),),
    LAST_NAME: (gettext_noop("Last name"),),
    NMB_NUMBER: (gettext_noop("NMB member number"), gettext_noop("Member id")),
    CLUB: (gettext_noop("Club"),),
    EMA_NUMBER: (gettext_noop("EMA number"),),
    NATIONALITY: (gettext_noop("Nationality"), gettext_noop("Country")),
}
HEADER_ALIASES = {
    FIRST_NAME: ("first name", "firstname", "given name", "voornaam", "roepnaam"),
    LAST_NAME: ("last name", "lastname", "surname", "family name", "achternaam"),
    NMB_NUMBER: ("NMB member number", "NMB number", "NMB nr", "member number", "member id",
                 "NMB-lidnummer", "NMB lidnummer", "lidnummer", "lidnr", "NMB-nummer",
                 "bondsnummer"),
    CLUB: ("club", "vereniging", "mahjongclub"),
    EMA_NUMBER: ("EMA number", "EMA-nummer", "EMA nummer", "EMA nr", "EMA-nr", "EMA id",
                 "EMA"),
    NATIONALITY: ("nationality", "nationaliteit", "country", "land", "nation"),
}

CREATE, UPDATE, UNCHANGED = "create", "update", "unchanged"


# --- Data --------------------------------------------------------------------------------


@dataclass(frozen=True)
class RowError:
    row: int  # as the spreadsheet numbers it (1 is the first line of the file)
    column: str  # the file's header, or "" for the whole row
    value: str
    reason: str


@dataclass(frozen=True)
class ImportRow:
    row: int
    first_name: str
    last_name: str
    nmb_number: str | None
    club: str
    ema_number: str | None = None  # None: the file says nothing (no column, empty cell)
    nationality: str | None = None  # an IOC code, or None as ema_number

    def as_list(self) -> list[Any]:
        return [self.row, self.first_name, self.last_name, self.nmb_number, self.club,
                self.ema_number, self.nationality]

    @classmethod
    def from_list(cls, values: Sequence[Any]) -> ImportRow:
        row, first, last, number, club, ema, country = values
        return cls(row=int(row), first_name=str(first), last_name=str(last),
                   nmb_number=None if number is None else str(number), club=str(club),
                   ema_number=None if ema is None else str(ema),
                   nationality=None if country is None else str(country))


@dataclass(frozen=True)
class Parsed:
    rows: list[ImportRow]
    errors: list[RowError]
    headers: dict[str, str]  # field -> the file's header for it
    ignored: list[str]  # headers of columns not imported


@dataclass(frozen=True)
class Change:
    field: str
    old: str
    new: str


@dataclass(frozen=True)
class PlannedRow:
    source: ImportRow
    action: str  # CREATE, UPDATE, UNCHANGED
    member_id: int | None = None
    changes: tuple[Change, ...] = ()


@dataclass(frozen=True)
class Plan:
    rows: list[PlannedRow]
    errors: list[RowError]
    headers: dict[str, str] = field(default_factory=dict)
    ignored: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors

    def count(self, action: str) -> int:
        return sum(1 for row in self.rows if row.action == action)

    @property
    def created(self) -> int:
        return self.count(CREATE)

    @property
    def updated(self) -> int:
        return self.count(UPDATE)

    @property
    def unchanged(self) -> int:
        return self.count(UNCHANGED)

    @property
    def digest(self) -> str:
        """What the plan does, as a fingerprint: the confirmation writes only
        if planning again gives the same."""
        described = [
            [row.source.as_list(), row.action, row.member_id,
             [[change.field, change.old, change.new] for change in row.changes]]
            for row in self.rows
        ]
        errors = [[error.row, error.column, error.value, error.reason] for error in self.errors]
        return hashlib.sha256(json.dumps([described, errors]).encode()).hexdigest()


class ImportRefused(Exception):
    """The rows cannot be imported as they are (`plan.errors` says why);
    nothing was written."""

    def __init__(self, plan: Plan) -> None:
        super().__init__(f"{len(plan.errors)} rows are wrong")
        self.plan = plan


class PlanChanged(Exception):
    """The members changed since the preview: `plan` is what the import
    would do now; nothing was written."""

    def __init__(self, plan: Plan) -> None:
        super().__init__("the plan changed since the preview")
        self.plan = plan


# --- Reading the file ----------------------------------------------------------------------


def _header_key(text: str) -> str:
    return re.sub(r"[\W_]+", "", text.casefold())


def _known_headers() -> dict[str, str]:
    """Normalised header -> field."""
    known: dict[str, str] = {}
    for name, aliases in HEADER_ALIASES.items():
        for alias in aliases:
            known[_header_key(alias)] = name
    for name, labels in HEADER_LABELS.items():
        for language, _language_name in settings.LANGUAGES:
            with override(language):
                for label in labels:
                    known.setdefault(_header_key(_(label)), name)
    return known


def cell_text(value: Any) -> str:
    """A cell as text: whole numbers without ".0" (an NMB number typed into
    a number cell), dates as ISO, text stripped."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime.datetime | datetime.date):
        return value.isoformat()
    return str(value).strip()


def shown(value: str) -> str:
    """A value of the file as the pages echo it: at most SHOWN_LENGTH
    characters, a longer one cut with an ellipsis (a cell of a megabyte must
    not make a page of one)."""
    return value if len(value) <= SHOWN_LENGTH else value[:SHOWN_LENGTH - 1] + "…"


class _Prolog(Exception):
    """How the scan of a part's prolog ended."""


class _DoctypeFound(_Prolog):
    pass


class _ElementFound(_Prolog):
    pass


def _declares_doctype(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> bool | None:
    """Whether the part declares a document type (True), starts its first
    element without one (False), or cannot tell within PROLOG_BYTES (None).

    The part goes through expat, the parser openpyxl's ElementTree uses, so
    every encoding and every prolog (comments, processing instructions,
    whitespace) is read as openpyxl would read it; the scan stops at the
    DOCTYPE or the first element, before any entity could be expanded. A part
    that is no XML at all (an image) is no threat here: False."""

    def doctype(*args: Any) -> None:
        raise _DoctypeFound

    def element(*args: Any) -> None:
        raise _ElementFound

    parser = expat.ParserCreate()
    parser.StartDoctypeDeclHandler = doctype
    parser.StartElementHandler = element
    read = 0
    try:
        with archive.open(info) as part:
            while read < PROLOG_BYTES:
                chunk = part.read(4096)
                parser.Parse(chunk, not chunk)
                if not chunk:
                    return False
                read += len(chunk)
    except _DoctypeFound:
        return True
    except _ElementFound:
        return False
    except expat.ExpatError:
        return False
    return None


def _refuse_doctypes(archive: zipfile.ZipFile) -> None:
    """Refuse a workbook any part of which declares a document type: that
    is where XML entities are declared (an entity that expands a thousand
    times a thousand times, or one that reads a file of the server), and
    Excel never writes one. defusedxml refuses entities too (config/checks.py
    makes sure openpyxl uses it); this refuses the file before openpyxl
    reads anything, with a message naming the problem."""
    for info in archive.infolist():
        if info.is_dir():
            continue
        found = _declares_doctype(archive, info)
        if found:
            raise ValidationError(_(
                "The workbook is refused: its part %(part)s contains a document type "
                "declaration (<!DOCTYPE>). Excel never writes one, and it can make the "
                "server expand text without end. Save the list again from Excel, as a "
                "workbook (.xlsx) or as CSV.") % {"part": shown(info.filename)})
        if found is None:
            raise ValidationError(_("The file cannot be read as an Excel workbook (.xlsx)."))


def _xlsx_rows(data: bytes) -> Iterator[list[Any]]:
    from openpyxl import load_workbook

    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise ValidationError(_("The file is not an Excel workbook (.xlsx).")) from None
    with archive:
        unpacked = sum(info.file_size for info in archive.infolist())
        if unpacked > MAX_UNPACKED_BYTES:
            raise ValidationError(_("The workbook is too large to import."))
        try:
            _refuse_doctypes(archive)
        except (zipfile.BadZipFile, EOFError, OSError, RuntimeError, NotImplementedError,
                zlib.error):
            # A part that cannot be inflated (damaged, a wrong checksum,
            # encrypted, an unknown compression): as openpyxl would refuse it.
            raise ValidationError(_(
                "The file cannot be read as an Excel workbook (.xlsx).")) from None
    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception:  # openpyxl raises many kinds for a damaged file
        raise ValidationError(_("The file cannot be read as an Excel workbook (.xlsx).")) \
            from None
    unreadable = ValidationError(_("The file cannot be read as an Excel workbook (.xlsx)."))
    try:
        # A damaged sheet shows only when its rows are read (a cell that is
        # no number, a column beyond ZZZ, broken XML): refused like a damaged file.
        try:
            rows = workbook.worksheets[0].iter_rows(max_col=MAX_COLUMNS, values_only=True)
        except Exception:
            raise unreadable from None
        while True:
            try:
                values = next(rows)
            except StopIteration:
                return
            except Exception:
                raise unreadable from None
            yield list(values)
    finally:
        workbook.close()


def _utf16(data: bytes) -> str | None:
    """The UTF-16 encoding `data` is in (Excel's "Unicode text"), or None:
    by its byte order mark, else by the zero bytes every other byte of
    mostly Latin text has."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    sample = data[:4096]
    if len(sample) < 4:
        return None
    even, odd = sample[0::2], sample[1::2]
    if odd.count(0) > len(odd) * 0.4 and even.count(0) < len(even) * 0.1:
        return "utf-16-le"
    if even.count(0) > len(even) * 0.4 and odd.count(0) < len(odd) * 0.1:
        return "utf-16-be"
    return None


def _decode(data: bytes) -> str:
    # UTF-8 (with or without a byte order mark), UTF-16, else Windows-1252:
    # what Excel on a Dutch Windows saves as "CSV (gescheiden door
    # lijstscheidingsteken)". NUL characters left mean a file that is no
    # text at all (and no database stores them in a name).
    encoding = _utf16(data)
    if encoding is not None:
        text = data.decode(encoding, errors="replace")
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("cp1252", errors="replace")
    if "\x00" in text:
        raise ValidationError(_(
            "The file cannot be read as text: save the list as \"CSV UTF-8\" or as an Excel "
            "workbook (.xlsx)."))
    return text


def decode_text(data: bytes) -> str:
    """An uploaded CSV file as text (clubs/ema_players.py reads its list
    with the same rules)."""
    return _decode(data)


def _csv_rows(text: str, delimiter: str) -> list[list[str]]:
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        return [[from_csv_text(cell) for cell in row[:MAX_COLUMNS]] for row in reader]
    except csv.Error as error:
        raise ValidationError(_("The CSV file cannot be read: %(reason)s") % {
            "reason": error}) from None


def _find_header(rows: Iterable[Sequence[Any]], known: dict[str, str]
                 ) -> tuple[int, dict[int, str], list[str]] | None:
    """(index of the header row, column -> field, ignored headers), or None."""
    for index, row in enumerate(rows):
        if index >= HEADER_SEARCH_ROWS:
            return None
        columns: dict[int, str] = {}
        ignored: list[str] = []
        for column, value in enumerate(row):
            text = cell_text(value)
            name = known.get(_header_key(text)) if text else None
            if name is not None and name not in columns.values():
                columns[column] = name
            elif text:
                ignored.append(shown(text))
        if FIRST_NAME in columns.values() and LAST_NAME in columns.values():
            return index, columns, ignored
    return None


def read_file(data: bytes, filename: str) -> Parsed:
    """The rows of an uploaded member list (.xlsx or .csv). A file that
    cannot be read, or has no header row with first and last name, raises
    ValidationError; a wrong row is an error of that row."""
    if len(data) > MAX_BYTES:
        raise ValidationError(_("The file is larger than %(size)s MB.") % {
            "size": MAX_BYTES // (1024 * 1024)})
    known = _known_headers()
    name = filename.lower()
    if name.endswith(".xlsx"):
        rows: list[list[Any]] = []
        for values in _xlsx_rows(data):
            rows.append(values)
            if len(rows) > MAX_ROWS + HEADER_SEARCH_ROWS:
                raise _too_many_rows()
        found = _find_header(rows, known)
    elif name.endswith(".csv"):
        text = _decode(data)
        found, rows = None, []
        # The separator is whichever gives a header row: ";" (Dutch Excel),
        # "," or a tab.
        for delimiter in (";", ",", "\t"):
            rows = _csv_rows(text, delimiter)
            found = _find_header(rows, known)
            if found is not None:
                break
    else:
        raise ValidationError(_("Upload an Excel workbook (.xlsx) or a CSV file (.csv)."))
    if found is None:
        raise ValidationError(_(
            "No header row found: the list needs the columns \"%(first)s\" and \"%(last)s\" "
            "(and may have \"%(number)s\" and \"%(club)s\"), in one of the first %(rows)s "
            "rows.") % {"first": _("First name"), "last": _("Last name"),
                        "number": _("NMB member number"), "club": _("Club"),
                        "rows": HEADER_SEARCH_ROWS})
    header_index, columns, ignored = found
    header_row = rows[header_index]
    headers = {name: shown(cell_text(header_row[column])) for column, name in columns.items()}
    body = rows[header_index + 1:]
    if sum(1 for row in body if any(cell_text(value) for value in row)) > MAX_ROWS:
        raise _too_many_rows()
    parsed_rows: list[ImportRow] = []
    errors: list[RowError] = []
    countries = country_index()
    for offset, row in enumerate(body):
        number = header_index + 2 + offset
        found_values = {name: cell_text(row[column]) if column < len(row) else ""
                        for column, name in columns.items()}
        if not any(cell_text(value) for value in row):
            continue  # an empty row
        row_errors = _check_row(number, found_values, headers)
        ema_number = normalised_ema_number(found_values.get(EMA_NUMBER))
        if ema_number is not None and not is_ema_number(ema_number):
            row_errors.append(RowError(number, headers[EMA_NUMBER], shown(ema_number),
                                       services.ema_number_error(shown(ema_number))))
        country_text = found_values.get(NATIONALITY, "")
        nationality = country_from_text(country_text, countries) if country_text else None
        if country_text and nationality is None:
            row_errors.append(RowError(number, headers[NATIONALITY], shown(country_text),
                                       unknown_country(shown(country_text))))
        if row_errors:
            errors += row_errors
            continue
        parsed_rows.append(ImportRow(
            row=number, first_name=" ".join(found_values[FIRST_NAME].split()),
            last_name=" ".join(found_values[LAST_NAME].split()),
            nmb_number=found_values.get(NMB_NUMBER) or None,
            club=found_values.get(CLUB, ""), ema_number=ema_number, nationality=nationality))
    return Parsed(rows=parsed_rows, errors=errors, headers=headers, ignored=ignored)


def unknown_country(value: str) -> str:
    return _("Nationality: %(value)s is not a country we know; give its three-letter code "
             "(e.g. NED, GER, BEL) or its name.") % {"value": value}


def _too_many_rows() -> ValidationError:
    return ValidationError(_("The list has more than %(rows)s rows; split it.") % {
        "rows": MAX_ROWS})


def _check_row(number: int, values: dict[str, str], headers: dict[str, str]) -> list[RowError]:
    errors = []
    for name, reason in ((FIRST_NAME, _("A member needs a first name.")),
                         (LAST_NAME, _("A member needs a last name."))):
        if not values[name]:
            errors.append(RowError(number, headers[name], "", reason))
    for name, limit in MAX_LENGTHS.items():
        value = values.get(name, "")
        if len(value) > limit:
            errors.append(RowError(number, headers[name], shown(value), _(
                "Longer than %(limit)s characters.") % {"limit": limit}))
    return errors


# --- Planning ------------------------------------------------------------------------------


def _name_key(first: str, last: str) -> tuple[str, str]:
    return (" ".join(first.casefold().split()), " ".join(last.casefold().split()))


def _is_this_club(value: str, club: Club) -> bool:
    key = value.strip().casefold()
    return not key or key in (club.name.casefold(), club.slug.casefold())


def make_plan(club: Club, parsed: Parsed) -> Plan:
    """What importing `parsed` into `club` would do, row by row, as the
    members are now. Nothing is written."""
    headers = parsed.headers
    number_header = headers.get(NMB_NUMBER, _("NMB member number"))
    name_header = headers.get(LAST_NAME, _("Last name"))
    members = list(club.members.all())
    by_number = {member.nmb_number: member for member in members if member.nmb_number}
    by_name: dict[tuple[str, str], list[Member]] = defaultdict(list)
    for member in members:
        by_name[_name_key(member.first_name, member.last_name)].append(member)
    numbers = {row.nmb_number for row in parsed.rows if row.nmb_number}
    elsewhere = set(Member.objects.exclude(club=club).filter(nmb_number__in=numbers)
                    .values_list("nmb_number", flat=True))
    ema_header = headers.get(EMA_NUMBER, _("EMA number"))
    ema_numbers = {row.ema_number for row in parsed.rows if row.ema_number}
    ema_holders = {member.ema_number: member for member in
                   Member.objects.filter(ema_number__in=ema_numbers)}
    ema_rows: dict[str, int] = {}

    errors = list(parsed.errors)
    planned: list[PlannedRow] = []
    number_rows: dict[str, int] = {}
    name_rows: dict[tuple[str, str], int] = {}
    member_rows: dict[int, int] = {}
    for row in parsed.rows:
        if not _is_this_club(row.club, club):
            errors.append(RowError(row.row, headers.get(CLUB, ""), shown(row.club), _(
                "This list is imported into %(club)s: the club must be %(club)s or "
                "empty.") % {"club": club.name}))
            continue
        key = _name_key(row.first_name, row.last_name)
        full_name = shown(f"{row.first_name} {row.last_name}")
        match: Member | None = None
        if row.nmb_number:
            number = row.nmb_number
            if number in number_rows:
                errors.append(RowError(row.row, number_header, number, _(
                    "The same NMB member number is in row %(row)s.") % {
                    "row": number_rows[number]}))
                continue
            number_rows[number] = row.row
            if number in by_number:
                match = by_number[number]
            elif number in elsewhere:
                errors.append(RowError(row.row, number_header, number, _(
                    "NMB member number %(number)s is already used by a member of another "
                    "club.") % {"number": number}))
                continue
            else:
                namesakes = by_name.get(key, [])
                free = [member for member in namesakes if not member.nmb_number]
                if len(free) > 1:
                    errors.append(RowError(row.row, name_header, full_name, _(
                        "%(count)s members without an NMB member number are called "
                        "%(name)s: add them one by one.") % {
                        "count": len(free), "name": full_name}))
                    continue
                if free:
                    match = free[0]
                elif namesakes:
                    errors.append(RowError(row.row, number_header, number, _(
                        "%(name)s is a member with NMB member number %(other)s; correct the "
                        "number in the list or in the member's details.") % {
                        "name": namesakes[0].full_name, "other": namesakes[0].nmb_number}))
                    continue
        else:
            if key in name_rows:
                errors.append(RowError(row.row, name_header, full_name, _(
                    "The same name without an NMB member number is in row %(row)s.") % {
                    "row": name_rows[key]}))
                continue
            name_rows[key] = row.row
            namesakes = by_name.get(key, [])
            if len(namesakes) > 1:
                errors.append(RowError(row.row, name_header, full_name, _(
                    "%(count)s members are called %(name)s: give the NMB member number to say "
                    "which.") % {"count": len(namesakes), "name": full_name}))
                continue
            match = namesakes[0] if namesakes else None
        if row.ema_number:
            if row.ema_number in ema_rows:
                errors.append(RowError(row.row, ema_header, row.ema_number, _(
                    "The same EMA number is in row %(row)s.") % {
                    "row": ema_rows[row.ema_number]}))
                continue
            ema_rows[row.ema_number] = row.row
            holder = ema_holders.get(row.ema_number)
            if holder is not None and (match is None or holder.pk != match.pk):
                errors.append(RowError(row.row, ema_header, row.ema_number, _(
                    "EMA number %(number)s already belongs to %(name)s.") % {
                    "number": row.ema_number, "name": holder.full_name}
                    if holder.club_id == club.pk else _(
                    "EMA number %(number)s already belongs to a member of another club.") % {
                    "number": row.ema_number}))
                continue
        if match is None:
            planned.append(PlannedRow(source=row, action=CREATE))
            continue
        if match.pk in member_rows:
            errors.append(RowError(row.row, name_header, full_name, _(
                "Row %(row)s is already about this member.") % {"row": member_rows[match.pk]}))
            continue
        member_rows[match.pk] = row.row
        changes = tuple(
            Change(name, old or "", new)
            for name, old, new in ((FIRST_NAME, match.first_name, row.first_name),
                                   (LAST_NAME, match.last_name, row.last_name),
                                   (NMB_NUMBER, match.nmb_number, row.nmb_number or ""),
                                   (EMA_NUMBER, match.ema_number, row.ema_number or ""),
                                   (NATIONALITY, match.nationality, row.nationality or ""))
            if new and new != old
        )
        planned.append(PlannedRow(source=row, action=UPDATE if changes else UNCHANGED,
                                  member_id=match.pk, changes=changes))
    errors.sort(key=lambda error: error.row)
    return Plan(rows=planned, errors=errors, headers=dict(headers),
                ignored=list(parsed.ignored))


# --- Writing -------------------------------------------------------------------------------


def apply(club: Club, parsed: Parsed, *, expected: str) -> Plan:
    """Import the rows, all or nothing: plans again against the members as
    they are now (ImportRefused if any row is wrong, PlanChanged if the plan
    is not the previewed one, `expected` being its digest), then creates and
    updates the members in one transaction."""
    with transaction.atomic():
        # One import per club at a time; members added meanwhile by hand
        # are seen by the plan below.
        Club.objects.select_for_update().filter(pk=club.pk).exists()
        plan = make_plan(club, parsed)
        if not plan.ok:
            raise ImportRefused(plan)
        if plan.digest != expected:
            raise PlanChanged(plan)
        members = club.members.in_bulk([row.member_id for row in plan.rows if row.member_id])
        for planned in plan.rows:
            row = planned.source
            try:
                if planned.action == CREATE:
                    services.create_member(club, first_name=row.first_name,
                                           last_name=row.last_name, nmb_number=row.nmb_number,
                                           ema_number=row.ema_number,
                                           nationality=row.nationality or DEFAULT_COUNTRY)
                elif planned.action == UPDATE:
                    assert planned.member_id is not None
                    services.update_member(members[planned.member_id], **{
                        change.field: change.new for change in planned.changes})
            except ValidationError as error:
                # Refused by the service (a number taken a moment ago): the
                # whole import is rolled back.
                named = set(getattr(error, "error_dict", {}))
                field_name = next((name for name in (NMB_NUMBER, EMA_NUMBER, NATIONALITY)
                                   if name in named), "")
                column = plan.headers.get(field_name, "") if field_name else ""
                value = {NMB_NUMBER: row.nmb_number, EMA_NUMBER: row.ema_number,
                         NATIONALITY: row.nationality}.get(field_name) or ""
                raise ImportRefused(Plan(
                    rows=plan.rows, headers=plan.headers, ignored=plan.ignored,
                    errors=[RowError(row.row, column, value,
                                     " ".join(error.messages))])) from None
    return plan


# --- Between preview and confirmation ------------------------------------------------------


def _salt(club: Club) -> str:
    return f"clubs.member_import:{club.pk}"


def sign(club: Club, parsed: Parsed, plan: Plan, filename: str) -> str:
    """The previewed rows, signed for this club, for the confirmation form."""
    return signing.dumps({
        "rows": [row.as_list() for row in parsed.rows],
        "headers": parsed.headers, "ignored": parsed.ignored,
        "digest": plan.digest, "file": filename,
    }, salt=_salt(club), compress=True)


@dataclass(frozen=True)
class Signed:
    parsed: Parsed
    digest: str
    filename: str


def unsign(club: Club, token: str) -> Signed:
    """The rows of a preview of this club; ValidationError for a token that
    is missing, changed, of another club or older than an hour."""
    try:
        data = signing.loads(token, salt=_salt(club), max_age=SIGNED_FOR)
        parsed = Parsed(rows=[ImportRow.from_list(values) for values in data["rows"]],
                        errors=[], headers=dict(data["headers"]),
                        ignored=list(data["ignored"]))
        return Signed(parsed=parsed, digest=str(data["digest"]), filename=str(data["file"]))
    except signing.SignatureExpired:
        raise ValidationError(_("The preview is more than an hour old: upload the list "
                                "again.")) from None
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        raise ValidationError(_("The preview could not be read: upload the list "
                                "again.")) from None
