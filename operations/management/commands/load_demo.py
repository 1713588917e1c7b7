from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from clubs.demo import MEMBER_PASSWORD, MEMBER_USERNAME, ORGANISER_PASSWORD, ORGANISER_USERNAME
from operations.demo import DemoSize, load_demo

# A few evenings and a short tournament: for quick checks and tests.
SMALL = DemoSize(evenings=2, hands_per_table=4, tournament_players=20, tournament_rounds=2,
                 earlier_hands_per_table=2)


class Command(BaseCommand):
    help = ("Create the demo data once (saying what it builds as it goes) and print the "
            "demo logins.")

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--small", action="store_true",
                            help="build a small history (2 evenings, a 20-player tournament)")
        parser.add_argument("--reset-passwords", action="store_true",
                            help="set the demo logins' passwords again (they are set once, "
                                 "when created, so a restart logs nobody out)")

    def handle(self, *args: Any, **options: Any) -> None:
        # A staff account with a published password must never exist in production.
        if settings.ENVIRONMENT == "production":
            raise CommandError("load_demo is for development only (DJANGO_ENV=production).")
        verbose = options["verbosity"] > 0

        def progress(line: str) -> None:
            if verbose:
                self.stdout.write(line)
                # Line by line as it happens, also when stdout is a pipe.
                self.stdout.flush()

        load_demo(SMALL if options["small"] else None, progress=progress,
                  reset_passwords=options["reset_passwords"])
        self.stdout.write(
            f"Demo login: username {ORGANISER_USERNAME}, password {ORGANISER_PASSWORD} "
            "(http://127.0.0.1:8000/accounts/login/)\n"
            f"Member login: username {MEMBER_USERNAME}, password {MEMBER_PASSWORD}"
        )
