"""The engine scores Hong Kong and classic games (score_games), but the
pages offer organisers only the rule sets that score entry, standings and
exports handle end to end (settings.WEB_RULESETS; issue 6 adds the others)."""

import pytest
from django.test import Client

from clubs.models import Club
from scoring.engine import RULESETS
from tournaments.forms import EventForm

pytestmark = pytest.mark.django_db


def test_the_engine_knows_every_rule_set() -> None:
    assert {"nts", "hongkong", "philos"} <= set(RULESETS)


def test_organisers_are_offered_the_rule_sets_the_pages_support(
        organiser_client: Client, club: Club, settings: object) -> None:
    choices = dict(EventForm().fields["ruleset"].choices)
    assert list(choices) == ["nts"]
    page = organiser_client.get(f"/en/clubs/{club.slug}/events/add/").content.decode()
    assert 'value="hongkong"' not in page and 'value="philos"' not in page


def test_an_event_of_a_rule_set_not_offered_is_refused(organiser_client: Client,
                                                      club: Club) -> None:
    response = organiser_client.post(f"/en/clubs/{club.slug}/events/add/", {
        "title": "HK", "kind": "evening", "start_date": "2031-01-01", "ruleset": "hongkong",
        "table_point_scheme": "4-2-1-0"})
    assert response.status_code in (200, 400)
    assert "hongkong is not one of the available choices" in response.content.decode()
