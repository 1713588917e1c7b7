"""One person, many memberships: members sharing an NMB number are one
player (key "nmb-<number>"); a member without one is "member-<id>"."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.db import connection
from django.test import Client

from clubs.models import Club, Member
from stats import keys, services
from stats.models import PlayerStatistics
from tests.stats.conftest import World, by_values, seated
from tournaments.models import EventKind
from tournaments.services import create_event, rounds
from tournaments.services import hands as hand_service
from tournaments.services import registration as registrations

pytestmark = pytest.mark.django_db


def test_keys() -> None:
    assert keys.person_key(7, "1001") == "nmb-1001"
    assert keys.person_key(7, None) == "member-7"
    assert keys.parse("nmb-1001") == ("nmb", "1001")
    assert keys.parse("member-7") == ("member", 7)
    # Issue 13: '²' passes str.isdigit() and failed int() (a 500).
    for wrong in ("member-x", "nmb-", "7", "", "lid-7", "member-²", "member-١٢",
                  "member-" + "9" * 30, "nmb-" + "1" * 100):
        assert keys.parse(wrong) is None


@pytest.fixture
def second_membership(world: World) -> Member:
    """Anna (NMB 1001) is also a member of Philos and plays a Philos
    tournament there: 3 hands, 1 mahjong, 1 deal-in.

    Today the database allows an NMB number once (clubs.Member); the
    statistics already treat members sharing one as one person, so the
    test lifts that constraint for its own transaction."""
    with connection.cursor() as cursor:
        cursor.execute('DROP INDEX "nmb_number_unique_when_set"')
    philos = Club.objects.create(name="Philos", slug="philos", city="Utrecht")
    anna = Member.objects.create(club=philos, first_name="Anna", last_name="Bakker-de Wit",
                                 nmb_number="1001")
    others = [Member.objects.create(club=philos, first_name=name, last_name="Philos")
              for name in ("Piet", "Joke", "Wim")]
    event = create_event(philos, kind=EventKind.TOURNAMENT, title="Philos Klassiek",
                         start_date=datetime.date(2031, 4, 5), rounds_planned=1,
                         ruleset="philos")
    players = [registrations.register(event, member=member) for member in [anna, *others]]
    table = seated(event, players, seed=1).tables.get()
    record = hand_service.record
    record(table, by_values([0, 40, 10, 8], 1, 0), user=None)  # Anna deals in
    record(table, by_values([120, 0, 8, 16], 0, 3), user=None)  # Anna wins 120
    record(table, by_values([4, 4, 0, 0], None), user=None)  # a draw
    rounds.close_round(event.rounds.get())
    return anna


def test_members_sharing_an_nmb_number_are_one_player(
        world: World, second_membership: Member) -> None:
    services.recompute_all()
    assert PlayerStatistics.objects.filter(key__startswith="nmb-1001").count() == 1
    payload = PlayerStatistics.objects.get(key="nmb-1001").payload
    assert payload["members"] == sorted([world.members["Anna"].pk, second_membership.pk])
    scope = payload["scopes"]["all"]
    # 12 hands at Fu-Hing + 3 at Philos; mahjongs 3 + 1; won by anyone 9 + 2; deal-ins 2 + 1.
    assert (scope["hands"], scope["won"], scope["won_hands"], scope["dealt_in"]) == (
        15, 4, 11, 3)
    # Philos is its own rule set (points, like NTS, but never added to it).
    assert {name: data["value_sum"] for name, data in scope["rulesets"].items()} == {
        "nts": 2040, "hongkong": 9, "philos": 120}
    assert [result["event"] for result in payload["results"]][-1] == (
        second_membership.registrations.get().event_id)
    assert len(payload["results"]) == 3
    # The same through the page: both memberships, both names.
    response = Client().get("/en/players/nmb-1001/statistics/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Fu-Hing" in html and "Philos" in html and "Bakker-de Wit" in html
    # A partial recomputation finds every membership of the person too.
    PlayerStatistics.objects.all().delete()
    assert services.recompute_people(["nmb-1001"])["nmb-1001"] == payload


def test_a_member_without_a_number_is_known_by_member_id(world: World) -> None:
    services.recompute_all()
    cor = world.members["Cor"]
    response = Client().get(f"/en/players/member-{cor.pk}/statistics/")
    assert response.status_code == 200
    assert "Cor Smit" in response.content.decode()


def test_a_member_who_gets_a_number_moves_to_it(world: World, client: Client) -> None:
    cor = world.members["Cor"]
    cor.nmb_number = "1003"
    cor.save()
    response = client.get(f"/en/players/member-{cor.pk}/statistics/?kind=evening")
    assert response.status_code == 302
    assert response["Location"] == "/en/players/nmb-1003/statistics/?kind=evening"
    # Never computed under the new key: computed when first asked for.
    assert client.get(response["Location"]).status_code == 200
    assert PlayerStatistics.objects.filter(key="nmb-1003").exists()


def test_unknown_people_and_people_without_results(world: World, client: Client) -> None:
    quiet = Member.objects.create(club=world.club, first_name="Stil", last_name="Lid",
                                  nmb_number="1999")
    for key in ("nmb-4242", "member-999999", "wie", f"member-{quiet.pk}", "nmb-1999"):
        assert client.get(f"/en/players/{key}/statistics/").status_code == 404, key


def test_numbers_with_odd_characters(world: Any, client: Client) -> None:
    Member.objects.filter(pk=world.members["Dirk"].pk).update(nmb_number="NL/10 04")
    services.recompute_all()
    assert PlayerStatistics.objects.filter(key="nmb-NL/10 04").exists()
    response = client.get("/en/players/nmb-NL/10%2004/statistics/")
    assert response.status_code == 200
    assert "Dirk de Vries" in response.content.decode()
