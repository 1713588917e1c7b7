"""The table-results page of an MCR round in a real browser on a phone
(390 px): the organiser types every table's scores, a wrong sum is refused
naming the table and the difference (in Dutch), nothing of that table is
saved, and the page fits the screen (page checks: axe, width, screenshot)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.e2e.test_live import new_page  # noqa: F401 (fixture)
from tests.support import worlds
from tournaments.models import TableResult

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_an_mcr_round_entered_on_a_phone(new_page: Any, live_server: Any) -> None:  # noqa: F811
    organiser = User.objects.create_user("boss", password="pw", is_staff=True)
    world = worlds.tournament(worlds.club(organisers=[organiser]), players=8, played=0,
                              open_round=True, ruleset="mcr")
    round_ = world.rounds[0]
    page = new_page("boss")
    page.goto(f"{live_server.url}/rounds/{round_.pk}/table-results/")
    t1, t2 = round_.tables.order_by("number")
    for table, values in ((t1, ["25", "5", "-10", "-20"]), (t2, ["10", "10", "-5", "-3"])):
        seats = table.seats.order_by("position").values_list("registration_id", flat=True)
        for registration_id, value in zip(seats, values, strict=True):
            page.fill(f"#t{table.pk}-{registration_id}", value)
    page.click("main form button.button:not(.secondary)")
    page.wait_for_load_state()
    error = page.locator("#table-2 .field-errors")
    assert error.inner_text() == "Tafel 2: de scores tellen op tot 12, niet 0 (12 te veel)"
    assert TableResult.objects.filter(table=t1).count() == 4
    assert not TableResult.objects.filter(table=t2).exists()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390


def test_the_event_form_hides_what_mcr_decides(new_page: Any, live_server: Any) -> None:  # noqa: F811
    organiser = User.objects.create_user("boss", password="pw", is_staff=True)
    club = worlds.club(organisers=[organiser])
    page = new_page("boss")
    page.goto(f"{live_server.url}/en/clubs/{club.slug}/events/add/")
    ranking = page.locator('[name="ranking_order"]')
    assert ranking.is_visible()
    page.select_option('select[name="ruleset"]', "mcr")
    assert not ranking.is_visible()
    assert page.locator('fieldset[data-ruleset="mcr"]').is_visible()
    page.select_option('select[name="ruleset"]', "riichi")
    assert page.locator('[name="option_riichi_uma"]').is_visible()
    page.select_option('select[name="ruleset"]', "nts")
    assert ranking.is_visible()
