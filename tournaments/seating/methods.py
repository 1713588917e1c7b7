"""The seating methods: one round at a time, from the request's history and ranking.

Every method seats every present player exactly once, at tables of `table_sizes`, and is
deterministic for a given seed. Tables are numbered in list order; a table lists its
players in seat order (see winds.py).

* random: a shuffle.
* fuhing (seed 001, Huishoudelijk Reglement Art. 1): the ranking on the previous round's
  table points fills the tables in order: the best four at table 1, and so on.
* swiss: the standing so far fills the tables in order, but players who already met are
  kept apart. Players are moved out of rank order only to avoid a repeat meeting and as
  little as possible: first the fewest repeat meetings, then the smallest sum of squared
  table distances from each player's place in the ranking, then moving the worse-ranked
  player down and the better-ranked up. Solved exactly per round with CP-SAT
  (swiss_exact.py) within a deterministic budget, the local search as fallback and hint;
  the result admits no swap that brings two players into rank order without a repeat
  (see fairness.py).
* balanced: as few repeat meetings as possible given the history (a pair's third meeting
  weighs more than a second); as a tie-break only, seats at tables of 5 or 3 go to
  players who had fewer of them (not guaranteed even); tables renumbered so few players
  keep their table number.

`avoid_same_club` puts members of one club at different tables wherever possible, under
every method; it outweighs everything else. Violations that remain are the ones no
seating avoids in practice; `report(..., clubs=...)` lists them.

Players present but missing from the ranking (latecomers, first round) follow the ranked
ones in an order drawn from the seed; ranked players who are not present are skipped.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from random import Random

from .errors import SeatingError
from .meetings import meeting_counts
from .request import SeatingRequest
from .search import Problem, chunk, improve, tables_of
from .swiss_exact import solve_round
from .tables import table_sizes
from .winds import order_tables

METHODS = ("random", "fuhing", "swiss", "balanced")

# Cost weights, each far above everything below it, so the search optimises in this order.
CLUB = 10**18  # two members of one club at a table (when avoid_same_club)
REPEAT = 10**12  # a pair that met before meets again
AGAIN = 10**9  # balanced: per earlier meeting beyond the first (third meetings weigh more)
ODD = 10**3  # balanced: per earlier seat at a table of 5 or 3 (the odd tables go round)


def seat(method: str, request: SeatingRequest) -> list[list[int]]:
    """Seat one round: a list of tables, each in seat order E, S, W, N (, fifth)."""
    if method not in METHODS:
        raise SeatingError(f"unknown seating method {method!r}; choose from {', '.join(METHODS)}")
    players = _check_players(request.players)
    sizes = table_sizes(len(players), request.odd_tables)
    rng = Random(request.seed)
    if method == "random":
        groups = _random(players, sizes, request, rng)
    elif method == "balanced":
        groups = _balanced(players, sizes, request, rng)
    else:
        groups = _by_rank(players, sizes, request, rng, avoid_repeats=method == "swiss")
    if method in ("random", "balanced") and request.history:
        groups = renumber_tables(groups, request.history[-1])
    return order_tables(groups, request.history, rng)


def _check_players(players: Sequence[int]) -> list[int]:
    seen: set[int] = set()
    for p in players:
        if p in seen:
            raise SeatingError(f"player {p} is listed twice among the present players")
        seen.add(p)
    return list(players)


def club_pair_costs(players: Sequence[int], request: SeatingRequest) -> dict[tuple[int, int], int]:
    if not request.avoid_same_club:
        return {}
    by_club: dict[str, list[int]] = {}
    for i, p in enumerate(players):
        club = request.clubs.get(p)
        if club is not None:
            by_club.setdefault(club, []).append(i)
    return {(i, j): CLUB for members in by_club.values() for i in members for j in members if i < j}


def _random(
    players: list[int], sizes: list[int], request: SeatingRequest, rng: Random
) -> list[list[int]]:
    order = list(range(len(players)))
    rng.shuffle(order)
    table_of = chunk(order, sizes)
    pairs = club_pair_costs(players, request)
    if pairs:
        table_of = improve(Problem.from_pairs(len(players), sizes, pairs), table_of, rng)
    return [[players[i] for i in t] for t in tables_of(table_of, len(sizes))]


def _balanced(
    players: list[int], sizes: list[int], request: SeatingRequest, rng: Random
) -> list[list[int]]:
    return balanced_round(players, sizes, request, rng)


def balanced_round(
    players: Sequence[int],
    sizes: Sequence[int],
    request: SeatingRequest,
    rng: Random,
    patience: int | None = None,
) -> list[list[int]]:
    """The balanced tables (unordered) from a random start against request.history."""
    order = list(range(len(players)))
    rng.shuffle(order)
    problem = balanced_problem(players, sizes, request.history, request)
    table_of = improve(problem, chunk(order, sizes), rng, patience=patience)
    return [[players[i] for i in t] for t in tables_of(table_of, len(sizes))]


def balanced_problem(
    players: Sequence[int],
    sizes: Sequence[int],
    rounds: Sequence[Sequence[Sequence[int]]],
    request: SeatingRequest,
) -> Problem:
    """The balanced search's costs against `rounds` (the history, or in `plan` all other
    rounds): a pair that met m >= 1 times costs REPEAT + (m - 1) * AGAIN if it meets again;
    a seat at a table of 5 or 3 costs ODD per such seat the player already had, so the odd
    tables go round; plus the club pairs when asked."""
    index = {p: i for i, p in enumerate(players)}
    pairs = club_pair_costs(players, request)
    for (a, b), m in meeting_counts(rounds).items():
        if a in index and b in index:
            key = (index[a], index[b])
            pairs[key] = pairs.get(key, 0) + REPEAT + (m - 1) * AGAIN
    unary = None
    if any(size != 4 for size in sizes):
        odd_seats = [0] * len(players)
        for tables in rounds:
            for table in tables:
                if len(table) != 4:
                    for p in table:
                        if p in index:
                            odd_seats[index[p]] += 1
        unary = [[ODD * k if size != 4 else 0 for size in sizes] for k in odd_seats]
    return Problem.from_pairs(len(players), sizes, pairs, unary)


def rank_order(players: Sequence[int], ranking: Sequence[int], rng: Random) -> list[int]:
    """Present players best first: the ranked ones in ranking order, then the rest."""
    present = set(players)
    ranked: list[int] = []
    seen: set[int] = set()
    for p in ranking:
        if p in seen:
            raise SeatingError(f"player {p} appears twice in the ranking")
        seen.add(p)
        if p in present:
            ranked.append(p)
    rest = [p for p in players if p not in seen]
    rng.shuffle(rest)
    return ranked + rest


def _by_rank(
    players: list[int],
    sizes: list[int],
    request: SeatingRequest,
    rng: Random,
    *,
    avoid_repeats: bool,
) -> list[list[int]]:
    order = rank_order(players, request.ranking, rng)
    table_of = local_search_by_rank(order, sizes, request, rng, avoid_repeats=avoid_repeats)
    if avoid_repeats:
        clubs = request.clubs if request.avoid_same_club else None
        return solve_round(order, sizes, request.history, clubs, fallback=table_of).tables
    return [[order[r] for r in t] for t in tables_of(table_of, len(sizes))]


def local_search_by_rank(
    order: Sequence[int],
    sizes: Sequence[int],
    request: SeatingRequest,
    rng: Random,
    *,
    avoid_repeats: bool,
) -> list[int]:
    """Table index per rank: rank order, changed by the local search only to keep club
    members (when asked) and, for swiss, players who met apart (the seating before the
    exact solver; swiss's fallback)."""
    natural = chunk(range(len(order)), sizes)  # ranks 0..n-1 -> table
    pairs: dict[tuple[int, int], int] = {}
    if avoid_repeats:
        index = {p: i for i, p in enumerate(order)}
        for a, b in meeting_counts(request.history):
            if a in index and b in index:
                pairs[(index[a], index[b])] = REPEAT
    for pair, cost in club_pair_costs(order, request).items():
        pairs[pair] = pairs.get(pair, 0) + cost
    if not pairs:
        return natural
    unary = _displacement_costs(natural, len(sizes))
    problem = Problem.from_pairs(len(order), sizes, pairs, unary)
    return improve(problem, natural, rng)


def _displacement_costs(natural: Sequence[int], count: int) -> list[list[int]]:
    """Cost of seating the player of rank r (0 = best) at table t.

    First, moving a player d tables from his natural table costs d squared (times a
    weight that puts it above the second term): far moves are the worst, and any swap
    that brings two players into rank order lowers it. Second, t * (n - r): among equal
    moves, the better-ranked player goes up and the worse-ranked goes down (1 and 2 met:
    2 moves down, and the best of the next table, 5, moves up)."""
    n = len(natural)
    weight = n * count + 1
    return [[(t - natural[r]) ** 2 * weight + t * (n - r) for t in range(count)] for r in range(n)]


def renumber_tables(
    groups: Sequence[Sequence[int]], previous: Sequence[Sequence[int]]
) -> list[list[int]]:
    """The same tables, renumbered (among tables of one size) so that as few players as
    possible sit at the table number they had in the previous round."""
    before = {p: t for t, table in enumerate(previous) for p in table}
    out = [list(g) for g in groups]
    # stays[i][number]: players of the table now at position i who sat at `number` before
    # (counted once, not per comparison: 200 players x 66 rounds spent 0.8 s here).
    stays = [Counter(before[p] for p in group if p in before) for group in out]
    improved = True
    while improved:
        improved = False
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                if len(out[i]) != len(out[j]):
                    continue
                now = stays[i][i] + stays[j][j]
                if now and stays[i][j] + stays[j][i] < now:
                    out[i], out[j] = out[j], out[i]
                    stays[i], stays[j] = stays[j], stays[i]
                    improved = True
    return out
