"""The club's event defaults and the new-event form in a real browser, on a
phone (390 px) and a laptop (1280 px): the organiser keeps Fu-Hing's house
rules, and a new evening starts from them with its title made from the date.
The forms fit the screen and no select is cut off."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from clubs.models import Club
from tests.e2e.test_live import new_page  # noqa: F401 (fixture)
from tournaments.models import ClubEventDefaults, Event

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Every select and input in view: none reaches past the screen's edge, and
# the page itself does not scroll sideways.
LAYOUT = """() => {
  const screen = window.innerWidth;
  const cut = [];
  for (const element of document.querySelectorAll('main select, main input, main button')) {
    if (element.offsetParent === null || element.type === 'hidden') continue;
    const box = element.getBoundingClientRect();
    if (box.left < 0 || box.right > screen + 0.5) cut.push(element.name || element.id);
  }
  const selects = [...document.querySelectorAll('main select')]
    .filter(element => element.offsetParent !== null)
    .map(element => Math.round(element.getBoundingClientRect().width));
  const form = document.querySelector('main form.form-wide').getBoundingClientRect();
  return {scrollWidth: document.documentElement.scrollWidth, screen, cut,
          narrowestSelect: Math.min(...selects), formWidth: Math.round(form.width)};
}"""


@pytest.fixture
def fu_hing(organiser: User) -> Club:
    organiser.set_password("password")
    organiser.save()
    club = Club.objects.create(name="Fu-Hing", slug="fu-hing", city="Amsterdam")
    club.organisers.add(organiser)
    return club


def check_layout(page: Any, width: int) -> None:
    layout = page.evaluate(LAYOUT)
    assert layout["scrollWidth"] <= layout["screen"], layout
    assert layout["cut"] == [], layout
    if width >= 1280:
        # The page's width, not a 230 px column: long choices fit in their select.
        assert layout["formWidth"] >= 800, layout
        assert layout["narrowestSelect"] >= 200, layout
    else:
        assert layout["formWidth"] >= width - 60, layout


@pytest.mark.parametrize("width", [390, 1280])
def test_the_organiser_keeps_the_house_rules_and_a_new_evening_starts_from_them(
        new_page: Any, live_server: Any, fu_hing: Club, artifacts: Path,  # noqa: F811
        width: int) -> None:
    page = new_page("alice", password="password", width=width)
    page.goto(f"{live_server.url}/clubs/fu-hing/event-defaults/")
    assert page.locator("h2", has_text="Standaardinstellingen").is_visible()
    hong_kong = page.locator('fieldset.rule-options[data-ruleset="hongkong"]')
    assert hong_kong.is_hidden()
    page.select_option("#id_ruleset", "hongkong")
    assert hong_kong.is_visible()
    assert page.locator('fieldset.rule-options[data-ruleset="nts"]').is_hidden()
    page.fill("#id_title_pattern", "Clubavond {date}")
    page.fill("#id_rounds_planned", "2")
    page.select_option("#id_option_hongkong_payment", "half_pay")
    page.select_option("#id_seating_method", "fuhing")
    page.select_option("#id_ranking_order", "table_points")
    check_layout(page, width)
    page.screenshot(path=str(artifacts / f"event-defaults-{width}.png"), full_page=True)
    page.get_by_role("button", name="Opslaan").click()
    page.locator(".alert-success", has_text="standaardinstellingen zijn opgeslagen").wait_for()
    stored = ClubEventDefaults.objects.get(club=fu_hing)
    assert (stored.ruleset, stored.rule_options["payment"], stored.seating_method,
            stored.ranking_order, stored.rounds_planned) == (
        "hongkong", "half_pay", "fuhing", "table_points", 2)

    # A new evening starts from them; its title follows the date.
    page.goto(f"{live_server.url}/clubs/fu-hing/events/add/")
    assert page.input_value("#id_ruleset") == "hongkong"
    assert page.input_value("#id_option_hongkong_payment") == "half_pay"
    assert page.input_value("#id_seating_method") == "fuhing"
    assert page.input_value("#id_ranking_order") == "table_points"
    assert page.input_value("#id_rounds_planned") == "2"
    assert page.input_value("#id_title").startswith("Clubavond ")
    page.fill("#id_start_date", "2026-12-02")
    page.locator("#id_start_date").dispatch_event("change")
    assert page.input_value("#id_title") == "Clubavond 2 december 2026"
    check_layout(page, width)
    page.screenshot(path=str(artifacts / f"event-form-{width}.png"), full_page=True)
    page.get_by_role("button", name="Opslaan").click()
    page.wait_for_url(f"{live_server.url}/events/*/")
    event = Event.objects.get(club=fu_hing)
    assert (event.title, event.start_date, event.ruleset, event.rule_options["payment"],
            event.seating_method, event.ranking_order) == (
        "Clubavond 2 december 2026", datetime.date(2026, 12, 2), "hongkong", "half_pay",
        "fuhing", "table_points")
