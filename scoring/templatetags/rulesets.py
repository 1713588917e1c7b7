"""The rule set on the results pages, worded as the exports word it
(scoring/ruleset_display.py): `{% load rulesets %}`, then

* `{{ event|ruleset_line }}`: "Rule set: Hong Kong mahjong (club Fu-Hing)",
  with the options that differ from the rule set's defaults;
* `{{ event|value_label }}`: the title of a hand's value column, "Fan" for a
  rule set valued in fan, else "Value";
* `{{ score|hand_value }}`: what a player's hand was worth (a HandScore):
  its value, or in a fan-based rule set the winner's fan (empty for the
  others, whose hands count nothing).
"""

from __future__ import annotations

from typing import Any

from django import template

from scoring import ruleset_display

register = template.Library()


@register.filter
def ruleset_line(event: Any) -> str:
    return ruleset_display.line(event.ruleset, event.rule_options)


@register.filter
def value_label(event: Any) -> str:
    return ruleset_display.value_label(event.ruleset)


@register.filter
def hand_value(score: Any) -> int | str:
    hand = score.hand
    game = hand.game or {}
    if not ruleset_display.fan_based(str(game.get("ruleset") or "")):
        return int(score.value)
    if game.get("winner") != score.seat_wind:
        return ""
    fan = ruleset_display.winner_fan(game, hand.result or {})
    return "" if fan is None else fan
