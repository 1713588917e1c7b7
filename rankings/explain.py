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


def country_weights(config: RankingConfig) -> str:
    parts = []
    lower = 1
    for limit, weight in config.country_weights:
        if limit is None:
            text = (_("any number of countries: +%(weight)s") if lower == 1
                    else _("%(limit)s or more countries: +%(weight)s")) % {
                "limit": lower, "weight": number(weight)}
        elif lower == 1:
            text = _("up to %(limit)s countries: +%(weight)s") % {
                "limit": limit, "weight": number(weight)}
        else:
            text = _("%(lower)s to %(limit)s countries: +%(weight)s") % {
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
    scale = number(config.scale)
    if config.whole_base_ranks:
        base = _("A result's base rank is round(%(scale)s × (N − place) / (N − 1)), a whole "
                 "number (a half rounds up), for place in a tournament of N participants: the "
                 "winner gets %(scale)s, the last player 0; players sharing a place share its "
                 "base rank; the only player of a tournament gets %(scale)s.") % {"scale": scale}
    else:
        base = _("A result's base rank is %(scale)s × (N − place) / (N − 1), for place in a "
                 "tournament of N ranked players: the winner gets %(scale)s, the last player 0; "
                 "players sharing a place share its base rank; the only ranked player of a "
                 "tournament gets %(scale)s.") % {"scale": scale}
    if config.pad_part_b:
        part_b = _("Part B is the weighted average of the best %(best)s of the same padded "
                   "list. So two wins of weight 1 give part A = 2000 / 5 = 400 and part B = "
                   "2000 / 4 = 500.") % {"best": config.part_b_best}
    else:
        part_b = _("Part B is the weighted average of the best %(best)s results (all of them "
                   "when there are fewer).") % {"best": config.part_b_best}
    return [
        _("Counted: every finished tournament (not club evenings) of this rule set, with "
          "every participant listed as the EMA's ranking (MERS) counts them: members, guests "
          "and up to 3 substitutes, in the event's ranking order. Members with the same NMB "
          "member number are one player, in whichever club; guests count in N but are not "
          "ranked here."),
        base,
        _("A tournament weighs its duration (%(days)s) plus its participants (%(players)s) "
          "plus their countries (%(countries)s) plus %(qualifier)s if it qualifies for a "
          "championship. The EMA may set a tournament's weight itself; the event page "
          "shows it.") % {
            "days": day_weights(config), "players": player_weights(config),
            "countries": country_weights(config), "qualifier": number(config.qualifier_weight)},
        _("A result's weight is its tournament's weight times its age factor, counted from "
          "the tournament's last day (or the date the EMA moved it to): %(ages)s.") % {
            "ages": age_factors(config)},
        _("A player's results, best base rank first, are padded to %(minimum)s with results "
          "of 0 (weight %(padding)s). Part A is the weighted average of the best %(minimum)s "
          "+ %(extra)s × (n − %(minimum)s) (rounded up; at least %(minimum)s) of that list, "
          "for a player's n results.") % {
            "minimum": config.part_a_minimum, "extra": number(config.part_a_extra),
            "padding": number(config.padding_weight)},
        part_b,
        _("Rating = %(share_a)s × part A + %(share_b)s × part B. Best means the highest "
          "base rank. Equal ratings (to 2 decimals) share a position.") % {
            "share_a": number(share_a), "share_b": number(round(1 - share_a, 6))},
        ngettext("A player needs at least %(count)d result that still counts to be ranked.",
                 "A player needs at least %(count)d results that still count to be ranked.",
                 config.min_results) % {"count": config.min_results},
    ]
