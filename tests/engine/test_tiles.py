"""Tile notation of score-interface.md ("Tiles")."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import tiles
from scoring.engine.tiles import (
    BONUS_CODES,
    BONUS_PART,
    CONCEALED_PART,
    TILE_CODES,
    TilePart,
    TileSyntaxError,
    format_tiles,
    parse_bonus,
    parse_one,
    parse_tiles,
    tile_codes,
    tile_name,
    tile_parts,
)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        pytest.param("123m55p789s111z", "1m 2m 3m 5p 5p 7s 8s 9s 1z 1z 1z", id="interface-example"),
        pytest.param("5z6z7z", "5z 6z 7z", id="one-digit-groups"),
        pytest.param("321m", "3m 2m 1m", id="order-kept"),
        pytest.param("", "", id="empty"),
        pytest.param("12m 3p", "1m 2m 3p", id="spaces-between-groups"),
    ],
)
def test_it_parses_tenhou_notation(text: str, names: str) -> None:
    assert " ".join(tile_name(t) for t in parse_tiles(text)) == names


@pytest.mark.parametrize(
    ("text", "says"),
    [
        pytest.param("8z", "'8z' is not a tile", id="honour-out-of-range"),
        pytest.param("0m", "'0m' is not a tile", id="red-five-notation"),
        pytest.param("12", "'12' has no suit letter", id="no-suit"),
        pytest.param("m", "'m' is not preceded", id="no-number"),
        pytest.param("12x", "unknown suit letter 'x'", id="unknown-suit"),
        pytest.param("1f", "unknown suit letter 'f'", id="bonus-not-a-tile"),
    ],
)
def test_it_names_what_is_malformed(text: str, says: str) -> None:
    with pytest.raises(TileSyntaxError, match=says):
        parse_tiles(text)


def test_it_formats_grouped_by_suit() -> None:
    assert format_tiles(parse_tiles("1z9s1m5p1m")) == "11m5p9s1z"


def test_it_parses_bonus_tiles() -> None:
    assert parse_bonus("12f4j") == ("1f", "2f", "4j")
    with pytest.raises(TileSyntaxError):
        parse_bonus("5f")
    with pytest.raises(TileSyntaxError):
        parse_bonus("1m")


def test_one_tile_is_exactly_one() -> None:
    assert tile_name(parse_one("3s")) == "3s"
    with pytest.raises(TileSyntaxError, match="not exactly one tile"):
        parse_one("33s")


def test_the_tile_list_is_every_tile_in_the_order_of_the_notation() -> None:
    assert len(TILE_CODES) == 34 and len(set(TILE_CODES)) == 34
    assert TILE_CODES[:3] == ("1m", "2m", "3m") and TILE_CODES[-7:] == tuple(
        f"{n}z" for n in range(1, 8))
    assert [parse_one(code) for code in TILE_CODES] == list(range(34))
    assert BONUS_CODES == ("1f", "2f", "3f", "4f", "1j", "2j", "3j", "4j")


def test_tile_codes_split_text_as_written_without_checking_it() -> None:
    assert tile_codes("2228m55z") == ["2m", "2m", "2m", "8m", "5z", "5z"]
    assert tile_codes("") == []
    assert tile_codes("0q") == ["0q"]  # no tile, and not refused: TILE_CODES says so


def test_a_players_tiles_read_part_by_part() -> None:
    player = {"concealed": "123m", "melds": [{"kind": "pung", "tiles": "555p", "open": True},
                                             {"kind": "kong", "tiles": "1111z", "open": False}],
              "bonus": "1f"}
    assert tile_parts(player) == [TilePart(CONCEALED_PART, "123m"), TilePart("pung", "555p"),
                                  TilePart("kong", "1111z", concealed_set=True),
                                  TilePart(BONUS_PART, "1f")]
    assert tile_parts({}) == [TilePart(CONCEALED_PART, "")]


# What "well formed" means: groups of digits 1-9 closed by m, p or s, or of 1-7 closed by z.
WELL_FORMED = re.compile(r"(?:[1-9]+[mps]|[1-7]+z)+")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("mpsz"), st.lists(st.integers(1, 9), min_size=1,
                                                              max_size=6)), max_size=8))
def test_well_formed_text_is_read_as_the_careful_reader_reads_it(groups) -> None:
    """Text written the usual way ("123m55z") takes a fast path; it gives the
    tiles, in the order written, that the character-by-character reader does."""
    text = "".join("".join(str(n if suit != "z" else min(n, 7)) for n in numbers) + suit
                   for suit, numbers in groups)
    assert WELL_FORMED.fullmatch(text) or not text
    assert tiles._read_well_formed(text) is not None
    assert tiles._read(text, False) == tiles._read_any(text, False)
    assert tiles._read(text, False) == (tiles._read_well_formed(text), ())


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="0123456789mpszfjx 　３é", max_size=14))
def test_the_fast_reader_takes_well_formed_text_only(text) -> None:
    """The one-pass reader checks as it reads: it reads exactly the
    well-formed text (anything else, "8z", "0m", "12", "m1", "1f", is left
    to the careful reader, which names what is wrong), and reads it as the
    careful reader does."""
    fast = tiles._read_well_formed(text)
    assert (fast is not None) == bool(WELL_FORMED.fullmatch(text) or not text)
    if fast is not None:
        assert (fast, ()) == tiles._read_any(text, False)
