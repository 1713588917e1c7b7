"""The EMA's player list: its EMA numbers and countries for the club's members.

The European Mahjong Association publishes its players as a table (EMA
number, last name, first name, country; more columns are ignored). An
organiser downloads it as CSV and uploads it here; three steps, as the
member import (clubs/member_import.py):

1. `read_list`: the file's players. The header row is found by its names
   (any case, English or Dutch), the separator is ";", "," or a tab, a UTF-8
   byte order mark is dropped. A row that cannot be used (no name, an EMA
   number that is not 8 digits, a country we do not know, a formula, a number
   twice in the list) is listed with its row number and column, and skipped.
2. `make_preview`: the club's members the list names, by name as a Dutch
   list writes it (common/names.py: case, accents, "van der" before or after
   the surname): members who get an EMA number or country, members whose
   stored EMA number differs (changed only when the organiser ticks them),
   and the rows that name no member or more than one.
3. `apply`: in one transaction, the preview again against the members as
   they are now; writes only if it is the one the organiser saw.

Nothing else of a member changes; a member the list does not name keeps
what they have.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.core import signing
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from clubs import services
from clubs.member_import import MAX_BYTES, MAX_ROWS, RowError, decode_text, shown
from clubs.models import Club, Member
from common.cells import from_csv_text, is_formula_like
from common.countries import country_from_text, country_index, is_ema_number, normalised_ema_number
from common.names import plain, split_tussenvoegsel

HEADER_SEARCH_ROWS = 20
MAX_COLUMNS = 40
MAX_CELL = 200  # a name or a country longer than this is no name or country
SIGNED_FOR = 3600  # seconds a preview can be confirmed

EMA_NUMBER, LAST_NAME, FIRST_NAME, COUNTRY = "ema_number", "last_name", "first_name", "country"
# The headers the EMA's lists (and a Dutch re-save of them) use, normalised
# as _header_key does.
HEADERS = {
    EMA_NUMBER: ("ema number", "ema nr", "ema id", "ema", "ema-nummer", "ema nummer", "id",
                 "number", "nummer", "player id"),
    LAST_NAME: ("last name", "lastname", "surname", "family name", "achternaam"),
    FIRST_NAME: ("first name", "firstname", "given name", "forename", "voornaam"),
    COUNTRY: ("country", "nationality", "nation", "land", "nationaliteit", "nat"),
}

SET, UP_TO_DATE, DIFFERENT, TAKEN = "set", "up_to_date", "different", "taken"


def _header_key(text: str) -> str:
    return re.sub(r"[\W_]+", "", text.casefold())


KNOWN_HEADERS = {_header_key(alias): name for name, aliases in HEADERS.items()
                 for alias in aliases}


# --- Data --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Player:
    row: int
    ema_number: str
    first_name: str
    last_name: str
    country: str

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}"

    def as_list(self) -> list[object]:
        return [self.row, self.ema_number, self.first_name, self.last_name, self.country]

    @classmethod
    def from_list(cls, values: Sequence[object]) -> Player:
        row, number, first, last, country = values
        return cls(row=int(str(row)), ema_number=str(number), first_name=str(first),
                   last_name=str(last), country=str(country))


@dataclass(frozen=True)
class PlayerList:
    players: list[Player]
    errors: list[RowError]  # rows that could not be read (skipped)
    headers: dict[str, str]


@dataclass(frozen=True)
class Match:
    """A player of the list who is one member of the club."""

    player: Player
    member_id: int
    member_name: str
    old_number: str  # "" for none
    old_country: str
    state: str  # SET, UP_TO_DATE, DIFFERENT, TAKEN
    holder: str = ""  # TAKEN: who has the number already

    @property
    def changes(self) -> bool:
        return self.state in (SET, DIFFERENT)


@dataclass(frozen=True)
class Preview:
    matches: list[Match]
    unmatched: list[Player]  # no member of the club has this name
    ambiguous: list[tuple[Player, list[str]]]  # more than one member (their names)
    errors: list[RowError] = field(default_factory=list)

    def with_state(self, state: str) -> list[Match]:
        return [match for match in self.matches if match.state == state]

    @property
    def to_set(self) -> list[Match]:
        return self.with_state(SET)

    @property
    def different(self) -> list[Match]:
        return self.with_state(DIFFERENT)

    @property
    def taken(self) -> list[Match]:
        return self.with_state(TAKEN)

    @property
    def up_to_date(self) -> list[Match]:
        return self.with_state(UP_TO_DATE)

    @property
    def digest(self) -> str:
        described = [[match.player.as_list(), match.member_id, match.old_number,
                      match.old_country, match.state] for match in self.matches]
        return hashlib.sha256(json.dumps(described).encode()).hexdigest()


class PreviewChanged(Exception):
    """The members changed since the preview: `preview` is what applying
    would do now; nothing was written."""

    def __init__(self, preview: Preview) -> None:
        super().__init__("the preview changed")
        self.preview = preview


# --- Reading -----------------------------------------------------------------------------


def _rows(text: str, delimiter: str) -> list[list[str]]:
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    rows = []
    try:
        for row in reader:
            rows.append([from_csv_text(cell.strip()) for cell in row[:MAX_COLUMNS]])
            if len(rows) > MAX_ROWS + HEADER_SEARCH_ROWS:
                raise _too_many_rows()
    except csv.Error as error:
        raise ValidationError(_("The CSV file cannot be read: %(reason)s") % {
            "reason": error}) from None
    return rows


def _find_header(rows: Iterable[Sequence[str]]) -> tuple[int, dict[str, int]] | None:
    for index, row in enumerate(rows):
        if index >= HEADER_SEARCH_ROWS:
            return None
        columns: dict[str, int] = {}
        for column, cell in enumerate(row):
            name = KNOWN_HEADERS.get(_header_key(cell))
            if name is not None and name not in columns:
                columns[name] = column
        if len(columns) == len(HEADERS):
            return index, columns
    return None


def _too_many_rows() -> ValidationError:
    return ValidationError(_("The list has more than %(rows)s rows; split it.") % {
        "rows": MAX_ROWS})


def read_list(data: bytes, filename: str) -> PlayerList:
    """The players of an uploaded EMA player list (.csv). A file that cannot
    be read, or has no header row with EMA number, last name, first name and
    country, raises ValidationError (nothing is changed); a row that cannot
    be used is an error of that row."""
    if len(data) > MAX_BYTES:
        raise ValidationError(_("The file is larger than %(size)s MB.") % {
            "size": MAX_BYTES // (1024 * 1024)})
    if not filename.lower().endswith(".csv"):
        raise ValidationError(_("Upload the EMA's player list as a CSV file (.csv)."))
    text = decode_text(data)
    found, rows = None, []
    for delimiter in (";", ",", "\t"):
        rows = _rows(text, delimiter)
        found = _find_header(rows)
        if found is not None:
            break
    if found is None:
        raise ValidationError(_(
            "No header row found: the list needs the columns \"EMA number\", \"Last name\", "
            "\"First name\" and \"Country\", in one of the first %(rows)s rows.") % {
            "rows": HEADER_SEARCH_ROWS})
    header_index, columns = found
    if sum(1 for row in rows[header_index + 1:] if any(row)) > MAX_ROWS:
        raise _too_many_rows()
    header_row = rows[header_index]
    headers = {name: shown(header_row[column]) for name, column in columns.items()}
    countries = country_index()
    players: list[Player] = []
    errors: list[RowError] = []
    number_rows: dict[str, int] = {}
    for offset, row in enumerate(rows[header_index + 1:]):
        number = header_index + 2 + offset
        if not any(row):
            continue
        values = {name: row[column] if column < len(row) else ""
                  for name, column in columns.items()}
        player, row_errors = _read_row(number, values, headers, countries)
        if player is not None and player.ema_number in number_rows:
            row_errors.append(RowError(number, headers[EMA_NUMBER], player.ema_number, _(
                "The same EMA number is in row %(row)s.") % {
                "row": number_rows[player.ema_number]}))
        if row_errors or player is None:
            errors += row_errors
            continue
        number_rows[player.ema_number] = number
        players.append(player)
    if not players and not errors:
        raise ValidationError(_("The list has no players."))
    return PlayerList(players=players, errors=errors, headers=headers)


def _read_row(number: int, values: dict[str, str], headers: dict[str, str],
              countries: dict[str, str | None]) -> tuple[Player | None, list[RowError]]:
    errors = []
    for name, text in values.items():
        if len(text) > MAX_CELL:
            errors.append(RowError(number, headers[name], shown(text), _(
                "Longer than %(limit)s characters.") % {"limit": MAX_CELL}))
        elif is_formula_like(text) and name != EMA_NUMBER:
            errors.append(RowError(number, headers[name], shown(text), _(
                "This looks like a spreadsheet formula, not a name or a country.")))
    if errors:
        return None, errors
    ema_number = normalised_ema_number(values[EMA_NUMBER])
    if ema_number is None or not is_ema_number(ema_number):
        errors.append(RowError(number, headers[EMA_NUMBER], shown(ema_number or ""),
                               services.ema_number_error(shown(ema_number or ""))))
    first, last = " ".join(values[FIRST_NAME].split()), " ".join(values[LAST_NAME].split())
    for name, text in ((FIRST_NAME, first), (LAST_NAME, last)):
        if not text:
            errors.append(RowError(number, headers[name], "", _("A player needs a first and "
                                                                "a last name.")))
    country = country_from_text(values[COUNTRY], countries)
    if country is None:
        errors.append(RowError(number, headers[COUNTRY], shown(values[COUNTRY]), _(
            "Country: %(value)s is not a country we know; give its three-letter code "
            "(e.g. NED, GER, BEL) or its name.") % {"value": shown(values[COUNTRY])}))
    if errors or ema_number is None or country is None:
        return None, errors
    return Player(row=number, ema_number=ema_number, first_name=first, last_name=last,
                  country=country), []


# --- Matching ----------------------------------------------------------------------------


def _surname(last_name: str) -> str:
    """A surname as written either way round: "Meer, van der" is "van der Meer"."""
    if "," in last_name:
        core, _comma, prefix = last_name.partition(",")
        return f"{prefix.strip()} {core.strip()}".strip()
    return last_name


def name_keys(first_name: str, last_name: str) -> tuple[tuple[str, str, str], tuple[str, str]]:
    """(exact, loose): the name without case, accents or spacing, with and
    without the tussenvoegsel (an international list may drop or move it)."""
    prefix, core = split_tussenvoegsel(_surname(last_name))
    exact = (plain(core), plain(first_name), plain(prefix))
    return exact, exact[:2]


def make_preview(club: Club, players: PlayerList) -> Preview:
    """What the list would set on the club's members, as they are now.
    Nothing is written."""
    members = list(club.members.all())
    exact: dict[tuple[str, str, str], list[Member]] = defaultdict(list)
    loose: dict[tuple[str, str], list[Member]] = defaultdict(list)
    for member in members:
        exact_key, loose_key = name_keys(member.first_name, member.last_name)
        exact[exact_key].append(member)
        loose[loose_key].append(member)
    holders = {member.ema_number: member for member in Member.objects.filter(
        ema_number__in=[player.ema_number for player in players.players])}
    found: list[tuple[Player, Member]] = []
    unmatched: list[Player] = []
    ambiguous: list[tuple[Player, list[str]]] = []
    for player in players.players:
        exact_key, loose_key = name_keys(player.first_name, player.last_name)
        candidates = exact.get(exact_key) or loose.get(loose_key, [])
        if not candidates:
            unmatched.append(player)
        elif len(candidates) > 1:
            ambiguous.append((player, [member.full_name for member in candidates]))
        else:
            found.append((player, candidates[0]))
    # Two rows of the list naming the same member: neither is applied.
    rows_per_member: dict[int, list[Player]] = defaultdict(list)
    for player, member in found:
        rows_per_member[member.pk].append(player)
    matches: list[Match] = []
    for player, member in found:
        if len(rows_per_member[member.pk]) > 1:
            ambiguous.append((player, [member.full_name]))
            continue
        holder = holders.get(player.ema_number)
        if holder is not None and holder.pk != member.pk:
            state = TAKEN
        elif member.ema_number == player.ema_number:
            state = UP_TO_DATE if member.nationality == player.country else SET
        elif member.ema_number:
            state = DIFFERENT
        else:
            state = SET
        matches.append(Match(
            player=player, member_id=member.pk, member_name=member.full_name,
            old_number=member.ema_number or "", old_country=member.nationality, state=state,
            holder="" if state != TAKEN or holder is None else (
                holder.full_name if holder.club_id == club.pk
                else _("a member of another club"))))
    ambiguous.sort(key=lambda item: item[0].row)
    return Preview(matches=matches, unmatched=unmatched, ambiguous=ambiguous,
                   errors=list(players.errors))


# --- Writing -----------------------------------------------------------------------------


def apply(club: Club, players: PlayerList, *, expected: str,
          overwrite: Iterable[int] = ()) -> list[Match]:
    """Set the EMA numbers and countries of the preview, all or nothing:
    the members matched whose number was empty (or the same), and of those
    whose stored number differs only the ones in `overwrite` (member ids).
    PreviewChanged if the preview is not the one `expected` is the digest
    of; ValidationError if a member's save is refused. The changed matches."""
    chosen = set(overwrite)
    with transaction.atomic():
        Club.objects.select_for_update().filter(pk=club.pk).exists()
        preview = make_preview(club, players)
        if preview.digest != expected:
            raise PreviewChanged(preview)
        applied = [match for match in preview.matches
                   if match.state == SET or (match.state == DIFFERENT
                                             and match.member_id in chosen)]
        members = club.members.in_bulk([match.member_id for match in applied])
        for match in applied:
            try:
                services.update_member(members[match.member_id],
                                       ema_number=match.player.ema_number,
                                       nationality=match.player.country)
            except ValidationError as error:
                raise ValidationError(_("Row %(row)s (%(name)s): %(reason)s") % {
                    "row": match.player.row, "name": match.member_name,
                    "reason": " ".join(error.messages)}) from None
    return applied


# --- Between preview and confirmation ----------------------------------------------------


def _salt(club: Club) -> str:
    return f"clubs.ema_players:{club.pk}"


def sign(club: Club, players: PlayerList, preview: Preview, filename: str) -> str:
    return signing.dumps({
        "players": [player.as_list() for player in players.players],
        "headers": players.headers, "digest": preview.digest, "file": filename,
    }, salt=_salt(club), compress=True)


@dataclass(frozen=True)
class Signed:
    players: PlayerList
    digest: str
    filename: str


def unsign(club: Club, token: str) -> Signed:
    """The players of a preview of this club; ValidationError for a token
    that is missing, changed, of another club or older than an hour."""
    try:
        data = signing.loads(token, salt=_salt(club), max_age=SIGNED_FOR)
        players = PlayerList(players=[Player.from_list(values) for values in data["players"]],
                             errors=[], headers=dict(data["headers"]))
        return Signed(players=players, digest=str(data["digest"]), filename=str(data["file"]))
    except signing.SignatureExpired:
        raise ValidationError(_("The preview is more than an hour old: upload the list "
                                "again.")) from None
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        raise ValidationError(_("The preview could not be read: upload the list "
                                "again.")) from None
