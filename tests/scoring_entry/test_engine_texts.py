"""The engine's texts on the scorekeeper's pages, in the user's language:
the preview's breakdown (rule names, plural forms), the API's refusals and
"Check a hand" (scoring/texts.py). Dutch is the site's language without a
prefix, English is /en/."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scoring.engine import RULESETS
from tests.scoring_entry.conftest import logged_in, new_id, players, worked_example_tiles
from tournaments.models import Event, Hand, Table

pytestmark = pytest.mark.django_db

# English words the breakdown said before it was translated.
ENGLISH = re.compile(r"\b(points?|doublings?|all chows|mahjong:|completes pair|only possible)\b",
                     re.IGNORECASE)


def api_url(name: str, table: Table, language: str) -> str:
    with translation.override(language):
        return reverse(f"tournaments:api_{name}", args=[table.pk])


def post(client: Client, url: str, body: Any) -> Any:
    return client.post(url, data=json.dumps(body), content_type="application/json")


def lines(data: dict[str, Any], seat: str) -> list[str]:
    return [item["text"] for item in data["breakdown"][seat]["items"]]


def test_the_preview_of_the_worked_example_is_dutch_on_the_dutch_page(table: Table,
                                                                      keeper: User) -> None:
    response = post(logged_in(keeper), api_url("preview", table, "nl"), worked_example_tiles())
    assert response.status_code == 200, response.content
    data = response.json()
    assert lines(data, "S") == [
        "Mahjong: 20 punten", "Laatste steen voltooit paar: 2 punten",
        "Enig mogelijke steen: 2 punten", "Vier chows: 1 verdubbeling",
        "Pure eenvoud: 1 verdubbeling"]
    assert data["breakdown"]["S"]["total_text"] == "24 punten, 2 verdubbelingen = 96"
    every_line = [text for seat in data["breakdown"] for text in lines(data, seat)]
    assert not [text for text in every_line if ENGLISH.search(text.replace("Mahjong:", ""))]
    # The engine's own keys stay for whoever reads them.
    assert {"rule": "all_chows", "doublings": 1} == {
        key: data["breakdown"]["S"]["items"][3][key] for key in ("rule", "doublings")}


def test_the_preview_is_english_on_the_english_page(table: Table, keeper: User) -> None:
    data = post(logged_in(keeper), api_url("preview", table, "en"),
                worked_example_tiles()).json()
    assert lines(data, "S")[-2:] == ["All chows: 1 doubling", "All simples: 1 doubling"]
    assert data["breakdown"]["S"]["total_text"] == "24 points, 2 doublings = 96"


def test_a_refusal_of_the_engine_is_dutch_on_the_dutch_page(table: Table, keeper: User) -> None:
    body = {**worked_example_tiles(), "winning_tile": "9s"}
    for name in ("preview", "hands"):
        url = api_url(name, table, "nl")
        sent = body if name == "preview" else {**body, "submission_id": new_id(),
                                                "expected_version": 0}
        response = post(logged_in(keeper), url, sent)
        assert response.status_code == 400, response.content
        error = response.json()["error"]
        south = players(table)[1].name
        assert f"De hand kan niet worden verrekend: Zuid ({south}): de winnende steen 9 bamboe " \
               "zit niet bij de dichte stenen" in error, error
        assert "winning tile" not in error
    assert not Hand.objects.exists()


def test_a_refusal_is_english_on_the_english_page(table: Table, keeper: User) -> None:
    body = {**worked_example_tiles(), "winning_tile": "9s"}
    error = post(logged_in(keeper), api_url("preview", table, "en"), body).json()["error"]
    south = players(table)[1].name
    assert f"South ({south}): the winning tile 9 of bamboo is not among the concealed tiles" \
        in error


def test_check_a_hand_in_dutch(keeper: User) -> None:
    with translation.override("nl"):
        url = reverse("scoring:check")
    game = {"ruleset": "nts", "prevailing_wind": "E",
            "players": {"E": {"score": 0}, "S": {"score": 2500}, "W": {"score": 0},
                        "N": {"score": 0}},
            "winner": "S", "win_source": "wall"}
    page = logged_in(keeper).post(url, {"game": json.dumps(game)}).content.decode()
    assert "Zuid (Z): de waarde 2500 is hoger dan de limiet van 2000." in page
    assert "above the limit" not in page


def test_a_hong_kong_preview_in_dutch_counts_fan(event: Event, table: Table,
                                                 keeper: User) -> None:
    Event.objects.filter(pk=event.pk).update(ruleset="hongkong", rule_options={})
    body = {"tiles": {"0": {"score": 0}, "1": {"concealed": "123m456m789m123p11s"},
                      "2": {"score": 0}, "3": {"score": 0}},
            "winner": 1, "east": 0, "winning_tile": "1s", "win_source": "wall",
            "discarder": None, "flags": [], "dead": []}
    dutch = post(logged_in(keeper), api_url("preview", table, "nl"), body).json()
    english = post(logged_in(keeper), api_url("preview", table, "en"), body).json()
    catalogue = RULESETS["hongkong"].catalogue()
    items = dutch["breakdown"]["S"]["items"]
    assert [item["text"] for item in items] == [
        f"{catalogue[item['rule']]['nl']}{' ' + item['tiles'] if 'tiles' in item else ''}: "
                     f"{item['fan']} fan" for item in items]
    assert dutch["breakdown"]["S"]["total_text"] == "4 fan"
    assert "All chows: 1 fan" in lines(english, "S")
    assert set(lines(dutch, "S")).isdisjoint(lines(english, "S"))


def test_check_a_hand_names_hong_kong_rules_in_dutch_with_their_fan(keeper: User) -> None:
    with translation.override("nl"):
        url = reverse("scoring:check")
    game = {"ruleset": "hongkong", "prevailing_wind": "E",
            "players": {"E": {"score": 0}, "S": {"concealed": "123m456m789m123p11s"},
                        "W": {"score": 0}, "N": {"score": 0}},
            "winner": "S", "winning_tile": "1s", "win_source": "wall"}
    response = logged_in(keeper).post(url, {"game": json.dumps(game)})
    page = response.content.decode()
    south = next(player for player in response.context["players"] if player.seat == "S")
    assert south.counts_fan
    catalogue = RULESETS["hongkong"].catalogue()
    for item in south.breakdown:
        assert item["label"] == catalogue[item["rule"]]["nl"]
        assert item["doublings"] == item["fan"] == 1
        assert item["label"] in page
    assert '<th scope="col" class="num">Fan</th>' in page
