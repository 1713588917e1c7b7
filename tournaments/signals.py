"""What changes when rows are saved and deleted, worked out once for every
app that cares:

* the results cache (tournaments/services/results_cache.py): every save and
  delete of the rows that carry an event id themselves (events, rounds,
  registrations) gives the event a new generation, and of clubs and members,
  whose names every event shows, every event. Changes to hands go through
  tournaments.services.hands, which tells the cache itself: a signal per
  hand score would cost a query per row to find its event;
* the results themselves: `tournaments.services.results.announce` tells the
  apps that compute from them (rankings, statistics) which event changed
  and what (see that module for the names). Rows loaded as stored
  (`loaddata`: raw) announce nothing: they bring what was computed from
  them with them.

An event saved is compared with the event as stored (read first, one query
per event save), so a listener knows which fields changed. Hands entered
while a round is played change no table result and no closed round, so
score entry announces nothing; the audit row of a hand carries its table
and round (the services lock them together), so telling a closed round from
a round in play costs no query.
"""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete, post_save, pre_save

from clubs.models import Club, Member
from tournaments.models import (
    Event,
    HandAction,
    HandChange,
    Registration,
    Round,
    RoundStatus,
    Table,
    TableResult,
)
from tournaments.services import results, results_cache

_BEFORE = "_results_before"
# Saved with only these fields, a registration is a check-in: no result changes.
_CHECK_IN_FIELDS = {"checked_in_at", "late"}


def _event_fields() -> list[str]:
    return [field.attname for field in Event._meta.concrete_fields if not field.primary_key]


# --- The results cache ----------------------------------------------------------------


def _event_changed(sender: type[Event], instance: Event, **kwargs: Any) -> None:
    results_cache.changed(instance.pk)


def _part_changed(sender: type[Round | Registration], instance: Round | Registration,
                  **kwargs: Any) -> None:
    results_cache.changed(instance.event_id)


def _names_changed(sender: type[Club | Member], instance: Club | Member, **kwargs: Any) -> None:
    # A club or member just created is in no results yet: nothing to redo.
    if not kwargs.get("created"):
        results_cache.changed_everywhere()


def _member_renamed(sender: type[Member], instance: Member, created: bool = False,
                    **kwargs: Any) -> None:
    # A registration sorts by its member's name (Registration.sort_name); a
    # member just created has no registration yet.
    if created:
        return
    Registration.objects.filter(member=instance).exclude(sort_name=instance.sort_name).update(
        sort_name=instance.sort_name)


# --- The results ----------------------------------------------------------------------


def _event_before(sender: type[Event], instance: Event, raw: bool = False,
                  **kwargs: Any) -> None:
    if raw or instance.pk is None:
        return
    instance.__dict__[_BEFORE] = Event.objects.filter(pk=instance.pk).values(
        *_event_fields()).first()


def _event_saved(sender: type[Event], instance: Event, created: bool, raw: bool = False,
                 **kwargs: Any) -> None:
    before: dict[str, Any] | None = instance.__dict__.pop(_BEFORE, None)
    if raw:
        return
    if created or before is None:
        results.announce(instance.pk, {results.CREATED}, instance)
        return
    changed = {name: value for name, value in before.items() if getattr(instance, name) != value}
    results.announce(instance.pk, changed, instance, before=changed)


def _event_deleted(sender: type[Event], instance: Event, **kwargs: Any) -> None:
    results.announce(instance.pk, {results.DELETED}, instance)


def _round_changed(sender: type[Round], instance: Round, raw: bool = False,
                   **kwargs: Any) -> None:
    if raw:
        return
    changes = {results.ROUND}
    saved = "created" in kwargs  # post_save's, not post_delete's
    if saved and instance.status == RoundStatus.CLOSED:
        changes.add(results.CLOSED_ROUND)
    results.announce(instance.event_id, changes, _cached_event(instance))


def _registration_changed(sender: type[Registration], instance: Registration,
                          raw: bool = False, update_fields: Any = None, **kwargs: Any) -> None:
    if raw or (update_fields is not None and set(update_fields) <= _CHECK_IN_FIELDS):
        return  # a check-in, before the event finished
    results.announce(instance.event_id, {results.REGISTRATION}, _cached_event(instance))


def _cached_event(instance: Round | Registration) -> Event | None:
    cached = instance._state.fields_cache.get("event")
    return cached if isinstance(cached, Event) else None


def _table_results_changed(sender: type[TableResult], instance: TableResult,
                           raw: bool = False, **kwargs: Any) -> None:
    if raw:
        return
    # One query per row (a listener then needs none): rows are rewritten only
    # when a round closes or a closed round is corrected, never in play.
    event = Event.objects.filter(rounds__tables=instance.table_id).first()
    if event is not None:
        results.announce(event.pk, {results.TABLE_RESULTS}, event)


def _hand_changed(sender: type[HandChange], instance: HandChange, created: bool,
                  raw: bool = False, **kwargs: Any) -> None:
    if raw or not created or instance.action == HandAction.CONFIRMED:
        return
    if HandChange.table.is_cached(instance) and Table.round.is_cached(instance.table):
        round_ = instance.table.round
        closed, event_id = round_.status == RoundStatus.CLOSED, round_.event_id
    else:
        found = Round.objects.filter(tables__pk=instance.table_id).values_list(
            "status", "event_id").first()
        if found is None:
            return
        closed, event_id = found[0] == RoundStatus.CLOSED, found[1]
    if closed:
        results.announce(event_id, {results.CLOSED_HANDS})


def _member_before(sender: type[Member], instance: Member, raw: bool = False,
                   update_fields: Any = None, **kwargs: Any) -> None:
    if raw or instance.pk is None:
        return
    if update_fields is not None and "nmb_number" not in update_fields:
        return
    instance.__dict__[_BEFORE] = (
        Member.objects.filter(pk=instance.pk).values_list("nmb_number", flat=True).first())


def _member_saved(sender: type[Member], instance: Member, raw: bool = False,
                  created: bool = False, **kwargs: Any) -> None:
    if raw or created or _BEFORE not in instance.__dict__:
        return
    if instance.__dict__.pop(_BEFORE) == instance.nmb_number:
        return
    for event in Event.objects.filter(registrations__member=instance).distinct():
        results.announce(event.pk, {results.PLAYERS}, event)


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
        signal.connect(_round_changed, sender=Round, dispatch_uid=f"announce-round-{signal}")
        signal.connect(_registration_changed, sender=Registration,
                       dispatch_uid=f"announce-registration-{signal}")
        signal.connect(_table_results_changed, sender=TableResult,
                       dispatch_uid=f"announce-table-results-{signal}")
    pre_save.connect(_event_before, sender=Event, dispatch_uid="announce-event-before")
    post_save.connect(_event_saved, sender=Event, dispatch_uid="announce-event-saved")
    post_delete.connect(_event_deleted, sender=Event, dispatch_uid="announce-event-deleted")
    post_save.connect(_hand_changed, sender=HandChange, dispatch_uid="announce-hand-changed")
    pre_save.connect(_member_before, sender=Member, dispatch_uid="announce-member-before")
    post_save.connect(_member_saved, sender=Member, dispatch_uid="announce-member-saved")
