"""Forms of the door (tournaments/views/door.py): the search, the bulk
registration and the self check-in switch. Registration actions reuse the
event page's forms (drop-out, substitute, guest)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs import limits
from clubs.models import Member
from tournaments.models import Event
from tournaments.services import registration as registrations

# The longest search a person types at the door (a name with its club).
MAX_SEARCH = 80

SHOW_ALL, SHOW_EXPECTED, SHOW_PRESENT, SHOW_LATE, SHOW_OUT = (
    "all", "expected", "present", "late", "out")
SHOW_CHOICES = [
    (SHOW_ALL, _("everyone")),
    (SHOW_EXPECTED, _("not here yet")),
    (SHOW_PRESENT, _("present")),
    (SHOW_LATE, _("arrives later")),
    (SHOW_OUT, _("dropped out")),
]


class DoorSearchForm(forms.Form):
    """Who to list: a name (any part, case and accents ignored) and a state."""

    q = forms.CharField(label=_("Search a player"), max_length=MAX_SEARCH, required=False)
    show = forms.ChoiceField(label=_("Show"), choices=SHOW_CHOICES, required=False)

    def search(self) -> tuple[str, str]:
        """The valid search, or none: a bad value lists everyone rather than
        refusing the page a person at the door is working on."""
        if not self.is_valid():
            return "", SHOW_ALL
        return self.cleaned_data["q"].strip(), self.cleaned_data["show"] or SHOW_ALL


class RowIdsField(forms.ModelMultipleChoiceField):  # type: ignore[type-arg]
    """Rows chosen by id: a value that is no row id (a number past 64 bits
    overflows SQLite's integer) is refused before any query."""

    def _check_values(self, value: Any) -> Any:
        for key in value:
            if not limits.is_row_id(key):
                raise forms.ValidationError(self.error_messages["invalid_pk_value"],
                                            code="invalid_pk_value", params={"pk": str(key)[:20]})
        return super()._check_values(value)  # type: ignore[misc]


class BulkRegistrationForm(forms.Form):
    """Members of the event's club to register: some, or all active ones
    not registered yet."""

    member = RowIdsField(
        label=_("Members"), queryset=Member.objects.none(), required=False,
        widget=forms.CheckboxSelectMultiple)
    everyone = forms.BooleanField(label=_("All active members"), required=False)

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.event = event
        # Any member of the club: the page offers only those not registered,
        # and the service says why one who is cannot be registered again.
        self.fields["member"].queryset = event.club.members.order_by(  # type: ignore[attr-defined]
            "sort_name", "pk")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        chosen = cleaned.get("member")
        if not cleaned.get("everyone") and not chosen:
            raise forms.ValidationError(_("Choose at least one member to register."))
        if chosen is not None and len(chosen) > registrations.MAX_BULK:
            raise forms.ValidationError(_("Register at most %(count)s members at once.") % {
                "count": registrations.MAX_BULK})
        return cleaned


class SelfCheckInForm(forms.Form):
    """Open or close self check-in for the event."""

    open = forms.TypedChoiceField(
        label=_("Self check-in"), choices=[("1", _("open")), ("0", _("closed"))],
        coerce=lambda value: value == "1")
