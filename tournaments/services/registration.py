"""Registration for events: by the organiser or by members online, the
waiting list, approval, check-in, dropouts and substitutes.

Each operation locks the event row first, so two organisers (or a member
and an organiser) registering at once cannot both take the last place.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs import limits
from clubs.models import Member
from clubs.services import ema_number_error
from common.countries import is_country, is_ema_number, normalised_ema_number
from tournaments.models import (
    Event,
    EventKind,
    EventStatus,
    Registration,
    RegistrationStatus,
    RoundStatus,
    Seat,
)
from tournaments.services import presence


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
    guest_ema_number: str | None = "",
    guest_country: str | None = "",
    by_organiser: bool = True,
) -> Registration:
    """Register a member or a guest. Full events put newcomers on the waiting
    list; events that ask for approval hold self-registrations as pending.
    Registered by the organiser once a round has started, they are checked
    in and play from the first round not yet started. A guest may carry an
    EMA number (8 digits, once per event) and a country (an IOC code), for
    the EMA results; a member's are the member's own."""
    guest_name = guest_name.strip()
    guest_club = guest_club.strip()
    if (member is None) == (not guest_name):
        raise ValidationError(_("Register either a member or a guest by name."))
    guest_ema_number = normalised_ema_number(guest_ema_number) or ""
    guest_country = (guest_country or "").strip().upper()
    if member is not None and (guest_ema_number or guest_country):
        raise ValidationError(_("A member's EMA number and country are the member's own: "
                                "set them in the member's details."))
    _check_guest_ema(guest_ema_number, guest_country)
    with transaction.atomic():
        event = locked_event(event)
        _check_open(event, by_organiser)
        if member is not None:
            _check_member_may_register(event, member, by_organiser)
        else:
            if not by_organiser:
                raise ValidationError(_("Only the organiser can register guests."))
            _check_guest_not_registered(event, guest_name, guest_club)
            _check_guest_ema_free(event, guest_ema_number)

        if not by_organiser and event.requires_approval:
            status = RegistrationStatus.PENDING
        elif _has_place(event):
            status = RegistrationStatus.REGISTERED
        else:
            status = RegistrationStatus.WAITING
        # Registered by the organiser while the event is under way: they are
        # at the venue, so present from the first round not yet started.
        present_now = (by_organiser and status == RegistrationStatus.REGISTERED
                       and presence.under_way(event))

        earlier = (
            event.registrations.filter(member=member).first() if member is not None else None
        )
        if earlier is not None:
            # A withdrawn member comes back: the same row (one per member and
            # event), queued as a new registration.
            earlier.status = status
            earlier.created_at = timezone.now()
            earlier.checked_in_at = None
            earlier.first_round = None
            earlier.late = False
            earlier.dropped_after_round = None
            earlier.substitute_for = None  # a withdrawn substitute now registers as a player
            if present_now:
                _mark_present(event, earlier, played=set())
            earlier.save()
            return earlier
        registration = Registration(
            event=event, member=member, guest_name=guest_name, guest_club=guest_club,
            guest_ema_number=guest_ema_number, guest_country=guest_country, status=status,
        )
        if present_now:
            _mark_present(event, registration, played=set())
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


def _check_guest_ema(number: str, country: str) -> None:
    errors = {}
    if number and not is_ema_number(number):
        errors["guest_ema_number"] = ema_number_error(number)
    if country and not is_country(country):
        errors["guest_country"] = _("Country: %(value)s is not a country code we know "
                                    "(three letters, e.g. NED, GER, BEL).") % {
            "value": country[:20]}
    if errors:
        raise ValidationError(errors)


def _check_guest_ema_free(event: Event, number: str) -> None:
    """An EMA number once per event (the constraint guest_ema_number_once_per_event),
    named with who has it; a member of the event with that number too."""
    if not number:
        return
    holder = event.registrations.filter(guest_ema_number=number).first()
    if holder is None:
        holder = event.registrations.filter(member__ema_number=number).exclude(
            status=RegistrationStatus.WITHDRAWN).select_related("member").first()
    if holder is not None:
        raise ValidationError({"guest_ema_number": _(
            "EMA number %(number)s already belongs to %(name)s in %(event)s.") % {
            "number": number, "name": holder.name, "event": event.title}})


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
    """Mark a registered player present (at the door, or themselves). Once
    rounds have started, a player who has not played yet joins from the
    first round not yet started (`first_round`); a round already seated
    without them is flagged by presence.reseat_notice. `late` records that
    they came late."""
    with transaction.atomic():
        event = locked_event(registration.event)
        registration = locked_registration(registration)
        _check_may_check_in(event, registration)
        if registration.checked_in_at is None:
            _mark_present(event, registration, played=presence.played_ids(event))
        registration.late = registration.late or late
        registration.save(update_fields=["checked_in_at", "first_round", "late"])
        return registration


def _check_may_check_in(event: Event, registration: Registration) -> None:
    name = registration.name
    if registration.status != RegistrationStatus.REGISTERED:
        raise ValidationError(_("%(name)s cannot check in: %(status)s.") % {
            "name": name, "status": registration.get_status_display()})
    if event.status == EventStatus.FINISHED:
        raise ValidationError(_("%(event)s is finished.") % {"event": event.title})
    if registration.dropped_after_round is not None:
        raise ValidationError(_("%(name)s dropped out after round %(round)s.") % {
            "name": name, "round": registration.dropped_after_round})


def _mark_present(event: Event, registration: Registration, *, played: set[int]) -> None:
    """Check in now; a player who has not played joins from the first round
    not yet started (None: from round 1)."""
    registration.checked_in_at = timezone.now()
    if registration.pk not in played:
        first = presence.first_open_round(event)
        registration.first_round = first if first > 1 else None


def undo_check_in(registration: Registration) -> Registration:
    """Undo a check-in (a mistaken tap): possible while the player has not
    played since checking in."""
    with transaction.atomic():
        locked_event(registration.event)
        registration = locked_registration(registration)
        name = registration.name
        if registration.checked_in_at is None:
            raise ValidationError(_("%(name)s has not checked in.") % {"name": name})
        if registration.is_substitute:
            raise ValidationError(_("%(name)s is a substitute and stays present; withdraw them "
                                    "instead.") % {"name": name})
        played = presence.has_played(registration, since=registration.checked_in_at)
        if played is not None:
            raise ValidationError(_("%(name)s has played in round %(round)s since checking in, "
                                    "so the check-in stays; record a dropout instead.") % {
                "name": name, "round": played})
        registration.checked_in_at = None
        registration.first_round = None
        registration.save(update_fields=["checked_in_at", "first_round"])
        return registration


def mark_late(registration: Registration, *, late: bool = True) -> Registration:
    """"Arrives later": the player is not here now and plays no round until
    they check in (a check-in is undone: they are not here after all).
    With late=False the mark is taken back."""
    with transaction.atomic():
        event = locked_event(registration.event)
        registration = locked_registration(registration)
        name = registration.name
        if registration.status != RegistrationStatus.REGISTERED:
            raise ValidationError(_("%(name)s is not a registered player.") % {"name": name})
        if event.status == EventStatus.FINISHED:
            raise ValidationError(_("%(event)s is finished.") % {"event": event.title})
        if registration.is_substitute:
            raise ValidationError(_("%(name)s is a substitute and is present.") % {"name": name})
        if late and registration.dropped_after_round is not None:
            raise ValidationError(_("%(name)s dropped out after round %(round)s.") % {
                "name": name, "round": registration.dropped_after_round})
        registration.late = late
        if late:
            registration.checked_in_at = None
            registration.first_round = None
        registration.save(update_fields=["late", "checked_in_at", "first_round"])
        return registration


def check_in_all_registered(event: Event) -> list[Registration]:
    """Check in every registered player not yet checked in, except those
    who arrive later or dropped out, and those who played a round already
    (they play on without). Returns who was checked in."""
    with transaction.atomic():
        event = locked_event(event)
        if event.status == EventStatus.FINISHED:
            raise ValidationError(_("%(event)s is finished.") % {"event": event.title})
        waiting = list(
            event.registrations.select_for_update(of=("self",)).filter(
                status=RegistrationStatus.REGISTERED, checked_in_at__isnull=True, late=False,
                dropped_after_round__isnull=True, substitute_for__isnull=True,
            ).order_by("sort_name", "pk")
        )
        played = presence.played_ids(event)
        waiting = [registration for registration in waiting if registration.pk not in played]
        for registration in waiting:
            _mark_present(event, registration, played=played)
        Registration.objects.bulk_update(waiting, ["checked_in_at", "first_round"])
        return waiting


def set_self_check_in(event: Event, *, open_: bool) -> Event:
    """Open or close self check-in: registered members check themselves in
    from their phone while it is open."""
    with transaction.atomic():
        event = locked_event(event)
        if open_ and event.status == EventStatus.FINISHED:
            raise ValidationError(_("%(event)s is finished.") % {"event": event.title})
        event.self_check_in = open_
        event.save(update_fields=["self_check_in"])
        return event


def self_check_in(event: Event, member: Member) -> Registration:
    """A registered member checks themselves in (their phone, or the QR
    code at the door), while the organiser has self check-in open."""
    if not event.self_check_in:
        raise ValidationError(_("Self check-in for %(event)s is not open; report at the "
                                "door.") % {"event": event.title})
    registration = event.registrations.filter(member=member).first()
    if registration is None or registration.status != RegistrationStatus.REGISTERED:
        raise ValidationError(_("You are not registered for %(event)s; report at the door.")
                              % {"event": event.title})
    if registration.checked_in_at is not None:
        return registration
    return check_in(registration)


@dataclass(frozen=True)
class BulkRegistration:
    """What register_members did: who is registered (or on the waiting
    list), and who could not be, with why."""

    registered: list[Registration]
    refused: list[tuple[str, str]]


# The most members registered in one go (a club's member list).
MAX_BULK = 1_000


def unregistered_members(event: Event) -> list[Member]:
    """The members of the event's club not registered for it (a withdrawn
    registration does not count), in Dutch surname order."""
    taken = event.registrations.filter(member__isnull=False).exclude(
        status=RegistrationStatus.WITHDRAWN).values("member_id")
    return list(event.club.members.exclude(pk__in=taken).order_by("sort_name", "pk"))


def register_members(event: Event, members: list[Member] | None = None, *,
                     all_active: bool = False) -> BulkRegistration:
    """Register several members of the event's club at once, or (all_active)
    every member active on the event's day who is not registered, in one
    transaction. A member who cannot be registered (already registered,
    under 18, of another club) is reported with the reason; the others are
    registered."""
    if all_active:
        members = [member for member in unregistered_members(event)
                   if member.is_active_on(event.start_date)]
    members = list(members or [])
    if not members:
        raise ValidationError(_("Choose at least one member to register."))
    if len(members) > MAX_BULK:
        raise ValidationError(_("Register at most %(count)s members at once.") % {
            "count": MAX_BULK})
    registered: list[Registration] = []
    refused: list[tuple[str, str]] = []
    with transaction.atomic():
        for member in sorted(members, key=lambda member: (member.sort_name, member.pk)):
            if member.club_id != event.club_id:
                refused.append((member.full_name, _("%(name)s is not a member of %(club)s.") % {
                    "name": member.full_name, "club": event.club.name}))
                continue
            try:
                with transaction.atomic():
                    registered.append(register(event, member=member, by_organiser=True))
            except ValidationError as error:
                refused.append((member.full_name, " ".join(error.messages)))
    return BulkRegistration(registered=registered, refused=refused)


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


def undo_drop_out(registration: Registration) -> Registration:
    """Take back a dropout (a mistaken tap): the player plays on, unless a
    substitute has taken over their seat."""
    with transaction.atomic():
        locked_event(registration.event)
        registration = locked_registration(registration)
        name = registration.name
        if registration.dropped_after_round is None:
            raise ValidationError(_("%(name)s has not dropped out.") % {"name": name})
        taken = registration.substitutes.exclude(status=RegistrationStatus.WITHDRAWN).first()
        if taken is not None:
            raise ValidationError(_("%(substitute)s has taken over the seat of %(name)s; "
                                    "withdraw the substitute first.") % {
                "substitute": taken.name, "name": name})
        registration.dropped_after_round = None
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
