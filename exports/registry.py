"""Every export the app makes, in one table: what it is of, who may have it,
which function renders it, and how the file is named.

A renderer is a function from data to bytes (exports/pdf, exports/excel,
exports/bond.py, exports/ema.py); it takes the job's object, the options
below as keywords, `language` and `progress(done, total)`. The table is data,
so the pages, the permission checks and the tests all read the same list.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.utils.module_loading import import_string
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

# Who may ask for and download an export of that scope:
# VIEWER: anyone who may see the event's (or the club's season's) public pages;
# ORGANISER: the organisers of the club; SELF: the member themselves or an organiser.
VIEWER, ORGANISER, SELF = "viewer", "organiser", "self"
EVENT, ROUND, CLUB, MEMBER = "event", "round", "club", "member"

CONTENT_TYPES = {
    "pdf": "application/pdf",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "csv": "text/csv; charset=utf-8",
}


_FORMAT_IN_BRACKETS = re.compile(r"\s*\((?:PDF|Excel|CSV)\)\s*$")


@dataclass(frozen=True)
class ExportKind:
    name: str
    label: Any  # a lazy translation
    scope: str
    audience: str
    renderer: str  # dotted path of the render function
    extension: str
    # Options the page may send, with their type (validated by services).
    options: dict[str, type] = field(default_factory=dict)
    # What progress counts, for "page 3 of 12".
    unit: Any = _("step")
    # Checked before the job is queued (e.g. the bond's "event finished").
    precheck: str = ""
    # The precheck takes the export's options as keywords too.
    precheck_options: bool = False
    # The renderer's positional argument is the scope's object; these are
    # keyword arguments every job of the kind passes.
    fixed: dict[str, Any] = field(default_factory=dict)
    # The renderer prints links into the site (`base_url` keyword, taken
    # from the request that asked for the export).
    uses_base_url: bool = False

    @property
    def content_type(self) -> str:
        return CONTENT_TYPES[self.extension]

    def render(self) -> Callable[..., bytes]:
        return import_string(self.renderer)  # type: ignore[no-any-return]

    def filename(self, subject: str) -> str:
        # The label's format in brackets, "Standings (PDF)", is the extension's
        # to say: "standings-<subject>.pdf", not "standings-pdf-<subject>.pdf".
        name = _FORMAT_IN_BRACKETS.sub("", str(self.label))
        return f"{slugify(name)}-{slugify(subject)}.{self.extension}"


KINDS: dict[str, ExportKind] = {kind.name: kind for kind in (
    ExportKind("standings_pdf", _("Standings (PDF)"), EVENT, VIEWER,
               "exports.pdf.standings.render", "pdf", {"after_round": int}, unit=_("page")),
    ExportKind("standings_xlsx", _("Standings (Excel)"), EVENT, VIEWER,
               "exports.excel.standings.render", "xlsx", unit=_("sheet")),
    ExportKind("hand_log_xlsx", _("Hand log (Excel)"), EVENT, ORGANISER,
               "exports.excel.hand_log.render", "xlsx", unit=_("hand")),
    ExportKind("bond_xlsx", _("Results for the NMB (Excel)"), EVENT, ORGANISER,
               "exports.bond.render_xlsx", "xlsx", unit=_("row"),
               precheck="exports.bond.check_bond_exportable"),
    ExportKind("bond_csv", _("Results for the NMB (CSV)"), EVENT, ORGANISER,
               "exports.bond.render_csv", "csv", unit=_("row"),
               precheck="exports.bond.check_bond_exportable"),
    # Only for MCR and Riichi events, after the check page (exports/views.py
    # ema_check); `export_anyway` confirms players without an EMA number.
    ExportKind("ema_xlsx", _("Results for the EMA (Excel)"), EVENT, ORGANISER,
               "exports.ema.render_xlsx", "xlsx", {"export_anyway": bool}, unit=_("row"),
               precheck="exports.ema.check_exportable", precheck_options=True),
    ExportKind("ema_csv", _("Results for the EMA (CSV)"), EVENT, ORGANISER,
               "exports.ema.render_csv", "csv", {"export_anyway": bool}, unit=_("row"),
               precheck="exports.ema.check_exportable", precheck_options=True),
    ExportKind("table_cards_pdf", _("Table cards (PDF)"), ROUND, ORGANISER,
               "exports.pdf.table_cards.render", "pdf", unit=_("table"),
               uses_base_url=True),
    ExportKind("blank_score_sheets_pdf", _("Blank score sheets (PDF)"), ROUND, ORGANISER,
               "exports.pdf.score_sheets.render", "pdf", unit=_("table"),
               fixed={"filled": False}),
    ExportKind("score_sheets_pdf", _("Score sheets with the hands (PDF)"), ROUND, ORGANISER,
               "exports.pdf.score_sheets.render", "pdf", unit=_("table"),
               fixed={"filled": True}),
    ExportKind("season_xlsx", _("Season ranking (Excel)"), CLUB, VIEWER,
               "exports.excel.season.render", "xlsx", {"year": int}, unit=_("row")),
    ExportKind("season_sheet_pdf", _("Season results (PDF)"), MEMBER, SELF,
               "exports.pdf.season_sheet.render", "pdf", {"year": int}, unit=_("event")),
)}


def get(name: str) -> ExportKind | None:
    return KINDS.get(name)
