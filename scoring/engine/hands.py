"""A player's tiles as given, and the value of a hand as scored."""

from __future__ import annotations

from typing import Final

from .reading import Meld
from .tiles import NUM_KINDS

SEAT_NAMES: Final = {"E": "East", "S": "South", "W": "West", "N": "North"}


def seat_label(seat: str) -> str:
    """How messages name a player: ``South (S)``."""
    return f"{SEAT_NAMES.get(seat, seat)} ({seat})"


class PlayerHand:
    """A player's tiles as given: made once per player by ``make`` and never
    changed (a plain class with slots: native in the compiled engine)."""

    __slots__ = ("seat", "concealed", "melds", "bonus", "held")

    def __init__(self, seat: str, concealed: tuple[int, ...], melds: tuple[Meld, ...] = (),
                 bonus: tuple[str, ...] = (), held: tuple[int, ...] = ()) -> None:
        self.seat = seat
        self.concealed = concealed  # counts of the 34 kinds on the rack
        self.melds = melds
        self.bonus = bonus
        # Counts of all the player's tiles, melds included; ``make`` fills it in
        # once, as every check and every score needs it.
        self.held = held

    @staticmethod
    def make(seat: str, concealed: tuple[int, ...], melds: tuple[Meld, ...] = (),
             bonus: tuple[str, ...] = ()) -> PlayerHand:
        # Not a classmethod: calling ``cls`` is a Python call even when compiled.
        return PlayerHand(seat, concealed, melds, bonus, tuple(_held(concealed, melds)))

    def __repr__(self) -> str:
        return (f"PlayerHand(seat={self.seat!r}, concealed={self.concealed}, "
                f"melds={self.melds}, bonus={self.bonus})")

    def all_counts(self) -> list[int]:
        return list(self.held) if self.held else _held(self.concealed, self.melds)

    def size(self) -> int:
        """Tiles in hand, a kong counting as three (N16)."""
        tiles = 3 * len(self.melds)
        for count in self.concealed:  # a native loop when compiled; sum() is a Python call
            tiles += count
        return tiles


def _held(concealed: tuple[int, ...], melds: tuple[Meld, ...]) -> list[int]:
    counts = list(concealed)
    for meld in melds:
        for tile in meld.tile_list():
            counts[tile] += 1
    return counts


EMPTY_COUNTS: Final = (0,) * NUM_KINDS


class HandResult:
    """One player's hand value with its breakdown (score-interface.md); a
    plain class with slots, as PlayerHand: native when compiled, where a
    dataclass with a default factory is built through Python's protocol."""

    __slots__ = ("value", "points", "doublings", "limit", "legal_mahjong", "items", "waiting",
                 "dead")

    def __init__(self, value: int, points: int = 0, doublings: int = 0,
                 limit: str | None = None, legal_mahjong: bool = False,
                 items: list[dict[str, object]] | None = None, waiting: bool = False,
                 dead: bool = False) -> None:
        self.value = value
        self.points = points
        self.doublings = doublings
        self.limit = limit
        self.legal_mahjong = legal_mahjong
        self.items: list[dict[str, object]] = [] if items is None else items
        self.waiting = waiting
        self.dead = dead

    def __repr__(self) -> str:
        return (f"HandResult(value={self.value}, points={self.points}, "
                f"doublings={self.doublings}, limit={self.limit!r}, "
                f"legal_mahjong={self.legal_mahjong}, items={self.items}, "
                f"waiting={self.waiting}, dead={self.dead})")

    def as_dict(self) -> dict[str, object]:
        result: dict[str, object] = {
            "points": self.points,
            "doublings": self.doublings,
            "value": self.value,
            "limit": self.limit,
            "legal_mahjong": self.legal_mahjong,
            "items": self.items,
        }
        if self.waiting:
            result["waiting"] = True
        if self.dead:
            result["dead"] = True
        return result
