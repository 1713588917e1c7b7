"""Hands of a Philos event (classic rules, seed 004) through the services,
the API and the score-entry page: by values like NTS (every player's points,
up to the event's limit), by tiles with flowers and seasons only when the
event plays them (option flowers_seasons)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.domain.conftest import make_event
from tests.scoring_entry.conftest import (
    logged_in,
    new_id,
    nothing_saved,
    save,
    settlements,
    values_input,
)
from tournaments.models import Event, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(organiser: User) -> Event:
    """Overrides the NTS event of conftest: Philos with flowers and seasons."""
    event, _players = make_event(8, ruleset="philos", rule_options={"flowers_seasons": True})
    event.club.organisers.add(organiser)
    return event


def without_flowers(table: Table, **options: Any) -> Table:
    Event.objects.filter(pk=table.round.event_id).update(rule_options=options)
    return Table.objects.get(pk=table.pk)






def flower_hand() -> dict[str, Any]:
    """South (seat 1) self-drawn, four chows, with their own flower 2f."""
    return {
        "tiles": {"0": {"score": 0},
                  "1": {"concealed": "123m456m789m123p11s", "bonus": "2f"},
                  "2": {"score": 8}, "3": {"score": 0}},
        "winner": 1, "east": 0, "winning_tile": "1s", "win_source": "wall",
        "discarder": None, "flags": [], "dead": [],
    }


def test_by_values_like_nts(table: Table, keeper: User) -> None:
    hand = save(table, keeper, values_input({0: 0, 1: 2000, 2: 8, 3: 0}, winner=1))
    # P2 = N13: the winner is paid by all, East double; West's 8 is settled
    # among the losers.
    assert hand.result["scores"] == {"E": 0, "S": 2000, "W": 8, "N": 0}
    assert settlements(hand) == {"E": -4016, "S": 8000, "W": -1976, "N": -2008}
    assert "flags" not in hand.entry


def test_by_values_above_the_limit_is_refused(table: Table, keeper: User) -> None:
    with pytest.raises(ValidationError, match="the value 3001 is above the limit of 3000"):
        save(table, keeper, values_input({0: 0, 1: 3001, 2: 0, 3: 0}, winner=1))
    table = without_flowers(table, limit=1000)
    with pytest.raises(ValidationError, match="the value 1500 is above the limit of 1000"):
        save(table, keeper, values_input({0: 0, 1: 1500, 2: 0, 3: 0}, winner=1))
    assert nothing_saved(table)


def test_by_values_takes_no_flags(table: Table, keeper: User) -> None:
    with pytest.raises(ValidationError, match="Unknown field flags in a hand by values"):
        save(table, keeper, {**values_input({0: 0, 1: 20, 2: 0, 3: 0}, winner=1),
                             "flags": ["last_wall_tile"]})
    assert nothing_saved(table)


def test_by_tiles_with_flowers_and_seasons(table: Table, keeper: User) -> None:
    hand = save(table, keeper, flower_hand())
    breakdown = hand.result["hands"]["S"]
    assert {"rule": "flower", "points": 4, "tiles": "2f"} in breakdown["items"]
    assert {"rule": "own_flower", "doublings": 1} in breakdown["items"]
    assert breakdown["value"] == 136
    assert hand.result["scores"]["W"] == 8


def test_a_flower_is_refused_when_the_event_plays_without(table: Table, keeper: User) -> None:
    table = without_flowers(table)
    with pytest.raises(ValidationError, match=r"South \(.+\): Klassiek Mahjong \(Philos\) is "
                                              "played here without flowers and seasons"):
        save(table, keeper, flower_hand())
    assert nothing_saved(table)


def test_the_api_refuses_a_flower_without_the_option_with_400(table: Table,
                                                               keeper: User) -> None:
    table = without_flowers(table)
    response = logged_in(keeper).post(
        reverse("tournaments:api_hands", args=[table.pk]),
        data=json.dumps({"submission_id": new_id(), "expected_version": 0, **flower_hand()}),
        content_type="application/json")
    assert response.status_code == 400
    assert "played here without flowers and seasons" in response.json()["error"]
    assert nothing_saved(table)


def test_the_api_saves_a_hand_by_tiles(table: Table, keeper: User) -> None:
    response = logged_in(keeper).post(
        reverse("tournaments:api_hands", args=[table.pk]),
        data=json.dumps({"submission_id": new_id(), "expected_version": 0, **flower_hand()}),
        content_type="application/json")
    assert response.status_code == 201
    assert response.json()["hand"]["breakdown"]["S"]["value"] == 136


def page(user: User, table: Table) -> Any:
    return logged_in(user).get(reverse("tournaments:score_entry", args=[table.pk]))


def test_the_page_offers_flowers_and_seasons_with_the_option(table: Table,
                                                              keeper: User) -> None:
    response = page(keeper, table)
    content = response.content.decode()
    assert content.count('class="se-bonus-tile"') == 8
    assert [flag["name"] for flag in response.context["choices"]["flags"]] == [
        "last_wall_tile"]
    # Philos is entered by values as NTS: points per player, no fan, no pao.
    assert 'id="se-fan"' not in content and 'id="se-pao"' not in content
    assert 'id="se-false-mahjong"' not in content
    assert response.context["entry_rules"]["values"] == {
        "limit": 3000, "winner_only": False, "unit": "points", "flags": [],
        "minimum": 0, "cap": None}


def test_the_page_offers_no_flowers_without_the_option(table: Table, keeper: User) -> None:
    table = without_flowers(table, limit=1000)
    response = page(keeper, table)
    assert 'class="se-bonus-tile"' not in response.content.decode()
    assert response.context["entry_rules"]["values"]["limit"] == 1000
