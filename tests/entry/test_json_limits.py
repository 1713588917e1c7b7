"""JSON from outside is bounded in shape as well as size (issue 13): nesting
deeper than a game ever does is refused with a message, on the score-entry
API, the "Check a hand" page and `score_games` alike (scoring/json_input.py).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scoring import json_input
from scoring.jsonlines import BadLine, parse_line
from tests.entry.test_hand_changes_api import logged_in, post
from tournaments.models import Hand, Table

pytestmark = pytest.mark.django_db


def nested(levels: int) -> Any:
    value: Any = 1
    for _ in range(levels):
        value = {"x": [value]}
    return value


def test_depth_is_counted_without_recursion() -> None:
    assert json_input.depth(1) == 0
    assert json_input.depth({"a": [1]}) == 2
    deep: Any = []
    for _ in range(100_000):
        deep = [deep]
    assert json_input.depth(deep) > json_input.MAX_DEPTH  # stops early, no RecursionError


@pytest.mark.parametrize("text", [
    json.dumps(nested(6)),  # 12 levels: deeper than any game
    "[" * 5000 + "]" * 5000,  # the parser's own recursion
    "1" * 5000,  # more digits than int() takes
])
def test_the_api_refuses_it_and_saves_nothing(table: Table, keeper: User, text: str) -> None:
    response = post(logged_in(keeper), "api_hands", table, text)
    assert response.status_code == 400
    assert "error" in response.json()
    assert not Hand.objects.exists()


def test_the_api_names_the_depth(table: Table, keeper: User) -> None:
    body = {"submission_id": "a", "expected_version": 0, "values": nested(6)}
    response = post(logged_in(keeper), "api_hands", table, json.dumps(body))
    assert response.status_code == 400
    assert "10 levels" in response.json()["error"]


def test_the_check_page_refuses_deep_and_long_games(client: Client, keeper: User) -> None:
    client.force_login(keeper)
    url = reverse("scoring:check")
    deep = client.post(url, {"game": json.dumps(nested(6))}, HTTP_ACCEPT_LANGUAGE="en")
    assert "nested too deeply" in deep.content.decode()
    long = client.post(url, {"game": '{"x": "' + "1" * 20_000 + '"}'})
    assert long.status_code == 200
    assert "game" in long.context["form"].errors


def test_score_games_refuses_a_deep_line() -> None:
    with pytest.raises(BadLine, match="nested too deeply"):
        parse_line(json.dumps(nested(6)).encode(), 1)
