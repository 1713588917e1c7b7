"""What the score-entry page and "Check a hand" give their scripts for entry
by thumb (issue 15): one tile picker for both, the 7-5 rule by values where
the rule set has it, the schedule a chosen East of a table of 5 plays by,
and the JSON form still on the check page."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.domain.conftest import make_event
from tournaments.models import Event, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(request: pytest.FixtureRequest, organiser: User) -> Event:
    """NTS with 8 players, or (players, rule set) by indirect parameter."""
    count, ruleset = getattr(request, "param", (8, "nts"))
    event, _players = make_event(count, ruleset=ruleset)
    event.club.organisers.add(organiser)
    return event


def page(user: User, table: Table) -> str:
    client = Client()
    client.force_login(user)
    return client.get(reverse("tournaments:score_entry", args=[table.pk])).content.decode()


def test_the_score_page_has_the_shared_picker_and_no_value_flag_for_nts(
        table: Table, keeper: User) -> None:
    html = page(keeper, table)
    assert html.count('class="se-tile" data-tile=') == 34
    assert "js/tile-picker.js" in html and html.index("js/tile-picker.js") < html.index(
        "js/score-entry/main.js")
    assert 'name="value-flag"' not in html
    # Nothing is chosen for who discarded until the scorekeeper chooses.
    assert 'id="se-discarder-field" hidden' in html


@pytest.mark.parametrize("event", [(8, "hongkong")], indirect=True)
def test_hong_kong_offers_the_seven_five_rule_by_values(table: Table, keeper: User) -> None:
    html = page(keeper, table)
    assert html.count('name="value-flag"') == 1
    assert 'value="seven_five" id="se-value-flag-seven_five"' in html


def test_the_page_knows_the_schedule_of_a_table_of_five(table: Table, keeper: User) -> None:
    client = Client()
    client.force_login(keeper)
    response = client.get(reverse("tournaments:score_entry", args=[table.pk]))
    schedule = response.context["entry_rules"]["five_schedule"]
    # Every player is East once in the five hands of the schedule.
    assert sorted(row[0] for row in schedule) == [0, 1, 2, 3, 4]


def test_check_a_hand_offers_the_picker_and_keeps_the_json(organiser: User) -> None:
    client = Client()
    client.force_login(organiser)
    response = client.get("/en/scoring/check/")
    html = response.content.decode()
    assert html.count('class="se-tile" data-tile=') == 34
    assert '<textarea name="game"' in html
    picker = response.context["picker"]
    names = [ruleset["name"] for ruleset in picker["rulesets"]]
    assert "nts" in names and "hongkong" in names
    hongkong = next(r for r in picker["rulesets"] if r["name"] == "hongkong")
    flags = [flag["name"] for flag in hongkong["flags"]]
    # Who pays is the table's matter, not one hand's: no pao, no false mahjong.
    assert "moon_eats_cake" in flags
    assert not any(flag.startswith("pao") or flag == "false_mahjong" for flag in flags)
