"""What the pages and the exports say about an event's rule set: its name,
the options it is played with, and what a hand's value is. It sits next to
the engine, whose words it puts for people, and serves the event pages
(tournaments), rankings, statistics and the exports alike; templates use it
through the `rulesets` tag library (scoring/templatetags/rulesets.py).

NTS and Philos count every player's hand in points, doubled: a HandScore's
`value` is that hand's points, and the exports show it as the "value".
Hong Kong (seed 001, club Fu-Hing) values only the winner's hand, in fan,
and pays from a payment table: the engine's `scores` are then the amounts
paid to the winner (0 for everyone else), which say nothing a settlement
does not. So where a rule set counts in fan (its `value_entry.unit`, what
the score-entry page labels its values with)
the exports show the winner's fan instead: the engine's hand value for a
hand by tiles (capped at 10 fan, a limit hand 20), the fan given for a
hand by values.

A false mahjong (Hong Kong, flag FALSE_MAHJONG) has nobody winning: the
engine's `winner` is the player who claimed it, who pays.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from scoring import texts
from scoring.engine import FALSE_MAHJONG, RULESETS, pao_of


def title(name: str) -> str:
    """The rule set's name as the engine gives it ("Hong Kong mahjong (club
    Fu-Hing)"); an unknown name in capitals."""
    ruleset = RULESETS.get(name)
    return ruleset.title if ruleset is not None else name.upper()


def fan_based(name: str) -> bool:
    """Whether a hand of this rule set is valued in fan (only the winner's)."""
    ruleset = RULESETS.get(name)
    return ruleset is not None and ruleset.value_entry.unit == "fan"


def value_label(name: str) -> str:
    """The column title of a hand's value: "Fan" or "Value"."""
    return _("Fan") if fan_based(name) else _("Value")


def is_false_mahjong(game: Mapping[str, Any]) -> bool:
    return FALSE_MAHJONG in (game.get("flags") or [])


def winner_fan(game: Mapping[str, Any], result: Mapping[str, Any]) -> int | None:
    """The winner's fan of a hand (a fan-based rule set); None for a draw or
    a false mahjong."""
    winner = game.get("winner")
    if winner is None or is_false_mahjong(game):
        return None
    breakdown = (result.get("hands") or {}).get(winner)
    if isinstance(breakdown, Mapping) and breakdown.get("value") is not None:
        return int(breakdown["value"])
    given = (game.get("players") or {}).get(winner)
    if isinstance(given, Mapping) and isinstance(given.get("score"), int):
        return int(given["score"])
    return None


def described_options(ruleset_name: str, values: dict[str, Any]) -> list[dict[str, Any]]:
    """An event's rule options as the pages show them: label, value (the
    default where none is stored), meaning and seed section."""
    ruleset = RULESETS.get(ruleset_name)
    if ruleset is None:
        return []
    described = []
    for option in ruleset.options:
        value = values.get(option.name, option.default)
        shown = ((_("yes") if value else _("no")) if isinstance(value, bool)
                 else texts.option_choice(option, value))
        described.append({"label": texts.option_text(option, "label"), "value": shown,
                          "description": texts.option_text(option, "description"),
                          "section": option.section, "default": value == option.default})
    return described


def options_text(name: str, options: Mapping[str, Any] | None) -> str:
    """The options an event plays with that differ from the rule set's
    defaults, as the event page words them ("Flowers and seasons: yes");
    empty when every option is the default."""
    return "; ".join(f"{option['label']}: {option['value']}"
                     for option in described_options(name, dict(options or {}))
                     if not option["default"])


def line(name: str, options: Mapping[str, Any] | None = None) -> str:
    """ "Rule set: <title>", with the options that differ from its defaults
    in brackets: for the heading of a PDF, the properties of a workbook."""
    return labelled(title(name), options_text(name, options))


def labelled(ruleset_title: str, changed_options: str = "") -> str:
    text = _("Rule set") + ": " + ruleset_title
    return f"{text} ({changed_options})" if changed_options else text


def flags_text(flags: list[str] | None, names: Mapping[int, str],
               claimer: str = "") -> str:
    """An entry's flags for people: a responsible player ("pao:<position>")
    by name, a false mahjong with the name of who claimed it."""
    shown = []
    for flag in flags or []:
        position = pao_of(flag)
        if position is not None and position.isdigit():
            who = names.get(int(position), position)
            shown.append(_("pao: %(name)s") % {"name": who})
        elif flag == FALSE_MAHJONG:
            shown.append(_("false mahjong: %(name)s") % {"name": claimer} if claimer
                         else _("false mahjong"))
        else:
            shown.append(texts.flag_label(flag))
    return ", ".join(shown)
