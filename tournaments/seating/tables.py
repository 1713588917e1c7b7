"""How many tables of which size seat N players."""

from __future__ import annotations

from .errors import SeatingError

ODD_TABLES = ("five", "three")


def table_sizes(n: int, odd_tables: str = "five") -> list[int]:
    """The table sizes for `n` players: tables of 4, and when `n` is not a multiple
    of 4, tables of 5 (`odd_tables="five"`) or of 3 (`"three"`).

    The order is fixed: tables of 5 first, then 4s, then 3s (18 players: [5, 5, 4, 4]
    or [4, 4, 4, 3, 3]). Rank-based methods fill the tables in this order.
    """
    if odd_tables not in ODD_TABLES:
        raise SeatingError(f"odd tables must be 'five' or 'three', not {odd_tables!r}")
    if n < 3:
        raise SeatingError(f"{n} players cannot be seated: a table needs at least 3 players")
    fours, rest = divmod(n, 4)
    if rest == 0:
        return [4] * fours
    if odd_tables == "five":
        # Each table of 5 takes one of the `rest` players: needs `rest` tables of 4 to grow.
        if fours < rest:
            return _impossible(n, "4 and 5", "three")
        return [5] * rest + [4] * (fours - rest)
    threes = 4 - rest
    # Each table of 3 gives one seat back: needs 3 * threes players at least.
    if n < 3 * threes:
        return _impossible(n, "4 and 3", "five")
    return [4] * ((n - 3 * threes) // 4) + [3] * threes


def _impossible(n: int, sizes: str, other: str) -> list[int]:
    hint = ""
    try:
        table_sizes(n, other)
        hint = f"; tables of {'5' if other == 'five' else '3'} would work"
    except SeatingError:
        pass
    raise SeatingError(f"{n} players cannot be seated at tables of {sizes}{hint}")
