"""Schedules developed from a stored base parallel class (see cyclic_data.py)."""

from __future__ import annotations


def cyclic_schedule(n: int) -> list[list[list[int]]] | None:
    """The full stored schedule for n players (players 0..n-1), or None."""
    return None
