"""What a seating is worth: repeat meetings, seat winds, players who stay put.

* repeat meetings: pairs that meet more than once, with how often; the total counts the
  meetings beyond the first (a pair meeting three times: 2).
* seat winds: per player, how often he sat E, S, W, N, and as the fifth player at a table
  of 5 (who plays every wind once in the table's five hands, so it is counted apart);
  the spread is max - min over E, S, W, N.
* same table: per round from the second, the players at the table number they had in the
  previous round, and the pairs that also sat together in the previous round.
* same club (when clubs are given): pairs of one club at one table, per round.
* the best possible: when every round seats the same players at the same table sizes, the
  fewest repeat meetings any schedule of that many rounds can have (designs/), and whether
  that figure is exact (a schedule reaching it is known, this one included) or only a
  proven lower bound.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.engine import SEAT_WINDS

from . import designs
from .five import FIFTH
from .meetings import Pair, club_conflicts, meeting_counts, table_pairs
from .winds import wind_counts


@dataclass(frozen=True)
class WindRow:
    player: int
    counts: tuple[int, int, int, int, int]  # E, S, W, N, fifth

    @property
    def spread(self) -> int:
        return max(self.counts[:4]) - min(self.counts[:4])


@dataclass(frozen=True)
class SeatingReport:
    repeat_meetings: tuple[tuple[Pair, int], ...]  # ((a, b), times met), most often first
    winds: tuple[WindRow, ...]
    same_table_as_previous: tuple[tuple[int, ...], ...]  # per round; round 1: ()
    met_in_previous_round: tuple[tuple[Pair, ...], ...]  # per round; round 1: ()
    same_club: tuple[tuple[Pair, ...], ...]  # per round, empty without clubs
    # (fewest repeat meetings possible, exact?) or None when the rounds seat different players
    best_possible: tuple[int, bool] | None = None

    @property
    def repeat_total(self) -> int:
        return sum(count - 1 for _, count in self.repeat_meetings)

    @property
    def max_wind_spread(self) -> int:
        return max((row.spread for row in self.winds), default=0)

    def as_dict(self) -> dict[str, Any]:
        return {
            "repeat_meetings": [
                {"players": list(pair), "count": count} for pair, count in self.repeat_meetings
            ],
            "repeat_total": self.repeat_total,
            "winds": [
                {
                    "player": row.player,
                    **dict(zip((*SEAT_WINDS, FIFTH), row.counts, strict=True)),
                    "spread": row.spread,
                }
                for row in self.winds
            ],
            "max_wind_spread": self.max_wind_spread,
            "same_table_as_previous": [list(players) for players in self.same_table_as_previous],
            "met_in_previous_round": [
                [list(pair) for pair in pairs] for pairs in self.met_in_previous_round
            ],
            "same_club": [[list(pair) for pair in pairs] for pairs in self.same_club],
            "best_possible_repeats": self.best_possible[0] if self.best_possible else None,
            "best_possible_exact": self.best_possible[1] if self.best_possible else None,
        }

    def as_text(self) -> str:
        lines = []
        if self.repeat_meetings:
            shown = ", ".join(f"{a}-{b} x{n}" for (a, b), n in self.repeat_meetings[:20])
            more = " ..." if len(self.repeat_meetings) > 20 else ""
            lines.append(
                f"Repeat meetings: {len(self.repeat_meetings)} pairs met more than once "
                f"({self.repeat_total} extra meetings): {shown}{more}"
            )
        else:
            lines.append("Repeat meetings: none")
        if self.best_possible is not None:
            value, exact = self.best_possible
            lines.append(
                f"Best possible: {value} repeat meetings"
                if exact
                else f"Best possible: at least {value} repeat meetings (a proven lower bound)"
            )
        uneven = [row for row in self.winds if row.spread > 1]
        lines.append(
            f"Seat winds: largest spread between a player's E/S/W/N counts: "
            f"{self.max_wind_spread}; players with a spread over 1: {len(uneven)}"
        )
        for row in uneven[:20]:
            counts = " ".join(f"{w}{c}" for w, c in zip(SEAT_WINDS, row.counts, strict=False))
            lines.append(f"  player {row.player}: {counts}")
        stayed = sum(len(players) for players in self.same_table_as_previous)
        again = sum(len(pairs) for pairs in self.met_in_previous_round)
        lines.append(f"Same table number as the previous round: {stayed} player-rounds")
        lines.append(f"Pairs that also sat together in the previous round: {again}")
        conflicts = sum(len(pairs) for pairs in self.same_club)
        if conflicts:
            lines.append(f"Members of one club at one table: {conflicts} pairs")
        return "\n".join(lines)


def report(
    rounds: Sequence[Sequence[Sequence[int]]], clubs: Mapping[int, str] | None = None
) -> SeatingReport:
    counts = meeting_counts(rounds)
    repeats = sorted(
        ((pair, n) for pair, n in counts.items() if n > 1), key=lambda x: (-x[1], x[0])
    )
    winds = tuple(
        WindRow(player, (c[0], c[1], c[2], c[3], c[4]))
        for player, c in sorted(wind_counts(rounds).items())
    )
    stayed: list[tuple[int, ...]] = []
    met_again: list[tuple[Pair, ...]] = []
    for r, tables in enumerate(rounds):
        if r == 0:
            stayed.append(())
            met_again.append(())
            continue
        before = {p: t for t, table in enumerate(rounds[r - 1]) for p in table}
        stayed.append(
            tuple(sorted(p for t, table in enumerate(tables) for p in table if before.get(p) == t))
        )
        previous_pairs = set(meeting_counts([rounds[r - 1]]))
        met_again.append(
            tuple(
                sorted(
                    pair
                    for table in tables
                    for pair in table_pairs(table)
                    if pair in previous_pairs
                )
            )
        )
    same_club = (
        tuple(tuple(sorted(club_conflicts(tables, clubs))) for tables in rounds) if clubs else ()
    )
    best = _best_possible(rounds)
    total = sum(count - 1 for _, count in repeats)
    if best is not None and total == best[0]:
        best = (best[0], True)  # this schedule reaches the proven bound: it is the best
    return SeatingReport(
        tuple(repeats), winds, tuple(stayed), tuple(met_again), same_club, best
    )


def _best_possible(rounds: Sequence[Sequence[Sequence[int]]]) -> tuple[int, bool] | None:
    if not rounds:
        return None
    players = sorted(p for table in rounds[0] for p in table)
    sizes = sorted(len(table) for table in rounds[0])
    for tables in rounds[1:]:
        if sorted(len(table) for table in tables) != sizes:
            return None
        if sorted(p for table in tables for p in table) != players:
            return None
    return designs.best_possible_repeats(len(players), sizes, len(rounds))
