"""Bad input gives {"error": ...} naming the player and tile; never raises.

Every bad game is the worked example of score-interface.md (seed 003,
"Voorbeeld punten berekening") with one thing broken, so any error comes
from that one thing. Messages are checked loosely: the seat (letter or
name) and the offending tile or keyword must appear.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import Any

import pytest

from scoring.engine import score_game
from tests.examples import EXAMPLE_SCORES, EXAMPLE_SETTLEMENT, WORKED_EXAMPLE

Game = dict[str, Any]


SEAT_WORDS = {
    "E": ("east", "oost"),
    "S": ("south", "zuid"),
    "W": ("west",),
    "N": ("north", "noord"),
}


def names_seat(message: str, seat: str) -> bool:
    return bool(re.search(rf"\b{seat}\b", message)) or any(
        word in message.lower() for word in SEAT_WORDS[seat]
    )


def example() -> Game:
    return copy.deepcopy(WORKED_EXAMPLE)


def with_changes(change: Callable[[Game], None]) -> Game:
    game = example()
    change(game)
    return game


def set_player(seat: str, **fields: Any) -> Callable[[Game], None]:
    def change(game: Game) -> None:
        game["players"][seat].update(fields)

    return change


def replace_player(seat: str, player: Any) -> Callable[[Game], None]:
    def change(game: Game) -> None:
        game["players"][seat] = player

    return change


def set_field(**fields: Any) -> Callable[[Game], None]:
    def change(game: Game) -> None:
        game.update(fields)

    return change


def drop_field(name: str) -> Callable[[Game], None]:
    def change(game: Game) -> None:
        del game[name]

    return change


def pung(tiles: str, kind: str = "pung", open_: bool = True) -> list[dict[str, Any]]:
    return [{"kind": kind, "tiles": tiles, "open": open_}]


def kong_win_without_kong(game: Game) -> None:
    game["win_source"] = "kong_replacement"
    del game["discarder"]


def add_seat_x(game: Game) -> None:
    game["players"]["X"] = {"score": 0}


ANY_SEAT = "any"  # some seat holding the tile must be named

# (id, change, seat that must be named (None: a game-level error), any-of
# tile/keyword strings that must appear or ())
CASES: list[tuple[str, Callable[[Game], None], str | None, tuple[str, ...]]] = [
    # unknown tiles
    ("unknown-tile-8z", set_player("N", concealed="124589s222z8z"), "N", ("8z",)),
    ("unknown-tile-0m", set_player("N", concealed="124589s222z0m"), "N", ("0m",)),
    ("unknown-tile-x", set_player("N", concealed="124589s222zx"), "N", ("x",)),
    ("digits-without-suit-12", set_player("N", concealed="124589s222z12"), "N", ("12",)),
    ("unknown-tile-in-winner", set_player("S", concealed="234456m345678p3s8z"), "S", ("8z",)),
    ("unknown-tile-in-meld", set_player("N", melds=pung("888z")), "N", ("8z", "888z")),
    # 5 copies of a tile
    ("five-copies-across-table", set_player("N", concealed="124599s2m222z"), ANY_SEAT, ("2m",)),
    ("five-copies-in-one-hand", set_player("E", concealed="22222m4777p19s55z"), "E", ("2m",)),
    (
        "five-copies-kong-plus-rack",
        set_player("N", concealed="1245899s234z", melds=pung("2222z", "kong")),
        "N",
        ("2z",),
    ),
    # hand sizes, kongs counting as 3 (N16)
    ("winner-13-tiles", set_player("S", concealed="23456m345678p33s"), "S", ()),
    ("winner-15-tiles", set_player("S", concealed="234456m345678p33s9p"), "S", ()),
    (
        "winner-kong-13-counted",
        set_player("S", concealed="234456m345p3s", melds=pung("1111p", "kong")),
        "S",
        (),
    ),
    (
        "winner-kong-15-counted",
        set_player("S", concealed="234456m345p33s6p", melds=pung("1111p", "kong")),
        "S",
        (),
    ),
    ("non-winner-12-tiles", set_player("N", concealed="124589s222z"), "N", ()),
    ("non-winner-14-tiles", set_player("N", concealed="1245899s222z1p"), "N", ()),
    (
        "non-winner-kong-12-counted",
        set_player("N", concealed="1245899s22z", melds=pung("6666s", "kong")),
        "N",
        (),
    ),
    (
        "non-winner-kong-14-counted",
        set_player("N", concealed="1245899s222z1p", melds=pung("6666s", "kong")),
        "N",
        (),
    ),
    # malformed melds
    (
        "chow-of-honours",
        set_player("N", melds=pung("123z", "chow")),
        "N",
        ("123z", "1z", "2z", "3z"),
    ),
    (
        "chow-not-a-run",
        set_player("N", melds=pung("135m", "chow")),
        "N",
        ("135m", "1m", "3m", "5m"),
    ),
    ("pung-of-unequal-tiles", set_player("N", melds=pung("667s")), "N", ("667s", "6s", "7s")),
    (
        "kong-of-unequal-tiles",
        set_player("N", melds=pung("6667s", "kong")),
        "N",
        ("6667s", "6s", "7s"),
    ),
    ("unknown-meld-kind", set_player("N", melds=pung("666s", "pair")), "N", ("pair",)),
    # the winner's hand
    ("winner-no-mahjong", set_player("S", concealed="234456m345678p35s"), "S", ()),
    (
        # all chows (1 doubling) only: below the minimum of 2 (N10)
        "false-mahjong-one-doubling",
        lambda g: (set_player("S", concealed="234456m345678p11s")(g), g.update(winning_tile="1s")),
        "S",
        (),
    ),
    ("winning-tile-not-in-concealed", set_field(winning_tile="9p"), "S", ("9p",)),
    ("winning-tile-unknown", set_field(winning_tile="8z"), None, ("8z",)),
    # how the hand was won
    ("discard-without-discarder", drop_field("discarder"), None, ("discard",)),
    ("discarder-is-winner", set_field(discarder="S"), "S", ()),
    ("discarder-not-a-seat", set_field(discarder="X"), None, ("X", "discard")),
    ("winner-not-a-seat", set_field(winner="X"), None, ("X", "winner")),
    ("unknown-win-source", set_field(win_source="magic"), None, ("magic",)),
    ("last-wall-tile-on-discard", set_field(flags=["last_wall_tile"]), None, ("last_wall_tile",)),
    ("kong-replacement-without-kong", kong_win_without_kong, "S", ("kong",)),
    # game-level fields
    ("unknown-ruleset", set_field(ruleset="zung"), None, ("zung",)),
    ("unknown-option", set_field(options={"double_east": True}), None, ("double_east",)),
    ("option-not-a-bool", set_field(options={"round_to_tens": "yes"}), None, ("round_to_tens",)),
    ("unknown-flag", set_field(flags=["blessing_of_man"]), None, ("blessing_of_man",)),
    ("bad-prevailing-wind-Q", set_field(prevailing_wind="Q"), None, ("prevailing", "wind", "Q")),
    ("bad-prevailing-wind-int", set_field(prevailing_wind=1), None, ("prevailing", "wind")),
    ("unknown-seat-key", add_seat_x, None, ("X",)),
    ("players-not-a-dict", set_field(players=["E", "S", "W", "N"]), None, ("player",)),
    # score-form players
    ("score-and-tiles", set_player("W", concealed="19m", melds=[]), "W", ()),
    ("negative-score", replace_player("W", {"score": -5}), "W", ()),
    ("score-not-a-number", replace_player("W", {"score": "12"}), "W", ()),
]


@pytest.mark.parametrize(
    ("change", "seat", "words"),
    [pytest.param(change, seat, words, id=case_id) for case_id, change, seat, words in CASES],
)
def test_bad_game_is_an_error_naming_player_and_tile(
    change: Callable[[Game], None], seat: str | None, words: tuple[str, ...]
) -> None:
    game = with_changes(change)
    result = score_game(game)
    assert set(result) == {"error", "code", "params"}, result
    message = result["error"]
    assert isinstance(message, str) and message.strip()
    if seat == ANY_SEAT:
        assert any(names_seat(message, s) for s in SEAT_WORDS), message
    elif seat is not None:
        assert names_seat(message, seat), message
    if words:
        assert any(w in message or w.lower() in message.lower() for w in words), message


@pytest.mark.parametrize(
    "game",
    [
        pytest.param([], id="list"),
        pytest.param("game", id="string"),
        pytest.param(None, id="none"),
        pytest.param(42, id="int"),
        pytest.param({}, id="empty-dict"),
    ],
)
def test_non_game_is_an_error(game: Any) -> None:
    result = score_game(game)
    assert isinstance(result, dict) and set(result) == {"error", "code", "params"}, result
    assert isinstance(result["error"], str) and result["error"].strip()


# ------------------------------------------------------------- valid input


def test_worked_example_scores_and_settles() -> None:
    result = score_game(example())
    assert "error" not in result, result
    assert result["scores"] == EXAMPLE_SCORES
    assert result["settlement"] == EXAMPLE_SETTLEMENT
    south = result["hands"]["S"]
    assert (south["points"], south["doublings"], south["value"]) == (24, 2, 96)
    assert south["limit"] is None and south["legal_mahjong"] is True
    assert sorted(item["rule"] for item in south["items"]) == sorted(
        ["mahjong", "completes_pair", "only_possible_tile", "all_chows", "all_simples"]
    )
    assert set(result["hands"]) == {"E", "S", "N"}
    assert result["winds_rotate"] is True  # N1 default


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(
            set_player("S", concealed="33s876345p654432m"), id="unsorted-regrouped-winner"
        ),
        pytest.param(set_player("E", concealed="555z91s7774p8222m"), id="unsorted-east"),
        pytest.param(set_player("N", concealed="2z9s2z8s2z5421s9s"), id="split-groups-north"),
        pytest.param(lambda g: [g.pop(k) for k in ("ruleset", "options", "flags")], id="defaults"),
        pytest.param(
            lambda g: g.update(players={k: g["players"][k] for k in "NWSE"}), id="seat-order"
        ),
    ],
)
def test_equivalent_spellings_of_the_worked_example(change: Callable[[Game], None]) -> None:
    result = score_game(with_changes(change))
    assert "error" not in result, result
    assert result["scores"] == EXAMPLE_SCORES
    assert result["settlement"] == EXAMPLE_SETTLEMENT


def test_round_to_tens_rounds_each_gross_payment_half_up() -> None:
    # N15 read as: each payment (after East's doubling) to whole tens, half
    # up: S gets 192->190 from E, 96->100 from W and N; E gets 128->130
    # from W and N and pays N 40.
    result = score_game(with_changes(set_field(options={"round_to_tens": True})))
    assert "error" not in result, result
    assert result["scores"] == EXAMPLE_SCORES
    assert result["settlement"] == {"E": 30, "S": 390, "W": -250, "N": -170}


def test_non_winner_kong_counts_as_three_tiles() -> None:
    # N16: kong 6666s + 10 concealed tiles is 13. N: open kong of simples 8
    # + concealed pung of South wind 8 = 16, clean (bamboo with honours) x2.
    game = with_changes(set_player("N", melds=pung("6666s", "kong")))
    result = score_game(game)
    assert "error" not in result, result
    assert result["scores"]["N"] == 32


def test_dead_hand_with_a_wrong_tile_count_is_accepted_and_scores_zero() -> None:
    # score-interface.md: "dead: seats with a dead hand (wrong tile count,
    # false mahjong)"; N12: 0 points, still pays.
    game = with_changes(replace_player("W", {"concealed": "111m999p333z444z77z", "melds": []}))
    result = score_game(game)
    assert "error" not in result, result
    assert result["scores"] == EXAMPLE_SCORES
    assert result["settlement"] == EXAMPLE_SETTLEMENT
    assert result["hands"]["W"]["value"] == 0 and result["hands"]["W"].get("dead") is True


def test_east_stays_option_keeps_winds_when_east_does_not_win() -> None:
    # N1 option "East stays": no rotation only when East wins or a draw.
    result = score_game(with_changes(set_field(options={"east_stays": True})))
    assert "error" not in result, result
    assert result["winds_rotate"] is True
    assert result["settlement"] == EXAMPLE_SETTLEMENT
