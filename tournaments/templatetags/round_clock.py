"""{% round_clock table %}: the clock of a table's round, counting down in the
browser (static/js/clock.js), with what the rule set prescribes when time is
up, and the "table finished" button for whoever keeps the score there.
Used by the score-entry page (templates/tournaments/entry/_clock.html) and
any page that shows a player's table."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from tournaments import access
from tournaments.models import Round, RoundStatus, Table
from tournaments.services import clock

register = template.Library()


@register.inclusion_tag("tournaments/_clock.html", takes_context=True)
def round_clock(context: template.Context, table: Table | None = None,
                round: Round | None = None) -> dict[str, Any]:  # noqa: A002 (the template's word)
    round_ = round if round is not None else (table.round if table is not None else None)
    if round_ is None or round_.status != RoundStatus.STARTED:
        return {"show": False}
    user = context.get("user")
    can_finish = (table is not None and user is not None and user.is_authenticated
                  and access.can_keep_score(user, table))
    url = reverse("tournaments:clock_face", args=[round_.event_id, round_.number])
    return {
        "show": True,
        "round": round_,
        "table": table,
        "clock": clock.clock_state(round_, table),
        "at_time": clock.at_time(round_.event),
        "clock_url": f"{url}?table={table.number}" if table is not None else url,
        "can_finish": can_finish,
        "csrf_token": context.get("csrf_token"),
    }
