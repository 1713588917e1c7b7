"""A hand as the scorekeeper entered it: the entry, by the table's seat
positions 0-4 (`Hand.entry`), checked and put in its one canonical form.

An entry is given by values or by tiles. Player data (values, tiles,
winner, discarder, dead, the responsible player of a flag "pao:<position>")
belongs to the player in that position; East belongs to the seat. This
module knows the entry's shape only: the table, the deal and the engine
are hand_scoring's job, saving it is hands.py's.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from scoring.engine import DEFAULT_RULESET, FALSE_MAHJONG, RULESETS, pao_flag, pao_of
from scoring.engine.deal import Schedule, row_without
from scoring.engine.ruleset import ValueEntry
from tournaments.models import Hand, Seat

VALUES_FIELDS = {"values", "winner", "east", "discarder", "flags"}
TILES_FIELDS = {"tiles", "winner", "east", "discarder", "winning_tile", "win_source", "flags",
                "dead"}
# A responsible player is entered as a flag "pao:<seat position>"; the engine
# gets "pao:<seat wind>" of that hand (see hand_scoring.engine_flag). In a
# rule set's ValueEntry.flags the flag is named by this word alone.
PAO_NAME = "pao"


def value_entry(ruleset: str) -> ValueEntry:
    """How the event's rule set takes hands by values (declared by the rule
    set: scoring/engine/ruleset.py ValueEntry)."""
    return RULESETS[ruleset].value_entry if ruleset in RULESETS else ValueEntry()


def position(value: Any, role: str) -> int:
    # A whole number (or its digits as text); never a boolean or a fraction
    # (1.5 is no seat, where int() would make it seat 1).
    found = -1
    if isinstance(value, int) and not isinstance(value, bool):
        found = value
    elif isinstance(value, str):
        try:
            found = int(value)
        except ValueError:
            pass
    if not 0 <= found <= 4:
        raise ValidationError(_("The %(role)s must be a seat position 0-4, not %(value)s.") % {
            "role": role, "value": json.dumps(value)})
    return found


def _optional_position(value: Any, role: str) -> int | None:
    return None if value is None else position(value, role)


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
        responsible = pao_of(flag)
        name = PAO_NAME if responsible is not None else flag
        if kind == "values" and name not in taken:
            raise ValidationError(_("The flag %(flag)s does not change the settlement of a hand "
                                    "by values; enter the hand by tiles.") % {"flag": flag})
        if responsible is not None:
            flag = pao_flag(str(position(responsible, "responsible player (pao)")))
        flags.add(flag)
    return sorted(flags)


def normalise(game_input: Mapping[str, Any], ruleset: str = DEFAULT_RULESET) -> dict[str, Any]:
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
        seat = position(key, "seat")
        if kind == "values" and (isinstance(data, bool) or not isinstance(data, int)):
            raise ValidationError(_("The value in seat %(seat)s must be a whole number, not "
                                    "%(value)s.") % {"seat": seat, "value": json.dumps(data)})
        if kind == "tiles" and not isinstance(data, Mapping):
            raise ValidationError(_("The tiles in seat %(seat)s must be an object.") % {
                "seat": seat})
        per_position[str(seat)] = data
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
            dead=sorted({position(seat, "dead seat") for seat in dead}),
        )
    return entry


def digest(entry: Mapping[str, Any]) -> str:
    """What makes a repeated submission recognisable: the canonical entry's hash."""
    return hashlib.sha256(json.dumps(entry, sort_keys=True).encode()).hexdigest()


def players_of(entry: Mapping[str, Any]) -> dict[int, Any]:
    """Seat position -> the player's values or tiles."""
    return {int(seat): data for seat, data in entry[entry["kind"]].items()}


def _responsible_position(flag: str) -> int | None:
    """The seat position a flag "pao:<position>" names, or None."""
    who = pao_of(flag)
    return int(who) if who is not None and who.isdigit() else None


def responsible(entry: Mapping[str, Any]) -> list[int]:
    """The positions given as the responsible player (pao) of an entry (the
    engine refuses more than one)."""
    return [seat for seat in map(_responsible_position, entry.get("flags", []))
            if seat is not None]


def is_false_mahjong(entry: Mapping[str, Any]) -> bool:
    """A false mahjong flagged as such (Hong Kong): the player given as the
    winner claimed it and pays; nobody won."""
    return FALSE_MAHJONG in entry.get("flags", [])


def entry_of(hand: Hand, seats: Mapping[int, Seat]) -> dict[str, Any]:
    """The hand's entry; for hands saved before entries were kept, rebuilt
    from the engine input and who had which wind."""
    if hand.entry:
        return dict(hand.entry)
    position_of = {seat.registration_id: number for number, seat in seats.items()}
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
    flags = sorted(pao_flag(str(by_wind[wind]))
                   if (wind := pao_of(flag)) is not None and wind in by_wind else flag
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


def moved(entry: dict[str, Any], moves: Mapping[int, int], size: int,
          schedule: Schedule) -> dict[str, Any]:
    """The entry with each player's data in their real seat; East stays with
    the seat (at a table of 5, with the row of the rule set's `schedule` in
    which whoever sat out sits out)."""
    def move(seat: int | None) -> int | None:
        return None if seat is None else moves.get(seat, seat)

    kind = entry["kind"]
    new = dict(entry)
    new[kind] = dict(sorted((str(move(int(p))), data) for p, data in entry[kind].items()))
    new["winner"], new["discarder"] = move(entry["winner"]), move(entry["discarder"])
    if kind == "tiles":
        new["dead"] = sorted(move(p) for p in entry["dead"])  # type: ignore[type-var]
    if "flags" in entry:  # the responsible player (pao) moves with their data
        new["flags"] = sorted(pao_flag(str(move(seat)))
                              if (seat := _responsible_position(flag)) is not None else flag
                              for flag in entry["flags"])
    if size == 5:
        out = next(p for p in range(5) if str(p) not in new[kind])
        new["east"] = row_without(schedule, out)[0]
    return new
