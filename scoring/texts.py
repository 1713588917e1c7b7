"""Everything the scoring engine says, in the user's language.

The engine (scoring/engine, no Django) speaks English in its messages, as the
``score_games`` contract wants, and besides says each thing as data: a
refusal has a stable ``code`` with ``params`` (seats, tiles, numbers, field
names; errors.py), a breakdown row the rule's key and its numbers, an option
its name and values. This module is the one place that turns that data into
the page's language: refusals through gettext (ERRORS, one msgid per code,
ngettext where a count is shown), rule names from the engine's own catalogue
(its Dutch names are the seeds' names, kept with the rules; English is the
rule key written out), numbers with their unit through ngettext. Nothing
here reads the engine's English message, except as the last resort for a
code this module does not know (a newer engine): a message, never a 500.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from django.utils.translation import (
    get_language,
    gettext_lazy,
    ngettext,
    ngettext_lazy,
    pgettext_lazy,
)
from django.utils.translation import gettext as _

from scoring.engine import FALSE_MAHJONG, HAND_FLAGS, RULESETS, pao_of, rule_catalogue
from scoring.engine.errors import InvalidGame
from scoring.tiles import set_name, tile_names

logger = logging.getLogger(__name__)

# scoring.engine.errors writes a number too long to show as its size.
HUGE_NUMBER = re.compile(r"a number of about (\d+) digits")

# Each refusal's text, by its code. The params are the engine's, prepared by
# _values (a seat becomes "South (S)", a tile its name, a win source its
# words); "at" (where in the input) is put in front by engine_error.
ERRORS: dict[str, Any] = {
    # The game as a whole (mostly reached through the JSON of "Check a hand").
    "game_not_object": gettext_lazy("A game must be a JSON object, not %(got)s."),
    "game_too_large": gettext_lazy("The game is too large or too deeply nested to be scored."),
    "engine_fault": gettext_lazy(
        "The game could not be scored (%(fault)s); nothing was guessed: "
        "check every player's tiles and the fields of the game."
    ),
    "bad_line": gettext_lazy("This line is not one JSON object."),
    "unknown_fields": gettext_lazy("Unknown field(s) %(fields)s."),
    "options_not_object": gettext_lazy("The options must be an object of option names and values."),
    "unknown_ruleset": gettext_lazy("Unknown rule set %(got)s (available: %(available)s)."),
    "unknown_option": gettext_lazy(
        "Unknown option %(options)s for %(ruleset)s (its options: %(known)s)."
    ),
    "option_not_whole": gettext_lazy("Option %(option)s must be a whole number, not %(got)s."),
    "option_wrong_type": gettext_lazy("Option %(option)s must be of type %(type)s, not %(got)s."),
    "option_not_a_choice": gettext_lazy(
        "Option %(option)s must be one of %(allowed)s, not %(got)s."
    ),
    "option_below_minimum": gettext_lazy(
        "Option %(option)s must be at least %(minimum)s, not %(got)s."
    ),
    "option_above_maximum": gettext_lazy(
        "Option %(option)s must be at most %(maximum)s, not %(got)s."
    ),
    "prevailing_wind_invalid": gettext_lazy(
        "The prevailing wind must be one of E, S, W, N, not %(got)s."
    ),
    "round_not_played": ngettext_lazy(
        "Round %(prevailing)s is not played at a table of %(players)s player: it plays the "
        "rounds %(rounds)s only (%(source)s).",
        "Round %(prevailing)s is not played at a table of %(players)s players: it plays the "
        "rounds %(rounds)s only (%(source)s).",
        "players",
    ),
    "players_not_object": gettext_lazy(
        "The players must be an object keyed by seat wind: E, S, W, N."
    ),
    "unknown_seat": gettext_lazy("Unknown seat %(got)s (the seats are E, S, W, N)."),
    "player_count": ngettext_lazy(
        "%(ruleset)s is played by %(counts)s players, not %(count)s.",
        "%(ruleset)s is played by %(counts)s players, not %(count)s.",
        "count",
    ),
    "seats_wrong": gettext_lazy("A table of %(count)s has the seats %(expected)s, not %(got)s."),
    "winner_invalid": gettext_lazy(
        "The winner must be a player at the table (or nobody), not %(got)s."
    ),
    "dead_invalid": gettext_lazy("Dead hands must be a list of seats at the table, not %(got)s."),
    "flags_not_list": gettext_lazy("The flags must be a list of names, not %(got)s."),
    "flags_unknown": gettext_lazy("Unknown flag(s) %(flags)s for %(ruleset)s (known: %(known)s)."),
    "flags_too_many": gettext_lazy("%(count)s flags given; %(ruleset)s has %(most)s (%(known)s)."),
    "draw_with_win": gettext_lazy("A draw (no winner) has no %(fields)s."),
    "discarder_invalid": gettext_lazy("Who discarded must be a player at the table, not %(got)s."),
    "pao_more_than_one": gettext_lazy("One player is responsible (pao), not %(got)s."),
    "pao_not_other": gettext_lazy(
        "%(pao)s cannot be responsible (pao): the responsible player is "
        "another player at the table than the winner."
    ),
    "self_drawn_zero_fan": gettext_lazy(
        "The payment table has no self-drawn amount for 0 fan (a "
        "self-drawn win has at least 1 fan)."
    ),
    # One player's tiles or value.
    "player_not_object": gettext_lazy("%(seat)s: a player is given by tiles or by a value."),
    "concealed_missing": gettext_lazy("%(seat)s: give the concealed tiles (or a value)."),
    "melds_not_list": gettext_lazy("%(seat)s: the sets on the table must be a list."),
    "too_many_melds": gettext_lazy(
        "%(kind)s %(tiles)s is one set too many (%(count)s sets given): a "
        "hand is four sets and a pair, so a player declares at most "
        "%(most)s."
    ),
    "bonus_refused": gettext_lazy(
        "%(seat)s: %(ruleset)s is played here without flowers and seasons (given: %(bonus)s)."
    ),
    "bonus_not_text": gettext_lazy("%(seat)s: bonus tiles are written like 1f3j, not %(got)s."),
    "bonus_twice": gettext_lazy(
        "%(seat)s: bonus tile %(bonus)s is given twice; each flower and season is in the set once."
    ),
    "bonus_with_other": gettext_lazy(
        "%(seat)s: bonus tile %(bonus)s is also with %(other)s; each flower and season is in "
        "the set once."
    ),
    "score_and_tiles": gettext_lazy("%(seat)s: give either a value or tiles, not both."),
    "score_not_whole": gettext_lazy("%(seat)s: the value must be a whole number, not %(got)s."),
    "score_negative": gettext_lazy(
        "%(seat)s: the value %(score)s is negative; a hand's value is 0 or more."
    ),
    "score_above_limit": gettext_lazy("%(seat)s: the value %(score)s is above the limit of %(limit)s."),
    "tiles_not_text": gettext_lazy("tiles are written like 234m55p, not %(got)s."),
    "meld_not_object": gettext_lazy("a set is given by its kind, tiles and whether it is open."),
    "meld_kind_invalid": gettext_lazy("the kind of a set is chow, pung or kong, not %(got)s."),
    "meld_open_invalid": gettext_lazy("open must be true or false, not %(got)s."),
    "chow_not_consecutive": gettext_lazy(
        "chow %(tiles)s is not three consecutive tiles of one suit "
        "(winds and dragons form no chows)."
    ),
    "set_not_equal": gettext_lazy("%(kind)s %(tiles)s is not %(size)s equal tiles."),
    "winner_dead": gettext_lazy(
        "%(seat)s cannot both win and have a dead hand: a false mahjong is a dead hand, not a win."
    ),
    "dead_with_score": gettext_lazy(
        "%(seat)s has a dead hand, which scores 0, but the value %(score)s was given."
    ),
    "tile_count": ngettext_lazy(
        "%(seat)s has %(size)s tile (a kong counts as 3) where %(expected)s belong; a wrong "
        "count is a dead hand.",
        "%(seat)s has %(size)s tiles (a kong counts as 3) where %(expected)s belong; a wrong "
        "count is a dead hand.",
        "size",
    ),
    "too_many_copies": gettext_lazy(
        "%(count)s copies of %(tile)s at the table (%(holders)s); a set has 4."
    ),
    "too_many_kongs": gettext_lazy(
        "kong %(tiles)s is kong number %(kongs)s at the table; the dead "
        "wall holds %(most)s tiles, so at most %(most)s kongs are "
        "declared in a hand."
    ),
    "tile_not_in_three_player_game": gettext_lazy(
        "%(seat)s: %(tile)s is not in the game at a table of 3 (96 tiles)."
    ),
    "open_chow_three_players": gettext_lazy(
        "open chow %(tiles)s: at a table of 3 no chow is played open."
    ),
    # Tile notation.
    "tile_digit_not_ascii": gettext_lazy("%(got)s is not a tile number (use the digits 1-9)."),
    "tile_no_suit": gettext_lazy("'%(got)s' has no suit letter (m, p, s or z)."),
    "tile_no_number": gettext_lazy("%(got)s is not preceded by a tile number."),
    "tile_number_out_of_range": gettext_lazy("'%(got)s' is not a tile (use 1-%(top)s%(suit)s)."),
    "bonus_number_out_of_range": gettext_lazy("'%(got)s' is not a bonus tile (use 1-4%(suit)s)."),
    "tile_unknown_suit": gettext_lazy("%(got)s: unknown suit letter %(letter)s."),
    "tiles_too_long": gettext_lazy(
        "%(length)s characters (%(got)s), at most %(most)s: a player holds at most "
        "18 tiles and 8 flowers and seasons."
    ),
    "bonus_not_flowers": gettext_lazy("'%(tiles)s' are not flowers or seasons."),
    "not_one_tile": gettext_lazy("%(got)s is not exactly one tile."),
    # How the hand was won.
    "win_source_missing": gettext_lazy(
        "%(seat)s won: say how (self-drawn, a discard, a kong replacement tile or robbing a kong)."
    ),
    "win_source_invalid": gettext_lazy(
        "%(seat)s: the win source must be one of %(sources)s, not %(got)s."
    ),
    "discarder_missing": gettext_lazy("%(seat)s won on %(source)s: say who discarded it."),
    "own_discard": gettext_lazy("%(seat)s cannot win on their own discard."),
    "self_drawn_discarder": gettext_lazy(
        "%(seat)s won with %(source)s: nobody discarded the winning tile."
    ),
    "winning_tile_not_text": gettext_lazy("%(seat)s: the winning tile is written like 3s."),
    "winning_tile_missing": gettext_lazy("%(seat)s won: give the winning tile."),
    "winning_tile_not_concealed": gettext_lazy(
        "%(seat)s: the winning tile %(tile)s is not among the "
        "concealed tiles (the winner's concealed tiles include "
        "the winning tile)."
    ),
    "no_mahjong": gettext_lazy(
        "%(seat)s: the tiles do not form a mahjong (four sets and a pair, or a limit hand)."
    ),
    "too_few_doublings": ngettext_lazy(
        "False mahjong: the best reading of %(seat)s has %(doublings)s doubling; a regular "
        "mahjong needs at least %(minimum)s.",
        "False mahjong: the best reading of %(seat)s has %(doublings)s doublings; a regular "
        "mahjong needs at least %(minimum)s.",
        "doublings",
    ),
    "too_few_fan": ngettext_lazy(
        "False mahjong: %(seat)s has %(fan)s fan; a mahjong needs at least %(minimum)s.",
        "False mahjong: %(seat)s has %(fan)s fan; a mahjong needs at least %(minimum)s.",
        "fan",
    ),
    "too_few_fan_given": ngettext_lazy(
        "False mahjong: %(seat)s was given %(fan)s fan; a mahjong needs at least %(minimum)s.",
        "False mahjong: %(seat)s was given %(fan)s fan; a mahjong needs at least %(minimum)s.",
        "fan",
    ),
    "false_mahjong_is_mahjong": ngettext_lazy(
        "%(seat)s: marked as a false mahjong, but the hand is a mahjong of %(fan)s fan.",
        "%(seat)s: marked as a false mahjong, but the hand is a mahjong of %(fan)s fan.",
        "fan",
    ),
    "robbed_kong_tile_held": gettext_lazy(
        "%(seat)s won with %(tile)s robbed from a kong but holds "
        "another %(tile)s: the robbed tile is the fourth, so it "
        "completes a chow or thirteen orphans, never a pung or a "
        "pair (%(section)s)."
    ),
    "robbed_kong_no_pung": gettext_lazy(
        "%(robbed)s shows no open pung of %(tile)s, so %(seat)s "
        "cannot have robbed a kong of it: a kong is robbed as an open "
        "pung is made a kong with the fourth tile (%(section)s)."
    ),
    # Flags: how the hand ended.
    "kong_on_kong_source": gettext_lazy(
        "%(seat)s: kong on kong is won on a kong replacement tile."
    ),
    "kong_on_kong_kongs": ngettext_lazy(
        "%(seat)s: kong on kong needs two declared kongs, not %(kongs)s.",
        "%(seat)s: kong on kong needs two declared kongs, not %(kongs)s.",
        "kongs",
    ),
    "kong_replacement_without_kong": gettext_lazy(
        "%(seat)s won on a kong replacement tile but declared no kong."
    ),
    "heavenly_not_east": gettext_lazy(
        "%(seat)s: a heavenly hand is East winning with the dealt tiles (self-drawn)."
    ),
    "earthly_not_first_discard": gettext_lazy(
        "%(seat)s: an earthly hand is South, West or North winning on East's first discard."
    ),
    "heavenly_with_sets": gettext_lazy(
        "a heavenly hand has no declared sets, but %(kind)s "
        "%(tiles)s is: East wins with the dealt tiles."
    ),
    "heavenly_set_on_table": gettext_lazy(
        "%(kind)s %(tiles)s cannot be on the table in a heavenly "
        "hand: East wins before anyone has declared a set."
    ),
    "earthly_with_sets": gettext_lazy(
        "an earthly hand has no declared sets, but %(kind)s %(tiles)s "
        "is: nobody declares a set before East's first discard."
    ),
    "earthly_set_on_table": gettext_lazy(
        "%(kind)s %(tiles)s cannot be on the table in an earthly "
        "hand: before East's first discard only East can declare a "
        "concealed kong."
    ),
    "last_wall_tile_not_self_drawn": gettext_lazy(
        "%(seat)s: the last tile of the wall is a self-drawn win."
    ),
    "last_wall_tile_source": gettext_lazy(
        "%(seat)s: the last tile of the wall is won self-drawn or on the discard after it."
    ),
    "moon_eats_cake_flags": gettext_lazy(
        "%(seat)s: moon eats cake is the last tile of the wall, self-drawn."
    ),
    "moon_eats_cake_tile": gettext_lazy(
        "%(seat)s: moon eats cake is winning with the last tile of "
        "the wall when it is 1 circles, but the winning tile is "
        "%(tile)s."
    ),
    "season_claim_not_drawn": gettext_lazy(
        "%(seat)s holds %(seasons)s seasons but won on "
        "%(source)s: a seasons claim is made on drawing the 7th or "
        "8th season from the wall."
    ),
    "pao_false_mahjong": gettext_lazy("%(seat)s: a false mahjong has no responsible player (pao)."),
    "pao_no_limit_hand": gettext_lazy(
        "%(pao)s is not responsible (pao) for the hand of %(seat)s (%(hand)s): "
        "pao is paid for three great dragons, big or little four "
        "winds, all honours and all 1s and 9s shown open on the "
        "table, or under the 7-5 rule."
    ),
    "pao_sets_not_open": gettext_lazy(
        "Nobody can be responsible (pao) for the hand of %(seat)s: pao "
        "needs the sets open on the table; a concealed hand or set is "
        "nobody's doing."
    ),
    "pao_value_no_limit_hand": ngettext_lazy(
        "%(pao)s is not responsible (pao): %(seat)s was given %(fan)s fan, no limit hand; pao "
        "is paid for a limit hand or the little four winds (8 fan or more), or under the 7-5 "
        "rule.",
        "%(pao)s is not responsible (pao): %(seat)s was given %(fan)s fan, no limit hand; pao "
        "is paid for a limit hand or the little four winds (8 fan or more), or under the 7-5 "
        "rule.",
        "fan",
    ),
    "seven_five_not_discard": gettext_lazy(
        "%(seat)s: the 7-5 rule is a win on a tile discarded late "
        "in the live wall; its discarder pays for everyone."
    ),
    "seven_five_needs_pao": gettext_lazy(
        "%(seat)s: under the 7-5 rule the discarder pays for "
        "everyone: mark %(discarder)s as responsible (pao) too."
    ),
    "seven_five_earthly": gettext_lazy(
        "%(seat)s: the 7-5 rule is a discard late in the live wall; an "
        "earthly hand is won on East's first discard."
    ),
    "seven_five_option_off": gettext_lazy(
        "%(seat)s: the 7-5 rule applies only when this event "
        "plays it (the last 18 tiles of the wall stay standing)."
    ),
    # Rule sets scored by table result (MCR, Riichi: scoring/engine/table_result.py).
    "scored_by_table": gettext_lazy(
        "%(ruleset)s is entered by table result, not per hand: enter each player's score for "
        "the round."
    ),
    "table_players": gettext_lazy(
        "%(ruleset)s is played by %(expected)s players at a table; %(count)s scores were given."
    ),
    "table_score_not_whole": gettext_lazy("A score must be a whole number, not %(got)s."),
    "table_score_out_of_range": gettext_lazy(
        "The score %(got)s is out of range: at most %(most)s either way."
    ),
    "table_sum_over": gettext_lazy(
        "the scores add up to %(total)s, not %(expected)s (%(difference)s too many)"
    ),
    "table_sum_under": gettext_lazy(
        "the scores add up to %(total)s, not %(expected)s (%(difference)s too few)"
    ),
    "return_below_start": gettext_lazy(
        "The return points (%(returned)s) cannot be below the starting points (%(start)s)."
    ),
    "seven_five_tile_shown": gettext_lazy(
        "won on %(tile)s, which is on the table in this set: a suit "
        "tile makes its discarder pay only when it is raw."
    ),
}

# Where in the input a refusal is ("at"): what goes in front of its text.
PARTS = {
    "concealed": gettext_lazy("concealed tiles"),
    "bonus": gettext_lazy("flowers and seasons"),
    "winning_tile": gettext_lazy("winning tile"),
}

SEAT_NAMES = {
    "E": gettext_lazy("East"),
    "S": gettext_lazy("South"),
    "W": gettext_lazy("West"),
    "N": gettext_lazy("North"),
}
# Translators: one-letter abbreviations of the winds East, South, West, North.
SEAT_LETTERS = {
    "E": gettext_lazy("E"),
    "S": gettext_lazy("S"),
    "W": gettext_lazy("W"),
    "N": gettext_lazy("N"),
}
SET_KINDS = {
    "chow": pgettext_lazy("set", "chow"),
    "pung": pgettext_lazy("set", "pung"),
    "kong": pgettext_lazy("set", "kong"),
}
WIN_SOURCES = {
    "wall": gettext_lazy("self-drawn from the wall"),
    "discard": gettext_lazy("a discard"),
    "kong_replacement": gettext_lazy("a kong replacement tile"),
    "robbed_kong": gettext_lazy("robbing a kong"),
}
SEAT_KEYS = ("seat", "pao", "discarder", "robbed", "other")


# A table's players by seat ("E", "S", ...), for refusals that name them.
Names = Mapping[str, str]


def seat_label(seat: object, names: Names | None = None) -> str:
    """A seat as the refusals name it: "South (S)", "Zuid (Z)"; at a table
    whose players are known, with the player: "Zuid (Marieke de Boer)"."""
    if not isinstance(seat, str) or seat not in SEAT_NAMES:
        return str(seat)
    if names and names.get(seat):
        return _("%(wind)s (%(name)s)") % {"wind": SEAT_NAMES[seat], "name": names[seat]}
    return _("%(wind)s (%(letter)s)") % {"wind": SEAT_NAMES[seat], "letter": SEAT_LETTERS[seat]}


def tile_label(tile: object) -> str:
    """One tile in the notation ("9s", "5z") by its name in the user's
    language ("9 bamboe", "Witte draak"), as the tile picker names it."""
    return tile_names().get(str(tile), str(tile))


def ruleset_title(name: object) -> str:
    ruleset = RULESETS.get(str(name))
    return ruleset.title if ruleset is not None else str(name)


def _values(params: Mapping[str, object], ruleset: str = "",
            names: Names | None = None) -> dict[str, object]:
    """The engine's params as the texts show them."""
    values = dict(params)
    if "limit" in values and "fan" in values:  # a hand named: its limit, else its fan
        limit = values["limit"]
        values["hand"] = rule_name(ruleset, str(limit)) if limit else fan(int(str(values["fan"])))
    for key in SEAT_KEYS:
        if key in values:
            values[key] = seat_label(values[key], names)
    if "tile" in values:
        values["tile"] = tile_label(values["tile"])
    if "source" in values:
        values["source"] = WIN_SOURCES.get(str(values["source"]), values["source"])
    if "kind" in values:
        values["kind"] = SET_KINDS.get(str(values["kind"]), values["kind"])
    if "ruleset" in values:
        values["ruleset"] = ruleset_title(values["ruleset"])
    for key, value in values.items():
        # The engine names a number too long to write out by its size.
        huge = HUGE_NUMBER.fullmatch(value) if isinstance(value, str) else None
        if huge:
            digits = int(huge.group(1))
            values[key] = ngettext("a number of about %(digits)s digit",
                                   "a number of about %(digits)s digits", digits) % {
                "digits": digits}
    rounds, counts, holders = values.get("rounds"), values.get("counts"), values.get("holders")
    if isinstance(rounds, list):
        values["rounds"] = ", ".join(str(SEAT_LETTERS.get(wind, wind)) for wind in rounds)
    if isinstance(counts, list):
        values["counts"] = _(" or ").join(str(count) for count in counts)
    if isinstance(holders, list):
        values["holders"] = ", ".join(f"{seat_label(seat, names)} {count}"
                                      for seat, count in holders)
    return values


def _where(at: Mapping[str, object], names: Names | None = None) -> str:
    where = seat_label(at.get("seat", ""), names)
    if "meld" in at:
        return _("%(seat)s, set %(number)s") % {"seat": where, "number": at["meld"]}
    part = PARTS.get(str(at.get("part", "")))
    return f"{where}, {part}" if part else where


def engine_error(refusal: Mapping[str, Any] | InvalidGame, ruleset: str = "",
                 names: Names | None = None) -> str:
    """A refusal of the engine (a ``score_game`` result with ``error``, or an
    InvalidGame) in the user's language; ``ruleset`` names the rules a
    refusal quotes (a limit hand), ``names`` the players it names by seat."""
    code: object
    params: object
    if isinstance(refusal, InvalidGame):
        code, params, english = refusal.code, refusal.params, str(refusal)
    else:
        code, params = refusal.get("code"), refusal.get("params") or {}
        english = str(refusal.get("error", ""))
    template = ERRORS.get(str(code))
    if template is None or not isinstance(params, Mapping):
        logger.warning("scoring engine refusal without a translation: %s", code)
        return english
    try:
        text = str(template % _values(params, ruleset, names))
    except (KeyError, TypeError, ValueError):
        logger.warning("scoring engine refusal %s with unexpected params %r", code, params)
        return english
    at = params.get("at")
    if isinstance(at, Mapping) and at:
        return _("%(where)s: %(message)s") % {"where": _where(at, names), "message": text}
    return text


# --- Rule names and breakdowns ------------------------------------------------


@cache
def _catalogue(ruleset: str) -> dict[str, dict[str, object]]:
    return rule_catalogue(ruleset) if ruleset in RULESETS else {}


def _dutch() -> bool:
    return (get_language() or "nl").startswith("nl")


def rule_name(ruleset: str, rule: str) -> str:
    """A rule's or limit hand's name in the user's language: the engine's
    Dutch name (the seeds'), or its key written out in English."""
    entry = _catalogue(ruleset).get(rule)
    if entry is None:
        return rule.replace("_", " ").capitalize()
    return str(entry["nl"] if _dutch() else entry["en"])


def points(count: int) -> str:
    return ngettext("%(count)s point", "%(count)s points", count) % {"count": count}


def doublings(count: int) -> str:
    return ngettext("%(count)s doubling", "%(count)s doublings", count) % {"count": count}


def fan(count: int) -> str:
    return ngettext("%(count)s fan", "%(count)s fan", count) % {"count": count}


def item_value(item: Mapping[str, Any]) -> str:
    """What one breakdown row counts: "4 punten", "1 verdubbeling", "2 fan"."""
    parts = []
    if isinstance(item.get("points"), int):
        parts.append(points(item["points"]))
    if isinstance(item.get("doublings"), int):
        parts.append(doublings(item["doublings"]))
    if isinstance(item.get("fan"), int):
        parts.append(fan(item["fan"]))
    return ", ".join(parts)


def unit(ruleset: str) -> str:
    """What a hand's value is in this rule set: "points" or "fan"."""
    return RULESETS[ruleset].value_entry.unit if ruleset in RULESETS else "points"


def hand_total(ruleset: str, hand: Mapping[str, Any]) -> str:
    """A hand's total as the breakdown's heading shows it: its fan (and
    whether it is a limit hand) where hands are worth fan, else its points
    and doublings and the value they make."""
    value = hand.get("value", 0)
    limit = hand.get("limit")
    if unit(ruleset) == "fan":
        text = fan(int(value))
    else:
        text = _("%(points)s, %(doublings)s = %(value)s") % {
            "points": points(int(hand.get("points", 0))),
            "doublings": doublings(int(hand.get("doublings", 0))),
            "value": value,
        }
    if limit:
        text += " (" + _("limit hand") + ": " + rule_name(ruleset, str(limit)) + ")"
    return text


def breakdowns(ruleset: str, hands: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's ``hands`` with each row's rule name and value, and each
    hand's total, in the user's language (``label``, ``value_text``,
    ``text``; ``total_text``); the engine's keys stay as they are. A row
    of one set names its tiles in words ("Dichte pung eenvoudige stenen
    (2 tekens): 4 punten"), so two pungs of one rule are told apart."""
    shown: dict[str, Any] = {}
    names = tile_names()
    for seat, hand in hands.items():
        items = []
        for item in hand.get("items", []):
            label = rule_name(ruleset, str(item.get("rule", "")))
            value = item_value(item)
            named = f"{label} ({set_name(str(item['tiles']), names)})" if item.get("tiles") else label
            items.append(
                {
                    **item,
                    "label": label,
                    "value_text": value,
                    "text": f"{named}: {value}" if value else named,
                }
            )
        shown[seat] = {**hand, "items": items, "total_text": hand_total(ruleset, hand)}
    return shown


# --- Rule-set options ---------------------------------------------------------


def option_text(option: Any, what: str) -> str:
    """An option's label or description in the user's language: the engine
    declares both in English, marked for translation (locale/)."""
    english = getattr(option, what, None)
    if not english:
        return str(option.name.replace("_", " ").capitalize())
    return _(english)


def option_choice(option: Any, value: Any) -> str:
    """One of an option's choices as the user reads it: its declared label
    (``choice_labels``, English, marked for translation), else the value
    itself."""
    choices = tuple(option.choices or ())
    labels = tuple(getattr(option, "choice_labels", ()) or ())
    if value in choices and len(labels) == len(choices):
        return _(labels[choices.index(value)])
    return str(value)


# --- Flags: how a hand ended ---------------------------------------------------


# The label of each of the engine's HAND_FLAGS (tests/engine_texts checks
# that none is missing).
HAND_FLAG_LABELS = {
    "last_wall_tile": gettext_lazy("Last tile of the wall"),
    "kong_on_kong": gettext_lazy("Kong on kong (won on the replacement tile of a second kong)"),
    "heavenly": gettext_lazy("Heavenly hand (East wins with the dealt tiles)"),
    "earthly": gettext_lazy("Earthly hand (won on East's first discard)"),
    "moon_eats_cake": gettext_lazy(
        "Moon eats cake (last tile of the wall is 1 circles, announced)"),
    "seven_five": gettext_lazy(
        "7-5 rule (won on a tile discarded late in the live wall: its "
        "discarder pays for everyone)"
    ),
}


def flag_labels() -> dict[str, str]:
    """The engine's flags that a page offers for a hand (its HAND_FLAGS), in
    the user's language and in the engine's order (who pays, pao and a false
    mahjong, have controls of their own)."""
    return {flag: str(HAND_FLAG_LABELS[flag]) for flag in HAND_FLAGS}


def flag_label(flag: str) -> str:
    """One flag for people: its label, a responsible player ("pao:S") by seat."""
    responsible = pao_of(flag)
    if responsible is not None:
        return _("Responsible player (pao): %(seat)s") % {"seat": seat_label(responsible)}
    if flag == FALSE_MAHJONG:
        return _("False mahjong")
    return flag_labels().get(flag) or flag.replace("_", " ")


def win_source_labels() -> dict[str, str]:
    """How a hand was won (score-interface.md's win_source), for people."""
    return {name: str(label) for name, label in WIN_SOURCES.items()}
