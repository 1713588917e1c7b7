"""The operations on a table's hands: entering the next one (by values or by
tiles, safely repeated), correcting, deleting, correcting the seats and
confirming. Each runs with the table row locked, moves the table's version
on and writes the audit trail (hand_audit) in the same transaction.

The entry's shape is hand_entry's; scoring it against the table and the
deal is hand_scoring's; who may do what is hand_permissions'. A seat
correction moves each player's data to the seat they really sat in (East
belongs to the seat), and the engine re-scores the hand with their real
winds.

Decisions where the issue is silent:
* A deleted hand leaves a gap: later hands keep their numbers. The next hand
  takes the highest number + 1, so deleting the last hand frees its number
  (the usual "entered twice" undo); the audit rows tell both apart.
* A correction keeps the hand's prevailing wind: the later hands were played
  as they were played.
* Confirmation is not a change to the scores: it writes an audit row but does
  not move the version (a page that saw the hand unconfirmed can still save).
* Until the round is closed a change by a scorekeeper resets the hand's
  confirmation; after it only the organiser changes hands, and their change
  counts as confirmed. Changes after closing recompute the table's results.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import (
    Event,
    Hand,
    HandAction,
    HandScore,
    RoundStatus,
    Seat,
    Table,
    TableResult,
)
from tournaments.services import (
    hand_audit,
    hand_entry,
    hand_permissions,
    hand_scoring,
    results,
    results_cache,
)
from tournaments.services.table_results import table_results


def _locked_table(table: Table) -> Table:
    # of=("self",): lock the table row only, not the round and event joined in.
    return Table.objects.select_for_update(of=("self",)).select_related(
        "round__event__club").get(pk=table.pk)


def _bump(table: Table) -> int:
    """Every change to a table's hands moves its version on and changes the
    event's results (the cached standings)."""
    Table.objects.filter(pk=table.pk).update(version=F("version") + 1)
    table.version += 1
    results_cache.changed(table.round.event_id)
    return table.version


def _require_playing(table: Table) -> None:
    if table.round.status != RoundStatus.STARTED:
        raise ValidationError(_("Hands can only be entered while round %(round)s is being "
                                "played.") % {"round": table.round.number})


# --- Entering ---------------------------------------------------------------------


@dataclass(frozen=True)
class _Scored:
    """The next hand of a table scored against the table as it was at
    `version`: valid under the lock while the version is still that one
    (every change to the table's hands or seats moves it on) and the event's
    rules are still these."""

    version: int
    rules: tuple[str, str]
    so_far: hand_scoring.TableSoFar
    entry: dict[str, Any]
    game: dict[str, Any]
    result: dict[str, Any]
    winds: dict[int, str]

    @property
    def seats(self) -> dict[int, Seat]:
        return self.so_far.seats


@dataclass(frozen=True)
class Submitted:
    """A submission's outcome: the hand, whether the submission created it
    and, when it did, its scores as saved and the table after it (its seats
    and hands as far as the next hand goes), so the score-entry page's
    answer reads neither again. The hands' confirmations are as read before
    the lock: one given meanwhile moves no version and shows at the page's
    next reading."""

    hand: Hand
    created: bool
    scores: list[HandScore] | None = None
    table_after: hand_scoring.TableSoFar | None = None


def _rules(event: Event) -> tuple[str, str]:
    return event.ruleset, json.dumps(event.rule_options, sort_keys=True, default=str)


def _score_next(table: Table, entry: dict[str, Any]) -> _Scored:
    """Score the next hand of the table (its seats, the deal, the engine)."""
    event = table.round.event
    so_far = hand_scoring.table_so_far(table)
    seats = so_far.seats
    deal = hand_scoring.next_hand(table, list(seats), so_far.dealt())
    entry = hand_scoring.with_east(seats, entry, deal)
    game, result, winds = hand_scoring.score_entry(table, event, seats, entry, deal.prevailing)
    return _Scored(table.version, _rules(event), so_far, entry, game, result, dict(winds))


def _create(table: Table, entry: dict[str, Any], user: Any, *,
            submission_id: uuid.UUID | None = None, submitted: str = "",
            scored: _Scored | None = None) -> Submitted:
    """Save the next hand of a locked table: `scored` before the lock when
    it still fits the table, else scored now."""
    event = table.round.event
    if scored is None or scored.version != table.version or scored.rules != _rules(event):
        scored = _score_next(table, entry)
    if event.rules_frozen_at is None:
        # The first hand freezes the rules: later house-rule changes never
        # alter results entered under them.
        event.rules_frozen_at = timezone.now()
        Event.objects.filter(pk=event.pk).update(rules_frozen_at=event.rules_frozen_at)
    hand = Hand(table=table, number=scored.so_far.next_number(), submission_id=submission_id,
                submission_digest=submitted,
                entered_by=user if getattr(user, "pk", None) else None)
    scores = hand_scoring.apply_score(hand, scored.seats, scored.entry, scored.game,
                                      scored.result, scored.winds)
    _bump(table)
    hand_audit.record_change(table, hand, hand.number, HandAction.CREATED, user, None,
                             hand_audit.snapshot(hand, scores))
    return Submitted(hand, True, scores, hand_scoring.with_hand(scored.so_far, hand))


def record(table: Table, game_input: Mapping[str, Any], *, user: Any = None) -> Hand:
    """Enter the next hand without the idempotency and version checks (the
    organiser's table page, the demo). No permission check: callers have
    fetched the table through tournaments.access."""
    entry = hand_entry.normalise(game_input, table.round.event.ruleset)
    with transaction.atomic():
        table = _locked_table(table)
        _require_playing(table)
        return _create(table, entry, user).hand


def _uuid(submission_id: Any) -> uuid.UUID:
    try:
        return uuid.UUID(str(submission_id))
    except ValueError:
        raise ValidationError(_("submission_id must be a UUID, not %(value)s.") % {
            "value": json.dumps(submission_id)}) from None


def _repeat(table: Table, key: uuid.UUID, submitted: str) -> Hand | None:
    """The hand an earlier submission with this key saved, if any."""
    hand = table.hands.filter(submission_id=key).first()
    if hand is not None:
        if hand.submission_digest != submitted:
            raise ValidationError(_("This submission (%(id)s) was already used for hand "
                                    "%(number)s with other content.") % {
                "id": key, "number": hand.number})
        return hand
    # Saved once and deleted since: a late retry must not bring it back.
    deleted = list(table.hand_changes.filter(
        action=HandAction.CREATED, hand__isnull=True,
        new__submission_id=str(key)).select_related("user")[:1])
    if deleted:
        removal = list(table.hand_changes.filter(
            action=HandAction.DELETED, number=deleted[0].number,
            version__gt=deleted[0].version).select_related("user").order_by("pk")[:1])
        raise hand_audit.conflict(table, deleted + removal)
    return None


def submit_hand(table: Table, *, game_input: Mapping[str, Any], submission_id: str,
                expected_version: int, user: Any) -> tuple[Hand, bool]:
    """submit's (hand, created), for callers that need no more."""
    submitted = submit(table, game_input=game_input, submission_id=submission_id,
                       expected_version=expected_version, user=user)
    return submitted.hand, submitted.created


def submit(table: Table, *, game_input: Mapping[str, Any], submission_id: str,
           expected_version: int, user: Any) -> Submitted:
    """Save a hand from the score-entry page.

    Safe to repeat: the same submission_id returns the hand it saved, with
    created=False, whatever happened since. A new submission must have seen
    the table's current version; otherwise VersionConflict says what changed."""
    key = _uuid(submission_id)
    entry = hand_entry.normalise(game_input, table.round.event.ruleset)
    submitted = hand_entry.digest(entry)
    hand_permissions.require_scorekeeper(user, table)
    hand_audit.require_version_number(expected_version)
    # Read and score before taking the lock, which every writer of the
    # table (on SQLite: of the database) waits for: a device's retry is
    # answered without it, and the hand is scored against the table as the
    # device saw it. Under the lock only the writes remain, while the
    # version is still that one; otherwise everything is done again there.
    existing = _repeat(table, key, submitted)
    if existing is not None:
        return Submitted(existing, False)
    scored = None
    if table.version == expected_version:
        _require_playing(table)
        scored = _score_next(table, entry)
    with transaction.atomic():
        table = _locked_table(table)
        if scored is None or table.version != scored.version:
            existing = _repeat(table, key, submitted)
            if existing is not None:
                return Submitted(existing, False)
            hand_audit.check_version(table, expected_version)
        _require_playing(table)
        try:
            # A savepoint: a concurrent twin that got in first (the lock is a
            # no-op on SQLite) trips the unique constraint instead.
            with transaction.atomic():
                return _create(table, entry, user, submission_id=key, submitted=submitted,
                               scored=scored)
        except IntegrityError:
            existing = _repeat(table, key, submitted)
            if existing is None:
                raise
            return Submitted(existing, False)


def preview_hand(table: Table, game_input: Mapping[str, Any], *,
                 correcting: Hand | None = None) -> dict[str, Any]:
    """Score the next hand as submit_hand would (or, given `correcting`, that
    hand as correct_hand would), without saving anything: the score-entry
    page shows the breakdown and settlement before the scorekeeper saves.
    Refuses what submit_hand would refuse (ValidationError, with the
    engine's message). No permission check: callers fetched the table through
    tournaments.access."""
    entry = hand_entry.normalise(game_input, table.round.event.ruleset)
    seats = hand_scoring.seats_of(table)
    if correcting is not None:
        # A correction keeps the hand's prevailing wind and East.
        wind = correcting.game["prevailing_wind"]
        if entry["east"] is None:
            entry = {**entry, "east": hand_entry.entry_of(correcting, seats)["east"]}
    else:
        deal = hand_scoring.next_hand(table, list(seats))
        wind = deal.prevailing
        entry = hand_scoring.with_east(seats, entry, deal)
    game, result, winds = hand_scoring.score_entry(table, table.round.event, seats, entry, wind)
    return {
        "game": game,
        "result": result,
        "players": [
            {"position": position, "name": seats[position].registration.name,
             "seat_wind": wind, "value": result["scores"][wind],
             "settlement": result["settlement"][wind]}
            for position, wind in sorted(winds.items())
        ],
        "breakdown": result.get("hands", {}),
    }


# --- Correcting and deleting ---------------------------------------------------------


def hand_to_change(table: Table, number: int, *, expected_version: Any = None) -> Hand:
    """Hand `number` of the table, to correct, delete or confirm. One deleted
    since the page saw the table (`expected_version`) is a VersionConflict
    saying who deleted it; a number without a hand is Hand.DoesNotExist."""
    hand = table.hands.filter(number=number).first()
    if hand is None:
        if expected_version is not None:
            hand_audit.check_version(table, expected_version)
        raise Hand.DoesNotExist(f"table {table.pk} has no hand {number}")
    return hand


def _locked_hand(hand: Hand) -> tuple[Table, Hand]:
    table = _locked_table(hand.table)
    current = table.hands.filter(pk=hand.pk).first()
    if current is None:
        raise ValidationError(_("Hand %(number)s has been deleted.") % {"number": hand.number})
    return table, current


def _after_change(table: Table, hand: Hand | None, user: Any) -> None:
    """Confirmation and closed-round results after a change by `user`; the
    standings are recomputed in the background once the change commits."""
    event_id = table.round.event_id
    results.refresh_standings_after_commit(event_id)
    if table.round.status == RoundStatus.CLOSED:
        if hand is not None:
            hand.confirmed_at, hand.confirmed_by = timezone.now(), user
            hand.save(update_fields=["confirmed_at", "confirmed_by"])
        _refresh_results(table)
    elif hand is not None and hand.confirmed_at is not None:
        hand.confirmed_at, hand.confirmed_by = None, None
        hand.save(update_fields=["confirmed_at", "confirmed_by"])


def _refresh_results(table: Table) -> None:
    fresh = table_results(table.round.event, table)  # before the stored ones go
    TableResult.objects.filter(table=table).delete()
    TableResult.objects.bulk_create(fresh)


def correct_hand(hand: Hand, *, game_input: Mapping[str, Any], expected_version: int,
                 user: Any) -> Hand:
    """Replace a hand's entry; the old one stays in the audit trail."""
    entry = hand_entry.normalise(game_input, hand.table.round.event.ruleset)
    with transaction.atomic():
        table, hand = _locked_hand(hand)
        hand_permissions.require_may_change(user, table)
        hand_audit.check_version(table, expected_version)
        seats = hand_scoring.seats_of(table)
        if entry["east"] is None:
            entry["east"] = hand_entry.entry_of(hand, seats)["east"]
        old = hand_audit.snapshot(hand)
        game, result, winds = hand_scoring.score_entry(
            table, table.round.event, seats, entry, hand.game["prevailing_wind"])
        hand_scoring.apply_score(hand, seats, entry, game, result, winds)
        _bump(table)
        hand_audit.record_change(table, hand, hand.number, HandAction.CORRECTED, user, old,
                                 hand_audit.snapshot(hand))
        _after_change(table, hand, user)
        return hand


def delete_hand(hand: Hand, *, expected_version: int, user: Any) -> None:
    """Delete a hand; its number stays a gap and its audit rows stay."""
    with transaction.atomic():
        table, hand = _locked_hand(hand)
        hand_permissions.require_may_change(user, table)
        hand_audit.check_version(table, expected_version)
        old = hand_audit.snapshot(hand)
        number = hand.number
        hand.delete()
        _bump(table)
        hand_audit.record_change(table, None, number, HandAction.DELETED, user, old, None)
        _after_change(table, None, user)


def correct_seats(table: Table, *, positions: Mapping[int, int], user: Any,
                  expected_version: int | None = None) -> list[Hand]:
    """Correct who sat where: `positions` maps the seat a player is recorded
    in to the seat they really sat in (a permutation of the table's seats).
    Every hand of the table is re-scored with the players' real winds."""
    moves = {hand_entry.position(old, "seat"): hand_entry.position(new, "seat")
             for old, new in positions.items()}
    moves = {old: new for old, new in moves.items() if old != new}
    with transaction.atomic():
        table = _locked_table(table)
        hand_permissions.require_may_change(user, table)
        if expected_version is not None:
            hand_audit.check_version(table, expected_version)
        seats = hand_scoring.seats_of(table)
        if not moves:
            raise ValidationError(_("Nobody changes seats."))
        if set(moves) != set(moves.values()) or not set(moves) <= set(seats):
            raise ValidationError(_("A seat correction must move players between the seats of "
                                    "table %(table)s, each seat taken once.") % {
                "table": table.number})
        hands = list(table.hands.order_by("number"))
        entries = {hand.pk: hand_entry.entry_of(hand, seats) for hand in hands}
        olds = {hand.pk: hand_audit.snapshot(hand) for hand in hands}
        moved = [seat for position, seat in seats.items() if position in moves]
        Seat.objects.filter(pk__in=[seat.pk for seat in moved]).delete()
        Seat.objects.bulk_create(
            Seat(round_id=seat.round_id, table=table, position=moves[seat.position],
                 registration_id=seat.registration_id) for seat in moved)
        seats = hand_scoring.seats_of(table)
        _bump(table)
        closed = table.round.status == RoundStatus.CLOSED
        for hand in hands:
            entry = hand_entry.moved(entries[hand.pk], moves, len(seats),
                                     hand_scoring.schedule(table))
            game, result, winds = hand_scoring.score_entry(
                table, table.round.event, seats, entry, hand.game["prevailing_wind"])
            hand_scoring.apply_score(hand, seats, entry, game, result, winds)
            hand_audit.record_change(table, hand, hand.number, HandAction.RESEATED, user,
                                     olds[hand.pk], hand_audit.snapshot(hand))
        # Changed hands need confirming again, unless the organiser changed
        # them after closing (then their word counts).
        Hand.objects.filter(pk__in=[hand.pk for hand in hands]).update(
            confirmed_at=timezone.now() if closed else None,
            confirmed_by=user if closed and getattr(user, "pk", None) else None)
        if closed:
            _refresh_results(table)
        results.refresh_standings_after_commit(table.round.event_id)
        return hands


# --- Confirmation ---------------------------------------------------------------------


def confirm_hand(hand: Hand, user: Any) -> Hand:
    """A second person at the table confirms a hand: a scorekeeper or
    organiser other than whoever last entered or changed it."""
    with transaction.atomic():
        table, hand = _locked_hand(hand)
        hand_permissions.require_scorekeeper(user, table)
        if hand.confirmed_at is not None:
            return hand
        author_id = hand_audit.author_of(hand)
        if author_id is not None and author_id == user.pk:
            raise ValidationError(_("Hand %(number)s must be confirmed by someone else than "
                                    "who entered it.") % {"number": hand.number})
        hand.confirmed_at, hand.confirmed_by = timezone.now(), user
        hand.save(update_fields=["confirmed_at", "confirmed_by"])
        hand_audit.record_change(table, hand, hand.number, HandAction.CONFIRMED, user, None, None)
        # Not a new version (see above), but the standings' marks change.
        results_cache.changed(table.round.event_id)
        return hand
