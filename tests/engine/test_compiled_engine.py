"""The compiled engine answers exactly as its Python sources (issue 19).

scripts/build_engine.py compiles the engine with mypyc into the virtual
environment; scoring/engine/_implementation.py uses that build only while it
is of the current sources. The sources stay the reference: both answer every
game of the benchmark corpus (bench/engine_outputs.py, refusals and damaged
copies included) byte for byte the same.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.engine import _implementation

ROOT = Path(__file__).resolve().parents[2]
# CI compiles the engine and requires it (.ci/run); elsewhere a machine
# without a C compiler runs the Python engine only, and this test says so.
REQUIRED = bool(os.environ.get("MAHJONG_ENGINE_REQUIRED"))


def _python(implementation: str, *args: str) -> subprocess.Popen[str]:
    """A Python process running `args` on the engine chosen by name."""
    env = {**os.environ, _implementation.CHOICE_VARIABLE: implementation}
    return subprocess.Popen(
        [sys.executable, *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.slow
def test_the_compiled_engine_answers_the_corpus_as_the_sources_do() -> None:
    build, why_not = _implementation.installed_build()
    if build is None:
        message = f"no compiled engine of these sources: {why_not}"
        if REQUIRED:
            pytest.fail(message)
        pytest.skip(message)
    runs = {
        name: _python(name, "-m", "bench.engine_outputs")
        for name in (_implementation.COMPILED, _implementation.PYTHON)
    }
    outputs = {name: run.communicate(timeout=600) for name, run in runs.items()}
    for name, run in runs.items():
        assert run.returncode == 0, outputs[name][1][-2000:]
    compiled, python = outputs[_implementation.COMPILED], outputs[_implementation.PYTHON]
    assert compiled[1].startswith("engine: compiled"), compiled[1]
    assert python[1].startswith("engine: Python"), python[1]
    assert compiled[0].count("\n") > 100_000
    assert compiled[0] == python[0]


def _import_engine(choice: str) -> tuple[int, str, str]:
    run = _python(choice, "-c", "import scoring.engine as e; print(e.IMPLEMENTATION)")
    out, err = run.communicate(timeout=60)
    return run.returncode, out, err


def test_the_sources_run_when_asked_for() -> None:
    code, out, err = _import_engine(_implementation.PYTHON)
    assert code == 0, err
    assert out.strip() == "Python (MAHJONG_ENGINE=python)"


def test_a_misspelt_choice_runs_neither_engine() -> None:
    code, _, err = _import_engine("pyhton")
    assert code != 0
    assert "MAHJONG_ENGINE=pyhton: the choices are python and compiled" in err
