"""Search base parallel classes for repeat-free seating schedules; update cyclic_data.py.

Run offline (`python scripts/find_seating_designs.py 24 28 ...` or `--upto 200`); the result
is committed as data and verified by tests/seating/test_designs_cyclic.py.

Players are 3 levels of Z_m plus f fixed points (labelling of cyclic.py). The base class B
is developed over Z_m, round g = B + g. Pair coverage is a difference condition on B: for
two finite points x_i, y_j in one table the pair meets in the rounds where some table holds
(x-g)_i, (y-g)_j, so every difference class must occur exactly its target number of times.
A fixed point meets every finite point once when its table holds one point of each level.

    N = 12k+4: f = 1, m = (N-1)/3: resolvable BIBD(N, 4, 1), m = (N-1)/3 rounds.
    N = 12k:   f = 3, m = N/3 - 1: resolvable 4-GDD of type 3^(N/3); the groups
               {x_0, x_1, x_2} and the fixed points never meet (mixed difference 0: 0 times).
    N = 12k+8: f = 2, m = (N-2)/3: resolvable 4-GDD of type 2^(N/2); groups {x_i, (x+m/2)_i}
               (pure difference m/2: 0 times) and the two fixed points.
Each gives floor((N-1)/3) rounds, the best known length.

Search: simulated annealing, cost = sum over difference classes of (count - target)^2,
updated incrementally, in a small C kernel compiled at run time (cc; the pure Python
`anneal` is the slow reference, --python). Two forms, the first one that succeeds wins:
1. symmetric (`anneal_cycled`): B invariant under tau: x_i -> (c x)_(i+1) with c^3 = 1
   (levels cycled) and, for one fixed point and m prime, under a multiplier group H; the
   search runs over representative tables only, 3|H| times smaller. Moves: swap two
   values, change a slot's level, replace a value by another of its H-orbit.
2. plain (`anneal_native`): B unrestricted, a move swaps two finite points between tables
   (one level only when a fixed point's table is involved).
Seeded, so a run is repeatable given the same budgets; each attempt is bounded by steps,
each N by CPU seconds (so a slower machine may find fewer). Every class found is developed
and verified before it is written.
"""

from __future__ import annotations

import argparse
import ctypes
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tournaments" / "seating" / "designs" / "cyclic_data.py"
sys.path.insert(0, str(ROOT))

from tournaments.seating.designs.cyclic import (  # noqa: E402
    develop,
    is_partition,
    repeated_pairs,
)

LEVELS = 3
# Share of the symmetric search's moves that start from an over-covered pair.
FOCUS = float(os.environ.get("SEATING_FOCUS", "0.5"))


def ansatz(n: int) -> tuple[int, int]:
    """(m, number of fixed points) of the 1-rotational form for n players."""
    fixed = {4: 1, 0: 3, 8: 2}[n % 12]
    return (n - fixed) // LEVELS, fixed


class DifferenceCost:
    """Difference classes of the finite pairs, their targets, and the index of each pair.

    A pair of one level counts in its pure class min(d, m-d); a pair of levels i < j counts
    in the mixed class (i, j, y - x) with x the point of level i.
    """

    def __init__(self, m: int, fixed: int) -> None:
        self.m = m
        half = m // 2
        pure_classes = half + 1
        self.pure_base = [level * pure_classes for level in range(LEVELS)]
        mixed_start = LEVELS * pure_classes
        level_pairs = [(0, 1), (0, 2), (1, 2)]
        self.mixed_base = {pair: mixed_start + k * m for k, pair in enumerate(level_pairs)}
        size = mixed_start + len(level_pairs) * m
        target = [0] * size
        for level in range(LEVELS):
            for d in range(1, half + 1):
                group_difference = fixed == 2 and 2 * d == m
                target[self.pure_base[level] + d] = 0 if group_difference else 1
        for base in self.mixed_base.values():
            for d in range(m):
                target[base + d] = 0 if (fixed == 3 and d == 0) else 1
        self.target = target
        finite = LEVELS * m
        index = [0] * (finite * finite)
        for a in range(finite):
            la, xa = divmod(a, m)
            for b in range(finite):
                if a == b:
                    continue
                lb, xb = divmod(b, m)
                if la == lb:
                    d = (xb - xa) % m
                    index[a * finite + b] = self.pure_base[la] + min(d, m - d)
                elif la < lb:
                    index[a * finite + b] = self.mixed_base[(la, lb)] + (xb - xa) % m
                else:
                    index[a * finite + b] = self.mixed_base[(lb, la)] + (xa - xb) % m
        self.index = index


def anneal(n: int, seed: int, steps: int, budget_seconds: float) -> list[list[int]] | None:
    """A base class for n players whose development repeats no pair, or None."""
    m, fixed = ansatz(n)
    finite = LEVELS * m
    costs = DifferenceCost(m, fixed)
    index, target = costs.index, costs.target
    rng = random.Random(seed)
    started = time.process_time()
    while time.process_time() - started < budget_seconds:
        # Tables 0..fixed-1 hold a fixed point and one finite point per level.
        points = list(range(finite))
        rng.shuffle(points)
        tables: list[list[int]] = []
        by_level = [[p for p in points if p // m == level] for level in range(LEVELS)]
        for _ in range(fixed):
            tables.append([by_level[level].pop() for level in range(LEVELS)])
        rest = [p for level in by_level for p in level]
        rng.shuffle(rest)
        tables += [rest[i : i + 4] for i in range(0, len(rest), 4)]
        table_of = [0] * finite
        for t, table in enumerate(tables):
            for p in table:
                table_of[p] = t
        count = [0] * len(target)
        for table in tables:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    count[index[a * finite + b]] += 1
        cost = sum((c - t) ** 2 for c, t in zip(count, target, strict=True))
        temperature = 2.0
        cooling = math.exp(math.log(0.05 / temperature) / steps)
        level_of = [p // m for p in range(finite)]
        randrange, rand = rng.randrange, rng.random
        best = cost
        for _step in range(steps):
            if cost == 0:
                return [
                    table + [finite + t] if t < fixed else table for t, table in enumerate(tables)
                ]
            p = randrange(finite)
            r = randrange(finite)
            tp, tr = table_of[p], table_of[r]
            if tp == tr or ((tp < fixed or tr < fixed) and level_of[p] != level_of[r]):
                continue
            delta = 0
            changed = []
            for leaving, arriving, table in ((p, r, tables[tp]), (r, p, tables[tr])):
                for q in table:
                    if q == leaving:
                        continue
                    e = index[leaving * finite + q]
                    delta += 1 - 2 * (count[e] - target[e])
                    count[e] -= 1
                    e2 = index[arriving * finite + q]
                    delta += 1 + 2 * (count[e2] - target[e2])
                    count[e2] += 1
                    changed.append((e, e2))
            if delta <= 0 or rand() < math.exp(-delta / temperature):
                table_p, table_r = tables[tp], tables[tr]
                table_p[table_p.index(p)] = r
                table_r[table_r.index(r)] = p
                table_of[p], table_of[r] = tr, tp
                cost += delta
                best = min(best, cost)
            else:
                for e, e2 in changed:
                    count[e] += 1
                    count[e2] -= 1
            temperature *= cooling
        print(f"  N={n} attempt ended at cost {cost} (best {best})", flush=True)
    return None


# The same annealing as `anneal`, in C for speed (about 100 times faster): compiled at run
# time with the system compiler into a temporary directory and called through ctypes.
KERNEL_SOURCE = r"""
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

static uint64_t state;
static inline uint64_t next_random(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

/* Simulated annealing over a base class; returns the final cost (0: found). */
long long anneal(int finite, int fixed, int ntables, const int *index, const int *target,
                 int nclasses, int *tables, int *level_of, uint64_t seed, long long steps,
                 double t0, double t1, long long *best_cost) {
    int *count = calloc(nclasses, sizeof(int));
    int *table_of = malloc(finite * sizeof(int));
    int *slot_of = malloc(finite * sizeof(int));
    state = seed * 2654435761u + 88172645463325252ull;
    for (int t = 0; t < ntables; t++) {
        int size = t < fixed ? 3 : 4;
        for (int i = 0; i < size; i++) {
            table_of[tables[4 * t + i]] = t;
            slot_of[tables[4 * t + i]] = i;
            for (int j = i + 1; j < size; j++)
                count[index[tables[4 * t + i] * finite + tables[4 * t + j]]]++;
        }
    }
    long long cost = 0, best = 0;
    for (int e = 0; e < nclasses; e++) cost += (long long)(count[e] - target[e]) * (count[e] - target[e]);
    best = cost;
    double temperature = t0;
    double cooling = exp(log(t1 / t0) / (double)steps);
    int changed[12];
    for (long long step = 0; step < steps && cost > 0; step++) {
        temperature *= cooling;
        int p = next_random() % finite, r = next_random() % finite;
        /* Half of the moves take a player of an over-covered pair: at low cost almost
           every table is fine, and random moves would mostly disturb good tables. */
        if (next_random() & 1) {
            for (int tries = 0; tries < ntables; tries++) {
                int t = next_random() % ntables, size = t < fixed ? 3 : 4, hit = 0;
                for (int i = 0; i < size && !hit; i++)
                    for (int j = i + 1; j < size && !hit; j++) {
                        int e = index[tables[4 * t + i] * finite + tables[4 * t + j]];
                        if (count[e] > target[e]) {
                            p = tables[4 * t + ((next_random() & 1) ? i : j)];
                            hit = 1;
                        }
                    }
                if (hit) break;
            }
        }
        int tp = table_of[p], tr = table_of[r];
        if (tp == tr) continue;
        if ((tp < fixed || tr < fixed) && level_of[p] != level_of[r]) continue;
        int delta = 0, nchanged = 0;
        for (int side = 0; side < 2; side++) {
            int leaving = side ? r : p, arriving = side ? p : r, t = side ? tr : tp;
            int size = t < fixed ? 3 : 4;
            for (int i = 0; i < size; i++) {
                int q = tables[4 * t + i];
                if (q == leaving) continue;
                int e = index[leaving * finite + q];
                delta += 1 - 2 * (count[e] - target[e]);
                count[e]--;
                int e2 = index[arriving * finite + q];
                delta += 1 + 2 * (count[e2] - target[e2]);
                count[e2]++;
                changed[nchanged++] = e;
                changed[nchanged++] = e2;
            }
        }
        if (delta <= 0 || (double)(next_random() >> 11) * (1.0 / 9007199254740992.0) < exp(-delta / temperature)) {
            tables[4 * tp + slot_of[p]] = r;
            tables[4 * tr + slot_of[r]] = p;
            int sp = slot_of[p];
            slot_of[p] = slot_of[r];
            slot_of[r] = sp;
            table_of[p] = tr;
            table_of[r] = tp;
            cost += delta;
            if (cost < best) best = cost;
        } else {
            for (int k = 0; k < nchanged; k += 2) {
                count[changed[k]]++;
                count[changed[k + 1]]--;
            }
        }
    }
    free(count);
    free(table_of);
    free(slot_of);
    *best_cost = best;
    return cost;
}

static int m_, half_, ntables_, *vals, *levs, *sizes, *class_count;
static const int *target_;
static long long cost_;

/* The symmetry maps x_i to (c x)_(i+1), so a slot holding value w at level i is the point
   (c^i w)_i. Difference class of the slots (u, i) and (v, j) of a representative table,
   brought back to level 0 (pure) or the level pair (0, 1) (mixed) by powers of 1/c, then
   to the orbit's representative under the multiplier group H (canon_*): pure classes
   0..half, then mixed classes half+1+d. */
static int cpow[3], cinv[3];
static const int *canon_pure_, *canon_mixed_;
static int cycled_ = 1;
static inline int pair_class(int u, int i, int v, int j) {
    if (!cycled_) {
        /* Levels kept: pure classes per level, mixed per level pair (0,1), (0,2), (1,2). */
        if (i == j) return i * (half_ + 1) + canon_pure_[((v - u) % m_ + m_) % m_];
        int lo = i < j ? i : j, hi = i < j ? j : i, d = i < j ? v - u : u - v;
        return 3 * (half_ + 1) + (lo + hi - 1) * m_ + canon_mixed_[(d % m_ + m_) % m_];
    }
    long long x = (long long)cpow[i] * u % m_, y = (long long)cpow[j] * v % m_;
    if (i == j) return canon_pure_[((y - x) % m_ + m_) * cinv[i] % m_];
    if (j == (i + 1) % 3) return half_ + 1 + canon_mixed_[((y - x) % m_ + m_) * cinv[i] % m_];
    return half_ + 1 + canon_mixed_[((x - y) % m_ + m_) * cinv[j] % m_];
}

static inline void bump(int e, int by) {
    int c = class_count[e] - target_[e];
    cost_ += by > 0 ? 2 * c + 1 : 1 - 2 * c;
    class_count[e] += by;
}

static void slot_pairs(int t, int s, int by) {
    for (int k = 0; k < sizes[t]; k++)
        if (k != s)
            bump(pair_class(vals[4 * t + s], levs[4 * t + s], vals[4 * t + k], levs[4 * t + k]), by);
}

/* Annealing over representative tables of the level-cycling symmetry; 0 when found. */
long long anneal_cycled(int m, int c, int c_inverse, int ntables, int *vals_io, int *levs_io,
                        int *sizes_io, const int *target, int nclasses, uint64_t seed,
                        long long steps, double t0, double t1, double focus,
                        const int *canon_pure, const int *canon_mixed, const int *group,
                        int group_size, int cycled, long long *best_cost) {
    m_ = m;
    cycled_ = cycled;
    canon_pure_ = canon_pure;
    canon_mixed_ = canon_mixed;
    cpow[0] = cinv[0] = 1;
    for (int k = 1; k < 3; k++) {
        cpow[k] = (int)((long long)cpow[k - 1] * c % m);
        cinv[k] = (int)((long long)cinv[k - 1] * c_inverse % m);
    }
    half_ = m / 2;
    ntables_ = ntables;
    vals = vals_io;
    levs = levs_io;
    sizes = sizes_io;
    target_ = target;
    class_count = calloc(nclasses, sizeof(int));
    state = seed * 2654435761u + 88172645463325252ull;
    cost_ = 0;
    for (int e = 0; e < nclasses; e++) cost_ += (long long)target[e] * target[e];
    for (int t = 0; t < ntables; t++)
        for (int s = 0; s < sizes[t]; s++)
            for (int k = s + 1; k < sizes[t]; k++)
                bump(pair_class(vals[4 * t + s], levs[4 * t + s], vals[4 * t + k], levs[4 * t + k]), 1);
    long long best = cost_;
    double temperature = t0, cooling = exp(log(t1 / t0) / (double)steps);
    for (long long step = 0; step < steps && cost_ > 0; step++) {
        temperature *= cooling;
        long long before = cost_;
        int t1_ = next_random() % ntables, s1 = next_random() % sizes[t1_];
        /* With probability focus, a slot of an over-covered pair: at low cost almost every
           table is right, and random moves would mostly disturb good ones. */
        if ((double)(next_random() >> 11) * (1.0 / 9007199254740992.0) < focus) {
            for (int tries = 0, hit = 0; tries < ntables && !hit; tries++) {
                int t = next_random() % ntables;
                for (int i = 0; i < sizes[t] && !hit; i++)
                    for (int j = i + 1; j < sizes[t] && !hit; j++) {
                        int e = pair_class(vals[4 * t + i], levs[4 * t + i], vals[4 * t + j], levs[4 * t + j]);
                        if (class_count[e] > target_[e]) {
                            t1_ = t;
                            s1 = (next_random() & 1) ? i : j;
                            hit = 1;
                        }
                    }
            }
        }
        if (group_size > 1 && next_random() % 5 == 0) {
            /* Another member of the value's H-orbit: the orbit stays, the table changes. */
            int old = vals[4 * t1_ + s1];
            slot_pairs(t1_, s1, -1);
            vals[4 * t1_ + s1] = (int)((long long)group[1 + next_random() % (group_size - 1)] * old % m_);
            slot_pairs(t1_, s1, 1);
            long long delta = cost_ - before;
            if (delta > 0 && (double)(next_random() >> 11) * (1.0 / 9007199254740992.0) >= exp(-delta / temperature)) {
                slot_pairs(t1_, s1, -1);
                vals[4 * t1_ + s1] = old;
                slot_pairs(t1_, s1, 1);
            }
        } else if (cycled_ && next_random() % 5 == 0) {
            if (sizes[t1_] < 4) continue;  /* the fixed point's table keeps levels 0, 1, 2 */
            int old = levs[4 * t1_ + s1];
            slot_pairs(t1_, s1, -1);
            levs[4 * t1_ + s1] = (old + 1 + (int)(next_random() & 1)) % 3;
            slot_pairs(t1_, s1, 1);
            long long delta = cost_ - before;
            if (delta > 0 && (double)(next_random() >> 11) * (1.0 / 9007199254740992.0) >= exp(-delta / temperature)) {
                slot_pairs(t1_, s1, -1);
                levs[4 * t1_ + s1] = old;
                slot_pairs(t1_, s1, 1);
            }
        } else {
            int t2 = next_random() % ntables, s2 = next_random() % sizes[t2];
            if (t1_ == t2) continue;
            int la = levs[4 * t1_ + s1], lb = levs[4 * t2 + s2];
            /* Without level cycling a slot is a point (value, level) and moves whole; the
               fixed point's table keeps one point per level. */
            if (!cycled_ && la != lb && (sizes[t1_] < 4 || sizes[t2] < 4)) continue;
            slot_pairs(t1_, s1, -1);
            slot_pairs(t2, s2, -1);
            int a = vals[4 * t1_ + s1];
            vals[4 * t1_ + s1] = vals[4 * t2 + s2];
            vals[4 * t2 + s2] = a;
            if (!cycled_) {
                levs[4 * t1_ + s1] = lb;
                levs[4 * t2 + s2] = la;
            }
            slot_pairs(t1_, s1, 1);
            slot_pairs(t2, s2, 1);
            long long delta = cost_ - before;
            if (delta > 0 && (double)(next_random() >> 11) * (1.0 / 9007199254740992.0) >= exp(-delta / temperature)) {
                slot_pairs(t1_, s1, -1);
                slot_pairs(t2, s2, -1);
                vals[4 * t2 + s2] = vals[4 * t1_ + s1];
                vals[4 * t1_ + s1] = a;
                levs[4 * t1_ + s1] = la;
                levs[4 * t2 + s2] = lb;
                slot_pairs(t1_, s1, 1);
                slot_pairs(t2, s2, 1);
            }
        }
        if (cost_ < best) best = cost_;
    }
    free(class_count);
    *best_cost = best;
    return cost_;
}
"""


def load_kernel() -> ctypes.CDLL | None:
    """The compiled C kernel, or None when no C compiler is available."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        return None
    build = Path(tempfile.mkdtemp(prefix="seating-kernel-"))
    (build / "kernel.c").write_text(KERNEL_SOURCE)
    library = build / "kernel.so"
    subprocess.run(
        [compiler, "-O2", "-shared", "-fPIC", "-o", str(library), str(build / "kernel.c"), "-lm"],
        check=True,
    )
    kernel = ctypes.CDLL(str(library))
    array = np.ctypeslib.ndpointer(dtype=np.int32, flags="C_CONTIGUOUS")
    kernel.anneal.restype = ctypes.c_longlong
    kernel.anneal.argtypes = [
        ctypes.c_int, ctypes.c_int, ctypes.c_int, array, array, ctypes.c_int, array, array,
        ctypes.c_uint64, ctypes.c_longlong, ctypes.c_double, ctypes.c_double,
        ctypes.POINTER(ctypes.c_longlong),
    ]  # fmt: skip
    kernel.anneal_cycled.restype = ctypes.c_longlong
    kernel.anneal_cycled.argtypes = [
        ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int, array, array, array, array, ctypes.c_int, ctypes.c_uint64,
        ctypes.c_longlong, ctypes.c_double, ctypes.c_double, ctypes.c_double, array, array,
        array, ctypes.c_int, ctypes.c_int, ctypes.POINTER(ctypes.c_longlong),
    ]  # fmt: skip
    return kernel


def anneal_native(
    kernel: ctypes.CDLL, n: int, seed: int, steps: int, budget_seconds: float,
    temperatures: tuple[float, float],
) -> list[list[int]] | None:  # fmt: skip
    """`anneal` through the C kernel: restarts from random classes until the budget ends."""
    m, fixed = ansatz(n)
    finite = LEVELS * m
    costs = DifferenceCost(m, fixed)
    index = np.array(costs.index, dtype=np.int32)
    target = np.array(costs.target, dtype=np.int32)
    level_of = np.array([p // m for p in range(finite)], dtype=np.int32)
    rng = random.Random(seed)
    started = time.process_time()
    while time.process_time() - started < budget_seconds:
        by_level = [[p for p in range(finite) if p // m == level] for level in range(LEVELS)]
        for points in by_level:
            rng.shuffle(points)
        tables = [[by_level[level].pop() for level in range(LEVELS)] + [-1] for _ in range(fixed)]
        rest = [p for points in by_level for p in points]
        rng.shuffle(rest)
        tables += [rest[i : i + 4] for i in range(0, len(rest), 4)]
        flat = np.array(tables, dtype=np.int32).ravel()
        best = ctypes.c_longlong()
        cost = kernel.anneal(
            finite, fixed, len(tables), index, target, len(costs.target), flat, level_of,
            rng.getrandbits(63), steps, temperatures[0], temperatures[1], ctypes.byref(best),
        )  # fmt: skip
        if cost == 0:
            found = flat.reshape(-1, 4).tolist()
            return [t[:3] + [finite + i] if i < fixed else t for i, t in enumerate(found)]
        print(f"  N={n} attempt ended at cost {cost} (best {best.value})", flush=True)
    return None


def anneal_permuting_fixed(
    kernel: ctypes.CDLL, n: int, seed: int, steps: int, budget_seconds: float,
    temperatures: tuple[float, float],
) -> list[list[int]] | None:  # fmt: skip
    """Three fixed points, m prime = 7 (mod 12): B invariant under x_i -> (w x)_i, w^3 = 1,
    which also cycles the fixed points (levels are not cycled).

    B = the orbit of {∞_0, x_0, y_1, z_2} (x, y, z nonzero), three invariant tables
    {0_i, u_j, (wu)_j, (w^2 u)_j} (one per i, their u and j chosen per attempt and their
    differences taken off the targets), and the orbits of (m-7)/4 representative tables.
    """
    m, fixed = ansatz(n)
    if fixed != 3 or m % 12 != 7 or any(m % p == 0 for p in range(2, math.isqrt(m) + 1)):
        return None
    root = next(
        g for g in range(2, m) if all(pow(g, (m - 1) // p, m) != 1 for p in prime_factors(m - 1))
    )
    omega = pow(root, (m - 1) // 3, m)
    group = [1, omega, omega * omega % m]
    half = m // 2
    canon_pure = np.array(
        [min(h * s * d % m for h in group for s in (1, -1)) for d in range(m)], dtype=np.int32
    )
    canon_mixed = np.array([min(h * d % m for h in group) for d in range(m)], dtype=np.int32)
    reps = [w for w in range(1, m) if canon_mixed[w] == w]
    mixed_start = LEVELS * (half + 1)
    rng = random.Random(seed)
    started = time.process_time()
    while time.process_time() - started < budget_seconds:
        target = [0] * (mixed_start + 3 * m)
        for level in range(LEVELS):
            for d in range(1, half + 1):
                target[level * (half + 1) + d] = int(canon_pure[d] == d)
        for k in range(3):
            for d in range(1, m):
                target[mixed_start + k * m + d] = int(canon_mixed[d] == d)
        points = [(w, level) for level in range(LEVELS) for w in reps]
        rng.shuffle(points)
        infinite = [next(p for p in points if p[1] == level) for level in range(LEVELS)]
        for p in infinite:
            points.remove(p)
        invariant = []
        for i in range(LEVELS):
            u, j = points.pop()
            invariant.append((i, u, j))
            if i == j:
                target[i * (half + 1) + int(canon_pure[u])] -= 1
            else:
                lo, hi = min(i, j), max(i, j)
                d = u if i < j else -u % m
                target[mixed_start + (lo + hi - 1) * m + int(canon_mixed[d])] -= 1
            target[j * (half + 1) + int(canon_pure[(omega - 1) * u % m])] -= 1
        if min(target) < 0:
            continue
        vals = [w for w, _ in infinite] + [0] + [w for w, _ in points]
        levs = [0, 1, 2, 0] + [level for _, level in points]
        sizes = [3] + [4] * (len(points) // 4)
        val_array = np.array(vals, dtype=np.int32)
        lev_array = np.array(levs, dtype=np.int32)
        best = ctypes.c_longlong()
        cost = kernel.anneal_cycled(
            m, 1, 1, len(sizes), val_array, lev_array, np.array(sizes, dtype=np.int32),
            np.array(target, dtype=np.int32), len(target), rng.getrandbits(63), steps,
            temperatures[0], temperatures[1], FOCUS, canon_pure, canon_mixed,
            np.array(group, dtype=np.int32), len(group), 0, ctypes.byref(best),
        )  # fmt: skip
        if cost == 0:
            vals, levs = val_array.tolist(), lev_array.tolist()
            tables = [
                [i * m, j * m + u, j * m + omega * u % m, j * m + u * group[2] % m]
                for i, u, j in invariant
            ]
            for t, size in enumerate(sizes):
                for a, h in enumerate(group):
                    table = [levs[4 * t + k] * m + h * vals[4 * t + k] % m for k in range(size)]
                    tables.append(table + [LEVELS * m + a] if size == 3 else table)
            return tables
        print(f"  N={n} permuting attempt ended at cost {cost} (best {best.value})", flush=True)
    return None


def cube_roots_of_unity(m: int) -> list[int]:
    """The units c of Z_m with c^3 = 1, 1 first."""
    return [c for c in range(1, m) if math.gcd(c, m) == 1 and pow(c, 3, m) == 1]


def multiplier_groups(m: int, fixed: int) -> list[list[int]]:
    """Groups H of multipliers the base class may also be invariant under, largest first.

    Only for one fixed point and m prime: H of odd order k (so -1 is not in H and a pure
    difference orbit is ±H·d) acts freely on the nonzero values, and the (m-1)/4 tables
    off the invariant one must fall into orbits of k: k divides (m-1)/4. The trivial group
    is always there; a larger H shrinks the search k-fold more, when such a class exists.
    """
    trivial = [[1]]
    if fixed != 1 or any(m % p == 0 for p in range(2, math.isqrt(m) + 1)):
        return trivial
    root = next(
        g for g in range(2, m) if all(pow(g, (m - 1) // p, m) != 1 for p in prime_factors(m - 1))
    )
    groups = []
    for k in range(3, m, 2):
        if (m - 1) // 4 % k == 0:
            generator = pow(root, (m - 1) // k, m)
            groups.append([pow(generator, e, m) for e in range(k)])
    return groups[::-1] + trivial


def prime_factors(n: int) -> set[int]:
    return {
        p for p in range(2, n + 1) if n % p == 0 and all(p % q for q in range(2, math.isqrt(p) + 1))
    }


def anneal_cycled(
    kernel: ctypes.CDLL, n: int, seed: int, steps: int, budget_seconds: float,
    temperatures: tuple[float, float],
) -> list[list[int]] | None:  # fmt: skip
    """A base class invariant under tau: x_i -> (c x)_(i+1), ∞_a -> ∞_(a+1) (c^3 = 1 in Z_m).

    The class is the tau-orbits of representative tables. The point orbits are
    {w_0, (cw)_1, (c^2 w)_2}, named by w; a slot (w, i) of a representative is (c^i w)_i, and
    a table holds each w at most once (else its orbit would seat a player twice).
    * one fixed point: the invariant table {∞, 0_0, 0_1, 0_2}, (m-1)/4 representatives;
    * three: the representative {∞_0, x_0, y_1, z_2} (∞_a cycle), (m-3)/4 representatives;
    * two: both fixed points stay, in the invariant tables {∞_a, w_0, (cw)_1, (c^2 w)_2}
      for w = 0 and one w = b; their mixed differences (c-1)w differ only when c != 1.
    Under tau the three levels' pure conditions become one (level i's differences times
    1/c^i), and the mixed conditions of the level pairs (0,1), (1,2), (2,0) one. The search
    space shrinks threefold, which is what makes N up to a few hundred reachable.
    """
    m, fixed = ansatz(n)
    half = m // 2
    multipliers = cube_roots_of_unity(m)
    if fixed == 2:
        multipliers = multipliers[1:]
    configurations = [(c, group) for c in multipliers for group in multiplier_groups(m, fixed)]
    if not configurations:
        return None
    rng = random.Random(seed)
    started = time.process_time()
    attempt = 0
    while time.process_time() - started < budget_seconds:
        c, group = configurations[attempt % len(configurations)]
        attempt += 1
        canon_pure = np.array(
            [min(h * s * d % m for h in group for s in (1, -1)) for d in range(m)], dtype=np.int32
        )
        canon_mixed = np.array([min(h * d % m for h in group) for d in range(m)], dtype=np.int32)
        # Pure classes 0..half (0 unused; with two fixed points m/2 is a group), then the
        # mixed classes 0..m-1 (0: the invariant table's with one fixed point, a group with
        # three; with two, the invariant tables take the classes (c-1)w).
        pure = [int(canon_pure[d] == d) for d in range(half + 1)]
        mixed = [int(canon_mixed[d] == d) for d in range(m)]
        pure[0] = 0
        invariant: list[int] = []
        if fixed == 2:
            pure[half] = 0
            others = [w for w in range(1, m) if (c - 1) * w % m != 0]
            invariant = [0, rng.choice(others)]
            for w in invariant:
                mixed[(c - 1) * w % m] -= 1
        else:
            mixed[0] = 0
        target = np.array(pure + mixed, dtype=np.int32)
        if fixed == 1:
            invariant = [0]
        values = [w for w in range(m) if w not in invariant and canon_mixed[w] == w]
        rng.shuffle(values)
        vals: list[int] = []
        levs: list[int] = []
        sizes: list[int] = []
        if fixed == 3:
            vals += values[:3] + [0]
            levs += [0, 1, 2, 0]
            sizes.append(3)
            values = values[3:]
        for i in range(0, len(values), 4):
            vals += values[i : i + 4]
            levs += [rng.randrange(LEVELS) for _ in range(4)]
            sizes.append(4)
        val_array = np.array(vals, dtype=np.int32)
        lev_array = np.array(levs, dtype=np.int32)
        size_array = np.array(sizes, dtype=np.int32)
        best = ctypes.c_longlong()
        cost = kernel.anneal_cycled(
            m, c, pow(c, -1, m), len(sizes), val_array, lev_array, size_array, target,
            len(target), rng.getrandbits(63), steps, temperatures[0], temperatures[1], FOCUS,
            canon_pure, canon_mixed, np.array(group, dtype=np.int32), len(group), 1,
            ctypes.byref(best),
        )  # fmt: skip
        if cost == 0:
            return develop_orbits(
                m, c, group, invariant, sizes, val_array.tolist(), lev_array.tolist()
            )
        print(
            f"  N={n} c={c} |H|={len(group)} cycled attempt ended at cost {cost} (best {best.value})",
            flush=True,
        )
    return None


def develop_orbits(
    m: int, c: int, group: list[int], invariant: list[int], sizes: list[int], vals: list[int],
    levs: list[int],
) -> list[list[int]]:  # fmt: skip
    """The base class: the invariant tables and the tau-orbits of the representatives."""

    def player(w: int, level: int, shift: int) -> int:
        """tau^shift of the slot (w, level): the point (c^(level+shift) w)_(level+shift)."""
        return (level + shift) % LEVELS * m + pow(c, level + shift, m) * w % m

    tables = [
        [player(w, level, 0) for level in range(LEVELS)] + [LEVELS * m + a]
        for a, w in enumerate(invariant)
    ]
    for t, size in enumerate(sizes):
        for h in group:
            for shift in range(LEVELS):
                table = [player(h * vals[4 * t + k], levs[4 * t + k], shift) for k in range(size)]
                tables.append(table + [LEVELS * m + shift] if size == 3 else table)
    return tables


def encode(tables: list[list[int]]) -> str:
    return " ".join(str(p) for table in tables for p in table)


def read_data() -> dict[int, tuple[int, str]]:
    entries = {}
    for line in DATA.read_text().splitlines():
        found = re.match(r'\s*(\d+): \((\d+), "([\d ]+)"\),', line)
        if found:
            entries[int(found[1])] = (int(found[2]), found[3])
    return entries


def write_data(entries: dict[int, tuple[int, str]]) -> None:
    text = DATA.read_text()
    head = text[: text.index("BASE_CLASSES: dict")]
    lines = [f'    {n}: ({m}, "{players}"),' for n, (m, players) in sorted(entries.items())]
    body = "BASE_CLASSES: dict[int, tuple[int, str]] = {\n" + "\n".join(lines) + "\n}\n"
    DATA.write_text(head + body)


def verified(n: int, m: int, tables: list[list[int]]) -> bool:
    rounds = develop(n, m, tables)
    return all(is_partition(n, r) for r in rounds) and not repeated_pairs(rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", type=int)
    parser.add_argument("--upto", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=120.0, help="CPU budget per N")
    parser.add_argument("--steps", type=float, default=5e7, help="steps per attempt")
    parser.add_argument("--temperatures", type=float, nargs=2, default=(0.6, 0.3))
    parser.add_argument("--python", action="store_true", help="no C kernel (slow)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--redo", action="store_true", help="search sizes already stored")
    args = parser.parse_args()
    sizes = args.sizes or list(range(16, args.upto + 1, 4))
    entries = read_data()
    kernel = None if args.python else load_kernel()
    for n in sizes:
        if n in entries and not args.redo:
            print(f"N={n}: stored", flush=True)
            continue
        started = time.process_time()
        steps = int(args.steps)
        if kernel is None:
            tables = anneal(n, args.seed, steps, args.seconds)
        else:
            # The most symmetric forms first (smallest searches; each returns None at once
            # where it does not apply), then the unrestricted one, which some N need (no
            # level-cycled class was found for 28). Budget shares: 1/3, 1/3, the rest.
            tables = anneal_permuting_fixed(
                kernel, n, args.seed, steps, args.seconds / 3, args.temperatures
            )
            if tables is None:
                tables = anneal_cycled(
                    kernel, n, args.seed, steps, args.seconds / 3, args.temperatures
                )
            if tables is None:
                rest = args.seconds - (time.process_time() - started)
                tables = anneal_native(kernel, n, args.seed, steps, rest, args.temperatures)
        seconds = time.process_time() - started
        m, _ = ansatz(n)
        if tables is None:
            print(f"N={n}: not found ({seconds:.1f} s)", flush=True)
            continue
        assert verified(n, m, tables), n
        entries[n] = (m, encode(tables))
        write_data(entries)
        print(f"N={n}: found, {m} rounds ({seconds:.1f} s)", flush=True)


if __name__ == "__main__":
    main()
