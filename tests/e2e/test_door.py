"""The door in a real browser (issue 15): an organiser at a busy door with a
phone (390 px) or a laptop (1280 px) searches, checks in with one tap and
undoes it, checks in everyone, registers several members at once; and a
club evening of 13 with a late arrival in round 2 and a dropout, round 2
seated again by table points. In Dutch, as the organisers use it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from tests.e2e.test_live import new_page  # noqa: F401 (fixture)
from tests.support.factories import EventFactory, MemberFactory
from tournaments.models import (
    Event,
    EventKind,
    Registration,
    Round,
    RoundStatus,
    SeatingMethod,
)
from tournaments.services import presence, rounds
from tournaments.services.registration import register

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NAMES = [("Anna", "de Boer"), ("Bram", "Bakker"), ("Cor", "van Dijk"), ("Dirk", "Jansen"),
         ("Els", "de Vries"), ("Femke", "Visser"), ("Gert", "Smit"), ("Hans", "Meijer"),
         ("Ineke", "van der Meer"), ("Jan", "Mulder"), ("Karin", "Bos"), ("Lex", "Vos"),
         ("Özlem", "Çelik"), ("Nico", "Hendriks"), ("Olga", "van Leeuwen"),
         ("Piet", "Dekker"), ("Mies", "Peters"), ("Ruud", "Brouwer")]


def club_event(organiser: User, players: int, **fields: Any) -> tuple[Event, list[Registration]]:
    event = EventFactory(title="Clubavond Fu-Hing", **fields)
    event.club.organisers.add(organiser)
    registrations = [
        register(event, member=MemberFactory(club=event.club, first_name=first, last_name=last))
        for first, last in NAMES[:players]
    ]
    return event, registrations


def no_cut_off_buttons(page: Any) -> None:
    """Every button of the door's rows fits the screen and its own label."""
    problems = page.evaluate("""() => {
        const width = window.innerWidth;
        return [...document.querySelectorAll('.door-row button, .door-more > summary')]
          .filter((el) => el.offsetParent !== null)
          .filter((el) => { const box = el.getBoundingClientRect();
                            return box.right > width + 0.5 || el.scrollWidth > el.clientWidth + 1; })
          .map((el) => el.textContent.trim());
    }""")
    assert problems == [], problems


def focus_settled(row: Any) -> None:
    """door.js moves the focus to a swapped row's first button once htmx has
    settled (20 ms after the swap). Wait for it: a `fill` that starts before
    would see its keystrokes go to that button instead of the search box."""
    expect(row.locator("button, summary").first).to_be_focused()


def counts(page: Any) -> str:
    return " ".join(page.locator("#door-counts").inner_text().split())


@pytest.mark.parametrize("width", [390, 1280])
def test_the_door_search_check_in_undo_everyone_and_bulk_registration(
        new_page: Any, live_server: Any, organiser: User, artifacts: Path,  # noqa: F811
        width: int) -> None:
    event, players = club_event(organiser, 16)
    for first, last in (("Tom", "Jansen"), ("Tineke", "ter Horst"), ("Wim", "Willems")):
        MemberFactory(club=event.club, first_name=first, last_name=last,
                      joined_on=event.start_date)
    page = new_page("alice", password="password", width=width)
    door = f"{live_server.url}/events/{event.pk}/door/"
    page.goto(door)
    page.evaluate("window.doorLoaded = true")  # gone after a reload
    names = page.locator(".door-row .door-name").all_inner_texts()
    assert names[:3] == ["Bram Bakker", "Anna de Boer", "Karin Bos"]  # Dutch surname order
    assert "16 ingeschreven" in counts(page) and "0 aanwezig" in counts(page)
    no_cut_off_buttons(page)
    page.screenshot(path=str(artifacts / f"door-{width}.png"), full_page=True)

    # Search as you type, without case or accents.
    page.fill("#door-q", "CELIK")
    page.locator(".door-row").filter(has_text="Özlem Çelik").wait_for()
    expect(page.locator("#door-list .door-row")).to_have_count(1)
    page.fill("#door-q", "boer")
    expect(page.locator("#door-list .door-name")).to_have_text(["Anna de Boer"])

    # One tap: present; one tap: undone. No page load in between.
    row = page.locator(".door-row", has_text="Anna de Boer")
    row.get_by_role("button", name="Aanwezig").click()
    row.locator(".door-info", has_text="aanwezig sinds").wait_for()
    assert "1 aanwezig" in counts(page)
    page.locator("#door-status", has_text="Anna de Boer is aanwezig.").wait_for()
    no_cut_off_buttons(page)
    page.screenshot(path=str(artifacts / f"door-{width}-checked-in.png"), full_page=True)
    row.get_by_role("button", name="Ongedaan maken").click()
    row.get_by_role("button", name="Aanwezig").wait_for()
    page.locator("#door-status", has_text="ongedaan gemaakt").wait_for()
    focus_settled(row)
    assert "0 aanwezig" in counts(page)
    assert page.evaluate("window.doorLoaded === true")
    assert Registration.objects.get(pk=players[0].pk).checked_in_at is None

    # "Komt later" from the row's menu: not checked in, expected later.
    page.fill("#door-q", "visser")
    femke = page.locator(".door-row", has_text="Femke Visser")
    femke.wait_for()
    expect(page.locator("#door-list .door-row")).to_have_count(1)
    femke.locator(".door-more > summary").click()
    femke.get_by_role("button", name="Komt later").click()
    femke.locator(".door-info", has_text="komt later").wait_for()
    focus_settled(femke)
    assert "1 verwacht later" in counts(page)

    # Everyone else at once, after a confirmation.
    page.fill("#door-q", "")
    expect(page.locator("#door-list .door-row")).to_have_count(16)
    page.get_by_text("Iedereen aanwezig melden").click()
    confirm = page.get_by_role("button", name="Ja, meld 15 spelers aanwezig")
    page.screenshot(path=str(artifacts / f"door-{width}-everyone.png"), full_page=False)
    confirm.click()
    page.locator(".messages", has_text="15 spelers zijn aanwezig gemeld.").wait_for()
    assert "15 aanwezig" in counts(page) and "1 verwacht later" in counts(page)

    # Several members at once; those registered are not offered.
    page.get_by_role("link", name="Spelers inschrijven").first.click()
    offered = page.locator(".door-pick-list label").all_inner_texts()
    assert [name.strip() for name in offered] == ["Tineke ter Horst", "Tom Jansen",
                                                  "Wim Willems"]
    page.fill("#pick-filter", "t")
    page.get_by_role("button", name="Kies alle getoonde").click()
    assert page.locator("[data-picked-count]").inner_text() == "2"
    no_cut_off_buttons(page)
    page.screenshot(path=str(artifacts / f"door-{width}-register.png"), full_page=True)
    page.get_by_role("button", name="Gekozen leden inschrijven").click()
    page.locator(".messages", has_text="2 leden zijn ingeschreven").wait_for()
    assert set(event.registrations.values_list("member__first_name", flat=True)) >= {
        "Tom", "Tineke"}
    assert "18 ingeschreven" in counts(page)
    page.screenshot(path=str(artifacts / f"door-{width}-after-registration.png"),
                    full_page=True)


def play_round(round_: Round) -> None:
    """Start, one hand per table (North wins: under Hong Kong rules only the
    winner's fan counts), close: table points by the event's scheme."""
    rounds.start_round(round_)
    for table in round_.tables.order_by("number"):
        positions = list(table.seats.values_list("position", flat=True))[:4]
        values = {p: 0 for p in positions} | {positions[-1]: 3 + table.number}
        rounds.record_hand(table, values=values, winner=positions[-1], east=positions[0])
    rounds.close_round(round_)


def test_a_club_evening_of_13_with_a_late_arrival_and_a_dropout(
        new_page: Any, live_server: Any, organiser: User, artifacts: Path) -> None:  # noqa: F811
    event, players = club_event(organiser, 13, kind=EventKind.EVENING,
                                seating_method=SeatingMethod.FUHING,
                                ranking_order="table_points", ruleset="hongkong")
    femke, gert = players[5], players[6]
    page = new_page("alice", password="password", width=390)
    door = f"{live_server.url}/events/{event.pk}/door/"

    # Before round 1: Femke phoned, she comes later.
    page.goto(door)
    row = page.locator(f"#reg-{femke.pk}")
    row.locator(".door-more > summary").click()
    row.get_by_role("button", name="Komt later").click()
    row.locator(".door-info", has_text="komt later").wait_for()

    first = rounds.seat_round(rounds.add_round(event), seed=5)
    assert sorted(t.seats.count() for t in first.tables.all()) == [4, 4, 4]
    assert femke.pk not in set(first.seats.values_list("registration_id", flat=True))
    play_round(first)

    # After round 1: Gert goes home, Femke arrives.
    page.goto(door)
    row = page.locator(f"#reg-{gert.pk}")
    row.locator(".door-more > summary").click()
    row.get_by_label("Stopt na ronde").fill("1")
    row.get_by_role("button", name="Stoppen").click()
    row.locator(".door-info", has_text="gestopt na ronde 1").wait_for()
    # Round 2 seated now would have 11 players: the round page says what to do.
    second = rounds.add_round(event)
    assert second.seating_method == SeatingMethod.FUHING
    page.goto(f"{live_server.url}/rounds/{second.pk}/")
    page.locator("form[action$='/seat/'] button[type=submit]").click()
    refusal = page.locator(".alert-error")
    refusal.wait_for()
    text = refusal.inner_text()
    assert "11 spelers passen niet aan tafels van 4 en 5 in ronde 2" in text, text
    assert "komt later" in text and "players" not in text
    page.screenshot(path=str(artifacts / "evening-13-390-refusal.png"), full_page=True)

    page.goto(door)
    row = page.locator(f"#reg-{femke.pk}")
    row.get_by_role("button", name="Aanwezig").click()
    row.locator(".door-info", has_text="speelt vanaf ronde 2").wait_for()
    assert Registration.objects.get(pk=femke.pk).first_round == 2

    # Seated by the table points of round 1; the newcomer has none and sits last.
    page.goto(f"{live_server.url}/rounds/{second.pk}/")
    page.locator("form[action$='/seat/'] button[type=submit]").click()
    page.locator(".messages").wait_for()
    second.refresh_from_db()
    assert second.status == RoundStatus.SEATED
    tables = rounds.round_tables(second)
    assert [len(t) for t in tables] == [4, 4, 4]
    seated = {player for table in tables for player in table}
    assert femke.pk in seated and gert.pk not in seated
    assert femke.pk in tables[-1]
    assert presence.reseat_notice(event) is None
    page.screenshot(path=str(artifacts / "evening-13-390-round-2.png"), full_page=True)
    page.goto(door)
    assert "gestopt" in page.locator("#door-counts").inner_text()
    page.screenshot(path=str(artifacts / "evening-13-390-door.png"), full_page=True)


def test_the_event_page_of_64_players_is_short(
        new_page: Any, live_server: Any, organiser: User, artifacts: Path) -> None:  # noqa: F811
    """Issue 15: the event page of a 64-player event rendered 269 forms and
    was 7,870 px long at 390 px; its registrations are now a summary and a
    link to the door."""
    event = EventFactory(title="Toernooi van 64", kind=EventKind.TOURNAMENT)
    event.club.organisers.add(organiser)
    for index in range(64):
        first, last = NAMES[index % len(NAMES)]
        register(event, member=MemberFactory(club=event.club, first_name=first,
                                             last_name=f"{last} {index}"))
    page = new_page("alice", password="password", width=390)
    page.goto(f"{live_server.url}/events/{event.pk}/")
    section = page.locator("section.door-summary")
    height = section.bounding_box()["height"]
    forms = page.locator("form").count()
    total = page.evaluate("document.documentElement.scrollHeight")
    print(f"event page at 390 px: {forms} forms, {total} px; registrations {height:.0f} px")
    assert forms < 20 and height < 700, (forms, height)
    section.screenshot(path=str(artifacts / "event-64-390-registrations.png"))
    page.get_by_role("link", name="Naar de deur: aanmelden en inschrijven").click()
    expect(page.locator("#door-list .door-row")).to_have_count(64)
    # The rows are served whole; search as you type needs htmx, which starts
    # with the page's deferred scripts (typing earlier is not seen by it).
    page.wait_for_load_state("load")
    page.fill("#door-q", "jansen 3")
    expect(page.locator("#door-list .door-name")).to_have_text(["Dirk Jansen 3", "Dirk Jansen 39"])
