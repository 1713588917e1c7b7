"""The score-entry page's view of a table, as JSON (the page and
GET /api/tables/<id>/ give the same): the state for the next hand (players,
winds, hand number, running totals), the saved hands with what the viewer
may do with each, the audit trail with old and new values, and what the
table's rule set accepts when a hand is entered (by values or by tiles).

The rules themselves stay in hand_permissions and hand_audit (who may
change, who may confirm); this module only asks them, so the page shows
exactly the buttons the API will honour. Not to be confused with the
printed score sheets (exports/pdf/score_sheets.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.db.models import Prefetch
from django.utils.translation import get_language

from scoring.engine import FALSE_MAHJONG, RULESETS, InvalidGame, pao_of
from scoring.engine.reading import WIN_SOURCES
from tournaments import access
from tournaments.models import Event, Hand, HandScore, RoundStatus, Table
from tournaments.services import hand_audit, hand_scoring, results_cache
from tournaments.services.hand_entry import value_entry
from tournaments.services.hand_permissions import may_change

# What hand_json reads of a hand's scores, to prefetch for a whole table.
SCORES_FOR_JSON = Prefetch(
    "scores", queryset=HandScore.objects.select_related("registration__member").order_by(
        "seat_wind"))


def hand_json(hand: Hand, scores: Iterable[HandScore] | None = None) -> dict[str, Any]:
    """`scores`: the hand's scores as just saved (with their registrations),
    instead of reading them."""
    prefetched = "scores" in getattr(hand, "_prefetched_objects_cache", {})
    if scores is not None:
        scores = sorted(scores, key=lambda score: score.seat_wind)
    elif prefetched:
        scores = hand.scores.all()
    else:
        scores = hand.scores.select_related("registration__member").order_by("seat_wind")
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


def table_state(table: Table, so_far: hand_scoring.TableSoFar | None = None) -> dict[str, Any]:
    """What the score-entry page shows: the players with their winds for the
    next hand, the prevailing wind, the hand number, running totals.
    `so_far`: the table's seats and hands, when the caller has them."""
    if so_far is None:
        so_far = hand_scoring.table_so_far(table)
    seats = so_far.seats
    deal = hand_scoring.next_hand(table, list(seats), so_far.dealt())
    winds = hand_scoring.winds_for(table, seats, deal.playing, deal.east)
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
        "hand_number": so_far.next_number(),
        "prevailing_wind": deal.prevailing,
        "east": deal.east,
        "players": [
            {"position": position, "registration": seat.registration_id,
             "name": seat.registration.name, "seat_wind": winds.get(position),
             "total": totals.get(seat.registration_id, 0)}
            for position, seat in sorted(seats.items())
        ],
        "unconfirmed": [hand.number for hand in so_far.hands if not hand.confirmed],
    }


def permissions(table: Table, user: Any) -> dict[str, Any]:
    """What `user` may do at the table now."""
    status = table.round.status
    return {
        "may_enter": status == RoundStatus.STARTED,
        # Correct and delete hands, correct the seats (hand_permissions).
        "may_change": may_change(user, table),
        "closed": status == RoundStatus.CLOSED,
        "organiser": access.organises(user, table.round.event),
    }


def _awaits_confirmation(table: Table, hand: Hand) -> bool:
    # After closing nothing waits any more: closing needs every hand
    # confirmed, and the organiser's later changes count as confirmed.
    return (table.round.event.requires_confirmation and hand.confirmed_at is None
            and table.round.status != RoundStatus.CLOSED)


# hand_row's author when the caller does not know it.
UNKNOWN_AUTHOR = object()


def hand_row(table: Table, hand: Hand, user: Any, author: Any = UNKNOWN_AUTHOR,
             scores: Iterable[HandScore] | None = None) -> dict[str, Any]:
    """hand_json, with whether the hand waits for a confirmation and
    whether `user` may give it (anyone but who last entered or changed it,
    hand_audit.author_of; `author` when the caller knows it already)."""
    awaiting = _awaits_confirmation(table, hand)
    if awaiting and author is UNKNOWN_AUTHOR:
        author = hand_audit.author_of(hand)
    return {
        **hand_json(hand, scores),
        "awaiting_confirmation": awaiting,
        "may_confirm": awaiting and author != user.pk,
    }


def hand_rows(table: Table, user: Any) -> list[dict[str, Any]]:
    """Every hand of the table as hand_row gives it, in a few queries: the
    page re-reads them every few seconds."""
    authors = hand_audit.authors(table) if table.round.event.requires_confirmation else {}
    return [hand_row(table, hand, user, authors.get(hand.pk))
            for hand in table.hands.order_by("number").prefetch_related(SCORES_FOR_JSON)]


def state_tag(table: Table, user: Any) -> str | None:
    """An ETag of page_state for `user`: it changes whenever the answer may.
    Once the round is started, every change to the table's hands or seats
    moves the version on or writes an audit row (a confirmation); the
    round's status decides what may be done; the permissions and the
    language are the viewer's; an edited club or member name renews the
    names' generation. None before the round starts: players are still
    swapped then, which moves no version. (A registration's edited guest
    name shows at the table's next change.)"""
    if table.round.status not in (RoundStatus.STARTED, RoundStatus.CLOSED):
        return None
    last_change = table.hand_changes.order_by("-pk").values_list("pk", flat=True).first()
    parts = (table.version, last_change, table.round.status, user.pk,
             access.organises(user, table.round.event), get_language(),
             results_cache.names_generation())
    return '"' + ".".join(str(part) for part in parts) + '"'


def page_state(table: Table, user: Any) -> dict[str, Any]:
    """The table as the score-entry page keeps it: the state for the next
    hand, the saved hands and the viewer's permissions (the page and
    GET /api/tables/<id>/ give the same)."""
    return {**table_state(table), "hands": hand_rows(table, user),
            "permissions": permissions(table, user)}


def _winner_name(snapshot: Mapping[str, Any]) -> str | None:
    """The winner's name in an audit snapshot; None for a draw."""
    game = snapshot.get("game") or {}
    wind = game.get("winner")
    if wind is None or FALSE_MAHJONG in game.get("flags", []):
        return None  # a draw, or a false mahjong (nobody won)
    return next((player["name"] for player in snapshot.get("players", [])
                 if player.get("seat_wind") == wind), None)


def history(table: Table, *, since: int | None = None) -> list[dict[str, Any]]:
    """The audit trail, newest first: hand_audit.change_json (who, when, what, as
    a sentence in the user's language) with, per player, the seat wind,
    value and settlement before and after (None where the hand did not
    exist or the player did not play it), and the winner before and after
    (a key only where that side exists; None for a draw). `since`: only the
    changes made at that version or later (hand_audit.audit_trail)."""
    rows = []
    for row in hand_audit.audit_trail(table, since=since):
        change = row["change"]
        winner = {side: _winner_name(snapshot)
                  for side, snapshot in (("old", change.old), ("new", change.new)) if snapshot}
        rows.append({**hand_audit.change_json(change), "label": str(row["action"]),
                     "players": row["players"], "winner": winner})
    return rows


def _options(event: Event) -> dict[str, Any]:
    """The event's rule options with every default filled in (the engine's
    resolve_options); the defaults when the stored options are refused (the
    engine then refuses every hand, with its message)."""
    ruleset = RULESETS[event.ruleset]
    try:
        return ruleset.resolve_options(event.rule_options or {})
    except InvalidGame:
        return ruleset.resolve_options({})


def entry_options(event: Event) -> dict[str, Any]:
    """What the event's rule set accepts when a hand is entered, for the
    page to offer only that.

    By tiles: its flags (by name; a responsible player, "pao", and a false
    mahjong, "false_mahjong", apart, as the page offers them by values too),
    whether flowers and seasons are played (the engine's bonus_refused for
    the event's options: Philos only with its option flowers_seasons), and
    the ways of winning (win_source). By values: the highest value of a hand
    (the engine's hand_limit), whether only the winner's value counts and
    what a value is (hand_entry.value_entry: Hong Kong's fan)."""
    ruleset = RULESETS.get(event.ruleset)
    if ruleset is None:
        return {"flags": [], "pao": False, "false_mahjong": False, "bonus_tiles": False,
                "win_sources": list(WIN_SOURCES), "value_limit": None, "winner_only": False,
                "unit": "points", "value_minimum": 0, "value_cap": None, "value_flags": []}
    options = _options(event)
    by_values = value_entry(ruleset.name)
    return {
        "flags": sorted(flag for flag in ruleset.flags
                        if flag != FALSE_MAHJONG and pao_of(flag) is None),
        "pao": any(pao_of(flag) is not None for flag in ruleset.flags),
        "false_mahjong": FALSE_MAHJONG in ruleset.flags,
        "bonus_tiles": ruleset.bonus_refused(options) is None,
        "win_sources": list(WIN_SOURCES),
        "value_limit": ruleset.hand_limit(options),
        "winner_only": by_values.winner_only,
        "unit": by_values.unit,
        # A winner given less is a false mahjong (Hong Kong's minimum_fan);
        # more than the cap pays as the cap, below the limit hand.
        "value_minimum": by_values.winner_minimum(options),
        "value_cap": by_values.cap,
        "value_flags": sorted(by_values.flags),
    }
