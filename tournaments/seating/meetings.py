"""Who met whom: players meet when they sit at one table in a round (all of a table of 5)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations

Pair = tuple[int, int]


def table_pairs(table: Iterable[int]) -> Iterable[Pair]:
    """Every pair at one table, smaller id first."""
    return combinations(sorted(table), 2)


def meeting_counts(rounds: Iterable[Sequence[Sequence[int]]]) -> Counter[Pair]:
    """How often each pair of players met over `rounds`."""
    counts: Counter[Pair] = Counter()
    for tables in rounds:
        for table in tables:
            counts.update(table_pairs(table))
    return counts


def repeat_meetings(counts: Counter[Pair]) -> int:
    """Meetings beyond the first of every pair: the figure a balanced schedule keeps at 0."""
    return sum(count - 1 for count in counts.values() if count > 1)


def club_conflicts(tables: Iterable[Sequence[int]], clubs: Mapping[int, str]) -> list[Pair]:
    """Pairs of members of one club at one table."""
    return [
        (a, b)
        for table in tables
        for a, b in table_pairs(table)
        if clubs.get(a) is not None and clubs.get(a) == clubs.get(b)
    ]
