"""What is known about repeat meetings: proven lower bounds, the literature's best
repeat-free lengths, and what our constructions reach. The three are kept apart: a lower
bound holds for every schedule, "best known" is only what someone has built.

    repeat_lower_bound(sizes, rounds)           proven: no schedule has fewer repeats
    best_known_rounds(n)                        the literature's longest repeat-free schedule
    best_possible_repeats(n, sizes, rounds)     (value, exact?)
"""

from __future__ import annotations

from collections.abc import Sequence

from .construct import constructed_rounds

# Repeat-free schedules proven impossible beyond what counting and pigeonhole show:
# players -> the fewest rounds that force a repeat meeting. 20 players cannot play 6
# repeat-free rounds: that schedule would be a 4-RGDD of type 2^10, which does not exist
# (G. Ge, C. W. H. Lam, A. C. H. Ling, H. Shen, "Resolvable maximum packings with
# quadruples", Des. Codes Cryptogr. 35 (2005) 287-302, doi:10.1007/s10623-003-6739-6).
PROVEN_IMPOSSIBLE = {20: 6}


def repeat_lower_bound(sizes: Sequence[int], rounds: int) -> int:
    """Repeat meetings no schedule of `rounds` rounds at tables of `sizes` avoids.

    The largest of three proven bounds:
    * counting: the meetings beyond the number of pairs;
    * pigeonhole, from the second round on: a table of k players drawn from the T tables
      of the round before holds at least the pairs of k spread as evenly as possible;
    * 1 when a repeat-free schedule of that length is proven impossible (all tables of 4:
      PROVEN_IMPOSSIBLE).
    """
    if rounds <= 0:
        return 0
    n, count = sum(sizes), len(sizes)
    meetings = sum(k * (k - 1) // 2 for k in sizes)
    counting = rounds * meetings - n * (n - 1) // 2
    per_round = 0
    for k in sizes:
        q, r = divmod(k, count)
        per_round += r * (q + 1) * q // 2 + (count - r) * q * (q - 1) // 2
    impossible = int(all(k == 4 for k in sizes) and rounds >= PROVEN_IMPOSSIBLE.get(n, rounds + 1))
    return max(0, counting, (rounds - 1) * per_round, impossible)


def best_known_rounds(n: int) -> int:
    """The longest repeat-free schedule known for n players at tables of 4 (n % 4 == 0).

    * n <= 12: 1 round. A second round would seat 4 players drawn from at most 3 earlier
      tables, so two of them met before (pigeonhole; the tests confirm by exhaustive
      search for 8 and 12).
    * n = 16: 5, the affine plane AG(2, 4) (a resolvable 2-(16, 4, 1) design).
    * n = 20: 5; 6 is impossible (no 4-RGDD of type 2^10, Ge, Lam, Ling, Shen 2005).
    * n >= 24: floor((n - 1)/3), the counting bound, met by
      - n = 4 mod 12: resolvable 2-(n, 4, 1) designs (H. Hanani, D. K. Ray-Chaudhuri,
        R. M. Wilson, "On resolvable designs", Discrete Math. 3 (1972) 343-357);
      - n = 0 mod 12: 4-RGDDs of type 3^(n/3), (n - 3)/3 rounds, for all n except 12;
      - n = 8 mod 12: 4-RGDDs of type 2^(n/2), (n - 2)/3 rounds, for all n except 8
        and 20, but for 18 possible exceptions that Ge, Lam, Ling and Shen (2005, above,
        which also completes type 3^u) leave open, the largest n = 692: for those few n
        the figure may be one round more than anyone has built.
    """
    if n < 4 or n % 4:
        raise ValueError(f"tables of 4 seat a multiple of 4 players, not {n}")
    if n <= 12:
        return 1
    if n <= 20:
        return 5
    return (n - 1) // 3


def best_possible_repeats(n: int, sizes: Sequence[int], rounds: int) -> tuple[int, bool]:
    """(fewest repeat meetings, exact?) for n players at tables of `sizes` over `rounds`.

    The value is `repeat_lower_bound`. It is exact (True) when a schedule reaching it is
    known: a single round (never a repeat), or tables all of 4 and a repeat-free schedule
    of `rounds` rounds from our constructions. Otherwise (False) it is only a lower bound:
    the constructions here build repeat-free schedules, nothing with a few repeats.
    """
    if sum(sizes) != n:
        raise ValueError(f"tables of {list(sizes)} do not seat {n} players")
    bound = repeat_lower_bound(sizes, rounds)
    if rounds <= 1:
        return bound, True
    if bound == 0 and all(k == 4 for k in sizes) and constructed_rounds(n) >= rounds:
        return 0, True
    return bound, False
