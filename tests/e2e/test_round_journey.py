"""A whole round at a table in a real browser, as the issue tells it: the
scorekeeper enters the table's hands by tiles and by values (and a draw),
corrects one, the organiser closes the round, and a member finds the table
points in the standings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.e2e.test_live import new_page, save  # noqa: F401 (fixture)
from tests.e2e.test_score_entry import enter_values, enter_worked_example
from tests.scoring_entry.conftest import (  # noqa: F401 (fixtures)
    member_user,
    players,
    table_two,
)
from tournaments.models import Hand, HandScore, Round, RoundStatus, Table, TableResult

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_full_round_from_the_first_hand_to_the_standings(
        new_page: Any, live_server: Any, round_: Round, table: Table,  # noqa: F811
        table_two: Table, keeper: User, member_user: User,  # noqa: F811
        artifacts: Path) -> None:
    east, south, west, north = players(table)
    page = new_page("vera", width=360)
    page.goto(f"{live_server.url}/en/tables/{table.pk}/score/")

    # Hand 1 by tiles (seed 003's worked example), hands 2 and 4 by values,
    # hand 3 a draw (one tap, then save).
    enter_worked_example(page)
    page.click("#se-save")
    page.locator("#se-hand-number", has_text="2").wait_for()
    enter_values(page, {0: 0, 1: 40, 2: 0, 3: 8}, winner=1)
    page.click("#se-save")
    page.locator("#se-hand-number", has_text="3").wait_for()
    page.check('input[name=mode][value="values"]')
    for position in range(4):
        page.fill(f"#se-value-{position}", "0")
    page.click("#se-draw")
    page.click("#se-save")
    page.locator("#se-hand-number", has_text="4").wait_for()
    enter_values(page, {0: 0, 1: 0, 2: 0, 3: 32}, winner=3)
    page.click("#se-save")
    page.locator("#se-hand-number", has_text="5").wait_for()
    assert [hand.winner_id for hand in Hand.objects.filter(table=table).order_by("number")] == [
        south.pk, south.pk, None, north.pk]

    # Hand 4: North's 32 was 64.
    page.click('[data-action="correct"][data-number="4"]')
    page.locator("#se-form-title", has_text="Correcting hand 4").wait_for()
    page.fill("#se-value-3", "64")
    page.click("#se-save")
    page.locator("#se-list-status", has_text="Hand 4 corrected").wait_for()
    totals = {player.pk: sum(HandScore.objects.filter(hand__table=table, registration=player)
                             .values_list("settlement", flat=True))
              for player in (east, south, west, north)}
    assert sum(totals.values()) == 0

    # The other table has played too; the organiser closes the round.
    save(table_two, keeper, {0: 20, 1: 0, 2: 0, 3: 0}, winner=0)
    organiser = new_page("alice", password="password", width=1024)
    organiser.goto(f"{live_server.url}/en/rounds/{round_.pk}/")
    organiser.get_by_role("link", name="Close the round").click()
    organiser.get_by_role("button", name="Close the round anyway").click()
    organiser.locator("text=Round 1 is closed; the standings are updated.").wait_for()
    round_.refresh_from_db()
    assert round_.status == RoundStatus.CLOSED
    results = {result.registration_id: result for result in TableResult.objects.filter(table=table)}
    assert {key: result.score for key, result in results.items()} == totals
    best = max(totals, key=lambda key: totals[key])
    assert results[best].table_points == 4

    # The scorekeeper's page is now read-only; a member sees the standings.
    page.reload()
    page.locator("text=Read only.").wait_for()
    member = new_page("carol", width=360)
    member.goto(f"{live_server.url}/en/events/{round_.event_id}/standings/")
    standings = member.locator("#standings")
    assert "Standings after round 1" in standings.inner_text()
    first_row = standings.locator("tbody tr").first.inner_text()
    assert next(p.name for p in (east, south, west, north) if p.pk == best) in first_row
    member.screenshot(path=str(artifacts / "standings-360-after-round-journey.png"),
                      full_page=True)
