"""A round from start to close, and the event to its end: the round's clock,
tables that say they have finished, the confirmation before a round
closes, finishing the event, and the hall's big screen.

    GET  rounds/<id>/progress/            the round page's tables (htmx poll)
    GET  rounds/<id>/close/               what is missing, and the confirmation
    POST rounds/<id>/close/               close (with confirm=yes; else the question)
    POST rounds/<id>/clock/<action>/      start, pause, resume the round's clock
    POST rounds/<id>/extra-time/          a table's extra minutes
    POST tables/<id>/finished/            the scorekeeper: the table has finished (or undo)
    GET  events/<id>/finish/              finish the event: the confirmation
    POST events/<id>/finish/              finish it
    GET  events/<id>/screen/              the big screen (public for a published event)
    GET  events/<id>/screen/live/         its content (htmx poll)
    GET  events/<id>/rounds/<n>/clock/    a round's clock face (clock.js asks again)

Organiser pages go through tournaments.access like every other view; the screen
and the clock face are public exactly where the standings are
(access.get_event_for_viewer).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs import limits
from tournaments import access
from tournaments.models import Event, EventStatus, Round, RoundStatus, Table
from tournaments.services import clock, events, rounds, standings_page, table_scores
from tournaments.views.errors import BAD_REQUEST, error_text
from tournaments.views.rounds import progress_poll_seconds, round_page, seated_tables

# How often the big screen asks for itself again (htmx; the round page's
# tables: rounds.progress_poll_seconds); the clock counts down by itself in
# between. Settings can change both (the browser tests poll every second).
SCREEN_POLL_SECONDS = 15
# The most players the big screen lists: what a hall reads from the back.
SCREEN_STANDINGS = 20
# The most digits a table number in a query may have.
NUMBER_DIGITS = 5


def _fresh(response: HttpResponse) -> HttpResponse:
    """A poll exists to be fresh: never answered from a cache."""
    patch_cache_control(response, no_cache=True, no_store=True, must_revalidate=True)
    return response


# --- The round page's live parts --------------------------------------------------


def progress_context(round_: Round) -> dict[str, Any]:
    return {
        "round": round_, "event": round_.event,
        "progress": rounds.table_progress(round_) if round_.status == RoundStatus.STARTED else [],
        "poll_seconds": progress_poll_seconds(),
    }


@login_required
@require_GET
def round_progress(request: HttpRequest, round_id: int) -> HttpResponse:
    round_ = access.get_round_for_organiser(request.user, round_id)
    return _fresh(render(request, "tournaments/_round_progress.html", progress_context(round_)))


# --- Closing a round --------------------------------------------------------------


def _close_page(request: HttpRequest, round_: Round, *, error: str = "",
                status: int = 200) -> HttpResponse:
    check = rounds.closing_check(round_) if round_.status == RoundStatus.STARTED else None
    last = round_.number >= round_.event.rounds_planned
    return render(request, "tournaments/round_close.html", {
        "club": round_.event.club, "event": round_.event, "round": round_, "check": check,
        "error": error, "last_round": last,
        # MCR, Riichi: table results, not hands, are what can be corrected.
        "by_table": table_scores.by_table(round_.event) is not None,
    }, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def round_close(request: HttpRequest, round_id: int) -> HttpResponse:
    """Closing asks first, naming what is missing: tables without hands,
    hands not confirmed (these keep the round open) and tables still
    playing (closing ends their play)."""
    round_ = access.get_round_for_organiser(request.user, round_id)
    if request.method == "GET" or request.POST.get("confirm") != "yes":
        return _close_page(request, round_)
    try:
        rounds.close_round(round_)
    except ValidationError as error:
        round_.refresh_from_db()
        return _close_page(request, round_, error=error_text(error), status=BAD_REQUEST)
    round_.event.refresh_from_db()
    messages.success(request, _("Round %(number)s is closed; the standings are updated.") % {
        "number": round_.number})
    if round_.event.status == EventStatus.FINISHED:
        messages.success(request, _(
            "That was the last planned round: %(event)s is finished, and its results for the "
            "bond and EMA can be exported.") % {"event": round_.event.title})
    return redirect("tournaments:round", round_.pk)


# --- The clock --------------------------------------------------------------------


CLOCK_ACTIONS = {
    "start": (clock.start_clock, gettext_noop("The clock of round %(number)s is running.")),
    "pause": (clock.pause_clock, gettext_noop("The clock of round %(number)s is paused.")),
    "resume": (clock.resume_clock,
               gettext_noop("The clock of round %(number)s is running again.")),
}


def _round_error(request: HttpRequest, round_: Round, error: ValidationError) -> HttpResponse:
    round_.refresh_from_db()
    return round_page(request, round_, error=error_text(error), status=BAD_REQUEST)


@login_required
@require_POST
def round_clock(request: HttpRequest, round_id: int, action: str) -> HttpResponse:
    round_ = access.get_round_for_organiser(request.user, round_id)
    if action not in CLOCK_ACTIONS:
        raise Http404
    change, done = CLOCK_ACTIONS[action]
    try:
        change(round_)
    except ValidationError as error:
        return _round_error(request, round_, error)
    messages.success(request, _(done) % {"number": round_.number})
    return redirect(f"{_round_url(round_)}#clock-heading")


def _round_url(round_: Round) -> str:
    return reverse("tournaments:round", args=[round_.pk])


@login_required
@require_POST
def extra_time(request: HttpRequest, round_id: int) -> HttpResponse:
    round_ = access.get_round_for_organiser(request.user, round_id)
    number = limits.whole_number(request.POST.get("table", ""), NUMBER_DIGITS)
    minutes = limits.whole_number(request.POST.get("minutes", ""), NUMBER_DIGITS)
    table = round_.tables.filter(number=number).first() if number is not None else None
    try:
        if table is None:
            raise ValidationError(_("Choose a table of round %(round)s.") % {
                "round": round_.number})
        if minutes is None:
            raise ValidationError(_("Extra minutes must be a whole number from 0 to "
                                    "%(most)s.") % {"most": limits.MAX_ROUND_MINUTES})
        table.round = round_
        clock.set_extra_minutes(table, minutes)
    except ValidationError as error:
        return _round_error(request, round_, error)
    messages.success(request, _("Table %(table)s plays %(minutes)s minutes beyond the round's "
                                "clock.") % {"table": table.number, "minutes": minutes})
    return redirect(f"{_round_url(round_)}#clock-heading")


# --- A table says it has finished ---------------------------------------------------


@login_required
@require_POST
def table_finished(request: HttpRequest, table_id: int) -> HttpResponse:
    """The scorekeeper (or the organiser) says the table has finished
    playing, or undoes it. Back to the page the button was on."""
    table = access.get_table_for_scorekeeper(request.user, table_id)
    finished = request.POST.get("finished") != "no"
    try:
        rounds.set_table_finished(table, finished)
    except ValidationError as error:
        messages.error(request, error_text(error))
    else:
        messages.success(request, _("Table %(table)s has finished.") % {"table": table.number}
                         if finished else _("Table %(table)s is playing again.") % {
                             "table": table.number})
    if request.POST.get("back") == "round" and access.organises(request.user,
                                                                 table.round.event):
        return redirect(f"{_round_url(table.round)}#progress-heading")
    return redirect("tournaments:score_entry", table.pk)


# --- Finishing the event ----------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def event_finish(request: HttpRequest, event_id: int) -> HttpResponse:
    """One click to finish the event (after a confirmation): the exports for
    the bond and EMA appear on its page."""
    event = access.get_event_for_organiser(request.user, event_id)
    playing = event.rounds.filter(status=RoundStatus.STARTED).order_by("number").first()
    context = {"club": event.club, "event": event, "playing": playing,
               "rounds": event.rounds.order_by("number")}
    if request.method == "GET":
        return render(request, "tournaments/event_finish.html", context)
    try:
        events.finish_event(event)
    except ValidationError as error:
        return render(request, "tournaments/event_finish.html",
                      {**context, "error": error_text(error)}, status=BAD_REQUEST)
    messages.success(request, _("%(event)s is finished; its results for the bond and EMA can "
                                "be exported.") % {"event": event.title})
    return redirect(f"{_event_url(event)}#exports-heading")


def _event_url(event: Event) -> str:
    return reverse("tournaments:detail", args=[event.pk])


# --- The big screen and the clock face -----------------------------------------------


def screen_context(event: Event) -> dict[str, Any]:
    """What the hall sees: the round being played with its clock and seating,
    the next round's seating once it is seated, and the standings' top."""
    event_rounds = list(event.rounds.order_by("number"))
    playing = next((r for r in reversed(event_rounds) if r.status == RoundStatus.STARTED), None)
    seated = next((r for r in event_rounds if r.status == RoundStatus.SEATED), None)
    closed = [r for r in event_rounds if r.status == RoundStatus.CLOSED]
    data = standings_page.cached(event)
    records = [record for record in data.records if record["ranked"]][:SCREEN_STANDINGS]
    if playing is not None:
        playing.event = event
    # The round being played keeps its seating on the screen (late players
    # look for their table), followed by the next round's once it is seated.
    seatings = [
        {"round": round_, "tables": seated_tables(round_), "playing": round_ is playing}
        for round_ in (playing, seated) if round_ is not None
    ]
    return {
        "event": event, "playing": playing, "seated": seated,
        "seatings": seatings,
        "last_closed": closed[-1] if closed else None,
        "clock": clock.clock_state(playing) if playing is not None else None,
        "at_time": clock.at_time(event),
        "records": records, "live": data.live,
        "poll_seconds": int(getattr(settings, "SCREEN_POLL_SECONDS", SCREEN_POLL_SECONDS)),
        "by_table_points": event.ranking_order == "table_points",
    }


@require_GET
def screen(request: HttpRequest, event_id: int) -> HttpResponse:
    """For a projector in the hall: no login for a published event; a draft
    for its organisers only (404 for anyone else)."""
    event = access.get_event_for_viewer(request.user, event_id)
    return render(request, "tournaments/screen.html", screen_context(event))


@require_GET
def screen_live(request: HttpRequest, event_id: int) -> HttpResponse:
    event = access.get_event_for_viewer(request.user, event_id)
    return _fresh(render(request, "tournaments/_screen_live.html", screen_context(event)))


def clock_context(round_: Round, table: Table | None) -> dict[str, Any]:
    return {
        "round": round_, "table": table, "clock": clock.clock_state(round_, table),
        "at_time": clock.at_time(round_.event),
    }


@require_GET
def clock_face(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """A round's clock face (at `?table=<number>`: with that table's extra
    minutes), for clock.js to ask again: as public as the event."""
    event = access.get_event_for_viewer(request.user, event_id)
    round_ = get_object_or_404(event.rounds, number=number)
    round_.event = event
    table_number = limits.whole_number(request.GET.get("table", ""), NUMBER_DIGITS)
    table = round_.tables.filter(number=table_number).first() if table_number else None
    return _fresh(render(request, "tournaments/_clock_face.html", clock_context(round_, table)))

