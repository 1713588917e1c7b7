"""A member's login, linked by the club's organisers on the member's page
(before, only the admin could): the member then registers and checks in
from their phone."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from clubs.models import Club, Member

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser_client(client: Client, organiser: User) -> Client:
    client.force_login(organiser)
    return client


@pytest.fixture
def piet(club: Club) -> Member:
    return Member.objects.create(club=club, first_name="Piet", last_name="van der Meer")


def login_url(club: Club, member: Member) -> str:
    return f"/clubs/{club.slug}/members/{member.pk}/login/"


def test_the_organiser_links_and_unlinks_a_login(organiser_client: Client, club: Club,
                                                 piet: Member,
                                                 django_user_model: type[User]) -> None:
    account = django_user_model.objects.create_user("piet")
    page = organiser_client.get(f"/clubs/{club.slug}/members/{piet.pk}/edit/")
    assert f'action="{login_url(club, piet)}"' in page.content.decode()
    response = organiser_client.post(login_url(club, piet), {"user": " piet "})
    assert response.status_code == 302
    piet.refresh_from_db()
    assert piet.user == account
    response = organiser_client.post(login_url(club, piet), {"user": ""})
    assert response.status_code == 302
    piet.refresh_from_db()
    assert piet.user is None
    assert django_user_model.objects.filter(username="piet").exists()


@pytest.mark.parametrize(("username", "shown"), [
    ("niemand", "niemand heeft de gebruikersnaam niemand"),
    ("carol", "carol is al de login van Carol de Vries"),
    ("bob-lid", "bob-lid is al de login van een lid van een andere club"),
    ("x" * 151, "hoogstens 150 tekens"),
], ids=["unknown", "another member", "another club", "too long"])
def test_a_login_that_cannot_be_linked_is_refused_in_dutch(
        organiser_client: Client, club: Club, other_club: Club, piet: Member, member: Member,
        django_user_model: type[User], username: str, shown: str) -> None:
    Member.objects.create(club=other_club, first_name="Bob", last_name="Lid",
                          user=django_user_model.objects.create_user("bob-lid"))
    response = organiser_client.post(login_url(club, piet), {"user": username})
    assert response.status_code == 400
    assert shown in response.content.decode()
    piet.refresh_from_db()
    assert piet.user is None


def test_nobody_else_links_a_login(club: Club, piet: Member, outsider_client: Client,
                                   member_client: Client, client: Client) -> None:
    for who in (outsider_client, member_client, client):
        response = who.post(login_url(club, piet), {"user": "carol"})
        assert response.status_code in (302, 404)
        assert response.status_code == 302 or who is not client
    piet.refresh_from_db()
    assert piet.user is None
