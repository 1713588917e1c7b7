"""Corrections, deletions and seat corrections keep an audit trail;
confirmation where the event asks for it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError

from tests.scoring_entry.conftest import new_id, players, values_input
from tournaments.models import Event, Hand, HandAction, HandChange, Table, TableResult
from tournaments.services.hand_audit import VersionConflict
from tournaments.services.hands import (
    confirm_hand,
    correct_hand,
    correct_seats,
    delete_hand,
    submit_hand,
)
from tournaments.services.rounds import close_round

pytestmark = pytest.mark.django_db


def enter(table: Table, user: User, values: dict[int, int], winner: int | None,
          **extra: int | None) -> Hand:
    table.refresh_from_db()
    hand, _ = submit_hand(table, game_input=values_input(values, winner, **extra),
                          submission_id=new_id(), expected_version=table.version, user=user)
    return hand


def by_player(hand: Hand) -> dict[int, tuple[str, int]]:
    return {score.registration_id: (score.seat_wind, score.settlement)
            for score in hand.scores.all()}


def version(table: Table) -> int:
    table.refresh_from_db()
    return table.version


def close(round_table: Table, keeper: User) -> None:
    for other in round_table.round.tables.exclude(hands__isnull=False):
        enter(other, keeper, {0: 0, 1: 20, 2: 0, 3: 0}, winner=1)
    close_round(round_table.round)


def test_a_correction_keeps_the_old_and_the_new(table: Table, keeper: User) -> None:
    south = players(table)[1]
    hand = enter(table, keeper, {0: 0, 1: 40, 2: 0, 3: 8}, winner=1)
    correct_hand(hand, game_input=values_input({0: 0, 1: 48, 2: 0, 3: 8}, winner=1),
                 expected_version=1, user=keeper)
    hand.refresh_from_db()
    assert by_player(hand)[south.pk] == ("S", 192)  # 48 from E (x2), W and N
    created, corrected = HandChange.objects.order_by("pk")
    assert (created.action, corrected.action) == (HandAction.CREATED, HandAction.CORRECTED)
    assert (corrected.hand, corrected.user, corrected.version) == (hand, keeper, 2)
    assert corrected.old["entry"]["values"]["1"] == 40
    assert corrected.new["entry"]["values"]["1"] == 48
    assert {p["name"]: p["settlement"] for p in corrected.old["players"]}[south.name] == 160
    assert {p["name"]: p["settlement"] for p in corrected.new["players"]}[south.name] == 192
    assert version(table) == 2


def test_a_correction_from_a_stale_page_is_refused(table: Table, keeper: User,
                                                    organiser: User) -> None:
    hand = enter(table, keeper, {0: 0, 1: 40, 2: 0, 3: 8}, winner=1)
    enter(table, organiser, {0: 20, 1: 0, 2: 0, 3: 0}, winner=0, east=1)
    with pytest.raises(VersionConflict, match="hand 2 was saved by alice"):
        correct_hand(hand, game_input=values_input({0: 0, 1: 48, 2: 0, 3: 8}, winner=1),
                     expected_version=1, user=keeper)
    assert HandChange.objects.filter(action=HandAction.CORRECTED).count() == 0


def test_a_deletion_leaves_a_gap_and_an_audit_row(table: Table, keeper: User) -> None:
    first = enter(table, keeper, {0: 0, 1: 40, 2: 0, 3: 8}, winner=1)
    second = enter(table, keeper, {0: 20, 1: 0, 2: 0, 3: 0}, winner=0, east=1)
    delete_hand(first, expected_version=2, user=keeper)
    assert list(table.hands.values_list("number", flat=True)) == [2]
    deleted = HandChange.objects.get(action=HandAction.DELETED)
    assert (deleted.hand, deleted.number, deleted.user, deleted.new) == (None, 1, keeper, None)
    assert deleted.old["entry"]["values"] == {"0": 0, "1": 40, "2": 0, "3": 8}
    # The created row of the deleted hand is kept too.
    assert HandChange.objects.filter(action=HandAction.CREATED, number=1, hand=None).exists()
    third = enter(table, keeper, {0: 0, 1: 0, 2: 20, 3: 0}, winner=2, east=2)
    assert (second.number, third.number) == (2, 3)
    with pytest.raises(ValidationError, match="Hand 1 has been deleted"):
        delete_hand(first, expected_version=4, user=keeper)


def test_seat_correction_recomputes_the_settlements(table: Table, keeper: User) -> None:
    a, b, c, d = players(table)
    hand = enter(table, keeper, {0: 0, 1: 40, 2: 0, 3: 8}, winner=1)
    assert by_player(hand) == {a.pk: ("E", -96), b.pk: ("S", 160), c.pk: ("W", -48),
                               d.pk: ("N", -16)}
    # A and B sat the other way round: B was East when winning 40 by self-draw,
    # so everyone paid double (80); D's 8 is paid by A and C.
    correct_seats(table, positions={0: 1, 1: 0}, user=keeper, expected_version=1)
    hand.refresh_from_db()
    assert by_player(hand) == {b.pk: ("E", 240), a.pk: ("S", -88), c.pk: ("W", -88),
                               d.pk: ("N", -64)}
    assert hand.winner == b
    assert players(table) == [b, a, c, d]
    change = HandChange.objects.get(action=HandAction.RESEATED)
    assert (change.number, change.user, change.version) == (1, keeper, 2)
    assert {p["name"]: p["seat_wind"] for p in change.old["players"]}[b.name] == "S"
    assert {p["name"]: p["seat_wind"] for p in change.new["players"]}[b.name] == "E"


def test_seat_correction_of_a_hand_entered_on_the_organisers_page(table: Table,
                                                                    keeper: User) -> None:
    from tournaments.services.rounds import record_hand

    a, b, c, d = players(table)
    hand = record_hand(table, values={0: 0, 1: 40, 2: 0, 3: 8}, winner=1, east=0)
    Hand.objects.filter(pk=hand.pk).update(entry={})  # as saved before entries were kept
    correct_seats(table, positions={0: 1, 1: 0}, user=keeper)
    hand.refresh_from_db()
    assert by_player(hand)[b.pk] == ("E", 240)


@pytest.mark.parametrize("positions", [{0: 1}, {0: 1, 1: 2}, {0: 7, 7: 0}, {0: 0}],
                         ids=["one-way", "not-a-permutation", "no-such-seat", "nobody-moves"])
def test_a_seat_correction_must_be_a_permutation(table: Table, keeper: User,
                                                 positions: dict[int, int]) -> None:
    enter(table, keeper, {0: 0, 1: 40, 2: 0, 3: 8}, winner=1)
    with pytest.raises(ValidationError):
        correct_seats(table, positions=positions, user=keeper)
    assert version(table) == 1


def test_after_closing_only_the_organiser_changes_hands(table: Table, keeper: User,
                                                        organiser: User) -> None:
    a, b = players(table)[:2]
    hand = enter(table, keeper, {0: 0, 1: 40, 2: 0, 3: 8}, winner=1)
    close(table, keeper)
    assert TableResult.objects.get(table=table, registration=b).score == 160
    for change in (
        lambda user: correct_hand(hand, game_input=values_input({0: 0, 1: 48, 2: 0, 3: 8}, 1),
                                  expected_version=1, user=user),
        lambda user: delete_hand(hand, expected_version=1, user=user),
        lambda user: correct_seats(table, positions={0: 1, 1: 0}, user=user),
    ):
        with pytest.raises(PermissionDenied, match="only the organiser"):
            change(keeper)
    assert version(table) == 1
    correct_hand(hand, game_input=values_input({0: 0, 1: 48, 2: 0, 3: 8}, winner=1),
                 expected_version=1, user=organiser)
    # The closed round's results follow the correction.
    assert TableResult.objects.get(table=table, registration=b).score == 192
    hand.refresh_from_db()
    assert hand.confirmed_by == organiser


def test_confirmation_by_a_second_person(event: Event, table: Table, keeper: User,
                                         table_keeper: User, organiser: User) -> None:
    Event.objects.filter(pk=event.pk).update(requires_confirmation=True)
    hand = enter(table, keeper, {0: 0, 1: 40, 2: 0, 3: 8}, winner=1)
    other = table.round.tables.get(number=2)
    other_hand = enter(other, organiser, {0: 0, 1: 20, 2: 0, 3: 0}, winner=1)
    with pytest.raises(ValidationError, match="tables 1, 2 have not been confirmed"):
        close_round(table.round)
    with pytest.raises(ValidationError, match="someone else than who entered it"):
        confirm_hand(hand, keeper)
    confirm_hand(hand, table_keeper)
    hand.refresh_from_db()
    assert (hand.confirmed_by, hand.confirmed_at is not None) == (table_keeper, True)
    # A correction needs a new confirmation, by someone other than its author.
    correct_hand(hand, game_input=values_input({0: 0, 1: 48, 2: 0, 3: 8}, winner=1),
                 expected_version=version(table), user=table_keeper)
    hand.refresh_from_db()
    assert hand.confirmed_at is None
    with pytest.raises(ValidationError, match="someone else"):
        confirm_hand(hand, table_keeper)
    confirm_hand(hand, keeper)
    with pytest.raises(ValidationError, match="table 2 have not been confirmed"):
        close_round(table.round)
    confirm_hand(other_hand, keeper)
    close_round(table.round)
    assert HandChange.objects.filter(action=HandAction.CONFIRMED).count() == 3


def test_confirming_does_not_move_the_version(table: Table, keeper: User,
                                              organiser: User) -> None:
    hand = enter(table, keeper, {0: 0, 1: 40, 2: 0, 3: 8}, winner=1)
    confirm_hand(hand, organiser)
    assert version(table) == 1
