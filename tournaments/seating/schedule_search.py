"""A whole balanced schedule at once: local search over every round together.

The round-by-round search (search.py) fixes earlier rounds before it sees later ones;
this one, after Dotú & Van Hentenryck ("Scheduling social golfers locally", 2005), moves
players in any round against all the others:

* Cost parts: club meetings (members of one club at a table, when clubs are given), the
  odd-seat excess (a player's seats at tables of 5 or 3 should be the floor or ceiling of
  the average, so any two players differ by at most one; each seat beyond counts), repeat
  meetings (a pair meeting k times costs k - 1) and a tie-break ((k - 1)(k - 2) / 2 more,
  so a third meeting of one pair weighs more than second meetings of two pairs).
* The best schedule is chosen on a tuple: clubs first, then with `odd_seat_weight=None`
  the excess (a hard rule: never more than the start had), then repeats; with a number
  w, repeats + w * excess, then the excess, so at w = 0 the fewest repeats win and the
  spread is as even as they allow. The walk itself uses a weighted sum, so it may cross
  a worse schedule. The two conflict: on 9 x 2 at tables of 5 the fewest repeats are 6
  but 12 with the spread (proven by exhaustive search, tests/seating), on 17 x 4 three
  against about 17 found.
* A move swaps two players of different tables within one round. Each step takes the
  players in conflict (a club mate or a repeat at their table, or an odd seat too many
  or too few), samples at most CANDIDATES of them, and makes the best swap of any of
  them with any player of another table of that round, even a worsening one, unless it
  is tabu: a player may not go back to a table he left in that round for a few steps,
  unless that leads below the lowest cost seen. When the spread weighs (w > 0 or hard),
  a move may also be two swaps of the same two players in two rounds, trading an odd
  seat for a seat at a table of 4 and back, so the counts stay as they are. After
  STAGNATION steps without a new best the search shakes the best schedule (a few random
  swaps) or, every RESTART_EVERY-th time, starts again from a fresh greedy start.
* Delta evaluation: per round r, player p and table t, `met_at[r, p, t]` is the cost of
  one more meeting of p with each player at table t, and `own[r, p]` the cost saved by
  one meeting less with each player at his own table, so a swap's cost change is a few
  look-ups, for all candidate swaps at once (numpy).
* The start: given rounds (`start`; the first `frozen_rounds` of them never change),
  then greedy rounds in the manner of Triska & Musliu: the players with the fewest odd
  seats so far fill the odd tables, and each table takes, one at a time, the player who
  has met its members least.

It stops when nothing is left to gain (no club pair, the spread met, the repeats at
`designs.repeat_lower_bound` and no pair meeting three times), when the repeats are at
that bound (or, at tables of 4 without clubs, anywhere) and a patience of steps found
nothing better, or after `max_steps` steps:
step counts, never a clock, so the result is fixed by the random generator.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random

import numpy as np

from .designs import repeat_lower_bound

# Weights of the walk (the best schedule is chosen lexicographically, see the docstring).
CONVEX = 1  # per pair and meeting beyond its second
REPEAT = 1000  # per meeting beyond a pair's first
# Per odd seat beyond the floor / ceiling of the average: when the spread is a hard rule
# (the walk may still break it for a while), and when it weighs `odd_seat_weight` repeats
# (then SEAT_TIE puts it above the tie-break even at weight 0).
ODD_SEAT = 20 * REPEAT
SEAT_TIE = 100
CLUB = 8 * REPEAT  # per meeting of two members of one club
# Conflicting players considered per step (a random sample when there are more).
CANDIDATES = 48
# Steps without a new best before going back to the best schedule and shaking it.
STAGNATION = 150
# Every RESTART_EVERY-th time the search stagnates it starts afresh from a greedy start
# (the best schedule so far is kept), the other times it shakes the best one.
RESTART_EVERY = 2
# Tabu tenure: a player may not return to the table he left for TENURE + rand(TENURE_SPREAD).
TENURE = 6
TENURE_SPREAD = 10
# Default step budget: about two seconds of CPU for 40 players x 14 rounds.
MAX_STEPS = 20_000
# Once the repeats are at the proven bound (and no club pair is left), the rest has no
# proven bound to stop at: the search stops when that many steps in a row found nothing
# better, instead of spending its whole budget (8 x 3 and 12 x 3, whose third meetings
# cannot be avoided, took 6,000 steps, about 2.5 s, to confirm what they had early). An
# odd-seat spread still off gets the longer patience: measured on bench.seating's uneven
# grid, 600 steps left 22 x 6 with seats 0-5 at the tables of 3 where 3,000 reach 1-2,
# and 3,000 match the whole budget everywhere.
PATIENCE_THIRDS = 4 * STAGNATION
PATIENCE_SPREAD = 20 * STAGNATION
# At tables of 4 only, without club mates to keep apart, the search also stops after
# that many steps without a new best, above the bound too. Measured past the stored
# designs (the 16 sizes up to 200 that stop short of the best known length, seeds 1-2;
# 24-60 players one round past theirs, seeds 1-3): the same schedules as the whole
# budget. It shortens the fields whose budget is larger (up to about 64 players: 32 x 10,
# 24 x 8, 36 x 12, 48 x 16, 60 x 20 take half the steps, about 1.5 s instead of 3).
# Not with tables of 5 or 3 or with clubs, whose last gains come late (22 x 7 at tables
# of 3: 5 repeats with the whole budget, 7 with this patience; 40 x 8 with five clubs:
# 4 against 5-6).
PATIENCE_FOURS = 20 * STAGNATION

Schedule = list[list[list[int]]]


def odd_seat_range(sizes: Sequence[int], rounds: int) -> tuple[int, int]:
    """(fewest, most) seats at tables of 5 or 3 a player should get over `rounds`: the
    floor and ceiling of the average."""
    n = sum(sizes)
    seats = rounds * sum(k for k in sizes if k != 4)
    return seats // n, -(-seats // n)


def search_schedule(
    sizes: Sequence[int],
    rounds: int,
    rng: Random,
    *,
    start: Sequence[Sequence[Sequence[int]]] | None = None,
    frozen_rounds: int = 0,
    max_steps: int = MAX_STEPS,
    clubs: Mapping[int, object] | None = None,
    odd_seat_weight: int | None = None,
) -> Schedule:
    """`rounds` rounds of tables of `sizes` (in that order) for players 0..n-1, n =
    sum(sizes), with as few repeat meetings as the search finds.

    `start`: rounds to begin from (at most `rounds`; each a list of tables of `sizes`,
    in any order of tables); rounds beyond it are filled greedily. The first
    `frozen_rounds` of them are kept exactly. `clubs`: player -> club; members of one
    club are kept apart before anything else. `odd_seat_weight`: None makes the even
    spread of seats at tables of 5 or 3 a hard rule; a number w lets one seat beyond it
    cost w repeat meetings (0: fewest repeats first, the planner's choice). Never worse
    than the start (on the order of the module docstring; the tables of the result are
    sorted); deterministic for a given `rng`. Tables come out in the order of `sizes`,
    each table's players in increasing order."""
    n = sum(sizes)
    given = [_normalised(tables, sizes) for tables in (start or [])]
    if len(given) > rounds:
        raise ValueError(f"the start has {len(given)} rounds, more than {rounds}")
    if not 0 <= frozen_rounds <= len(given):
        raise ValueError(f"cannot freeze {frozen_rounds} of {len(given)} given rounds")
    if rounds == 0:
        return []
    same_club = np.zeros((n, n), dtype=np.int64)
    for p, club in (clubs or {}).items():
        for q, other in (clubs or {}).items():
            if p != q and club is not None and club == other:
                same_club[p, q] = 1
    table_of = np.zeros((rounds, n), dtype=np.int64)
    for r, tables in enumerate(given):
        for t, table in enumerate(tables):
            table_of[r, table] = t
    _greedy_rounds(table_of, len(given), sizes, same_club, rng)
    state = _State(sizes, table_of, same_club, odd_seat_weight)
    if frozen_rounds < rounds and len(sizes) > 1:
        _tabu_search(state, rng, frozen_rounds, max_steps, repeat_lower_bound(sizes, rounds))
    return state.schedule()


def _normalised(tables: Sequence[Sequence[int]], sizes: Sequence[int]) -> list[list[int]]:
    """The round's tables in the order of `sizes`, checked."""
    n = sum(sizes)
    seated = sorted(p for table in tables for p in table)
    if seated != list(range(n)):
        raise ValueError("a start round must seat every player 0..n-1 exactly once")
    left = sorted((list(t) for t in tables), key=len, reverse=True)
    out: list[list[int]] = []
    for size in sizes:
        match = next((t for t in left if len(t) == size), None)
        if match is None:
            raise ValueError(f"a start round has tables of {[len(t) for t in tables]}, not {sizes}")
        left.remove(match)
        out.append(match)
    return out


def _greedy_rounds(
    table_of: np.ndarray, first: int, sizes: Sequence[int], same_club: np.ndarray, rng: Random
) -> None:
    """Fill rounds first.. of `table_of`: odd tables from the players with the fewest odd
    seats, each seat to the player who has met the table least (clubs first)."""
    rounds, n = table_of.shape
    met = np.zeros((n, n), dtype=np.int64)
    odd_seats = np.zeros(n, dtype=np.int64)
    odd = [k != 4 for k in sizes]
    for r in range(first):
        _count_round(met, odd_seats, table_of[r], sizes)
    for r in range(first, rounds):
        # Order of weight when a seat is filled: club mates, then earlier meetings.
        weight = met + same_club * (rounds * n)
        noise = [rng.random() for _ in range(n)]
        by_odd_seats = sorted(range(n), key=lambda p: (odd_seats[p], noise[p]))
        odd_count = sum(k for k, o in zip(sizes, odd, strict=True) if o)
        # The odd seats go to players below the level of the odd_count-th fewest (they
        # must), then to any at that level (they may): so the counts stay within one.
        level = odd_seats[by_odd_seats[odd_count - 1]] if odd_count else -1
        must = {p for p in range(n) if odd_seats[p] < level}
        may = {p for p in range(n) if odd_seats[p] == level}
        rest = set(range(n)) - must - may
        odd_left = odd_count
        for t, size in sorted(enumerate(sizes), key=lambda ts: not odd[ts[0]]):
            members: list[int] = []
            while len(members) < size:
                if odd[t]:
                    pool = must if len(must) >= odd_left else must | may
                else:
                    pool = rest | may | must
                candidates = sorted(pool)
                if members:
                    scores = weight[np.ix_(candidates, members)].sum(axis=1)
                else:
                    scores = np.array([noise[p] for p in candidates])
                lowest = np.flatnonzero(scores == scores.min())
                chosen = candidates[int(lowest[rng.randrange(len(lowest))])]
                members.append(chosen)
                for group in (must, may, rest):
                    group.discard(chosen)
                if odd[t]:
                    odd_left -= 1
            table_of[r, members] = t
        _count_round(met, odd_seats, table_of[r], sizes)


def _count_round(
    met: np.ndarray, odd_seats: np.ndarray, row: np.ndarray, sizes: Sequence[int]
) -> None:
    same = row[:, None] == row[None, :]
    np.fill_diagonal(same, False)
    met += same
    odd_seats += np.array([sizes[t] != 4 for t in row], dtype=np.int64)


class _State:
    """The schedule and the tables that make a swap's cost change a few look-ups."""

    def __init__(
        self,
        sizes: Sequence[int],
        table_of: np.ndarray,
        same_club: np.ndarray,
        odd_seat_weight: int | None = None,
    ) -> None:
        rounds, n = table_of.shape
        self.odd_seat_weight = odd_seat_weight
        self.seat_walk = (
            ODD_SEAT if odd_seat_weight is None else odd_seat_weight * REPEAT + SEAT_TIE
        )
        self.sizes = list(sizes)
        self.rounds, self.n, self.count = rounds, n, len(sizes)
        self.odd_table = np.array([k != 4 for k in sizes])
        self.mixed = bool(self.odd_table.any() and not self.odd_table.all())
        self.low, self.high = odd_seat_range(sizes, rounds)
        self.same_club = same_club
        self.club_cost = same_club * CLUB
        # up[m]: cost of a pair's meeting number m + 1 (m earlier); down[m] = up[m - 1].
        m = np.arange(rounds + 2)
        self.up = np.where(m >= 1, REPEAT + CONVEX * np.maximum(m - 1, 0), 0)
        self.down = np.concatenate(([0], self.up[:-1]))
        # The odd-seat excess of a count x, and its change when x goes down / up by one.
        x = np.arange(-1, rounds + 2)
        excess = np.maximum(x - self.high, 0) + np.maximum(self.low - x, 0)
        self.odd_less = np.zeros(rounds + 1, dtype=np.int64)
        self.odd_more = np.zeros(rounds + 1, dtype=np.int64)
        self.odd_less[:] = excess[0 : rounds + 1] - excess[1 : rounds + 2]
        self.odd_more[:] = excess[2 : rounds + 3] - excess[1 : rounds + 2]
        self.load(table_of)

    def load(self, table_of: np.ndarray) -> None:
        rounds, n, count = self.rounds, self.n, self.count
        self.table_of = table_of.copy()
        self.onehot = np.zeros((rounds, n, count), dtype=np.int64)
        self.onehot[np.arange(rounds)[:, None], np.arange(n)[None, :], self.table_of] = 1
        self.onehot_float = self.onehot.astype(np.float64)
        self.members: list[list[list[int]]] = [[[] for _ in range(count)] for _ in range(rounds)]
        for r in range(rounds):
            for p in range(n):
                self.members[r][int(self.table_of[r, p])].append(p)
        # Float products (BLAS) of small whole numbers are exact, and at 200 players x 66
        # rounds about ten times faster than numpy's integer ones (0.33 s a load).
        seats = self.onehot_float.transpose(1, 0, 2).reshape(n, rounds * count)
        self.met = np.rint(seats @ seats.T).astype(np.int64)  # meetings over all rounds
        np.fill_diagonal(self.met, 0)
        self.odd_seats = self.odd_table[self.table_of].sum(axis=0).astype(np.int64)
        self.unit = self.up[self.met] + self.club_cost
        self.unit_down = self.down[self.met] + self.club_cost
        np.fill_diagonal(self.unit, 0)
        np.fill_diagonal(self.unit_down, 0)
        both = np.concatenate((self.unit, self.unit_down)).astype(np.float64) @ self.onehot_float
        self.met_at = np.rint(both[:, :n]).astype(np.int64)  # rounds x n x count
        own = np.take_along_axis(both[:, n:], self.table_of[:, :, None], 2)
        self.own = np.rint(own[:, :, 0]).astype(np.int64)
        self._evaluate()

    def _evaluate(self) -> None:
        """parts: (club meetings, odd-seat excess, repeat meetings, tie-break); key: what
        the best schedule is chosen on; walk: the weighted sum the search walks on."""
        upper = np.triu(self.met, 1)
        extra = np.maximum(upper - 1, 0)
        clubs = int((upper * self.same_club).sum())
        excess = int(self._excess().sum())
        repeats = int(extra.sum())
        tie = int((extra * np.maximum(upper - 2, 0)).sum() // 2)
        self._set_parts((clubs, excess, repeats, tie))

    def _set_parts(self, parts: tuple[int, int, int, int]) -> None:
        self.parts = parts
        clubs, excess, repeats, tie = parts
        weight = self.odd_seat_weight
        if weight is None:
            self.key = self.parts
        else:
            self.key = (clubs, repeats + weight * excess, excess, tie)
        self.walk = clubs * CLUB + excess * self.seat_walk + repeats * REPEAT + tie * CONVEX

    def _excess(self) -> np.ndarray:
        return np.maximum(self.odd_seats - self.high, 0) + np.maximum(self.low - self.odd_seats, 0)

    def conflicts(self, free_from: int) -> np.ndarray:
        """(round, player) of the players in conflict in the rounds from `free_from` on."""
        wrong = self.own[free_from:] > 0
        seat_odd = self.odd_table[self.table_of[free_from:]]
        wrong |= seat_odd & (self.odd_seats > self.high)[None, :]
        wrong |= ~seat_odd & (self.odd_seats < self.low)[None, :]
        rs, ps = np.nonzero(wrong)
        return np.stack((rs + free_from, ps), axis=1)

    def pair_deltas(self, rs: np.ndarray, ps: np.ndarray) -> np.ndarray:
        """Meeting cost change of swapping player ps[k] with every player in round rs[k]
        (a K x n matrix; swaps within a table are meaningless, the caller masks them)."""
        rows = self.table_of[rs]  # K x n: every player's table in the candidate's round
        ta = self.table_of[rs, ps]
        meet_b_table = np.take_along_axis(self.met_at[rs, ps], rows, 1)
        b_meets_a_table = self.met_at[rs[:, None], np.arange(self.n)[None, :], ta[:, None]]
        return (
            meet_b_table
            + b_meets_a_table
            - 2 * self.unit[ps]
            - self.own[rs, ps][:, None]
            - self.own[rs]
        )

    def seat_deltas(self, rs: np.ndarray, ps: np.ndarray) -> np.ndarray:
        """Odd-seat excess change of the same swaps (only swaps between an odd table and
        a table of 4 change it)."""
        if not self.mixed:
            return np.zeros((len(rs), self.n), dtype=np.int64)
        odd_a = self.odd_table[self.table_of[rs, ps]][:, None]
        odd_b = self.odd_table[self.table_of[rs]]
        sa = self.odd_seats[ps][:, None]
        sb = self.odd_seats[None, :]
        return np.where(
            odd_a & ~odd_b,
            self.odd_less[sa] + self.odd_more[sb],
            np.where(~odd_a & odd_b, self.odd_more[sa] + self.odd_less[sb], 0),
        )

    def swap(self, r: int, a: int, b: int) -> None:
        ta, tb = int(self.table_of[r, a]), int(self.table_of[r, b])
        # Table membership in round r, at the meeting costs before the swap.
        change = self.unit[:, b] - self.unit[:, a]
        self.met_at[r, :, ta] += change
        self.met_at[r, :, tb] -= change
        left = [q for q in self.members[r][ta] if q != a]
        right = [q for q in self.members[r][tb] if q != b]
        self.members[r][ta] = [*left, b]
        self.members[r][tb] = [*right, a]
        self.table_of[r, a], self.table_of[r, b] = tb, ta
        self.onehot[r, a, ta] = self.onehot[r, b, tb] = 0
        self.onehot[r, a, tb] = self.onehot[r, b, ta] = 1
        self.onehot_float[r, a, ta] = self.onehot_float[r, b, tb] = 0
        self.onehot_float[r, a, tb] = self.onehot_float[r, b, ta] = 1
        if self.odd_table[ta] != self.odd_table[tb]:
            step = 1 if self.odd_table[tb] else -1
            self.odd_seats[a] += step
            self.odd_seats[b] -= step
        # Meetings: a leaves `left` and joins `right`, b the other way round.
        qa, qb = np.array(left, dtype=np.int64), np.array(right, dtype=np.int64)
        fewer = np.concatenate((self.met[a, qa], self.met[b, qb]))
        more = np.concatenate((self.met[a, qb], self.met[b, qa]))
        club = self.same_club
        clubs = int(club[a, qb].sum() + club[b, qa].sum() - club[a, qa].sum() - club[b, qb].sum())
        for p, lost, gained in ((a, qa, qb), (b, qb, qa)):
            self.met[p, lost] -= 1
            self.met[lost, p] -= 1
            self.met[p, gained] += 1
            self.met[gained, p] += 1
        touched = np.concatenate((qa, qb, np.array([a, b], dtype=np.int64)))
        rows = self.met[touched]
        unit = self.up[rows] + self.club_cost[touched]
        unit_down = self.down[rows] + self.club_cost[touched]
        unit[np.arange(len(touched)), touched] = 0
        unit_down[np.arange(len(touched)), touched] = 0
        self.unit[touched] = unit
        self.unit[:, touched] = unit.T
        self.unit_down[touched] = unit_down
        self.unit_down[:, touched] = unit_down.T
        # Float products (BLAS) of small whole numbers are exact and much faster.
        both = np.concatenate((unit, unit_down)).astype(np.float64) @ self.onehot_float
        count = len(touched)
        self.met_at[:, touched, :] = both[:, :count]
        own = np.take_along_axis(both[:, count:], self.table_of[:, touched, None], 2)
        self.own[:, touched] = own[:, :, 0]
        repeats = int(_repeats(more + 1).sum() - _repeats(more).sum())
        repeats += int(_repeats(fewer - 1).sum() - _repeats(fewer).sum())
        tie = int(
            _tie(more + 1).sum() - _tie(more).sum() + _tie(fewer - 1).sum() - _tie(fewer).sum()
        )
        old = self.parts
        parts = (old[0] + clubs, int(self._excess().sum()), old[2] + repeats, old[3] + tie)
        self._set_parts(parts)

    def schedule(self) -> Schedule:
        return [[sorted(table) for table in tables] for tables in self.members]


def _repeats(met: np.ndarray) -> np.ndarray:
    """Repeat meetings of pairs that met `met` times."""
    return np.maximum(met - 1, 0)


def _tie(met: np.ndarray) -> np.ndarray:
    """The tie-break cost of pairs that met `met` times: (k - 1)(k - 2) / 2."""
    return np.maximum(met - 1, 0) * np.maximum(met - 2, 0) // 2


def _tabu_search(state: _State, rng: Random, frozen: int, max_steps: int, bound: int) -> None:
    rounds, n = state.rounds, state.n
    best_key, best_parts, best = state.key, state.parts, state.table_of.copy()
    # Aspiration: a tabu move is allowed when it leads below the lowest walk cost seen.
    lowest_walk = state.walk
    tabu_until = np.zeros((rounds, n, state.count), dtype=np.int64)
    # since_best restarts at every shake; without_gain only at a new best.
    since_best = kicks = without_gain = 0
    # Moves that trade an odd seat in one round for a seat at a table of 4 in another:
    # needed when the spread is a rule or weighs repeats; at weight 0 plain swaps find
    # fewer repeats in the same time.
    mixed = state.mixed and state.odd_seat_weight != 0
    fours_only = all(size == 4 for size in state.sizes) and not state.same_club.any()
    for step in range(1, max_steps + 1):
        if _nothing_to_gain(best_parts, bound):
            break
        if _patience_spent(best_parts, bound, without_gain, fours_only):
            break
        if since_best >= STAGNATION:
            kicks += 1
            if kicks % RESTART_EVERY == 0:
                # A fresh greedy start of the free rounds: another region altogether.
                fresh = state.table_of.copy()
                _greedy_rounds(fresh, frozen, state.sizes, state.same_club, rng)
                state.load(fresh)
                tabu_until[:] = 0
            else:
                state.load(best)
                _perturb(state, rng, frozen)
            since_best = 0
        conflicts = state.conflicts(frozen)
        if len(conflicts) > CANDIDATES:
            picked = rng.sample(range(len(conflicts)), CANDIDATES)
            conflicts = conflicts[sorted(picked)]
        move = _best_move(state, conflicts, tabu_until, step, lowest_walk, frozen, mixed, rng)
        if move is None:
            # Every move is tabu, or no player is in conflict while the repeats stay
            # above the bound: only a perturbation can help.
            _perturb(state, rng, frozen)
            since_best += 1
            continue
        for r, a, b in move:
            old_a, old_b = int(state.table_of[r, a]), int(state.table_of[r, b])
            state.swap(r, a, b)
            tabu_until[r, a, old_a] = step + TENURE + rng.randrange(TENURE_SPREAD)
            tabu_until[r, b, old_b] = step + TENURE + rng.randrange(TENURE_SPREAD)
        lowest_walk = min(lowest_walk, state.walk)
        if state.key < best_key:
            best_key, best_parts, best = state.key, state.parts, state.table_of.copy()
            since_best = without_gain = 0
        else:
            since_best += 1
            without_gain += 1
    state.load(best)


BLOCKED = 10**15  # the cost change of a move that is not allowed


def _best_move(
    state: _State,
    conflicts: np.ndarray,
    tabu_until: np.ndarray,
    step: int,
    lowest_walk: int,
    frozen: int,
    mixed: bool,
    rng: Random,
) -> list[tuple[int, int, int]] | None:
    """The best move for one of the conflicting (round, player)s: a swap, or with odd
    tables two swaps of the same two players in two rounds that trade an odd seat for
    one of 4 and back (the odd-seat counts stay as they are). None if all are tabu."""
    if len(conflicts) == 0:
        return None
    rounds, n = state.rounds, state.n
    rs, ps = conflicts[:, 0], conflicts[:, 1]
    k_count = len(rs)
    table_of = state.table_of
    here = np.arange(k_count)
    single = state.pair_deltas(rs, ps) + state.seat_walk * state.seat_deltas(rs, ps)
    tabu_here = _tabu(table_of, tabu_until, rs, ps, step)
    blocked = (table_of[rs] == table_of[rs, ps][:, None]) | (
        tabu_here & (state.walk + single >= lowest_walk)
    )
    single = np.where(blocked, BLOCKED, single)
    lowest = int(single.min())
    moves: list[list[tuple[int, int, int]]] = []
    if lowest < BLOCKED:
        ks, bs = np.nonzero(single == lowest)
        moves = [[(int(rs[k]), int(ps[k]), int(b))] for k, b in zip(ks, bs, strict=True)]
    if mixed:
        # Every round for every candidate player: k-th block of `rounds` rows.
        every_round = np.tile(np.arange(rounds), k_count)
        players = np.repeat(ps, rounds)
        pair = state.pair_deltas(every_round, players).reshape(k_count, rounds, n)
        tabu = _tabu(table_of, tabu_until, every_round, players, step).reshape(pair.shape)
        same_table = table_of[None, :, :] == table_of[:, ps].T[:, :, None]
        odd = state.odd_table[table_of]  # rounds x n
        odd_a = odd[rs, ps]  # K
        odd_b = odd[rs]  # K x n
        # In the second round r2 the two trade back: a where b sat, b where a sat.
        back = (odd[:, ps].T[:, :, None] == odd_b[:, None, :]) & (
            odd[None, :, :] == odd_a[:, None, None]
        )
        back &= (odd_a[:, None] != odd_b)[:, None, :]
        back &= np.arange(rounds)[None, :, None] >= frozen
        back[here, rs] = False
        second = np.where(back & ~tabu & ~same_table, pair, BLOCKED)
        r2 = second.argmin(axis=1)  # K x n
        pair_here = np.where(same_table[here, rs] | tabu[here, rs], BLOCKED, pair[here, rs])
        both = pair_here + np.take_along_axis(second, r2[:, None, :], 1)[:, 0, :]
        both_lowest = int(both.min())
        if both_lowest < min(lowest, BLOCKED):
            ks, bs = np.nonzero(both == both_lowest)
            moves = []
            lowest = both_lowest
        if both_lowest == lowest and both_lowest < BLOCKED:
            ks, bs = np.nonzero(both == both_lowest)
            moves += [
                [(int(rs[k]), int(ps[k]), int(b)), (int(r2[k, b]), int(ps[k]), int(b))]
                for k, b in zip(ks, bs, strict=True)
            ]
    if not moves:
        return None
    return moves[rng.randrange(len(moves))]


def _tabu(
    table_of: np.ndarray, tabu_until: np.ndarray, rs: np.ndarray, ps: np.ndarray, step: int
) -> np.ndarray:
    """tabu[k, b]: swapping ps[k] with b in round rs[k] sends one of the two back to a
    table he left in that round not long ago."""
    rows = table_of[rs]
    a_to_b = np.take_along_axis(tabu_until[rs, ps], rows, 1) > step
    b_to_a = (
        tabu_until[
            rs[:, None],
            np.arange(table_of.shape[1])[None, :],
            rows[np.arange(len(rs)), ps][:, None],
        ]
        > step
    )
    return a_to_b | b_to_a


def _nothing_to_gain(parts: tuple[int, int, int, int], bound: int) -> bool:
    clubs, excess, repeats, tie = parts
    return clubs == 0 and excess == 0 and repeats <= bound and tie == 0


def _patience_spent(
    parts: tuple[int, int, int, int], bound: int, without_gain: int, fours_only: bool
) -> bool:
    """No new best for the patience of where the search is: at the proven bound, for
    what is left (the odd-seat spread, third meetings); above it, only at tables of 4
    without clubs (PATIENCE_FOURS)."""
    clubs, excess, repeats, _tie = parts
    if clubs == 0 and repeats <= bound:
        return without_gain >= (PATIENCE_SPREAD if excess else PATIENCE_THIRDS)
    return fours_only and without_gain >= PATIENCE_FOURS


def _perturb(state: _State, rng: Random, frozen: int) -> None:
    """A few random swaps in free rounds, between tables of one size (so the odd seats
    stay as they are)."""
    free = list(range(frozen, state.rounds))
    for _ in range(max(2, state.n // 8)):
        r = rng.choice(free)
        a = rng.randrange(state.n)
        ta = int(state.table_of[r, a])
        others = [
            b
            for b in range(state.n)
            if state.table_of[r, b] != ta
            and state.sizes[int(state.table_of[r, b])] == state.sizes[ta]
        ]
        if others:
            state.swap(r, a, rng.choice(others))
