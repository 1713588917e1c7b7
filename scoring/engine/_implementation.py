"""Which implementation of the engine this process runs: the Python sources
here, or the same sources compiled with mypyc into the virtual environment.

The sources are the reference. ``scripts/build_engine.py`` (run by ``make``
at install time where a C compiler exists) compiles every engine module but
this one and ``__init__`` into ``<site-packages>/mahjong_compiled_engine/``
(their shared library, ``scoring_engine__mypyc``, beside it), with the
fingerprint of the sources it compiled. The compiled modules are used only
while that fingerprint is the sources' own: an engine edited since its build
runs as Python until it is built again (``make engine``), so a compiled file
can never be stale, and none is ever written beside the sources.
``MAHJONG_ENGINE=python`` runs the sources whatever is built;
``MAHJONG_ENGINE=compiled`` refuses to run without a build of them; any other
value is refused, so that a misspelt choice never runs the other engine.

Standard library only, and never compiled itself: it decides what the other
modules are before any of them is imported.
"""

from __future__ import annotations

import hashlib
import json
import os
import sysconfig
from pathlib import Path

SOURCES = Path(__file__).resolve().parent
# Modules that stay Python: this one and the package's __init__.
NOT_COMPILED = frozenset({"__init__.py", "_implementation.py"})
BUILD_NAME = "mahjong_compiled_engine"
MANIFEST = "build.json"
CHOICE_VARIABLE = "MAHJONG_ENGINE"
PYTHON, COMPILED = "python", "compiled"


def compiled_sources() -> list[Path]:
    return sorted(p for p in SOURCES.glob("*.py") if p.name not in NOT_COMPILED)


def fingerprint() -> str:
    """The sources' fingerprint: what a build must have been made from."""
    digest = hashlib.sha256(sysconfig.get_config_var("EXT_SUFFIX").encode())
    for path in compiled_sources():
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def build_dir() -> Path:
    return Path(sysconfig.get_paths()["platlib"]) / BUILD_NAME


def installed_build() -> tuple[str | None, str]:
    """(the directory of a compiled build of these sources, or None; why)."""
    directory = build_dir()
    try:
        manifest = json.loads((directory / MANIFEST).read_text())
    except (OSError, ValueError):
        return None, "Python (no compiled build: make engine)"
    package = directory / "scoring" / "engine"
    if manifest.get("fingerprint") != fingerprint():
        return None, "Python (the compiled build is of other sources: make engine)"
    files = [package / name for name in manifest.get("modules", [])]
    files.append(directory.parent / str(manifest.get("shared")))
    if not all(path.is_file() for path in files):
        return None, "Python (the compiled build is incomplete: make engine)"
    return str(package), f"{COMPILED} (mypyc {manifest.get('mypyc', '?')})"


def _chosen() -> tuple[str | None, str]:
    choice = os.environ.get(CHOICE_VARIABLE) or None
    if choice not in (None, PYTHON, COMPILED):
        raise ImportError(
            f"{CHOICE_VARIABLE}={choice}: the choices are {PYTHON} and "
            f"{COMPILED} (unset: compiled when built, else Python)"
        )
    if choice == PYTHON:
        return None, f"Python ({CHOICE_VARIABLE}={PYTHON})"
    path, why = installed_build()
    if choice == COMPILED and path is None:
        # Asked for by name (the tests of the compiled engine): never run
        # the sources in its place.
        raise ImportError(f"{CHOICE_VARIABLE}={COMPILED}, but the engine runs as {why}")
    return path, why


COMPILED_PATH, IMPLEMENTATION = _chosen()
