"""Events by when they are: running now, coming up, and recently finished.

The public list of events and a member's "Mijn toernooien" both start from
a set of published events (tournaments/public.py) and show them in these
three groups. An event that was never finished stays "running" only for
RECENT_DAYS after its start, so a forgotten one does not head the lists for
ever.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import QuerySet

from clubs import limits
from tournaments.models import Event, EventStatus

# How far back "recent" (and a running event) reaches.
RECENT_DAYS = 60


@dataclass(frozen=True)
class Calendar:
    running: list[Event]
    upcoming: list[Event]
    recent: list[Event]

    @property
    def empty(self) -> bool:
        return not (self.running or self.upcoming or self.recent)


def last_day(event: Event) -> datetime.date:
    return event.start_date + datetime.timedelta(days=event.days - 1)


def calendar(events: QuerySet[Event], today: datetime.date, *, upcoming: int,
             recent: int) -> Calendar:
    """`events` (already limited to what the reader may see) in three groups:
    running (oldest first), upcoming (open, not yet over: soonest first, at
    most `upcoming`) and recent (finished within RECENT_DAYS: newest first,
    at most `recent`)."""
    since = today - datetime.timedelta(days=RECENT_DAYS)
    events = events.select_related("club")
    running = list(events.filter(status=EventStatus.RUNNING, start_date__gte=since)
                   .order_by("start_date", "title", "pk"))
    # An open event of several days that began before today is still
    # upcoming until its last day.
    open_events = events.filter(status=EventStatus.OPEN).order_by("start_date", "title", "pk")
    begun = [event for event in open_events.filter(
        start_date__lt=today, start_date__gte=today - datetime.timedelta(days=limits.MAX_EVENT_DAYS))
        if last_day(event) >= today]
    coming = (begun + list(open_events.filter(start_date__gte=today)[:upcoming]))[:upcoming]
    finished = list(events.filter(status=EventStatus.FINISHED, start_date__gte=since)
                    .order_by("-start_date", "title", "pk")[:recent])
    return Calendar(running=running, upcoming=coming, recent=finished)


def earlier(events: QuerySet[Event], today: datetime.date, *, most: int) -> list[Event]:
    """Finished events from before the recent ones (newest first, at most
    `most`): a tournament of last spring stays findable."""
    since = today - datetime.timedelta(days=RECENT_DAYS)
    return list(events.select_related("club").filter(
        status=EventStatus.FINISHED, start_date__lt=since).order_by(
        "-start_date", "title", "pk")[:most])


def played_today(events: QuerySet[Event], today: datetime.date, *, most: int) -> list[Event]:
    """What is played today among `events`: the running ones, then the open
    ones whose days include today (at most `most`): an organiser's way in
    to the evening at the door."""
    groups = calendar(events, today, upcoming=most, recent=0)
    return (groups.running + [event for event in groups.upcoming
                              if event.start_date <= today])[:most]
