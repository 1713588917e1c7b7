"""Personas and a started round for the score-entry tests.

The personas, as in every permission test: the club's organiser (`alice`),
a scorekeeper of the event (`vera`), a scorekeeper of table 1 only (`tom`),
a scorekeeper of another event (`otto`, who must never change anything
here), a member of the club with a login (`carol`) and anonymous.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from tests.domain.conftest import make_event
from tests.support.factories import EventFactory, MemberFactory
from tournaments.models import Event, Hand, HandChange, HandScore, Registration, Round, Table
from tournaments.services.hands import submit_hand
from tournaments.services.rounds import add_round, seat_round, start_round
from tournaments.services.scorekeepers import add_scorekeeper


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    with translation.override("en"):
        yield


@pytest.fixture
def event(organiser: User) -> Event:
    event, _players = make_event(8)
    event.club.organisers.add(organiser)
    return event


@pytest.fixture
def round_(event: Event) -> Round:
    round_ = seat_round(add_round(event), seed=3)
    return start_round(round_)


@pytest.fixture
def table(round_: Round) -> Table:
    return round_.tables.get(number=1)


@pytest.fixture
def table_two(round_: Round) -> Table:
    return round_.tables.get(number=2)


@pytest.fixture
def keeper(django_user_model: type[User], event: Event) -> User:
    user = django_user_model.objects.create_user("vera", password="pw", first_name="Vera",
                                                 last_name="Visser")
    add_scorekeeper(event, user)
    return user


@pytest.fixture
def table_keeper(django_user_model: type[User], event: Event) -> User:
    user = django_user_model.objects.create_user("tom", password="pw", first_name="Tom")
    add_scorekeeper(event, user, table_number=1)
    return user


@pytest.fixture
def other_keeper(django_user_model: type[User], event: Event) -> User:
    user = django_user_model.objects.create_user("otto", password="pw")
    add_scorekeeper(EventFactory(), user)
    return user


@pytest.fixture
def member_user(django_user_model: type[User], event: Event) -> User:
    user = django_user_model.objects.create_user("carol", password="pw")
    MemberFactory(club=event.club, user=user)
    return user


def players(table: Table) -> list[Registration]:
    """The table's players in seat order (positions 0-3)."""
    return [seat.registration for seat in table.seats.select_related(
        "registration__member").order_by("position")]


def new_id() -> str:
    return str(uuid.uuid4())


def values_input(values: dict[int, int], winner: int | None, east: int = 0,
                 discarder: int | None = None) -> dict[str, Any]:
    return {"values": {str(p): v for p, v in values.items()}, "winner": winner, "east": east,
            "discarder": discarder}


# The worked example of seed 003 by seat position, East in seat 0.
def worked_example_tiles() -> dict[str, Any]:
    return {
        "tiles": {
            "0": {"concealed": "2228m4777p19s555z", "melds": []},
            "1": {"concealed": "234456m345678p33s", "melds": []},
            "2": {"score": 0},
            "3": {"concealed": "1245899s222z",
                  "melds": [{"kind": "pung", "tiles": "666s", "open": True}]},
        },
        "winner": 1,
        "east": 0,
        "winning_tile": "3s",
        "win_source": "discard",
        "discarder": 2,
        "flags": [],
        "dead": [2],
    }


def save(table: Table, user: User, game_input: dict[str, Any]) -> Hand:
    """Submit a new hand at the table's current version; it must be created."""
    table.refresh_from_db()
    hand, created = submit_hand(table, game_input=game_input, submission_id=new_id(),
                                expected_version=table.version, user=user)
    assert created
    return hand


def settlements(hand: Hand) -> dict[str, int]:
    return {score.seat_wind: score.settlement for score in hand.scores.all()}


def nothing_saved(table: Table) -> bool:
    table.refresh_from_db()
    return (table.version, Hand.objects.count(), HandScore.objects.count(),
            HandChange.objects.count()) == (0, 0, 0, 0)


def logged_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client
