"""Tables of 5: who sits out each hand follows the schedule of the event's
rule set (tournaments.seating.five_player_schedule, positions A..E = 0..4).
Hong Kong plays seed 001's "Schema bij een tafel van 5 spelers":

    hand 1: E S W N = 0 1 2 3, 4 sits out      hand 4: 4 3 0 2, 1 sits out
    hand 2:           1 2 4 0, 3 sits out      hand 5: 3 0 1 4, 2 sits out
    hand 3:           2 4 3 1, 0 sits out      hand 6: as hand 1, and so on

NTS (and the classic rules) the dreamer of seed 003 "Vijf spelers": East
sits the next hand out and the one who sat out comes back as North:

    hand 1: E S W N = 0 1 2 3, 4 sits out      hand 4: 3 4 0 1, 2 sits out
    hand 2:           1 2 3 4, 0 sits out      hand 5: 4 0 1 2, 3 sits out
    hand 3:           2 3 4 0, 1 sits out      hand 6: as hand 1, and so on

The player who sits out gets no score for the hand (no HandScore), every
hand settles to zero, the prevailing wind moves on after every 5 hands
(each player has been East once), and closing the round gives table points
for 5 that keep the 4-player average (4-2-1-0: 4, 2.5, 1.5, 0.75, 0). The
tests without a rule set of their own play the default event (NTS)."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from tests.domain.conftest import make_event
from tests.scoring_entry.conftest import new_id, values_input
from tournaments.models import Event, Hand, HandScore, Registration, Table, TableResult
from tournaments.seating import five_player_schedule
from tournaments.services.hands import correct_seats, submit_hand
from tournaments.services.rounds import close_round
from tournaments.services.score_entry_page import table_state

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(request: pytest.FixtureRequest, organiser: User) -> Event:
    """Five players: one table of 5 (overrides the 8-player event); the rule
    set by indirect parametrisation, NTS by default."""
    event, _players = make_event(5, ruleset=getattr(request, "param", "nts"))
    event.club.organisers.add(organiser)
    return event


def seated(table: Table) -> dict[int, Registration]:
    return {seat.position: seat.registration
            for seat in table.seats.select_related("registration__member")}


def schedule(table: Table, number: int) -> tuple[list[int], int]:
    """Hand `number` (1-based) by the schedule of the table's rule set: the
    positions playing E S W N, and who sits out."""
    row = five_player_schedule(table.round.event.ruleset)[(number - 1) % 5]
    return list(row[:4]), row[4]


def row_without(table: Table, out: int) -> int:
    """The index of the row of the table's schedule in which `out` sits out."""
    rows = five_player_schedule(table.round.event.ruleset)
    return next(index for index, row in enumerate(rows) if row[4] == out)


def version(table: Table) -> int:
    table.refresh_from_db()
    return table.version


def values_for(table: Table, number: int) -> tuple[dict[int, int], int]:
    """Values for hand `number`: a different winner and values each hand."""
    playing, _out = schedule(table, number)
    winner = playing[number % 4]
    values = {position: 2 * ((number + index) % 3) for index, position in enumerate(playing)}
    values[winner] = 20 + 4 * number
    return values, winner


def client_for(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_table_has_five_seats(table: Table) -> None:
    assert sorted(seated(table)) == [0, 1, 2, 3, 4]


def test_ten_hands_follow_the_schedule(table: Table, keeper: User) -> None:
    players = seated(table)
    for number in range(1, 11):
        playing, out = schedule(table, number)
        state = table_state(table)
        assert state["hand_number"] == number
        assert state["east"] == playing[0]
        assert {p["position"]: p["seat_wind"] for p in state["players"]} == {
            **dict(zip(playing, "ESWN", strict=True)), out: None}
        assert state["prevailing_wind"] == ("E" if number <= 5 else "S")
        values, winner = values_for(table, number)
        # East is not given: the page leaves it to the rotation.
        hand, created = submit_hand(
            table, game_input=values_input(values, winner=winner, east=None),
            submission_id=new_id(), expected_version=version(table), user=keeper)
        assert created and hand.number == number
        scores = {score.registration_id: score for score in hand.scores.all()}
        assert set(scores) == {players[position].pk for position in playing}
        assert players[out].pk not in scores
        assert [scores[players[position].pk].seat_wind for position in playing] == list("ESWN")
        assert sum(score.settlement for score in scores.values()) == 0
        assert hand.game["prevailing_wind"] == ("E" if number <= 5 else "S")
    # Over one cycle every player was East once and sat out once.
    hands = Hand.objects.filter(table=table, number__lte=5)
    easts = HandScore.objects.filter(hand__in=hands, seat_wind="E")
    assert sorted(easts.values_list("registration_id", flat=True)) == sorted(
        registration.pk for registration in players.values())
    for registration in players.values():
        assert HandScore.objects.filter(hand__in=hands, registration=registration).count() == 4


def test_the_four_players_must_be_the_ones_the_schedule_lets_play(table: Table,
                                                                  keeper: User) -> None:
    players = seated(table)
    # Hand 1: seat 4 sits out, not seat 0.
    with pytest.raises(ValidationError, match=f"{players[4].name} sits out this hand"):
        submit_hand(table, game_input=values_input({1: 20, 2: 0, 3: 0, 4: 0}, winner=1,
                                                   east=None),
                    submission_id=new_id(), expected_version=0, user=keeper)
    with pytest.raises(ValidationError, match="give the values of the 4 players"):
        submit_hand(table, game_input=values_input({0: 20, 1: 0, 2: 0, 3: 0, 4: 0}, winner=0,
                                                   east=None),
                    submission_id=new_id(), expected_version=0, user=keeper)
    # Given East must be the one of whoever sits out (D out: by the schedule,
    # B is East at Hong Kong, E at NTS).
    d_out = five_player_schedule(table.round.event.ruleset)[row_without(table, 3)]
    wrong = next(position for position in d_out[:4] if position != d_out[0])
    with pytest.raises(ValidationError, match=f"When {players[3].name} sits out, "
                                              f"{players[d_out[0]].name} is East"):
        submit_hand(table, game_input=values_input({0: 20, 1: 0, 2: 0, 4: 0}, winner=0,
                                                   east=wrong),
                    submission_id=new_id(), expected_version=0, user=keeper)
    assert not Hand.objects.exists() and version(table) == 0


def test_an_explicit_east_may_record_a_table_that_rotated_otherwise(table: Table,
                                                                     keeper: User) -> None:
    """A table that let D sit out first is recorded as it played, with the
    winds of that row of the schedule; the next hand follows on from the
    row the table played (scoring.engine.deal.next_deal)."""
    players = seated(table)
    index = row_without(table, 3)
    playing, _out = schedule(table, index + 1)
    hand, _ = submit_hand(table, game_input=values_input({0: 0, 1: 20, 2: 0, 4: 0}, winner=1,
                                                         east=playing[0]),
                          submission_id=new_id(), expected_version=0, user=keeper)
    assert {score.registration_id: score.seat_wind for score in hand.scores.all()} == {
        players[position].pk: wind for position, wind in zip(playing, "ESWN", strict=True)}
    table.refresh_from_db()
    state = table_state(table)
    assert state["east"] == schedule(table, index + 2)[0][0]
    assert state["prevailing_wind"] == "E"  # one hand played: the round goes on


@pytest.mark.parametrize("event", ["hongkong"], indirect=True)
def test_an_explicit_east_at_a_hong_kong_table(table: Table, keeper: User) -> None:
    """001 "Schema bij een tafel van 5 spelers", spel 2: D sits out, B is
    East, and the fifth player E plays West."""
    players = seated(table)
    hand, _ = submit_hand(table, game_input=values_input({0: 0, 1: 5, 2: 0, 4: 0}, winner=1,
                                                         east=1),
                          submission_id=new_id(), expected_version=0, user=keeper)
    assert {score.registration_id: score.seat_wind for score in hand.scores.all()} == {
        players[1].pk: "E", players[2].pk: "S", players[4].pk: "W", players[0].pk: "N"}
    table.refresh_from_db()
    assert table_state(table)["east"] == 2  # spel 3: C is East


def test_hands_through_the_api(table: Table, keeper: User) -> None:
    client = client_for(keeper)
    players = seated(table)
    for number in range(1, 6):
        playing, out = schedule(table, number)
        state = client.get(reverse("tournaments:api_table", args=[table.pk])).json()
        assert [p["position"] for p in state["players"] if p["seat_wind"] is None] == [out]
        values, winner = values_for(table, number)
        response = client.post(
            reverse("tournaments:api_hands", args=[table.pk]),
            data=json.dumps({"submission_id": new_id(), "expected_version": state["version"],
                             **values_input(values, winner=winner, east=None)}),
            content_type="application/json")
        assert response.status_code == 201, response.content
        hand: dict[str, Any] = response.json()["hand"]
        assert hand["number"] == number
        assert {p["registration"]: p["seat_wind"] for p in hand["players"]} == {
            players[position].pk: wind for position, wind in zip(playing, "ESWN", strict=True)}
        assert sum(p["settlement"] for p in hand["players"]) == 0
    # A value for the player sitting out (hand 6: seat 4) is refused, nothing saved.
    response = client.post(
        reverse("tournaments:api_hands", args=[table.pk]),
        data=json.dumps({"submission_id": new_id(), "expected_version": 5,
                         **values_input({1: 0, 2: 0, 3: 0, 4: 20}, winner=4, east=None)}),
        content_type="application/json")
    assert response.status_code == 400
    assert f"{players[4].name} sits out this hand" in response.json()["error"]
    assert Hand.objects.count() == 5


@pytest.mark.parametrize(("scheme", "points"), [
    ("4-2-1-0", ["4", "2.5", "1.5", "0.75", "0"]),
    ("4-2-1-0.5", ["4", "2.5", "1.5", "0.875", "0.5"]),
])
def test_table_points_for_five_at_close(event: Event, table: Table, keeper: User,
                                        scheme: str, points: list[str]) -> None:
    Event.objects.filter(pk=event.pk).update(table_point_scheme=scheme)
    players = seated(table)
    # Hand 1, seat 4 sits out: South (seat 1) wins 40 self-drawn, North holds 8:
    # E -96, S +160, W -48, N -16 and the fifth player 0.
    submit_hand(table, game_input=values_input({0: 0, 1: 40, 2: 0, 3: 8}, winner=1, east=None),
                submission_id=new_id(), expected_version=0, user=keeper)
    close_round(table.round)
    results = {result.registration_id: result for result in TableResult.objects.filter(
        table=table)}
    assert len(results) == 5
    order = [1, 4, 3, 2, 0]
    assert [results[players[p].pk].score for p in order] == [160, 0, -16, -48, -96]
    assert [results[players[p].pk].rank for p in order] == [1, 2, 3, 4, 5]
    assert [results[players[p].pk].table_points for p in order] == [Decimal(v) for v in points]
    # The 4-player average per player: 7 / 4 (4-2-1-0), 7.5 / 4 (4-2-1-0.5).
    average = Decimal("1.75") if scheme == "4-2-1-0" else Decimal("1.875")
    assert sum(result.table_points for result in results.values()) == 5 * average


def test_a_seat_correction_at_a_table_of_five(table: Table, keeper: User) -> None:
    players = seated(table)
    submit_hand(table, game_input=values_input({0: 0, 1: 40, 2: 0, 3: 8}, winner=1, east=None),
                submission_id=new_id(), expected_version=0, user=keeper)
    # Seats 0 and 1 were the other way round: the winner sat East.
    correct_seats(table, positions={0: 1, 1: 0}, user=keeper, expected_version=1)
    hand = Hand.objects.get(table=table)
    scores = {score.registration_id: (score.seat_wind, score.settlement)
              for score in hand.scores.all()}
    assert scores == {players[1].pk: ("E", 240), players[0].pk: ("S", -88),
                      players[2].pk: ("W", -88), players[3].pk: ("N", -64)}
    assert players[4].pk not in scores


def test_the_score_entry_page_shows_who_sits_out(table: Table, keeper: User) -> None:
    players = seated(table)
    client = client_for(keeper)
    url = reverse("tournaments:score_entry", args=[table.pk])
    response = client.get(url)
    assert response.status_code == 200
    page = response.content.decode()
    for registration in players.values():
        assert registration.name in page
    out = [p for p in response.context["state"]["players"] if p["seat_wind"] is None]
    assert [(p["position"], p["name"]) for p in out] == [(4, players[4].name)]
    submit_hand(table, game_input=values_input({0: 0, 1: 40, 2: 0, 3: 8}, winner=1, east=None),
                submission_id=new_id(), expected_version=0, user=keeper)
    response = client.get(url)
    assert response.status_code == 200
    out = [p for p in response.context["state"]["players"] if p["seat_wind"] is None]
    assert [p["position"] for p in out] == [schedule(table, 2)[1]]


def test_the_organisers_table_page_at_a_table_of_five(table: Table, organiser: User) -> None:
    players = seated(table)
    client = client_for(organiser)
    url = reverse("tournaments:table", args=[table.round_id, table.pk])
    page = client.get(url).content.decode()
    assert "Fifth player" in page and players[4].name in page
    # Hand 1 by values, the fifth player's value left empty: they sit out.
    response = client.post(url, {"value_0": "0", "value_1": "40", "value_2": "0",
                                 "value_3": "8", "value_4": "", "winner": "1", "east": "0",
                                 "discarder": ""})
    assert response.status_code == 302
    hand = Hand.objects.get(table=table)
    assert players[4].pk not in set(hand.scores.values_list("registration_id", flat=True))
    # Hand 2 with East not matching who sits out is refused with the schedule.
    response = client.post(url, {"value_0": "0", "value_1": "40", "value_2": "0",
                                 "value_3": "8", "value_4": "", "winner": "1", "east": "1",
                                 "discarder": ""})
    assert response.status_code == 400
    assert (f"When {players[4].name} sits out, {players[0].name} is East (rotation schedule "
            "for 5 players).") in response.content.decode()
    # Hand 2 as scheduled (NTS, the dreamer: seat 0 sits out, seat 1 is East).
    playing, out = schedule(table, 2)
    assert (playing[0], out) == (1, 0)
    values = {f"value_{position}": "8" for position in playing} | {f"value_{out}": ""}
    response = client.post(url, {**values, "value_1": "40", "winner": "1", "east": "1",
                                 "discarder": ""})
    assert response.status_code == 302
    assert Hand.objects.filter(table=table).count() == 2


# The schedules as the seeds give them, one row per hand: the players E S W N,
# then who sits out (players A..E = seat positions 0..4).
SEED_001 = ("ABCD E", "BCEA D", "CEDB A", "EDAC B", "DABE C")  # "Schema bij een tafel van 5"
DREAMER_003 = ("ABCD E", "BCDE A", "CDEA B", "DEAB C", "EABC D")  # "Vijf spelers"
WINNING = {"hongkong": 5, "nts": 40, "philos": 40}  # the winner's value (fan, points)
LOSING = {"hongkong": 0, "nts": 8, "philos": 8}


@pytest.mark.parametrize(("event", "rows"), [
    ("hongkong", SEED_001), ("nts", DREAMER_003), ("philos", DREAMER_003),
], indirect=["event"])
def test_a_table_of_five_follows_its_rule_sets_schedule(event: Event, table: Table,
                                                        keeper: User, rows: tuple[str]) -> None:
    """Hong Kong: seed 001 "Schema bij een tafel van 5 spelers", and "Oost
    blijft Oost": "Uitzondering: bij het spelen met 5 spelers, gaat de
    Oostenwind wel verder bij zowel remise als bij het winnen van Oost".
    NTS: seed 003 "Vijf spelers" (the NTS write-up): "Als dit spel is
    afgelopen of wanneer het remise is, wordt Oost de nieuwe dromer en wordt
    de oude dromer Noord"; "Een ronde is gespeeld wanneer iedere speler Oost
    is geweest". Classic: seed 004 is for 4 players, so the general
    convention (the dreamer). East wins, draws and other wins alike move the
    table on; the one who sits out has no score."""
    Event.objects.filter(pk=event.pk).update(rule_options=(
        {"east_stays": True} if event.ruleset == "nts" else {}))  # N1: no effect at 5
    players = seated(table)
    for number in range(1, 11):
        row = rows[(number - 1) % 5]
        playing = ["ABCDE".index(letter) for letter in row[:4]]
        out = "ABCDE".index(row[-1])
        state = table_state(table)
        assert state["east"] == playing[0]
        assert {p["position"]: p["seat_wind"] for p in state["players"]} == {
            **dict(zip(playing, "ESWN", strict=True)), out: None}
        assert state["prevailing_wind"] == ("E" if number <= 5 else "S")
        winner = (None, playing[0], playing[2])[number % 3]  # a draw, East wins, West wins
        values = {position: (WINNING[event.ruleset] if position == winner
                             else LOSING[event.ruleset] if winner is not None else 0)
                  for position in playing}
        hand, created = submit_hand(
            table, game_input=values_input(values, winner=winner, east=None),
            submission_id=new_id(), expected_version=version(table), user=keeper)
        assert created
        scores = {score.registration_id: score for score in hand.scores.all()}
        assert set(scores) == {players[position].pk for position in playing}
        assert sum(score.settlement for score in scores.values()) == 0
    hands = Hand.objects.filter(table=table, number__lte=5)
    for registration in players.values():  # each player East once, out once
        assert HandScore.objects.filter(hand__in=hands, registration=registration,
                                        seat_wind="E").count() == 1
        assert HandScore.objects.filter(hand__in=hands, registration=registration).count() == 4


@pytest.mark.parametrize("event", ["hongkong"], indirect=True)
def test_a_seat_correction_keeps_hong_kongs_schedule(table: Table, keeper: User) -> None:
    """001 "Schema bij een tafel van 5 spelers": a seat correction re-reads
    each hand by the row in which the seat that sat out sits out."""
    players = seated(table)
    for values, winner in (({0: 0, 1: 0, 2: 0, 3: 5}, 3), ({1: 0, 2: 0, 4: 0, 0: 5}, 0)):
        submit_hand(table, game_input=values_input(values, winner=winner, east=None),
                    submission_id=new_id(), expected_version=version(table), user=keeper)
    # The players recorded in seats C and D sat the other way round: in hand 2
    # (D's seat sat out) seat C sat out, which is "spel 5": D A B E, C out.
    correct_seats(table, positions={2: 3, 3: 2}, user=keeper, expected_version=version(table))
    second = Hand.objects.get(table=table, number=2)
    assert second.entry["east"] == 3
    assert {score.registration_id: score.seat_wind for score in second.scores.all()} == {
        players[2].pk: "E", players[0].pk: "S", players[1].pk: "W", players[4].pk: "N"}
