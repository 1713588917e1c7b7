"""Fuzzing with hypothesis: the scoring engine on any JSON value, the
`score_games` command on any bytes, the member import on any CSV bytes.

Each property is what the code promises for bad input: a result or a clear
refusal, never an exception. Examples are kept few (FUZZ) so `make test`
stays fast; raise max_examples locally to search longer. (atheris, a
coverage-guided fuzzer, is not used: the inputs here are structured JSON and
CSV that hypothesis generates and shrinks well, and atheris needs a native
build and a separate long-running harness outside pytest.)
"""

from __future__ import annotations

import copy
import io
import json
import os
import tempfile
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from clubs.models import Club, Member
from scoring.engine import score_game
from tests.examples import WORKED_EXAMPLE
from tests.support.examples import examples

FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", examples(150))), deadline=None,
                database=None,
                suppress_health_check=[HealthCheck.too_slow,
                                       HealthCheck.function_scoped_fixture])
SLOW_FUZZ = settings(FUZZ, max_examples=int(os.environ.get("FUZZ_EXAMPLES", examples(40))))

# --- JSON-like values ----------------------------------------------------------------------

scalars = (st.none() | st.booleans() | st.integers() | st.integers(-10, 10)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=30)
           | st.sampled_from(["E", "S", "W", "N", "nts", "hongkong", "philos", "wall",
                              "discard", "1m", "5z", "123m", "pung", "kong", "chow",
                              "2228m4777p19s555z", "1" * 200 + "m", "x" * 1000]))
json_values = st.recursive(
    scalars,
    lambda children: (st.lists(children, max_size=5)
                      | st.dictionaries(st.text(max_size=10) | st.sampled_from(
                          ["E", "S", "W", "N", "score", "concealed", "melds", "tiles", "kind",
                           "open", "bonus"]), children, max_size=5)),
    max_leaves=25)

GAME_KEYS = list(WORKED_EXAMPLE) + ["options", "bonus", "unknown"]


@st.composite
def mutated_games(draw: st.DrawFn) -> Any:
    """The worked example with a few fields replaced, removed or added,
    under any rule set: close to valid, so the checks deep inside run."""
    game = copy.deepcopy(WORKED_EXAMPLE)
    game["ruleset"] = draw(st.sampled_from(["nts", "hongkong", "philos"]))
    for _ in range(draw(st.integers(1, 4))):
        where = draw(st.sampled_from(["game", "player", "meld"]))
        if where == "game":
            key = draw(st.sampled_from(GAME_KEYS))
            if draw(st.booleans()):
                game[key] = draw(json_values)
            else:
                game.pop(key, None)
        elif isinstance(game.get("players"), dict) and game["players"]:
            seat = draw(st.sampled_from(sorted(game["players"], key=str)))
            player = game["players"][seat]
            if where == "player" or not isinstance(player, dict):
                game["players"][seat] = draw(json_values) if draw(st.booleans()) else {
                    draw(st.sampled_from(["concealed", "melds", "score", "bonus", "x"])):
                    draw(json_values)}
            else:
                player["melds"] = draw(st.lists(json_values | st.fixed_dictionaries({
                    "kind": st.sampled_from(["pung", "kong", "chow", "x"]) | json_values,
                    "tiles": st.sampled_from(["111m", "1111z", "123s", "12", ""]) | json_values,
                    "open": json_values}), max_size=4))
    return game


def check_result(result: Any) -> None:
    assert isinstance(result, dict)
    json.dumps(result)  # a JSON Lines record
    if "error" in result:
        assert isinstance(result["error"], str) and result["error"]
    else:
        settlement = result["settlement"]
        assert all(isinstance(amount, int) for amount in settlement.values())
        assert sum(settlement.values()) == 0


@FUZZ
@given(json_values)
def test_the_engine_answers_any_json_value(game: Any) -> None:
    check_result(score_game(game))


@FUZZ
@given(mutated_games())
def test_the_engine_answers_any_near_valid_game(game: Any) -> None:
    before = copy.deepcopy(game)
    check_result(score_game(game))
    assert game == before, "score_game changed its input"


# --- score_games on bytes ------------------------------------------------------------------

lines = st.lists(
    st.binary(max_size=200).map(lambda raw: raw.replace(b"\n", b""))
    | json_values.map(lambda value: json.dumps(value).encode())
    | mutated_games().map(lambda game: json.dumps(game).encode())
    | st.just(json.dumps(WORKED_EXAMPLE).encode()),
    max_size=6)


def run_score_games(data: bytes) -> tuple[int, str]:
    with tempfile.NamedTemporaryFile(suffix=".jsonl") as file:
        file.write(data)
        file.flush()
        out = io.StringIO()
        try:
            call_command("score_games", file.name, stdout=out, stderr=io.StringIO())
        except CommandError as error:  # any other exception is a traceback
            return error.returncode, out.getvalue()
        return 0, out.getvalue()


@FUZZ
@given(lines)
def test_score_games_answers_any_bytes_with_one_result_per_line(given_lines: list[bytes]) -> None:
    data = b"\n".join(given_lines)
    status, output = run_score_games(data)
    results = [json.loads(line) for line in output.splitlines()]
    expected = sum(1 for line in data.split(b"\n") if line.strip())
    assert len(results) == expected
    for result in results:
        check_result(result)
    rejected = any("error" in result for result in results)
    assert status == (1 if rejected else 0)


def test_score_games_without_a_readable_file_exits_2() -> None:
    with pytest.raises(CommandError) as raised:
        call_command("score_games", "/nonexistent/games.jsonl", stdout=io.StringIO())
    assert raised.value.returncode == 2


# --- The member import on CSV bytes ----------------------------------------------------------

HEADERS = ["First name", "Last name", "NMB member number", "Club", "Voornaam", "Achternaam",
           "lidnummer", "vereniging", "x"]
cells = st.text(max_size=15) | st.sampled_from(["", "=1+1", "'=cmd", "Fu-Hing", "1001", "😀",
                                                  "\x00", "\r", '"', ";", ","])


@st.composite
def csv_files(draw: st.DrawFn) -> bytes:
    """CSV bytes: pure noise, or a list with a header in some encoding."""
    if draw(st.integers(0, 3)) == 0:
        return draw(st.binary(max_size=3000))
    delimiter = draw(st.sampled_from([";", ",", "\t", "|"]))
    if draw(st.integers(0, 2)):  # mostly a header the import knows
        header = draw(st.sampled_from([["First name", "Last name"], ["Voornaam", "Achternaam"],
                                       ["First name", "Last name", "NMB member number"],
                                       ["Voornaam", "Achternaam", "lidnummer", "vereniging"]]))
    else:
        header = draw(st.lists(st.sampled_from(HEADERS), min_size=1, max_size=5))
    names = st.text(st.characters(codec="utf-8", exclude_characters=";,\t|\n\r\"\x00"),
                    min_size=1, max_size=12)
    hostile = draw(st.booleans())  # odd cells in some lists, clean names in the others
    rows = draw(st.lists(st.lists(names | cells if hostile else names, min_size=len(header),
                                  max_size=len(header) + (1 if hostile else 0)),
                         max_size=12, unique_by=lambda row: tuple(row[:2])))
    text = "\n".join(delimiter.join(row) for row in [header, *rows])
    encoding = draw(st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "cp1252"]))
    data = text.encode(encoding, errors="replace")
    if draw(st.integers(0, 3)) == 0:
        position = draw(st.integers(0, len(data)))
        data = data[:position] + draw(st.binary(max_size=20)) + data[position:]
    return data


@pytest.fixture
def import_club(organiser: User) -> Club:
    club = Club.objects.create(name="Fu-Hing", slug="fu-hing")
    club.organisers.add(organiser)
    return club


@pytest.mark.django_db
@SLOW_FUZZ
@given(data=csv_files())
def test_the_member_import_answers_any_csv(import_club: Club, organiser: User,
                                           data: bytes) -> None:
    client = Client()  # exceptions in a view are raised here, not turned into a 500
    client.force_login(organiser)
    with transaction.atomic():
        before = Member.objects.count()
        response = client.post(reverse("clubs:member_import", args=[import_club.slug]),
                               {"file": SimpleUploadedFile("members.csv", data)})
        assert response.status_code == 200
        assert Member.objects.count() == before  # the preview writes nothing
        page = response.content.decode()
        token = response.context.get("token") if response.context else ""
        event("previewed, confirmed" if token else "refused or nothing to import")
        if token:
            confirmed = client.post(reverse("clubs:member_import_confirm",
                                            args=[import_club.slug]), {"token": token})
            assert confirmed.status_code in (200, 302)
            if confirmed.status_code != 302:  # refused: nothing written
                assert Member.objects.count() == before
        else:
            assert 'class="field-errors"' in page or "alert-error" in page or "0 new" in page \
                or Member.objects.count() == before
        transaction.set_rollback(True)
