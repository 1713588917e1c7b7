"""clubs.access and tournaments.access: organisers see their own clubs' data;
everyone else gets 404."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import Http404

from clubs import access as club_access
from tests.support.factories import (
    ClubFactory,
    EventFactory,
    MemberFactory,
    RegistrationFactory,
    UserFactory,
)
from tournaments import access
from tournaments.models import Round, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def world() -> dict[str, Any]:
    owner, outsider = UserFactory(username="owner"), UserFactory(username="outsider")
    club = ClubFactory(organisers=[owner])
    ClubFactory(organisers=[outsider])
    event = EventFactory(club=club)
    round_ = Round.objects.create(event=event, number=1)
    return {
        "owner": owner, "outsider": outsider, "club": club, "event": event, "round": round_,
        "table": Table.objects.create(round=round_, number=1),
        "member": MemberFactory(club=club),
        "registration": RegistrationFactory(event=event),
    }


LOOKUPS: list[tuple[str, Callable[[Any, dict[str, Any]], Any]]] = [
    ("club", lambda user, w: club_access.get_club_for_organiser(user, w["club"].slug)),
    ("event", lambda user, w: access.get_event_for_organiser(user, w["event"].pk)),
    ("round", lambda user, w: access.get_round_for_organiser(user, w["round"].pk)),
    ("table", lambda user, w: access.get_table_for_organiser(user, w["table"].pk)),
    ("member", lambda user, w: club_access.get_member_for_organiser(user, w["member"].pk)),
    ("registration",
     lambda user, w: access.get_registration_for_organiser(user, w["registration"].pk)),
]


@pytest.mark.parametrize(("kind", "lookup"), LOOKUPS, ids=[kind for kind, _ in LOOKUPS])
def test_the_organiser_gets_their_clubs_objects(world: dict[str, Any], kind: str,
                                                lookup: Callable[..., Any]) -> None:
    assert lookup(world["owner"], world) == world[kind]


@pytest.mark.parametrize(("kind", "lookup"), LOOKUPS, ids=[kind for kind, _ in LOOKUPS])
def test_an_organiser_of_another_club_gets_404(world: dict[str, Any], kind: str,
                                               lookup: Callable[..., Any]) -> None:
    with pytest.raises(Http404):
        lookup(world["outsider"], world)
    with pytest.raises(Http404):
        lookup(AnonymousUser(), world)


def test_a_missing_object_is_404_too(world: dict[str, Any]) -> None:
    with pytest.raises(Http404):
        access.get_event_for_organiser(world["owner"], 999_999)


def test_clubs_for() -> None:
    owner = UserFactory()
    mine = ClubFactory(organisers=[owner])
    other = ClubFactory()
    assert list(club_access.clubs_for(owner)) == [mine]
    assert set(club_access.clubs_for(UserFactory(is_superuser=True))) == {mine, other}
    assert not club_access.clubs_for(AnonymousUser()).exists()


def test_member_for() -> None:
    user = UserFactory(is_staff=False)
    member = MemberFactory(user=user)
    assert club_access.member_for(user) == member
    assert club_access.member_for(UserFactory()) is None
    assert club_access.member_for(AnonymousUser()) is None
