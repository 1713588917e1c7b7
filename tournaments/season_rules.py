"""A club's season rules in words, for the season page: how the ranking is
made (clubs/season_options.py SeasonOptions, read per club from its options) and
how many evenings a member still needs to qualify.

The page's totals include the attendance bonus, so a season total of 8.5
against an evening's 8 needs this sentence to be understood (issue 15).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from django.utils.formats import number_format
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.season_options import MODE_BEST_N, SeasonOptions
from tournaments.season import SeasonRow


def _points(value: Decimal) -> str:
    """0.5 as people write it in the page's language (0,5 in Dutch)."""
    places = max(0, -int(value.normalize().as_tuple().exponent))
    return number_format(value, decimal_pos=places)


def evenings_to_qualify(options: SeasonOptions) -> int:
    """Evenings that count a member needs to be ranked (at least one:
    someone without an evening that counts has nothing to rank by)."""
    return max(options.min_attendance, 1)


def rules_sentence(options: SeasonOptions) -> str:
    """One sentence: when a member qualifies, which evenings count, the
    attendance bonus and the fewest players for an evening to count."""
    clauses: list[str] = []
    if options.min_attendance > 0:
        clauses.append(ngettext(
            "you qualify after %(count)s evening",
            "you qualify after %(count)s evenings",
            options.min_attendance) % {"count": options.min_attendance})
    if options.mode == MODE_BEST_N and options.n is not None:
        clauses.append(ngettext(
            "your best evening counts",
            "your best %(count)s evenings count",
            options.n) % {"count": options.n})
    else:
        clauses.append(_("every evening counts"))
    if options.attendance_bonus > 0:
        # No noun after the number: "0.5 table points" and "0,5 tafelpunt"
        # would need different plural forms for the same number.
        clauses.append(_("plus an attendance bonus of %(points)s per evening attended") % {
            "points": _points(options.attendance_bonus)})
    if options.min_players > 0:
        clauses.append(ngettext(
            "an evening counts when at least %(count)s player plays",
            "an evening counts when at least %(count)s players play",
            options.min_players) % {"count": options.min_players})
    # Dutch and English join such clauses alike.
    return capfirst("; ".join(clauses)) + "."


def order_sentence(options: SeasonOptions) -> str:
    if options.attendance_bonus > 0:
        return _("The ranking is by table points, the attendance bonus included, then score.")
    return _("The ranking is by table points, then score.")


def still_needed(row: SeasonRow, options: SeasonOptions) -> int:
    """Evenings a member not yet qualified still needs (0 when qualified)."""
    if row.qualified:
        return 0
    return max(0, evenings_to_qualify(options) - row.attended)


def with_needs(rows: Sequence[SeasonRow], options: SeasonOptions) -> list[tuple[SeasonRow, int]]:
    return [(row, still_needed(row, options)) for row in rows]
