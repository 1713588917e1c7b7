"""Hands of a Hong Kong event (club Fu-Hing, seed 001) through the services,
the API and the score-entry page: by values the winner's fan, who discarded,
a responsible player (pao) and a false mahjong; by tiles with seasons.
Positions 0-3 play East, South, West and North in the first hand."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scoring.engine import FALSE_MAHJONG, PAO_PREFIX, SEVEN_FIVE
from tests.domain.conftest import make_event
from tests.scoring_entry.conftest import (
    logged_in,
    new_id,
    nothing_saved,
    players,
    save,
    settlements,
    values_input,
)
from tournaments.models import Event, Hand, Table
from tournaments.services.hands import confirm_hand, correct_hand, correct_seats
from tournaments.services.score_entry_page import table_state

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(organiser: User) -> Event:
    """Overrides the NTS event of conftest: Hong Kong with its defaults
    (payment discarder_pays, minimum_fan 3)."""
    event, _players = make_event(8, ruleset="hongkong")
    event.club.organisers.add(organiser)
    return event


def fan(winner: int, fan: int, discarder: int | None = None, flags: list[str] | None = None,
        east: int = 0) -> dict[str, Any]:
    """A hand by values as the page sends it: the winner's fan, 0 for the others."""
    values = {position: fan if position == winner else 0 for position in range(4)}
    return {**values_input(values, winner, east=east, discarder=discarder),
            "flags": flags or []}






def api(client: Client, name: str, table: Table, body: Any, number: int | None = None) -> Any:
    args = [table.pk] if number is None else [table.pk, number]
    return client.post(reverse(f"tournaments:{name}", args=args), data=json.dumps(body),
                       content_type="application/json")


# --- By values --------------------------------------------------------------------


def test_a_win_on_a_discard_is_paid_by_the_discarder(table: Table, keeper: User) -> None:
    east, south, west, north = players(table)
    hand = save(table, keeper, fan(winner=1, fan=4, discarder=2))
    # Payment table "Veroorzaker betaalt": 4 fan on a discard, the discarder pays 16.
    assert settlements(hand) == {"E": 0, "S": 16, "W": -16, "N": 0}
    assert hand.result["scores"] == {"E": 0, "S": 16, "W": 0, "N": 0}
    assert (hand.winner, hand.discarder) == (south, west)
    assert hand.entry == {"kind": "values", "values": {"0": 0, "1": 4, "2": 0, "3": 0},
                          "winner": 1, "east": 0, "discarder": 2, "flags": []}
    assert hand.game["win_source"] == "discard"


def test_a_self_drawn_win_is_paid_by_everyone(table: Table, keeper: User) -> None:
    hand = save(table, keeper, fan(winner=1, fan=4))
    assert settlements(hand) == {"E": -8, "S": 24, "W": -8, "N": -8}
    assert hand.game["win_source"] == "wall"


def test_a_limit_hand_is_20_fan(table: Table, keeper: User) -> None:
    hand = save(table, keeper, fan(winner=0, fan=20))
    assert settlements(hand) == {"E": 384, "S": -128, "W": -128, "N": -128}


def test_more_than_the_limit_is_refused(table: Table, keeper: User) -> None:
    with pytest.raises(ValidationError, match="the value 21 is above the limit of 20"):
        save(table, keeper, fan(winner=0, fan=21))
    assert nothing_saved(table)


def test_the_responsible_player_pays_for_everyone(table: Table, keeper: User) -> None:
    hand = save(table, keeper, fan(winner=1, fan=20, discarder=2, flags=["pao:3"]))
    # Seat 3 (North) is responsible: pays the limit alone, the discarder nothing.
    assert settlements(hand) == {"E": 0, "S": 256, "W": 0, "N": -256}
    assert hand.entry["flags"] == ["pao:3"]
    assert hand.game["flags"] == ["pao:N"]
    assert hand.result["pao"] == "N"


def test_pao_is_given_by_seat_position_and_follows_the_winds(table: Table,
                                                              keeper: User) -> None:
    # Hand 1 won by South: the winds move on, seat 1 is East in hand 2.
    save(table, keeper, fan(winner=1, fan=4))
    hand = save(table, keeper, {**fan(winner=2, fan=20, flags=["pao:0"]), "east": None})
    # Seat 0 is North in hand 2; seat 2 (South) won self-drawn.
    assert hand.game["flags"] == ["pao:N"]
    assert settlements(hand) == {"E": 0, "S": 384, "W": 0, "N": -384}


def test_a_false_mahjong_is_paid_by_the_claimer(table: Table, keeper: User) -> None:
    hand = save(table, keeper, fan(winner=1, fan=0, flags=["false_mahjong"]))
    # Self-drawn: the claimer pays each as a self-drawn winner of the
    # "false" row would be paid (32).
    assert settlements(hand) == {"E": 32, "S": -96, "W": 32, "N": 32}
    assert hand.result["false_mahjong"] == "S"
    assert hand.winner is None  # nobody won
    # Nobody won, so East stays East.
    assert table_state(table)["east"] == 0


def test_a_false_mahjong_on_a_discard(table: Table, keeper: User) -> None:
    hand = save(table, keeper, fan(winner=1, fan=0, discarder=2, flags=["false_mahjong"]))
    assert settlements(hand) == {"E": 0, "S": -64, "W": 64, "N": 0}


def test_below_the_minimum_fan_is_refused_with_the_engines_message(table: Table,
                                                                   keeper: User) -> None:
    with pytest.raises(ValidationError, match=r"given 2 fan; a mahjong needs at least 3"):
        save(table, keeper, fan(winner=1, fan=2, discarder=2))
    assert nothing_saved(table)


@pytest.mark.parametrize(("flags", "message"), [
    (["pao:W"], "responsible player (pao) must be a seat position 0-4"),
    (["pao:1"], "cannot be responsible (pao): the responsible player is another player"),
    (["pao:0", "pao:3"], "One player is responsible (pao)"),
    (["pao:2", "false_mahjong"], "a false mahjong has no responsible player"),
    (["last_wall_tile"], "flag last_wall_tile does not change the settlement of a hand by "
                         "values"),
    ("pao:2", "Flags must be a list of names"),
], ids=["pao-by-wind", "pao-the-winner", "two-paos", "pao-and-false", "other-flag",
        "not-a-list"])
def test_bad_flags_by_values_are_refused(table: Table, keeper: User, flags: Any,
                                         message: str) -> None:
    with pytest.raises(ValidationError, match=message.replace("(", r"\(").replace(")", r"\)")):
        save(table, keeper, {**fan(winner=1, fan=20), "flags": flags})
    assert nothing_saved(table)


def test_pao_must_play_the_hand(table: Table, keeper: User) -> None:
    # No seat 4 at a table of 4.
    with pytest.raises(ValidationError, match=r"responsible player \(pao\) must be one of the "
                                              "players"):
        save(table, keeper, fan(winner=1, fan=20, flags=["pao:4"]))


def test_a_value_for_a_non_winner_is_refused_naming_the_player(table: Table,
                                                                keeper: User) -> None:
    north = players(table)[3]
    game_input = values_input({0: 0, 1: 8, 2: 0, 3: 2}, winner=1)
    with pytest.raises(ValidationError, match=f"Only the winner's fan counts in this rule set: "
                                              f"give 0 for {north.name}, not 2"):
        save(table, keeper, game_input)
    assert nothing_saved(table)


def test_a_draw(table: Table, keeper: User) -> None:
    hand = save(table, keeper, {**values_input({0: 0, 1: 0, 2: 0, 3: 0}, winner=None),
                                "flags": []})
    assert settlements(hand) == {"E": 0, "S": 0, "W": 0, "N": 0}
    assert table_state(table)["east"] == 0


def test_the_minimum_fan_is_the_events_option(table: Table, keeper: User) -> None:
    Event.objects.filter(pk=table.round.event_id).update(rule_options={"minimum_fan": 0})
    table = Table.objects.get(pk=table.pk)
    hand = save(table, keeper, fan(winner=1, fan=0, discarder=2))
    assert settlements(hand) == {"E": 0, "S": 1, "W": -1, "N": 0}


# --- By tiles ---------------------------------------------------------------------


def seasons_hand(**changes: Any) -> dict[str, Any]:
    """South (seat 1) self-drawn with four chows, their own main season and
    West's flower: concealed, self-drawn, all chows, own main season, 4 fan."""
    return {
        "tiles": {"0": {"score": 0},
                  "1": {"concealed": "123m456m789m123p11s", "bonus": "2j3f"},
                  "2": {"score": 0}, "3": {"score": 0}},
        "winner": 1, "east": 0, "winning_tile": "1s", "win_source": "wall",
        "discarder": None, "flags": [], "dead": [], **changes,
    }


def test_by_tiles_with_seasons(table: Table, keeper: User) -> None:
    hand = save(table, keeper, seasons_hand())
    breakdown = hand.result["hands"]["S"]
    assert breakdown["value"] == 4
    assert [item["rule"] for item in breakdown["items"]] == [
        "concealed_hand", "self_drawn", "all_chows", "own_main_season"]
    assert settlements(hand) == {"E": -8, "S": 24, "W": -8, "N": -8}


def test_by_tiles_pao_and_flags_are_by_position(table: Table, keeper: User) -> None:
    """001 PAO-Spel, H8: three great dragons with two dragon pungs open on
    the table, won on West's (seat 2) red dragon: West pays for all."""
    hand = save(table, keeper, seasons_hand(
        tiles={"0": {"score": 0},
               "1": {"concealed": "777z234s55p", "melds": [
                   {"kind": "pung", "tiles": "555z"}, {"kind": "pung", "tiles": "666z"}]},
               "2": {"score": 0}, "3": {"score": 0}},
        winning_tile="7z", win_source="discard", discarder=2, flags=["pao:2"]))
    assert hand.game["flags"] == ["pao:W"]
    assert hand.result["hands"]["S"]["limit"] == "three_great_dragons"
    assert settlements(hand)["W"] == -settlements(hand)["S"] < 0
    assert settlements(hand)["E"] == settlements(hand)["N"] == 0


def test_by_tiles_pao_on_a_concealed_hand_is_refused(table: Table, keeper: User) -> None:
    """H8: a concealed nine gates is nobody's doing, so nobody pays for all."""
    with pytest.raises(ValidationError, match=r"hand of South \(.+\) \(Nine gates\)"):
        save(table, keeper, seasons_hand(
            tiles={"0": {"score": 0}, "1": {"concealed": "11123456789999s"},
                   "2": {"score": 0}, "3": {"score": 0}},
            winning_tile="5s", flags=["pao:2"]))
    assert nothing_saved(table)


def test_by_tiles_a_seasons_tile_twice_is_refused(table: Table, keeper: User) -> None:
    game_input = seasons_hand()
    game_input["tiles"]["3"] = {"concealed": "1112223334445z", "bonus": "2j"}
    with pytest.raises(ValidationError, match="bonus tile 2j is also with South"):
        save(table, keeper, game_input)
    assert nothing_saved(table)


# --- Corrections, seats, confirmation, history ---------------------------------


def test_a_correction_with_pao_round_trips(table: Table, keeper: User) -> None:
    save(table, keeper, fan(winner=1, fan=6, discarder=2))
    client = logged_in(keeper)
    body = {**fan(winner=1, fan=20, discarder=2, flags=["pao:3"]), "east": None}
    preview = api(client, "api_preview", table, {**body, "hand": 1})
    assert preview.status_code == 200
    assert preview.json()["result"]["pao"] == "N"
    response = api(client, "api_hand_correct", table, {**body, "expected_version": 1},
                   number=1)
    assert response.status_code == 200
    entry = response.json()["hand"]["entry"]
    # The page refills its form from the entry: as entered, pao by position.
    assert entry == {"kind": "values", "values": {"0": 0, "1": 20, "2": 0, "3": 0},
                     "winner": 1, "east": 0, "discarder": 2, "flags": ["pao:3"]}
    hand = Hand.objects.get()
    assert settlements(hand) == {"E": 0, "S": 256, "W": 0, "N": -256}
    history = client.get(reverse("tournaments:api_history", args=[table.pk])).json()
    assert [change["action"] for change in history["changes"]] == ["corrected", "created"]
    # Saving the entry as it came back changes nothing but the version.
    resent = {key: value for key, value in entry.items() if key != "kind"}
    again = correct_hand(hand, game_input=resent, expected_version=2, user=keeper)
    assert again.entry == entry


def test_a_seat_correction_moves_the_responsible_player(table: Table, keeper: User) -> None:
    north = players(table)[3]
    save(table, keeper, fan(winner=1, fan=20, discarder=2, flags=["pao:3"]))
    # Seats 2 and 3 swapped: the responsible player (North) really sat in seat 2, as West.
    correct_seats(table, positions={2: 3, 3: 2}, user=keeper)
    hand = Hand.objects.get()
    assert hand.entry["flags"] == ["pao:2"]
    assert hand.entry["discarder"] == 3
    assert hand.game["flags"] == ["pao:W"]
    assert {score.registration_id: score.settlement for score in hand.scores.all()}[
        north.pk] == -256


def test_a_false_mahjong_has_no_winner_in_the_history(table: Table, keeper: User) -> None:
    save(table, keeper, fan(winner=1, fan=0, flags=["false_mahjong"]))
    history = logged_in(keeper).get(reverse("tournaments:api_history", args=[table.pk])).json()
    assert history["changes"][0]["winner"] == {"new": None}


def test_a_second_person_confirms(event: Event, table: Table, keeper: User,
                                  table_keeper: User) -> None:
    Event.objects.filter(pk=event.pk).update(requires_confirmation=True)
    hand = save(table, keeper, fan(winner=1, fan=20, discarder=2, flags=["pao:3"]))
    assert confirm_hand(hand, table_keeper).confirmed_at is not None


# --- The API ----------------------------------------------------------------------


def test_the_api_saves_a_hand_with_pao(table: Table, keeper: User) -> None:
    east, south, west, north = players(table)
    response = api(logged_in(keeper), "api_hands", table, {
        "submission_id": new_id(), "expected_version": 0,
        **fan(winner=1, fan=20, discarder=2, flags=["pao:3"])})
    assert response.status_code == 201
    assert {p["name"]: p["settlement"] for p in response.json()["hand"]["players"]} == {
        east.name: 0, south.name: 256, west.name: 0, north.name: -256}


@pytest.mark.parametrize(("body", "message"), [
    (fan(winner=1, fan=2, discarder=2), "a mahjong needs at least 3"),
    (fan(winner=1, fan=20, flags=["pao:N"]), "responsible player (pao) must be a seat"),
    ({**fan(winner=1, fan=20), "flags": {"pao": 3}}, "Flags must be a list"),
    (values_input({0: 0, 1: 8, 2: 4, 3: 0}, winner=1), "give 0 for"),
    (fan(winner=1, fan=-1), "negative"),
], ids=["below-minimum", "pao-by-wind", "flags-not-a-list", "non-winner-value", "negative"])
def test_the_api_refuses_bad_hands_with_400(table: Table, keeper: User, body: Any,
                                            message: str) -> None:
    response = api(logged_in(keeper), "api_hands", table,
                   {"submission_id": new_id(), "expected_version": 0, **body})
    assert response.status_code == 400
    assert message in response.json()["error"]
    assert nothing_saved(table)


# --- The page ---------------------------------------------------------------------


def test_the_page_offers_fan_pao_false_mahjong_and_seasons(table: Table, keeper: User) -> None:
    response = logged_in(keeper).get(reverse("tournaments:score_entry", args=[table.pk]))
    content = response.content.decode()
    assert 'id="se-fan"' in content and 'data-limit="20"' in content
    assert "Limit (20 fan)" in content
    # One control for the responsible player, not a checkbox per wind.
    assert 'id="se-pao"' in content and 'value="pao:' not in content
    assert 'id="se-false-mahjong"' in content
    flags = ["last_wall_tile", "kong_on_kong", "heavenly", "earthly", "moon_eats_cake",
             "seven_five"]
    assert [flag["name"] for flag in response.context["choices"]["flags"]] == flags
    assert content.count('name="flag"') == len(flags)
    assert content.count('class="se-bonus-tile"') == 8
    rules = response.context["entry_rules"]
    assert rules["values"] == {"limit": 20, "winner_only": True, "unit": "fan",
                               "flags": ["false_mahjong", "pao", "seven_five"],
                               "minimum": 3, "cap": 10}
    # The script spells no flag word: it gets the engine's (flags.js useWords).
    assert rules["words"] == {"pao_prefix": PAO_PREFIX, "false_mahjong": FALSE_MAHJONG,
                              "seven_five": SEVEN_FIVE}


@pytest.mark.parametrize(("minimum_fan", "hint"), [
    (3, "A mahjong needs at least 3 fan."),
    (5, "A mahjong needs at least 5 fan."),
    (0, "Any fan wins (no minimum)."),
], ids=["default", "five", "chicken"])
def test_the_fan_hint_gives_the_events_minimum(table: Table, keeper: User, minimum_fan: int,
                                               hint: str) -> None:
    """H2 (001 "Toelichting bij deze puntentelling"): a winner with fewer fan
    than the event's minimum_fan has a false mahjong, and more than 10 fan
    pays as 10; the hint said "0 to 10 fan" whatever the minimum."""
    event = table.round.event
    event.rule_options = {"minimum_fan": minimum_fan}
    event.save(update_fields=["rule_options"])
    content = logged_in(keeper).get(
        reverse("tournaments:score_entry", args=[table.pk])).content.decode()
    assert hint in content
    # Said in the hint; the field is text with a numeric keypad (no min/max to enforce).
    assert 'id="se-fan" type="text" inputmode="numeric"' in content
    assert "More than 10 fan pays as 10." in content
    assert "0 to 10" not in content


def test_the_dutch_fan_hint(table: Table, keeper: User) -> None:
    with translation.override("nl"):
        url = reverse("tournaments:score_entry", args=[table.pk])
    content = logged_in(keeper).get(url).content.decode()
    assert "Een mahjong heeft minstens 3 fan nodig." in content
    assert "Een limietspel is 20 fan." in content


def test_the_organisers_table_page_says_only_the_winners_fan_counts(table: Table,
                                                                   organiser: User) -> None:
    page = logged_in(organiser).get(
        f"/en/rounds/{table.round_id}/tables/{table.pk}/").content.decode()
    assert "Only the winner&#x27;s fan count: 0 for the others." in page


def test_the_organisers_table_page_names_the_stored_amount_as_score_entry_does(
        table: Table, keeper: User, organiser: User) -> None:
    """A hand given in fan is kept as the amount it pays: the table page said
    "value" for what the score-entry page calls "amount"."""
    save(table, keeper, fan(winner=1, fan=4, discarder=2))
    page = logged_in(organiser).get(
        f"/en/rounds/{table.round_id}/tables/{table.pk}/").content.decode()
    assert "Hands entered at this table: amount and settlement per player" in page
    assert "seat wind, amount and settlement before → after" in page
    assert "value and settlement" not in page
