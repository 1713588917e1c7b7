"""`manage.py recompute_rankings [--ruleset nts] [--as-of 2031-03-01]`:
recompute the national rankings now, in this process, and say what came out."""

import datetime
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from rankings import services
from scoring.engine import RULESETS


class Command(BaseCommand):
    help = ("Recompute the national rankings (every rule set, or one) now; pages show the "
            "new ranking as soon as it is stored.")

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--ruleset", choices=sorted(RULESETS),
                            help="only this rule set (default: every rule set)")
        parser.add_argument("--as-of", type=datetime.date.fromisoformat, default=None,
                            help="count the results' ages from this day (YYYY-MM-DD; "
                                 "default today)")

    def handle(self, *args: Any, **options: Any) -> None:
        names = [options["ruleset"]] if options["ruleset"] else list(RULESETS)
        for name in names:
            try:
                run = services.recompute(name, as_of=options["as_of"])
            except Exception as error:
                raise CommandError(f"{name}: {error}") from error
            self.stdout.write(f"{name}: {run.players} players ranked from {run.events} "
                              f"tournaments, as of {run.as_of}")
