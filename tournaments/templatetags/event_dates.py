"""An event's dates in the site's one date format (settings: DATE_FORMAT,
"16 oktober 2026"): a tournament of two days is "16–17 oktober 2026", so
a page never shows one of its days as if it were the event's date."""

from __future__ import annotations

from typing import Any

from django import template

from common.dates import dates_text

register = template.Library()


@register.filter
def event_dates(event: Any) -> str:
    """`{{ event|event_dates }}`: its first day, or first to last day."""
    if event is None or getattr(event, "start_date", None) is None:
        return ""
    return dates_text(event.start_date, getattr(event, "days", 1) or 1)
