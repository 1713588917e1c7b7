"""Dates as every page and export writes them: the site's one format
(settings: DATE_FORMAT, "16 oktober 2026"), and an event of several days
as its first to last day ("16–17 oktober 2026"), never one of its days
alone as if it were the event's date."""

from __future__ import annotations

import datetime

from django.utils.formats import date_format


def dates_text(start: datetime.date, days: int = 1) -> str:
    if days <= 1:
        return date_format(start)
    end = start + datetime.timedelta(days=days - 1)
    if (start.year, start.month) == (end.year, end.month):
        return f"{start.day}–{date_format(end)}"
    if start.year == end.year:
        return f"{date_format(start, 'j F')} – {date_format(end)}"
    return f"{date_format(start)} – {date_format(end)}"
