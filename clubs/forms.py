"""Forms of the club pages: a member's details, a member list to import.

The forms check the shape of the input; the services (clubs/services.py)
decide and save, so a rule holds for every caller, not only for these pages.
"""

from typing import Any, ClassVar

from django import forms
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.member_import import MAX_BYTES
from clubs.models import Member
from clubs.services import ema_number_error
from common.countries import DEFAULT_COUNTRY, country_choices, is_ema_number, normalised_ema_number


class ModelFieldsForm(forms.Form):
    """A form with a model's fields (labels, widgets, choices) but without the
    model's validation: the service validates and saves, with messages that
    name what is wrong (a ModelForm would add "Constraint ... is violated")."""

    model: ClassVar[type[models.Model]]
    field_names: ClassVar[tuple[str, ...]]
    widgets: ClassVar[dict[str, type[forms.Widget] | forms.Widget]] = {}

    def __init__(self, *args: Any, instance: models.Model | None = None, **kwargs: Any) -> None:
        self.instance = instance
        if instance is not None and "initial" not in kwargs:
            kwargs["initial"] = forms.model_to_dict(instance, fields=self.field_names)
        super().__init__(*args, **kwargs)
        model_fields = forms.fields_for_model(self.model, fields=self.field_names,
                                              widgets=self.widgets)
        declared = self.fields
        for name, field in model_fields.items():
            # The model's ranges (clubs/limits.py), checked by the form too,
            # so a date or number out of range is the field's own error.
            ranges = [validator
                      for validator in getattr(self.model._meta.get_field(name), "validators", [])
                      if isinstance(validator, MinValueValidator | MaxValueValidator)]
            field.validators = [*field.validators, *ranges]
        self.fields = {name: declared.get(name) or model_fields[name] for name in self.field_names}
        self.fields.update({name: field for name, field in declared.items()
                            if name not in self.fields})

    def service_fields(self) -> dict[str, Any]:
        """The cleaned values, as keyword arguments for a service."""
        return {name: self.cleaned_data[name] for name in self.field_names}


DATE_INPUT = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class EmaNumberField(forms.CharField):
    """An EMA number as typed: spaces dropped, the leading zero kept, empty
    is None; anything but 8 digits is refused naming the field."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("label", _("EMA number"))
        kwargs.setdefault("required", False)
        kwargs.setdefault("max_length", 20)
        kwargs.setdefault("help_text", _("8 digits, the first two the country's (08 for the "
                                         "Netherlands); empty if none."))
        super().__init__(**kwargs)
        self.widget.attrs.update({"inputmode": "numeric", "autocomplete": "off"})

    def clean(self, value: Any) -> str | None:
        number = normalised_ema_number(super().clean(value))
        if number is not None and not is_ema_number(number):
            raise ValidationError(ema_number_error(number), code="ema_number")
        return number


class CountryField(forms.ChoiceField):
    """A country (IOC code), listed by its name in the user's language."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("choices", country_choices)
        super().__init__(**kwargs)

    def validate(self, value: Any) -> None:
        try:
            super().validate(value)
        except ValidationError:
            raise ValidationError(_("%(label)s: choose a country from the list.") % {
                "label": self.label}, code="invalid_choice") from None


class MemberForm(ModelFieldsForm):
    model = Member
    field_names = ("first_name", "last_name", "nmb_number", "ema_number", "nationality",
                   "date_of_birth", "long_illness", "joined_on")
    widgets = {"date_of_birth": DATE_INPUT, "joined_on": DATE_INPUT}

    ema_number = EmaNumberField()
    # Not required: a form posted without it (an older page, a script)
    # keeps the stored nationality, or the default for a new member.
    nationality = CountryField(label=_("Nationality"), initial=DEFAULT_COUNTRY, required=False,
                               help_text=_("The country the member plays for in the EMA "
                                           "results."))

    def service_fields(self) -> dict[str, Any]:
        fields = super().service_fields()
        if not fields["nationality"]:
            del fields["nationality"]
        return fields


class MemberImportForm(forms.Form):
    """The member list to import: only its shape here (kind and size);
    clubs/member_import.py reads it."""

    file = forms.FileField(
        label=_("Member list (.xlsx or .csv)"),
        widget=forms.ClearableFileInput(attrs={"accept": ".xlsx,.csv"}),
        help_text=_("Columns: first name, last name, NMB member number, club (this club or "
                    "empty), and if you like EMA number and nationality (NED, GER, ... or the "
                    "country's name). The results for the bond (CSV or Excel) can be imported "
                    "as they are."),
    )

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        name = (upload.name or "").lower()
        if not name.endswith((".xlsx", ".csv")):
            raise ValidationError(_("Upload an Excel workbook (.xlsx) or a CSV file (.csv)."))
        if upload.size > MAX_BYTES:
            raise ValidationError(_("The file is larger than %(size)s MB.") % {
                "size": MAX_BYTES // (1024 * 1024)})
        return upload


class EmaPlayersForm(forms.Form):
    """The EMA's player list: only its kind and size here; clubs/ema_players.py
    reads it."""

    file = forms.FileField(
        label=_("EMA player list (.csv)"),
        widget=forms.ClearableFileInput(attrs={"accept": ".csv"}),
        help_text=_("Columns: EMA number, last name, first name, country (a three-letter code "
                    "or the country's name); separated by , or ;."),
    )

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if not (upload.name or "").lower().endswith(".csv"):
            raise ValidationError(_("Upload the EMA's player list as a CSV file (.csv)."))
        if upload.size > MAX_BYTES:
            raise ValidationError(_("The file is larger than %(size)s MB.") % {
                "size": MAX_BYTES // (1024 * 1024)})
        return upload


def add_service_error(form: forms.BaseForm, error: ValidationError) -> None:
    """Put a service's refusal on the form: on the field it names, else on top."""
    if hasattr(error, "error_dict"):
        for field, errors in error.error_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, error.messages)


class MemberWithLoginField(forms.ModelChoiceField):  # type: ignore[type-arg]
    def label_from_instance(self, obj: Any) -> str:
        return f"{obj.full_name} ({obj.user.get_username()})"


class UserOrMemberForm(forms.Form):
    """Someone with a login, by user name or picked from the club's members
    who have one (a subclass sets the member field's queryset). Never by
    e-mail address: the form must not tell an organiser who has an account
    (issue 13), so an unknown name gets the same answer whatever it is."""

    user = forms.CharField(label=_("User name"), max_length=150, required=False,
                           help_text=_("The name they log in with."))
    member = MemberWithLoginField(
        label=_("Or a member of the club"), queryset=Member.objects.none(), required=False,
        empty_label="—", help_text=_("Members who have a login."),
        error_messages={"invalid_choice": _("Member: pick a member of the club who has a "
                                            "login.")})

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        given = (cleaned.get("user") or "").strip()
        member = cleaned.get("member")
        if "user" in self.errors or "member" in self.errors:
            return cleaned
        if given and member is not None:
            self.add_error("user", _("User: give a user name or pick a member, not both."))
        elif member is not None:
            cleaned["user"] = member.user
        elif not given:
            self.add_error("user", _("User: give a user name or pick a member of the club."))
        else:
            users = get_user_model().objects.filter(is_active=True)
            # An exact user name first: two users may differ only in case.
            found = list(users.filter(username=given)[:1]) or list(
                users.filter(username__iexact=given)[:2])
            if len(found) == 1:
                cleaned["user"] = found[0]
            elif found:
                self.add_error("user", forms.ValidationError(
                    _("User: more than one user is called %(value)s; give the user name "
                      "exactly."), params={"value": given}, code="ambiguous"))
            else:
                self.add_error("user", forms.ValidationError(
                    _("User: nobody has the user name %(value)s. Give the name they log in "
                      "with (not an e-mail address), or pick a member."),
                    params={"value": given}, code="unknown"))
        return cleaned
