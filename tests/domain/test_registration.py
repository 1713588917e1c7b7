"""tournaments.services.registration: places, waiting list, approval,
check-in, dropouts and substitutes."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError

from tests.domain.conftest import make_event
from tests.support.factories import (
    ClubFactory,
    EventFactory,
    HolidayFactory,
    MemberFactory,
)
from tournaments.models import EventKind, EventStatus, Registration, RegistrationStatus
from tournaments.services.registration import (
    approve,
    check_in,
    drop_out,
    register,
    substitute,
    waiting_position,
    withdraw,
)

pytestmark = pytest.mark.django_db

REGISTERED, WAITING, PENDING, WITHDRAWN = (
    RegistrationStatus.REGISTERED, RegistrationStatus.WAITING, RegistrationStatus.PENDING,
    RegistrationStatus.WITHDRAWN,
)


def test_it_registers_a_member_and_a_guest() -> None:
    event = EventFactory()
    member = MemberFactory(club=event.club)
    assert register(event, member=member).status == REGISTERED
    guest = register(event, guest_name="Lotte Gast", guest_club="Fu-Hing")
    assert guest.is_guest and guest.name == "Lotte Gast"


def test_registering_a_player_twice_is_refused() -> None:
    event = EventFactory()
    member = MemberFactory(club=event.club, first_name="Anna", last_name="Bos")
    register(event, member=member)
    with pytest.raises(ValidationError, match="Anna Bos is already registered"):
        register(event, member=member)
    register(event, guest_name="Lotte")
    with pytest.raises(ValidationError, match="(?i)lotte is already registered"):
        register(event, guest_name="lotte")
    assert event.registrations.count() == 2


def test_a_member_or_a_guest_not_both() -> None:
    event = EventFactory()
    with pytest.raises(ValidationError):
        register(event, member=MemberFactory(), guest_name="Also")
    with pytest.raises(ValidationError):
        register(event)


def test_a_finished_event_takes_no_registrations() -> None:
    event = EventFactory(status=EventStatus.FINISHED)
    with pytest.raises(ValidationError, match="finished"):
        register(event, member=MemberFactory(club=event.club))
    assert not event.registrations.exists()


def test_self_registration_only_when_the_event_allows_it() -> None:
    event = EventFactory(self_registration=False)
    member = MemberFactory(club=event.club)
    with pytest.raises(ValidationError, match="online"):
        register(event, member=member, by_organiser=False)
    assert register(event, member=member).status == REGISTERED  # the organiser can


def test_guests_do_not_register_themselves() -> None:
    with pytest.raises(ValidationError):
        register(EventFactory(), guest_name="Lotte", by_organiser=False)


def test_club_evenings_are_for_the_clubs_own_members_online() -> None:
    evening = EventFactory(kind=EventKind.EVENING)
    outsider = MemberFactory(club=ClubFactory())
    with pytest.raises(ValidationError, match="not a member"):
        register(evening, member=outsider, by_organiser=False)
    tournament = EventFactory(kind=EventKind.TOURNAMENT)
    assert register(tournament, member=outsider, by_organiser=False).status == REGISTERED


def test_under_18_is_refused_outside_the_holidays() -> None:
    event = EventFactory(start_date=datetime.date(2030, 4, 10))
    child = MemberFactory(club=event.club, first_name="Kim", last_name="Klein",
                          date_of_birth=datetime.date(2016, 1, 1))
    with pytest.raises(ValidationError, match="Kim Klein is under 18"):
        register(event, member=child)
    HolidayFactory(club=event.club, start=datetime.date(2030, 4, 5),
                   end=datetime.date(2030, 4, 15))
    assert register(event, member=child).status == REGISTERED


def test_a_full_event_puts_newcomers_on_the_waiting_list_in_order() -> None:
    event, players = make_event(4, max_places=4)
    first = register(event, member=MemberFactory(club=event.club))
    second = register(event, member=MemberFactory(club=event.club))
    assert (first.status, second.status) == (WAITING, WAITING)
    assert (waiting_position(first), waiting_position(second)) == (1, 2)
    assert waiting_position(players[0]) is None


def test_withdrawing_promotes_the_first_on_the_waiting_list() -> None:
    event, players = make_event(4, max_places=4)
    first = register(event, member=MemberFactory(club=event.club))
    second = register(event, member=MemberFactory(club=event.club))
    withdraw(players[1])
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.status, second.status) == (REGISTERED, WAITING)
    assert waiting_position(second) == 1
    # Someone on the waiting list withdrawing frees no place.
    withdraw(second)
    assert Registration.objects.filter(event=event, status=REGISTERED).count() == 4


def test_withdrawing_twice_is_refused() -> None:
    _, players = make_event(1)
    withdraw(players[0])
    with pytest.raises(ValidationError, match="already withdrawn"):
        withdraw(players[0])


def test_a_withdrawn_member_may_register_again() -> None:
    event, players = make_event(2)
    withdraw(players[0])
    again = register(event, member=players[0].member)
    assert again.pk == players[0].pk and again.status == REGISTERED


def test_raising_the_places_promotes_the_waiting_list() -> None:
    from tournaments.services import update_event

    event, _ = make_event(4, max_places=4)
    waiting = register(event, member=MemberFactory(club=event.club))
    update_event(event, max_places=5)
    waiting.refresh_from_db()
    assert waiting.status == REGISTERED


def test_approval_holds_self_registrations_until_approved() -> None:
    event = EventFactory(requires_approval=True)
    member = MemberFactory(club=event.club)
    registration = register(event, member=member, by_organiser=False)
    assert registration.status == PENDING
    assert approve(registration).status == REGISTERED
    with pytest.raises(ValidationError, match="not awaiting approval"):
        approve(registration)


def test_approval_of_a_full_event_goes_to_the_waiting_list() -> None:
    event, _ = make_event(3, max_places=3, requires_approval=True)
    pending = register(event, member=MemberFactory(club=event.club), by_organiser=False)
    assert approve(pending).status == WAITING


def test_organisers_register_without_approval() -> None:
    event = EventFactory(requires_approval=True)
    assert register(event, member=MemberFactory(club=event.club)).status == REGISTERED


def test_check_in_and_late_arrival() -> None:
    _, players = make_event(2)
    assert check_in(players[0]).checked_in_at is not None
    late = check_in(players[1], late=True)
    assert late.late and late.checked_in_at is not None


def test_only_registered_players_check_in() -> None:
    event, _ = make_event(3, max_places=3)
    waiting = register(event, member=MemberFactory(club=event.club))
    with pytest.raises(ValidationError, match="cannot check in"):
        check_in(waiting)


def test_drop_out_records_the_round() -> None:
    _, players = make_event(4)
    assert drop_out(players[0], after_round=1).dropped_after_round == 1
    with pytest.raises(ValidationError, match="already dropped out"):
        drop_out(players[0], after_round=2)


def test_only_a_dropped_player_is_substituted() -> None:
    event, players = make_event(4)
    with pytest.raises(ValidationError, match="has not dropped out"):
        substitute(players[0], guest_name="Invaller")
    drop_out(players[0], after_round=1)
    sub = substitute(players[0], guest_name="Invaller")
    assert sub.is_substitute and sub.substitute_for == players[0]
    assert sub.checked_in_at is not None
    with pytest.raises(ValidationError, match="already has a substitute"):
        substitute(players[0], member=MemberFactory(club=event.club))


def test_a_registered_player_cannot_substitute() -> None:
    _, players = make_event(4)
    drop_out(players[0], after_round=1)
    with pytest.raises(ValidationError, match="already registered"):
        substitute(players[0], member=players[1].member)
