"""The standings of an event as a table (django-tables2).

The order is the ranking itself, so the columns are not sortable.
"""

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from clubs.templatetags.points import points
from tournaments.models import Event
from tournaments.ranking import StandingRow


def standing_records(event: Event, rows: Sequence[StandingRow]) -> list[dict[str, Any]]:
    """The standings rows with what the page shows beside them: the club, and
    whether the player is a guest or a substitute (listed, not ranked)."""
    registrations = {
        registration.pk: registration
        for registration in event.registrations.select_related(
            "member__club", "substitute_for__member"
        )
    }
    records = []
    for row in rows:
        registration = registrations.get(row.key) if isinstance(row.key, int) else None
        club = ""
        if registration is not None:
            club = registration.member.club.name if registration.member else registration.guest_club
        records.append({
            "position": row.position,
            "name": row.name,
            "club": club,
            "table_points": row.table_points,
            "score": row.score,
            "rounds_played": row.rounds_played,
            "ranked": row.ranked,
            "is_guest": registration is not None and registration.is_guest,
            "substitute_for": registration.substitute_for.name
            if registration is not None and registration.substitute_for else "",
        })
    return records


class StandingsTable(tables.Table):  # type: ignore[misc]
    position = tables.Column(verbose_name=_("Position"), attrs={"td": {"class": "num"},
                                                                "th": {"class": "num"}})
    name = tables.Column(verbose_name=_("Name"))
    club = tables.Column(verbose_name=_("Club"), default="")
    table_points = tables.Column(verbose_name=_("Table points"),
                                 attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    score = tables.Column(verbose_name=_("Score"), attrs={"td": {"class": "num"},
                                                          "th": {"class": "num"}})
    rounds_played = tables.Column(verbose_name=_("Rounds"),
                                  attrs={"td": {"class": "num"}, "th": {"class": "num"}})

    class Meta:
        orderable = False
        template_name = "clubs/_table.html"
        attrs = {"class": "table standings"}
        empty_text = _("No results yet: the standings appear when a round is closed.")

    def __init__(self, *args: Any, caption: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.caption = caption

    def render_position(self, record: dict[str, Any]) -> str:
        # Substitutes (and guests when the event says so) are listed, not ranked.
        return str(record["position"]) if record["ranked"] else "–"

    def render_name(self, record: dict[str, Any]) -> str:
        if record["substitute_for"]:
            return format_html(
                '{} <span class="badge">{}</span>', record["name"],
                _("substitute for %(name)s, not ranked") % {"name": record["substitute_for"]},
            )
        if not record["ranked"]:
            return format_html('{} <span class="badge">{}</span>', record["name"], _("not ranked"))
        if record["is_guest"]:
            return format_html('{} <span class="badge">{}</span>', record["name"], _("guest"))
        return str(record["name"])

    def render_table_points(self, value: Decimal) -> str:
        return points(value)
