"""Standings of an event after any round, and the club evenings of a season
as the club competition (tournaments/season.py) reads them.

Both are built from the TableResult rows of closed rounds, so a round's
results count once it is closed and never change afterwards. Penalties
(tournaments/services/penalties.py) count in the totals of the rounds they
were given in: their points off the score, and as many table points as the
rule set says (RuleSet.penalty_table_points) off the table points; the
TableResult rows stay the table's own result.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Count, QuerySet, Sum

from clubs.models import Club
from common.countries import DEFAULT_COUNTRY  # the Netherlands
from scoring.engine import RULESETS
from tournaments import placing, season
from tournaments.models import (
    Event,
    EventKind,
    Hand,
    HandScore,
    Penalty,
    RankingOrder,
    Registration,
    Round,
    RoundStatus,
    Seat,
    Table,
    TableResult,
)
from tournaments.public import public_events


@dataclass(frozen=True)
class _Totals:
    table_points: Decimal
    score: int
    rounds_played: int
    penalty: int = 0  # penalty points, already taken off score (and table points)


def _totals(results: QuerySet[TableResult]) -> dict[int, dict[int, _Totals]]:
    """event id -> registration id -> totals over the given results."""
    totals: dict[int, dict[int, _Totals]] = defaultdict(dict)
    grouped = results.values("table__round__event_id", "registration_id").annotate(
        points=Sum("table_points"), score_total=Sum("score"), rounds=Count("pk"),
    )
    for row in grouped:
        totals[row["table__round__event_id"]][row["registration_id"]] = _Totals(
            # SQLite sums decimals as floats (7.1 + -10.4 as -3.39999999999999):
            # back to the places a table result keeps.
            table_points=(row["points"] or Decimal(0)).quantize(placing.TABLE_POINTS_PLACES),
            score=row["score_total"] or 0,
            rounds_played=row["rounds"],
        )
    return totals


def penalty_table_points(ruleset: str) -> Decimal:
    """The table points one penalty point costs under the rule set."""
    found = RULESETS.get(ruleset)
    return Decimal(found.penalty_table_points) if found is not None else Decimal(0)


def _penalised(totals: dict[int, dict[int, _Totals]],
               penalties: QuerySet[Penalty]) -> dict[int, dict[int, _Totals]]:
    """`totals` with the penalties taken off: their points off the score,
    points x the rule set's penalty_table_points off the table points. A
    penalised player without results in these rounds is listed with the
    penalty alone."""
    grouped = penalties.values("event_id", "event__ruleset", "registration_id").annotate(
        points=Sum("points"))
    for row in grouped:
        per_event = totals[row["event_id"]]
        points = row["points"] or 0
        before = per_event.get(row["registration_id"], _Totals(Decimal(0), 0, 0))
        per_event[row["registration_id"]] = _Totals(
            table_points=before.table_points - points * penalty_table_points(
                row["event__ruleset"]),
            score=before.score - points, rounds_played=before.rounds_played,
            penalty=before.penalty + points)
    return totals


def _closed_penalties() -> QuerySet[Penalty]:
    return Penalty.objects.filter(round__status=RoundStatus.CLOSED)


def _closed_results() -> QuerySet[TableResult]:
    return TableResult.objects.filter(table__round__status=RoundStatus.CLOSED)


def _registrations(ids: Iterable[int]) -> dict[int, Registration]:
    return Registration.objects.select_related("member").in_bulk(list(ids))


def event_standings(
    event: Event, *, after_round: int | None = None
) -> list[placing.StandingRow]:
    """The standings after `after_round` (default: every closed round), keyed
    by registration id, in the event's ranking order. Substitutes are listed
    but never ranked; guests are ranked only if the event says so."""
    results = _closed_results().filter(table__round__event=event)
    penalties = _closed_penalties().filter(event=event)
    if after_round is not None:
        results = results.filter(table__round__number__lte=after_round)
        penalties = penalties.filter(round__number__lte=after_round)
    totals = _penalised(_totals(results), penalties).get(event.pk, {})
    registrations = _registrations(totals)
    rows = [
        placing.StandingRow(
            key=registration_id,
            name=registrations[registration_id].name,
            sort_name=registrations[registration_id].sort_name,
            table_points=total.table_points,
            score=total.score,
            rounds_played=total.rounds_played,
            ranked=_ranked(event, registrations[registration_id]),
            penalty=total.penalty,
        )
        for registration_id, total in totals.items()
    ]
    return placing.standings(rows, order=ranking_order(event))


def missing_member_numbers(event: Event) -> list[Registration]:
    """The players in the results without an NMB member number, in ranking
    order: members whose number is not filled in, and guests (who are no
    member here, so have none on record) unless their country is another
    than the Netherlands: a foreign guest cannot have an NMB number, so
    there is nothing to add. The event page lists them before the bond's
    export (exports/bond.py) is made; that export makes no check of its own
    (it writes an empty member number for each of them)."""
    rows = event_standings(event)
    registrations = Registration.objects.select_related("member").in_bulk(
        [row.key for row in rows])
    missing = []
    for row in rows:
        registration = registrations[int(row.key)]
        if registration.member is not None:
            if not registration.member.nmb_number:
                missing.append(registration)
        elif registration.guest_country in ("", DEFAULT_COUNTRY):
            missing.append(registration)
    return missing


def _by_table(event: Event) -> bool:
    ruleset = RULESETS.get(event.ruleset)
    return ruleset is not None and ruleset.by_table_result


def ranking_order(event: Event) -> str:
    """How the event ranks: its choice, except that a rule set scored by
    table result (MCR, Riichi) ranks by table points, then score, as the
    EMA's tournaments do."""
    return RankingOrder.TABLE_POINTS if _by_table(event) else event.ranking_order


def _ranked(event: Event, registration: Registration) -> bool:
    if registration.is_substitute:
        return False
    return not registration.is_guest or event.guests_ranked


@dataclass(frozen=True)
class SeasonEvening:
    """One club evening for the club competition, keyed by member id."""

    event: Event
    evening: season.Evening
    winner: int | str | None  # the club member placed first alone, if any
    names: dict[int | str, str] = field(default_factory=dict)


def club_evenings(club: Club, year: int) -> list[SeasonEvening]:
    """The club's published evenings of `year` that have results (a closed
    round), in date order: a draft's results are its organisers' alone
    (tournaments/public.py). Each counts everyone who played for `players`;
    the results are the club's own members' (not guests, not substitutes)."""
    first, last = season.season_bounds(year)
    events = list(
        public_events().filter(
            club=club, kind=EventKind.EVENING, start_date__range=(first, last),
            rounds__status=RoundStatus.CLOSED,
        ).distinct().order_by("start_date", "pk")
    )
    totals = _penalised(_totals(_closed_results().filter(table__round__event__in=events)),
                        _closed_penalties().filter(event__in=events))
    registrations = _registrations(
        registration_id for per_event in totals.values() for registration_id in per_event
    )
    evenings = []
    for event in events:
        per_event = totals.get(event.pk, {})
        members = {
            registrations[registration_id].member: total
            for registration_id, total in per_event.items()
            if registrations[registration_id].member is not None
            and registrations[registration_id].member.club_id == club.pk  # type: ignore[union-attr]
            and not registrations[registration_id].is_substitute
        }
        results: dict[int | str, season.MemberResult] = {
            member.pk: season.MemberResult(table_points=total.table_points, score=total.score)
            for member, total in members.items() if member is not None
        }
        names: dict[int | str, str] = {
            member.pk: member.full_name for member in members if member is not None}
        sort_names: dict[int | str, str] = {
            member.pk: member.sort_name for member in members if member is not None}
        rows = placing.standings(
            (placing.StandingRow(key=key, name=names[key], sort_name=sort_names[key],
                                 table_points=result.table_points, score=result.score)
             for key, result in results.items()),
            order=ranking_order(event),
        )
        evenings.append(SeasonEvening(
            event=event,
            evening=season.Evening(date=event.start_date, players=len(per_event),
                                   results=results),
            winner=season.evening_winner(rows),
            names=names,
        ))
    return evenings


# --- Live: the round being played counts as it is played ----------------------------


@dataclass(frozen=True)
class RunningResult:
    """A player's provisional result at a table of a started round: the sum
    of the hands entered so far and the table points they would give now."""

    table_id: int
    registration_id: int
    score: int
    table_points: Decimal
    rank: int


def running_results(event: Event, tables: QuerySet[Table]) -> list[RunningResult]:
    """Provisional results of `tables` (of `event`) from the hands entered so
    far; a table without hands has no results yet, so nobody gets table
    points for sitting down. By table result (MCR, Riichi) a table's result
    is the one entered whole (table_scores.py), or none yet."""
    if _by_table(event):
        return [RunningResult(table_id=row.table_id, registration_id=row.registration_id,
                              score=row.score, table_points=row.table_points, rank=row.rank)
                for row in TableResult.objects.filter(table__in=tables)]
    scores: dict[int, dict[int, int]] = defaultdict(dict)
    for table_id, registration_id, total in (
        HandScore.objects.filter(hand__table__in=tables)
        .values_list("hand__table_id", "registration_id").annotate(total=Sum("settlement"))
    ):
        scores[table_id][registration_id] = total
    if not scores:
        return []
    # Players seated at a table with hands but without a score row yet (a
    # fifth player sitting out every hand so far) still take part in its ranks.
    for table_id, registration_id in Seat.objects.filter(table_id__in=list(scores)).values_list(
            "table_id", "registration_id"):
        scores[table_id].setdefault(registration_id, 0)
    mahjongs = _count_per_table(tables, "winner_id")
    deal_ins = _count_per_table(tables, "discarder_id")
    results = []
    for table_id, per_player in scores.items():
        try:
            points = placing.table_points(
                per_player, event.table_point_scheme, event.tie_rule,
                mahjongs={k: v for k, v in mahjongs[table_id].items() if k in per_player},
                deal_ins={k: v for k, v in deal_ins[table_id].items() if k in per_player},
            )
        except ValueError:
            # A table the scheme cannot rank (closing would refuse it): scores only.
            points = {player: Decimal(0) for player in per_player}
        for player, score in per_player.items():
            results.append(RunningResult(
                table_id=table_id, registration_id=player, score=score,
                table_points=points[player],
                rank=1 + sum(1 for other in per_player
                             if (points[other], per_player[other]) > (points[player], score)),
            ))
    return results


def _count_per_table(tables: QuerySet[Table], field: str) -> dict[int, dict[int, int]]:
    counts: dict[int, dict[int, int]] = defaultdict(dict)
    for table_id, key, count in (
        Hand.objects.filter(table__in=tables, **{f"{field}__isnull": False})
        .values_list("table_id", field).annotate(count=Count("pk"))
    ):
        counts[table_id][key] = count
    return counts


@dataclass(frozen=True)
class LiveStandings:
    rows: list[placing.StandingRow]
    # The started rounds whose hands so far are included.
    running_rounds: list[int]
    # Registrations whose score includes hands not confirmed yet (only for
    # events that ask for confirmation: elsewhere no hand is ever confirmed).
    unconfirmed: frozenset[int]


def live_standings(event: Event) -> LiveStandings:
    """The standings as they are now: every closed round's results plus the
    hands entered so far in the rounds being played, with provisional table
    points; a player seated at a table without hands yet has no table points
    from it (running_results), but is listed. Ranked like `event_standings`."""
    # Penalties of the rounds being played count as they are given.
    closed = _penalised(
        _totals(_closed_results().filter(table__round__event=event)),
        Penalty.objects.filter(event=event, round__status__in=(
            RoundStatus.CLOSED, RoundStatus.STARTED))).get(event.pk, {})
    started = Table.objects.filter(round__event=event, round__status=RoundStatus.STARTED)
    running = running_results(event, started)
    points: dict[int, Decimal] = defaultdict(Decimal)
    scores: dict[int, int] = defaultdict(int)
    played: dict[int, int] = defaultdict(int)
    penalty: dict[int, int] = defaultdict(int)
    for registration_id, total in closed.items():
        points[registration_id] += total.table_points
        scores[registration_id] += total.score
        played[registration_id] += total.rounds_played
        penalty[registration_id] += total.penalty
    for result in running:
        points[result.registration_id] += result.table_points
        scores[result.registration_id] += result.score
        played[result.registration_id] += 1
    # Once there are results, everyone seated in a round being played is in
    # the standings, also at a table without hands yet: listed with what
    # they have (0 in round 1), not left out until their table saves its
    # first hand. Before any result the page says there is none yet.
    if played:
        with_result = {result.registration_id for result in running}
        for registration_id in Seat.objects.filter(table__in=started).values_list(
                "registration_id", flat=True):
            if registration_id not in with_result:
                played[registration_id] += 1
    registrations = _registrations(played)
    rows = placing.standings(
        (placing.StandingRow(
            key=registration_id, name=registrations[registration_id].name,
            sort_name=registrations[registration_id].sort_name,
            table_points=points[registration_id], score=scores[registration_id],
            rounds_played=rounds, ranked=_ranked(event, registrations[registration_id]),
            penalty=penalty[registration_id],
        ) for registration_id, rounds in played.items()),
        order=ranking_order(event),
    )
    unconfirmed: frozenset[int] = frozenset()
    if event.requires_confirmation:
        unconfirmed = frozenset(
            HandScore.objects.filter(hand__table__round__event=event,
                                     hand__confirmed_at__isnull=True)
            .values_list("registration_id", flat=True).distinct()
        )
    running_rounds = sorted(set(
        Round.objects.filter(event=event, status=RoundStatus.STARTED)
        .values_list("number", flat=True)))
    return LiveStandings(rows=rows, running_rounds=running_rounds, unconfirmed=unconfirmed)


# --- Per round and per player ------------------------------------------------------


@dataclass(frozen=True)
class ResultLine:
    registration: Registration
    score: int
    table_points: Decimal
    rank: int
    unconfirmed: bool = False
    # Penalty points given in this round: shown beside the score, which is
    # the table's own (the totals take them off).
    penalty: int = 0


@dataclass(frozen=True)
class TableResults:
    table: Table
    lines: list[ResultLine]
    # A table of a round being played without a hand yet: its players, no
    # results (listed once another table has some, as the standings do).
    waiting: bool = False


def round_results(round_: Round) -> list[TableResults]:
    """Each table of a closed or started round with its players' score,
    table points and rank (provisional while the round is played), best
    first."""
    event = round_.event
    tables = {table.pk: table for table in round_.tables.order_by("number")}
    if round_.status == RoundStatus.CLOSED:
        found: list[tuple[int, int, int, Decimal, int]] = [
            (r.table_id, r.registration_id, r.score, r.table_points, r.rank)
            for r in TableResult.objects.filter(table__round=round_)
        ]
    else:
        found = [(r.table_id, r.registration_id, r.score, r.table_points, r.rank)
                 for r in running_results(event, round_.tables.all())]
    unconfirmed: set[tuple[int, int]] = set()
    if event.requires_confirmation:
        unconfirmed = set(HandScore.objects.filter(
            hand__table__round=round_, hand__confirmed_at__isnull=True,
        ).values_list("hand__table_id", "registration_id"))
    registrations = _registrations(line[1] for line in found)
    penalties = dict(round_.penalties.values("registration_id").annotate(
        points=Sum("points")).values_list("registration_id", "points"))
    per_table: dict[int, list[ResultLine]] = defaultdict(list)
    for table_id, registration_id, score, table_points, rank in found:
        per_table[table_id].append(ResultLine(
            registration=registrations[registration_id], score=score,
            table_points=table_points, rank=rank,
            unconfirmed=(table_id, registration_id) in unconfirmed,
            penalty=penalties.get(registration_id, 0)))
    waiting: dict[int, list[ResultLine]] = {}
    if found and round_.status != RoundStatus.CLOSED:
        seats = Seat.objects.filter(table_id__in=[t for t in tables if not per_table[t]]
                                    ).select_related("registration__member").order_by("position")
        for seat in seats:
            waiting.setdefault(seat.table_id, []).append(ResultLine(
                registration=seat.registration, score=0, table_points=Decimal(0), rank=0))
    return [
        TableResults(table=table, lines=sorted(
            per_table[table_id], key=lambda line: (line.rank, line.registration.sort_name)))
        if per_table[table_id] else TableResults(table=table, lines=waiting[table_id],
                                                 waiting=True)
        for table_id, table in tables.items()
        if per_table[table_id] or table_id in waiting
    ]


@dataclass(frozen=True)
class PlayerRound:
    round: Round
    table: Table
    hands: list[HandScore]
    score: int
    table_points: Decimal | None  # None before the first hand
    rank: int | None
    provisional: bool  # the round is still being played
    # The player's penalties in this round (their points come off the totals).
    penalties: tuple[Penalty, ...] = ()


def player_rounds(registration: Registration) -> list[PlayerRound]:
    """A player's rounds in their event (started or closed), with each hand
    they played: number, seat wind, value, settlement; and the table's
    result (provisional while the round is played)."""
    event = registration.event
    seats = list(
        Seat.objects.filter(registration=registration,
                            round__status__in=(RoundStatus.STARTED, RoundStatus.CLOSED))
        .select_related("round", "table").order_by("round__number")
    )
    hand_scores: dict[int, list[HandScore]] = defaultdict(list)
    for score in (HandScore.objects.filter(registration=registration)
                  .select_related("hand").order_by("hand__number")):
        hand_scores[score.hand.table_id].append(score)
    closed = {r.table_id: r for r in TableResult.objects.filter(registration=registration)}
    started = [seat.table_id for seat in seats if seat.round.status == RoundStatus.STARTED]
    running = {
        r.table_id: r for r in running_results(event, Table.objects.filter(pk__in=started))
        if r.registration_id == registration.pk
    }
    given: dict[int, list[Penalty]] = defaultdict(list)
    for penalty in registration.penalties.order_by("pk"):
        given[penalty.round_id].append(penalty)
    rounds = []
    for seat in seats:
        result: TableResult | RunningResult | None = (
            closed.get(seat.table_id) if seat.round.status == RoundStatus.CLOSED
            else running.get(seat.table_id))
        hands = hand_scores.get(seat.table_id, [])
        rounds.append(PlayerRound(
            round=seat.round, table=seat.table, hands=hands,
            score=result.score if result else sum(h.settlement for h in hands),
            table_points=result.table_points if result else None,
            rank=result.rank if result else None,
            provisional=seat.round.status == RoundStatus.STARTED,
            penalties=tuple(given.get(seat.round_id, ())),
        ))
    return rounds
