"""The standings of an event as .xlsx: a "Total" sheet (the standings after
every closed round, with each round's table points and score beside them)
and one sheet per closed round with the standings after that round.

Columns: position, name, club, NMB member number, table points, score,
rounds played (and on "Total" per round table points and score), note
(substitutes and unranked guests). Equal results share a position (1, 2, 2,
4); unranked players have none.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import override

from common.cells import CellValue
from exports.excel import sheets
from scoring import ruleset_display
from tournaments import placing
from tournaments.models import Event, Registration, RoundStatus, TableResult
from tournaments.services.standings import event_standings

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Line:
    position: int | None
    name: str
    club: str
    member_number: str | None
    table_points: Decimal
    score: int
    rounds_played: int
    substitute: bool
    ranked: bool
    # Round number -> (table points, score) in that round.
    per_round: dict[int, tuple[Decimal, int]] = field(default_factory=dict)


@dataclass(frozen=True)
class Standings:
    title: str
    rounds: list[int]  # the closed rounds, in order
    total: list[Line]
    after: dict[int, list[Line]]  # the standings after each closed round


def collect(event: Event) -> Standings:
    rounds = list(event.rounds.filter(status=RoundStatus.CLOSED).order_by("number")
                  .values_list("number", flat=True))
    registrations = Registration.objects.filter(event=event).select_related("member__club") \
        .in_bulk()
    per_round: dict[int, dict[int, tuple[Decimal, int]]] = defaultdict(dict)
    for registration_id, number, points, score in TableResult.objects.filter(
            table__round__event=event, table__round__status=RoundStatus.CLOSED).values_list(
            "registration_id", "table__round__number", "table_points", "score"):
        per_round[registration_id][number] = (points, score)

    def lines(rows: list[placing.StandingRow]) -> list[Line]:
        result = []
        for row in rows:
            registration = registrations[int(row.key)]
            member = registration.member
            result.append(Line(
                position=row.position, name=row.name,
                club=member.club.name if member else registration.guest_club,
                member_number=member.nmb_number if member else None,
                table_points=row.table_points, score=row.score,
                rounds_played=row.rounds_played, substitute=registration.is_substitute,
                ranked=row.ranked, per_round=per_round.get(registration.pk, {})))
        return result

    return Standings(
        title=event.title, rounds=rounds, total=lines(event_standings(event)),
        after={number: lines(event_standings(event, after_round=number)) for number in rounds})


def _headers() -> list[str]:
    return [_("Position"), _("Name"), _("Club"), _("NMB member number"), _("Table points"),
            _("Score"), _("Rounds played")]


def _note(line: Line) -> str:
    if line.substitute:
        return _("substitute, not ranked")
    if not line.ranked:
        return _("guest, not ranked")
    return ""


def _row(line: Line) -> list[CellValue]:
    return [line.position, line.name, line.club, line.member_number, line.table_points,
            line.score, line.rounds_played]


def build(data: Standings) -> list[sheets.Sheet]:
    round_headers = []
    for number in data.rounds:
        round_headers += [_("Round %(number)s table points") % {"number": number},
                          _("Round %(number)s score") % {"number": number}]
    total = sheets.Sheet(
        title=_("Total"), headers=[*_headers(), *round_headers, _("Note")], freeze_columns=2,
        rows=[
            [*_row(line),
             *(value for number in data.rounds
               for value in line.per_round.get(number, (None, None))),
             _note(line)]
            for line in data.total
        ])
    after = [
        sheets.Sheet(title=_("After round %(number)s") % {"number": number},
                     headers=[*_headers(), _("Note")], freeze_columns=2,
                     rows=[[*_row(line), _note(line)] for line in data.after[number]])
        for number in data.rounds
    ]
    return [total, *after]


def render(event: Event, *, language: str = "nl", progress: Progress | None = None) -> bytes:
    """The event's standings workbook (.xlsx bytes); progress counts sheets."""
    with override(language):
        data = collect(event)
        return sheets.write(reporting(build(data), progress), title=data.title,
                            subject=ruleset_display.line(event.ruleset, event.rule_options))


def reporting(built: list[sheets.Sheet], progress: Progress | None) -> Iterator[sheets.Sheet]:
    """The sheets, reporting progress(done, total) as each one is written."""
    if progress is not None:
        progress(0, len(built))
    for done, sheet in enumerate(built, start=1):
        yield sheet  # written by the caller before it asks for the next
        if progress is not None:
            progress(done, len(built))
