"""My table now and my next seat (tournaments/services/my_seat.py): the
member's table, seat wind and tablemates in the round being played, their
seat in the next round once it is seated, and why they have none (a late
arrival not yet seated, a dropout)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.utils import translation

from clubs.models import Member
from tests.members.conftest import carol_of
from tests.pages.conftest import play_and_close
from tournaments.models import (
    Event,
    EventStatus,
    Registration,
    RegistrationStatus,
    Round,
    RoundStatus,
    Scorekeeper,
    Seat,
)
from tournaments.services import my_seat, rounds
from tournaments.services import registration as registrations

pytestmark = pytest.mark.django_db

WINDS = {0: "East", 1: "South", 2: "West", 3: "North", 4: "Fifth player"}


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    # Undone after the test: a later test on the same worker expects Dutch.
    with translation.override("en"):
        yield


def _round(event: Event, number: int) -> Round:
    return event.rounds.get(number=number)


def test_my_table_now_is_my_seat_in_the_round_being_played(running: Event,
                                                           member: Member) -> None:
    carol = carol_of(running, member)
    seat = Seat.objects.get(registration=carol, round__number=1)
    where = my_seat.whereabouts(carol, member.user)
    assert where is not None and where.now is not None
    assert where.playing == _round(running, 1)
    assert where.now.table == seat.table
    assert where.now.wind == WINDS[seat.position]
    tablemates = list(seat.table.seats.exclude(registration=carol).order_by("position"))
    assert [(other.wind, other.name) for other in where.now.others] == [
        (WINDS[s.position], s.registration.name) for s in tablemates]
    assert len(where.now.others) == 3
    assert where.next is None and where.upcoming is None and where.not_seated == ""
    assert not where.now.keeps_score


def test_the_scorekeeper_of_the_table_gets_its_score_entry(
        running: Event, member: Member) -> None:
    carol = carol_of(running, member)
    table = Seat.objects.get(registration=carol, round__number=1).table
    Scorekeeper.objects.create(user=member.user, event=running, table_number=table.number)
    where = my_seat.whereabouts(carol, member.user)
    assert where is not None and where.now is not None and where.now.keeps_score
    # A scorekeeper of another table number does not keep this one's score.
    Scorekeeper.objects.all().delete()
    Scorekeeper.objects.create(user=member.user, event=running, table_number=table.number + 1)
    where = my_seat.whereabouts(carol, member.user)
    assert where is not None and where.now is not None and not where.now.keeps_score


def test_my_next_seat_appears_once_the_next_round_is_seated(
        running: Event, member: Member) -> None:
    carol = carol_of(running, member)
    round_one = _round(running, 1)
    play_and_close(round_one)
    where = my_seat.whereabouts(carol, member.user)
    assert where is not None
    assert where.playing is None and where.now is None and where.next is None
    round_two = rounds.add_round(running, seating_method="random")
    where = my_seat.whereabouts(carol, member.user)
    assert where is not None and where.next is None  # added, not seated yet
    rounds.seat_round(round_two, method="random", seed=3)
    where = my_seat.whereabouts(carol, member.user)
    assert where is not None and where.next is not None and where.now is None
    seat = Seat.objects.get(registration=carol, round=round_two)
    assert (where.next.round, where.next.table, where.next.wind) == (
        round_two, seat.table, WINDS[seat.position])
    # Started, the next seat is the table now.
    rounds.start_round(round_two)
    where = my_seat.whereabouts(carol, member.user)
    assert where is not None and where.now is not None and where.next is None
    assert where.now.round == round_two and where.now.table == seat.table


def test_both_while_a_round_is_played_and_the_next_is_seated(
        running: Event, member: Member) -> None:
    """Round 2 seated ahead while round 1 is still being played (the seating
    of a later round needs no closed round)."""
    carol = carol_of(running, member)
    round_two = rounds.add_round(running, seating_method="random")
    rounds.seat_round(round_two, method="random", seed=5)
    where = my_seat.whereabouts(carol, member.user)
    assert where is not None and where.now is not None and where.next is not None
    assert where.now.round.number == 1 and where.next.round.number == 2


def _late_arrival(event: Event, make_member: Callable[..., Member]) -> Registration:
    late = registrations.register(event, member=make_member(first_name="Laat"))
    return registrations.check_in(late, late=True)


def test_a_late_arrival_is_told_they_are_not_seated_yet(
        running: Event, make_member: Callable[..., Member]) -> None:
    late = _late_arrival(running, make_member)
    where = my_seat.whereabouts(late, AnonymousUser())
    assert where is not None and where.now is None and where.playing == _round(running, 1)
    # "you play from round 2", or "you arrived late" before presence per round.
    assert where.not_seated.startswith("You are not seated in round 1: you ")


def test_a_late_arrival_gets_a_seat_in_the_next_round(
        running: Event, make_member: Callable[..., Member], member: Member) -> None:
    late = _late_arrival(running, make_member)
    play_and_close(_round(running, 1))
    # Carol drops out after round 1: 8 players again in round 2.
    registrations.drop_out(carol_of(running, member), after_round=1)
    round_two = rounds.seat_round(rounds.add_round(running, seating_method="random"),
                                  method="random", seed=2)
    where = my_seat.whereabouts(late, AnonymousUser())
    assert where is not None and where.next is not None and where.not_seated == ""
    assert where.next.round == round_two
    assert where.next.table == Seat.objects.get(registration=late, round=round_two).table


def test_a_dropped_player_has_no_seat_and_is_told_why(
        running: Event, member: Member, make_member: Callable[..., Member]) -> None:
    _late_arrival(running, make_member)  # keeps round 2 at 8 players
    carol = carol_of(running, member)
    play_and_close(_round(running, 1))
    registrations.drop_out(carol, after_round=1)
    rounds.seat_round(rounds.add_round(running, seating_method="random"),
                      method="random", seed=2)
    carol.refresh_from_db()
    where = my_seat.whereabouts(carol, member.user)
    assert where is not None and where.next is None and where.now is None
    assert where.not_seated == "You do not play in round 2: you dropped out."
    assert my_seat.state_of(carol).sentence == "You dropped out after round 1."


def test_a_player_who_plays_from_a_later_round(running: Event,
                                               make_member: Callable[..., Member]) -> None:
    later = registrations.register(running, member=make_member(first_name="Later"))
    Registration.objects.filter(pk=later.pk).update(first_round=3, checked_in_at=None)
    later.refresh_from_db()
    where = my_seat.whereabouts(later, AnonymousUser())
    assert where is not None
    assert where.not_seated == "You are not seated in round 1: you play from round 3."
    assert my_seat.state_of(later).sentence == "You are registered and play from round 3."


def test_no_whereabouts_outside_a_running_event(event: Event, member: Member) -> None:
    carol = registrations.register(event, member=member)
    assert event.status == EventStatus.OPEN
    assert my_seat.whereabouts(carol, member.user) is None
    assert my_seat.whereabouts(None, member.user) is None


def test_a_fifth_player_is_told_so(running: Event, make_member: Callable[..., Member]) -> None:
    _late_arrival(running, make_member)
    play_and_close(_round(running, 1))
    round_two = rounds.seat_round(rounds.add_round(running, seating_method="random"),
                                  method="random", seed=2)
    fifth = Seat.objects.get(round=round_two, position=4).registration
    where = my_seat.whereabouts(fifth, AnonymousUser())
    assert where is not None and where.next is not None
    assert where.next.is_fifth and where.next.wind == "Fifth player"
    assert len(where.next.others) == 4


@pytest.mark.parametrize(("change", "code", "sentence"), [
    ({}, my_seat.REGISTERED, "You are registered."),
    ({"checked_in": True}, my_seat.CHECKED_IN, "You are checked in."),
    ({"checked_in": True, "late": True}, my_seat.CHECKED_IN,
     "You are checked in; you arrived late."),
    ({"late": True}, my_seat.LATE, "You are registered and arrive late."),
    ({"status": RegistrationStatus.PENDING}, my_seat.PENDING,
     "You are registered, awaiting approval by the organiser."),
    ({"status": RegistrationStatus.WITHDRAWN}, my_seat.WITHDRAWN,
     "You have withdrawn your registration."),
    ({"status": RegistrationStatus.WAITING}, my_seat.WAITING,
     "You are on the waiting list, at position 1."),
    ({"dropped_after_round": 0}, my_seat.DROPPED, "You dropped out before the first round."),
], ids=["registered", "checked-in", "checked-in-late", "late", "pending", "withdrawn",
        "waiting", "dropped-before"])
def test_the_members_state(event: Event, member: Member, change: dict[str, object], code: str,
                           sentence: str) -> None:
    carol = registrations.register(event, member=member)
    if change.pop("checked_in", False):
        registrations.check_in(carol)
        carol.refresh_from_db()
    for name, value in change.items():
        setattr(carol, name, value)
    carol.save()
    state = my_seat.state_of(carol)
    assert (state.code, state.sentence) == (code, sentence)


def test_not_registered() -> None:
    assert my_seat.state_of(None).code == my_seat.NOT_REGISTERED


def test_the_round_being_played_is_the_last_started(running: Event, member: Member,
                                                   organiser: User) -> None:
    assert _round(running, 1).status == RoundStatus.STARTED
    where = my_seat.whereabouts(carol_of(running, member), organiser)
    assert where is not None and where.now is not None
    # The organiser keeps the score at every table of their club.
    assert where.now.keeps_score
