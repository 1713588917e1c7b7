"""Irregular waits (NTS 000 §2.3.2; N3 the only possible tile, N11 a
waiting limit hand): the engine tries only the candidate tiles of
``nts._irregular_candidates`` before the exact shape tests, so that list
must hold every tile that completes an irregular limit hand."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import nts
from scoring.engine.tiles import DRAGONS, NUM_KINDS, ORPHANS, WINDS

SHAPES = ("nine_gates", "thirteen_orphans", "honour_twins", "wind_snake", "dragon_snake",
          "court_of_peking", "seven_pairs")


@st.composite
def irregular_hands(draw: st.DrawFn) -> list[int]:
    """Fourteen concealed tiles of one of NTS's irregular limit hands."""
    counts = [0] * NUM_KINDS
    base = draw(st.integers(0, 2)) * 9
    suit = list(range(base, base + 9))
    shape = draw(st.sampled_from(SHAPES))
    if shape == "nine_gates":
        for offset, need in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)):
            counts[base + offset] = need
        counts[draw(st.sampled_from(suit))] += 1
    elif shape == "thirteen_orphans":
        for tile in ORPHANS:
            counts[tile] = 1
        counts[draw(st.sampled_from(ORPHANS))] += 1
    elif shape == "honour_twins":
        for tile in (*WINDS, *DRAGONS):
            counts[tile] = 2
    elif shape in ("wind_snake", "dragon_snake"):
        for tile in suit:
            counts[tile] = 1
        if shape == "wind_snake":
            for tile in WINDS:
                counts[tile] = 1
            counts[draw(st.sampled_from((*suit, *WINDS)))] += 1
        else:
            for tile in DRAGONS:
                counts[tile] = 1
            counts[draw(st.sampled_from(WINDS))] = 2
    elif shape == "court_of_peking":
        for tile in (*suit[:7], *WINDS, *DRAGONS):
            counts[tile] = 1
    else:  # seven pairs of one suit, with or without honours, or of any tiles
        pool = draw(st.sampled_from((suit, suit + [*WINDS, *DRAGONS], list(range(NUM_KINDS)))))
        fours = draw(st.integers(0, 3))  # four equal tiles count as two pairs
        kinds = draw(st.lists(st.sampled_from(pool), min_size=7 - fours, max_size=7 - fours,
                              unique=True))
        for index, tile in enumerate(kinds):
            counts[tile] = 4 if index < fours else 2
    return counts


def _completing(waiting: list[int]) -> set[int]:
    """Every tile kind that completes these 13 tiles into an irregular limit
    hand, found by trying all 34."""
    found = set()
    for tile in range(NUM_KINDS):
        if waiting[tile] < 4:
            waiting[tile] += 1
            if nts._irregular_limits(waiting):
                found.add(tile)
            waiting[tile] -= 1
    return found


@settings(max_examples=400, deadline=None)
@given(irregular_hands())
def test_every_tile_that_completes_an_irregular_hand_is_a_candidate(counts):
    """000 §2.3.2: take any tile out of an irregular limit hand; every tile
    that completes the 13 left (the one taken out among them) is among their
    candidates, so no wait of N3 or N11 is missed."""
    assert sum(counts) == 14
    assert nts._irregular_limits(counts), counts  # the prefilter lets every one through
    for tile in range(NUM_KINDS):
        if not counts[tile]:
            continue
        waiting = list(counts)
        waiting[tile] -= 1
        completing = _completing(waiting)
        assert tile in completing
        assert completing <= nts._irregular_candidates(waiting), (counts, tile)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2), st.lists(st.integers(0, 4), min_size=16, max_size=16))
def test_no_candidate_is_missed_in_one_suit_hands_with_honours(suit, weights):
    """13 tiles of one suit and the honours, drawn at random: all completing
    tiles are candidates."""
    kinds = [*range(suit * 9, suit * 9 + 9), *range(27, 34)]
    waiting = [0] * NUM_KINDS
    for tile, weight in zip(kinds, weights, strict=True):
        waiting[tile] = weight
    while sum(waiting) > 13:
        waiting[max(kinds, key=lambda t: (waiting[t], t))] -= 1
    if sum(waiting) < 13:
        return
    assert _completing(waiting) <= nts._irregular_candidates(waiting)


def test_a_one_suit_hand_without_honours_tries_no_honour():
    """Nine gates (000 §2.3.2) waits on its suit; no honour can complete it."""
    waiting = [0] * NUM_KINDS
    for offset, need in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)):
        waiting[offset] = need
    candidates = nts._irregular_candidates(waiting)
    assert candidates == set(range(9))
    assert nts._has_irregular_wait(waiting, waiting, 0)  # any of the nine completes it


def _counted(tiles: list[int]) -> list[int]:
    counts = [0] * NUM_KINDS
    for tile in tiles:
        counts[tile] += 1
    return counts


def _every_irregular_limit(counts: list[int]) -> list[str]:
    return [limit.name for limit in nts._IRREGULAR if limit.test(counts)]


@settings(max_examples=400, deadline=None)
@given(st.one_of(irregular_hands(), st.lists(st.integers(0, NUM_KINDS - 1), min_size=14,
                                             max_size=14).map(_counted)
                 .filter(lambda counts: max(counts) <= 4)))
def test_the_prefilters_find_what_testing_every_irregular_limit_finds(counts):
    """000 §2.3.2: _irregular_limits tests the twins only on hands without a
    kind held an odd number of times and the others only on hands with one;
    it finds the same limits, in LIMITS's order, as testing all of them."""
    found = [limit.name for limit in nts._irregular_limits(counts)]
    assert found == _every_irregular_limit(counts), counts
