"""The round of the green dragon at the score entry (seed 003, issue 14).

003 "Drie spelers": "Nadat de oorspronkelijke West Oost is geweest volgt de
ronde van de groene draak. De winnaar van het laatste spel werpt met twee
dobbelstenen. Zijn worp bepaalt ... welke speler heersend is tijdens het
vierde spel. Deze speler betaalt en ontvangt dubbel. In deze ronde is er geen
heersende wind, maar een heersende draak, de groene draak." The score entry
proposes the next East; the scorekeeper gives the East the dice chose.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.domain.conftest import make_event
from tests.scoring_entry.conftest import new_id, values_input
from tournaments.models import Event, OddTables, Table
from tournaments.services.hands import submit_hand
from tournaments.services.score_entry_page import table_state

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(request: pytest.FixtureRequest, organiser: User) -> Event:
    """One NTS table of 3, the 003 variant (three_player_two_suits) by
    default; or a table of 5 with the options given (indirect parameter)."""
    players, options = getattr(request, "param", (3, {}))
    extra = {"odd_tables": OddTables.THREE} if players == 3 else {}
    event, _players = make_event(players, ruleset="nts", rule_options=options, **extra)
    event.club.organisers.add(organiser)
    return event


def version(table: Table) -> int:
    table.refresh_from_db()
    return table.version


def submit(table: Table, user: User, game_input: dict[str, Any]) -> Any:
    hand, _ = submit_hand(table, game_input=game_input, submission_id=new_id(),
                          expected_version=version(table), user=user)
    return hand


def test_a_table_of_three_plays_the_green_dragon_round_after_west(
        table: Table, keeper: User) -> None:
    """E, S, W (three hands each, the winds moving on after every hand) and
    then G; East of the G round is the dice's: the scorekeeper changes the
    East proposed, and a pung of green dragons doubles once more (003)."""
    winds = []
    for _number in range(9):
        state = table_state(table)
        winds.append(state["prevailing_wind"])
        east = state["east"]
        winner = (east + 1) % 3
        submit(table, keeper, values_input({0: 0, 1: 0, 2: 0} | {winner: 40}, winner=winner,
                                           east=None))
    assert winds == list("EEESSSWWW")
    state = table_state(table)
    assert state["prevailing_wind"] == "G"
    assert state["east"] == 0  # proposed: the next in turn
    # The dice chose seat 2 as East ("heersend") of the green dragon's round.
    game_input = {
        "tiles": {"0": {"score": 0}, "1": {"score": 0},
                  "2": {"concealed": "123p456p789s99p",
                        "melds": [{"kind": "pung", "tiles": "666z", "open": True}]}},
        "winner": 2, "east": 2, "winning_tile": "9p", "win_source": "discard",
        "discarder": 0, "flags": [], "dead": [],
    }
    hand = submit(table, keeper, game_input)
    assert hand.game["prevailing_wind"] == "G"
    assert hand.game["players"]["E"]["concealed"] == "123p456p789s99p"
    rules = [item["rule"] for item in hand.result["hands"]["E"]["items"]]
    assert "pung_prevailing_dragon" in rules
    # East wins 112 and receives double from both others (N13).
    assert hand.result["settlement"]["E"] == 448
    # The round goes round from the dice's East: seat 0, then seat 1, then East's round.
    state = table_state(table)
    assert (state["east"], state["prevailing_wind"]) == (0, "G")


@pytest.mark.parametrize("event", [(5, {"five_player_green_dragon_round": True}),
                                   (5, {})], indirect=True)
def test_a_table_of_five_plays_the_green_dragon_round_with_the_option(
        event: Event, table: Table, keeper: User) -> None:
    """003 Vijf spelers: "Eventueel kan een vijfde ronde worden gespeeld, de
    ronde van de groene draak": after North's round G with the option
    five_player_green_dragon_round, East's round again without it."""
    option = bool(event.rule_options.get("five_player_green_dragon_round"))
    winds = []
    for _number in range(21):
        state = table_state(table)
        winds.append(state["prevailing_wind"])
        playing = [p["position"] for p in state["players"] if p["seat_wind"]]
        winner = playing[1]
        submit(table, keeper, values_input({p: 0 for p in playing} | {winner: 40},
                                           winner=winner, east=None))
    assert winds == list("EEEEESSSSSWWWWWNNNNN" + ("G" if option else "E"))
    hand = table.hands.order_by("number").last()
    assert hand is not None
    assert hand.game["prevailing_wind"] == ("G" if option else "E")
