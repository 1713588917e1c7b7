"""How hard the property tests search: the full count of examples in the
slow pass (HYPOTHESIS_PROFILE=full, `make test-slow`, which runs every
property test again), a tenth of it in the fast pass (`make test`, and the
default), so `make test` answers in a minute and the long search still runs
before a merge.

A test with its own count writes `max_examples=examples(200)`; tests
without one get the profile's default (100 in the full profile, 10 fast)."""

from __future__ import annotations

import os

from hypothesis import settings

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "fast")
if PROFILE not in ("fast", "full"):
    raise RuntimeError(f"HYPOTHESIS_PROFILE={PROFILE!r}: use fast or full")
FULL = PROFILE == "full"
FAST_SHARE = 10
FAST_MINIMUM = 5

settings.register_profile("full", max_examples=100)
settings.register_profile("fast", max_examples=100 // FAST_SHARE)
settings.load_profile(PROFILE)


def examples(full: int) -> int:
    """`full` in the slow pass; a tenth of it (at least FAST_MINIMUM) in the fast one."""
    return full if FULL else min(full, max(FAST_MINIMUM, full // FAST_SHARE))
