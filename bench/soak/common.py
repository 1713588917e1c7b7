"""What every part of the soak shares: the loopback host, the project's root (the
working directory of the processes it starts) and the progress line on standard error."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from bench import web

ROOT = Path(__file__).resolve().parents[2]
HOST = web.HOST


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)
