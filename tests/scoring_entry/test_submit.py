"""hands.submit_hand: by values and by tiles, idempotent, version-checked."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from tests.scoring_entry.conftest import new_id, players, values_input, worked_example_tiles
from tournaments.models import Hand, HandAction, HandChange, HandScore, Table
from tournaments.services.hand_audit import VersionConflict
from tournaments.services.hands import submit_hand
from tournaments.services.score_entry_page import table_state

pytestmark = pytest.mark.django_db


def settlements(hand: Hand) -> dict[str, int]:
    return {score.registration.name: score.settlement
            for score in hand.scores.select_related("registration__member")}


def test_the_worked_example_by_tiles(table: Table, keeper: User) -> None:
    east, south, west, north = players(table)
    hand, created = submit_hand(table, game_input=worked_example_tiles(),
                                submission_id=new_id(), expected_version=0, user=keeper)
    assert created
    assert settlements(hand) == {east.name: 24, south.name: 384, west.name: -244,
                                 north.name: -164}
    assert {s.registration_id: s.seat_wind for s in hand.scores.all()} == {
        east.pk: "E", south.pk: "S", west.pk: "W", north.pk: "N"}
    assert hand.result["scores"] == {"E": 64, "S": 96, "W": 0, "N": 20}
    assert (hand.winner, hand.discarder, hand.entered_by) == (south, west, keeper)
    table.refresh_from_db()
    assert table.version == 1


def test_values_are_settled_by_the_engine(table: Table, keeper: User) -> None:
    east, south, west, north = players(table)
    hand, _ = submit_hand(table, game_input=values_input({0: 0, 1: 40, 2: 0, 3: 8}, winner=1),
                          submission_id=new_id(), expected_version=0, user=keeper)
    # Self-drawn 40 by South: East pays double; North's 8 is paid by E (x2) and W.
    assert settlements(hand) == {east.name: -96, south.name: 160, west.name: -48,
                                 north.name: -16}


def test_a_repeated_submission_saves_one_hand(table: Table, keeper: User) -> None:
    key = new_id()
    first, created = submit_hand(table, game_input=worked_example_tiles(), submission_id=key,
                                 expected_version=0, user=keeper)
    # The retry still carries the version the page had before the first save.
    again, created_again = submit_hand(table, game_input=worked_example_tiles(),
                                       submission_id=key, expected_version=0, user=keeper)
    assert (created, created_again) == (True, False)
    assert again.pk == first.pk
    assert Hand.objects.count() == 1
    assert HandScore.objects.count() == 4
    assert HandChange.objects.count() == 1
    table.refresh_from_db()
    assert table.version == 1


def test_the_same_id_with_other_content_is_refused(table: Table, keeper: User) -> None:
    key = new_id()
    submit_hand(table, game_input=values_input({0: 0, 1: 40, 2: 0, 3: 8}, winner=1),
                submission_id=key, expected_version=0, user=keeper)
    with pytest.raises(ValidationError, match="already used for hand 1 with other content"):
        submit_hand(table, game_input=values_input({0: 0, 1: 48, 2: 0, 3: 8}, winner=1),
                    submission_id=key, expected_version=1, user=keeper)
    assert Hand.objects.get().result["scores"]["S"] == 40


def test_the_second_writer_is_told_what_changed(table: Table, keeper: User,
                                                organiser: User) -> None:
    submit_hand(table, game_input=values_input({0: 0, 1: 40, 2: 0, 3: 8}, winner=1),
                submission_id=new_id(), expected_version=0, user=keeper)
    with pytest.raises(VersionConflict, match=r"hand 1 was saved by Vera Visser at \d\d:\d\d") \
            as conflict:
        submit_hand(table, game_input=values_input({0: 20, 1: 0, 2: 0, 3: 0}, winner=0),
                    submission_id=new_id(), expected_version=0, user=organiser)
    assert conflict.value.version == 1
    assert [(c["action"], c["number"], c["user"]) for c in conflict.value.changes] == [
        ("created", 1, "Vera Visser")]
    assert Hand.objects.count() == 1


def test_a_stale_page_is_refused_after_a_deletion_too(table: Table, keeper: User) -> None:
    from tournaments.services.hands import delete_hand

    hand, _ = submit_hand(table, game_input=values_input({0: 0, 1: 40, 2: 0, 3: 8}, winner=1),
                          submission_id=new_id(), expected_version=0, user=keeper)
    delete_hand(hand, expected_version=1, user=keeper)
    with pytest.raises(VersionConflict, match="hand 1 was deleted by Vera Visser"):
        submit_hand(table, game_input=values_input({0: 20, 1: 0, 2: 0, 3: 0}, winner=0),
                    submission_id=new_id(), expected_version=1, user=keeper)


def test_a_late_retry_of_a_deleted_hand_does_not_bring_it_back(table: Table,
                                                               keeper: User) -> None:
    from tournaments.services.hands import delete_hand

    key = new_id()
    hand, _ = submit_hand(table, game_input=values_input({0: 0, 1: 40, 2: 0, 3: 8}, winner=1),
                          submission_id=key, expected_version=0, user=keeper)
    delete_hand(hand, expected_version=1, user=keeper)
    with pytest.raises(VersionConflict, match="hand 1 was deleted"):
        submit_hand(table, game_input=values_input({0: 0, 1: 40, 2: 0, 3: 8}, winner=1),
                    submission_id=key, expected_version=0, user=keeper)
    assert not Hand.objects.exists()


def test_an_engine_error_names_the_player_and_tile(table: Table, keeper: User) -> None:
    east = players(table)[0]
    game_input = worked_example_tiles()
    game_input["tiles"]["0"]["concealed"] = "2228m4777p19s555x"
    with pytest.raises(ValidationError) as error:
        submit_hand(table, game_input=game_input, submission_id=new_id(), expected_version=0,
                    user=keeper)
    message = " ".join(error.value.messages)
    assert f"East ({east.name}), concealed tiles: '555x': unknown suit letter 'x'" in message
    assert not Hand.objects.exists()
    table.refresh_from_db()
    assert table.version == 0


@pytest.mark.parametrize(("game_input", "message"), [
    ({"values": {"0": "x"}}, "must be a whole number"),
    ({"values": {"9": 4}}, "seat position 0-4"),
    ({"values": {}}, "per seat position"),
    ({"values": {"0": 1}, "tiles": {}}, "not both"),
    ({"winner": 1}, "values or tiles"),
    ({"values": {"0": 0, "1": 20, "2": 0, "3": 0}, "winner": 1, "colour": "red"},
     "Unknown field colour"),
    ({"values": {"0": 0, "1": 20, "2": 0}, "winner": 1}, "missing"),
    ({"values": {"0": 0, "1": 20, "2": 0, "3": 0}, "winner": 1, "discarder": 1},
     "cannot have discarded"),
], ids=["not-a-number", "no-such-seat", "empty", "both", "neither", "unknown-field",
        "player-missing", "winner-discarded"])
def test_bad_input_is_refused(table: Table, keeper: User, game_input: dict[str, object],
                              message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        submit_hand(table, game_input=game_input, submission_id=new_id(), expected_version=0,
                    user=keeper)
    assert not Hand.objects.exists()


def test_east_defaults_to_the_next_hands_east(table: Table, keeper: User) -> None:
    game = {"values": {"0": 0, "1": 20, "2": 0, "3": 0}, "winner": 1}
    first, _ = submit_hand(table, game_input=game, submission_id=new_id(), expected_version=0,
                           user=keeper)
    second, _ = submit_hand(table, game_input=game, submission_id=new_id(), expected_version=1,
                            user=keeper)
    assert (first.entry["east"], second.entry["east"]) == (0, 1)
    table.refresh_from_db()
    state = table_state(table)
    assert state["east"] == 2
    assert [p["seat_wind"] for p in state["players"]] == ["W", "N", "E", "S"]
    assert (state["hand_number"], state["version"], state["prevailing_wind"]) == (3, 2, "E")
    assert sum(p["total"] for p in state["players"]) == 0


def test_hands_are_entered_only_while_the_round_is_played(table: Table, keeper: User) -> None:
    from tournaments.services.rounds import close_round

    submit_hand(table, game_input=values_input({0: 0, 1: 20, 2: 0, 3: 0}, winner=1),
                submission_id=new_id(), expected_version=0, user=keeper)
    other = table.round.tables.get(number=2)
    submit_hand(other, game_input=values_input({0: 0, 1: 20, 2: 0, 3: 0}, winner=1),
                submission_id=new_id(), expected_version=0, user=keeper)
    close_round(table.round)
    with pytest.raises(ValidationError, match="only be entered while round 1"):
        submit_hand(table, game_input=values_input({0: 0, 1: 20, 2: 0, 3: 0}, winner=1),
                    submission_id=new_id(), expected_version=1, user=keeper)


def test_record_hand_writes_the_audit_trail_too(table: Table) -> None:
    from tournaments.services.rounds import record_hand

    hand = record_hand(table, values={0: 0, 1: 20, 2: 0, 3: 0}, winner=1, east=0)
    change = HandChange.objects.get()
    assert (change.action, change.hand, change.version) == (HandAction.CREATED, hand, 1)


# --- Scored before the lock ------------------------------------------------------------
# submit_hand scores the hand against the table as the device saw it before it
# takes the lock; what another writer commits in between must be seen under it.


def _meanwhile(monkeypatch: pytest.MonkeyPatch, write: Any) -> None:
    """Run `write` (another device) right after the hand was scored, before
    submit_hand takes the lock."""
    from tournaments.services import hands

    real = hands._score_next

    def scored_then_written(table: Table, entry: dict[str, Any]) -> Any:
        scored = real(table, entry)
        monkeypatch.setattr(hands, "_score_next", real)
        write()
        return scored

    monkeypatch.setattr(hands, "_score_next", scored_then_written)


def test_a_hand_committed_between_scoring_and_the_lock_is_a_conflict(
        table: Table, keeper: User, organiser: User, monkeypatch: pytest.MonkeyPatch) -> None:
    _meanwhile(monkeypatch, lambda: submit_hand(
        Table.objects.get(pk=table.pk), game_input=values_input({0: 20, 1: 0, 2: 0, 3: 0},
                                                                winner=0),
        submission_id=new_id(), expected_version=0, user=organiser))
    with pytest.raises(VersionConflict, match="hand 1 was saved by"):
        submit_hand(table, game_input=values_input({0: 0, 1: 40, 2: 0, 3: 8}, winner=1),
                    submission_id=new_id(), expected_version=0, user=keeper)
    assert list(Hand.objects.values_list("number", "result__scores__E")) == [(1, 20)]


def test_a_twin_committed_between_scoring_and_the_lock_is_the_answer(
        table: Table, keeper: User, monkeypatch: pytest.MonkeyPatch) -> None:
    key = new_id()
    hand_input = values_input({0: 0, 1: 40, 2: 0, 3: 8}, winner=1)
    twin: list[Hand] = []
    _meanwhile(monkeypatch, lambda: twin.append(submit_hand(
        Table.objects.get(pk=table.pk), game_input=hand_input, submission_id=key,
        expected_version=0, user=keeper)[0]))
    hand, created = submit_hand(table, game_input=hand_input, submission_id=key,
                                expected_version=0, user=keeper)
    assert not created and hand.pk == twin[0].pk
    assert Hand.objects.count() == 1 and HandChange.objects.count() == 1


def test_a_rule_change_between_scoring_and_the_lock_scores_again(
        table: Table, keeper: User, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first hand freezes the rules: one changed before the lock (the
    table's version does not move) is the one the hand is scored by."""
    from tournaments.models import Event

    event = table.round.event
    assert event.rules_frozen_at is None
    _meanwhile(monkeypatch, lambda: Event.objects.filter(pk=event.pk).update(
        ruleset="hongkong", rule_options={}))
    hand, _ = submit_hand(table, game_input=values_input({0: 0, 1: 6, 2: 0, 3: 0}, winner=1),
                          submission_id=new_id(), expected_version=0, user=keeper)
    assert hand.game["ruleset"] == "hongkong"


def test_a_version_of_true_is_no_version(table: Table, keeper: User) -> None:
    """JSON's true equals 1 in Python: a table at version 1 must still refuse
    it, also on the path that scores before the lock."""
    submit_hand(table, game_input=values_input({0: 0, 1: 40, 2: 0, 3: 8}, winner=1),
                submission_id=new_id(), expected_version=0, user=keeper)
    table.refresh_from_db()
    assert table.version == 1
    with pytest.raises(ValidationError, match="expected_version must be a whole number"):
        submit_hand(table, game_input=values_input({0: 20, 1: 0, 2: 0, 3: 0}, winner=0),
                    submission_id=new_id(), expected_version=True, user=keeper)
    assert Hand.objects.count() == 1
