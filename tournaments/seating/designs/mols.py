"""Mutually orthogonal Latin squares (MOLS) and the resolvable transversal designs they give.

Three MOLS of order m give a resolvable transversal design RTD(4, m): 4m players in four
groups of m, m rounds of m tables, each table one player of every group, and every two
players of different groups at one table exactly once (Handbook of Combinatorial Designs,
2nd ed., C. J. Colbourn and J. H. Dinitz (eds.), 2007, III.3: k-2 MOLS <=> TD(k, m), and a
TD(k+1, m) <=> an RTD(k, m)).

Constructions here (each verified by the tests, not assumed):
* m a prime power: L_a(i, j) = a*i + j over GF(m) for a = 1, 2, 3 (m - 1 MOLS in all;
  three need m >= 4).
* m = 12: a (Z_2 x Z_6, 5, 1) difference matrix, found by a computer search for this
  module (orthomorphisms of the group, then three pairwise compatible ones; a fraction
  of a second). Five MOLS of order 12 are classical (S. M. Johnson, A. L. Dulmage,
  N. S. Mendelsohn, "Orthomorphisms of groups and orthogonal Latin squares I", Canad. J.
  Math. 13 (1961) 356-372); three are all a TD(5, 12) needs.
* MacNeish's product: MOLS of orders a and b give MOLS of order ab (cells and symbols
  paired), so every product of the orders above has three MOLS too.
Order 6 has no pair of MOLS (Tarry); no abelian group of order 2 mod 4 has a difference
matrix. 10 is open; 14, 15, 18, ... have three MOLS by constructions not implemented here.
"""

from __future__ import annotations

from functools import cache

from .finite_fields import galois_field, prime_power

Square = tuple[tuple[int, ...], ...]
Schedule = list[list[list[int]]]


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


# Difference matrices over Z_a x Z_b (element (x, y) stored as b*x + y): rows 2, 3 and 4;
# row 0 is all zeros and row 1 lists the elements in order. Every two rows differ by
# each element once.
DIFFERENCE_MATRICES: dict[int, tuple[tuple[int, int], tuple[tuple[int, ...], ...]]] = {
    12: (
        (2, 6),
        (
            (0, 2, 1, 6, 8, 7, 10, 9, 11, 4, 3, 5),
            (0, 3, 8, 10, 1, 9, 2, 6, 5, 7, 11, 4),
            (0, 4, 10, 9, 7, 1, 11, 5, 3, 2, 8, 6),
        ),
    ),
}


def _difference_matrix_mols(m: int) -> list[Square]:
    """The squares of a (G, 5, 1) difference matrix D: the block of column c and shift x
    holds (0, x), (1, c + x), and (k + 1, D_k[c] + x); so the cell (x, y) has c = y - x
    and L_k(x, y) = D_k[y - x] + x."""
    (a, b), rows = DIFFERENCE_MATRICES[m]

    def add(u: int, v: int) -> int:
        return ((u // b + v // b) % a) * b + (u + v) % b

    def sub(u: int, v: int) -> int:
        return ((u // b - v // b) % a) * b + (u - v) % b

    return [
        tuple(tuple(add(row[sub(y, x)], x) for y in range(m)) for x in range(m)) for row in rows
    ]


@cache
def mols(m: int, count: int = 3) -> tuple[Square, ...] | None:
    """`count` (at most 3) mutually orthogonal Latin squares of order m (symbols 0..m-1),
    or None when the constructions here give fewer."""
    if m < 2 or not 1 <= count <= 3:
        return None
    if prime_power(m) is not None:
        return tuple(_field_mols(m, count)) if m - 1 >= count else None
    if m in DIFFERENCE_MATRICES:
        return tuple(_difference_matrix_mols(m)[:count])
    for a in range(4, m):
        if a * a > m:
            break
        if m % a == 0:
            first, second = mols(a, count), mols(m // a, count)
            if first is not None and second is not None:
                return tuple(_product(s, t) for s, t in zip(first, second, strict=True))
    return None


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
