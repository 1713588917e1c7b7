"""The score-entry page's endpoints for saved hands: correct, delete,
confirm, correct the seats, the audit trail, and the preview of a
correction. Every refusal changes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.scoring_entry.conftest import new_id, players, values_input, worked_example_tiles
from tournaments.models import Event, Hand, HandAction, HandChange, HandScore, Table, TableResult
from tournaments.services.hands import submit_hand
from tournaments.services.rounds import close_round

pytestmark = pytest.mark.django_db


def logged_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def post(client: Client, name: str, table: Table, body: Any = None,
         number: int | None = None) -> Any:
    args = [table.pk] if number is None else [table.pk, number]
    data = body if isinstance(body, str) else json.dumps(body or {})
    return client.post(reverse(f"tournaments:{name}", args=args), data=data,
                       content_type="application/json")


def enter(table: Table, user: User, values: dict[int, int], winner: int | None,
          **extra: Any) -> Hand:
    table.refresh_from_db()
    hand, _ = submit_hand(table, game_input=values_input(values, winner, **extra),
                          submission_id=new_id(), expected_version=table.version, user=user)
    return hand


def version(table: Table) -> int:
    table.refresh_from_db()
    return table.version


def south_value(hand: Hand) -> int:
    return HandScore.objects.get(hand=hand, seat_wind="S").value


def everything(table: Table) -> tuple[Any, ...]:
    """What a refused change must leave alone."""
    return (version(table),
            list(Hand.objects.filter(table=table).values("number", "entry", "confirmed_at")),
            list(HandScore.objects.filter(hand__table=table).values("registration", "value",
                                                                      "settlement")),
            HandChange.objects.filter(table=table).count(),
            list(table.seats.values("position", "registration")))


@pytest.fixture
def hand(table: Table, keeper: User) -> Hand:
    """Hand 1: seat 1 (South) wins 40 by self-draw, seat 3 has 8. Hand 2:
    seat 0 wins 20 by self-draw, seat 1 (East then) pays double."""
    first = enter(table, keeper, {0: 0, 1: 40, 2: 0, 3: 8}, winner=1)
    enter(table, keeper, {0: 20, 1: 0, 2: 0, 3: 0}, winner=0, east=1)
    return first


def close(table: Table, keeper: User) -> None:
    for other in table.round.tables.exclude(pk=table.pk):
        enter(other, keeper, {0: 0, 1: 20, 2: 0, 3: 0}, winner=1)
    close_round(table.round)


CORRECTION = values_input({0: 0, 1: 48, 2: 0, 3: 8}, winner=1)


# --- Correct ------------------------------------------------------------------


def test_a_correction_answers_200_with_the_new_hand(table: Table, keeper: User,
                                                    hand: Hand) -> None:
    response = post(logged_in(keeper), "api_hand_correct", table,
                    {**CORRECTION, "expected_version": 2}, number=1)
    assert response.status_code == 200
    data = response.json()
    assert data["version"] == 3
    assert data["hand"]["number"] == 1 and data["hand"]["entry"]["values"]["1"] == 48
    assert {p["seat_wind"]: p["settlement"] for p in data["hand"]["players"]}["S"] == 192
    hand.refresh_from_db()
    assert south_value(hand) == 48
    change = HandChange.objects.get(action=HandAction.CORRECTED)
    assert (change.user, change.number, change.version) == (keeper, 1, 3)


def test_a_hand_by_values_is_corrected_to_one_by_tiles(table: Table, keeper: User,
                                                       hand: Hand) -> None:
    response = post(logged_in(keeper), "api_hand_correct", table,
                    {**worked_example_tiles(), "expected_version": 2}, number=1)
    assert response.status_code == 200
    hand.refresh_from_db()
    assert hand.entry["kind"] == "tiles"
    assert hand.result["hands"]["S"]["value"] == 96


def test_a_correction_from_a_stale_page_is_a_conflict(table: Table, keeper: User,
                                                      hand: Hand) -> None:
    before = everything(table)
    response = post(logged_in(keeper), "api_hand_correct", table,
                    {**CORRECTION, "expected_version": 1}, number=1)
    assert response.status_code == 409
    data = response.json()
    assert "hand 2 was saved by Vera Visser" in data["error"]
    assert data["version"] == 2
    assert [(c["action"], c["number"]) for c in data["changes"]] == [("created", 2)]
    assert everything(table) == before


def test_correcting_a_hand_deleted_meanwhile_says_who_deleted_it(
        table: Table, keeper: User, organiser: User, hand: Hand) -> None:
    post(logged_in(organiser), "api_hand_delete", table, {"expected_version": 2}, number=1)
    before = everything(table)
    response = post(logged_in(keeper), "api_hand_correct", table,
                    {**CORRECTION, "expected_version": 2}, number=1)
    assert response.status_code == 409
    assert "hand 1 was deleted by alice" in response.json()["error"]
    assert everything(table) == before


@pytest.mark.parametrize(("body", "message"), [
    ("{not json", "not JSON"),
    (CORRECTION, "expected_version is missing"),
    ({**CORRECTION, "expected_version": "2"}, "whole number"),
    ({**values_input({0: 0, 1: 5000, 2: 0, 3: 0}, winner=1), "expected_version": 2},
     "cannot be settled"),
    ({**CORRECTION, "expected_version": 2, "flags": []}, "Unknown field flags"),
    ({"expected_version": 2}, "values or tiles"),
], ids=["not-json", "no-version", "text-version", "over-the-limit", "flags-with-values",
        "no-hand"])
def test_a_bad_correction_answers_400(table: Table, keeper: User, hand: Hand, body: Any,
                                      message: str) -> None:
    before = everything(table)
    response = post(logged_in(keeper), "api_hand_correct", table, body, number=1)
    assert response.status_code == 400
    assert message in response.json()["error"]
    assert everything(table) == before


def test_correcting_a_hand_that_does_not_exist_is_404(table: Table, keeper: User,
                                                      hand: Hand) -> None:
    response = post(logged_in(keeper), "api_hand_correct", table,
                    {**CORRECTION, "expected_version": 2}, number=7)
    assert response.status_code == 404
    assert response.json()["error"] == "Not found."


@pytest.mark.parametrize("who", ["other_keeper", "member_user"])
def test_outsiders_cannot_correct(request: pytest.FixtureRequest, table: Table, hand: Hand,
                                  who: str) -> None:
    before = everything(table)
    response = post(logged_in(request.getfixturevalue(who)), "api_hand_correct", table,
                    {**CORRECTION, "expected_version": 2}, number=1)
    assert response.status_code == 404
    assert everything(table) == before


def test_after_closing_a_scorekeeper_is_refused_and_nothing_changes(
        table: Table, keeper: User, hand: Hand) -> None:
    close(table, keeper)
    before = everything(table)
    results = list(TableResult.objects.filter(table=table).values("registration", "score"))
    client = logged_in(keeper)
    for name, body, number in [
        ("api_hand_correct", {**CORRECTION, "expected_version": 2}, 1),
        ("api_hand_delete", {"expected_version": 2}, 1),
        ("api_seats", {"positions": {"0": 1, "1": 0}, "expected_version": 2}, None),
    ]:
        response = post(client, name, table, body, number=number)
        assert response.status_code == 403, name
        assert "only the organiser" in response.json()["error"]
    assert everything(table) == before
    assert list(TableResult.objects.filter(table=table).values("registration", "score")) == results


def test_after_closing_the_organiser_corrects_and_it_counts_as_confirmed(
        table: Table, keeper: User, organiser: User, hand: Hand) -> None:
    close(table, keeper)
    south = players(table)[1]
    assert TableResult.objects.get(table=table, registration=south).score == 160 - 40
    response = post(logged_in(organiser), "api_hand_correct", table,
                    {**CORRECTION, "expected_version": 2}, number=1)
    assert response.status_code == 200
    hand.refresh_from_db()
    assert (south_value(hand), hand.confirmed_by) == (48, organiser)
    assert TableResult.objects.get(table=table, registration=south).score == 192 - 40


# --- Delete -------------------------------------------------------------------


def test_a_deletion_answers_200_and_keeps_the_audit_rows(table: Table, keeper: User,
                                                         hand: Hand) -> None:
    response = post(logged_in(keeper), "api_hand_delete", table, {"expected_version": 2},
                    number=1)
    assert response.status_code == 200
    assert response.json() == {"deleted": 1, "version": 3}
    assert list(table.hands.values_list("number", flat=True)) == [2]
    deleted = HandChange.objects.get(action=HandAction.DELETED)
    assert (deleted.number, deleted.user, deleted.old["entry"]["values"]["1"]) == (1, keeper, 40)


def test_a_deletion_from_a_stale_page_is_a_conflict(table: Table, keeper: User,
                                                    hand: Hand) -> None:
    before = everything(table)
    response = post(logged_in(keeper), "api_hand_delete", table, {"expected_version": 1},
                    number=1)
    assert response.status_code == 409
    assert response.json()["changes"][0]["action"] == "created"
    assert everything(table) == before


@pytest.mark.parametrize(("body", "status"), [
    ({}, 400), ({"expected_version": None}, 400), ("[]", 400)], ids=["missing", "null", "list"])
def test_a_bad_deletion_answers_400(table: Table, keeper: User, hand: Hand, body: Any,
                                    status: int) -> None:
    before = everything(table)
    response = post(logged_in(keeper), "api_hand_delete", table, body, number=1)
    assert response.status_code == status
    assert "error" in response.json()
    assert everything(table) == before


def test_deleting_twice_is_404_the_second_time(table: Table, keeper: User, hand: Hand) -> None:
    client = logged_in(keeper)
    assert post(client, "api_hand_delete", table, {"expected_version": 2},
                number=1).status_code == 200
    assert post(client, "api_hand_delete", table, {"expected_version": 3},
                number=1).status_code == 404


def test_after_closing_the_organiser_deletes(table: Table, keeper: User, organiser: User,
                                             hand: Hand) -> None:
    close(table, keeper)
    response = post(logged_in(organiser), "api_hand_delete", table, {"expected_version": 2},
                    number=1)
    assert response.status_code == 200
    assert not table.hands.filter(number=1).exists()
    south = players(table)[1]
    assert TableResult.objects.get(table=table, registration=south).score == -40  # hand 2: East, paid double


# --- Confirm ------------------------------------------------------------------


@pytest.fixture
def confirming(event: Event) -> Event:
    Event.objects.filter(pk=event.pk).update(requires_confirmation=True)
    event.refresh_from_db()
    return event


def test_a_second_person_confirms(table: Table, keeper: User, table_keeper: User,
                                  confirming: Event, hand: Hand) -> None:
    response = post(logged_in(table_keeper), "api_hand_confirm", table, number=1)
    assert response.status_code == 200
    data = response.json()
    assert data["hand"]["confirmed"] is True
    assert (data["hand"]["awaiting_confirmation"], data["hand"]["may_confirm"]) == (False, False)
    assert data["version"] == 2  # a confirmation is no new version
    hand.refresh_from_db()
    assert hand.confirmed_by == table_keeper
    assert HandChange.objects.filter(action=HandAction.CONFIRMED, user=table_keeper).exists()


def test_who_entered_a_hand_cannot_confirm_it(table: Table, keeper: User, confirming: Event,
                                              hand: Hand) -> None:
    before = everything(table)
    response = post(logged_in(keeper), "api_hand_confirm", table, number=1)
    assert response.status_code == 400
    assert "someone else" in response.json()["error"]
    assert everything(table) == before


@pytest.mark.parametrize(("who", "status"), [("other_keeper", 404), ("member_user", 404)])
def test_outsiders_cannot_confirm(request: pytest.FixtureRequest, table: Table,
                                  confirming: Event, hand: Hand, who: str, status: int) -> None:
    before = everything(table)
    response = post(logged_in(request.getfixturevalue(who)), "api_hand_confirm", table,
                    number=1)
    assert response.status_code == status
    assert everything(table) == before


def test_confirming_a_hand_that_does_not_exist_is_404(table: Table, table_keeper: User,
                                                      hand: Hand) -> None:
    assert post(logged_in(table_keeper), "api_hand_confirm", table,
                number=9).status_code == 404


# --- Seats --------------------------------------------------------------------


def test_a_seat_correction_settles_every_hand_again(table: Table, keeper: User,
                                                    hand: Hand) -> None:
    a, b, c, d = players(table)
    response = post(logged_in(keeper), "api_seats", table,
                    {"positions": {"0": 1, "1": 0}, "expected_version": 2})
    assert response.status_code == 200
    data = response.json()
    assert data["version"] == 3
    assert [h["number"] for h in data["hands"]] == [1, 2]
    # B was East when winning 40 by self-draw (see tests/scoring_entry/test_changes.py).
    first = {p["registration"]: (p["seat_wind"], p["settlement"]) for p in data["hands"][0]["players"]}
    assert first[b.pk] == ("E", 240)
    assert players(table) == [b, a, c, d]
    assert HandChange.objects.filter(action=HandAction.RESEATED).count() == 2


def test_a_seat_correction_from_a_stale_page_is_a_conflict(table: Table, keeper: User,
                                                           hand: Hand) -> None:
    before = everything(table)
    response = post(logged_in(keeper), "api_seats", table,
                    {"positions": {"0": 1, "1": 0}, "expected_version": 1})
    assert response.status_code == 409
    assert everything(table) == before


@pytest.mark.parametrize(("body", "message"), [
    ({"expected_version": 2}, "positions is missing"),
    ({"positions": {"0": 1, "1": 0}}, "expected_version is missing"),
    ({"positions": {"0": 1, "1": 0}, "expected_version": None}, "whole number"),
    ({"positions": [[0, 1], [1, 0]], "expected_version": 2}, "positions must map"),
    ({"positions": {"0": 1, "1": 2}, "expected_version": 2}, "each seat taken once"),
    ({"positions": {"0": 0}, "expected_version": 2}, "Nobody changes seats"),
    ({"positions": {"x": 1}, "expected_version": 2}, "seat position"),
], ids=["no-positions", "no-version", "null-version", "list", "not-a-permutation",
        "nobody-moves", "bad-seat"])
def test_a_bad_seat_correction_answers_400(table: Table, keeper: User, hand: Hand,
                                           body: Any, message: str) -> None:
    before = everything(table)
    response = post(logged_in(keeper), "api_seats", table, body)
    assert response.status_code == 400
    assert message in response.json()["error"]
    assert everything(table) == before


def test_after_closing_the_organiser_corrects_the_seats(table: Table, keeper: User,
                                                        organiser: User, hand: Hand) -> None:
    close(table, keeper)
    response = post(logged_in(organiser), "api_seats", table,
                    {"positions": {"0": 1, "1": 0}, "expected_version": 2})
    assert response.status_code == 200
    assert all(h["confirmed"] for h in response.json()["hands"])


# --- History ------------------------------------------------------------------


def test_the_history_is_newest_first_with_old_and_new_values(
        client: Client, table: Table, keeper: User, hand: Hand) -> None:
    client = logged_in(keeper)
    south = players(table)[1]
    post(client, "api_hand_correct", table, {**CORRECTION, "expected_version": 2}, number=1)
    post(client, "api_hand_delete", table, {"expected_version": 3}, number=2)
    response = client.get(reverse("tournaments:api_history", args=[table.pk]))
    assert response.status_code == 200
    data = response.json()
    assert data["version"] == 4
    changes = data["changes"]
    assert [(c["action"], c["number"]) for c in changes] == [
        ("deleted", 2), ("corrected", 1), ("created", 2), ("created", 1)]
    deleted, corrected = changes[:2]
    assert deleted["text"].startswith("hand 2 was deleted by Vera Visser at ")
    assert deleted["user"] == "Vera Visser" and deleted["at"]
    assert all(p["new"] is None for p in deleted["players"])
    south_row = next(p for p in corrected["players"] if p["name"] == south.name)
    assert (south_row["old"]["value"], south_row["new"]["value"]) == (40, 48)
    assert (south_row["old"]["settlement"], south_row["new"]["settlement"]) == (160, 192)
    assert south_row["changed"] is True
    assert corrected["winner"] == {"old": south.name, "new": south.name}
    assert changes[-1]["winner"] == {"new": south.name}


def test_the_history_is_for_scorekeepers_of_the_table(table: Table, other_keeper: User,
                                                      hand: Hand) -> None:
    url = reverse("tournaments:api_history", args=[table.pk])
    assert logged_in(other_keeper).get(url).status_code == 404
    assert Client().get(url).status_code == 403
    assert logged_in(other_keeper).post(url).status_code == 405


# --- The table state and the preview of a correction ----------------------------


def test_the_table_state_carries_the_hands_and_permissions(table: Table, keeper: User,
                                                           hand: Hand) -> None:
    response = logged_in(keeper).get(reverse("tournaments:api_table", args=[table.pk]))
    data = response.json()
    assert [h["number"] for h in data["hands"]] == [1, 2]
    assert data["permissions"] == {"may_enter": True, "may_change": True, "closed": False,
                                   "organiser": False}


def test_a_correction_is_previewed_with_the_hands_own_winds(table: Table, keeper: User) -> None:
    # Four hands each won by a non-East player: the prevailing wind is now South.
    for east in range(4):
        enter(table, keeper, {east: 0, (east + 1) % 4: 20, (east + 2) % 4: 0,
                              (east + 3) % 4: 0}, winner=(east + 1) % 4, east=east)
    client = logged_in(keeper)
    state = client.get(reverse("tournaments:api_table", args=[table.pk])).json()
    assert state["prevailing_wind"] == "S"
    url = reverse("tournaments:api_preview", args=[table.pk])
    body = {**values_input({0: 0, 1: 48, 2: 0, 3: 0}, winner=1), "east": None, "hand": 1}
    response = client.post(url, data=json.dumps(body), content_type="application/json")
    assert response.status_code == 200
    assert response.json()["game"]["prevailing_wind"] == "E"
    # Seat 0 was East in hand 1: South (seat 1) is paid double by them.
    assert {p["position"]: p["seat_wind"] for p in response.json()["players"]}[0] == "E"
    assert client.post(url, data=json.dumps({**body, "hand": 9}),
                       content_type="application/json").status_code == 404
    assert client.post(url, data=json.dumps({**body, "hand": "1"}),
                       content_type="application/json").status_code == 400
    assert Hand.objects.count() == 4
