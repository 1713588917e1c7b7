"""Score entry for a scorekeeper's thumb (issue 15), at 390 and 1280 px: the
worked example of seed 003 by tiles with the hand being built in view, a
hand by values, a draw in one tap, a correction; Hong Kong's 7-5 rule by
values; the East the dice chose in the green dragon's round; and "Check a
hand" with the same tile picker (the JSON form still there)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.domain.conftest import make_event
from tests.e2e.test_score_entry import enter_values, enter_worked_example, log_in
from tests.scoring_entry.conftest import players, save, values_input
from tournaments.models import Event, Hand, HandScore, OddTables, Table
from tournaments.services.score_entry_page import table_state

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def event(request: pytest.FixtureRequest, organiser: User) -> Event:
    """NTS with 8 players; ("hongkong", 8) or ("nts", 3) by indirect parameter."""
    ruleset, count = getattr(request, "param", ("nts", 8))
    extra = {"odd_tables": OddTables.THREE} if count == 3 else {}
    event, _players = make_event(count, ruleset=ruleset, **extra)
    event.club.organisers.add(organiser)
    return event


def page_at(browser: Any, live_server: Any, width: int) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": width, "height": 844})
    page = context.new_page()
    log_in(page, live_server.url, "vera")
    return context, page


def in_view(page: Any, selector: str) -> bool:
    return bool(page.evaluate("""s => { const r = document.querySelector(s).getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight; }""", selector))


@pytest.mark.parametrize("width", [390, 1280])
def test_a_scorekeeper_enters_tiles_values_a_draw_and_a_correction(
        browser: Any, live_server: Any, table: Table, keeper: User, artifacts: Path,
        width: int) -> None:
    context, page = page_at(browser, live_server, width)
    page.goto(f"{live_server.url}/en/tables/{table.pk}/score/")
    east, south, west, north = players(table)

    # Every tile of the picker is a target at least 44 px wide.
    page.check('input[name=mode][value="tiles"]')
    widths = page.eval_on_selector_all(
        ".se-picker .se-tile", "tiles => tiles.map(t => t.getBoundingClientRect().width)")
    assert len(widths) == 34 and min(widths) >= 44

    # The worked example: the tray stays on the screen while tiles are tapped,
    # down to the last row of the picker.
    enter_worked_example(page)
    page.check('#se-tile-player input[value="1"]')
    page.check('input[name=target][value="concealed"]')
    page.click('.se-picker [data-tile="7z"]')
    assert in_view(page, "#se-hand-tiles")
    page.click('#se-hand-tiles [aria-label^="Red dragon"]')  # taken out again
    # South's 14 tiles, the winning tile 3s among them, picked once.
    assert page.locator("#se-hand-tiles img").count() == 14
    assert page.locator("#se-hand-tiles .is-winning img").get_attribute("alt") == "3 of bamboo"
    assert "14 tiles" in page.locator("#se-hand-count").inner_text()
    page.check('#se-tile-player input[value="3"]')
    assert "pung open" in page.locator("#se-hand-tiles .se-meld").inner_text()
    page.locator("#se-summary", has_text="wins on the discard of").wait_for()
    page.screenshot(path=str(artifacts / f"thumb-entry-{width}-tiles.png"))
    page.click("#se-save")
    page.locator('#se-hands tr[data-hand="1"]').wait_for()
    assert {s.registration_id: s.settlement
            for s in HandScore.objects.filter(hand__table=table, hand__number=1)} == {
        east.pk: 24, south.pk: 384, west.pk: -244, north.pk: -164}

    # A hand by values: South wins 40 on North's discard.
    page.locator("#se-hand-number", has_text="2").wait_for()
    enter_values(page, {0: 8, 1: 40, 2: 16, 3: 0}, winner=1, discarder=3)
    page.locator("#se-preview .se-settlement").wait_for()
    page.screenshot(path=str(artifacts / f"thumb-entry-{width}-values.png"))
    page.click("#se-save")
    page.locator('#se-hands tr[data-hand="2"]').wait_for()
    second = Hand.objects.get(table=table, number=2)
    assert (second.entry["winner"], second.entry["discarder"]) == (1, 3)

    # A draw: one tap, and the page says at once what it did.
    page.locator("#se-hand-number", has_text="3").wait_for()
    page.click("#se-draw")
    page.locator("#se-draw-note", has_text="nobody wins").wait_for()
    assert page.locator("#se-summary").inner_text() == "Draw: nobody wins"
    assert page.locator("#se-discarder-field").is_hidden()
    page.screenshot(path=str(artifacts / f"thumb-entry-{width}-draw.png"))
    page.click("#se-save")
    page.locator('#se-hands tr[data-hand="3"]').wait_for()
    assert Hand.objects.get(table=table, number=3).winner_id is None

    # A correction: hand 2's 40 was 48; the form comes back as entered.
    page.click('[data-action="correct"][data-number="2"]')
    page.locator("#se-form-title", has_text="Correcting hand 2").wait_for()
    assert page.is_checked('#se-discarder input[value="3"]')
    page.fill("#se-value-1", "48")
    page.screenshot(path=str(artifacts / f"thumb-entry-{width}-correction.png"))
    page.click("#se-save")
    page.locator("#se-list-status", has_text="Hand 2 corrected").wait_for()
    assert Hand.objects.get(table=table, number=2).entry["values"]["1"] == 48
    page.screenshot(path=str(artifacts / f"thumb-entry-{width}-after.png"), full_page=True)
    context.close()


def test_a_win_on_a_discard_needs_the_discarder(
        browser: Any, live_server: Any, table: Table, keeper: User) -> None:
    context, page = page_at(browser, live_server, 390)
    page.goto(f"{live_server.url}/en/tables/{table.pk}/score/")
    page.fill("#se-value-1", "40")
    page.check('#se-winner input[value="1"]')
    assert not page.locator("#se-discarder input:checked").count()
    page.click("#se-save")
    page.locator("#se-preview .alert-error", has_text="Choose who discarded").wait_for()
    assert Hand.objects.count() == 0
    # Self-drawn is a choice of its own.
    page.check('#se-discarder input[value=""]')
    page.click("#se-save")
    page.locator('#se-hands tr[data-hand="1"]').wait_for()
    assert Hand.objects.get(number=1).entry["discarder"] is None
    context.close()


@pytest.mark.parametrize("event", [("hongkong", 8)], indirect=True)
def test_the_seven_five_rule_by_values(browser: Any, live_server: Any, table: Table,
                                       keeper: User, artifacts: Path) -> None:
    context, page = page_at(browser, live_server, 390)
    page.goto(f"{live_server.url}/en/tables/{table.pk}/score/")
    page.check('#se-winner input[value="1"]')
    page.check('#se-discarder input[value="2"]')
    page.fill("#se-fan", "3")
    page.check("#se-value-flag-seven_five")
    page.locator("#se-preview .se-settlement").wait_for()
    page.screenshot(path=str(artifacts / "thumb-entry-390-seven-five.png"), full_page=True)
    page.click("#se-save")
    page.locator('#se-hands tr[data-hand="1"]').wait_for()
    hand = Hand.objects.get(table=table, number=1)
    # The discarder pays for everyone: the flag, and its discarder as responsible.
    assert hand.entry["flags"] == ["pao:2", "seven_five"]
    assert "seven_five" in hand.game["flags"]
    scores = {s.seat_wind: s.settlement for s in hand.scores.all()}
    assert scores["W"] < 0 and scores["E"] == scores["N"] == 0
    context.close()


@pytest.mark.parametrize("event", [("nts", 3)], indirect=True)
def test_the_dice_choose_east_of_the_green_dragon_round(
        browser: Any, live_server: Any, table: Table, keeper: User, artifacts: Path) -> None:
    for _number in range(9):  # rounds E, S and W at a table of 3
        state = table_state(table)
        winner = (state["east"] + 1) % 3
        save(table, keeper, values_input({0: 0, 1: 0, 2: 0} | {winner: 40}, winner=winner,
                                         east=None))
    assert table_state(table)["prevailing_wind"] == "G"
    context, page = page_at(browser, live_server, 390)
    page.goto(f"{live_server.url}/en/tables/{table.pk}/score/")
    field = page.locator("#se-east-field")
    field.wait_for()
    assert page.is_checked('#se-east input[value="0"]')  # proposed: the next in turn
    page.check('#se-east input[value="2"]')
    # The winds follow at once: seat 2 is East, seat 0 South.
    assert "(E)" in page.locator('.se-player[data-position="2"]').inner_text()
    page.fill("#se-value-2", "40")
    page.check('#se-winner input[value="2"]')
    page.check('#se-discarder input[value="0"]')
    page.locator("#se-preview .se-settlement").wait_for()
    page.screenshot(path=str(artifacts / "thumb-entry-390-green-dragon.png"), full_page=True)
    page.click("#se-save")
    page.locator('#se-hands tr[data-hand="10"]').wait_for()
    hand = Hand.objects.get(table=table, number=10)
    assert hand.entry["east"] == 2
    assert {s.registration_id: s.seat_wind for s in hand.scores.all()}[
        players(table)[2].pk] == "E"
    # After it, the round goes on from there; no East to choose any more.
    page.locator("#se-hand-number", has_text="11").wait_for()
    assert field.is_hidden()
    context.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_check_a_hand_with_the_tile_picker(browser: Any, live_server: Any, keeper: User,
                                           artifacts: Path, width: int) -> None:
    context, page = page_at(browser, live_server, width)
    page.goto(f"{live_server.url}/en/scoring/check/")
    assert not page.is_visible("#id_game")  # the JSON is there, folded away
    page.check('input[name=check-seat][value="S"]')
    page.check('input[name=check-source][value="discard"]')
    page.select_option("#check-discarder", "W")
    for code in ["2m", "3m", "4m", "4m", "5m", "6m", "3p", "4p", "5p", "6p", "7p", "8p", "3s"]:
        page.click(f'#check-builder .se-picker [data-tile="{code}"]')
    page.check('input[name=check-target][value="winning"]')
    page.click('#check-builder .se-picker [data-tile="3s"]')
    assert page.locator("#check-tiles img").count() == 14
    page.screenshot(path=str(artifacts / f"check-picker-{width}.png"), full_page=True)
    page.click("#check-score")
    page.wait_for_load_state()
    result = page.locator(".result").inner_text()
    assert "South mahjong" in result and "+384" in result and "(S)" not in result
    # The hand comes back into the picker to change and check again.
    assert page.locator("#check-tiles img").count() == 14
    game = json.loads(page.input_value("#id_game"))
    assert game["players"]["S"]["concealed"] == "234456m345678p33s"
    assert (game["winning_tile"], game["discarder"]) == ("3s", "W")
    page.screenshot(path=str(artifacts / f"check-result-{width}.png"), full_page=True)

    # The JSON form stays for those who want it.
    page.click("#check-json summary")
    game["players"]["E"] = {"concealed": "2228m4777p19s555z", "melds": []}
    page.fill("#id_game", json.dumps(game))
    page.click("#check-score-json")
    page.wait_for_load_state()
    assert "Breakdown for East" in page.locator(".result").inner_text()
    # A game the picker cannot show (two players' tiles) stays as JSON.
    assert page.is_visible("#id_game")
    context.close()
