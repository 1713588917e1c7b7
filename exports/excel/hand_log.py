"""The full hand log of an event as .xlsx: every hand of every round.

Sheet "Hands", one row per hand: round, table, hand number, prevailing wind,
winner ("Draw" for a draw), discarder, winning tile (hands entered by tiles) and flags (a
responsible player, "pao", by name; a false mahjong with who claimed it),
then per player of the table (by seat: player 1-4 are East, South, West and
North at the start of the round, player 5 the fifth player of a table of 5)
name, seat wind in this hand, tiles as entered, readable ("1 2 3 bamboe;
pung 7 bamboe; kong Rode draak (dicht)"; empty for hands entered by
value), value and settlement; then who entered the hand and when, how often
it was corrected (hand or seats), who changed it last and when, who
confirmed it and when. A fifth player sitting out a hand has only a name in
that row.

A rule set that values hands in fan (Hong Kong, scoring/ruleset_display.py) has a
"Fan" column after the winner (the winner's fan) and no value per player:
only the winner's hand counts there, and what the engine reports as the
players' values are the amounts paid, which the settlements already show.

Sheet "Corrections": every change after a hand was saved (corrections,
deletions, seat corrections), deleted hands included: round, table, hand,
what, who, when. (Saving and confirming are in the hand's own row.)

The data is read in a handful of queries into plain rows (about 8,000 hands
for a 400-player, 8-round tournament), then written in openpyxl's write-only
mode.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from django.utils.translation import override

from common.cells import CellValue
from exports.excel import sheets
from scoring import ruleset_display
from scoring.engine import FALSE_MAHJONG
from scoring.engine.tiles import (
    BONUS_PART,
    CONCEALED_PART,
    TileSyntaxError,
    parse_bonus,
    parse_tiles,
    tile_name,
    tile_parts,
)
from scoring.texts import SET_KINDS, tile_label
from tournaments.models import (
    Event,
    Hand,
    HandAction,
    HandChange,
    HandScore,
    Registration,
    Seat,
    Table,
)

Progress = Callable[[int, int], None]

WIND_LETTERS = ("E", "S", "W", "N")
PROGRESS_EVERY = 200  # hands
# The changes after a hand was saved, listed on their own sheet; saving and
# the last confirmation are columns of the hand's row.
LATER_CHANGES = (HandAction.CORRECTED, HandAction.DELETED, HandAction.RESEATED)


@dataclass(frozen=True)
class PlayerHand:
    name: str
    seat_wind: str  # E S W N; "" when sitting out this hand
    tiles: str
    value: int | None
    settlement: int | None


@dataclass(frozen=True)
class HandLine:
    round: int
    table: int
    number: int
    prevailing_wind: str
    winner: str
    fan: int | None  # the winner's fan, where the rule set counts in fan
    discarder: str
    winning_tile: str
    flags: str
    players: list[PlayerHand | None]  # by seat position 0-4
    entered_by: str
    entered_at: datetime.datetime
    corrections: int
    changed_by: str
    changed_at: datetime.datetime | None
    confirmed_by: str
    confirmed_at: datetime.datetime | None


@dataclass(frozen=True)
class ChangeLine:
    round: int
    table: int
    hand: int
    action: str  # HandAction value
    user: str
    at: datetime.datetime


@dataclass(frozen=True)
class HandLog:
    title: str
    seats: int  # the most players at one table (4, or 5)
    ruleset: str
    hands: list[HandLine]
    changes: list[ChangeLine]


# --- Collecting -----------------------------------------------------------------------


def _user_names(ids: set[int]) -> dict[int, str]:
    names = {}
    for pk, username, first, last in get_user_model().objects.filter(pk__in=ids).values_list(
            "pk", "username", "first_name", "last_name"):
        names[pk] = f"{first} {last}".strip() or username
    return names


def _suit_run(numbers: list[int], suit: str) -> str:
    # "1 2 3 5 5 bamboe": the suit's name once, after its numbers.
    return f"{' '.join(str(number) for number in numbers)} {suit}"


def readable_tiles(notation: str) -> str:
    """Tiles in the engine's notation as a reader says them, in the user's
    language: "12355s1z" -> "1 2 3 5 5 bamboe, Oostenwind" (the tile names
    of the score-entry page, scoring/texts.py). Unreadable text as it is."""
    try:
        tiles = sorted(parse_tiles(notation))
    except TileSyntaxError:
        return notation
    suits = {"m": _("characters"), "p": _("circles"), "s": _("bamboo")}
    groups: list[str] = []
    for letter, name in suits.items():
        numbers = [int(tile_name(tile)[0]) for tile in tiles if tile_name(tile)[1] == letter]
        if numbers:
            groups.append(_suit_run(numbers, name))
    honours = [tile_name(tile) for tile in tiles if tile_name(tile)[1] == "z"]
    for code in dict.fromkeys(honours):
        count = honours.count(code)
        groups.append(tile_label(code) if count == 1 else f"{count}× {tile_label(code)}")
    return ", ".join(groups)


def readable_set(kind: str, notation: str) -> str:
    """A set as a reader says it: "pung 7 bamboe", "kong Rode draak",
    "chow 1-2-3 bamboe" (kinds as the rule texts name them)."""
    label = str(SET_KINDS.get(kind, kind))
    try:
        tiles = sorted(parse_tiles(notation))
    except TileSyntaxError:
        return f"{label} {notation}".strip()
    codes = [tile_name(tile) for tile in tiles]
    if codes and len(set(codes)) == 1:  # a pung or kong: one tile, named once
        return f"{label} {tile_label(codes[0])}"
    if codes and len({code[1] for code in codes}) == 1 and codes[0][1] != "z":
        suit = {"m": _("characters"), "p": _("circles"), "s": _("bamboo")}[codes[0][1]]
        return f"{label} {'-'.join(code[0] for code in codes)} {suit}"
    return f"{label} {readable_tiles(notation)}"


def readable_bonus(notation: str) -> str:
    """Flowers and seasons ("1f3j"): "Bloem 1, Seizoen 3"."""
    try:
        bonus = parse_bonus(notation)
    except TileSyntaxError:
        return notation
    return ", ".join(
        (_("Flower %(number)s") if code[1] == "f" else _("Season %(number)s"))
        % {"number": code[0]} for code in bonus)


def readable_hand(data: Mapping[str, Any] | None, dead: bool) -> str:
    """A player's tiles as entered, readable: concealed tiles, then each set
    ("pung 7 bamboe", "(dicht)" for a concealed one), flowers and seasons,
    "dead hand"; parts apart by "; "."""
    if not data:
        return _("dead hand") if dead else ""
    parts = []
    for part in tile_parts(data):
        if part.kind == CONCEALED_PART:
            parts.append(readable_tiles(part.tiles))
        elif part.kind == BONUS_PART:
            parts.append(readable_bonus(part.tiles))
        else:
            parts.append(readable_set(part.kind, part.tiles)
                         + (" " + _("(concealed)") if part.concealed_set else ""))
    if dead:
        parts.append(_("dead hand"))
    return "; ".join(part for part in parts if part)


def collect(event: Event) -> HandLog:
    tables = {pk: (round_number, number) for pk, round_number, number in
              Table.objects.filter(round__event=event).values_list("pk", "round__number",
                                                                   "number")}
    names = {registration.pk: registration.name for registration in
             Registration.objects.filter(event=event).select_related("member")}
    seats: dict[int, dict[int, int]] = defaultdict(dict)  # table -> position -> registration
    for table_id, position, registration_id in Seat.objects.filter(
            round__event=event).values_list("table_id", "position", "registration_id"):
        seats[table_id][position] = registration_id
    scores: dict[int, dict[int, tuple[str, int, int]]] = defaultdict(dict)
    for hand_id, registration_id, wind, value, settlement in HandScore.objects.filter(
            hand__table__round__event=event).values_list(
            "hand_id", "registration_id", "seat_wind", "value", "settlement"):
        scores[hand_id][registration_id] = (wind, value, settlement)
    changes = list(HandChange.objects.filter(table__round__event=event).order_by("pk")
                   .values_list("table_id", "hand_id", "number", "action", "user_id", "at"))
    fan_based = ruleset_display.fan_based(event.ruleset)
    # The engine's input and result only where the winner's fan is read from them.
    hands = list(Hand.objects.filter(table__round__event=event).values_list(
        "pk", "table_id", "number", "game__prevailing_wind", "entry", "winner_id",
        "discarder_id", "entered_by_id", "created_at", "confirmed_by_id", "confirmed_at",
        *(("game", "result") if fan_based else ())))
    user_ids = {change[4] for change in changes if change[4]} | {
        user for hand in hands for user in (hand[7], hand[9]) if user}
    users = _user_names(user_ids)

    corrections: dict[int, int] = defaultdict(int)
    last_change: dict[int, tuple[int | None, datetime.datetime]] = {}
    for _table, hand_id, _number, action, user_id, at in changes:
        if hand_id is not None and action in (HandAction.CORRECTED, HandAction.RESEATED):
            corrections[hand_id] += 1
            last_change[hand_id] = (user_id, at)

    lines = []
    for (pk, table_id, number, wind, entry, winner_id, discarder_id, entered_by, created_at,
         confirmed_by, confirmed_at, *engine) in hands:
        entry = entry or {}
        tiles = entry.get("tiles") if entry.get("kind") == "tiles" else None
        dead = set(entry.get("dead") or [])
        played = scores.get(pk, {})
        table_seats = seats.get(table_id, {})
        seated_names = {position: names.get(registration_id, "")
                        for position, registration_id in table_seats.items()}
        claimer = ""
        if FALSE_MAHJONG in (entry.get("flags") or []) and entry.get("winner") is not None:
            claimer = seated_names.get(int(entry["winner"]), "")
        players: list[PlayerHand | None] = []
        for position in range(max(table_seats, default=-1) + 1):
            seated = table_seats.get(position)
            if seated is None:
                players.append(None)
                continue
            score = played.get(seated)
            players.append(PlayerHand(
                name=names.get(seated, ""),
                seat_wind=score[0] if score else "",
                tiles=readable_hand((tiles or {}).get(str(position)), position in dead)
                if tiles is not None and score else "",
                value=score[1] if score else None,
                settlement=score[2] if score else None,
            ))
        changed = last_change.get(pk)
        round_number, table_number = tables[table_id]
        lines.append(HandLine(
            round=round_number, table=table_number, number=number,
            prevailing_wind=str(wind or ""),
            # As the score sheets say it: nobody won a draw, a false
            # mahjong names who claimed it.
            winner=names.get(winner_id, "") if winner_id
            else _("False mahjong: %(name)s") % {"name": claimer} if claimer else _("Draw"),
            fan=ruleset_display.winner_fan(engine[0] or {}, engine[1] or {}) if engine else None,
            discarder=names.get(discarder_id, "") if discarder_id else "",
            winning_tile=tile_label(str(entry.get("winning_tile") or ""))
            if tiles is not None else "",
            flags=ruleset_display.flags_text(entry.get("flags"), seated_names, claimer),
            players=players,
            entered_by=users.get(entered_by, "") if entered_by else "",
            entered_at=created_at,
            corrections=corrections.get(pk, 0),
            changed_by=users.get(changed[0], "") if changed and changed[0] else "",
            changed_at=changed[1] if changed else None,
            confirmed_by=users.get(confirmed_by, "") if confirmed_by else "",
            confirmed_at=confirmed_at,
        ))
    lines.sort(key=lambda line: (line.round, line.table, line.number))
    change_lines = [
        ChangeLine(round=tables[table_id][0], table=tables[table_id][1], hand=number,
                   action=action, user=users.get(user_id, "") if user_id else "", at=at)
        for table_id, _hand, number, action, user_id, at in changes
        if action in LATER_CHANGES
    ]
    change_lines.sort(key=lambda line: (line.round, line.table, line.at))
    most = max((len(line.players) for line in lines), default=4)
    return HandLog(title=event.title, seats=max(4, most), hands=lines, changes=change_lines,
                   ruleset=event.ruleset)


# --- Writing ---------------------------------------------------------------------------------


def _wind(letter: str, labels: Mapping[str, str]) -> str:
    return labels.get(letter, letter)


def build(log: HandLog) -> list[sheets.Sheet]:
    # "G": the round of the green dragon (NTS, seed 003): no wind prevails.
    winds = {"E": _("East"), "S": _("South"), "W": _("West"), "N": _("North"),
             "G": _("Green dragon")}
    actions = dict(HandAction.choices)
    fan = ruleset_display.fan_based(log.ruleset)
    headers = [_("Round"), _("Table"), _("Hand"), _("Prevailing wind"), _("Winner"),
               *([_("Fan")] if fan else []), _("Discarder"), _("Winning tile"), _("Flags")]
    for seat in range(1, log.seats + 1):
        headers += [
            _("Player %(seat)s") % {"seat": seat},
            _("Player %(seat)s seat wind") % {"seat": seat},
            _("Player %(seat)s tiles") % {"seat": seat},
            *([] if fan else [_("Player %(seat)s value") % {"seat": seat}]),
            _("Player %(seat)s settlement") % {"seat": seat},
        ]
    headers += [_("Entered by"), _("Entered at"), _("Corrections"), _("Last changed by"),
                _("Last changed at"), _("Confirmed by"), _("Confirmed at")]
    empty: list[CellValue] = [None] * (4 if fan else 5)
    rows: list[list[CellValue]] = []
    for line in log.hands:
        row: list[CellValue] = [
            line.round, line.table, line.number, _wind(line.prevailing_wind, winds),
            line.winner, *([line.fan] if fan else []), line.discarder, line.winning_tile,
            line.flags]
        for position in range(log.seats):
            player = line.players[position] if position < len(line.players) else None
            if player is None:
                row += empty
            else:
                row += [player.name, _wind(player.seat_wind, winds), player.tiles,
                        *([] if fan else [player.value]), player.settlement]
        row += [line.entered_by, line.entered_at, line.corrections, line.changed_by,
                line.changed_at, line.confirmed_by, line.confirmed_at]
        rows.append(row)
    hands = sheets.Sheet(title=_("Hands"), headers=headers, rows=rows, freeze_columns=3)
    changes = sheets.Sheet(
        title=_("Corrections"),
        headers=[_("Round"), _("Table"), _("Hand"), _("Change"), _("By"), _("At")],
        rows=[[change.round, change.table, change.hand,
               str(actions.get(change.action, change.action)), change.user, change.at]
              for change in log.changes])
    return [hands, changes]


def render(event: Event, *, language: str = "nl", progress: Progress | None = None) -> bytes:
    """The event's hand log (.xlsx bytes); progress counts hands written."""
    with override(language):
        log = collect(event)
        total = len(log.hands)
        if progress is not None:
            progress(0, total)
        done = [0]

        def on_row() -> None:
            if done[0] >= total:
                return  # the rows of "Corrections"
            done[0] += 1
            if progress is not None and (done[0] % PROGRESS_EVERY == 0 or done[0] == total):
                progress(done[0], total)

        return sheets.write(build(log), title=log.title,
                            subject=ruleset_display.line(event.ruleset, event.rule_options),
                            on_row=on_row)
