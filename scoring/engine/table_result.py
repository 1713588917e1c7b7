"""Rule sets whose tournaments are scored by table result, not hand by hand.

MCR (Mahjong Competition Rules) and Riichi tournaments are run as the EMA's
tools run them: at the end of each round every table reports each player's
score, and the rule set turns those four numbers into table points. The
engine checks the numbers (the sum the rules require, their size) and
gives each player their stored score, table points and place at the table
(``score_table``); it never sees a hand. Scoring a hand of such a rule set
(``score_game``) is refused with the code ``scored_by_table``.

Table points are Decimals: MCR's shared places give a third (4+2+1 shared
by three is 2.33333), Riichi's are thousands of points. A share that has no
finite decimal form is rounded half-even to SHARE_PLACES, the places a
stored table result keeps; every exact share stays exact.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Any, Final, TypeVar

from .errors import InvalidGame, shown
from .hands import HandResult, PlayerHand
from .reading import Context
from .rules import RuleTable
from .ruleset import RuleSet

K = TypeVar("K")

# The largest score a player can have at a table, either way: far beyond
# any real game (an MCR table rarely passes a few hundred points, a Riichi
# one a hundred thousand), and well inside the database's columns.
MAX_TABLE_SCORE: Final = 1_000_000
SHARE_PLACES: Final = Decimal("0.00001")
TABLE_SIZE: Final = 4

EMPTY_TABLE: Final = RuleTable(set_points={}, set_rules=(), pair_rules=(), hand_rules=(), limits=(),
                        majors=frozenset())


@dataclass(frozen=True, slots=True)
class TableLine:
    """One player's result at a table: the score stored for them, their
    table points and their place (tied players share the better place)."""

    score: int
    table_points: Decimal
    place: int


def share(values: Sequence[Decimal]) -> Decimal:
    """What each of ``values``' tied players gets: their average, exact
    where it has a finite form, else rounded half-even to SHARE_PLACES."""
    average = sum(values, Decimal(0)) / len(values)
    rounded = average.quantize(SHARE_PLACES, rounding=ROUND_HALF_EVEN)
    return average if average == rounded else rounded


def places(scores: Mapping[K, int]) -> dict[K, int]:
    """Each player's place by score, highest first; a tie shares the better
    place (two tied first are both 1st, the next is 3rd)."""
    return {player: 1 + sum(1 for other in scores.values() if other > score)
            for player, score in scores.items()}


def shared_by_place(scores: Mapping[K, int], by_place: Sequence[Decimal]) -> dict[K, Decimal]:
    """``by_place`` (1st, 2nd, ...) given out by score: tied players share
    the average of the places they take together."""
    placed = places(scores)
    result: dict[K, Decimal] = {}
    for player, place in placed.items():
        tied = sum(1 for other in placed.values() if other == place)
        result[player] = share(by_place[place - 1:place - 1 + tied])
    return result


class TableResultRuleSet(RuleSet):
    """A rule set scored by table result: four players, no hands."""

    by_table_result = True
    mers_ranked = True
    bond_ranked = True
    player_counts = frozenset({TABLE_SIZE})
    flags: frozenset[str] = frozenset()
    limit = 0
    table = EMPTY_TABLE
    dutch_names: Mapping[str, str] = {}
    # What a player's number is, in the engine's messages (one, several).
    entered: str = "score"
    entered_plural: str = "scores"

    # --- Hands: not scored here --------------------------------------------------

    def _by_table(self) -> InvalidGame:
        return InvalidGame(f"rule set '{self.name}' is entered by table result, not per hand: "
                           "enter each player's score for the round", "scored_by_table",
                           ruleset=self.name)

    def score_winner(self, hand: PlayerHand, ctx: Context,
                     options: Mapping[str, Any]) -> HandResult:
        raise self._by_table()

    def score_other(self, hand: PlayerHand, ctx: Context,
                    options: Mapping[str, Any]) -> HandResult:
        raise self._by_table()

    def settle(self, values: Mapping[str, int], winner: str | None,
               options: Mapping[str, Any]) -> dict[str, int]:
        raise self._by_table()

    def winds_rotate(self, winner: str | None, options: Mapping[str, Any]) -> bool:
        raise self._by_table()

    # --- The table's result ------------------------------------------------------

    @abstractmethod
    def table_sum(self, options: Mapping[str, Any]) -> int:
        """What the four numbers entered must add up to."""

    def stored_score(self, entered: int, options: Mapping[str, Any]) -> int:
        """The score kept for a player from the number entered for them
        (by default the same)."""
        return entered

    def entered_from_score(self, score: int, options: Mapping[str, Any]) -> int:
        """The number entered for a stored score (a correction's form)."""
        return score

    @abstractmethod
    def table_points(self, entered: Mapping[K, int],
                     options: Mapping[str, Any]) -> dict[K, Decimal]:
        """Each player's table points from the numbers entered (checked)."""

    def score_table(self, given: Mapping[K, object],
                    options: Mapping[str, Any] | None = None) -> dict[K, TableLine]:
        """The table's result from each player's number as entered (MCR:
        the score; Riichi: the final points), keyed as given; InvalidGame
        when a number or their sum is wrong, naming the sum and the
        difference."""
        # Typed as what a caller may give, not as what is valid: the compiled
        # engine checks annotations, and would answer a TypeError instead of
        # naming the player.
        resolved = self.resolve_options(dict(options or {}))
        scores: dict[K, int] = {}
        if len(given) != TABLE_SIZE:
            raise InvalidGame(f"{self.title} is played by {TABLE_SIZE} players at a table; "
                              f"{len(given)} scores were given", "table_players",
                              ruleset=self.name, count=len(given), expected=TABLE_SIZE)
        for player, value in given.items():
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidGame(f"the {self.entered} of {shown(player)} must be a whole number, "
                                  f"got {shown(value)}", "table_score_not_whole",
                                  got=shown(value))
            if abs(value) > MAX_TABLE_SCORE:
                raise InvalidGame(f"the {self.entered} {shown(value)} is out of range: at most "
                                  f"{MAX_TABLE_SCORE} either way", "table_score_out_of_range",
                                  got=shown(value), most=MAX_TABLE_SCORE)
            scores[player] = value
        total, expected = sum(scores.values()), self.table_sum(resolved)
        if total != expected:
            difference = abs(total - expected)
            over = total > expected
            raise InvalidGame(
                f"the {self.entered_plural} add up to {total}, not {expected} ({difference} too "
                f"{'many' if over else 'few'})",
                "table_sum_over" if over else "table_sum_under",
                total=total, expected=expected, difference=difference)
        points = self.table_points(scores, resolved)
        placed = places(scores)
        return {player: TableLine(score=self.stored_score(value, resolved),
                                  table_points=points[player], place=placed[player])
                for player, value in scores.items()}
