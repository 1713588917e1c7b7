"""Hong Kong (club Fu-Hing) payments: both tables row by row, Pao, false
mahjong, East stays East, settlements summing to zero, and bad input.

Sources: seed 001 "Puntentelling Veroorzaker betaalt" (the default, H1),
"Puntentelling bij Hong Kong Mahjong" (option ``payment: half_pay``, H1),
"Toelichting bij deze puntentelling" (fan cap 10, limit 20 fan, H2),
"Valse Mahjong", "PAO-Spel" and "Gevaarlijk Spel" (H5), "Oost blijft Oost"
(H4), "Tafel van 3 spelers". The winner is given by value (its fan), as a
scorekeeper who counted the fan at the table would.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine import score_game
from tests.engine.strategies import games
from tests.support.examples import examples

SEATS = ("E", "S", "W", "N")


def by_value(fan: int, *, winner: str | None = "S", source: str | None = "discard",
             discarder: str = "W", flags: tuple[str, ...] = (), seats: tuple[str, ...] = SEATS,
             **options: Any) -> dict[str, Any]:
    game: dict[str, Any] = {
        "ruleset": "hongkong",
        "options": {"minimum_fan": 0, **options},
        "prevailing_wind": "E",
        "players": {seat: {"score": fan if seat == winner else 0} for seat in seats},
        "winner": winner,
        "flags": list(flags),
    }
    if winner is not None:
        game["win_source"] = source
        if source in ("discard", "robbed_kong"):
            game["discarder"] = discarder
    return game


def settled(game: dict[str, Any]) -> dict[str, int]:
    result = score_game(game)
    assert "error" not in result, result
    assert sum(result["settlement"].values()) == 0
    settlement: dict[str, int] = result["settlement"]
    return settlement


# "Puntentelling Veroorzaker betaalt": Fan, Van tafel, Zelf pakken.
DISCARDER_PAYS = [
    (0, 1, 0), (1, 2, 1), (2, 4, 2), (3, 8, 4), (4, 16, 8), (5, 24, 12), (6, 32, 16),
    (7, 48, 24), (8, 64, 32), (9, 96, 48), (10, 128, 64),
    (20, 256, 128),  # "LIMIET = 20 256 128+128+128 = 384"
]


@pytest.mark.parametrize(("fan", "from_discard", "each"), DISCARDER_PAYS)
def test_discarder_pays_from_a_discard(fan: int, from_discard: int, each: int) -> None:
    # "In principe moet diegene die ... het Mahjong veroorzaakt alles betalen."
    result = score_game(by_value(fan))
    assert result["settlement"] == {"E": 0, "S": from_discard, "W": -from_discard, "N": 0}
    assert result["scores"] == {"E": 0, "S": from_discard, "W": 0, "N": 0}


@pytest.mark.parametrize(("fan", "from_discard", "each"), DISCARDER_PAYS[1:])
def test_discarder_pays_self_drawn(fan: int, from_discard: int, each: int) -> None:
    # "Indien een speler zelf de winnende steen uit de muur trekt, dan betaalt
    # iedereen mee volgens bovenstaand tabel."
    assert settled(by_value(fan, source="wall")) == {"E": -each, "S": 3 * each,
                                                    "W": -each, "N": -each}


def test_discarder_pays_is_the_default() -> None:
    game = by_value(3)
    game["options"] = {}
    assert settled(game) == {"E": 0, "S": 8, "W": -8, "N": 0}


@pytest.mark.parametrize("fan", [11, 15, 19])
def test_more_than_ten_fan_pays_ten(fan: int) -> None:
    # "Ook al heeft een speler meer dan 10 fan, dan blijft het aantal 10 fan."
    assert settled(by_value(fan))["S"] == 128


def test_a_robbed_kong_is_paid_by_the_player_robbed() -> None:
    # Kongroof: the kong's tile counts as a discard ("Deze steen wordt
    # beschouwd als een weggegooide steen").
    assert settled(by_value(4, source="robbed_kong", discarder="N")) == {
        "E": 0, "S": 16, "W": 0, "N": -16}


# "Puntentelling bij Hong Kong Mahjong": Fan, van tafel (the two others,
# the discarder), zelf pakken (each).
HALF_PAY = [
    (0, 1, 1, None),  # "0 1+1+1=3"
    (1, 1, 2, 2),  # "1 1+1+2=4 2+2+2=6"
    (2, 2, 4, 4),
    (3, 4, 8, 8),
    (4, 8, 16, 16),
    (5, 16, 32, 32),
    (6, 32, 64, 64),  # "6 32+32+64=128 64+64+64=192"
    (20, 64, 128, 128),  # "Limiet: 64+64+128=256 128+128+128=384"
]


@pytest.mark.parametrize(("fan", "each", "discarder", "self_drawn"), HALF_PAY)
def test_half_pay_from_a_discard(fan: int, each: int, discarder: int,
                                 self_drawn: int | None) -> None:
    result = score_game(by_value(fan, payment="half_pay"))
    assert result["settlement"] == {"E": -each, "S": 2 * each + discarder, "W": -discarder,
                                    "N": -each}


@pytest.mark.parametrize(("fan", "each", "discarder", "self_drawn"), HALF_PAY[1:])
def test_half_pay_self_drawn(fan: int, each: int, discarder: int, self_drawn: int) -> None:
    assert settled(by_value(fan, source="wall", payment="half_pay")) == {
        "E": -self_drawn, "S": 3 * self_drawn, "W": -self_drawn, "N": -self_drawn}


@pytest.mark.parametrize("fan", [7, 8, 10])
def test_half_pay_above_six_fan_pays_the_limit_row(fan: int) -> None:
    # The table ends at 6 fan; its limit row is the next doubling (decision).
    assert settled(by_value(fan, payment="half_pay"))["S"] == 256
    assert settled(by_value(fan, source="wall", payment="half_pay"))["S"] == 384


def test_half_pay_at_a_table_of_three() -> None:
    # "Tafel van 3 spelers": "De winnaar ontvangt bij van de tafel pakken 2x
    # van degene die de winnende steen aflegt en 1x van de andere speler."
    game = by_value(3, seats=("E", "S", "W"), payment="half_pay")
    assert settled(game) == {"E": -4, "S": 12, "W": -8}


def test_discarder_pays_at_a_table_of_three_self_drawn() -> None:
    game = by_value(3, source="wall", seats=("E", "S", "W"))
    assert settled(game) == {"E": -4, "S": 8, "W": -4}


# ---------------------------------------------------------------- false mahjong

def test_false_mahjong_on_a_discard() -> None:
    # "Valse Mahjong ... bestraft met de waarde die staat bij 8 fan"; table
    # "VALS 64": the claimer pays the discarder as the discarder would have
    # paid (decision).
    result = score_game(by_value(0, flags=("false_mahjong",)))
    assert result["settlement"] == {"E": 0, "S": -64, "W": 64, "N": 0}
    assert result["false_mahjong"] == "S" and result["winds_rotate"] is False


def test_false_mahjong_self_drawn() -> None:
    # "Maakt een speler een valse Mahjong met een uit de Muur getrokken
    # steen, dan krijgt iedere speler als zelf pakken uitbetaald": 32 x 3.
    assert settled(by_value(0, source="wall", flags=("false_mahjong",))) == {
        "E": 32, "S": -96, "W": 32, "N": 32}


def test_false_mahjong_half_pay() -> None:
    # "6 32+32+64=128 64+64+64=192 - Valse Mahjong".
    assert settled(by_value(0, flags=("false_mahjong",), payment="half_pay")) == {
        "E": 32, "S": -128, "W": 64, "N": 32}
    assert settled(by_value(0, source="wall", flags=("false_mahjong",),
                            payment="half_pay")) == {"E": 64, "S": -192, "W": 64, "N": 64}


def test_false_mahjong_with_tiles_that_do_not_form_a_mahjong() -> None:
    game = by_value(0, flags=("false_mahjong",))
    game["players"]["S"] = {"concealed": "1357m2468p13579s5z"}
    game["winning_tile"] = "5z"
    result = score_game(game)
    assert result["settlement"]["S"] == -64
    assert result["hands"]["S"]["items"] == [{"rule": "false_mahjong"}]


def test_a_real_mahjong_flagged_false_is_an_error() -> None:
    game = by_value(0, flags=("false_mahjong",))
    game["players"]["S"] = {"concealed": "111222333444z99m"}
    game["winning_tile"] = "9m"
    assert "is a mahjong of 20 fan" in score_game(game)["error"]


# ---------------------------------------------------------------- pao

def test_pao_self_drawn_limit() -> None:
    # "PAO-Spel = veroorzaker betaalt": West gave the 12th tile of the winds
    # (the four wind pungs lie open on the table) and South drew the winning
    # tile: West pays all, 128 x 3 (H5, H8).
    game = by_value(0, source="wall", flags=("pao:W",))
    game["players"]["S"] = {"concealed": "99m", "melds": [
        {"kind": "pung", "tiles": wind * 3} for wind in ("1z", "2z", "3z", "4z")]}
    game["winning_tile"] = "9m"
    result = score_game(game)
    assert result["settlement"] == {"E": 0, "S": 384, "W": -384, "N": 0}
    assert result["pao"] == "W"


def test_pao_on_another_players_discard() -> None:
    # The responsible player pays what the discarder would have paid.
    assert settled(by_value(20, discarder="E", flags=("pao:N",))) == {
        "E": 0, "S": 256, "W": 0, "N": -256}


def test_pao_half_pay_pays_the_whole_amount() -> None:
    assert settled(by_value(20, flags=("pao:N",), payment="half_pay")) == {
        "E": 0, "S": 256, "W": 0, "N": -256}


def test_pao_for_a_super_clean_hand() -> None:
    # "Gevaarlijk Spel" of "Varianten van het Hong Kong Mahjongspel" (a house
    # variant, off by default: issue 14 item 8): 9 tiles of one suit open; the
    # player who gave the 4th set pays for everyone when the winner then draws
    # the tile that makes Superschoon.
    game = by_value(0, source="wall", flags=("pao:W",), house_pao_super_clean=True)
    game["players"]["S"] = {"concealed": "55m", "melds": [
        {"kind": "chow", "tiles": "123m"}, {"kind": "chow", "tiles": "456m"},
        {"kind": "chow", "tiles": "789m"}, {"kind": "pung", "tiles": "222m"}]}
    game["winning_tile"] = "5m"
    # super clean 8 + self-drawn 1 + no seasons 1 = 10: 64 x 3 from West.
    assert settled(game) == {"E": 0, "S": 192, "W": -192, "N": 0}


def test_no_pao_without_a_limit_or_super_clean() -> None:
    # "Als de winnaar uiteindelijk GEEN Limietspel kan volmaken, dan hoeft de
    # veroorzaker niet voor iedereen te betalen" (and "Drie Kleine Wijzen").
    game = by_value(0, flags=("pao:W",))
    game["players"]["S"] = {"concealed": "345p555666z77z",
                            "melds": [{"kind": "chow", "tiles": "234m"}]}
    game["winning_tile"] = "7z"
    assert "no limit hand" in score_game(game)["error"]


# ---------------------------------------------------------------- winds

@pytest.mark.parametrize(("winner", "rotate"), [("E", False), (None, False), ("S", True)])
def test_east_stays_east(winner: str | None, rotate: bool) -> None:
    # "Oost blijft Oost" (H4).
    game = by_value(3, winner=winner, source="wall" if winner else None)
    assert score_game(game)["winds_rotate"] is rotate


def test_a_draw_settles_nothing() -> None:
    result = score_game(by_value(0, winner=None))
    assert result["settlement"] == dict.fromkeys(SEATS, 0)


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize(("change", "message"), [
    (lambda g: g["options"].update(bogus=1), "unknown option 'bogus'"),
    (lambda g: g["options"].update(minimum_fan="3"), "option 'minimum_fan' must be int"),
    (lambda g: g["options"].update(minimum_fan=True), "must be a whole number"),
    (lambda g: g["options"].update(minimum_fan=11), "must be one of"),
    (lambda g: g["options"].update(payment="split"), "'discarder_pays', 'half_pay'"),
    (lambda g: g["options"].update(all_pungs_fan=4), "option 'all_pungs_fan' must be one of"),
    (lambda g: g["flags"].append("pao:S"), "another player"),
    (lambda g: g["flags"].append("pao:X"), "unknown flag"),
    (lambda g: g["flags"].extend(["pao:E", "pao:N"]), "one player is responsible"),
    (lambda g: g["flags"].append("moon_eats_cake"), "moon_eats_cake"),
    (lambda g: g["flags"].append("earthly"), "earthly"),
    (lambda g: g.pop("win_source"), "give win_source"),
    (lambda g: g["players"]["S"].update(score=21), "above the limit of 20"),
    (lambda g: g["players"]["S"].update(score=2), "at least 3"),
])
def test_bad_input(change: Any, message: str) -> None:
    game = by_value(3)
    game["options"] = {}
    change(game)
    result = score_game(game)
    assert "error" in result and message in result["error"], result


def test_a_season_in_an_nts_game_is_an_error() -> None:
    game = {"ruleset": "nts", "prevailing_wind": "E", "winner": "S",
            "winning_tile": "9m", "win_source": "discard", "discarder": "W",
            "players": {"E": {"score": 0}, "W": {"score": 0}, "N": {"score": 0},
                        "S": {"concealed": "123m99p789s555666z", "bonus": "2j"}}}
    result = score_game(game)
    assert "flowers and seasons" in result["error"] and "South" in result["error"]


def test_a_season_held_twice_is_an_error() -> None:
    game = by_value(0, flags=())
    game["players"]["S"] = {"concealed": "234m345p567678s99m", "bonus": "2j"}
    game["players"]["N"] = {"concealed": "1112345z6z7z11p99s", "bonus": "2j"}
    game["winning_tile"] = "9m"
    assert "2j" in score_game(game)["error"]


# ---------------------------------------------------------------- properties

FAST = settings(max_examples=examples(80), deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow])


def as_hongkong(game: dict[str, Any], payment: str, pao: bool) -> dict[str, Any]:
    game = copy.deepcopy(game)
    game["ruleset"] = "hongkong"
    game["options"] = {"minimum_fan": 0, "payment": payment}
    if pao and game["winner"] is not None:
        game["flags"] = [*game["flags"], "pao:" + next(s for s in SEATS if s != game["winner"])]
    return game


@FAST
@given(games(allow_score_players=False), st.sampled_from(["discarder_pays", "half_pay"]),
       st.booleans())
def test_settlements_sum_to_zero(game: dict[str, Any], payment: str, pao: bool) -> None:
    result = score_game(as_hongkong(game, payment, pao))
    assert isinstance(result, dict)
    if "error" in result:
        # Only a pao on an ordinary hand, or tiles that form no HK mahjong.
        assert pao or "mahjong" in result["error"], result
        return
    assert sum(result["settlement"].values()) == 0
    winner = game["winner"]
    for seat, amount in result["settlement"].items():
        if seat == winner:
            assert amount >= 0
            assert result["scores"][seat] == amount
        else:
            assert amount <= 0 and result["scores"][seat] == 0
    if winner is not None and winner in result["hands"]:
        hand = result["hands"][winner]
        assert hand["value"] <= 10 or hand["value"] == 20
        assert result["settlement"][winner] <= 384


@FAST
@given(st.integers(0, 20), st.sampled_from(SEATS), st.sampled_from(["wall", "discard"]),
       st.sampled_from(["discarder_pays", "half_pay"]), st.booleans(), st.booleans())
def test_settlements_by_value_sum_to_zero(fan: int, winner: str, source: str, payment: str,
                                          false: bool, three: bool) -> None:
    seats = ("E", "S", "W") if three and winner != "N" else SEATS
    if source == "wall" and fan == 0 and payment == "half_pay" and not false:
        fan = 1  # a self-drawn win has at least 1 fan
    discarder = next(s for s in seats if s != winner)
    game = by_value(fan, winner=winner, source=source, discarder=discarder, seats=seats,
                    flags=("false_mahjong",) if false else (), payment=payment)
    assert sum(settled(game).values()) == 0

