"""manage.py seating_plan: JSON on standard output, the report on standard error."""

import json
from io import StringIO
from typing import Any

import pytest
from django.core.management import CommandError, call_command


def _run(*args: str) -> tuple[dict[str, Any], str]:
    out, err = StringIO(), StringIO()
    call_command("seating_plan", *args, stdout=out, stderr=err)
    return json.loads(out.getvalue()), err.getvalue()


@pytest.mark.parametrize("method", ["random", "balanced", "swiss"])
def test_it_prints_every_round_with_players_numbered_from_one(method: str) -> None:
    data, report = _run("--players", "16", "--rounds", "5", "--method", method, "--seed", "3")
    assert list(data) == ["rounds"]
    assert len(data["rounds"]) == 5
    for tables in data["rounds"]:
        assert [len(t) for t in tables] == [4, 4, 4, 4]
        assert sorted(p for t in tables for p in t) == list(range(1, 17))
    assert "Repeat meetings:" in report
    assert "Seat winds:" in report


def test_balanced_64_players_over_7_rounds_meet_nobody_twice() -> None:
    data, report = _run("--players", "64", "--rounds", "7", "--method", "balanced")
    assert report.startswith("Repeat meetings: none")
    assert "largest spread between a player's E/S/W/N counts: 1" in report
    assert len(data["rounds"]) == 7


def test_the_same_seed_gives_the_same_plan() -> None:
    args = ("--players", "20", "--rounds", "3", "--method", "swiss", "--seed", "9")
    assert _run(*args) == _run(*args)


def test_it_uses_tables_of_three_when_asked() -> None:
    data, _ = _run(
        "--players",
        "18",
        "--rounds",
        "2",
        "--method",
        "balanced",
        "--odd-tables",
        "three",
        "--table-size",
        "4",
    )
    assert [len(t) for t in data["rounds"][0]] == [4, 4, 4, 3, 3]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "7", "--rounds", "2", "--method", "random"], "tables of 3 would work"),
        (["--players", "2", "--rounds", "2", "--method", "random"], "at least 3 players"),
        (["--players", "8", "--rounds", "0", "--method", "random"], "--rounds must be at least 1"),
        (
            ["--players", "8", "--rounds", "2", "--method", "random", "--table-size", "5"],
            "--table-size must be 4",
        ),
        (["--players", "8", "--rounds", "2", "--method", "best"], "invalid choice: 'best'"),
        (
            ["--players", "8", "--rounds", "2", "--method", "random", "--odd-tables", "six"],
            "invalid choice: 'six'",
        ),
    ],
)
def test_it_refuses_bad_arguments(args: list[str], message: str) -> None:
    with pytest.raises(CommandError, match=message):
        _run(*args)
