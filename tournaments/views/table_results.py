"""The table-results page of a round, for events scored by table result
(MCR, Riichi): each table's players with one number each (MCR: the score;
Riichi: the final points), entered whole per table.

    GET  /rounds/<id>/table-results/   an organiser: every table of the round;
                                       a scorekeeper: their tables (404 for
                                       anyone keeping no table of it)
    POST the same                      save the tables filled in

One submit may carry several tables. Each is checked and saved on its own
(table_scores.record_table_result, one transaction per table): a table whose
sum is wrong is refused with a message naming it and the difference, and
nothing of it is saved; the other tables' valid results on the same submit
are saved, and the page says which (their numbers were right; making the
organiser type them again would only invite new mistakes). A table left
blank is skipped; a table filled in only partly is refused.
"""

from __future__ import annotations

import re
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs import limits
from scoring import ruleset_display
from tournaments import access
from tournaments.models import RoundStatus, Table
from tournaments.services import hand_audit, table_scores
from tournaments.services.hand_audit import VersionConflict
from tournaments.views.errors import BAD_REQUEST, error_text

# A whole number as typed on a phone: an optional sign (the minus a
# keyboard gives, or the typographic one), digits (ASCII only), at most 7.
NUMBER = re.compile(r"[+\-\u2212]?[0-9]{1,7}")
# Thousands grouped with dots, as Dutch writes them: 32.100 (never a decimal).
GROUPED = re.compile(r"[+\-\u2212]?[0-9]{1,3}(\.[0-9]{3})+")
MOST_TABLES = 500


def _tables(request: HttpRequest, round_id: int) -> list[Table]:
    if not limits.is_row_id(round_id):  # past 64 bits: no round, not an overflow
        get_object_or_404(Table, pk=-1)
    tables = list(access.tables_for_scorekeeper(request.user).filter(round_id=round_id)
                  .select_related("round__event__club").order_by("number")[:MOST_TABLES])
    if not tables:
        get_object_or_404(Table, pk=-1)  # the uniform 404
    return tables


def _parse(text: str) -> int | None:
    text = text.strip().replace(" ", "").replace("\u00a0", "")
    if GROUPED.fullmatch(text):
        text = text.replace(".", "")
    if not NUMBER.fullmatch(text):
        return None
    return int(text.replace("\u2212", "-"))


def _sheet(tables: list[Table], typed: dict[int, dict[int, str]],
           errors: dict[int, str]) -> list[dict[str, Any]]:
    sheet = []
    for table in tables:
        entered = table_scores.entered_values(table)
        seats = table.seats.select_related("registration__member").order_by("position")
        results = {row.registration_id: row for row in table.results.all()}
        sheet.append({
            "table": table,
            "error": errors.get(table.pk, ""),
            "has_result": bool(results),
            # Who entered and corrected the result, newest first (hand_audit).
            "history": hand_audit.audit_trail(table),
            "players": [{
                "registration": seat.registration,
                "field": f"t{table.pk}-{seat.registration_id}",
                "value": typed.get(table.pk, {}).get(
                    seat.registration_id, str(entered.get(seat.registration_id, ""))),
                "result": results.get(seat.registration_id),
            } for seat in seats],
        })
    return sheet


def _page(request: HttpRequest, tables: list[Table], *, typed: dict[int, dict[int, str]],
          errors: dict[int, str], error: str = "", status: int = 200) -> HttpResponse:
    round_ = tables[0].round
    event = round_.event
    ruleset = table_scores.by_table(event)
    options = ruleset.resolve_options(event.rule_options or {}) if ruleset else {}
    return render(request, "tournaments/table_results.html", {
        "club": event.club, "event": event, "round": round_,
        "ruleset": ruleset, "ruleset_title": ruleset_display.title(event.ruleset),
        "expected_sum": ruleset.table_sum(options) if ruleset else 0,
        "riichi_entry": bool(ruleset and ruleset.entered != "score"),
        # Riichi: the final points entered (45000) are kept over the start
        # (+15000 over 30000); the page shows both.
        "starting_points": table_scores.starting_points(event),
        "sheet": _sheet(tables, typed, errors),
        "organiser": access.organises(request.user, event),
        "playing": round_.status == RoundStatus.STARTED,
        "error": error,
    }, status=status)


@login_required
def table_results(request: HttpRequest, round_id: int) -> HttpResponse:
    tables = _tables(request, round_id)
    event = tables[0].round.event
    if table_scores.by_table(event) is None:
        # Hands are entered per hand for this rule set: the page explains.
        return _page(request, tables, typed={}, errors={}, status=(
            BAD_REQUEST if request.method == "POST" else 200), error=_(
            "%(ruleset)s is scored hand by hand: enter each table's hands on its score-entry "
            "page.") % {"ruleset": ruleset_display.title(event.ruleset)})
    if request.method != "POST":
        return _page(request, tables, typed={}, errors={})
    if "clear" in request.POST:
        return _clear(request, tables)
    typed: dict[int, dict[int, str]] = {}
    errors: dict[int, str] = {}
    saved: list[int] = []
    for table in tables:
        players = _players(table)
        values = {pk: request.POST.get(f"t{table.pk}-{pk}", "")[:40] for pk, _name in players}
        typed[table.pk] = values
        if not any(value.strip() for value in values.values()):
            continue  # not filled in: left as it is
        try:
            scores = _numbers(table, players, values)
            version = _parse(request.POST.get(f"v{table.pk}", "")[:12])
            table_scores.record_table_result(table, scores, request.user,
                                             -1 if version is None else version)
        except VersionConflict as refused:
            errors[table.pk] = _("Table %(table)s: %(reason)s") % {
                "table": table.number, "reason": error_text(refused)}
            continue
        except ValidationError as refused:
            errors[table.pk] = error_text(refused)  # names the table
            continue
        except PermissionDenied as refused:
            errors[table.pk] = _("Table %(table)s: %(reason)s") % {
                "table": table.number, "reason": refused}
            continue
        saved.append(table.number)
        del typed[table.pk]  # shown as stored
    if not saved and not errors:
        return _page(request, tables, typed=typed, errors=errors, status=BAD_REQUEST,
                     error=_("Fill in the scores of a table first."))
    if saved:
        messages.success(request, ngettext(
            "The result of table %(tables)s is saved.",
            "The results of tables %(tables)s are saved.", len(saved)) % {
            "tables": ", ".join(map(str, saved))})
    if errors:
        for table in tables:
            table.refresh_from_db(fields=["version", "finished_at"])
        return _page(request, tables, typed=typed, errors=errors, status=BAD_REQUEST,
                     error=" ".join(errors[table.pk] for table in tables if table.pk in errors))
    return redirect("tournaments:table_results", round_id)


def _players(table: Table) -> list[tuple[int, str]]:
    return [(seat.registration_id, seat.registration.name) for seat in
            table.seats.select_related("registration__member").order_by("position")]


def _numbers(table: Table, players: list[tuple[int, str]],
             values: dict[int, str]) -> dict[int, int]:
    scores: dict[int, int] = {}
    for pk, name in players:
        if not values[pk].strip():
            raise ValidationError(_("Table %(table)s: the score of %(players)s is missing.") % {
                "table": table.number, "players": name})
        number = _parse(values[pk])
        if number is None:
            raise ValidationError(_("Table %(table)s: %(player)s: enter a whole number, not "
                                    "“%(value)s”.") % {
                "table": table.number, "player": name, "value": values[pk][:12]})
        scores[pk] = number
    return scores


def _clear(request: HttpRequest, tables: list[Table]) -> HttpResponse:
    wanted = _parse(request.POST.get("clear", "")[:12])
    table = next((table for table in tables if table.pk == wanted), None)
    if table is None:
        return _page(request, tables, typed={}, errors={}, status=BAD_REQUEST,
                     error=_("Choose a table of this round."))
    version = _parse(request.POST.get(f"v{table.pk}", "")[:12])
    try:
        table_scores.clear_table_result(table, request.user, -1 if version is None else version)
    except ValidationError as refused:
        return _page(request, tables, typed={}, errors={table.pk: error_text(refused)},
                     status=BAD_REQUEST, error=error_text(refused))
    except PermissionDenied as refused:
        return _page(request, tables, typed={}, errors={}, status=BAD_REQUEST,
                     error=str(refused))
    messages.success(request, _("The result of table %(table)s is cleared.") % {
        "table": table.number})
    return redirect("tournaments:table_results", tables[0].round_id)
