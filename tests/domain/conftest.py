"""Helpers shared by the domain tests: events full of players, seatings
arranged by hand."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from django.utils import translation

from tests.support.bulk import create_members, register_in_bulk
from tests.support.factories import EventFactory, MemberFactory
from tournaments.models import Event, Registration, Round
from tournaments.services import rounds as round_services

NAMES = ["Anna", "Bram", "Cor", "Dirk", "Els", "Femke", "Gert", "Hans", "Ineke", "Jan",
         "Karin", "Lex", "Mies", "Nico", "Olga", "Piet"]


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    # Messages are matched in English; the site's default language is Dutch.
    with translation.override("en"):
        yield


def make_event(players: int, **fields: Any) -> tuple[Event, list[Registration]]:
    """An event with `players` registered members of its club, named Anna,
    Bram, Cor, ... in registration order."""
    event = EventFactory(**fields)
    members = create_members([
        MemberFactory.build(club=event.club, first_name=NAMES[i % len(NAMES)],
                            last_name=f"Speler{i}") for i in range(players)])
    return event, register_in_bulk(event, members)


@pytest.fixture
def event_with() -> Callable[..., tuple[Event, list[Registration]]]:
    return make_event


def arrange(round_: Round, layout: Sequence[Sequence[Registration]]) -> None:
    """Swap players until table i holds layout[i] in seat order (the tables'
    members must already be right or reachable by swaps within the round)."""
    for table_number, players in enumerate(layout, start=1):
        for position, wanted in enumerate(players):
            seat = round_.seats.get(table__number=table_number, position=position)
            if seat.registration_id != wanted.pk:
                round_services.swap_players(round_, seat.registration, wanted)


def tables_of(round_: Round) -> list[list[str]]:
    """The round's tables as first names in seat order."""
    return [
        [seat.registration.member.first_name if seat.registration.member else
         seat.registration.guest_name for seat in table.seats.select_related(
             "registration__member").order_by("position")]
        for table in round_.tables.order_by("number")
    ]
