"""Playwright against Debian's Chromium (no Playwright browser download) and
pytest-django's live server. Skipped, loudly, when either is missing."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

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
