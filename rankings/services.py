"""The national ranking per rule set: collecting results, recomputing and
storing a run, and asking for a recomputation in the background.

Who counts (docs/rankings-and-statistics.md):

* results of finished tournaments (kind "tournament", status "finished")
  of the rule set; club evenings never count;
* a result is a place in the event's MERS listing
  (tournaments/services/mers.py `summary`, as the EMA's ranking counts it):
  every participant (members, guests, up to 3 substitutes) has a place in
  the event's ranking order, equal results sharing a place; N is the number
  of participants listed; the weight counts days, participants, their
  countries and whether the event was a qualifier, unless the event carries
  the EMA's weight override; the result's age counts from the event's last
  day or the EMA's moved date (stored as the result's `last_day`);
* a player is a member: members with the same NMB number (in any club)
  are one player, a member without one is a player by their member record.
  Guests have no member record and are never ranked nationally, but take
  their place in the listing and count in N. A member who substituted (one
  of the 3 listed) has a result like any participant, as in MERS.

Every rule set has its own ranking (`collect(ruleset)`); the MCR and Riichi
rule sets count like the others once the engine has them.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, cast

from django.conf import settings
from django.db import connections, transaction
from django.utils import timezone

from clubs.models import Member
from common import background
from rankings import formula
from rankings.conf import ranking_config
from rankings.models import RankingEntry, RankingResult, RankingRun, RunStatus
from scoring.engine import DEFAULT_RULESET, RULESETS
from tournaments.models import EventKind, EventStatus, Registration
from tournaments.public import public_events, published
from tournaments.services import mers

TWO_PLACES = Decimal("0.01")


# --- Who is a player -----------------------------------------------------------------


def player_key(member_id: int, nmb_number: str | None) -> str:
    """One key per person: by NMB number when the member has one (members of
    several clubs with one number are one player), else by member record."""
    number = (nmb_number or "").strip()
    return f"nmb-{number}" if number else f"member-{member_id}"


def member_key(member: Member) -> str:
    return player_key(member.pk, member.nmb_number)


def rulesets() -> tuple[str, ...]:
    """The rule sets with a ranking page: those organisers may choose."""
    return tuple(settings.WEB_RULESETS) or tuple(RULESETS)


def default_ruleset() -> str:
    offered = rulesets()
    return DEFAULT_RULESET if DEFAULT_RULESET in offered else offered[0]


def counts_for_ranking(kind: str, status: str) -> bool:
    return kind == EventKind.TOURNAMENT and status == EventStatus.FINISHED


# --- Collecting results --------------------------------------------------------------


@dataclass(frozen=True)
class Played:
    """A member's place in a finished tournament's final standings."""

    player_key: str
    member_id: int
    name: str
    club_id: int
    event_id: int
    last_day: datetime.date  # the day the result's age counts from
    days: int
    place: int
    players: int  # participants listed (N)
    countries: int = 0
    qualifier: bool = False
    weight: float | None = None  # the EMA's override of the event's weight


def collect(ruleset: str) -> list[Played]:
    """Every member's place in every finished tournament of the rule set
    (published: tournaments/public.py)."""
    events = list(
        public_events().filter(kind=EventKind.TOURNAMENT, status=EventStatus.FINISHED,
                               ruleset=ruleset).order_by("start_date", "pk"))
    members: dict[int, tuple[int, str | None, int, str]] = {
        registration_id: (member_id, nmb_number, club_id, f"{first} {last}")
        for registration_id, member_id, nmb_number, club_id, first, last in
        Registration.objects.filter(
            published("event__"),
            event__kind=EventKind.TOURNAMENT, event__status=EventStatus.FINISHED,
            event__ruleset=ruleset, member__isnull=False,
        ).values_list("pk", "member_id", "member__nmb_number", "member__club_id",
                      "member__first_name", "member__last_name")
    }
    played: list[Played] = []
    for event in events:
        listing = mers.summary(event)
        override = float(listing.override) if listing.override is not None else None
        for participant in listing.participants:
            member = members.get(participant.registration_id)
            if member is None:  # a guest
                continue
            member_id, nmb_number, club_id, name = member
            played.append(Played(
                player_key=player_key(member_id, nmb_number), member_id=member_id, name=name,
                club_id=club_id, event_id=event.pk, last_day=listing.age_date,
                days=event.days, place=participant.place, players=listing.players,
                countries=listing.countries, qualifier=listing.qualifier, weight=override))
    return played


def group(played: Iterable[Played]) -> dict[str, list[Played]]:
    """Results per player. Should one player have two results in one
    tournament (two member records with one NMB number, both registered),
    only the better place counts."""
    per_player: dict[str, dict[int, Played]] = defaultdict(dict)
    for result in played:
        known = per_player[result.player_key].get(result.event_id)
        if known is None or result.place < known.place:
            per_player[result.player_key][result.event_id] = result
    return {key: sorted(results.values(), key=lambda r: (r.last_day, r.event_id))
            for key, results in per_player.items()}


# --- Computing -----------------------------------------------------------------------


@dataclass(frozen=True)
class Computed:
    key: str
    results: list[Played]
    rating: formula.Rating
    position: int | None = None


def compute(played: Iterable[Played], as_of: datetime.date,
            config: formula.RankingConfig) -> list[Computed]:
    """Every player's rating on `as_of`; ranked players get positions."""
    rated = []
    for key, results in group(played).items():
        rating = formula.rate(
            [formula.Result(event=r.event_id, last_day=r.last_day, place=r.place,
                            players=r.players, days=r.days, countries=r.countries,
                            qualifier=r.qualifier, weight=r.weight) for r in results],
            as_of, config)
        rated.append(Computed(key=key, results=results, rating=rating))
    positions = formula.positions(
        {item.key: item.rating.rating for item in rated if item.rating.ranked})
    return [Computed(key=item.key, results=item.results, rating=item.rating,
                     position=positions.get(item.key)) for item in rated]


def _two_places(value: float) -> Decimal:
    return Decimal(str(formula.rounded(value))).quantize(TWO_PLACES)


def recompute(ruleset: str, *, as_of: datetime.date | None = None) -> RankingRun:
    """Compute the rule set's ranking and store it as its current run,
    replacing the previous one in one transaction.

    The results are read before the transaction (on SQLite a write
    transaction blocks score entry): a change committed meanwhile asks for
    another recomputation when it commits, and of two computations the one
    that started later is kept.
    """
    config = ranking_config()
    as_of = as_of or timezone.localdate()
    started = timezone.now()
    computed = compute(collect(ruleset), as_of, config)
    with transaction.atomic():
        current = (RankingRun.objects.select_for_update()
                   .filter(ruleset=ruleset, status=RunStatus.CURRENT).first())
        if current is not None and current.started_at > started:
            return current  # a later computation finished first
        RankingRun.objects.filter(ruleset=ruleset, status=RunStatus.PREVIOUS).delete()
        if current is not None:
            current.status = RunStatus.PREVIOUS
            current.save(update_fields=["status"])
        ranked = [item for item in computed if item.position is not None]
        run = RankingRun.objects.create(
            ruleset=ruleset, status=RunStatus.CURRENT, started_at=started,
            computed_at=timezone.now(), as_of=as_of, config=config.as_dict(),
            events=len({line.result.event for item in computed for line in item.rating.lines
                        if line.counts}),
            players=len(ranked))
        _store(run, computed)
    return run


def _store(run: RankingRun, computed: Sequence[Computed]) -> None:
    entries: list[RankingEntry] = []
    clubs: dict[str, set[int]] = {}
    results: list[RankingResult] = []
    for item in computed:
        by_event = {result.event_id: result for result in item.results}
        latest = item.results[-1]
        for line in item.rating.lines:
            played = by_event[cast(int, line.result.event)]
            results.append(RankingResult(
                run=run, player_key=item.key, member_id=played.member_id,
                event_id=played.event_id, last_day=played.last_day, days=played.days,
                place=played.place, players=played.players, base_rank=line.base_rank,
                event_weight=line.event_weight, age_factor=line.age_factor,
                in_part_a=line.in_part_a, in_part_b=line.in_part_b))
        if item.position is None:
            continue
        last_result = item.rating.last_result
        assert last_result is not None
        entries.append(RankingEntry(
            run=run, position=item.position, player_key=item.key, member_id=latest.member_id,
            name=latest.name, rating=_two_places(item.rating.rating),
            part_a=_two_places(item.rating.part_a), part_b=_two_places(item.rating.part_b),
            results=item.rating.counted, last_result=last_result))
        clubs[item.key] = {result.club_id for result in item.results}
    RankingResult.objects.bulk_create(results, batch_size=500)
    stored = RankingEntry.objects.bulk_create(entries, batch_size=500)
    if not connections[RankingEntry.objects.db].features.can_return_rows_from_bulk_insert:
        stored = list(RankingEntry.objects.filter(run=run))
    through = RankingEntry.clubs.through
    through.objects.bulk_create(
        [through(rankingentry_id=entry.pk, club_id=club_id)
         for entry in stored for club_id in sorted(clubs[entry.player_key])],
        batch_size=500)


def recompute_all(*, as_of: datetime.date | None = None) -> list[RankingRun]:
    """Every rule set of the engine (also those no longer offered: their
    events still have results)."""
    return [recompute(ruleset, as_of=as_of) for ruleset in RULESETS]


# --- Reading -------------------------------------------------------------------------


def current_run(ruleset: str) -> RankingRun | None:
    return RankingRun.objects.filter(ruleset=ruleset, status=RunStatus.CURRENT).first()


def run_config(run: RankingRun | None) -> formula.RankingConfig:
    """The constants a run was computed with (the settings' without a run)."""
    if run is None or not run.config:
        return ranking_config()
    return formula.RankingConfig.from_dict(run.config)


def outdated(run: RankingRun | None) -> bool:
    """Whether a ranking should be recomputed though no result changed:
    never computed, computed before today (results age by the day), or with
    other constants than the settings' now (a deployment changed them)."""
    return (run is None or run.as_of < timezone.localdate()
            or run.config != ranking_config().as_dict())


def player_results(run: RankingRun, key: str) -> list[RankingResult]:
    return list(RankingResult.objects.filter(run=run, player_key=key)
                .select_related("event", "event__club", "member", "member__club")
                .order_by("-last_day", "-event_id"))


def _as_results(rows: Iterable[RankingResult]) -> list[formula.Result]:
    """The stored results as the formula takes them; the event weight as
    stored (it counted the countries and qualification, or the override)."""
    return [formula.Result(event=row.event_id, last_day=row.last_day, place=row.place,
                           players=row.players, days=row.days, weight=float(row.event_weight))
            for row in rows]


def history_of(run: RankingRun,
               rows: Iterable[RankingResult]) -> list[tuple[datetime.date, float]]:
    """A player's rating after each of their tournaments (see
    `rating_history`), from their results stored in the run and the run's
    constants."""
    return [(day, formula.rounded(rating.rating))
            for day, rating in formula.rating_history(_as_results(rows), run_config(run))
            if rating.ranked]


def rating_history(member: Member, ruleset: str) -> list[tuple[datetime.date, float]]:
    """The member's national rating in the rule set as it stood after each
    of their tournaments, oldest first: (the tournament's last day, rating
    rounded to 2 decimals), computed on that day from the results up to
    then. Days on which the player was not ranked yet (fewer than the
    minimum results) are left out; a day with two tournaments is one point.
    Read from the current run (the results as last computed): an empty list
    when there is none or the member has no results."""
    run = current_run(ruleset)
    if run is None:
        return []
    return history_of(run, RankingResult.objects.filter(run=run, player_key=member_key(member)))


# --- Recomputing in the background ---------------------------------------------------

# The Celery task (rankings/tasks.py), asked for by name (common/background.py).
TASK = "rankings.recompute"


def schedule(rulesets: Iterable[str]) -> None:
    """Results of these rule sets change in the current transaction: ask for
    a recomputation once it commits (nothing if it rolls back)."""
    for ruleset in sorted(set(rulesets)):
        background.after_commit(TASK, ruleset, delay=settings.RANKING_DEBOUNCE_SECONDS,
                                hold=settings.RANKING_PENDING_SECONDS)


def request_recompute(rulesets: Iterable[str]) -> list[str]:
    """Start a recomputation of each rule set unless one is already waiting
    to start: many changes in a row give one recomputation, started
    RANKING_DEBOUNCE_SECONDS after the first (at once without a broker).
    Returns the rule sets started. Never raises: the ranking is then late,
    which the next change or the nightly run repairs."""
    return [ruleset for ruleset in rulesets
            if background.request(TASK, ruleset, delay=settings.RANKING_DEBOUNCE_SECONDS,
                                  hold=settings.RANKING_PENDING_SECONDS)]


def run_requested(ruleset: str | None = None) -> list[RankingRun]:
    """The task's work: recompute the rule set (every rule set for None),
    clearing its "waiting" flag first, so a change committed while it runs
    asks for another recomputation."""
    runs = []
    for name in [ruleset] if ruleset else list(RULESETS):
        with background.running(TASK, name, hold=settings.RANKING_PENDING_SECONDS):
            runs.append(recompute(name))
    return runs


def state(ruleset: str) -> dict[str, Any]:
    """Whether a recomputation of the rule set is waiting or running."""
    return background.state(TASK, ruleset)
