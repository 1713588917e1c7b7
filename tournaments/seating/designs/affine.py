"""The affine geometry AG(k, 4): 4^k players, (4^k - 1)/3 repeat-free rounds.

Points are the vectors of GF(4)^k, player number = the vector's digits in base 4 (digit =
the GF(4) element, finite_fields.py). The lines (cosets of a 1-dimensional subspace) are
the blocks of a resolvable 2-(4^k, 4, 1) design: any two points lie on exactly one line,
and the lines of one direction partition the points. A round is one direction, so every
pair meets exactly once over the (4^k - 1)/3 directions: N=16 -> 5, 64 -> 21, 256 -> 85.
Source: any text on finite geometry, e.g. D. R. Stinson, Combinatorial Designs:
Constructions and Analysis (Springer 2004), section 6.5 (affine geometries).
"""

from __future__ import annotations

from .finite_fields import galois_field

Schedule = list[list[list[int]]]


def affine_dimension(n: int) -> int | None:
    """k with n = 4^k (k >= 1), or None."""
    k, size = 0, 1
    while size < n:
        size *= 4
        k += 1
    return k if size == n and k >= 1 else None


def affine_schedule(n: int) -> Schedule | None:
    """The (n - 1)/3 rounds of AG(k, 4) when n = 4^k, else None."""
    k = affine_dimension(n)
    if k is None:
        return None
    field = galois_field(4)

    def digits(x: int) -> list[int]:
        return [(x >> (2 * i)) & 3 for i in range(k)]

    def number(v: list[int]) -> int:
        return sum(d << (2 * i) for i, d in enumerate(v))

    def line(point: int, direction: list[int]) -> list[int]:
        base = digits(point)
        return [
            number([field.add[b][field.mul[t][d]] for b, d in zip(base, direction, strict=True)])
            for t in field.elements
        ]

    # One direction per 1-dimensional subspace: the nonzero vectors whose highest nonzero
    # digit is 1 (each subspace has exactly one such vector).
    directions = [v for v in map(digits, range(1, n)) if next(d for d in reversed(v) if d) == 1]
    schedule: Schedule = []
    for direction in directions:
        seen: set[int] = set()
        tables = []
        for point in range(n):
            if point not in seen:
                table = sorted(line(point, direction))
                seen.update(table)
                tables.append(table)
        schedule.append(tables)
    return schedule
