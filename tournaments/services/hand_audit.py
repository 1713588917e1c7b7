"""The audit trail of a table's hands and the table's version.

Every change to a table's hands writes a HandChange row (who, when, the hand
before and after) and moves the table's version on, so history is never
silently rewritten and a page that saw an older version is told what
changed since (VersionConflict). Confirmation writes a row too, but is not
a change to the scores (it does not move the version).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring.engine import SEAT_WINDS
from tournaments.models import Hand, HandAction, HandChange, HandScore, Table


class VersionConflict(ValidationError):
    """The table changed since the client saw it (`changes` says how)."""

    def __init__(self, message: str, *, changes: list[dict[str, Any]], version: int) -> None:
        super().__init__(message)
        self.changes = changes
        self.version = version


def _user_name(user: Any) -> str:
    if user is None:
        return _("someone")
    return user.get_full_name() or user.get_username()


def snapshot(hand: Hand, scores: Iterable[HandScore] | None = None) -> dict[str, Any]:
    """The hand as the audit trail keeps it; `scores`: its scores as just
    saved (with their registrations), instead of reading them back."""
    if scores is None:
        scores = hand.scores.select_related("registration__member").order_by("seat_wind")
    else:
        scores = sorted(scores, key=lambda score: score.seat_wind)
    return {
        "number": hand.number,
        "submission_id": str(hand.submission_id) if hand.submission_id else None,
        "entry": hand.entry,
        "players": [
            {"registration": score.registration_id, "name": score.registration.name,
             "seat_wind": score.seat_wind, "value": score.value,
             "settlement": score.settlement}
            for score in scores
        ],
        "game": hand.game,
    }


def record_change(table: Table, hand: Hand | None, number: int, action: str, user: Any,
                  old: dict[str, Any] | None, new: dict[str, Any] | None) -> HandChange:
    return HandChange.objects.create(
        table=table, hand=hand, number=number, action=action, version=table.version,
        user=user if getattr(user, "pk", None) else None, old=old, new=new)


# Marked for makemessages here, translated when described (the user's language).
DESCRIPTIONS = {
    HandAction.CREATED: gettext_noop("hand %(number)s was saved by %(user)s at %(time)s"),
    HandAction.CORRECTED: gettext_noop("hand %(number)s was corrected by %(user)s at %(time)s"),
    HandAction.DELETED: gettext_noop("hand %(number)s was deleted by %(user)s at %(time)s"),
    HandAction.RESEATED: gettext_noop("the seats were corrected by %(user)s at %(time)s"),
    HandAction.CONFIRMED: gettext_noop("hand %(number)s was confirmed by %(user)s at %(time)s"),
    HandAction.RESULT: gettext_noop("the table's result was entered by %(user)s at %(time)s"),
}


def describe(change: HandChange) -> str:
    return _(DESCRIPTIONS[HandAction(change.action)]) % {
        "number": change.number, "user": _user_name(change.user),
        "time": timezone.localtime(change.at).strftime("%H:%M")}


def change_json(change: HandChange) -> dict[str, Any]:
    # "id": the order of the changes, by which a page merges those it is sent
    # into those it has.
    return {"id": change.pk, "action": change.action, "number": change.number,
            "version": change.version, "user": _user_name(change.user),
            "at": change.at.isoformat(), "text": describe(change)}


def audit_trail(table: Table, *, since: int | None = None) -> list[dict[str, Any]]:
    """The table's changes to hands, newest first, as the organiser's table
    page shows them: who, when, what, and per player the seat wind, value
    and settlement before and after (None where the hand did not exist, or
    the player did not play it). `since`: only the changes made at that
    version of the table or later (a confirmation keeps the version it was
    made at: every change made after a page read the table at `since`)."""
    trail = []
    changes = table.hand_changes.select_related("user").order_by("-pk")
    if since is not None:
        changes = changes.filter(version__gte=since)
    for change in changes:
        old = {p["registration"]: p for p in (change.old or {}).get("players", [])}
        new = {p["registration"]: p for p in (change.new or {}).get("players", [])}
        # Those who play the hand (after the change) first, each side in
        # the order of the seat winds (the snapshot keeps them as stored).
        order = sorted({*new, *old}, key=lambda key: (
            key not in new, _wind_order((new.get(key) or old[key]).get("seat_wind"))))
        players = []
        for key in order:
            before, after = old.get(key), new.get(key)
            players.append({
                "name": (after or before or {}).get("name", ""),
                "old": before, "new": after,
                "changed": _played(before) != _played(after),
            })
        trail.append({"change": change, "user": _user_name(change.user), "at": change.at,
                      "action": change.get_action_display(), "text": describe(change),
                      "players": players})
    return trail


def _wind_order(wind: Any) -> int:
    return SEAT_WINDS.index(wind) if wind in SEAT_WINDS else len(SEAT_WINDS)


def _played(player: Mapping[str, Any] | None) -> tuple[Any, ...] | None:
    if player is None:
        return None
    return (player.get("seat_wind"), player.get("value"), player.get("settlement"),
            player.get("score"), player.get("table_points"))


def conflict(table: Table, changes: list[HandChange]) -> VersionConflict:
    """The refusal that tells the page what `changes` did since it looked."""
    texts = list(dict.fromkeys(describe(change) for change in changes))
    return VersionConflict(
        _("The table has changed since you opened it: %(changes)s.") % {
            "changes": "; ".join(texts) or _("reload it")},
        changes=[change_json(change) for change in changes], version=table.version)


def require_version_number(expected_version: Any) -> None:
    """A version as a page sends it: a whole number (JSON's true is not 1)."""
    if isinstance(expected_version, bool) or not isinstance(expected_version, int):
        raise ValidationError(_("expected_version must be a whole number."))


def check_version(table: Table, expected_version: int) -> None:
    """Refuse a change made on an older view of the table (confirmations do
    not count: they change no scores)."""
    require_version_number(expected_version)
    if expected_version != table.version:
        changes = list(table.hand_changes.filter(version__gt=expected_version)
                       .exclude(action=HandAction.CONFIRMED).select_related("user")
                       .order_by("pk"))
        raise conflict(table, changes)


def author_of(hand: Hand) -> int | None:
    """Who last entered or changed the hand (a user id): the one person who
    may not confirm it."""
    last = hand.changes.exclude(action=HandAction.CONFIRMED).order_by("-pk").first()
    return last.user_id if last is not None else hand.entered_by_id


def authors(table: Table) -> dict[int, int | None]:
    """author_of for every hand of the table (by hand id), in two queries."""
    found: dict[int, int | None] = dict(table.hands.values_list("pk", "entered_by_id"))
    for hand_id, user_id in table.hand_changes.filter(hand__isnull=False).exclude(
            action=HandAction.CONFIRMED).order_by("pk").values_list("hand_id", "user_id"):
        found[hand_id] = user_id
    return found

