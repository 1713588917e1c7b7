"""Decomposition of concealed tiles into sets and a pair, and waits.

A hand is split per suit; each suit's shape is decomposed once and memoised
(real play meets some tens of thousands of one-suit shapes), so the whole
hand's parses are the product of its suits' parses with exactly one pair.
Waits reuse the same tables: adding a tile changes a single suit.

The memos are bounded, because a visitor chooses the hands: the scored
hands are checked first (at most 4 copies of a tile, 14 tiles), yet 273,000
shapes of one suit pass, each in three suits, some 400 MB with their waits if
all were kept. Each suit has its own memo, keyed on the suit's counts as they
are (no key to build per lookup); a memo that is full is emptied and fills
again. The bounds below hold what the 30,000 games of the benchmark's
corpora meet (some 35,000 shapes, a third per suit, and 4,000 waits) and at
most about 26 MB and 5 MB.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import product
from typing import Final, TypeVar

CHOW: Final = 0
PUNG: Final = 1
KONG: Final = 2
KIND_NAMES: Final = ("chow", "pung", "kong")

# One parse: the sets as (kind, first tile) and the pair's tile (-1: none).
SetTuple = tuple[int, int]
Parse = tuple[tuple[SetTuple, ...], int]

_SUIT_BASES: Final = (0, 9, 18, 27)
# The largest 65,536 entries of suit_parses take 26 MB (key, parses and the
# memo's own ~100 bytes; the largest is 1.9 KB), the largest 16,384 of
# suit_waits 5 MB: the most these memos can hold, shared by the 4 suits.
_SHAPES_KEPT: Final = 65_536
_WAITS_KEPT: Final = 16_384
_Found = TypeVar("_Found")
_SUITS: Final = 4  # characters, circles, bamboo (base 0, 9, 18) and the honours (27)
_parses_memo: Final[list[dict[tuple[int, ...], tuple[Parse, ...]]]] = [{} for _ in range(_SUITS)]
_waits_memo: Final[list[dict[tuple[int, ...], tuple[int, ...]]]] = [{} for _ in range(_SUITS)]


def _remembered(memo: dict[tuple[int, ...], _Found], kept: int, counts: tuple[int, ...],
                base: int, work: Callable[[tuple[int, ...], int], _Found]) -> _Found:
    """``work(counts, base)`` from a suit's memo; a memo of ``kept`` shapes
    is emptied before it takes another."""
    found = memo.get(counts)
    if found is None:
        if len(memo) >= kept:
            memo.clear()
        found = memo[counts] = work(counts, base)
    return found


def suit_parses(counts: tuple[int, ...], base: int) -> tuple[Parse, ...]:
    """Every way to read one suit's tiles as sets and at most one pair
    (memoised per suit: _parse_suit)."""
    return _remembered(_parses_memo[base // 9], _SHAPES_KEPT // _SUITS, counts, base,
                       _parse_suit)


def _parse_suit(counts: tuple[int, ...], base: int) -> tuple[Parse, ...]:
    """Every way to read one suit's tiles as sets and at most one pair.

    ``base`` is the suit's first tile; honours (base 27) form no chows.
    The result is empty when the tiles cannot all be used.
    """
    work = list(counts)
    size = len(work)
    chows_allowed = base < 27
    found: dict[Parse, None] = {}
    sets: list[SetTuple] = []

    def walk(i: int, pair: int) -> None:
        while i < size and work[i] == 0:
            i += 1
        if i == size:
            found[(tuple(sets), pair)] = None
            return
        if pair < 0 and work[i] >= 2:
            work[i] -= 2
            walk(i, base + i)
            work[i] += 2
        if work[i] >= 3:
            work[i] -= 3
            sets.append((PUNG, base + i))
            walk(i, pair)
            sets.pop()
            work[i] += 3
        if chows_allowed and i + 2 < size and work[i + 1] and work[i + 2]:
            work[i] -= 1
            work[i + 1] -= 1
            work[i + 2] -= 1
            sets.append((CHOW, base + i))
            walk(i, pair)
            sets.pop()
            work[i] += 1
            work[i + 1] += 1
            work[i + 2] += 1

    walk(0, -1)
    return tuple(found)


def _suit_counts(counts: Sequence[int]) -> list[tuple[int, ...]]:
    if not isinstance(counts, tuple):
        counts = tuple(counts)  # one copy; its slices are then the suits' tuples
    return [counts[0:9], counts[9:18], counts[18:27], counts[27:34]]


def parses(counts: Sequence[int]) -> list[Parse]:
    """All readings of concealed tiles as sets plus exactly one pair.

    A suit's parses all have the pair or all lack it (3n+2 tiles or 3n), and
    a suit of 3n+1 tiles has none; an empty suit has one, with nothing in it."""
    per_suit: list[tuple[Parse, ...]] = []
    pairs = 0
    for base, shape in zip(_SUIT_BASES, _suit_counts(counts), strict=True):
        options = suit_parses(shape, base)
        if not options:
            return []
        if options[0][1] >= 0:
            pairs += 1
            per_suit.append(options)
        elif len(options) > 1 or options[0][0]:  # not an empty suit
            per_suit.append(options)
    if pairs != 1:
        return []
    if len(per_suit) == 1:
        return list(per_suit[0])
    result: list[Parse] = []
    for combo in product(*per_suit):
        sets: tuple[SetTuple, ...] = ()
        pair = -1
        for suit_sets, suit_pair in combo:
            sets += suit_sets
            if suit_pair >= 0:
                pair = suit_pair
        result.append((sets, pair))
    return result


def is_complete(counts: Sequence[int]) -> bool:
    """Whether the concealed tiles form sets plus exactly one pair."""
    pairs_needed = 0
    for a, shape in zip(_SUIT_BASES, _suit_counts(counts), strict=True):
        total = sum(shape)
        if total == 0:
            continue
        remainder = total % 3
        if remainder == 1:
            return False
        pairs_needed += remainder == 2
        if pairs_needed > 1 or not suit_parses(shape, a):
            return False
    return pairs_needed == 1


def suit_waits(counts: tuple[int, ...], base: int) -> tuple[int, ...]:
    """The offsets in one suit whose tile lets the suit's tiles be read
    completely (sets, at most one pair); memoised per suit."""
    return _remembered(_waits_memo[base // 9], _WAITS_KEPT // _SUITS, counts, base,
                       _suit_waits)


def _suit_waits(counts: tuple[int, ...], base: int) -> tuple[int, ...]:
    work = list(counts)
    found: list[int] = []
    for offset in range(len(work)):
        work[offset] += 1
        if suit_parses(tuple(work), base):
            found.append(offset)
        work[offset] -= 1
    return tuple(found)


def regular_waits(counts: Sequence[int], held: Sequence[int] | None = None) -> list[int]:
    """Tile kinds that complete these concealed tiles (3n+1 of them).

    A kind the player already holds four of (``held``: all the player's
    tiles, melds included) is no wait: there is no fifth. The tile changes
    one suit only, and only two shapes of the suits' sizes can wait: one
    suit of 3n+1 tiles (the tile makes its sets and the pair) with every
    other suit 3n, or two suits of 3n+2 with the rest 3n (the tile joins
    either; the other holds the pair). The other suits must read completely
    as they are; the suit's own waits are memoised per suit shape.
    """
    held = counts if held is None else held
    shapes = _suit_counts(counts)
    remainders = [sum(shape) % 3 for shape in shapes]
    waiting = [suit for suit in range(_SUITS) if remainders[suit]]
    if [remainders[suit] for suit in waiting] not in ([1], [2, 2]):
        return []
    for suit in range(_SUITS):
        shape = shapes[suit]
        if not remainders[suit] and any(shape) and not suit_parses(shape, _SUIT_BASES[suit]):
            return []
    if len(waiting) == 2:
        # The tile joins one suit of 3n+2 when the other reads with the pair.
        first, second = waiting
        waiting = ([first] if suit_parses(shapes[second], _SUIT_BASES[second]) else []) + (
            [second] if suit_parses(shapes[first], _SUIT_BASES[first]) else [])
    waits: list[int] = []
    for suit in waiting:
        base = _SUIT_BASES[suit]
        waits.extend(base + offset for offset in suit_waits(shapes[suit], base)
                     if held[base + offset] < 4)
    return waits


def clear_caches() -> None:
    for memo in _parses_memo:
        memo.clear()
    for waits in _waits_memo:
        waits.clear()


def memo_sizes() -> tuple[int, int]:
    """(shapes, waits) the memos hold now, all suits together."""
    return sum(map(len, _parses_memo)), sum(map(len, _waits_memo))
