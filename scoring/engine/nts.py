"""NTS: the Dutch tournament rules (Nederlandse Toernooi Spelregels).

Sources: seed 000 (the rules; §2.4.1 points, §2.4.2 doublings, §2.3 limit
hands, §2.1 settlement, §2.2 limit), seed 002 (clarifications, binding),
seed 003 (a club's write-up: worked example, rounding), and the decisions
N1-N16 and R1-R2 of rule-decisions.md. Every rule of the game is an entry
of the tables below; the functions after them only find the best reading.

Tables of 3 and 5 (seed 003, BEGRIPPEN "Drie spelers" and "Vijf spelers"):
three players settle among themselves by N13 as four would, one fewer (003
names no other payment). A table of 3 plays the 96 tiles of "Drie spelers"
(option ``three_player_two_suits``, on by default: 003 is the only text
for a table of 3, 000 assumes four): bamboos and circles, the winds East,
South and West, the dragons; no chow is played open, and the dead wall of
10 tiles allows at most 10 kongs. At a table of 5 the player who sits out
is the dreamer: after every hand East dreams and the old dreamer comes back
as North (deal.DREAMER_ROTATION).

The round of the green dragon of both texts ("In deze ronde is er geen
heersende wind, maar een heersende draak, de groene draak. De speler met
een pung of kong van groene draken krijgt een extra verdubbeling") is
counted when the context's prevailing "wind" is the green dragon
(``pung_prevailing_dragon``). The rounds (``deal_order``): E, S, W and then
the green dragon ("G") at a table of 3 with ``three_player_two_suits``;
E, S, W, N and then G at a table of 5 with
``five_player_green_dragon_round`` (off by default: "Eventueel"); a game
gives ``prevailing_wind: "G"`` in that round (game.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import Any, Final

from . import shapes
from .deal import DREAMER_ROTATION, EACH_HAND, GREEN_DRAGON_ROUND, DealOrder
from .decompose import CHOW, KONG, PUNG, Parse, parses, regular_waits
from .errors import InvalidGame
from .hands import HandResult, PlayerHand, seat_label
from .reading import (
    KONG_REPLACEMENT,
    ROBBED_KONG,
    WALL,
    Context,
    Reading,
    non_winner_sets,
    tile_facts,
    winner_readings,
)
from .rules import HandRule, LimitHand, PairRule, Rule, RuleTable, SetRule
from .ruleset import Option, RuleSet, check_win_flags
from .settlement import settle
from .tiles import (
    DRAGONS,
    FIVE_CIRCLES,
    HONOUR_BIT,
    MAJORS,
    NORTH,
    NOT_MAJOR_BIT,
    ONE_BAMBOO,
    ONE_CIRCLES,
    ORPHANS,
    TERMINALS,
    WINDS,
    format_tiles,
    held_bits,
    is_dragon,
    tile_name,
)
from .vocabulary import gettext_noop

LIMIT: Final = 2000  # 000 §2.2, N9
MINIMUM_DOUBLINGS: Final = 2  # 000 §1.8, N10
MAX_KONGS: Final = 14  # 002 §2 "15e kong", N18: one per tile of the dead wall
# 003 "Drie spelers": "De dode muur telt 10 stenen": at most 10 kongs (as N18).
MAX_KONGS_THREE: Final = 10

THREE: Final = "003 Drie spelers"
# "slechts 3 winden en 2 soorten: Oost, Zuid en West, Bamboe en kringen. Met
# 96 stenen": 36 circles + 36 bamboos + 12 winds + 12 dragons. No characters
# (the first 9 kinds), no North.
THREE_PLAYER_TILES: Final = frozenset(range(9, 34)) - {NORTH}
GREEN_DRAGON_SECTION: Final = "003 Drie spelers, Vijf spelers (ronde van de groene draak)"
FIVE: Final = "003 Vijf spelers"
# 003 "Drie spelers": "Nadat de oorspronkelijke West Oost is geweest volgt de
# ronde van de groene draak" (no North round: there is no North); East of that
# round is chosen by the dice, so score entry proposes one and the scorekeeper
# may change it (deal.py: the round goes round from the East it starts with).
THREE_PLAYER_ORDER: Final = DealOrder(winds="ESWG", source=THREE)
# 003 "Vijf spelers": "Eventueel kan een vijfde ronde worden gespeeld, de ronde
# van de groene draak" (option five_player_green_dragon_round).
FIVE_PLAYER_GREEN_ORDER: Final = DealOrder(winds="ESWNG", source=FIVE + " (option "
                                    "five_player_green_dragon_round)")

P: Final = "000 §2.4.1"  # points table
D: Final = "000 §2.4.2"  # doublings table
LI: Final = "000 §2.3.2"  # irregular limit hands
LR: Final = "000 §2.3.1"  # regular limit hands

# --- Points for sets (all players): (kind, concealed, terminal/honour) ----
SET_POINTS: Final[dict[tuple[int, bool, bool], Rule]] = {
    (PUNG, False, False): Rule("open_pung_simples", P, "Open pung of simples (2-8)", points=2),
    (PUNG, True, False): Rule("concealed_pung_simples", P, "Concealed pung of simples", points=4),
    (PUNG, False, True): Rule(
        "open_pung_terminals_honours", P, "Open pung of terminals or honours", points=4
    ),
    (PUNG, True, True): Rule(
        "concealed_pung_terminals_honours", P, "Concealed pung of terminals or honours", points=8
    ),
    (KONG, False, False): Rule("open_kong_simples", P, "Open kong of simples", points=8),
    (KONG, True, False): Rule("concealed_kong_simples", P, "Concealed kong of simples", points=16),
    (KONG, False, True): Rule(
        "open_kong_terminals_honours", P, "Open kong of terminals or honours", points=16
    ),
    (KONG, True, True): Rule(
        "concealed_kong_terminals_honours", P, "Concealed kong of terminals or honours", points=32
    ),
}

# --- Doublings for a pung or kong (all players) ----------------------------
SET_RULES: Final[tuple[SetRule, ...]] = (
    SetRule("pung_dragons", D, "Pung or kong of dragons", doublings=1,
            test=lambda g, w: g.kind != CHOW and is_dragon(g.tile)),
    # Seat and prevailing wind at once: both count, the pung's points once (N8).
    SetRule("pung_seat_wind", D, "Pung or kong of the seat wind", doublings=1,
            test=lambda g, w: g.kind != CHOW and g.tile == w.seat_wind),
    SetRule("pung_prevailing_wind", D, "Pung or kong of the prevailing wind", doublings=1,
            test=lambda g, w: g.kind != CHOW and g.tile == w.prevailing_wind
            and not is_dragon(g.tile)),
    # The round of the green dragon: "geen heersende wind, maar een heersende
    # draak ... De speler met een pung of kong van groene draken krijgt een
    # extra verdubbeling" (every player, besides the dragons' own doubling).
    SetRule("pung_prevailing_dragon", D + "; " + GREEN_DRAGON_SECTION,
            "Pung or kong of the prevailing dragon (round of the green dragon)", doublings=1,
            test=lambda g, w: g.kind != CHOW and g.tile == w.prevailing_wind
            and is_dragon(g.tile)),
)

# --- Points for a pair (all players) ---------------------------------------
PAIR_RULES: Final[tuple[PairRule, ...]] = (
    PairRule("pair_dragons", P, "Pair of dragons", points=2,
             test=lambda t, w: is_dragon(t)),
    PairRule("pair_seat_wind", P, "Pair of the seat wind", points=2,
             test=lambda t, w: t == w.seat_wind),
    # 003 gives the prevailing dragon a doubling for a pung or kong only: a
    # pair of it is a pair of dragons (2 points), nothing more.
    PairRule("pair_prevailing_wind", P, "Pair of the prevailing wind", points=2,
             test=lambda t, w: t == w.prevailing_wind and not is_dragon(t)),
)


def _clean(r: Reading) -> bool:
    f = r.facts
    return (len(f.suits) == 1 and f.honours) or f.all_majors


def _very_clean(r: Reading) -> bool:
    # Terminals of one suit with honours (002 §6, N5).
    f = r.facts
    return len(f.suits) == 1 and f.honours and f.all_majors


def _pure(r: Reading) -> bool:
    f = r.facts
    return (len(f.suits) == 1 and not f.honours) or not f.suits


def _little_four_winds(r: Reading) -> bool:
    return r.wind_pungs == 3 and r.pair in WINDS


def _little_three_dragons(r: Reading) -> bool:
    return r.dragon_pungs == 2 and r.pair in DRAGONS


def _winning_5p(r: Reading) -> bool:
    return r.ctx.winning_tile == FIVE_CIRCLES


def _winning_1p(r: Reading) -> bool:
    # With Pe-ling eet cake the 1p counts as a 1s (N7), so it is no 1p here.
    return r.ctx.winning_tile == ONE_CIRCLES and not r.ctx.peling

HAND_RULES: Final[tuple[HandRule, ...]] = (
    # Points for the winner.
    HandRule("mahjong", P, "Mahjong", points=20, winner_only=True, test=lambda r: True),
    # A kong replacement counts as self-drawn, a robbed kong tile does not (N6).
    HandRule("self_drawn", P, "Winning tile self-drawn", points=2, winner_only=True,
             test=lambda r: r.ctx.self_drawn),
    HandRule("completes_pair", P, "Winning tile completes the pair", points=2,
             winner_only=True, test=lambda r: r.winning_group == "pair"),
    HandRule("only_possible_tile", P + ", 002 §5", "Only possible tile (N3)", points=2,
             winner_only=True, test=lambda r: r.ctx.only_possible),
    HandRule("peling_eats_cake", P + ", 002 §3", "Pe-ling eet cake: 1p completes a pair of 1s",
             points=10, winner_only=True,
             replaces=frozenset({"completes_pair", "only_possible_tile"}),
             test=lambda r: r.ctx.peling),
    # Doublings for all players; of each group only the highest counts.
    HandRule("three_concealed_pungs", D, "3 concealed pungs (a kong counts as one)",
             doublings=1, group="concealed_sets", test=lambda r: r.concealed_pungs >= 3),
    HandRule("four_concealed_pungs", D, "4 concealed pungs (a kong counts as one)",
             doublings=2, group="concealed_sets", test=lambda r: r.concealed_pungs >= 4),
    HandRule("three_concealed_kongs", D, "3 concealed kongs", doublings=2,
             group="concealed_sets", test=lambda r: r.concealed_kongs >= 3),
    HandRule("four_kongs", D, "4 kongs", doublings=3, group="concealed_sets",
             test=lambda r: r.kongs >= 4),
    HandRule("clean", D, "Clean: one suit with honours, or terminals with honours",
             doublings=1, group="clean", test=_clean),
    HandRule("very_clean", D + ", 002 §6", "Very clean: terminals of one suit with honours",
             doublings=2, group="clean", test=_very_clean),
    HandRule("pure", D, "Pure: one suit only, or honours only", doublings=3, group="clean",
             test=_pure),
    # Doublings for the winner.
    HandRule("all_chows", D, "Four chows and a pair", doublings=1, winner_only=True,
             test=lambda r: r.chows == 4),
    HandRule("all_pungs", D, "Four pungs (or kongs) and a pair", doublings=1, winner_only=True,
             test=lambda r: r.pungs == 4),
    HandRule("all_simples", D, "Only simples (2-8)", doublings=1, winner_only=True,
             test=lambda r: r.facts.all_simples),
    HandRule("little_four_winds", D, "3 pungs of winds, a pair of winds and a set",
             doublings=1, winner_only=True, test=_little_four_winds),
    HandRule("little_three_dragons", D, "2 pungs of dragons, a pair of dragons and 2 sets",
             doublings=1, winner_only=True, test=_little_three_dragons),
    HandRule("last_wall_tile", D, "Last tile of the live wall, self-drawn", doublings=1,
             winner_only=True, test=lambda r: "last_wall_tile" in r.ctx.flags),
    HandRule("last_wall_tile_1p", D + ", N6", "Last wall tile, and it is 1 circles",
             doublings=3, winner_only=True, replaces=frozenset({"last_wall_tile"}),
             test=lambda r: "last_wall_tile" in r.ctx.flags and _winning_1p(r)),
    HandRule("robbing_the_kong", D, "Robbing the kong", doublings=1, winner_only=True,
             test=lambda r: r.ctx.win_source == ROBBED_KONG),
    HandRule("kong_replacement", D, "Winning on a kong's replacement tile", doublings=1,
             winner_only=True, test=lambda r: r.ctx.win_source == KONG_REPLACEMENT),
    HandRule("kong_replacement_5p", D + ", N6", "Kong replacement tile that is 5 circles",
             doublings=3, winner_only=True, replaces=frozenset({"kong_replacement"}),
             test=lambda r: r.ctx.win_source == KONG_REPLACEMENT and _winning_5p(r)),
    HandRule("kong_on_kong", D + ", 002 §10", "Kong on kong (with 5 circles: 2 + 3, N6)",
             doublings=2, winner_only=True, replaces=frozenset({"kong_replacement"}),
             test=lambda r: "kong_on_kong" in r.ctx.flags),
    HandRule("concealed_hand", D, "Hidden treasure: only self-drawn tiles", doublings=2,
             winner_only=True, test=lambda r: r.ctx.self_drawn and not r.open_melds),
)


# --- Limit hands -----------------------------------------------------------
# Limit tests run for every candidate tile of a wait: C-level getters.
_winds: Final = itemgetter(*WINDS)
_dragons: Final = itemgetter(*DRAGONS)
_suited_simples: Final = itemgetter(*(t for t in range(27) if t not in TERMINALS))


def _wind_snake(c: Sequence[int]) -> bool:
    return shapes.run_with_honours(c, 9, 1, 0) >= 0 and not any(_dragons(c))


def _dragon_snake(c: Sequence[int]) -> bool:
    suit = shapes.run_with_honours(c, 9, 0, 1)
    return (
        suit >= 0
        and c[suit * 9 : suit * 9 + 9].count(1) == 9
        and _dragons(c) == (1, 1, 1)
        and sorted(_winds(c)) == [0, 0, 0, 2]
    )


def _court_of_peking(c: Sequence[int]) -> bool:
    suit = shapes.run_with_honours(c, 7, 1, 1)
    return suit >= 0 and c[suit * 9 : suit * 9 + 7].count(1) == 7 and (
        _winds(c) == (1, 1, 1, 1) and _dragons(c) == (1, 1, 1)
    ) and not c[suit * 9 + 7] and not c[suit * 9 + 8]


def _twins(c: Sequence[int], suited: bool, terminals_only: bool, honours: bool | None) -> bool:
    """Seven pairs of one suit (``suited``), of its terminals only, with or
    without honours (None: either)."""
    if not shapes.is_seven_pairs(c):
        return False
    suit, has_honours = shapes.suit_and_honours(c)
    if honours is not None and has_honours != honours:
        return False
    if suited and suit < 0:
        return False
    if terminals_only and any(_suited_simples(c)):
        return False
    return True


def _twisting_snake(r: Reading) -> bool:
    """1-1-1 + two chows + pair + 9-9-9, one suit: the pair 2, 5 or 8 (000 §2.3.1)."""
    if len(r.facts.suits) != 1 or r.facts.honours:
        return False
    base = next(iter(r.facts.suits)) * 9
    pung_tiles = sorted(g.tile - base for g in r.groups if g.kind == PUNG)
    chow_starts = sorted(g.tile - base for g in r.groups if g.kind == CHOW)
    pair = r.pair - base
    return pung_tiles == [0, 8] and (pair, chow_starts) in (
        (1, [2, 5]),
        (4, [1, 5]),
        (7, [1, 4]),
    )


def _head_and_tail(r: Reading) -> bool:
    return r.pungs == 4 and r.facts.all_majors and not r.facts.honours


LIMITS: Final[tuple[LimitHand, ...]] = (
    # Irregular: concealed but for the last tile; a waiting one pays half (N11).
    LimitHand("nine_gates", LI, "1112345678999 + any tile, one suit", 2000, "irregular",
              lambda c: shapes.nine_gates_suit(c) >= 0),
    LimitHand("thirteen_orphans", LI, "One of each terminal and honour + a pair", 2000,
              "irregular", shapes.is_thirteen_orphans),
    LimitHand("honour_twins", LI, "Seven pairs of winds and dragons", 2000, "irregular",
              lambda c: shapes.is_seven_pairs(c) and not any(c[:27])),
    LimitHand("wind_snake", LI, "1-9 of one suit, each wind, + one more of those", 1000,
              "irregular", _wind_snake),
    LimitHand("dragon_snake", LI, "1-9 of one suit, each dragon, + a pair of winds", 1000,
              "irregular", _dragon_snake),
    LimitHand("court_of_peking", LI, "1-7 of one suit, each wind and each dragon", 1000,
              "irregular", _court_of_peking),
    LimitHand("pure_twins", LI, "Seven pairs of one suit", 1000, "irregular",
              lambda c: _twins(c, True, False, False)),
    LimitHand("very_clean_twins", LI, "Seven pairs of honours and terminals of one suit",
              1000, "irregular", lambda c: _twins(c, True, True, True)),
    LimitHand("clean_twins", LI, "Seven pairs of honours and one suit", 500, "irregular",
              lambda c: _twins(c, True, False, True)),
    LimitHand("seven_twins", LI, "Seven pairs", 250, "irregular",
              lambda c: _twins(c, False, False, None)),
    # Regular: sets and a pair, may be open; waiting ones score as usual (N11).
    LimitHand("four_winds", LR, "4 pungs or kongs of winds + a pair", 2000, "regular",
              lambda r: r.wind_pungs == 4),
    LimitHand("three_dragons", LR, "3 pungs or kongs of dragons + a set + a pair", 2000,
              "regular", lambda r: r.dragon_pungs == 3),
    LimitHand("jade", LR, "Only green tiles: 2 3 4 6 8 bamboo and green dragons", 2000,
              "regular", lambda r: r.facts.all_green),
    LimitHand("four_concealed_kongs", LR, "4 concealed kongs + a pair", 2000, "regular",
              lambda r: r.concealed_kongs == 4),
    LimitHand("head_and_tail", LR, "Pungs of 1s and 9s + a pair of 1s or 9s", 2000,
              "regular", _head_and_tail),
    LimitHand("twisting_snake", LR, "111 + 2 chows + pair + 999 of one suit", 1000,
              "regular", _twisting_snake),
    LimitHand("heavenly_hand", LR, "East wins with the 14 dealt tiles", 2000,
              "circumstance", lambda ctx: "heavenly" in ctx.flags),
    LimitHand("earthly_hand", LR, "Winning on East's first discard", 1000, "circumstance",
              lambda ctx: "earthly" in ctx.flags),
)

# The names the seeds give the rules (Dutch), shown to players beside the
# English descriptions above; every rule and limit hand has one (tested).
DUTCH_NAMES: Final[dict[str, str]] = {
    "open_pung_simples": "Open pung eenvoudige stenen",
    "concealed_pung_simples": "Dichte pung eenvoudige stenen",
    "open_pung_terminals_honours": "Open pung edelstenen",
    "concealed_pung_terminals_honours": "Dichte pung edelstenen",
    "open_kong_simples": "Open kong eenvoudige stenen",
    "concealed_kong_simples": "Dichte kong eenvoudige stenen",
    "open_kong_terminals_honours": "Open kong edelstenen",
    "concealed_kong_terminals_honours": "Dichte kong edelstenen",
    "pung_dragons": "Pung of kong draken",
    "pung_seat_wind": "Pung of kong eigen wind",
    "pung_prevailing_wind": "Pung of kong wind van de ronde",
    "pung_prevailing_dragon": "Pung of kong heersende draak",
    "pair_dragons": "Paar draken",
    "pair_seat_wind": "Paar eigen wind",
    "pair_prevailing_wind": "Paar wind van de ronde",
    "mahjong": "Mahjong",
    "self_drawn": "Zelf uit de muur gepakte steen",
    "completes_pair": "Laatste steen voltooit paar",
    "only_possible_tile": "Enig mogelijke steen",
    "peling_eats_cake": "Pe-ling eet cake",
    "three_concealed_pungs": "3 dichte pungs",
    "four_concealed_pungs": "4 dichte pungs",
    "three_concealed_kongs": "3 dichte kongs",
    "four_kongs": "4 kongs",
    "clean": "Schoon spel",
    "very_clean": "Zeer schoon spel",
    "pure": "Zuiver spel",
    "all_chows": "Vier chows",
    "all_pungs": "Vier pungs",
    "all_simples": "Pure eenvoud",
    "little_four_winds": "Kleine vier winden",
    "little_three_dragons": "Kleine drie draken",
    "last_wall_tile": "Winnen van de bodem van de zee",
    "last_wall_tile_1p": "De maan van de bodem van de zee vissen",
    "robbing_the_kong": "Kongroof",
    "kong_replacement": "Kong met bloeiende bloemen",
    "kong_replacement_5p": "De pruimenbloesem van het dak plukken",
    "kong_on_kong": "Kong op kong",
    "concealed_hand": "Verborgen schat",
    "nine_gates": "Negen poorten",
    "thirteen_orphans": "Dertien wezen",
    "honour_twins": "Tweelingen van troefstenen",
    "wind_snake": "Windenslang",
    "dragon_snake": "Drakenslang",
    "court_of_peking": "Hof van Peking",
    "pure_twins": "Zuivere tweelingen",
    "very_clean_twins": "Zeer schone tweelingen",
    "clean_twins": "Schone tweelingen",
    "seven_twins": "Zeven tweelingen",
    "four_winds": "Vier winden",
    "three_dragons": "Drie draken",
    "jade": "Jade spel",
    "heavenly_hand": "Spel van de hemel",
    "four_concealed_kongs": "Vier dichte kongs",
    "head_and_tail": "Kop en staart",
    "earthly_hand": "Spel van de aarde",
    "twisting_snake": "Kronkelende slang",
}

TABLE: Final = RuleTable(SET_POINTS, SET_RULES, PAIR_RULES, HAND_RULES, LIMITS, MAJORS)
_IRREGULAR: Final = tuple(limit for limit in LIMITS if limit.kind == "irregular")
_REGULAR: Final = tuple(limit for limit in LIMITS if limit.kind == "regular")
_CIRCUMSTANCE: Final = tuple(limit for limit in LIMITS if limit.kind == "circumstance")
_TWINS: Final = frozenset({"honour_twins", "pure_twins", "very_clean_twins", "clean_twins",
                    "seven_twins"})
# The twins are seven pairs, which hold no kind an odd number of times; every
# other irregular limit holds single tiles (nine gates, the orphans, the
# snakes, Peking). A hand can only be one of the two groups, and each keeps
# LIMITS's order, so testing one group finds what testing all would.
_PAIRED_IRREGULAR: Final = tuple(limit for limit in _IRREGULAR if limit.name in _TWINS)
_UNPAIRED_IRREGULAR: Final = tuple(limit for limit in _IRREGULAR if limit.name not in _TWINS)


# --- Finding the best reading ----------------------------------------------
class _Candidate:
    """A way to count a hand: a limit, or a regular reading with its breakdown."""

    __slots__ = ("value", "points", "doublings", "limit", "items")

    def __init__(self, value: int, points: int, doublings: int, limit: LimitHand | None,
                 items: list[dict[str, object]]) -> None:
        self.value = value
        self.points = points
        self.doublings = doublings
        self.limit = limit
        self.items = items


def _limit_candidate(limit: LimitHand, value: int | None = None) -> _Candidate:
    value = limit.value if value is None else value
    return _Candidate(value, value, 0, limit, [])


def _regular_candidate(reading: Reading) -> _Candidate:
    """A reading counted with its breakdown: most hands have one reading, so
    this costs less than totalling first and counting the chosen one again."""
    points, doublings, items = TABLE.breakdown(reading)
    return _Candidate(min(points << doublings, LIMIT), points, doublings, None, items)


def _irregular_limits(concealed: Sequence[int], only: frozenset[str] | None = None
                      ) -> list[LimitHand]:
    if sum(concealed) != 14:
        return []
    return [limit for limit in _irregular_group(concealed)
            if (only is None or limit.name in only) and limit.test(concealed)]


def _irregular_group(counts: Sequence[int]) -> tuple[LimitHand, ...]:
    """The irregular limits these 14 tiles might be, a cheap test before the
    exact ones: the twins, when no kind is held an odd number of times; else
    the others, when the tiles are thirteen orphans' (13 kinds of terminals
    and honours) or one suit's (with or without honours) holding each of its
    1 to 7 among at least 9 kinds (nine gates holds 9, the snakes 13, the
    court of Peking 14); else none. Counts are at most 4 (the hands are
    checked first), so a kind held an odd number of times is held 1 or 3."""
    if 1 not in counts and 3 not in counts:
        return _PAIRED_IRREGULAR
    bits = held_bits(counts)
    suits = shapes.suits_of(bits)
    if not suits:  # honours only, and not pairs: none of them
        return ()
    kinds = shapes.kinds_held(counts)
    if len(suits) == 1 and kinds >= 9 and all(counts[suits[0] * 9 : suits[0] * 9 + 7]):
        return _UNPAIRED_IRREGULAR
    if kinds >= 13 and not bits & NOT_MAJOR_BIT:  # terminals and honours only
        return _UNPAIRED_IRREGULAR
    return ()


def _irregular_candidates(counts: Sequence[int]) -> set[int]:
    """The tiles that might complete 13 concealed tiles into an irregular
    shape of NTS: the lone tile of six pairs (seven pairs), the orphans of
    an all-orphan hand of at least 12 kinds (thirteen orphans: 13 kinds, 12
    with a tile less), and for a one-suit hand that already holds all but
    one of its 1 to 7 the suit and, when it holds honours, the honours:
    nine gates holds 9 kinds of its suit (8 with a tile less), the snakes 13
    kinds with their honours (12) and the court of Peking 14 (13). Exact
    tests come after. Counts are at most 4, as in _irregular_group."""
    found: set[int] = set()
    if counts.count(1) + counts.count(3) == 1:
        found.add(counts.index(1) if 1 in counts else counts.index(3))
    kinds = shapes.kinds_held(counts)
    if kinds < 8:
        return found
    bits = held_bits(counts)
    if kinds >= 12 and not bits & NOT_MAJOR_BIT:
        found.update(ORPHANS)
    suits = shapes.suits_of(bits)
    if (len(suits) == 1 and kinds >= (12 if bits & HONOUR_BIT else 8)
            and counts[suits[0] * 9 : suits[0] * 9 + 7].count(0) <= 1):
        found.update(range(suits[0] * 9, suits[0] * 9 + 9))
        if bits & HONOUR_BIT:
            found.update(range(27, 34))
    return found


def _win_candidates(concealed: Sequence[int], hand: PlayerHand, all_counts: Sequence[int],
                    ctx: Context, pair_only: bool = False,
                    irregular_only: frozenset[str] | None = None,
                    parse_list: list[Parse] | None = None) -> list[_Candidate]:
    """Every legal and illegal way to count this win: limits and readings
    (``parse_list``: the parses of ``concealed``, when already made)."""
    candidates: list[_Candidate] = []
    facts = tile_facts(all_counts)
    if parse_list is None:
        parse_list = parses(concealed)
    readings = winner_readings(parse_list, hand.melds, facts, ctx)
    if pair_only:
        readings = [r for r in readings if r.winning_group == "pair"]
    irregular = [] if hand.melds else _irregular_limits(concealed, irregular_only)
    complete = bool(readings or irregular)
    if complete:
        candidates.extend(_limit_candidate(limit) for limit in _CIRCUMSTANCE if limit.test(ctx))
    candidates.extend(_limit_candidate(limit) for limit in irregular)
    for reading in readings:
        candidates.extend(_limit_candidate(limit) for limit in _REGULAR if limit.test(reading))
        candidates.append(_regular_candidate(reading))
    return candidates


def _legal(candidate: _Candidate) -> bool:
    return candidate.limit is not None or candidate.doublings >= MINIMUM_DOUBLINGS


def _wins_legally(concealed: list[int], hand: PlayerHand, all_counts: list[int],
                  ctx: Context) -> bool:
    """Whether any way to count this win is legal (_win_candidates, _legal),
    stopping at the first one found and totalling no breakdown."""
    readings = winner_readings(parses(concealed), hand.melds, tile_facts(all_counts), ctx)
    if readings:
        if any(limit.test(ctx) for limit in _CIRCUMSTANCE):
            return True
        for reading in readings:
            if any(limit.test(reading) for limit in _REGULAR):
                return True
            if TABLE.totals(reading)[1] >= MINIMUM_DOUBLINGS:
                return True
    return not hand.melds and bool(_irregular_limits(concealed))


def _only_possible_tile(hand: PlayerHand, all_counts: list[int], ctx: Context) -> bool:
    """N3: no other tile kind, won the same way, gives a legal mahjong.
    Any irregular limit hand is legal, so an irregular wait needs no scoring."""
    waiting = list(hand.concealed)
    waiting[ctx.winning_tile] -= 1
    held = list(all_counts)
    held[ctx.winning_tile] -= 1
    for tile in regular_waits(waiting, held):
        if tile == ctx.winning_tile:
            continue
        waiting[tile] += 1
        held[tile] += 1
        alternative = Context(ctx.seat_wind, ctx.prevailing_wind, True, ctx.win_source,
                              ctx.flags, tile)
        legal = _wins_legally(waiting, hand, held, alternative)
        waiting[tile] -= 1
        held[tile] -= 1
        if legal:
            return False
    return bool(hand.melds) or not _has_irregular_wait(waiting, held, ctx.winning_tile)


def _has_irregular_wait(waiting: Sequence[int], held: Sequence[int], besides: int) -> bool:
    """Whether a tile kind other than ``besides`` completes an irregular
    limit hand of these 13 concealed tiles."""
    work = list(waiting)
    for tile in _irregular_candidates(waiting):
        if tile == besides or held[tile] >= 4:
            continue
        work[tile] += 1
        found = _irregular_limits(work)
        work[tile] -= 1
        if found:
            return True
    return False


def _best(candidates: list[_Candidate]) -> _Candidate | None:
    best: _Candidate | None = None
    for candidate in candidates:
        if _legal(candidate) and (best is None or candidate.value > best.value):
            best = candidate
    return best


def _result(candidate: _Candidate, winner: bool, waiting: bool = False) -> HandResult:
    if candidate.limit is not None:
        return HandResult(
            value=candidate.value, points=candidate.value, doublings=0,
            limit=candidate.limit.name, legal_mahjong=winner,
            items=[{"rule": candidate.limit.name, "points": candidate.value}],
            waiting=waiting,
        )
    return HandResult(
        value=candidate.value, points=candidate.points, doublings=candidate.doublings,
        legal_mahjong=winner, items=candidate.items,
    )


def _check_kong_count(hands: Mapping[str, PlayerHand | int], most: int = MAX_KONGS,
                      source: str = "002 §2, N18") -> None:
    """002 §2 (N18): the dead wall holds 14 tiles, one per kong; whoever
    would declare a 15th kong cannot (the hand is a draw, or play goes on
    without it), so no table shows more than 14. At a table of 3 with the
    96 tiles the dead wall holds 10 (003 "Drie spelers"): ``most`` 10."""
    kongs = 0
    for seat, hand in hands.items():
        if not isinstance(hand, PlayerHand):
            continue
        for index, meld in enumerate(hand.melds, 1):
            if meld.kind != KONG:
                continue
            kongs += 1
            if kongs > most:
                raise InvalidGame(
                    f"{seat_label(seat)} meld {index}: kong {format_tiles(meld.tile_list())} is "
                    f"the {kongs}th kong declared at the table; the dead wall holds {most} "
                    f"tiles, so at most {most} kongs are declared in a hand ({source})",
                    "too_many_kongs", at={"seat": seat, "meld": index},
                    tiles=format_tiles(meld.tile_list()), kongs=kongs, most=most)


class NTS(RuleSet):
    name = "nts"
    title = "Nederlandse Toernooi Spelregels (NTS)"
    table = TABLE
    dutch_names: Mapping[str, str] = DUTCH_NAMES
    limit = LIMIT
    player_counts = frozenset({3, 4})  # 003 "Drie spelers"
    five_player_schedule = DREAMER_ROTATION  # 003 "Vijf spelers"
    flags = frozenset({"last_wall_tile", "kong_on_kong", "heavenly", "earthly"})
    options: Sequence[Option] = (
        Option("east_stays", bool, False, "003 Algemene gang van het spel; N1",
               gettext_noop("East stays East when East wins or the hand is a draw; "
                            "by default the winds rotate after every hand."),
               label=gettext_noop("East stays East")),
        Option("round_to_tens", bool, False, "003 Fiches; N15",
               gettext_noop("Round every payment to whole tens after settling."),
               label=gettext_noop("Round to tens")),
        # On by default: 003 is the only text for a table of 3 (000 §1.1 "wordt
        # uitgegaan van vier spelers"); off plays all 136 tiles at a table of 3.
        Option("three_player_two_suits", bool, True, THREE,
               gettext_noop("At a table of 3: the game of 96 tiles, bamboos and circles only (no "
                            "characters), the winds East, South and West (no North) and the dragons; "
                            "no chow is played open; the dead wall of 10 tiles allows at most 10 kongs. "
                            "Off: all 136 tiles at a table of 3. No effect at a table of 4."),
               label=gettext_noop("Three players: 96 tiles")),
        # Off by default: 003 "Eventueel kan een vijfde ronde worden gespeeld".
        Option("five_player_green_dragon_round", bool, False, FIVE,
               gettext_noop("At a table of 5, a fifth round after North's, in which the green dragon "
                            "prevails instead of a wind."),
               label=gettext_noop("Five players: round of the green dragon")),
    )

    def deal_order(self, players: int,
                   options: Mapping[str, Any] | None = None) -> DealOrder:
        if players not in (3, 5):
            return EACH_HAND
        resolved = self.resolve_options(options or {})  # the declared defaults
        if players == 3 and resolved["three_player_two_suits"]:
            return THREE_PLAYER_ORDER
        if players == 5 and resolved["five_player_green_dragon_round"]:
            return FIVE_PLAYER_GREEN_ORDER
        return EACH_HAND

    def round_note(self, prevailing: str) -> str:
        if prevailing != GREEN_DRAGON_ROUND:
            return ""
        return ("the round of the green dragon is played at a table of 3 (003 Drie spelers, "
                "option three_player_two_suits) or of 5 (003 Vijf spelers, option "
                "five_player_green_dragon_round)")

    def validate_table(self, hands: Mapping[str, PlayerHand | int],
                       options: Mapping[str, Any]) -> None:
        if len(hands) != 3 or not options["three_player_two_suits"]:
            _check_kong_count(hands)
            return
        for seat, hand in hands.items():
            if not isinstance(hand, PlayerHand):
                continue
            who = seat_label(seat)
            stray = next((tile for tile, count in enumerate(hand.all_counts())
                          if count and tile not in THREE_PLAYER_TILES), None)
            if stray is not None:
                played = "characters" if stray < 9 else "North"
                raise InvalidGame(
                    f"{who}: {tile_name(stray)} is not in the game at a table of 3 (option "
                    f"three_player_two_suits: 96 tiles, no {played}; {THREE})",
                    "tile_not_in_three_player_game", seat=seat, tile=tile_name(stray))
            for index, meld in enumerate(hand.melds, 1):
                if meld.kind == CHOW and meld.open:
                    raise InvalidGame(
                        f"{who} meld {index}: open chow {format_tiles(meld.tile_list())}; at "
                        "a table of 3 no chow is played open (option three_player_two_suits; "
                        f"{THREE})", "open_chow_three_players",
                        at={"seat": seat, "meld": index}, tiles=format_tiles(meld.tile_list()))
        _check_kong_count(hands, MAX_KONGS_THREE, f"option three_player_two_suits; {THREE}: "
                          "\"De dode muur telt 10 stenen\"; 002 §2, N18")

    def validate_flags(self, flags: frozenset[str], winner: str, hands: Mapping[str, Any],
                       win_source: str | None, discarder: str | None) -> None:
        who = seat_label(winner)
        if "last_wall_tile" in flags and win_source != WALL:
            raise InvalidGame(f"{who}: last_wall_tile needs a self-drawn win (win_source wall)",
                              "last_wall_tile_not_self_drawn", seat=winner)
        check_win_flags(who, winner, hands.get(winner), win_source, discarder, flags, hands)

    def score_winner(self, hand: PlayerHand, ctx: Context,
                     options: Mapping[str, Any]) -> HandResult:
        all_counts = hand.all_counts()
        parse_list = parses(hand.concealed)
        # The wait matters only to a regular reading; limits add nothing.
        if parse_list and _only_possible_tile(hand, all_counts, ctx):
            ctx = Context(ctx.seat_wind, ctx.prevailing_wind, True, ctx.win_source, ctx.flags,
                          ctx.winning_tile, only_possible=True)
        candidates = _win_candidates(hand.concealed, hand, all_counts, ctx, parse_list=parse_list)
        candidates += self._peling_candidates(hand, all_counts, ctx)
        best = _best(candidates)
        if best is None:
            raise self._why_no_mahjong(hand, candidates)
        return _result(best, winner=True)

    @staticmethod
    def _peling_candidates(hand: PlayerHand, all_counts: list[int],
                           ctx: Context) -> list[_Candidate]:
        """N7: a winning 1p, not held before, completing a pair of 1s
        scores as that 1s would, with 10 points for the pair and the wait."""
        if ctx.winning_tile != ONE_CIRCLES or all_counts[ONE_CIRCLES] != 1:
            return []
        concealed = list(hand.concealed)
        concealed[ONE_CIRCLES] -= 1
        concealed[ONE_BAMBOO] += 1
        counts = list(all_counts)
        counts[ONE_CIRCLES] -= 1
        counts[ONE_BAMBOO] += 1
        if counts[ONE_BAMBOO] > 4:
            return []
        peling = Context(ctx.seat_wind, ctx.prevailing_wind, True, ctx.win_source, ctx.flags,
                         ONE_BAMBOO, peling=True)
        return _win_candidates(concealed, hand, counts, peling, pair_only=True,
                               irregular_only=_TWINS)

    @staticmethod
    def _why_no_mahjong(hand: PlayerHand, candidates: list[_Candidate]) -> InvalidGame:
        who = seat_label(hand.seat)
        if not candidates:
            return InvalidGame(f"{who}: the tiles do not form a mahjong (four sets and a pair, "
                               "or an irregular limit hand)", "no_mahjong", seat=hand.seat)
        most = max(c.doublings for c in candidates)
        return InvalidGame(f"false mahjong: {who}'s best reading has {most} doubling"
                           f"{'s' if most != 1 else ''}; a regular mahjong needs at least "
                           f"{MINIMUM_DOUBLINGS} (000 §1.8, N10)", "too_few_doublings",
                           seat=hand.seat, doublings=most, minimum=MINIMUM_DOUBLINGS)

    def score_other(self, hand: PlayerHand, ctx: Context,
                    options: Mapping[str, Any]) -> HandResult:
        all_counts = hand.all_counts()
        groups, pairs = non_winner_sets(hand.melds, hand.concealed)
        reading = Reading(groups, pairs, tile_facts(all_counts), ctx)
        best = _regular_candidate(reading)
        waiting = None
        if not hand.melds:
            waiting = self._waiting_irregular(hand.concealed, all_counts)
            if waiting is not None and waiting.value > best.value:
                return _result(waiting, winner=False, waiting=True)
        return _result(best, winner=False)

    @staticmethod
    def _waiting_irregular(concealed: Sequence[int],
                           all_counts: Sequence[int]) -> _Candidate | None:
        """N11: a waiting irregular limit hand scores half its value."""
        work = list(concealed)
        best: LimitHand | None = None
        for tile in _irregular_candidates(concealed):
            if all_counts[tile] >= 4:
                continue
            work[tile] += 1
            for limit in _irregular_limits(work):
                if best is None or limit.value > best.value:
                    best = limit
            work[tile] -= 1
        return None if best is None else _limit_candidate(best, best.value // 2)

    def settle(self, values: Mapping[str, int], winner: str | None,
               options: Mapping[str, Any]) -> dict[str, int]:
        return settle(values, winner, rounding=bool(options["round_to_tens"]))

    def winds_rotate(self, winner: str | None, options: Mapping[str, Any]) -> bool:
        if options["east_stays"]:
            return winner not in (None, "E")
        return True


RULESET: Final = NTS()
