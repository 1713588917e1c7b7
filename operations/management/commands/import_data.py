"""`manage.py import_data FILE`: restore a backup made by export_data into
a new, empty database (after `manage.py migrate`, with the release that made
the backup). All or nothing: a file that fails anywhere changes nothing."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from operations import backup


class Command(BaseCommand):
    help = ("Restore a backup written by export_data (FILE, or - for standard input) into "
            "this empty, migrated database, and clear the cache.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the backup file, e.g. backup.jsonl.gz")
        parser.add_argument("--database", default="default",
                            help="the database to restore into (default: default)")

    def handle(self, *args: Any, **options: Any) -> None:
        started = time.perf_counter()
        source = options["file"]
        try:
            if source == "-":
                summary = backup.restore(sys.stdin, using=options["database"])
            else:
                summary = backup.restore(Path(source), using=options["database"])
        except backup.BackupError as error:
            raise CommandError(f"Nothing was restored. {error}") from None
        self.stdout.write(f"{source}: restored {backup.describe(summary)} (backup made "
                          f"{summary.created_at}) in {time.perf_counter() - started:.1f} s")
        if options["verbosity"] > 1:
            for label, count in sorted(summary.counts.items()):
                self.stdout.write(f"  {label}: {count}")
