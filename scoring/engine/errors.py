"""The one exception of the engine: a game that cannot be scored.

It never leaves ``score_game``: there it becomes an ``{"error": ...}`` result.
Messages quote what was given through ``shown``, which keeps them short
whatever the input: a value of a megabyte is not echoed back.

Besides its English message an InvalidGame carries a stable ``code`` and its
``params`` (seats as "E".."N", tiles in the notation, numbers, field names,
and ``at``: where in the input, e.g. ``{"seat": "S", "meld": 2}``), all of
them JSON values: an app shows the refusal in its user's language from these
(scoring/texts.py), never by reading the English.
"""

from __future__ import annotations

import reprlib
from collections.abc import Iterable
from typing import Final


class InvalidGame(ValueError):
    """Bad input or an illegal hand; the message names the player and tile."""

    def __init__(self, message: str, code: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, object] = params

    def as_result(self) -> dict[str, object]:
        """The ``score_game`` result of this refusal (score-interface.md's
        ``error``, with ``code`` and ``params`` added)."""
        return {"error": str(self), "code": self.code, "params": self.params}


EXCERPT: Final = 32  # characters of a long string quoted in a message


class _Shown(reprlib.Repr):
    """``repr`` cut short: strings to their start, lists and objects to a
    few entries, nesting to a few levels, numbers to their size."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxtuple = self.maxlist = self.maxset = self.maxfrozenset = 4
        self.maxdict = 4
        self.maxother = 40

    def repr_str(self, x: str, level: int) -> str:
        return shown(x)

    def repr_int(self, x: int, level: int) -> str:
        # A number of thousands of digits cannot even be written out (Python
        # refuses int-to-str above 4300 digits): name its size instead.
        if x.bit_length() > 64:
            return f"a number of about {int(x.bit_length() * 0.30103) + 1} digits"
        return repr(x)


_SHOWN: Final = _Shown()


def shown(value: object, most: int = EXCERPT) -> str:
    """A given value quoted for a message, never long: a string as its
    ``repr`` (quoted, unprintable characters escaped) of at most ``most``
    characters then "…"; anything else as a shortened ``repr``."""
    if isinstance(value, str):
        return repr(value[:most]) + ("…" if len(value) > most else "")
    try:
        return _SHOWN.repr(value)
    except Exception:  # a repr that fails (an object of a caller's own class)
        return f"a {type(value).__name__}"


def listed(values: Iterable[object], most: int = 3) -> str:
    """Given values (names, keys) for a message: the first ``most`` in order
    of their ``shown`` text, then how many more."""
    texts = sorted(shown(value) for value in values)
    more = f" and {len(texts) - most} more" if len(texts) > most else ""
    return ", ".join(texts[:most]) + more
