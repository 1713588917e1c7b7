"""Who may enter, change and confirm hands: the permission matrix of the
services and of tournaments.access. A refused user changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.http import Http404

from tests.scoring_entry.conftest import new_id, values_input
from tournaments import access
from tournaments.models import Hand, HandChange, Table
from tournaments.services.hands import (
    confirm_hand,
    correct_hand,
    correct_seats,
    delete_hand,
    submit_hand,
)
from tournaments.services.scorekeepers import add_scorekeeper, remove_scorekeeper

pytestmark = pytest.mark.django_db

ALLOWED = ["organiser", "keeper", "table_keeper"]
REFUSED = ["other_keeper", "member_user", "anonymous"]


@pytest.fixture
def anonymous() -> AnonymousUser:
    return AnonymousUser()


def persona(request: pytest.FixtureRequest, name: str) -> Any:
    return request.getfixturevalue(name)


def entered(table: Table, organiser: User) -> Hand:
    hand, _ = submit_hand(table, game_input=values_input({0: 0, 1: 40, 2: 0, 3: 8}, winner=1),
                          submission_id=new_id(), expected_version=0, user=organiser)
    return hand


ACTIONS: dict[str, Callable[[Table, Hand, Any], object]] = {
    "submit": lambda table, hand, user: submit_hand(
        table, game_input=values_input({0: 20, 1: 0, 2: 0, 3: 0}, winner=0, east=1),
        submission_id=new_id(), expected_version=1, user=user),
    "correct": lambda table, hand, user: correct_hand(
        hand, game_input=values_input({0: 0, 1: 48, 2: 0, 3: 8}, winner=1), expected_version=1,
        user=user),
    "delete": lambda table, hand, user: delete_hand(hand, expected_version=1, user=user),
    "reseat": lambda table, hand, user: correct_seats(table, positions={0: 1, 1: 0}, user=user),
}


@pytest.mark.parametrize("action", ACTIONS)
@pytest.mark.parametrize("who", ALLOWED)
def test_organisers_and_scorekeepers_may(request: pytest.FixtureRequest, table: Table,
                                         organiser: User, who: str, action: str) -> None:
    hand = entered(table, organiser)
    ACTIONS[action](table, hand, persona(request, who))
    table.refresh_from_db()
    assert table.version == 2


@pytest.mark.parametrize("action", [*ACTIONS, "confirm"])
@pytest.mark.parametrize("who", REFUSED)
def test_others_may_not_and_change_nothing(request: pytest.FixtureRequest, table: Table,
                                           organiser: User, who: str, action: str) -> None:
    hand = entered(table, organiser)
    user = persona(request, who)
    with pytest.raises(PermissionDenied):
        if action == "confirm":
            confirm_hand(hand, user)
        else:
            ACTIONS[action](table, hand, user)
    table.refresh_from_db()
    hand.refresh_from_db()
    assert table.version == 1
    assert Hand.objects.count() == 1
    assert hand.result["scores"]["S"] == 40 and hand.confirmed_at is None
    assert HandChange.objects.count() == 1


def test_a_table_scorekeeper_keeps_only_that_table(table: Table, table_two: Table,
                                                   table_keeper: User) -> None:
    assert access.can_keep_score(table_keeper, table)
    assert not access.can_keep_score(table_keeper, table_two)
    with pytest.raises(PermissionDenied):
        submit_hand(table_two, game_input=values_input({0: 0, 1: 20, 2: 0, 3: 0}, winner=1),
                    submission_id=new_id(), expected_version=0, user=table_keeper)
    assert not table_two.hands.exists()


@pytest.mark.parametrize(("who", "allowed"), [
    ("organiser", True), ("keeper", True), ("table_keeper", True), ("other_keeper", False),
    ("member_user", False), ("anonymous", False)])
def test_get_table_for_scorekeeper(request: pytest.FixtureRequest, table: Table, who: str,
                                   allowed: bool) -> None:
    user = persona(request, who)
    assert access.can_keep_score(user, table) is allowed
    if allowed:
        assert access.get_table_for_scorekeeper(user, table.pk) == table
    else:
        with pytest.raises(Http404):
            access.get_table_for_scorekeeper(user, table.pk)


@pytest.mark.parametrize("who", [*ALLOWED, *REFUSED, "superuser"])
def test_the_one_table_check_agrees_with_the_list_of_tables(
        request: pytest.FixtureRequest, table: Table, table_two: Table, who: str,
        django_user_model: type[User]) -> None:
    # can_keep_score asks tables_for_scorekeeper's rule of one table in its own
    # queries (the API's every request): the two must never differ.
    user = (django_user_model.objects.create_superuser("root", password="pw")
            if who == "superuser" else persona(request, who))
    listed = set(access.tables_for_scorekeeper(user).values_list("pk", flat=True))
    for one in (table, table_two):
        fresh = Table.objects.select_related("round__event__club").get(pk=one.pk)
        assert access.can_keep_score(user, fresh) is (one.pk in listed)


def test_a_table_scorekeeper_keeps_that_table_in_every_round(table: Table,
                                                             table_keeper: User) -> None:
    from tournaments.services.rounds import add_round

    later = add_round(table.round.event)
    later_table = Table.objects.create(round=later, number=1)
    assert access.can_keep_score(table_keeper, later_table)


def test_scorekeepers_are_added_and_removed(table: Table, django_user_model: type[User]
                                            ) -> None:
    user = django_user_model.objects.create_user("sam")
    event = table.round.event
    assert add_scorekeeper(event, user) == add_scorekeeper(event, user)
    assert access.can_keep_score(user, table)
    assert remove_scorekeeper(event, user) == 1
    assert not access.can_keep_score(user, table)
