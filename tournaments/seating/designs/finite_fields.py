"""Finite fields GF(p^k) as addition and multiplication tables, for the design constructions.

An element is an int 0..q-1 whose base-p digits are the coefficients of a polynomial over
GF(p) (lowest digit = constant term), reduced modulo a monic irreducible polynomial of
degree k. The modulus is the smallest irreducible one in that digit order, so a field of
a given order is always built the same way. Tables are meant for orders up to a few
hundred (q^2 entries each).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import product

MAX_ORDER = 1024


def is_prime(n: int) -> bool:
    if n < 2:
        return False
    d = 2
    while d * d <= n:
        if n % d == 0:
            return False
        d += 1
    return True


def prime_power(q: int) -> tuple[int, int] | None:
    """(p, k) with q = p^k for a prime p, or None when q is not a prime power."""
    if q < 2:
        return None
    p = next(d for d in range(2, q + 1) if q % d == 0)
    k, rest = 0, q
    while rest % p == 0:
        rest //= p
        k += 1
    return (p, k) if rest == 1 else None


Poly = tuple[int, ...]  # coefficients over GF(p), lowest degree first, no trailing zeros


def _trim(coefficients: list[int]) -> Poly:
    while coefficients and coefficients[-1] == 0:
        coefficients.pop()
    return tuple(coefficients)


def _poly_mod(a: Poly, m: Poly, p: int) -> Poly:
    """a mod m over GF(p); m monic."""
    rest = list(a)
    while len(rest) >= len(m):
        lead = rest[-1]
        shift = len(rest) - len(m)
        for i, c in enumerate(m):
            rest[shift + i] = (rest[shift + i] - lead * c) % p
        rest = list(_trim(rest))
    return tuple(rest)


def _poly_mul(a: Poly, b: Poly, p: int) -> Poly:
    if not a or not b:
        return ()
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] = (out[i + j] + x * y) % p
    return _trim(out)


def _monic_polys(p: int, degree: int) -> list[Poly]:
    """Monic polynomials of one degree, in increasing digit order."""
    return [(*reversed(c), 1) for c in product(range(p), repeat=degree)]


def irreducible_polynomial(p: int, k: int) -> Poly:
    """The first monic irreducible polynomial of degree k over GF(p) (trial division by
    every monic polynomial of degree up to k/2)."""
    for candidate in sorted(_monic_polys(p, k), key=lambda f: f[::-1]):
        if all(
            _poly_mod(candidate, divisor, p)
            for degree in range(1, k // 2 + 1)
            for divisor in _monic_polys(p, degree)
        ):
            return candidate
    raise AssertionError(
        f"no irreducible polynomial of degree {k} over GF({p})"
    )  # pragma: no cover


@dataclass(frozen=True)
class GaloisField:
    """GF(q), q = p^k: elements 0..q-1, 0 and 1 the field's zero and one."""

    p: int
    k: int
    modulus: Poly
    add: tuple[tuple[int, ...], ...]
    mul: tuple[tuple[int, ...], ...]

    @property
    def order(self) -> int:
        return self.p**self.k

    @property
    def elements(self) -> range:
        return range(self.order)

    def neg(self, a: int) -> int:
        return self.add[a].index(0)

    def sub(self, a: int, b: int) -> int:
        return self.add[a][self.neg(b)]

    def inv(self, a: int) -> int:
        if a == 0:
            raise ZeroDivisionError("0 has no inverse")
        return self.mul[a].index(1)


def _to_poly(x: int, p: int) -> Poly:
    digits = []
    while x:
        x, d = divmod(x, p)
        digits.append(d)
    return tuple(digits)


def _to_int(f: Poly, p: int) -> int:
    return sum(c * p**i for i, c in enumerate(f))


@cache
def galois_field(q: int) -> GaloisField:
    """GF(q) for a prime power q <= MAX_ORDER."""
    pk = prime_power(q)
    if pk is None:
        raise ValueError(f"no field of order {q}: not a prime power")
    if q > MAX_ORDER:
        raise ValueError(f"GF({q}) is beyond the tables' limit of {MAX_ORDER}")
    p, k = pk
    modulus = irreducible_polynomial(p, k) if k > 1 else (0, 1)
    polys = [_to_poly(x, p) for x in range(q)]
    add = tuple(
        tuple(
            _to_int(
                tuple((a + b) % p for a, b in _zip_padded(polys[x], polys[y], k)),
                p,
            )
            for y in range(q)
        )
        for x in range(q)
    )
    # Multiplication through logarithms: find a generator of the multiplicative group by
    # its powers (q multiplications per candidate), then mul = exp(log a + log b).
    exp: list[int] = []
    for g in range(2, q) if q > 2 else [1]:
        powers, x = [], 1
        for _ in range(q - 1):
            powers.append(x)
            x = _to_int(_poly_mod(_poly_mul(polys[x], polys[g], p), modulus, p), p)
        if len(set(powers)) == q - 1:
            exp = powers
            break
    log = {x: i for i, x in enumerate(exp)}
    mul = tuple(
        tuple(0 if x == 0 or y == 0 else exp[(log[x] + log[y]) % (q - 1)] for y in range(q))
        for x in range(q)
    )
    return GaloisField(p, k, modulus, add, mul)


def _zip_padded(a: Poly, b: Poly, length: int) -> list[tuple[int, int]]:
    return [(a[i] if i < len(a) else 0, b[i] if i < len(b) else 0) for i in range(max(length, 1))]
