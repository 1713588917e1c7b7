"""`manage.py score_games` as specified in score-interface.md.

The framing (order, exit status, bad lines) is tested with a stand-in engine;
the worked example and the command line itself with the real one.
"""

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from tests.examples import EXAMPLE_SCORES, EXAMPLE_SETTLEMENT

# Each case runs manage.py score_games in a fresh Python process (about a
# second): the slow pass.
pytestmark = pytest.mark.slow

BASE_DIR = Path(__file__).resolve().parent.parent



def fake_score_game(game: dict[str, Any]) -> dict[str, Any]:
    """Echoes the game's "id"; a game with "bad" is rejected."""
    if "bad" in game:
        return {"error": f"rejected {game['id']}"}
    return {"scores": {"E": game["id"]}}


@pytest.fixture
def fake_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("scoring.management.commands.score_games.score_game", fake_score_game)


def write_lines(tmp_path: Path, *lines: str | bytes) -> Path:
    path = tmp_path / "games.jsonl"
    path.write_bytes(
        b"".join((line if isinstance(line, bytes) else line.encode()) + b"\n" for line in lines)
    )
    return path


def score(path: Path | str) -> tuple[list[dict[str, Any]], int]:
    """Run the command in-process: (results, exit status)."""
    out = StringIO()
    try:
        call_command("score_games", str(path), stdout=out)
    except CommandError as exc:
        status = exc.returncode
    else:
        status = 0
    return [json.loads(line) for line in out.getvalue().splitlines()], status


def run_command(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", "score_games", *args],
        cwd=BASE_DIR,
        env={"PATH": os.environ["PATH"], "DJANGO_SETTINGS_MODULE": "config.settings"},
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.usefixtures("fake_engine")
def test_it_scores_every_line_in_order(tmp_path: Path) -> None:
    path = write_lines(tmp_path, '{"id": 1}', '{"id": 2}', '{"id": 3}')
    results, status = score(path)
    assert status == 0
    assert results == [{"scores": {"E": 1}}, {"scores": {"E": 2}}, {"scores": {"E": 3}}]


@pytest.mark.usefixtures("fake_engine")
def test_it_exits_1_when_a_game_is_rejected_and_still_scores_the_others(tmp_path: Path) -> None:
    path = write_lines(tmp_path, '{"id": 1}', '{"id": 2, "bad": true}', '{"id": 3}')
    results, status = score(path)
    assert status == 1
    assert results == [{"scores": {"E": 1}}, {"error": "rejected 2"}, {"scores": {"E": 3}}]


@pytest.mark.usefixtures("fake_engine")
@pytest.mark.parametrize(
    ("line", "message"),
    [
        pytest.param(
            b'{"id": 2',
            "line 2: not valid JSON: Expecting ',' delimiter (column 9)",
            id="invalid-json",
        ),
        pytest.param(b"[1, 2]", "line 2: a game must be a JSON object, not an array", id="array"),
        pytest.param(b'"game"', "line 2: a game must be a JSON object, not a string", id="string"),
        pytest.param(b'{"id": "\xff"}', "line 2: not valid UTF-8", id="not-utf-8"),
    ],
)
def test_it_rejects_a_line_that_is_not_a_json_object(
    tmp_path: Path, line: bytes, message: str
) -> None:
    path = write_lines(tmp_path, '{"id": 1}', line, '{"id": 3}')
    results, status = score(path)
    assert status == 1
    assert results[0] == {"scores": {"E": 1}}
    assert results[1]["error"].startswith(message)
    assert results[2] == {"scores": {"E": 3}}


@pytest.mark.usefixtures("fake_engine")
def test_it_skips_blank_lines_but_counts_them(tmp_path: Path) -> None:
    path = write_lines(tmp_path, '\ufeff{"id": 1}', "", "   ", "{oops")
    results, status = score(path)
    assert status == 1
    assert results == [{"scores": {"E": 1}}, {"error": results[1]["error"]}]
    assert results[1]["error"].startswith("line 4: ")


@pytest.mark.usefixtures("fake_engine")
def test_it_prints_nothing_for_an_empty_file(tmp_path: Path) -> None:
    assert score(write_lines(tmp_path)) == ([], 0)


def test_it_exits_2_for_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="cannot read") as raised:
        call_command("score_games", str(tmp_path / "missing.jsonl"))
    assert raised.value.returncode == 2


def test_it_exits_2_for_a_directory(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="cannot read") as raised:
        call_command("score_games", str(tmp_path))
    assert raised.value.returncode == 2


def test_it_scores_the_worked_example(tmp_path: Path, worked_example: dict[str, Any]) -> None:
    results, status = score(write_lines(tmp_path, json.dumps(worked_example)))
    assert status == 0
    assert results[0]["scores"] == EXAMPLE_SCORES
    assert results[0]["settlement"] == EXAMPLE_SETTLEMENT


def test_it_reads_standard_input(worked_example: dict[str, Any]) -> None:
    broken = dict(worked_example, winner="X")
    process = run_command("-", stdin=f"{json.dumps(worked_example)}\n{json.dumps(broken)}\n")
    assert process.returncode == 1, process.stderr
    first, second = (json.loads(line) for line in process.stdout.splitlines())
    assert first["scores"] == EXAMPLE_SCORES
    assert first["settlement"] == EXAMPLE_SETTLEMENT
    assert set(second) == {"error"}
    assert "1 of 2 lines rejected" in process.stderr


def test_it_exits_2_without_an_argument() -> None:
    process = run_command()
    assert process.returncode == 2
    assert "file" in process.stderr
    assert process.stdout == ""


def test_it_exits_2_for_a_missing_file_on_the_command_line(tmp_path: Path) -> None:
    process = run_command(str(tmp_path / "missing.jsonl"))
    assert process.returncode == 2
    assert "cannot read" in process.stderr
