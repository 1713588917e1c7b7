"""Irregular hand shapes: fourteen tiles that are not sets and a pair.

Pure shape tests on count vectors, shared by the rule sets; which shape is
a limit hand and what it is worth is each rule set's business. They run for
every candidate tile of every wait, so they work on the bits of the kinds
held (tiles.held_bits), slices and C-level getters of the count vector
rather than loops over the 34 kinds.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Final

from .tiles import (
    DRAGONS,
    HONOUR_BIT,
    NOT_MAJOR_BIT,
    NUM_KINDS,
    ORPHANS,
    SUIT_BITS,
    SUITS_MASK,
    WINDS,
    held_bits,
)

_orphan_counts: Final = itemgetter(*ORPHANS)
_wind_counts: Final = itemgetter(*WINDS)
_dragon_counts: Final = itemgetter(*DRAGONS)


# The suits (0-2) each combination of the suit bits of tiles.held_bits names.
_SUITS_OF_BITS: Final = tuple(tuple(s for s in range(3) if bits & SUIT_BITS[s])
                       for bits in range(SUITS_MASK + 1))


def _suits_used(counts: Sequence[int]) -> tuple[int, ...]:
    return _SUITS_OF_BITS[held_bits(counts) & SUITS_MASK]


def single_suit(counts: Sequence[int]) -> int:
    """The one suit (0-2) all tiles belong to, or -1 (honours or mixed)."""
    bits = held_bits(counts)
    suits = _SUITS_OF_BITS[bits & SUITS_MASK]
    if len(suits) != 1 or bits & HONOUR_BIT:
        return -1
    return suits[0]


def suit_and_honours(counts: Sequence[int]) -> tuple[int, bool]:
    """(the one suit used or -1 for none/several, whether honours occur)."""
    bits = held_bits(counts)
    suits = _SUITS_OF_BITS[bits & SUITS_MASK]
    return (suits[0] if len(suits) == 1 else -1), bool(bits & HONOUR_BIT)


def is_seven_pairs(counts: Sequence[int]) -> bool:
    """Seven pairs; four equal tiles count as two pairs."""
    return sum(counts) == 14 and 1 not in counts and 3 not in counts and max(counts) <= 4


def is_thirteen_orphans(counts: Sequence[int]) -> bool:
    orphans = _orphan_counts(counts)
    return sum(counts) == 14 and all(orphans) and sum(orphans) == 14


_NINE_GATES: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def nine_gates_suit(counts: Sequence[int]) -> int:
    """1112345678999 plus any tile of one suit: that suit, else -1."""
    suit = single_suit(counts)
    if suit < 0 or sum(counts) != 14:
        return -1
    shape = counts[suit * 9 : suit * 9 + 9]
    return suit if all(have >= need for have, need in zip(shape, _NINE_GATES, strict=True)) else -1


def run_with_honours(
    counts: Sequence[int], run_length: int, winds: int, dragons: int
) -> int:
    """The suit of a hand holding 1..run_length of one suit once each, and
    ``winds`` of every wind and ``dragons`` of every dragon (0 or 1 each),
    the rest of the 14 tiles unchecked; -1 when it does not."""
    suits = _suits_used(counts)
    if len(suits) != 1:
        return -1
    base = suits[0] * 9
    if not all(counts[base:base + run_length]):
        return -1
    if winds and not all(_wind_counts(counts)):
        return -1
    if dragons and not all(_dragon_counts(counts)):
        return -1
    return suits[0]


def may_be_irregular(counts: Sequence[int]) -> bool:
    """Every irregular hand of the seeds is seven pairs (no kind held an
    odd number of times), honours only, thirteen orphans (13 kinds of
    terminals and honours), or one suit (with or without honours) that
    holds each of its 1 to 7 among at least 9 kinds (nine gates holds 9,
    the snakes 13, the court of Peking 14): a cheap test before the exact
    ones. Counts are at most 4 (the hands are checked first), so a kind
    held an odd number of times is held 1 or 3."""
    bits = held_bits(counts)
    suits = _SUITS_OF_BITS[bits & SUITS_MASK]
    if not suits or (1 not in counts and 3 not in counts):
        return True
    kinds = NUM_KINDS - counts.count(0)
    if len(suits) == 1 and kinds >= 9 and all(counts[suits[0] * 9 : suits[0] * 9 + 7]):
        return True
    return kinds >= 13 and not bits & NOT_MAJOR_BIT  # terminals and honours only


def irregular_candidates(counts: Sequence[int]) -> set[int]:
    """The tiles that might complete 13 concealed tiles into an irregular
    shape of NTS: the lone tile of six pairs (seven pairs), the orphans of
    an all-orphan hand of at least 12 kinds (thirteen orphans: 13 kinds, 12
    with a tile less), and for a one-suit hand that already holds all but
    one of its 1 to 7 the suit and, when it holds honours, the honours:
    nine gates holds 9 kinds of its suit (8 with a tile less), the snakes 13
    kinds with their honours (12) and the court of Peking 14 (13). Exact
    tests come after. Counts are at most 4, as in may_be_irregular."""
    found: set[int] = set()
    if counts.count(1) + counts.count(3) == 1:
        found.add(counts.index(1) if 1 in counts else counts.index(3))
    kinds = NUM_KINDS - counts.count(0)
    if kinds < 8:
        return found
    bits = held_bits(counts)
    if kinds >= 12 and not bits & NOT_MAJOR_BIT:
        found.update(ORPHANS)
    suits = _SUITS_OF_BITS[bits & SUITS_MASK]
    if (len(suits) == 1 and kinds >= (12 if bits & HONOUR_BIT else 8)
            and counts[suits[0] * 9 : suits[0] * 9 + 7].count(0) <= 1):
        found.update(range(suits[0] * 9, suits[0] * 9 + 9))
        if bits & HONOUR_BIT:
            found.update(range(27, 34))
    return found
