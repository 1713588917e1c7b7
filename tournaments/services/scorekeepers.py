"""Scorekeepers: users who enter hands at every table of an event, or at one
table number (in every round). The organiser adds and removes them; access
is checked in tournaments/access.py (can_keep_score, get_table_for_scorekeeper)."""

from __future__ import annotations

import math
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import F, Max
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import Event, EventStatus, Scorekeeper, Table

# Every player at a table of 3 (OddTables.THREE) gives the most tables.
FEWEST_AT_A_TABLE = 3
# An event still taking registrations without a maximum may grow to this
# many tables (400 players) before the organiser knows its size.
OPEN_EVENT_TABLES = 100


def most_tables(event: Event) -> int:
    """The highest table number the event has or can get: its seated tables,
    and the tables its places fill at the fewest players a table (its
    maximum of places, else its registrations; while it still takes
    registrations without a maximum, at least OPEN_EVENT_TABLES). Generous
    on purpose: an organiser names a table's scorekeeper before the round is
    seated, and before every player has registered."""
    seated = Table.objects.filter(round__event=event).aggregate(
        highest=Max("number"))["highest"] or 0
    places = event.max_places or event.registrations.count()
    tables = max(seated, math.ceil(places / FEWEST_AT_A_TABLE))
    if not event.max_places and event.status in (EventStatus.DRAFT, EventStatus.OPEN):
        tables = max(tables, OPEN_EVENT_TABLES)
    return tables


def add_scorekeeper(event: Event, user: Any, *, table_number: int | None = None) -> Scorekeeper:
    """Make `user` a scorekeeper of the event (or of one table number, one
    the event can have); adding someone twice keeps one row."""
    if table_number is not None and table_number < 1:
        raise ValidationError({"table_number": _("Table numbers start at 1.")})
    if table_number is not None and table_number > (tables := most_tables(event)):
        raise ValidationError({"table_number": _(
            "Table number: the event has no tables yet; leave it empty for every table.")
            if not tables else ngettext(
            "Table number: the event has %(count)s table.",
            "Table number: the event has at most %(count)s tables.", tables) % {
            "count": tables}})
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
