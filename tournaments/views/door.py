"""The door on a phone: who is here, one tap per player.

The organiser (or whoever stands at the door with their phone) searches as
they type, checks players in with one tap and undoes a mistaken one, marks
"arrives later", records a dropout, checks in everyone registered at once,
registers several members (or all) and guests, and opens self check-in with
a QR code for members' phones. Rows are updated in place with htmx; every
form is a plain POST answered with a redirect too, so the page works
without JavaScript.

Members check themselves in here as well (`self_check_in`): the page a QR
code at the door opens, and the endpoint of the include
templates/tournaments/door/_self_check_in.html.

Views translate HTTP; the services (services/registration.py for what
changes, services/presence.py for who plays which round) decide.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.forms import add_service_error
from tournaments import access
from tournaments.door_forms import (
    SHOW_ALL,
    SHOW_CHOICES,
    SHOW_EXPECTED,
    SHOW_LATE,
    SHOW_OUT,
    SHOW_PRESENT,
    BulkRegistrationForm,
    DoorSearchForm,
    SelfCheckInForm,
)
from tournaments.forms import DropOutForm, GuestRegistrationForm, SubstituteForm, form_errors
from tournaments.models import (
    Event,
    EventStatus,
    Registration,
    RegistrationStatus,
    RoundStatus,
    Seat,
)
from tournaments.qr import qr_svg
from tournaments.services import presence
from tournaments.services import registration as registrations
from tournaments.views.errors import BAD_REQUEST, error_text

# Rows rendered at once: a search narrows a big tournament down.
MAX_ROWS = 200

# A player who played a round and did not check in plays on (presence.py):
# "playing", counted as present.
PRESENT, PLAYING, LATE, EXPECTED, OUT = "present", "playing", "late", "expected", "out"


# --- The rows ----------------------------------------------------------------------


def fold(text: str) -> str:
    """Lower case without accents, for matching what is typed at the door
    ("Özil" is found by "ozil", "Jansen" by "JAN")."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@dataclass(frozen=True)
class DoorRow:
    """One registered player at the door: their state and what may be done."""

    registration: Registration
    state: str
    last_played: int | None
    can_undo: bool
    # Out after a round not yet closed: still at their table until it is,
    # so counted as present and said in the future tense.
    leaving: bool = False

    @property
    def counted_as(self) -> str:
        """The state the counts and the filters go by: playing on, or out
        after a round still being played, is present."""
        return PRESENT if self.state == PLAYING or self.leaving else self.state

    @property
    def pk(self) -> int:
        return self.registration.pk


def _state(registration: Registration, *, played: bool) -> str:
    if registration.dropped_after_round is not None:
        return OUT
    if registration.checked_in_at is not None:
        return PRESENT
    if registration.late:
        return LATE
    return PLAYING if played else EXPECTED


def door_rows(event: Event, *, only: int | None = None) -> list[DoorRow]:
    """The registered players in Dutch surname order (or only one of them),
    with the rounds they played: three queries whatever the number."""
    players = (event.registrations.filter(status=RegistrationStatus.REGISTERED)
               .select_related("member", "substitute_for__member")
               .order_by("sort_name", "pk"))
    seats = Seat.objects.filter(round__event=event, round__status__in=presence.PLAYED)
    if only is not None:
        players = players.filter(pk=only)
        seats = seats.filter(registration_id=only)
    closed = set(event.rounds.filter(status=RoundStatus.CLOSED).values_list("number", flat=True))
    played: dict[int, list[tuple[int, Any]]] = {}
    for registration_id, number, started_at in seats.values_list(
            "registration_id", "round__number", "round__started_at"):
        played.setdefault(registration_id, []).append((number, started_at))
    rows = []
    for registration in players:
        rounds_played = played.get(registration.pk, [])
        checked_in = registration.checked_in_at
        after = registration.dropped_after_round
        since_check_in = checked_in is not None and any(
            started is None or started >= checked_in for _number, started in rounds_played)
        rows.append(DoorRow(
            registration=registration,
            state=_state(registration, played=bool(rounds_played)),
            last_played=max((number for number, _started in rounds_played), default=None),
            can_undo=(checked_in is not None and not registration.is_substitute
                      and not since_check_in),
            leaving=(after is not None and after > 0 and after not in closed
                     and event.status != EventStatus.FINISHED),
        ))
    return rows


def door_counts(rows: list[DoorRow]) -> dict[str, int]:
    counts = {PRESENT: 0, LATE: 0, EXPECTED: 0, OUT: 0}
    for row in rows:
        counts[row.counted_as] += 1
    counts["registered"] = len(rows)
    return counts


def _matches(row: DoorRow, words: list[str], show: str) -> bool:
    wanted = {SHOW_EXPECTED: EXPECTED, SHOW_PRESENT: PRESENT, SHOW_LATE: LATE,
              SHOW_OUT: OUT}.get(show)
    if wanted is not None and row.counted_as != wanted:
        return False
    registration = row.registration
    text = fold(f"{registration.name} {registration.guest_club}")
    return all(word in text for word in words)


def summary(event: Event) -> dict[str, Any]:
    """The registrations in a few numbers, for the event page: the counts,
    who waits for approval or a place, and a seated round that no longer
    matches who plays."""
    rows = door_rows(event)
    waiting = event.registrations.filter(
        status__in=(RegistrationStatus.WAITING, RegistrationStatus.PENDING))
    return {
        "counts": door_counts(rows),
        "rows": rows,
        "waiting": waiting.filter(status=RegistrationStatus.WAITING).count(),
        "pending": waiting.filter(status=RegistrationStatus.PENDING).count(),
        "notice": presence.reseat_notice(event),
    }


def registered_message(registration: Registration) -> str:
    """What a new registration is told (at the door, by the organiser, or by
    the member themselves): registered, awaiting approval, or waiting."""
    name = registration.name
    if registration.status == RegistrationStatus.WAITING:
        return _("%(name)s is on the waiting list, at position %(position)s.") % {
            "name": name, "position": registrations.waiting_position(registration)}
    if registration.status == RegistrationStatus.PENDING:
        return _("%(name)s is registered, awaiting approval.") % {"name": name}
    return _("%(name)s is registered.") % {"name": name}


# --- The door page -----------------------------------------------------------------


def _is_htmx(request: HttpRequest) -> bool:
    # A history restore asks for the whole page again.
    return (request.headers.get("HX-Request") == "true"
            and request.headers.get("HX-History-Restore-Request") != "true")


def _door_context(request: HttpRequest, event: Event, search: tuple[str, str],
                  **extra: Any) -> dict[str, Any]:
    q, show = search
    rows = door_rows(event)
    words = fold(q).split()
    shown = [row for row in rows if _matches(row, words, show)]
    waiting = list(event.registrations.filter(status=RegistrationStatus.WAITING)
                   .select_related("member").order_by("created_at", "pk"))
    return {
        "club": event.club,
        "event": event,
        "rows": shown[:MAX_ROWS],
        "shown": len(shown),
        "more": max(0, len(shown) - MAX_ROWS),
        "counts": door_counts(rows),
        "q": q,
        "show": show,
        "show_choices": SHOW_CHOICES,
        "query": _query(q, show),
        "notice": presence.reseat_notice(event),
        "next_round": presence.first_open_round(event),
        "pending": list(event.registrations.filter(status=RegistrationStatus.PENDING)
                        .select_related("member").order_by("sort_name", "pk")),
        "waiting": [(position, registration) for position, registration
                    in enumerate(waiting, start=1)],
        "finished": event.status == EventStatus.FINISHED,
        **extra,
    }


def _query(q: str, show: str) -> str:
    params = {key: value for key, value in (("q", q), ("show", show))
              if value and not (key == "show" and value == SHOW_ALL)}
    return urlencode(params)


@login_required
@require_GET
def door(request: HttpRequest, event_id: int) -> HttpResponse:
    event = access.get_event_for_organiser(request.user, event_id)
    context = _door_context(request, event, DoorSearchForm(request.GET).search())
    template = "tournaments/door/_list.html" if _is_htmx(request) else "tournaments/door/door.html"
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request"])
    return response


def _door_page(request: HttpRequest, event: Event, *, error: str, status: int = BAD_REQUEST,
               **extra: Any) -> HttpResponse:
    context = _door_context(request, event, DoorSearchForm(request.POST).search(),
                            error=error, **extra)
    return render(request, "tournaments/door/door.html", context, status=status)


def _back_to_door(event: Event, request: HttpRequest, anchor: str = "") -> HttpResponse:
    q, show = DoorSearchForm(request.POST).search()
    url = reverse("tournaments:door", args=[event.pk])
    query = _query(q, show)
    return redirect(url + (f"?{query}" if query else "") + (f"#{anchor}" if anchor else ""))


# --- One player -----------------------------------------------------------------------


def _menu_context(event: Event, row: DoorRow) -> dict[str, Any]:
    return {
        "event": event,
        "club": event.club,
        "row": row,
        "next_round": presence.first_open_round(event),
        "substitute_form": SubstituteForm(club=event.club)
        if row.state == OUT and not row.registration.is_substitute else None,
        "has_substitute": row.registration.substitutes.exclude(
            status=RegistrationStatus.WITHDRAWN).exists(),
        "finished": event.status == EventStatus.FINISHED,
    }


@login_required
@require_GET
def door_player(request: HttpRequest, event_id: int, registration_id: int) -> HttpResponse:
    """What else can be done for one player (arrives later, dropout,
    substitute, withdraw): inside the row with htmx, a page without."""
    event = access.get_event_for_organiser(request.user, event_id)
    rows = door_rows(event, only=registration_id)
    if not rows:
        raise Http404
    context = _menu_context(event, rows[0])
    if _is_htmx(request):
        response = render(request, "tournaments/door/_menu.html", context)
    else:
        response = render(request, "tournaments/door/player.html", context)
    patch_vary_headers(response, ["HX-Request"])
    return response


def _check_in(request: HttpRequest, registration: Registration) -> str:
    registrations.check_in(registration)
    registration.refresh_from_db()
    if registration.first_round:
        return _("%(name)s is present and plays from round %(round)s.") % {
            "name": registration.name, "round": registration.first_round}
    return _("%(name)s is present.") % {"name": registration.name}


def _undo_check_in(request: HttpRequest, registration: Registration) -> str:
    registrations.undo_check_in(registration)
    return _("The check-in of %(name)s is undone.") % {"name": registration.name}


def _late(request: HttpRequest, registration: Registration) -> str:
    registrations.mark_late(registration)
    return _("%(name)s arrives later: not seated until checked in.") % {
        "name": registration.name}


def _not_late(request: HttpRequest, registration: Registration) -> str:
    registrations.mark_late(registration, late=False)
    return _("%(name)s no longer arrives later.") % {"name": registration.name}


def _drop_out(request: HttpRequest, registration: Registration) -> str:
    form = DropOutForm(request.POST)
    if not form.is_valid():
        raise ValidationError(form_errors(form))
    after_round = form.cleaned_data["after_round"]
    registrations.drop_out(registration, after_round=after_round)
    if after_round == 0:
        return _("%(name)s does not play.") % {"name": registration.name}
    return _("%(name)s drops out after round %(round)s.") % {
        "name": registration.name, "round": after_round}


def _undo_drop_out(request: HttpRequest, registration: Registration) -> str:
    registrations.undo_drop_out(registration)
    return _("%(name)s plays on.") % {"name": registration.name}


def _substitute(request: HttpRequest, registration: Registration) -> str:
    form = SubstituteForm(request.POST, club=registration.event.club)
    if not form.is_valid():
        raise ValidationError(form_errors(form))
    substitute = registrations.substitute(
        registration, member=form.cleaned_data["member"],
        guest_name=form.cleaned_data["guest_name"])
    return _("%(substitute)s takes over the seat of %(name)s.") % {
        "substitute": substitute.name, "name": registration.name}


def _withdraw(request: HttpRequest, registration: Registration) -> str:
    registrations.withdraw(registration)
    return _("%(name)s is withdrawn.") % {"name": registration.name}


def _approve(request: HttpRequest, registration: Registration) -> str:
    registrations.approve(registration)
    return _("%(name)s is approved.") % {"name": registration.name}


ACTIONS: dict[str, Callable[[HttpRequest, Registration], str]] = {
    "check-in": _check_in,
    "undo-check-in": _undo_check_in,
    "late": _late,
    "not-late": _not_late,
    "drop-out": _drop_out,
    "undo-drop-out": _undo_drop_out,
    "substitute": _substitute,
    "withdraw": _withdraw,
    "approve": _approve,
}


@login_required
@require_POST
def registration_action(request: HttpRequest, event_id: int, registration_id: int,
                        action: str) -> HttpResponse:
    """One player's change at the door. With htmx the answer is the player's
    row (and a substitute's new row) with the counts and the message swapped
    in out of band; without, a redirect back to the door."""
    event = access.get_event_for_organiser(request.user, event_id)
    registration = get_object_or_404(event.registrations.select_related("member"),
                                     pk=registration_id)
    if action not in ACTIONS:
        raise Http404
    try:
        done = ACTIONS[action](request, registration)
    except ValidationError as error:
        if _is_htmx(request):
            return _row_answer(request, event, registration, error=error_text(error),
                               status=BAD_REQUEST)
        return _door_page(request, event, error=error_text(error))
    if _is_htmx(request):
        return _row_answer(request, event, registration, message=done)
    messages.success(request, done)
    return _back_to_door(event, request, anchor=f"reg-{registration.pk}")


def _row_answer(request: HttpRequest, event: Event, registration: Registration, *,
                message: str = "", error: str = "", status: int = 200) -> HttpResponse:
    rows = door_rows(event, only=registration.pk)
    substitutes = [row for sub in registration.substitutes.exclude(
        status=RegistrationStatus.WITHDRAWN) for row in door_rows(event, only=sub.pk)]
    q, show = DoorSearchForm(request.POST).search()
    context = {
        "event": event,
        "rows": rows + substitutes,
        "removed": registration.pk if not rows else None,
        "counts": door_counts(door_rows(event)),
        "notice": presence.reseat_notice(event),
        "message": message,
        "error": error,
        "error_row": registration.pk,
        "q": q,
        "show": show,
        "next_round": presence.first_open_round(event),
        "finished": event.status == EventStatus.FINISHED,
    }
    return render(request, "tournaments/door/_action.html", context, status=status)


# --- Everyone, registration, self check-in ---------------------------------------------


@login_required
@require_POST
def check_in_all(request: HttpRequest, event_id: int) -> HttpResponse:
    event = access.get_event_for_organiser(request.user, event_id)
    try:
        done = registrations.check_in_all_registered(event)
    except ValidationError as error:
        return _door_page(request, event, error=error_text(error))
    messages.success(request, ngettext(
        "%(count)s player is checked in.", "%(count)s players are checked in.", len(done))
        % {"count": len(done)})
    return _back_to_door(event, request)


def _register_page(request: HttpRequest, event: Event, *, status: int = 200,
                   bulk_form: BulkRegistrationForm | None = None,
                   guest_form: GuestRegistrationForm | None = None,
                   error: str = "") -> HttpResponse:
    form = bulk_form or BulkRegistrationForm(event=event)
    members = registrations.unregistered_members(event)
    active = sum(1 for member in members if member.is_active_on(event.start_date))
    chosen = {str(value) for value in (form["member"].value() or [])} if form.is_bound else set()
    return render(request, "tournaments/door/register.html", {
        "club": event.club,
        "event": event,
        "bulk_form": form,
        "members": [(member, member.is_active_on(event.start_date), str(member.pk) in chosen)
                    for member in members],
        "active_count": active,
        "guest_form": guest_form or GuestRegistrationForm(),
        "error": error,
    }, status=status)


@login_required
@require_GET
def door_register(request: HttpRequest, event_id: int) -> HttpResponse:
    """Registering at the door: several members at once (or all active
    ones), and guests. Members already registered are not offered."""
    event = access.get_event_for_organiser(request.user, event_id)
    return _register_page(request, event)


@login_required
@require_POST
def register_member(request: HttpRequest, event_id: int) -> HttpResponse:
    event = access.get_event_for_organiser(request.user, event_id)
    form = BulkRegistrationForm(request.POST, event=event)
    if not form.is_valid():
        return _register_page(request, event, bulk_form=form, status=BAD_REQUEST)
    try:
        result = registrations.register_members(
            event, list(form.cleaned_data["member"] or []),
            all_active=form.cleaned_data["everyone"])
    except ValidationError as error:
        return _register_page(request, event, bulk_form=form, error=error_text(error),
                              status=BAD_REQUEST)
    refusals = [reason for _name, reason in result.refused]  # each names the member
    if not result.registered:  # nothing done: the page again, saying why
        return _register_page(request, event, bulk_form=form, error=" ".join(refusals),
                              status=BAD_REQUEST)
    messages.success(request, _bulk_message(result.registered))
    for refusal in refusals:
        messages.warning(request, refusal)
    return redirect("tournaments:door", event.pk)


def _bulk_message(registered: list[Registration]) -> str:
    placed = [r for r in registered if r.status == RegistrationStatus.REGISTERED]
    waiting = [r for r in registered if r.status == RegistrationStatus.WAITING]
    text = ngettext("%(count)s member is registered: %(names)s.",
                    "%(count)s members are registered: %(names)s.", len(placed)) % {
        "count": len(placed), "names": ", ".join(r.name for r in placed)} if placed else ""
    # Registered once a round has started, they are at the venue: checked in
    # at once (services.registration). Said, so the next tap is not an undo.
    present = [r for r in placed if r.checked_in_at is not None]
    if present:
        plays_from = min((r.first_round for r in present if r.first_round), default=None)
        text += " " + (ngettext(
            "Checked in at once, playing from round %(round)s.",
            "All checked in at once, playing from round %(round)s.", len(present)) % {
            "round": plays_from} if plays_from else ngettext(
            "Checked in at once.", "All checked in at once.", len(present)))
    if waiting:
        text += " " + ngettext(
            "%(count)s is on the waiting list: %(names)s.",
            "%(count)s are on the waiting list: %(names)s.", len(waiting)) % {
            "count": len(waiting), "names": ", ".join(r.name for r in waiting)}
    return text.strip()


@login_required
@require_POST
def register_guest(request: HttpRequest, event_id: int) -> HttpResponse:
    event = access.get_event_for_organiser(request.user, event_id)
    form = GuestRegistrationForm(request.POST)
    if not form.is_valid():
        return _register_page(request, event, guest_form=form, status=BAD_REQUEST)
    try:
        registration = registrations.register(
            event, guest_name=form.cleaned_data["guest_name"],
            guest_club=form.cleaned_data["guest_club"],
            guest_ema_number=form.cleaned_data["guest_ema_number"],
            guest_country=form.cleaned_data["guest_country"], by_organiser=True)
    except ValidationError as error:
        if hasattr(error, "error_dict") and set(error.error_dict) <= set(form.fields):
            add_service_error(form, error)
            return _register_page(request, event, guest_form=form, status=BAD_REQUEST)
        return _register_page(request, event, guest_form=form, error=error_text(error),
                              status=BAD_REQUEST)
    messages.success(request, registered_message(registration))
    return redirect(reverse("tournaments:door", args=[event.pk]) + f"#reg-{registration.pk}")


@login_required
@require_POST
def door_self_check_in(request: HttpRequest, event_id: int) -> HttpResponse:
    """Open or close self check-in."""
    event = access.get_event_for_organiser(request.user, event_id)
    form = SelfCheckInForm(request.POST)
    if not form.is_valid():
        return _door_page(request, event, error=" ".join(form_errors(form)))
    try:
        event = registrations.set_self_check_in(event, open_=form.cleaned_data["open"])
    except ValidationError as error:
        return _door_page(request, event, error=error_text(error))
    messages.success(request, _("Members can now check themselves in.") if event.self_check_in
                     else _("Self check-in is closed."))
    return redirect(reverse("tournaments:door", args=[event.pk]) + "#self-check-in")


def _self_check_in_url(request: HttpRequest, event: Event) -> str:
    return request.build_absolute_uri(reverse("tournaments:self_check_in", args=[event.pk]))


@login_required
@require_GET
def door_qr(request: HttpRequest, event_id: int) -> HttpResponse:
    """A printable QR code for the door: it opens the members' self
    check-in page of the event."""
    event = access.get_event_for_organiser(request.user, event_id)
    url = _self_check_in_url(request, event)
    title = _("Check in for %(event)s") % {"event": event.title}
    return render(request, "tournaments/door/qr.html", {
        "club": event.club, "event": event, "url": url,
        "qr": mark_safe(qr_svg(url, title=title)),  # noqa: S308 (our own SVG)
    })


# --- The member's own check-in -------------------------------------------------------------


def _event_for_member(request: HttpRequest, event_id: int) -> tuple[Event, Any]:
    """A published event of the member's club, or one they registered for
    (a tournament of another club); 404 for anything else."""
    member = access.member_for(request.user)
    if member is None:
        # A login without a member (an organiser, a guest's phone) scanning
        # the door's code is told where they stand, not shown a 404.
        event = get_object_or_404(
            Event.objects.exclude(status=EventStatus.DRAFT).select_related("club"), pk=event_id)
        return event, None
    event = get_object_or_404(
        Event.objects.exclude(status=EventStatus.DRAFT).select_related("club").filter(
            Q(club=member.club_id) | Q(registrations__member=member)).distinct(),
        pk=event_id)
    return event, member


@login_required
@require_http_methods(["GET", "POST"])
def self_check_in(request: HttpRequest, event_id: int) -> HttpResponse:
    """The member's check-in (the door's QR code opens it): a button while
    self check-in is open and they are registered; a POST checks them in."""
    event, member = _event_for_member(request, event_id)
    error = ""
    status = 200
    if request.method == "POST" and member is None:
        error, status = _("Your login is not linked to a member of a club: ask the organiser "
                          "to check you in at the door."), BAD_REQUEST
    elif request.method == "POST":
        try:
            registrations.self_check_in(event, member)
        except ValidationError as error_:
            error, status = error_text(error_), BAD_REQUEST
        else:
            messages.success(request, _("You are checked in for %(event)s.") % {
                "event": event.title})
            target = request.POST.get("next", "")
            if not url_has_allowed_host_and_scheme(
                    target, allowed_hosts={request.get_host()},
                    require_https=request.is_secure()) or not target.startswith("/"):
                target = reverse("tournaments:self_check_in", args=[event.pk])
            return redirect(target)
    registration = event.registrations.filter(member=member).first() if member else None
    return render(request, "tournaments/door/self_check_in.html", {
        "event": event, "club": event.club, "registration": registration, "error": error,
    }, status=status)
