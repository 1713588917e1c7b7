"""A member and a visitor in a real browser (issue 15, "Members"): the member
finds their table in the round being played first thing on "Mijn
toernooien" and on the event page, follows the standings, and sees their
next seat once the next round is seated; an anonymous visitor goes from the
home page to a published event's standings without logging in. At 390 and
1280 px; screenshots under test-artifacts/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from clubs.models import Club, Member
from tests.e2e.test_live import new_page  # noqa: F401 (fixture)
from tests.pages.conftest import play_and_close
from tournaments.models import Event, Registration, Scorekeeper, Seat
from tournaments.services import clock, rounds
from tournaments.services import registration as registrations

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

WIDTHS = [390, 1280]


@pytest.fixture
def evening(organiser: User, django_user_model: type[User]) -> Event:
    """Today's club evening of Fu-Hing, round 1 being played with its clock
    running: carol (who keeps the score at her table) and seven others."""
    club = Club.objects.create(name="Fu-Hing", slug="fu-hing", city="Amsterdam")
    club.organisers.add(organiser)
    carol = Member.objects.create(
        club=club, first_name="Carol", last_name="de Vries",
        user=django_user_model.objects.create_user("carol", password="pw"))
    names = [("Anna", "Bakker"), ("Bram", "van der Meer"), ("Chris", "Jansen"),
             ("Dewi", "de Boer"), ("Eva", "Willems"), ("Femke", "Smit"), ("Gijs", "Visser")]
    event = Event.objects.create(club=club, title="Clubavond Fu-Hing",
                                 start_date=timezone.localdate(), venue="Buurthuis De Pijp",
                                 rounds_planned=2)
    players = [registrations.register(event, member=carol)] + [
        registrations.register(event, member=Member.objects.create(
            club=club, first_name=first, last_name=last)) for first, last in names]
    for player in players:
        registrations.check_in(player)
    round_one = rounds.start_round(rounds.seat_round(
        rounds.add_round(event, seating_method="random"), method="random", seed=4))
    clock.start_clock(round_one)
    table = Seat.objects.get(round=round_one, registration=players[0]).table
    Scorekeeper.objects.create(user=carol.user, event=event, table_number=table.number)
    # A first hand at every table: the standings have something to show.
    for each in round_one.tables.all():
        rounds.record_hand(each, values={0: 40, 1: 20, 2: 10, 3: 0}, winner=0, east=0)
    event.refresh_from_db()
    return event


def carol(event: Event) -> Registration:
    return event.registrations.get(member__first_name="Carol")


def in_first_screen(page: Any, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    return box is not None and box["y"] + 40 < page.viewport_size["height"]


@pytest.mark.parametrize("width", WIDTHS)
def test_a_member_follows_my_table_now_and_the_standings(
        new_page: Any, live_server: Any, evening: Event, artifacts: Path,  # noqa: F811
        width: int) -> None:
    me = carol(evening)
    seat = Seat.objects.select_related("table").get(registration=me, round__number=1)
    others = list(seat.table.seats.exclude(registration=me).select_related(
        "registration__member").order_by("position"))
    page = new_page("carol", width=width)
    page.goto(f"{live_server.url}/en/")
    page.get_by_role("link", name="My events").first.click()
    page.wait_for_load_state()

    card = page.locator(".my-table.is-now")
    assert in_first_screen(page, ".my-table.is-now"), "my table is the first thing on screen"
    assert f"Table {seat.table.number}" in card.locator(".my-table-where").inner_text()
    wind = ["East", "South", "West", "North", "Fifth player"][seat.position]
    assert card.locator(".my-table-wind").inner_text() == wind
    shown = card.locator(".my-table-others li").all_inner_texts()
    assert len(shown) == 3
    for other, text in zip(others, shown, strict=True):
        assert other.registration.name in text
    # The clock of the round, counting down; she keeps the score here.
    assert card.locator(".round-clock [data-clock-time]").is_visible()
    assert card.get_by_role("link", name=f"Enter the scores of table {seat.table.number}"
                            ).get_attribute("href") == f"/en/tables/{seat.table.pk}/score/"
    page.screenshot(path=str(artifacts / f"members-my-table-now-{width}.png"))
    page.screenshot(path=str(artifacts / f"members-my-events-{width}-full.png"), full_page=True)

    # The standings of her event, one tap away.
    page.locator(f"#event-{evening.pk}").get_by_role("link", name="Standings").click()
    page.wait_for_load_state()
    assert "/standings/" in page.url
    page.locator("#standings tbody tr", has_text="Carol de Vries").wait_for()
    page.screenshot(path=str(artifacts / f"members-standings-{width}.png"))

    # The event page shows her table first too.
    page.goto(f"{live_server.url}/en/events/{evening.pk}/")
    assert in_first_screen(page, ".my-table.is-now")
    assert page.locator(".my-table.is-now .my-table-where").inner_text().startswith(
        f"Table {seat.table.number}")
    page.screenshot(path=str(artifacts / f"members-event-page-{width}.png"), full_page=True)

    # Round 1 closed and round 2 seated: her next seat appears.
    play_and_close(evening.rounds.get(number=1))
    round_two = rounds.seat_round(rounds.add_round(evening, seating_method="random"),
                                  method="random", seed=9)
    next_seat = Seat.objects.select_related("table").get(registration=me, round=round_two)
    page.goto(f"{live_server.url}/en/events/mine/")
    upcoming = page.locator(".my-table").first
    assert "My next seat" in upcoming.locator("h3").inner_text()
    assert f"Table {next_seat.table.number}" in upcoming.locator(".my-table-where").inner_text()
    assert page.locator(".my-table.is-now").count() == 0
    page.screenshot(path=str(artifacts / f"members-my-next-seat-{width}.png"))
    # Dutch first: the same page in Dutch.
    page.goto(f"{live_server.url}/events/mine/")
    assert page.locator(".my-table h3").first.inner_text().startswith("Mijn volgende plaats")
    assert page.locator(".my-table-where").first.inner_text().startswith(
        f"Tafel {next_seat.table.number}")
    page.screenshot(path=str(artifacts / f"members-my-next-seat-{width}-nl.png"))


@pytest.mark.parametrize("width", WIDTHS)
def test_a_visitor_goes_from_the_home_page_to_the_standings(
        new_page: Any, live_server: Any, evening: Event, artifacts: Path,  # noqa: F811
        width: int) -> None:
    Event.objects.create(club=evening.club, title="Geheime avond", status="draft",
                         start_date=timezone.localdate())
    page = new_page(None, width=width)
    page.goto(f"{live_server.url}/en/")
    page.get_by_role("link", name="Events", exact=True).click()
    page.wait_for_load_state()
    assert page.url.endswith("/en/events/")
    assert page.locator("text=Geheime avond").count() == 0
    page.screenshot(path=str(artifacts / f"visitors-events-{width}.png"), full_page=True)

    page.get_by_role("link", name="Clubavond Fu-Hing", exact=True).click()
    page.wait_for_load_state()
    assert page.url.endswith(f"/en/events/{evening.pk}/")
    assert page.locator("h1").inner_text() == "Clubavond Fu-Hing"
    assert page.locator(".my-table").count() == 0  # nobody's table for a visitor
    assert page.locator("text=Edit the event").count() == 0
    page.screenshot(path=str(artifacts / f"visitors-event-page-{width}.png"), full_page=True)

    page.locator("main .actions").get_by_role("link", name="Standings").click()
    page.wait_for_load_state()
    assert page.url.endswith(f"/en/events/{evening.pk}/standings/")
    assert "/accounts/login/" not in page.url
    page.locator("#standings tbody tr", has_text="Carol de Vries").wait_for()
    page.screenshot(path=str(artifacts / f"visitors-standings-{width}.png"), full_page=True)

    # The clubs card leads to every club's public pages.
    page.goto(f"{live_server.url}/en/")
    page.get_by_role("link", name="Clubs", exact=True).last.click()
    page.wait_for_load_state()
    assert page.url.endswith("/en/events/clubs/")
    page.get_by_role("link", name="Season ranking Fu-Hing").click()
    page.wait_for_load_state()
    assert "/clubs/fu-hing/season/" in page.url
    page.screenshot(path=str(artifacts / f"visitors-season-{width}.png"), full_page=True)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_season_page_explains_its_rules(new_page: Any, live_server: Any,  # noqa: F811
                                            organiser: User, artifacts: Path,
                                            width: int) -> None:
    """Fu-Hing's rules (read from the club, as the demo has them): qualified
    after 5 evenings, the best 12 count, 0.5 per evening attended; in Dutch."""
    club = Club.objects.create(name="Fu-Hing", slug="fu-hing", city="Amsterdam", season_options={
        "mode": "best_n", "n": 12, "attendance_bonus": "0.5", "min_attendance": 5})
    year = timezone.localdate().year
    members = [Member.objects.create(club=club, first_name=first, last_name=last)
               for first, last in [("Anna", "Bakker"), ("Bram", "van der Meer"),
                                   ("Chris", "Jansen"), ("Dewi", "de Boer")]]
    for day in (6, 13):
        evening = Event.objects.create(club=club, title=f"Clubavond {day} januari",
                                       start_date=timezone.datetime(year, 1, day).date())
        for member in members:
            registrations.register(evening, member=member)
        play_and_close(rounds.seat_round(rounds.add_round(evening, seating_method="random"),
                                         method="random", seed=day))
    page = new_page(None, width=width)
    page.goto(f"{live_server.url}/clubs/fu-hing/season/{year}/")
    rules = page.locator("#season-rules").inner_text()
    assert rules.startswith("U bent gekwalificeerd na 5 avonden; uw beste 12 avonden tellen; "
                            "plus een aanwezigheidsbonus van 0,5 per aanwezige avond.")
    assert page.locator("text=nog niet gekwalificeerd: nog 3 avonden nodig").count() == 4
    page.screenshot(path=str(artifacts / f"season-rules-{width}.png"), full_page=True)
