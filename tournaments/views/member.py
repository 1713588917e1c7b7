"""A member's own pages: "my events" (running, coming up, recently played,
each with their state) and registering or withdrawing themselves, and the
member's card on an event's page. A member's event is fetched through
tournaments.access.get_event_for_member.
"""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from clubs.models import Member
from tournaments import access
from tournaments.models import (
    Event,
    RegistrationStatus,
)
from tournaments.public import public_events as published_events
from tournaments.services import calendar as event_calendar
from tournaments.services import (
    my_seat,
)
from tournaments.services import registration as registrations
from tournaments.views.door import registered_message
from tournaments.views.errors import BAD_REQUEST, error_text


def member_card(request: HttpRequest, event: Event) -> my_seat.MemberCard | None:
    """The logged-in member's card for `event`: when they are registered, or
    may register (a member of its club)."""
    member = access.member_for(request.user)
    if member is None:
        return None
    registration = my_seat.registration_of(request.user, event)
    own_club = member.club_id == event.club_id
    if registration is None and not own_club:
        return None
    return my_seat.card_for(event, registration, request.user, own_club=own_club)


# --- Members: self-registration ---------------------------------------------------


# How many events "Mijn toernooien" lists coming up and recently played.
MY_UPCOMING = 10
MY_RECENT = 5


def my_events_page(
    request: HttpRequest, member: Member | None, *, error: str = "", status: int = 200
) -> HttpResponse:
    """The member's events: running ones first (where they sit now and
    next), then coming up (their club's, to register for) and recently
    played, each with their state."""
    groups: list[dict[str, Any]] = []
    if member is not None:
        mine = {r.event_id: r for r in member.registrations.select_related("event")}
        own_or_entered = published_events().filter(
            Q(club=member.club) | Q(registrations__member=member)).distinct()
        entered = published_events().filter(pk__in=member.registrations.exclude(
            status=RegistrationStatus.WITHDRAWN).values("event_id"))
        today = timezone.localdate()
        listed = event_calendar.calendar(own_or_entered, today, upcoming=MY_UPCOMING, recent=0)
        played = event_calendar.calendar(entered, today, upcoming=0, recent=MY_RECENT)

        def cards(events_: list[Event]) -> list[my_seat.MemberCard]:
            return [my_seat.card_for(event, mine.get(event.pk), request.user,
                                     own_club=event.club_id == member.club_id)
                    for event in events_]

        groups = [
            {"key": "running", "title": _("Playing now"), "cards": cards(listed.running)},
            {"key": "upcoming", "title": _("Coming up"), "cards": cards(listed.upcoming)},
            {"key": "recent", "title": _("Recently played"), "cards": cards(played.recent)},
        ]
    return render(request, "tournaments/my_events.html",
                  {"member": member, "groups": [g for g in groups if g["cards"]],
                   "error": error}, status=status)


@login_required
@require_GET
def my_events(request: HttpRequest) -> HttpResponse:
    return my_events_page(request, access.member_for(request.user))


@login_required
@require_POST
def self_register(request: HttpRequest, event_id: int) -> HttpResponse:
    member = access.member_for(request.user)
    if member is None:
        raise Http404
    event = access.get_event_for_member(member, event_id)
    try:
        registration = registrations.register(event, member=member, by_organiser=False)
    except ValidationError as error:
        return my_events_page(request, member, error=error_text(error), status=BAD_REQUEST)
    messages.success(request, registered_message(registration))
    return redirect("tournaments:my_events")


@login_required
@require_POST
def self_withdraw(request: HttpRequest, event_id: int) -> HttpResponse:
    member = access.member_for(request.user)
    if member is None:
        raise Http404
    event = access.get_event_for_member(member, event_id)
    registration = get_object_or_404(event.registrations, member=member)
    try:
        registrations.withdraw(registration)
    except ValidationError as error:
        return my_events_page(request, member, error=error_text(error), status=BAD_REQUEST)
    messages.success(request, _("Your registration for %(title)s is withdrawn.") % {
        "title": event.title})
    return redirect("tournaments:my_events")
