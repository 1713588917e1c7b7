"""Tell the results cache when what the standings show changes.

Model signals catch every save and delete of the rows that carry an event
id themselves (events, rounds, registrations) and of clubs and members,
whose names every event shows. Changes to hands go through
tournaments.services.hands, which tells the cache itself: a signal per
hand score would cost a query per row to find its event.
"""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete, post_save

from clubs.models import Club, Member
from tournaments.models import Event, Registration, Round
from tournaments.services import results_cache


def _event_changed(sender: type[Event], instance: Event, **kwargs: Any) -> None:
    results_cache.changed(instance.pk)


def _part_changed(sender: type[Round | Registration], instance: Round | Registration,
                  **kwargs: Any) -> None:
    results_cache.changed(instance.event_id)


def _names_changed(sender: type[Club | Member], instance: Club | Member, **kwargs: Any) -> None:
    results_cache.changed_everywhere()


def _member_renamed(sender: type[Member], instance: Member, **kwargs: Any) -> None:
    # A registration sorts by its member's name (Registration.sort_name).
    Registration.objects.filter(member=instance).exclude(sort_name=instance.sort_name).update(
        sort_name=instance.sort_name)


def connect() -> None:
    post_save.connect(_member_renamed, sender=Member, dispatch_uid="registration-sort-name")
    for signal in (post_save, post_delete):
        signal.connect(_event_changed, sender=Event, dispatch_uid=f"results-event-{signal}")
        for part in (Round, Registration):
            signal.connect(_part_changed, sender=part,
                           dispatch_uid=f"results-{part.__name__}-{signal}")
        for named in (Club, Member):
            signal.connect(_names_changed, sender=named,
                           dispatch_uid=f"results-{named.__name__}-{signal}")
