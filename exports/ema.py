"""Results in the EMA layout (European Mahjong Association), as .csv and .xlsx.

One table, header row first, no event block: position, first name, last
name, member id (the NMB member number: the EMA knows Dutch players through
their national bond), table points, score, country. Members of the
organising installation's clubs are Dutch bond members, so their country is
`country` ("NED", the IOC code the EMA's result lists use); a guest's
country is not known and is left empty for the organiser to fill in.
Unranked players (substitutes, and guests when the event does not rank
them) are left out: the EMA lists ranked results only. docs/exports.md, "Results for the bond (NMB)", describes it.

Same data as the bond's results (exports/bond.py `collect`); the same
refusal of an event that is not finished.

Rule sets: the layout is offered for events of every rule set (NTS, Hong
Kong, Philos) alike. The EMA's own rankings are of MCR and Riichi events,
which none of the app's rule sets is, NTS included; whether an event's
results go to a European list is the organiser's call, not the file's. The
layout has no block of details, so the .xlsx names the rule set (and any
options that differ from its defaults) in its document properties
(subject), as `bond.results_subject`; the scores are the event's own
(Hong Kong: amounts paid by the payment table, not points).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import override

from common.cells import CellValue
from exports import bond, csvfile
from exports.bond import Progress, Results
from exports.excel import sheets
from tournaments.models import Event

DEFAULT_COUNTRY = "NED"


def headers() -> list[str]:
    return [_("Position"), _("First name"), _("Last name"), _("Member id"), _("Table points"),
            _("Score"), _("Country")]


def rows(results: Results, country: str = DEFAULT_COUNTRY) -> list[list[CellValue]]:
    return [
        [player.position, player.first_name, player.last_name, player.member_number,
         player.table_points, player.score, "" if player.guest else country]
        for player in results.players if player.position is not None
    ]


def render_csv(event: Event, *, language: str = "nl", progress: Progress | None = None,
               dialect: str = "international", country: str = DEFAULT_COUNTRY) -> bytes:
    """EMA-layout results as CSV; `dialect` "international" (`,`, decimal
    point) by default, "nl" for Dutch Excel."""
    csvfile.dialect_named(dialect)
    with override(language):
        bond.check_exportable(event)
        table = rows(bond.collect(event), country)
        step = bond.step_counter(len(table), progress)
        lines: list[list[CellValue]] = [list(headers())]
        for row in table:
            lines.append(row)
            step()
        return csvfile.write(lines, dialect=dialect)


def render_xlsx(event: Event, *, language: str = "nl", progress: Progress | None = None,
                country: str = DEFAULT_COUNTRY) -> bytes:
    """EMA-layout results as .xlsx."""
    with override(language):
        bond.check_exportable(event)
        results = bond.collect(event)
        table = rows(results, country)
        sheet = sheets.Sheet(title=_("Results"), headers=headers(), rows=table)
        return sheets.write([sheet], title=event.title,
                            subject=bond.results_subject(results.details),
                            on_row=bond.step_counter(len(table), progress))
