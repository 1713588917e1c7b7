"""When statistics go stale: a round closes, or hands of a closed round
change (a correction, a deletion, corrected seats), or an event changes
(its kind, its status: a draft is never counted). Each is recomputed in the
background after the change commits (stats/background.py). Rows loaded as
stored (`loaddata`: raw) bring their statistics with them.

Hand changes are seen through their audit rows (HandChange), which every
change to a hand writes (tournaments/services/hands.py). The table in hand
carries its round (the services lock it with its round and event), so
telling a closed round from a round in play costs no query while hands are
being entered.
"""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_save

from stats import background
from tournaments.models import (
    Event,
    EventStatus,
    HandAction,
    HandChange,
    Round,
    RoundStatus,
    Table,
)


def _round_saved(sender: type[Round], instance: Round, created: bool, raw: bool = False,
                 **kwargs: Any) -> None:
    if not raw and instance.status == RoundStatus.CLOSED:
        background.event_changed(instance.event_id)


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
        background.event_changed(event_id)


def _event_saved(sender: type[Event], instance: Event, created: bool,
                 update_fields: frozenset[str] | None = None, raw: bool = False,
                 **kwargs: Any) -> None:
    if created or raw:
        return
    if update_fields == frozenset({"status"}) and instance.status == EventStatus.RUNNING:
        return  # a round starts: nothing counted changes until it closes
    background.event_changed(instance.pk)


def connect() -> None:
    post_save.connect(_round_saved, sender=Round, dispatch_uid="stats-round-saved")
    post_save.connect(_hand_changed, sender=HandChange, dispatch_uid="stats-hand-changed")
    post_save.connect(_event_saved, sender=Event, dispatch_uid="stats-event-saved")
