"""The cache configurations settings.CACHES is built from, so that the tests
use exactly the configuration production gets."""

from __future__ import annotations

from typing import Any


def redis_cache(location: str, timeout_seconds: int) -> dict[str, Any]:
    """Redis as the cache. A Redis that hangs (a full disk, a network that
    drops packets) must fail a cache call within `timeout_seconds`, not hold
    the request: the results cache then computes without it
    (tournaments/services/results_cache.py)."""
    return {"BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": location,
            "OPTIONS": {"socket_connect_timeout": timeout_seconds,
                        "socket_timeout": timeout_seconds}}
