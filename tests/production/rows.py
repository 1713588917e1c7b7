"""Every row of every table, as plain JSON values: what a restored database
must hold exactly as the original did.

Run in the test's process for the original and, with `python -m
tests.production.rows`, in a process on the restored database (which the
test process cannot open: on SQLite its own database is in memory).
"""

from __future__ import annotations

import base64
import datetime
import decimal
import json
import uuid
from typing import Any

from django.apps import apps
from django.db import DEFAULT_DB_ALIAS


class _Plain(json.JSONEncoder):
    def default(self, o: Any) -> Any:
        if isinstance(o, datetime.datetime | datetime.date | datetime.time):
            return o.isoformat()
        if isinstance(o, decimal.Decimal | uuid.UUID):
            return str(o)
        if isinstance(o, bytes | memoryview):
            return base64.b64encode(bytes(o)).decode()
        return super().default(o)


def all_rows(using: str = DEFAULT_DB_ALIAS) -> dict[str, dict[str, Any]]:
    """label -> {"columns": [...], "rows": [[...], ...]}: every concrete
    column of every table, rows by primary key. The tables of many-to-many
    relations (auto-created) without their own id column, sorted: a restore
    keeps the pairs, not the numbering of the pairs."""
    tables: dict[str, dict[str, Any]] = {}
    for model in apps.get_models(include_auto_created=True):
        meta = model._meta
        if not meta.managed or meta.proxy:
            continue
        columns = [field.attname for field in meta.concrete_fields]
        if meta.auto_created:
            columns = [name for name in columns if name != meta.pk.attname]
        rows = [list(row) for row in
                model._base_manager.using(using).order_by("pk").values_list(*columns)]
        plain = json.loads(json.dumps(rows, cls=_Plain))
        if meta.auto_created:
            plain.sort()
        tables[meta.label_lower] = {"columns": columns, "rows": plain}
    return tables


if __name__ == "__main__":
    import django

    django.setup()
    print(json.dumps(all_rows()))
