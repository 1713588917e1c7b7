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


def settle(
    values: Mapping[str, int],
    winner: str | None,
    *,
    east: str = "E",
    east_factor: int = 2,
    rounding: bool = False,
) -> dict[str, int]:
    """Net result per seat, every payment of the scheme above made as one
    transfer; a draw (no winner) settles nothing (N14)."""
    net = {seat: 0 for seat in values}
    if winner is None:
        return net
    for receiver, value in values.items():
        if not value:
            continue  # nothing to receive
        for payer in values:
            # A loser receives only from the other losers.
            if payer == receiver or (payer == winner and receiver != winner):
                continue
            amount = value * (east_factor if payer == east or receiver == east else 1)
            if rounding:
                amount = round_to_tens(amount)
            net[payer] -= amount
            net[receiver] += amount
    return net
