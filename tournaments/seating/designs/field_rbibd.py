"""A resolvable 2-(3q+1, 4, 1) design from GF(q), q a prime power with q = 1 (mod 4).

The classical direct construction (T. Beth, D. Jungnickel, H. Lenz, Design Theory, 2nd ed.,
1999, VII.7.5; Handbook of Combinatorial Designs, 2nd ed., 2007, II.7): players are the
points (x, j) of GF(q) x {0, 1, 2} and one fixed point. With w a primitive element,
t = (q - 1)/4 and e = w^t (so e^2 = -1), the base round holds

    {(0, 0), (0, 1), (0, 2), fixed}  and, for i < t and each level j,
    {(w^i, j), (-w^i, j), (e w^i, j+1), (-e w^i, j+1)}  (levels mod 3);

round g adds g to every first coordinate. The pure and mixed differences of the base
tables are every nonzero element of GF(q) and every element once, so no two players meet
twice in the q = (N - 1)/3 rounds: the best possible. For q prime this is a cyclic design
(cyclic.py stores those); the field is what reaches q = 49 (148 players).
"""

from __future__ import annotations

from .finite_fields import galois_field, prime_power

LEVELS = 3
Schedule = list[list[list[int]]]


def field_order(n: int) -> int | None:
    """q when n = 3q + 1 with q a prime power = 1 (mod 4), else None."""
    if n % LEVELS != 1:
        return None
    q = (n - 1) // LEVELS
    if q < 5 or q % 4 != 1 or prime_power(q) is None:
        return None
    return q


def field_schedule(n: int) -> Schedule | None:
    """The (n - 1)/3 rounds of the design for n players (players 0..n-1: (x, j) is
    j*q + x in the field's numbering, the fixed point is n - 1), or None."""
    q = field_order(n)
    if q is None:
        return None
    field = galois_field(q)
    w = _primitive_element(field.mul, q)
    powers = [1]
    for _ in range(q - 2):
        powers.append(field.mul[powers[-1]][w])
    t = (q - 1) // 4
    e = powers[t]
    base: list[list[tuple[int, int]]] = [[(0, 0), (0, 1), (0, 2)]]
    for i in range(t):
        a = powers[i]
        b = field.mul[e][a]
        for j in range(LEVELS):
            up = (j + 1) % LEVELS
            base.append([(a, j), (field.neg(a), j), (b, up), (field.neg(b), up)])
    fixed = n - 1
    rounds: Schedule = []
    for g in field.elements:
        tables = [[j * q + field.add[x][g] for x, j in table] for table in base]
        tables[0].append(fixed)
        rounds.append(tables)
    return rounds


def _primitive_element(mul: tuple[tuple[int, ...], ...], q: int) -> int:
    for candidate in range(2, q):
        x, order = candidate, 1
        while x != 1:
            x = mul[x][candidate]
            order += 1
        if order == q - 1:
            return candidate
    raise ValueError(f"GF({q}) has no primitive element")  # pragma: no cover
