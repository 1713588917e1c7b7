"""A new scorekeeper's walkthrough of the score-entry page on a phone, in
Dutch, at a table of 5 with long names: every chip shows its whole name
(also "sits out this hand"), the list of hands fits the screen, a saved hand
is confirmed in the save bar (a live region) with the form back at its
start, and "Winnende steen" never breaks inside a word (also on "Check a
hand", which shares the tile picker)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.domain.conftest import make_event
from tests.e2e.test_score_entry_dutch import dutch_page
from tournaments.models import Event, Table
from tournaments.seating import five_player_schedule

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LONG_NAMES = [("Hans", "van Dijkstra"), ("Jacobine", "van Wijngaarden"), ("Ineke", "Bos"),
              ("Cornelis", "Hoogenboom"), ("Maria", "de Vries-Bakker")]


@pytest.fixture
def event(organiser: User) -> Event:
    """One table of 5 whose players have the long names of a real club."""
    event, registrations = make_event(5)
    for registration, (first, last) in zip(registrations, LONG_NAMES, strict=True):
        registration.member.first_name, registration.member.last_name = first, last
        registration.member.save()
    event.club.organisers.add(organiser)
    return event


# Labels whose text is wider than their box (a name cut off, a word broken
# out of its box) report it here.
OVERFLOWING = """nodes => nodes
    .filter(node => node.scrollWidth > node.clientWidth + 1).map(node => node.textContent)"""


@pytest.mark.parametrize("width", [360, 390])
def test_a_new_scorekeeper_reads_names_sees_the_hands_and_the_save(
        browser: Any, live_server: Any, table: Table, keeper: User, artifacts: Path,
        width: int) -> None:
    context, page = dutch_page(browser, live_server, width)
    page.goto(f"{live_server.url}/tables/{table.pk}/score/")

    # 1. Whole names on the chips, the status under the name, not over it.
    assert page.eval_on_selector_all(".se-player .se-name, .se-player .se-east-tag", OVERFLOWING) == []
    out = page.locator(".se-player", has=page.locator(".se-out-tag"))
    name_box = out.locator(".se-name").bounding_box()
    tag_box = out.locator(".se-out-tag").bounding_box()
    assert tag_box["y"] >= name_box["y"] + name_box["height"] - 1
    assert "Versie" not in page.locator(".se-status").inner_text()

    # 3. A saved hand is confirmed next to the save bar; the form is back at its start.
    rows = five_player_schedule(table.round.event.ruleset)
    playing = rows[0][:4]
    page.check('input[name=mode][value="values"]')
    for position in playing:
        page.fill(f"#se-value-{position}", "40" if position == playing[1] else "8")
    page.check(f'#se-winner input[value="{playing[1]}"]')
    page.check('#se-discarder input[value=""]')
    page.click("#se-save")
    saved = page.locator("#se-saved")
    saved.wait_for()
    winner = table.seats.get(position=playing[1]).registration.name
    text = saved.inner_text()
    assert text.startswith("Hand 1 opgeslagen: ") and winner in text and "+" in text, text
    assert saved.get_attribute("aria-live") == "polite"
    box = saved.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= 900
    assert page.evaluate("document.activeElement.id") == "se-form-title"
    title = page.locator("#se-form-title").bounding_box()
    assert 0 <= title["y"] <= 900
    page.screenshot(path=str(artifacts / f"entry-walkthrough-{width}-saved.png"))

    # 2. The list of hands, five players' columns, fits the screen.
    page.locator('#se-hands tr[data-hand="1"]').wait_for()
    table_width = page.eval_on_selector("#se-hands", "t => t.getBoundingClientRect().right")
    assert table_width <= width, table_width
    assert page.eval_on_selector("#se-hands", "t => t.parentElement.scrollWidth <= t.parentElement.clientWidth")
    assert page.locator("#se-hands thead th").nth(1).get_attribute("title")
    page.locator("#se-hands").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"entry-walkthrough-{width}-hands.png"), full_page=True)

    # 4. "Winnende steen" stays whole in its button.
    page.check('input[name=mode][value="tiles"]')
    assert page.eval_on_selector_all(".se-targets label", OVERFLOWING) == []
    assert "Winnende steen" in page.locator(".se-targets").inner_text()
    page.goto(f"{live_server.url}/scoring/check/")
    assert page.eval_on_selector_all(".se-targets label", OVERFLOWING) == []
    context.close()
