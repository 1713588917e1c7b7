"""The Content-Security-Policy in a real browser (Chromium, as tests/e2e):
the pages that run scripts (score entry, live standings with htmx, the
event form, table cards, the admin) work without a single violation.
Skipped with the e2e tests when no Chromium is installed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.e2e.test_live import enter_values
from tests.scoring_entry.conftest import (  # noqa: F401 (fixtures)
    _english,
    event,
    round_,
    table,
)
from tournaments.models import Event, Round, Table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Every violation the page reports, also those only logged on the console.
WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push(e.violatedDirective + " " + (e.blockedURI || "inline"));
});
"""


@pytest.fixture
def page(browser: Any, live_server: Any, organiser: User) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 390, "height": 900})
    context.add_init_script(WATCH)
    page = context.new_page()
    page.console_errors = []
    page.on("console", lambda message: message.type == "error"
            and page.console_errors.append(message.text))
    page.goto(live_server.url + "/en/accounts/login/")
    page.fill("#id_username", organiser.username)
    page.fill("#id_password", "password")
    page.click("main button[type=submit]")
    page.wait_for_load_state()
    yield page
    context.close()


def violations(page: Any) -> list[str]:
    """What the page reported since the last call."""
    found = list(page.evaluate("window.__violations"))
    found += [text for text in page.console_errors if "Content Security Policy" in text]
    page.console_errors.clear()
    return found


def test_the_pages_with_scripts_run_without_a_violation(
        page: Any, live_server: Any, settings: Any, event: Event, round_: Round,  # noqa: F811
        table: Table) -> None:  # noqa: F811
    settings.STANDINGS_POLL_SECONDS = 1
    seen = {}

    page.goto(f"{live_server.url}/en/tables/{table.pk}/score/")
    enter_values(page, {0: 0, 1: 40, 2: 0, 3: 8}, winner=1)
    page.click("#se-save")
    page.locator('#se-hands tr[data-hand="1"]').wait_for()
    seen["score entry"] = violations(page)

    page.goto(f"{live_server.url}/en/events/{event.pk}/standings/")
    # htmx replaces the live block every second.
    page.locator("#standings").wait_for()
    page.wait_for_timeout(2500)
    assert page.evaluate("typeof htmx") == "object"
    seen["live standings"] = violations(page)

    for name, path in (("event form", f"/en/events/{event.pk}/edit/"),
                       ("table cards", f"/en/rounds/{round_.pk}/cards/"),
                       ("round", f"/en/rounds/{round_.pk}/"),
                       ("statistics", f"/en/events/{event.pk}/statistics/"),
                       ("home", "/en/"),
                       ("password reset", "/en/accounts/password/reset/")):
        page.goto(live_server.url + path)
        page.wait_for_load_state("networkidle")
        seen[name] = violations(page)
    assert {name: found for name, found in seen.items() if found} == {}


# The Django admin's pages are Django's own (its breadcrumb links are told
# apart by colour only); it is the site administrators' tool, not a page of ours.
@pytest.mark.page_checks_exempt("axe", reason="the Django admin's own markup and stylesheet")
def test_the_admin_runs_without_a_violation(browser: Any, live_server: Any,  # noqa: F811
                                            django_user_model: type[User], event: Event,  # noqa: F811
                                            ) -> None:
    django_user_model.objects.create_superuser("root", "root@example.org", "root-password")
    context = browser.new_context()
    context.add_init_script(WATCH)
    page = context.new_page()
    page.console_errors = []
    page.on("console", lambda message: message.type == "error"
            and page.console_errors.append(message.text))
    try:
        page.goto(live_server.url + "/en/admin/login/")
        page.fill("#id_username", "root")
        page.fill("#id_password", "root-password")
        page.click("input[type=submit]")
        page.wait_for_load_state()
        for path in ("/en/admin/", "/en/admin/tournaments/event/",
                     f"/en/admin/tournaments/event/{event.pk}/change/"):
            page.goto(live_server.url + path)
            page.wait_for_load_state("networkidle")
        assert violations(page) == []
    finally:
        context.close()
