"""Results for the EMA (European Mahjong Association), as .xlsx and .csv: the
EMA's results workbook, which its ranking officer reads into MERS.
docs/exports.md, "Results for the EMA", describes the layout.

The file is in English whatever the page's language (the EMA reads
English): fixed texts here are the file's format, not the interface.

Sheet "Results":

* the tournament block, label and value, one per row: Tournament, Number
  of players, Number of countries, City, MERS weight, Rules (MCR or
  Riichi), Start date, End date, Days; then an empty row;
* the table: Place, First name, Last name, EMA number, Table points, Score,
  EMA member, Country. Every participant is listed as MERS counts them
  (tournaments/services/mers.py: members, guests, up to 3 substitutes),
  ties sharing a place. The EMA number is text (leading zeros kept:
  "08000123"); a player without one has "0" and EMA member "NO". Country
  is the IOC code (NED, GER, ...): a member's nationality, a guest's
  country.

Sheet "Penalties": Round, Player, EMA number, Points, Kind, Reason, one row
per penalty of the event in round order (Pantheon #382: the EMA report
lists them).

The .csv has the same rows one after the other: the block, an empty row,
the results table, an empty row, then the penalties table (its header row
first), in the international dialect (`,`, decimal point) by default.

Offered only for events whose rule set the EMA ranks (RuleSet.mers_ranked:
MCR, Riichi), once the event is finished (`check_exportable`). Before the
file is made the organiser sees who lacks an EMA number or a country
(exports/views.py `ema_check`); with any missing, the export needs
`export_anyway`.

`collect` reads the event into plain data; `results_xlsx`/`results_csv`
write only that data (exports are functions from data to bytes).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, override

from common.cells import CellValue
from exports import bond, csvfile
from exports.bond import Progress
from exports.excel import sheets
from tournaments.models import Event, Penalty
from tournaments.services import mers

HEADERS = ["Place", "First name", "Last name", "EMA number", "Table points", "Score",
           "EMA member", "Country"]
PENALTY_HEADERS = ["Round", "Player", "EMA number", "Points", "Kind", "Reason"]
RESULTS_SHEET, PENALTIES_SHEET = "Results", "Penalties"
NO_NUMBER = "0"
YES, NO = "YES", "NO"


@dataclass(frozen=True)
class EmaPlayer:
    place: int
    first_name: str
    last_name: str
    ema_number: str  # "" when none
    table_points: Decimal
    score: int
    country: str


@dataclass(frozen=True)
class EmaPenalty:
    round: int
    player: str
    ema_number: str
    points: int
    kind: str
    reason: str


@dataclass(frozen=True)
class EmaResults:
    title: str
    players: int
    countries: int
    city: str
    weight: float
    rules: str
    start: datetime.date
    end: datetime.date
    days: int
    results: list[EmaPlayer] = field(default_factory=list)
    penalties: list[EmaPenalty] = field(default_factory=list)


# --- Checks -------------------------------------------------------------------------


def check_offered(event: Event) -> None:
    """Refuse an event of a rule set the EMA does not rank."""
    if not mers.is_mers_ranked(event.ruleset):
        raise ValidationError(
            _("The EMA ranks MCR and Riichi tournaments only; %(event)s is played by "
              "%(ruleset)s, so it has no EMA results file.") % {
                "event": event.title, "ruleset": mers.ema_rules(event.ruleset)},
            code="not_mers_ranked")


def missing(event: Event) -> list[mers.Participant]:
    """The listed players without an EMA number or a country."""
    return mers.missing_details(mers.summary(event))


def check_exportable(event: Event, *, export_anyway: bool = False) -> None:
    """Refuse (ValidationError) an event whose results cannot go to the EMA:
    not MCR or Riichi, not finished, or (unless `export_anyway`) with
    players lacking an EMA number or a country."""
    check_offered(event)
    bond.check_exportable(event)
    if export_anyway:
        return
    lacking = missing(event)
    if lacking:
        names = ", ".join(participant.name for participant in lacking[:10])
        more = len(lacking) - 10
        raise ValidationError(
            ngettext("%(count)s player has no EMA number or no country: %(names)s%(more)s. "
                     "Fill them in, or confirm that you export anyway.",
                     "%(count)s players have no EMA number or no country: %(names)s%(more)s. "
                     "Fill them in, or confirm that you export anyway.", len(lacking)) % {
                "count": len(lacking), "names": names,
                "more": _(" and %(count)s more") % {"count": more} if more > 0 else ""},
            code="missing_ema_details")


# --- Collecting ---------------------------------------------------------------------


def collect(event: Event) -> EmaResults:
    listing = mers.summary(event)
    numbers = {participant.registration_id: participant.ema_number
               for participant in listing.participants}
    penalties = []
    for penalty in (Penalty.objects.filter(event=event)
                    .select_related("round", "registration__member")
                    .order_by("round__number", "pk")):
        registration = penalty.registration
        member = registration.member
        number = numbers.get(registration.pk)
        if number is None:  # not listed (a 4th substitute): read it anyway
            number = (member.ema_number or "") if member else registration.guest_ema_number
        penalties.append(EmaPenalty(
            round=penalty.round.number, player=registration.name,
            ema_number=number or NO_NUMBER, points=penalty.points, kind=penalty.kind,
            reason=penalty.reason))
    return EmaResults(
        title=event.title, players=listing.players, countries=listing.countries,
        city=event.city or event.club.city, weight=listing.weight,
        rules=mers.ema_rules(event.ruleset), start=event.start_date, end=listing.last_day,
        days=event.days,
        results=[EmaPlayer(place=p.place, first_name=p.first_name, last_name=p.last_name,
                           ema_number=p.ema_number, table_points=p.table_points,
                           score=p.score, country=p.country)
                 for p in listing.participants],
        penalties=penalties)


# --- Writing ------------------------------------------------------------------------


def tournament_rows(results: EmaResults) -> list[list[CellValue]]:
    weight: CellValue = int(results.weight) if float(results.weight).is_integer() \
        else results.weight
    return [
        ["Tournament", results.title],
        ["Number of players", results.players],
        ["Number of countries", results.countries],
        ["City", results.city],
        ["MERS weight", weight],
        ["Rules", results.rules],
        ["Start date", results.start],
        ["End date", results.end],
        ["Days", results.days],
    ]


def player_rows(results: EmaResults) -> list[list[CellValue]]:
    return [
        [player.place, player.first_name, player.last_name, player.ema_number or NO_NUMBER,
         player.table_points, player.score, YES if player.ema_number else NO, player.country]
        for player in results.results
    ]


def penalty_rows(results: EmaResults) -> list[list[CellValue]]:
    return [[penalty.round, penalty.player, penalty.ema_number, penalty.points, penalty.kind,
             penalty.reason] for penalty in results.penalties]


def results_xlsx(results: EmaResults, *, progress: Progress | None = None) -> bytes:
    table = player_rows(results)
    penalties = penalty_rows(results)
    step = bond.step_counter(len(table) + len(penalties), progress)
    return sheets.write(
        [sheets.Sheet(title=RESULTS_SHEET, headers=HEADERS, rows=table,
                      preamble=tournament_rows(results)),
         sheets.Sheet(title=PENALTIES_SHEET, headers=PENALTY_HEADERS, rows=penalties)],
        title=results.title, subject=f"EMA results ({results.rules})", on_row=step)


def results_csv(results: EmaResults, *, dialect: str = "international",
                progress: Progress | None = None) -> bytes:
    table = player_rows(results)
    penalties = penalty_rows(results)
    step = bond.step_counter(len(table), progress)
    lines: list[Sequence[CellValue]] = [*tournament_rows(results), [], HEADERS]
    for row in table:
        lines.append(row)
        step()
    lines += [[], PENALTY_HEADERS, *penalties]
    return csvfile.write(lines, dialect=dialect)


def render_xlsx(event: Event, *, language: str = "en", progress: Progress | None = None,
                export_anyway: bool = False) -> bytes:
    """The EMA's results workbook of a finished MCR or Riichi event."""
    with override(language):
        check_exportable(event, export_anyway=export_anyway)
        return results_xlsx(collect(event), progress=progress)


def render_csv(event: Event, *, language: str = "en", progress: Progress | None = None,
               dialect: str = "international", export_anyway: bool = False) -> bytes:
    """The same as CSV; `dialect` "international" (`,`, decimal point) by
    default, "nl" for Dutch Excel."""
    csvfile.dialect_named(dialect)
    with override(language):
        check_exportable(event, export_anyway=export_anyway)
        return results_csv(collect(event), dialect=dialect, progress=progress)
