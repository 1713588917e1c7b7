"""Recomputing an event's statistics in the background, once its change
is committed.

Like the standings (tournaments/services/hands.py), the work goes to Celery
(`stats.recompute_event`). Without a broker Celery runs tasks eagerly, in
the request; a recomputation may take seconds, so then it runs in a daemon
thread of this process instead: one thread at a time, which takes every
event asked for meanwhile in one go (ten corrections in a row cost one or
two recomputations, not ten). A broker that refuses the task gets the same
thread. An in-memory SQLite database (the tests) cannot be shared with
another thread, so there the recomputation runs at once.

Errors are logged, never raised: statistics that are not refreshed leave the
old ones in place (and the next change tries again).
"""

from __future__ import annotations

import logging
import threading

from django.db import connection, connections, transaction

logger = logging.getLogger(__name__)

_lock = threading.Lock()
_pending: set[int] = set()
_worker: threading.Thread | None = None


def event_changed(event_id: int) -> None:
    """Recompute the event's statistics once the current transaction commits."""
    transaction.on_commit(lambda: send(event_id))


def send(event_id: int) -> None:
    from stats.tasks import recompute_event

    if not recompute_event.app.conf.task_always_eager:
        try:
            recompute_event.delay(event_id)
            return
        except Exception as error:  # noqa: BLE001 (any broker error: kombu, redis, socket)
            logger.warning("statistics of event %s not sent to the worker: %r", event_id, error)
    if _in_memory_database():
        _recompute(event_id)
    else:
        start_thread(event_id)


def _in_memory_database() -> bool:
    return connection.vendor == "sqlite" and bool(
        connection.is_in_memory_db())  # type: ignore[attr-defined]


def start_thread(event_id: int) -> threading.Thread:
    """Queue the event for the recomputation thread, starting it if needed."""
    global _worker
    with _lock:
        _pending.add(event_id)
        if _worker is None or not _worker.is_alive():
            _worker = threading.Thread(target=_drain, name="stats-recompute", daemon=True)
            _worker.start()
        return _worker


def _drain() -> None:
    global _worker
    try:
        while True:
            with _lock:
                if not _pending:
                    _worker = None
                    return
                event_ids = sorted(_pending)
                _pending.clear()
            for event_id in event_ids:
                _recompute(event_id)
    finally:
        connections.close_all()  # this thread's connections only


def _recompute(event_id: int) -> None:
    from stats import services

    try:
        services.recompute_event(event_id)
    except Exception:  # noqa: BLE001 (logged; the old statistics stay)
        logger.exception("statistics of event %s not recomputed", event_id)
