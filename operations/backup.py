"""A whole installation as one file, and back into an empty database.

    manage.py export_data backup.jsonl.gz
    manage.py migrate && manage.py import_data backup.jsonl.gz   # a new, empty database

The file is JSON Lines (gzip when its name ends in .gz): a header line, then
one line per row in Django's "jsonl" serialisation (model, primary key,
fields, many-to-many as lists of keys), model by model, rows in key order:
readable with any JSON tool, independent of the database engine (a
PostgreSQL installation restores into SQLite and back).

What is in it: every row of every model of every installed app, with its own
primary key, content types and permissions included (so the admin's log,
groups and user permissions point at the same rows after a restore), except
`EXCLUDED`. Not models, so not in it: Django's migration records (the target
gets them from `migrate`) and the cache table (a cache: computed again).

Exporting reads all tables in one transaction (on PostgreSQL REPEATABLE READ,
READ ONLY): the file is one consistent moment of a site that keeps running.
The header carries the applied migrations and the row count per model.

Importing refuses a database that is not migrated to exactly the backup's
migrations (restore with the release that made the backup, then upgrade
with `migrate` as usual) or that holds any data; it then replaces the
content types and permissions `migrate` created with the backup's, inserts
every row in batches (raw: timestamps as stored, no model signals, so no
recomputation is started), checks the counts against the header and every
foreign key, and resets the key sequences, all in one transaction: a file
that fails anywhere leaves the database as it was. Afterwards the cache is
cleared: cached standings of the database before the restore must not be
served for it.
"""

from __future__ import annotations

import contextlib
import datetime
import gzip
import json
import os
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, cast

from django.apps import apps
from django.core import serializers
from django.core.cache import caches
from django.core.management.color import no_style
from django.core.serializers.base import DeserializationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import DEFAULT_DB_ALIAS, IntegrityError, connections, models, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.migrations.recorder import MigrationRecorder
from django.utils import timezone

FORMAT = "mahjong-admin-backup"
VERSION = 1

# Left out of a backup, and why (docs/operations.md, "Backups").
EXCLUDED = {
    "sessions.session": "logins: after a restore everyone logs in again, and a backup file "
                        "holds no live login",
    "exports.exportjob": "files made on request and deleted after EXPORTS_KEEP_HOURS anyway; "
                         "asked for again with a click",
}
# Created by `migrate` in every database; a restore replaces them with the backup's.
MIGRATE_CREATES = ("contenttypes.contenttype", "auth.permission")

CHUNK = 2000


class ExactEncoder(DjangoJSONEncoder):
    """Django's encoder keeps milliseconds of times; a backup keeps them
    whole (microseconds), so a restored row equals the stored one."""

    def default(self, o: Any) -> Any:
        if isinstance(o, datetime.datetime | datetime.time):
            text = o.isoformat()
            return text[:-6] + "Z" if text.endswith("+00:00") else text
        return super().default(o)


class BackupError(Exception):
    """A backup that cannot be written or restored, with the reason."""


@dataclass
class Summary:
    created_at: str
    counts: dict[str, int] = field(default_factory=dict)

    @property
    def rows(self) -> int:
        return sum(self.counts.values())


# --- Which models ---------------------------------------------------------------------


def backed_up_models() -> list[type[models.Model]]:
    """The models a backup holds, each after the models its foreign keys
    point at (where there is no cycle): reading order, not needed for
    loading (foreign keys are checked at the end)."""
    found = [model for model in apps.get_models()
             if model._meta.managed and not model._meta.proxy
             and model._meta.label_lower not in EXCLUDED]
    ordered: list[type[models.Model]] = []
    visiting: set[type[models.Model]] = set()

    def visit(model: type[models.Model]) -> None:
        if model in ordered or model in visiting:
            return
        visiting.add(model)
        for model_field in model._meta.concrete_fields:
            target = model_field.related_model
            if model_field.is_relation and isinstance(target, type) and target in found:
                visit(target)
        visiting.discard(model)
        ordered.append(model)

    for model in found:
        visit(model)
    return ordered


def _through(relation: models.ManyToManyField[Any, Any]) -> type[models.Model]:
    through = relation.remote_field.through
    assert isinstance(through, type)
    return through


def _label(model: type[models.Model]) -> str:
    return model._meta.label_lower


def applied_migrations(connection: BaseDatabaseWrapper) -> list[list[str]]:
    recorder = MigrationRecorder(connection)
    if not recorder.has_table():
        return []
    return sorted([app, name] for app, name in recorder.applied_migrations())


# --- Files ----------------------------------------------------------------------------


def _open(path: Path, mode: str, *, name: Path | None = None) -> IO[str]:
    """The file at `path` as text, gzip-compressed when `name` (default:
    the path) ends in .gz."""
    if (name or path).suffix == ".gz":
        return cast(IO[str], gzip.open(path, mode + "t", encoding="utf-8", newline="\n"))
    return open(path, mode, encoding="utf-8", newline="\n")  # noqa: SIM115


# --- Export ---------------------------------------------------------------------------


@contextlib.contextmanager
def _one_moment(connection: BaseDatabaseWrapper) -> Iterator[None]:
    """Every table read as of one moment, while the site keeps writing."""
    if connection.in_atomic_block:  # the caller's transaction (the tests)
        yield
        return
    # Connect (and run the connection's health check) before the
    # transaction: SET TRANSACTION must be its first statement.
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    with transaction.atomic(using=connection.alias):
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        yield


def export(target: Path | IO[str], *, using: str = DEFAULT_DB_ALIAS) -> Summary:
    """Write the installation to `target` (a path: written beside it and
    renamed when complete, so a file of that name is always whole)."""
    connection = connections[using]
    if isinstance(target, Path):
        partial = target.with_name(target.name + ".partial")
        try:
            with _open(partial, "w", name=target) as stream:
                summary = _export(stream, connection)
            os.replace(partial, target)
        finally:
            partial.unlink(missing_ok=True)
        return summary
    return _export(target, connection)


def _export(stream: IO[str], connection: BaseDatabaseWrapper) -> Summary:
    chosen = backed_up_models()
    with _one_moment(connection):
        counts = {_label(model): model._base_manager.using(connection.alias).count()
                  for model in chosen}
        summary = Summary(created_at=timezone.now().isoformat(), counts=counts)
        header = {
            "format": FORMAT, "version": VERSION, "created_at": summary.created_at,
            "database": connection.vendor, "migrations": applied_migrations(connection),
            "models": counts, "excluded": sorted(EXCLUDED),
        }
        stream.write(json.dumps(header, sort_keys=True) + "\n")
        for model in chosen:
            if not counts[_label(model)]:
                continue
            rows = model._base_manager.using(connection.alias).order_by("pk")
            many = [m2m.name for m2m in model._meta.local_many_to_many
                    if _through(m2m)._meta.auto_created]
            if many:
                rows = rows.prefetch_related(*many)
            serializers.serialize("jsonl", rows.iterator(chunk_size=CHUNK), stream=stream,
                                  cls=ExactEncoder)
    return summary


# --- Import ---------------------------------------------------------------------------


def read_header(stream: IO[str]) -> dict[str, Any]:
    line = stream.readline()
    try:
        header = json.loads(line)
    except ValueError:
        header = None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise BackupError("This is not a backup made by `manage.py export_data` "
                          "(its first line is not the backup's header).")
    if header.get("version") != VERSION:
        raise BackupError(f"This backup has format version {header.get('version')}; this "
                          f"release reads version {VERSION}.")
    return header


def _check_migrations(connection: BaseDatabaseWrapper, header: dict[str, Any]) -> None:
    here = {tuple(item) for item in applied_migrations(connection)}
    there = {tuple(item) for item in header["migrations"]}
    if not here:
        raise BackupError("The database is not migrated: run `manage.py migrate` first, "
                          "then import_data.")
    if here != there:
        def names(items: Iterable[tuple[Any, ...]]) -> str:
            listed = [f"{app}.{name}" for app, name in sorted(items)]
            return ", ".join(listed[:8]) + (f" and {len(listed) - 8} more" if len(listed) > 8
                                            else "")
        details = []
        if there - here:
            details.append(f"only in the backup: {names(there - here)}")
        if here - there:
            details.append(f"only in this database: {names(here - there)}")
        raise BackupError(
            "The backup was made with other migrations than this database has ("
            + "; ".join(details) + "). Restore with the release of the code that made the "
            "backup, then upgrade with `manage.py migrate` as usual.")


def _check_empty(using: str) -> None:
    holding = []
    for model in apps.get_models():
        if (not model._meta.managed or model._meta.proxy
                or _label(model) in MIGRATE_CREATES):
            continue
        count = model._base_manager.using(using).count()
        if count:
            holding.append(f"{_label(model)}: {count}")
    if holding:
        raise BackupError(
            "The database already holds data (" + ", ".join(holding[:6])
            + (", ..." if len(holding) > 6 else "") + "): import_data restores into an "
            "empty database only (a new database after `manage.py migrate`).")


class _Inserter:
    """Rows of one model at a time, inserted in batches as stored (raw)."""

    def __init__(self, using: str) -> None:
        self.using = using
        self.connection = connections[using]
        self.model: type[models.Model] | None = None
        self.rows: list[models.Model] = []
        self.links: dict[type[models.Model], list[models.Model]] = defaultdict(list)
        self.counts: Counter[str] = Counter()
        self.models: set[type[models.Model]] = set()

    def add(self, row: models.Model, m2m: Mapping[str, Sequence[Any]]) -> None:
        model = type(row)
        if model is not self.model or len(self.rows) >= CHUNK:
            self.flush()
            self.model = model
        self.rows.append(row)
        self.counts[_label(model)] += 1
        for name, keys in m2m.items():
            relation = model._meta.get_field(name)
            assert isinstance(relation, models.ManyToManyField)
            through = _through(relation)
            own, other = relation.m2m_field_name(), relation.m2m_reverse_field_name()
            self.links[through] += [through(**{f"{own}_id": row.pk, f"{other}_id": key})
                                    for key in keys]

    def flush(self) -> None:
        if self.model is None or not self.rows:
            return
        model, rows = self.model, self.rows
        self.rows = []
        self.models.add(model)
        fields = list(model._meta.local_concrete_fields)
        size = max(1, min(CHUNK, self.connection.ops.bulk_batch_size(fields, rows)))
        manager = model._base_manager.using(self.using)
        for start in range(0, len(rows), size):
            # As Model.save_base(raw=True) inserts one row (loaddata): the
            # stored values, auto_now fields included, and no signals.
            manager._insert(rows[start:start + size], fields=fields,  # type: ignore[attr-defined]
                            using=self.using, raw=True)

    def finish(self) -> None:
        self.flush()
        for through, links in self.links.items():
            through._base_manager.using(self.using).bulk_create(links, batch_size=500)
            self.models.add(through)


def restore(source: Path | IO[str], *, using: str = DEFAULT_DB_ALIAS) -> Summary:
    """Load a backup into the (migrated, empty) database `using`."""
    if isinstance(source, Path):
        if not source.exists():
            raise BackupError(f"{source}: no such file.")
        with _open(source, "r") as stream:
            return _restore(stream, using)
    return _restore(source, using)


def _restore(stream: IO[str], using: str) -> Summary:
    connection = connections[using]
    try:
        header = read_header(stream)
    except (EOFError, OSError, UnicodeDecodeError) as error:
        raise BackupError(f"The file cannot be read: {error}") from None
    _check_migrations(connection, header)
    inserter = _Inserter(using)
    with transaction.atomic(using=using):
        _check_empty(using)
        for label in MIGRATE_CREATES:
            if label in header["models"]:
                apps.get_model(label)._base_manager.using(using).all().delete()
        try:
            for item in serializers.deserialize("jsonl", stream, using=using):
                inserter.add(item.object, item.m2m_data or {})
            inserter.finish()
        except (DeserializationError, EOFError, OSError, UnicodeDecodeError) as error:
            raise BackupError(f"The file is damaged or incomplete: {error}") from None
        except IntegrityError as error:
            raise BackupError(f"The backup's rows do not fit together: {error}") from None
        expected = {label: count for label, count in header["models"].items() if count}
        if dict(inserter.counts) != expected:
            wrong = sorted(set(expected) | set(inserter.counts))
            wrong = [label for label in wrong
                     if expected.get(label, 0) != inserter.counts.get(label, 0)]
            raise BackupError(
                "The file is incomplete: " + ", ".join(
                    f"{label} {inserter.counts.get(label, 0)} of {expected.get(label, 0)} rows"
                    for label in wrong[:6]) + ".")
        with connection.cursor() as cursor:
            for statement in connection.ops.sequence_reset_sql(no_style(), list(inserter.models)):
                cursor.execute(statement)
        try:
            connection.check_constraints(
                table_names=[model._meta.db_table for model in inserter.models])
        except IntegrityError as error:
            raise BackupError(f"The backup's rows do not fit together: {error}") from None
        _complete_content_types(using)
    _forget_cached(using)
    return Summary(created_at=str(header.get("created_at", "")), counts=dict(inserter.counts))


def _complete_content_types(using: str) -> None:
    """Content types and permissions of models the backup has none for (as
    `migrate` would create them); nothing when the backup has them all."""
    if not apps.is_installed("django.contrib.contenttypes"):
        return
    from django.contrib.contenttypes.management import create_contenttypes
    from django.contrib.contenttypes.models import ContentType

    ContentType.objects.clear_cache()
    for app_config in apps.get_app_configs():
        create_contenttypes(app_config, verbosity=0, using=using)
        if apps.is_installed("django.contrib.auth"):
            from django.contrib.auth.management import create_permissions

            create_permissions(app_config, verbosity=0, using=using)


def _forget_cached(using: str) -> None:
    """Nothing cached for the database before the restore may be served for
    this one: the content types this process cached, and the shared cache
    (standings, ranking flags). A database cache on another database than
    the restored one is left alone."""
    from django.core.cache.backends.db import DatabaseCache

    if apps.is_installed("django.contrib.contenttypes"):
        from django.contrib.contenttypes.models import ContentType

        ContentType.objects.clear_cache()
    for alias in caches:
        backend = caches[alias]
        if isinstance(backend, DatabaseCache) and using != DEFAULT_DB_ALIAS:
            continue
        backend.clear()


def describe(summary: Summary) -> str:
    """`N rows of M models`, for the commands' reports."""
    present = sum(1 for count in summary.counts.values() if count)
    return f"{summary.rows} rows of {present} models"


__all__ = ["EXCLUDED", "BackupError", "Summary", "backed_up_models", "describe", "export",
           "read_header", "restore"]
