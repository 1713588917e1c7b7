"""Rounds: adding, seating, swapping, starting, entering hands, closing.

Seating and table points are computed by the pure-Python modules
(tournaments.seating, tournaments.placing); hands are settled by the scoring
engine, the only place that knows rules. This module decides who plays,
keeps the database consistent, and locks the round row so two organisers
cannot seat, start or close one round at the same time.
"""

from __future__ import annotations

import datetime
import secrets
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from random import Random
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Max, Q, Sum
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.models import Member
from scoring.engine import RULESETS, SEAT_WINDS
from scoring.engine.deal import game_complete
from tournaments import placing, seating
from tournaments.models import (
    Event,
    EventStatus,
    Hand,
    OddTables,
    Registration,
    Round,
    RoundStatus,
    Seat,
    SeatingMethod,
    Table,
    TableResult,
)
from tournaments.seating.five import five_player_schedule
from tournaments.services import hand_scoring, hands, presence
from tournaments.services.registration import event_days, locked_event
from tournaments.services.table_results import table_results


def locked_round(round_: Round) -> Round:
    return Round.objects.select_for_update(of=("self",)).select_related("event__club").get(pk=round_.pk)


def next_seating_method(event: Event, *, first: bool) -> str:
    """How the next round is seated unless told otherwise: round 1 at random,
    later rounds by the event's seating method."""
    return SeatingMethod.RANDOM if first else event.seating_method


def add_round(event: Event, *, seating_method: str | None = None) -> Round:
    """The next round of the event, seated by `seating_method` or else by
    next_seating_method."""
    with transaction.atomic():
        event = locked_event(event)
        if event.status == EventStatus.FINISHED:
            raise ValidationError(_("%(event)s is finished.") % {"event": event.title})
        last = event.rounds.aggregate(last=Max("number"))["last"] or 0
        if seating_method is None:
            seating_method = next_seating_method(event, first=last == 0)
        _check_method(seating_method)
        return Round.objects.create(event=event, number=last + 1, seating_method=seating_method)


def _check_method(method: str) -> None:
    if method not in SeatingMethod.values:
        raise ValidationError({"seating_method": _("Unknown seating method %(method)s.") % {
            "method": method}})


# --- Who plays ---------------------------------------------------------------
# Presence is decided per round in services/presence.py; these names stay for
# their callers.


def present_players(round_: Round) -> list[Registration]:
    """Who is seated in this round (services/presence.py decides)."""
    return presence.players_for_round(round_)


def _present_ids(round_: Round) -> presence.RoundPresence:
    return presence.for_round(round_)


def _absence(registration: Registration, round_: Round,
             present: presence.RoundPresence) -> str | None:
    """Why `registration` cannot play in `round_`, or None when they can."""
    return present.absence(registration)


# --- Seating -----------------------------------------------------------------


def round_tables(round_: Round) -> list[list[int]]:
    """The round's tables as lists of registration ids in seat order."""
    tables: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for table_number, position, registration_id in Seat.objects.filter(round=round_).values_list(
        "table__number", "position", "registration_id"
    ):
        tables[table_number].append((position, registration_id))
    return [[player for _, player in sorted(tables[number])] for number in sorted(tables)]


def _history(round_: Round) -> list[list[list[int]]]:
    earlier = round_.event.rounds.filter(number__lt=round_.number).order_by("number")
    return [round_tables(previous) for previous in earlier]


def seat_round(round_: Round, *, method: str | None = None, seed: int | None = None) -> Round:
    """Seat (or re-seat) a round that has not started."""
    with transaction.atomic():
        round_ = locked_round(round_)
        event = round_.event
        _check_not_locked(round_)
        method = method or round_.seating_method
        _check_method(method)
        earlier = event.rounds.filter(number__lt=round_.number)
        unseated = earlier.filter(status=RoundStatus.PLANNED).order_by("number").first()
        if unseated is not None:
            raise ValidationError(_("Round %(round)s has not been seated yet; seat the rounds in "
                                    "order.") % {"round": unseated.number})
        if method in (SeatingMethod.FUHING, SeatingMethod.SWISS):
            open_round = earlier.exclude(status=RoundStatus.CLOSED).order_by("number").first()
            if open_round is not None:
                raise ValidationError(_("Round %(round)s is not closed; seating by results needs "
                                        "its results.") % {"round": open_round.number})
        if seed is None:
            seed = secrets.randbelow(2**31)

        players = present_players(round_)
        # A count that makes no tables is refused with what to do about it.
        presence.check_seatable(round_, len(players))
        history = _history(round_)
        request = seating.SeatingRequest(
            players=[player.pk for player in players],
            history=history,
            ranking=_ranking_for(method, round_, players, seed),
            clubs={player.pk: player.club_key for player in players},
            avoid_same_club=event.avoid_same_club,
            odd_tables=event.odd_tables,
            seed=seed,
            rounds_planned=event.rounds_planned,
        )
        try:
            tables = seating.seat(method, request)
        except seating.SeatingError as error:
            raise ValidationError(_("Round %(round)s cannot be seated: %(reason)s") % {
                "round": round_.number, "reason": error}) from None

        round_.tables.all().delete()  # re-seating replaces the earlier seating whole
        for number, players_at_table in enumerate(tables, start=1):
            table = Table.objects.create(round=round_, number=number)
            Seat.objects.bulk_create(
                Seat(round=round_, table=table, registration_id=player, position=position)
                for position, player in enumerate(players_at_table)
            )
        round_.seating_method = method
        round_.status = RoundStatus.SEATED
        round_.seating_report = _report(round_, history, tables, method, seed)
        round_.save(update_fields=["seating_method", "status", "seating_report"])
        return round_


def _check_not_locked(round_: Round) -> None:
    if round_.locked:
        raise ValidationError(_("Round %(round)s has started; its seating is locked.") % {
            "round": round_.number})


def _report(round_: Round, history: Sequence[Sequence[Sequence[int]]],
            tables: Sequence[Sequence[int]], method: str, seed: int | None) -> dict[str, Any]:
    """The seating report over every round so far, with how it was made."""
    event = round_.event
    clubs = None
    if event.avoid_same_club:
        clubs = {registration.pk: registration.club_key
                 for registration in event.registrations.select_related("member")}
    report = seating.report([*history, tables], clubs=clubs).as_dict()
    report["method"] = method
    report["seed"] = seed
    return dict(report)


def _ranking_for(method: str, round_: Round, players: Sequence[Registration],
                 seed: int) -> list[int]:
    """Best first. Fu-Hing: the previous round's table points, then score;
    Swiss: the standing so far in the event's ranking order. A substitute
    ranks with the results of the player they replace; players without
    results (first round, latecomers) are left out and placed after the
    ranked ones by the seating module. Ties are broken by the seed."""
    if method not in (SeatingMethod.FUHING, SeatingMethod.SWISS) or round_.number == 1:
        return []
    results = TableResult.objects.filter(
        table__round__event=round_.event, table__round__status=RoundStatus.CLOSED
    )
    if method == SeatingMethod.FUHING:
        results = results.filter(table__round__number=round_.number - 1)
    totals: dict[int, tuple[Decimal, int]] = {}
    for row in results.values("registration_id", "registration__substitute_for_id").annotate(
        points=Sum("table_points"), score=Sum("score")
    ):
        slot = row["registration__substitute_for_id"] or row["registration_id"]
        points, score = totals.get(slot, (Decimal(0), 0))
        # SQLite sums decimals as floats: back to the places stored.
        summed = row["points"].quantize(placing.TABLE_POINTS_PLACES)
        totals[slot] = (points + summed, score + row["score"])
    by_points = method == SeatingMethod.FUHING or (
        round_.event.ranking_order == placing.ORDER_TABLE_POINTS
    )
    rng = Random(seed)
    keyed = []
    for player in players:
        slot = player.substitute_for_id or player.pk
        if slot not in totals:
            continue
        points, score = totals[slot]
        primary, secondary = (points, Decimal(score)) if by_points else (Decimal(score), points)
        keyed.append(((-primary, -secondary, rng.random()), player.pk))
    return [player for _, player in sorted(keyed)]


def swap_players(round_: Round, registration_a: Registration,
                 registration_b: Registration) -> None:
    """Swap two seated players before the round starts; or, when one of them
    is not seated, give the other's seat to them."""
    with transaction.atomic():
        round_ = locked_round(round_)
        _check_not_locked(round_)
        if round_.status != RoundStatus.SEATED:
            raise ValidationError(_("Round %(round)s has not been seated yet.") % {
                "round": round_.number})
        if registration_a.pk == registration_b.pk:
            raise ValidationError(_("Choose two different players to swap."))
        seats = {seat.registration_id: seat for seat in round_.seats.select_for_update(of=("self",)).filter(
            registration__in=[registration_a.pk, registration_b.pk])}
        seat_a, seat_b = seats.get(registration_a.pk), seats.get(registration_b.pk)
        if seat_a is None and seat_b is None:
            raise ValidationError(_("Neither %(a)s nor %(b)s is seated in round %(round)s.") % {
                "a": registration_a.name, "b": registration_b.name, "round": round_.number})
        if seat_a is not None and seat_b is not None:
            places = [(seat_a.table_id, seat_a.position), (seat_b.table_id, seat_b.position)]
            Seat.objects.filter(pk__in=[seat_a.pk, seat_b.pk]).delete()
            Seat.objects.bulk_create([
                Seat(round=round_, table_id=places[1][0], position=places[1][1],
                     registration_id=registration_a.pk),
                Seat(round=round_, table_id=places[0][0], position=places[0][1],
                     registration_id=registration_b.pk),
            ])
        else:
            seat = seat_a or seat_b
            assert seat is not None
            newcomer = registration_b if seat_a is not None else registration_a
            newcomer = Registration.objects.select_related("substitute_for", "member").get(
                pk=newcomer.pk)
            reason = _absence(newcomer, round_, _present_ids(round_))
            if reason is not None:
                raise ValidationError(reason)
            seat.registration = newcomer
            seat.save(update_fields=["registration"])
        history = _history(round_)
        tables = round_tables(round_)
        report = _report(round_, history, tables, round_.seating_method,
                         round_.seating_report.get("seed"))
        report["swapped"] = True
        round_.seating_report = report
        round_.save(update_fields=["seating_report"])


def _minimum_table(event: Event) -> int:
    return 3 if event.odd_tables == OddTables.THREE else 4


def start_round(round_: Round) -> Round:
    """Start play: every table full, nobody seated who may not play, the
    earlier rounds closed. From now on the seating is locked."""
    with transaction.atomic():
        round_ = locked_round(round_)
        event = round_.event
        if round_.status == RoundStatus.PLANNED:
            raise ValidationError(_("Round %(round)s has not been seated yet.") % {
                "round": round_.number})
        _check_not_locked(round_)
        running = event.rounds.filter(number__lt=round_.number).exclude(
            status=RoundStatus.CLOSED).order_by("number").first()
        if running is not None:
            raise ValidationError(_("Round %(round)s is not closed yet.") % {
                "round": running.number})
        minimum = _minimum_table(event)
        present = _present_ids(round_)
        tables = list(round_.tables.prefetch_related("seats__registration__member",
                                                     "seats__registration__substitute_for"))
        if not tables:
            raise ValidationError(_("Round %(round)s has no tables.") % {"round": round_.number})
        for table in tables:
            seats = list(table.seats.all())
            positions = sorted(seat.position for seat in seats)
            if len(seats) < minimum or positions != list(range(len(seats))):
                raise ValidationError(
                    _("Table %(table)s is short of players: %(count)s seated, %(minimum)s "
                      "needed in seats %(seats)s.") % {
                        "table": table.number, "count": len(seats), "minimum": minimum,
                        "seats": ", ".join(_seat_names(max(minimum, len(seats))))}
                )
            for seat in seats:
                reason = _absence(seat.registration, round_, present)
                if reason is not None:
                    raise ValidationError(reason)
        round_.status = RoundStatus.STARTED
        round_.started_at = timezone.now()
        round_.save(update_fields=["status", "started_at"])
        if event.status in (EventStatus.DRAFT, EventStatus.OPEN):
            event.status = EventStatus.RUNNING
            event.save(update_fields=["status"])
        return round_


def _seat_names(count: int) -> list[str]:
    return [*SEAT_WINDS, "5"][:count]


# --- Hands -------------------------------------------------------------------


def record_hand(
    table: Table,
    *,
    values: Mapping[int, int],
    winner: int | None,
    east: int,
    discarder: int | None = None,
    entered_by: Any = None,
) -> Hand:
    """Enter a hand by the values counted at the table; the engine settles it.

    Positions are the table's seats (0-3 E S W N at the start of the round, 4
    the fifth player). `east` is the position playing East this hand. At a
    table of 5 the four players given are the ones playing; the fifth sits
    out (the event's rule set's schedule for 5 decides their winds: seed
    001's for Hong Kong, the dreamer's of seed 003 for NTS).
    The score-entry page uses hands.submit_hand (idempotent, version-checked,
    by values or tiles); both share hands.py's implementation."""
    game_input = {"values": dict(values), "winner": winner, "east": east,
                  "discarder": discarder}
    with transaction.atomic():
        # Round before table, the order close_round locks them in.
        locked_round(table.round)
        return hands.record(table, game_input, user=entered_by)


# --- Closing -----------------------------------------------------------------


@dataclass(frozen=True)
class TableProgress:
    """How far a table of a round is: its hands, when the last one was
    entered, the hands still to be confirmed (always 0 when the event asks
    no confirmation), and whether it has finished playing."""

    table: Table
    hands: int
    unconfirmed: int
    last_hand_at: datetime.datetime | None = None
    # The table has played every round of its game (the rule set's deal
    # order: scoring.engine.deal.game_complete).
    game_complete: bool = False
    # An event scored by table result (MCR, Riichi): whether the table's
    # result has been entered (table_scores.py); such a table has no hands.
    by_table: bool = False
    has_result: bool = False

    @property
    def finished(self) -> bool:
        """The table has stopped playing: its scorekeeper said so
        (Table.finished_at, which they can undo) or its game is complete.
        One hand is not a finished table."""
        if self.by_table:
            return self.has_result
        return self.table.finished_at is not None or self.game_complete

    @property
    def closable(self) -> bool:
        """Whether the round can close as far as this table goes: it has
        hands, and none waits for confirmation (by table result: its result
        is in)."""
        if self.by_table:
            return self.has_result
        return self.hands > 0 and self.unconfirmed == 0


def table_progress(round_: Round) -> list[TableProgress]:
    """Every table of the round, by number, with how far it is."""
    counts: dict[str, Any] = {"hand_count": Count("hands"), "last_hand_at": Max("hands__created_at")}
    if round_.event.requires_confirmation:
        counts["unconfirmed_count"] = Count("hands", filter=Q(hands__confirmed_at__isnull=True))
    positions: dict[int, list[int]] = defaultdict(list)
    for table_id, position in Seat.objects.filter(round=round_).values_list("table_id",
                                                                             "position"):
        positions[table_id].append(position)
    event = round_.event
    by_table = _by_table(event)
    with_results = set(TableResult.objects.filter(table__round=round_).values_list(
        "table_id", flat=True)) if by_table else set()
    progress = []
    for table in round_.tables.annotate(**counts).order_by("number"):
        table.round = round_  # the event's rule set, without a query per table
        hand_count = table.hand_count  # type: ignore[attr-defined]
        complete = bool(hand_count) and table.finished_at is None and _game_complete(
            table, positions[table.pk], event)
        progress.append(TableProgress(
            table=table, hands=hand_count, unconfirmed=getattr(table, "unconfirmed_count", 0),
            last_hand_at=table.last_hand_at, game_complete=complete,  # type: ignore[attr-defined]
            by_table=by_table, has_result=table.pk in with_results))
    return progress


def _by_table(event: Event) -> bool:
    """Whether the event's rule set is scored by table result (MCR, Riichi)."""
    ruleset = RULESETS.get(event.ruleset)
    return ruleset is not None and ruleset.by_table_result


def _game_complete(table: Table, seat_positions: Sequence[int], event: Event) -> bool:
    """Whether the table has played its whole game, by the deal order of the
    event's rule set for a table of its size (hand_scoring.next_hand's order)."""
    if event.ruleset not in RULESETS or not seat_positions:
        return False
    order = RULESETS[event.ruleset].deal_order(len(seat_positions), event.rule_options)
    return game_complete(seat_positions, hand_scoring.dealt(table),
                         five_player_schedule(event.ruleset), order)


def set_table_finished(table: Table, finished: bool = True) -> Table:
    """The table's scorekeeper says the table has finished playing (or, as
    an undo, that it has not). Only while the round is being played."""
    with transaction.atomic():
        round_ = locked_round(table.round)
        if round_.status != RoundStatus.STARTED:
            raise ValidationError(_("Round %(round)s is not being played: table %(table)s "
                                    "cannot be marked finished or unfinished.") % {
                "round": round_.number, "table": table.number})
        table = Table.objects.select_for_update().get(pk=table.pk)
        if (table.finished_at is not None) != finished:
            table.finished_at = timezone.now() if finished else None
            table.save(update_fields=["finished_at"])
        table.round = round_
        return table


@dataclass(frozen=True)
class ClosingCheck:
    """What is missing before a round closes, for its confirmation.

    `blocking`: what keeps the round from closing (a table without hands,
    hands not confirmed), each naming its tables and what to do; `warnings`:
    tables still playing by their scorekeepers (closing ends their play);
    `progress`: every table."""

    progress: list[TableProgress]
    blocking: list[str]
    warnings: list[str]

    @property
    def can_close(self) -> bool:
        return not self.blocking


def _tables(items: Sequence[TableProgress]) -> str:
    return ", ".join(str(item.table.number) for item in items)


def closing_check(round_: Round) -> ClosingCheck:
    """What keeps the round from closing, and what closing it would cut
    short, in the organiser's words."""
    progress = table_progress(round_)
    blocking = []
    if _by_table(round_.event):
        missing = [item for item in progress if not item.has_result]
        if missing:
            blocking.append(ngettext(
                "No result has been entered for table %(tables)s.",
                "No results have been entered for tables %(tables)s.", len(missing)) % {
                "tables": _tables(missing)})
        return ClosingCheck(progress=progress, blocking=blocking, warnings=[])
    empty = [item for item in progress if item.hands == 0]
    if empty:
        blocking.append(ngettext(
            "No hands have been entered at table %(tables)s.",
            "No hands have been entered at tables %(tables)s.", len(empty)) % {
            "tables": _tables(empty)})
    unconfirmed = [item for item in progress if item.unconfirmed]
    if unconfirmed:
        blocking.append(ngettext(
            "Hands at table %(tables)s have not been confirmed yet.",
            "Hands at tables %(tables)s have not been confirmed yet.", len(unconfirmed)) % {
            "tables": _tables(unconfirmed)})
    playing = [item for item in progress if item.hands and not item.finished]
    warnings = []
    if playing:
        warnings.append(ngettext(
            "Table %(tables)s has not said it has finished: closing ends its play, and its "
            "scorekeeper can no longer enter hands (you can still correct them).",
            "Tables %(tables)s have not said they have finished: closing ends their play, and "
            "their scorekeepers can no longer enter hands (you can still correct them).",
            len(playing)) % {
            "tables": _tables(playing)})
    return ClosingCheck(progress=progress, blocking=blocking, warnings=warnings)


def close_round(round_: Round) -> Round:
    """Close a round: every table's results and table points (the event's
    scheme and tie rule), and the members' last day played. When it was the
    last round the event planned, the event is finished with it."""
    with transaction.atomic():
        round_ = locked_round(round_)
        event = round_.event
        if round_.status != RoundStatus.STARTED:
            raise ValidationError(_("Round %(round)s is not being played, so it cannot be "
                                    "closed.") % {"round": round_.number})
        # Wait for hands being saved at its tables (hands.py locks the table).
        list(Table.objects.select_for_update().filter(round=round_).values_list("pk"))
        check = closing_check(round_)
        if check.blocking:
            raise ValidationError(check.blocking)
        if not _by_table(event):
            # By table result, the results entered are the round's (table_scores.py).
            tables = [item.table for item in check.progress]
            results = [result for table in tables for result in table_results(event, table)]
            TableResult.objects.filter(table__round=round_).delete()
            TableResult.objects.bulk_create(results)
        round_.status = RoundStatus.CLOSED
        round_.closed_at = timezone.now()
        round_.save(update_fields=["status", "closed_at"])
        _mark_played(round_)
        _finish_after_last_round(event)
        return round_


def _finish_after_last_round(event: Event) -> None:
    """The event finishes by itself when its last planned round closes (and
    no round of it is still open): the bond's and EMA's exports need a
    finished event, and nobody should have to edit its status for that."""
    if event.status == EventStatus.FINISHED:
        return
    rounds_ = event.rounds.aggregate(
        closed=Count("pk", filter=Q(status=RoundStatus.CLOSED)), total=Count("pk"))
    if rounds_["closed"] == rounds_["total"] and rounds_["closed"] >= event.rounds_planned:
        event.status = EventStatus.FINISHED
        event.save(update_fields=["status"])


def _mark_played(round_: Round) -> None:
    """Playing keeps a membership alive (Art. 10): record the day played."""
    days = event_days(round_.event)
    played = timezone.localdate(round_.started_at) if round_.started_at else days[0]
    day = min(max(played, days[0]), days[-1])
    member_ids = round_.seats.filter(registration__member__isnull=False).values_list(
        "registration__member_id", flat=True)
    Member.objects.filter(pk__in=list(member_ids)).filter(
        Q(last_played_on__isnull=True) | Q(last_played_on__lt=day)
    ).update(last_played_on=day)
