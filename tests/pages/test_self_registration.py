import datetime
from collections.abc import Callable

import pytest
from django.test import Client

from clubs.models import Club, Member
from tournaments.models import Event, EventStatus, RegistrationStatus
from tournaments.services import registration as registrations

pytestmark = pytest.mark.django_db


def test_it_lists_the_open_events_of_the_members_club(
    member_client: Client, event: Event, other_club: Club
) -> None:
    Event.objects.create(club=other_club, title="Elders", start_date=datetime.date(2031, 2, 1))
    Event.objects.create(club=event.club, title="Afgelopen", start_date=datetime.date(2020, 1, 1),
                         status=EventStatus.FINISHED)
    response = member_client.get("/en/events/mine/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Clubavond januari" in page
    assert "Elders" not in page and "Afgelopen" not in page
    assert "My events" in page  # the menu link


def test_it_registers_the_member(member_client: Client, event: Event, member: Member) -> None:
    response = member_client.post(f"/en/events/{event.pk}/register/")
    assert response.status_code == 302
    assert event.registrations.get().member == member
    page = member_client.get("/en/events/mine/").content.decode()
    assert "You are registered." in page


def test_it_shows_the_waiting_list_position(
    member_client: Client, event: Event, member: Member, make_member: Callable[..., Member]
) -> None:
    Event.objects.filter(pk=event.pk).update(max_places=3)
    event.refresh_from_db()
    for _ in range(4):
        registrations.register(event, member=make_member())
    member_client.post(f"/en/events/{event.pk}/register/")
    assert event.registrations.get(member=member).status == RegistrationStatus.WAITING
    page = member_client.get("/en/events/mine/").content.decode()
    assert "You are on the waiting list, at position 2." in page


def test_it_shows_awaiting_approval(member_client: Client, event: Event, member: Member) -> None:
    Event.objects.filter(pk=event.pk).update(requires_approval=True)
    member_client.post(f"/en/events/{event.pk}/register/")
    page = member_client.get("/en/events/mine/").content.decode()
    assert "awaiting approval" in page


def test_it_refuses_when_online_registration_is_off(
    member_client: Client, event: Event
) -> None:
    Event.objects.filter(pk=event.pk).update(self_registration=False)
    response = member_client.post(f"/en/events/{event.pk}/register/")
    assert response.status_code == 400
    assert "does not take registrations online" in response.content.decode()
    assert not event.registrations.exists()


def test_it_withdraws_the_members_registration(
    member_client: Client, event: Event, member: Member
) -> None:
    registration = registrations.register(event, member=member, by_organiser=False)
    response = member_client.post(f"/en/events/{event.pk}/withdraw/")
    assert response.status_code == 302
    registration.refresh_from_db()
    assert registration.status == RegistrationStatus.WITHDRAWN


def test_it_refuses_a_second_withdrawal(
    member_client: Client, event: Event, member: Member
) -> None:
    registrations.withdraw(registrations.register(event, member=member))
    response = member_client.post(f"/en/events/{event.pk}/withdraw/")
    assert response.status_code == 400
    assert "already withdrawn" in response.content.decode()


def test_it_refuses_events_of_another_club(
    member_client: Client, other_club: Club, member: Member
) -> None:
    theirs = Event.objects.create(club=other_club, title="Elders",
                                  start_date=datetime.date(2031, 2, 1))
    assert member_client.post(f"/en/events/{theirs.pk}/register/").status_code == 404
    assert member_client.post(f"/en/events/{theirs.pk}/withdraw/").status_code == 404
    assert not theirs.registrations.exists()


def test_it_refuses_the_outsider(outsider_client: Client, event: Event, member: Member) -> None:
    # The other club's organiser has no member record: nothing to register.
    registration = registrations.register(event, member=member)
    assert "not linked to a club member" in outsider_client.get(
        "/en/events/mine/").content.decode()
    assert outsider_client.post(f"/en/events/{event.pk}/register/").status_code == 404
    assert outsider_client.post(f"/en/events/{event.pk}/withdraw/").status_code == 404
    registration.refresh_from_db()
    assert registration.status == RegistrationStatus.REGISTERED


def test_it_sends_anonymous_visitors_to_the_login_page(client: Client, event: Event) -> None:
    assert client.get("/en/events/mine/").status_code == 302
    assert client.post(f"/en/events/{event.pk}/register/").status_code == 302
    assert not event.registrations.exists()
