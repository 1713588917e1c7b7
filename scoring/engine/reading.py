"""A reading of one player's hand: its sets, pairs and the facts rules test.

Rules never look at raw tiles; they test a Reading, which carries the sets
(declared melds as declared, concealed tiles as one parse), the pairs, the
tile facts of the whole hand and the circumstances of the win (Context).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from .decompose import CHOW, KONG, PUNG, Parse
from .tiles import (
    ALL_BITS,
    EAST,
    HONOUR_BIT,
    NOT_GREEN_BIT,
    NOT_MAJOR_BIT,
    NOT_SIMPLE_BIT,
    NUM_KINDS,
    SUIT_BITS,
    WHITE,
    WIND_BIT,
    format_tiles,
    held_bits,
)

# How the winning tile came (score-interface.md).
WALL: Final = "wall"
DISCARD: Final = "discard"
KONG_REPLACEMENT: Final = "kong_replacement"
ROBBED_KONG: Final = "robbed_kong"
WIN_SOURCES: Final = (WALL, DISCARD, KONG_REPLACEMENT, ROBBED_KONG)
SELF_DRAWN_SOURCES: Final = frozenset({WALL, KONG_REPLACEMENT})


@dataclass(frozen=True, slots=True)
class Group:
    """A set in a reading: a chow, pung or kong, concealed or open."""

    kind: int
    tile: int  # the lowest tile
    concealed: bool

    @property
    def is_pung_or_kong(self) -> bool:
        return self.kind != CHOW

    def tiles(self) -> str:
        if self.kind == CHOW:
            return format_tiles((self.tile, self.tile + 1, self.tile + 2))
        return format_tiles([self.tile] * (4 if self.kind == KONG else 3))


# Every group there can be, made once: readings share them instead of
# building new ones per parse and per wait.
GROUPS: Final = {(kind, tile, concealed): Group(kind, tile, concealed)
          for kind in (CHOW, PUNG, KONG) for tile in range(NUM_KINDS)
          for concealed in (False, True)}
# By a parse's (kind, first tile): the concealed and the open group.
CONCEALED_GROUPS: Final = {(kind, tile): GROUPS[kind, tile, True] for kind, tile, _ in GROUPS}
OPEN_GROUPS: Final = {(kind, tile): GROUPS[kind, tile, False] for kind, tile, _ in GROUPS}


class Meld:
    """A declared set (score-interface.md ``melds``); never changed once made
    (a plain class with slots: native when compiled)."""

    __slots__ = ("kind", "tile", "open")

    def __init__(self, kind: int, tile: int, open: bool) -> None:
        self.kind = kind
        self.tile = tile  # the lowest tile
        self.open = open

    def __repr__(self) -> str:
        return f"Meld(kind={self.kind}, tile={self.tile}, open={self.open})"

    def as_group(self) -> Group:
        return GROUPS[self.kind, self.tile, not self.open]

    def tile_list(self) -> list[int]:
        if self.kind == CHOW:
            return [self.tile, self.tile + 1, self.tile + 2]
        return [self.tile] * (4 if self.kind == KONG else 3)


class Winds(NamedTuple):
    """All that set and pair rules may test besides the set or pair."""

    seat_wind: int
    prevailing_wind: int


# Context and TileFacts are records every rule test reads: plain classes
# with slots, which the compiled engine makes native (its attributes are read
# directly, where a named tuple's go through Python's attribute lookup).
# Nothing changes them once made.
class Context:
    """Who the player is at this hand and, for the winner, how they won."""

    __slots__ = ("seat_wind", "prevailing_wind", "winner", "win_source", "flags",
                 "winning_tile", "only_possible", "peling", "bonus", "discarder", "self_drawn")

    def __init__(
        self,
        seat_wind: int,
        prevailing_wind: int,
        winner: bool = False,
        win_source: str | None = None,
        flags: frozenset[str] = frozenset(),
        winning_tile: int = -1,
        only_possible: bool = False,
        peling: bool = False,
        bonus: tuple[str, ...] = (),
        discarder: str | None = None,
    ) -> None:
        self.seat_wind = seat_wind
        self.prevailing_wind = prevailing_wind
        self.winner = winner
        self.win_source = win_source
        self.flags = flags
        self.winning_tile = winning_tile
        # The winning tile is the only kind that gives a legal mahjong (N3).
        self.only_possible = only_possible
        # The winning 1p completed a pair of 1s (Pe-ling eet cake, N7).
        self.peling = peling
        # The player's flowers and seasons ("1f".."4j"), for rule sets that use them.
        self.bonus = bonus
        # Who discarded the winning tile (or whose kong was robbed), for rule
        # sets where it decides who is responsible (Hong Kong pao, H8).
        self.discarder = discarder
        self.self_drawn = win_source in SELF_DRAWN_SOURCES

    def __repr__(self) -> str:
        return (f"Context(seat_wind={self.seat_wind}, prevailing_wind={self.prevailing_wind}, "
                f"winner={self.winner}, win_source={self.win_source!r}, "
                f"flags={sorted(self.flags)}, winning_tile={self.winning_tile}, "
                f"only_possible={self.only_possible}, peling={self.peling}, "
                f"bonus={self.bonus}, discarder={self.discarder!r})")


class TileFacts:
    """Facts about all of a player's tiles, whatever the reading."""

    __slots__ = ("suits", "honours", "winds", "all_simples", "all_majors", "all_green")

    def __init__(self, suits: frozenset[int], honours: bool, winds: bool, all_simples: bool,
                 all_majors: bool, all_green: bool) -> None:
        self.suits = suits  # suits 0-2 that occur
        self.honours = honours
        self.winds = winds
        self.all_simples = all_simples
        self.all_majors = all_majors  # terminals and honours only
        self.all_green = all_green


# The facts of each combination of tiles.held_bits, made once and shared
# (they are immutable): a hand's facts are one pass and one lookup.
_FACTS: Final = tuple(
    TileFacts(
        suits=frozenset(s for s in range(3) if bits & SUIT_BITS[s]),
        honours=bool(bits & HONOUR_BIT),
        winds=bool(bits & WIND_BIT),
        all_simples=not bits & NOT_SIMPLE_BIT,
        all_majors=not bits & NOT_MAJOR_BIT,
        all_green=not bits & NOT_GREEN_BIT,
    )
    for bits in range(ALL_BITS)
)


def tile_facts(counts: Sequence[int]) -> TileFacts:
    return _FACTS[held_bits(counts)]


class Reading:
    """One way of reading a hand, with counts the rules need."""

    __slots__ = (
        "groups",
        "pairs",
        "winning_group",
        "winning_set",
        "facts",
        "ctx",
        "chows",
        "pungs",
        "kongs",
        "concealed_kongs",
        "concealed_pungs",
        "wind_pungs",
        "dragon_pungs",
        "open_melds",
    )

    def __init__(
        self,
        groups: tuple[Group, ...],
        pairs: tuple[int, ...],
        facts: TileFacts,
        ctx: Context,
        winning_group: str | None = None,
        open_melds: bool = False,
        winning_set: Group | None = None,
    ) -> None:
        self.groups = groups
        self.pairs = pairs
        self.facts = facts
        self.ctx = ctx
        # Which part the winning tile completed: "pair", "pung", "chow".
        self.winning_group = winning_group
        # The set the winning tile completed, as it is in ``groups`` (None
        # when it completed the pair, and for non-winners).
        self.winning_set = winning_set
        self.open_melds = open_melds
        chows = pungs = kongs = concealed_kongs = concealed_pungs = 0
        wind_pungs = dragon_pungs = 0
        for group in groups:
            if group.kind == CHOW:
                chows += 1
                continue
            pungs += 1
            if group.kind == KONG:
                kongs += 1
                concealed_pungs += 1  # every kong counts as a concealed pung (N4)
                concealed_kongs += group.concealed
            elif group.concealed:
                concealed_pungs += 1
            if group.tile >= EAST:  # honours: winds, then dragons
                if group.tile >= WHITE:
                    dragon_pungs += 1
                else:
                    wind_pungs += 1
        self.chows = chows
        self.pungs = pungs  # pungs and kongs
        self.kongs = kongs
        self.concealed_kongs = concealed_kongs
        self.concealed_pungs = concealed_pungs
        self.wind_pungs = wind_pungs
        self.dragon_pungs = dragon_pungs

    @property
    def pair(self) -> int:
        return self.pairs[0] if self.pairs else -1


_CONCEALED_PUNGS: Final = tuple(GROUPS[PUNG, tile, True] for tile in range(NUM_KINDS))


def non_winner_sets(melds: Sequence[Meld], concealed: tuple[int, ...]
                    ) -> tuple[tuple[Group, ...], tuple[int, ...]]:
    """R2, for a player who did not win: the declared sets, every concealed
    pung (four undeclared equal tiles count as one) and every pair; loose
    tiles count nothing."""
    groups = [meld.as_group() for meld in melds]
    pairs: list[int] = []
    for tile in range(NUM_KINDS):
        count = concealed[tile]
        if count >= 3:
            groups.append(_CONCEALED_PUNGS[tile])
        elif count == 2:
            pairs.append(tile)
    return tuple(groups), tuple(pairs)


def winner_readings(
    parse_list: Sequence[Parse],
    melds: Sequence[Meld],
    facts: TileFacts,
    ctx: Context,
) -> list[Reading]:
    """Every reading of a winning hand, one per parse and per set that the
    winning tile may have completed (R1). A set completed by a discarded or
    robbed tile is open (N2)."""
    declared = tuple(meld.as_group() for meld in melds)
    open_melds = any(meld.open for meld in melds)
    tile = ctx.winning_tile
    from_other = not ctx.self_drawn
    readings: list[Reading] = []
    for sets, pair in parse_list:
        concealed = [CONCEALED_GROUPS[s] for s in sets]
        seen: set[tuple[int, int]] = set()
        if pair == tile:
            readings.append(
                Reading(declared + tuple(concealed), (pair,), facts, ctx, "pair", open_melds)
            )
        for index, group in enumerate(concealed):
            holds = group.tile == tile or (
                group.kind == CHOW and group.tile <= tile <= group.tile + 2
            )
            if not holds or (group.kind, group.tile) in seen:
                continue
            seen.add((group.kind, group.tile))
            groups = list(concealed)
            if from_other:
                groups[index] = OPEN_GROUPS[group.kind, group.tile]
            readings.append(
                Reading(
                    declared + tuple(groups),
                    (pair,),
                    facts,
                    ctx,
                    "chow" if group.kind == CHOW else "pung",
                    open_melds or from_other,
                    groups[index],
                )
            )
    return readings


__all__ = [
    "CHOW",
    "PUNG",
    "KONG",
    "Context",
    "Group",
    "Meld",
    "Reading",
    "TileFacts",
    "Winds",
    "tile_facts",
    "winner_readings",
]
