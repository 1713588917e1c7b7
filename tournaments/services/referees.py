"""Referees: users who record, correct and remove an event's penalties
(tournaments/services/penalties.py) besides its organisers. The organiser
adds and removes them as they do scorekeepers; access is checked in
tournaments/access.py (can_referee, get_event_for_referee)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.models import Event, Referee


def add_referee(event: Event, user: Any) -> Referee:
    """Make `user` a referee of the event; adding someone twice keeps one row."""
    if not getattr(user, "pk", None):
        raise ValidationError(_("A referee needs a login."))
    referee, _created = Referee.objects.get_or_create(user=user, event=event)
    return referee


def remove_referee(event: Event, user: Any) -> int:
    """Remove the user as referee of the event; how many rows were removed."""
    deleted, _by_model = Referee.objects.filter(user_id=user.pk, event=event).delete()
    return deleted


def event_referees(event: Event) -> list[Referee]:
    """The event's referees by username."""
    return list(event.referees.select_related("user").order_by("user__username"))
