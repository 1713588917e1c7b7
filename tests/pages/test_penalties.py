"""Penalties (issue 17, "Penalties"): recorded by an event's organisers or
referees (tournaments/services/penalties.py), corrected and removed with an
audit trail; counted in the standings as the rule set says
(scoring/engine/ruleset.py: penalty_table_points, chombo_points); shown on
the penalties page, the player's page and the round results."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client
from django.utils import translation

from scoring.engine import RULESETS
from tests.pages.conftest import play_and_close
from tournaments.models import (
    MAX_PENALTY_POINTS,
    Event,
    Penalty,
    PenaltyAction,
    PenaltyChange,
    PenaltyKind,
    Referee,
    Registration,
    Round,
    Scorekeeper,
)
from tournaments.services import penalties, referees, rounds
from tournaments.services.standings import event_standings, live_standings, round_results

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english() -> object:
    with translation.override("en"):
        yield


@pytest.fixture
def ref(django_user_model: type[User], event: Event) -> User:
    user = django_user_model.objects.create_user("ref", password="password",
                                                 first_name="Rita", last_name="Ref")
    Referee.objects.create(user=user, event=event)
    return user


def client_for(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def record(event: Event, round_: Round, player: Registration, user: User,
           points: int | None = 10, **fields: object) -> Penalty:
    return penalties.record_penalty(event, round=round_, registration=player, points=points,
                                    user=user, **fields)  # type: ignore[arg-type]


# --- The service: who may ---------------------------------------------------------


def test_the_organiser_and_a_referee_record_penalties_with_an_audit_row(
        event: Event, players: list[Registration], started_round: Round, organiser: User,
        ref: User) -> None:
    first = record(event, started_round, players[0], organiser, 10, reason="late")
    second = record(event, started_round, players[1], ref, 5, kind=PenaltyKind.CHOMBO)
    assert (first.recorded_by, second.recorded_by) == (organiser, ref)
    changes = list(PenaltyChange.objects.filter(event=event).order_by("pk"))
    assert [(c.action, c.user, c.old) for c in changes] == [
        (PenaltyAction.CREATED, organiser, None), (PenaltyAction.CREATED, ref, None)]
    assert changes[0].new == {"round": 1, "registration": players[0].pk,
                              "player": players[0].name, "points": 10, "kind": "other",
                              "reason": "late"}


def test_a_scorekeeper_a_stranger_and_an_organiser_of_another_club_are_refused(
        event: Event, players: list[Registration], started_round: Round,
        other_club: object, django_user_model: type[User]) -> None:
    keeper = django_user_model.objects.create_user("keeper")
    Scorekeeper.objects.create(user=keeper, event=event)
    stranger = django_user_model.objects.create_user("stranger")
    bob = User.objects.get(username="bob")
    other_event = Event.objects.create(club=event.club, title="Ander", start_date=event.start_date)
    elsewhere = django_user_model.objects.create_user("elsewhere")
    referees.add_referee(other_event, elsewhere)  # a referee of another event
    for user in (keeper, stranger, bob, elsewhere):
        with pytest.raises(PermissionDenied):
            record(event, started_round, players[0], user)
    assert not Penalty.objects.exists() and not PenaltyChange.objects.exists()


# --- The service: limits ----------------------------------------------------------


@pytest.mark.parametrize(("points", "message"), [
    (0, "Points: a penalty is from 1 to 1000000 points."),
    (MAX_PENALTY_POINTS + 1, "Points: a penalty is from 1 to 1000000 points."),
    (None, "Points: give the penalty points."),
])
def test_points_out_of_bounds_are_refused(event: Event, players: list[Registration],
                                          started_round: Round, organiser: User,
                                          points: int | None, message: str) -> None:
    with pytest.raises(ValidationError) as refused:
        record(event, started_round, players[0], organiser, points)
    assert refused.value.message_dict == {"points": [message]}
    assert not Penalty.objects.exists()


def test_a_reason_too_long_is_refused(event: Event, players: list[Registration],
                                      started_round: Round, organiser: User) -> None:
    with pytest.raises(ValidationError) as refused:
        record(event, started_round, players[0], organiser, reason="x" * 201)
    assert "Reason: at most 200 characters (this one has 201)." in refused.value.messages
    record(event, started_round, players[0], organiser, reason="x" * 200)


def test_a_chombo_without_points_takes_the_rule_sets_preset(
        event: Event, players: list[Registration], started_round: Round, organiser: User,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 17: "chombo as a preset"; RuleSet.chombo_points (None: no preset).
    with pytest.raises(ValidationError) as refused:
        record(event, started_round, players[0], organiser, None, kind=PenaltyKind.CHOMBO)
    assert refused.value.message_dict == {"points": [
        "Points: give the penalty points (the rule set has no fixed chombo penalty)."]}
    monkeypatch.setattr(RULESETS[event.ruleset], "chombo_points", 20_000)
    penalty = record(event, started_round, players[0], organiser, None, kind=PenaltyKind.CHOMBO)
    assert penalty.points == 20_000


def test_a_round_of_another_event_or_not_started_and_a_player_not_in_it_are_refused(
        event: Event, players: list[Registration], started_round: Round, organiser: User,
        club: object) -> None:
    other = Event.objects.create(club=event.club, title="Ander", start_date=event.start_date)
    other_round = rounds.add_round(other)
    outsider = Registration.objects.create(event=other, guest_name="Gast Buiten")
    planned = rounds.add_round(event)
    with pytest.raises(ValidationError) as refused:
        record(event, other_round, players[0], organiser)
    assert refused.value.message_dict["round"] == [
        "Round: this round is not a round of Clubavond januari."]
    with pytest.raises(ValidationError) as refused:
        record(event, planned, players[0], organiser)
    assert refused.value.message_dict["round"] == [
        "Round 2 has not started: a penalty is given in a round being played or played."]
    with pytest.raises(ValidationError) as refused:
        record(event, started_round, outsider, organiser)
    assert refused.value.message_dict["registration"] == [
        "Player: Gast Buiten is not registered for Clubavond januari."]
    late = Registration.objects.create(event=event, guest_name="Laat Komer")
    with pytest.raises(ValidationError) as refused:
        record(event, started_round, late, organiser)
    assert refused.value.message_dict["registration"] == [
        "Player: Laat Komer does not play in round 1."]
    assert not Penalty.objects.exists()


def test_correcting_and_removing_keep_the_audit_trail(
        event: Event, players: list[Registration], started_round: Round, organiser: User,
        ref: User) -> None:
    penalty = record(event, started_round, players[0], ref, 10, reason="late")
    penalties.correct_penalty(penalty, round=started_round, registration=players[1],
                              points=20, kind=PenaltyKind.CHOMBO, reason="false mahjong",
                              user=organiser)
    penalty.refresh_from_db()
    assert (penalty.registration, penalty.points, penalty.kind) == (players[1], 20, "chombo")
    with pytest.raises(ValidationError, match="Nothing to correct"):
        penalties.correct_penalty(penalty, round=started_round, registration=players[1],
                                  points=20, kind=PenaltyKind.CHOMBO, reason="false mahjong",
                                  user=organiser)
    penalties.remove_penalty(penalty, user=ref)
    assert not Penalty.objects.exists()
    changes = list(PenaltyChange.objects.order_by("pk"))
    assert [c.action for c in changes] == ["created", "corrected", "removed"]
    states = [(change.old or {}, change.new or {}) for change in changes]
    assert states[1][0]["points"] == 10 and states[1][1]["points"] == 20
    assert states[1][1]["player"] == players[1].name
    assert states[2][0]["points"] == 20 and changes[2].new is None
    assert all(change.penalty is None for change in changes)  # the penalty is gone
    with pytest.raises(ValidationError, match="removed in the meantime"):
        penalties.remove_penalty(penalty, user=ref)


def test_event_penalties_lists_them_by_round(event: Event, players: list[Registration],
                                             started_round: Round, organiser: User) -> None:
    record(event, started_round, players[2], organiser, 7, reason="slow play")
    [line] = penalties.event_penalties(event)
    assert (line.round_number, line.player, line.points, line.kind, line.reason,
            line.recorded_by) == (1, players[2].name, 7, "other", "slow play", "alice")


# --- The standings ------------------------------------------------------------------


def test_penalty_points_come_off_the_score_total_not_the_table_result(
        event: Event, players: list[Registration], started_round: Round, organiser: User) -> None:
    # Issue 17: "penalties count in the standings as the rule set says"; NTS:
    # penalty_table_points 0, the score only.
    assert live_standings(event).rows == []  # no hands yet
    record(event, started_round, players[0], organiser, 30)
    # Counted live, before any hand: listed with the penalty alone, the
    # other seated players beside them with 0.
    during = {row.key: row for row in live_standings(event).rows}
    assert (during[players[0].pk].score, during[players[0].pk].penalty) == (-30, 30)
    assert set(during) == set(started_round.seats.values_list("registration_id", flat=True))
    assert {row.score for key, row in during.items() if key != players[0].pk} == {0}
    play_and_close(started_round)
    rows = {row.key: row for row in event_standings(event)}
    results = {line.registration.pk: line for table in round_results(started_round)
               for line in table.lines}
    player = rows[players[0].pk]
    assert player.score == results[players[0].pk].score - 30
    assert player.table_points == results[players[0].pk].table_points
    assert player.penalty == 30 and results[players[0].pk].penalty == 30
    # A later round's penalty does not count in the standings after round 1.
    second = rounds.start_round(rounds.seat_round(rounds.add_round(event), seed=2))
    record(event, second, players[0], organiser, 5)
    play_and_close(second)
    assert {row.key: row for row in event_standings(event, after_round=1)}[
        players[0].pk].penalty == 30
    assert {row.key: row for row in event_standings(event)}[players[0].pk].penalty == 35


def test_table_points_come_off_as_the_rule_set_says(
        event: Event, players: list[Registration], started_round: Round, organiser: User,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # RuleSet.penalty_table_points (Riichi: 0.001 table points per point,
    # a chombo of 20,000 costs 20).
    monkeypatch.setattr(RULESETS[event.ruleset], "penalty_table_points", Decimal("0.001"))
    play_and_close(started_round)
    before = {row.key: row for row in event_standings(event)}[players[1].pk]
    record(event, started_round, players[1], organiser, 20_000, kind=PenaltyKind.CHOMBO)
    after = {row.key: row for row in event_standings(event)}[players[1].pk]
    assert after.table_points == before.table_points - 20
    assert after.score == before.score - 20_000
    [line] = penalties.event_penalties(event)
    assert line.table_points == 20


# --- The pages ----------------------------------------------------------------------


def url(event: Event) -> str:
    return f"/en/events/{event.pk}/penalties/"


def test_the_organiser_records_a_penalty_on_the_page(
        organiser_client: Client, event: Event, players: list[Registration],
        started_round: Round) -> None:
    page = organiser_client.get(url(event)).content.decode()
    assert "Record a penalty" in page and "No penalties." in page and "Referees" in page
    response = organiser_client.post(url(event), {
        "round": started_round.pk, "registration": players[3].pk, "kind": "other",
        "points": "15", "reason": "phone at the table"})
    assert response.status_code == 302
    page = organiser_client.get(response["Location"]).content.decode()
    assert f"Penalty recorded: 15 points for {players[3].name} in round 1." in page
    assert "phone at the table" in page and "Changes to penalties" in page


def test_refused_input_on_the_page_names_the_field_and_changes_nothing(
        organiser_client: Client, event: Event, players: list[Registration],
        started_round: Round) -> None:
    response = organiser_client.post(url(event), {
        "round": started_round.pk, "registration": players[3].pk, "kind": "other",
        "points": "", "reason": ""})
    assert response.status_code == 400
    assert "Points: give the penalty points." in response.content.decode()
    assert not Penalty.objects.exists()


def test_a_referee_opens_the_page_and_corrects_and_removes(
        event: Event, players: list[Registration], started_round: Round, ref: User,
        organiser: User) -> None:
    event.status = "open"
    event.save()
    client = client_for(ref)
    assert 'id="penalties-link"' in client.get(f"/en/events/{event.pk}/").content.decode()
    page = client.get(url(event)).content.decode()
    assert "Record a penalty" in page and "Add a referee" not in page
    penalty = record(event, started_round, players[0], organiser, 10)
    correct = f"{url(event)}{penalty.pk}/correct/"
    assert 'value="10"' in client.get(correct).content.decode()
    response = client.post(correct, {"round": started_round.pk,
                                     "registration": players[0].pk, "kind": "other",
                                     "points": "12", "reason": ""})
    assert response.status_code == 302
    assert Penalty.objects.get().points == 12
    remove = f"{url(event)}{penalty.pk}/remove/"
    assert "Remove the penalty of 12 points" in client.get(remove).content.decode()
    assert Penalty.objects.exists()  # asking is not removing
    assert client.post(remove).status_code == 302
    assert not Penalty.objects.exists()


def test_others_get_not_found_and_change_nothing(
        event: Event, players: list[Registration], started_round: Round, organiser: User,
        outsider_client: Client, member_client: Client, client: Client) -> None:
    penalty = record(event, started_round, players[0], organiser, 10)
    data = {"round": started_round.pk, "registration": players[0].pk, "kind": "other",
            "points": "1"}
    for other in (outsider_client, member_client):
        for path in (url(event), f"{url(event)}{penalty.pk}/correct/",
                     f"{url(event)}{penalty.pk}/remove/"):
            assert other.get(path).status_code == 404
            assert other.post(path, data).status_code == 404
        assert other.post(f"/en/events/{event.pk}/referees/add/",
                          {"user": "carol"}).status_code == 404
    assert client.get(url(event)).status_code == 302  # to the login page
    assert Penalty.objects.get().points == 10 and not Referee.objects.exists()


def test_the_organiser_adds_and_removes_a_referee(
        organiser_client: Client, event: Event, member: object) -> None:
    response = organiser_client.post(f"/en/events/{event.pk}/referees/add/", {"user": "carol"})
    assert response.status_code == 302
    referee = Referee.objects.get(event=event)
    assert referee.user.username == "carol"
    # An unknown name gets the same answer whatever it is (never an e-mail lookup).
    response = organiser_client.post(f"/en/events/{event.pk}/referees/add/",
                                     {"user": "carol@example.org"})
    assert response.status_code == 400
    assert "nobody has the user name carol@example.org" in response.content.decode()
    response = organiser_client.post(f"/en/events/{event.pk}/referees/remove/",
                                     {"referee": referee.pk})
    assert response.status_code == 302 and not Referee.objects.exists()


def test_penalties_show_on_the_player_page_round_results_and_standings(
        client: Client, event: Event, players: list[Registration], started_round: Round,
        organiser: User) -> None:
    event.status = "open"
    event.save()
    standings = client.get(f"/en/events/{event.pk}/standings/").content.decode()
    assert ">Penalty<" not in standings
    record(event, started_round, players[0], organiser, 25, reason="late")
    play_and_close(started_round)
    player = client.get(f"/en/events/{event.pk}/players/{players[0].pk}/").content.decode()
    assert "Penalty: -25 points (other): late" in player
    results = client.get(f"/en/events/{event.pk}/rounds/1/results/").content.decode()
    assert "penalty -25" in results
    standings = client.get(f"/en/events/{event.pk}/standings/").content.decode()
    assert ">Penalty<" in standings and "-25" in standings and "−" not in standings


# --- Found on a walk at 390 px (issue 17) ----------------------------------------------


def test_the_error_summary_names_each_field_once_and_the_help_is_not_repeated(
        organiser_client: Client, event: Event, players: list[Registration],
        started_round: Round) -> None:
    # The rule set has no fixed chombo (its help says "give the points"); the
    # error says so already, so the help goes while the error shows.
    response = organiser_client.post(url(event), {
        "round": started_round.pk, "registration": "", "kind": "chombo",
        "points": "x", "reason": ""})
    assert response.status_code == 400
    html = response.content.decode()
    assert "Player: Player:" not in html and "Points: Points:" not in html
    assert "Player: choose the player." in html and "Points: enter a whole number." in html
    response = organiser_client.post(url(event), {
        "round": started_round.pk, "registration": players[0].pk, "kind": "chombo",
        "points": "", "reason": ""})
    html = response.content.decode()
    assert html.count("Points: give the penalty points") == 2  # summary and field
    assert "The rule set has no fixed chombo penalty: give the points." not in html
    response = organiser_client.post(url(event), {
        "round": started_round.pk, "registration": players[0].pk, "kind": "other",
        "points": "0", "reason": ""})
    assert f"Points: a penalty is from 1 to {MAX_PENALTY_POINTS} points." in (
        response.content.decode())
    assert not Penalty.objects.exists()


def test_the_change_log_writes_a_penalty_as_the_list_does(
        organiser_client: Client, event: Event, players: list[Registration],
        started_round: Round, organiser: User) -> None:
    record(event, started_round, players[0], organiser, 10, reason="late")
    with translation.override("nl"):
        html = organiser_client.get(f"/events/{event.pk}/penalties/").content.decode()
    assert f"ronde 1, {players[0].name}, -10 (overig): late" in html
    assert '<td class="num">-10' in html and "10 punten" not in html and "−" not in html


@pytest.mark.parametrize(("per_point", "text"), [
    (Decimal(1), "and 1 table point per penalty point"),
    (Decimal("0.001"), "and 0.001 table points per penalty point"),
])
def test_the_table_points_a_penalty_point_costs_read_in_the_right_number(
        organiser_client: Client, event: Event, started_round: Round,
        monkeypatch: pytest.MonkeyPatch, per_point: Decimal, text: str) -> None:
    # Issue 17: RuleSet.penalty_table_points (the EMA's MCR: 1 per 1000 points).
    monkeypatch.setattr(RULESETS[event.ruleset], "penalty_table_points", per_point)
    html = organiser_client.get(url(event)).content.decode()
    assert text in html
