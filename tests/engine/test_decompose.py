"""Decomposition into sets and a pair, and waits (engine layer)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.decompose import CHOW, PUNG, is_complete, parses, regular_waits
from scoring.engine.tiles import format_tiles, parse_tiles, tile_name, to_counts
from tests.support.examples import examples


def counts(text: str) -> list[int]:
    return to_counts(parse_tiles(text))


def readable(text: str) -> set[str]:
    found = set()
    for sets, pair in parses(counts(text)):
        groups = sorted(
            format_tiles([t, t + 1, t + 2] if kind == CHOW else [t] * 3) for kind, t in sets
        )
        found.add(" ".join(groups) + " | " + tile_name(pair) * 2)
    return found


def test_it_finds_every_reading() -> None:
    # 111222333m: three pungs or three chows (R1 needs both).
    assert readable("111222333m55p") == {
        "111m 222m 333m | 5p5p",
        "123m 123m 123m | 5p5p",
    }


def test_a_pair_can_sit_inside_runs() -> None:
    assert "123m 123m 456m | 4m4m" in readable("11223344456m")


def test_honours_form_no_chows() -> None:
    # "123z" x3 is three pungs of East, South and West, never chows.
    assert all(kind == PUNG for sets, _ in parses(counts("123z123z123z11m")) for kind, _ in sets)
    assert not is_complete(counts("123z456z567z11m22p"))


def test_it_rejects_what_is_no_hand() -> None:
    assert not is_complete(counts("1235m456p789s11z"))
    assert parses(counts("1235m456p789s11z")) == []


def test_waits_of_a_two_sided_chow() -> None:
    waits = regular_waits(counts("23m456p789s11z555z"))
    assert sorted(tile_name(t) for t in waits) == ["1m", "4m"]


def test_waits_of_nine_gates_are_all_nine() -> None:
    waits = regular_waits(counts("1112345678999m"))
    assert [tile_name(t) for t in waits] == [f"{n}m" for n in range(1, 10)]


def test_no_wait_on_a_fifth_copy() -> None:
    # 1111m held: waiting on 1m would need a fifth.
    hand = counts("1111m23m456p789s1z")
    assert "1m" not in [tile_name(t) for t in regular_waits(hand)]


TILES = st.integers(min_value=0, max_value=33)


@st.composite
def complete_hands(draw: st.DrawFn) -> list[int]:
    hand = [0] * 34
    for _ in range(4):
        if draw(st.booleans()):
            suit = draw(st.integers(0, 2))
            start = suit * 9 + draw(st.integers(0, 6))
            tiles = [start, start + 1, start + 2]
        else:
            tiles = [draw(TILES)] * 3
        for tile in tiles:
            hand[tile] += 1
    hand[draw(TILES)] += 2
    return hand


@settings(max_examples=examples(300))
@given(complete_hands())
def test_every_built_hand_is_complete_and_each_reading_uses_every_tile(hand: list[int]) -> None:
    if max(hand) > 4:
        return
    assert is_complete(hand)
    for sets, pair in parses(hand):
        used = [0] * 34
        used[pair] += 2
        for kind, tile in sets:
            for t in ([tile, tile + 1, tile + 2] if kind == CHOW else [tile] * 3):
                used[t] += 1
        assert used == hand


@settings(max_examples=examples(200))
@given(complete_hands(), st.integers(0, 13))
def test_removing_a_tile_leaves_it_a_wait(hand: list[int], index: int) -> None:
    if max(hand) > 4:
        return
    tiles = [t for t, n in enumerate(hand) for _ in range(n)]
    removed = tiles[index]
    hand[removed] -= 1
    assert removed in regular_waits(hand, held=hand)


@settings(max_examples=examples(400))
@given(complete_hands(), st.integers(0, 13), st.integers(0, 13), TILES)
def test_the_waits_are_exactly_the_kinds_that_complete_the_hand(
        hand: list[int], index: int, other: int, added: int) -> None:
    """Take a tile out of a complete hand and, half the time, swap another
    for any kind: the waits are every kind (not held four times) whose tile
    completes the 13, found by trying all 34, in the order of the kinds."""
    if max(hand) > 4:
        return
    tiles = [t for t, n in enumerate(hand) for _ in range(n)]
    hand[tiles[index]] -= 1
    if other != index and hand[added] < 4:
        hand[tiles[other]] -= 1
        hand[added] += 1
    tried = []
    for tile in range(34):
        if hand[tile] < 4:
            hand[tile] += 1
            if is_complete(hand):
                tried.append(tile)
            hand[tile] -= 1
    assert regular_waits(hand, held=hand) == tried
