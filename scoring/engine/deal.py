"""Who deals next: the order of East and of the prevailing wind over the
hands of a table, for every rule set. Whether the winds move on after a
hand is the rule set's (`winds_rotate` in each hand's result, or its rounds
of games: `DealOrder`); how they move on is here, with the schedules of a
table of 5. Which schedule a table of 5 follows and which order a table of 3
or 4 follows are the rule set's too (`RuleSet.five_player_schedule`,
`RuleSet.deal_order`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

# The round of the green dragon (003 "Drie spelers", "Vijf spelers"): "geen
# heersende wind, maar een heersende draak, de groene draak". Where a rule
# set's order plays it, "G" stands in the order of the rounds (and in a
# game's prevailing_wind) for the green dragon.
GREEN_DRAGON_ROUND = "G"

# A schedule of a table of 5: one row per hand, (East, South, West, North,
# sitting out) as positions. A table's positions 0..4 are players A..E (E,
# S, W, N, and the fifth, who sits out the first hand). Over the five hands
# of a schedule every player is East once and sits out once; then the
# prevailing wind moves on and the schedule starts again.
Schedule = tuple[tuple[int, int, int, int, int], ...]

# Seed 001, "Schema bij een tafel van 5 spelers" (Hong Kong, club Fu-Hing):
# after the first hand North makes room for the fifth player, who starts as
# West; from then on North waits one turn at every new hand.
FIVE_PLAYER_ROTATION: Schedule = (
    (0, 1, 2, 3, 4),  # spel 1: A B C D, E sits out
    (1, 2, 4, 0, 3),  # spel 2: B C E A, D sits out
    (2, 4, 3, 1, 0),  # spel 3: C E D B, A sits out
    (4, 3, 0, 2, 1),  # spel 4: E D A C, B sits out
    (3, 0, 1, 4, 2),  # spel 5: D A B E, C sits out
)

# Seed 003, "Vijf spelers" (the NTS write-up of club Groene Hart): the
# player who sits out is the dreamer (dromer). "Als dit spel is afgelopen of
# wanneer het remise is, wordt Oost de nieuwe dromer en wordt de oude dromer
# Noord": the other three move on one wind (South becomes East), so East
# passes on in seat order and "er zijn dus vijf beurten maar iedere speler
# speelt vier keer". Also the general convention where a rule set has no
# schedule of its own (East sits the next hand out).
DREAMER_ROTATION: Schedule = (
    (0, 1, 2, 3, 4),  # A B C D, E dreams
    (1, 2, 3, 4, 0),  # B C D E, A dreams
    (2, 3, 4, 0, 1),  # C D E A, B dreams
    (3, 4, 0, 1, 2),  # D E A B, C dreams
    (4, 0, 1, 2, 3),  # E A B C, D dreams
)


def row_without(schedule: Schedule, out: int) -> tuple[int, int, int, int, int]:
    """The schedule's row in which position ``out`` sits out (each position
    sits out in exactly one row)."""
    return next(row for row in schedule if row[4] == out)


@dataclass(frozen=True)
class DealOrder:
    """How East and the prevailing wind pass on at a table of 3 or 4 (a
    table of 5 follows its schedule).

    ``winds``: the prevailing winds in the order the rounds play them; after
    the last the first comes again. A Hong Kong table of 3 has no North
    round (001 "Tafel van 3 spelers", H9: "E", "S", "W"). "G" is the round
    of the green dragon (GREEN_DRAGON_ROUND; NTS by 003: "ESWG" at a table of
    3, "ESWNG" at a table of 5 with its option). A table of 5 follows its
    schedule for who plays which wind, and these winds for its rounds.

    ``round_of_games``: None when each hand's result says whether the winds
    move on (``Dealt.rotates``: N1, H4), the prevailing wind moving on when
    the first East deals again. A number (4 for the classic rules, 004 §2.1
    and §5, P3 revised) when one East leads a round of that many games
    whoever wins them, unless East wins one before the last of them: the
    round then ends after the first game East does not win. Every round has
    its own prevailing wind: East passes on and the prevailing wind moves on
    together."""

    winds: str = "ESWN"
    round_of_games: int | None = None
    # Where the rules say so, for messages.
    source: str = "N1, H4"


# N1 and H4: each hand's result says whether the winds move on.
EACH_HAND = DealOrder()
# 004 §2.1, §5 (P3 revised): rounds of 4 games, each with its prevailing wind.
ROUNDS_OF_FOUR = DealOrder(round_of_games=4, source="004 §2.1, §5; P3")


@dataclass(frozen=True)
class Deal:
    """Who is East for a hand, who plays it (positions) and the prevailing
    wind."""

    east: int
    playing: list[int]
    prevailing: str


@dataclass(frozen=True)
class Dealt:
    """What a saved hand says about the next one: who was East, the
    prevailing wind, and whether the winds move on after it (the engine's
    `winds_rotate`, which its rule set decides: N1 and `east_stays` for
    NTS, H4 for Hong Kong), and whether East won it (what a round of games
    goes by: P3 for the classic rules)."""

    east: int
    prevailing: str
    rotates: bool
    east_won: bool = False


def _next_wind(wind: str, winds: str = "ESWN") -> str:
    """The prevailing wind after ``wind`` in the cycle ``winds``; a wind not
    in it (a hand saved before the order knew it) starts the cycle again."""
    if wind not in winds:
        return winds[0]
    return winds[(winds.index(wind) + 1) % len(winds)]


def round_over(east_won: Sequence[bool], games: int) -> bool:
    """Whether a round of ``games`` games ends after the games played in it
    (``east_won``: whether East won each, in order). 004 §2.1: "Der Ostwind
    ist jetzt der Spielleiter für 4 Spiele, das ist eine Runde. Es sei denn,
    Ostwind macht vorher ein Spiel Mah Jongg ... Dann wird die Runde nach dem
    ersten Spiel beendet, in dem Ostwind nicht mehr Mah Jongg macht"; §5:
    "macht vor dem 4. Spiel Mah Jongg". So when East wins none of the first
    three games the round is four games (East's win of the fourth changes
    nothing); when East wins one of them, the round goes on while East wins
    and ends after the first game East no longer wins: shorter or longer
    than four (P3 revised)."""
    first_win = next((index for index, won in enumerate(east_won) if won), None)
    if first_win is None or first_win >= games - 1:
        return len(east_won) >= games
    return not east_won[-1]


def next_deal(positions: Sequence[int], history: Sequence[Dealt], schedule: Schedule,
              order: DealOrder = EACH_HAND) -> Deal:
    """The next hand follows the last one saved, as the table plays it: East
    passes on when the winds rotate, and the prevailing wind moves on when
    East comes back to whoever was East in the first hand (every player has
    been East). A deleted hand (one that was not played) therefore leaves the
    order as the table really played it. At a table of 5 the winds move on
    every hand (a win of East and a draw included: 001 "Oost blijft Oost",
    H4; 003 "Vijf spelers") along ``schedule``, the rule set's
    ``five_player_schedule``, through the rounds of ``order.winds`` (the
    rule set's ``deal_order`` for 5: a round of the green dragon after
    North's where it plays one); the schedule is not used at other tables,
    which follow ``order``, the rule set's ``deal_order`` for their size: the
    winds it plays, and whether each hand or a round of games moves them
    on."""
    positions = sorted(positions)
    if len(positions) == 5:
        if not history:
            index, wind = 0, order.winds[0]
        else:
            last = history[-1]
            index = (next(i for i, row in enumerate(schedule) if row[0] == last.east) + 1) % 5
            # A round is over when every player was East ("Een ronde is gespeeld
            # wanneer iedere speler Oost is geweest", 003; "Zodra iedere speler een
            # keer Oost is geweest", 001): East is the first hand's East again.
            back = schedule[index][0] == history[0].east
            wind = _next_wind(last.prevailing, order.winds) if back else last.prevailing
        row = schedule[index]
        return Deal(east=row[0], playing=list(row[:4]), prevailing=wind)
    if not history:
        return Deal(east=positions[0], playing=positions, prevailing=order.winds[0])
    last = history[-1]
    if order.round_of_games is not None:
        return _next_in_rounds(positions, history, order)
    if not last.rotates or last.east not in positions:
        return Deal(east=last.east if last.east in positions else positions[0],
                    playing=positions, prevailing=last.prevailing)
    east = positions[(positions.index(last.east) + 1) % len(positions)]
    first = _round_first_east(history)
    wind = _next_wind(last.prevailing, order.winds) if east == first else last.prevailing
    return Deal(east=east, playing=positions, prevailing=wind)


def _round_first_east(history: Sequence[Dealt]) -> int:
    """Who was East in the first hand of the round being played (the last
    hands with the last hand's prevailing wind). The round is over when East
    comes back to that player. That is the first hand's East as long as every
    round starts where the first did; in the round of the green dragon of a
    table of 3 the dice choose its East ("Zijn worp bepaalt ... welke speler
    heersend is", 003 "Drie spelers"), and the round goes round from there."""
    first = history[-1]
    for hand in reversed(history):
        if hand.prevailing != first.prevailing:
            break
        first = hand
    return first.east


def _next_in_rounds(positions: list[int], history: Sequence[Dealt], order: DealOrder) -> Deal:
    """Rounds of games (004 §2.1, §5; P3 revised): the round is the last
    hands with the last hand's East and prevailing wind; when it is over
    ("Nach dem Ende einer Spielrunde wechseln die Winde im Uhrzeigersinn.
    Südwind wird dann neuer Ostwind") the next player is East and the next
    round's wind prevails ("Ostwindrunde", "Südwindrunde", ...)."""
    assert order.round_of_games is not None
    last = history[-1]
    if last.east not in positions:
        return Deal(east=positions[0], playing=positions, prevailing=last.prevailing)
    games: list[bool] = []
    for hand in reversed(history):
        if (hand.east, hand.prevailing) != (last.east, last.prevailing):
            break
        games.append(hand.east_won)
    games.reverse()
    if not round_over(games, order.round_of_games):
        return Deal(east=last.east, playing=positions, prevailing=last.prevailing)
    east = positions[(positions.index(last.east) + 1) % len(positions)]
    return Deal(east=east, playing=positions,
                prevailing=_next_wind(last.prevailing, order.winds))


def game_complete(positions: Sequence[int], history: Sequence[Dealt], schedule: Schedule,
                  order: DealOrder = EACH_HAND) -> bool:
    """Whether the table has played a complete game: every round of
    ``order.winds``, so that the next deal would begin the first round again
    (000 §1.9 "Een compleet spel Mahjong bestaat uit vier ronden, inclusief
    eventuele remises"; 001 "De ronden"; 004 §2.1 for rounds of games; at a
    table of 3 or 5 the rounds of its order: 003 "Drie spelers", "Vijf
    spelers"). A table that has played its game is finished, whatever the
    clock says."""
    if not history:
        return False
    last = history[-1].prevailing
    if last != order.winds[-1]:
        return False
    return next_deal(positions, history, schedule, order).prevailing != last
