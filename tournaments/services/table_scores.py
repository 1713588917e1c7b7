"""A table's result entered whole, for rule sets scored by table result
(MCR, Riichi: the engine's ``by_table_result``): per round each table reports
each player's score (MCR) or final points (Riichi) and the engine gives the
table points (scoring/engine/table_result.py).

Like a hand, a table's result is written with the table row locked, checked
against the version the page saw (hand_audit.check_version), audited (a
HandChange with action RESULT and number 0, the results before and after)
and moves the table's version on; the first result freezes the event's
rules, as the first hand does. The TableResult rows are written at once (a
by-table event has no hands to compute them from), so the live standings
and the round's results show them while the round is played; closing the
round checks that every table has one (rounds.closing_check) and keeps them.

Who may: a scorekeeper of the table (or the organiser) while the round is
played; once it is closed, the organiser only (hand_permissions).

Decisions where the issue is silent:
* A result entered again with the same numbers changes nothing (no version,
  no audit row): a page saved twice is harmless.
* Clearing a table's result is for a round being played only: a closed
  round keeps a result for every table (the organiser corrects it instead).
* A table's place (TableResult.rank) is the engine's place by score, tied
  players sharing the better place; mahjongs and deal-ins stay 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring import texts
from scoring.engine import RULESETS, InvalidGame
from scoring.engine.table_result import TableResultRuleSet
from tournaments.models import (
    Event,
    HandAction,
    Round,
    RoundStatus,
    Table,
    TableResult,
)
from tournaments.services import hand_audit, hand_permissions, results, results_cache


def by_table(event: Event) -> TableResultRuleSet | None:
    """The event's rule set when it is scored by table result, else None."""
    ruleset = RULESETS.get(event.ruleset)
    return ruleset if isinstance(ruleset, TableResultRuleSet) else None


def starting_points(event: Event) -> int | None:
    """What a stored score is counted from when the number entered is not
    the score itself (Riichi: the final points, 45,000, are kept as +15,000
    over the 30,000 each player starts with); None when the number entered
    is the score (MCR) or the event is scored hand by hand. Pages show both,
    so a player recognises the number they entered."""
    ruleset = by_table(event)
    if ruleset is None:
        return None
    start = ruleset.entered_from_score(0, ruleset.resolve_options(event.rule_options or {}))
    return start or None


def _locked(table: Table) -> Table:
    # The round before the table, the order close_round locks them in.
    Round.objects.select_for_update().filter(pk=table.round_id).first()
    return Table.objects.select_for_update(of=("self",)).select_related(
        "round__event__club").get(pk=table.pk)


def _snapshot(table: Table) -> dict[str, Any] | None:
    rows = list(table.results.select_related("registration__member").order_by("rank", "pk"))
    if not rows:
        return None
    return {"number": 0, "players": [
        {"registration": row.registration_id, "name": row.registration.name,
         "score": row.score, "table_points": str(row.table_points), "rank": row.rank}
        for row in rows]}


def _check_round(table: Table) -> TableResultRuleSet:
    event = table.round.event
    ruleset = by_table(event)
    if ruleset is None:
        raise ValidationError(_("%(ruleset)s is scored hand by hand: enter the hands of table "
                                "%(table)s.") % {"ruleset": texts.ruleset_title(event.ruleset),
                                                 "table": table.number})
    if table.round.status not in (RoundStatus.STARTED, RoundStatus.CLOSED):
        raise ValidationError(_("Round %(round)s has not started: table results are entered "
                                "once it is being played.") % {"round": table.round.number})
    return ruleset


def table_error(table: Table, error: InvalidGame, ruleset: str) -> str:
    """An engine refusal of a table's numbers, naming the table, in the
    user's language ("Tafel 3: de scores tellen op tot 12, niet 0 (12 te veel)")."""
    return _("Table %(table)s: %(reason)s") % {
        "table": table.number, "reason": texts.engine_error(error, ruleset)}


def lines_for(table: Table, scores: Mapping[int, int]) -> dict[int, Any]:
    """The engine's result for ``scores`` (registration id -> the number
    entered) at ``table``, or ValidationError naming the table and the
    player missing or not seated there. Changes nothing."""
    event = table.round.event
    ruleset = _check_round(table)
    seated = set(table.seats.values_list("registration_id", flat=True))
    missing = [pk for pk in seated if pk not in scores]
    strangers = [pk for pk in scores if pk not in seated]
    if strangers:
        raise ValidationError(_("Table %(table)s: a score was given for someone not seated "
                                "there.") % {"table": table.number})
    if missing:
        names = ", ".join(row.registration.name for row in table.seats.select_related(
            "registration__member").filter(registration_id__in=missing).order_by("position"))
        raise ValidationError(_("Table %(table)s: the score of %(players)s is missing.") % {
            "table": table.number, "players": names})
    try:
        return ruleset.score_table(dict(scores), event.rule_options)
    except InvalidGame as error:
        raise ValidationError(table_error(table, error, event.ruleset)) from None


def _bump(table: Table) -> None:
    Table.objects.filter(pk=table.pk).update(version=F("version") + 1)
    table.version += 1
    results_cache.changed(table.round.event_id)


def record_table_result(table: Table, scores: Mapping[int, int], user: Any,
                        expected_version: int) -> list[TableResult]:
    """Enter or correct the table's result whole: ``scores`` maps each seated
    player's registration id to the number entered for them (MCR: the score;
    Riichi: the final points). Refuses, changing nothing: a user who may not
    (PermissionDenied), a page that saw an older version (VersionConflict),
    a sum or a number the rule set refuses (ValidationError naming the table
    and the difference)."""
    with transaction.atomic():
        table = _locked(table)
        hand_permissions.require_may_change(user, table)
        _check_round(table)
        hand_audit.check_version(table, expected_version)
        lines = lines_for(table, scores)
        event = table.round.event
        old = _snapshot(table)
        stored = {row.registration_id: (row.score, row.table_points, row.rank)
                  for row in table.results.all()}
        wanted = {pk: (line.score, line.table_points, line.place) for pk, line in lines.items()}
        if stored == wanted:
            return list(table.results.order_by("rank", "pk"))
        if event.rules_frozen_at is None:
            # The first result freezes the rules, as the first hand does.
            event.rules_frozen_at = timezone.now()
            Event.objects.filter(pk=event.pk).update(rules_frozen_at=event.rules_frozen_at)
        TableResult.objects.filter(table=table).delete()
        rows = TableResult.objects.bulk_create(
            TableResult(table=table, registration_id=pk, score=line.score,
                        table_points=line.table_points, rank=line.place)
            for pk, line in lines.items())
        if table.finished_at is None:
            table.finished_at = timezone.now()
            Table.objects.filter(pk=table.pk).update(finished_at=table.finished_at)
        _bump(table)
        hand_audit.record_change(table, None, 0, HandAction.RESULT, user, old,
                                 _snapshot(table))
        results.refresh_standings_after_commit(event.pk)
        return sorted(rows, key=lambda row: (row.rank, row.pk or 0))


def clear_table_result(table: Table, user: Any, expected_version: int) -> None:
    """Remove the table's result while its round is played (entered at the
    wrong table, say); audited like a correction. A closed round keeps a
    result for every table: correct it instead."""
    with transaction.atomic():
        table = _locked(table)
        hand_permissions.require_may_change(user, table)
        _check_round(table)
        if table.round.status == RoundStatus.CLOSED:
            raise ValidationError(_("Round %(round)s is closed: every table keeps its result; "
                                    "correct table %(table)s instead.") % {
                "round": table.round.number, "table": table.number})
        hand_audit.check_version(table, expected_version)
        old = _snapshot(table)
        if old is None:
            return
        TableResult.objects.filter(table=table).delete()
        Table.objects.filter(pk=table.pk).update(finished_at=None)
        table.finished_at = None
        _bump(table)
        hand_audit.record_change(table, None, 0, HandAction.RESULT, user, old, None)
        results.refresh_standings_after_commit(table.round.event_id)


def entered_values(table: Table) -> dict[int, int]:
    """The numbers as they were entered for the table's stored result (MCR:
    the scores; Riichi: the final points), for the correction form."""
    event = table.round.event
    ruleset = by_table(event)
    if ruleset is None:
        return {}
    options = ruleset.resolve_options(event.rule_options or {})
    return {row.registration_id: ruleset.entered_from_score(row.score, options)
            for row in table.results.all()}
