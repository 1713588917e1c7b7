"""Personas and events for the member's and visitor's pages (issue 15): the
organiser `alice`, the member `carol` of the club, the organiser `bob` of
another club, a member `dirk` of the other club, and anonymous visitors."""

# ruff: noqa: F811 (pytest fixtures imported from tests/pages/conftest.py are parameters here)
from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from clubs.models import Club, Member
from tests.pages.conftest import (  # noqa: F401
    club,
    event,
    make_member,
    member,
    member_client,
    other_club,
    outsider_client,
    players,
)
from tournaments.models import Event, EventStatus, Registration
from tournaments.services import registration as registrations
from tournaments.services import rounds


def create_other_member(other_club: Club) -> Member:
    """`dirk`, a member of the other club with a login."""
    user = User.objects.create_user("dirk", password="password")
    return Member.objects.create(club=other_club, first_name="Dirk", last_name="van Dam",
                                 user=user)


@pytest.fixture
def other_member(other_club: Club, django_user_model: type[User]) -> Member:
    return create_other_member(other_club)


@pytest.fixture
def other_member_client(other_member: Member) -> Client:
    client = Client()
    assert other_member.user is not None
    client.force_login(other_member.user)
    return client


@pytest.fixture
def today() -> datetime.date:
    return timezone.localdate()


@pytest.fixture
def running(club: Club, member: Member, make_member: Callable[..., Member],
            today: datetime.date) -> Event:
    """Today's club evening, round 1 being played: carol and seven others,
    everyone checked in."""
    event = Event.objects.create(club=club, title="Clubavond vandaag", start_date=today,
                                 rounds_planned=3)
    players = [registrations.register(event, member=member)] + [
        registrations.register(event, member=make_member(first_name=f"P{index}"))
        for index in range(1, 8)]
    for player in players:
        registrations.check_in(player)
    rounds.start_round(rounds.seat_round(rounds.add_round(event, seating_method="random"),
                                         method="random", seed=1))
    event.refresh_from_db()
    assert event.status == EventStatus.RUNNING
    return event


def carol_of(event: Event, member: Member) -> Registration:
    return event.registrations.get(member=member)
