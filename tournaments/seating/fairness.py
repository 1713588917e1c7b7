"""Is a rank-based seating fair? Players out of rank order, and whether each was needed.

A player's "natural" table is the one the ranking alone gives him (the best four at table 1,
and so on). Swiss seating may move players away from it, but only to avoid a repeat
meeting (or two members of one club at a table): a seating is fair when no swap of two
players, the better-ranked one sitting at the later table, would restore rank order
without adding a same-club pair or (with no fewer same-club pairs) a repeat meeting.
Such a swap is a "free inversion".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .meetings import meeting_counts, table_pairs


@dataclass(frozen=True)
class RankOrderCheck:
    out_of_order: tuple[int, ...]  # players not at their natural table
    free_inversions: tuple[tuple[int, int], ...]  # (better, worse) swaps fair seating forbids
    natural_conflicts: int  # repeat / same-club pairs if seated in plain rank order
    conflicts: int  # repeat / same-club pairs in the seating

    @property
    def fair(self) -> bool:
        return not self.free_inversions


def rank_order_check(
    tables: Sequence[Sequence[int]],
    order: Sequence[int],
    history: Sequence[Sequence[Sequence[int]]],
    clubs: Mapping[int, str] | None = None,
) -> RankOrderCheck:
    """`order`: the present players best first, exactly as seated (see methods.rank_order)."""
    met = set(meeting_counts(history))
    club = clubs or {}

    def conflicts(group: Sequence[int]) -> tuple[int, int]:
        """(same-club pairs, repeat pairs): club pairs weigh more, as in the seating."""
        same_club = repeats = 0
        for a, b in table_pairs(group):
            if club.get(a) is not None and club.get(a) == club.get(b):
                same_club += 1
            if (a, b) in met:
                repeats += 1
        return same_club, repeats

    rank = {p: i for i, p in enumerate(order)}
    natural: dict[int, int] = {}
    natural_tables: list[list[int]] = []
    position = 0
    for t, table in enumerate(tables):
        chunk = list(order[position : position + len(table)])
        natural_tables.append(chunk)
        natural.update((p, t) for p in chunk)
        position += len(table)
    seated = {p: t for t, table in enumerate(tables) for p in table}
    out = tuple(sorted((p for p in order if seated[p] != natural[p]), key=rank.__getitem__))
    # In an inversion at least one of the two is off his natural table: start from those.
    candidates: set[tuple[int, int]] = set()
    for x in out:
        for t, table in enumerate(tables):
            for y in table:
                if t < seated[x] and natural[y] > natural[x]:
                    candidates.add((x, y))  # x better, seated lower than y
                elif t > seated[x] and natural[y] < natural[x]:
                    candidates.add((y, x))
    free: list[tuple[int, int]] = []
    for better, worse in sorted(candidates, key=lambda c: (rank[c[0]], rank[c[1]])):
        upper, lower = tables[seated[worse]], tables[seated[better]]
        old = _add(conflicts(upper), conflicts(lower))
        new_upper = [better if p == worse else p for p in upper]
        new_lower = [worse if p == better else p for p in lower]
        if _add(conflicts(new_upper), conflicts(new_lower)) <= old:
            free.append((better, worse))
    return RankOrderCheck(
        out,
        tuple(free),
        sum(sum(conflicts(t)) for t in natural_tables),
        sum(sum(conflicts(t)) for t in tables),
    )


def _add(x: tuple[int, int], y: tuple[int, int]) -> tuple[int, int]:
    return x[0] + y[0], x[1] + y[1]
