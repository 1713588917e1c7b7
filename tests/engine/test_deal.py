"""Who is East next, and the prevailing wind (scoring/engine/deal.py): the
next hand follows the last one played. Rule-decisions N1 (the winds move on
unless East stays: each rule set's `winds_rotate`); at a table of 5 the rule
set's schedule: seed 001 "Schema bij een tafel van 5 spelers" (Hong Kong),
seed 003 "Vijf spelers" (the dreamer: NTS, and the classic rules). The
classic rules play rounds of 4 games, each with its prevailing wind (004
§2.1, §5; P3 revised); a Hong Kong table of 3 has no North round (001
"Tafel van 3 spelers", H9)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import RULESETS
from scoring.engine.deal import (
    DREAMER_ROTATION,
    EACH_HAND,
    FIVE_PLAYER_ROTATION,
    DealOrder,
    Dealt,
    Schedule,
    next_deal,
    round_over,
    row_without,
)
from tests.support.examples import examples

SCHEDULES = {"seed 001": FIVE_PLAYER_ROTATION, "seed 003 dreamer": DREAMER_ROTATION}


def test_the_first_hand_starts_with_seat_0_as_east_in_the_east_round() -> None:
    deal = next_deal([0, 1, 2, 3], [], DREAMER_ROTATION)
    assert (deal.east, deal.playing, deal.prevailing) == (0, [0, 1, 2, 3], "E")


def test_east_passes_on_and_the_wind_moves_when_everyone_was_east() -> None:
    history: list[Dealt] = []
    seen = []
    for _ in range(9):
        deal = next_deal([0, 1, 2, 3], history, DREAMER_ROTATION)
        seen.append((deal.east, deal.prevailing))
        history.append(Dealt(east=deal.east, prevailing=deal.prevailing, rotates=True))
    assert seen == [(0, "E"), (1, "E"), (2, "E"), (3, "E"),
                    (0, "S"), (1, "S"), (2, "S"), (3, "S"), (0, "W")]


def test_east_stays_when_the_winds_do_not_rotate() -> None:
    # N1: East wins (or, by option, a draw): East deals again, same wind.
    history = [Dealt(east=3, prevailing="E", rotates=False)]
    deal = next_deal([0, 1, 2, 3], history, DREAMER_ROTATION)
    assert (deal.east, deal.prevailing) == (3, "E")


def test_the_wind_moves_on_when_the_first_east_deals_again() -> None:
    # The table started with seat 2 as East (given by the scorekeeper).
    history = [Dealt(east=e, prevailing="E", rotates=True) for e in (2, 3, 0, 1)]
    deal = next_deal([0, 1, 2, 3], history, DREAMER_ROTATION)
    assert (deal.east, deal.prevailing) == (2, "S")


def test_three_players_rotate_among_three() -> None:
    """001 "Tafel van 3 spelers": "De speelronde is dan ook: OOST, ZUID en
    WEST. Nadat WEST aan de beurt is geweest, verandert de ronde wind." """
    history = [Dealt(east=e, prevailing="E", rotates=True) for e in (0, 1, 2)]
    deal = next_deal([0, 1, 2], history, FIVE_PLAYER_ROTATION)
    assert (deal.east, deal.playing, deal.prevailing) == (0, [0, 1, 2], "S")


def test_the_schedule_is_used_only_at_a_table_of_five() -> None:
    history = [Dealt(east=0, prevailing="E", rotates=True)]
    for positions in ([0, 1, 2], [0, 1, 2, 3]):
        assert (next_deal(positions, history, FIVE_PLAYER_ROTATION)
                == next_deal(positions, history, DREAMER_ROTATION))


@pytest.mark.parametrize("schedule", SCHEDULES.values(), ids=SCHEDULES.keys())
def test_five_players_follow_the_schedule_from_the_last_hand(schedule: Schedule) -> None:
    # The winds move on after every hand at a table of 5, East's win and a
    # draw included (001 "Oost blijft Oost": "Uitzondering: bij het spelen
    # met 5 spelers"; 003 "Vijf spelers": "Als dit spel is afgelopen of
    # wanneer het remise is, wordt Oost de nieuwe dromer").
    history: list[Dealt] = []
    for number in range(11):
        deal = next_deal([0, 1, 2, 3, 4], history, schedule)
        row = schedule[number % 5]
        assert (deal.east, deal.playing) == (row[0], list(row[:4]))
        assert deal.prevailing == "ESW"[number // 5]
        history.append(Dealt(east=deal.east, prevailing=deal.prevailing, rotates=False))


def test_the_dreamer_schedule_read_from_seed_003() -> None:
    """003 "Vijf spelers": "De speler ... met het laagste aantal ogen is de
    dromer en doet niet mee bij het eerste spel. ... Als dit spel is
    afgelopen of wanneer het remise is, wordt Oost de nieuwe dromer en wordt
    de oude dromer Noord." Built from the words, hand by hand: the three who
    stay move on one wind (South becomes East, ...), East dreams, the dreamer
    comes in as North."""
    east, south, west, north, dreamer = 0, 1, 2, 3, 4  # A B C D play, E dreams
    rows = []
    for _ in range(5):
        rows.append((east, south, west, north, dreamer))
        east, south, west, north, dreamer = south, west, north, dreamer, east
    assert tuple(rows) == DREAMER_ROTATION
    assert (east, south, west, north, dreamer) == DREAMER_ROTATION[0]  # the round is over


def test_the_round_of_five_ends_when_the_first_east_deals_again() -> None:
    """A table that started on another row (East given by the scorekeeper)
    moves the prevailing wind on when its first East deals again: "Een ronde
    is gespeeld wanneer iedere speler Oost is geweest" (003 "Vijf spelers")."""
    start = DREAMER_ROTATION[3]
    history = [Dealt(east=start[0], prevailing="E", rotates=True)]
    for _ in range(4):
        deal = next_deal([0, 1, 2, 3, 4], history, DREAMER_ROTATION)
        assert deal.prevailing == "E"
        history.append(Dealt(east=deal.east, prevailing=deal.prevailing, rotates=True))
    deal = next_deal([0, 1, 2, 3, 4], history, DREAMER_ROTATION)
    assert (deal.east, deal.prevailing) == (start[0], "S")


def test_each_rule_set_declares_its_schedule() -> None:
    """NTS: 003 "Vijf spelers" (the NTS write-up); Hong Kong: 001 "Schema bij
    een tafel van 5 spelers"; classic: 004 knows only 4 players, so the
    general convention (the dreamer)."""
    assert RULESETS["nts"].five_player_schedule is DREAMER_ROTATION
    assert RULESETS["hongkong"].five_player_schedule is FIVE_PLAYER_ROTATION
    assert RULESETS["philos"].five_player_schedule is DREAMER_ROTATION


@pytest.mark.parametrize("schedule", SCHEDULES.values(), ids=SCHEDULES.keys())
def test_row_without_finds_who_sits_out(schedule: Schedule) -> None:
    for out in range(5):
        assert row_without(schedule, out)[4] == out


@settings(max_examples=examples(60), deadline=None, database=None)
@given(st.sampled_from(sorted(SCHEDULES)), st.integers(0, 4), st.lists(st.booleans(),
                                                                      min_size=5, max_size=5))
def test_over_five_hands_each_player_sits_out_once_and_is_east_once(
        name: str, start: int, rotates: list[bool]) -> None:
    """Both schedules (001 "Schema bij een tafel van 5 spelers", 003 "Vijf
    spelers"), from any row the table started on and whatever the hands'
    outcomes: in five hands every player is East once, sits out once and
    plays the other winds once each; the prevailing wind stays for the five."""
    schedule = SCHEDULES[name]
    first = schedule[start]
    history = [Dealt(east=first[0], prevailing="E", rotates=rotates[0])]
    deals = [(first[0], list(first[:4]))]
    for rotate in rotates[1:]:
        deal = next_deal([0, 1, 2, 3, 4], history, schedule)
        assert deal.prevailing == "E"
        deals.append((deal.east, deal.playing))
        history.append(Dealt(east=deal.east, prevailing=deal.prevailing, rotates=rotate))
    assert sorted(east for east, _ in deals) == [0, 1, 2, 3, 4]
    outs = [next(p for p in range(5) if p not in playing) for _, playing in deals]
    assert sorted(outs) == [0, 1, 2, 3, 4]
    for seat in range(4):  # each wind once per player
        assert sorted(playing[seat] for _, playing in deals) == sorted(outs)
    assert next_deal([0, 1, 2, 3, 4], history, schedule).prevailing == "S"


# --- Classic (Philos) rounds: 004 §2.1, §5; decision P3 (revised) -------------

PHILOS = RULESETS["philos"].deal_order(4)


def play(order_of_wins: str, order: DealOrder = PHILOS, players: int = 4,
         ) -> list[tuple[int, str]]:
    """Deal hand after hand: ``order_of_wins`` says per hand whether East
    won it ("E"), another player did ("x") or it was a draw ("-"); the
    result's ``winds_rotate`` is the rule set's. Returns (East, prevailing)
    per hand dealt, and one more: the hand after the last."""
    history: list[Dealt] = []
    seen = []
    ruleset = RULESETS["philos"]
    for outcome in order_of_wins:
        deal = next_deal(list(range(players)), history, DREAMER_ROTATION, order)
        seen.append((deal.east, deal.prevailing))
        winner = {"E": "E", "x": "S", "-": None}[outcome]
        history.append(Dealt(east=deal.east, prevailing=deal.prevailing,
                             rotates=ruleset.winds_rotate(winner, {}), east_won=winner == "E"))
    deal = next_deal(list(range(players)), history, DREAMER_ROTATION, order)
    return [*seen, (deal.east, deal.prevailing)]


def test_philos_east_leads_four_games_whoever_wins_them() -> None:
    """004 §2.1: "Der Ostwind ist jetzt der Spielleiter für 4 Spiele, das ist
    eine Runde"; P3 (revised): a round of 4 games whoever wins them, then
    South becomes East in the South round ("Südwindrunde"). The old P3 moved
    East on after every game East did not win."""
    assert play("xxxx") == [(0, "E")] * 4 + [(1, "S")]


def test_philos_a_draw_is_a_game_east_does_not_win() -> None:
    """004 §2.1, §3 (a draw when 14 tiles are left), P3 (revised): four games
    without an East win, draws among them, are the round."""
    assert play("x--x") == [(0, "E")] * 4 + [(1, "S")]


def test_philos_an_early_east_win_ends_the_round_at_the_next_game_east_loses() -> None:
    """004 §2.1: "Es sei denn, Ostwind macht vorher ein Spiel Mah Jongg ...
    Dann wird die Runde nach dem ersten Spiel beendet, in dem Ostwind nicht
    mehr Mah Jongg macht"; P3 (revised): shorter than 4 games."""
    assert play("xEx") == [(0, "E")] * 3 + [(1, "S")]
    assert play("Ex") == [(0, "E")] * 2 + [(1, "S")]


def test_philos_east_keeps_the_round_while_winning_past_the_fourth_game() -> None:
    """004 §2.1 (as above), P3 (revised): longer than 4 games while East
    wins: East won the 3rd, 4th and 5th game; the 6th ends the round."""
    assert play("xxEEEx") == [(0, "E")] * 6 + [(1, "S")]
    assert play("EEEEE") == [(0, "E")] * 6  # still East's round


def test_philos_an_east_win_in_the_fourth_game_alone_changes_nothing() -> None:
    """004 §5: "Es sei denn, Ostwind macht vor dem 4. Spiel Mah Jongg": a
    win of the 4th game (and none before) leaves the round at 4 games
    (P3 revised)."""
    assert play("xxxE") == [(0, "E")] * 4 + [(1, "S")]


def test_philos_a_partie_is_four_rounds_each_with_its_prevailing_wind() -> None:
    """004 §2.1: "Eine Mah Jongg Partie besteht aus 4 Runden, jeder Spieler
    ist einmal Spielleiter. Die erste Runde heißt „Ostwindrunde“, die zweite
    „Südwindrunde“, die dritte „Westwindrunde“ und die vierte
    „Nordwindrunde“"; "Südwind wird dann neuer Ostwind" (P3 revised). After
    the North round the next Partie starts with the first East."""
    dealt = play("xxxx" "Ex" "xxxx" "xxEEx")
    assert [wind for _, wind in dealt] == list("EEEE" "SS" "WWWW" "NNNNN" "E")
    assert [east for east, _ in dealt] == [0] * 4 + [1] * 2 + [2] * 4 + [3] * 5 + [0]


@pytest.mark.parametrize(("games", "over"), [
    ("", False), ("x", False), ("xxx", False), ("xxxx", True), ("xxxE", True),
    ("E", False), ("Ex", True), ("xEEx", True), ("xxE", False), ("xxEE", False),
    ("xxEEx", True), ("EEEEEEE", False),
])
def test_philos_when_a_round_is_over(games: str, over: bool) -> None:
    """004 §2.1, §5, P3 (revised), game by game ("E": East won it)."""
    assert round_over([game == "E" for game in games], 4) is over


def test_philos_the_rounds_follow_the_last_hand_saved() -> None:
    """P3 (revised), 004 §2.1: the round is the games of the last East and
    prevailing wind saved; a table whose scorekeeper started with seat 2 as
    East passes East on to seat 3 in the South round."""
    history = [Dealt(east=2, prevailing="E", rotates=True) for _ in range(4)]
    deal = next_deal([0, 1, 2, 3], history, DREAMER_ROTATION, PHILOS)
    assert (deal.east, deal.prevailing) == (3, "S")


def test_each_hand_rule_sets_keep_their_order() -> None:
    """N1 and H4 (NTS, Hong Kong at 4): each hand's ``winds_rotate`` moves
    East on; the prevailing wind moves when the first East deals again."""
    for name in ("nts", "hongkong"):
        assert RULESETS[name].deal_order(4) == EACH_HAND
    assert play("xxxx", EACH_HAND) == [(0, "E"), (1, "E"), (2, "E"), (3, "E"), (0, "S")]


# --- Hong Kong tables of 3: 001 "Tafel van 3 spelers", decision H9 -------------

def test_hong_kong_at_three_has_no_north_round() -> None:
    """001 "Tafel van 3 spelers": "NOORD bestaat niet ... De speelronde is
    dan ook: OOST, ZUID en WEST. Nadat WEST aan de beurt is geweest,
    verandert de ronde wind" (H9): the rounds E, S, W, then East again; the
    old order played a North round after the West round."""
    order = RULESETS["hongkong"].deal_order(3)
    assert order.winds == "ESW"
    history: list[Dealt] = []
    seen = []
    for _ in range(10):
        deal = next_deal([0, 1, 2], history, FIVE_PLAYER_ROTATION, order)
        seen.append((deal.east, deal.prevailing))
        history.append(Dealt(east=deal.east, prevailing=deal.prevailing, rotates=True))
    assert seen == [(0, "E"), (1, "E"), (2, "E"), (0, "S"), (1, "S"), (2, "S"),
                    (0, "W"), (1, "W"), (2, "W"), (0, "E")]
    assert RULESETS["hongkong"].deal_order(4).winds == "ESWN"


def test_hong_kong_at_three_east_stays_within_its_round() -> None:
    """001 "Oost blijft Oost" (H4) at a table of 3 (H9): East deals again
    after its win; the West round ends when West has been East."""
    order = RULESETS["hongkong"].deal_order(3)
    history = [Dealt(east=2, prevailing="W", rotates=False)]
    assert next_deal([0, 1, 2], history, FIVE_PLAYER_ROTATION, order).prevailing == "W"
    history = [Dealt(east=0, prevailing="W", rotates=True),
               Dealt(east=1, prevailing="W", rotates=True),
               Dealt(east=2, prevailing="W", rotates=True)]
    deal = next_deal([0, 1, 2], history, FIVE_PLAYER_ROTATION, order)
    assert (deal.east, deal.prevailing) == (0, "E")
