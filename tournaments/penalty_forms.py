"""Forms of the penalties page (tournaments/views/penalties.py): a penalty
recorded or corrected, and the event's referees added and removed. They check
the shape of the input; tournaments/services/penalties.py and referees.py
decide and do it."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.forms import UserOrMemberForm
from tournaments.models import (
    MAX_PENALTY_POINTS,
    Event,
    Penalty,
    PenaltyKind,
    Referee,
    Registration,
    Round,
)
from tournaments.services.penalties import MAX_REASON_LENGTH, PENALTY_ROUNDS, chombo_preset


class RoundChoiceField(forms.ModelChoiceField):  # type: ignore[type-arg]
    def label_from_instance(self, obj: Round) -> str:
        return str(_("Round %(number)s") % {"number": obj.number})


class PlayerChoiceField(forms.ModelChoiceField):  # type: ignore[type-arg]
    def label_from_instance(self, obj: Registration) -> str:
        return obj.name


class PenaltyForm(forms.Form):
    round = RoundChoiceField(
        label=_("Round"), queryset=Round.objects.none(), empty_label=None,
        error_messages={"invalid_choice": _("Round: choose a round being played or played."),
                        "required": _("Round: choose a round.")})
    registration = PlayerChoiceField(
        label=_("Player"), queryset=Registration.objects.none(), empty_label="—",
        error_messages={"invalid_choice": _("Player: choose a player of the event."),
                        "required": _("Player: choose the player.")})
    kind = forms.ChoiceField(label=_("Kind"), choices=PenaltyKind.choices,
                             initial=PenaltyKind.CHOMBO)
    points = forms.IntegerField(label=_("Points"), min_value=1, max_value=MAX_PENALTY_POINTS,
                                required=False,
                                widget=forms.NumberInput(attrs={"inputmode": "numeric"}))
    reason = forms.CharField(label=_("Reason"), max_length=MAX_REASON_LENGTH, required=False)

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", "id_penalty_%s")
        super().__init__(*args, **kwargs)
        rounds = event.rounds.filter(status__in=PENALTY_ROUNDS).order_by("-number")
        self.fields["round"].queryset = rounds  # type: ignore[attr-defined]
        self.fields["registration"].queryset = (  # type: ignore[attr-defined]
            event.registrations.filter(seats__round__in=rounds).distinct()
            .select_related("member").order_by("sort_name", "pk"))
        # Every error names its field, as the service's do ("Points: ..."):
        # the page's summary shows them as they are (_named_errors.html).
        self.fields["points"].error_messages.update({
            "invalid": _("Points: enter a whole number."),
            "min_value": self._range_error(), "max_value": self._range_error()})
        self.fields["kind"].error_messages.update({
            "invalid_choice": _("Kind: choose chombo or other."),
            "required": _("Kind: choose chombo or other.")})
        self.fields["reason"].error_messages["max_length"] = _(
            "Reason: at most %(most)s characters (this one has %(length)s).") % {
            "most": MAX_REASON_LENGTH, "length": "%(show_value)d"}
        preset = chombo_preset(event)
        self.fields["points"].help_text = (
            _("Empty for a chombo: %(points)s points, as the rule set says.") % {
                "points": preset} if preset is not None
            else _("The rule set has no fixed chombo penalty: give the points."))

    @staticmethod
    def _range_error() -> str:
        return str(_("Points: a penalty is from 1 to %(most)s points.") % {
            "most": MAX_PENALTY_POINTS})

    def add_error(self, field: str | None, error: Any) -> None:
        """As Django's; a field with an error loses its help text, which the
        error repeats ("give the points" twice under the field on a phone)."""
        super().add_error(field, error)
        for name in self.errors:
            if name in self.fields:
                # The bound field copied it when made (while cleaning).
                self.fields[name].help_text = self[name].help_text = ""

    @classmethod
    def for_penalty(cls, penalty: Penalty, *args: Any, **kwargs: Any) -> PenaltyForm:
        kwargs.setdefault("initial", {
            "round": penalty.round_id, "registration": penalty.registration_id,
            "kind": penalty.kind, "points": penalty.points, "reason": penalty.reason})
        return cls(*args, event=penalty.event, **kwargs)


class RefereeForm(UserOrMemberForm):
    """A user to record the event's penalties."""

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", "id_referee_%s")
        super().__init__(*args, **kwargs)
        self.fields["member"].queryset = (  # type: ignore[attr-defined]
            event.club.members.filter(user__isnull=False, user__is_active=True)
            .select_related("user").order_by("sort_name", "pk"))


class RemoveRefereeForm(forms.Form):
    referee = forms.ModelChoiceField(
        label=_("Referee"), queryset=Referee.objects.none(),
        error_messages={"invalid_choice": _("Referee: this referee is no longer listed for "
                                            "the event."),
                        "required": _("Referee: choose the referee to remove.")},
    )

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["referee"].queryset = event.referees.all()  # type: ignore[attr-defined]
