"""The club's details page in a real browser at 390 and 1280 px: the
organiser sets the season's rules and adds a holiday without the admin; the
page fits the screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from clubs.models import Club, HolidayPeriod, Member
from tests.e2e.test_live import new_page  # noqa: F401 (fixture)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

FITS = """() => {
  const screen = window.innerWidth;
  const cut = [...document.querySelectorAll('main select, main input, main button')]
    .filter(element => element.offsetParent !== null && element.type !== 'hidden')
    .filter(element => { const box = element.getBoundingClientRect();
                         return box.left < 0 || box.right > screen + 0.5; })
    .map(element => element.name || element.id);
  return {scrollWidth: document.documentElement.scrollWidth, screen, cut};
}"""


@pytest.mark.parametrize("width", [390, 1280])
def test_the_organiser_keeps_the_season_rules_and_holidays(
        new_page: Any, live_server: Any, organiser: User, artifacts: Path,  # noqa: F811
        width: int) -> None:
    organiser.set_password("password")
    organiser.save()
    club = Club.objects.create(name="Fu-Hing", slug="fu-hing", city="Amsterdam")
    club.organisers.add(organiser)
    page = new_page("alice", password="password", width=width)
    page.goto(f"{live_server.url}/clubs/fu-hing/")
    page.get_by_role("link", name="Clubgegevens").click()
    page.select_option("#id_mode", "best_n")
    page.fill("#id_n", "12")
    page.fill("#id_attendance_bonus", "0,5")
    page.fill("#id_min_attendance", "5")
    page.locator("#season-heading").locator("xpath=..").get_by_role(
        "button", name="Opslaan").click()
    page.locator(".alert-success", has_text="seizoensregels zijn opgeslagen").wait_for()
    page.fill("#id_holiday_name", "Kerstvakantie")
    page.fill("#id_holiday_start", "2026-12-19")
    page.fill("#id_holiday_end", "2027-01-03")
    page.get_by_role("button", name="Toevoegen", exact=True).first.click()
    page.locator(".alert-success", has_text="Kerstvakantie is toegevoegd").wait_for()
    assert page.locator(".holiday-list", has_text="19 december 2026").is_visible()
    layout = page.evaluate(FITS)
    assert layout["scrollWidth"] <= layout["screen"], layout
    assert layout["cut"] == [], layout
    page.screenshot(path=str(artifacts / f"club-details-{width}.png"), full_page=True)
    club.refresh_from_db()
    options = club.read_season_options()
    assert (options.mode, options.n, str(options.attendance_bonus), options.min_attendance) == (
        "best_n", 12, "0.5", 5)
    assert HolidayPeriod.objects.filter(club=club, name="Kerstvakantie").exists()

    # A member's login, linked on the member's page.
    piet = Member.objects.create(club=club, first_name="Piet", last_name="van der Meer")
    account = User.objects.create_user("piet")
    page.goto(f"{live_server.url}/clubs/fu-hing/members/{piet.pk}/edit/")
    page.fill("#id_login_user", "piet")
    page.get_by_role("button", name="Login opslaan").click()
    page.locator(".alert-success", has_text="Piet van der Meer logt in als piet").wait_for()
    layout = page.evaluate(FITS)
    assert layout["scrollWidth"] <= layout["screen"], layout
    page.screenshot(path=str(artifacts / f"member-login-{width}.png"), full_page=True)
    piet.refresh_from_db()
    assert piet.user == account
