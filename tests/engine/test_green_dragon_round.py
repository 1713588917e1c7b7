"""The round of the green dragon (seed 003, issue 14).

003 "Drie spelers": "Nadat de oorspronkelijke West Oost is geweest volgt de
ronde van de groene draak. De winnaar van het laatste spel werpt met twee
dobbelstenen. Zijn worp bepaalt ... welke speler heersend is tijdens het
vierde spel. ... In deze ronde is er geen heersende wind, maar een heersende
draak, de groene draak. De speler met een pung of kong van groene draken
krijgt een extra verdubbeling."
003 "Vijf spelers": "Eventueel kan een vijfde ronde worden gespeeld, de ronde
van de groene draak" (NTS option five_player_green_dragon_round, off by
default).
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine import RULESETS, score_game
from scoring.engine.deal import DREAMER_ROTATION, EACH_HAND, Dealt, next_deal

NTS = RULESETS["nts"]
GREEN_ON = {"five_player_green_dragon_round": True}


def play(positions: list[int], hands: int, options: dict[str, Any] | None = None,
         dice_east: dict[int, int] | None = None) -> list[tuple[int, str]]:
    """(East, prevailing wind) of ``hands`` hands in a row, the winds moving
    on after each; ``dice_east``: hand index -> the East the dice chose."""
    order = NTS.deal_order(len(positions), options)
    history: list[Dealt] = []
    for index in range(hands):
        deal = next_deal(positions, history, DREAMER_ROTATION, order)
        east = (dice_east or {}).get(index, deal.east)
        history.append(Dealt(east=east, prevailing=deal.prevailing, rotates=True))
    return [(hand.east, hand.prevailing) for hand in history]


def test_three_players_play_east_south_west_then_the_green_dragon() -> None:
    """003 Drie spelers: no North; after the original West has been East,
    the round of the green dragon; then East's round again."""
    assert NTS.deal_order(3).winds == "ESWG"
    winds = [wind for _, wind in play([0, 1, 2], 15)]
    assert winds == list("EEESSSWWWGGGEEE")


def test_three_players_without_the_variant_keep_every_wind() -> None:
    """Option three_player_two_suits off: all 136 tiles, the four winds."""
    assert NTS.deal_order(3, {"three_player_two_suits": False}) == EACH_HAND


def test_the_dice_choose_east_of_the_green_dragon_round() -> None:
    """003 Drie spelers: the dice choose who is East ("heersend") in the
    green dragon's round; the round goes round from there, every player East
    once, and then East's round comes again."""
    hands = play([0, 1, 2], 13, dice_east={9: 2})
    assert hands[9:] == [(2, "G"), (0, "G"), (1, "G"), (2, "E")]


def test_five_players_with_the_option_play_a_green_dragon_round_after_north() -> None:
    """003 Vijf spelers: "Eventueel kan een vijfde ronde worden gespeeld, de
    ronde van de groene draak"."""
    assert NTS.deal_order(5, GREEN_ON).winds == "ESWNG"
    winds = [wind for _, wind in play([0, 1, 2, 3, 4], 26, GREEN_ON)]
    assert winds == list("EEEEESSSSSWWWWWNNNNNGGGGGE")


def test_five_players_without_the_option_as_before() -> None:
    """Off by default: after North's round East's comes again."""
    assert NTS.deal_order(5) == EACH_HAND
    winds = [wind for _, wind in play([0, 1, 2, 3, 4], 21)]
    assert winds == list("EEEEESSSSSWWWWWNNNNNE")


def green_pung(prevailing: str, players: int = 3, ruleset: str = "nts",
               options: dict[str, Any] | None = None) -> dict[str, Any]:
    game: dict[str, Any] = {
        "ruleset": ruleset, "prevailing_wind": prevailing, "winner": "S",
        "win_source": "discard", "discarder": "E", "winning_tile": "9p",
        "players": {"E": {"score": 0},
                    "S": {"concealed": "123p456p789s99p",
                          "melds": [{"kind": "pung", "tiles": "666z", "open": True}]},
                    "W": {"score": 0}},
    }
    if players == 4:
        game["players"]["N"] = {"score": 0}
    if options is not None:
        game["options"] = options
    return game


def test_a_pung_of_green_dragons_doubles_in_the_green_dragon_round() -> None:
    """003: "De speler met een pung of kong van groene draken krijgt een
    extra verdubbeling" (pung_prevailing_dragon, besides the dragons' own)."""
    result = score_game(green_pung("G"))
    rules = [item["rule"] for item in result["hands"]["S"]["items"]]
    assert "pung_prevailing_dragon" in rules and "pung_dragons" in rules
    assert result["scores"]["S"] == 28 * 4
    assert sum(result["settlement"].values()) == 0


def test_a_hand_of_four_at_a_table_of_five_in_the_green_dragon_round() -> None:
    """003 Vijf spelers: four play each hand; G only with the option."""
    assert score_game(green_pung("G", 4, options=GREEN_ON))["scores"]["S"] == 112
    error = score_game(green_pung("G", 4))["error"]
    assert "five_player_green_dragon_round" in error


def test_north_is_no_round_of_a_table_of_three() -> None:
    """003 Drie spelers: no North, so no North round."""
    assert "E, S, W, G" in score_game(green_pung("N"))["error"]


@pytest.mark.parametrize("ruleset", ["hongkong", "philos"])
@pytest.mark.parametrize("players", [3, 4])
def test_green_dragon_round_refused_by_hong_kong_and_philos(ruleset: str, players: int) -> None:
    """Only 003 (NTS) has a round of the green dragon: 001 and 004 play the
    winds (H9, P3)."""
    if ruleset == "philos" and players == 3:
        pytest.skip("the classic rules have no table of 3")
    error = score_game(green_pung("G", players, ruleset))["error"]
    assert error.startswith(f"prevailing_wind G: a table of {players} plays the rounds ")
    assert "G" not in error.split("plays the rounds ")[1].split(" only")[0]


def test_anything_else_is_refused_as_before() -> None:
    assert score_game(green_pung("X"))["error"] == (
        "prevailing_wind must be one of E, S, W, N, got 'X'")
