"""A whole schedule planned ahead, without an event: `plan(players, rounds, method)`.

* random, fuhing, swiss: round after round through `seat`; without results, the results
  of each round are drawn from the seed (a random order of places at every table, table
  points 4-2-1-0 and a random score), so swiss follows the standing so far (table points,
  then score) and fuhing the previous round's table points, then score.
* balanced: all rounds together. Round after round through the balanced search, then,
  while repeat meetings remain, each round is searched again against all the other rounds
  (earlier and later), until none remain or a sweep no longer helps. Small schedules get
  up to MAX_ATTEMPTS fresh starts while the repeats stay above
  `designs.repeat_lower_bound` (what no schedule avoids). Zero repeats for 64 x 7 and
  400 x 8 in well under a second; exhaustive search confirms the optimum on 8 x 2-3,
  9 x 2, 12 x 2 and single rounds of 8-12 players (tests/seating). A known
  weak spot: odd tables with few players (18 x 4 tables of 5) may end a repeat or two
  above the optimum.
* every method: seat winds for the whole schedule at once (winds.assign_winds): with
  tables of 4, each wind exactly R/4 times per player when R is a multiple of 4.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from random import Random

from . import designs
from .designs import repeat_lower_bound
from .errors import SeatingError
from .meetings import club_conflicts, meeting_counts, repeat_meetings
from .methods import METHODS, balanced_problem, balanced_round, renumber_tables, seat
from .request import SeatingRequest
from .search import improve, tables_of
from .tables import table_sizes
from .winds import assign_winds

SIMULATED_TABLE_POINTS = (4, 2, 1, 0, 0)
MAX_SWEEPS = 6
# Fresh starts for small balanced schedules: at most MAX_ATTEMPTS, fewer as players x
# rounds grows (large schedules reach zero repeats at the first start).
MAX_ATTEMPTS = 20
ATTEMPT_WORK = 4000
# Tabu patience per round inside a plan: fresh starts and sweeps do the rest.
PLAN_PATIENCE = 200


@dataclass(frozen=True)
class PlannedRound:
    tables: list[list[int]]  # seat order E, S, W, N (, fifth)
    ranking: list[int] = field(default_factory=list)  # the ranking the round was seated by


def plan(
    players: Sequence[int],
    rounds: int,
    method: str,
    seed: int = 0,
    odd_tables: str = "five",
    *,
    clubs: Mapping[int, str] | None = None,
    avoid_same_club: bool = False,
) -> list[list[list[int]]]:
    """`rounds` rounds of tables for `players` (all present every round)."""
    planned = plan_rounds(
        players, rounds, method, seed, odd_tables, clubs=clubs, avoid_same_club=avoid_same_club
    )
    return [r.tables for r in planned]


def plan_rounds(
    players: Sequence[int],
    rounds: int,
    method: str,
    seed: int = 0,
    odd_tables: str = "five",
    *,
    clubs: Mapping[int, str] | None = None,
    avoid_same_club: bool = False,
) -> list[PlannedRound]:
    """As `plan`, with the (simulated) ranking each round was seated by."""
    if method not in METHODS:
        raise SeatingError(f"unknown seating method {method!r}; choose from {', '.join(METHODS)}")
    if rounds < 1:
        raise SeatingError(f"a plan needs at least 1 round, not {rounds}")
    rng = Random(seed)
    if method == "balanced":
        request = SeatingRequest(
            players=players,
            clubs=clubs or {},
            avoid_same_club=avoid_same_club,
            odd_tables=odd_tables,
        )
        history = _designed_schedule(request, rounds, rng)
        if history is None:
            history = _balanced_schedule(request, rounds, rng)
        rankings: list[list[int]] = [[] for _ in history]
    else:
        history, rankings = _round_by_round(
            method, players, rounds, rng, clubs or {}, avoid_same_club, odd_tables
        )
    ordered = assign_winds(history, rng)
    return [PlannedRound(t, k) for t, k in zip(ordered, rankings, strict=True)]


def _round_by_round(
    method: str,
    players: Sequence[int],
    rounds: int,
    rng: Random,
    clubs: Mapping[int, str],
    avoid_same_club: bool,
    odd_tables: str,
) -> tuple[list[list[list[int]]], list[list[int]]]:
    history: list[list[list[int]]] = []
    rankings: list[list[int]] = []
    totals: dict[int, tuple[int, int]] = {}  # player -> (table points, score) so far
    ranking: list[int] = []
    for _ in range(rounds):
        request = SeatingRequest(
            players=players,
            history=history,
            ranking=ranking,
            clubs=clubs,
            avoid_same_club=avoid_same_club,
            odd_tables=odd_tables,
            seed=rng.randrange(2**32),
        )
        history.append(seat(method, request))
        rankings.append(ranking)
        if method in ("swiss", "fuhing"):
            if method == "fuhing":
                totals = {}  # Fu-Hing re-seats by the last round alone
            for p, (points, score) in _simulated_results(history[-1], rng).items():
                old = totals.get(p, (0, 0))
                totals[p] = (old[0] + points, old[1] + score)
            ranking = sorted(totals, key=lambda p: (-totals[p][0], -totals[p][1], p))
    return history, rankings


def _designed_schedule(
    request: SeatingRequest, rounds: int, rng: Random
) -> list[list[list[int]]] | None:
    """A stored repeat-free schedule (designs/) for the players, relabelled by the seed:
    a random player for every point, a random choice and order of the design's rounds and
    of the tables in each, so two events never get the same plan. None when no stored
    schedule is long enough, or when club avoidance asks for the search (a design knows
    nothing of clubs)."""
    players = list(request.players)
    if request.avoid_same_club and request.clubs:
        return None
    if len(players) % 4 or len(set(players)) != len(players):
        return None
    design = designs.repeat_free_schedule(len(players), designs.constructed_rounds(len(players)))
    if design is None or len(design) < rounds:
        return None
    relabel = list(players)
    rng.shuffle(relabel)
    chosen = rng.sample(range(len(design)), rounds)
    schedule = []
    for r in chosen:
        tables = [[relabel[p] for p in table] for table in design[r]]
        rng.shuffle(tables)
        schedule.append(tables)
    for r in range(1, len(schedule)):
        schedule[r] = renumber_tables(schedule[r], schedule[r - 1])
    return schedule


def _balanced_schedule(request: SeatingRequest, rounds: int, rng: Random) -> list[list[list[int]]]:
    """Balanced rounds, then sweeps; on small schedules, a few fresh starts when repeat
    meetings remain above the counting bound (meetings beyond the number of pairs)."""
    players = list(request.players)
    n = len(players)
    sizes = table_sizes(n, request.odd_tables)
    bound = repeat_lower_bound(sizes, rounds)
    attempts = max(1, min(MAX_ATTEMPTS, ATTEMPT_WORK // (n * rounds)))
    best: list[list[list[int]]] = []
    best_key: tuple[int, int] | None = None
    for _ in range(attempts):
        history: list[list[list[int]]] = []
        for _ in range(rounds):
            step = replace(request, history=history)
            history.append(balanced_round(players, sizes, step, rng, PLAN_PATIENCE))
        _sweep(request.players, history, rng, request)
        key = (len(club_conflicts_in(history, request)), repeat_meetings(meeting_counts(history)))
        if best_key is None or key < best_key:
            best, best_key = history, key
        if key[0] == 0 and key[1] <= bound:
            break
    for r in range(1, len(best)):
        best[r] = renumber_tables(best[r], best[r - 1])
    return best


def club_conflicts_in(
    rounds: Sequence[Sequence[Sequence[int]]], request: SeatingRequest
) -> list[tuple[int, int]]:
    if not request.avoid_same_club:
        return []
    return [pair for tables in rounds for pair in club_conflicts(tables, request.clubs)]


def _simulated_results(tables: Sequence[Sequence[int]], rng: Random) -> dict[int, tuple[int, int]]:
    results: dict[int, tuple[int, int]] = {}
    for table in tables:
        places = list(table)
        rng.shuffle(places)
        scores = sorted((rng.randrange(-200, 400) for _ in places), reverse=True)
        for place, player in enumerate(places):
            results[player] = (SIMULATED_TABLE_POINTS[place], scores[place])
    return results


def _sweep(
    players: Sequence[int], history: list[list[list[int]]], rng: Random, request: SeatingRequest
) -> None:
    """Search each round again against all other rounds while repeat meetings remain."""
    best = repeat_meetings(meeting_counts(history))
    index = {p: i for i, p in enumerate(players)}
    for _ in range(MAX_SWEEPS):
        if best == 0:
            return
        for r, tables in enumerate(history):
            sizes = [len(t) for t in tables]
            problem = balanced_problem(players, sizes, history[:r] + history[r + 1 :], request)
            table_of = [0] * len(players)
            for t, table in enumerate(tables):
                for p in table:
                    table_of[index[p]] = t
            found = improve(problem, table_of, rng, patience=PLAN_PATIENCE)
            history[r] = [[players[i] for i in t] for t in tables_of(found, len(sizes))]
        now = repeat_meetings(meeting_counts(history))
        if now >= best:
            return
        best = now
