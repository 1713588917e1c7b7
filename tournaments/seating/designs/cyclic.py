"""Schedules developed from a stored base parallel class (see cyclic_data.py).

A base class is a partition of the players 0..n-1 into tables of 4. Player p < 3m is the
finite point (p mod m) of level p // m; players 3m..n-1 are fixed ("infinite") points.
Round g (0 <= g < m) adds g mod m to the first coordinate of every finite point and
leaves the fixed points where they are. The base classes were found offline by
scripts/find_seating_designs.py so that no two players meet twice in the m rounds; this
module only develops them and checks that claim (`repeated_pairs`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from .cyclic_data import BASE_CLASSES

LEVELS = 3


def develop(n: int, m: int, base: Sequence[Sequence[int]]) -> list[list[list[int]]]:
    """The m rounds obtained by translating the base class over Z_m."""
    finite = LEVELS * m

    def shift(player: int, g: int) -> int:
        if player >= finite:
            return player
        level, x = divmod(player, m)
        return level * m + (x + g) % m

    return [[[shift(p, g) for p in table] for table in base] for g in range(m)]


def repeated_pairs(rounds: Iterable[Iterable[Iterable[int]]]) -> set[tuple[int, int]]:
    """The pairs of players that share a table in more than one round."""
    seen: set[tuple[int, int]] = set()
    repeated: set[tuple[int, int]] = set()
    for round_tables in rounds:
        for table in round_tables:
            for pair in combinations(sorted(table), 2):
                if pair in seen:
                    repeated.add(pair)
                seen.add(pair)
    return repeated


def is_partition(n: int, round_tables: Sequence[Sequence[int]]) -> bool:
    """Whether the round seats every player 0..n-1 exactly once at tables of 4."""
    players = [p for table in round_tables for p in table]
    return all(len(table) == 4 for table in round_tables) and sorted(players) == list(range(n))


def parse_base_class(text: str) -> list[list[int]]:
    """The tables of a stored base class: players separated by spaces, 4 per table."""
    players = [int(token) for token in text.split()]
    return [players[i : i + 4] for i in range(0, len(players), 4)]


def cyclic_schedule(n: int) -> list[list[list[int]]] | None:
    """The full stored schedule for n players (players 0..n-1), or None."""
    stored = BASE_CLASSES.get(n)
    if stored is None:
        return None
    m, text = stored
    return develop(n, m, parse_base_class(text))


def stored_sizes() -> list[int]:
    """The numbers of players with a stored base class, ascending."""
    return sorted(BASE_CLASSES)
