"""Exhaustive search over small seatings, to check the searches against the true optimum."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from tournaments.seating.meetings import meeting_counts, repeat_meetings


def partitions(players: Sequence[int], sizes: Sequence[int]) -> Iterator[list[list[int]]]:
    """Every split of `players` into unordered tables of `sizes` (each split once when the
    sizes are equal: the first remaining player always opens the next table)."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in sorted(set(sizes)):
        # The first remaining player opens a table of each size in turn.
        left = list(sizes)
        left.remove(size)
        for others in combinations(rest, size - 1):
            remaining = [p for p in rest if p not in others]
            for more in partitions(remaining, left):
                yield [[first, *others], *more]


def fewest_repeats_this_round(
    players: Sequence[int], sizes: Sequence[int], history: Sequence[Sequence[Sequence[int]]]
) -> int:
    """The fewest pairs who met before that one more round must seat together."""
    met = set(meeting_counts(history))
    return min(
        sum(1 for pair in meeting_counts([tables]) if pair in met)
        for tables in partitions(players, sizes)
    )


def fewest_repeats_schedule(players: Sequence[int], sizes: Sequence[int], rounds: int) -> int:
    """The fewest repeat meetings of any schedule; the first round is fixed, as any
    first round is any other with the players renamed."""
    first = [list(players[i : i + s]) for i, s in zip(_starts(sizes), sizes, strict=True)]
    options = list(partitions(players, sizes))
    best = -1

    def search(history: list[list[list[int]]]) -> None:
        nonlocal best
        if len(history) == rounds:
            total = repeat_meetings(meeting_counts(history))
            best = total if best < 0 else min(best, total)
            return
        for tables in options:
            search([*history, tables])

    search([first])
    return best


def _starts(sizes: Sequence[int]) -> list[int]:
    starts, position = [], 0
    for size in sizes:
        starts.append(position)
        position += size
    return starts
