"""The ranking's constants from the environment (config/settings.py), each
case in a fresh Python process like tests/test_settings.py."""

from __future__ import annotations

import json

import pytest

from rankings.conf import ranking_config
from tests.test_settings import run_python

# Settings are read at start-up, so each case starts a fresh Python process
# (about a second): the slow pass.
pytestmark = pytest.mark.slow

PRINT = """
import json
from django.conf import settings
print(json.dumps({name: getattr(settings, name) for name in dir(settings)
                  if name.startswith("RANKING_")}))
"""


def ranking_settings(**env: str) -> dict[str, object]:
    process = run_python(PRINT, env)
    assert process.returncode == 0, process.stderr
    return json.loads(process.stdout)


def refusal(**env: str) -> str:
    process = run_python(PRINT, env)
    assert process.returncode != 0 and "ImproperlyConfigured" in process.stderr
    return process.stderr.strip().splitlines()[-1]


def test_the_defaults_are_the_emas() -> None:
    values = ranking_settings()
    assert values["RANKING_MIN_RESULTS"] == 2
    assert values["RANKING_AGE_FACTORS"] == [1.0, 0.5]
    assert values["RANKING_DAY_WEIGHTS"] == [1.0, 2.0, 3.0]
    assert values["RANKING_PLAYER_WEIGHTS"] == [[40, 0.0], [80, 0.5], [None, 1.0]]
    assert values["RANKING_PART_A_MINIMUM"] == 5 and values["RANKING_PART_B_BEST"] == 4


def test_the_environment_sets_the_minimum_and_the_ages() -> None:
    values = ranking_settings(RANKING_MIN_RESULTS="3", RANKING_AGE_FACTORS="1, 0.75,0.5",
                              RANKING_DEBOUNCE_SECONDS="0")
    assert values["RANKING_MIN_RESULTS"] == 3
    assert values["RANKING_AGE_FACTORS"] == [1.0, 0.75, 0.5]
    assert values["RANKING_DEBOUNCE_SECONDS"] == 0


@pytest.mark.parametrize(("env", "words"), [
    ({"RANKING_MIN_RESULTS": "0"}, "RANKING_MIN_RESULTS=0 is too small"),
    ({"RANKING_MIN_RESULTS": "two"}, "is not a whole number"),
    ({"RANKING_AGE_FACTORS": "1,half"}, "RANKING_AGE_FACTORS must be numbers"),
    ({"RANKING_AGE_FACTORS": "1,0"}, "age factors must be in (0, 1]"),
])
def test_unusable_values_stop_the_server(env: dict[str, str], words: str) -> None:
    assert words in refusal(**env)


def test_the_config_follows_the_settings(settings: object) -> None:
    settings.RANKING_MIN_RESULTS = 4  # type: ignore[attr-defined]
    settings.RANKING_PLAYER_WEIGHTS = ((16, 0), (None, 1))  # type: ignore[attr-defined]
    config = ranking_config()
    assert config.min_results == 4 and config.player_weights == ((16, 0.0), (None, 1.0))
