"""Decomposition of concealed tiles into sets and a pair, and waits.

A hand is split per suit; each suit's shape is decomposed once and memoised
(real play meets some tens of thousands of one-suit shapes), so the whole
hand's parses are the product of its suits' parses with exactly one pair.
Waits reuse the same tables: adding a tile changes a single suit.

The memos are bounded, because a visitor chooses the hands: the scored
hands are checked first (at most 4 copies of a tile, 14 tiles), yet 273,000
shapes of one suit pass, each in three suits, some 400 MB with their waits if
all were kept. Each suit has its own memo, keyed on the suit's counts packed
into one int (no slice to cut and no tuple to hash per lookup); a memo that
is full is emptied and fills again. The bounds below hold what the 30,000
games of the benchmark's corpora meet (some 35,000 shapes, a third per
suit, and 4,000 waits) and at most about 26 MB and 5 MB.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, TypeVar

CHOW: Final = 0
PUNG: Final = 1
KONG: Final = 2
KIND_NAMES: Final = ("chow", "pung", "kong")

# One parse: the sets as (kind, first tile) and the pair's tile (-1: none).
SetTuple = tuple[int, int]
Parse = tuple[tuple[SetTuple, ...], int]

_SUIT_BASES: Final = (0, 9, 18, 27)
# The largest 65,536 entries of suit_parses took 26 MB (key, parses and the
# memo's own ~100 bytes; the largest is 1.9 KB), the largest 16,384 of
# suit_waits 5 MB, measured with a 9-tuple for a key (an int key is ~100
# bytes less): the most these memos can hold, shared by the 4 suits.
_SHAPES_KEPT: Final = 65_536
_WAITS_KEPT: Final = 16_384
_SUITS: Final = 4  # characters, circles, bamboo (base 0, 9, 18) and the honours (27)
_Found = TypeVar("_Found")
_parses_memo: Final[list[dict[int, tuple[Parse, ...]]]] = [{} for _ in range(_SUITS)]
_waits_memo: Final[list[dict[int, tuple[int, ...]]]] = [{} for _ in range(_SUITS)]


def _shape_code(counts: tuple[int, ...], start: int, size: int) -> int:
    """The counts of one suit (``size`` kinds from ``start``) as one int,
    three bits a kind: the memos' key, made without a slice and hashed as
    an int; -1 for a count over 4, which no checked hand holds (such a
    shape is worked out each time, never kept)."""
    code = 0
    for index in range(start, start + size):
        count = counts[index]
        if count > 4:
            return -1
        code = code << 3 | count
    return code


def _suit_size(base: int) -> int:
    return 7 if base == 27 else 9


def _as_tuple(counts: Sequence[int]) -> tuple[int, ...]:
    """The counts as a tuple, which the compiled engine indexes natively (a
    Sequence it indexes through Python's generic protocol)."""
    return counts if isinstance(counts, tuple) else tuple(counts)


def _remembered(memo: dict[int, _Found], kept: int, counts: tuple[int, ...], start: int,
                base: int, work: Callable[[tuple[int, ...], int], _Found]) -> _Found:
    """``work`` for the suit whose first tile is ``base``, its counts at
    ``start`` in ``counts``, from the suit's ``memo`` of ``kept`` shapes at
    most (emptied when full)."""
    size = _suit_size(base)
    code = _shape_code(counts, start, size)
    found = memo.get(code)
    if found is None:
        found = work(counts[start:start + size], base)
        if code >= 0:
            if len(memo) >= kept:
                memo.clear()
            memo[code] = found
    return found


def _parses_at(counts: tuple[int, ...], start: int, base: int) -> tuple[Parse, ...]:
    return _remembered(_parses_memo[base // 9], _SHAPES_KEPT // _SUITS, counts, start, base,
                       _parse_suit)


def _waits_at(counts: tuple[int, ...], start: int, base: int) -> tuple[int, ...]:
    return _remembered(_waits_memo[base // 9], _WAITS_KEPT // _SUITS, counts, start, base,
                       _suit_waits)


def suit_parses(counts: tuple[int, ...], base: int) -> tuple[Parse, ...]:
    """Every way to read one suit's tiles as sets and at most one pair
    (memoised per suit: _parse_suit)."""
    return _parses_at(counts, 0, base)


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


def _suit_tiles(counts: tuple[int, ...], base: int) -> int:
    tiles = 0
    for index in range(base, base + _suit_size(base)):
        tiles += counts[index]
    return tiles


def parses(counts: Sequence[int]) -> list[Parse]:
    """All readings of concealed tiles as sets plus exactly one pair.

    A suit's parses all have the pair or all lack it (3n+2 tiles or 3n), and
    a suit of 3n+1 tiles has none; an empty suit has one, with nothing in it."""
    shape = _as_tuple(counts)
    per_suit: list[tuple[Parse, ...]] = []
    pairs = 0
    for base in _SUIT_BASES:
        options = _parses_at(shape, base, base)
        if not options:
            return []
        if options[0][1] >= 0:
            pairs += 1
            per_suit.append(options)
        elif len(options) > 1 or options[0][0]:  # not an empty suit
            per_suit.append(options)
    if pairs != 1:
        return []
    # Every combination of the suits' parses, the first suit's varying slowest.
    result: list[Parse] = list(per_suit[0])
    for options in per_suit[1:]:
        result = [(sets + more, pair if more_pair < 0 else more_pair)
                  for sets, pair in result for more, more_pair in options]
    return result


def is_complete(counts: Sequence[int]) -> bool:
    """Whether the concealed tiles form sets plus exactly one pair."""
    shape = _as_tuple(counts)
    pairs_needed = 0
    for base in _SUIT_BASES:
        remainder = _suit_tiles(shape, base) % 3
        if remainder == 1:
            return False
        pairs_needed += remainder == 2
        if pairs_needed > 1 or not _parses_at(shape, base, base):
            return False
    return pairs_needed == 1


def suit_waits(counts: tuple[int, ...], base: int) -> tuple[int, ...]:
    """The offsets in one suit whose tile lets the suit's tiles be read
    completely (sets, at most one pair); memoised per suit."""
    return _waits_at(counts, 0, base)


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
    shape = _as_tuple(counts)
    waiting: list[int] = []  # the first tiles of the suits of 3n+1 or 3n+2 tiles
    remainders: list[int] = []
    for base in _SUIT_BASES:
        remainder = _suit_tiles(shape, base) % 3
        if remainder:
            waiting.append(base)
            remainders.append(remainder)
    if remainders != [1] and remainders != [2, 2]:
        return []
    for base in _SUIT_BASES:
        if base not in waiting and not _parses_at(shape, base, base):
            return []  # a suit of 3n tiles that does not read (an empty one does)
    if len(waiting) == 2:
        # The tile joins one suit of 3n+2 when the other reads with the pair.
        first, second = waiting
        waiting = ([first] if _parses_at(shape, second, second) else []) + (
            [second] if _parses_at(shape, first, first) else [])
    waits: list[int] = []
    for base in waiting:
        for offset in _waits_at(shape, base, base):
            if held[base + offset] < 4:
                waits.append(base + offset)
    return waits


def clear_caches() -> None:
    for memo in _parses_memo:
        memo.clear()
    for waits in _waits_memo:
        waits.clear()


def memo_sizes() -> tuple[int, int]:
    """(shapes, waits) the memos hold now, all suits together."""
    return sum(map(len, _parses_memo)), sum(map(len, _waits_memo))
