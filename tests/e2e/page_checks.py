"""The checks every page a browser test visits must pass (issue 15, "Tests and
evidence"), applied automatically by tests/e2e/conftest.py:

- axe-core (the copy shipped inside the `axe-playwright-python` package, so it
  runs offline): no violation of impact "serious" or "critical";
- the page is no wider than the screen: document.documentElement.scrollWidth
  <= window.innerWidth at the test's viewport, and again at 360 px when the
  test ends (a 360 px phone is the narrowest screen we design for);
- a full-page screenshot at the test's viewport, kept under
  test-artifacts/pages/<test>/ to look at.

The checks run when a page has loaded (Playwright's "load" event) and, for the
state a test leaves a page in, when its context or page is closed or the test
ends. A load handler runs while the test goes on; when the test navigates
away during a check, that document is noted as not checked instead of failing
(the crawl test, tests/e2e/test_every_page.py, visits every reachable page
on its own).

An exemption is explicit and carries its reason, on the test:

    @pytest.mark.page_checks_exempt("axe", reason="...")   # or "width"

Use it only where the page is not ours to fix (the Django admin's own pages)
or the test needs the state that fails on purpose.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from axe_playwright_python.base import AXE_SCRIPT

NARROWEST_SCREEN = 360
FAILING_IMPACTS = ("serious", "critical")
CHECKS = ("axe", "width", "screenshot")

# axe.run over the whole document, violations only (the passes are large).
AXE_RUN = "() => axe.run(document, {resultTypes: ['violations']})"
WIDTH = ("() => ({scrollWidth: document.documentElement.scrollWidth,"
         " innerWidth: window.innerWidth, contentType: document.contentType})")
# A navigation during a check ends it; those documents are skipped, not failed.
GONE = re.compile(r"Execution context was destroyed|Axe is already running|Target (page, context or browser )?(has been )?"
                  r"closed|navigat|Frame was detached|has been closed|Cannot find context",
                  re.IGNORECASE)


@dataclass
class Failure:
    url: str
    width: int
    what: str

    def __str__(self) -> str:
        return f"{self.url} at {self.width} px: {self.what}"


@dataclass
class PageChecks:
    """The checks of one test: attaches to every page its contexts open."""

    test_name: str
    artifacts: Path
    exempt: frozenset[str] = frozenset()
    failures: list[Failure] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    _pages: list[Any] = field(default_factory=list)
    _pending: int = 0
    _busy: list[Any] = field(default_factory=list)
    _shots: int = 0

    # --- wiring ---------------------------------------------------------------

    def wrap_browser(self, browser: Any, monkeypatch: Any) -> None:
        """Every context (and so page) the test opens on `browser` is checked."""
        new_context = browser.new_context
        new_page = browser.new_page

        def checked_context(*args: Any, **kwargs: Any) -> Any:
            context = new_context(*args, **kwargs)
            self.attach_context(context)
            return context

        def checked_page(*args: Any, **kwargs: Any) -> Any:
            page = new_page(*args, **kwargs)
            self.attach_context(page.context)
            self.attach(page)
            return page

        monkeypatch.setattr(browser, "new_context", checked_context)
        monkeypatch.setattr(browser, "new_page", checked_page)

    def attach_context(self, context: Any) -> None:
        if getattr(context, "_page_checks", None) is self:
            return
        context._page_checks = self
        context.on("page", self.attach)
        close = context.close

        def close_after_checks(*args: Any, **kwargs: Any) -> Any:
            self.finish(context.pages)
            return close(*args, **kwargs)

        context.close = close_after_checks

    def attach(self, page: Any) -> None:
        if page in self._pages:
            return
        self._pages.append(page)
        page.on("load", lambda: self._on_load(page))
        close = page.close

        def close_after_checks(*args: Any, **kwargs: Any) -> Any:
            self.finish([page])
            return close(*args, **kwargs)

        page.close = close_after_checks
        page.screenshot = _patient_screenshot(page.screenshot)

    # --- checking ---------------------------------------------------------------

    def _on_load(self, page: Any) -> None:
        # An event handler: it may call the page (Playwright runs it in its own
        # greenlet) but must never raise into Playwright's dispatcher.
        if page in self._busy:
            self.skipped.append(f"{_safe_url(page)}: loaded again while being checked")
            return
        self._busy.append(page)
        self._pending += 1
        try:
            self.check(page, final=False)
        except Exception as error:  # noqa: BLE001 (reported, never raised here)
            if type(error).__name__ == "TimeoutError":
                # A busy machine while the test goes on (navigating, say):
                # the state the test leaves the page in is still checked.
                self.skipped.append(f"{_safe_url(page)}: timed out during the check")
            else:
                self._note_error(page, error)
        finally:
            self._pending -= 1
            self._busy.remove(page)

    def finish(self, pages: Iterable[Any] | None = None) -> None:
        """The state each open page was left in, after the pending load checks."""
        pages = list(self._pages if pages is None else pages)
        open_pages = [page for page in pages if not page.is_closed()]
        for _ in range(300):  # at most ~30 s for the load checks still running
            if not open_pages or not any(page in self._busy for page in open_pages):
                break
            open_pages[0].wait_for_timeout(100)
        for page in open_pages:
            if page in self._pages and not page.is_closed():
                try:
                    self.check(page, final=True)
                except Exception as error:  # noqa: BLE001
                    self._note_error(page, error)
                self._pages.remove(page)

    def check(self, page: Any, *, final: bool) -> None:
        url = page.url
        if not url.startswith("http"):
            return
        facts = page.evaluate(WIDTH)
        if "html" not in facts["contentType"]:
            return
        width = int(page.viewport_size["width"]) if page.viewport_size else facts["innerWidth"]
        if "screenshot" not in self.exempt:
            self._screenshot(page, url, width)
        if "width" not in self.exempt:
            self._check_width(url, width, facts)
        if "axe" not in self.exempt:
            self._check_axe(page, url, width)
        if final and "width" not in self.exempt and width > NARROWEST_SCREEN:
            self._check_at_narrowest(page, url)
        self.checked.append(f"{url} ({width} px)")

    def _check_width(self, url: str, width: int, facts: dict[str, Any]) -> None:
        if facts["scrollWidth"] > facts["innerWidth"]:
            self._fail(url, width, f"page is {facts['scrollWidth']} px wide on a "
                                   f"{facts['innerWidth']} px screen (scrolls sideways)")

    def _check_at_narrowest(self, page: Any, url: str) -> None:
        size = page.viewport_size
        page.set_viewport_size({"width": NARROWEST_SCREEN, "height": size["height"]})
        try:
            self._check_width(url, NARROWEST_SCREEN, page.evaluate(WIDTH))
        finally:
            page.set_viewport_size(size)

    def _check_axe(self, page: Any, url: str, width: int) -> None:
        try:
            results = _run_axe(page)
        except Exception as error:  # noqa: BLE001
            # A redirect between injecting axe and running it (a login landing
            # on the home page, say) leaves a new document without axe: the
            # check is run again on that document, once.
            if "axe is not defined" not in str(error):
                raise
            results = _run_axe(page)
        for violation in results["violations"]:
            if violation.get("impact") in FAILING_IMPACTS:
                self._fail(url, width, describe(violation))

    def _screenshot(self, page: Any, url: str, width: int) -> None:
        self._shots += 1
        number = self._shots
        folder = self.artifacts / "pages" / _slug(self.test_name)
        folder.mkdir(parents=True, exist_ok=True)
        path = url.split("//", 1)[-1].split("/", 1)[-1]
        page.screenshot(path=str(folder / f"{number:02d}-{_slug(path) or 'home'}-{width}.png"),
                        full_page=True)

    def _fail(self, url: str, width: int, what: str) -> None:
        failure = Failure(_path(url), width, what)
        if not any(str(known) == str(failure) for known in self.failures):
            self.failures.append(failure)

    def _note_error(self, page: Any, error: Exception) -> None:
        if GONE.search(str(error)):
            self.skipped.append(f"{_safe_url(page)}: navigated away during the check")
        else:
            self._fail(_safe_url(page), 0, f"the check itself failed: {error}")

    def report(self) -> str:
        lines = [f"{len(self.failures)} page check failure(s) (tests/e2e/page_checks.py):"]
        lines += [f"  - {failure}" for failure in self.failures]
        return "\n".join(lines)


def _run_axe(page: Any) -> dict[str, Any]:
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE_SCRIPT)
    return page.evaluate(AXE_RUN)


def _patient_screenshot(screenshot: Any) -> Any:
    """A screenshot is evidence for people, not an assertion: when Chromium on
    a loaded CI machine never delivers the frame (seen once: "fonts loaded",
    then 30 s of nothing) or refuses it ("Protocol error
    (Page.captureScreenshot): Unable to capture screenshot", seen once on a
    page of 2,400 px), take it again, and settle for the visible part rather
    than fail a test whose checks all passed."""
    def patient(*args: Any, **kwargs: Any) -> Any:
        try:
            return screenshot(*args, **kwargs)
        except Exception as error:  # noqa: BLE001
            if not _frame_not_delivered(error):
                raise
        try:
            return screenshot(*args, **{**kwargs, "timeout": 20_000})
        except Exception as error:  # noqa: BLE001
            if not _frame_not_delivered(error) or not kwargs.get("full_page"):
                raise
        return screenshot(*args, **{**kwargs, "full_page": False, "timeout": 20_000})
    return patient


def _frame_not_delivered(error: Exception) -> bool:
    return type(error).__name__ == "TimeoutError" or "Unable to capture screenshot" in str(error)


def describe(violation: dict[str, Any]) -> str:
    targets = [", ".join(str(part) for part in node.get("target", []))
               for node in violation.get("nodes", [])[:4]]
    more = len(violation.get("nodes", [])) - len(targets)
    where = "; ".join(targets) + (f"; and {more} more" if more > 0 else "")
    return f"axe {violation['impact']} {violation['id']}: {violation['help']} [{where}]"


def run_checks(page: Any, *, test_name: str, artifacts: Path, number: int = 1,
               exempt: Iterable[str] = ()) -> PageChecks:
    """Checks one page now (the crawl uses this; `number` numbers its
    screenshot); returns the findings."""
    checks = PageChecks(test_name=test_name, artifacts=artifacts, exempt=frozenset(exempt))
    checks._shots = number - 1
    checks.check(page, final=False)
    return checks


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-")[:80]


def _path(url: str) -> str:
    return "/" + url.split("//", 1)[-1].split("/", 1)[-1] if "//" in url else url


def _safe_url(page: Any) -> str:
    try:
        return _path(page.url)
    except Exception:  # noqa: BLE001
        return "?"

