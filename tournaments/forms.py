"""Forms of the event pages.

They check the shape of the input; the services in tournaments/services/
decide whether an operation is allowed and do it.
"""

import datetime
from decimal import Decimal
from typing import Any

from django import forms
from django.conf import settings
from django.core.validators import MaxValueValidator
from django.utils import timezone
from django.utils.formats import date_format, number_format
from django.utils.translation import gettext_lazy as _

from clubs import limits
from clubs.forms import (
    DATE_INPUT,
    CountryField,
    EmaNumberField,
    ModelFieldsForm,
    UserOrMemberForm,
)
from clubs.models import Club, Member
from clubs.templatetags.points import points
from common.countries import country_choices
from scoring import texts
from scoring.engine import RULESETS
from scoring.engine.errors import InvalidGame
from tournaments.models import (
    SEAT_LABELS,
    ClubEventDefaults,
    Event,
    Registration,
    Scorekeeper,
    SeatingMethod,
    Table,
)
from tournaments.placing import PRESETS
from tournaments.services.event_defaults import DEFAULT_FIELDS, title_for

OPTION_PREFIX = "option_"

EVENT_FIELDS = (
    "kind", "title", "venue", "start_date", "days", "rounds_planned", "round_minutes",
    "ruleset", "max_places", "self_registration", "requires_approval", "odd_tables",
    "avoid_same_club", "seating_method", "table_point_scheme", "tie_rule", "ranking_order",
    "guests_ranked", "requires_confirmation", "status",
    # For the EMA's ranking (MERS) and the national ranking's weight.
    "city", "qualifier", "mers_weight", "mers_age_from",
)
# An EMA weight override: the EMA's weights run from 1 (one day, few players)
# to 6 (every part at its top); it may set more for a championship.
MERS_WEIGHT_MIN = Decimal("0.5")
MERS_WEIGHT_MAX = Decimal(10)


def web_rulesets() -> dict[str, Any]:
    """The rule sets organisers may choose: settings.WEB_RULESETS, or every
    rule set of the engine."""
    offered = settings.WEB_RULESETS or tuple(RULESETS)
    return {name: RULESETS[name] for name in offered if name in RULESETS}


def rule_options() -> list[tuple[str, Any]]:
    """Every option of every rule set offered, as (rule set name, option)."""
    return [(name, option) for name, ruleset in web_rulesets().items()
            for option in ruleset.options]


def option_field_name(ruleset_name: str, option_name: str) -> str:
    # Prefixed by the rule set: two rule sets may declare options of one name.
    return f"{OPTION_PREFIX}{ruleset_name}_{option_name}"


def option_field(ruleset_name: str, option: Any, initial: Any) -> forms.Field:
    """The form field of one engine option, by its declared type and choices;
    the engine's own validation (resolve_options) runs in EventForm.clean."""
    ruleset = RULESETS[ruleset_name]
    help_text = f"{option_text(option, 'description')} ({ruleset.title}, {option.section})"
    # Never required: only the chosen rule set's options count (EventForm.clean),
    # and an empty one takes its default.
    common: dict[str, Any] = {"label": option_text(option, "label"), "help_text": help_text,
                              "initial": initial, "required": False}
    if option.type is bool:
        return forms.BooleanField(**common)
    if option.choices is not None:
        return forms.TypedChoiceField(
            choices=[(value, texts.option_choice(option, value)) for value in option.choices],
            coerce=option.type, **common)
    if option.type is int:
        return forms.IntegerField(min_value=option.minimum, max_value=option.maximum, **common)
    return forms.CharField(**common)


def option_text(option: Any, what: str) -> str:
    """An option's label or description in the page's language (scoring/texts.py)."""
    return texts.option_text(option, what)


def ruleset_choices() -> list[tuple[str, str]]:
    return [(name, ruleset.title) for name, ruleset in web_rulesets().items()]


def scheme_choices() -> list[tuple[str, str]]:
    # The names are values ("4-2-1-0.5"); each part shown as the standings
    # show table points (the points filter: "0,5" in Dutch).
    return [(name, "-".join(points(part) for part in name.split("-"))) for name in PRESETS]


def form_errors(form: forms.Form) -> list[str]:
    """Every error of a form as plain messages, to report as one refusal."""
    return [str(error) for errors in form.errors.values() for error in errors]


class RuleOptionsForm(ModelFieldsForm):
    """A form with a rule set and its options: the event form and the club's
    event defaults. Every offered rule set's options are fields, prefixed by
    the rule set; the page shows only the chosen one's (static/js/
    event-form.js) and clean() keeps only those, resolved by the engine."""

    ruleset = forms.ChoiceField(label=_("Rule set"), choices=ruleset_choices)
    table_point_scheme = forms.ChoiceField(label=_("Table points"), choices=scheme_choices)
    # Shown across the page's width: long texts and choices with long labels.
    wide_fields = ("title", "title_pattern", "venue", "ruleset", "requires_confirmation",
                   "seating_method", "tie_rule", "ranking_order")

    def __init__(self, *args: Any, instance: Any = None, rules_from: Any = None,
                 **kwargs: Any) -> None:
        """`rules_from`: what the options start from when there is no
        instance (a new event starts from the club's defaults)."""
        super().__init__(*args, instance=instance, **kwargs)
        source = instance if instance is not None else rules_from
        stored = source.rule_options if source is not None else {}
        stored_ruleset = source.ruleset if source is not None else None
        self.rule_options: dict[str, Any] = dict(stored)
        self.option_fields: dict[str, list[str]] = {}
        for ruleset_name, option in rule_options():
            name = option_field_name(ruleset_name, option.name)
            initial = (stored.get(option.name, option.default) if ruleset_name == stored_ruleset
                       else option.default)
            self.fields[name] = option_field(ruleset_name, option, initial)
            self.option_fields.setdefault(ruleset_name, []).append(name)
        self.rules_frozen = False
        # The rule sets that decide table points, ties and ranking themselves
        # (MCR, Riichi), with tables of 4 only and no hands to confirm: the
        # page hides those fields while one is chosen (static/js/
        # event-form.js: table_point_scheme, tie_rule, ranking_order,
        # odd_tables, requires_confirmation); Event.clean sets them.
        self.fields["ruleset"].widget.attrs["data-by-table"] = " ".join(self.by_table_rulesets)

    def option_fieldsets(self) -> list[tuple[Any, list[str], str]]:
        # A rule set scored by table result has a group even without options:
        # its note says which of the event's fields it decides itself.
        return [(_("Options of %(ruleset)s") % {"ruleset": ruleset.title},
                 self.option_fields.get(name, []), name)
                for name, ruleset in web_rulesets().items()
                if name in self.option_fields or ruleset.by_table_result]

    @property
    def by_table_rulesets(self) -> list[str]:
        """The rule sets offered that are scored by table result (MCR, Riichi)."""
        return [name for name, ruleset in web_rulesets().items() if ruleset.by_table_result]

    def grouped(self, groups: list[tuple[Any, list[str], str]],
                ) -> list[tuple[str, list[forms.BoundField], str]]:
        return [(str(legend), [self[name] for name in names], ruleset)
                for legend, names, ruleset in groups]

    @property
    def rule_field_names(self) -> list[str]:
        return ["ruleset"] + [name for name in self.fields if name.startswith(OPTION_PREFIX)]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if not self.rules_frozen and "ruleset" in cleaned:
            name = cleaned["ruleset"]
            for other, fields in self.option_fields.items():
                if other != name:  # another rule set's options: not sent on
                    for field in fields:
                        self.errors.pop(field, None)
            given = {option.name: cleaned[option_field_name(name, option.name)]
                     for option in RULESETS[name].options
                     if cleaned.get(option_field_name(name, option.name)) not in (None, "")}
            try:
                self.rule_options = RULESETS[name].resolve_options(given)
            except InvalidGame as error:
                self.add_error(None, texts.engine_error(error, name))
        return cleaned

    def service_fields(self) -> dict[str, Any]:
        fields = super().service_fields()
        if not self.rules_frozen:
            fields["rule_options"] = self.rule_options
        return fields


class EventForm(RuleOptionsForm):
    """An event with its rules. The rule set and its options are shown but
    disabled once the rules are frozen (the first hand is entered). A new
    event starts from its club's defaults (`defaults`, a ClubEventDefaults,
    saved or not): its title from the club's pattern and the date."""

    model = Event
    field_names = EVENT_FIELDS
    widgets = {"start_date": DATE_INPUT, "mers_age_from": DATE_INPUT}

    def __init__(self, *args: Any, instance: Event | None = None, defaults: Any = None,
                 today: datetime.date | None = None, **kwargs: Any) -> None:
        self.title_pattern = ""
        if instance is None and defaults is not None:
            today = today or timezone.localdate()
            self.title_pattern = defaults.title_pattern
            kwargs.setdefault("initial", {
                **{name: getattr(defaults, name) for name in DEFAULT_FIELDS
                   if name not in ("title_pattern", "rule_options")},
                "start_date": today, "title": title_for(defaults.title_pattern, today)})
        super().__init__(*args, instance=instance, rules_from=defaults, **kwargs)
        if self.title_pattern:
            # Left empty, the title is made from the pattern (clean); the
            # page fills it in as the date changes (event-form.js).
            self.fields["title"].required = False
            self.fields["title"].widget.attrs["data-pattern"] = self.title_pattern
            self.fields["title"].help_text = _(
                "From the club's pattern %(pattern)s; empty: made from the date.") % {
                "pattern": self.title_pattern}
        self.rules_frozen = instance is not None and instance.rules_frozen_at is not None
        if self.rules_frozen:
            for name in self.rule_field_names:
                self.fields[name].disabled = True
                self.fields[name].help_text = _(
                    "Frozen: hands have been entered, so the rules can no longer change."
                )

    def fieldsets(self) -> list[tuple[str, list[forms.BoundField], str]]:
        """The fields in groups, as the page shows them: (legend, fields, the
        rule set whose options they are or ""). The page shows only the
        options of the rule set chosen (static/js/event-form.js)."""
        return self.grouped([
            (_("The event"), ["kind", "start_date", "title", "venue", "days", "rounds_planned",
                              "round_minutes", "status"], ""),
            (_("Rules"), ["ruleset", "requires_confirmation"], ""),
            *self.option_fieldsets(),
            (_("Registration"), ["max_places", "self_registration", "requires_approval"], ""),
            (_("Seating and ranking"), ["odd_tables", "avoid_same_club", "seating_method",
                                        "table_point_scheme", "tie_rule", "ranking_order",
                                        "guests_ranked"], ""),
            (_("European ranking (EMA, MERS)"), ["city", "qualifier", "mers_weight",
                                                 "mers_age_from"], ""),
        ])

    @property
    def rule_field_names(self) -> list[str]:
        # Whether a hand needs a second person's confirmation decides which
        # hands count: frozen with the rules.
        return [*super().rule_field_names, "requires_confirmation"]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if self.title_pattern and not cleaned.get("title") and "title" not in self.errors:
            if cleaned.get("start_date"):
                cleaned["title"] = title_for(self.title_pattern, cleaned["start_date"])
            elif "start_date" not in self.errors:
                self.add_error("title", _("Give a title, or a date to make it from."))
        self._clean_mers(cleaned)
        return cleaned

    def _clean_mers(self, cleaned: dict[str, Any]) -> None:
        weight = cleaned.get("mers_weight")
        if weight is not None and not MERS_WEIGHT_MIN <= weight <= MERS_WEIGHT_MAX:
            self.add_error("mers_weight", _(
                "The MERS weight is a number from %(lowest)s to %(highest)s (e.g. 2.5), not "
                "%(value)s; leave it empty to have it computed.") % {
                "lowest": number_format(MERS_WEIGHT_MIN), "highest": MERS_WEIGHT_MAX,
                "value": number_format(weight)})
        age_from, start = cleaned.get("mers_age_from"), cleaned.get("start_date")
        if age_from is not None and start is not None and age_from < start:
            self.add_error("mers_age_from", _(
                "The date the ranking age counts from cannot be before the event's first day "
                "(%(date)s); leave it empty to count from the last day.") % {
                "date": date_format(start)})

    def service_fields(self) -> dict[str, Any]:
        """Keyword arguments for create_event/update_event. Frozen rules are
        left out: they are shown, never sent."""
        fields = super().service_fields()
        if self.rules_frozen:
            del fields["ruleset"]
            del fields["requires_confirmation"]
        return fields


class ClubEventDefaultsForm(RuleOptionsForm):
    """What a club's new events start with (tournaments.models.ClubEventDefaults)."""

    model = ClubEventDefaults
    field_names = tuple(name for name in DEFAULT_FIELDS if name != "rule_options")

    def __init__(self, *args: Any, instance: ClubEventDefaults | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, instance=instance, **kwargs)
        self.fields["title_pattern"].label = _("Title of a new event")
        self.fields["title_pattern"].help_text = _(
            "{date} becomes the event's date: \"Clubavond {date}\" gives \"Clubavond 2 "
            "december 2026\". Empty: the organiser types a title.")
        self.fields["kind"].label = _("Kind of event")

    def fieldsets(self) -> list[tuple[str, list[forms.BoundField], str]]:
        return self.grouped([
            (_("A new event"), ["kind", "title_pattern", "venue", "rounds_planned",
                                "round_minutes"], ""),
            (_("Rules"), ["ruleset", "requires_confirmation"], ""),
            *self.option_fieldsets(),
            (_("Seating and ranking"), ["odd_tables", "seating_method", "table_point_scheme",
                                        "tie_rule", "ranking_order"], ""),
        ])


class MemberRegistrationForm(forms.Form):
    member = forms.ModelChoiceField(label=_("Member"), queryset=Member.objects.none())

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["member"].queryset = club.members.all()  # type: ignore[attr-defined]


def _guest_country_choices() -> list[tuple[str, str]]:
    return [("", "–"), *country_choices()]


class GuestRegistrationForm(forms.Form):
    guest_name = forms.CharField(label=_("Guest's name"), max_length=160)
    guest_club = forms.CharField(label=_("Guest's club"), max_length=120, required=False)
    # For the EMA results (the door page folds them away: most guests have none).
    guest_ema_number = EmaNumberField(label=_("Guest's EMA number"))
    guest_country = CountryField(label=_("Guest's country"), required=False,
                                 choices=_guest_country_choices)

    EMA_FIELDS = ("guest_ema_number", "guest_country")

    def ema_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.EMA_FIELDS]

    def main_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name not in self.EMA_FIELDS]

    def ema_open(self) -> bool:
        """Whether the folded EMA block starts open: it has an error or a value."""
        return self.is_bound and any(
            self[name].errors or self.data.get(self.add_prefix(name))
            for name in self.EMA_FIELDS)


class DropOutForm(forms.Form):
    after_round = forms.IntegerField(label=_("Drops out after round"), min_value=0,
                                     max_value=limits.MAX_ROUNDS)


class SubstituteForm(forms.Form):
    member = forms.ModelChoiceField(
        label=_("Substitute (member)"), queryset=Member.objects.none(), required=False
    )
    guest_name = forms.CharField(label=_("or a guest's name"), max_length=160, required=False)

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["member"].queryset = club.members.all()  # type: ignore[attr-defined]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if bool(cleaned.get("member")) == bool(cleaned.get("guest_name")):
            raise forms.ValidationError(_("Choose a member or give a guest's name (one of the two)."))
        return cleaned


class SeatingMethodForm(forms.Form):
    seating_method = forms.ChoiceField(label=_("Seating method"), choices=SeatingMethod.choices)


class SwapForm(forms.Form):
    player_a = forms.ModelChoiceField(label=_("Player"), queryset=Registration.objects.none())
    player_b = forms.ModelChoiceField(label=_("swaps seats with"),
                                      queryset=Registration.objects.none())

    def __init__(self, *args: Any, seated: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("player_a", "player_b"):
            self.fields[name].queryset = seated  # type: ignore[attr-defined]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if cleaned.get("player_a") and cleaned.get("player_a") == cleaned.get("player_b"):
            raise forms.ValidationError(_("Choose two different players."))
        return cleaned


class HandForm(forms.Form):
    """A hand entered by values: what each player's hand is worth, who won,
    who was East and who discarded the winning tile. (Issue 4 builds score
    entry by tiles; this is the minimal form.)"""

    def __init__(self, *args: Any, table: Table, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        seats = list(table.seats.select_related("registration__member").order_by("position"))
        self.positions = [seat.position for seat in seats]
        choices = [(str(seat.position), f"{SEAT_LABELS[seat.position]}: {seat.registration.name}")
                   for seat in seats]
        by_values = RULESETS[table.round.event.ruleset].value_entry
        for seat in seats:
            help_texts = [_("Leave empty for the player who sits out this hand.")
                          if len(seats) == 5 else ""]
            if by_values.winner_only:  # Hong Kong: the winner's fan
                help_texts.append(_("Only the winner's %(unit)s count: 0 for the others.")
                                  % {"unit": _(by_values.unit)})
            self.fields[f"value_{seat.position}"] = forms.IntegerField(
                label=f"{SEAT_LABELS[seat.position]}: {seat.registration.name}",
                min_value=0, required=len(seats) != 5,
                help_text=" ".join(str(text) for text in help_texts if text),
            )
        self.fields["winner"] = forms.TypedChoiceField(
            label=_("Mahjong by"), choices=[("", _("nobody (a draw)")), *choices],
            coerce=int, empty_value=None, required=False,
        )
        self.fields["east"] = forms.TypedChoiceField(label=_("East in this hand"),
                                                     choices=choices, coerce=int)
        self.fields["discarder"] = forms.TypedChoiceField(
            label=_("Winning tile discarded by"),
            choices=[("", _("nobody (self-drawn)")), *choices],
            coerce=int, empty_value=None, required=False,
        )

    def values(self) -> dict[int, int]:
        return {
            position: self.cleaned_data[f"value_{position}"]
            for position in self.positions
            if self.cleaned_data.get(f"value_{position}") is not None
        }


class ScorekeeperForm(UserOrMemberForm):
    """A user to keep the score at every table of the event, or at one table
    number (in every round)."""

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        # Its own ids: the event page also shows the registration form, whose
        # "member" field would otherwise share id_member with this one's.
        kwargs.setdefault("auto_id", "id_scorekeeper_%s")
        super().__init__(*args, **kwargs)
        # Up to the model field's limit (its column's, or a validator's); the
        # event's own tables are checked by the service.
        largest = min(validator.limit_value for validator in
                      Scorekeeper._meta.get_field("table_number").validators
                      if isinstance(validator, MaxValueValidator))
        self.fields["table_number"] = forms.IntegerField(
            label=_("Table number"), min_value=1, max_value=largest, required=False,
            help_text=_("Empty: every table of the event."))
        self.fields["member"].queryset = (  # type: ignore[attr-defined]
            event.club.members.filter(user__isnull=False, user__is_active=True)
            .select_related("user").order_by("sort_name", "pk"))


class RemoveScorekeeperForm(forms.Form):
    scorekeeper = forms.ModelChoiceField(
        label=_("Scorekeeper"), queryset=Scorekeeper.objects.none(),
        error_messages={"invalid_choice": _("Scorekeeper: this scorekeeper is no longer "
                                            "listed for the event.")},
    )

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["scorekeeper"].queryset = event.scorekeepers.all()  # type: ignore[attr-defined]
