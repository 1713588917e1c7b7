"""The site's system checks (`manage.py check`, run before `migrate`,
`runserver` and by `make prod`): the defences against hostile input that a
setting or an environment variable could switch off unnoticed
(docs/security.md)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core import checks

# Cache backends whose `incr` is atomic and which every app process shares:
# where the rate limits may count.
ATOMIC_SHARED_CACHES = (
    "config.dbcache.DatabaseCache",
    "django.core.cache.backends.redis.RedisCache",
    "django_redis.cache.RedisCache",
    "django.core.cache.backends.memcached.PyMemcacheCache",
    "django.core.cache.backends.memcached.PyLibMCCache",
)


@checks.register(checks.Tags.security)
def openpyxl_reads_through_defusedxml(**kwargs: Any) -> list[checks.CheckMessage]:
    """openpyxl parses the member import's workbooks with defusedxml (no
    entity expansion) when it is installed, unless OPENPYXL_DEFUSEDXML
    says otherwise."""
    from openpyxl.xml import functions

    if functions.iterparse.__module__.startswith("defusedxml") and \
            functions.fromstring.__module__.startswith("defusedxml"):
        return []
    return [checks.Error(
        "openpyxl parses workbooks without defusedxml: uploaded member lists could expand "
        "XML entities.",
        hint="Install defusedxml (a dependency) and unset OPENPYXL_DEFUSEDXML.",
        id="mahjong.E001")]


@checks.register(checks.Tags.caches, checks.Tags.security)
def rate_limits_count_in_a_shared_atomic_cache(**kwargs: Any) -> list[checks.CheckMessage]:
    alias = getattr(settings, "RATELIMIT_USE_CACHE", "default")
    backend = settings.CACHES.get(alias, {}).get("BACKEND", "")
    if backend in ATOMIC_SHARED_CACHES:
        return []
    return [checks.Error(
        f"The rate limits count in cache {alias!r} ({backend or 'missing'}), which is not "
        "shared by every process or does not increment atomically.",
        hint="Use Redis (CACHE_URL) or config.dbcache.DatabaseCache.",
        id="mahjong.E002")]
