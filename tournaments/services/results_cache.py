"""Computed results (standings) kept in the shared cache, so that a page read
by hundreds of members costs one computation per change, not one per reader.

Correctness comes from a *generation* per event: every committed change to
an event's results (a hand saved, corrected or confirmed, a round started
or closed, a registration or the event edited) gives the event a new random
generation; club and member edits (names shown everywhere) give every event
a new one. A value is kept together with the generation it was computed
under, and is only served for that generation.

Why random values and not a counter: two changes committed at once could
both read the counter before either wrote it and leave it where a reader
had just stored an older computation; a fresh value can never repeat. A
reader reads the generation before it reads the data, and a new generation
is never visible before the change that caused it has committed (see
`_set_generation`), so a computation is never newer in name than in
content.

While one process recomputes a changed value, the others keep serving the
previous one instead of all recomputing it at once (a lock in the cache,
`add`); the previous value is at most one computation old.

One request may build a value on another (the standings table is rendered
from the standings data), so a value is stored only under the generation
its request started from: the first value of the event the request got
(computed, or served from the cache) fixes that generation. When the
generation has moved on since (a hand committed in between), or the request
was served a previous value, what it computes next may be built on older
data; stored under the newer generation it would be served until the next
change, so it is served to this request only. The basis is per thread and
starts afresh with every request and every Celery task.

The cache must be shared by every app process (settings.CACHES: the
database or Redis), never process memory.

A cache server that cannot be reached (Redis down: Django's RedisCache
raises redis-py's errors; Redis hanging: the socket timeouts of
settings.CACHES raise them) never fails a request: changes are saved without
telling it, and each process computes values itself, keeping each for up to
OUTAGE_SECONDS (the page polls every 10 s) so that hundreds of readers do
not recompute the standings on every request; a change made in the process
drops its event's values at once. After a failure a process leaves the cache
alone for RETRY_SECONDS, so a hanging server costs one request per process a
timeout now and then, not every request. A process that missed the cache gives
every event a new generation as soon as it reaches it again, so nothing
computed before the outage is served after it (Redis may come back with its
old data, generations included).
"""

from __future__ import annotations

import functools
import hashlib
import logging
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from celery.signals import task_prerun
from django.core.cache import cache, caches
from django.core.cache.backends.db import DatabaseCache
from django.core.signals import request_started
from django.db import transaction

from common.caches import cache_errors

T = TypeVar("T")

logger = logging.getLogger(__name__)

# What a cache server that cannot be reached raises.
CACHE_ERRORS = cache_errors()
# This process could not reach the cache since it last gave every event a
# new generation (it may have missed telling it of a change).
_missed = False
# When (time.monotonic()) this process last failed to reach the cache; it
# tries again RETRY_SECONDS later.
_failed_at = float("-inf")
RETRY_SECONDS = 10
# While the cache cannot be reached: (event id, part) -> (when, value) of
# what this process computed, served for up to OUTAGE_SECONDS.
OUTAGE_SECONDS = 10
_outage_values: dict[tuple[int, str], tuple[float, Any]] = {}

# Per thread, for the request (or task) it serves: event id -> the
# generation of the values it got so far (see the module).
_work = threading.local()


def new_work(**kwargs: Any) -> None:
    """A new request or task starts: no value got yet."""
    _work.basis = {}


request_started.connect(new_work, dispatch_uid="results-cache-new-request")
task_prerun.connect(new_work, dispatch_uid="results-cache-new-task", weak=False)


def _basis() -> dict[int, str]:
    if not hasattr(_work, "basis"):
        _work.basis = {}
    return _work.basis  # type: ignore[no-any-return]


_EVERYWHERE = "results:generation:all"
# Long enough for the slowest computation of a large event, short enough that
# a process killed mid-computation does not hold the others on an old value.
LOCK_SECONDS = 10
# Computed values expire on their own after a day: a stale generation is
# never served, this only frees the space.
KEEP_SECONDS = 24 * 60 * 60


def _event_key(event_id: int) -> str:
    return f"results:generation:{event_id}"


def _new_generation() -> str:
    # When it was made, then the random part: the page's Last-Modified and
    # "results as of" (changed_at) read the time back.
    return f"{time.time():.3f}-{uuid.uuid4().hex}"


def changed_at(generation: str) -> float | None:
    """When the results of a generation (as `generation` or `cached_tagged`
    give it) last changed, as a Unix time; None for one of another form."""
    try:
        return max(float(part.split("-", 1)[0]) for part in generation.split("."))
    except ValueError:
        return None


def _in_database() -> bool:
    return isinstance(caches["default"], DatabaseCache)


def _unreachable(error: Exception) -> None:
    global _missed, _failed_at
    if not _missed:
        logger.warning("results cache unreachable, computing without it: %r", error)
    _missed = True
    _failed_at = time.monotonic()


def _leaving_alone() -> bool:
    """The cache failed this process a moment ago: do not wait for it again
    yet (it stays missed, so it gets new generations once reached)."""
    return _missed and time.monotonic() - _failed_at < RETRY_SECONDS


def _write_generation(key: str) -> None:
    if _leaving_alone():
        return
    try:
        cache.set(key, _new_generation(), None)
    except CACHE_ERRORS as error:
        _unreachable(error)


def _outage_value(event_id: int, part: str, compute: Callable[[], T]) -> T:
    now = time.monotonic()
    kept = _outage_values.get((event_id, part))
    if kept is not None and now - kept[0] < OUTAGE_SECONDS:
        return kept[1]  # type: ignore[no-any-return]
    value = compute()
    # Only what is still served is kept: the process's memory holds at most
    # the last OUTAGE_SECONDS of computations, not every value ever asked for.
    for stale in [key for key, (when, _) in list(_outage_values.items())
                  if now - when >= OUTAGE_SECONDS]:
        _outage_values.pop(stale, None)
    _outage_values[(event_id, part)] = (now, value)
    return value


def _forget_outage_values(event_id: int | None) -> None:
    """Drop what this process computed during an outage, of one event or all."""
    if event_id is None:
        _outage_values.clear()
    for key in [key for key in list(_outage_values) if key[0] == event_id]:
        _outage_values.pop(key, None)


def _set_generation(key: str, event_id: int | None) -> None:
    # In the database cache the new generation is written in the change's
    # own transaction: it becomes visible exactly when the change does, and
    # a rollback takes it back. A cache outside the database (Redis) gets
    # one now (so a test's never-committed transaction sees it too) and
    # another once the change commits: whatever a reader computed in
    # between, under the first, is never served after the commit.
    # An unreachable cache: the change is saved all the same (see the module).
    _forget_outage_values(event_id)
    _write_generation(key)
    if not _in_database():
        def committed() -> None:
            _forget_outage_values(event_id)
            _write_generation(key)

        transaction.on_commit(committed)


def changed(event_id: int) -> None:
    """The event's results changed (call inside the transaction that changes
    them)."""
    _set_generation(_event_key(event_id), event_id)


def changed_everywhere() -> None:
    """Something every event shows changed (a club's or a member's name)."""
    _set_generation(_EVERYWHERE, None)


def _reached_again() -> str:
    """Reachable again after this process missed it: whatever changes it
    could not tell, nothing computed before is served any more."""
    global _missed
    renewed = _new_generation()
    cache.set(_EVERYWHERE, renewed, None)
    _missed = False
    _outage_values.clear()
    logger.warning("results cache reachable again: every event gets a new generation")
    return renewed


def names_generation() -> str | None:
    """The generation every event shares, renewed when a club or member is
    edited (pages that show names and no event: the rankings); None without
    a reachable cache."""
    if _leaving_alone():
        return None
    try:
        return str(_current([_EVERYWHERE])[_EVERYWHERE])
    except CACHE_ERRORS as error:
        _unreachable(error)
        return None


def known_generation(event_id: int) -> str | None:
    """The event's current generation if the cache holds one, without
    creating it (so a made-up event number adds nothing); None when it does
    not, or cannot be reached."""
    if _missed:
        return None
    keys = [_EVERYWHERE, _event_key(event_id)]
    try:
        found = cache.get_many(keys)
    except CACHE_ERRORS as error:
        _unreachable(error)
        return None
    if len(found) < len(keys):
        return None
    return f"{found[_EVERYWHERE]}.{found[_event_key(event_id)]}"


def _current(keys: list[str]) -> dict[str, Any]:
    """The generations under `keys` (the one every event shares first); a
    missing one (an empty or cleared cache) is created, so nothing computed
    before the cache was lost counts."""
    found = cache.get_many(keys)
    if _missed:
        found[_EVERYWHERE] = _reached_again()
    for key in keys:
        if key not in found:
            # add: if another process created it meanwhile, use theirs.
            cache.add(key, _new_generation(), None)
            found[key] = cache.get(key)
    return found


def generation(event_id: int) -> str:
    """The event's current generation (see _current)."""
    found = _current([_EVERYWHERE, _event_key(event_id)])
    return f"{found[_EVERYWHERE]}.{found[_event_key(event_id)]}"


def built_on_changed_at(event_id: int) -> float | None:
    """When the results this request's values of the event are built on
    last changed ("results as of" on a page); None before it got one."""
    built_on = _basis().get(event_id)
    return changed_at(built_on) if built_on is not None else None


@functools.cache
def code_stamp() -> str:
    """What the code that renders cached values looks like: templates,
    translations and this app's Python. A deployment that changes them must
    not serve pages rendered by the old ones; the generations, shared by
    every process, are not stamped (an old and a new process during a
    rolling deploy still see each other's changes)."""
    root = Path(__file__).resolve().parents[2]
    digest = hashlib.sha256()
    for pattern in ("templates/**/*.html", "locale/**/*.mo", "tournaments/**/*.py",
                    "clubs/**/*.py"):
        for path in sorted(root.glob(pattern)):
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def cached(event_id: int, part: str, compute: Callable[[], T]) -> T:
    """`compute()` for the event's current generation, from the cache when
    it holds it. `part` names what is computed (e.g. "live", "after:3"):
    built from validated values only (a closed round's number, a language
    the site offers), never from what a visitor typed, or every made-up
    value would be an entry kept for KEEP_SECONDS.
    Without a reachable cache, what this process computed in the last
    OUTAGE_SECONDS."""
    return cached_tagged(event_id, part, compute)[0]


def cached_tagged(event_id: int, part: str, compute: Callable[[], T]) -> tuple[T, str | None]:
    """`cached`, and the generation the value belongs to: the current one,
    or the previous one when that is what was served (another process is
    computing the new value) or what the value was built on. None without a
    reachable cache. A page's validators (ETag, Last-Modified) come from it,
    never from the current generation, or a previous page would be tagged
    as the current one."""
    key = f"results:{code_stamp()}:{event_id}:{part}"
    lock = f"{key}:computing"
    if _leaving_alone():
        return _outage_value(event_id, part, compute), None
    try:
        current = generation(event_id)
        kept: tuple[str, Any] | None = cache.get(key)
        if kept is not None and kept[0] == current:
            _basis().setdefault(event_id, current)
            return kept[1], current
        locked = cache.add(lock, 1, LOCK_SECONDS)
    except CACHE_ERRORS as error:
        _unreachable(error)
        return _outage_value(event_id, part, compute), None
    if kept is not None and not locked:
        # Another process is computing the new value: serve the last one.
        _basis()[event_id] = kept[0]
        return kept[1], kept[0]
    try:
        value = compute()
        built_on = _basis().setdefault(event_id, current)
        try:
            # Not when it may be built on older data (see the module).
            if built_on == current:
                cache.set(key, (current, value), KEEP_SECONDS)
        except CACHE_ERRORS as error:  # lost while computing: the value is still good
            _unreachable(error)
    finally:
        if locked:
            try:
                cache.delete(lock)
            except CACHE_ERRORS as error:
                _unreachable(error)
    return value, built_on
