"""Hands at a table: entering them (by values or by tiles), safely repeated
submissions, corrections, deletions, seat corrections and confirmation.

Every change to a table's hands runs with the table row locked, moves the
table's version on and writes a HandChange row (who, when, the hand before
and after) in the same transaction, so history is never silently rewritten.

A hand is kept as entered (`Hand.entry`, by the table's seat positions 0-4)
beside the engine's input and result. Player data (values, tiles, winner,
discarder, dead, the responsible player of a flag "pao:<position>") belongs
to the player in that position; East belongs to the seat. So a seat
correction moves each player's data to the seat they really sat in, and the
engine re-scores the hand with their real winds.

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

import hashlib
import json
import logging
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F, Max, Prefetch
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring import texts
from scoring.engine import RULESETS, score_game
from scoring.engine.deal import EACH_HAND, Deal, Dealt, Schedule, next_deal, row_without
from scoring.engine.ruleset import ValueEntry
from tournaments import access
from tournaments.models import (
    Event,
    Hand,
    HandAction,
    HandChange,
    HandScore,
    RoundStatus,
    Seat,
    Table,
    TableResult,
)
from tournaments.seating.five import five_player_schedule
from tournaments.services import results_cache

logger = logging.getLogger(__name__)

WINDS = ("E", "S", "W", "N")
VALUES_FIELDS = {"values", "winner", "east", "discarder", "flags"}
TILES_FIELDS = {"tiles", "winner", "east", "discarder", "winning_tile", "win_source", "flags",
                "dead"}
# A responsible player is entered as a flag "pao:<seat position>"; the engine
# gets "pao:<seat wind>" of that hand (see _engine_flag).
PAO = "pao:"


def value_entry(ruleset: str) -> ValueEntry:
    """How the event's rule set takes hands by values (declared by the rule
    set: scoring/engine/ruleset.py ValueEntry)."""
    return RULESETS[ruleset].value_entry if ruleset in RULESETS else ValueEntry()


class VersionConflict(ValidationError):
    """The table changed since the client saw it (`changes` says how)."""

    def __init__(self, message: str, *, changes: list[dict[str, Any]], version: int) -> None:
        super().__init__(message)
        self.changes = changes
        self.version = version


# --- The entry: what the scorekeeper gave, by seat position ---------------------


def _position(value: Any, role: str) -> int:
    # A whole number (or its digits as text); never a boolean or a fraction
    # (1.5 is no seat, where int() would make it seat 1).
    position = -1
    if isinstance(value, int) and not isinstance(value, bool):
        position = value
    elif isinstance(value, str):
        try:
            position = int(value)
        except ValueError:
            pass
    if not 0 <= position <= 4:
        raise ValidationError(_("The %(role)s must be a seat position 0-4, not %(value)s.") % {
            "role": role, "value": json.dumps(value)})
    return position


def _optional_position(value: Any, role: str) -> int | None:
    return None if value is None else _position(value, role)


def _entry_flags(given: Any, kind: str, ruleset: str) -> list[str]:
    """The flags of an entry, sorted; a responsible player as "pao:<position>".
    A hand by values takes only the flags that change its settlement."""
    if given is None:
        return []
    if not isinstance(given, list) or not all(isinstance(flag, str) for flag in given):
        raise ValidationError(_("Flags must be a list of names."))
    taken = value_entry(ruleset).flags
    flags = set()
    for flag in given:
        name = "pao" if flag.startswith(PAO) else flag
        if kind == "values" and name not in taken:
            raise ValidationError(_("The flag %(flag)s does not change the settlement of a hand "
                                    "by values; enter the hand by tiles.") % {"flag": flag})
        if name == "pao":
            flag = PAO + str(_position(flag[len(PAO):], "responsible player (pao)"))
        flags.add(flag)
    return sorted(flags)


def normalise(game_input: Mapping[str, Any], ruleset: str = "nts") -> dict[str, Any]:
    """The canonical entry of a hand given by values or by tiles, for an
    event of `ruleset`; refuses malformed input with a message (tile
    contents are the engine's job)."""
    if not isinstance(game_input, Mapping):
        raise ValidationError(_("A hand must be an object."))
    kind = "tiles" if "tiles" in game_input else "values"
    if kind == "tiles" and "values" in game_input:
        raise ValidationError(_("Give a hand by values or by tiles, not both."))
    if kind not in game_input:
        raise ValidationError(_("Give the hand's values or tiles."))
    fields = TILES_FIELDS if kind == "tiles" else VALUES_FIELDS
    if kind == "values" and not value_entry(ruleset).flags:
        fields = fields - {"flags"}  # nothing would change the settlement of values
    unknown = sorted(set(game_input) - fields)
    if unknown:
        raise ValidationError(_("Unknown field %(field)s in a hand by %(kind)s.") % {
            "field": unknown[0], "kind": kind})
    players = game_input[kind]
    if not isinstance(players, Mapping) or not players:
        raise ValidationError(_("Give the %(kind)s per seat position.") % {"kind": kind})
    per_position: dict[str, Any] = {}
    for key, data in players.items():
        position = _position(key, "seat")
        if kind == "values" and (isinstance(data, bool) or not isinstance(data, int)):
            raise ValidationError(_("The value in seat %(seat)s must be a whole number, not "
                                    "%(value)s.") % {"seat": position, "value": json.dumps(data)})
        if kind == "tiles" and not isinstance(data, Mapping):
            raise ValidationError(_("The tiles in seat %(seat)s must be an object.") % {
                "seat": position})
        per_position[str(position)] = data
    entry: dict[str, Any] = {
        "kind": kind,
        kind: dict(sorted(per_position.items())),
        "winner": _optional_position(game_input.get("winner"), "winner"),
        "east": _optional_position(game_input.get("east"), "East"),
        "discarder": _optional_position(game_input.get("discarder"), "discarder"),
    }
    flags = _entry_flags(game_input.get("flags"), kind, ruleset)
    if kind == "values" and "flags" in fields:
        # Only where values take flags, so other entries stay as they were.
        entry["flags"] = flags
    if kind == "tiles":
        dead = game_input.get("dead") or []
        if not isinstance(dead, list):
            raise ValidationError(_("Dead hands must be a list of seat positions."))
        for field in ("winning_tile", "win_source"):
            if game_input.get(field) is not None and not isinstance(game_input[field], str):
                raise ValidationError(_("%(field)s must be a text.") % {"field": field})
        entry.update(
            winning_tile=game_input.get("winning_tile"),
            win_source=game_input.get("win_source"),
            flags=flags,
            dead=sorted({_position(position, "dead seat") for position in dead}),
        )
    return entry


def digest(entry: Mapping[str, Any]) -> str:
    return hashlib.sha256(json.dumps(entry, sort_keys=True).encode()).hexdigest()


def _players_of(entry: Mapping[str, Any]) -> dict[int, Any]:
    return {int(position): data for position, data in entry[entry["kind"]].items()}


# --- Winds and scoring ------------------------------------------------------------


def _schedule(table: Table) -> Schedule:
    """Who sits out which hand at a table of 5: the schedule of the event's
    rule set (seed 001's for Hong Kong, the dreamer's of seed 003 for NTS)."""
    return five_player_schedule(table.round.event.ruleset)


def _winds(table: Table, seats: Mapping[int, Seat], playing: Sequence[int],
           east: int) -> dict[int, str]:
    """Position -> seat wind for this hand (at a table of 5, by the rule
    set's schedule)."""
    size = len(seats)
    unknown = sorted(set(playing) - set(seats))
    if unknown:
        raise ValidationError(_("Table %(table)s has no player in seat %(seat)s.") % {
            "table": table.number, "seat": unknown[0]})
    if east not in playing:
        raise ValidationError(_("East must be one of the players of this hand."))
    if size == 5:
        missing = sorted(set(seats) - set(playing))
        if len(missing) != 1:
            raise ValidationError(_("At a table of 5, give the values of the 4 players of the "
                                    "hand; the fifth sits out."))
        row = row_without(_schedule(table), missing[0])
        if row[0] != east:
            raise ValidationError(_("When %(out)s sits out, %(east)s is East (rotation schedule "
                                    "for 5 players).") % {
                "out": seats[missing[0]].registration.name,
                "east": seats[row[0]].registration.name})
        return {position: WINDS[index] for index, position in enumerate(row[:4])}
    if set(playing) != set(seats):
        missing_names = ", ".join(seats[p].registration.name
                                  for p in sorted(set(seats) - set(playing)))
        raise ValidationError(_("Give a value for every player at the table (missing: "
                                "%(names)s).") % {"names": missing_names})
    # The winds move on counter-clockwise: the player after East is South.
    return {position: WINDS[(position - east) % size] for position in seats}


def dealt(table: Table) -> list[Dealt]:
    """The table's saved hands in order, as far as the next deal goes."""
    rows = table.hands.order_by("number").values_list(
        "entry__east", "game__prevailing_wind", "result__winds_rotate", "game__winner")
    # A result without `winds_rotate` (none before the engine said it) rotates;
    # SQLite gives JSON booleans as 1/0. East won when the game's winner is
    # the East seat (what a round of the classic rules goes by, P3).
    return [Dealt(east=int(east), prevailing=wind, rotates=rotates is None or bool(rotates),
                  east_won=winner == "E")
            for east, wind, rotates, winner in rows]


def next_hand(table: Table, positions: Sequence[int]) -> Deal:
    """Who is East in the table's next hand, who plays it and the prevailing
    wind: the engine's deal (scoring/engine/deal.py) in the order of the
    event's rule set for a table of this size and the event's rule options
    (its rounds, its winds: NTS's round of the green dragon, 003)."""
    event = table.round.event
    ruleset = event.ruleset
    order = (RULESETS[ruleset].deal_order(len(positions), event.rule_options)
             if ruleset in RULESETS else EACH_HAND)
    return next_deal(positions, dealt(table), _schedule(table), order)


def _with_east(seats: Mapping[int, Seat], entry: dict[str, Any], deal: Deal) -> dict[str, Any]:
    """The entry of the next hand with East filled in when not given (the
    next East by the rotation). At a table of 5 the four players given must
    then be the ones the rotation schedule lets play: the message names who
    sits out, rather than a disagreement about East nobody chose."""
    if entry["east"] is not None:
        return entry
    east, playing = deal.east, deal.playing
    given = set(_players_of(entry))
    if len(seats) == 5 and len(given) == 4 and given <= set(seats) and given != set(playing):
        out = next(position for position in seats if position not in playing)
        raise ValidationError(_("%(name)s sits out this hand (rotation schedule for 5 "
                                "players): give the other four players.") % {
            "name": seats[out].registration.name})
    return {**entry, "east": east}


def _seats(table: Table) -> dict[int, Seat]:
    return {seat.position: seat for seat in table.seats.select_related("registration__member")}


def _responsible(entry: Mapping[str, Any]) -> list[int]:
    """The positions given as the responsible player (pao) of an entry (the
    engine refuses more than one)."""
    return [int(flag[len(PAO):]) for flag in entry.get("flags", [])
            if flag.startswith(PAO) and flag[len(PAO):].isdigit()]


def _engine_flag(flag: str, winds: Mapping[int, str]) -> str:
    """An entry's flag for the engine: "pao:<position>" as "pao:<wind>"."""
    if flag.startswith(PAO) and flag[len(PAO):].isdigit():
        return PAO + winds[int(flag[len(PAO):])]
    return flag


def is_false_mahjong(entry: Mapping[str, Any]) -> bool:
    """A false mahjong flagged as such (Hong Kong): the player given as the
    winner claimed it and pays; nobody won."""
    return "false_mahjong" in entry.get("flags", [])


def _only_the_winner_counts(seats: Mapping[int, Seat], players: Mapping[int, Any],
                            winner: int | None, kind: str) -> None:
    """Where only the winner's value counts, the others' values are 0: a
    value given for anyone else would be silently ignored, so it is refused."""
    for position, data in sorted(players.items()):
        value = data if kind == "values" else data.get("score")
        if position != winner and value not in (None, 0):
            raise ValidationError(_("Only the winner's fan counts in this rule set: give 0 for "
                                    "%(name)s, not %(value)s.") % {
                "name": seats[position].registration.name, "value": json.dumps(value)})


def _score(table: Table, event: Event, seats: Mapping[int, Seat], entry: dict[str, Any],
           wind: str) -> tuple[dict[str, Any], dict[str, Any], dict[int, str]]:
    """The engine's input and result for an entry, and each position's wind."""
    players = _players_of(entry)
    winner, discarder, east = entry["winner"], entry["discarder"], entry["east"]
    winds = _winds(table, seats, list(players), east)
    roles = [("winner", winner), ("discarder", discarder),
             *(("responsible player (pao)", position) for position in _responsible(entry))]
    for role, position in roles:
        if position is not None and position not in players:
            raise ValidationError(_("The %(role)s must be one of the players of this hand.")
                                  % {"role": role})
    if winner is not None and discarder == winner:
        raise ValidationError(_("The winner cannot have discarded the winning tile."))
    if winner is None and discarder is not None:
        raise ValidationError(_("A draw has no discarder."))
    if value_entry(event.ruleset).winner_only:
        _only_the_winner_counts(seats, players, winner, entry["kind"])
    flags = [_engine_flag(flag, winds) for flag in entry.get("flags", [])]
    game: dict[str, Any] = {
        "ruleset": event.ruleset,
        "options": event.rule_options,
        "prevailing_wind": wind,
        "winner": winds[winner] if winner is not None else None,
    }
    if entry["kind"] == "values":
        game["players"] = {winds[p]: {"score": value} for p, value in players.items()}
        if winner is not None:
            game["win_source"] = "discard" if discarder is not None else "wall"
        if flags:
            game["flags"] = flags
    else:
        game["players"] = {winds[p]: dict(data) for p, data in players.items()}
        if winner is not None:
            game["winning_tile"] = entry["winning_tile"]
            game["win_source"] = entry["win_source"] or (
                "discard" if discarder is not None else "wall")
        game["flags"] = flags
        dead = entry["dead"]
        stray = [p for p in dead if p not in players]
        if stray:
            raise ValidationError(_("A dead hand must be one of the players of this hand "
                                    "(seat %(seat)s).") % {"seat": stray[0]})
        game["dead"] = [winds[p] for p in dead]
    if discarder is not None:
        game["discarder"] = winds[discarder]
    result = score_game(game)
    if "error" in result:
        who = ", ".join(f"{texts.SEAT_LETTERS[winds[p]]}: {seats[p].registration.name}"
                        for p in sorted(players))
        raise ValidationError(_("The hand cannot be settled: %(error)s (%(who)s)") % {
            "error": texts.engine_error(result, event.ruleset).rstrip("."), "who": who})
    return game, result, winds


def _apply(hand: Hand, seats: Mapping[int, Seat], entry: dict[str, Any], game: dict[str, Any],
           result: dict[str, Any], winds: Mapping[int, str]) -> None:
    """Store a scored entry on the hand and replace its scores."""
    hand.entry, hand.game, hand.result = entry, game, result
    # A false mahjong's claimer is the engine's "winner", but nobody won.
    won = entry["winner"] is not None and not is_false_mahjong(entry)
    hand.winner = seats[entry["winner"]].registration if won else None
    hand.discarder = (seats[entry["discarder"]].registration
                      if entry["discarder"] is not None else None)
    hand.save()
    HandScore.objects.filter(hand=hand).delete()
    HandScore.objects.bulk_create(
        HandScore(hand=hand, registration=seats[position].registration, seat_wind=wind,
                  value=result["scores"][wind], settlement=result["settlement"][wind])
        for position, wind in winds.items()
    )


# --- Locking, versions, audit -------------------------------------------------------


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


def _user_name(user: Any) -> str:
    if user is None:
        return _("someone")
    return user.get_full_name() or user.get_username()


def snapshot(hand: Hand) -> dict[str, Any]:
    """The hand as the audit trail keeps it."""
    return {
        "number": hand.number,
        "submission_id": str(hand.submission_id) if hand.submission_id else None,
        "entry": hand.entry,
        "players": [
            {"registration": score.registration_id, "name": score.registration.name,
             "seat_wind": score.seat_wind, "value": score.value,
             "settlement": score.settlement}
            for score in hand.scores.select_related("registration__member").order_by("seat_wind")
        ],
        "game": hand.game,
    }


def _audit(table: Table, hand: Hand | None, number: int, action: str, user: Any,
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
}


def describe(change: HandChange) -> str:
    return _(DESCRIPTIONS[HandAction(change.action)]) % {
        "number": change.number, "user": _user_name(change.user),
        "time": timezone.localtime(change.at).strftime("%H:%M")}


def change_json(change: HandChange) -> dict[str, Any]:
    return {"action": change.action, "number": change.number, "version": change.version,
            "user": _user_name(change.user), "at": change.at.isoformat(),
            "text": describe(change)}


def audit_trail(table: Table) -> list[dict[str, Any]]:
    """The table's changes to hands, newest first, as the organiser's table
    page shows them: who, when, what, and per player the seat wind, value
    and settlement before and after (None where the hand did not exist, or
    the player did not play it)."""
    trail = []
    for change in table.hand_changes.select_related("user").order_by("-pk"):
        old = {p["registration"]: p for p in (change.old or {}).get("players", [])}
        new = {p["registration"]: p for p in (change.new or {}).get("players", [])}
        order = [*new, *(key for key in old if key not in new)]
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


def _played(player: Mapping[str, Any] | None) -> tuple[Any, ...] | None:
    if player is None:
        return None
    return (player.get("seat_wind"), player.get("value"), player.get("settlement"))


def _conflict(table: Table, changes: list[HandChange]) -> VersionConflict:
    texts = list(dict.fromkeys(describe(change) for change in changes))
    return VersionConflict(
        _("The table has changed since you opened it: %(changes)s.") % {
            "changes": "; ".join(texts) or _("reload it")},
        changes=[change_json(change) for change in changes], version=table.version)


def _check_version(table: Table, expected_version: int) -> None:
    if isinstance(expected_version, bool) or not isinstance(expected_version, int):
        raise ValidationError(_("expected_version must be a whole number."))
    if expected_version != table.version:
        changes = list(table.hand_changes.filter(version__gt=expected_version)
                       .exclude(action=HandAction.CONFIRMED).select_related("user")
                       .order_by("pk"))
        raise _conflict(table, changes)


# --- Permissions ------------------------------------------------------------------


def _require_scorekeeper(user: Any, table: Table) -> None:
    if user is None or not access.can_keep_score(user, table):
        raise PermissionDenied(_("You do not keep the score at this table."))


def _require_may_change(user: Any, table: Table) -> None:
    """A scorekeeper of the table until the round closes; then the organiser."""
    if table.round.status == RoundStatus.CLOSED:
        if user is None or not access.organises(user, table.round.event):
            raise PermissionDenied(_("Round %(round)s is closed: only the organiser can change "
                                     "its hands.") % {"round": table.round.number})
    else:
        _require_scorekeeper(user, table)


def may_change(user: Any, table: Table) -> bool:
    """Whether `user` may correct or delete the table's hands and its seats
    now (the rule of _require_may_change, for pages that show the buttons)."""
    try:
        _require_may_change(user, table)
    except PermissionDenied:
        return False
    return True


def _require_playing(table: Table) -> None:
    if table.round.status != RoundStatus.STARTED:
        raise ValidationError(_("Hands can only be entered while round %(round)s is being "
                                "played.") % {"round": table.round.number})


# --- Entering ---------------------------------------------------------------------


def _create(table: Table, entry: dict[str, Any], user: Any, *,
            submission_id: uuid.UUID | None = None, submitted: str = "") -> Hand:
    """Score and save the next hand of a locked table."""
    event = table.round.event
    seats = _seats(table)
    deal = next_hand(table, list(seats))
    entry = _with_east(seats, entry, deal)
    game, result, winds = _score(table, event, seats, entry, deal.prevailing)
    if event.rules_frozen_at is None:
        # The first hand freezes the rules: later house-rule changes never
        # alter results entered under them.
        event.rules_frozen_at = timezone.now()
        Event.objects.filter(pk=event.pk).update(rules_frozen_at=event.rules_frozen_at)
    last = table.hands.aggregate(last=Max("number"))["last"] or 0
    hand = Hand(table=table, number=last + 1, submission_id=submission_id,
                submission_digest=submitted,
                entered_by=user if getattr(user, "pk", None) else None)
    _apply(hand, seats, entry, game, result, winds)
    _bump(table)
    _audit(table, hand, hand.number, HandAction.CREATED, user, None, snapshot(hand))
    return hand


def record(table: Table, game_input: Mapping[str, Any], *, user: Any = None) -> Hand:
    """Enter the next hand without the idempotency and version checks (the
    organiser's table page, the demo). No permission check: callers have
    fetched the table through clubs.access."""
    entry = normalise(game_input, table.round.event.ruleset)
    with transaction.atomic():
        table = _locked_table(table)
        _require_playing(table)
        return _create(table, entry, user)


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
    deleted = [change for change in table.hand_changes.filter(
        action=HandAction.CREATED, hand__isnull=True).select_related("user")
        if (change.new or {}).get("submission_id") == str(key)]
    if deleted:
        removal = list(table.hand_changes.filter(
            action=HandAction.DELETED, number=deleted[0].number,
            version__gt=deleted[0].version).select_related("user").order_by("pk")[:1])
        raise _conflict(table, deleted + removal)
    return None


def submit_hand(table: Table, *, game_input: Mapping[str, Any], submission_id: str,
                expected_version: int, user: Any) -> tuple[Hand, bool]:
    """Save a hand from the score-entry page: (hand, created).

    Safe to repeat: the same submission_id returns the hand it saved, with
    created=False, whatever happened since. A new submission must have seen
    the table's current version; otherwise VersionConflict says what changed."""
    key = _uuid(submission_id)
    entry = normalise(game_input, table.round.event.ruleset)
    submitted = digest(entry)
    with transaction.atomic():
        table = _locked_table(table)
        _require_scorekeeper(user, table)
        existing = _repeat(table, key, submitted)
        if existing is not None:
            return existing, False
        _check_version(table, expected_version)
        _require_playing(table)
        try:
            # A savepoint: a concurrent twin that got in first (the lock is a
            # no-op on SQLite) trips the unique constraint instead.
            with transaction.atomic():
                return _create(table, entry, user, submission_id=key, submitted=submitted), True
        except IntegrityError:
            existing = _repeat(table, key, submitted)
            if existing is None:
                raise
            return existing, False


def preview_hand(table: Table, game_input: Mapping[str, Any], *,
                 correcting: Hand | None = None) -> dict[str, Any]:
    """Score the next hand as submit_hand would (or, given `correcting`, that
    hand as correct_hand would), without saving anything: the score-entry
    page shows the breakdown and settlement before the scorekeeper saves.
    Refuses what submit_hand would refuse (ValidationError, with the
    engine's message). No permission check: callers fetched the table through
    clubs.access."""
    entry = normalise(game_input, table.round.event.ruleset)
    seats = _seats(table)
    if correcting is not None:
        # A correction keeps the hand's prevailing wind and East.
        wind = correcting.game["prevailing_wind"]
        if entry["east"] is None:
            entry = {**entry, "east": _entry_of(correcting, seats)["east"]}
    else:
        deal = next_hand(table, list(seats))
        wind = deal.prevailing
        entry = _with_east(seats, entry, deal)
    game, result, winds = _score(table, table.round.event, seats, entry, wind)
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


def _entry_of(hand: Hand, seats: Mapping[int, Seat]) -> dict[str, Any]:
    """The hand's entry; for hands saved before entries were kept, rebuilt
    from the engine input and who had which wind."""
    if hand.entry:
        return dict(hand.entry)
    position_of = {seat.registration_id: position for position, seat in seats.items()}
    by_wind = {score.seat_wind: position_of[score.registration_id]
               for score in hand.scores.all()}
    game = hand.game
    players = {str(by_wind[wind]): data for wind, data in game["players"].items()}
    entry: dict[str, Any] = {
        "winner": by_wind[game["winner"]] if game.get("winner") else None,
        "east": by_wind["E"],
        "discarder": by_wind[game["discarder"]] if game.get("discarder") else None,
    }
    # The engine's "pao:<wind>" is the entry's "pao:<position>".
    flags = sorted(PAO + str(by_wind[flag[len(PAO):]])
                   if flag.startswith(PAO) and flag[len(PAO):] in by_wind else flag
                   for flag in game.get("flags", []))
    if all(set(data) == {"score"} for data in players.values()):
        entry.update(kind="values", values={p: data["score"] for p, data in players.items()})
        if flags:
            entry["flags"] = flags
    else:
        entry.update(kind="tiles", tiles=players, winning_tile=game.get("winning_tile"),
                     win_source=game.get("win_source"), flags=flags,
                     dead=sorted(by_wind[wind] for wind in game.get("dead", [])))
    return entry


def hand_to_change(table: Table, number: int, *, expected_version: Any = None) -> Hand:
    """Hand `number` of the table, to correct, delete or confirm. One deleted
    since the page saw the table (`expected_version`) is a VersionConflict
    saying who deleted it; a number without a hand is Hand.DoesNotExist."""
    hand = table.hands.filter(number=number).first()
    if hand is None:
        if expected_version is not None:
            _check_version(table, expected_version)
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
    transaction.on_commit(lambda: _refresh_standings_later(event_id))
    if table.round.status == RoundStatus.CLOSED:
        if hand is not None:
            hand.confirmed_at, hand.confirmed_by = timezone.now(), user
            hand.save(update_fields=["confirmed_at", "confirmed_by"])
        _refresh_results(table)
    elif hand is not None and hand.confirmed_at is not None:
        hand.confirmed_at, hand.confirmed_by = None, None
        hand.save(update_fields=["confirmed_at", "confirmed_by"])


def _refresh_standings_later(event_id: int) -> None:
    from tournaments.tasks import refresh_standings

    try:
        refresh_standings.delay(event_id)
    except Exception as error:  # noqa: BLE001 (broker down: the first reader recomputes)
        logger.warning("standings of event %s not refreshed in the background: %r",
                       event_id, error)


def _refresh_results(table: Table) -> None:
    from tournaments.services.rounds import table_results

    TableResult.objects.filter(table=table).delete()
    TableResult.objects.bulk_create(table_results(table.round.event, table))


def correct_hand(hand: Hand, *, game_input: Mapping[str, Any], expected_version: int,
                 user: Any) -> Hand:
    """Replace a hand's entry; the old one stays in the audit trail."""
    entry = normalise(game_input, hand.table.round.event.ruleset)
    with transaction.atomic():
        table, hand = _locked_hand(hand)
        _require_may_change(user, table)
        _check_version(table, expected_version)
        seats = _seats(table)
        if entry["east"] is None:
            entry["east"] = _entry_of(hand, seats)["east"]
        old = snapshot(hand)
        game, result, winds = _score(table, table.round.event, seats, entry,
                                     hand.game["prevailing_wind"])
        _apply(hand, seats, entry, game, result, winds)
        _bump(table)
        _audit(table, hand, hand.number, HandAction.CORRECTED, user, old, snapshot(hand))
        _after_change(table, hand, user)
        return hand


def delete_hand(hand: Hand, *, expected_version: int, user: Any) -> None:
    """Delete a hand; its number stays a gap and its audit rows stay."""
    with transaction.atomic():
        table, hand = _locked_hand(hand)
        _require_may_change(user, table)
        _check_version(table, expected_version)
        old = snapshot(hand)
        number = hand.number
        hand.delete()
        _bump(table)
        _audit(table, None, number, HandAction.DELETED, user, old, None)
        _after_change(table, None, user)


def correct_seats(table: Table, *, positions: Mapping[int, int], user: Any,
                  expected_version: int | None = None) -> list[Hand]:
    """Correct who sat where: `positions` maps the seat a player is recorded
    in to the seat they really sat in (a permutation of the table's seats).
    Every hand of the table is re-scored with the players' real winds."""
    moves = {_position(old, "seat"): _position(new, "seat") for old, new in positions.items()}
    moves = {old: new for old, new in moves.items() if old != new}
    with transaction.atomic():
        table = _locked_table(table)
        _require_may_change(user, table)
        if expected_version is not None:
            _check_version(table, expected_version)
        seats = _seats(table)
        if not moves:
            raise ValidationError(_("Nobody changes seats."))
        if set(moves) != set(moves.values()) or not set(moves) <= set(seats):
            raise ValidationError(_("A seat correction must move players between the seats of "
                                    "table %(table)s, each seat taken once.") % {
                "table": table.number})
        hands = list(table.hands.order_by("number"))
        entries = {hand.pk: _entry_of(hand, seats) for hand in hands}
        olds = {hand.pk: snapshot(hand) for hand in hands}
        moved = [seat for position, seat in seats.items() if position in moves]
        Seat.objects.filter(pk__in=[seat.pk for seat in moved]).delete()
        Seat.objects.bulk_create(
            Seat(round_id=seat.round_id, table=table, position=moves[seat.position],
                 registration_id=seat.registration_id) for seat in moved)
        seats = _seats(table)
        _bump(table)
        closed = table.round.status == RoundStatus.CLOSED
        for hand in hands:
            entry = _moved(entries[hand.pk], moves, len(seats), _schedule(table))
            game, result, winds = _score(table, table.round.event, seats, entry,
                                         hand.game["prevailing_wind"])
            _apply(hand, seats, entry, game, result, winds)
            _audit(table, hand, hand.number, HandAction.RESEATED, user, olds[hand.pk],
                   snapshot(hand))
        # Changed hands need confirming again, unless the organiser changed
        # them after closing (then their word counts).
        Hand.objects.filter(pk__in=[hand.pk for hand in hands]).update(
            confirmed_at=timezone.now() if closed else None,
            confirmed_by=user if closed and getattr(user, "pk", None) else None)
        if closed:
            _refresh_results(table)
        event_id = table.round.event_id
        transaction.on_commit(lambda: _refresh_standings_later(event_id))
        return hands


def _moved(entry: dict[str, Any], moves: Mapping[int, int], size: int,
           schedule: Schedule) -> dict[str, Any]:
    """The entry with each player's data in their real seat; East stays with
    the seat (at a table of 5, with the row of the rule set's `schedule` in
    which whoever sat out sits out)."""
    def move(position: int | None) -> int | None:
        return None if position is None else moves.get(position, position)

    kind = entry["kind"]
    new = dict(entry)
    new[kind] = dict(sorted((str(move(int(p))), data) for p, data in entry[kind].items()))
    new["winner"], new["discarder"] = move(entry["winner"]), move(entry["discarder"])
    if kind == "tiles":
        new["dead"] = sorted(move(p) for p in entry["dead"])  # type: ignore[type-var]
    if "flags" in entry:  # the responsible player (pao) moves with their data
        new["flags"] = sorted(PAO + str(move(int(flag[len(PAO):])))
                              if flag.startswith(PAO) and flag[len(PAO):].isdigit() else flag
                              for flag in entry["flags"])
    if size == 5:
        out = next(p for p in range(5) if str(p) not in new[kind])
        new["east"] = row_without(schedule, out)[0]
    return new


# --- Confirmation ---------------------------------------------------------------------


def confirm_hand(hand: Hand, user: Any) -> Hand:
    """A second person at the table confirms a hand: a scorekeeper or
    organiser other than whoever last entered or changed it."""
    with transaction.atomic():
        table, hand = _locked_hand(hand)
        _require_scorekeeper(user, table)
        if hand.confirmed_at is not None:
            return hand
        author_id = author_of(hand)
        if author_id is not None and author_id == user.pk:
            raise ValidationError(_("Hand %(number)s must be confirmed by someone else than "
                                    "who entered it.") % {"number": hand.number})
        hand.confirmed_at, hand.confirmed_by = timezone.now(), user
        hand.save(update_fields=["confirmed_at", "confirmed_by"])
        _audit(table, hand, hand.number, HandAction.CONFIRMED, user, None, None)
        # Not a new version (see above), but the standings' marks change.
        results_cache.changed(table.round.event_id)
        return hand


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


# --- The score-entry page's view of a table -------------------------------------------


# What hand_json reads of a hand's scores, to prefetch for a whole table.
SCORES_FOR_JSON = Prefetch(
    "scores", queryset=HandScore.objects.select_related("registration__member").order_by(
        "seat_wind"))


def hand_json(hand: Hand) -> dict[str, Any]:
    prefetched = "scores" in getattr(hand, "_prefetched_objects_cache", {})
    scores = (hand.scores.all() if prefetched else
              hand.scores.select_related("registration__member").order_by("seat_wind"))
    return {
        "id": hand.pk,
        "number": hand.number,
        "submission_id": str(hand.submission_id) if hand.submission_id else None,
        "entry": hand.entry,
        "prevailing_wind": hand.game.get("prevailing_wind"),
        "players": [
            {"registration": score.registration_id, "name": score.registration.name,
             "seat_wind": score.seat_wind, "value": score.value,
             "settlement": score.settlement}
            for score in scores
        ],
        "breakdown": hand.result.get("hands", {}),
        "confirmed": hand.confirmed_at is not None,
    }


def table_state(table: Table) -> dict[str, Any]:
    """What the score-entry page shows: the players with their winds for the
    next hand, the prevailing wind, the hand number, running totals."""
    seats = _seats(table)
    hands = list(table.hands.order_by("number").values_list("number", "confirmed_at"))
    deal = next_hand(table, list(seats))
    winds = _winds(table, seats, deal.playing, deal.east)
    totals: dict[int, int] = {}
    for registration_id, settlement in HandScore.objects.filter(hand__table=table).values_list(
            "registration_id", "settlement"):
        totals[registration_id] = totals.get(registration_id, 0) + settlement
    return {
        "table": table.pk,
        "number": table.number,
        "round": table.round.number,
        "round_status": table.round.status,
        "event": table.round.event.title,
        "ruleset": table.round.event.ruleset,
        "requires_confirmation": table.round.event.requires_confirmation,
        "version": table.version,
        "hand_number": max((row[0] for row in hands), default=0) + 1,
        "prevailing_wind": deal.prevailing,
        "east": deal.east,
        "players": [
            {"position": position, "registration": seat.registration_id,
             "name": seat.registration.name, "seat_wind": winds.get(position),
             "total": totals.get(seat.registration_id, 0)}
            for position, seat in sorted(seats.items())
        ],
        "unconfirmed": [number for number, confirmed in hands if confirmed is None],
    }
