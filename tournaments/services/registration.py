"""Registration for events: by the organiser or by members online, the
waiting list, approval, check-in, dropouts and substitutes.

Each operation locks the event row first, so two organisers (or a member
and an organiser) registering at once cannot both take the last place.
"""

from __future__ import annotations

import datetime

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs import limits
from clubs.models import Member
from tournaments.models import (
    Event,
    EventKind,
    EventStatus,
    Registration,
    RegistrationStatus,
    RoundStatus,
    Seat,
)


def locked_event(event: Event) -> Event:
    return Event.objects.select_for_update(of=("self",)).select_related("club").get(pk=event.pk)


def locked_registration(registration: Registration) -> Registration:
    # Lock only the registration row ("self"): PostgreSQL cannot lock the
    # nullable side of the outer join that select_related("member") adds.
    return (
        Registration.objects.select_for_update(of=("self",))
        .select_related("member", "event")
        .get(pk=registration.pk)
    )


def places_taken(event: Event) -> int:
    # Substitutes fill a dropped player's place, not a new one.
    return event.registrations.filter(
        status=RegistrationStatus.REGISTERED, substitute_for__isnull=True
    ).count()


def _has_place(event: Event) -> bool:
    return event.max_places is None or places_taken(event) < event.max_places


def event_days(event: Event) -> list[datetime.date]:
    return [event.start_date + datetime.timedelta(days=day) for day in range(event.days)]


def register(
    event: Event,
    *,
    member: Member | None = None,
    guest_name: str = "",
    guest_club: str = "",
    by_organiser: bool = True,
) -> Registration:
    """Register a member or a guest. Full events put newcomers on the waiting
    list; events that ask for approval hold self-registrations as pending."""
    guest_name = guest_name.strip()
    guest_club = guest_club.strip()
    if (member is None) == (not guest_name):
        raise ValidationError(_("Register either a member or a guest by name."))
    with transaction.atomic():
        event = locked_event(event)
        _check_open(event, by_organiser)
        if member is not None:
            _check_member_may_register(event, member, by_organiser)
        else:
            if not by_organiser:
                raise ValidationError(_("Only the organiser can register guests."))
            _check_guest_not_registered(event, guest_name, guest_club)

        if not by_organiser and event.requires_approval:
            status = RegistrationStatus.PENDING
        elif _has_place(event):
            status = RegistrationStatus.REGISTERED
        else:
            status = RegistrationStatus.WAITING

        earlier = (
            event.registrations.filter(member=member).first() if member is not None else None
        )
        if earlier is not None:
            # A withdrawn member comes back: the same row (one per member and
            # event), queued as a new registration.
            earlier.status = status
            earlier.created_at = timezone.now()
            earlier.checked_in_at = None
            earlier.late = False
            earlier.dropped_after_round = None
            earlier.substitute_for = None  # a withdrawn substitute now registers as a player
            earlier.save()
            return earlier
        registration = Registration(
            event=event, member=member, guest_name=guest_name, guest_club=guest_club,
            status=status,
        )
        try:
            with transaction.atomic():
                registration.save()
        except IntegrityError:
            # The member was registered by someone else meanwhile.
            raise _already_registered(event, registration.name) from None
        return registration


def _check_open(event: Event, by_organiser: bool) -> None:
    if event.status == EventStatus.FINISHED:
        raise ValidationError(_("%(event)s is finished; registration is closed.") % {
            "event": event.title})
    if by_organiser:
        return
    if not event.self_registration:
        raise ValidationError(_("%(event)s does not take registrations online; ask the "
                                "organiser.") % {"event": event.title})
    if event.status != EventStatus.OPEN:
        raise ValidationError(_("%(event)s is not open for registration.") % {
            "event": event.title})


def _check_member_may_register(event: Event, member: Member, by_organiser: bool) -> None:
    if not by_organiser and event.kind == EventKind.EVENING and member.club_id != event.club_id:
        raise ValidationError(_("%(name)s is not a member of %(club)s; its club evenings are "
                                "for its members.") % {"name": member.full_name,
                                                       "club": event.club.name})
    if event.registrations.filter(member=member).exclude(
        status=RegistrationStatus.WITHDRAWN
    ).exists():
        raise _already_registered(event, member.full_name)
    for day in event_days(event):
        if not member.may_play_on(day):
            raise ValidationError(
                _("%(name)s is under 18 on %(day)s, outside the club's holidays, and may not "
                  "play (Art. 12).") % {"name": member.full_name, "day": day.isoformat()}
            )


def _check_guest_not_registered(event: Event, guest_name: str, guest_club: str) -> None:
    if event.registrations.filter(
        member__isnull=True, guest_name__iexact=guest_name, guest_club__iexact=guest_club
    ).exclude(status=RegistrationStatus.WITHDRAWN).exists():
        raise _already_registered(event, guest_name)


def _already_registered(event: Event, name: str) -> ValidationError:
    return ValidationError(_("%(name)s is already registered for %(event)s.") % {
        "name": name, "event": event.title}, code="already_registered")


def approve(registration: Registration) -> Registration:
    """Accept a pending self-registration: a place if there is one, else the
    waiting list."""
    with transaction.atomic():
        event = locked_event(registration.event)
        registration = locked_registration(registration)
        if registration.status != RegistrationStatus.PENDING:
            raise ValidationError(_("%(name)s is not awaiting approval.") % {
                "name": registration.name})
        registration.status = (
            RegistrationStatus.REGISTERED if _has_place(event) else RegistrationStatus.WAITING
        )
        registration.save(update_fields=["status"])
        return registration


def withdraw(registration: Registration) -> Registration:
    """Withdraw before playing. A freed place goes to the first on the
    waiting list. Someone who has played drops out instead (drop_out)."""
    with transaction.atomic():
        event = locked_event(registration.event)
        registration = locked_registration(registration)
        if registration.status == RegistrationStatus.WITHDRAWN:
            raise ValidationError(_("%(name)s has already withdrawn.") % {
                "name": registration.name})
        if registration.seats.filter(
            round__status__in=(RoundStatus.STARTED, RoundStatus.CLOSED)
        ).exists():
            raise ValidationError(_("%(name)s has played already; record a dropout instead of "
                                    "a withdrawal.") % {"name": registration.name})
        held_place = (
            registration.status == RegistrationStatus.REGISTERED and not registration.is_substitute
        )
        # A seat in a round not yet started is freed; starting that round is
        # refused until it is re-seated or the seat is filled (swap_players).
        registration.seats.all().delete()
        registration.status = RegistrationStatus.WITHDRAWN
        registration.checked_in_at = None
        registration.save(update_fields=["status", "checked_in_at"])
        if held_place:
            promote_waiting(event)
        return registration


def promote_waiting(event: Event) -> list[Registration]:
    """Give free places to the waiting list, first come first served. The
    caller holds the event's lock."""
    promoted = []
    waiting = event.registrations.select_for_update(of=("self",)).filter(status=RegistrationStatus.WAITING)
    for registration in waiting.order_by("created_at", "pk"):
        if not _has_place(event):
            break
        registration.status = RegistrationStatus.REGISTERED
        registration.save(update_fields=["status"])
        promoted.append(registration)
    return promoted


def waiting_position(registration: Registration) -> int | None:
    """1 for the first on the waiting list; None when not waiting."""
    if registration.status != RegistrationStatus.WAITING:
        return None
    ahead = registration.event.registrations.filter(status=RegistrationStatus.WAITING).filter(
        Q(created_at__lt=registration.created_at)
        | Q(created_at=registration.created_at, pk__lt=registration.pk)
    )
    return ahead.count() + 1


def check_in(registration: Registration, *, late: bool = False) -> Registration:
    """Mark a registered player present. Once anyone is checked in, only
    checked-in players are seated; `late` marks someone who came after the
    first round was seated (they are seated from the next round on)."""
    with transaction.atomic():
        registration = locked_registration(registration)
        if registration.status != RegistrationStatus.REGISTERED:
            raise ValidationError(_("%(name)s cannot check in: %(status)s.") % {
                "name": registration.name, "status": registration.get_status_display()})
        if registration.event.status == EventStatus.FINISHED:
            raise ValidationError(_("%(event)s is finished.") % {
                "event": registration.event.title})
        if registration.checked_in_at is None:
            registration.checked_in_at = timezone.now()
        registration.late = registration.late or late
        registration.save(update_fields=["checked_in_at", "late"])
        return registration


def drop_out(registration: Registration, *, after_round: int) -> Registration:
    """The player leaves after round `after_round` (0: before the first) and
    is not seated in later rounds. A seat they already have in a later round
    that has not started must be re-seated or taken by a substitute: starting
    that round is refused until then."""
    with transaction.atomic():
        registration = locked_registration(registration)
        name = registration.name
        if registration.status != RegistrationStatus.REGISTERED:
            raise ValidationError(_("%(name)s is not a registered player.") % {"name": name})
        if registration.dropped_after_round is not None:
            raise ValidationError(_("%(name)s already dropped out after round %(round)s.") % {
                "name": name, "round": registration.dropped_after_round})
        if after_round < 0:
            raise ValidationError(_("A round number cannot be negative."))
        if after_round > limits.MAX_ROUNDS:
            raise ValidationError(_("An event has at most %(rounds)s rounds.") % {
                "rounds": limits.MAX_ROUNDS})
        played = registration.seats.filter(
            round__status__in=(RoundStatus.STARTED, RoundStatus.CLOSED),
            round__number__gt=after_round,
        ).order_by("-round__number").first()
        if played is not None:
            raise ValidationError(_("%(name)s has played in round %(round)s, so cannot drop out "
                                    "after round %(after)s.") % {
                "name": name, "round": played.round.number, "after": after_round})
        registration.dropped_after_round = after_round
        registration.save(update_fields=["dropped_after_round"])
        return registration


def substitute(
    dropped: Registration, *, member: Member | None = None, guest_name: str = ""
) -> Registration:
    """A substitute takes over a dropped player's seat from the next round on.
    Their results are kept apart and never ranked. They are present at once
    (checked in), and take the dropped player's seat in a round already
    seated but not started."""
    guest_name = guest_name.strip()
    if (member is None) == (not guest_name):
        raise ValidationError(_("Give the substitute: a member or a guest by name."))
    with transaction.atomic():
        event = locked_event(dropped.event)
        dropped = locked_registration(dropped)
        if dropped.dropped_after_round is None:
            raise ValidationError(_("%(name)s has not dropped out; only a dropped player can be "
                                    "substituted.") % {"name": dropped.name})
        if dropped.is_substitute:
            raise ValidationError(_("%(name)s is a substitute; substitute the player they "
                                    "replaced instead.") % {"name": dropped.name})
        if event.status == EventStatus.FINISHED:
            raise ValidationError(_("%(event)s is finished.") % {"event": event.title})
        if dropped.substitutes.exclude(status=RegistrationStatus.WITHDRAWN).exists():
            raise ValidationError(_("%(name)s already has a substitute.") % {
                "name": dropped.name})
        if member is not None:
            if event.registrations.filter(member=member).exists():
                raise _already_registered(event, member.full_name)
            for day in event_days(event):
                if not member.may_play_on(day):
                    raise ValidationError(_("%(name)s is under 18 and may not play (Art. 12).")
                                          % {"name": member.full_name})
        else:
            _check_guest_not_registered(event, guest_name, "")
        registration = Registration(
            event=event, member=member, guest_name=guest_name if member is None else "",
            status=RegistrationStatus.REGISTERED, substitute_for=dropped,
            checked_in_at=timezone.now(),
        )
        try:
            with transaction.atomic():
                registration.save()
        except IntegrityError:
            raise _already_registered(event, registration.name) from None
        Seat.objects.filter(
            registration=dropped,
            round__number__gt=dropped.dropped_after_round,
            round__status__in=(RoundStatus.PLANNED, RoundStatus.SEATED),
        ).update(registration=registration)
        return registration
