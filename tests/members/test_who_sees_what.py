"""Who sees which event page (issue 15): anonymous visitors, a member of
another club, a member of the club and its organiser, for a draft, an open,
a running and a finished event. A published event's pages are everyone's;
a draft is its organisers' alone (404, as for an event that does not exist);
the organisers' parts (registrations, rounds, exports) stay theirs."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client, override_settings

from clubs.models import Club, Member
from tests.conftest import QUICK_HASHERS, create_organiser
from tests.members.conftest import create_other_member
from tests.pages.conftest import (
    create_club,
    create_member,
    create_other_club,
    member_maker,
    play_and_close,
)
from tests.support.db import built_once_per_module, fresh_copy
from tournaments.models import Event, EventStatus
from tournaments.services import events as event_service
from tournaments.services import registration as registrations
from tournaments.services import rounds

pytestmark = pytest.mark.django_db

STATES = ("draft", "open", "running", "finished")
ROLES = ("anon", "other_member", "member", "organiser")
# What only the organisers' event page has.
ORGANISER_ONLY = ("Edit the event", "Add a scorekeeper", "id=\"exports-heading\"")


def build_world() -> dict[str, Any]:
    """The personas and an event in each state, built once for the module
    (every test's changes are undone after it; the tests only read them or
    add their own), with the tests' quick password hasher."""
    with override_settings(PASSWORD_HASHERS=QUICK_HASHERS):
        organiser = create_organiser()
        club = create_club(organiser)
        events = build_events(club, member_maker(club))
        member = create_member(club)
        other_member = create_other_member(create_other_club())
    return {"organiser": organiser, "club": club, "events": events, "member": member,
            "other_member": other_member}


_built_world = built_once_per_module(build_world)


@pytest.fixture
def world(_built_world: dict[str, Any]) -> dict[str, Any]:
    return fresh_copy(_built_world)


# The personas of tests/pages/conftest.py and tests/members/conftest.py, of
# this module's world.
@pytest.fixture
def organiser(world: dict[str, Any]) -> User:
    return world["organiser"]  # type: ignore[no-any-return]


@pytest.fixture
def club(world: dict[str, Any]) -> Club:
    return world["club"]  # type: ignore[no-any-return]


@pytest.fixture
def member(world: dict[str, Any]) -> Member:
    return world["member"]  # type: ignore[no-any-return]


@pytest.fixture
def other_member(world: dict[str, Any]) -> Member:
    return world["other_member"]  # type: ignore[no-any-return]


@pytest.fixture
def events(world: dict[str, Any]) -> dict[str, Event]:
    return world["events"]  # type: ignore[no-any-return]


def build_events(club: Club, make_member: Callable[..., Member]) -> dict[str, Event]:
    made = {}
    for state in STATES:
        event = Event.objects.create(club=club, title=f"Avond {state}",
                                     start_date=datetime.date(2031, 1, 14))
        for index in range(4):
            registrations.register(event, member=make_member(first_name=f"{state}{index}"))
        if state in ("running", "finished"):
            round_ = rounds.seat_round(rounds.add_round(event, seating_method="random"),
                                       method="random", seed=1)
            round_ = rounds.start_round(round_)
            if state == "finished":
                play_and_close(round_)
                event_service.finish_event(event)
        if state == "draft":
            Event.objects.filter(pk=event.pk).update(status=EventStatus.DRAFT)
        event.refresh_from_db()
        assert event.status == state
        made[state] = event
    return made


@pytest.fixture
def clients(organiser: User, member: Member, other_member: Member) -> dict[str, Client]:
    made = {role: Client() for role in ROLES}
    made["organiser"].force_login(organiser)
    made["member"].force_login(member.user)
    made["other_member"].force_login(other_member.user)
    return made


def _pages(event: Event) -> list[str]:
    first = event.registrations.order_by("pk").first()
    assert first is not None
    pages = [f"/en/events/{event.pk}/", f"/en/events/{event.pk}/standings/",
             f"/en/events/{event.pk}/players/{first.pk}/"]
    if event.rounds.exists():
        pages.append(f"/en/events/{event.pk}/rounds/1/results/")
    return pages


@pytest.mark.parametrize("state", STATES)
@pytest.mark.parametrize("role", ROLES)
def test_who_reaches_the_event_pages(events: dict[str, Event], clients: dict[str, Client],
                                     state: str, role: str) -> None:
    event = events[state]
    expected = 404 if state == "draft" and role != "organiser" else 200
    for url in _pages(event):
        response = clients[role].get(url)
        assert response.status_code == expected, (url, response.status_code)
        if expected == 200:
            assert event.title in response.content.decode()


@pytest.mark.parametrize("state", ("open", "running", "finished"))
@pytest.mark.parametrize("role", ("anon", "other_member", "member"))
def test_only_the_organisers_get_their_parts(events: dict[str, Event],
                                             clients: dict[str, Client], state: str,
                                             role: str) -> None:
    page = clients[role].get(f"/en/events/{events[state].pk}/").content.decode()
    for text in ORGANISER_ONLY:
        assert text not in page, text
    assert 'action="/en/events/' not in page or "/register/" in page  # no organiser forms
    organiser_page = clients["organiser"].get(f"/en/events/{events[state].pk}/").content.decode()
    assert all(text in organiser_page for text in ORGANISER_ONLY)


def test_the_public_page_lists_rounds_and_players(events: dict[str, Event],
                                                  clients: dict[str, Client]) -> None:
    event = events["running"]
    page = clients["anon"].get(f"/en/events/{event.pk}/").content.decode()
    assert f'href="/en/events/{event.pk}/rounds/1/results/"' in page
    assert f'href="/en/events/{event.pk}/standings/"' in page
    for registration in event.registrations.all():
        assert f'href="/en/events/{event.pk}/players/{registration.pk}/"' in page
    assert "4 players" in page


def test_a_seated_round_shows_its_seating(events: dict[str, Event],
                                          clients: dict[str, Client]) -> None:
    event = events["open"]
    rounds.seat_round(rounds.add_round(event, seating_method="random"), method="random", seed=1)
    page = clients["anon"].get(f"/en/events/{event.pk}/").content.decode()
    assert "Seating of round 1" in page and "Table 1" in page


def test_the_member_may_register_from_the_event_page(
        events: dict[str, Event], clients: dict[str, Client]) -> None:
    event = events["open"]
    page = clients["member"].get(f"/en/events/{event.pk}/").content.decode()
    assert f'action="/en/events/{event.pk}/register/"' in page
    # A member of another club cannot register for this club's evening.
    other = clients["other_member"].get(f"/en/events/{event.pk}/").content.decode()
    assert "/register/" not in other


def test_the_member_sees_their_table_on_the_event_page(
        club: Club, member: Member, member_client: Client) -> None:
    event = Event.objects.create(club=club, title="Met carol",
                                 start_date=datetime.date(2031, 1, 14))
    carol = registrations.register(event, member=member)
    for index in range(3):
        registrations.register(event, guest_name=f"Gast {index}")
    rounds.start_round(rounds.seat_round(rounds.add_round(event, seating_method="random"),
                                         method="random", seed=1))
    seat = carol.seats.get()
    page = member_client.get(f"/en/events/{event.pk}/").content.decode()
    assert "My table now" in page
    where = page.index("My table now")
    assert where < page.index("Standings</a>"), "my table comes first"
    assert f"Table {seat.table.number}" in page
    for other in seat.table.seats.exclude(registration=carol):
        assert other.registration.name in page
    assert "/score/" not in page  # carol keeps no score


def test_the_organiser_who_plays_sees_their_table_too(
        club: Club, organiser: User, organiser_client: Client) -> None:
    me = Member.objects.create(club=club, first_name="Alice", last_name="Organisator",
                               user=organiser)
    event = Event.objects.create(club=club, title="Met alice",
                                 start_date=datetime.date(2031, 1, 14))
    registrations.register(event, member=me)
    for index in range(3):
        registrations.register(event, guest_name=f"Gast {index}")
    rounds.start_round(rounds.seat_round(rounds.add_round(event, seating_method="random"),
                                         method="random", seed=1))
    page = organiser_client.get(f"/en/events/{event.pk}/").content.decode()
    assert "My table now" in page and "Edit the event" in page
    # They keep the score of every table of their club: the link is there.
    table = me.registrations.get().seats.get().table
    assert f'href="/en/tables/{table.pk}/score/"' in page
