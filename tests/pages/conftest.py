"""Personas and data for the page tests.

Three personas, as in every page test: the organiser of the club (`alice`,
from tests/conftest.py), a member of the club with a login (`carol`), and an
outsider: the organiser of another club (`bob`), who must never see or
change anything of this club.
"""

import datetime
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from clubs.models import Club, Member
from tests.support.bulk import register_in_bulk
from tournaments.models import Event, Registration, RegistrationStatus, Round, RoundStatus
from tournaments.services import rounds

# The fixtures' data is made by plain functions too, for worlds built once
# per module (tests/support/db.py), where function-scoped fixtures cannot go.


def create_club(organiser: User) -> Club:
    club = Club.objects.create(name="Fu-Hing", slug="fu-hing", city="Amsterdam")
    club.organisers.add(organiser)
    return club


def create_other_club() -> Club:
    other = Club.objects.create(name="Philos", slug="philos", city="Utrecht")
    other.organisers.add(User.objects.create_user("bob", password="password"))
    return other


@pytest.fixture
def club(organiser: User) -> Club:
    return create_club(organiser)


@pytest.fixture
def other_club(django_user_model: type[User]) -> Club:
    return create_other_club()


@pytest.fixture
def outsider_client(other_club: Club) -> Client:
    """Logged in as the organiser of another club."""
    client = Client()
    client.force_login(other_club.organisers.get())
    return client


def create_member(club: Club) -> Member:
    """`carol`, a member of the club with a login."""
    user = User.objects.create_user("carol", password="password")
    return Member.objects.create(club=club, first_name="Carol", last_name="de Vries",
                                 nmb_number="1001", user=user)


@pytest.fixture
def member(club: Club, django_user_model: type[User]) -> Member:
    return create_member(club)


@pytest.fixture
def member_client(member: Member) -> Client:
    client = Client()
    assert member.user is not None
    client.force_login(member.user)
    return client


def member_maker(club: Club) -> Callable[..., Member]:
    counter = iter(range(1, 1000))

    def make(first_name: str = "", last_name: str = "Speler", **fields: Any) -> Member:
        number = next(counter)
        return Member.objects.create(
            club=fields.pop("club", club), first_name=first_name or f"Speler{number}",
            last_name=last_name, **fields)

    return make


@pytest.fixture
def make_member(club: Club) -> Callable[..., Member]:
    return member_maker(club)


def create_event(club: Club) -> Event:
    return Event.objects.create(club=club, title="Clubavond januari",
                                start_date=datetime.date(2031, 1, 14))


@pytest.fixture
def event(club: Club) -> Event:
    return create_event(club)


def register_players(event: Event, make_member: Callable[..., Member]) -> list[Registration]:
    """Eight registered members, in registration order."""
    return register_in_bulk(event, [make_member(first_name=f"P{index}") for index in range(1, 9)])


@pytest.fixture
def players(event: Event, make_member: Callable[..., Member]) -> list[Registration]:
    """Eight registered members, in registration order."""
    return register_players(event, make_member)


@pytest.fixture
def seated_round(event: Event, players: list[Registration]) -> Round:
    round_ = rounds.add_round(event, seating_method="random")
    return rounds.seat_round(round_, method="random", seed=1)


@pytest.fixture
def started_round(seated_round: Round) -> Round:
    return rounds.start_round(seated_round)


def play_and_close(round_: Round, values: list[int] | None = None) -> Round:
    """One hand at every table: East (seat 0) wins with `values[0]`, the
    others hold values[1:], nobody discards; then close the round."""
    values = values or [40, 20, 10, 0]
    if round_.status == RoundStatus.SEATED:
        rounds.start_round(round_)
    for table in round_.tables.all():
        rounds.record_hand(table, values=dict(enumerate(values)), winner=0, east=0)
    return rounds.close_round(round_)


def registered(event: Event) -> list[Registration]:
    return list(event.registrations.filter(status=RegistrationStatus.REGISTERED))
