"""Exhaustive search over small seatings, to check the searches against the true optimum."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from tournaments.seating.meetings import meeting_counts


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


def fewest_repeats_schedule(
    players: Sequence[int], sizes: Sequence[int], rounds: int, *, even_odd_seats: bool = False
) -> int:
    """The fewest repeat meetings of any schedule. The first round is fixed, as any first
    round is any other with the players renamed, and the later rounds are taken in order
    of their index among the splits (the order of rounds changes nothing), with a branch
    cut as soon as it has as many repeats as the best so far.

    `even_odd_seats`: only schedules in which every player's seats at tables of other
    than 4 are the floor or the ceiling of the average (any two differ by at most one)."""
    n = len(players)
    index = {p: i for i, p in enumerate(players)}
    odd_per_round = sum(k for k in sizes if k != 4)
    low, high = divmod(rounds * odd_per_round, n)
    high = low + (1 if high else 0)
    first = [list(players[i : i + s]) for i, s in zip(_starts(sizes), sizes, strict=True)]
    options = [first, *(t for t in partitions(players, sizes) if _key(t) != _key(first))]
    pair_lists = [
        [index[a] * n + index[b] for table in tables for a, b in combinations(table, 2)]
        for tables in options
    ]
    odd_lists = [
        [index[p] for table in tables if len(table) != 4 for p in table] for tables in options
    ]
    met = [0] * (n * n)
    seats = [0] * n
    best = -1

    def place(option: int, sign: int) -> int:
        """Seat (sign 1) or unseat (-1) one round; the repeats it adds (or removes)."""
        change = 0
        for pair in pair_lists[option]:
            if sign > 0:
                change += met[pair] >= 1
                met[pair] += 1
            else:
                met[pair] -= 1
                change -= met[pair] >= 1
        for p in odd_lists[option]:
            seats[p] += sign
        return change

    def seats_fit(done: int) -> bool:
        """Can the rounds left still bring every player within [low, high]?"""
        left = rounds - done
        return all(s <= high and s + left >= low for s in seats)

    def search(done: int, smallest: int, repeats: int) -> None:
        nonlocal best
        if best >= 0 and repeats >= best:
            return
        if even_odd_seats and not seats_fit(done):
            return
        if done == rounds:
            best = repeats
            return
        for option in range(smallest, len(options)):
            added = place(option, 1)
            search(done + 1, option, repeats + added)
            place(option, -1)

    place(0, 1)
    search(1, 1, 0)
    return best


def _key(tables: Sequence[Sequence[int]]) -> list[list[int]]:
    return sorted(sorted(t) for t in tables)


def _starts(sizes: Sequence[int]) -> list[int]:
    starts, position = [], 0
    for size in sizes:
        starts.append(position)
        position += size
    return starts
