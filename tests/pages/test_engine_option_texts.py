"""The event form's rule-set options in the user's language: the engine
declares each option's label and meaning and each worded choice's label in
English and Dutch (scoring/texts.py shows them)."""

import pytest
from django.test import Client

from clubs.models import Club
from scoring.engine import RULESETS

pytestmark = pytest.mark.django_db


def test_the_hong_kong_payment_table_is_dutch_on_the_dutch_form(organiser_client: Client,
                                                               club: Club) -> None:
    page = organiser_client.get(f"/clubs/{club.slug}/events/add/").content.decode()
    assert '<option value="discarder_pays"' in page
    assert ">Veroorzaker betaalt</option>" in page and ">Iedereen betaalt</option>" in page
    assert "Discarder pays" not in page and "Half pay" not in page
    assert "Betalingstabel" in page


def test_and_english_on_the_english_form(organiser_client: Client, club: Club) -> None:
    page = organiser_client.get(f"/en/clubs/{club.slug}/events/add/").content.decode()
    assert ">Discarder pays</option>" in page and ">Everyone pays (half pay)</option>" in page
    assert "Veroorzaker betaalt</option>" not in page


def test_the_english_option_texts_name_choices_as_the_form_shows_them() -> None:
    """The help under an option names its choices by the labels the form
    shows ('Discarder pays'), not by their values in the engine's JSON
    ('discarder_pays'), nor by flags an organiser never types."""
    for ruleset in RULESETS.values():
        for option in ruleset.options:
            for value in option.choices or ():
                if isinstance(value, str) and "_" in value:
                    assert f"'{value}'" not in option.description, (ruleset.name, option.name)
            assert "pao:<" not in option.description, (ruleset.name, option.name)
