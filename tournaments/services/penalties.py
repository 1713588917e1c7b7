"""Penalties: points deducted from a player in a round (a chombo, a late
arrival, ...), recorded by the event's organisers or its referees
(tournaments/services/referees.py), corrected or removed with an audit trail
(PenaltyChange: who, when, the penalty before and after).

Where a penalty may be given (decided here, issue 17): in a round of the
event that is being played or has been played (started or closed), to a
player seated in that round. A penalty is given at the table, so a round
not yet started has none, and the player always has a result in the round
the penalty comes off.

How a penalty counts is the rule set's (scoring/engine/ruleset.py): its
points come off the player's score total, and per point
`penalty_table_points` table points come off their table points total
(tournaments/services/standings.py). The table's own results (TableResult)
stay as played.

Every change tells the results cache, announces `results.PENALTIES` and asks
for the standings to be recomputed once it commits, as a hand corrected does.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from scoring.engine import RULESETS
from tournaments import access
from tournaments.models import (
    MAX_PENALTY_POINTS,
    Event,
    Penalty,
    PenaltyAction,
    PenaltyChange,
    PenaltyKind,
    Registration,
    Round,
    RoundStatus,
    Seat,
)
from tournaments.services import results, results_cache, standings
from tournaments.services.scorekeepers import user_label

MAX_REASON_LENGTH = Penalty._meta.get_field("reason").max_length or 200
# Rounds a penalty may be given in: being played, or played.
PENALTY_ROUNDS = (RoundStatus.STARTED, RoundStatus.CLOSED)


def chombo_preset(event: Event) -> int | None:
    """The points a chombo costs under the event's rule set, or None when
    the rule set has no fixed amount."""
    ruleset = RULESETS.get(event.ruleset)
    return ruleset.chombo_points if ruleset is not None else None


def table_points_per_point(event: Event) -> Decimal:
    """The table points a penalty point costs under the event's rule set
    (0: a penalty comes off the score only), as the standings count it."""
    return standings.penalty_table_points(event.ruleset)


def require_referee(user: Any, event: Event) -> None:
    """Only the event's organisers and referees record penalties."""
    if not getattr(user, "is_authenticated", False) or not access.can_referee(user, event):
        raise PermissionDenied(_("Only the organisers and referees of %(event)s record "
                                 "penalties.") % {"event": event.title})


def snapshot(penalty: Penalty) -> dict[str, Any]:
    """A penalty as the audit trail keeps it (JSON)."""
    return {
        "round": penalty.round.number,
        "registration": penalty.registration_id,
        "player": penalty.registration.name,
        "points": penalty.points,
        "kind": penalty.kind,
        "reason": penalty.reason,
    }


def _checked(event: Event, round_: Round, registration: Registration, points: int | None,
             kind: str, reason: str) -> tuple[int, str, str]:
    """The points, kind and reason to store, or a ValidationError naming
    the field (and the round and player) that is wrong."""
    if round_.event_id != event.pk:
        raise ValidationError({"round": _("Round: this round is not a round of %(event)s.") % {
            "event": event.title}})
    if round_.status not in PENALTY_ROUNDS:
        raise ValidationError({"round": _(
            "Round %(round)s has not started: a penalty is given in a round being played or "
            "played.") % {"round": round_.number}})
    if registration.event_id != event.pk:
        raise ValidationError({"registration": _(
            "Player: %(name)s is not registered for %(event)s.") % {
            "name": registration.name, "event": event.title}})
    if not Seat.objects.filter(round=round_, registration=registration).exists():
        raise ValidationError({"registration": _(
            "Player: %(name)s does not play in round %(round)s.") % {
            "name": registration.name, "round": round_.number}})
    if kind not in PenaltyKind.values:
        raise ValidationError({"kind": _("Kind: choose chombo or other.")})
    if points is None:
        preset = chombo_preset(event) if kind == PenaltyKind.CHOMBO else None
        if preset is None:
            raise ValidationError({"points": _(
                "Points: give the penalty points (the rule set has no fixed chombo "
                "penalty).") if kind == PenaltyKind.CHOMBO else _(
                "Points: give the penalty points.")})
        points = preset
    if not 1 <= points <= MAX_PENALTY_POINTS:
        raise ValidationError({"points": _(
            "Points: a penalty is from 1 to %(most)s points.") % {"most": MAX_PENALTY_POINTS}})
    reason = (reason or "").strip()
    if len(reason) > MAX_REASON_LENGTH:
        raise ValidationError({"reason": _(
            "Reason: at most %(most)s characters (this one has %(length)s).") % {
            "most": MAX_REASON_LENGTH, "length": len(reason)}})
    return points, kind, reason


def _changed(event: Event) -> None:
    """The event's totals changed in this transaction."""
    results_cache.changed(event.pk)
    results.announce(event.pk, {results.PENALTIES}, event)
    results.refresh_standings_after_commit(event.pk)


def record_penalty(event: Event, *, round: Round, registration: Registration,
                   points: int | None, kind: str = PenaltyKind.OTHER, reason: str = "",
                   user: Any) -> Penalty:
    """Record a penalty for `registration` in `round` of `event`. A chombo
    without points gets the rule set's chombo preset (chombo_preset)."""
    require_referee(user, event)
    points, kind, reason = _checked(event, round, registration, points, kind, reason)
    with transaction.atomic():
        penalty = Penalty.objects.create(
            event=event, round=round, registration=registration, points=points, kind=kind,
            reason=reason, recorded_by=user)
        PenaltyChange.objects.create(event=event, penalty=penalty, action=PenaltyAction.CREATED,
                                     user=user, old=None, new=snapshot(penalty))
        _changed(event)
    return penalty


def _locked(penalty: Penalty) -> Penalty:
    current = (Penalty.objects.select_for_update(of=("self",))
               .select_related("round", "registration__member", "event")
               .filter(pk=penalty.pk).first())
    if current is None:
        raise ValidationError(_("This penalty has been removed in the meantime."))
    return current


def correct_penalty(penalty: Penalty, *, round: Round, registration: Registration,
                    points: int | None, kind: str, reason: str, user: Any) -> Penalty:
    """Correct a penalty (round, player, points, kind, reason); the audit
    trail keeps it as it was."""
    event = penalty.event
    require_referee(user, event)
    points, kind, reason = _checked(event, round, registration, points, kind, reason)
    with transaction.atomic():
        current = _locked(penalty)
        old = snapshot(current)
        current.round, current.registration = round, registration
        current.points, current.kind, current.reason = points, kind, reason
        new = snapshot(current)
        if new == old:
            raise ValidationError(_("Nothing to correct: the penalty is as it was."))
        current.save()
        PenaltyChange.objects.create(event=event, penalty=current,
                                     action=PenaltyAction.CORRECTED, user=user, old=old, new=new)
        _changed(event)
    return current


def remove_penalty(penalty: Penalty, *, user: Any) -> None:
    """Remove a penalty; its audit rows stay (without the penalty)."""
    event = penalty.event
    require_referee(user, event)
    with transaction.atomic():
        current = _locked(penalty)
        PenaltyChange.objects.create(event=event, penalty=current, action=PenaltyAction.REMOVED,
                                     user=user, old=snapshot(current), new=None)
        current.delete()
        _changed(event)


# --- Reading ------------------------------------------------------------------------


@dataclass(frozen=True)
class PenaltyLine:
    """A penalty as pages and exports show it."""

    pk: int
    round_number: int
    registration: Registration
    points: int
    kind: str
    kind_label: str
    reason: str
    table_points: Decimal  # the table points it costs (0: the score only)
    recorded_by: str  # the user as the organiser knows them; "" if gone
    recorded_at: datetime.datetime
    changed_at: datetime.datetime

    @property
    def player(self) -> str:
        return self.registration.name


def event_penalties(event: Event) -> list[PenaltyLine]:
    """The event's penalties by round, then in the order recorded."""
    per_point = table_points_per_point(event)
    return [
        PenaltyLine(
            pk=penalty.pk, round_number=penalty.round.number,
            registration=penalty.registration, points=penalty.points, kind=penalty.kind,
            kind_label=penalty.get_kind_display(), reason=penalty.reason,
            table_points=penalty.points * per_point,
            recorded_by=user_label(penalty.recorded_by) if penalty.recorded_by else "",
            recorded_at=penalty.recorded_at, changed_at=penalty.changed_at)
        for penalty in event.penalties.select_related(
            "round", "registration__member", "recorded_by").order_by("round__number", "pk")
    ]


def penalty_history(event: Event) -> list[PenaltyChange]:
    """The event's audit trail of penalties, newest first."""
    return list(event.penalty_changes.select_related("user").order_by("-at", "-pk"))


def change_text(change: PenaltyChange) -> str:
    """One line of the audit trail: what the penalty was and became."""
    def text(state: dict[str, Any] | None) -> str:
        if not state:
            return ""
        kind = PenaltyKind(state["kind"]).label if state.get("kind") in PenaltyKind.values \
            else state.get("kind", "")
        # "-10", as the list of penalties and the standings write it.
        words = _("round %(round)s, %(player)s, -%(points)s (%(kind)s)") % {
            "round": state.get("round"), "player": state.get("player"),
            "points": state.get("points"), "kind": kind}
        return f"{words}: {state['reason']}" if state.get("reason") else words
    old, new = text(change.old), text(change.new)
    if old and new:
        return f"{old} → {new}"
    return old or new
