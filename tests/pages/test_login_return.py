"""The navigation's "Log in" brings a reader back to the page they were
reading: a member following the standings logs in and is on the standings
again, not on the home page."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.pages.conftest import play_and_close
from tournaments.models import Event, Round

pytestmark = pytest.mark.django_db


def login_link(content: str) -> str:
    found = re.search(r'<a href="([^"]*)"[^>]*>Log in</a>', content)
    assert found, "no Log in link"
    return found.group(1).replace("&amp;", "&")


def test_log_in_from_the_standings_returns_to_them(client: Client, event: Event,
                                                    started_round: Round,
                                                    organiser: User) -> None:
    page = f"/en/events/{event.pk}/standings/"
    link = login_link(client.get(page).content.decode())
    assert link == f"/en/accounts/login/?next=/en/events/{event.pk}/standings/"
    response = client.post(link, {"username": organiser.username, "password": "password"})
    assert response.status_code == 302
    assert response["Location"] == page


def test_log_in_keeps_the_round_the_standings_were_shown_after(
        client: Client, event: Event, seated_round: Round, organiser: User) -> None:
    play_and_close(seated_round)
    page = f"/en/events/{event.pk}/standings/?after=1"
    link = login_link(client.get(page).content.decode())
    assert link == f"/en/accounts/login/?next=/en/events/{event.pk}/standings/%3Fafter%3D1"
    response = client.post(link, {"username": organiser.username, "password": "password"})
    assert response["Location"] == page


def test_the_home_page_and_the_login_page_name_no_page_to_return_to(client: Client) -> None:
    assert "?next=" not in login_link(client.get("/en/").content.decode())
    login = client.get("/en/accounts/login/").content.decode()
    assert "?next=" not in login_link(login)


def test_a_link_to_another_site_is_not_followed(client: Client, organiser: User) -> None:
    response = client.post("/en/accounts/login/?next=https://evil.example/",
                           {"username": organiser.username, "password": "password"})
    assert response.status_code == 302
    assert not response["Location"].startswith("https://evil.example")
