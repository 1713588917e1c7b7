"""Every rule set of the engine is offered to organisers with its options
(issue 6): the options are declared once, by the rule set (name, type,
default, seed section), and the event form builds its fields from them."""

from html import escape

import pytest
from django.test import Client
from django.test.utils import override_settings

from clubs.models import Club
from scoring.engine import RULESETS
from tournaments.forms import EventForm
from tournaments.models import Event

pytestmark = pytest.mark.django_db

BASE = {"title": "Clubavond", "kind": "evening", "start_date": "2031-01-01", "days": "1",
        "rounds_planned": "2", "round_minutes": "75", "status": "open",
        "odd_tables": "five", "seating_method": "balanced", "table_point_scheme": "4-2-1-0",
        "tie_rule": "share", "ranking_order": "score"}


def add_url(club: Club) -> str:
    return f"/en/clubs/{club.slug}/events/add/"


def test_every_rule_set_is_offered_with_each_of_its_options(organiser_client: Client,
                                                            club: Club) -> None:
    assert list(dict(EventForm().fields["ruleset"].choices)) == list(RULESETS)
    page = organiser_client.get(add_url(club)).content.decode()
    for name, ruleset in RULESETS.items():
        assert f'data-ruleset="{name}"' in page
        for option in ruleset.options:
            assert f'name="option_{name}_{option.name}"' in page
            assert escape(option.section) in page  # the page says where the seeds say so


def test_an_installation_may_offer_fewer(organiser_client: Client, club: Club) -> None:
    with override_settings(WEB_RULESETS=("nts",)):
        assert list(dict(EventForm().fields["ruleset"].choices)) == ["nts"]
        response = organiser_client.post(add_url(club), {**BASE, "ruleset": "hongkong"})
    assert "hongkong is not one of the available choices" in response.content.decode()
    assert not Event.objects.filter(title="Clubavond").exists()


def test_a_hong_kong_evening_with_its_options(organiser_client: Client, club: Club) -> None:
    """H1 (payment table), H2 (minimum fan; 0 is chicken play), H3 values."""
    response = organiser_client.post(add_url(club), {
        **BASE, "ruleset": "hongkong", "option_hongkong_payment": "half_pay",
        "option_hongkong_minimum_fan": "0", "option_hongkong_all_pungs_fan": "3",
        "option_hongkong_kong_replacement_fan": "2", "option_hongkong_kong_on_kong_fan": "6",
        # The live wall (7-5 rule, H7) is ticked by default, as a browser sends it.
        "option_hongkong_seven_five_rule": "on",
        # an NTS option sent along (the group was hidden) is not stored
        "option_nts_east_stays": "on"})
    assert response.status_code == 302, response.content.decode()[:2000]
    event = Event.objects.get(title="Clubavond")
    assert event.ruleset == "hongkong"
    assert event.rule_options == RULESETS["hongkong"].resolve_options(
        {"payment": "half_pay", "minimum_fan": 0, "all_pungs_fan": 3})


def test_a_classic_game_with_flowers_and_a_lower_limit(organiser_client: Client,
                                                       club: Club) -> None:
    """004 §6.4 (limit 'meistens 3000': P1, an option) and §7 (flowers, seasons)."""
    response = organiser_client.post(add_url(club), {
        **BASE, "ruleset": "philos", "option_philos_limit": "1000",
        "option_philos_flowers_seasons": "on"})
    assert response.status_code == 302
    event = Event.objects.get(title="Clubavond")
    assert (event.rule_options["limit"], event.rule_options["flowers_seasons"],
            event.rule_options["heavenly_twins"]) == (1000, True, False)


@pytest.mark.parametrize(("field", "value", "words"), [
    ("option_philos_limit", "0", "limit"),
    ("option_philos_limit", "drie", "whole number"),
    # Issue 13: 10**30 let a hand overflow the database's integer columns.
    ("option_philos_limit", "1" + "0" * 30, "100000"),
])
def test_a_wrong_option_is_refused_naming_it(organiser_client: Client, club: Club,
                                             field: str, value: str, words: str) -> None:
    response = organiser_client.post(add_url(club), {**BASE, "ruleset": "philos",
                                                     field: value})
    assert response.status_code == 200
    assert words in response.content.decode().lower()
    assert not Event.objects.filter(title="Clubavond").exists()


def test_a_choice_outside_the_declared_ones_is_refused(organiser_client: Client,
                                                       club: Club) -> None:
    response = organiser_client.post(add_url(club), {
        **BASE, "ruleset": "hongkong", "option_hongkong_payment": "winner_takes_all"})
    assert "winner_takes_all is not one of the available choices" in response.content.decode()
    assert not Event.objects.filter(title="Clubavond").exists()


def test_tables_of_three_are_refused_for_a_four_player_rule_set(organiser_client: Client,
                                                                club: Club) -> None:
    """004: 'ein ... Gesellschaftsspiel für 4 Personen': no tables of 3."""
    response = organiser_client.post(add_url(club), {**BASE, "ruleset": "philos",
                                                     "odd_tables": "three"})
    assert response.status_code == 200
    assert "not played at tables of 3" in response.content.decode()
    assert not Event.objects.filter(title="Clubavond").exists()


def test_the_options_are_kept_on_edit_and_frozen_after_the_first_hand(
        organiser_client: Client, club: Club) -> None:
    organiser_client.post(add_url(club), {**BASE, "ruleset": "hongkong",
                                          "option_hongkong_minimum_fan": "1"})
    event = Event.objects.get(title="Clubavond")
    form = EventForm(instance=event)
    assert form["option_hongkong_minimum_fan"].value() == 1
    assert form["option_nts_east_stays"].value() is False


def test_the_options_read_in_dutch_on_the_dutch_pages(organiser_client: Client,
                                                       club: Club) -> None:
    page = organiser_client.get(f"/clubs/{club.slug}/events/add/").content.decode()
    assert "Minimum aantal fan" in page and "chickenspel" in page
    assert "Oost blijft Oost" in page
