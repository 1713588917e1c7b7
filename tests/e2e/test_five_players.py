"""A table of 5 in a real browser: the page says who sits out, takes the
four players' values and shows the next hand by the schedule of the event's
rule set (NTS here: the dreamer of seed 003 "Vijf spelers"; Hong Kong would
play seed 001's "Schema bij een tafel van 5 spelers")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.domain.conftest import make_event
from tests.e2e.test_score_entry import open_page
from tournaments.models import Event, HandScore, Table
from tournaments.seating import five_player_schedule

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def event(organiser: User) -> Event:
    """Five players: one table of 5."""
    event, _players = make_event(5)
    event.club.organisers.add(organiser)
    return event


def test_a_table_of_five_shows_who_sits_out(browser: Any, live_server: Any, table: Table,
                                            keeper: User, artifacts: Path) -> None:
    seats = {seat.position: seat.registration for seat in table.seats.all()}
    context, page = open_page(browser, live_server, "vera", width=360)
    page.goto(f"{live_server.url}/en/tables/{table.pk}/score/")
    rows = five_player_schedule(table.round.event.ruleset)
    out = rows[0][4]
    sitting_out = page.locator(f'.se-player[data-position="{out}"]')
    assert "sits out this hand" in sitting_out.inner_text()
    assert page.locator(".se-out-tag").count() == 1
    page.check('input[name=mode][value="values"]')
    playing = rows[0][:4]
    assert page.locator(f"#se-value-{out}").count() == 0
    for position in playing:
        page.fill(f"#se-value-{position}", "40" if position == playing[1] else "8")
    page.check(f'#se-winner input[value="{playing[1]}"]')
    page.check('#se-discarder input[value=""]')
    page.click("text=Save hand")
    page.wait_for_selector("#se-saved >> text=Hand 1 saved")
    page.screenshot(path=str(artifacts / "score-entry-360-five-players.png"), full_page=True)
    # Hand 2: the next row of the schedule sits out.
    page.wait_for_function(
        f'document.querySelector(\'.se-player[data-position="{rows[1][4]}"]\')'
        f'.innerText.includes("sits out")')
    scores = HandScore.objects.filter(hand__table=table)
    assert scores.count() == 4 and sum(score.settlement for score in scores) == 0
    assert not scores.filter(registration=seats[out]).exists()
    context.close()
