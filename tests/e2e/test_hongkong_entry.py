"""The score-entry page of a Hong Kong event (club Fu-Hing) in a real
browser: a limit hand by values with the discarder and a responsible player
(pao), its settlement before and after saving, and the correction form
refilled as entered."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.domain.conftest import make_event
from tests.e2e.test_score_entry import open_page
from tests.scoring_entry.conftest import players
from tournaments.models import Event, Hand, HandScore, Table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def event(organiser: User) -> Event:
    """Overrides the NTS event of the score-entry fixtures: Hong Kong."""
    event, _players = make_event(8, ruleset="hongkong")
    event.club.organisers.add(organiser)
    return event


def test_a_limit_hand_with_pao_by_values(browser: Any, live_server: Any, table: Table,
                                         keeper: User, artifacts: Path) -> None:
    context, page = open_page(browser, live_server, "vera", width=360)
    page.goto(f"{live_server.url}/en/tables/{table.pk}/score/")
    east, south, west, north = players(table)

    # By tiles: the seasons and flowers, the flags, one choice of a responsible player.
    page.check('input[name=mode][value="tiles"]')
    assert page.locator("#se-fan-field").is_hidden()
    assert page.locator(".se-bonus-tile").count() == 8
    assert page.locator("#se-pao").is_visible()
    page.click("#se-more summary")
    assert page.locator('input[name=flag][value="moon_eats_cake"]').is_visible()
    # A false mahjong is the checkbox with who claimed it, not the quick button.
    assert page.locator("#se-false").is_hidden()
    assert page.locator("#se-false-mahjong").is_visible()
    page.screenshot(path=str(artifacts / "score-entry-hongkong-tiles-360.png"), full_page=True)

    # By values: no value per player, the winner's fan once.
    page.check('input[name=mode][value="values"]')
    assert page.locator("#se-fan-field").is_visible()
    assert page.locator("#se-value-0").is_hidden()
    page.check('#se-winner input[value="1"]')
    page.locator("#se-fan-label", has_text=f"Fan of {south.name}").wait_for()
    assert "A mahjong needs at least 3 fan." in page.inner_text("#se-fan-hint")
    page.check('#se-discarder input[value="2"]')
    # No fan yet, or a fan that is not a whole number: asked for by name on
    # the phone, never counted as 0 nor rounded.
    page.click("#se-check")
    page.locator("#se-preview .alert-error", has_text=f"Enter the fan of {south.name}").wait_for()
    page.fill("#se-fan", "3,5")  # a Dutch decimal comma: refused, not read as 35
    page.click("#se-save")
    page.locator("#se-preview .alert-error",
                 has_text=f"The fan of {south.name} must be a whole number").wait_for()
    # By tiles the fan is not shown: a winner without tiles is asked for them.
    page.check('input[name=mode][value="tiles"]')
    page.click("#se-check")
    page.locator("#se-preview .alert-error", has_text=f"Tap the tiles of {south.name}").wait_for()
    page.check('input[name=mode][value="values"]')
    assert not Hand.objects.exists()
    # A draw asks for no fan and nobody pays for a win.
    page.check('#se-winner input[value=""]')
    assert page.is_hidden("#se-fan-field") and page.is_hidden("#se-settle")
    page.check('#se-winner input[value="1"]')
    page.check('#se-discarder input[value="2"]')
    assert page.is_visible("#se-fan-field") and page.is_visible("#se-settle")
    page.click("#se-fan-limit")
    assert page.input_value("#se-fan") == "20"
    # The winner cannot be responsible for their own hand.
    assert page.locator('#se-pao option[value="1"]').is_disabled()
    page.select_option("#se-pao", "3")

    page.click("#se-check")
    preview = page.locator("#se-preview")
    preview.locator(".se-settlement").wait_for()
    text = preview.inner_text()
    assert f"{north.name} is responsible (pao) and pays for everyone" in text
    assert "+256" in text and "-256" in text
    assert "Amount" in text
    page.screenshot(path=str(artifacts / "score-entry-hongkong-360.png"), full_page=True)

    page.click("#se-save")
    page.locator('#se-hands tr[data-hand="1"]').wait_for()
    hand = Hand.objects.get(table=table, number=1)
    assert hand.entry == {"kind": "values", "values": {"0": 0, "1": 20, "2": 0, "3": 0},
                          "winner": 1, "east": 0, "discarder": 2, "flags": ["pao:3"]}
    assert {s.registration_id: s.settlement for s in HandScore.objects.filter(hand=hand)} == {
        east.pk: 0, south.pk: 256, west.pk: 0, north.pk: -256}
    row = page.locator('#se-hands tr[data-hand="1"]').inner_text()
    assert "+256" in row and "-256" in row and south.name in row
    # The history gives the amount the fan is paid as, named as the check
    # names it: a "value 256" read as 256 fan.
    page.locator("#se-history", has_text="S, amount 256, settlement +256").wait_for(
        state="attached")
    assert "value" not in page.locator("#se-history").text_content()

    # The correction form comes back as entered: fan, discarder, pao.
    page.click('[data-action="correct"][data-number="1"]')
    page.locator("#se-form-title", has_text="Correcting hand 1").wait_for()
    assert page.input_value("#se-fan") == "20"
    assert page.is_checked('#se-discarder input[value="2"]')
    assert page.input_value("#se-pao") == "3"
    # 2 fan is below the minimum: refused with the engine's message, nothing changes.
    page.fill("#se-fan", "2")
    page.select_option("#se-pao", "")
    page.click("#se-save")
    page.locator("#se-preview .alert-error", has_text="a mahjong needs at least 3").wait_for()
    hand.refresh_from_db()
    assert hand.entry["values"]["1"] == 20

    # Hand 2: a false mahjong by seat 2, self-drawn; the claimer pays, nobody wins.
    page.click("#se-cancel")
    page.check('#se-winner input[value="2"]')
    page.check("#se-false-mahjong")
    assert page.locator("#se-fan").is_disabled()
    assert page.locator("#se-pao").is_disabled()
    page.click("#se-save")
    page.locator('#se-hands tr[data-hand="2"]').wait_for()
    second = Hand.objects.get(table=table, number=2)
    assert (second.winner, second.entry["flags"]) == (None, ["false_mahjong"])
    assert HandScore.objects.get(hand=second, registration=west).settlement == -96
    row = page.locator('#se-hands tr[data-hand="2"]').inner_text()
    assert f"false mahjong: {west.name}" in row and "-96" in row
    context.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_a_field_focused_by_the_keyboard_is_not_under_the_save_bar(
        browser: Any, live_server: Any, table: Table, keeper: User, width: int) -> None:
    """The save bar sticks to the bottom of the screen: the responsible
    player's select, reached with the keyboard, stops above it (a new user's
    walk found it hidden under the bar at 1280 px)."""
    context, page = open_page(browser, live_server, "vera", width=width)
    page.goto(f"{live_server.url}/tables/{table.pk}/score/")
    page.check('input[name=mode][value="values"]')
    page.check('#se-winner input[value="1"]')
    # The select just above the screen's bottom edge, where the bar sits.
    page.evaluate("""() => {
        const box = document.getElementById("se-pao").getBoundingClientRect();
        window.scrollBy(0, box.bottom - window.innerHeight + 4);
    }""")
    page.focus("#se-pao")
    covered = page.evaluate("""() => {
        const box = document.getElementById("se-pao").getBoundingClientRect();
        const bar = document.querySelector(".se-form .se-actions").getBoundingClientRect();
        return box.bottom > bar.top && box.top < bar.bottom;
    }""")
    assert not covered
    context.close()
