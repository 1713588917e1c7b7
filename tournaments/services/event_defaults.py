"""A club's event defaults: what its new events start with (its house rules),
kept by its organisers. An event copies them when it is created and keeps
its own copy, so changing the defaults later changes no event."""

from __future__ import annotations

import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import translation
from django.utils.dateformat import format as format_date
from django.utils.translation import gettext as _

from clubs.models import Club
from scoring.engine import RULESETS
from tournaments import placing
from tournaments.models import ClubEventDefaults, OddTables

# The fields an organiser sets; an event of the same name copies each.
DEFAULT_FIELDS = (
    "kind", "title_pattern", "venue", "rounds_planned", "round_minutes", "ruleset",
    "rule_options", "odd_tables", "seating_method", "table_point_scheme", "tie_rule",
    "ranking_order", "requires_confirmation",
)
DATE_PLACEHOLDER = "{date}"


def defaults_for(club: Club) -> ClubEventDefaults:
    """The club's stored defaults, or (unsaved) today's defaults for a club
    that has kept none."""
    try:
        return ClubEventDefaults.objects.get(club=club)
    except ClubEventDefaults.DoesNotExist:
        return ClubEventDefaults(club=club)


def title_for(pattern: str, day: datetime.date) -> str:
    """An event's title from the club's pattern: "Clubavond {date}" on 2
    December 2026 is "Clubavond 2 december 2026". The date is written in
    Dutch whatever the page's language: the pattern is the club's own text."""
    if DATE_PLACEHOLDER not in pattern:
        return pattern.strip()
    with translation.override("nl"):
        written = format_date(day, "j F Y")
    return pattern.replace(DATE_PLACEHOLDER, written).strip()


def save_event_defaults(club: Club, **fields: Any) -> ClubEventDefaults:
    """Keep the club's event defaults, validated as an event's rules are:
    a known rule set with options its engine accepts, a known table-point
    scheme, tables of 3 only for a rule set played by 3. Refused: a
    ValidationError naming the field, and nothing changed."""
    unknown = set(fields) - set(DEFAULT_FIELDS)
    if unknown:
        raise TypeError(f"save_event_defaults() cannot set {', '.join(sorted(unknown))}")
    with transaction.atomic():
        stored = (ClubEventDefaults.objects.select_for_update().filter(club=club).first()
                  or ClubEventDefaults(club=club))
        for name, value in fields.items():
            if isinstance(value, str):
                value = value.strip()
            setattr(stored, name, value)
        _validate(stored)
        stored.rule_options = RULESETS[stored.ruleset].resolve_options(stored.rule_options or {})
        stored.save()
    return stored


def _validate(defaults: ClubEventDefaults) -> None:
    # Field checks (ranges, choices) and ClubEventDefaults.clean (a known
    # rule set, options its engine accepts).
    defaults.full_clean(exclude=["club"], validate_unique=False, validate_constraints=False)
    try:
        placing.get_scheme(defaults.table_point_scheme)
    except ValueError as error:
        raise ValidationError({"table_point_scheme": str(error)}) from None
    ruleset = RULESETS[defaults.ruleset]
    if defaults.odd_tables == OddTables.THREE and 3 not in ruleset.player_counts:
        raise ValidationError({"odd_tables": _(
            "%(ruleset)s is not played at tables of 3: choose tables of 5.") % {
            "ruleset": ruleset.title}})
