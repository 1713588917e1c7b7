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
`add`); the previous value is at most one computation old. The cache must
be shared by every app process (settings.CACHES: the database or Redis),
never process memory.
"""

from __future__ import annotations

import functools
import hashlib
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from django.core.cache import cache, caches
from django.core.cache.backends.db import DatabaseCache
from django.db import transaction

T = TypeVar("T")

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
    return uuid.uuid4().hex


def _in_database() -> bool:
    return isinstance(caches["default"], DatabaseCache)


def _set_generation(key: str) -> None:
    # In the database cache the new generation is written in the change's
    # own transaction: it becomes visible exactly when the change does, and
    # a rollback takes it back. A cache outside the database (Redis) gets
    # one now (so a test's never-committed transaction sees it too) and
    # another once the change commits: whatever a reader computed in
    # between, under the first, is never served after the commit.
    cache.set(key, _new_generation(), None)
    if not _in_database():
        transaction.on_commit(lambda: cache.set(key, _new_generation(), None))


def changed(event_id: int) -> None:
    """The event's results changed (call inside the transaction that changes
    them)."""
    _set_generation(_event_key(event_id))


def changed_everywhere() -> None:
    """Something every event shows changed (a club's or a member's name)."""
    _set_generation(_EVERYWHERE)


def generation(event_id: int) -> str:
    """The event's current generation; a missing one (an empty or cleared
    cache) is created, so nothing computed before the cache was lost counts."""
    keys = [_EVERYWHERE, _event_key(event_id)]
    found = cache.get_many(keys)
    for key in keys:
        if key not in found:
            # add: if another process created it meanwhile, use theirs.
            cache.add(key, _new_generation(), None)
            found[key] = cache.get(key)
    return f"{found[_EVERYWHERE]}.{found[_event_key(event_id)]}"


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
    it holds it. `part` names what is computed (e.g. "live", "after:3")."""
    current = generation(event_id)
    key = f"results:{code_stamp()}:{event_id}:{part}"
    kept: tuple[str, Any] | None = cache.get(key)
    if kept is not None and kept[0] == current:
        return kept[1]  # type: ignore[no-any-return]
    lock = f"{key}:computing"
    locked = cache.add(lock, 1, LOCK_SECONDS)
    if kept is not None and not locked:
        # Another process is computing the new value: serve the last one.
        return kept[1]  # type: ignore[no-any-return]
    try:
        value = compute()
        cache.set(key, (current, value), KEEP_SECONDS)
    finally:
        if locked:
            cache.delete(lock)
    return value
