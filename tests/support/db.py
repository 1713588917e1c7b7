"""Data built once per test module instead of once per test, as Django's
TestCase.setUpTestData does: the builder runs inside a transaction that
stays open for the module and is rolled back after its last test; each test
runs in a savepoint inside it (pytest-django's own per-test transaction), so
whatever a test changes in the database is undone before the next one, and
each test gets its own deep copy of the built objects.

Only for modules whose tests all use the default, non-transactional
`django_db` (a transactional test cannot run inside the open transaction)."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import pytest
from django.db import transaction

T = TypeVar("T")


def built_once_per_module(build: Callable[[], T]) -> Any:
    """A module-scoped fixture holding what `build()` returns; use it through
    a function-scoped fixture that returns `fresh_copy(...)` of it."""

    @pytest.fixture(scope="module")
    def fixture(django_db_setup: None, django_db_blocker: Any) -> Iterator[T]:
        with django_db_blocker.unblock():
            outer = transaction.atomic()
            outer.__enter__()
            try:
                yield build()
            finally:
                transaction.set_rollback(True)
                outer.__exit__(None, None, None)

    return fixture


def fresh_copy(built: T) -> T:
    """This test's own copy of the module's objects (a test that changes an
    object in memory leaves the next test's copy alone)."""
    return copy.deepcopy(built)
