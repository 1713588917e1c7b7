"""An event's dates in the site's one date format (settings: DATE_FORMAT,
"16 oktober 2026"): a tournament of two days is "16–17 oktober 2026", so
a page never shows one of its days as if it were the event's date."""

from __future__ import annotations

import datetime
from typing import Any

from django import template
from django.utils.formats import date_format

register = template.Library()


def dates_text(start: datetime.date, days: int = 1) -> str:
    if days <= 1:
        return date_format(start)
    end = start + datetime.timedelta(days=days - 1)
    if (start.year, start.month) == (end.year, end.month):
        return f"{start.day}–{date_format(end)}"
    if start.year == end.year:
        return f"{date_format(start, 'j F')} – {date_format(end)}"
    return f"{date_format(start)} – {date_format(end)}"


@register.filter
def event_dates(event: Any) -> str:
    """`{{ event|event_dates }}`: its first day, or first to last day."""
    if event is None or getattr(event, "start_date", None) is None:
        return ""
    return dates_text(event.start_date, getattr(event, "days", 1) or 1)
