"""A hand's entry against its table: who plays it with which wind (the
engine's deal for the table's size and the event's rule set), the engine's
input made from the entry, the engine's result and storing it on the hand.

Positions are the table's seats (0-3 E S W N at the start of the round, 4
the fifth player); the engine speaks of seat winds. The entry's own shape
is hand_entry's job.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from scoring import texts
from scoring.engine import RULESETS, SEAT_WINDS, pao_flag, pao_of, score_game
from scoring.engine.deal import EACH_HAND, Deal, Dealt, Schedule, next_deal, row_without
from tournaments.models import Event, Hand, HandScore, Seat, Table
from tournaments.seating.five import five_player_schedule
from tournaments.services.hand_entry import (
    is_false_mahjong,
    players_of,
    responsible,
    value_entry,
)


def schedule(table: Table) -> Schedule:
    """Who sits out which hand at a table of 5: the schedule of the event's
    rule set (seed 001's for Hong Kong, the dreamer's of seed 003 for NTS)."""
    return five_player_schedule(table.round.event.ruleset)


def winds_for(table: Table, seats: Mapping[int, Seat], playing: Sequence[int],
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
        row = row_without(schedule(table), missing[0])
        if row[0] != east:
            raise ValidationError(_("When %(out)s sits out, %(east)s is East (rotation schedule "
                                    "for 5 players).") % {
                "out": seats[missing[0]].registration.name,
                "east": seats[row[0]].registration.name})
        return {position: SEAT_WINDS[index] for index, position in enumerate(row[:4])}
    if set(playing) != set(seats):
        missing_names = ", ".join(seats[p].registration.name
                                  for p in sorted(set(seats) - set(playing)))
        raise ValidationError(_("Give a value for every player at the table (missing: "
                                "%(names)s).") % {"names": missing_names})
    # The winds move on counter-clockwise: the player after East is South.
    return {position: SEAT_WINDS[(position - east) % size] for position in seats}


def _dealt(east: Any, wind: str, rotates: Any, winner: str | None) -> Dealt:
    # A result without `winds_rotate` (none before the engine said it) rotates;
    # SQLite gives JSON booleans as 1/0. East won when the game's winner is
    # the East seat (what a round of the classic rules goes by, P3).
    return Dealt(east=int(east), prevailing=wind, rotates=rotates is None or bool(rotates),
                 east_won=winner == "E")


@dataclass(frozen=True)
class HandSoFar:
    """A saved hand as far as the next hand goes: its number, whether it is
    confirmed and how it was dealt."""

    number: int
    confirmed: bool
    dealt: Dealt


@dataclass(frozen=True)
class TableSoFar:
    """A table's seats and saved hands (in order), as far as the next hand
    goes: who plays it with which wind, its number, the hands to confirm.
    Read in two queries (table_so_far); after a hand is saved, the one the
    saving request read with that hand added (with_hand), not read again."""

    seats: dict[int, Seat]
    hands: tuple[HandSoFar, ...]

    def dealt(self) -> list[Dealt]:
        return [hand.dealt for hand in self.hands]

    def next_number(self) -> int:
        # The highest number + 1: deleting the last hand frees its number.
        return max((hand.number for hand in self.hands), default=0) + 1


def _hands_so_far(table: Table) -> tuple[HandSoFar, ...]:
    rows = table.hands.order_by("number").values_list(
        "number", "confirmed_at", "entry__east", "game__prevailing_wind",
        "result__winds_rotate", "game__winner")
    return tuple(HandSoFar(number, confirmed_at is not None, _dealt(east, wind, rotates, winner))
                 for number, confirmed_at, east, wind, rotates, winner in rows)


def table_so_far(table: Table) -> TableSoFar:
    return TableSoFar(seats_of(table), _hands_so_far(table))


def with_hand(so_far: TableSoFar, hand: Hand) -> TableSoFar:
    """The table after `hand`, just saved as its next hand, was added."""
    saved = HandSoFar(hand.number, hand.confirmed_at is not None, _dealt(
        hand.entry["east"], hand.game["prevailing_wind"], hand.result.get("winds_rotate"),
        hand.game.get("winner")))
    return TableSoFar(so_far.seats, (*so_far.hands, saved))


def dealt(table: Table) -> list[Dealt]:
    """The table's saved hands in order, as far as the next deal goes."""
    return [hand.dealt for hand in _hands_so_far(table)]


def next_hand(table: Table, positions: Sequence[int],
              dealt_so_far: list[Dealt] | None = None) -> Deal:
    """Who is East in the table's next hand, who plays it and the prevailing
    wind: the engine's deal (scoring/engine/deal.py) in the order of the
    event's rule set for a table of this size and the event's rule options
    (its rounds, its winds: NTS's round of the green dragon, 003).
    `dealt_so_far`: the table's hands as dealt, when the caller has read them."""
    event = table.round.event
    ruleset = event.ruleset
    order = (RULESETS[ruleset].deal_order(len(positions), event.rule_options)
             if ruleset in RULESETS else EACH_HAND)
    if dealt_so_far is None:
        dealt_so_far = dealt(table)
    return next_deal(positions, dealt_so_far, schedule(table), order)


def with_east(seats: Mapping[int, Seat], entry: dict[str, Any], deal: Deal) -> dict[str, Any]:
    """The entry of the next hand with East filled in when not given (the
    next East by the rotation). At a table of 5 the four players given must
    then be the ones the rotation schedule lets play: the message names who
    sits out, rather than a disagreement about East nobody chose."""
    if entry["east"] is not None:
        return entry
    east, playing = deal.east, deal.playing
    given = set(players_of(entry))
    if len(seats) == 5 and len(given) == 4 and given <= set(seats) and given != set(playing):
        out = next(position for position in seats if position not in playing)
        raise ValidationError(_("%(name)s sits out this hand (rotation schedule for 5 "
                                "players): give the other four players.") % {
            "name": seats[out].registration.name})
    return {**entry, "east": east}


def seats_of(table: Table) -> dict[int, Seat]:
    return {seat.position: seat for seat in table.seats.select_related("registration__member")}


def engine_flag(flag: str, winds: Mapping[int, str]) -> str:
    """An entry's flag for the engine: "pao:<position>" as "pao:<wind>"."""
    seat = pao_of(flag)
    if seat is not None and seat.isdigit():
        return pao_flag(winds[int(seat)])
    return flag


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


def score_entry(table: Table, event: Event, seats: Mapping[int, Seat], entry: dict[str, Any],
                wind: str) -> tuple[dict[str, Any], dict[str, Any], dict[int, str]]:
    """The engine's input and result for an entry, and each position's wind."""
    players = players_of(entry)
    winner, discarder, east = entry["winner"], entry["discarder"], entry["east"]
    winds = winds_for(table, seats, list(players), east)
    roles = [("winner", winner), ("discarder", discarder),
             *(("responsible player (pao)", position) for position in responsible(entry))]
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
    flags = [engine_flag(flag, winds) for flag in entry.get("flags", [])]
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
        # Each seat the refusal names comes with its player: "Zuid (Marieke de Boer)".
        names = {winds[p]: seats[p].registration.name for p in players}
        raise ValidationError(_("The hand cannot be settled: %(error)s") % {
            "error": texts.engine_error(result, event.ruleset, names).rstrip(".")})
    return game, result, winds


def apply_score(hand: Hand, seats: Mapping[int, Seat], entry: dict[str, Any],
                game: dict[str, Any], result: dict[str, Any],
                winds: Mapping[int, str]) -> list[HandScore]:
    """Store a scored entry on the hand and replace its scores (returned)."""
    hand.entry, hand.game, hand.result = entry, game, result
    # A false mahjong's claimer is the engine's "winner", but nobody won.
    won = entry["winner"] is not None and not is_false_mahjong(entry)
    hand.winner = seats[entry["winner"]].registration if won else None
    hand.discarder = (seats[entry["discarder"]].registration
                      if entry["discarder"] is not None else None)
    new = hand._state.adding
    hand.save()
    if not new:
        HandScore.objects.filter(hand=hand).delete()
    return HandScore.objects.bulk_create(
        HandScore(hand=hand, registration=seats[position].registration, seat_wind=wind,
                  value=result["scores"][wind], settlement=result["settlement"][wind])
        for position, wind in winds.items()
    )

