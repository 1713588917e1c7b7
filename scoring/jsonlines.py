"""Reading games from JSON Lines, as `manage.py score_games` takes them.

See docs/score-interface.md (shared): one game object per line, UTF-8.
"""

import json
from collections.abc import Iterable, Iterator
from typing import Any

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
        game = json.loads(text.rstrip("\r\n"))
    except json.JSONDecodeError as exc:
        raise BadLine(f"line {number}: not valid JSON: {exc.msg} (column {exc.colno})") from None
    except RecursionError:
        raise BadLine(f"line {number}: not valid JSON: nested too deeply") from None
    except ValueError as exc:  # e.g. a number of more than 4300 digits
        raise BadLine(f"line {number}: not valid JSON: {exc}") from None
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
