"""Ask for a recomputation of the national ranking when a finished
tournament's results change; tournaments/ knows nothing of rankings.

What changes a ranking, and the signal that catches it:

* an event becomes or stops being a finished tournament (finished,
  reopened, its kind changed), or a finished tournament's date, days, rule
  set, ranking order or guest rule changes: Event saves and deletes (the
  event as stored is read first, one query per event save);
* a round of a finished tournament is saved (closed again);
* the table results of a closed round are rewritten (a hand corrected,
  deleted or confirmed, seats corrected after the round closed: the hands
  service deletes and re-creates them) or saved one by one: TableResult
  deletes and saves, for a finished tournament. Hands entered while a
  round is played change no table result, so score entry pays nothing;
* a registration of a finished tournament is saved or deleted (a guest
  turned into a member, a substitute);
* a member's NMB number changes (who is who).

Each asks once the transaction commits (rankings.services.schedule); the
recomputation then runs in the background, once for many changes.
"""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete, post_save, pre_save

from clubs.models import Member
from rankings import services
from tournaments.models import Event, EventKind, EventStatus, Registration, Round, TableResult

# What a finished tournament's results in the ranking depend on.
_EVENT_FIELDS = ("kind", "status", "ruleset", "start_date", "days", "guests_ranked",
                 "ranking_order")
_BEFORE = "_rankings_before"


def _counts(kind: str, status: str) -> bool:
    return services.counts_for_ranking(kind, status)


def _event_before(sender: type[Event], instance: Event, raw: bool = False,
                  **kwargs: Any) -> None:
    if raw or instance.pk is None:
        return
    instance.__dict__[_BEFORE] = (
        Event.objects.filter(pk=instance.pk).values(*_EVENT_FIELDS).first())


def _event_saved(sender: type[Event], instance: Event, raw: bool = False,
                 **kwargs: Any) -> None:
    if raw:
        return
    before: dict[str, Any] | None = instance.__dict__.pop(_BEFORE, None)
    after = {name: getattr(instance, name) for name in _EVENT_FIELDS}
    affected = set()
    if before is not None and _counts(before["kind"], before["status"]):
        affected.add(before["ruleset"])
    if _counts(after["kind"], after["status"]):
        affected.add(after["ruleset"])
    if affected and before != after:
        services.schedule(affected)


def _event_deleted(sender: type[Event], instance: Event, **kwargs: Any) -> None:
    if _counts(instance.kind, instance.status):
        services.schedule([instance.ruleset])


def _finished_tournament(**lookup: Any) -> str | None:
    """The rule set of the event matching `lookup` if it is a finished
    tournament."""
    found = Event.objects.filter(kind=EventKind.TOURNAMENT, status=EventStatus.FINISHED,
                                 **lookup).values_list("ruleset", flat=True).first()
    return found


def _of_event(event_id: int, instance: Round | Registration) -> None:
    cached = instance._state.fields_cache.get("event")
    if isinstance(cached, Event):
        ruleset = cached.ruleset if _counts(cached.kind, cached.status) else None
    else:
        ruleset = _finished_tournament(pk=event_id)
    if ruleset is not None:
        services.schedule([ruleset])


def _part_changed(sender: type[Round | Registration], instance: Round | Registration,
                  raw: bool = False, **kwargs: Any) -> None:
    if raw:
        return
    update_fields = kwargs.get("update_fields")
    if (isinstance(instance, Registration) and update_fields is not None
            and set(update_fields) <= {"checked_in_at", "late"}):
        return  # check-in, before the event finished
    _of_event(instance.event_id, instance)


def _result_changed(sender: type[TableResult], instance: TableResult, raw: bool = False,
                    **kwargs: Any) -> None:
    if raw:
        return
    ruleset = _finished_tournament(rounds__tables=instance.table_id)
    if ruleset is not None:
        services.schedule([ruleset])


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
    before = instance.__dict__.pop(_BEFORE)
    if before == instance.nmb_number:
        return
    services.schedule(
        Event.objects.filter(kind=EventKind.TOURNAMENT, status=EventStatus.FINISHED,
                             registrations__member=instance)
        .values_list("ruleset", flat=True).distinct())


def connect() -> None:
    pre_save.connect(_event_before, sender=Event, dispatch_uid="rankings-event-before")
    post_save.connect(_event_saved, sender=Event, dispatch_uid="rankings-event-saved")
    post_delete.connect(_event_deleted, sender=Event, dispatch_uid="rankings-event-deleted")
    for signal in (post_save, post_delete):
        for part in (Round, Registration):
            signal.connect(_part_changed, sender=part,
                           dispatch_uid=f"rankings-{part.__name__}-{signal}")
        signal.connect(_result_changed, sender=TableResult,
                       dispatch_uid=f"rankings-result-{signal}")
    pre_save.connect(_member_before, sender=Member, dispatch_uid="rankings-member-before")
    post_save.connect(_member_saved, sender=Member, dispatch_uid="rankings-member-saved")
