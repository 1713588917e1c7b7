"""Riichi as the EMA's Riichi Competition Rules (2016) play it: scored by
table result (table_result.py).

Sources: EMA Riichi Competition Rules 2016, "Scoring" and "Uma": every
player starts with 30,000 points and the four players' final points add up
to 4 × 30,000 (points only change hands); a player's table result is
(final points − 30,000) / 1,000 plus the uma by place, +15, +5, −5, −15
(thousands); players with equal final points share the uma of the places
they take together. The EMA plays without oka (starting and return points
equal); leagues that play 25,000 / 30,000 give the first the oka, 4 × the
difference. "Chombo": a penalty of 20,000 points (20 table points: one
table point per 1,000 points, penalty_table_points), taken off the
player's result after uma.

The options cover the usual variants: the starting and return points, and
the uma (15-5 the EMA's; 20-10, 30-10 and 10-5 the common others; 0 none).
The stored score is the final points minus the starting points (a table's
stored scores add up to 0, as MCR's do); the table points are Decimals in
thousands of points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any, Final

from .errors import InvalidGame
from .ruleset import Option
from .table_result import K, TableResultRuleSet, places, share
from .vocabulary import gettext_noop

S: Final = "EMA Riichi Competition Rules 2016"
STARTING_POINTS: Final = 30_000
UMA: Final = {
    "15-5": (15, 5, -5, -15),
    "20-10": (20, 10, -10, -20),
    "30-10": (30, 10, -10, -30),
    "10-5": (10, 5, -5, -10),
    "0": (0, 0, 0, 0),
}
THOUSAND: Final = Decimal(1000)


class Riichi(TableResultRuleSet):
    name = "riichi"
    title = "Riichi"
    ema_rules = "Riichi"
    entered = "final points"
    entered_plural = "final points"
    chombo_points: int | None = 20_000  # EMA 2016 "Chombo": −20,000 points
    penalty_table_points = Decimal("0.001")  # 20,000 points = 20 table points
    options: Sequence[Option] = (
        Option("starting_points", int, STARTING_POINTS, S + " (starting points)",
               gettext_noop("The points each player starts with; the four final scores "
                            "add up to four times this."),
               minimum=1_000, maximum=100_000, label=gettext_noop("Starting points")),
        Option("return_points", int, STARTING_POINTS, S + " (return points, oka)",
               gettext_noop("The points a result is counted from; when above the starting "
                            "points, the first place gets the difference of all four (oka). "
                            "The EMA plays without oka: equal to the starting points."),
               minimum=1_000, maximum=100_000, label=gettext_noop("Return points")),
        Option("uma", str, "15-5", S + " (uma)",
               gettext_noop("The bonus by place in thousands of points: 15-5 is +15, +5, "
                            "-5, -15 (the EMA's); tied players share theirs."),
               choices=tuple(UMA), label=gettext_noop("Uma (bonus by place)"),
               choice_labels=(gettext_noop("+15/+5/-5/-15 thousand (EMA)"),
                              gettext_noop("+20/+10/-10/-20 thousand"),
                              gettext_noop("+30/+10/-10/-30 thousand"),
                              gettext_noop("+10/+5/-5/-10 thousand"),
                              gettext_noop("No uma"))),
    )

    def resolve_options(self, given: Mapping[str, object]) -> dict[str, Any]:
        resolved = super().resolve_options(given)
        if resolved["return_points"] < resolved["starting_points"]:
            raise InvalidGame(
                f"return_points {resolved['return_points']} is below starting_points "
                f"{resolved['starting_points']}: the oka would be taken from the first",
                "return_below_start", returned=resolved["return_points"],
                start=resolved["starting_points"])
        return resolved

    def table_sum(self, options: Mapping[str, Any]) -> int:
        return 4 * int(options["starting_points"])

    def stored_score(self, entered: int, options: Mapping[str, Any]) -> int:
        return entered - int(options["starting_points"])

    def entered_from_score(self, score: int, options: Mapping[str, Any]) -> int:
        return score + int(options["starting_points"])

    def table_points(self, entered: Mapping[K, int],
                     options: Mapping[str, Any]) -> dict[K, Decimal]:
        oka = 4 * (int(options["return_points"]) - int(options["starting_points"]))
        bonus = [Decimal(uma) for uma in UMA[str(options["uma"])]]
        bonus[0] += Decimal(oka) / THOUSAND
        placed = places(entered)
        result: dict[K, Decimal] = {}
        for player, final in entered.items():
            place = placed[player]
            tied = sum(1 for other in placed.values() if other == place)
            base = (Decimal(final) - int(options["return_points"])) / THOUSAND
            result[player] = base + share(bonus[place - 1:place - 1 + tied])
        return result


RULESET: Final = Riichi()
