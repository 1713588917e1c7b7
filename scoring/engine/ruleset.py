"""What every rule set provides, and its declared options.

The game layer (game.py) knows nothing of any rule: it validates the input,
then asks the rule set for each hand's value, the settlement and whether the
winds rotate. A rule set is one module that builds a RuleSet. What differs
at a table of 3 or 5 is the rule set's too: the player counts it is played
by, its checks of a table (``validate_table``, e.g. the tiles in play at a
table of 3) and the schedule of a table of 5 (``five_player_schedule``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from .deal import DREAMER_ROTATION, EACH_HAND, DealOrder, Schedule
from .decompose import KIND_NAMES, KONG, PUNG
from .errors import InvalidGame, listed, shown
from .hands import HandResult, PlayerHand, seat_label
from .reading import DISCARD, KONG_REPLACEMENT, ROBBED_KONG, WALL, Context
from .rules import LimitHand, RuleTable
from .tiles import format_tiles, tile_name
from .timing import NTS_TIME_RULE, TimeRule
from .vocabulary import SEAT_WINDS


@dataclass(frozen=True, slots=True)
class Option:
    """A rule-set option: name, type, default, and where the seeds say so."""

    name: str
    type: type
    default: Any
    section: str
    description: str
    # The values allowed, when not every value of the type is.
    choices: tuple[Any, ...] | None = None
    # For a number: the smallest and largest value allowed. Every number has
    # both, so a hand's value, its settlement and a player's total always fit
    # the database's integer columns.
    minimum: int | None = None
    maximum: int | None = None
    # For organisers' pages: a short label. It, the description and the
    # choice labels are English, marked with gettext_noop (vocabulary.py):
    # the apps translate them (scoring/texts.py, locale/).
    label: str = ""
    # For a choice of words: each choice's label, in the order of
    # ``choices`` (pages show these, never the value itself).
    choice_labels: tuple[str, ...] = ()

    def validate(self, value: object) -> Any:
        # bool is an int subclass in Python; keep the two apart.
        if self.type is int and isinstance(value, bool):
            raise InvalidGame(f"option '{self.name}' must be a whole number, "
                              f"got {shown(value)}", "option_not_whole", option=self.name,
                              got=shown(value))
        if not isinstance(value, self.type):
            raise InvalidGame(
                f"option '{self.name}' must be {self.type.__name__}, got {shown(value)}",
                "option_wrong_type", option=self.name, type=self.type.__name__,
                got=shown(value))
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(map(repr, self.choices))
            raise InvalidGame(f"option '{self.name}' must be one of {allowed}, "
                              f"got {shown(value)}", "option_not_a_choice", option=self.name,
                              allowed=allowed, got=shown(value))
        if isinstance(value, int) and self.minimum is not None and value < self.minimum:
            raise InvalidGame(f"option '{self.name}' must be at least {self.minimum}, "
                              f"got {shown(value)}", "option_below_minimum",
                              option=self.name, minimum=self.minimum, got=shown(value))
        if isinstance(value, int) and self.maximum is not None and value > self.maximum:
            raise InvalidGame(f"option '{self.name}' must be at most {self.maximum}, "
                              f"got {shown(value)}", "option_above_maximum",
                              option=self.name, maximum=self.maximum, got=shown(value))
        return value


@dataclass(frozen=True, slots=True)
class ValueEntry:
    """How a rule set's hands are given by values (`{"score": N}`), where the
    engine only settles the values given.

    `flags`: the flags that still change that settlement ("pao" stands for
    every "pao:<seat>"); `winner_only`: only the winner's value counts, the
    others must be 0; `unit`: what a value is, for pages and exports;
    `minimum_option`: the option holding the least value a winner may be
    given (a smaller one is a false mahjong), "" for none; `cap`: the value
    above which a hand pays as this much, below the limit hand, or None."""

    flags: frozenset[str] = frozenset()
    winner_only: bool = False
    unit: str = "points"
    minimum_option: str = ""
    cap: int | None = None

    def winner_minimum(self, options: Mapping[str, Any]) -> int:
        """The least value a winner may be given under these options."""
        return int(options[self.minimum_option]) if self.minimum_option else 0


class Win:
    """How a hand ended, for rule sets whose payments depend on it. Made once
    per game and never changed (a plain class: native when compiled)."""

    __slots__ = ("winner", "source", "discarder", "flags")

    def __init__(self, winner: str | None, source: str | None = None,
                 discarder: str | None = None, flags: frozenset[str] = frozenset()) -> None:
        self.winner = winner
        self.source = source
        self.discarder = discarder
        self.flags = flags


class RuleSet(ABC):
    name: str
    title: str
    options: Sequence[Option]
    flags: frozenset[str]  # the flags this rule set understands
    player_counts: frozenset[int]
    # Who plays which wind and who sits out, hand by hand, at a table of 5
    # (deal.py). A table of 5 is not a game of 5: each hand is played by
    # four, so every rule set has one; by default the dreamer's (East sits
    # the next hand out), the general convention.
    five_player_schedule: Schedule = DREAMER_ROTATION
    uses_bonus_tiles: bool = False
    # Where the rules say how a kong is robbed (check_robbed_kong).
    robbed_kong_section: str = "002 §1, N18"
    value_entry: ValueEntry = ValueEntry()
    limit: int
    table: RuleTable
    dutch_names: Mapping[str, str]
    # What is done with the hand in play when the round's time is up
    # (timing.py); by default it is played out.
    time_rule: TimeRule = NTS_TIME_RULE
    # How a table's result comes in: hand by hand (from tiles or values),
    # or, for rule sets scored by table result (MCR, Riichi tournaments),
    # each player's table score entered whole per round (score_table).
    by_table_result: bool = False
    # The federations' rankings this rule set's tournaments count for: the
    # EMA's (MERS ranks MCR and Riichi) and the bond's (NMB: every variant
    # but Hong Kong).
    mers_ranked: bool = False
    # How the EMA's results file names the rules (its "Rules" line), for
    # the rule sets it ranks; "" for the others.
    ema_rules: str = ""
    bond_ranked: bool = True
    # A penalty's points come off the player's score; per penalty point,
    # this many table points come off too (Riichi: a chombo of 20,000
    # points is 20 of its uma-adjusted table points). 0: the score only.
    penalty_table_points: Decimal = Decimal(0)
    # The penalty a chombo costs under this rule set, offered as the preset
    # (None: the rule set has no fixed amount; the referee gives one).
    chombo_points: int | None = None

    def deal_order(self, players: int,
                   options: Mapping[str, Any] | None = None) -> DealOrder:
        """How East and the prevailing wind pass on at a table of ``players``
        (3 or 4; a table of 5 follows ``five_player_schedule`` for who plays
        which wind, and these winds for its rounds): the prevailing winds
        played and whether each hand (``winds_rotate``) or a round of games
        moves them on (deal.py). ``options``: the rule set's options as given
        (None or missing ones: the defaults), where an option decides the
        rounds. By default every wind, hand by hand."""
        return EACH_HAND

    def round_note(self, prevailing: str) -> str:
        """Where a round this rule set does not play at a table is played
        (for the refusal's message), or ""."""
        return ""

    def resolve_options(self, given: Mapping[str, object]) -> dict[str, Any]:
        if not given:  # the usual case: every default
            return {option.name: option.default for option in self.options}
        declared = {option.name: option for option in self.options}
        unknown = set(given) - set(declared)
        if unknown:
            known = ", ".join(sorted(declared)) or "none"
            raise InvalidGame(
                f"unknown option {listed(unknown)} for rule set "
                f"'{self.name}' (its options: {known})", "unknown_option",
                options=listed(unknown), ruleset=self.name, known=known)
        return {
            name: option.validate(given[name]) if name in given else option.default
            for name, option in declared.items()
        }

    def bonus_refused(self, options: Mapping[str, Any]) -> str | None:
        """Why bonus tiles (flowers, seasons) cannot be given in a game with
        these options, or None when they can. By default a rule set takes
        them exactly when it ``uses_bonus_tiles``."""
        if self.uses_bonus_tiles:
            return None
        return f"{self.title} is played without flowers and seasons"

    def hand_limit(self, options: Mapping[str, Any]) -> int:
        """The highest value of one hand under these options: a score given
        as a value may not exceed it. By default the rule set's ``limit``."""
        return self.limit

    def validate_table(self, hands: Mapping[str, PlayerHand | int],
                       options: Mapping[str, Any]) -> None:
        """Check the players' tiles against what this rule set plays with at
        a table of this size (``len(hands)``, a count the rule set allows);
        raise InvalidGame naming the player and the tile or set. By default
        every tile and every set is in play at every table."""
        return None

    def wins_while_dead(self, hand: PlayerHand | int) -> bool:
        """Whether a player with a dead hand (a wrong tile count) may still
        win with this hand; by default never."""
        return False

    def validate_flags(self, flags: frozenset[str], winner: str, hands: Mapping[str, Any],
                       win_source: str | None, discarder: str | None) -> None:
        """Check flags against the hand; raise InvalidGame when they cannot be.

        Only the rule set knows what its flags mean; by default none need
        more than being known (game.py checks that)."""
        return None

    def validate_win(self, winner: str, hands: Mapping[str, PlayerHand | int],
                     win_source: str | None, discarder: str | None, winning_tile: int) -> None:
        """Check that the win can have happened with the tiles at the table
        (run after the count of every tile's copies); raise InvalidGame
        naming the player and the tile. By default: a robbed kong's tile is
        the fourth copy, the robbed player shows the other three as an open
        pung (check_robbed_kong)."""
        if win_source == ROBBED_KONG:
            check_robbed_kong(winner, hands, discarder, winning_tile, self.robbed_kong_section)

    @abstractmethod
    def score_winner(
        self, hand: PlayerHand, ctx: Context, options: Mapping[str, Any]
    ) -> HandResult:
        """The winner's best legal reading; InvalidGame when there is none."""

    @abstractmethod
    def score_other(
        self, hand: PlayerHand, ctx: Context, options: Mapping[str, Any]
    ) -> HandResult:
        """A non-winner's best reading."""

    @abstractmethod
    def settle(
        self,
        values: Mapping[str, int],
        winner: str | None,
        options: Mapping[str, Any],
    ) -> dict[str, int]:
        """What each seat wins or loses; sums to zero."""

    def outcome(
        self,
        values: Mapping[str, int],
        win: Win,
        options: Mapping[str, Any],
        hands: Mapping[str, Mapping[str, object]],
    ) -> dict[str, Any]:
        """The result's ``scores`` and ``settlement`` (and any further keys
        the rule set adds to the result). By default the scores are the hand
        values and ``settle`` settles them; rule sets whose payments depend
        on how the hand was won (a discarder, a responsible player) override
        this."""
        return {"scores": dict(values), "settlement": self.settle(values, win.winner, options)}

    @abstractmethod
    def winds_rotate(self, winner: str | None, options: Mapping[str, Any]) -> bool:
        """Whether the seat winds move on after this hand."""

    def catalogue(self) -> dict[str, dict[str, object]]:
        """Every rule and limit hand by name: its Dutch name (as in the seeds),
        English description, seed section and value, for pages and exports."""
        entries: dict[str, dict[str, object]] = {}
        for rule in self.table.all_rules():
            entry: dict[str, object] = {
                "name": rule.name,
                "nl": self.dutch_names.get(rule.name, rule.description),
                "en": rule.name.replace("_", " ").capitalize(),
                "description": rule.description,
                "section": rule.section,
            }
            if isinstance(rule, LimitHand):
                entry["limit"] = rule.value
            else:
                entry["points"] = rule.points
                entry["doublings"] = rule.doublings
                entry["winner_only"] = rule.winner_only
            entries[rule.name] = entry
        return entries

    def describe(self) -> list[dict[str, object]]:
        """The options with their meaning, for organisers and documentation."""
        described: list[dict[str, object]] = []
        for option in self.options:
            entry: dict[str, object] = {
                "name": option.name,
                "label": option.label,
                "type": option.type.__name__,
                "default": option.default,
                "section": option.section,
                "description": option.description,
            }
            if option.choices is not None:
                entry["choices"] = list(option.choices)
            described.append(entry)
        return described


def seats_in_order(seats: Collection[str]) -> list[str]:
    """The seats given (each once, each one of E, S, W, N) in that order."""
    return [seat for seat in SEAT_WINDS if seat in seats]


def check_win_flags(who: str, winner: str, hand: object, win_source: str | None,
                    discarder: str | None, flags: frozenset[str],
                    hands: Mapping[str, object] | None = None) -> None:
    """What the flags that every rule set with them reads alike say about a
    win: kong on kong is won on a kong replacement tile with two declared
    kongs, a heavenly hand is East's with the dealt tiles (nothing declared
    at the table), an earthly hand another player's on East's first discard
    (nothing declared but a concealed kong of East's); and a kong
    replacement tile needs a declared kong."""
    if "kong_on_kong" in flags and win_source != KONG_REPLACEMENT:
        raise InvalidGame(f"{who}: kong_on_kong needs win_source kong_replacement",
                          "kong_on_kong_source", seat=winner)
    if "heavenly" in flags and (winner != "E" or win_source != WALL):
        raise InvalidGame(f"{who}: heavenly is East winning with the dealt tiles "
                          "(winner E, win_source wall)", "heavenly_not_east", seat=winner)
    if "earthly" in flags and (winner == "E" or win_source != DISCARD or discarder != "E"):
        raise InvalidGame(f"{who}: earthly is South, West or North winning on East's "
                          "first discard (win_source discard, discarder E)",
                          "earthly_not_first_discard", seat=winner)
    if "heavenly" in flags or "earthly" in flags:
        for seat, other in (hands or {winner: hand}).items():
            if isinstance(other, PlayerHand):
                _check_first_turn_melds(seat, other, winner, flags)
    if not isinstance(hand, PlayerHand):
        return  # a winner given by value: nothing declared to check
    kongs = sum(1 for meld in hand.melds if meld.kind == KONG)
    if win_source == KONG_REPLACEMENT and kongs == 0:
        raise InvalidGame(f"{who} won on a kong replacement tile but declared no kong",
                          "kong_replacement_without_kong", seat=winner)
    if "kong_on_kong" in flags and kongs < 2:
        raise InvalidGame(f"{who}: kong_on_kong needs two declared kongs",
                          "kong_on_kong_kongs", seat=winner, kongs=kongs)


def _check_first_turn_melds(seat: str, hand: PlayerHand, winner: str,
                            flags: frozenset[str]) -> None:
    """A heavenly hand is won before anyone's turn: no set is on the table.
    An earthly hand is won on East's first discard: nobody else has had a
    turn and no discard was claimed before it, so the only set there can be
    is a concealed kong East declared in that first turn (000 §2.3.1, N18,
    H10)."""
    for index, meld in enumerate(hand.melds, 1):
        what = f"{KIND_NAMES[meld.kind]} {format_tiles(meld.tile_list())}"
        at: dict[str, object] = {"seat": seat, "meld": index}
        kind, tiles = KIND_NAMES[meld.kind], format_tiles(meld.tile_list())
        if "heavenly" in flags:
            if seat == winner:
                raise InvalidGame(f"{seat_label(seat)}: a heavenly hand has no declared sets, "
                                  f"but meld {index} is {what}: East wins with the dealt tiles",
                                  "heavenly_with_sets", at=at, kind=kind, tiles=tiles)
            raise InvalidGame(f"{seat_label(seat)} meld {index}: {what} cannot be on the "
                              "table in a heavenly hand: East wins with the dealt tiles, "
                              "before anyone has declared a set", "heavenly_set_on_table",
                              at=at, kind=kind, tiles=tiles)
        if "earthly" in flags:
            if seat == winner:
                raise InvalidGame(f"{seat_label(seat)}: an earthly hand has no declared sets, "
                                  f"but meld {index} is {what}: nobody declares a set before "
                                  "East's first discard, on which the hand is won",
                                  "earthly_with_sets", at=at, kind=kind, tiles=tiles)
            if seat != "E" or meld.kind != KONG or meld.open:
                raise InvalidGame(f"{seat_label(seat)} meld {index}: {what} cannot be on the "
                                  "table in an earthly hand: before East's first discard only "
                                  "East has had a turn, in which East can declare a concealed "
                                  "kong and nothing else", "earthly_set_on_table", at=at,
                                  kind=kind, tiles=tiles)


def check_robbed_kong(winner: str, hands: Mapping[str, PlayerHand | int], discarder: str | None,
                      tile: int, section: str, from_concealed_kong: bool = False) -> None:
    """A kong is robbed as its player makes an open pung a kong with the
    fourth tile: the other three are that player's open pung, so the winner
    holds no other copy, and the robbed tile completes a chow or an
    irregular hand (thirteen orphans), never a pung or a pair of it (002 §1,
    N18). ``from_concealed_kong``: the three may instead be on the robbed
    player's rack, a concealed kong being declared (001 Kongroof: only for
    thirteen orphans)."""
    if tile < 0:
        return  # a winner given by value, with no winning tile: nothing to check
    name = tile_name(tile)
    robbed_seat = discarder or ""
    robbed = hands.get(robbed_seat)
    whose = f"{seat_label(robbed_seat)}'s" if discarder else "the robbed player's"
    hand = hands[winner]
    if isinstance(hand, PlayerHand):
        more = hand.all_counts()[tile] - 1
        if more > 0:
            raise InvalidGame(
                f"{seat_label(winner)} won with {name} robbed from {whose} kong but holds {more} "
                f"more {name}: the robbed tile is the fourth {name} and the other three are in "
                f"{whose} open pung, so it completes a chow or thirteen orphans, never a pung or "
                f"a pair ({section})", "robbed_kong_tile_held", seat=winner, tile=name,
                more=more, robbed=discarder, section=section)
    if not isinstance(robbed, PlayerHand):
        return  # the robbed player was given by value: the tiles are not known
    if any(meld.kind == PUNG and meld.open and meld.tile == tile for meld in robbed.melds):
        return
    if from_concealed_kong and robbed.concealed[tile] == 3:
        return
    rack = " (or, for thirteen orphans, three on the rack)" if from_concealed_kong else ""
    raise InvalidGame(
        f"{seat_label(robbed_seat)} shows no open pung of {name}{rack}, so "
        f"{seat_label(winner)} cannot have robbed a kong of {name} from them: a kong is robbed "
        f"as an open pung is made a kong with the fourth tile ({section})",
        "robbed_kong_no_pung", seat=winner, tile=name, robbed=robbed_seat,
        concealed_kong=from_concealed_kong, section=section)
