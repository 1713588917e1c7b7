"""The database keeps the data true on its own: constraints raise
IntegrityError whatever code writes the rows."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from tests.support.factories import (
    ClubFactory,
    EventFactory,
    HolidayFactory,
    MemberFactory,
    RegistrationFactory,
)
from tournaments.models import Event, Registration, Round, Seat, Table

pytestmark = pytest.mark.django_db


def refused_by_database(create: object) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        create()  # type: ignore[operator]


def test_an_nmb_number_is_unique() -> None:
    MemberFactory(nmb_number="12345")
    refused_by_database(lambda: MemberFactory(nmb_number="12345"))


def test_many_members_have_no_nmb_number() -> None:
    MemberFactory(nmb_number=None)
    MemberFactory(nmb_number=None)


def test_no_nmb_number_is_null_never_empty() -> None:
    refused_by_database(lambda: MemberFactory(nmb_number=""))


def test_a_member_registers_once_per_event() -> None:
    registration = RegistrationFactory()
    refused_by_database(lambda: Registration.objects.create(
        event=registration.event, member=registration.member))


def test_a_registration_is_a_member_or_a_guest() -> None:
    event = EventFactory()
    refused_by_database(lambda: Registration.objects.create(event=event))
    member = MemberFactory()
    refused_by_database(lambda: Registration.objects.create(
        event=event, member=member, guest_name="Also a guest"))


def test_guests_need_no_member() -> None:
    event = EventFactory()
    Registration.objects.create(event=event, guest_name="Guest One")
    Registration.objects.create(event=event, guest_name="Guest Two")


def test_one_player_per_seat_and_one_seat_per_round() -> None:
    first = RegistrationFactory()
    second = RegistrationFactory(event=first.event)
    round_ = Round.objects.create(event=first.event, number=1)
    table = Table.objects.create(round=round_, number=1)
    other_table = Table.objects.create(round=round_, number=2)
    Seat.objects.create(round=round_, table=table, registration=first, position=0)
    refused_by_database(lambda: Seat.objects.create(
        round=round_, table=table, registration=second, position=0))
    refused_by_database(lambda: Seat.objects.create(
        round=round_, table=other_table, registration=first, position=1))
    refused_by_database(lambda: Seat.objects.create(
        round=round_, table=table, registration=second, position=5))


def test_round_numbers_are_unique_and_positive() -> None:
    event = EventFactory()
    Round.objects.create(event=event, number=1)
    refused_by_database(lambda: Round.objects.create(event=event, number=1))
    refused_by_database(lambda: Round.objects.create(event=event, number=0))


def test_events_have_days_rounds_and_enough_places() -> None:
    refused_by_database(lambda: EventFactory(days=0))
    refused_by_database(lambda: EventFactory(rounds_planned=0))
    refused_by_database(lambda: EventFactory(max_places=2))


def test_a_holiday_ends_after_it_starts() -> None:
    refused_by_database(lambda: HolidayFactory(start=datetime.date(2030, 3, 10),
                                               end=datetime.date(2030, 3, 1)))


def test_a_date_of_birth_in_the_future_is_invalid() -> None:
    member = MemberFactory.build(date_of_birth=timezone.localdate() + datetime.timedelta(days=1))
    with pytest.raises(ValidationError) as error:
        member.clean()
    assert "date_of_birth" in error.value.message_dict


def test_membership_lapses_after_a_year_without_playing() -> None:
    member = MemberFactory.build(joined_on=datetime.date(2020, 1, 1),
                                 last_played_on=datetime.date(2024, 5, 1))
    assert member.is_active_on(datetime.date(2025, 5, 1))
    assert not member.is_active_on(datetime.date(2025, 5, 2))
    member.long_illness = True
    assert member.is_active_on(datetime.date(2027, 1, 1))


def test_under_18_plays_only_in_the_clubs_holidays() -> None:
    club = ClubFactory()
    HolidayFactory(club=club)
    member = MemberFactory(club=club, date_of_birth=datetime.date(2015, 1, 1))
    assert member.may_play_on(datetime.date(2030, 3, 6))
    assert not member.may_play_on(datetime.date(2030, 4, 6))
    assert MemberFactory(date_of_birth=None).may_play_on(datetime.date(2030, 4, 6))


def test_event_clean_refuses_rule_changes_once_frozen() -> None:
    event = EventFactory()
    event.rule_options = {"east_stays": True}
    event.clean()  # not frozen yet: fine
    event.save()
    Event.objects.filter(pk=event.pk).update(rules_frozen_at=timezone.now())
    event.refresh_from_db()
    event.rule_options = {}
    with pytest.raises(ValidationError, match="frozen"):
        event.clean()
