"""A club's event defaults (issue 15): its organisers keep them on their own
page, a new event's form starts from them, and the event keeps its own copy."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client

from clubs.models import Club
from scoring.engine import RULESETS
from tournaments.forms import EventForm
from tournaments.models import ClubEventDefaults, Event
from tournaments.services import event_defaults

pytestmark = pytest.mark.django_db

DECEMBER_2 = datetime.date(2026, 12, 2)
# Fu-Hing's house rules (issue 15): Hong Kong, two rounds, the second
# re-seated by table points, ranked by table points.
FU_HING = {
    "kind": "evening", "title_pattern": "Clubavond {date}", "venue": "Wijkcentrum",
    "rounds_planned": 2, "round_minutes": 90, "ruleset": "hongkong",
    "rule_options": {"payment": "half_pay", "minimum_fan": 1}, "odd_tables": "five",
    "seating_method": "fuhing", "table_point_scheme": "4-2-1-0", "tie_rule": "share",
    "ranking_order": "table_points", "requires_confirmation": True,
}
DEFAULTS_FORM = {
    "kind": "evening", "title_pattern": "Clubavond {date}", "venue": "Wijkcentrum",
    "rounds_planned": "2", "round_minutes": "90", "ruleset": "hongkong",
    "option_hongkong_payment": "half_pay", "option_hongkong_minimum_fan": "1",
    "option_hongkong_all_pungs_fan": "5", "option_hongkong_kong_replacement_fan": "2",
    "option_hongkong_kong_on_kong_fan": "6", "option_hongkong_seven_five_rule": "on",
    "odd_tables": "five", "seating_method": "fuhing", "table_point_scheme": "4-2-1-0",
    "tie_rule": "share", "ranking_order": "table_points",
}


@pytest.fixture
def organiser_client(client: Client, organiser: User) -> Client:
    client.force_login(organiser)
    return client


@pytest.fixture
def fu_hing(club: Club) -> ClubEventDefaults:
    return event_defaults.save_event_defaults(club, **FU_HING)


def form_as_sent(form: EventForm) -> dict[str, Any]:
    """What a browser sends for an untouched form: every field's starting
    value (a checkbox only when ticked)."""
    data: dict[str, Any] = {}
    for name, field in form.fields.items():
        value = form[name].value()
        if isinstance(value, bool) or field.widget.input_type == "checkbox":
            if value:
                data[name] = "on"
        elif value is not None:
            data[name] = value.isoformat() if isinstance(value, datetime.date) else str(value)
    return data


# --- The service ------------------------------------------------------------------


def test_the_title_is_made_from_the_pattern_in_dutch() -> None:
    assert event_defaults.title_for("Clubavond {date}", DECEMBER_2) == "Clubavond 2 december 2026"
    assert event_defaults.title_for("{date}: open avond", datetime.date(2027, 3, 1)) == (
        "1 maart 2027: open avond")
    assert event_defaults.title_for("Clubavond", DECEMBER_2) == "Clubavond"


def test_the_defaults_are_kept_with_their_options_resolved(club: Club,
                                                           fu_hing: ClubEventDefaults) -> None:
    stored = ClubEventDefaults.objects.get(club=club)
    assert (stored.ruleset, stored.rounds_planned, stored.seating_method,
            stored.ranking_order) == ("hongkong", 2, "fuhing", "table_points")
    assert stored.rule_options == RULESETS["hongkong"].resolve_options(
        {"payment": "half_pay", "minimum_fan": 1})
    # Saved again: still one row per club.
    event_defaults.save_event_defaults(club, **{**FU_HING, "rounds_planned": 3})
    assert ClubEventDefaults.objects.get(club=club).rounds_planned == 3


@pytest.mark.parametrize(("field", "value"), [
    ("ruleset", "mystery"),
    ("rule_options", {"minimum_fan": 99}),
    ("rule_options", {"no_such_option": True}),
    ("table_point_scheme", "9-9-9"),
    ("rounds_planned", 0),
    ("round_minutes", 100_000),
    ("odd_tables", "seven"),
], ids=lambda value: str(value))
def test_unusable_defaults_are_refused_and_change_nothing(
        club: Club, fu_hing: ClubEventDefaults, field: str, value: object) -> None:
    with pytest.raises(ValidationError) as refused:
        event_defaults.save_event_defaults(club, **{**FU_HING, field: value})
    assert field in refused.value.message_dict
    assert ClubEventDefaults.objects.get(club=club).rule_options == fu_hing.rule_options
    assert ClubEventDefaults.objects.get(club=club).rounds_planned == 2


def test_tables_of_three_are_refused_for_a_rule_set_played_by_four(club: Club) -> None:
    with pytest.raises(ValidationError) as refused:
        event_defaults.save_event_defaults(club, **{**FU_HING, "ruleset": "philos",
                                                    "rule_options": {}, "odd_tables": "three"})
    assert "odd_tables" in refused.value.message_dict
    assert not ClubEventDefaults.objects.exists()


def test_a_club_without_defaults_gets_todays(club: Club) -> None:
    defaults = event_defaults.defaults_for(club)
    assert defaults.pk is None
    assert (defaults.ruleset, defaults.seating_method, defaults.ranking_order) == (
        "nts", "balanced", "score")


# --- The new-event form ----------------------------------------------------------


def test_the_defaults_fill_the_new_event_form(club: Club, fu_hing: ClubEventDefaults) -> None:
    form = EventForm(defaults=event_defaults.defaults_for(club), today=DECEMBER_2)
    assert form["title"].value() == "Clubavond 2 december 2026"
    assert form["start_date"].value() == DECEMBER_2
    assert {name: form[name].value() for name in (
        "kind", "venue", "rounds_planned", "round_minutes", "ruleset", "seating_method",
        "table_point_scheme", "tie_rule", "ranking_order", "requires_confirmation")} == {
        "kind": "evening", "venue": "Wijkcentrum", "rounds_planned": 2, "round_minutes": 90,
        "ruleset": "hongkong", "seating_method": "fuhing", "table_point_scheme": "4-2-1-0",
        "tie_rule": "share", "ranking_order": "table_points", "requires_confirmation": True}
    assert form["option_hongkong_payment"].value() == "half_pay"
    assert form["option_hongkong_minimum_fan"].value() == 1
    # Another rule set's options start from their own defaults.
    assert form["option_nts_three_player_two_suits"].value() is True


def test_the_page_starts_from_the_clubs_defaults(organiser_client: Client, club: Club,
                                                 fu_hing: ClubEventDefaults) -> None:
    page = organiser_client.get(f"/clubs/{club.slug}/events/add/")
    assert page.status_code == 200
    form = page.context["form"]
    assert form["ruleset"].value() == "hongkong"
    assert form["seating_method"].value() == "fuhing"
    assert form["ranking_order"].value() == "table_points"
    assert form["title"].value().startswith("Clubavond ")
    html = page.content.decode()
    assert 'data-pattern="Clubavond {date}"' in html
    assert f'href="/clubs/{club.slug}/event-defaults/"' in html


def test_without_defaults_the_form_starts_as_before(organiser_client: Client,
                                                    club: Club) -> None:
    form = organiser_client.get(f"/clubs/{club.slug}/events/add/").context["form"]
    assert (form["ruleset"].value(), form["seating_method"].value(),
            form["ranking_order"].value(), form["title"].value()) == (
        "nts", "balanced", "score", "")
    assert form.fields["title"].required


def test_an_event_created_from_the_defaults_keeps_its_own_copy(
        organiser_client: Client, club: Club, fu_hing: ClubEventDefaults) -> None:
    sent = form_as_sent(EventForm(defaults=event_defaults.defaults_for(club),
                                  today=DECEMBER_2))
    response = organiser_client.post(f"/clubs/{club.slug}/events/add/", sent)
    assert response.status_code == 302, response.context["form"].errors
    event = Event.objects.get(club=club)
    assert (event.title, event.ruleset, event.rounds_planned, event.seating_method,
            event.ranking_order, event.requires_confirmation) == (
        "Clubavond 2 december 2026", "hongkong", 2, "fuhing", "table_points", True)
    assert event.rule_options == fu_hing.rule_options

    event_defaults.save_event_defaults(club, **{
        **FU_HING, "ruleset": "nts", "rule_options": {"east_stays": True},
        "seating_method": "swiss", "ranking_order": "score", "rounds_planned": 5,
        "requires_confirmation": False})
    event.refresh_from_db()
    assert (event.ruleset, event.rounds_planned, event.seating_method, event.ranking_order,
            event.requires_confirmation) == ("hongkong", 2, "fuhing", "table_points", True)
    assert event.rule_options == fu_hing.rule_options


def test_a_title_left_empty_is_made_from_the_pattern_and_the_date(
        organiser_client: Client, club: Club, fu_hing: ClubEventDefaults) -> None:
    sent = form_as_sent(EventForm(defaults=event_defaults.defaults_for(club),
                                  today=DECEMBER_2))
    response = organiser_client.post(f"/clubs/{club.slug}/events/add/",
                                     {**sent, "title": "", "start_date": "2027-01-06"})
    assert response.status_code == 302
    assert Event.objects.get(club=club).title == "Clubavond 6 januari 2027"


def test_without_a_pattern_the_title_is_still_needed(organiser_client: Client,
                                                     club: Club) -> None:
    sent = form_as_sent(EventForm(defaults=event_defaults.defaults_for(club),
                                  today=DECEMBER_2))
    response = organiser_client.post(f"/clubs/{club.slug}/events/add/",
                                     {**sent, "title": ""})
    assert response.status_code == 200
    assert "Titel</a>: Dit veld is verplicht." in response.content.decode()
    assert not Event.objects.exists()


# --- The defaults page --------------------------------------------------------------


def test_the_organiser_keeps_the_defaults_on_their_page(organiser_client: Client,
                                                        club: Club) -> None:
    url = f"/clubs/{club.slug}/event-defaults/"
    page = organiser_client.get(url)
    assert page.status_code == 200
    assert "Standaardinstellingen" in page.content.decode()
    response = organiser_client.post(url, DEFAULTS_FORM)
    assert response.status_code == 302
    assert response["Location"] == url
    stored = ClubEventDefaults.objects.get(club=club)
    assert (stored.ruleset, stored.rule_options["payment"], stored.rule_options["minimum_fan"],
            stored.seating_method, stored.ranking_order, stored.title_pattern) == (
        "hongkong", "half_pay", 1, "fuhing", "table_points", "Clubavond {date}")
    # The page shows them when opened again.
    form = organiser_client.get(url).context["form"]
    assert form["option_hongkong_payment"].value() == "half_pay"


@pytest.mark.parametrize(("sent", "shown"), [
    ({"rounds_planned": "0"}, "Rondes</a>:"),
    ({"round_minutes": "100000"}, "Minuten per ronde</a>:"),
    ({"option_hongkong_minimum_fan": "99"}, "Minimum aantal fan</a>:"),
    ({"ruleset": "philos", "odd_tables": "three"}, "wordt niet aan tafels van 3 gespeeld"),
    ({"table_point_scheme": "9-9-9"}, "Tafelpunten</a>:"),
], ids=["rounds", "minutes", "option", "tables of 3", "scheme"])
def test_refused_defaults_are_named_in_dutch_and_change_nothing(
        organiser_client: Client, club: Club, fu_hing: ClubEventDefaults,
        sent: dict[str, str], shown: str) -> None:
    response = organiser_client.post(f"/clubs/{club.slug}/event-defaults/",
                                     {**DEFAULTS_FORM, **sent})
    assert response.status_code == 200
    assert shown in response.content.decode()
    stored = ClubEventDefaults.objects.get(club=club)
    assert (stored.ruleset, stored.rounds_planned, stored.rule_options) == (
        "hongkong", 2, fu_hing.rule_options)


def test_nobody_else_reaches_the_defaults(club: Club, fu_hing: ClubEventDefaults,
                                          outsider_client: Client, member_client: Client,
                                          client: Client) -> None:
    url = f"/clubs/{club.slug}/event-defaults/"
    for who in (outsider_client, member_client):
        assert who.get(url).status_code == 404
        assert who.post(url, {**DEFAULTS_FORM, "rounds_planned": "7"}).status_code == 404
    assert client.post(url, {**DEFAULTS_FORM, "rounds_planned": "7"}).status_code == 302
    assert ClubEventDefaults.objects.get(club=club).rounds_planned == 2


def test_the_club_pages_link_the_defaults(organiser_client: Client, club: Club) -> None:
    page = organiser_client.get(f"/clubs/{club.slug}/").content.decode()
    assert f'href="/clubs/{club.slug}/event-defaults/"' in page


def test_whether_hands_need_confirmation_freezes_with_the_rules(event: Event) -> None:
    from django.utils import timezone

    from tournaments.services import events

    events.update_event(event, requires_confirmation=True)
    Event.objects.filter(pk=event.pk).update(rules_frozen_at=timezone.now())
    event.refresh_from_db()
    with pytest.raises(ValidationError) as refused:
        events.update_event(event, requires_confirmation=False)
    assert "requires_confirmation" in refused.value.message_dict
    event.refresh_from_db()
    assert event.requires_confirmation
    form = EventForm(instance=event)
    assert form.fields["requires_confirmation"].disabled
