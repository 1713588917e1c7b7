"""Every page the demo's organiser, a member and an anonymous visitor can
reach by following links, on a 360 px phone, passes the page checks of
tests/e2e/page_checks.py (axe-core: nothing serious or critical; no wider
than the screen; a screenshot under test-artifacts/pages/crawl-<role>/).

One crawl (the small demo, breadth first from the home page, in Dutch, at
most MAX_PER_NAME pages of one kind and MAX_PAGES pages per role) runs when
the first of these tests needs it; each kind of page (its URL name) per role
is then its own test, so a known failure is marked on that page alone
(KNOWN_FAILURES, with the reason), and a kind of page nobody reaches is
skipped.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.urls import Resolver404, URLPattern, URLResolver, get_resolver, resolve
from django.utils import translation

from tests.e2e.conftest import ARTIFACTS
from tests.e2e.page_checks import NARROWEST_SCREEN, run_checks

# The database is flushed after every test of this module; only the first
# one has data (the crawl), so the others' flushes are quick.
pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ROLES = {
    "organiser": ("organiser", "mahjong-demo"),
    "member": ("speler", "mahjong-demo"),
    "anonymous": None,
}
MAX_PER_NAME = 2
MAX_PAGES = 70
# Links a crawl does not follow: leaving the session, Django's admin (not our
# pages; tests/e2e/test_csp_browser.py visits it) and one-time tokens.
NOT_FOLLOWED = ("logout", "admin:", "password_reset_confirm", "set_language")

# Pages in other areas that fail a check today, each with its reason; they
# are marked xfail (strict=False), so a fix shows as XPASS. Keyed by URL name
# (any role) or "role/url name".
KNOWN_FAILURES: dict[str, str] = {}


def _url_names(patterns: list[Any], namespace: str = "") -> list[str]:
    names: list[str] = []
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            names += _url_names(pattern.url_patterns, inner)
        elif isinstance(pattern, URLPattern) and pattern.name:
            names.append(f"{namespace}{pattern.name}")
    return names


PAGE_NAMES = sorted({name for name in _url_names(get_resolver().url_patterns)
                     if not name.startswith(NOT_FOLLOWED)})


@dataclass
class Crawl:
    visited: dict[tuple[str, str], list[str]] = field(default_factory=lambda: defaultdict(list))
    failures: dict[tuple[str, str], list[str]] = field(default_factory=lambda: defaultdict(list))


_CRAWL: list[Crawl] = []


def _view_name(path: str) -> str | None:
    try:
        # The crawl is of the Dutch pages (no language prefix), whatever
        # language the test process has active.
        with translation.override("nl"):
            return resolve(path).view_name
    except Resolver404:
        return None


def _crawl_role(browser: Any, base: str, role: str, crawl: Crawl) -> None:
    context = browser.new_context(viewport={"width": NARROWEST_SCREEN, "height": 800},
                                  locale="nl-NL", accept_downloads=False)
    page = context.new_page()
    try:
        login = ROLES[role]
        if login is not None:
            page.goto(base + "/accounts/login/")
            page.fill("input[name=username]", login[0])
            page.fill("input[name=password]", login[1])
            page.locator("main form button[type=submit], main form input[type=submit]").first.click()
            page.wait_for_load_state("load")
        queue, seen, count = ["/"], {"/"}, 0
        per_name: dict[str, int] = defaultdict(int)
        while queue and count < MAX_PAGES:
            path = queue.pop(0)
            name = _view_name(urlsplit(path).path)
            if name is None or name.startswith(NOT_FOLLOWED) or per_name[name] >= MAX_PER_NAME:
                continue
            try:
                response = page.goto(base + path, wait_until="load")
            except Exception as error:  # a download, not a page
                if "Download is starting" in str(error):
                    continue
                raise
            if response is None or "html" not in (response.headers.get("content-type") or ""):
                continue
            per_name[name] += 1
            count += 1
            crawl.visited[(role, name)].append(path)
            if response.status >= 400:
                crawl.failures[(role, name)].append(
                    f"{path}: a link leads here and it answers {response.status}")
                continue
            checks = run_checks(page, test_name=f"crawl-{role}", artifacts=ARTIFACTS,
                                number=count)
            crawl.failures[(role, name)] += [str(failure) for failure in checks.failures]
            for href in page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)"):
                parts = urlsplit(href)
                if parts.netloc != urlsplit(base).netloc or parts.path.startswith("/en/"):
                    continue
                link = parts.path + (f"?{parts.query}" if parts.query else "")
                if link not in seen:
                    seen.add(link)
                    queue.append(link)
    finally:
        context.close()


@pytest.fixture
def crawl(request: pytest.FixtureRequest) -> Crawl:
    """The crawl of all three roles, run once (by the first test that asks)."""
    if not _CRAWL:
        browser = request.getfixturevalue("browser")
        live_server = request.getfixturevalue("live_server")
        from operations.demo import load_demo
        from operations.management.commands.load_demo import SMALL

        load_demo(SMALL)
        result = Crawl()
        for role in ROLES:
            _crawl_role(browser, live_server.url, role, result)
        _CRAWL.append(result)
    return _CRAWL[0]


@pytest.mark.parametrize("name", PAGE_NAMES)
@pytest.mark.parametrize("role", list(ROLES))
def test_every_reachable_page_passes_the_page_checks(crawl: Crawl, role: str,
                                                     name: str) -> None:
    paths = crawl.visited.get((role, name))
    if not paths:
        pytest.skip(f"no link leads the demo's {role} to {name}")
    failures = crawl.failures.get((role, name), [])
    reason = KNOWN_FAILURES.get(f"{role}/{name}") or KNOWN_FAILURES.get(name)
    if failures and reason:
        pytest.xfail(f"known: {reason}")
    assert not failures, f"{role} on {name}:\n  " + "\n  ".join(failures)
