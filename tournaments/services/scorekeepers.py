"""Scorekeepers: users who enter hands at every table of an event, or at one
table number (in every round). The organiser adds and removes them; access
is checked in clubs/access.py (can_keep_score, get_table_for_scorekeeper)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import F
from django.utils.translation import gettext as _

from tournaments.models import Event, Scorekeeper


def add_scorekeeper(event: Event, user: Any, *, table_number: int | None = None) -> Scorekeeper:
    """Make `user` a scorekeeper of the event (or of one table number); adding
    someone twice keeps one row."""
    if table_number is not None and table_number < 1:
        raise ValidationError(_("Table numbers start at 1."))
    if not getattr(user, "pk", None):
        raise ValidationError(_("A scorekeeper needs a login."))
    scorekeeper, _created = Scorekeeper.objects.get_or_create(
        user=user, event=event, table_number=table_number)
    return scorekeeper


def remove_scorekeeper(event: Event, user: Any, *, table_number: int | None = None) -> int:
    """Remove the user as scorekeeper of the event (or of that table number);
    how many rows were removed."""
    deleted, _by_model = Scorekeeper.objects.filter(
        user_id=user.pk, event=event, table_number=table_number).delete()
    return deleted


def event_scorekeepers(event: Event) -> list[Scorekeeper]:
    """The event's scorekeepers: those of every table first, then by table
    number, each by username."""
    return list(event.scorekeepers.select_related("user").order_by(
        F("table_number").asc(nulls_first=True), "user__username"))


def user_label(user: Any) -> str:
    """A user as the organiser recognises them: full name and username."""
    full_name = user.get_full_name()
    username = user.get_username()
    return f"{full_name} ({username})" if full_name else username


def where(scorekeeper: Scorekeeper) -> str:
    """Where a scorekeeper keeps the score: every table, or one table number."""
    if scorekeeper.table_number is None:
        return _("all tables")
    return _("table %(number)s") % {"number": scorekeeper.table_number}
