"""`manage.py export_data FILE`: the whole installation as one file (a
backup; operations/backup.py says what is in it). FILE ending in .gz is
compressed; `-` writes to standard output."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from operations import backup


class Command(BaseCommand):
    help = ("Write every row of the installation (except sessions and export files) to FILE "
            "(JSON Lines; gzip when FILE ends in .gz; - for standard output), for import_data.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the backup file to write, e.g. backup.jsonl.gz")
        parser.add_argument("--database", default="default",
                            help="the database to read (default: default)")

    def handle(self, *args: Any, **options: Any) -> None:
        started = time.perf_counter()
        target = options["file"]
        try:
            if target == "-":
                summary = backup.export(sys.stdout, using=options["database"])
            else:
                summary = backup.export(Path(target), using=options["database"])
        except (backup.BackupError, OSError) as error:
            raise CommandError(str(error)) from None
        # The report goes to standard error when the backup goes to standard output.
        report = self.stderr if target == "-" else self.stdout
        report.write(f"{target}: {backup.describe(summary)} in "
                     f"{time.perf_counter() - started:.1f} s")
        if options["verbosity"] > 1:
            for label, count in sorted(summary.counts.items()):
                report.write(f"  {label}: {count}")
