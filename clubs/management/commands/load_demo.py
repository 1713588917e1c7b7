from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from clubs.demo import ORGANISER_PASSWORD, ORGANISER_USERNAME, load_demo


class Command(BaseCommand):
    help = "Create the demo data (idempotent) and print the demo login."

    def handle(self, *args: Any, **options: Any) -> None:
        # A staff account with a published password must never exist in production.
        if settings.ENVIRONMENT == "production":
            raise CommandError("load_demo is for development only (DJANGO_ENV=production).")
        load_demo()
        self.stdout.write(
            f"Demo login: username {ORGANISER_USERNAME}, password {ORGANISER_PASSWORD} "
            "(http://127.0.0.1:8000/accounts/login/)"
        )
