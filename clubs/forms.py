"""Forms of the club pages: a member's details.

The forms check the shape of the input; the services (clubs/services.py)
decide and save, so a rule holds for every caller, not only for these pages.
"""

from typing import Any, ClassVar

from django import forms
from django.core.exceptions import ValidationError
from django.db import models

from clubs.models import Member


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
        self.fields = {name: declared.get(name) or model_fields[name] for name in self.field_names}
        self.fields.update({name: field for name, field in declared.items()
                            if name not in self.fields})

    def service_fields(self) -> dict[str, Any]:
        """The cleaned values, as keyword arguments for a service."""
        return {name: self.cleaned_data[name] for name in self.field_names}


DATE_INPUT = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class MemberForm(ModelFieldsForm):
    model = Member
    field_names = ("first_name", "last_name", "nmb_number", "date_of_birth", "long_illness",
                   "joined_on")
    widgets = {"date_of_birth": DATE_INPUT, "joined_on": DATE_INPUT}


def add_service_error(form: forms.BaseForm, error: ValidationError) -> None:
    """Put a service's refusal on the form: on the field it names, else on top."""
    if hasattr(error, "error_dict"):
        for field, errors in error.error_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, error.messages)
