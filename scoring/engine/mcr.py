"""MCR, the Mahjong Competition Rules (the "green book", 2006), as the EMA's
MCR tournaments play them: scored by table result (table_result.py).

Sources: the EMA's MCR tournament rules (Mahjong Competition Rules,
"Tournament scoring"): each hand is settled among the four players, so a
table's scores always add up to zero; at the end of a session the players
get table points by place, 4, 2, 1 and 0, and players with the same score
share the table points of the places they take together (two tied first
get (4 + 2) / 2 = 3 each). The EMA ranks MCR tournaments (MERS); the bond
(NMB) keeps an MCR ranking too.

The chombo preset (``chombo_points``) is None: in MCR a false mahjong is
settled at the table (the offender pays 10 points to each other player,
MCR "False Mahjong"), so it is already in the zero-sum scores the table
reports; a referee's penalty on top has no fixed amount in the rules, and
a preset of 30 would count the false mahjong twice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any, Final

from .ruleset import Option
from .table_result import K, TableResultRuleSet, shared_by_place

# MCR tournament scoring: 4, 2, 1 and 0 table points by place.
PLACE_POINTS: Final = (Decimal(4), Decimal(2), Decimal(1), Decimal(0))


class MCR(TableResultRuleSet):
    name = "mcr"
    title = "MCR"
    ema_rules = "MCR"
    options: Sequence[Option] = ()
    chombo_points: int | None = None
    penalty_table_points = Decimal(0)

    def table_sum(self, options: Mapping[str, Any]) -> int:
        return 0  # every hand is settled among the four players

    def table_points(self, entered: Mapping[K, int],
                     options: Mapping[str, Any]) -> dict[K, Decimal]:
        return shared_by_place(entered, PLACE_POINTS)


RULESET: Final = MCR()
