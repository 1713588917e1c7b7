"""Playwright against Debian's Chromium (no Playwright browser download) and
pytest-django's live server. Skipped, loudly, when either is missing."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.page_checks import CHECKS, PageChecks
from tests.scoring_entry.conftest import (  # noqa: F401
    _english,
    event,
    keeper,
    other_keeper,
    round_,
    table,
)

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


def _chromium() -> str | None:
    path = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    return path if os.path.exists(path) else shutil.which("chromium")


@pytest.fixture(scope="session")
def browser(live_server: Any) -> Iterator[Any]:
    # Depending on live_server makes the browser close first at the end of
    # the session: its last connections end while the server still shares
    # the test database with its request threads (otherwise a request thread
    # finishing after the server stopped fails the last test's teardown).
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("E2E SKIPPED: the playwright package is not installed "
                    "(pip install -e '.[dev]').")
    executable = _chromium()
    if executable is None:
        pytest.skip("E2E SKIPPED: no Chromium at $CHROMIUM or /usr/bin/chromium "
                    "(apt-get install chromium); the browser tests did NOT run.")
    # Playwright's sync API runs an event loop in this thread; the ORM calls
    # of the test itself (checking the database) are still synchronous.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(autouse=True)
def page_checks(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
                ) -> Iterator[PageChecks | None]:
    """Every page a browser test opens passes axe-core (nothing serious or
    critical), fits its screen (and a 360 px one) and leaves a screenshot
    (tests/e2e/page_checks.py). Automatic for every test that uses `browser`;
    `@pytest.mark.page_checks_exempt("axe", reason=...)` exempts, with a reason."""
    if "browser" not in request.fixturenames:
        yield None
        return
    exempt: set[str] = set()
    for marker in request.node.iter_markers("page_checks_exempt"):
        if not marker.kwargs.get("reason"):
            raise pytest.UsageError("page_checks_exempt needs a reason=")
        unknown = set(marker.args) - set(CHECKS)
        if unknown:
            raise pytest.UsageError(f"page_checks_exempt: unknown checks {sorted(unknown)}")
        exempt.update(marker.args)
    ARTIFACTS.mkdir(exist_ok=True)
    checks = PageChecks(test_name=request.node.name, artifacts=ARTIFACTS,
                        exempt=frozenset(exempt))
    checks.wrap_browser(request.getfixturevalue("browser"), monkeypatch)
    yield checks
    # Pages the test's own fixtures leave open (pytest_runtest_call below
    # already checked those open when the test body ended).
    checks.finish()
    if checks.failures:
        pytest.fail(checks.report(), pytrace=False)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """The last state of every open page is checked as part of the test, so a
    failing check fails the test (not its teardown); skipped when the test
    itself failed, whose own failure says more."""
    result = yield
    checks = getattr(item, "funcargs", {}).get("page_checks")
    if isinstance(checks, PageChecks):
        checks.finish()
        if checks.failures:
            report = checks.report()
            checks.failures.clear()  # reported once, here, not again at teardown
            pytest.fail(report, pytrace=False)
    return result
