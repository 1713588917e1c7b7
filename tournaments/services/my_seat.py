"""Where a member stands in an event: their state (registered, waiting,
checked in, dropped out...), their table in the round being played ("my
table now") and their seat in the next round once it is seated.

Read only: the member's pages ("Mijn toernooien" and the event page) show
it. A seat is told as the seating stores it: position 0-3 is the seat wind
at the start of the round (E S W N), 4 the fifth player of a table of 5
(tournaments/seating/winds.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import access
from tournaments.models import (
    SEAT_LABELS,
    Event,
    EventStatus,
    Registration,
    RegistrationStatus,
    Round,
    RoundStatus,
    Seat,
    Table,
)
from tournaments.services import registration as registrations
from tournaments.services import standings

User = AbstractBaseUser | AnonymousUser


# --- The member's state -----------------------------------------------------------

# What the page shows as a badge; the sentence says it in full.
NOT_REGISTERED = "not_registered"
REGISTERED = "registered"
CHECKED_IN = "checked_in"
LATE = "late"
WAITING = "waiting"
PENDING = "pending"
DROPPED = "dropped"
WITHDRAWN = "withdrawn"
FINISHED = "finished"  # played a finished event: where they finished


@dataclass(frozen=True)
class State:
    code: str
    badge: str
    sentence: str


def state_of(registration: Registration | None) -> State:
    """The member's state for the event of `registration` (None: not registered)."""
    if registration is None:
        return State(NOT_REGISTERED, _("not registered"), _("You are not registered."))
    status = registration.status
    if status == RegistrationStatus.WITHDRAWN:
        return State(WITHDRAWN, _("withdrawn"), _("You have withdrawn your registration."))
    if status == RegistrationStatus.WAITING:
        position = registrations.waiting_position(registration)
        return State(WAITING, _("waiting list"), _(
            "You are on the waiting list, at position %(position)s.") % {"position": position})
    if status == RegistrationStatus.PENDING:
        return State(PENDING, _("awaiting approval"),
                     _("You are registered, awaiting approval by the organiser."))
    dropped = registration.dropped_after_round
    if dropped is not None:
        if dropped == 0:
            return State(DROPPED, _("dropped out"),
                         _("You dropped out before the first round."))
        return State(DROPPED, _("dropped out"), _(
            "You dropped out after round %(round)s.") % {"round": dropped})
    first_round = registration.first_round
    if registration.checked_in_at is not None:
        if first_round is not None and first_round > 1:
            return State(CHECKED_IN, _("checked in"), _(
                "You are checked in and play from round %(round)s.") % {"round": first_round})
        if registration.late:
            return State(CHECKED_IN, _("checked in"),
                         _("You are checked in; you arrived late."))
        return State(CHECKED_IN, _("checked in"), _("You are checked in."))
    if first_round is not None and first_round > 1:
        return State(LATE, _("arrives late"), _(
            "You are registered and play from round %(round)s.") % {"round": first_round})
    if registration.late:
        return State(LATE, _("arrives late"),
                     _("You are registered and arrive late."))
    return State(REGISTERED, _("registered"), _("You are registered."))


# --- My table now, my next seat --------------------------------------------------


@dataclass(frozen=True)
class Neighbour:
    wind: str
    name: str
    is_substitute: bool


@dataclass(frozen=True)
class MySeat:
    """The member's seat in one round: the table, their seat wind at the
    start of the round, the others at the table in seat order, and whether
    they keep the score there (a link to the table's score-entry page)."""

    round: Round
    table: Table
    position: int
    wind: str
    others: tuple[Neighbour, ...]
    keeps_score: bool

    @property
    def is_fifth(self) -> bool:
        return self.position == 4


@dataclass(frozen=True)
class Whereabouts:
    """Where the member sits: `now` in the round being played, `next` in the
    next round once it is seated; `playing` and `upcoming` are those rounds
    whether or not the member has a seat in them, and `not_seated` says why
    they have none (a late arrival, a dropout...)."""

    playing: Round | None
    now: MySeat | None
    upcoming: Round | None
    next: MySeat | None
    not_seated: str


def _seat_in(registration: Registration, round_: Round, user: User) -> MySeat | None:
    mine = Seat.objects.filter(round=round_, registration=registration).select_related(
        "table").first()
    if mine is None:
        return None
    table = mine.table
    table.round = round_  # spares a query when the access check reads it
    others = tuple(
        Neighbour(wind=str(SEAT_LABELS[seat.position]), name=seat.registration.name,
                  is_substitute=seat.registration.is_substitute)
        for seat in table.seats.select_related("registration__member").order_by("position")
        if seat.registration_id != registration.pk
    )
    return MySeat(round=round_, table=table, position=mine.position,
                  wind=str(SEAT_LABELS[mine.position]), others=others,
                  keeps_score=access.can_keep_score(user, table))


def _why_not_seated(registration: Registration, round_: Round) -> str:
    """Why the member has no seat in `round_`, in their own words."""
    number = round_.number
    if registration.status != RegistrationStatus.REGISTERED:
        return _("You do not play in round %(round)s.") % {"round": number}
    dropped = registration.dropped_after_round
    if dropped is not None and dropped < number:
        return _("You do not play in round %(round)s: you dropped out.") % {"round": number}
    first_round = registration.first_round
    if first_round is not None and first_round > number:
        return _("You are not seated in round %(round)s: you play from round %(first)s.") % {
            "round": number, "first": first_round}
    if registration.late:
        return _("You are not seated in round %(round)s: you arrived late. The organiser "
                 "seats you in a next round.") % {"round": number}
    if registration.checked_in_at is None:
        return _("You are not seated in round %(round)s: you have not checked in. Report to "
                 "the organiser.") % {"round": number}
    return _("You are not seated in round %(round)s. Ask the organiser.") % {"round": number}


def whereabouts(registration: Registration | None, user: User) -> Whereabouts | None:
    """The member's table now and next seat in a running event; None when
    the event is not running or they are not registered."""
    if registration is None or registration.event.status != EventStatus.RUNNING:
        return None
    event_rounds = list(registration.event.rounds.order_by("number"))
    started = [r for r in event_rounds if r.status == RoundStatus.STARTED]
    playing = started[-1] if started else None
    after = playing.number if playing else 0
    upcoming = next((r for r in event_rounds
                     if r.status == RoundStatus.SEATED and r.number > after), None)
    now = _seat_in(registration, playing, user) if playing else None
    next_seat = _seat_in(registration, upcoming, user) if upcoming else None
    not_seated = ""
    if playing is not None and now is None:
        not_seated = _why_not_seated(registration, playing)
    elif upcoming is not None and next_seat is None:
        not_seated = _why_not_seated(registration, upcoming)
    return Whereabouts(playing=playing, now=now, upcoming=upcoming, next=next_seat,
                       not_seated=not_seated)


# --- The member's card for an event ------------------------------------------------


@dataclass(frozen=True)
class FinalPlace:
    """Where the member finished a finished event (its standings after the
    last round): `position` None when they are listed but not ranked (a
    substitute, a guest where guests are not ranked)."""

    position: int | None
    of: int  # the players ranked
    shared: bool
    table_points: Decimal
    score: int
    rounds_played: int


def final_place(registration: Registration) -> FinalPlace | None:
    """The member's line in the final standings of a finished event; None
    while it runs, and for a member who played no round."""
    event = registration.event
    if event.status != EventStatus.FINISHED:
        return None
    rows = standings.event_standings(event)
    mine = next((row for row in rows if row.key == registration.pk), None)
    if mine is None:
        return None
    ranked = [row for row in rows if row.ranked]
    shared = mine.position is not None and sum(
        1 for row in ranked if row.position == mine.position) > 1
    return FinalPlace(position=mine.position, of=len(ranked), shared=shared,
                      table_points=mine.table_points, score=mine.score,
                      rounds_played=mine.rounds_played)


def _finished(place: FinalPlace) -> State:
    if place.position is None:
        return State(FINISHED, _("played"), ngettext(
            "You played %(rounds)s round, not ranked.", "You played %(rounds)s rounds, not ranked.",
            place.rounds_played) % {"rounds": place.rounds_played})
    if place.shared:
        return State(FINISHED, _("played"), _(
            "You finished in shared place %(position)s of %(of)s.") % {
                "position": place.position, "of": place.of})
    return State(FINISHED, _("played"), _("You finished in place %(position)s of %(of)s.") % {
        "position": place.position, "of": place.of})


@dataclass(frozen=True)
class MemberCard:
    """One event as the member sees it: their state, where they sit, and
    what they can do (register, withdraw); once the event is finished,
    where they finished."""

    event: Event
    registration: Registration | None
    state: State
    seat: Whereabouts | None
    can_register: bool
    can_withdraw: bool
    place: FinalPlace | None = None
    # The tables of the round being played whose score the member keeps
    # (named as the event's scorekeeper), but the one they sit at, which
    # has its own button: the way to them from "My events".
    score_tables: tuple[Table, ...] = ()


# A scorekeeper of every table of a big tournament is sent to the event page.
MOST_SCORE_TABLES = 12


def score_tables(event: Event, user: User, seat: Whereabouts | None) -> tuple[Table, ...]:
    """The tables of `event`'s rounds being played that `user` keeps the
    score of as its scorekeeper, less the table they sit at."""
    if event.status != EventStatus.RUNNING:
        return ()
    tables = access.tables_kept_by(user).filter(round__event=event,
                                                round__status=RoundStatus.STARTED)
    own = seat.now.table.pk if seat is not None and seat.now is not None else None
    return tuple(tables.exclude(pk=own).select_related("round")
                 .order_by("round__number", "number")[:MOST_SCORE_TABLES])


def card_for(event: Event, registration: Registration | None, user: User,
             *, own_club: bool) -> MemberCard:
    """`own_club`: the member belongs to the event's club (only they register
    themselves for its club evenings; the service has the last word)."""
    active = registration is not None and registration.status != RegistrationStatus.WITHDRAWN
    is_open = event.status == EventStatus.OPEN
    place = final_place(registration) if registration is not None and active else None
    seat = whereabouts(registration, user) if active else None
    return MemberCard(
        event=event,
        registration=registration,
        state=_finished(place) if place is not None else state_of(registration),
        place=place,
        seat=seat,
        score_tables=score_tables(event, user, seat),
        can_register=is_open and event.self_registration and own_club and not active,
        # Only before play: whoever has played drops out through the organiser.
        can_withdraw=is_open and active,
    )


def registration_of(user: User, event: Event) -> Registration | None:
    """The logged-in member's registration for `event`, if any."""
    member = access.member_for(user)
    if member is None:
        return None
    return event.registrations.select_related("member", "event").filter(member=member).first()

