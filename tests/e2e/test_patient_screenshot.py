"""The page checks' screenshot is evidence, not an assertion
(tests/e2e/page_checks.py): a frame Chromium does not deliver is asked for
again, then settled for as the visible part; anything else still fails."""

import pytest

from tests.e2e.page_checks import _patient_screenshot


class Error(Exception):
    """Stands in for playwright's Error, whose message names the protocol call."""


class TimeoutError(Exception):  # noqa: A001 - playwright's name, matched by name
    pass


def screenshots(*outcomes: Exception | None):
    calls: list[dict] = []

    def screenshot(**kwargs):
        calls.append(kwargs)
        outcome = outcomes[len(calls) - 1]
        if outcome is not None:
            raise outcome
        return b"png"
    return screenshot, calls


REFUSED = Error("Protocol error (Page.captureScreenshot): Unable to capture screenshot")


def test_a_refused_frame_is_asked_for_again() -> None:
    screenshot, calls = screenshots(REFUSED, None)
    assert _patient_screenshot(screenshot)(path="a.png", full_page=True) == b"png"
    assert calls[1] == {"path": "a.png", "full_page": True, "timeout": 20_000}


def test_twice_refused_settles_for_the_visible_part() -> None:
    screenshot, calls = screenshots(TimeoutError("30 s"), REFUSED, None)
    assert _patient_screenshot(screenshot)(path="a.png", full_page=True) == b"png"
    assert calls[2] == {"path": "a.png", "full_page": False, "timeout": 20_000}


def test_another_error_still_fails() -> None:
    screenshot, _ = screenshots(Error("Target page, context or browser has been closed"))
    with pytest.raises(Error, match="closed"):
        _patient_screenshot(screenshot)(path="a.png", full_page=True)
