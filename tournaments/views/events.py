"""The organiser's event pages: the list of a club's events, creating and
editing one, the event page (registrations in numbers, rounds,
scorekeepers, exports) and the changes made from it (scorekeepers, a new
round). Anyone else asking for an event gets its public page (public.py).

Views translate HTTP to service calls. Every event, round and club is fetched
through clubs/access.py, so no view can forget the permission check. Every
change is a POST; a service's ValidationError is shown on the page (status
400) and changes nothing.
"""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from clubs.forms import add_service_error
from scoring.engine import RULESETS
from scoring.ruleset_display import described_options
from tournaments import access
from tournaments.forms import (
    EventForm,
    RemoveScorekeeperForm,
    ScorekeeperForm,
    SeatingMethodForm,
    form_errors,
)
from tournaments.models import (
    Event,
    EventStatus,
    RegistrationStatus,
    RoundStatus,
    Table,
)
from tournaments.services import event_defaults as defaults_service
from tournaments.services import (
    events,
    mers,
    rounds,
    scorekeepers,
)
from tournaments.services import standings as standings_service
from tournaments.views.door import summary
from tournaments.views.errors import BAD_REQUEST, error_text
from tournaments.views.member import member_card
from tournaments.views.public import public_event_page

# --- Events -------------------------------------------------------------------


@login_required
@require_GET
def event_list(request: HttpRequest, slug: str) -> HttpResponse:
    club = access.get_club_for_organiser(request.user, slug)
    return render(request, "tournaments/event_list.html",
                  {"club": club, "events": club.events.all()})


@login_required
def event_create(request: HttpRequest, slug: str) -> HttpResponse:
    club = access.get_club_for_organiser(request.user, slug)
    # A new event starts from the club's defaults and keeps its own copy.
    form = EventForm(request.POST or None, defaults=defaults_service.defaults_for(club))
    if request.method == "POST" and form.is_valid():
        try:
            event = events.create_event(club, **form.service_fields())
        except ValidationError as error:
            add_service_error(form, error)
        else:
            messages.success(request, _("The event %(title)s is created.") % {
                "title": event.title})
            return redirect("tournaments:detail", event.pk)
    return render(request, "tournaments/event_form.html", {"club": club, "form": form,
                                                           "event": None})


@login_required
def event_edit(request: HttpRequest, event_id: int) -> HttpResponse:
    event = access.get_event_for_organiser(request.user, event_id)
    form = EventForm(request.POST or None, instance=event)
    if request.method == "POST" and form.is_valid():
        try:
            events.update_event(event, **form.service_fields())
        except ValidationError as error:
            add_service_error(form, error)
        else:
            messages.success(request, _("The event is saved."))
            return redirect("tournaments:detail", event.pk)
    return render(request, "tournaments/event_form.html", {"club": event.club, "form": form,
                                                           "event": event})


def event_page(
    request: HttpRequest, event: Event, *, error: str = "", status: int = 200,
    **forms: Any,
) -> HttpResponse:
    """The organiser's event page; `forms` replaces a form to show its errors."""
    context = {
        "club": event.club,
        "event": event,
        # Registrations in a few numbers: the door page (door.py) manages them.
        "door": summary(event),
        "rounds": event.rounds.all(),
        "round_form": forms.get("round_form")
        or SeatingMethodForm(initial={"seating_method": rounds.next_seating_method(
            event, first=not event.rounds.exists())}),
        "scorekeepers": scorekeepers.event_scorekeepers(event),
        # Listed before the bond's export: players it will lack a number for.
        "missing_member_numbers": standings_service.missing_member_numbers(event)
        if event.status == EventStatus.FINISHED else [],
        "scorekeeper_form": forms.get("scorekeeper_form") or ScorekeeperForm(event=event),
        "playing_tables": Table.objects.filter(
            round__event=event, round__status=RoundStatus.STARTED,
        ).select_related("round").order_by("round__number", "number"),
        "error": error,
        "statuses": RegistrationStatus,
        "ruleset": RULESETS.get(event.ruleset),
        "rule_options": described_options(event.ruleset, event.rule_options),
        # MCR and Riichi: the event's weight in the EMA's ranking, and its export.
        "mers": mers.summary(event) if mers.is_mers_ranked(event.ruleset) else None,
        # An organiser who plays too sees where they sit.
        "card": member_card(request, event),
    }
    return render(request, "tournaments/event_detail.html", context, status=status)


@require_GET
def event_detail(request: HttpRequest, event_id: int) -> HttpResponse:
    """The organisers' event page for them; for anyone else the public one
    of a published event (a draft is not found, as for an event that does
    not exist): its rounds, players and links, and for a member their state
    and where they sit."""
    event = access.get_event_for_viewer(request.user, event_id)
    if access.organises(request.user, event):
        return event_page(request, event)
    return public_event_page(request, event)


# --- Scorekeepers -------------------------------------------------------------


@login_required
@require_POST
def scorekeeper_add(request: HttpRequest, event_id: int) -> HttpResponse:
    event = access.get_event_for_organiser(request.user, event_id)
    form = ScorekeeperForm(request.POST, event=event)
    if form.is_valid():
        try:
            keeper = scorekeepers.add_scorekeeper(
                event, form.cleaned_data["user"], table_number=form.cleaned_data["table_number"])
        except ValidationError as error:
            add_service_error(form, error)
        else:
            messages.success(request, _("%(user)s keeps the score at %(where)s.") % {
                "user": scorekeepers.user_label(keeper.user),
                "where": scorekeepers.where(keeper)})
            return redirect("tournaments:detail", event.pk)
    return event_page(request, event, scorekeeper_form=form, status=BAD_REQUEST)


@login_required
@require_POST
def scorekeeper_remove(request: HttpRequest, event_id: int) -> HttpResponse:
    event = access.get_event_for_organiser(request.user, event_id)
    form = RemoveScorekeeperForm(request.POST, event=event)
    if not form.is_valid():
        return event_page(request, event, error=" ".join(form_errors(form)),
                          status=BAD_REQUEST)
    keeper = form.cleaned_data["scorekeeper"]
    scorekeepers.remove_scorekeeper(event, keeper.user, table_number=keeper.table_number)
    messages.success(request, _("%(user)s no longer keeps the score at %(where)s.") % {
        "user": scorekeepers.user_label(keeper.user), "where": scorekeepers.where(keeper)})
    return redirect("tournaments:detail", event.pk)


# --- Rounds -------------------------------------------------------------------


@login_required
@require_POST
def round_add(request: HttpRequest, event_id: int) -> HttpResponse:
    event = access.get_event_for_organiser(request.user, event_id)
    form = SeatingMethodForm(request.POST)
    if not form.is_valid():
        return event_page(request, event, round_form=form, status=BAD_REQUEST)
    try:
        new_round = rounds.add_round(event, seating_method=form.cleaned_data["seating_method"])
    except ValidationError as error:
        return event_page(request, event, error=error_text(error), status=BAD_REQUEST)
    messages.success(request, _("Round %(number)s is added.") % {"number": new_round.number})
    return redirect("tournaments:round", new_round.pk)
