"""The formula in words, with the constants of a computed ranking, for the
ranking page (in the visitor's language)."""

from __future__ import annotations

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rankings.formula import RankingConfig


def number(value: float) -> str:
    """1.0 -> "1", 0.5 -> "0,5" in Dutch."""
    if float(value).is_integer():
        return number_format(int(value))
    decimals = min(3, len(repr(float(value)).split(".")[1]))
    return number_format(round(value, decimals), decimal_pos=decimals)


def _days(days: int) -> str:
    return ngettext("%(count)d day", "%(count)d days", days) % {"count": days}


def day_weights(config: RankingConfig) -> str:
    weights = config.day_weights
    parts = [_("%(days)s: %(weight)s") % {"days": _days(days), "weight": number(weight)}
             for days, weight in enumerate(weights[:-1], start=1)]
    parts.append(_("%(days)s or more: %(weight)s") % {
        "days": _days(len(weights)), "weight": number(weights[-1])})
    return "; ".join(parts)


def player_weights(config: RankingConfig) -> str:
    parts = []
    lower = 1
    for limit, weight in config.player_weights:
        if limit is None:
            text = (_("any number of players: +%(weight)s") if lower == 1
                    else _("more than %(limit)s players: +%(weight)s")) % {
                "limit": lower - 1, "weight": number(weight)}
        elif lower == 1:
            text = _("up to %(limit)s players: +%(weight)s") % {
                "limit": limit, "weight": number(weight)}
        else:
            text = _("%(lower)s to %(limit)s players: +%(weight)s") % {
                "lower": lower, "limit": limit, "weight": number(weight)}
        parts.append(text)
        lower = (limit or 0) + 1
    return "; ".join(parts)


def age_factors(config: RankingConfig) -> str:
    parts = []
    for years, factor in enumerate(config.age_factors):
        if years == 0:
            text = _("up to a year old: × %(factor)s")
        else:
            text = ngettext("more than %(years)d year old: × %(factor)s",
                            "more than %(years)d years old: × %(factor)s", years)
        parts.append(text % {"years": years, "factor": number(factor)})
    years = len(config.age_factors)
    parts.append(ngettext("results more than %(years)d year old no longer count",
                          "results more than %(years)d years old no longer count",
                          years) % {"years": years})
    return "; ".join(parts)


def formula_lines(config: RankingConfig) -> list[str]:
    """The steps of the formula, one sentence each."""
    share_a = config.part_a_share
    return [
        _("Counted: the final standings of every finished tournament (not club evenings) of "
          "this rule set. Members with the same NMB member number are one player, in "
          "whichever club. Guests and substitutes are shown in an event's standings but "
          "not ranked here; guests the event ranked keep their place there."),
        _("A result's base rank is %(scale)s × (N − place) / (N − 1), for place in a "
          "tournament of N ranked players: the winner gets %(scale)s, the last player 0; "
          "players sharing a place share its base rank; the only ranked player of a "
          "tournament gets %(scale)s.") % {"scale": number(config.scale)},
        _("A tournament weighs its duration (%(days)s) plus its players (%(players)s).") % {
            "days": day_weights(config), "players": player_weights(config)},
        _("A result's weight is its tournament's weight times its age factor, counted from "
          "the tournament's last day: %(ages)s.") % {"ages": age_factors(config)},
        _("Part A is the weighted average of the best %(minimum)s + %(extra)s × (n − "
          "%(minimum)s) results (rounded up) of a player's n results; with fewer than "
          "%(minimum)s results, all of them and results of 0 (weight %(padding)s) up to "
          "%(minimum)s.") % {
            "minimum": config.part_a_minimum, "extra": number(config.part_a_extra),
            "padding": number(config.padding_weight)},
        _("Part B is the weighted average of the best %(best)s results (all of them when "
          "there are fewer).") % {"best": config.part_b_best},
        _("Rating = %(share_a)s × part A + %(share_b)s × part B. Best means the highest "
          "base rank. Equal ratings (to 2 decimals) share a position.") % {
            "share_a": number(share_a), "share_b": number(round(1 - share_a, 6))},
        ngettext("A player needs at least %(count)d result that still counts to be ranked.",
                 "A player needs at least %(count)d results that still count to be ranked.",
                 config.min_results) % {"count": config.min_results},
    ]
