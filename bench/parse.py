"""Benchmark of the engine's tile-notation parser (issue 13, "Hostile input
cannot slow, crash or fill the server").

Times the parse of well-formed tile text of 1 KB, 10 KB and 100 KB with the
engine's internal parser, bypassing both the length limit and the parse
memo, so the growth with the input's length shows: a linear parser takes
about 10x as long for 10x the text, the old one (``sum(tiles_of, ())``, one
copy of the result per tile group) about 100x. The same for text with
spaces between the groups, which takes the careful path (it names errors). Then shows that text of 1 MB
is refused before parsing, through the public parser and through
``score_game``, in microseconds.

    python -m bench.parse                # the working tree's engine
    python -m bench.parse --rev HEAD~1   # tiles.py as committed in a revision
    python -m bench.parse --repeat 9     # more timings per size (median)

With ``--rev`` the revision's ``scoring/engine/tiles.py`` is loaded beside
the current engine (its relative imports resolve to the current package);
a parser without the length limit is not given the 1 MB text (it would run
for minutes), the script says so instead.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from types import ModuleType
from typing import Any

import scoring.engine
from scoring.engine import score_game

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# One hand's worth of well-formed groups, repeated up to the size wanted;
# with spaces between the groups the text takes the careful path (the one
# that names what is wrong), which is timed too.
PATTERN = "123m456p789s1234567z"
SPACED = "123m 456p 789s 1234567z "
SIZES = (1_000, 10_000, 100_000)
HUGE = 1_000_000


def tiles_module(rev: str | None) -> ModuleType:
    """The engine's tiles module, or the one committed in ``rev``."""
    if rev is None:
        from scoring.engine import tiles

        return tiles
    source = subprocess.run(["git", "show", f"{rev}:scoring/engine/tiles.py"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout
    directory = tempfile.mkdtemp(prefix="bench-parse-")
    path = os.path.join(directory, "tiles_at_rev.py")
    with open(path, "w", encoding="utf-8") as file:
        file.write(source)
    name = "scoring.engine._tiles_at_rev"  # inside the package: `from .errors` resolves
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def internal_parser(module: ModuleType) -> tuple[str, Callable[[str], Any]]:
    """The parser behind the limit and the memo: ``_read`` where it exists,
    else the function the old ``lru_cache`` wraps."""
    read = getattr(module, "_read", None)
    if read is not None:
        return "_read", lambda text: read(text, False)
    wrapped = module._parse.__wrapped__
    return "_parse.__wrapped__", lambda text: wrapped(text, False)


def text_of(size: int, pattern: str = PATTERN) -> str:
    """Well-formed tile text of whole groups, cut at the last group that
    ends at or below ``size`` characters."""
    text = pattern * (size // len(pattern) + 1)
    cut = max(text.rfind(letter, 0, size) for letter in "mpsz") + 1
    return text[:cut]


def median_seconds(run: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        clear = getattr(scoring.engine, "clear_caches", None)
        if clear is not None:
            clear()
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def show(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:9.1f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:9.2f} ms"
    return f"{seconds:9.3f} s "


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", help="git revision whose scoring/engine/tiles.py to time")
    parser.add_argument("--repeat", type=int, default=5, help="timings per size (median)")
    args = parser.parse_args()

    module = tiles_module(args.rev)
    name, parse = internal_parser(module)
    where = f"tiles.py at {args.rev}" if args.rev else "tiles.py in the working tree"
    print(f"{where}: {name}, limit and memo bypassed; median of {args.repeat}")
    previous: float | None = None
    for path, pattern in (("well-formed", PATTERN), ("careful path", SPACED)):
        print(f"{path:>12} {'tiles':>8} {'median':>12} {'per KB':>12}  x per 10x text")
        previous = None
        for size in SIZES:
            text = text_of(size, pattern)
            tiles = len(parse(text)[0])
            seconds = median_seconds(lambda text=text: parse(text), args.repeat)
            ratio = f"{seconds / previous:8.1f}" if previous else f"{'':>8}"
            print(f"{len(text) / 1000:>9.0f} KB {tiles:>8} {show(seconds)} "
                  f"{show(seconds / (len(text) / 1000))}  {ratio}")
            previous = seconds

    limit = getattr(module, "MAX_TILE_TEXT", None)
    huge = text_of(HUGE)
    if limit is None:
        print("1 MB: not tried: this parser has no length limit (at 100x the 100 KB time "
              "or more, minutes)")
        return 0
    print(f"1 MB ({len(huge):,} characters), limit {limit} characters:")
    refused = module.TileSyntaxError

    def public() -> None:
        try:
            module.parse_tiles(huge)
        except refused:
            return
        raise AssertionError("1 MB of tiles was parsed")

    game = {"ruleset": "nts", "prevailing_wind": "E", "winner": "E", "winning_tile": "1m",
            "win_source": "wall", "players": {"E": {"concealed": huge, "melds": []},
                                              "S": {"score": 0}, "W": {"score": 0},
                                              "N": {"score": 0}}}

    def scored() -> None:
        if "error" not in score_game(game):
            raise AssertionError("1 MB of tiles was scored")

    print(f"  parse_tiles refuses it in {show(median_seconds(public, args.repeat)).strip()}")
    print(f"  score_game  refuses it in {show(median_seconds(scored, args.repeat)).strip()}: "
          f"{score_game(game)['error']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
