"""The one way the apps run work in the background: a Celery task for a key
(an event, a rule set), asked for once the change that needs it commits,
and coalesced while it waits.

* `after_commit(name, key)` asks once the current transaction commits
  (nothing if it rolls back); asked again for the same task and key in the
  same atomic block, it is still asked once.
* `request(name, key)` sends the task unless one for the same key is
  waiting to start: a flag in the shared cache (`add`), set when the task is
  sent and cleared when it starts (`running`), so ten changes in a row give
  one run, and a change committed while it runs gives another. The flag
  expires after `hold` seconds, so a task the broker lost blocks no longer.
  With `delay` the task starts that many seconds later (Celery's countdown),
  collecting the changes made meanwhile.
* Without a broker (CELERY_TASK_ALWAYS_EAGER, development and the tests)
  the task runs at once, in the process that asked, after the commit.
* Tasks are named, not imported: an app's services ask for its tasks by
  Celery name, so `tasks` modules import services and never the other way
  round. Every app imports its `tasks` module when Django starts
  (AppConfig.ready), so the names are known in every process.

Errors never reach the user who made the change: a broker that is down, a
cache that is unreachable or a task that fails eagerly is logged; the work
is then late, which the next change or the nightly run repairs.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Any

from celery import current_app
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from common.caches import cache_errors

logger = logging.getLogger(__name__)

# Unless told otherwise, how long a waiting flag blocks the next request
# when its task never starts (lost by the broker, a worker killed).
HOLD_SECONDS = 600


def pending_key(name: str, key: Hashable) -> str:
    return f"background:pending:{name}:{key}"


def running_key(name: str, key: Hashable) -> str:
    return f"background:running:{name}:{key}"


def task(name: str) -> Any:
    """The Celery task called `name` (registered when its app is ready)."""
    return current_app.tasks[name]


def eager() -> bool:
    """Whether tasks run in the calling process (no broker)."""
    return bool(current_app.conf.task_always_eager)


def after_commit(name: str, key: Hashable, *, delay: float = 0,
                 hold: int = HOLD_SECONDS) -> None:
    """`request(name, key)` once the current transaction commits."""
    once_on_commit(("request", name, key), lambda: request(name, key, delay=delay, hold=hold))


def once_on_commit(marker: Hashable, callback: Callable[[], Any]) -> None:
    """`callback()` once the current transaction commits, unless a callback
    with the same marker is waiting for it already."""
    connection = transaction.get_connection()
    # Once per atomic block: a signal per row (a round's table results
    # rewritten) asks once. Django keeps the callbacks still to run with the
    # savepoints they were registered under (a rolled-back savepoint takes
    # its own with it).
    if connection.in_atomic_block:
        here = set(connection.savepoint_ids)
        if any(savepoints == here and getattr(callback, "background_marker", None) == marker
               for savepoints, callback, _robust in connection.run_on_commit):
            return

    def once() -> None:
        callback()

    once.background_marker = marker  # type: ignore[attr-defined]
    transaction.on_commit(once, robust=True)


def request(name: str, key: Hashable, *, delay: float = 0, hold: int = HOLD_SECONDS) -> bool:
    """Send task `name` for `key` unless one is waiting already. Returns
    whether it was sent (or, eagerly, run). Never raises."""
    flag = pending_key(name, key)
    try:
        if not cache.add(flag, timezone.now().isoformat(), hold + int(delay)):
            return False  # one is waiting: it will see this change too
    except cache_errors() as error:  # no flag: sent all the same, uncoalesced
        logger.warning("background %s %s: cache unreachable: %r", name, key, error)
    if eager():
        _run_now(name, key)
        return True
    try:
        _send(name, key, delay)
    except Exception as error:  # noqa: BLE001 (any broker error: kombu, redis, socket)
        logger.warning("background %s %s not started: %r", name, key, error)
        _forget(flag)  # the next change asks again
        return False
    return True


def _send(name: str, key: Hashable, delay: float) -> None:
    """Hand the task to the broker (the seam the tests replace)."""
    if delay:
        task(name).apply_async(args=[key], countdown=delay)
    else:
        task(name).apply_async(args=[key])


def _run_now(name: str, key: Hashable) -> None:
    """No broker: run the task here (it clears its flag when it starts)."""
    try:
        task(name).apply(args=[key], throw=True)
    except Exception:  # noqa: BLE001 (logged; the work is late, never the user's problem)
        logger.exception("background %s %s failed", name, key)
        _forget(pending_key(name, key))


def _forget(flag: str) -> None:
    try:
        cache.delete(flag)
    except cache_errors():
        pass


@contextmanager
def running(name: str, key: Hashable, *, hold: int = HOLD_SECONDS) -> Iterator[None]:
    """A task's work for `key`: its waiting flag is cleared first, so a change
    committed while it runs asks for another run; `state` says it runs."""
    try:
        cache.delete(pending_key(name, key))
        cache.set(running_key(name, key), timezone.now().isoformat(), hold)
    except cache_errors() as error:
        logger.warning("background %s %s: cache unreachable: %r", name, key, error)
    try:
        yield
    finally:
        _forget(running_key(name, key))


def state(name: str, key: Hashable) -> dict[str, Any]:
    """Whether a run for `key` is waiting or running (neither when the cache
    cannot be reached: a page showing it still shows)."""
    keys = [pending_key(name, key), running_key(name, key)]
    try:
        found = cache.get_many(keys)
    except cache_errors():
        logger.warning("background %s %s: state unknown (cache unreachable)", name, key)
        found = {}
    return {"pending": keys[0] in found, "running": keys[1] in found}
