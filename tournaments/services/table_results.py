"""A table's results once its hands are in: each player's score (the sum
of their settlements), table points by place (the event's scheme and tie
rule: tournaments.placing), mahjongs, deal-ins and place at the table.

Closing a round stores them (rounds.close_round); a change to a closed
round's hands stores them again (hands.py). An event scored by table result
(MCR, Riichi) has no hands: its results are the ones entered whole
(table_scores.py), never recomputed here.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Count, Sum
from django.utils.translation import gettext as _

from scoring.engine import RULESETS
from tournaments import placing
from tournaments.models import Event, HandScore, Table, TableResult


def table_results(event: Event, table: Table) -> list[TableResult]:
    """The table's results, unsaved (the caller replaces the stored ones).
    For an event scored by table result, copies of the results entered."""
    ruleset = RULESETS.get(event.ruleset)
    if ruleset is not None and ruleset.by_table_result:
        return [TableResult(table=table, registration_id=row.registration_id, score=row.score,
                            table_points=row.table_points, mahjongs=0, deal_ins=0,
                            rank=row.rank)
                for row in TableResult.objects.filter(table=table).order_by("rank", "pk")]
    seats = list(table.seats.all())
    scores = {seat.registration_id: 0 for seat in seats}
    for registration_id, total in HandScore.objects.filter(hand__table=table).values_list(
        "registration_id"
    ).annotate(total=Sum("settlement")):
        scores[registration_id] = total
    mahjongs = _count_by(table.hands.filter(winner__isnull=False), "winner_id")
    deal_ins = _count_by(table.hands.filter(discarder__isnull=False), "discarder_id")
    try:
        points = placing.table_points(
            scores, event.table_point_scheme, event.tie_rule,
            mahjongs={k: v for k, v in mahjongs.items() if k in scores},
            deal_ins={k: v for k, v in deal_ins.items() if k in scores},
        )
    except ValueError as error:
        raise ValidationError(_("Table %(table)s: %(reason)s") % {
            "table": table.number, "reason": error}) from None
    return [
        TableResult(
            table=table,
            registration_id=player,
            score=scores[player],
            table_points=points[player],
            mahjongs=mahjongs.get(player, 0),
            deal_ins=deal_ins.get(player, 0),
            rank=1 + sum(
                1 for other in scores
                if (points[other], scores[other]) > (points[player], scores[player])
            ),
        )
        for player in scores
    ]


def _count_by(hands: Any, field: str) -> dict[int, int]:
    return {key: count for key, count in hands.values_list(field).annotate(count=Count("pk"))}
