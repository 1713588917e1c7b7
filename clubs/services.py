"""Business operations on clubs and members, and the club competition.

Every operation runs in a transaction and either succeeds whole or raises
ValidationError with a translated message naming the field and the player,
having changed nothing.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clubs import season
from clubs.models import Club, Member

# The fields a caller may set on a member; everything else (club, user,
# last_played_on) is the system's to keep.
MEMBER_FIELDS = frozenset(
    {"first_name", "last_name", "nmb_number", "date_of_birth", "long_illness", "joined_on"}
)


def create_member(
    club: Club,
    *,
    first_name: str,
    last_name: str,
    nmb_number: str | None = None,
    date_of_birth: datetime.date | None = None,
    long_illness: bool = False,
    joined_on: datetime.date | None = None,
) -> Member:
    member = Member(
        club=club,
        first_name=first_name.strip(),
        last_name=last_name.strip(),
        nmb_number=_normalised_nmb(nmb_number),
        date_of_birth=date_of_birth,
        long_illness=long_illness,
    )
    if joined_on is not None:
        member.joined_on = joined_on
    with transaction.atomic():
        _save_member(member)
    return member


def update_member(member: Member, **fields: Any) -> Member:
    """Change a member's details (only the fields in MEMBER_FIELDS)."""
    unknown = set(fields) - MEMBER_FIELDS
    if unknown:
        raise TypeError(f"update_member() cannot set {', '.join(sorted(unknown))}")
    with transaction.atomic():
        # A fresh, locked copy: the caller's object may already hold the new
        # values (a ModelForm writes them into its instance).
        stored = Member.objects.select_for_update(of=("self",)).get(pk=member.pk)
        for name, value in fields.items():
            if name == "nmb_number":
                value = _normalised_nmb(value)
            elif name in ("first_name", "last_name"):
                value = value.strip()
            setattr(stored, name, value)
        _save_member(stored)
    member.refresh_from_db()
    return member


def _normalised_nmb(number: str | None) -> str | None:
    # "No number" is NULL, never "" (the unique constraint ignores NULLs only).
    number = (number or "").strip()
    return number or None


def _save_member(member: Member) -> None:
    # Field checks and Member.clean (a date of birth in the future); the
    # database constraints are checked below with a message that names who
    # holds the number.
    member.full_clean(validate_unique=False, validate_constraints=False)
    if member.nmb_number is not None:
        holder = (
            Member.objects.select_related("club")
            .filter(nmb_number=member.nmb_number)
            .exclude(pk=member.pk)
            .first()
        )
        if holder is not None:
            raise _nmb_taken(member, holder)
    try:
        with transaction.atomic():  # a savepoint, so the outer transaction stays usable
            member.save()
    except IntegrityError:
        # Another organiser saved the same number between our check and save.
        holder = Member.objects.filter(nmb_number=member.nmb_number).first()
        if holder is None:
            raise
        raise _nmb_taken(member, holder) from None


def _nmb_taken(member: Member, holder: Member) -> ValidationError:
    # Name the holder only within the club: another club's member list is
    # not this organiser's to see.
    if holder.club_id == member.club_id:
        message = _("NMB member number %(number)s is already used by %(name)s.") % {
            "number": member.nmb_number, "name": holder.full_name}
    else:
        message = _("NMB member number %(number)s is already used by a member of another "
                    "club.") % {"number": member.nmb_number}
    return ValidationError({"nmb_number": message}, code="nmb_number_taken")


# --- The club competition ----------------------------------------------------


def season_options(club: Club) -> season.SeasonOptions:
    """The club's competition options from Club.season_options.

    Keys (all optional): "mode" ("sum", the default, or "best_n"), "n" (the
    evenings that count with best_n), "attendance_bonus" (table points per
    evening attended, default 0), "min_attendance" (evenings needed to be
    ranked, default 0), "min_players" (an evening counts only with at least
    this many players, default 0). {} is: every evening counts, summed.
    """
    options = dict(club.season_options or {})
    unknown = set(options) - {"mode", "n", "attendance_bonus", "min_attendance", "min_players"}
    if unknown:
        raise ValidationError({"season_options": _("Unknown season option: %(names)s.") % {
            "names": ", ".join(sorted(unknown))}})
    try:
        if "attendance_bonus" in options:
            options["attendance_bonus"] = Decimal(str(options["attendance_bonus"]))
        return season.SeasonOptions(**options)
    except (ArithmeticError, TypeError, ValueError) as error:
        raise ValidationError({"season_options": _("The season options are not valid: "
                                                   "%(reason)s") % {"reason": error}}) from None


def _season_evenings(club: Club, year: int) -> Iterable[Any]:
    # Imported here: tournaments depends on clubs, not the other way round.
    from tournaments.services.standings import club_evenings

    return club_evenings(club, year)


def season_standings(club: Club, year: int) -> list[season.SeasonRow]:
    """The season ranking of the club's members over its club evenings of
    `year` (those with at least one closed round), keyed by member id."""
    options = season_options(club)
    evenings = list(_season_evenings(club, year))
    names: dict[int | str, str] = {}
    for evening in evenings:
        names.update(evening.names)
    return season.season_ranking([evening.evening for evening in evenings], options, names)


def season_trophy(club: Club, year: int) -> season.TrophyHistory:
    """The rotating trophy through the season `year` (seed 001 Art. 7), keyed by
    member id. An evening's winner is the club member placed first alone
    among the club's members (a guest never takes the club's trophy); the
    holder at the start is whoever held it at the end of last season."""
    last_season = _trophy_without_start(club, year - 1)
    return season.trophy_history(
        [(evening.evening.date, evening.winner) for evening in _season_evenings(club, year)],
        holder_at_start=last_season.holder,
    )


def _trophy_without_start(club: Club, year: int) -> season.TrophyHistory:
    return season.trophy_history(
        [(evening.evening.date, evening.winner) for evening in _season_evenings(club, year)]
    )


def member_names(club: Club) -> dict[int, str]:
    """Display names by member id, for the keys of the season's results."""
    return {member.pk: member.full_name for member in club.members.all()}


def _season_years(club: Club) -> list[int]:
    """The years in which the club has a published club evening with a
    closed round."""
    from tournaments.models import EventKind, RoundStatus
    from tournaments.public import public_events

    return sorted({day.year for day in public_events().filter(
        club=club, kind=EventKind.EVENING, rounds__status=RoundStatus.CLOSED,
    ).dates("start_date", "year")})


def all_time_standings(club: Club) -> list[season.AllTimeRow]:
    """The all-time ranking of the club's members over its club evenings of
    every season (clubs/season.py `all_time_ranking`), keyed by member id.
    Each season is read as its season page reads it (the same evenings, the
    club's season options, the trophy's winners); guests and other clubs'
    members are not listed. One query for the seasons, then three per season."""
    options = season_options(club)
    evenings: list[tuple[season.Evening, int | str | None]] = []
    names: dict[int | str, str] = {}
    for year in _season_years(club):
        for evening in _season_evenings(club, year):
            evenings.append((evening.evening, evening.winner))
            names.update(evening.names)
    return season.all_time_ranking(evenings, options, names)
