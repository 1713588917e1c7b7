from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from clubs.demo import (
    MEMBER_PASSWORD,
    MEMBER_USERNAME,
    ORGANISER_PASSWORD,
    ORGANISER_USERNAME,
    DemoSize,
    load_demo,
)

# A few evenings and a short tournament: for quick checks and tests.
SMALL = DemoSize(evenings=2, hands_per_table=4, tournament_players=20, tournament_rounds=2)


class Command(BaseCommand):
    help = "Create the demo data (idempotent) and print the demo logins."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--small", action="store_true",
                            help="build a small history (2 evenings, a 20-player tournament)")

    def handle(self, *args: Any, **options: Any) -> None:
        # A staff account with a published password must never exist in production.
        if settings.ENVIRONMENT == "production":
            raise CommandError("load_demo is for development only (DJANGO_ENV=production).")
        load_demo(SMALL if options["small"] else None)
        self.stdout.write(
            f"Demo login: username {ORGANISER_USERNAME}, password {ORGANISER_PASSWORD} "
            "(http://127.0.0.1:8000/accounts/login/)\n"
            f"Member login: username {MEMBER_USERNAME}, password {MEMBER_PASSWORD}"
        )
