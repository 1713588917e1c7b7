"""The score-entry page in a real browser: hands by tiles and by values, a
hand entered while the connection is cut, corrections and deletions with
their audit trail, and an outsider refused."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.scoring_entry.conftest import players
from tournaments.models import Hand, HandAction, HandChange, HandScore, Table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def log_in(page: Any, base: str, username: str) -> None:
    page.goto(base + "/en/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "pw")
    page.click("main button[type=submit]")
    page.wait_for_load_state()


def tap(page: Any, tiles: str) -> None:
    """Tap the tiles of a group like "2228m4777p" in the picker."""
    digits: list[str] = []
    for char in tiles:
        if char.isdigit():
            digits.append(char)
        else:
            for digit in digits:
                page.click(f'.se-picker [data-tile="{digit}{char}"]')
            digits = []


def enter_values(page: Any, values: dict[int, int], winner: int,
                 discarder: int | None = None) -> None:
    """A hand by values; `discarder` None: self-drawn (chosen, never assumed)."""
    page.check('input[name=mode][value="values"]')
    for position, value in values.items():
        page.fill(f"#se-value-{position}", str(value))
    page.check(f'#se-winner input[value="{winner}"]')
    page.check(f'#se-discarder input[value="{"" if discarder is None else discarder}"]')


def enter_worked_example(page: Any) -> None:
    """The worked example of seed 003 by tiles, East in seat 0: South wins on
    West's discard, West's hand is dead. The winning tile 3s is picked once:
    it is in South's hand and the winning tile."""
    page.check('input[name=mode][value="tiles"]')
    page.check('#se-winner input[value="1"]')
    page.check('#se-discarder input[value="2"]')
    tap(page, "234456m345678p3s")
    page.check('input[name=target][value="winning"]')
    tap(page, "3s")
    # The next tap adds a tile again, to the player whose tiles are shown.
    assert page.is_checked('input[name=target][value="concealed"]')
    page.check('#se-tile-player input[value="0"]')
    tap(page, "2228m4777p19s555z")
    page.check('#se-tile-player input[value="3"]')
    tap(page, "1245899s222z")
    page.check('input[name=target][value="pung"]')
    # North's declared pung of 6s lies open: only a kong asks whether it
    # was declared concealed (score-interface.md).
    assert page.is_hidden("#se-concealed-kong")
    tap(page, "6s")
    assert page.locator(".se-meld:not(.is-concealed)").count() == 1
    page.click('.se-dead[data-position="2"]')


def open_page(browser: Any, live_server: Any, username: str, width: int = 390
              ) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    log_in(page, live_server.url, username)
    return context, page


def test_a_scorekeeper_enters_hands_online_and_offline(
        browser: Any, live_server: Any, table: Table, keeper: User, artifacts: Path) -> None:
    context, page = open_page(browser, live_server, "vera", width=360)
    url = f"{live_server.url}/en/tables/{table.pk}/score/"
    page.goto(url)
    east, south, west, north = players(table)
    assert page.locator(".se-player.is-east").inner_text().count(east.name) == 1

    # Hand 1 by tiles: the worked example of seed 003.
    enter_worked_example(page)
    page.click("#se-check")
    preview = page.locator("#se-preview")
    preview.locator(".se-settlement").wait_for()
    assert "+384" in preview.inner_text()
    assert "all chows" in preview.inner_text().lower()
    page.screenshot(path=str(artifacts / "score-entry-360-tiles.png"), full_page=True)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.click("#se-save")
    page.locator('#se-hands tr[data-hand="1"]').wait_for()
    # The save's answer carries the history's new row: merged, not read again.
    page.locator('#se-history [data-change="created"][data-number="1"]').wait_for(
        state="attached")
    assert not [url for url in asked if "/history/" in url]
    hand = Hand.objects.get(table=table, number=1)
    assert {s.registration_id: s.settlement for s in HandScore.objects.filter(hand=hand)} == {
        east.pk: 24, south.pk: 384, west.pk: -244, north.pk: -164}

    # Hand 2 by values: South (position 1) is East now.
    # The page has the table's new state (winds moved on) once the number moved.
    page.locator("#se-hand-number", has_text="2").wait_for()
    enter_values(page, {0: 0, 1: 40, 2: 0, 3: 8}, winner=1)
    # A value that is not a whole number is refused by the player's name, not rounded.
    page.fill("#se-value-3", "8.5")
    page.click("#se-save")
    page.locator("#se-preview .alert-error",
                 has_text=f"{north.name}: a value must be a whole number").wait_for()
    assert page.input_value("#se-value-3") == "8.5"
    assert Hand.objects.filter(table=table).count() == 1
    page.fill("#se-value-3", "8")
    page.click("#se-save")
    page.locator('#se-hands tr[data-hand="2"]').wait_for()
    assert Hand.objects.filter(table=table).count() == 2
    assert Hand.objects.get(table=table, number=2).entry["kind"] == "values"

    # Hand 3 with the connection cut: kept on the device, sent once it is back.
    page.locator("#se-hand-number", has_text="3").wait_for()
    context.set_offline(True)
    enter_values(page, {0: 24, 1: 0, 2: 0, 3: 0}, winner=0)
    page.click("#se-save")
    page.locator("#se-queue-section").wait_for(state="visible")
    assert "Not yet sent" in page.locator("#se-queue").inner_text()
    assert "Not yet sent" in page.locator("#se-hands .se-unsent").inner_text()
    queued = page.locator("#se-queue").inner_text()
    assert f"Winner: {east.name}, value 24" in queued
    # Its time as the history gives times, also on an English page: 20:45, not 08:45 PM.
    assert re.search(r"\b\d\d:\d\d\b", queued) and not re.search(r"AM|PM", queued)
    assert Hand.objects.filter(table=table).count() == 2
    page.screenshot(path=str(artifacts / "score-entry-360-offline.png"), full_page=True)
    context.set_offline(False)
    page.locator('#se-hands tr[data-hand="3"]').wait_for(timeout=20000)
    page.locator("#se-queue-section").wait_for(state="hidden")
    assert Hand.objects.filter(table=table).count() == 3
    third = Hand.objects.get(table=table, number=3)
    assert third.entry["values"] == {"0": 24, "1": 0, "2": 0, "3": 0}
    # A reload after the send leaves nothing queued and nothing doubled.
    page.reload()
    page.locator('#se-hands tr[data-hand="3"]').wait_for()
    assert page.locator("#se-queue-section").is_hidden()
    assert Hand.objects.filter(table=table).count() == 3

    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=str(artifacts / "score-entry-1280.png"), full_page=True)
    page.set_viewport_size({"width": 360, "height": 800})
    page.screenshot(path=str(artifacts / "score-entry-360.png"), full_page=True)
    context.close()


def test_a_scorekeeper_corrects_and_deletes_hands(
        browser: Any, live_server: Any, table: Table, keeper: User, artifacts: Path) -> None:
    context, page = open_page(browser, live_server, "vera", width=360)
    page.goto(f"{live_server.url}/en/tables/{table.pk}/score/")
    south = players(table)[1]

    # Hands 1 and 2 by values, hand 3 by tiles: self-drawn on the last tile of the wall.
    enter_values(page, {0: 0, 1: 40, 2: 0, 3: 8}, winner=1)
    page.click("#se-save")
    page.locator("#se-hand-number", has_text="2").wait_for()
    enter_values(page, {0: 24, 1: 0, 2: 0, 3: 0}, winner=0)
    page.click("#se-save")
    page.locator("#se-hand-number", has_text="3").wait_for()
    page.check('input[name=mode][value="tiles"]')
    page.check('#se-winner input[value="2"]')
    tap(page, "123m456m789m123p11s")
    page.check('#se-discarder input[value=""]')
    page.click("#se-more summary")
    page.select_option("#se-win-source", "wall")
    page.check('input[name=flag][value="last_wall_tile"]')
    page.click("#se-save")
    page.locator("#se-hand-number", has_text="4").wait_for()
    third = Hand.objects.get(table=table, number=3)
    assert (third.entry["kind"], third.game["flags"]) == ("tiles", ["last_wall_tile"])

    # Hand 1 comes back into the form as entered; South's 40 was really 48.
    page.click('[data-action="correct"][data-number="1"]')
    page.locator("#se-form-title", has_text="Correcting hand 1").wait_for()
    assert page.input_value("#se-value-1") == "40"
    assert page.is_checked('#se-winner input[value="1"]')
    page.fill("#se-value-1", "48")
    page.click("#se-save")
    page.locator("#se-list-status", has_text="Hand 1 corrected").wait_for()
    first = Hand.objects.get(table=table, number=1)
    assert first.entry["values"]["1"] == 48
    assert HandScore.objects.get(hand=first, registration=south).value == 48
    correction = HandChange.objects.get(table=table, number=1, action=HandAction.CORRECTED)
    assert correction.user == keeper
    assert (correction.old["entry"]["values"]["1"], correction.new["entry"]["values"]["1"]) == (
        40, 48)
    shown = page.locator('#se-history [data-change="corrected"][data-number="1"]')
    shown.wait_for()
    assert "was corrected by Vera Visser" in shown.inner_text()
    assert f"{south.name}: " in shown.inner_text()
    assert "value 40 → 48" in shown.inner_text()
    assert page.locator("#se-form-title").inner_text() == "Enter the next hand"

    # The tiles hand comes back with its tiles and flag; cancelling changes nothing.
    page.click('[data-action="correct"][data-number="3"]')
    assert page.is_checked('input[name=mode][value="tiles"]')
    assert page.locator("#se-hand-tiles img").count() == 14
    assert page.is_checked('input[name=flag][value="last_wall_tile"]')
    page.click("#se-cancel")
    assert page.locator("#se-form-title").inner_text() == "Enter the next hand"

    # Hand 2 is deleted after a second, deliberate tap.
    page.click('[data-action="delete"][data-number="2"]')
    page.locator("#se-delete-question", has_text="Delete hand 2?").wait_for()
    assert Hand.objects.filter(table=table, number=2).exists()
    page.wait_for_timeout(600)
    # Its name is what it says, after the question that names the hand.
    assert page.get_by_role("button", name="Yes, delete", exact=True).count() == 1
    page.click('[data-action="delete-yes"][data-number="2"]')
    page.locator('#se-hands tr[data-hand="2"]').wait_for(state="detached")
    assert list(table.hands.values_list("number", flat=True)) == [1, 3]
    assert HandChange.objects.filter(table=table, number=2, action=HandAction.DELETED).exists()
    page.locator('#se-history [data-change="deleted"][data-number="2"]').wait_for()
    assert page.inner_text("#se-list-status") == "Hand 2 deleted."
    page.screenshot(path=str(artifacts / "score-entry-360-corrected.png"), full_page=True)
    # The next hand saved: the list's message no longer speaks of the deletion.
    enter_values(page, {0: 0, 1: 40, 2: 0, 3: 8}, winner=1)
    page.click("#se-save")
    page.locator("#se-saved", has_text="Hand 4 saved").wait_for()
    assert page.inner_text("#se-list-status") == ""
    context.close()


def test_an_impossible_hand_is_refused_on_the_spot(
        browser: Any, live_server: Any, table: Table, keeper: User) -> None:
    context, page = open_page(browser, live_server, "vera")
    page.goto(f"{live_server.url}/en/tables/{table.pk}/score/")
    page.check('input[name=mode][value="tiles"]')
    page.check('#se-winner input[value="1"]')
    tap(page, "234456m345678p3s")
    # Who discarded is asked for, not assumed: nothing is sent without it.
    page.click("#se-save")
    page.locator("#se-preview .alert-error", has_text="Choose who discarded").wait_for()
    assert page.evaluate("document.activeElement.name") == "discarder"
    page.check('#se-discarder input[value="2"]')
    page.click("#se-save")
    page.locator("#se-preview .alert-error", has_text="13 tiles").wait_for(timeout=5000)
    assert Hand.objects.count() == 0
    assert page.locator("#se-queue-section").is_hidden()
    context.close()


def test_a_reload_without_a_connection_still_shows_the_page(
        browser: Any, live_server: Any, table: Table, keeper: User) -> None:
    context, page = open_page(browser, live_server, "vera")
    url = f"{live_server.url}/en/tables/{table.pk}/score/"
    page.goto(url)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now controlled by the worker, which caches the page
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    page.reload()
    page.locator("#se-form").wait_for()
    assert page.locator(".se-picker .se-tile").count() == 34
    context.close()


def test_a_user_without_rights_is_refused(
        browser: Any, live_server: Any, table: Table, other_keeper: User) -> None:
    context, page = open_page(browser, live_server, "otto")
    response = page.goto(f"{live_server.url}/en/tables/{table.pk}/score/")
    assert response is not None and response.status == 404
    assert page.locator("#se-form").count() == 0
    context.close()
