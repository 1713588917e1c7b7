"""The JSON API of the score-entry page and its offline queue.

    GET  /api/tables/<id>/        the table: players, winds for the next hand,
                                  prevailing wind, hand number, totals, version;
                                  the saved hands ("hands") and what the user
                                  may do ("permissions"), as score_entry_page gives;
                                  with an ETag (304 to If-None-Match while
                                  unchanged: score_entry_page.state_tag)
    POST /api/tables/<id>/hands/  {"submission_id", "expected_version",
                                   "values"|"tiles", ...} -> 201 new, 200 repeat,
                                  409 version conflict, 400 bad input; the
                                  answer: {"hand" (as in "hands"), "version",
                                  "table" (the table as GET gives it, without
                                  "hands" and "permissions"; not "state", so
                                  a page from before reads the table), "changes" (the
                                  history's rows made at expected_version or
                                  later)}, what a page whose view was
                                  expected_version merges; "flags"
                                  by values only where they change the
                                  settlement (Hong Kong: a responsible
                                  player, scoring.engine.pao_flag(<position>),
                                  and FALSE_MAHJONG; hand_entry.normalise)
    POST /api/tables/<id>/hands/<number>/correct/
                                  the hand as for saving, with "expected_version"
                                  -> 200 {"hand", "version"}
    POST /api/tables/<id>/hands/<number>/delete/
                                  {"expected_version"} -> 200 {"deleted", "version"}
    POST /api/tables/<id>/hands/<number>/confirm/
                                  (no body) -> 200 {"hand", "version"}
    POST /api/tables/<id>/seats/  {"positions": {recorded seat: real seat},
                                   "expected_version"} -> 200 {"hands", "version"}
    GET  /api/tables/<id>/history/
                                  -> 200 {"changes": the audit trail, newest
                                  first, "version"}

Corrections, deletions and seat corrections answer 409 when the table
changed since the page saw it (with "changes", as for a new hand; also for a
hand deleted since), 403 when the user may no longer change the hands (the
round is closed and they do not organise the event), 404 for a hand number
without a hand. Corrections, deletions and confirmations are never queued
offline by the page: they need the table as it is now.

Thin views: the table comes through tournaments.access (404 for anyone who may
not keep the score there), the work is done by tournaments.services.hands.
Session login and Django's CSRF check (the page sends the X-CSRFToken
header); every answer is JSON, errors too, so the queue can act on them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.core.exceptions import ObjectDoesNotExist, PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.cache import get_conditional_response
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from common import shared_pages
from scoring import json_input
from tournaments import access
from tournaments.services import hands, score_entry_page
from tournaments.services.hand_audit import VersionConflict

View = Callable[..., HttpResponse]


def _error(message: str, status: int, **extra: Any) -> JsonResponse:
    return JsonResponse({"error": message, **extra}, status=status)


def _error_text(error: ValidationError) -> str:
    return " ".join(str(message) for message in error.messages)


def api_view(view: View) -> View:
    """Login required (403, not a redirect to the login page); service
    refusals and missing objects as JSON."""
    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return _error(_("Log in first."), 403)
        try:
            return view(request, *args, **kwargs)
        except (Http404, ObjectDoesNotExist):
            return _error(_("Not found."), 404)
        except PermissionDenied as denied:
            return _error(str(denied) or _("Not allowed."), 403)
        except VersionConflict as conflict:
            return _error(_error_text(conflict), 409, changes=conflict.changes,
                          version=conflict.version)
        except ValidationError as error:
            return _error(_error_text(error), 400)
    return wrapper


# What a submission carries besides the hand itself.
SUBMISSION_FIELDS = ("submission_id", "expected_version")


def json_body(request: HttpRequest) -> dict[str, Any]:
    """The request's JSON object; a ValidationError (400) for anything else."""
    try:
        body = json_input.loads(request.body)
    except json_input.JsonInputError as error:
        if error.reason == "depth":
            raise ValidationError(_("The request's JSON nests deeper than %(depth)s levels.") % {
                "depth": json_input.MAX_DEPTH}) from None
        raise ValidationError(_("The request is not JSON.")) from None
    if not isinstance(body, dict):
        raise ValidationError(_("The request must be a JSON object."))
    return body


def hand_input(body: dict[str, Any]) -> dict[str, Any]:
    """The hand as entered: the body without the submission's own fields."""
    return {key: value for key, value in body.items() if key not in SUBMISSION_FIELDS}


def require_fields(body: dict[str, Any], *fields: str) -> None:
    for field in fields:
        if field not in body:
            raise ValidationError(_("%(field)s is missing.") % {"field": field})


@require_GET
@api_view
def table_state(request: HttpRequest, table_id: int) -> HttpResponse:
    table = access.get_table_for_scorekeeper(request.user, table_id)
    # Every open score-entry page asks every 15 s: a poll that finds the
    # table as the page last read it is a 304 (the browser sends the ETag
    # by itself and hands the page its copy), in two queries instead of the
    # whole table's.
    tag = score_entry_page.state_tag(table, request.user)
    if tag is not None:
        not_modified = get_conditional_response(request, etag=tag)
        if not_modified is not None:
            return not_modified
    response = JsonResponse(score_entry_page.page_state(table, request.user))
    if tag is not None:
        response["ETag"] = tag
        shared_pages.private(response)
    return response


@require_POST
@api_view
def submit_hand(request: HttpRequest, table_id: int) -> HttpResponse:
    table = access.get_table_for_scorekeeper(request.user, table_id)
    body = json_body(request)
    require_fields(body, *SUBMISSION_FIELDS)
    game_input = hand_input(body)
    submitted = hands.submit(
        table, game_input=game_input, submission_id=body["submission_id"],
        expected_version=body["expected_version"], user=request.user)
    hand = submitted.hand
    if submitted.created:
        table.version = hand.table.version  # as the service left it
    else:
        table.refresh_from_db(fields=["version"])
    # What changed since the page's view of the table: the page merges it
    # (static/js/score-entry/merge.js) and needs no second request, neither
    # for the next hand nor for the history.
    author = request.user.pk if submitted.created else score_entry_page.UNKNOWN_AUTHOR
    return JsonResponse({
        "hand": score_entry_page.hand_row(table, hand, request.user, author, submitted.scores),
        "version": table.version,
        "table": score_entry_page.table_state(table, submitted.table_after),
        "changes": score_entry_page.history(table, since=body["expected_version"]),
    }, status=201 if submitted.created else 200)


# --- Changes to saved hands (never queued offline by the page) -----------------


@require_POST
@api_view
def correct_hand(request: HttpRequest, table_id: int, number: int) -> HttpResponse:
    table = access.get_table_for_scorekeeper(request.user, table_id)
    body = json_body(request)
    require_fields(body, "expected_version")
    expected_version = body["expected_version"]
    hand = hands.hand_to_change(table, number, expected_version=expected_version)
    hand = hands.correct_hand(hand, game_input=hand_input(body),
                              expected_version=expected_version, user=request.user)
    table.refresh_from_db(fields=["version"])
    return JsonResponse({"hand": score_entry_page.hand_row(table, hand, request.user),
                         "version": table.version})


@require_POST
@api_view
def delete_hand(request: HttpRequest, table_id: int, number: int) -> HttpResponse:
    table = access.get_table_for_scorekeeper(request.user, table_id)
    body = json_body(request)
    require_fields(body, "expected_version")
    expected_version = body["expected_version"]
    hand = hands.hand_to_change(table, number, expected_version=expected_version)
    hands.delete_hand(hand, expected_version=expected_version, user=request.user)
    table.refresh_from_db(fields=["version"])
    return JsonResponse({"deleted": number, "version": table.version})


@require_POST
@api_view
def confirm_hand(request: HttpRequest, table_id: int, number: int) -> HttpResponse:
    # No body and no version: a confirmation changes no score (hands.py).
    table = access.get_table_for_scorekeeper(request.user, table_id)
    hand = hands.confirm_hand(hands.hand_to_change(table, number), request.user)
    table.refresh_from_db(fields=["version"])
    return JsonResponse({"hand": score_entry_page.hand_row(table, hand, request.user),
                         "version": table.version})


@require_POST
@api_view
def correct_seats(request: HttpRequest, table_id: int) -> HttpResponse:
    table = access.get_table_for_scorekeeper(request.user, table_id)
    body = json_body(request)
    require_fields(body, "positions", "expected_version")
    positions = body["positions"]
    if body["expected_version"] is None:
        # The service allows None (no check); a page must always say what it saw.
        raise ValidationError(_("expected_version must be a whole number."))
    if not isinstance(positions, dict):
        raise ValidationError(_("positions must map each recorded seat to the seat the "
                                "player really sat in."))
    hands.correct_seats(table, positions=positions, user=request.user,
                        expected_version=body["expected_version"])
    table.refresh_from_db(fields=["version"])
    return JsonResponse({"hands": score_entry_page.hand_rows(table, request.user),
                         "version": table.version})


@require_GET
@api_view
def history(request: HttpRequest, table_id: int) -> HttpResponse:
    table = access.get_table_for_scorekeeper(request.user, table_id)
    return JsonResponse({"changes": score_entry_page.history(table), "version": table.version})
