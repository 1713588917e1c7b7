"""JSON from outside (the check page, the score-entry API, JSON Lines), read
with limits: a game nests a few levels (game, players, seat, melds, meld),
so anything deeper is refused after parsing, before any code walks it, and
the parser's own failures (nesting thousands deep, a number of more than
4300 digits) become the same clear refusal.

The size of the text is limited where it arrives (config.security's request
limits, the forms' max_length); this module bounds its shape.
"""

from __future__ import annotations

import json
from typing import Any

# game > players > seat > melds > meld > tiles is 5; twice that is generous.
MAX_DEPTH = 10


class JsonInputError(ValueError):
    """Why the text is refused: `reason` is "syntax" (with `problem`, `line`
    and `column`), "depth" or "number"."""

    def __init__(self, reason: str, problem: str = "", line: int = 0, column: int = 0) -> None:
        super().__init__(problem or reason)
        self.reason, self.problem, self.line, self.column = reason, problem, line, column


def loads(text: str | bytes) -> Any:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise JsonInputError("syntax", error.msg, error.lineno, error.colno) from None
    except RecursionError:
        raise JsonInputError("depth") from None
    except ValueError:  # a number of more than 4300 digits; bytes that are no UTF-8
        raise JsonInputError("number") from None
    if depth(value) > MAX_DEPTH:
        raise JsonInputError("depth")
    return value


def depth(value: Any) -> int:
    """How deep arrays and objects nest (a scalar is 0), without recursion."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            items: list[Any] = list(item.values())
        elif isinstance(item, list):
            items = item
        else:
            continue
        deepest = max(deepest, level)
        if level > MAX_DEPTH:
            break
        stack.extend((child, level + 1) for child in items)
    return deepest
