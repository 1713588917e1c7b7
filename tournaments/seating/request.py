"""What a seating method is asked to do."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

Table = list[int]  # player ids in seat order E, S, W, N (, fifth)
Round = list[Table]


@dataclass(frozen=True)
class SeatingRequest:
    players: Sequence[int]  # present players to seat this round
    history: Sequence[Sequence[Sequence[int]]] = ()  # earlier rounds: tables in seat order
    ranking: Sequence[int] = ()  # best first: standing so far (swiss), last round (fuhing)
    clubs: Mapping[int, str] = field(default_factory=dict)  # player -> club key
    avoid_same_club: bool = False
    odd_tables: str = "five"  # "five" or "three": tables used when N % 4 != 0
    seed: int = 0
    rounds_planned: int = 0  # balanced: the event's planned rounds, the plan it follows
