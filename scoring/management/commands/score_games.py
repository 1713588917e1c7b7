"""`manage.py score_games FILE`: score JSON Lines games (docs/score-interface.md).

Exit status: 0 when every line scored, 1 when any line was rejected (the
others are still scored and printed), 2 for unusable arguments.
"""

import json
import sys
from argparse import ArgumentParser
from typing import IO, Any

from django.core.management.base import BaseCommand, CommandError

from scoring.engine import score_game
from scoring.jsonlines import BadLine, read_games

EXIT_REJECTED = 1
EXIT_USAGE = 2  # the same status argparse uses for a missing argument


class Command(BaseCommand):
    help = (
        "Score games given as JSON Lines (one game per line; blank lines are skipped) "
        "and print one JSON result per game, in the same order."
    )
    # Scoring needs no database; don't let a pending migration stop it.
    requires_migrations_checks = False
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", help="a JSON Lines file, or - for standard input")
        parser.add_argument(
            "--codes", action="store_true",
            help="add to each rejected line the refusal's stable code and its parameters "
                 "(\"code\", \"params\"), for programs that show it in another language")

    def handle(self, *args: Any, **options: Any) -> None:
        path: str = options["file"]
        codes: bool = options["codes"]
        if path == "-":
            # Bytes, so the input is read as UTF-8 whatever the locale says.
            self._score_all(sys.stdin.buffer, codes)
            return
        try:
            stream = open(path, "rb")
        except OSError as exc:
            raise CommandError(
                f"cannot read {path}: {exc.strerror}", returncode=EXIT_USAGE
            ) from None
        with stream:
            self._score_all(stream, codes)

    def _score_all(self, stream: IO[bytes], codes: bool) -> None:
        total = rejected = 0
        for game in read_games(stream):
            if isinstance(game, BadLine):
                result: dict[str, Any] = {"error": str(game), "code": "bad_line", "params": {}}
            else:
                result = score_game(game)
            total += 1
            if "error" in result:
                rejected += 1
                if not codes:
                    # The contract's rejected line is {"error": ...} alone
                    # (score-interface.md); the code is asked for.
                    result = {"error": result["error"]}
            # ASCII-escaped JSON is valid UTF-8 whatever the terminal's encoding.
            self.stdout.write(json.dumps(result, separators=(",", ":")))
        if rejected:
            raise CommandError(f"{rejected} of {total} lines rejected", returncode=EXIT_REJECTED)
