"""Tiles and the tenhou-style notation of score-interface.md.

A tile is an int 0..33: characters 0-8 (1m-9m), circles 9-17 (1p-9p),
bamboos 18-26 (1s-9s), honours 27-33 (East South West North, White Green
Red). Hands are count vectors: a tuple of 34 ints. Bonus tiles (flowers
1f-4f, seasons 1j-4j) are kept apart as strings; only some rule sets use them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

from .errors import InvalidGame

NUM_KINDS = 34
SUIT_LETTERS = "mpsz"
CHARACTERS, CIRCLES, BAMBOOS, HONOURS = 0, 1, 2, 3

EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
WHITE, GREEN, RED = 31, 32, 33
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (WHITE, GREEN, RED)

# Seat letters of the contract mapped to their wind tiles.
WIND_OF_SEAT = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}

# Tiles named in the rules by their own name.
ONE_CIRCLES = 9  # 1p: "kringen 1", the cake of Pe-ling eet cake
FIVE_CIRCLES = 13  # 5p: the plum blossom on the roof
ONE_BAMBOO = 18  # 1s: the pe-ling bird

GREEN_TILES = frozenset({19, 20, 21, 23, 25, GREEN})  # 2s 3s 4s 6s 8s, green dragon
TERMINALS = frozenset({0, 8, 9, 17, 18, 26})
MAJORS = TERMINALS | frozenset(WINDS) | frozenset(DRAGONS)  # "edelstenen"
ORPHANS = tuple(sorted(MAJORS))

BONUS_LETTERS = "fj"

HONOUR_NAMES = ("East", "South", "West", "North", "White", "Green", "Red")


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
    """A malformed tile string; the message names the offending part."""


# Well-formed tile text (groups of valid digits, each with its suit letter)
# is read group by group from a memo; anything else takes the careful path
# below, which names what is wrong.
_WELL_FORMED = re.compile(r"(?:[1-9]+[mps]|[1-7]+z)+")
_GROUP = re.compile(r"([1-9]+)([mpsz])")
_groups: dict[str, tuple[int, ...]] = {}
_GROUPS_KEPT = 50_000


def _group_tiles(digits: str, letter: str) -> tuple[int, ...]:
    key = digits + letter
    tiles = _groups.get(key)
    if tiles is None:
        base = 27 if letter == "z" else SUIT_LETTERS.index(letter) * 9
        tiles = tuple(base + int(digit) - 1 for digit in digits)
        if len(_groups) < _GROUPS_KEPT:  # odd input must not grow the memo without end
            _groups[key] = tiles
    return tiles


@lru_cache(maxsize=8192)
def _parse(text: str, allow_bonus: bool) -> tuple[tuple[int, ...], tuple[str, ...]]:
    if _WELL_FORMED.fullmatch(text):
        tiles_of = [_group_tiles(digits, letter) for digits, letter in _GROUP.findall(text)]
        return (tiles_of[0] if len(tiles_of) == 1 else sum(tiles_of, ())), ()
    tiles: list[int] = []
    bonus: list[str] = []
    digits = ""
    for char in text:
        if char.isdigit():
            digits += char
            continue
        if char.isspace():
            if digits:
                raise TileSyntaxError(f"'{digits}' has no suit letter (m, p, s or z)")
            continue
        if not digits:
            raise TileSyntaxError(f"'{char}' is not preceded by a tile number")
        if char in SUIT_LETTERS:
            top = 7 if char == "z" else 9
            base = 27 if char == "z" else SUIT_LETTERS.index(char) * 9
            for digit in digits:
                value = int(digit)
                if not 1 <= value <= top:
                    raise TileSyntaxError(f"'{digit}{char}' is not a tile (use 1-{top}{char})")
                tiles.append(base + value - 1)
        elif char in BONUS_LETTERS and allow_bonus:
            for digit in digits:
                if not 1 <= int(digit) <= 4:
                    raise TileSyntaxError(f"'{digit}{char}' is not a bonus tile (use 1-4{char})")
                bonus.append(f"{digit}{char}")
        else:
            raise TileSyntaxError(f"'{digits}{char}': unknown suit letter '{char}'")
        digits = ""
    if digits:
        raise TileSyntaxError(f"'{digits}' has no suit letter (m, p, s or z)")
    return tuple(tiles), tuple(bonus)


def clear_parse_caches() -> None:
    _parse.cache_clear()
    _groups.clear()


def parse_tiles(text: str) -> tuple[int, ...]:
    """Parse ``"234m55p"`` into tile ints; raises TileSyntaxError."""
    return _parse(text, False)[0]


def parse_bonus(text: str) -> tuple[str, ...]:
    """Parse bonus tiles ``"1f3j"``; raises TileSyntaxError for anything else."""
    tiles, bonus = _parse(text, True)
    if tiles:
        raise TileSyntaxError(f"'{format_tiles(tiles)}' are not flowers or seasons")
    return bonus


def parse_one(text: str) -> int:
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise TileSyntaxError(f"'{text}' is not exactly one tile")
    return tiles[0]


def to_counts(tiles: Iterable[int]) -> list[int]:
    counts = [0] * NUM_KINDS
    for tile in tiles:
        counts[tile] += 1
    return counts


def parse_or_fail(text: object, where: str) -> tuple[int, ...]:
    """Parse a tile string given for ``where`` (e.g. "South (S) concealed")."""
    if not isinstance(text, str):
        raise InvalidGame(f"{where}: tiles must be a string like \"234m55p\", got {text!r}")
    try:
        return parse_tiles(text)
    except TileSyntaxError as error:
        raise InvalidGame(f"{where}: {error}") from None
