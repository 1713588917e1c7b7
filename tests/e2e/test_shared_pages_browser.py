"""The pages every anonymous reader shares (common/shared_pages.py), in a
real browser: two readers get the same cached page, each can still choose
their language from it (no CSRF token in it), the live part keeps polling
and shows when the results last changed, and a reload that changed nothing
is answered 304."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.e2e.test_live import new_page, save  # noqa: F401 (fixture)
from tournaments.models import Event, Table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [390, 1280])
def test_two_readers_share_the_page_and_each_chooses_a_language(
        new_page: Any, live_server: Any, settings: Any, event: Event, table: Table,  # noqa: F811
        keeper: User, artifacts: Path, width: int) -> None:
    settings.STANDINGS_POLL_SECONDS = 1
    save(table, keeper, {0: 0, 1: 40, 2: 0, 3: 8}, winner=1)
    url = f"{live_server.url}/events/{event.pk}/standings/"
    first, second = new_page(width=width), new_page(width=width)
    answers: list[Any] = []
    second.on("response", lambda response: answers.append(response)
              if "/standings" in response.url else None)
    first.goto(url)
    second.goto(url)
    assert first.content().count("csrfmiddlewaretoken") == 0
    status = second.locator("#standings .live-status")
    assert re.search(r"Stand van \d\d:\d\d:\d\d", status.inner_text())
    first_answer = next(response for response in answers if response.url == url)
    assert first_answer.headers["cache-control"] == "public, max-age=5"

    # The live part polls every second; nothing changed, so it keeps the
    # time of the last change, not the time of the poll.
    shown = status.inner_text()
    second.wait_for_timeout(2500)
    assert status.inner_text() == shown

    # A reader who is not logged in switches to English from the shared page.
    second.get_by_role("button", name="English").click()
    second.wait_for_url(f"**/en/events/{event.pk}/standings/")
    assert re.search(r"Results as of \d\d:\d\d:\d\d",
                     second.locator("#standings .live-status").inner_text())
    second.screenshot(path=str(artifacts / f"shared-standings-{width}-en.png"), full_page=True)
    # ... and back to Dutch.
    second.get_by_role("button", name="Nederlands").click()
    second.wait_for_url(url)
    assert "Stand van" in second.locator("#standings .live-status").inner_text()
    first.screenshot(path=str(artifacts / f"shared-standings-{width}-nl.png"), full_page=True)

    # A new hand: the poll brings it in, with the new time.
    save(table, keeper, {0: 20, 1: 0, 2: 0, 3: 0}, winner=0)
    first.locator("#standings .live-status").filter(has_not_text=shown).wait_for(timeout=8000)
