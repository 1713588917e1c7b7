"""The database cache the rate limits count in when the site runs without
Redis (settings.CACHES["ratelimit"]; docs/security.md).

Django's own `DatabaseCache.incr` reads the value and writes it back: two
requests at once count as one, and the write gives the key the default
timeout (five minutes), so a counter for an hour started afresh after five
quiet minutes. Here the row is read and written in one transaction, locked
with SELECT ... FOR UPDATE (PostgreSQL; SQLite takes its write lock at BEGIN,
settings.SQLITE_OPTIONS), and only its value changes.

Not imported by the settings (they name it by its path): this module needs
the database layer, which the settings must not import.
"""

from __future__ import annotations

import base64
import pickle
from typing import Any

from django.core.cache.backends import db
from django.db import connections, router, transaction
from django.utils import timezone


class DatabaseCache(db.DatabaseCache):
    """Django's database cache with an atomic `incr` that keeps the expiry."""

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> Any:
        key = self.make_and_validate_key(key, version=version)
        alias = router.db_for_write(self.cache_model_class)
        connection = connections[alias]
        quote_name = connection.ops.quote_name
        table, value_column = quote_name(self._table), quote_name("value")  # type: ignore[attr-defined]
        key_column, expires_column = quote_name("cache_key"), quote_name("expires")
        lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
        now = connection.ops.adapt_datetimefield_value(timezone.now().replace(microsecond=0))
        with transaction.atomic(using=alias), connection.cursor() as cursor:
            cursor.execute(
                f"SELECT {value_column} FROM {table} "  # noqa: S608 (quoted names only)
                f"WHERE {key_column} = %s AND {expires_column} > %s{lock}", [key, now])
            row = cursor.fetchone()
            if row is None:
                raise ValueError(f"Key '{key}' not found")
            stored = connection.ops.process_clob(row[0])
            value = pickle.loads(base64.b64decode(stored.encode())) + delta  # noqa: S301 (its own rows)
            encoded = base64.b64encode(pickle.dumps(value, self.pickle_protocol)).decode("latin1")
            cursor.execute(
                f"UPDATE {table} SET {value_column} = %s "  # noqa: S608 (quoted names only)
                f"WHERE {key_column} = %s", [encoded, key])
        return value
