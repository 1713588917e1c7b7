"""Absurd input to the score-entry API and to `score_games`: every field
refused with a 400 that names it, nothing written; tile strings of 10,000
characters answered quickly with a clear error."""

from __future__ import annotations

import json
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.domain.conftest import make_event
from tournaments.models import Hand, HandChange, HandScore, Table
from tournaments.services import rounds

pytestmark = pytest.mark.django_db

LONG_TILES = "1m" * 5000  # 10,000 characters


@pytest.fixture(autouse=True)
def _english() -> Any:
    with translation.override("en"):
        yield


@pytest.fixture(autouse=True)
def _door_opened(settings: Any) -> None:
    """These cases are about what is inside a body: the API's 16 KB and a
    form's 64 KB at the door (config/security.py; tests/security/test_request_limits.py) would
    refuse the large ones before any of it is read. Opened here, so every
    layer behind the door is tested too; `test_the_door_refuses_the_large_
    ones_first` shows the door."""
    settings.MAX_API_REQUEST_BYTES = settings.MAX_REQUEST_BYTES
    settings.MAX_FORM_REQUEST_BYTES = settings.MAX_REQUEST_BYTES


@pytest.fixture
def table(organiser: User) -> Table:
    event, _players = make_event(8)
    event.club.organisers.add(organiser)
    round_ = rounds.start_round(rounds.seat_round(rounds.add_round(event), seed=3))
    return round_.tables.get(number=1)


@pytest.fixture
def keeper(organiser: User) -> Client:
    client = Client()
    client.force_login(organiser)
    return client


def written() -> tuple[int, int, int]:
    return Hand.objects.count(), HandScore.objects.count(), HandChange.objects.count()


def by_values(**fields: Any) -> dict[str, Any]:
    return {"submission_id": str(uuid.uuid4()), "expected_version": 0,
            "values": {"0": 40, "1": 20, "2": 10, "3": 0}, "winner": 0, "east": 0,
            "discarder": None, **fields}


def by_tiles(concealed: Any = "2228m4777p19s555z", **fields: Any) -> dict[str, Any]:
    return {"submission_id": str(uuid.uuid4()), "expected_version": 0,
            "tiles": {"0": {"concealed": concealed, "melds": []}, "1": {"score": 0},
                      "2": {"score": 0}, "3": {"score": 0}},
            "winner": 0, "east": 0, "winning_tile": "5z", "win_source": "wall", **fields}


def post(client: Client, table: Table, body: Any, name: str = "tournaments:api_hands") -> Any:
    data = body if isinstance(body, str) else json.dumps(body)
    return client.post(reverse(name, args=[table.pk]), data, content_type="application/json")


def seat_value(value: Any) -> dict[str, Any]:
    return by_values(values={"0": value, "1": 20, "2": 10, "3": 0})


# (case, body, words the message must hold: the field it is about)
CASES: list[tuple[str, Any, tuple[str, ...]]] = [
    ("negative value", seat_value(-5), ("East", "negative")),
    ("value 10**12", seat_value(10**12), ("East", "limit")),
    ("value 10**400", seat_value(10**400), ("East", "limit")),
    ("value text", seat_value("abc"), ("seat 0", "whole number")),
    ("value digits as text", seat_value("40"), ("seat 0", "whole number")),
    ("value 1e308", seat_value(1e308), ("seat 0", "whole number")),
    ("value 1.5", seat_value(1.5), ("seat 0", "whole number")),
    ("value true", seat_value(True), ("seat 0", "whole number")),
    ("value null", seat_value(None), ("seat 0", "whole number")),
    ("value list", seat_value([40]), ("seat 0", "whole number")),
    ("value NaN", json.dumps(seat_value(40)).replace('"0": 40', '"0": NaN'), ("seat 0",)),
    ("value Infinity", json.dumps(seat_value(40)).replace('"0": 40', '"0": Infinity'),
     ("seat 0",)),
    ("value 1e400", json.dumps(seat_value(40)).replace('"0": 40', '"0": 1e400'), ("seat 0",)),
    ("seat -1", by_values(values={"-1": 40, "1": 20, "2": 10, "3": 0}), ("seat",)),
    ("seat 99", by_values(values={"99": 40, "1": 20, "2": 10, "3": 0}), ("seat",)),
    ("10,000 seats", by_values(values={str(n): 0 for n in range(10_000)}), ("seat",)),
    ("values as a list", by_values(values=[40, 20, 10, 0]), ("seat",)),
    *[(f"{field} {label}", by_values(**{field: value}), (role,))
      for field, role in (("winner", "winner"), ("east", "East"), ("discarder", "discarder"))
      for label, value in (("-1", -1), ("10**12", 10**12), ("text", "abc"), ("true", True),
                           ("1.5", 1.5), ("1e308", 1e308), ("a list", []), ("an object", {}))],
    ("winner 4 at a table of 4", by_values(winner=4), ("winner",)),
    ("expected_version text", by_values(expected_version="abc"), ("expected_version",)),
    ("expected_version true", by_values(expected_version=True), ("expected_version",)),
    ("expected_version 1.5", by_values(expected_version=1.5), ("expected_version",)),
    ("expected_version 1e308", by_values(expected_version=1e308), ("expected_version",)),
    ("expected_version null", by_values(expected_version=None), ("expected_version",)),
    ("submission_id true", by_values(submission_id=True), ("submission_id",)),
    ("submission_id NUL", by_values(submission_id="\x00"), ("submission_id",)),
    ("submission_id 10,000 characters", by_values(submission_id="x" * 10_000),
     ("submission_id",)),
    ("10,000 tiles", by_tiles(LONG_TILES, winning_tile="1m"), ("East", "1m")),
    ("10,000 characters of junk", by_tiles("x" * 10_000), ("East", "concealed")),
    ("10,000 melds", by_tiles(winning_tile="1m", **{"tiles": {
        "0": {"concealed": "123m", "melds": [{"kind": "pung", "tiles": "111m"}] * 10_000},
        "1": {"score": 0}, "2": {"score": 0}, "3": {"score": 0}}}), ("1m",)),
    ("a winning tile of 10,000 characters", by_tiles(winning_tile=LONG_TILES),
     ("winning tile",)),
    ("a player's score 10**12", by_tiles(**{"tiles": {
        "0": {"score": 10**12}, "1": {"score": 0}, "2": {"score": 0}, "3": {"score": 0}}}),
     ("East", "limit")),
    ("arrays nested 100,000 deep", '{"values": ' + "[" * 100_000 + "]" * 100_000 + "}",
     ("JSON",)),
    ("a number of 5,000 digits", '{"values": {"0": ' + "9" * 5000 + "}}", ("JSON",)),
    ("not UTF-8", b'{"values": "\xff\xfe"}'.decode("latin-1"), ()),
]


@pytest.mark.parametrize(("body", "words"), [(body, words) for _case, body, words in CASES],
                         ids=[case for case, _body, _words in CASES])
def test_a_new_hand_with_absurd_input_is_refused(keeper: Client, table: Table, body: Any,
                                                 words: tuple[str, ...]) -> None:
    response = post(keeper, table, body)
    assert response.status_code == 400, response.content[:300]
    assert response["Content-Type"] == "application/json"
    message = response.json()["error"]
    for word in words:
        assert word in message, message[:300]
    assert written() == (0, 0, 0)
    table.refresh_from_db()
    assert table.version == 0


def test_the_door_refuses_the_large_ones_first(keeper: Client, table: Table,
                                               settings: Any) -> None:
    settings.MAX_API_REQUEST_BYTES = 16 * 1024
    large = [body for _case, body, _words in CASES
             if len(body if isinstance(body, str) else json.dumps(body)) > 16 * 1024]
    assert len(large) >= 3
    for body in large:
        response = post(keeper, table, body)
        assert response.status_code == 413
        assert response.json()["error"] == "What was sent is larger than 16 KB."
    assert written() == (0, 0, 0)


# The preview takes the hand only (no submission_id or expected_version).
PREVIEW_CASES = [(case, body) for case, body, _words in CASES
                 if isinstance(body, dict) and not case.startswith(("submission_id",
                                                                     "expected_version"))]


@pytest.mark.parametrize("body", [body for _case, body in PREVIEW_CASES],
                         ids=[case for case, _body in PREVIEW_CASES])
def test_the_preview_refuses_the_same(keeper: Client, table: Table, body: Any) -> None:
    response = post(keeper, table, body, "tournaments:api_preview")
    assert response.status_code == 400, response.content[:300]
    assert written() == (0, 0, 0)


def test_a_correction_with_absurd_input_changes_nothing(keeper: Client, table: Table) -> None:
    assert post(keeper, table, by_values()).status_code == 201
    before = written()
    url = reverse("tournaments:api_hand_correct", args=[table.pk, 1])
    for body in (seat_value(-5), seat_value("abc"), by_values(winner=1.5),
                 by_tiles(LONG_TILES), by_values(expected_version=10**12)):
        body["expected_version"] = body["expected_version"] or 1
        response = keeper.post(url, json.dumps(body), content_type="application/json")
        assert response.status_code in (400, 409), response.content[:300]
    assert written() == before
    assert Hand.objects.get().entry["values"] == {"0": 40, "1": 20, "2": 10, "3": 0}


def test_seat_corrections_with_absurd_input_change_nothing(keeper: Client, table: Table) -> None:
    assert post(keeper, table, by_values()).status_code == 201
    before = written()
    url = reverse("tournaments:api_seats", args=[table.pk])
    for positions in ({"0": 1.5}, {"0": True}, {"0": 10**12}, {"x": 1}, {"0": -1},
                      {str(n): n for n in range(10_000)}, [0, 1]):
        response = keeper.post(url, json.dumps({"positions": positions, "expected_version": 1}),
                               content_type="application/json")
        assert response.status_code == 400, (positions, response.content[:300])
    assert written() == before


# --- score_games -------------------------------------------------------------------------------


def score_games(lines: list[bytes], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "games.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    # A generous time limit guards against a hang; nothing measures speed.
    return subprocess.run([sys.executable, "manage.py", "score_games", str(path)],
                          cwd=settings.BASE_DIR, capture_output=True, text=True, timeout=120,
                          check=False)


def game(concealed: str = "2228m4777p19s555z", **fields: Any) -> bytes:
    return json.dumps({"ruleset": "nts", "prevailing_wind": "E", "players": {
        "E": {"concealed": concealed, "melds": []}, "S": {"score": 0}, "W": {"score": 0},
        "N": {"score": 0}}, "winner": "E", "winning_tile": "5z", "win_source": "wall",
        **fields}).encode()


@pytest.mark.slow  # manage.py score_games in a fresh Python process
def test_score_games_answers_absurd_lines_with_errors(tmp_path: Path) -> None:
    lines = [
        game(LONG_TILES, winning_tile="1m"),
        game("x" * 10_000),
        game(winning_tile=LONG_TILES),
        game(players={"E": {"score": 10**12}, "S": {"score": -5}, "W": {"score": "abc"},
                      "N": {"score": 1e308}}),
        b'{"ruleset": "nts", "players": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
        b'{"ruleset": "nts", "winner": ' + b"9" * 5000 + b"}",
        b'{"ruleset": "nts", "players": {"E": {"score": NaN}}}',
        b"\xff\xfe\x00",
        b"[" * 1000,
        b'"a string"',
    ]
    process = score_games(lines, tmp_path)
    assert process.returncode == 1, process.stderr
    assert "Traceback" not in process.stderr
    results = [json.loads(line) for line in process.stdout.splitlines()]
    assert len(results) == len(lines)
    assert all(set(result) == {"error"} for result in results), results
    for result in results:
        assert len(result["error"]) < 20_000
    assert "1m" in results[0]["error"]
    assert "nested too deeply" in results[4]["error"]
    assert "line 6" in results[5]["error"]


# --- The "Check a hand" page -------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,
    '{"winner": ' + "9" * 5000 + "}",
    game(LONG_TILES, winning_tile="1m").decode(),
    '{"prevailing_wind": [], "players": {"E": {"score": 0}}}',
    "\x00",
], ids=["nested", "5000 digits", "10,000 tiles", "a list for a wind", "NUL"])
def test_the_check_a_hand_page_answers_absurd_games(keeper: Client, text: str) -> None:
    response = keeper.post(reverse("scoring:check"), {"game": text})
    assert response.status_code == 200
    page = response.content.decode()
    assert "alert-error" in page or "field-errors" in page, page[-2000:]
