"""The score-entry page of a table, its preview endpoint and service worker."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.scoring_entry.conftest import players, values_input, worked_example_tiles
from tournaments.models import Hand, Table

pytestmark = pytest.mark.django_db


def logged_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def page_url(table: Table) -> str:
    return reverse("tournaments:score_entry", args=[table.pk])


def preview(client: Client, table: Table, body: Any) -> Any:
    return client.post(reverse("tournaments:api_preview", args=[table.pk]),
                       data=json.dumps(body), content_type="application/json")


def test_it_shows_the_table_to_its_scorekeeper(table: Table, keeper: User) -> None:
    response = logged_in(keeper).get(page_url(table))
    assert response.status_code == 200
    assert response.context["state"]["hand_number"] == 1
    content = response.content.decode()
    for player in players(table):
        assert player.name in content
    assert 'data-tile="1z"' in content and "East wind" in content
    assert content.count('class="se-tile"') == 34


def test_the_organiser_and_a_table_keeper_may_open_it(table: Table, organiser: User,
                                                      table_keeper: User) -> None:
    assert logged_in(organiser).get(page_url(table)).status_code == 200
    assert logged_in(table_keeper).get(page_url(table)).status_code == 200


def test_a_scorekeeper_of_another_event_gets_404(table: Table, other_keeper: User) -> None:
    assert logged_in(other_keeper).get(page_url(table)).status_code == 404


def test_a_table_keeper_of_another_table_gets_404(table_two: Table, table_keeper: User) -> None:
    assert logged_in(table_keeper).get(page_url(table_two)).status_code == 404


def test_a_member_gets_404(table: Table, member_user: User) -> None:
    assert logged_in(member_user).get(page_url(table)).status_code == 404


def test_anonymous_is_sent_to_the_login_page(client: Client, table: Table) -> None:
    response = client.get(page_url(table))
    assert response.status_code == 302
    assert reverse("login") in response["Location"]


def test_it_is_in_dutch_by_default(table: Table, keeper: User) -> None:
    from django.utils import translation

    with translation.override("nl"):
        url = page_url(table)
    assert not url.startswith("/en/")
    assert logged_in(keeper).get(url).status_code == 200


def test_the_preview_gives_the_worked_example(table: Table, keeper: User) -> None:
    east, south, west, north = players(table)
    response = preview(logged_in(keeper), table, worked_example_tiles())
    assert response.status_code == 200
    data = response.json()
    assert {p["name"]: p["settlement"] for p in data["players"]} == {
        east.name: 24, south.name: 384, west.name: -244, north.name: -164}
    south_hand = data["breakdown"]["S"]
    assert (south_hand["points"], south_hand["doublings"], south_hand["value"]) == (24, 2, 96)
    assert {"rule": "all_chows", "doublings": 1} in south_hand["items"]
    assert Hand.objects.count() == 0
    table.refresh_from_db()
    assert table.version == 0


def test_the_preview_of_values_settles_them(table: Table, keeper: User) -> None:
    response = preview(logged_in(keeper), table, values_input({0: 0, 1: 40, 2: 0, 3: 8}, 1))
    assert response.status_code == 200
    assert sum(p["settlement"] for p in response.json()["players"]) == 0


def test_the_preview_refuses_an_impossible_hand_with_the_engines_message(
        table: Table, keeper: User) -> None:
    bad = worked_example_tiles()
    bad["tiles"]["1"]["concealed"] = "234456m345678p3s"  # 13 tiles for the winner
    response = preview(logged_in(keeper), table, bad)
    assert response.status_code == 400
    assert "has 13 tiles" in response.json()["error"]
    assert Hand.objects.count() == 0


def test_the_preview_is_404_for_an_outsider(table: Table, other_keeper: User) -> None:
    response = preview(logged_in(other_keeper), table, worked_example_tiles())
    assert response.status_code == 404


def test_the_preview_needs_a_login(client: Client, table: Table) -> None:
    assert preview(client, table, worked_example_tiles()).status_code == 403


def test_the_service_worker_covers_the_table_pages(client: Client, table: Table) -> None:
    url = reverse("tournaments:score_entry_sw")
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    scope = url.rsplit("/", 1)[0] + "/"
    assert page_url(table).startswith(scope)
    assert "/static/js/score-entry.js" in response.content.decode()
