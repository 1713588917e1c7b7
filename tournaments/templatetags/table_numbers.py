"""Numbers of a table's result as people read them: Riichi's final points
with a thousands separator in the page's language (45.000, 45,000), a
result relative to the start with its sign (+15.000, -5.400: the
hyphen-minus the scores use everywhere), and the count that chooses between
"1 tafelpunt" and "2,5 tafelpunten".

The project does not set USE_THOUSAND_SEPARATOR (hand scores stay plain),
so these group explicitly, only where Riichi's points are shown."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import template
from django.utils.formats import number_format

from tournaments.services import table_scores

register = template.Library()


@register.filter
def grouped(value: int | None) -> str:
    """45000 -> "45.000" (Dutch), "45,000" (English)."""
    if value is None:
        return ""
    return number_format(int(value), force_grouping=True)


@register.filter
def signed_grouped(value: int | None) -> str:
    """15000 -> "+15.000", -5400 -> "-5.400", 0 -> "0"."""
    if value is None:
        return ""
    value = int(value)
    return ("+" if value > 0 else "") + number_format(value, force_grouping=True)


@register.filter
def signed(value: int | None) -> str:
    """A settlement as the hand-by-hand pages write it, ungrouped: 96 ->
    "+96", -48 -> "-48", and nothing won or paid -> "0", not "+0"."""
    if value is None:
        return ""
    value = int(value)
    return f"+{value}" if value > 0 else str(value)


@register.filter
def plural_count(value: Decimal | int | None) -> int:
    """The number for ngettext: table points may be fractions (2,5), which
    ngettext refuses; a fraction reads plural in Dutch and English."""
    if value is None:
        return 0
    value = Decimal(value)
    return int(value) if value == value.to_integral_value() else 2


@register.filter
def score_of(value: int, event: Any) -> str:
    """A score in a list of the event's results: grouped where the scores
    are Riichi's points (table_scores.starting_points), else as it is, as
    every hand-by-hand page writes it."""
    return grouped(value) if table_scores.starting_points(event) else str(value)
