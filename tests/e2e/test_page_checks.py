"""The page checks (tests/e2e/page_checks.py) catch what they are for: a
page with a serious accessibility fault, a page wider than a phone, and a
screenshot is kept; and they run by themselves on a page a test opens."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.page_checks import PageChecks, run_checks

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

BAD_PAGE = """<!DOCTYPE html><html lang="nl"><head><title>Fout</title></head><body><main>
<h1>Fout</h1><img src="/static/favicon.svg">
<form><input name="naam"></form>
<div style="width: 900px">breed</div></main></body></html>"""
GOOD_PAGE = """<!DOCTYPE html><html lang="nl"><head><title>Goed</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body><main>
<h1>Goed</h1><img src="/static/favicon.svg" alt="Tegel">
<form><label for="naam">Naam</label><input id="naam" name="naam"></form></main></body></html>"""


def _serve(page: Any, url: str, html: str) -> None:
    page.route(url, lambda route: route.fulfill(status=200, body=html,
                                                content_type="text/html; charset=utf-8"))
    page.goto(url)


@pytest.mark.page_checks_exempt("axe", "width", "screenshot",
                                reason="serves a faulty page on purpose to see the checks fail")
def test_a_faulty_page_fails_each_check(browser: Any, live_server: Any,
                                        tmp_path: Path) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 640})
    page = context.new_page()
    _serve(page, live_server.url + "/harness/bad/", BAD_PAGE)
    checks = run_checks(page, test_name="faulty", artifacts=tmp_path)
    found = "\n".join(str(failure) for failure in checks.failures)
    assert "/harness/bad/ at 360 px: page is" in found  # wider than the screen
    assert "axe critical image-alt" in found
    assert "axe critical label" in found
    assert list((tmp_path / "pages" / "faulty").glob("01-harness-bad-360.png"))
    context.close()


def test_a_sound_page_passes_and_the_checks_ran_by_themselves(
        browser: Any, live_server: Any, page_checks: PageChecks) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 640})
    page = context.new_page()
    _serve(page, live_server.url + "/harness/good/", GOOD_PAGE)
    page_checks.finish()
    assert page_checks.failures == []
    assert any("/harness/good/" in checked for checked in page_checks.checked)
    context.close()
