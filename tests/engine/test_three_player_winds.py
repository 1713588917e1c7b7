"""The winds of a Hong Kong table of 3 (001 "Tafel van 3 spelers", decision
H9): "NOORD bestaat niet. Er worden dan ook geen fans, geen windrichting en
geen plaats aan NOORD toegekend. De speelronde is dan ook: OOST, ZUID en
WEST." No North seat and no North round, so a pung of North earns no seat
or round-wind fan there; North tiles still count for a clean hand (and the
wind hands: tests/engine/test_three_players.py)."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine import score_game


def north_pung(prevailing: str, seats: str = "ESW") -> dict[str, Any]:
    """West wins with a concealed pung of North, clean circles, on South's
    discard."""
    players: dict[str, Any] = {seat: {"score": 0} for seat in seats}
    players["W"] = {"concealed": "444z123p456p789p55p"}
    return {"ruleset": "hongkong", "prevailing_wind": prevailing, "winner": "W",
            "players": players, "winning_tile": "5p", "win_source": "discard",
            "discarder": "S"}


def fans(result: dict[str, Any]) -> dict[str, int]:
    assert "error" not in result, result
    return {item["rule"]: item["fan"] for item in result["hands"]["W"]["items"]}


def test_a_table_of_three_has_no_north_round() -> None:
    """001 "Tafel van 3 spelers" ("De speelronde is dan ook: OOST, ZUID en
    WEST"), H9: a hand in a North round at a table of 3 cannot have been
    played; the engine refuses it instead of giving the North pung the
    round-wind fan."""
    result = score_game(north_pung("N"))
    assert result["error"] == ("prevailing_wind N: a table of 3 plays the rounds E, S, W "
                               "only (001 Tafel van 3 spelers, H9)")
    assert result["code"] == "round_not_played"
    assert result["params"]["rounds"] == ["E", "S", "W"]


@pytest.mark.parametrize("prevailing", ["E", "S", "W"])
def test_a_pung_of_north_earns_no_wind_fan_at_three(prevailing: str) -> None:
    """001 "Tafel van 3 spelers": "geen fans ... aan NOORD toegekend", H9:
    in every round a table of 3 plays, a pung of North is worth no wind fan,
    and it still belongs in the clean hand ("Bij een schoon spel telt een
    pung NOORD ... wel mee")."""
    got = fans(score_game(north_pung(prevailing)))
    assert "pung_prevailing_wind" not in got and "pung_seat_wind" not in got
    assert got["clean"] == 5


def test_at_four_the_north_round_gives_the_north_pung_its_fan() -> None:
    """001 fan table, "Winden" (pung of the round wind, 1 fan): at a table of
    4 the North round is played (H9 is about tables of 3 only)."""
    assert fans(score_game(north_pung("N", "ESWN")))["pung_prevailing_wind"] == 1
