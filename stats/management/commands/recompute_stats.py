"""`manage.py recompute_stats`: every player's, event's and club's
statistics from scratch (stats.services.recompute_all)."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand

from stats import services


class Command(BaseCommand):
    help = "Recompute every statistic (players, events, clubs) and replace the stored ones."

    def handle(self, *args: Any, **options: Any) -> None:
        started = time.perf_counter()
        players = services.recompute_all()
        self.stdout.write(f"{players} players in {time.perf_counter() - started:.2f} s")
