"""Tiles and the tenhou-style notation of score-interface.md.

A tile is an int 0..33: characters 0-8 (1m-9m), circles 9-17 (1p-9p),
bamboos 18-26 (1s-9s), honours 27-33 (East South West North, White Green
Red). Hands are count vectors: a tuple of 34 ints. Bonus tiles (flowers
1f-4f, seasons 1j-4j) are kept apart as strings; only some rule sets use them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from .errors import InvalidGame, shown

NUM_KINDS: Final = 34
SUIT_LETTERS: Final = "mpsz"
CHARACTERS: Final = 0
CIRCLES: Final = 1
BAMBOOS: Final = 2
HONOURS: Final = 3

EAST: Final = 27
SOUTH: Final = 28
WEST: Final = 29
NORTH: Final = 30
WHITE: Final = 31
GREEN: Final = 32
RED: Final = 33
WINDS: Final = (EAST, SOUTH, WEST, NORTH)
DRAGONS: Final = (WHITE, GREEN, RED)

# Seat letters of the contract mapped to their wind tiles.
WIND_OF_SEAT: Final = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}

# Tiles named in the rules by their own name.
ONE_CIRCLES: Final = 9  # 1p: "kringen 1", the cake of Pe-ling eet cake
FIVE_CIRCLES: Final = 13  # 5p: the plum blossom on the roof
ONE_BAMBOO: Final = 18  # 1s: the pe-ling bird

GREEN_TILES: Final = frozenset({19, 20, 21, 23, 25, GREEN})  # 2s 3s 4s 6s 8s, green dragon
TERMINALS: Final = frozenset({0, 8, 9, 17, 18, 26})
MAJORS: Final = TERMINALS | frozenset(WINDS) | frozenset(DRAGONS)  # "edelstenen"
ORPHANS: Final = tuple(sorted(MAJORS))

BONUS_LETTERS: Final = "fj"

# What each tile kind is, as bits, and held_bits: their OR over the kinds a
# hand holds. Facts about a hand (its suits, honours, simples...) are asked
# of every hand and every alternative wait; one pass over the kinds held
# answers them all.
SUIT_BITS: Final = (1, 2, 4)  # characters, circles, bamboo
SUITS_MASK: Final = 7  # the suit bits together
HONOUR_BIT: Final = 8
WIND_BIT: Final = 16
NOT_SIMPLE_BIT: Final = 32
NOT_MAJOR_BIT: Final = 64
NOT_GREEN_BIT: Final = 128
ALL_BITS: Final = 256


def _kind_bits(tile: int) -> int:
    bits = SUIT_BITS[tile // 9] if tile < 27 else HONOUR_BIT | (WIND_BIT if tile < WHITE else 0)
    if tile >= 27 or tile in TERMINALS:
        bits |= NOT_SIMPLE_BIT
    if tile not in MAJORS:
        bits |= NOT_MAJOR_BIT
    if tile not in GREEN_TILES:
        bits |= NOT_GREEN_BIT
    return bits


KIND_BITS: Final = tuple(_kind_bits(tile) for tile in range(NUM_KINDS))


def held_bits(counts: Sequence[int]) -> int:
    """The OR of KIND_BITS over the kinds these counts hold (a tuple, which
    the compiled engine indexes natively, as it does not a Sequence)."""
    shape = counts if isinstance(counts, tuple) else tuple(counts)
    bits = 0
    for kind in range(len(shape)):
        if shape[kind]:
            bits |= KIND_BITS[kind]
    return bits


HONOUR_NAMES: Final = ("East", "South", "West", "North", "White", "Green", "Red")


def suit_of(tile: int) -> int:
    return tile // 9


def is_honour(tile: int) -> bool:
    return tile >= 27


def is_terminal(tile: int) -> bool:
    return tile in TERMINALS


def is_major(tile: int) -> bool:
    """A terminal or an honour (Dutch: edelsteen)."""
    return tile in MAJORS


def is_simple(tile: int) -> bool:
    return tile < 27 and tile not in TERMINALS


def is_wind(tile: int) -> bool:
    return EAST <= tile <= NORTH


def is_dragon(tile: int) -> bool:
    return tile >= WHITE


def tile_name(tile: int) -> str:
    """The notation of one tile, e.g. ``3s`` or ``5z``."""
    if tile >= 27:
        return f"{tile - 26}z"
    return f"{tile % 9 + 1}{SUIT_LETTERS[tile // 9]}"


# Every tile's notation in the order of the tile ints, 1m-9m 1p-9p 1s-9s
# 1z-7z: the one tile list of the product (the tile picker's order, and the
# names of the pictures static/tiles/<code>.svg).
TILE_CODES: Final[tuple[str, ...]] = tuple(tile_name(tile) for tile in range(NUM_KINDS))
# Flowers 1f-4f, then seasons 1j-4j.
BONUS_CODES: Final[tuple[str, ...]] = tuple(f"{number}{letter}" for letter in BONUS_LETTERS
                                     for number in range(1, 5))


def format_tiles(tiles: Iterable[int]) -> str:
    """Compact notation, grouped by suit in m p s z order: ``234m55p``."""
    by_suit: list[list[str]] = [[], [], [], []]
    for tile in sorted(tiles):
        by_suit[tile // 9 if tile < 27 else 3].append(
            str(tile - 26 if tile >= 27 else tile % 9 + 1)
        )
    return "".join("".join(digits) + SUIT_LETTERS[s] for s, digits in enumerate(by_suit) if digits)


def format_counts(counts: Sequence[int]) -> str:
    return format_tiles(t for t, n in enumerate(counts) for _ in range(n))


class TileSyntaxError(ValueError):
    """A malformed tile string; the message names the offending part, the
    ``code`` and ``params`` say the same for a translation (errors.py)."""

    def __init__(self, message: str, code: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, object] = params


# The longest tile text taken. A player holds at most 18 tiles (four kongs
# and a pair) and 8 flowers and seasons; written one tile at a time with a
# space after each, 18 tiles are 54 characters and 8 bonus tiles 24. What is
# longer is no hand: it is refused before it is parsed, so no text makes the
# parser or its memo work for long.
MAX_TILE_TEXT: Final = 100

# Well-formed tile text (groups of ASCII digits 1-9, each closed by its suit
# letter m, p or s, or digits 1-7 closed by z) is read in one pass; anything
# else takes the careful path below, which names what is wrong.
_ASCII_DIGITS: Final = frozenset("0123456789")


def _read(text: str, allow_bonus: bool) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """Parse tile text of any length, in time linear in its length; the
    callers below limit the length first (MAX_TILE_TEXT)."""
    tiles = _read_well_formed(text)
    if tiles is not None:
        return tiles, ()
    return _read_any(text, allow_bonus)


# The first tile of each suit letter, and the same by the letter's character code.
_BASE_OF_LETTER: Final = {letter: 27 if letter == "z" else SUIT_LETTERS.index(letter) * 9
                   for letter in SUIT_LETTERS}
_BASE_OF_CODE: Final = {ord(letter): base for letter, base in _BASE_OF_LETTER.items()}
_HIGHEST_HONOUR: Final = 6  # 7z less one: the digits are kept as number - 1 until the letter


def _read_well_formed(text: str) -> tuple[int, ...] | None:
    """The tiles of well-formed text, read in one pass over its bytes and
    checked on the way (every hand scored is read, and nearly all are
    written so); None for any other text, which _read_any reads."""
    try:
        data = text.encode("ascii")
    except UnicodeEncodeError:
        return None
    tiles: list[int] = []
    first = 0  # where the tiles of the group being read start
    for code in data:
        if 49 <= code <= 57:  # a digit 1-9: its number - 1 until the letter gives the suit
            tiles.append(code - 49)
            continue
        base = _BASE_OF_CODE.get(code, -1)
        if base < 0 or first == len(tiles):  # not a suit letter, or a letter without digits
            return None
        for index in range(first, len(tiles)):
            if base == 27 and tiles[index] > _HIGHEST_HONOUR:
                return None
            tiles[index] += base
        first = len(tiles)
    if first != len(tiles):  # digits without their letter
        return None
    return tuple(tiles)


def _read_any(text: str, allow_bonus: bool) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """Any text, character by character, naming the first thing wrong:
    spaces, bonus tiles, digits of other scripts, unknown letters."""
    tiles: list[int] = []
    bonus: list[str] = []
    start = -1  # where the digits before the current character start, if any
    for index, char in enumerate(text):
        if char in _ASCII_DIGITS:
            if start < 0:
                start = index
            continue
        digits = text[start:index] if start >= 0 else ""
        if char.isdigit():  # a digit of another script: "²", "３", "٣"
            raise TileSyntaxError(f"{shown(char)} is not a tile number (use the digits 1-9)",
                                  "tile_digit_not_ascii", got=shown(char))
        if char.isspace():
            if digits:
                raise TileSyntaxError(f"'{digits}' has no suit letter (m, p, s or z)",
                                      "tile_no_suit", got=digits)
            continue
        if not digits:
            raise TileSyntaxError(f"{shown(char)} is not preceded by a tile number",
                                  "tile_no_number", got=shown(char))
        if char in SUIT_LETTERS:
            top = 7 if char == "z" else 9
            base = _BASE_OF_LETTER[char]
            for digit in digits:
                value = int(digit)
                if not 1 <= value <= top:
                    raise TileSyntaxError(f"'{digit}{char}' is not a tile (use 1-{top}{char})",
                                          "tile_number_out_of_range", got=digit + char,
                                          top=top, suit=char)
                tiles.append(base + value - 1)
        elif char in BONUS_LETTERS and allow_bonus:
            for digit in digits:
                if not 1 <= int(digit) <= 4:
                    raise TileSyntaxError(f"'{digit}{char}' is not a bonus tile (use 1-4{char})",
                                          "bonus_number_out_of_range", got=digit + char,
                                          suit=char)
                bonus.append(f"{digit}{char}")
        else:
            raise TileSyntaxError(
                f"{shown(digits + char, MAX_TILE_TEXT)}: unknown suit letter {shown(char)}",
                "tile_unknown_suit", got=shown(digits + char, MAX_TILE_TEXT), letter=shown(char))
        start = -1
    if start >= 0:
        raise TileSyntaxError(f"'{text[start:]}' has no suit letter (m, p, s or z)",
                              "tile_no_suit", got=text[start:])
    return tuple(tiles), tuple(bonus)


# Parsed tile text is memoised: a plain dict keyed on the text, emptied when
# full (an LRU's bookkeeping cost more than a new hand's reading). Only text
# up to MAX_TILE_TEXT reaches the memo, so its size is bounded, not only its
# entry count: an entry is at most a 100-character key (~150 bytes), a
# tuple of at most 99 tiles (~850 bytes: small ints are shared) and the
# dict's own bytes, so 8,192 entries hold at most ~9 MB even when every
# entry is hostile; a real hand's entry is ~0.3 KB. Bonus text ("1f3j") is
# read each time: few players have any, and a bonus letter reads otherwise.
_PARSES_KEPT: Final = 8192
_parsed: Final[dict[str, tuple[tuple[int, ...], tuple[str, ...]]]] = {}


def _remembered_read(text: str, allow_bonus: bool
                     ) -> tuple[tuple[int, ...], tuple[str, ...]]:
    if allow_bonus:
        return _read(text, True)
    found = _parsed.get(text)
    if found is None:
        found = _read(text, False)
        if len(_parsed) >= _PARSES_KEPT:
            _parsed.clear()
        _parsed[text] = found
    return found


# What _parse calls: the tests put a counter in its place.
_parse_memo = _remembered_read


def _parse(text: str, allow_bonus: bool) -> tuple[tuple[int, ...], tuple[str, ...]]:
    if len(text) > MAX_TILE_TEXT:
        raise TileSyntaxError(
            f"{len(text)} characters ({shown(text)}), at most {MAX_TILE_TEXT}: a player "
            "holds at most 18 tiles (four kongs and a pair) and 8 flowers and seasons",
            "tiles_too_long", length=len(text), got=shown(text), most=MAX_TILE_TEXT)
    return _parse_memo(text, allow_bonus)


def clear_parse_caches() -> None:
    _parsed.clear()


def parse_memo_size() -> int:
    """Texts the parse memo holds now."""
    return len(_parsed)


def parse_tiles(text: str) -> tuple[int, ...]:
    """Parse ``"234m55p"`` into tile ints; raises TileSyntaxError."""
    return _parse(text, False)[0]


def parse_bonus(text: str) -> tuple[str, ...]:
    """Parse bonus tiles ``"1f3j"``; raises TileSyntaxError for anything else."""
    tiles, bonus = _parse(text, True)
    if tiles:
        raise TileSyntaxError(f"'{format_tiles(tiles)}' are not flowers or seasons",
                              "bonus_not_flowers", tiles=format_tiles(tiles))
    return bonus


def parse_one(text: str) -> int:
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise TileSyntaxError(f"{shown(text, MAX_TILE_TEXT)} is not exactly one tile",
                              "not_one_tile", got=shown(text, MAX_TILE_TEXT))
    return tiles[0]


# Tile text read loosely, for drawing hands already scored: digits and the
# letter after them, checked by nobody (parse_tiles checks).
_LOOSE_GROUP: Final = re.compile(r"(\d+)([a-z])")


def tile_codes(text: str) -> list[str]:
    """Tile text one code per tile, in the order written: "2228m55z" ->
    ["2m", "2m", "2m", "8m", "5z", "5z"]. Nothing is checked: what is no
    tile gives a code that is none (TILE_CODES says which are)."""
    return [f"{digit}{suit}" for digits, suit in _LOOSE_GROUP.findall(text or "")
            for digit in digits]


@dataclass(frozen=True, slots=True)
class TilePart:
    """One part of a player's tiles as score-interface.md gives them: the
    concealed tiles, one set, or the bonus tiles; `tiles` as written."""

    kind: str  # CONCEALED_PART, a set's kind ("chow", "pung", "kong"), or BONUS_PART
    tiles: str
    concealed_set: bool = False  # a set not shown on the table


CONCEALED_PART: Final = "concealed"
BONUS_PART: Final = "bonus"


def tile_parts(player: Mapping[str, Any]) -> list[TilePart]:
    """A player's tiles (`concealed`, `melds`, `bonus`) part by part, in the
    order a reader reads them: the concealed tiles (always, even empty),
    each set, then the flowers and seasons when there are any. For text
    and pictures of hands already scored, so nothing is checked."""
    parts = [TilePart(CONCEALED_PART, str(player.get("concealed") or ""))]
    for meld in player.get("melds") or []:
        parts.append(TilePart(str(meld.get("kind", "")), str(meld.get("tiles", "")),
                              concealed_set=meld.get("open", True) is False))
    if player.get("bonus"):
        parts.append(TilePart(BONUS_PART, str(player["bonus"])))
    return parts


def to_counts(tiles: Iterable[int]) -> list[int]:
    counts = [0] * NUM_KINDS
    for tile in tiles:
        counts[tile] += 1
    return counts


def parse_or_fail(text: object, where: str,
                  at: dict[str, object] | None = None) -> tuple[int, ...]:
    """Parse a tile string given for ``where`` (e.g. "South (S) concealed";
    ``at`` says the same as an error's params do, e.g. ``{"seat": "S",
    "part": "concealed"}``)."""
    if not isinstance(text, str):
        raise InvalidGame(f"{where}: tiles must be a string like \"234m55p\", got {shown(text)}",
                          "tiles_not_text", at=at or {}, got=shown(text))
    try:
        return parse_tiles(text)
    except TileSyntaxError as error:
        raise InvalidGame(f"{where}: {error}", error.code, at=at or {}, **error.params) from None
