"""Creating and editing events; the rules freeze with the first hand."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from clubs.models import Club
from tournaments import placing
from tournaments.models import Event, EventStatus, RoundStatus
from tournaments.services.registration import locked_event, promote_waiting

# Set by the system, never through update_event.
_SYSTEM_FIELDS = frozenset({"id", "pk", "club", "club_id", "rules_frozen_at", "created_at"})
# Frozen once the first hand is entered (issue 3 §2); whether a hand needs a
# second person's confirmation decides which hands count, so it freezes too.
_RULE_FIELDS = ("ruleset", "rule_options", "requires_confirmation")
# Fixed once a round has been closed: its stored table points used them.
_TABLE_POINT_FIELDS = ("table_point_scheme", "tie_rule")


def create_event(club: Club, **fields: Any) -> Event:
    _check_fields(fields)
    event = Event(club=club, **fields)
    with transaction.atomic():
        _validate(event)
        event.save()
    return event


def update_event(event: Event, **fields: Any) -> Event:
    """Change an event's details. The rule set and its options cannot change
    once a hand has been entered; the table points and tie rule not once a
    round has been closed. Raising the places gives them to the waiting list."""
    _check_fields(fields)
    with transaction.atomic():
        stored = locked_event(event)
        changed = {name for name, value in fields.items() if getattr(stored, name) != value}
        if stored.rules_frozen_at is not None:
            for name in _RULE_FIELDS:
                if name in changed:
                    raise ValidationError({name: _(
                        "The rules of %(event)s are frozen since the first hand was entered; "
                        "they cannot change.") % {"event": stored.title}})
        if stored.rounds.filter(status=RoundStatus.CLOSED).exists():
            for name in _TABLE_POINT_FIELDS:
                if name in changed:
                    raise ValidationError({name: _(
                        "Rounds of %(event)s have been closed with the current table points; "
                        "they cannot change.") % {"event": stored.title}})
        for name, value in fields.items():
            setattr(stored, name, value)
        _validate(stored)
        stored.save()
        if "max_places" in changed:
            promote_waiting(stored)
    event.refresh_from_db()
    return event


def finish_event(event: Event) -> Event:
    """Finish the event (the organiser's one click; close_round does it by
    itself after the last planned round). Finishing a finished event changes
    nothing."""
    with transaction.atomic():
        stored = locked_event(event)
        if stored.status == EventStatus.FINISHED:
            event.refresh_from_db()
            return event
        playing = stored.rounds.filter(status=RoundStatus.STARTED).first()
        if playing is not None:
            raise ValidationError(_("Round %(round)s is still being played; close it first.")
                                  % {"round": playing.number})
        stored.status = EventStatus.FINISHED
        stored.save(update_fields=["status"])
    event.refresh_from_db()
    return event


def _check_fields(fields: dict[str, Any]) -> None:
    bad = set(fields) & _SYSTEM_FIELDS
    if bad:
        raise TypeError(f"these event fields are not set by callers: {', '.join(sorted(bad))}")


def _validate(event: Event) -> None:
    # Field checks and Event.clean (known rule set; frozen rules).
    event.full_clean(exclude=["club"], validate_unique=False, validate_constraints=False)
    try:
        placing.get_scheme(event.table_point_scheme)
    except ValueError as error:
        raise ValidationError({"table_point_scheme": str(error)}) from None
    if event.days < 1:
        raise ValidationError({"days": _("An event lasts at least one day.")})
    if event.rounds_planned < 1:
        raise ValidationError({"rounds_planned": _("An event has at least one round.")})
    if event.max_places is not None and event.max_places < 3:
        raise ValidationError({"max_places": _("An event needs places for at least 3 players.")})
    if event.mers_age_from is not None and event.mers_age_from < event.start_date:
        raise ValidationError({"mers_age_from": _(
            "The date the ranking age counts from cannot be before the event's first day "
            "(%(date)s); leave it empty to count from the last day.") % {
            "date": date_format(event.start_date)}})
