"""The door (tournaments/views/door.py): search, one-tap check-in with undo,
"arrives later", everyone present, bulk registration, self check-in; htmx
partial answers and the plain POST + redirect without JavaScript."""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable

import pytest
from django.test import Client

from clubs.models import Club, Member
from tournaments.models import Event, Registration, Round
from tournaments.services import registration as registrations
from tournaments.services import rounds

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def door_url(event: Event) -> str:
    return f"/en/events/{event.pk}/door/"


def action_url(event: Event, registration: Registration, action: str) -> str:
    return f"/en/events/{event.pk}/registrations/{registration.pk}/{action}/"


def names_in(page: str) -> list[str]:
    return re.findall(r'<span class="door-name">([^<]+)</span>', page)


@pytest.fixture
def dutch_names(event: Event, make_member: Callable[..., Member]) -> list[Registration]:
    people = [("Piet", "van der Meer"), ("Anna", "de Boer"), ("Özlem", "Çelik"),
              ("Wim", "Willems"), ("Jan", "Bakker")]
    return [registrations.register(event, member=make_member(first_name=first, last_name=last))
            for first, last in people]


def test_the_door_lists_players_in_dutch_surname_order(
        organiser_client: Client, event: Event, dutch_names: list[Registration]) -> None:
    page = organiser_client.get(door_url(event)).content.decode()
    assert names_in(page) == ["Jan Bakker", "Anna de Boer", "Özlem Çelik",
                              "Piet van der Meer", "Wim Willems"]
    assert "5</strong> registered" in page and "0</strong> present" in page


def test_search_as_you_type_ignores_case_and_accents(
        organiser_client: Client, event: Event, dutch_names: list[Registration]) -> None:
    response = organiser_client.get(door_url(event), {"q": "CELIK"}, **HTMX)
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="door-list"')  # the list only
    assert names_in(page) == ["Özlem Çelik"]
    assert "HX-Request" in response["Vary"]
    assert names_in(organiser_client.get(door_url(event), {"q": "van der"}).content.decode()) \
        == ["Piet van der Meer"]
    # A search nobody matches, and a search too long for the door, list
    # nobody and everyone; neither is an error.
    assert names_in(organiser_client.get(door_url(event), {"q": "zzz"}).content.decode()) == []
    response = organiser_client.get(door_url(event), {"q": "x" * 500, "show": "nonsense"})
    assert response.status_code == 200 and len(names_in(response.content.decode())) == 5


def test_one_tap_check_in_and_undo_with_htmx(
        organiser_client: Client, event: Event, dutch_names: list[Registration]) -> None:
    anna = dutch_names[1]
    response = organiser_client.post(action_url(event, anna, "check-in"), {"q": "boer"}, **HTMX)
    assert response.status_code == 200
    page = response.content.decode()
    assert f'id="reg-{anna.pk}"' in page and "Undo" in page
    assert 'id="door-counts" class="door-counts" hx-swap-oob="true"' in page
    assert "1</strong> present" in page and "Anna de Boer is present." in page
    assert Registration.objects.get(pk=anna.pk).checked_in_at is not None

    response = organiser_client.post(action_url(event, anna, "undo-check-in"), **HTMX)
    assert response.status_code == 200
    assert "The check-in of Anna de Boer is undone." in response.content.decode()
    assert Registration.objects.get(pk=anna.pk).checked_in_at is None


def test_without_javascript_a_tap_redirects_back_to_the_search(
        organiser_client: Client, event: Event, dutch_names: list[Registration]) -> None:
    anna = dutch_names[1]
    response = organiser_client.post(action_url(event, anna, "check-in"),
                                     {"q": "boer", "show": "expected"})
    assert response.status_code == 302
    assert response["Location"] == f"{door_url(event)}?q=boer&show=expected#reg-{anna.pk}"
    page = organiser_client.get(response["Location"]).content.decode()
    assert "Anna de Boer is present." in page


def test_a_refused_tap_says_why_and_changes_nothing(
        organiser_client: Client, event: Event, dutch_names: list[Registration]) -> None:
    anna = dutch_names[1]
    response = organiser_client.post(action_url(event, anna, "undo-check-in"), **HTMX)
    assert response.status_code == 400
    page = response.content.decode()
    assert 'role="alert">Anna de Boer has not checked in.' in page
    response = organiser_client.post(action_url(event, anna, "undo-check-in"))
    assert response.status_code == 400
    assert "Anna de Boer has not checked in." in response.content.decode()


def test_the_more_menu_loads_in_the_row_or_as_a_page(
        organiser_client: Client, event: Event, dutch_names: list[Registration]) -> None:
    anna = dutch_names[1]
    url = f"/en/events/{event.pk}/door/{anna.pk}/"
    fragment = organiser_client.get(url, **HTMX).content.decode()
    assert fragment.startswith('<div class="door-menu-forms">')
    assert "Arrives later" in fragment and "Drops out after round" in fragment
    page = organiser_client.get(url).content.decode()
    assert "<h1>Anna de Boer</h1>" in page and "Arrives later" in page


def test_arrives_later_is_no_check_in(
        organiser_client: Client, event: Event, dutch_names: list[Registration]) -> None:
    wim = dutch_names[3]
    response = organiser_client.post(action_url(event, wim, "late"), **HTMX)
    page = response.content.decode()
    assert "arrives later" in page and "1</strong> arrive later" in page
    wim.refresh_from_db()
    assert wim.late and wim.checked_in_at is None


def test_check_in_everyone(organiser_client: Client, event: Event,
                           dutch_names: list[Registration]) -> None:
    registrations.mark_late(dutch_names[0])
    page = organiser_client.get(door_url(event)).content.decode()
    assert "Check in the 4 players who are not here yet?" in page
    response = organiser_client.post(f"/en/events/{event.pk}/door/everyone/")
    assert response.status_code == 302
    assert "4 players are checked in." in organiser_client.get(response["Location"]).content.decode()
    assert Registration.objects.filter(event=event, checked_in_at__isnull=False).count() == 4


def test_a_late_arrival_after_seating_is_told_to_reseat(
        organiser_client: Client, event: Event, players: list[Registration],
        seated_round: Round) -> None:
    late = registrations.register(event, guest_name="Laatkomer")
    page = organiser_client.get(door_url(event)).content.decode()
    assert "Laatkomer plays in round 1 but has no seat." in page
    assert "Seat round 1 again before it starts." in page
    rounds.seat_round(seated_round, seed=4)  # 9 players: a table of 5
    assert "has no seat" not in organiser_client.get(door_url(event)).content.decode()
    assert late.pk in set(seated_round.seats.values_list("registration_id", flat=True))


# --- Registering ------------------------------------------------------------------------


def test_registration_offers_only_members_not_registered(
        organiser_client: Client, event: Event, dutch_names: list[Registration],
        make_member: Callable[..., Member]) -> None:
    new = make_member(first_name="Nieuw", last_name="van Dijk")
    page = organiser_client.get(f"/en/events/{event.pk}/door/register/").content.decode()
    offered = re.findall(r'name="member" value="(\d+)"', page)
    assert offered == [str(new.pk)]
    assert "1 member not registered yet" in page


def test_bulk_registration_of_chosen_members(
        organiser_client: Client, event: Event, make_member: Callable[..., Member]) -> None:
    chosen = [make_member(first_name=name) for name in ("Ada", "Bea", "Cas")]
    response = organiser_client.post(f"/en/events/{event.pk}/registrations/member/",
                                     {"member": [m.pk for m in chosen[:2]]})
    assert response.status_code == 302 and response["Location"] == door_url(event)
    assert set(event.registrations.values_list("member", flat=True)) == {
        chosen[0].pk, chosen[1].pk}
    page = organiser_client.get(response["Location"]).content.decode()
    assert "2 members are registered" in page


def test_bulk_registration_of_all_active_members(
        organiser_client: Client, event: Event, make_member: Callable[..., Member],
        member: Member) -> None:
    recent = datetime.date(2030, 6, 1)  # active on the event's day (Art. 10)
    Member.objects.filter(pk=member.pk).update(joined_on=recent)
    others = [make_member(first_name=f"Lid{i}", joined_on=recent) for i in range(3)]
    make_member(first_name="Weg", joined_on=datetime.date(2020, 1, 1))  # lapsed
    response = organiser_client.post(f"/en/events/{event.pk}/registrations/member/",
                                     {"everyone": "on"})
    assert response.status_code == 302
    assert set(event.registrations.values_list("member", flat=True)) == {
        member.pk, *(m.pk for m in others)}


def test_bulk_registration_without_a_choice_is_refused(
        organiser_client: Client, event: Event, member: Member) -> None:
    response = organiser_client.post(f"/en/events/{event.pk}/registrations/member/", {})
    assert response.status_code == 400
    assert "Choose at least one member to register." in response.content.decode()
    assert not event.registrations.exists()


def test_a_guest_is_registered_at_the_door(organiser_client: Client, event: Event) -> None:
    response = organiser_client.post(f"/en/events/{event.pk}/registrations/guest/",
                                     {"guest_name": "Gast Een", "guest_club": "Philos"})
    guest = event.registrations.get()
    assert response["Location"] == f"{door_url(event)}#reg-{guest.pk}"


# --- Self check-in ------------------------------------------------------------------------


def test_self_check_in_is_opened_at_the_door_with_a_qr_code(
        organiser_client: Client, event: Event) -> None:
    response = organiser_client.post(f"/en/events/{event.pk}/door/self-check-in/", {"open": "1"})
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.self_check_in
    page = organiser_client.get(f"/en/events/{event.pk}/door/qr/").content.decode()
    assert "<svg" in page and f"/events/{event.pk}/check-in/" in page
    organiser_client.post(f"/en/events/{event.pk}/door/self-check-in/", {"open": "0"})
    event.refresh_from_db()
    assert not event.self_check_in
    assert organiser_client.post(f"/en/events/{event.pk}/door/self-check-in/",
                                 {"open": "maybe"}).status_code == 400


def test_a_member_checks_in_from_their_phone(
        member_client: Client, event: Event, member: Member) -> None:
    registration = registrations.register(event, member=member)
    url = f"/en/events/{event.pk}/check-in/"
    assert "You check in at the door." in member_client.get(url).content.decode()
    assert member_client.post(url).status_code == 400  # closed
    registrations.set_self_check_in(event, open_=True)
    page = member_client.get(url).content.decode()
    assert "I am here: check me in" in page
    response = member_client.post(url, {"next": "//evil.example/x"})
    assert response.status_code == 302 and response["Location"] == url
    registration.refresh_from_db()
    assert registration.checked_in_at is not None
    assert "You are checked in" in member_client.get(url).content.decode()


def test_a_member_not_registered_cannot_check_in(
        member_client: Client, event: Event) -> None:
    registrations.set_self_check_in(event, open_=True)
    url = f"/en/events/{event.pk}/check-in/"
    assert "You are not registered" in member_client.get(url).content.decode()
    response = member_client.post(url)
    assert response.status_code == 400
    assert not event.registrations.exists()


def test_the_door_is_for_the_clubs_organisers_only(
        outsider_client: Client, member_client: Client, client: Client, event: Event,
        players: list[Registration], club: Club) -> None:
    for other in (outsider_client, member_client):
        assert other.get(door_url(event)).status_code == 404
        assert other.post(f"/en/events/{event.pk}/door/everyone/").status_code == 404
        assert other.post(action_url(event, players[0], "check-in")).status_code == 404
    assert client.get(door_url(event)).status_code == 302
    assert not event.registrations.filter(checked_in_at__isnull=False).exists()


# --- The event page -----------------------------------------------------------------------


def test_the_event_page_summarises_the_registrations(
        organiser_client: Client, event: Event, make_member: Callable[..., Member]) -> None:
    for index in range(64):
        registrations.register(event, member=make_member(first_name=f"Speler{index:02}"))
    page = organiser_client.get(f"/en/events/{event.pk}/").content.decode()
    assert f'href="/en/events/{event.pk}/door/"' in page
    assert "64</strong> registered" in page
    section = page[page.index('id="registrations-heading"'):page.index('id="rounds-heading"')]
    assert section.count("<form") == 0
    assert page.count("<form") < 20


def test_players_who_played_play_on_without_checking_in(
        organiser_client: Client, event: Event, players: list[Registration],
        seated_round: Round) -> None:
    from tests.pages.conftest import play_and_close

    play_and_close(seated_round)  # nobody checked in: all 8 played round 1
    page = organiser_client.get(door_url(event)).content.decode()
    assert "8</strong> present" in page and "0</strong> not here yet" in page
    assert page.count("plays on (played round 1)") == 8
    assert "Check in everyone" not in page
    assert registrations.check_in_all_registered(event) == []


def test_a_dropout_is_recorded_and_taken_back_at_the_door(
        organiser_client: Client, event: Event, dutch_names: list[Registration]) -> None:
    piet = dutch_names[0]
    response = organiser_client.post(action_url(event, piet, "drop-out"), {"after_round": "0"},
                                     **HTMX)
    assert "does not play" in response.content.decode()
    menu = organiser_client.get(f"/en/events/{event.pk}/door/{piet.pk}/", **HTMX)
    assert "Plays on after all" in menu.content.decode()
    response = organiser_client.post(action_url(event, piet, "undo-drop-out"), **HTMX)
    assert "Piet van der Meer plays on." in response.content.decode()
    piet.refresh_from_db()
    assert piet.dropped_after_round is None


def test_a_finished_event_offers_no_check_in(
        organiser_client: Client, event: Event, dutch_names: list[Registration]) -> None:
    Event.objects.filter(pk=event.pk).update(status="finished")
    page = organiser_client.get(door_url(event)).content.decode()
    assert names_in(page) and "check-in/" not in page and "Check in everyone" not in page
    response = organiser_client.post(action_url(event, dutch_names[0], "check-in"))
    assert response.status_code == 400 and "is finished" in response.content.decode()


def test_a_member_registered_once_play_started_is_told_they_are_checked_in(
        organiser_client: Client, event: Event, players: list[Registration],
        seated_round: Round, make_member: Callable[..., Member]) -> None:
    """Walkthrough finding: registered after round 1 started, a player was
    checked in silently, so the organiser's next tap undid it."""
    rounds.start_round(seated_round)
    late = make_member(first_name="Dewi", last_name="Bakker")
    response = organiser_client.post(f"/en/events/{event.pk}/registrations/member/",
                                     {"member": [late.pk]}, follow=True)
    page = response.content.decode()
    assert "1 member is registered: Dewi Bakker. Checked in at once, playing from round 2." \
        in page


def test_a_dropout_during_the_round_still_counts_until_the_round_closes(
        organiser_client: Client, event: Event, players: list[Registration],
        started_round: Round) -> None:
    """Marked to stop after round 1 while round 1 is played: still at the
    table, so still present, said in the future tense; gone once it closes."""
    from tests.pages.conftest import play_and_close

    leaver = players[0]
    response = organiser_client.post(action_url(event, leaver, "drop-out"),
                                     {"after_round": "1"}, **HTMX)
    assert "stops after round 1, plays it to the end" in response.content.decode()
    page = organiser_client.get(door_url(event)).content.decode()
    counts = page[page.index('id="door-counts"'):page.index("</ul>", page.index('id="door-counts"'))]
    assert "8</strong> present" in counts and "dropped out" not in counts, counts
    # The list of those present agrees with the count.
    present = organiser_client.get(door_url(event) + "?show=present").content.decode()
    assert leaver.name in present
    play_and_close(started_round)
    page = organiser_client.get(door_url(event)).content.decode()
    assert "dropped out after round 1" in page and "plays it to the end" not in page
    counts = page[page.index('id="door-counts"'):page.index("</ul>", page.index('id="door-counts"'))]
    assert "7</strong> present" in counts and "1</strong> dropped out" in counts, counts
