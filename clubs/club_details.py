"""What a club's organisers keep about the club itself, on the app's own
pages rather than the admin (issue 15: organisers never need the admin): the
club's name and city, its season competition's options, its holidays (in
which members under 18 may play, Art. 12) and who organises it.

Every operation runs in a transaction and either succeeds whole or raises
ValidationError naming the field, having changed nothing.
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Club, HolidayPeriod
from clubs.season_options import MODE_BEST_N, MODE_SUM

MAX_SEASON_EVENINGS = 366
MAX_ATTENDANCE_BONUS = Decimal(100)


def update_club(club: Club, *, name: str, city: str) -> Club:
    """The club's name and city. Its short name (the address of its pages)
    stays: links and bookmarks of members use it."""
    name, city = name.strip(), city.strip()
    with transaction.atomic():
        stored = Club.objects.select_for_update().get(pk=club.pk)
        if Club.objects.filter(name__iexact=name).exclude(pk=club.pk).exists():
            raise ValidationError({"name": _("There is already a club called %(name)s.") % {
                "name": name}})
        stored.name, stored.city = name, city
        stored.full_clean(exclude=["slug", "organisers"], validate_unique=False,
                          validate_constraints=False)
        stored.save(update_fields=["name", "city"])
    club.refresh_from_db()
    return club


def season_form_values(club: Club) -> dict[str, Any]:
    """The club's season options as the form shows them, defaults filled in."""
    options = club.read_season_options()
    return {"mode": options.mode, "n": options.n, "attendance_bonus": options.attendance_bonus,
            "min_attendance": options.min_attendance, "min_players": options.min_players}


def save_season_options(club: Club, *, mode: str, n: int | None, attendance_bonus: Decimal,
                        min_attendance: int, min_players: int) -> Club:
    """The club competition's options (clubs/season_options.py SeasonOptions): every
    evening summed or each member's best n, the attendance bonus, the
    evenings needed to be ranked, the fewest players for an evening to
    count. They change how the season pages rank, for every season."""
    if mode == MODE_BEST_N and (n is None or n < 1):
        raise ValidationError({"n": _(
            "Evenings that count: give how many evenings count (1 or more) when only the "
            "best count.")})
    if mode not in (MODE_SUM, MODE_BEST_N):
        raise ValidationError({"mode": _("Choose how the season is ranked.")})
    for field, value, largest in (("n", n, MAX_SEASON_EVENINGS),
                                  ("min_attendance", min_attendance, MAX_SEASON_EVENINGS),
                                  ("min_players", min_players, 10_000)):
        if value is not None and not 0 <= value <= largest:
            raise ValidationError({field: _("Give a number from 0 to %(largest)s.") % {
                "largest": largest}})
    if not Decimal(0) <= attendance_bonus <= MAX_ATTENDANCE_BONUS:
        raise ValidationError({"attendance_bonus": _(
            "Give a bonus from 0 to %(largest)s table points.") % {
            "largest": MAX_ATTENDANCE_BONUS}})
    options: dict[str, Any] = {"mode": mode}
    if mode == MODE_BEST_N:
        options["n"] = n
    if attendance_bonus:
        # Stored as text: a JSON number would turn 0.5 into a float.
        options["attendance_bonus"] = str(attendance_bonus.normalize())
    if min_attendance:
        options["min_attendance"] = min_attendance
    if min_players:
        options["min_players"] = min_players
    with transaction.atomic():
        stored = Club.objects.select_for_update().get(pk=club.pk)
        stored.season_options = options
        stored.read_season_options()  # readable by the season pages
        stored.save(update_fields=["season_options"])
    club.refresh_from_db()
    return club


def add_holiday(club: Club, *, name: str, start: datetime.date,
                end: datetime.date) -> HolidayPeriod:
    if end < start:
        raise ValidationError({"end": _("The last day cannot be before the first day.")})
    holiday = HolidayPeriod(club=club, name=name.strip(), start=start, end=end)
    with transaction.atomic():
        holiday.full_clean(exclude=["club"], validate_unique=False, validate_constraints=False)
        holiday.save()
    return holiday


def remove_holiday(club: Club, holiday_id: int) -> str | None:
    """Remove one of the club's holidays; its name, or None when the club
    has no such holiday (any more)."""
    with transaction.atomic():
        holiday = club.holidays.select_for_update().filter(pk=holiday_id).first()
        if holiday is None:
            return None
        holiday.delete()
    return holiday.name


def add_organiser(club: Club, user: Any) -> None:
    """Let `user` organise the club too (adding them twice is no error)."""
    if not user.is_active:
        raise ValidationError({"user": _("%(name)s cannot log in: ask the site administrator.")
                               % {"name": user.get_username()}})
    club.organisers.add(user)


def remove_organiser(club: Club, user: Any) -> None:
    """Stop `user` organising the club; a club keeps at least one organiser,
    so nobody can lock everyone out of it."""
    with transaction.atomic():
        Club.objects.select_for_update().get(pk=club.pk)
        if not club.organisers.filter(pk=user.pk).exists():
            return
        if club.organisers.exclude(pk=user.pk).filter(is_active=True).count() == 0:
            raise ValidationError({"organiser": _(
                "%(name)s is the club's only organiser: add another organiser first.") % {
                "name": user.get_username()}})
        club.organisers.remove(user)
