"""Fixtures every test folder uses, and which tests make the slow pass.

`make test` runs the fast pass (`-m "not slow"`, in parallel); `make test-slow`
the rest (`-m slow`); together they are the whole suite. A test is slow when
it drives a real browser (e2e), starts a Redis server and a Celery worker
(worker), or sits in a folder of tests that start other processes or whole
benchmarks (SLOW_FOLDERS); a long walk through the site, a whole-demo build
or a test that starts a fresh Python process says so itself with
`@pytest.mark.slow`. The property tests run in both passes: with a tenth of
their examples in the fast one, with all of them in the slow one
(`-m "slow or hypothesis"` with HYPOTHESIS_PROFILE=full; tests/support/examples.py)."""

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.utils import translation

from scoring.engine import _implementation as engine_implementation
from tests.examples import WORKED_EXAMPLE
from tests.support import examples as _examples  # noqa: F401 (loads the Hypothesis profile)

TESTS = Path(__file__).resolve().parent
SLOW_MARKERS = ("e2e", "worker")
# tests/production starts manage.py, gunicorn, Celery and Redis; tests/bench runs
# the benchmarks' smoke versions; tests/e2e drives Chromium.
SLOW_FOLDERS = ("e2e", "production", "bench")
# The default hasher is slow on purpose; tests don't need that.
QUICK_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def pytest_report_header() -> str:
    return f"scoring engine: {engine_implementation.IMPLEMENTATION}"


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the slow pass before `-m` selects (hence tryfirst). A test that
    instruments the engine's Python functions has nothing to instrument in
    the compiled engine: `make test` runs it in its pass on the sources."""
    compiled = engine_implementation.COMPILED_PATH is not None
    for item in items:
        folder = Path(item.path).resolve().relative_to(TESTS).parts[0]
        if folder in SLOW_FOLDERS or any(item.get_closest_marker(name) for name in SLOW_MARKERS):
            item.add_marker(pytest.mark.slow)
        if compiled and item.get_closest_marker("python_engine"):
            item.add_marker(pytest.mark.skip(reason="instruments the Python engine; the "
                                             "engine runs compiled (make test runs it on the "
                                             "sources too)"))


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: Any) -> None:
    """The test database as pytest-django makes it, plus the database cache's
    table: a migration makes that table, and the fast pass builds its
    databases from the models (`--no-migrations`, one per xdist worker, a
    few seconds saved each); the slow pass applies every migration."""
    with django_db_blocker.unblock():
        call_command("createcachetable", verbosity=0)


@pytest.fixture(autouse=True)
def _default_language() -> Iterator[None]:
    # A page under /en/ leaves English active in this thread (LocaleMiddleware
    # activates it and nothing resets it); each test starts in the site's own
    # language, as a new request does, whichever tests ran before it.
    with translation.override(django_settings.LANGUAGE_CODE):
        yield


@pytest.fixture
def with_broker() -> Iterator[None]:
    """Celery as with a broker: tasks are sent, not run (common.background)."""
    from config.celery import app

    saved = app.conf.task_always_eager
    app.conf.task_always_eager = False
    try:
        yield
    finally:
        app.conf.task_always_eager = saved


@pytest.fixture(autouse=True)
def _fast_password_hasher(settings: Any) -> None:
    # The default hasher is slow on purpose; tests don't need that.
    settings.PASSWORD_HASHERS = QUICK_HASHERS


@pytest.fixture(autouse=True)
def _new_results_cache_work(monkeypatch: pytest.MonkeyPatch) -> None:
    # As every request and task does: what an earlier test got of an event
    # (its primary keys start again) is no basis for this one's values.
    from common import shared_pages
    from tournaments.services import results_cache

    results_cache.new_work()
    # A fresh process: an earlier test whose cache was down (Redis refused)
    # leaves the results cache alone for RETRY_SECONDS in this process, and
    # this test would get pages without validators.
    monkeypatch.setattr(results_cache, "_missed", False)
    monkeypatch.setattr(results_cache, "_failed_at", float("-inf"))
    monkeypatch.setattr(results_cache, "_outage_values", {})
    shared_pages._remembered.clear()


@pytest.fixture
def worked_example() -> dict[str, Any]:
    return copy.deepcopy(WORKED_EXAMPLE)


def create_organiser() -> User:
    """`alice`, the organiser of the tests' club (also for worlds built once
    per module, outside any fixture)."""
    return User.objects.create_user("alice", password="password", is_staff=True)


@pytest.fixture
def organiser(django_user_model: type[User]) -> User:
    return create_organiser()


@pytest.fixture
def organiser_client(client: Client, organiser: User) -> Client:
    client.force_login(organiser)
    return client
