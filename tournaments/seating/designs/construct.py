"""Which construction builds the longest repeat-free schedule for n players, and the schedule.

The constructions are asked in a fixed order and the longest schedule wins (the first on
a tie), so the answer for an n never changes between runs:

1. affine: AG(k, 4) when n = 4^k (affine.py), (n - 1)/3 rounds.
2. inflation: n = v * m, a schedule for v inflated by an RTD(4, m), its groups filled with
   a schedule for m when m % 4 == 0 (recursive.py, mols.py); v and m take their own
   best recipes, cyclic ones included.
3. group inflation: n = g*u*m, a stored 4-RGDD of type g^u (group_designs.py) inflated
   by an RTD(4, m), its inflated groups of g*m filled with the best recipe for g*m.
4. cyclic: the stored schedules of cyclic.py.
5. field: n = 3q + 1 with q a prime power = 1 (mod 4), (n - 1)/3 rounds (field_rbibd.py).
6. tripling: n = 3w + 1 with w = 5m or 5m + 1, the PBD of a TD(5, m) tripled, (n - 1)/3
   rounds when 3k + 1 players have k rounds for its block sizes k (tripling.py).
7. frame: n = 3mt + e (e = 1 or 3), the design for 3t + 1 without its fixed player,
   inflated by an RTD(4, m), its holes filled with e shared players: mt rounds (frames.py).
8. one round: any n divisible by 4 seats everyone once.

Without cyclic.py's data (measured for N = 16..400, step 4): the best known length for
N = 16, 20, 64 and 256, one round short of it for 32, 80, 128 and 320, at least 90% of it
for 112, 144, 176, 192, 208, 272, 304, 368 and 400; weakest where N/4 is 2 mod 4 or an
odd multiple of 3 with no usable factor (24: 1 round; 60 and 120: 5; 84 and 168: 7).
Schedules for cyclic N feed the inflation, so every stored N lifts its multiples too.

Recipes are found from round counts alone (cheap for every n); a schedule is built only
when asked for, and kept in a small cache as tuples so no caller can change it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from .affine import affine_dimension, affine_schedule
from .cyclic import cyclic_schedule
from .field_rbibd import field_order, field_schedule
from .frames import frame_schedule, unmet_group
from .group_designs import group_design, stored_group_designs
from .mols import mols
from .recursive import inflate
from .tripling import TD_BLOCK, transversal_pbd, tripled_schedule

Rounds = tuple[tuple[tuple[int, ...], ...], ...]


@dataclass(frozen=True)
class Recipe:
    """How to build a schedule: `construction` with its parameters, and its length."""

    construction: str  # "affine", "inflation", "group inflation", "cyclic", "field",
    # "tripling", "frame", "one round"
    rounds: int
    base: int = 0  # inflation: v, the players of the base schedule
    factor: int = 0  # inflation: m, the order of the RTD(4, m); tripling: of the TD(5, m)
    group: int = 1  # group inflation: g, the group size of the 4-RGDD base
    extra_point: bool = False  # tripling: the TD's groups have a point added
    shared: int = 0  # frame: the players added to every hole (base: 3t + 1, factor: m)

    def __str__(self) -> str:
        if self.construction == "inflation":
            filled = " + groups filled" if self.factor % 4 == 0 else ""
            return f"inflation of {self.base} by RTD(4,{self.factor}){filled}: {self.rounds} rounds"
        if self.construction == "group inflation":
            return (
                f"4-RGDD {self.group}^{self.base // self.group} inflated by RTD(4,{self.factor}),"
                f" groups of {self.group * self.factor} filled: {self.rounds} rounds"
            )
        if self.construction == "tripling":
            groups = f"groups of {self.factor} + 1 point" if self.extra_point else "groups"
            return f"TD(5,{self.factor}) with {groups}, tripled: {self.rounds} rounds"
        if self.construction == "frame":
            return (
                f"frame of {self.base} inflated by RTD(4,{self.factor}),"
                f" holes filled with {self.shared} shared: {self.rounds} rounds"
            )
        return f"{self.construction}: {self.rounds} rounds"


@cache
def _cyclic_rounds(n: int) -> int:
    """The length of cyclic.py's schedule (0 without one); only the length is kept, so
    asking every n does not hold every stored schedule in memory."""
    return len(cyclic_schedule(n) or ())


def _frozen(schedule: list[list[list[int]]]) -> Rounds:
    return tuple(tuple(tuple(table) for table in tables) for tables in schedule)


@cache
def recipes(n: int) -> tuple[Recipe, ...]:
    """Every construction that seats n players (n % 4 == 0), in the order asked."""
    if n < 4 or n % 4:
        return ()
    found: list[Recipe] = []
    if affine_dimension(n) is not None:
        found.append(Recipe("affine", (n - 1) // 3))
    for m in range(n // 4, 3, -1):
        if n % m == 0 and (n // m) % 4 == 0 and mols(m, 3) is not None:
            v = n // m
            filled = constructed_rounds(m) if m % 4 == 0 else 0
            found.append(Recipe("inflation", constructed_rounds(v) * m + filled, v, m))
    for g, u in stored_group_designs():
        m = n // (g * u)
        if n % (g * u) == 0 and m >= 4 and mols(m, 3) is not None:
            filled = constructed_rounds(g * m) if (g * m) % 4 == 0 else 0
            rounds = g * (u - 1) // 3 * m + filled
            found.append(Recipe("group inflation", rounds, g * u, m, g))
    if _cyclic_rounds(n):
        found.append(Recipe("cyclic", _cyclic_rounds(n)))
    if field_order(n) is not None:
        found.append(Recipe("field", (n - 1) // 3))
    tripling = _tripling(n)
    if tripling is not None:
        found.append(tripling)
    found.extend(_frames(n))
    found.append(Recipe("one round", 1))
    return tuple(found)


def _tripling(n: int) -> Recipe | None:
    """The tripling recipe for n = 3w + 1, w = 5m or 5m + 1, when its parts exist."""
    if n % 3 != 1 or (n - 1) // 3 % TD_BLOCK > 1:
        return None
    w = (n - 1) // 3
    m, extra_point = divmod(w, TD_BLOCK)
    group_block = m + extra_point
    if mols(m, 3) is None or any(
        constructed_rounds(3 * k + 1) != k for k in (TD_BLOCK, group_block)
    ):
        return None
    return Recipe("tripling", w, factor=m, extra_point=bool(extra_point))


def _frames(n: int) -> list[Recipe]:
    """Every frame recipe for n = 3mt + e, e = 1 or 3, with its parts: the design for
    3t + 1 (t rounds), an RTD(4, m) and the hole schedule for 3m + e (m rounds, its e
    shared players never met), t and m ascending."""
    found: list[Recipe] = []
    for shared in (1, 3):
        if (n - shared) % 3:
            continue
        rounds = (n - shared) // 3
        for t in range(5, rounds // 4 + 1):
            m = rounds // t
            if t * m != rounds or constructed_rounds(3 * t + 1) != t or mols(m, 3) is None:
                continue
            if _has_hole_schedule(3 * m + shared, m):
                found.append(Recipe("frame", rounds, 3 * t + 1, m, shared=shared))
    return found


@cache
def _has_hole_schedule(players: int, rounds: int) -> bool:
    """Whether our schedule for `players` (3m + e) reaches `rounds` (m) rounds with e =
    players - 3m shared players among them who never met (only the answer is kept, not
    the schedule)."""
    schedule = first_rounds(players, rounds)
    return schedule is not None and unmet_group(schedule, players, players - 3 * rounds) is not None


@lru_cache(maxsize=64)
def first_rounds(n: int, rounds: int) -> Rounds | None:
    """The first `rounds` rounds of our schedule for n players (as tuples), or None when it
    is not that long: what designs.repeat_free_schedule serves, and the parts the
    tripling and the frames are built from."""
    full = schedule_of(n)
    if full is None or len(full) < rounds:
        return None
    return full[:rounds]


def _design_for_block(k: int) -> Rounds | None:
    """The tripling's part for a block of k points: the design for 3k + 1 players."""
    return first_rounds(3 * k + 1, k)


def best_recipe(n: int) -> Recipe | None:
    """The longest recipe for n players (the first asked on a tie), or None."""
    options = recipes(n)
    if not options:
        return None
    longest = max(r.rounds for r in options)
    return next(r for r in options if r.rounds == longest)


def constructed_rounds(n: int) -> int:
    """The longest repeat-free schedule our constructions build for n players (0 if none)."""
    recipe = best_recipe(n)
    return 0 if recipe is None else recipe.rounds


@lru_cache(maxsize=16)
def schedule_of(n: int) -> Rounds | None:
    """The full schedule of `best_recipe(n)`, as tuples."""
    recipe = best_recipe(n)
    if recipe is None:
        return None
    if recipe.construction == "affine":
        built = affine_schedule(n)
    elif recipe.construction == "cyclic":
        built = cyclic_schedule(n)
    elif recipe.construction == "field":
        built = field_schedule(n)
    elif recipe.construction == "tripling":
        pbd = transversal_pbd(recipe.factor, recipe.extra_point)
        assert pbd is not None
        built = tripled_schedule(*pbd, _design_for_block)
    elif recipe.construction == "frame":
        t = (recipe.base - 1) // 3
        built = frame_schedule(t, recipe.factor, recipe.shared, first_rounds)
    elif recipe.construction == "group inflation":
        g, m = recipe.group, recipe.factor
        base_design = group_design(g, recipe.base // g)
        assert base_design is not None
        base_rounds, groups = base_design
        fill = schedule_of(g * m) or () if (g * m) % 4 == 0 else ()
        built = inflate(base_rounds, recipe.base, m, fill, groups)
    elif recipe.construction == "inflation":
        base = schedule_of(recipe.base) or ()
        fill = schedule_of(recipe.factor) or () if recipe.factor % 4 == 0 else ()
        built = inflate(base, recipe.base, recipe.factor, fill)
    else:
        built = [[list(range(i, i + 4)) for i in range(0, n, 4)]]
    assert built is not None and len(built) == recipe.rounds
    return _frozen(built)
