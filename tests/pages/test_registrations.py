from collections.abc import Callable

import pytest
from django.test import Client

from clubs.models import Member
from tournaments.models import Event, Registration, RegistrationStatus
from tournaments.services import registration as registrations

pytestmark = pytest.mark.django_db


def action_url(event: Event, registration: Registration, action: str) -> str:
    return f"/en/events/{event.pk}/registrations/{registration.pk}/{action}/"


def test_it_registers_a_member(organiser_client: Client, event: Event, member: Member) -> None:
    response = organiser_client.post(f"/en/events/{event.pk}/registrations/member/",
                                     {"member": member.pk})
    assert response.status_code == 302
    assert event.registrations.get().member == member
    page = organiser_client.get(response["Location"]).content.decode()
    assert "1 member is registered: Carol de Vries." in page


def test_it_registers_a_guest(organiser_client: Client, event: Event) -> None:
    response = organiser_client.post(f"/en/events/{event.pk}/registrations/guest/",
                                     {"guest_name": "Gast Een", "guest_club": "Philos"})
    assert response.status_code == 302
    registration = event.registrations.get()
    assert (registration.guest_name, registration.guest_club) == ("Gast Een", "Philos")


def test_it_refuses_registering_a_member_twice(
    organiser_client: Client, event: Event, member: Member
) -> None:
    registrations.register(event, member=member)
    response = organiser_client.post(f"/en/events/{event.pk}/registrations/member/",
                                     {"member": member.pk})
    assert response.status_code == 400
    assert "Carol de Vries is already registered" in response.content.decode()
    assert event.registrations.count() == 1


def test_it_refuses_a_member_of_another_club(
    organiser_client: Client, event: Event, make_member: Callable[..., Member], other_club: object
) -> None:
    stranger = make_member(club=other_club)
    response = organiser_client.post(f"/en/events/{event.pk}/registrations/member/",
                                     {"member": stranger.pk})
    assert response.status_code == 400
    assert not event.registrations.exists()


def test_it_shows_the_waiting_list_and_promotes_on_withdrawal(
    organiser_client: Client, event: Event, make_member: Callable[..., Member]
) -> None:
    Event.objects.filter(pk=event.pk).update(max_places=3)
    event.refresh_from_db()
    regs = [registrations.register(event, member=make_member(first_name=f"P{i}"))
            for i in range(5)]
    page = organiser_client.get(f"/en/events/{event.pk}/door/").content.decode()
    assert "Waiting list</h2>" in page
    assert [registrations.waiting_position(r) for r in regs[3:]] == [1, 2]
    response = organiser_client.post(action_url(event, regs[0], "withdraw"))
    assert response.status_code == 302
    statuses = [Registration.objects.get(pk=r.pk).status for r in regs]
    assert statuses == ["withdrawn", "registered", "registered", "registered", "waiting"]


def test_it_approves_a_pending_registration(
    organiser_client: Client, event: Event, member: Member
) -> None:
    Event.objects.filter(pk=event.pk).update(requires_approval=True)
    event.refresh_from_db()
    registration = registrations.register(event, member=member, by_organiser=False)
    assert registration.status == RegistrationStatus.PENDING
    response = organiser_client.post(action_url(event, registration, "approve"))
    assert response.status_code == 302
    registration.refresh_from_db()
    assert registration.status == RegistrationStatus.REGISTERED


def test_it_refuses_approving_what_is_not_pending(
    organiser_client: Client, event: Event, member: Member
) -> None:
    registration = registrations.register(event, member=member)
    response = organiser_client.post(action_url(event, registration, "approve"))
    assert response.status_code == 400
    assert "is not awaiting approval" in response.content.decode()


def test_it_checks_in_and_marks_late(
    organiser_client: Client, event: Event, players: list[Registration]
) -> None:
    assert organiser_client.post(action_url(event, players[0], "check-in")).status_code == 302
    assert organiser_client.post(action_url(event, players[1], "late")).status_code == 302
    first, second = (Registration.objects.get(pk=p.pk) for p in players[:2])
    assert first.checked_in_at and not first.late
    # "Arrives later" checks nobody in (issue 15): not here yet, not seated.
    assert second.late and second.checked_in_at is None
    page = organiser_client.get(f"/en/events/{event.pk}/door/").content.decode()
    assert "present since" in page and "arrives later" in page


def test_it_drops_out_and_substitutes(
    organiser_client: Client, event: Event, players: list[Registration],
    make_member: Callable[..., Member],
) -> None:
    response = organiser_client.post(action_url(event, players[0], "drop-out"),
                                     {"after_round": "1"})
    assert response.status_code == 302
    players[0].refresh_from_db()
    assert players[0].dropped_after_round == 1
    response = organiser_client.post(action_url(event, players[0], "substitute"),
                                     {"guest_name": "Invaller"})
    assert response.status_code == 302
    substitute = event.registrations.get(guest_name="Invaller")
    assert substitute.substitute_for == players[0]
    page = organiser_client.get(f"/en/events/{event.pk}/door/").content.decode()
    assert "substitute for P1 Speler" in page


def test_it_refuses_a_substitute_for_a_player_who_plays_on(
    organiser_client: Client, event: Event, players: list[Registration]
) -> None:
    response = organiser_client.post(action_url(event, players[0], "substitute"),
                                     {"guest_name": "Invaller"})
    assert response.status_code == 400
    assert "has not dropped out" in response.content.decode()
    assert not event.registrations.filter(guest_name="Invaller").exists()


def test_it_refuses_a_drop_out_without_a_round(
    organiser_client: Client, event: Event, players: list[Registration]
) -> None:
    response = organiser_client.post(action_url(event, players[0], "drop-out"),
                                     {"after_round": "x"})
    assert response.status_code == 400
    players[0].refresh_from_db()
    assert players[0].dropped_after_round is None


def test_it_answers_404_for_an_unknown_action(
    organiser_client: Client, event: Event, players: list[Registration]
) -> None:
    assert organiser_client.post(action_url(event, players[0], "explode")).status_code == 404


def test_it_refuses_get_for_actions(
    organiser_client: Client, event: Event, players: list[Registration]
) -> None:
    assert organiser_client.get(action_url(event, players[0], "withdraw")).status_code == 405
    players[0].refresh_from_db()
    assert players[0].status == RegistrationStatus.REGISTERED


def test_it_refuses_the_outsider_everywhere(
    outsider_client: Client, event: Event, players: list[Registration], member: Member
) -> None:
    assert outsider_client.post(f"/en/events/{event.pk}/registrations/member/",
                                {"member": member.pk}).status_code == 404
    assert outsider_client.post(f"/en/events/{event.pk}/registrations/guest/",
                                {"guest_name": "X"}).status_code == 404
    for action in ("approve", "withdraw", "check-in", "late", "drop-out", "substitute"):
        response = outsider_client.post(action_url(event, players[0], action),
                                        {"after_round": "0", "guest_name": "X"})
        assert response.status_code == 404, action
    players[0].refresh_from_db()
    assert (players[0].status, players[0].checked_in_at, players[0].dropped_after_round) == (
        RegistrationStatus.REGISTERED, None, None)
    assert event.registrations.count() == len(players)
