"""Statistics that add up: plain dicts, ready for JSON, merged by addition.

A *tally* counts one set of player-hands (one registration, a player over
many events, an event, a club):

    {"hands": 12,          # hands played (a player sitting out at a table of 5 does not play)
     "won": 3,             # mahjongs
     "won_hands": 10,      # hands played that somebody won: the deal-in denominator
     "dealt_in": 2,        # hands where they discarded the winning tile
     "tables": 2,          # tables played in closed rounds
     "ranks": {"1": 1, "3": 1},                # place at the table (TableResult.rank)
     "rulesets": {"nts": {"hands": 12, "won": 3, "value_sum": 480, "value_count": 3,
                          "best": [hand, ...]}},   # the best winning hands, best first
     "limits": [hand, ...]}                        # winning limit hands, newest first

Values are those of the winning hands, in the rule set's unit (NTS and
Philos: points; Hong Kong: the winner's fan), so averages never mix units.
A *hand* (a reference to a winning hand) is

    {"hand": 17, "reg": 5, "key": "nmb-1001", "event": 2, "round": 1, "table": 1,
     "number": 4, "ruleset": "nts", "value": 2000, "limit": "thirteen_orphans",
     "date": "2031-03-01", "tiles": {"concealed": "...", "melds": [...], "bonus": "..."}}

with `tiles` None for a hand entered by values.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from typing import Any

Tally = dict[str, Any]
HandRef = dict[str, Any]

BEST_OF_PLAYER = 1  # a player's best hand per rule set
BEST_OF_GROUP = 5  # an event's or a club's best hands per rule set
MOST_MAHJONGS = 10  # players listed under "most mahjongs"


def empty() -> Tally:
    return {"hands": 0, "won": 0, "won_hands": 0, "dealt_in": 0, "tables": 0, "ranks": {},
            "rulesets": {}, "limits": []}


def empty_ruleset() -> dict[str, Any]:
    return {"hands": 0, "won": 0, "value_sum": 0, "value_count": 0, "best": []}


def best_order(ref: HandRef) -> tuple[int, bool, int, int]:
    """Higher is better: the value; on equal values a hand with its tiles
    (it can be shown), then the earliest (the first to reach it)."""
    day = datetime.date.fromisoformat(ref["date"]).toordinal()
    return (int(ref["value"]), ref.get("tiles") is not None, -day, -int(ref["hand"]))


def top(refs: Iterable[HandRef], count: int) -> list[HandRef]:
    return sorted(refs, key=best_order, reverse=True)[:count]


def newest_first(refs: Iterable[HandRef]) -> list[HandRef]:
    return sorted(refs, key=lambda ref: (ref["date"], ref["hand"]), reverse=True)


def add(into: Tally, other: Tally, *, best: int) -> Tally:
    """Add `other` to `into` (in place), keeping `best` hands per rule set."""
    for field in ("hands", "won", "won_hands", "dealt_in", "tables"):
        into[field] += other[field]
    for rank, count in other["ranks"].items():
        into["ranks"][rank] = into["ranks"].get(rank, 0) + count
    for name, theirs in other["rulesets"].items():
        mine = into["rulesets"].setdefault(name, empty_ruleset())
        for field in ("hands", "won", "value_sum", "value_count"):
            mine[field] += theirs[field]
        mine["best"] = top([*mine["best"], *theirs["best"]], best)
    if other["limits"]:
        into["limits"] = newest_first([*into["limits"], *other["limits"]])
    return into


def total(tallies: Iterable[Tally], *, best: int) -> Tally:
    result = empty()
    for tally in tallies:
        add(result, tally, best=best)
    return result


def rate(count: int, out_of: int) -> float | None:
    return count / out_of if out_of else None
