"""Seating players at tables, round after round: pure Python, no Django.

    seat(method, SeatingRequest(...)) -> tables      one round (methods.py; balanced
                                                     follows the event's plan, follow.py)
    plan(players, rounds, method, seed) -> rounds    a whole schedule (planner.py)
    search_schedule(sizes, rounds, rng, ...)         balanced rounds all at once (schedule_search.py)
    report(rounds) -> SeatingReport                  its quality (report.py)
    table_sizes(n, odd_tables)                       tables of 4, 5 or 3 (tables.py)
    five_player_schedule(ruleset)                     the table of 5 by rule set (five.py)
    five_player_seats(hand, schedule)                 who plays which wind, who sits out

A table is a list of player ids in seat order: E, S, W, N, then at a table of 5 the fifth
player, who sits out the first hand (the rule set's rotation, five.py); a table of 3 is E, S, W.
Tables are numbered by their place in the round's list; table sizes follow `table_sizes`.

Decisions (where the issue is silent):
* Tables of 5 come first and tables of 3 last (`table_sizes(18)` = [5, 5, 4, 4]); the
  rank-based methods fill tables in that order.
* "Repeat meetings" count meetings beyond a pair's first; a table of 5 is a meeting of all
  five. A pair's third meeting is avoided before a second one of another pair only when
  the number of repeat meetings stays the same (balanced).
* Club avoidance (avoid_same_club) outweighs repeat meetings, which outweigh rank order.
* Seat winds: `seat` evens them out from the history, one round at a time; `plan` knows
  all rounds and is exact (winds.py). The fifth seat at a table of 5 is counted apart.
* "Same table as last round" is the table number; random and balanced seating renumber
  their tables so few players keep theirs (swiss and fuhing tables are ordered by rank).
* Determinism: a seed fixes every choice; searches are bounded by steps, never by time,
  and the CP-SAT solver of swiss rounds (swiss_exact.py) by its deterministic time.
"""

from .errors import SeatingError
from .fairness import RankOrderCheck, rank_order_check
from .five import (
    DREAMER_ROTATION,
    FIFTH,
    FIVE_PLAYER_ROTATION,
    Schedule,
    five_player_schedule,
    five_player_seats,
)
from .follow import seat
from .methods import METHODS, rank_order
from .planner import PlannedRound, plan, plan_rounds
from .report import SeatingReport, WindRow, report
from .request import SeatingRequest
from .tables import ODD_TABLES, table_sizes
from .winds import assign_winds

__all__ = [
    "DREAMER_ROTATION",
    "FIFTH",
    "FIVE_PLAYER_ROTATION",
    "METHODS",
    "ODD_TABLES",
    "PlannedRound",
    "RankOrderCheck",
    "SeatingError",
    "SeatingReport",
    "Schedule",
    "SeatingRequest",
    "WindRow",
    "assign_winds",
    "five_player_schedule",
    "five_player_seats",
    "plan",
    "plan_rounds",
    "rank_order",
    "rank_order_check",
    "report",
    "seat",
    "table_sizes",
]
