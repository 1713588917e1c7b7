"""`manage.py seating_plan --players N --rounds R --method M`: plan a schedule ahead.

Prints `{"rounds": [[[p, p, p, p], ...], ...]}` on standard output: players numbered 1..N,
each table in seat order E, S, W, N (a table of 5 then lists its fifth player, a table of
3 has no North). The report (repeat meetings, seat-wind spread) goes to standard error.
All the work is in tournaments.seating; this command only reads arguments and writes.
"""

import json
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from tournaments.seating import ODD_TABLES, SeatingError, plan, report

PLAN_METHODS = ("random", "balanced", "swiss", "fuhing")


class Command(BaseCommand):
    help = (
        "Plan the seating of N players over R rounds and print it as JSON; "
        "the report of repeat meetings and seat winds goes to standard error."
    )
    # Planning needs no database.
    requires_migrations_checks = False
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--players", type=int, required=True, help="number of players")
        parser.add_argument("--rounds", type=int, required=True, help="number of rounds")
        parser.add_argument("--method", required=True, choices=PLAN_METHODS)
        parser.add_argument("--seed", type=int, default=0, help="the same seed gives the same plan")
        parser.add_argument(
            "--odd-tables",
            choices=ODD_TABLES,
            default="five",
            help="tables of 5 or of 3 when the players are not a multiple of 4 (default five)",
        )
        parser.add_argument(
            "--table-size", type=int, default=4, help="players per table: 4 (the only size)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        players: int = options["players"]
        rounds: int = options["rounds"]
        if options["table_size"] != 4:
            raise CommandError(
                f"--table-size must be 4, not {options['table_size']}: tables seat 4 players "
                "(with --odd-tables five or three when the count is not a multiple of 4)"
            )
        if rounds < 1:
            raise CommandError(f"--rounds must be at least 1, not {rounds}")
        try:
            schedule = plan(
                range(1, players + 1),
                rounds,
                options["method"],
                seed=options["seed"],
                odd_tables=options["odd_tables"],
            )
        except SeatingError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(json.dumps({"rounds": schedule}, separators=(",", ":")))
        self.stderr.write(report(schedule).as_text())
