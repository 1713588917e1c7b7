"""Reading games from JSON Lines, as `manage.py score_games` takes them.

See docs/score-interface.md (shared): one game object per line, UTF-8.
"""

from collections.abc import Iterable, Iterator
from typing import Any

from scoring import json_input

Game = dict[str, Any]


class BadLine(ValueError):
    """A line that is not one JSON object. The message names the line."""


def read_games(lines: Iterable[bytes]) -> Iterator[Game | BadLine]:
    """Yield one game (or the reason it is unusable) per non-blank line.

    Blank lines are skipped; line numbers count them, so "line N" is the
    line a text editor shows. A UTF-8 byte order mark on line 1 is ignored
    (Windows editors write one).
    """
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            yield parse_line(raw, number)
        except BadLine as exc:
            yield exc


def parse_line(raw: bytes, number: int) -> Game:
    try:
        text = raw.decode("utf-8-sig" if number == 1 else "utf-8")
    except UnicodeDecodeError:
        raise BadLine(f"line {number}: not valid UTF-8") from None
    try:
        # Without the line ending, so an error's column is on this line.
        game = json_input.loads(text.rstrip("\r\n"))
    except json_input.JsonInputError as exc:
        if exc.reason == "syntax":
            raise BadLine(
                f"line {number}: not valid JSON: {exc.problem} (column {exc.column})"
            ) from None
        if exc.reason == "depth":
            raise BadLine(
                f"line {number}: not valid JSON: nested too deeply (more than "
                f"{json_input.MAX_DEPTH} levels)"
            ) from None
        raise BadLine(f"line {number}: not valid JSON: a number of more than 4300 digits") from None
    if not isinstance(game, dict):
        raise BadLine(f"line {number}: a game must be a JSON object, not {_json_kind(game)}")
    return game


def _json_kind(value: object) -> str:
    if isinstance(value, list):
        return "an array"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool):
        return "a boolean"
    if value is None:
        return "null"
    return "a number"
