"""Live pages in a real browser: the standings follow a saved hand without a
reload, a second writer at the same table is told what changed and chooses
to send again or to discard, and the organiser closes a round (refused while
a table has not finished, then with the table points shown)."""

from __future__ import annotations

import datetime
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from django.contrib.auth.models import User
from django.db import OperationalError
from django.utils import timezone

from tests.scoring_entry.conftest import (  # noqa: F401
    new_id,
    players,
    table_keeper,
    table_two,
    values_input,
)
from tournaments.models import Event, Hand, HandAction, HandChange, Round, RoundStatus, Table
from tournaments.services.hands import submit_hand

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


NewPage = Callable[..., Any]
T = TypeVar("T")


@pytest.fixture
def new_page(browser: Any, live_server: Any) -> Iterator[NewPage]:
    """A page in a browser context of its own (its own cookies and storage),
    logged in as `username` unless None. Every context is closed at the end,
    also after a failure, so no page keeps polling the stopped server."""
    contexts: list[Any] = []

    def make(username: str | None = None, password: str = "pw", width: int = 390,
             timezone_id: str | None = None) -> Any:
        context = browser.new_context(viewport={"width": width, "height": 900},
                                      **({"timezone_id": timezone_id} if timezone_id else {}))
        contexts.append(context)
        page = context.new_page()
        if username is not None:
            page.goto(live_server.url + "/en/accounts/login/")
            page.fill("#id_username", username)
            page.fill("#id_password", password)
            page.click("main button[type=submit]")
            page.wait_for_load_state()
        return page

    yield make
    for context in contexts:
        context.close()


def exactly(text: str) -> re.Pattern[str]:
    return re.compile(rf"^\s*{re.escape(text)}\s*$")


def enter_values(page: Any, values: dict[int, int], winner: int) -> None:
    page.check('input[name=mode][value="values"]')
    for position, value in values.items():
        page.fill(f"#se-value-{position}", str(value))
    page.check(f'#se-winner input[value="{winner}"]')
    page.check('#se-discarder input[value=""]')  # self-drawn: chosen, never assumed


def while_pages_poll(service: Callable[[], T]) -> T:
    """Run a service from the test's thread while an open page polls.

    The tests' in-memory SQLite is shared with the live server's thread
    through SQLite's shared cache, where a write that meets a poll reading
    the same table fails at once ("database table is locked") instead of
    waiting as a file database does. Every service runs in one transaction
    and rolled back, so calling it again is what a device or an organiser's
    second click does."""
    for attempt in range(100):
        try:
            return service()
        except OperationalError as error:
            if "locked" not in str(error) or attempt == 99:
                raise
            time.sleep(0.05)
    raise AssertionError("unreachable")


def save(table: Table, user: User, values: dict[int, int], winner: int) -> Hand:
    """A hand saved at the table by a scorekeeper's device (the service the
    score-entry page's API calls)."""
    submission_id = new_id()

    def submit() -> Hand:
        table.refresh_from_db()
        hand, _created = submit_hand(table, game_input=values_input(values, winner=winner),
                                     submission_id=submission_id,
                                     expected_version=table.version, user=user)
        return hand

    return while_pages_poll(submit)


def test_the_standings_follow_a_saved_hand_without_a_reload(
        new_page: NewPage, live_server: Any, settings: Any, event: Event, table: Table,
        keeper: User, artifacts: Path) -> None:
    settings.STANDINGS_POLL_SECONDS = 1
    east, south, west, north = players(table)
    # Anyone may follow a published event: no login.
    page = new_page(width=360)
    page.goto(f"{live_server.url}/en/events/{event.pk}/standings/")
    assert page.locator("#standings").get_attribute("hx-trigger") == "every 1s"
    assert page.locator("#standings", has_text="160").count() == 0
    page.evaluate("window.notReloaded = true")

    # South wins 40 self-drawn, North holds 8: E -96, S +160, W -48, N -16.
    save(table, keeper, {0: 0, 1: 40, 2: 0, 3: 8}, winner=1)
    row = page.locator("#standings tbody tr", has_text=south.name)
    row.locator("td", has_text=exactly("160")).wait_for(timeout=8000)
    assert page.evaluate("window.notReloaded") is True
    cells = row.locator("td").all_inner_texts()
    assert cells[0] == "1" and "160" in cells and "4" in cells  # first, 4 table points
    last = page.locator("#standings tbody tr").last.locator("td").all_inner_texts()
    assert east.name in last[1] and "-96" in last
    page.screenshot(path=str(artifacts / "standings-360-live.png"), full_page=True)

    # The next hand shows up too, still without a reload: West wins 24
    # self-drawn (South is East: pays 48), -48 + 96 = 48.
    save(table, keeper, {0: 0, 1: 0, 2: 24, 3: 0}, winner=2)
    page.locator("#standings tbody tr", has_text=west.name).locator(
        "td", has_text=exactly("48")).wait_for(timeout=8000)
    assert page.evaluate("window.notReloaded") is True


def test_a_second_writer_is_told_what_changed_and_chooses(
        new_page: NewPage, live_server: Any, table: Table, keeper: User,
        table_keeper: User) -> None:  # noqa: F811
    url = f"{live_server.url}/en/tables/{table.pk}/score/"
    state_url = f"**/api/tables/{table.pk}/"
    # Tom's phone is set to New York's time: times on the page stay Amsterdam's.
    vera, tom = new_page("vera"), new_page("tom", timezone_id="America/New_York")
    vera.goto(url)
    tom.goto(url)
    # Tom's page must not learn of Vera's hand before he saves (it re-reads
    # the table every 15 s): hold its re-reads back until he is told.
    tom.route(state_url, lambda route: route.abort())

    # Vera saves hand 1: South wins 40 self-drawn.
    enter_values(vera, {0: 0, 1: 40, 2: 0, 3: 8}, winner=1)
    vera.click("#se-save")
    vera.locator('#se-hands tr[data-hand="1"]').wait_for()
    vera.locator("#se-hand-number", has_text="2").wait_for()

    # Tom, without reloading, saves another hand: East wins 20.
    assert tom.locator("#se-version").inner_text() == "0"
    enter_values(tom, {0: 20, 1: 0, 2: 0, 3: 0}, winner=0)
    tom.click("#se-save")
    conflict = tom.locator('.se-queue-item[data-status="conflict"]')
    conflict.wait_for(timeout=10000)
    told = conflict.inner_text()
    assert "Conflict" in told and "hand 1 was saved by Vera Visser" in told
    # ... and which hand it keeps: Tom's, not Vera's (East, position 0, won 20).
    east = table.seats.get(position=0).registration.name
    assert f"Winner: {east}, value 20" in told
    # Kept at the time it was queued, as the history gives times ("20:22"); its
    # long message wraps in the list of hands instead of widening the page.
    assert re.search(r"\b\d\d:\d\d\b", told) and not re.search(r"\d:\d\d:\d\d|AM|PM", told)
    now = timezone.localtime()  # the site's zone, Europe/Amsterdam
    around = {(now + datetime.timedelta(minutes=m)).strftime("%H:%M") for m in (-1, 0)}
    kept_at = conflict.locator("span.muted").inner_text().strip()
    assert kept_at in around, (kept_at, around)
    assert tom.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    # Exactly Vera's hand, once.
    assert Hand.objects.filter(table=table).count() == 1
    assert Hand.objects.get(table=table).entry["values"] == {"0": 0, "1": 40, "2": 0, "3": 8}

    # Tom has seen what changed and sends his hand again: it becomes hand 2.
    tom.unroute(state_url)
    conflict.get_by_role("button", name="Send again").click()
    tom.locator('#se-hands tr[data-hand="2"]').wait_for(timeout=10000)
    tom.locator("#se-queue-section").wait_for(state="hidden")
    # ... and is told so, as for a hand saved from the form.
    tom.locator("#se-saved", has_text="Hand 2 saved").wait_for()
    hands = list(Hand.objects.filter(table=table).order_by("number"))
    assert [hand.number for hand in hands] == [1, 2]
    assert hands[1].entry["values"] == {"0": 20, "1": 0, "2": 0, "3": 0}
    assert hands[1].entered_by == table_keeper

    # Vera, whose page has not seen hand 2, saves a third: she is told, and
    # discards hers.
    vera.route(state_url, lambda route: route.abort())
    enter_values(vera, {0: 0, 1: 0, 2: 24, 3: 0}, winner=2)
    vera.click("#se-save")
    conflict = vera.locator('.se-queue-item[data-status="conflict"]')
    conflict.wait_for(timeout=10000)
    assert "hand 2 was saved by Tom" in conflict.inner_text()
    vera.unroute(state_url)
    conflict.get_by_role("button", name="Discard").click()
    vera.locator("#se-queue-section").wait_for(state="hidden")
    assert vera.evaluate(f"localStorage.getItem('score-entry-queue-{table.pk}')") == "[]"
    assert list(Hand.objects.filter(table=table).order_by("number").values_list(
        "number", flat=True)) == [1, 2]
    assert HandChange.objects.filter(table=table, action=HandAction.CREATED).count() == 2
    assert not any(hand.entry["values"].get("2") == 24 for hand in Hand.objects.all())


def test_the_organiser_closes_the_round(
        new_page: NewPage, live_server: Any, event: Event, round_: Round,
        table: Table, table_two: Table, keeper: User, artifacts: Path) -> None:  # noqa: F811
    save(table, keeper, {0: 0, 1: 40, 2: 0, 3: 8}, winner=1)
    page = new_page("alice", password="password", width=1024)
    page.goto(f"{live_server.url}/en/rounds/{round_.pk}/")
    progress = page.locator("#table-progress")
    assert "playing" in progress.locator('li[data-table="1"]').inner_text()
    assert "no hands yet" in progress.locator('li[data-table="2"]').inner_text()

    # Closing asks first: table 2 has no hands, so the round cannot close yet,
    # and the page says which table and what to do.
    page.get_by_role("link", name="Close the round").click()
    page.locator("#close-blocking").wait_for()
    assert "No hands have been entered at table 2." in page.locator(
        "#close-blocking").inner_text()
    assert page.locator("#close-confirm").count() == 0
    round_.refresh_from_db()
    assert round_.status == RoundStatus.STARTED

    # Table 2 plays a hand; both tables are still playing, so closing warns
    # and asks to close anyway.
    save(table_two, keeper, {0: 20, 1: 0, 2: 0, 3: 0}, winner=0)
    page.goto(f"{live_server.url}/en/rounds/{round_.pk}/close/")
    assert "Tables 1, 2 have not said they have finished" in page.locator(
        "#close-warnings").inner_text()
    page.get_by_role("button", name="Close the round anyway").click()
    page.locator("text=Round 1 is closed; the standings are updated.").wait_for()
    round_.refresh_from_db()
    assert round_.status == RoundStatus.CLOSED
    east, south, west, north = players(table)
    one = page.locator('table.round-results[data-table="1"] tbody tr')
    assert [row.split("\t")[1] for row in one.all_inner_texts()] == [
        south.name, north.name, west.name, east.name]
    assert [row.split("\t")[-1] for row in one.all_inner_texts()] == ["4", "2", "1", "0"]
    two = page.locator('table.round-results[data-table="2"] tbody tr').all_inner_texts()
    # East won 20 self-drawn: +120; the others share ranks 2-4: (2 + 1 + 0) / 3.
    assert [row.split("\t")[-1] for row in two] == ["4", "1", "1", "1"]

    # The standings after the round, on a phone.
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(f"{live_server.url}/en/events/{event.pk}/standings/?after=1")
    page.locator("#standings tbody tr", has_text=south.name).wait_for()
    page.screenshot(path=str(artifacts / "standings-360-after-round.png"), full_page=True)
