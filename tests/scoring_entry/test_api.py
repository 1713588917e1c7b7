"""The score-entry page's JSON API: GET /api/tables/<id>/ and
POST /api/tables/<id>/hands/, for every persona."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.scoring_entry.conftest import new_id, players, values_input, worked_example_tiles
from tournaments.models import Hand, RoundStatus, Table

pytestmark = pytest.mark.django_db


def post(client: Client, table: Table, body: Any) -> Any:
    return client.post(reverse("tournaments:api_hands", args=[table.pk]),
                       data=body if isinstance(body, str | bytes) else json.dumps(body),
                       content_type="application/json")


def submission(game_input: dict[str, Any], version: int = 0, key: str | None = None
               ) -> dict[str, Any]:
    return {"submission_id": key or new_id(), "expected_version": version, **game_input}


def logged_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_hand_by_tiles_is_created(table: Table, keeper: User) -> None:
    east, south, west, north = players(table)
    response = post(logged_in(keeper), table, submission(worked_example_tiles()))
    assert response.status_code == 201
    data = response.json()
    assert data["version"] == 1
    assert data["hand"]["number"] == 1
    assert {p["name"]: p["settlement"] for p in data["hand"]["players"]} == {
        east.name: 24, south.name: 384, west.name: -244, north.name: -164}
    assert data["hand"]["breakdown"]["S"]["value"] == 96


def history(client: Client, table: Table) -> list[dict[str, Any]]:
    changes: list[dict[str, Any]] = client.get(
        reverse("tournaments:api_history", args=[table.pk])).json()["changes"]
    return changes


def test_the_answer_carries_what_changed_since_the_pages_view(table: Table,
                                                               keeper: User) -> None:
    # The page needs no second request: the next East, the totals, the hand as
    # the list of hands shows it and the history's new row (static/js/score-entry/
    # merge.js). The saved hands and the permissions the page has already.
    client = logged_in(keeper)
    data = post(client, table, submission(values_input({0: 0, 1: 40, 2: 0, 3: 8},
                                                       winner=1))).json()
    table_now = client.get(reverse("tournaments:api_table", args=[table.pk])).json()
    assert "state" not in data  # a page from before this answer reads the table
    assert data["table"] == {key: value for key, value in table_now.items()
                             if key not in ("hands", "permissions")}
    assert (data["table"]["version"], data["table"]["hand_number"], data["table"]["east"]) == (
        1, 2, 1)
    assert [data["hand"]] == table_now["hands"]
    assert data["changes"] == history(client, table)
    assert [(c["action"], c["number"], c["version"]) for c in data["changes"]] == [
        ("created", 1, 1)]


def test_the_answer_carries_every_change_made_at_the_pages_version_or_later(
        table: Table, keeper: User, organiser: User) -> None:
    # A confirmation keeps the version it was made at: one made after the page
    # read the table comes with the answer, the rows before that version do not.
    table.round.event.requires_confirmation = True
    table.round.event.save(update_fields=["requires_confirmation"])
    client = logged_in(keeper)
    post(client, table, submission(values_input({0: 0, 1: 40, 2: 0, 3: 8}, winner=1)))
    post(client, table, submission(values_input({0: 16, 1: 0, 2: 0, 3: 0}, winner=0), 1))
    confirmed = logged_in(organiser).post(
        reverse("tournaments:api_hand_confirm", args=[table.pk, 2]))
    assert confirmed.status_code == 200
    data = post(client, table, submission(values_input({0: 0, 1: 0, 2: 24, 3: 0}, winner=2),
                                          2)).json()
    assert [(c["action"], c["number"], c["version"]) for c in data["changes"]] == [
        ("created", 3, 3), ("confirmed", 2, 2), ("created", 2, 2)]
    assert data["changes"] == history(client, table)[:3]
    assert data["table"]["unconfirmed"] == [1, 3]
    assert (data["hand"]["awaiting_confirmation"], data["hand"]["may_confirm"]) == (True, False)


def test_a_repeat_answers_200_with_the_same_hand(table: Table, keeper: User) -> None:
    client = logged_in(keeper)
    body = submission(values_input({0: 0, 1: 40, 2: 0, 3: 8}, winner=1))
    first, again = post(client, table, body), post(client, table, body)
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["hand"]["id"] == again.json()["hand"]["id"]
    assert again.json()["version"] == 1
    assert Hand.objects.count() == 1


def test_a_version_conflict_answers_409_with_the_changes(table: Table, keeper: User,
                                                         organiser: User) -> None:
    post(logged_in(keeper), table, submission(values_input({0: 0, 1: 40, 2: 0, 3: 8}, 1)))
    response = post(logged_in(organiser), table,
                    submission(values_input({0: 20, 1: 0, 2: 0, 3: 0}, 0)))
    assert response.status_code == 409
    data = response.json()
    assert "hand 1 was saved by Vera Visser" in data["error"]
    assert data["version"] == 1
    assert [(c["action"], c["number"]) for c in data["changes"]] == [("created", 1)]
    assert Hand.objects.count() == 1


@pytest.mark.parametrize(("body", "message"), [
    ("{not json", "not JSON"),
    ("[1, 2]", "JSON object"),
    ({"expected_version": 0, "values": {"0": 1}}, "submission_id is missing"),
    ({"submission_id": new_id(), "values": {"0": 1}}, "expected_version is missing"),
    ({"submission_id": "abc", "expected_version": 0, "values": {"0": 1}}, "must be a UUID"),
    ({"submission_id": new_id(), "expected_version": "1", "values": {"0": 0, "1": 20, "2": 0,
                                                                      "3": 0}, "winner": 1},
     "whole number"),
    ({"submission_id": new_id(), "expected_version": 0, "values": {"0": 0, "1": 5000, "2": 0,
                                                                    "3": 0}, "winner": 1},
     "cannot be settled"),
    ({"submission_id": new_id(), "expected_version": 0, "values": [1, 2]}, "per seat"),
    ({"submission_id": new_id(), "expected_version": 0, "tiles": {"0": "123m"}},
     "must be an object"),
    ({"submission_id": new_id(), "expected_version": 0, "tiles": {"0": {}}, "flags": "x"},
     "Flags"),
], ids=["not-json", "not-an-object", "no-id", "no-version", "bad-id", "bad-version",
        "over-the-limit", "values-list", "tiles-text", "flags-text"])
def test_bad_input_answers_400(table: Table, keeper: User, body: Any, message: str) -> None:
    response = post(logged_in(keeper), table, body)
    assert response.status_code == 400
    assert message in response.json()["error"]
    assert not Hand.objects.exists()


def test_an_impossible_hand_answers_400_with_the_engines_message(table: Table,
                                                                 keeper: User) -> None:
    game_input = worked_example_tiles()
    game_input["tiles"]["1"]["concealed"] = "234456m345678p33s3s"
    response = post(logged_in(keeper), table, submission(game_input))
    assert response.status_code == 400
    error = response.json()["error"]
    assert f"South ({players(table)[1].name}) has 15 tiles" in error


def test_the_table_for_the_score_entry_page(table: Table, keeper: User) -> None:
    client = logged_in(keeper)
    post(client, table, submission(values_input({0: 0, 1: 40, 2: 0, 3: 8}, winner=1)))
    response = client.get(reverse("tournaments:api_table", args=[table.pk]))
    assert response.status_code == 200
    data = response.json()
    assert (data["version"], data["hand_number"], data["prevailing_wind"], data["east"]) == (
        1, 2, "E", 1)
    assert [(p["name"], p["seat_wind"], p["total"]) for p in data["players"]] == [
        (registration.name, wind, total) for registration, wind, total in zip(
            players(table), ["N", "E", "S", "W"], [-96, 160, -48, -16], strict=True)]


PERSONAS = [("organiser", 201, 200), ("keeper", 201, 200), ("table_keeper", 201, 200),
            ("other_keeper", 404, 404), ("member_user", 404, 404), ("anonymous", 403, 403)]


@pytest.mark.parametrize(("who", "post_status", "get_status"), PERSONAS,
                         ids=[row[0] for row in PERSONAS])
def test_every_persona(request: pytest.FixtureRequest, table: Table, who: str,
                       post_status: int, get_status: int) -> None:
    client = Client() if who == "anonymous" else logged_in(request.getfixturevalue(who))
    response = post(client, table, submission(values_input({0: 0, 1: 40, 2: 0, 3: 8}, 1)))
    assert response.status_code == post_status
    assert "error" in response.json() or post_status == 201
    assert Hand.objects.count() == (1 if post_status == 201 else 0)
    table.refresh_from_db()
    assert table.version == (1 if post_status == 201 else 0)
    assert client.get(reverse("tournaments:api_table", args=[table.pk])).status_code == \
        get_status


def test_a_table_scorekeeper_gets_404_at_another_table(table_two: Table,
                                                       table_keeper: User) -> None:
    client = logged_in(table_keeper)
    response = post(client, table_two, submission(values_input({0: 0, 1: 40, 2: 0, 3: 8}, 1)))
    assert response.status_code == 404
    assert not Hand.objects.exists()


def test_posting_needs_the_csrf_token(table: Table, keeper: User) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(keeper)
    response = post(client, table, submission(values_input({0: 0, 1: 40, 2: 0, 3: 8}, 1)))
    assert response.status_code == 403
    assert not Hand.objects.exists()


def test_only_get_and_post(table: Table, keeper: User) -> None:
    client = logged_in(keeper)
    assert client.get(reverse("tournaments:api_hands", args=[table.pk])).status_code == 405
    assert client.post(reverse("tournaments:api_table", args=[table.pk])).status_code == 405


def poll(client: Client, table: Table, tag: str | None = None) -> Any:
    headers = {"If-None-Match": tag} if tag else {}
    return client.get(reverse("tournaments:api_table", args=[table.pk]), headers=headers)


def test_a_poll_of_an_unchanged_table_is_304(table: Table, keeper: User,
                                             organiser: User) -> None:
    # The page polls every 15 s; the browser sends the ETag itself.
    table.round.event.requires_confirmation = True
    table.round.event.save(update_fields=["requires_confirmation"])
    client = logged_in(keeper)
    first = poll(client, table)
    assert first.status_code == 200 and first["Cache-Control"] == "private, no-cache"
    assert poll(client, table, first["ETag"]).status_code == 304
    post(client, table, submission(values_input({0: 0, 1: 40, 2: 0, 3: 8}, winner=1)))
    saved = poll(client, table, first["ETag"])
    assert saved.status_code == 200 and saved["ETag"] != first["ETag"]
    assert poll(client, table, saved["ETag"]).status_code == 304
    # A confirmation moves no version, but the page must see it.
    logged_in(organiser).post(reverse("tournaments:api_hand_confirm", args=[table.pk, 1]))
    confirmed = poll(client, table, saved["ETag"])
    assert confirmed.status_code == 200 and confirmed.json()["hands"][0]["confirmed"]
    # Each viewer has their own: the organiser's permissions differ.
    assert poll(logged_in(organiser), table, confirmed["ETag"]).status_code == 200


def test_a_table_of_a_round_not_started_has_no_etag(table: Table, keeper: User) -> None:
    # Players may still be swapped, which moves no version.
    table.round.status = RoundStatus.SEATED
    table.round.save(update_fields=["status"])
    response = poll(logged_in(keeper), table)
    assert response.status_code == 200 and not response.has_header("ETag")


def test_the_history_lists_the_players_in_the_order_of_the_winds(table: Table,
                                                                 keeper: User) -> None:
    # East, South, West, North: not the alphabet of the winds' letters (E, N, S, W),
    # which is how a hand's scores are stored (found by a new user's try).
    client = logged_in(keeper)
    post(client, table, submission(values_input({0: 0, 1: 40, 2: 0, 3: 8}, winner=1)))
    [change] = history(client, table)
    assert [player["new"]["seat_wind"] for player in change["players"]] == ["E", "S", "W", "N"]
