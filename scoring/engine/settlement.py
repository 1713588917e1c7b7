"""Zero-sum settlement of hand values between the players at a table.

The scheme of NTS (000 §2.1, decision N13) and of the classic rules (P2):
the winner receives its value from every other player and pays nobody;
every other pair of players settles gross, each receiving its own value
from the other; East pays and receives double in every payment it is part
of. Each payment is one transfer, so the sum is zero by construction.
"""

from __future__ import annotations

from collections.abc import Mapping


def round_to_tens(amount: int) -> int:
    """Round a payment to whole tens, halves up (seed 003 "Fiches", N15)."""
    return (amount + 5) // 10 * 10


def payments(
    values: Mapping[str, int], winner: str | None, east: str = "E", east_factor: int = 2
) -> list[tuple[str, str, int]]:
    """Every payment as (payer, receiver, amount), amounts before rounding."""
    seats = list(values)
    result: list[tuple[str, str, int]] = []
    if winner is None:  # a draw: nobody is paid
        return result
    for receiver in seats:
        value = values[receiver]
        if not value:
            continue  # nothing to receive
        for payer in seats:
            # A loser receives only from the other losers.
            if payer == receiver or (payer == winner and receiver != winner):
                continue
            amount = value * (east_factor if east in (payer, receiver) else 1)
            if amount:
                result.append((payer, receiver, amount))
    return result


def settle(
    values: Mapping[str, int],
    winner: str | None,
    *,
    east: str = "E",
    east_factor: int = 2,
    rounding: bool = False,
) -> dict[str, int]:
    """Net result per seat; a draw (no winner) settles nothing (N14)."""
    net = {seat: 0 for seat in values}
    for payer, receiver, amount in payments(values, winner, east, east_factor):
        if rounding:
            amount = round_to_tens(amount)
        net[payer] -= amount
        net[receiver] += amount
    return net
