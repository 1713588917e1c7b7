"""Tables of 3 at the score entry, per rule set: the seats East, South and
West (001 "Tafel van 3 spelers": "NOORD bestaat niet ... Nadat WEST aan de
beurt is geweest, verandert de ronde wind"), the rule set's 3-player rules
(003 "Drie spelers" as the NTS option three_player_two_suits; 001's payment
among three), and clear refusals: a fourth player at a table of 3, and a
table of 3 under a rule set played by 4 (004, the classic rules)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from tests.domain.conftest import make_event
from tests.scoring_entry.conftest import new_id, values_input
from tournaments.models import Event, Hand, OddTables, Registration, Table
from tournaments.services.hands import submit_hand
from tournaments.services.score_entry_page import table_state

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(request: pytest.FixtureRequest, organiser: User) -> Event:
    """Three players: one table of 3 (overrides the 8-player event); the
    rule set and its options by indirect parametrisation, NTS by default."""
    ruleset, options = getattr(request, "param", ("nts", {}))
    event, _players = make_event(3, odd_tables=OddTables.THREE, ruleset=ruleset,
                                 rule_options=options)
    event.club.organisers.add(organiser)
    return event


def seated(table: Table) -> dict[int, Registration]:
    return {seat.position: seat.registration
            for seat in table.seats.select_related("registration__member")}


def version(table: Table) -> int:
    table.refresh_from_db()
    return table.version


def test_the_table_has_three_seats(table: Table) -> None:
    assert sorted(seated(table)) == [0, 1, 2]
    assert [p["seat_wind"] for p in table_state(table)["players"]] == ["E", "S", "W"]


@pytest.mark.parametrize("event", [("hongkong", {"payment": "half_pay"})], indirect=True)
def test_a_hong_kong_table_of_three(table: Table, keeper: User) -> None:
    """001 "Tafel van 3 spelers": East, South and West deal in turn, the
    round wind changes after West has dealt; a win from a discard pays "2x
    van degene die de winnende steen aflegt en 1x van de andere speler"
    ("Puntentelling bij Hong Kong Mahjong", 3 fan: 8 and 4)."""
    players = seated(table)
    for number in range(1, 5):
        state = table_state(table)
        east = (number - 1) % 3
        assert state["east"] == east
        assert state["prevailing_wind"] == ("E" if number <= 3 else "S")
        winds = {p["position"]: p["seat_wind"] for p in state["players"]}
        assert winds == {east: "E", (east + 1) % 3: "S", (east + 2) % 3: "W"}
        winner, discarder = (east + 1) % 3, (east + 2) % 3  # South wins on West's discard
        hand, _ = submit_hand(
            table, game_input=values_input({0: 0, 1: 0, 2: 0} | {winner: 3}, winner=winner,
                                           east=None, discarder=discarder),
            submission_id=new_id(), expected_version=version(table), user=keeper)
        settlement = {score.registration_id: score.settlement for score in hand.scores.all()}
        assert settlement == {players[winner].pk: 12, players[discarder].pk: -8,
                              players[east].pk: -4}


def test_a_fourth_player_at_a_table_of_three_is_refused(table: Table, keeper: User) -> None:
    with pytest.raises(ValidationError, match="Table 1 has no player in seat 3"):
        submit_hand(table, game_input=values_input({0: 0, 1: 40, 2: 0, 3: 8}, winner=1,
                                                   east=None),
                    submission_id=new_id(), expected_version=0, user=keeper)
    assert not Hand.objects.exists()


def tiles_input(east_tiles: str) -> dict[str, Any]:
    """South wins on West's discard (seed 003's worked example at a table of
    3, with the 96 tiles)."""
    return {
        "tiles": {
            "0": {"concealed": east_tiles},
            "1": {"concealed": "234456p345678s33s"},
            "2": {"concealed": "1245899s222z",
                  "melds": [{"kind": "pung", "tiles": "666s", "open": True}]},
        },
        "winner": 1, "east": None, "winning_tile": "3s", "win_source": "discard",
        "discarder": 2, "flags": [], "dead": [],
    }


@pytest.mark.parametrize("event", [("nts", {"three_player_two_suits": True})], indirect=True)
def test_the_96_tile_game_at_an_nts_table_of_three(table: Table, keeper: User) -> None:
    """003 "Drie spelers": "slechts 3 winden en 2 soorten: Oost, Zuid en
    West, Bamboe en kringen. Met 96 stenen": a character is refused, naming
    the player and the tile; within the 96 tiles the hand settles (N13)."""
    players = seated(table)
    with pytest.raises(ValidationError) as refused:
        submit_hand(table, game_input=tiles_input("2228m4777p19s555z"),
                    submission_id=new_id(), expected_version=0, user=keeper)
    message = refused.value.messages[0]
    assert f"East ({players[0].name}): 2 of characters is not in the game at a table of 3" \
        in message
    hand, created = submit_hand(table, game_input=tiles_input("2228p4777p19s555z"),
                                submission_id=new_id(), expected_version=0, user=keeper)
    assert created
    assert {score.registration_id: score.settlement for score in hand.scores.all()} == {
        players[0].pk: -88, players[1].pk: 264, players[2].pk: -176}


@pytest.mark.parametrize("event", [("philos", {})], indirect=True)
def test_a_table_of_three_under_the_classic_rules_is_refused(table: Table,
                                                               keeper: User) -> None:
    """004 is "ein ... Gesellschaftsspiel für 4 Personen": a table of 3 that
    exists anyway (seated before the event's rules were checked) cannot
    settle a hand, and says why."""
    with pytest.raises(ValidationError, match="Klassiek Mahjong \\(Philos\\) is played by 4 "
                                              "players, not 3"):
        submit_hand(table, game_input=values_input({0: 0, 1: 40, 2: 8}, winner=1, east=None),
                    submission_id=new_id(), expected_version=0, user=keeper)
    assert not Hand.objects.exists()
