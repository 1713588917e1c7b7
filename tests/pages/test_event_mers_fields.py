"""The event's fields for the EMA's ranking (issue 17): city, qualifier and
the EMA's overrides of the MERS weight and of the day the ranking age
counts from, in the event form with clear refusals."""

import datetime
from decimal import Decimal

import pytest
from django.test import Client

from tests.pages.test_events import EVENT_FORM
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_the_form_saves_city_qualifier_and_overrides(organiser_client: Client,
                                                     event: Event) -> None:
    url = f"/en/events/{event.pk}/edit/"
    page = organiser_client.get(url).content.decode()
    assert "European ranking (EMA, MERS)" in page
    for name in ("city", "qualifier", "mers_weight", "mers_age_from"):
        assert f'name="{name}"' in page, name
    response = organiser_client.post(url, {
        **EVENT_FORM, "city": "Utrecht", "qualifier": "on", "mers_weight": "2.5",
        "mers_age_from": "2031-05-01"})
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.city, event.qualifier, event.mers_weight, event.mers_age_from) == (
        "Utrecht", True, Decimal("2.5"), datetime.date(2031, 5, 1))
    organiser_client.post(url, {**EVENT_FORM, "mers_weight": "", "mers_age_from": ""})
    event.refresh_from_db()
    assert (event.qualifier, event.mers_weight, event.mers_age_from) == (False, None, None)


@pytest.mark.parametrize(("field", "value", "message"), [
    ("mers_weight", "0", "The MERS weight is a number from 0.5 to 10"),
    ("mers_weight", "12", "less than or equal to 10"),
    ("mers_weight", "2.555", "no more than 2 decimal places"),
    ("mers_age_from", "2031-04-01", "cannot be before the event&#x27;s first day"),
])
def test_bad_overrides_are_refused_by_name(organiser_client: Client, event: Event,
                                           field: str, value: str, message: str) -> None:
    response = organiser_client.post(f"/en/events/{event.pk}/edit/",
                                     {**EVENT_FORM, field: value})
    assert response.status_code == 200
    assert message in response.content.decode()
    event.refresh_from_db()
    assert event.mers_weight is None and event.mers_age_from is None
