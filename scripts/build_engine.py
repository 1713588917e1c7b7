"""Compile the scoring engine with mypyc into this virtual environment.

    python scripts/build_engine.py          # make engine; make runs it at install

The engine's sources are copied to a temporary directory and compiled there
(mypyc, the strict type check included), and only the compiled modules are
installed, into ``<site-packages>/mahjong_compiled_engine/`` with the
fingerprint of the sources (scoring/engine/_implementation.py decides from it
whether this process runs them). Nothing is written beside the sources.

Where there is no C compiler or no mypyc, or the compilation fails, it says so
and exits 0: the engine then runs as Python, which is the reference anyway.
``--require`` makes those cases an error (CI, where a compiler exists).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# This process needs the sources' fingerprint, not the engine: it must not
# load the build it is about to replace.
os.environ["MAHJONG_ENGINE"] = "python"
from scoring.engine import _implementation as implementation  # noqa: E402

GROUP = "scoring_engine"  # the shared library: scoring_engine__mypyc.<ext>

SETUP = """
from setuptools import setup
from mypyc.build import mypycify

setup(name="mahjong-compiled-engine", ext_modules=mypycify(
    ["--strict", *{modules!r}], opt_level="3", group_name={group!r}, multi_file=True))
"""


def _skip(reason: str, require: bool) -> int:
    current = implementation.installed_build()[1]
    print(f"engine: not compiled ({reason}); it runs as {current}", file=sys.stderr)
    return 1 if require else 0


def _install(built: Path, destination: Path) -> None:
    partial = destination.with_name(destination.name + ".partial")
    shutil.copy2(built, partial)
    os.replace(partial, destination)


def build(require: bool) -> int:
    try:
        from mypy.version import __version__ as mypy_version
    except ImportError:
        return _skip("mypyc is not installed", require)
    compiler = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    if shutil.which(compiler.split()[0]) is None:
        return _skip(f"no C compiler ({compiler.split()[0]})", require)

    target = implementation.build_dir()
    platlib = target.parent
    if not os.access(platlib, os.W_OK):
        return _skip(f"{platlib} is not writable", require)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="engine-build-") as work:
        package = Path(work) / "scoring" / "engine"
        package.mkdir(parents=True)
        (package.parent / "__init__.py").write_text("")
        (package / "__init__.py").write_text("")
        sources = implementation.compiled_sources()
        fingerprint = implementation.fingerprint()
        for source in sources:
            shutil.copy2(source, package / source.name)
        modules = [f"scoring/engine/{source.name}" for source in sources]
        (Path(work) / "setup.py").write_text(SETUP.format(modules=modules, group=GROUP))
        jobs = str(max(1, os.cpu_count() or 1))
        run = subprocess.run(
            [sys.executable, "setup.py", "build_ext", "--inplace", "--parallel", jobs],
            cwd=work,
            capture_output=True,
            text=True,
        )
        if run.returncode != 0:
            print(run.stdout[-4000:], run.stderr[-4000:], sep="\n", file=sys.stderr)
            return _skip("the compilation failed (above)", require)
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        built = {source.name: package / (source.stem + suffix) for source in sources}
        shared = Path(work) / f"{GROUP}__mypyc{suffix}"
        missing = [str(path) for path in [*built.values(), shared] if not path.is_file()]
        if missing:
            return _skip(f"the build made no {', '.join(missing)}", require)

        # Replace any earlier build: the manifest first out and last in, so
        # that a build cut short is never taken for a whole one, and each
        # file by renaming, never rewriting, as a running server may have
        # the previous one loaded.
        (target / implementation.MANIFEST).unlink(missing_ok=True)
        (target / "scoring" / "engine").mkdir(parents=True, exist_ok=True)
        for path in built.values():
            _install(path, target / "scoring" / "engine" / path.name)
        names = {path.name for path in built.values()}
        for leftover in (target / "scoring" / "engine").iterdir():
            if leftover.name not in names:  # a module the sources no longer have
                leftover.unlink()
        _install(shared, platlib / shared.name)
        manifest = {
            "fingerprint": fingerprint,
            "mypyc": mypy_version,
            "modules": sorted(path.name for path in built.values()),
            "shared": shared.name,
        }
        (target / implementation.MANIFEST).write_text(json.dumps(manifest, indent=1))
    print(
        f"engine: compiled with mypyc {mypy_version} into {target} "
        f"in {time.perf_counter() - started:.0f} s",
        file=sys.stderr,
    )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--require", action="store_true", help="fail when the engine cannot be compiled"
    )
    parser.add_argument(
        "--remove",
        action="store_true",
        help="remove the compiled build (the engine runs as Python)",
    )
    args = parser.parse_args()
    if args.remove:
        target = implementation.build_dir()
        shutil.rmtree(target, ignore_errors=True)
        (target.parent / f"{GROUP}__mypyc{sysconfig.get_config_var('EXT_SUFFIX')}").unlink(
            missing_ok=True
        )
        return 0
    return build(args.require)


if __name__ == "__main__":
    sys.exit(main())
