"""Small renderers for testing the job machinery itself (the real ones are
tested on their own in this folder)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def render_text(subject: Any, *, language: str = "nl",
                progress: Callable[[int, int], None] | None = None, **options: Any) -> bytes:
    for step in range(4):
        if progress is not None:
            progress(step, 3)
    return f"{subject.title};{language};{sorted(options.items())}".encode()


def render_failing(subject: Any, **kwargs: Any) -> bytes:
    raise RuntimeError("the disk is full")
