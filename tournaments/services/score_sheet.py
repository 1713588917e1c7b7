"""What the score-entry page shows of a table besides the state for the next
hand (hands.table_state): the saved hands with what the viewer may do with
each, the audit trail with old and new values, and what the table's rule set
accepts when a hand is entered by tiles.

The rules themselves stay in hands.py (who may change, who may confirm);
this module only asks them, so the page shows exactly the buttons the API
will honour.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from clubs import access
from scoring.engine import RULESETS
from scoring.engine.reading import WIN_SOURCES
from tournaments.models import Event, Hand, RoundStatus, Table
from tournaments.services import hands


def permissions(table: Table, user: Any) -> dict[str, Any]:
    """What `user` may do at the table now."""
    status = table.round.status
    return {
        "may_enter": status == RoundStatus.STARTED,
        # Correct and delete hands, correct the seats (hands._require_may_change).
        "may_change": hands.may_change(user, table),
        "closed": status == RoundStatus.CLOSED,
        "organiser": access.organises(user, table.round.event),
    }


def _awaits_confirmation(table: Table, hand: Hand) -> bool:
    # After closing nothing waits any more: closing needs every hand
    # confirmed, and the organiser's later changes count as confirmed.
    return (table.round.event.requires_confirmation and hand.confirmed_at is None
            and table.round.status != RoundStatus.CLOSED)


_UNKNOWN = object()


def hand_row(table: Table, hand: Hand, user: Any, author: Any = _UNKNOWN) -> dict[str, Any]:
    """hands.hand_json, with whether the hand waits for a confirmation and
    whether `user` may give it (anyone but who last entered or changed it,
    hands.author_of; `author` when the caller knows it already)."""
    awaiting = _awaits_confirmation(table, hand)
    if awaiting and author is _UNKNOWN:
        author = hands.author_of(hand)
    return {
        **hands.hand_json(hand),
        "awaiting_confirmation": awaiting,
        "may_confirm": awaiting and author != user.pk,
    }


def hand_rows(table: Table, user: Any) -> list[dict[str, Any]]:
    """Every hand of the table as hand_row gives it, in a few queries: the
    page re-reads them every few seconds."""
    authors = hands.authors(table) if table.round.event.requires_confirmation else {}
    return [hand_row(table, hand, user, authors.get(hand.pk))
            for hand in table.hands.order_by("number").prefetch_related(hands.SCORES_FOR_JSON)]


def page_state(table: Table, user: Any) -> dict[str, Any]:
    """The table as the score-entry page keeps it: the state for the next
    hand, the saved hands and the viewer's permissions (the page and
    GET /api/tables/<id>/ give the same)."""
    return {**hands.table_state(table), "hands": hand_rows(table, user),
            "permissions": permissions(table, user)}


def _winner_name(snapshot: Mapping[str, Any]) -> str | None:
    """The winner's name in an audit snapshot; None for a draw."""
    wind = (snapshot.get("game") or {}).get("winner")
    if wind is None:
        return None
    return next((player["name"] for player in snapshot.get("players", [])
                 if player.get("seat_wind") == wind), None)


def history(table: Table) -> list[dict[str, Any]]:
    """The audit trail, newest first: hands.change_json (who, when, what, as
    a sentence in the user's language) with, per player, the seat wind,
    value and settlement before and after (None where the hand did not
    exist or the player did not play it), and the winner before and after
    (a key only where that side exists; None for a draw)."""
    rows = []
    for row in hands.audit_trail(table):
        change = row["change"]
        winner = {side: _winner_name(snapshot)
                  for side, snapshot in (("old", change.old), ("new", change.new)) if snapshot}
        rows.append({**hands.change_json(change), "label": str(row["action"]),
                     "players": row["players"], "winner": winner})
    return rows


def tile_options(event: Event) -> dict[str, Any]:
    """What the event's rule set accepts in a hand by tiles: its flags (by
    name), whether it uses bonus tiles (flowers and seasons), and the
    engine's ways of winning (win_source)."""
    ruleset = RULESETS.get(event.ruleset)
    return {
        "flags": sorted(ruleset.flags) if ruleset else [],
        "bonus_tiles": bool(ruleset and ruleset.uses_bonus_tiles),
        "win_sources": list(WIN_SOURCES),
    }
