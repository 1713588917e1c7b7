"""Lists that read right on a phone (issue 15, item 13): the member list,
the standings, the season and all-time tables, the statistics, the
ranking and a round's results fit a 360 px screen: the page does not
scroll sideways, and neither does any table in it (a table hides its less
important columns there, static/css/app.css ".col-more"). Demo-like data:
twelve members with long Dutch names, two tournaments (one of two days)
and two club evenings, each of two rounds. Screenshots at 390 and 1280 px
in test-artifacts/."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from clubs.models import Club, Member
from common import background as common_background
from rankings import services as ranking_services
from stats import services as stats_services
from stats.keys import person_key
from tests.exports.pdf_support import play_round
from tournaments.models import Event, EventKind, EventStatus, Round
from tournaments.services import finish_event, rounds
from tournaments.services import registration as registrations

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NAMES = [("Jacobine", "van der Meer"), ("Hanneke", "Schouten"), ("Yvonne", "Heemskerk"),
         ("Désirée", "Smits"), ("Petra", "van den Berg"), ("Marieke", "de Boer"),
         ("Zeger", "de Haan"), ("Maarten", "Wessel"), ("Arjen", "Rijnders"),
         ("Jan-Willem", "van 't Hoogerhuijs"), ("Bram", "Dijkstra"), ("Linda", "van Horn")]
EVENTS = [("Achterhoeks Mahjongtoernooi", EventKind.TOURNAMENT, datetime.date(2026, 10, 16), 2),
          ("Groene Hart Voorjaarstoernooi", EventKind.TOURNAMENT, datetime.date(2026, 5, 9), 1),
          ("Clubavond 2 september 2026", EventKind.EVENING, datetime.date(2026, 9, 2), 1),
          ("Clubavond 16 september 2026", EventKind.EVENING, datetime.date(2026, 9, 16), 1)]


@dataclass
class Club15:
    club: Club
    members: list[Member]
    events: list[Event]
    first_round: Round


def _build(organiser: User) -> Club15:
    club = Club.objects.create(name="Mahjongclub Fu-Hing", slug="fu-hing", city="Amsterdam")
    club.organisers.add(organiser)
    members = [Member.objects.create(club=club, first_name=first, last_name=last,
                                     nmb_number=f"NMB{10700 + index}",
                                     date_of_birth=datetime.date(1961, 4, 1 + index))
               for index, (first, last) in enumerate(NAMES)]
    events = []
    for title, kind, day, days in EVENTS:
        event = Event.objects.create(club=club, kind=kind, title=title, start_date=day,
                                     days=days, ruleset="nts", rounds_planned=2,
                                     status=EventStatus.OPEN)
        for member in members:
            registrations.register(event, member=member)
        for number in (1, 2):
            play_round(rounds.seat_round(rounds.add_round(event), seed=number),
                       values=(96 + 8 * number, 40, 24, 8))
        event.refresh_from_db()
        if event.status != EventStatus.FINISHED:
            finish_event(event)
        events.append(event)
    stats_services.recompute_all()
    ranking_services.recompute("nts")
    return Club15(club=club, members=members, events=events,
                  first_round=events[0].rounds.get(number=1))


@pytest.fixture
def club15(organiser: User, monkeypatch: pytest.MonkeyPatch) -> Club15:
    # Recomputed here, once, in order: not after every change while the
    # tournaments are built (common/background.py runs them at once).
    monkeypatch.setattr(common_background, "_run_now", lambda name, key: None)
    return _build(organiser)


@pytest.fixture
def logged_in(browser: Any, live_server: Any, organiser: User) -> Iterator[Any]:
    def make(width: int) -> Any:
        context = browser.new_context(viewport={"width": width, "height": 800})
        contexts.append(context)
        page = context.new_page()
        page.goto(live_server.url + "/accounts/login/")
        page.fill("#id_username", organiser.username)
        page.fill("#id_password", "password")
        page.click("main button[type=submit]")
        page.wait_for_load_state()
        return page

    contexts: list[Any] = []
    yield make
    for context in contexts:
        context.close()


def _pages(data: Club15) -> dict[str, str]:
    tournament, evening = data.events[0], data.events[2]
    member = data.members[9]  # the longest name
    return {
        "members": f"/clubs/{data.club.slug}/",
        "season": f"/clubs/{data.club.slug}/season/2026/",
        "all-time": f"/clubs/{data.club.slug}/all-time/",
        "club-statistics": f"/clubs/{data.club.slug}/statistics/",
        "events": f"/clubs/{data.club.slug}/events/",
        "standings": f"/events/{tournament.pk}/standings/",
        "evening-standings": f"/events/{evening.pk}/standings/",
        "round-results": f"/events/{tournament.pk}/rounds/1/results/",
        "round": f"/rounds/{data.first_round.pk}/",
        "event-statistics": f"/events/{tournament.pk}/statistics/",
        "player-statistics": f"/players/{person_key(member.pk, member.nmb_number)}/statistics/",
        "ranking": "/rankings/nts/",
        "ranking-player": f"/rankings/nts/players/{ranking_services.member_key(member)}/",
    }


# Every element that scrolls sideways, with how far: none may.
SIDEWAYS = """() => [...document.querySelectorAll('body *')].filter(element => {
    const overflow = getComputedStyle(element).overflowX;
    return (overflow === 'auto' || overflow === 'scroll')
        && element.scrollWidth > element.clientWidth + 1;
}).map(element => `${element.tagName}.${element.className}: ${element.scrollWidth}px`)"""


def _settle(page: Any, page_checks: Any) -> None:
    """Let the suite's own checks of the page just loaded (axe, screenshots:
    tests/e2e/page_checks.py) finish before the next page, on a busy machine."""
    checked = getattr(page_checks, "checked", None)
    if checked is None:
        return
    for _ in range(600):  # at most ~30 s
        if any(entry.startswith(page.url + " ") for entry in checked):
            return
        page.wait_for_timeout(50)


def test_no_list_scrolls_sideways_at_360_px(club15: Club15, logged_in: Any, live_server: Any,
                                            artifacts: Path, page_checks: Any) -> None:
    page = logged_in(360)
    wide = {}
    for name, url in _pages(club15).items():
        response = page.goto(live_server.url + url)
        assert response is not None and response.status == 200, (name, url)
        _settle(page, page_checks)
        width = page.evaluate("document.documentElement.scrollWidth")
        scrolling = page.evaluate(SIDEWAYS)
        if width > 360 or scrolling:
            wide[name] = (width, scrolling)
            page.screenshot(path=str(artifacts / f"lists-too-wide-{name}-360.png"),
                            full_page=True)
    assert not wide, wide


def test_what_a_phone_shows_and_a_laptop_adds(club15: Club15, logged_in: Any, live_server: Any,
                                              artifacts: Path, page_checks: Any) -> None:
    pages = _pages(club15)
    phone, laptop = logged_in(390), logged_in(1280)
    for name in ("members", "season", "all-time", "standings", "player-statistics",
                 "ranking-player", "club-statistics"):
        for page, width in ((phone, 390), (laptop, 1280)):
            page.goto(live_server.url + pages[name])
            _settle(page, page_checks)
            page.screenshot(path=str(artifacts / f"lists-{name}-{width}.png"), full_page=True)
    # The member list: on a phone name, membership and the edit link in Dutch
    # surname order; the laptop adds the NMB number and dates.
    for page in (phone, laptop):
        page.goto(live_server.url + pages["members"])
        _settle(page, page_checks)
    for page in (phone, laptop):
        names = page.locator("table.table tbody tr td:first-child").all_inner_texts()
        assert names[:3] == ["Petra van den Berg", "Marieke de Boer", "Bram Dijkstra"]
    assert not phone.get_by_role("columnheader", name="NMB-nummer").is_visible()
    assert laptop.get_by_role("columnheader", name="NMB-nummer").is_visible()
    # The standings: "Tafelpunten" becomes "TP" on a phone, read in full by
    # a screen reader (the accessible name of the header stays).
    phone.goto(live_server.url + pages["standings"])
    _settle(phone, page_checks)
    assert phone.get_by_role("columnheader", name="Tafelpunten").is_visible()
    assert phone.locator("th .label-short", has_text="TP").first.is_visible()
    # A two-day tournament dated by its days, the same on every page.
    for name in ("standings", "event-statistics", "player-statistics", "ranking-player"):
        laptop.goto(live_server.url + pages[name])
        _settle(laptop, page_checks)
        assert "16–17 oktober 2026" in laptop.content(), name
