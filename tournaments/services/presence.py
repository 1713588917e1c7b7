"""Who plays round n: presence is decided per round, not by a switch.

A registered player plays round n when all of these hold:

* they play from round `first_round` (None: from round 1) and have not
  dropped out before round n (`dropped_after_round`);
* a substitute plays only from the round after the player they replace
  dropped out;
* a player marked "arrives later" (`late`) who has not checked in plays no
  round until they check in;
* once check-in at the door has started (anyone, not a substitute, checked
  in), a player who has not checked in is absent, unless they already
  played an earlier round: check-in never makes a player absent who was
  playing.

Checking in after rounds have started sets `first_round` to the first round
not yet started (services/registration.py), so a late arrival joins from the
round they arrive. A round seated before someone arrived, or before someone
left, is flagged by `reseat_notice`; seating refuses a count of players that
cannot make tables with a Dutch sentence saying what to do
(`seating_refusal`).

Everything is computed from the registrations and the seats of started
rounds: nothing here writes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.engine import RULESETS
from tournaments import seating
from tournaments.models import (
    Event,
    OddTables,
    Registration,
    RegistrationStatus,
    Round,
    RoundStatus,
    Seat,
)

PLAYED = (RoundStatus.STARTED, RoundStatus.CLOSED)


# --- The rounds of an event ----------------------------------------------------


def first_open_round(event: Event) -> int:
    """The first round that has not started: where a player arriving now
    joins (1 before anything started)."""
    last = event.rounds.filter(status__in=PLAYED).aggregate(last=Max("number"))["last"]
    return (last or 0) + 1


def under_way(event: Event) -> bool:
    """Whether a round of the event has started."""
    return event.rounds.filter(status__in=PLAYED).exists()


def played_ids(event: Event, *, before: int | None = None) -> set[int]:
    """The registrations with a seat in a started or closed round (before
    round `before`, when given)."""
    seats = Seat.objects.filter(round__event=event, round__status__in=PLAYED)
    if before is not None:
        seats = seats.filter(round__number__lt=before)
    return set(seats.values_list("registration_id", flat=True))


def has_played(registration: Registration, *, since: object = None) -> int | None:
    """The last round `registration` played (a seat in a started or closed
    round), or None; with `since` (a time), only rounds started at or after
    it count."""
    seats = registration.seats.filter(round__status__in=PLAYED)
    if since is not None:
        seats = seats.filter(round__started_at__gte=since)
    return seats.aggregate(last=Max("round__number"))["last"]


def check_in_started(registrations: Iterable[Registration]) -> bool:
    """Check-in at the door has started once a registered player who is not
    a substitute has checked in (a substitute is checked in when added)."""
    return any(
        registration.status == RegistrationStatus.REGISTERED
        and registration.substitute_for_id is None
        and registration.checked_in_at is not None
        for registration in registrations
    )


# --- Who plays a round ---------------------------------------------------------


@dataclass
class RoundPresence:
    """Presence for one round number of an event: who plays, and for anyone
    else why not (a sentence for the organiser)."""

    event: Event
    number: int
    registrations: list[Registration]
    check_in_started: bool
    played_earlier: set[int]
    players: list[Registration] = field(init=False)

    def __post_init__(self) -> None:
        self.players = [r for r in self.registrations if self.absence(r) is None]

    @property
    def ids(self) -> set[int]:
        return {player.pk for player in self.players}

    def __contains__(self, registration: object) -> bool:
        return isinstance(registration, Registration) and registration.pk in self.ids

    def absence(self, registration: Registration) -> str | None:
        """Why `registration` does not play this round, or None when they do."""
        name = registration.name
        number = self.number
        if registration.event_id != self.event.pk:
            return _("%(name)s is not registered for this event.") % {"name": name}
        if registration.status != RegistrationStatus.REGISTERED:
            return _("%(name)s cannot be seated: %(status)s.") % {
                "name": name, "status": registration.get_status_display()}
        dropped = registration.dropped_after_round
        if dropped is not None and dropped < number:
            return _("%(name)s dropped out after round %(after)s and cannot be seated in round "
                     "%(round)s.") % {"name": name, "after": dropped, "round": number}
        original = registration.substitute_for
        if original is not None:
            if original.dropped_after_round is None or original.dropped_after_round >= number:
                return _("%(name)s substitutes for %(original)s, who still plays in round "
                         "%(round)s.") % {"name": name, "original": original.name,
                                          "round": number}
            return None  # a substitute is checked in when added
        first = registration.first_round or 1
        if first > number:
            return _("%(name)s plays from round %(first)s on.") % {"name": name, "first": first}
        if registration.checked_in_at is None:
            if registration.late:
                return _("%(name)s arrives later and has not checked in yet.") % {"name": name}
            if self.check_in_started and registration.pk not in self.played_earlier:
                return _("%(name)s has not checked in.") % {"name": name}
        return None


def for_number(event: Event, number: int) -> RoundPresence:
    registrations = list(
        event.registrations.filter(status=RegistrationStatus.REGISTERED)
        .select_related("member", "substitute_for__member")
        .order_by("pk")
    )
    started = check_in_started(registrations)
    return RoundPresence(
        event=event,
        number=number,
        registrations=registrations,
        check_in_started=started,
        played_earlier=played_ids(event, before=number) if started else set(),
    )


def for_round(round_: Round) -> RoundPresence:
    return for_number(round_.event, round_.number)


def players_for_round(round_: Round) -> list[Registration]:
    """Who is seated in this round, in registration order."""
    return for_round(round_).players


# --- A seated round that no longer matches --------------------------------------


@dataclass(frozen=True)
class ReseatNotice:
    """A round seated but not started whose seating no longer matches who
    plays: players who now play but have no seat, seated players who no
    longer play. Names in Dutch surname order."""

    round: Round
    missing: list[str]
    leaving: list[str]

    @property
    def text(self) -> str:
        parts = []
        if self.missing:
            parts.append(ngettext(
                "%(names)s plays in round %(round)s but has no seat.",
                "%(names)s play in round %(round)s but have no seat.",
                len(self.missing)) % {"names": ", ".join(self.missing),
                                      "round": self.round.number})
        if self.leaving:
            parts.append(ngettext(
                "%(names)s is seated in round %(round)s but does not play.",
                "%(names)s are seated in round %(round)s but do not play.",
                len(self.leaving)) % {"names": ", ".join(self.leaving),
                                      "round": self.round.number})
        parts.append(_("Seat round %(round)s again before it starts.") % {
            "round": self.round.number})
        return " ".join(parts)


def reseat_notice(event: Event) -> ReseatNotice | None:
    """The first seated round that has not started, when its seating no
    longer matches presence (someone arrived, left or checked in after it
    was seated); None when there is none or it still matches."""
    round_ = (event.rounds.filter(status=RoundStatus.SEATED).order_by("number")
              .select_related("event").first())
    if round_ is None:
        return None
    presence = for_round(round_)
    seated = dict(
        Registration.objects.filter(seats__round=round_).values_list("pk", "sort_name"))
    playing = {player.pk: player for player in presence.players}
    missing = sorted((player for pk, player in playing.items() if pk not in seated),
                     key=lambda player: player.sort_name)
    leaving_ids = [pk for pk in seated if pk not in playing]
    leaving = sorted(
        Registration.objects.filter(pk__in=leaving_ids).select_related("member"),
        key=lambda registration: registration.sort_name) if leaving_ids else []
    if not missing and not leaving:
        return None
    return ReseatNotice(round=round_, missing=[player.name for player in missing],
                        leaving=[registration.name for registration in leaving])


# --- Counts that make no tables ---------------------------------------------------


def _seats(count: int, odd_tables: str) -> bool:
    try:
        seating.table_sizes(count, odd_tables)
    except seating.SeatingError:
        return False
    return True


def seating_refusal(event: Event, number: int, count: int) -> str | None:
    """None when `count` players make tables by the event's choice for odd
    numbers; otherwise what the organiser can do, in a sentence."""
    ruleset = RULESETS.get(event.ruleset)
    if ruleset is not None and ruleset.by_table_result and count % 4:
        # MCR, Riichi: tables of 4 only, never of 3 or 5.
        more, fewer = 4 - count % 4, count % 4
        return ngettext(
            "%(count)s player cannot be seated in round %(round)s: %(ruleset)s is played at "
            "tables of 4 only: add %(more)s (substitutes or guests) or withdraw %(fewer)s (or "
            "mark them \"arrives later\" at the door).",
            "%(count)s players cannot be seated in round %(round)s: %(ruleset)s is played at "
            "tables of 4 only: add %(more)s (substitutes or guests) or withdraw %(fewer)s (or "
            "mark them \"arrives later\" at the door).",
            count) % {"count": count, "round": number, "ruleset": ruleset.title,
                      "more": more, "fewer": fewer}
    odd_tables = event.odd_tables
    if _seats(count, odd_tables):
        return None
    if count < 3:
        return ngettext(
            "Only %(count)s player plays in round %(round)s; a table needs at least 3. "
            "Check the players in at the door, or register more.",
            "Only %(count)s players play in round %(round)s; a table needs at least 3. "
            "Check the players in at the door, or register more.",
            count) % {"count": count, "round": number}
    if odd_tables == OddTables.FIVE:
        problem = ngettext(
            "%(count)s player cannot be seated at tables of 4 and 5 in round %(round)s.",
            "%(count)s players cannot be seated at tables of 4 and 5 in round %(round)s.",
            count) % {"count": count, "round": number}
        other, other_choice = OddTables.THREE, _("choose tables of 3 in the event's settings")
    else:
        problem = ngettext(
            "%(count)s player cannot be seated at tables of 4 and 3 in round %(round)s.",
            "%(count)s players cannot be seated at tables of 4 and 3 in round %(round)s.",
            count) % {"count": count, "round": number}
        other, other_choice = OddTables.FIVE, _("choose tables of 5 in the event's settings")
    options = []
    ruleset = RULESETS.get(event.ruleset)
    plays_at_three = ruleset is None or 3 in ruleset.player_counts
    if _seats(count, other) and (other != OddTables.THREE or plays_at_three):
        options.append(other_choice)
    if _seats(count + 1, odd_tables):
        options.append(_("register one more player (a guest) and check them in"))
    if _seats(count - 1, odd_tables):
        options.append(_("let one player sit out this round: mark them \"arrives later\" at "
                         "the door and check them in again for the next round"))
    if not options:
        return problem
    return _("%(problem)s You can: %(options)s.") % {
        "problem": problem, "options": _("; or ").join(options)}


def check_seatable(round_: Round, count: int) -> None:
    """Refuse, in a sentence saying what to do, a count that makes no tables."""
    refusal = seating_refusal(round_.event, round_.number, count)
    if refusal is not None:
        raise ValidationError(refusal, code="cannot_seat")
