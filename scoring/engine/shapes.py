"""Irregular hand shapes: fourteen tiles that are not sets and a pair.

Pure shape tests on count vectors, shared by the rule sets; which shape is
a limit hand, what it is worth and which tiles may complete one are each
rule set's business (NTS: nts._irregular_candidates). They run for every
candidate tile of every wait, so they work on the bits of the kinds held
(tiles.held_bits, one pass), slices and C-level getters of the count vector.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Final

from .tiles import (
    DRAGONS,
    HONOUR_BIT,
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


def suits_of(bits: int) -> tuple[int, ...]:
    """The suits (0-2) whose bits tiles.held_bits ``bits`` holds."""
    return _SUITS_OF_BITS[bits & SUITS_MASK]


def _suits_used(counts: Sequence[int]) -> tuple[int, ...]:
    return suits_of(held_bits(counts))


def kinds_held(counts: Sequence[int]) -> int:
    """How many tile kinds these counts hold."""
    return NUM_KINDS - counts.count(0)


def single_suit(counts: Sequence[int]) -> int:
    """The one suit (0-2) all tiles belong to, or -1 (honours or mixed)."""
    bits = held_bits(counts)
    suits = suits_of(bits)
    if len(suits) != 1 or bits & HONOUR_BIT:
        return -1
    return suits[0]


def suit_and_honours(counts: Sequence[int]) -> tuple[int, bool]:
    """(the one suit used or -1 for none/several, whether honours occur)."""
    bits = held_bits(counts)
    suits = suits_of(bits)
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
