"""A whole schedule planned ahead, without an event: `plan(players, rounds, method)`.

* random, fuhing, swiss: round after round through `seat`; without results, the results
  of each round are drawn from the seed (a random order of places at every table, table
  points 4-2-1-0 and a random score), so swiss follows the standing so far (table points,
  then score) and fuhing the previous round's table points, then score.
* balanced: all rounds together (schedule_search.py): a greedy start, then a tabu search
  that swaps players within a round against all the other rounds, PLAN_STEPS steps at
  most, stopping early once the repeats are at `designs.repeat_lower_bound` (what no
  schedule avoids), or the tables are all of 4 without clubs, and nothing better comes
  for a while. Club mates apart
  first, then the fewest repeats, then the seats at tables of 5 or 3 as even as those
  repeats allow (fewest repeats win over an even spread: 17 x 4 with tables of 5 has 3
  repeats at best, but with every player at the table of 5 once or twice, no fewer than
  about 12-17), then no pair a third time. Exhaustive search confirms the optimum on
  8 x 2-3, 9 x 2, 12 x 2 and single rounds of 8-12 players (tests/seating).
* every method: seat winds for the whole schedule at once (winds.assign_winds): with
  tables of 4, each wind exactly R/4 times per player when R is a multiple of 4.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from random import Random

from . import designs
from .errors import SeatingError
from .meetings import meeting_counts, repeat_meetings
from .methods import METHODS, balanced_problem, balanced_round, renumber_tables, seat
from .request import SeatingRequest
from .schedule_search import search_schedule
from .search import improve, tables_of
from .tables import table_sizes
from .winds import assign_winds

SIMULATED_TABLE_POINTS = (4, 2, 1, 0, 0)
# Steps of the whole-schedule search in a plan: about a second or two of CPU for 40
# players x 14 rounds; it stops sooner when nothing is left to gain.
PLAN_STEPS = 6000
# The round-by-round start (_round_by_round_start): tabu patience per round, sweeps.
ROUND_PATIENCE = 200
MAX_SWEEPS = 6
# A step costs time in proportion to players x rounds: larger schedules get fewer steps,
# so a plan stays within about 2 s (measured up to 200 players x 66 rounds).
PLAN_STEPS_FULL_UP_TO = 1000  # players x rounds
# Tables of 5 or 3: fewest repeat meetings first, the even spread of seats at the odd
# tables second (weight 0). Weighing one seat beyond the even spread as one repeat was
# measured (seed 1): 19 x 4 from 9 repeats (seats 0-4 at the table of 5) to 12 (3-4),
# 33 x 8 from 3 (0-3) to 5 (1-2), 18 x 5 from 11 (1-5) to 21 (2-4): the issue asks for the
# fewest repeats that can be reached, and repeats are what players notice.
ODD_SEAT_WEIGHT = 0


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


def _round_by_round_start(
    request: SeatingRequest, sizes: Sequence[int], rounds: int, rng: Random
) -> list[list[list[int]]]:
    """Balanced rounds one after the other, then each searched again against all the
    others while that lowers the repeats (the planner before the whole-schedule search),
    on player indices 0..n-1."""
    indices = list(range(len(request.players)))
    clubs = {i: request.clubs[p] for i, p in enumerate(request.players) if p in request.clubs}
    indexed = replace(request, players=indices, clubs=clubs)
    history: list[list[list[int]]] = []
    for _ in range(rounds):
        step = replace(indexed, history=history)
        history.append(balanced_round(indices, sizes, step, rng, ROUND_PATIENCE))
    best = repeat_meetings(meeting_counts(history))
    for _ in range(MAX_SWEEPS):
        if best == 0:
            break
        for r, tables in enumerate(history):
            problem = balanced_problem(indices, sizes, history[:r] + history[r + 1 :], indexed)
            table_of = [0] * len(indices)
            for t, table in enumerate(tables):
                for p in table:
                    table_of[p] = t
            found = improve(problem, table_of, rng, patience=ROUND_PATIENCE)
            history[r] = tables_of(found, len(sizes))
        now = repeat_meetings(meeting_counts(history))
        if now >= best:
            break
        best = now
    return history


def _balanced_schedule(request: SeatingRequest, rounds: int, rng: Random) -> list[list[list[int]]]:
    """All rounds searched together (schedule_search.py) from a start (the stored design,
    else the round-by-round search): club mates
    apart first (when asked), then the fewest repeat meetings, then the seats at tables
    of 5 or 3 as even as those repeats allow (ODD_SEAT_WEIGHT), then no pair a third
    time."""
    players = list(request.players)
    sizes = table_sizes(len(players), request.odd_tables)
    clubs = None
    if request.avoid_same_club:
        clubs = {i: request.clubs[p] for i, p in enumerate(players) if p in request.clubs}
    start = None
    if clubs is None and len(players) % 4 == 0:
        # Past the end of the stored design: its rounds are the start, the search fills
        # and improves the rest (a relabelling by the seed, as in _designed_schedule).
        start = designs.repeat_free_schedule(len(players), designs.constructed_rounds(len(players)))
        rng.shuffle(players)
    else:
        # The search's own greedy start may end above the old round-by-round search on
        # small odd-table fields (18 x 5: 11 repeats against 8, one pair meeting 5 times):
        # start from that, which the whole-schedule search never makes worse.
        start = _round_by_round_start(request, sizes, rounds, rng)
    found = search_schedule(
        sizes,
        rounds,
        rng,
        start=start[:rounds] if start else None,
        max_steps=PLAN_STEPS
        * PLAN_STEPS_FULL_UP_TO
        // max(PLAN_STEPS_FULL_UP_TO, len(players) * rounds),
        clubs=clubs,
        odd_seat_weight=ODD_SEAT_WEIGHT,
    )
    best = [[[players[i] for i in table] for table in tables] for tables in found]
    for r in range(1, len(best)):
        best[r] = renumber_tables(best[r], best[r - 1])
    return best


def _simulated_results(tables: Sequence[Sequence[int]], rng: Random) -> dict[int, tuple[int, int]]:
    results: dict[int, tuple[int, int]] = {}
    for table in tables:
        places = list(table)
        rng.shuffle(places)
        scores = sorted((rng.randrange(-200, 400) for _ in places), reverse=True)
        for place, player in enumerate(places):
            results[player] = (SIMULATED_TABLE_POINTS[place], scores[place])
    return results
