"""What a cache call raises when the cache cannot be reached (Redis down or
hanging past its socket timeout): the callers then go on without it."""

from __future__ import annotations


def cache_errors() -> tuple[type[Exception], ...]:
    try:
        from redis.exceptions import RedisError
    except ImportError:  # pragma: no cover (redis is a dependency)
        return (OSError,)
    return (RedisError, OSError)
