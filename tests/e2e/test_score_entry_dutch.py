"""The score-entry page in Dutch in a real browser: the preview of seed 003's
worked example names the rules by their Dutch names with Dutch plural forms,
and a refusal of the engine reads in Dutch (scoring/texts.py). Only the
preview's text is asserted: the page itself is tested in test_score_entry."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scoring.engine import RULESETS
from tests.e2e.test_score_entry import enter_worked_example
from tournaments.models import Hand, Registration, Table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def dutch_page(browser: Any, live_server: Any, width: int) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": width, "height": 900}, locale="nl-NL")
    page = context.new_page()
    page.goto(live_server.url + "/accounts/login/")
    page.fill("#id_username", "vera")
    page.fill("#id_password", "pw")
    page.click("main button[type=submit]")
    page.wait_for_load_state()
    return context, page


@pytest.mark.parametrize("width", [390, 1280])
def test_the_dutch_preview_names_the_rules_in_dutch(
        browser: Any, live_server: Any, table: Table, keeper: User, artifacts: Path,
        width: int) -> None:
    context, page = dutch_page(browser, live_server, width)
    page.goto(f"{live_server.url}/tables/{table.pk}/score/")
    enter_worked_example(page)
    page.click("#se-check")
    preview = page.locator("#se-preview")
    # The page may already show an earlier preview (of a part of the hand):
    # wait for the whole hand's, not for any settlement.
    expect(preview).to_contain_text("24 punten, 2 verdubbelingen = 96", timeout=20_000)
    text = preview.inner_text()
    for line in ("Vier chows: 1 verdubbeling", "Pure eenvoud: 1 verdubbeling",
                 "Mahjong: 20 punten", "24 punten, 2 verdubbelingen = 96"):
        assert line in text, text
    # No rule's English name (nor its key) and no English count anywhere.
    english = {str(entry["en"]) for entry in RULESETS["nts"].catalogue().values()}
    english |= {rule.replace("_", " ") for rule in RULESETS["nts"].catalogue()}
    shown = [line.split(":")[0].strip() for line in text.splitlines() if ":" in line]
    assert not [name for name in shown if name in english and name != "Mahjong"], shown
    assert "doubling" not in text and " points" not in text and "1 verdubbelingen" not in text
    page.screenshot(path=str(artifacts / f"score-entry-dutch-preview-{width}.png"),
                    full_page=True)

    # A refusal of the engine, in Dutch: East named the winner, whose
    # concealed tiles do not hold the winning tile.
    page.check('#se-winner input[value="0"]')
    page.click("#se-check")
    alert = preview.locator(".alert-error")
    expect(alert).to_contain_text("zit niet bij de dichte stenen", timeout=20_000)
    message = alert.inner_text()
    assert "De hand kan niet worden verrekend" in message, message
    east = Registration.objects.get(seats__table=table, seats__position=0).name
    # The seat with its player, by its Dutch wind.
    assert f"Oost ({east}): de winnende steen 3 bamboe zit niet bij de dichte stenen" in message
    assert "tiles" not in message and "winning" not in message, message
    assert not Hand.objects.exists()
    context.close()
