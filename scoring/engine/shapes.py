"""Irregular hand shapes: fourteen tiles that are not sets and a pair.

Pure shape tests on count vectors, shared by the rule sets; which shape is
a limit hand and what it is worth is each rule set's business.
"""

from __future__ import annotations

from collections.abc import Sequence

from .tiles import DRAGONS, ORPHANS, WINDS

ORPHAN_SET = frozenset(ORPHANS)


def single_suit(counts: Sequence[int]) -> int:
    """The one suit (0-2) all tiles belong to, or -1 (honours or mixed)."""
    found = -1
    for suit in range(3):
        if any(counts[suit * 9 : suit * 9 + 9]):
            if found >= 0:
                return -1
            found = suit
    if any(counts[27:]):
        return -1
    return found


def suit_and_honours(counts: Sequence[int]) -> tuple[int, bool]:
    """(the one suit used or -1 for none/several, whether honours occur)."""
    suits = [s for s in range(3) if any(counts[s * 9 : s * 9 + 9])]
    return (suits[0] if len(suits) == 1 else -1), any(counts[27:])


def is_seven_pairs(counts: Sequence[int]) -> bool:
    """Seven pairs; four equal tiles count as two pairs."""
    return sum(counts) == 14 and all(n in (0, 2, 4) for n in counts)


def is_thirteen_orphans(counts: Sequence[int]) -> bool:
    return sum(counts) == 14 and all(counts[t] for t in ORPHANS) and sum(
        counts[t] for t in ORPHANS
    ) == 14


def nine_gates_suit(counts: Sequence[int]) -> int:
    """1112345678999 plus any tile of one suit: that suit, else -1."""
    suit = single_suit(counts)
    if suit < 0 or sum(counts) != 14:
        return -1
    shape = counts[suit * 9 : suit * 9 + 9]
    needed = (3, 1, 1, 1, 1, 1, 1, 1, 3)
    return suit if all(have >= need for have, need in zip(shape, needed, strict=True)) else -1


def run_with_honours(
    counts: Sequence[int], run_length: int, winds: int, dragons: int
) -> int:
    """The suit of a hand holding 1..run_length of one suit once each, and
    ``winds`` of every wind and ``dragons`` of every dragon (0 or 1 each),
    the rest of the 14 tiles unchecked; -1 when it does not."""
    suits = [s for s in range(3) if any(counts[s * 9 : s * 9 + 9])]
    if len(suits) != 1:
        return -1
    base = suits[0] * 9
    if not all(counts[base + i] for i in range(run_length)):
        return -1
    if winds and not all(counts[t] for t in WINDS):
        return -1
    if dragons and not all(counts[t] for t in DRAGONS):
        return -1
    return suits[0]


def _suits_used(counts: Sequence[int]) -> list[int]:
    return [s for s in range(3) if any(counts[s * 9 : s * 9 + 9])]


def may_be_irregular(counts: Sequence[int]) -> bool:
    """Every irregular hand of the seeds is seven pairs, terminals and
    honours only, or one suit with honours: a cheap test before the exact ones."""
    if len(_suits_used(counts)) <= 1:
        return True
    if all(n % 2 == 0 for n in counts):
        return True
    return all(counts[t] == 0 or t in ORPHAN_SET for t in range(34))


def irregular_candidates(counts: Sequence[int]) -> set[int]:
    """The tiles that might complete 13 concealed tiles into an irregular
    shape: the lone tile of six pairs, the orphans of an all-orphan hand, the
    suit and honours of a one-suit hand. Exact tests come after."""
    found: set[int] = set()
    odd = [t for t in range(34) if counts[t] % 2]
    if len(odd) == 1:
        found.add(odd[0])
    if all(counts[t] == 0 or t in ORPHAN_SET for t in range(34)):
        found.update(ORPHANS)
    suits = _suits_used(counts)
    if len(suits) <= 1:
        for suit in suits:
            found.update(range(suit * 9, suit * 9 + 9))
        found.update(range(27, 34))
    return found
