"""Mutually orthogonal Latin squares (MOLS) and the resolvable transversal designs they give.

Three MOLS of order m give a resolvable transversal design RTD(4, m): 4m players in four
groups of m, m rounds of m tables, each table one player of every group, and every two
players of different groups at one table exactly once (Handbook of Combinatorial Designs,
2nd ed., C. J. Colbourn and J. H. Dinitz (eds.), 2007, III.3: k-2 MOLS <=> TD(k, m), and a
TD(k+1, m) <=> an RTD(k, m)).

Constructions here (each verified by the tests, not assumed):
* m a prime power: L_a(i, j) = a*i + j over GF(m) for a = 1, 2, 3 (m - 1 MOLS in all;
  three need m >= 4).
* MacNeish's product: MOLS of orders a and b give MOLS of order ab (cells and symbols
  paired), so every m whose prime-power factors all are >= 4 (m not 2 mod 4, and 3 does
  not divide m exactly once) has three MOLS.
Order 6 has no pair of MOLS (Tarry); 10, 12, 14, 15, ... have three by constructions not
implemented here.
"""

from __future__ import annotations

from functools import cache

from .finite_fields import galois_field, prime_power

Square = tuple[tuple[int, ...], ...]
Schedule = list[list[list[int]]]


def _prime_power_factors(m: int) -> list[int]:
    factors, d = [], 2
    while m > 1:
        q = 1
        while m % d == 0:
            m //= d
            q *= d
        if q > 1:
            factors.append(q)
        d += 1
    return factors


def _field_mols(q: int, count: int) -> list[Square]:
    field = galois_field(q)
    return [
        tuple(tuple(field.add[field.mul[a][i]][j] for j in range(q)) for i in range(q))
        for a in range(1, count + 1)
    ]


def _product(a: Square, b: Square) -> Square:
    m, n = len(a), len(b)
    return tuple(
        tuple(a[i // n][j // n] * n + b[i % n][j % n] for j in range(m * n)) for i in range(m * n)
    )


@cache
def mols(m: int, count: int = 3) -> tuple[Square, ...] | None:
    """`count` mutually orthogonal Latin squares of order m (symbols 0..m-1), or None
    when the constructions here give fewer."""
    if m < 2 or count < 1:
        return None
    squares: list[Square] | None = None
    for q in _prime_power_factors(m):
        if prime_power(q) is None or q - 1 < count:
            return None
        these = _field_mols(q, count)
        squares = (
            these
            if squares is None
            else [_product(s, t) for s, t in zip(squares, these, strict=True)]
        )
    return tuple(squares) if squares else None


def is_latin(square: Square) -> bool:
    m = len(square)
    symbols = set(range(m))
    return all(len(row) == m and set(row) == symbols for row in square) and all(
        {row[j] for row in square} == symbols for j in range(m)
    )


def are_orthogonal(a: Square, b: Square) -> bool:
    """Every ordered pair of symbols appears in exactly one cell of a superimposed on b."""
    m = len(a)
    return len({(a[i][j], b[i][j]) for i in range(m) for j in range(m)}) == m * m


def resolvable_transversal_design(m: int) -> Schedule | None:
    """RTD(4, m) from three MOLS L1, L2, L3: player g*m + x is member x of group g; the
    table of cell (i, j) is {(0, i), (1, j), (2, L1[i][j]), (3, L2[i][j])}, and round r
    holds the cells where L3 has symbol r (L3 orthogonal to the rows, the columns, L1
    and L2, so each round meets every player once)."""
    squares = mols(m, 3)
    if squares is None:
        return None
    first, second, resolution = squares
    rounds: Schedule = [[] for _ in range(m)]
    for i in range(m):
        for j in range(m):
            rounds[resolution[i][j]].append([i, m + j, 2 * m + first[i][j], 3 * m + second[i][j]])
    for tables in rounds:
        tables.sort()
    return rounds
