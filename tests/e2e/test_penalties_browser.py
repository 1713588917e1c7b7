"""The penalties page in a real browser on a phone (issue 17): the organiser
records a penalty and removes it after the confirmation, in Dutch, at 390
and 360 px; every page passes the page checks (axe-core, no wider than the
screen: tests/e2e/page_checks.py). Screenshots in test-artifacts/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.e2e.test_door import club_event
from tests.e2e.test_live import new_page  # noqa: F401 (fixture)
from tournaments.models import Penalty, PenaltyChange
from tournaments.services import rounds

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [390, 360])
def test_the_organiser_records_and_removes_a_penalty_on_a_phone(
        new_page: Any, live_server: Any, organiser: User, artifacts: Path,  # noqa: F811
        width: int) -> None:
    event, players = club_event(organiser, 8)
    round_ = rounds.start_round(rounds.seat_round(rounds.add_round(event), seed=1))
    page = new_page("alice", password="password", width=width)
    page.goto(f"{live_server.url}/events/{event.pk}/")
    page.click("#penalties-link")
    page.select_option("#id_penalty_round", str(round_.pk))
    page.select_option("#id_penalty_registration", str(players[2].pk))
    page.select_option("#id_penalty_kind", "other")
    page.fill("#id_penalty_points", "10")
    page.fill("#id_penalty_reason", "Te laat aan tafel")
    page.get_by_role("button", name="Strafpunten vastleggen").click()
    page.locator("table.penalties").wait_for()
    assert "Te laat aan tafel" in page.locator("table.penalties").inner_text()
    page.screenshot(path=str(artifacts / f"penalties-{width}.png"), full_page=True)
    page.locator("table.penalties a.danger").click()
    page.get_by_role("button", name="De straf verwijderen").click()
    page.locator("#penalty-history").wait_for()
    assert not Penalty.objects.exists()
    assert PenaltyChange.objects.count() == 2
