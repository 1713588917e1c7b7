"""The score-entry page of a table, its preview endpoint and service worker,
and what the page offers per role and round status."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.scoring_entry.conftest import new_id, players, values_input, worked_example_tiles
from tournaments.models import Event, Hand, Table
from tournaments.services.hands import correct_hand, submit_hand
from tournaments.services.rounds import close_round

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


def test_a_table_keeper_at_another_table_is_sent_to_their_own(
        table: Table, table_two: Table, table_keeper: User) -> None:
    """Not a dead end (a bare 404): a scorekeeper of the event who opens a
    table they do not keep is told so and given the tables they keep."""
    response = logged_in(table_keeper).get(page_url(table_two))
    assert response.status_code == 403
    content = response.content.decode()
    assert f"You do not keep the score at table {table_two.number}" in content
    assert f'href="{page_url(table)}"' in content
    assert f"Enter the scores of table {table.number}" in content
    # Nothing of the table's hands or players is shown.
    assert 'class="se-tile"' not in content


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
    assert {"rule": "all_chows", "doublings": 1, "label": "All chows", "value_text": "1 doubling",
            "text": "All chows: 1 doubling"} in south_hand["items"]
    assert south_hand["total_text"] == "24 points, 2 doublings = 96"
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
    assert "/static/js/score-entry/outbox.js" in response.content.decode()


# --- What the page offers per role and round status ------------------------------


def enter(table: Table, user: User, values: dict[int, int], winner: int) -> Hand:
    table.refresh_from_db()
    hand, _ = submit_hand(table, game_input=values_input(values, winner),
                          submission_id=new_id(), expected_version=table.version, user=user)
    return hand


def close(table: Table, keeper: User) -> None:
    for other in table.round.tables.exclude(pk=table.pk):
        enter(other, keeper, {0: 0, 1: 20, 2: 0, 3: 0}, winner=1)
    close_round(table.round)


def page(user: User, table: Table) -> Any:
    response = logged_in(user).get(page_url(table))
    assert response.status_code == 200
    return response


def test_while_playing_a_scorekeeper_enters_corrects_and_reseats(table: Table,
                                                                 keeper: User) -> None:
    enter(table, keeper, {0: 0, 1: 40, 2: 0, 3: 8}, winner=1)
    response = page(keeper, table)
    state = response.context["state"]
    assert state["permissions"] == {"may_enter": True, "may_change": True, "closed": False,
                                    "organiser": False}
    assert [hand["number"] for hand in state["hands"]] == [1]
    content = response.content.decode()
    assert '<form id="se-form" class="se-form card" novalidate>' in content  # not hidden
    assert 'id="se-seats"' in content and "Correct seats" in content
    assert 'id="se-round-notice"' not in content
    assert 'id="se-history"' in content


def test_after_closing_a_scorekeeper_reads_only(table: Table, keeper: User) -> None:
    enter(table, keeper, {0: 0, 1: 40, 2: 0, 3: 8}, winner=1)
    close(table, keeper)
    response = page(keeper, table)
    permissions = response.context["state"]["permissions"]
    assert (permissions["may_enter"], permissions["may_change"], permissions["closed"]) == (
        False, False, True)
    content = response.content.decode()
    assert "Read only." in content
    assert "only the organiser can still correct or delete its hands" in content
    assert 'id="se-seats"' not in content
    assert '<form id="se-form" class="se-form card" novalidate hidden>' in content


def test_after_closing_the_organiser_may_still_change(table: Table, keeper: User,
                                                      organiser: User) -> None:
    enter(table, keeper, {0: 0, 1: 40, 2: 0, 3: 8}, winner=1)
    close(table, keeper)
    response = page(organiser, table)
    permissions = response.context["state"]["permissions"]
    assert (permissions["may_change"], permissions["organiser"]) == (True, True)
    content = response.content.decode()
    assert "your changes count as confirmed" in content
    assert 'id="se-seats"' in content


def test_before_the_round_starts_nothing_is_entered(event: Event, keeper: User) -> None:
    from tournaments.services.rounds import add_round, seat_round

    seated = seat_round(add_round(event), seed=1).tables.get(number=1)
    content = page(keeper, seated).content.decode()
    assert "Hands can only be entered while the round is being played." in content
    assert '<form id="se-form" class="se-form card" novalidate hidden>' in content


def test_confirm_is_offered_to_a_second_person_only(event: Event, table: Table, keeper: User,
                                                    table_keeper: User) -> None:
    Event.objects.filter(pk=event.pk).update(requires_confirmation=True)
    enter(table, keeper, {0: 0, 1: 40, 2: 0, 3: 8}, winner=1)
    [own] = page(keeper, table).context["state"]["hands"]
    assert (own["awaiting_confirmation"], own["may_confirm"]) == (True, False)
    [other] = page(table_keeper, table).context["state"]["hands"]
    assert (other["awaiting_confirmation"], other["may_confirm"]) == (True, True)
    texts = page(keeper, table).context["messages_js"]
    assert texts["waiting_other"] == "Waiting for confirmation by a second person"


def test_without_confirmation_nothing_waits(table: Table, keeper: User,
                                            table_keeper: User) -> None:
    enter(table, keeper, {0: 0, 1: 40, 2: 0, 3: 8}, winner=1)
    [hand] = page(table_keeper, table).context["state"]["hands"]
    assert (hand["awaiting_confirmation"], hand["may_confirm"]) == (False, False)


def test_the_history_is_on_the_page(table: Table, keeper: User) -> None:
    hand = enter(table, keeper, {0: 0, 1: 40, 2: 0, 3: 8}, winner=1)
    correct_hand(hand, game_input=values_input({0: 0, 1: 48, 2: 0, 3: 8}, 1),
                 expected_version=1, user=keeper)
    history = page(keeper, table).context["history"]
    assert [(row["action"], row["number"]) for row in history] == [
        ("corrected", 1), ("created", 1)]
    assert history[0]["text"].startswith("hand 1 was corrected by Vera Visser")


def test_tiles_offer_the_nts_flags_and_no_bonus_tiles(table: Table, keeper: User) -> None:
    content = page(keeper, table).content.decode()
    for flag in ("last_wall_tile", "kong_on_kong", "heavenly", "earthly"):
        assert f'name="flag" value="{flag}"' in content
    assert content.count('name="flag"') == 4
    assert "Last tile of the wall" in content
    assert 'class="se-bonus-tile"' not in content
    for source in ("wall", "discard", "kong_replacement", "robbed_kong"):
        assert f'<option value="{source}">' in content


def test_a_rule_set_with_bonus_tiles_offers_flowers_and_seasons(
        monkeypatch: pytest.MonkeyPatch, table: Table, keeper: User) -> None:
    from scoring.engine import RULESETS

    monkeypatch.setattr(RULESETS["nts"], "uses_bonus_tiles", True)
    response = page(keeper, table)
    content = response.content.decode()
    assert content.count('class="se-bonus-tile"') == 8
    assert 'data-bonus="1f"' in content and 'data-bonus="4j"' in content
    assert response.context["tile_names"]["2j"] == "Season 2"


def test_the_hand_urls_lead_to_the_endpoints(table: Table, keeper: User) -> None:
    urls = page(keeper, table).context["hand_urls"]
    assert urls["correct"].replace("HAND", "3") == reverse(
        "tournaments:api_hand_correct", args=[table.pk, 3])
    assert urls["delete"].replace("HAND", "3") == reverse(
        "tournaments:api_hand_delete", args=[table.pk, 3])
    assert urls["confirm"].replace("HAND", "3") == reverse(
        "tournaments:api_hand_confirm", args=[table.pk, 3])
