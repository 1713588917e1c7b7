"""The event's penalties page, for its organisers and referees (everyone
else: 404, as for an event that does not exist): the penalties per round, a
form to record one, correcting and removing one (after a confirmation), the
audit trail; for the organisers, the event's referees.

    GET/POST events/<id>/penalties/                       the page; POST records
    GET/POST events/<id>/penalties/<penalty>/correct/     the form filled in
    GET/POST events/<id>/penalties/<penalty>/remove/      confirm, then remove
    POST     events/<id>/referees/add/ | remove/          the organisers only

Views translate HTTP; tournaments/services/penalties.py decides and does it.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.forms import add_service_error
from tournaments import access
from tournaments.forms import form_errors
from tournaments.models import Event, Penalty
from tournaments.penalty_forms import PenaltyForm, RefereeForm, RemoveRefereeForm
from tournaments.services import penalties, referees
from tournaments.services.scorekeepers import user_label
from tournaments.views.errors import BAD_REQUEST


def _page(request: HttpRequest, event: Event, *, status: int = 200,
          **forms: Any) -> HttpResponse:
    lines = penalties.event_penalties(event)
    per_round: dict[int, list[penalties.PenaltyLine]] = defaultdict(list)
    for line in lines:
        per_round[line.round_number].append(line)
    organiser = access.organises(request.user, event)
    context = {
        "club": event.club, "event": event,
        "per_round": sorted(per_round.items()),
        "form": forms.get("form") or PenaltyForm(event=event),
        "history": [(change, penalties.change_text(change))
                    for change in penalties.penalty_history(event)],
        "organiser": organiser,
        "referees": referees.event_referees(event) if organiser else [],
        "referee_form": forms.get("referee_form") or RefereeForm(event=event),
        "table_points_per_point": penalties.table_points_per_point(event),
    }
    return render(request, "tournaments/penalties.html", context, status=status)


def _fields(form: PenaltyForm) -> dict[str, Any]:
    data = form.cleaned_data
    return {"round": data["round"], "registration": data["registration"],
            "points": data["points"], "kind": data["kind"], "reason": data["reason"]}


@login_required
def penalty_list(request: HttpRequest, event_id: int) -> HttpResponse:
    event = access.get_event_for_referee(request.user, event_id)
    if request.method != "POST":
        return _page(request, event)
    form = PenaltyForm(request.POST, event=event)
    if form.is_valid():
        try:
            penalty = penalties.record_penalty(event, user=request.user, **_fields(form))
        except ValidationError as error:
            add_service_error(form, error)
        else:
            messages.success(request, _(
                "Penalty recorded: %(points)s points for %(name)s in round %(round)s.") % {
                "points": penalty.points, "name": penalty.registration.name,
                "round": penalty.round.number})
            return redirect("tournaments:penalties", event.pk)
    return _page(request, event, form=form, status=BAD_REQUEST)


def _penalty(event: Event, penalty_id: int) -> Penalty:
    return get_object_or_404(
        event.penalties.select_related("round", "registration__member", "event"),
        pk=penalty_id)


@login_required
def penalty_correct(request: HttpRequest, event_id: int, penalty_id: int) -> HttpResponse:
    event = access.get_event_for_referee(request.user, event_id)
    penalty = _penalty(event, penalty_id)
    form = (PenaltyForm(request.POST, event=event) if request.method == "POST"
            else PenaltyForm.for_penalty(penalty))
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                penalties.correct_penalty(penalty, user=request.user, **_fields(form))
            except ValidationError as error:
                add_service_error(form, error)
            else:
                messages.success(request, _("The penalty of %(name)s is corrected.") % {
                    "name": form.cleaned_data["registration"].name})
                return redirect("tournaments:penalties", event.pk)
        status = BAD_REQUEST
    return render(request, "tournaments/penalty_correct.html", {
        "club": event.club, "event": event, "penalty": penalty, "form": form}, status=status)


@login_required
def penalty_remove(request: HttpRequest, event_id: int, penalty_id: int) -> HttpResponse:
    event = access.get_event_for_referee(request.user, event_id)
    penalty = _penalty(event, penalty_id)
    if request.method == "POST":
        try:
            penalties.remove_penalty(penalty, user=request.user)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(request, _(
                "The penalty of %(name)s in round %(round)s is removed.") % {
                "name": penalty.registration.name, "round": penalty.round.number})
        return redirect("tournaments:penalties", event.pk)
    return render(request, "tournaments/penalty_remove.html", {
        "club": event.club, "event": event, "penalty": penalty})


# --- Referees (the organisers) ---------------------------------------------------


@login_required
@require_POST
def referee_add(request: HttpRequest, event_id: int) -> HttpResponse:
    event = access.get_event_for_organiser(request.user, event_id)
    form = RefereeForm(request.POST, event=event)
    if form.is_valid():
        try:
            referee = referees.add_referee(event, form.cleaned_data["user"])
        except ValidationError as error:
            add_service_error(form, error)
        else:
            messages.success(request, _("%(user)s is a referee of this event.") % {
                "user": user_label(referee.user)})
            return redirect("tournaments:penalties", event.pk)
    return _page(request, event, referee_form=form, status=BAD_REQUEST)


@login_required
@require_POST
def referee_remove(request: HttpRequest, event_id: int) -> HttpResponse:
    event = access.get_event_for_organiser(request.user, event_id)
    form = RemoveRefereeForm(request.POST, event=event)
    if not form.is_valid():
        messages.error(request, " ".join(form_errors(form)))
        return _page(request, event, status=BAD_REQUEST)
    referee = form.cleaned_data["referee"]
    referees.remove_referee(event, referee.user)
    messages.success(request, _("%(user)s is no longer a referee of this event.") % {
        "user": user_label(referee.user)})
    return redirect("tournaments:penalties", event.pk)
