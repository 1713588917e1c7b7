"""Clubs and their members.

One installation serves many clubs; every member belongs to one club and an
organiser sees only the clubs they organise (clubs/access.py).
"""

from __future__ import annotations

import datetime
from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs import limits
from clubs.season_options import SeasonOptions
from common.countries import COUNTRIES, DEFAULT_COUNTRY, EMA_NUMBER_PATTERN
from common.names import SORT_KEY_LENGTH, sort_key

COUNTRY_CHOICES = sorted(COUNTRIES.items(), key=lambda item: item[0])
ema_number_validator = RegexValidator(
    EMA_NUMBER_PATTERN, _("An EMA number is 8 digits, e.g. 08000123."), code="ema_number")

ADULT_AGE = 18  # seed 001, Huishoudelijk Reglement Art. 12
LAPSE_AFTER = datetime.timedelta(days=365)  # seed 001 Art. 10: a year without playing


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120, unique=True)
    slug = models.SlugField(_("short name"), max_length=60, unique=True)
    city = models.CharField(_("city"), max_length=80, blank=True)
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="organised_clubs", blank=True,
        verbose_name=_("organisers"),
    )
    # The club competition's options (clubs/season_options.py): mode, n, attendance
    # bonus, minimum attendance, minimum players per evening.
    season_options = models.JSONField(_("season options"), default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        # The competition options must be readable by the season's ranking.
        self.read_season_options()

    def read_season_options(self) -> SeasonOptions:
        """The club's competition options from season_options.

        Keys (all optional): "mode" ("sum", the default, or "best_n"), "n" (the
        evenings that count with best_n), "attendance_bonus" (table points per
        evening attended, default 0), "min_attendance" (evenings needed to be
        ranked, default 0), "min_players" (an evening counts only with at least
        this many players, default 0). {} is: every evening counts, summed.
        """
        options = dict(self.season_options or {})
        unknown = set(options) - {"mode", "n", "attendance_bonus", "min_attendance", "min_players"}
        if unknown:
            raise ValidationError({"season_options": _("Unknown season option: %(names)s.") % {
                "names": ", ".join(sorted(unknown))}})
        try:
            if "attendance_bonus" in options:
                options["attendance_bonus"] = Decimal(str(options["attendance_bonus"]))
            return SeasonOptions(**options)
        except (ArithmeticError, TypeError, ValueError) as error:
            raise ValidationError({"season_options": _("The season options are not valid: "
                                                       "%(reason)s") % {"reason": error}}) from None

    def in_holiday(self, day: datetime.date) -> bool:
        return self.holidays.filter(start__lte=day, end__gte=day).exists()


class HolidayPeriod(models.Model):
    """A holiday in which members' children under 18 may play (Art. 12)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="holidays")
    name = models.CharField(_("name"), max_length=80)
    start = models.DateField(_("first day"), validators=limits.date_range())
    end = models.DateField(_("last day"), validators=limits.date_range())

    class Meta:
        ordering = ["start"]
        constraints = [
            models.CheckConstraint(condition=Q(end__gte=models.F("start")),
                                   name="holiday_ends_after_it_starts"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.start} – {self.end})"


class Member(models.Model):
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="members",
                             verbose_name=_("club"))
    first_name = models.CharField(_("first name"), max_length=80)
    last_name = models.CharField(_("last name"), max_length=120)
    # The bond's (NMB) member number; unique across the installation when set,
    # so "no number" must be NULL (many members lack one), never "".
    nmb_number = models.CharField(  # noqa: DJ001
        _("NMB member number"), max_length=20, null=True, blank=True
    )
    # The European ranking's (EMA) player number, for the EMA results file;
    # unique when set, NULL when not (as nmb_number).
    ema_number = models.CharField(  # noqa: DJ001
        _("EMA number"), max_length=8, null=True, blank=True,
        validators=[ema_number_validator])
    # The country the member plays for in the EMA results (IOC code).
    nationality = models.CharField(_("nationality"), max_length=3, default=DEFAULT_COUNTRY,
                                   choices=COUNTRY_CHOICES)
    # Not after today (the service says so, clubs/services.py), not before 1900.
    date_of_birth = models.DateField(_("date of birth"), null=True, blank=True,
                                     validators=limits.date_range()[:1])
    long_illness = models.BooleanField(
        _("long illness"), default=False,
        help_text=_("Membership does not lapse while ill (Art. 10)."),
    )
    joined_on = models.DateField(_("member since"), default=datetime.date.today,
                                 validators=limits.date_range())
    last_played_on = models.DateField(_("last played"), null=True, blank=True)
    # A member with a login can register for events themselves.
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                                blank=True, related_name="member")
    # Dutch list order (common/names.py): "van der Meer" under M. Written by
    # save(); bulk writes must set it themselves (clubs.member_import does).
    sort_name = models.CharField(max_length=SORT_KEY_LENGTH, editable=False, default="",
                                 db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["sort_name", "pk"]
        verbose_name = _("member")
        verbose_name_plural = _("members")
        constraints = [
            models.UniqueConstraint(fields=["nmb_number"], condition=Q(nmb_number__isnull=False),
                                    name="nmb_number_unique_when_set"),
            models.CheckConstraint(condition=~Q(nmb_number=""), name="nmb_number_null_not_empty"),
            models.UniqueConstraint(fields=["ema_number"], condition=Q(ema_number__isnull=False),
                                    name="ema_number_unique_when_set"),
            models.CheckConstraint(condition=~Q(ema_number=""), name="ema_number_null_not_empty"),
        ]

    def __str__(self) -> str:
        return self.full_name

    def save(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        self.sort_name = sort_key(self.first_name, self.last_name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and {"first_name", "last_name"} & set(update_fields):
            kwargs["update_fields"] = {*update_fields, "sort_name"}
        super().save(*args, **kwargs)

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}"

    def clean(self) -> None:
        if self.date_of_birth and self.date_of_birth > timezone.localdate():
            raise ValidationError({"date_of_birth": _("A date of birth cannot be in the future.")})

    def age_on(self, day: datetime.date) -> int | None:
        if self.date_of_birth is None:
            return None
        born = self.date_of_birth
        return day.year - born.year - ((day.month, day.day) < (born.month, born.day))

    def may_play_on(self, day: datetime.date) -> bool:
        """18 and over, or any age in one of the club's holidays (Art. 12)."""
        age = self.age_on(day)
        return age is None or age >= ADULT_AGE or self.club.in_holiday(day)

    def is_active_on(self, day: datetime.date) -> bool:
        """Membership lapses after a year without playing, except in long
        illness (Art. 10); a new member is active from joining."""
        if self.long_illness:
            return True
        since = self.last_played_on or self.joined_on
        return day - since <= LAPSE_AFTER
