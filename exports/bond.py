"""Results for the bond (NMB, Nederlandse MahjongBond), as .xlsx and .csv.

The NMB publishes no machine format, so this module defines one;
docs/exports.md, "Results for the bond (NMB)", is its description for the bond's results
secretary. In short: a block of event details (label, value), an empty row,
then a table with one row per player in ranking order.

`collect` reads the event into plain data; `render_xlsx` and `render_csv`
only write that data (exports are functions from data to bytes). Both refuse
an event that is not finished (`check_exportable`), and an event of a rule
set the bond does not rank (`check_bond_ranked`: Hong Kong); the event page
lists the players without a member number first
(tournaments.services.standings.missing_member_numbers).

Scores and table points are the standings' totals, penalties taken off
(tournaments/services/standings.py); the workbook lists the penalties on a
sheet of their own.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import override

from common.cells import CellValue
from common.names import split_name
from exports import csvfile
from exports.excel import sheets
from scoring import ruleset_display
from scoring.engine import RULESETS
from tournaments.models import Event, EventStatus, Registration, RoundStatus
from tournaments.services.penalties import event_penalties
from tournaments.services.standings import event_standings

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class EventDetails:
    title: str
    date: datetime.date
    place: str
    club: str
    players: int  # who played, substitutes not counted
    ruleset: str
    days: int
    rounds: int  # closed rounds
    # The options that differ from the rule set's defaults, as the event page
    # words them; empty when it is played as the rule set says.
    rule_options: str = ""


@dataclass(frozen=True)
class PlayerResult:
    registration_id: int
    position: int | None  # None: listed but not ranked (substitutes; guests if the event says so)
    first_name: str
    last_name: str
    member_number: str | None
    club: str
    table_points: Decimal
    score: int
    rounds_played: int
    guest: bool
    substitute: bool
    penalty: int = 0  # penalty points, already taken off score (and table points)


@dataclass(frozen=True)
class PenaltyEntry:
    round_number: int
    player: str
    member_number: str | None
    points: int
    kind: str  # as the user reads it
    reason: str


@dataclass(frozen=True)
class Results:
    details: EventDetails
    players: list[PlayerResult]
    penalties: list[PenaltyEntry] = field(default_factory=list)


# --- Checks -------------------------------------------------------------------------


def check_exportable(event: Event) -> None:
    """Refuse (ValidationError) an event whose results are not final."""
    if event.status != EventStatus.FINISHED:
        raise ValidationError(
            _("%(event)s is not finished (it is %(status)s): its results go to the bond once "
              "the event is finished.") % {"event": event.title,
                                            "status": event.get_status_display()},
            code="not_finished")
    if not event.rounds.filter(status=RoundStatus.CLOSED).exists():
        raise ValidationError(
            _("%(event)s has no closed round, so there are no results to send.") % {
                "event": event.title},
            code="no_results")


def check_bond_ranked(event: Event) -> None:
    """Refuse (ValidationError) an event of a rule set the bond does not
    rank (RuleSet.bond_ranked: every variant but Hong Kong)."""
    ruleset = RULESETS.get(event.ruleset)
    if ruleset is None or not ruleset.bond_ranked:
        raise ValidationError(
            _("%(event)s is played by %(ruleset)s, which the bond does not rank: there are no "
              "results to send to the bond.") % {
                "event": event.title, "ruleset": ruleset_display.title(event.ruleset)},
            code="not_bond_ranked")


def check_bond_exportable(event: Event) -> None:
    """The bond's exports: a rule set the bond ranks, and a finished event
    with results."""
    check_bond_ranked(event)
    check_exportable(event)


def bond_ranked(event: Event) -> bool:
    """Whether the bond ranks the event's rule set (the pages offer its
    export only then)."""
    ruleset = RULESETS.get(event.ruleset)
    return ruleset is not None and ruleset.bond_ranked


# --- Collecting ---------------------------------------------------------------------


def collect(event: Event) -> Results:
    """The event's final results (every closed round), in ranking order."""
    rows = event_standings(event)
    registrations = Registration.objects.select_related("member__club").in_bulk(
        [row.key for row in rows])
    players = []
    for row in rows:
        registration = registrations[int(row.key)]
        member = registration.member
        if member is not None:
            first, last = member.first_name, member.last_name
            club = member.club.name
        else:
            first, last = split_name(registration.guest_name)
            club = registration.guest_club
        players.append(PlayerResult(
            registration_id=registration.pk, position=row.position, first_name=first,
            last_name=last, member_number=member.nmb_number if member else None, club=club,
            table_points=row.table_points, score=row.score, rounds_played=row.rounds_played,
            guest=member is None, substitute=registration.is_substitute,
            penalty=row.penalty,
        ))
    details = EventDetails(
        title=event.title, date=event.start_date,
        place=event.venue or event.club.city, club=event.club.name,
        players=sum(1 for player in players if not player.substitute),
        ruleset=ruleset_display.title(event.ruleset),
        days=event.days,
        rounds=event.rounds.filter(status=RoundStatus.CLOSED).count(),
        rule_options=ruleset_display.options_text(event.ruleset, event.rule_options),
    )
    penalties = [
        PenaltyEntry(round_number=line.round_number, player=line.player,
                     member_number=line.registration.member.nmb_number
                     if line.registration.member else None,
                     points=line.points, kind=line.kind_label, reason=line.reason)
        for line in event_penalties(event)
    ]
    return Results(details=details, players=players, penalties=penalties)


# --- Writing ------------------------------------------------------------------------


def detail_rows(details: EventDetails) -> list[list[CellValue]]:
    """The event's details, label and value; "Rule options" only for an
    event whose options differ from its rule set's defaults."""
    options: list[list[CellValue]] = (
        [[_("Rule options"), details.rule_options]] if details.rule_options else [])
    return [
        [_("Title"), details.title],
        [_("Date"), details.date],
        [_("Place"), details.place],
        [_("Organising club"), details.club],
        [_("Number of players"), details.players],
        [_("Rule set"), details.ruleset],
        *options,
        [_("Number of days"), details.days],
        [_("Rounds"), details.rounds],
    ]


def headers() -> list[str]:
    return [_("Position"), _("First name"), _("Last name"), _("NMB member number"), _("Club"),
            _("Table points"), _("Score"), _("Rounds played"), _("Note")]


def note(player: PlayerResult) -> str:
    if player.substitute:
        return _("substitute, not ranked")
    if player.position is None:
        return _("guest, not ranked")
    if player.guest:
        return _("guest")
    return ""


def player_row(player: PlayerResult) -> list[CellValue]:
    return [player.position, player.first_name, player.last_name, player.member_number,
            player.club, player.table_points, player.score, player.rounds_played,
            note(player)]


def penalty_headers() -> list[str]:
    return [_("Round"), _("Player"), _("NMB member number"), _("Points"), _("Kind"),
            _("Reason")]


def penalty_row(penalty: PenaltyEntry) -> list[CellValue]:
    return [penalty.round_number, penalty.player, penalty.member_number, penalty.points,
            penalty.kind, penalty.reason]


def results_subject(details: EventDetails) -> str:
    """The workbook's subject (File > Properties): the rule set the results
    were played by, with its options; the NMB ranks per rule set."""
    return ruleset_display.labelled(details.ruleset, details.rule_options)


def step_counter(total: int, progress: Progress | None) -> Callable[[], None]:
    """A function to call once per step done: it reports progress(done, total)."""
    done = [0]

    def step() -> None:
        done[0] += 1
        if progress is not None:
            progress(done[0], total)

    return step


def results_xlsx(results: Results, *, progress: Progress | None = None) -> bytes:
    sheet = sheets.Sheet(
        title=_("Results"), headers=headers(), preamble=detail_rows(results.details),
        rows=[player_row(player) for player in results.players])
    # Every penalty given, for the bond's results secretary (issue 17); the
    # scores above already have them taken off.
    penalty_sheet = sheets.Sheet(
        title=_("Penalties"), headers=penalty_headers(),
        rows=[penalty_row(penalty) for penalty in results.penalties])
    return sheets.write([sheet, penalty_sheet], title=results.details.title,
                        subject=results_subject(results.details),
                        on_row=step_counter(len(sheet.rows) + len(penalty_sheet.rows),
                                            progress))


def results_csv(results: Results, *, dialect: str = "nl",
                progress: Progress | None = None) -> bytes:
    step = step_counter(len(results.players), progress)

    def rows() -> list[Sequence[CellValue]]:
        lines: list[Sequence[CellValue]] = [*detail_rows(results.details), [], headers()]
        for player in results.players:
            lines.append(player_row(player))
            step()
        if results.penalties:
            # As the workbook's penalties sheet: after an empty row, its
            # header first (issue 17: the bond's export lists the penalties).
            lines += [[], penalty_headers(), *map(penalty_row, results.penalties)]
        return lines

    return csvfile.write(rows(), dialect=dialect)


def render_xlsx(event: Event, *, language: str = "nl",
                progress: Progress | None = None) -> bytes:
    """The bond's results of a finished event as .xlsx."""
    with override(language):
        check_bond_exportable(event)
        return results_xlsx(collect(event), progress=progress)


def render_csv(event: Event, *, language: str = "nl", progress: Progress | None = None,
               dialect: str = "nl") -> bytes:
    """The bond's results of a finished event as CSV: `dialect` "nl" (`;`,
    decimal comma: Dutch Excel) or "international" (`,`, decimal point)."""
    csvfile.dialect_named(dialect)
    with override(language):
        check_bond_exportable(event)
        return results_csv(collect(event), dialect=dialect, progress=progress)
