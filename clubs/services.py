"""Business operations on clubs and members.

The club competition over a season is computed from the club evenings' results,
so it lives in tournaments (tournaments/services/club_competition.py).

Every operation runs in a transaction and either succeeds whole or raises
ValidationError with a translated message naming the field and the player,
having changed nothing.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clubs.models import Club, Member
from common.countries import DEFAULT_COUNTRY, is_country, is_ema_number, normalised_ema_number

# The fields a caller may set on a member; everything else (club, user,
# last_played_on) is the system's to keep.
MEMBER_FIELDS = frozenset(
    {"first_name", "last_name", "nmb_number", "ema_number", "nationality", "date_of_birth",
     "long_illness", "joined_on"}
)


def create_member(
    club: Club,
    *,
    first_name: str,
    last_name: str,
    nmb_number: str | None = None,
    ema_number: str | None = None,
    nationality: str = DEFAULT_COUNTRY,
    date_of_birth: datetime.date | None = None,
    long_illness: bool = False,
    joined_on: datetime.date | None = None,
) -> Member:
    member = Member(
        club=club,
        first_name=first_name.strip(),
        last_name=last_name.strip(),
        nmb_number=_normalised_nmb(nmb_number),
        ema_number=normalised_ema_number(ema_number),
        nationality=(nationality or DEFAULT_COUNTRY).strip().upper(),
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
            elif name == "ema_number":
                value = normalised_ema_number(value)
            elif name == "nationality":
                value = (value or DEFAULT_COUNTRY).strip().upper()
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
    _check_ema_fields(member)
    member.full_clean(validate_unique=False, validate_constraints=False)
    if member.ema_number is not None:
        ema_holder = (Member.objects.select_related("club").filter(ema_number=member.ema_number)
                      .exclude(pk=member.pk).first())
        if ema_holder is not None:
            raise _ema_taken(member, ema_holder)
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
        holder = Member.objects.filter(nmb_number=member.nmb_number).exclude(
            pk=member.pk).first() if member.nmb_number else None
        if holder is not None:
            raise _nmb_taken(member, holder) from None
        ema_holder = Member.objects.filter(ema_number=member.ema_number).exclude(
            pk=member.pk).first() if member.ema_number else None
        if ema_holder is not None:
            raise _ema_taken(member, ema_holder) from None
        raise


def _check_ema_fields(member: Member) -> None:
    """The EMA number and nationality, with messages naming the field (the
    model's validators would say less)."""
    errors = {}
    if member.ema_number is not None and not is_ema_number(member.ema_number):
        errors["ema_number"] = ema_number_error(member.ema_number)
    if not is_country(member.nationality):
        errors["nationality"] = _("Nationality: %(value)s is not a country code we know "
                                  "(three letters, e.g. NED, GER, BEL).") % {
            "value": member.nationality[:20]}
    if errors:
        raise ValidationError(errors, code="invalid")


def ema_number_error(value: str) -> str:
    """Why `value` is no EMA number, naming the field."""
    return _("EMA number must be 8 digits (e.g. 08000123), not %(value)s.") % {
        "value": value[:20]}


def _ema_taken(member: Member, holder: Member) -> ValidationError:
    if holder.club_id == member.club_id:
        message = _("EMA number %(number)s already belongs to %(name)s.") % {
            "number": member.ema_number, "name": holder.full_name}
    else:
        message = _("EMA number %(number)s already belongs to a member of another club.") % {
            "number": member.ema_number}
    return ValidationError({"ema_number": message}, code="ema_number_taken")


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
