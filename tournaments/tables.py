"""The standings of an event as a table (django-tables2).

Unsorted, the rows are in ranking order; a reader may sort by any column
(the position column sorts by that ranking order, as unranked rows have no
position).
"""

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from clubs.templatetags.narrow import lazy_short_header
from clubs.templatetags.points import points
from common.names import full_name_sort_key
from tournaments.models import Event
from tournaments.placing import StandingRow


def standing_records(
    event: Event, rows: Sequence[StandingRow], *, unconfirmed: frozenset[int] = frozenset(),
) -> list[dict[str, Any]]:
    """The standings rows with what the page shows beside them: the club, and
    whether the player is a guest or a substitute (listed, not ranked)."""
    registrations = {
        registration.pk: registration
        for registration in event.registrations.select_related(
            "member__club", "substitute_for__member"
        )
    }
    records = []
    for order, row in enumerate(rows):
        registration = registrations.get(row.key) if isinstance(row.key, int) else None
        club = ""
        if registration is not None:
            club = registration.member.club.name if registration.member else registration.guest_club
        records.append({
            "order": order,
            "key": row.key,
            "event_id": event.pk,
            "unconfirmed": row.key in unconfirmed,
            "position": row.position,
            "name": row.name,
            "sort_name": row.sort_name or full_name_sort_key(row.name),
            "club": club,
            "table_points": row.table_points,
            "score": row.score,
            "rounds_played": row.rounds_played,
            "penalty": row.penalty,
            "ranked": row.ranked,
            "is_guest": registration is not None and registration.is_guest,
            "substitute_for": registration.substitute_for.name
            if registration is not None and registration.substitute_for else "",
        })
    return records


class StandingsTable(tables.Table):  # type: ignore[misc]
    position = tables.Column(verbose_name=_("Position"), order_by=("order",),
                             attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    # Sorted by name, "de Boer" comes under B (common/names.py).
    name = tables.Column(verbose_name=_("Name"), order_by=("sort_name",))
    club = tables.Column(verbose_name=_("Club"), default="",
                         attrs={"td": {"class": "col-club"}, "th": {"class": "col-club"}})
    table_points = tables.Column(verbose_name=lazy_short_header(_("Table points"), _("TP")),
                                 attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    score = tables.Column(verbose_name=_("Score"), attrs={"td": {"class": "num"},
                                                          "th": {"class": "num"}})
    # Penalty points, already taken off the score (and the table points as
    # the rule set says); shown only when the event has penalties
    # (has_penalties).
    penalty = tables.Column(verbose_name=_("Penalty"), attrs={"td": {"class": "num"},
                                                              "th": {"class": "num"}})
    # Not on a phone (static/css/app.css: .col-more): the player's page has it.
    rounds_played = tables.Column(verbose_name=_("Rounds"),
                                  attrs={"td": {"class": "num col-more"},
                                         "th": {"class": "num col-more"}})

    class Meta:
        template_name = "clubs/_table.html"
        attrs = {"class": "table standings"}
        empty_text = _("No results yet: the standings appear when the first hands are entered.")
        row_attrs = {"class": lambda record: "unconfirmed" if record["unconfirmed"] else ""}

    def __init__(self, *args: Any, caption: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.caption = caption

    def render_position(self, record: dict[str, Any]) -> str:
        # Substitutes (and guests when the event says so) are listed, not ranked.
        return str(record["position"]) if record["ranked"] else "–"

    def render_name(self, record: dict[str, Any]) -> str:
        name = format_html('<a href="{}">{}</a>', reverse(
            "tournaments:player", args=[record["event_id"], record["key"]]), record["name"])
        if record["substitute_for"]:
            name = format_html(
                '{} <span class="badge">{}</span>', name,
                _("substitute for %(name)s, not ranked") % {"name": record["substitute_for"]},
            )
        elif not record["ranked"]:
            name = format_html('{} <span class="badge">{}</span>', name, _("not ranked"))
        elif record["is_guest"]:
            name = format_html('{} <span class="badge">{}</span>', name, _("guest"))
        if record["unconfirmed"]:
            # The issue: unconfirmed hands are marked in the standings.
            name = format_html('{} <span class="badge badge-warning">{}</span>', name,
                               _("includes unconfirmed hands"))
        return name

    def render_penalty(self, value: int) -> str:
        # The hyphen-minus, as every score on the page is written.
        return f"-{value}" if value else ""

    def render_table_points(self, value: Decimal) -> str:
        return points(value)


def has_penalties(records: Sequence[dict[str, Any]]) -> bool:
    """Whether any player in the standings has penalty points (else the
    standings show no penalty column)."""
    return any(record.get("penalty") for record in records)
