"""Forms of the club's details page (clubs/details_views.py): they check the
shape of the input; clubs/club_details.py decides and saves."""

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from clubs.club_details import MAX_ATTENDANCE_BONUS, MAX_SEASON_EVENINGS
from clubs.forms import DATE_INPUT, ModelFieldsForm, UserOrMemberForm
from clubs.models import Club, HolidayPeriod
from clubs.season_options import MODE_BEST_N, MODE_SUM


class ClubForm(ModelFieldsForm):
    model = Club
    field_names = ("name", "city")


class SeasonOptionsForm(forms.Form):
    mode = forms.ChoiceField(
        label=_("Which evenings count"),
        choices=[(MODE_SUM, _("every evening")), (MODE_BEST_N, _("only the best evenings"))],
        help_text=_("Only the best: each member's best evenings by table points, then score."))
    n = forms.IntegerField(
        label=_("Best evenings that count"), min_value=1, max_value=MAX_SEASON_EVENINGS,
        required=False, help_text=_("Only with \"only the best evenings\"."))
    attendance_bonus = forms.DecimalField(
        label=_("Attendance bonus (table points per evening)"), min_value=0,
        max_value=MAX_ATTENDANCE_BONUS, max_digits=5, decimal_places=2, required=False,
        localize=True, widget=forms.TextInput(attrs={"inputmode": "decimal"}))
    min_attendance = forms.IntegerField(
        label=_("Evenings needed to be ranked"), min_value=0, max_value=MAX_SEASON_EVENINGS,
        required=False)
    min_players = forms.IntegerField(
        label=_("Fewest players for an evening to count"), min_value=0, max_value=10_000,
        required=False)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if cleaned.get("mode") == MODE_BEST_N and not cleaned.get("n") and "n" not in self.errors:
            self.add_error("n", _("Give how many evenings count when only the best count."))
        if cleaned.get("mode") == MODE_SUM:
            cleaned["n"] = None
        for name in ("attendance_bonus", "min_attendance", "min_players"):
            if cleaned.get(name) is None and name not in self.errors:
                cleaned[name] = 0
        return cleaned


class HolidayForm(ModelFieldsForm):
    model = HolidayPeriod
    field_names = ("name", "start", "end")
    widgets = {"start": DATE_INPUT, "end": DATE_INPUT}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Its own ids: the page shows the club's form too, with its own "name".
        kwargs.setdefault("auto_id", "id_holiday_%s")
        super().__init__(*args, **kwargs)


class OrganiserForm(UserOrMemberForm):
    """Someone to organise the club too: by user name, or a member of the
    club who has a login."""

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", "id_organiser_%s")
        super().__init__(*args, **kwargs)
        self.fields["member"].queryset = (  # type: ignore[attr-defined]
            club.members.filter(user__isnull=False, user__is_active=True)
            .exclude(user__in=club.organisers.all()).select_related("user"))


class RemoveOrganiserForm(forms.Form):
    organiser = forms.ModelChoiceField(
        label=_("Organiser"), queryset=get_user_model().objects.none(),
        error_messages={"invalid_choice": _("Organiser: this person no longer organises the "
                                            "club.")})

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["organiser"].queryset = club.organisers.all()  # type: ignore[attr-defined]
