"""The member's and visitor's pages (issue 15): "Mijn toernooien" with
running, coming and recent events and the member's state in each; the
public list of events and of clubs, reached from the home page; the season
page that explains its rules."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from clubs.models import Club, Member
from clubs.season_options import SeasonOptions
from tests.members.conftest import carol_of
from tests.pages.conftest import play_and_close
from tournaments import season_rules
from tournaments.models import Event, EventStatus, Registration, Seat
from tournaments.season import SeasonRow
from tournaments.services import registration as registrations

pytestmark = pytest.mark.django_db


def _days(count: int) -> datetime.date:
    return timezone.localdate() + datetime.timedelta(days=count)


def _section(page: str, heading: str) -> str:
    """The part of the page from `heading` to the next h2."""
    start = page.index(heading)
    end = page.find("<h2", start + 1)
    return page[start:end if end > 0 else len(page)]


# --- Mijn toernooien -----------------------------------------------------------------


def test_my_events_shows_running_coming_and_recent(
        member_client: Client, member: Member, running: Event, club: Club,
        other_club: Club) -> None:
    coming = Event.objects.create(club=club, title="Volgende week", start_date=_days(7))
    full = Event.objects.create(club=club, title="Vol", start_date=_days(14), max_places=3,
                                self_registration=True)
    for index in range(3):
        registrations.register(full, guest_name=f"Gast {index}")
    registrations.register(full, member=member, by_organiser=False)
    played = Event.objects.create(club=club, title="Vorige week", start_date=_days(-7),
                                  status=EventStatus.FINISHED)
    Registration.objects.create(event=played, member=member)
    # Someone else's withdrawal does not hide the evening carol played.
    Registration.objects.create(event=played, guest_name="Weg", status="withdrawn")
    skipped = Event.objects.create(club=club, title="Zonder carol", start_date=_days(-8),
                                   status=EventStatus.FINISHED)
    Event.objects.create(club=club, title="Geheim", start_date=_days(3),
                         status=EventStatus.DRAFT)
    Event.objects.create(club=other_club, title="Elders", start_date=_days(3))
    Event.objects.create(club=club, title="Lang geleden", start_date=_days(-400),
                         status=EventStatus.FINISHED)
    page = member_client.get("/en/events/mine/").content.decode()
    playing = _section(page, "Playing now")
    assert "Clubavond vandaag" in playing and "My table now" in playing
    seat = Seat.objects.get(registration=carol_of(running, member))
    assert f"Table {seat.table.number}" in playing
    upcoming = _section(page, "Coming up")
    assert coming.title in upcoming and "You are not registered." in upcoming
    assert f'action="/en/events/{coming.pk}/register/"' in upcoming
    assert "You are on the waiting list, at position 1." in upcoming
    recent = _section(page, "Recently played")
    assert played.title in recent and skipped.title not in page
    for hidden in ("Geheim", "Elders", "Lang geleden"):
        assert hidden not in page
    # Running first: the member's table is the first thing on the page.
    assert page.index("My table now") < page.index("Coming up") < page.index("Recently played")


def test_my_events_shows_another_clubs_event_the_member_plays_in(
        member_client: Client, member: Member, other_club: Club) -> None:
    theirs = Event.objects.create(club=other_club, title="Open toernooi", start_date=_days(10),
                                  kind="tournament")
    registrations.register(theirs, member=member)
    page = member_client.get("/en/events/mine/").content.decode()
    assert "Open toernooi" in page and other_club.name in page
    assert "You are registered." in page


def test_my_events_tells_a_dropped_player_why_they_have_no_seat(
        member_client: Client, member: Member, running: Event,
        make_member: Callable[..., Member]) -> None:
    from tournaments.services import rounds

    late = registrations.register(running, member=make_member(first_name="Laat"))
    registrations.check_in(late, late=True)
    play_and_close(running.rounds.get(number=1))
    registrations.drop_out(carol_of(running, member), after_round=1)
    rounds.seat_round(rounds.add_round(running, seating_method="random"), method="random",
                      seed=2)
    page = member_client.get("/en/events/mine/").content.decode()
    assert "You dropped out after round 1." in page
    assert "You do not play in round 2: you dropped out." in page
    assert "My table now" not in page and "My next seat" not in page


def test_my_events_shows_the_next_seat_of_a_late_arrival(
        client: Client, running: Event, make_member: Callable[..., Member],
        django_user_model: type) -> None:
    from tournaments.services import rounds

    user = django_user_model.objects.create_user("laat")
    late = registrations.register(running, member=make_member(first_name="Laat", user=user))
    registrations.check_in(late, late=True)
    client.force_login(user)
    page = client.get("/en/events/mine/").content.decode()
    assert "You are not seated in round 1" in page and "My table now" not in page
    play_and_close(running.rounds.get(number=1))
    round_two = rounds.seat_round(rounds.add_round(running, seating_method="random"),
                                  method="random", seed=2)
    page = client.get("/en/events/mine/").content.decode()
    seat = Seat.objects.get(registration=late, round=round_two)
    assert "My next seat" in page and f"Table {seat.table.number}" in page


def test_a_finished_event_says_where_the_member_finished(
        member_client: Client, member: Member, running: Event) -> None:
    """"Recently played" said "You are registered." of a finished event; it
    says the member's place in the final standings, as its standings do."""
    from tournaments.services import events, standings

    play_and_close(running.rounds.get(number=1))
    events.finish_event(running)
    carol = carol_of(running, member)
    row = next(row for row in standings.event_standings(running) if row.key == carol.pk)
    ranked = [r for r in standings.event_standings(running) if r.ranked]
    page = member_client.get("/en/events/mine/").content.decode()
    recent = _section(page, "Recently played")
    assert "You are registered." not in recent and "You are checked in." not in recent
    shared = sum(1 for r in ranked if r.position == row.position) > 1
    place = (f"You finished in shared place {row.position} of {len(ranked)}." if shared
             else f"You finished in place {row.position} of {len(ranked)}.")
    assert place in recent
    assert f"· score {row.score}" in recent
    with translation.override("nl"):
        dutch = member_client.get(reverse("tournaments:my_events")).content.decode()
    assert f"op{' een gedeelde' if shared else ''} plaats {row.position} van {len(ranked)}" in dutch


def test_my_events_without_a_member_record(client: Client, django_user_model: type) -> None:
    client.force_login(django_user_model.objects.create_user("nobody"))
    page = client.get("/en/events/mine/").content.decode()
    assert "not linked to a club member" in page


# --- The public lists ------------------------------------------------------------------


def test_the_home_page_cards_lead_to_the_lists(client: Client) -> None:
    page = client.get("/en/").content.decode()
    assert 'href="/en/events/"' in page and 'href="/en/events/clubs/"' in page


def test_the_public_list_shows_published_events_only(client: Client, club: Club,
                                                     other_club: Club, running: Event) -> None:
    Event.objects.create(club=club, title="Binnenkort", start_date=_days(5))
    Event.objects.create(club=other_club, title="Bij Philos", start_date=_days(6))
    Event.objects.create(club=club, title="Afgelopen", start_date=_days(-3),
                         status=EventStatus.FINISHED)
    Event.objects.create(club=club, title="Voorjaarstoernooi", start_date=_days(-200),
                         status=EventStatus.FINISHED)
    Event.objects.create(club=club, title="Concept", start_date=_days(5),
                         status=EventStatus.DRAFT)
    page = client.get("/en/events/").content.decode()
    assert "Clubavond vandaag" in _section(page, "Playing now")
    upcoming = _section(page, "Coming up")
    assert "Binnenkort" in upcoming and "Bij Philos" in upcoming
    assert "Afgelopen" in _section(page, "Recently finished")
    # Walkthrough finding: last spring's tournament could not be found.
    assert "Voorjaarstoernooi" in _section(page, "Earlier")
    assert "Concept" not in page
    assert f'href="/en/events/{running.pk}/standings/"' in page
    # One club's events.
    page = client.get("/en/events/", {"club": other_club.slug}).content.decode()
    assert "Bij Philos" in page and "Binnenkort" not in page
    assert "Events of Philos" in page


def test_an_open_event_of_several_days_stays_coming_up_until_its_last_day(
        client: Client, club: Club) -> None:
    Event.objects.create(club=club, title="Weekend", start_date=_days(-1), days=2)
    Event.objects.create(club=club, title="Vergeten", start_date=_days(-2))
    page = client.get("/en/events/").content.decode()
    assert "Weekend" in page and "Vergeten" not in page


@pytest.mark.parametrize("value", ["", "onbekend", "x" * 51, "a%b", "²", "' OR 1=1 --"])
def test_an_unknown_club_shows_every_club(client: Client, club: Club, value: str) -> None:
    Event.objects.create(club=club, title="Binnenkort", start_date=_days(5))
    response = client.get("/en/events/", {"club": value})
    assert response.status_code == 200
    assert "Binnenkort" in response.content.decode()


def test_the_club_directory(club: Club, other_club: Club, organiser_client: Client) -> None:
    page = Client().get("/en/events/clubs/").content.decode()
    for one in (club, other_club):
        assert one.name in page
        assert f'href="/en/clubs/{one.slug}/season/"' in page
        assert f'href="/en/events/?club={one.slug}"' in page
    assert "Manage" not in page
    page = organiser_client.get("/en/events/clubs/").content.decode()
    assert f'href="/en/clubs/{club.slug}/"' in page
    assert f'href="/en/clubs/{other_club.slug}/"' not in page


# --- The season page explains itself ------------------------------------------------------


@pytest.mark.parametrize(("options", "english", "dutch"), [
    (SeasonOptions(mode="best_n", n=12, attendance_bonus=Decimal("0.5"), min_attendance=5),
     "You qualify after 5 evenings; your best 12 evenings count; plus an attendance bonus "
     "of 0.5 per evening attended.",
     "U bent gekwalificeerd na 5 avonden; uw beste 12 avonden tellen; plus een "
     "aanwezigheidsbonus van 0,5 per aanwezige avond."),
    (SeasonOptions(), "Every evening counts.", "Elke avond telt."),
    (SeasonOptions(mode="best_n", n=1, attendance_bonus=Decimal(1), min_attendance=1,
                   min_players=8),
     "You qualify after 1 evening; your best evening counts; plus an attendance bonus of 1 "
     "per evening attended; an evening counts when at least 8 players play.",
     "U bent gekwalificeerd na 1 avond; uw beste avond telt; plus een aanwezigheidsbonus "
     "van 1 per aanwezige avond; een avond telt als er minstens 8 spelers spelen."),
], ids=["fu-hing", "defaults", "singular"])
def test_the_rules_in_a_sentence(options: SeasonOptions, english: str, dutch: str) -> None:
    with translation.override("en"):
        assert season_rules.rules_sentence(options) == english
    with translation.override("nl"):
        assert season_rules.rules_sentence(options) == dutch


def _row(attended: int, qualified: bool) -> SeasonRow:
    return SeasonRow(key=1, name="Carol", position=None, qualified=qualified,
                     table_points=Decimal(8), score=0, bonus=Decimal(0), attended=attended,
                     counted=())


def test_the_evenings_still_needed() -> None:
    options = SeasonOptions(min_attendance=5)
    assert season_rules.still_needed(_row(2, False), options) == 3
    assert season_rules.still_needed(_row(5, True), options) == 0
    # No minimum: one evening that counts is enough.
    assert season_rules.still_needed(_row(0, False), SeasonOptions()) == 1


def test_the_season_page_explains_its_rules(client: Client, club: Club,
                                            make_member: Callable[..., Member]) -> None:
    Club.objects.filter(pk=club.pk).update(season_options={
        "mode": "best_n", "n": 3, "attendance_bonus": "0.25", "min_attendance": 2})
    year = timezone.localdate().year
    evening = Event.objects.create(club=club, title="Avond", start_date=datetime.date(year, 1, 5))
    for index in range(4):
        registrations.register(evening, member=make_member(first_name=f"S{index}"))
    from tournaments.services import rounds

    play_and_close(rounds.seat_round(rounds.add_round(evening, seating_method="random"),
                                     method="random", seed=1))
    page = client.get(f"/clubs/{club.slug}/season/{year}/").content.decode()
    assert ("U bent gekwalificeerd na 2 avonden; uw beste 3 avonden tellen; plus een "
            "aanwezigheidsbonus van 0,25 per aanwezige avond.") in page
    assert "nog niet gekwalificeerd: nog 1 avond nodig" in page
    page = client.get(f"/en/clubs/{club.slug}/season/{year}/").content.decode()
    assert "not yet qualified: 1 more evening needed" in page
    assert "attendance bonus included" in page


def test_self_check_in_on_the_members_card(member_client: Client, member: Member,
                                           club: Club) -> None:
    event = Event.objects.create(club=club, title="Vanavond", start_date=_days(0),
                                 self_check_in=True)
    carol = registrations.register(event, member=member)
    for page_url in ("/en/events/mine/", f"/en/events/{event.pk}/"):
        page = member_client.get(page_url).content.decode()
        assert "I am here: check me in" in page, page_url
    registrations.check_in(carol)
    page = member_client.get("/en/events/mine/").content.decode()
    assert "I am here: check me in" not in page and "You are checked in." in page
    # Closed by the organiser: no button.
    Event.objects.filter(pk=event.pk).update(self_check_in=False)
    registrations.undo_check_in(carol)
    page = member_client.get("/en/events/mine/").content.decode()
    assert "I am here: check me in" not in page


def test_my_events_leads_a_scorekeeper_to_the_table_they_keep(
        member_client: Client, member: Member, running: Event) -> None:
    """A member who keeps the score of another table than their own finds it
    under My events, not only on the event's page."""
    from tournaments.models import Scorekeeper

    own = Seat.objects.get(round__event=running, registration=carol_of(running, member)).table
    kept = running.rounds.get(number=1).tables.exclude(pk=own.pk).first()
    Scorekeeper.objects.create(user=member.user, event=running, table_number=kept.number)
    page = member_client.get("/en/events/mine/").content.decode()
    assert "Your tables for score entry" in page
    assert f'href="/en/tables/{kept.pk}/score/"' in page
    assert f"Enter the scores of table {kept.number}" in page
    assert f'href="/en/tables/{own.pk}/score/"' not in page  # not hers to keep
