"""The deal order at the score entry, and what the exports show of it, per
rule set: the classic rules play rounds of 4 games, each with its own
prevailing wind (004 §2.1, §5; decision P3 revised); a Hong Kong table of 3
plays the rounds East, South and West (001 "Tafel van 3 spelers", H9). The
engine's deal (scoring/engine/deal.py) is tested in tests/engine/test_deal.py."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from exports.excel import hand_log
from tests.domain.conftest import make_event
from tests.scoring_entry.conftest import new_id, values_input
from tournaments.models import Event, OddTables, Table
from tournaments.services.hands import submit_hand
from tournaments.services.score_entry_page import table_state

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(request: pytest.FixtureRequest, organiser: User) -> Event:
    """One table of the parametrised rule set and size (4: classic)."""
    ruleset, players = getattr(request, "param", ("philos", 4))
    fields = {"odd_tables": OddTables.THREE} if players == 3 else {}
    event, _players = make_event(players, ruleset=ruleset, **fields)
    event.club.organisers.add(organiser)
    return event


def enter(table: Table, keeper: User, outcomes: str) -> list[tuple[int, str, dict[int, str]]]:
    """Enter one hand per letter ("E": East wins, "x": the player after East
    wins, "-": a draw), each time with the East the page offers. Returns the
    page's (East, prevailing wind, winds) before each hand, and after the last."""
    offered = []
    for outcome in outcomes + ".":
        table.refresh_from_db()
        state = table_state(table)
        winds = {p["position"]: p["seat_wind"] for p in state["players"] if p["seat_wind"]}
        offered.append((state["east"], state["prevailing_wind"], winds))
        if outcome == ".":
            break
        east = state["east"]
        winner = {"E": east, "x": (east + 1) % len(winds), "-": None}[outcome]
        fan_based = table.round.event.ruleset == "hongkong"
        values = {p: 0 for p in winds}
        if winner is not None:
            values[winner] = 3 if fan_based else 40
        submit_hand(table, game_input=values_input(values, winner=winner, east=None),
                    submission_id=new_id(), expected_version=state["version"], user=keeper)
    return offered


def test_philos_score_entry_offers_east_for_the_whole_round(table: Table, keeper: User) -> None:
    """004 §2.1: "Der Ostwind ist jetzt der Spielleiter für 4 Spiele, das ist
    eine Runde ... Nach dem Ende einer Spielrunde wechseln die Winde im
    Uhrzeigersinn. Südwind wird dann neuer Ostwind"; each round its
    prevailing wind (P3 revised). Four games won by others, then a round
    where East wins the first game and loses the second (ended: 2 games)."""
    offered = enter(table, keeper, "xxxx" "Ex")
    assert [(east, wind) for east, wind, _ in offered] == [
        (0, "E"), (0, "E"), (0, "E"), (0, "E"), (1, "S"), (1, "S"), (2, "W")]
    # The seat winds the page offers follow East: South (seat 1) is East in
    # the South round, seat 0 North.
    assert offered[4][2] == {1: "E", 2: "S", 3: "W", 0: "N"}
    # What was saved, as the hand log export shows it.
    lines = hand_log.collect(table.round.event).hands
    assert [line.prevailing_wind for line in lines] == list("EEEESS")
    assert [line.players[0].seat_wind for line in lines if line.players[0]] == list("EEEENN")


@pytest.mark.parametrize("event", [("hongkong", 3)], indirect=True)
def test_hong_kong_table_of_three_goes_from_the_west_round_to_the_east_round(
        table: Table, keeper: User) -> None:
    """001 "Tafel van 3 spelers": "De speelronde is dan ook: OOST, ZUID en
    WEST. Nadat WEST aan de beurt is geweest, verandert de ronde wind" (H9):
    no North round, no North seat; East stays East on its win (H4)."""
    offered = enter(table, keeper, "xxx" "xxx" "xExx")
    assert [(east, wind) for east, wind, _ in offered] == [
        (0, "E"), (1, "E"), (2, "E"), (0, "S"), (1, "S"), (2, "S"),
        (0, "W"), (1, "W"), (1, "W"), (2, "W"), (0, "E")]
    assert all(set(winds.values()) == {"E", "S", "W"} for _, _, winds in offered)
    lines = hand_log.collect(table.round.event).hands
    assert "N" not in {line.prevailing_wind for line in lines}
