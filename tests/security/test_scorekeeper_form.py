"""The scorekeeper form is no account oracle (issue 13, finding 9): an
organiser typing an e-mail address learns neither whether an account has it
nor its user name; the form takes a user name or a member of the club with a
login. And its table number is bounded by the event's tables (a number of 20
digits answered 500, finding 4)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tournaments.models import Event, Round, Scorekeeper, Table
from tournaments.services.scorekeepers import OPEN_EVENT_TABLES, most_tables

pytestmark = pytest.mark.django_db


@pytest.fixture
def vera(django_user_model: type[User]) -> User:
    return django_user_model.objects.create_user("vera.v", email="vera@example.org",
                                                 password="password")


def add_url(event: Event) -> str:
    return f"/en/events/{event.pk}/scorekeepers/add/"


def plain(page: str) -> str:
    """The page without what differs between requests or echoes the input."""
    page = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", page)
    return page.replace("vera@example.org", "ADDRESS").replace("nobody@example.org", "ADDRESS")


def test_an_e_mail_address_finds_no_account_and_tells_nothing(
        organiser_client: Client, event: Event, vera: User) -> None:
    known = organiser_client.post(add_url(event), {"user": "vera@example.org"})
    unknown = organiser_client.post(add_url(event), {"user": "nobody@example.org"})
    assert known.status_code == unknown.status_code == 400
    assert plain(known.content.decode()) == plain(unknown.content.decode())
    assert "vera.v" not in known.content.decode()  # the user name stays unknown
    assert "not an e-mail address" in known.content.decode()
    assert not Scorekeeper.objects.exists()
    # By user name the organiser adds her.
    assert organiser_client.post(add_url(event), {"user": "vera.v"}).status_code == 302


@pytest.mark.parametrize("value", ["99999999999999999999", "32768", str(2**63)])
def test_a_huge_table_number_is_a_form_error(organiser_client: Client, event: Event,
                                             vera: User, value: str) -> None:
    response = organiser_client.post(add_url(event), {"user": "vera.v", "table_number": value})
    assert response.status_code == 400
    [error] = response.context["scorekeeper_form"].errors["table_number"]
    assert error.startswith("Ensure this value is less than or equal to")
    assert not Scorekeeper.objects.exists()


def test_a_table_number_beyond_the_events_places_is_refused(
        organiser_client: Client, event: Event, vera: User) -> None:
    event.max_places = 16  # at most 6 tables, with tables of 3
    event.save()
    response = organiser_client.post(add_url(event), {"user": "vera.v", "table_number": "7"})
    assert response.status_code == 400
    assert response.context["scorekeeper_form"].errors["table_number"] == [
        "Table number: the event has at most 6 tables."]
    assert "Table number: the event has at most 6 tables." in response.content.decode()
    assert organiser_client.post(add_url(event), {"user": "vera.v", "table_number": "6"}
                                 ).status_code == 302


def test_a_running_event_has_the_tables_its_players_fill(
        organiser_client: Client, event: Event, vera: User, started_round: Round) -> None:
    event.status = "running"
    event.save()
    # Eight players: two tables seated, at most three with tables of 3.
    assert Table.objects.filter(round=started_round).count() == 2
    assert most_tables(event) == 3
    response = organiser_client.post(add_url(event), {"user": "vera.v", "table_number": "4"})
    assert response.context["scorekeeper_form"].errors["table_number"] == [
        "Table number: the event has at most 3 tables."]
    assert organiser_client.post(add_url(event), {"user": "vera.v", "table_number": "2"}
                                 ).status_code == 302


def test_an_open_event_without_a_maximum_can_still_grow(event: Event) -> None:
    assert not event.registrations.exists() and event.max_places is None
    assert most_tables(event) == OPEN_EVENT_TABLES


def test_the_permission_matrixs_post_still_adds_carol(organiser_client: Client, event: Event,
                                                      member: Any, players: Any) -> None:
    response = organiser_client.post(add_url(event), {"user": "carol", "table_number": "2"})
    assert response.status_code == 302
    assert Scorekeeper.objects.get().user.username == "carol"


def test_the_event_page_has_each_id_once(organiser_client: Any, event: Any) -> None:
    """The scorekeeper form and the registration form both have a "member"
    field: a label must lead to its own control (found in a browser)."""
    import re
    from collections import Counter

    page = organiser_client.get(f"/en/events/{event.pk}/").content.decode()
    ids = Counter(re.findall(r'\sid="([^"]+)"', page))
    assert not [name for name, count in ids.items() if count > 1]
