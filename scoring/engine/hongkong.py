"""Hong Kong mahjong as played at club Fu-Hing (Varsseveld).

Source: seed 001 (the fan table "Combinaties van het Hong Kong Mahjong met
FAN toekenning", the detailed text "Waardering combinaties volgens de
Chinese Hong Kong Mahjong methode", seasons, "Spel met kongen", "Schoon en
superschoon", the limit hands, "Uitzonderlijke regels", "Valse Mahjong",
the payment tables "Puntentelling bij Hong Kong Mahjong" and "Puntentelling
Veroorzaker betaalt", "PAO-Spel", "Oost blijft Oost") and the decisions
H1-H6 and R1 of rule-decisions.md.

Every fan is an entry of the tables below (a Rule's ``doublings`` is its
fan); the payment tables are data too. A hand's value is its fan: capped at
10, a limit hand is 20 (H2). The amounts paid come from the payment table
the ``payment`` option chooses (H1).

A table of 3 (001 "Tafel van 3 spelers"): the seats are East, South and
West, "NOORD bestaat niet"; the round wind moves on after West has dealt
(deal.py: East passes on among the three). The hands are scored as at 4:
seasons and the wind hands still count, and a pung of North still belongs
in a clean hand. The payment "is gelijk aan die van 4 spelers, alleen wordt
1 speler niet meegeteld": self-drawn, both others pay the self-drawn amount
of the row; from a discard with ``half_pay`` the discarder pays double and
the other player single ("2x van degene die de winnende steen aflegt en 1x
van de andere speler. Per saldo ontvangt deze speler echter 1x minder",
which is that table's own split, one single share fewer). With
``discarder_pays`` the text is read two ways: the discarder pays all as at
4 (the default, and what "1x minder" allows), or, with the option
``three_player_split``, the other player also pays a single share (the
row's self-drawn amount, half of "van tafel"). False mahjong and pao are
paid the same way, among the three.

A table of 5 follows the seed's "Schema bij een tafel van 5 spelers"
(deal.FIVE_PLAYER_ROTATION); the winds move on after every hand there (H4).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, Final

from . import shapes
from .deal import FIVE_PLAYER_ROTATION, DealOrder
from .decompose import CHOW, parses
from .errors import InvalidGame
from .hands import HandResult, PlayerHand, seat_label
from .reading import (
    DISCARD,
    KONG_REPLACEMENT,
    ROBBED_KONG,
    WALL,
    Context,
    Reading,
    tile_facts,
    winner_readings,
)
from .rules import HandRule, LimitHand, RuleTable, SetRule
from .ruleset import (
    Option,
    RuleSet,
    ValueEntry,
    Win,
    check_robbed_kong,
    check_win_flags,
    seats_in_order,
)
from .tiles import (
    DRAGONS,
    MAJORS,
    ONE_CIRCLES,
    TERMINALS,
    WIND_OF_SEAT,
    WINDS,
    is_dragon,
    is_honour,
    tile_name,
)
from .timing import HONG_KONG_TIME_RULE
from .vocabulary import gettext_noop

FAN_CAP: Final = 10  # 001 "Toelichting bij deze puntentelling", H2
LIMIT_FAN: Final = 20  # 001 "Het aantal fan voor een limietspel is 20 fan", H2

T: Final = "001 Combinaties met FAN toekenning"  # the fan table
W: Final = "001 Waardering combinaties"  # the detailed text (wins over the table, H3)
K: Final = "001 Spel met kongen"
SC: Final = "001 Schoon en superschoon"
S: Final = "001 Seizoenen of bloemen"
L: Final = "001 Speciale limiet spelen"
U: Final = "001 Uitzonderlijke regels"
THREE: Final = "001 Tafel van 3 spelers"
HOUSE: Final = "001 Opties van het HK Mahjong spel"  # house variants a)-j), agreed per club
VARIANTS: Final = "001 Varianten van het Hong Kong Mahjongspel"  # house variants too, off by default
PAO: Final = "001 PAO-Spel, Gevaarlijk Spel"
SEVEN_FIVE: Final = "001 De Levende Muur, 7 – 5 Regel"

SEAT_NUMBER: Final = {"E": "1", "S": "2", "W": "3", "N": "4"}
NUMBER_OF_WIND: Final = {wind: SEAT_NUMBER[seat] for seat, wind in WIND_OF_SEAT.items()}
# Seasons: "j" (jaargetijden) are the main seasons (hoofdseizoenen), "f"
# (flowers) the secondary ones (bijseizoenen); each numbered 1-4 = E S W N.
MAIN: Final = "j"
SECONDARY: Final = "f"


# --- Facts of a reading that only Hong Kong needs --------------------------
def _declared_open(r: Reading) -> int:
    """Declared open sets: a set completed by another's tile is open in the
    reading, but the hand was concealed until the win ("Geheel verborgen
    spel: ... met steen van de Muur of met weggelegde steen")."""
    open_sets = sum(1 for g in r.groups if not g.concealed)
    if not r.ctx.self_drawn and r.winning_group in ("chow", "pung"):
        open_sets -= 1
    return open_sets


def _seasons(r: Reading, kind: str) -> int:
    return sum(1 for tile in r.ctx.bonus if tile.endswith(kind))


def _own_season(r: Reading, kind: str) -> bool:
    return NUMBER_OF_WIND[r.ctx.seat_wind] + kind in r.ctx.bonus


def _little_four_winds(r: Reading) -> bool:
    # "Het 4de setje ... van een willekeurige soort, maar geen draken."
    return r.wind_pungs == 3 and r.pair in WINDS and r.dragon_pungs == 0


def _little_three_dragons(r: Reading) -> bool:
    return r.dragon_pungs == 2 and r.pair in DRAGONS


def _clean(r: Reading) -> bool:
    return len(r.facts.suits) == 1 and r.facts.honours


def _super_clean(r: Reading) -> bool:
    return len(r.facts.suits) == 1 and not r.facts.honours


def _seven_pairs(r: Reading) -> bool:
    return len(r.pairs) == 7


def _terminals_with_honours(r: Reading) -> bool:
    return r.facts.all_majors and bool(r.facts.honours) and bool(r.facts.suits)


def _pair_258(r: Reading) -> bool:
    return r.pair is not None and r.pair < 27 and r.pair % 9 in (1, 4, 7)


_GREEN: Final = frozenset({19, 20, 21, 23, 25, 32})  # 2 3 4 6 8 bamboo, green dragon


def _all_green(r: Reading) -> bool:
    tiles = {g.tile + offset for g in r.groups
             for offset in ((0, 1, 2) if g.kind == CHOW else (0,))}
    tiles.update(r.pairs)
    return tiles <= _GREEN


# --- The fan table ---------------------------------------------------------
SET_RULES: Final[tuple[SetRule, ...]] = (
    SetRule("pung_dragons", T + "; " + W + " Draken", "Pung or kong of dragons", doublings=1,
            winner_only=True, test=lambda g, w: g.kind != CHOW and is_dragon(g.tile)),
    # Seat and prevailing wind at once: 2 fan (001 "De combinaties", 2 Pung).
    SetRule("pung_seat_wind", T + "; " + W + " Winden", "Pung or kong of the seat wind",
            doublings=1, winner_only=True,
            test=lambda g, w: g.kind != CHOW and g.tile == w.seat_wind),
    SetRule("pung_prevailing_wind", T + "; " + W + " Winden",
            "Pung or kong of the prevailing wind", doublings=1, winner_only=True,
            test=lambda g, w: g.kind != CHOW and g.tile == w.prevailing_wind),
)

_SEASON_RULES: Final = frozenset({"own_main_season", "own_secondary_season", "all_main_seasons",
                           "all_secondary_seasons", "no_seasons"})


# House variants (001 "Opties van het HK Mahjong spel"), each an option, off
# by default: c) and d) add a fan, h) a limit hand. e)-g) are minimum_fan.
HOUSE_RULES: Final[dict[str, HandRule]] = {
    "house_terminals_honours": HandRule(
        "terminals_with_honours", HOUSE + " c)", "Only 1s and 9s with winds and/or dragons",
        doublings=1, winner_only=True, test=_terminals_with_honours),
    "house_pair_258": HandRule(
        "pair_258", HOUSE + " d)", "The pair is a 2, 5 or 8 of a suit", doublings=1,
        winner_only=True, test=_pair_258),
}
ALL_GREEN: Final = LimitHand("all_green", HOUSE + " h)", "Only 2 3 4 6 8 bamboo and green dragons",
                      LIMIT_FAN, "regular", _all_green)


def _hand_rules(all_pungs_fan: int, kong_replacement_fan: int,
                kong_on_kong_fan: int) -> tuple[HandRule, ...]:
    """The hand rules; three values are options where the seed's table and
    text disagree (H3)."""
    return (
        HandRule("concealed_hand", T + "; " + W, "Fully concealed: no open set declared "
                 "(a concealed kong allowed), won on any tile", doublings=1, winner_only=True,
                 test=lambda r: _declared_open(r) == 0),
        HandRule("self_drawn", T + "; " + W, "Winning tile from the wall", doublings=1,
                 winner_only=True, test=lambda r: r.ctx.self_drawn),
        HandRule("all_chows", T + "; " + W, "Four chows and any pair", doublings=1,
                 winner_only=True, test=lambda r: r.chows == 4),
        HandRule("all_pungs", W + " (H3; table: 5, 'Enkele combinaties': 3)",
                 "Four pungs (or kongs) and a pair", doublings=all_pungs_fan, winner_only=True,
                 test=lambda r: r.pungs == 4),
        HandRule("little_three_dragons", T + "; " + W + " Drie Kleine Wijzen",
                 "2 pungs of dragons + a pair of dragons (no fan for the dragon pungs)",
                 doublings=8, winner_only=True, replaces=frozenset({"pung_dragons"}),
                 test=_little_three_dragons),
        HandRule("little_four_winds", T + "; " + W + " Vier kleine winden",
                 "3 pungs of winds + a pair of winds, the fourth set no dragons",
                 doublings=8, winner_only=True, test=_little_four_winds),
        HandRule("clean", T + "; " + SC, "Clean: one suit with winds and/or dragons",
                 doublings=5, winner_only=True, group="clean", test=_clean),
        HandRule("super_clean", T + "; " + SC, "Super clean: all tiles of one suit",
                 doublings=8, winner_only=True, group="clean", test=_super_clean),
        HandRule("seven_pairs", T + " (7 Tweelingen)", "Seven different pairs, no kong",
                 doublings=4, winner_only=True, test=_seven_pairs),
        HandRule("last_wall_tile", T + "; " + U + "; 001 Afleggen van de laatste steen",
                 "Winning with the last tile of the wall, or on the discard after it",
                 doublings=1, winner_only=True, test=lambda r: "last_wall_tile" in r.ctx.flags),
        HandRule("moon_eats_cake", U + " (Maan eet cake)",
                 "Last wall tile is 1 circles, announced: 6 fan in all", doublings=6,
                 winner_only=True, replaces=frozenset({"last_wall_tile", "self_drawn"}),
                 test=lambda r: "moon_eats_cake" in r.ctx.flags),
        HandRule("robbing_the_kong", T + "; " + K + " Kongroof", "Robbing a kong",
                 doublings=1, winner_only=True,
                 test=lambda r: r.ctx.win_source == ROBBED_KONG),
        HandRule("kong_replacement", K + " (H3; table: 1)",
                 "Winning on a kong's replacement tile, self-drawn included",
                 doublings=kong_replacement_fan, winner_only=True,
                 replaces=frozenset({"self_drawn"}),
                 test=lambda r: r.ctx.win_source == KONG_REPLACEMENT),
        HandRule("kong_on_kong", K + " (H3; table: 4)",
                 "Kong on kong, then mahjong: self-drawn included", doublings=kong_on_kong_fan,
                 winner_only=True, replaces=frozenset({"self_drawn", "kong_replacement"}),
                 test=lambda r: "kong_on_kong" in r.ctx.flags),
        # Seasons and flowers (bonus tiles).
        HandRule("no_seasons", T + "; " + S + "; H6", "No seasons or flowers", doublings=1,
                 winner_only=True, test=lambda r: not r.ctx.bonus),
        HandRule("own_main_season", T + "; " + S, "The main season of the seat wind",
                 doublings=1, winner_only=True, test=lambda r: _own_season(r, MAIN)),
        HandRule("own_secondary_season", T + "; " + S,
                 "The secondary season of the seat wind", doublings=1, winner_only=True,
                 test=lambda r: _own_season(r, SECONDARY)),
        HandRule("all_main_seasons", T + "; " + S, "All four main seasons (own one included)",
                 doublings=2, winner_only=True, replaces=frozenset({"own_main_season"}),
                 test=lambda r: _seasons(r, MAIN) == 4),
        HandRule("all_secondary_seasons", T + "; " + S,
                 "All four secondary seasons (own one included)", doublings=2,
                 winner_only=True, replaces=frozenset({"own_secondary_season"}),
                 test=lambda r: _seasons(r, SECONDARY) == 4),
        HandRule("seven_seasons", T + "; " + S, "Seven seasons: 3 fan for all of them",
                 doublings=3, winner_only=True, replaces=_SEASON_RULES,
                 test=lambda r: len(r.ctx.bonus) == 7),
    )


# --- Limit hands (20 fan) --------------------------------------------------
def _all_terminals(r: Reading) -> bool:
    return r.pungs == 4 and r.facts.all_majors and not r.facts.honours


def _hidden_treasure(r: Reading) -> bool:
    # Four concealed pungs, no kongs; a pung completed by a discard is open
    # ("Situatie 01": the last pung only self-drawn).
    return r.pungs == 4 and r.kongs == 0 and all(g.concealed for g in r.groups)


LIMITS: Final[tuple[LimitHand, ...]] = (
    LimitHand("all_honours", T + "; " + W, "Only pungs of winds and dragons", LIMIT_FAN,
              "regular", lambda r: not r.facts.suits),
    LimitHand("three_great_dragons", T + "; " + W + " Drie Grote Wijzen",
              "3 pungs of dragons", LIMIT_FAN, "regular", lambda r: r.dragon_pungs == 3),
    LimitHand("big_four_winds", T + "; " + W + " Vier Grote winden", "4 pungs of winds",
              LIMIT_FAN, "regular", lambda r: r.wind_pungs == 4),
    LimitHand("all_terminals", T + "; " + L, "Pungs of 1s and 9s, a pair of 1s or 9s",
              LIMIT_FAN, "regular", _all_terminals),
    LimitHand("hidden_treasure", T + "; " + L, "Concealed: 4 pungs (no kongs) + a pair",
              LIMIT_FAN, "regular", _hidden_treasure),
    LimitHand("thirteen_orphans", T + "; " + L, "1 and 9 of each suit, each honour + one",
              LIMIT_FAN, "irregular", shapes.is_thirteen_orphans),
    LimitHand("nine_gates", T + "; " + L, "1112345678999 of one suit + any, concealed",
              LIMIT_FAN, "irregular", lambda c: shapes.nine_gates_suit(c) >= 0),
    LimitHand("heavenly_hand", T + "; " + L, "East wins with the 14 dealt tiles", LIMIT_FAN,
              "circumstance", lambda ctx: "heavenly" in ctx.flags),
    LimitHand("earthly_hand", T + "; " + L, "Winning on East's first discard", LIMIT_FAN,
              "circumstance", lambda ctx: "earthly" in ctx.flags),
    LimitHand("eight_seasons", T + "; " + S, "All eight seasons", LIMIT_FAN, "circumstance",
              lambda ctx: len(ctx.bonus) == 8),
)

DUTCH_NAMES: Final[dict[str, str]] = {
    "pung_dragons": "Pung draken",
    "pung_seat_wind": "Pung eigen wind",
    "pung_prevailing_wind": "Pung wind van de ronde",
    "concealed_hand": "Geheel verborgen spel",
    "self_drawn": "Winnende steen van de muur",
    "all_chows": "4 Chows",
    "all_pungs": "4 Pungen",
    "little_three_dragons": "Drie kleine wijzen",
    "little_four_winds": "Vier kleine winden",
    "clean": "Schoon",
    "super_clean": "Super schoon",
    "seven_pairs": "7 Tweelingen",
    "last_wall_tile": "Winnen met de laatste steen voor remise",
    "moon_eats_cake": "Maan eet cake",
    "robbing_the_kong": "Kongroof",
    "kong_replacement": "Winnen met extra steen na kong",
    "kong_on_kong": "Kong op kong",
    "no_seasons": "Geen seizoenen",
    "own_main_season": "Eigen hoofdseizoen",
    "own_secondary_season": "Eigen bijseizoen",
    "all_main_seasons": "Alle hoofdseizoenen",
    "all_secondary_seasons": "Alle bijseizoenen",
    "seven_seasons": "7 seizoenen",
    "all_honours": "Alleen winden en draken",
    "three_great_dragons": "Drie grote wijzen",
    "big_four_winds": "Vier grote winden",
    "all_terminals": "Pungen enen en negens",
    "hidden_treasure": "Verborgen schat",
    "thirteen_orphans": "Dertien wezen",
    "nine_gates": "Negen poorten",
    "heavenly_hand": "Spel van de hemel",
    "earthly_hand": "Spel van de aarde",
    "eight_seasons": "8 seizoenen",
    "terminals_with_honours": "Enen en negenen met winden en/of draken",
    "pair_258": "Sluitpaar 2, 5 of 8",
    "all_green": "All Green",
}


@cache  # keyed on validated options only: at most 2 x 2 x 2 x 4 = 32 tables
def rule_table(all_pungs_fan: int = 5, kong_replacement_fan: int = 2,
               kong_on_kong_fan: int = 6, house: frozenset[str] = frozenset()) -> RuleTable:
    """The rule table for the options that change a fan value (H3) and the
    house variants agreed (options named in HOUSE_RULES)."""
    hand_rules = _hand_rules(all_pungs_fan, kong_replacement_fan, kong_on_kong_fan) + tuple(
        rule for option, rule in HOUSE_RULES.items() if option in house)
    return RuleTable({}, SET_RULES, (), hand_rules, LIMITS, MAJORS)


_IRREGULAR: Final = tuple(limit for limit in LIMITS if limit.kind == "irregular")
_REGULAR: Final = tuple(limit for limit in LIMITS if limit.kind == "regular")
_CIRCUMSTANCE: Final = tuple(limit for limit in LIMITS if limit.kind == "circumstance")


# --- The payment tables (H1) -----------------------------------------------
LIMIT_ROW: Final = "limit"
FALSE_ROW: Final = "false"
DISCARDER_PAYS: Final = "discarder_pays"
HALF_PAY: Final = "half_pay"

# "Puntentelling Veroorzaker betaalt": fan -> (the discarder pays, each pays
# when self-drawn).
DISCARDER_PAYS_TABLE: Final[dict[int | str, tuple[int, int]]] = {
    0: (1, 0), 1: (2, 1), 2: (4, 2), 3: (8, 4), 4: (16, 8), 5: (24, 12), 6: (32, 16),
    7: (48, 24), 8: (64, 32), 9: (96, 48), 10: (128, 64),
    LIMIT_ROW: (256, 128), FALSE_ROW: (64, 32),
}
# "Puntentelling bij Hong Kong Mahjong": fan -> (each other player pays on a
# discard, the discarder pays, each pays when self-drawn; None: no entry).
# The table stops at 6 fan; the limit row is the next doubling, so 7-10 fan
# pay the limit row. False mahjong is the 6 fan row ("- Valse Mahjong").
HALF_PAY_TABLE: Final[dict[int | str, tuple[int, int, int | None]]] = {
    0: (1, 1, None), 1: (1, 2, 2), 2: (2, 4, 4), 3: (4, 8, 8), 4: (8, 16, 16),
    5: (16, 32, 32), 6: (32, 64, 64), LIMIT_ROW: (64, 128, 128), FALSE_ROW: (32, 64, 64),
}
HALF_PAY_TOP: Final = 6


def table_row(fan: int, scheme: str) -> int | str:
    """The payment table's row for a hand of ``fan`` (20: a limit hand)."""
    if fan >= LIMIT_FAN:
        return LIMIT_ROW
    fan = min(fan, FAN_CAP)
    if scheme == HALF_PAY and fan > HALF_PAY_TOP:
        return LIMIT_ROW
    return fan


def payments(row: int | str, scheme: str, seats: Sequence[str], winner: str,
             source: str | None, discarder: str | None,
             three_player_split: bool = False) -> list[tuple[str, str, int]]:
    """(payer, receiver, amount) for a win paid by the table's ``row``; at a
    table of 3 the player who is not there pays nothing (001 "Tafel van 3
    spelers"), and with ``three_player_split`` the other player pays a
    single share beside the discarder's."""
    others = [seat for seat in seats if seat != winner]
    if source in (DISCARD, ROBBED_KONG):
        assert discarder is not None
        if scheme == DISCARDER_PAYS:
            from_table, single = DISCARDER_PAYS_TABLE[row]
            paid = [(discarder, winner, from_table)]
            if three_player_split and len(seats) == 3 and single:
                other = next(seat for seat in others if seat != discarder)
                paid.append((other, winner, single))
            return paid
        each, by_discarder, _ = HALF_PAY_TABLE[row]
        return [(seat, winner, by_discarder if seat == discarder else each) for seat in others]
    if scheme == DISCARDER_PAYS:
        amount = DISCARDER_PAYS_TABLE[row][1]
    else:
        self_drawn = HALF_PAY_TABLE[row][2]
        if self_drawn is None:
            raise InvalidGame("the payment table has no self-drawn amount for 0 fan "
                              "(a self-drawn win has at least 1 fan)", "self_drawn_zero_fan")
        amount = self_drawn
    return [(seat, winner, amount) for seat in others]


def _net(seats: Sequence[str], paid: Sequence[tuple[str, str, int]]) -> dict[str, int]:
    net = {seat: 0 for seat in seats}
    for payer, receiver, amount in paid:
        net[payer] -= amount
        net[receiver] += amount
    return net


# --- Pao (H8) ---------------------------------------------------------------
# The hands a responsible player pays for, and the sets that must be open on
# the table for it: (what they are, how many "slagen"/3, which sets count).
# 001 PAO-Spel: "6 slagen van Draken, 9 slagen van Winden, 9 slagen van Enen
# en/of Negens"; Gevaarlijk Spel met Winden en Draken: 9 slagen.
_DRAGON_SETS: Final = ("dragons", 2, lambda m: m.kind != CHOW and is_dragon(m.tile))
_WIND_SETS: Final = ("winds", 3, lambda m: m.kind != CHOW and m.tile in WINDS)
_HONOUR_SETS: Final = ("winds and/or dragons", 3, lambda m: m.kind != CHOW and is_honour(m.tile))
_TERMINAL_SETS: Final = ("1s and/or 9s", 3, lambda m: m.kind != CHOW and m.tile in TERMINALS)
PAO_GROUNDS: Final[dict[str, tuple[tuple[str, int, Any], ...]]] = {
    "three_great_dragons": (_DRAGON_SETS,),
    "big_four_winds": (_WIND_SETS,),
    "little_four_winds": (_WIND_SETS,),  # "Deze regel geldt ook voor de Vier kleine Winden"
    "all_honours": (_HONOUR_SETS, _DRAGON_SETS),
    "all_terminals": (_TERMINAL_SETS,),
}
# By values: the least fan of a hand pao is paid for (little four winds 8,
# super clean 8; a limit hand 20).
PAO_LEAST_FAN: Final = 8


def _suit_sets(suit: int) -> tuple[str, int, Any]:
    names = ("characters", "circles", "bamboos")
    return (f"{names[suit]} (9 slagen)", 3, lambda m: m.tile // 9 == suit)


def _pao_names(candidate: _Candidate, options: Mapping[str, Any]) -> list[str]:
    names = [candidate.limit.name] if candidate.limit is not None else []
    names += [str(item.get("rule")) for item in candidate.items]
    if not options["house_pao_super_clean"]:
        names = [name for name in names if name != "super_clean"]
    return [name for name in names if name in PAO_GROUNDS or name == "super_clean"]


def _check_pao(hand: PlayerHand, ctx: Context, pao: str, best: Sequence[_Candidate],
               options: Mapping[str, Any]) -> None:
    """Refuse a responsible player nobody at the table can be (H8): pao is
    paid for the hands of PAO_GROUNDS (and super clean under the house
    variant) whose sets lie open on the table. Who discarded the winning tile
    did so with the dangerous sets showing (6 slagen of dragons, 9 of the
    rest); another player (the winning tile self-drawn or discarded by
    someone else) caused one set more: the 9th slag of dragons, the 12th of
    the rest ("Veroorzaakt een speler de 12de slag ... trekt hierna de
    winnende steen uit de muur")."""
    who = seat_label(hand.seat)
    discarded = ctx.win_source in (DISCARD, ROBBED_KONG) and ctx.discarder == pao
    open_melds = [meld for meld in hand.melds if meld.open]
    names: list[str] = []
    for candidate in best:
        names += [name for name in _pao_names(candidate, options) if name not in names]
    if not names:
        what = (best[0].limit.name if best and best[0].limit is not None
                else f"{best[0].value if best else 0} fan")
        raise InvalidGame(
            f"pao:{pao}: {who}'s hand ({what}) is no limit hand that pao is paid for, so "
            "nobody pays for all: pao is for three great dragons, the big or little four "
            "winds, all honours and all 1s and 9s shown open on the table "
            f"({PAO}, H8), or under the 7-5 rule (flag seven_five, H7)", "pao_no_limit_hand",
            pao=pao, seat=hand.seat,
            limit=best[0].limit.name if best and best[0].limit is not None else None,
            fan=best[0].value if best else 0)
    needed = []
    for name in names:
        grounds = PAO_GROUNDS.get(name) or (_suit_sets(_one_suit(hand)),)
        for kind, sets, test in grounds:
            need = sets + (0 if discarded else 1)
            shown = sum(1 for meld in open_melds if test(meld))
            if shown >= need:
                return
            needed.append(f"{name}: {need} open sets of {kind}, {shown} shown")
    by = (f"{seat_label(pao)} discarded the winning tile" if discarded
          else f"{seat_label(pao)} did not discard the winning tile, so gave a set before it")
    raise InvalidGame(
        f"pao:{pao}: nobody can be responsible for {who}'s hand: pao needs the sets open on "
        f"the table ({by}; {'; '.join(needed)}); a concealed hand or set is nobody's doing "
        f"({PAO}, H8)", "pao_sets_not_open", pao=pao, seat=hand.seat, discarded=discarded)


def _one_suit(hand: PlayerHand) -> int:
    counts = hand.all_counts()
    return next((suit for suit in range(3) if any(counts[suit * 9:suit * 9 + 9])), 0)


def _check_raw(hand: PlayerHand, ctx: Context) -> None:
    """Under the 5 rule only a raw suit tile (not yet seen on the table)
    makes its discarder pay; a dragon or wind does under the 7 rule, raw or
    not. The winner's own open sets are on the table (the other players'
    discards are not known to the engine)."""
    tile = ctx.winning_tile
    if tile < 0 or is_honour(tile):
        return
    for index, meld in enumerate(hand.melds, 1):
        if tile in meld.tile_list():
            raise InvalidGame(
                f"seven_five: {seat_label(hand.seat)} won on {tile_name(tile)}, which is on "
                f"the table in their meld {index}: a suit tile makes its discarder pay only "
                f"when it is raw, not yet discarded or shown in a set ({SEVEN_FIVE}, H7)",
                "seven_five_tile_shown", at={"seat": hand.seat, "meld": index},
                tile=tile_name(tile))


# --- Scoring ---------------------------------------------------------------
def _fan_items(items: list[dict[str, object]]) -> list[dict[str, object]]:
    """Breakdown rows with ``fan`` for the rules' doublings."""
    rows = []
    for item in items:
        row = {key: value for key, value in item.items() if key != "doublings"}
        row["fan"] = item.get("doublings", 0)
        rows.append(row)
    return rows


class _Candidate:
    __slots__ = ("fan", "limit", "items", "claim")

    def __init__(self, fan: int, limit: LimitHand | None, items: list[dict[str, object]],
                 claim: bool = False) -> None:
        self.fan = fan
        self.limit = limit
        self.items = items
        self.claim = claim  # a seasons claim: a mahjong whatever the fan

    @property
    def value(self) -> int:
        return LIMIT_FAN if self.limit is not None else min(self.fan, FAN_CAP)


def _seven_pairs_reading(concealed: Sequence[int], facts: Any, ctx: Context) -> Reading | None:
    """"7 Tweelingen, GÉÉN KONG TOEGESTAAN": seven different pairs."""
    if sum(concealed) != 14 or any(n not in (0, 2) for n in concealed):
        return None
    pairs = tuple(tile for tile, n in enumerate(concealed) if n == 2)
    return Reading((), pairs, facts, ctx, "pair", False)


class HongKong(RuleSet):
    name = "hongkong"
    # The bond ranks every variant but Hong Kong (its site: "alle varianten
    # behalve Hong Kong").
    bond_ranked = False
    title = "Hong Kong mahjong (club Fu-Hing)"
    # The catalogue: every rule, the house variants included (scoring uses
    # the table of the game's options, _table).
    table = RuleTable({}, SET_RULES, (), _hand_rules(5, 2, 6) + tuple(HOUSE_RULES.values()),
                      LIMITS + (ALL_GREEN,), MAJORS)
    dutch_names: Mapping[str, str] = DUTCH_NAMES
    limit = LIMIT_FAN  # a score given by value is a number of fan (20: a limit hand)
    player_counts = frozenset({3, 4})  # 001 Tafel van 3 spelers
    five_player_schedule = FIVE_PLAYER_ROTATION  # 001 Schema bij een tafel van 5 spelers
    uses_bonus_tiles = True
    robbed_kong_section = "001 Kongroof"
    time_rule = HONG_KONG_TIME_RULE  # 001 Huishoudelijk Reglement Art. 2
    # A hand by values is the winner's fan (0-10, or 20 for a limit hand);
    # who discarded, a responsible player (PAO-Spel) and a false mahjong
    # (Valse Mahjong) decide who pays what from the payment table.
    # "seven_five": the winning tile was discarded late in the live wall, so
    # its discarder pays for everyone whatever the hand (001 "7 – 5 Regel",
    # H7): a dragon or wind from the 7th-last tile on, a raw suit tile from
    # the 5th-last; given with pao:<the discarder>.
    value_entry = ValueEntry(flags=frozenset({"false_mahjong", "pao", "seven_five"}),
                             winner_only=True, unit="fan", minimum_option="minimum_fan",
                             cap=FAN_CAP)
    flags = frozenset({"last_wall_tile", "kong_on_kong", "heavenly", "earthly",
                       "moon_eats_cake", "false_mahjong", "seven_five",
                       *(f"pao:{seat}" for seat in "ESWN")})
    options: Sequence[Option] = (
        Option("payment", str, DISCARDER_PAYS,
               "001 Puntentelling Veroorzaker betaalt / Puntentelling bij Hong Kong Mahjong; H1",
               gettext_noop("Payment table: 'Discarder pays' (the discarder pays all, self-drawn: "
                            "everyone pays) or 'Everyone pays' (everyone pays, the discarder double)."),
               choices=(DISCARDER_PAYS, HALF_PAY),
               label=gettext_noop("Payment table"),
               choice_labels=(gettext_noop("Discarder pays"),
                              gettext_noop("Everyone pays (half pay)"))),
        Option("minimum_fan", int, 3, "001 Toelichting bij deze puntentelling; H2",
               gettext_noop("The fan a mahjong needs; 0 is 'chicken' play. Less is a false mahjong."),
               choices=tuple(range(FAN_CAP + 1)),
               label=gettext_noop("Minimum fan")),
        Option("all_pungs_fan", int, 5, "001 Waardering combinaties, 4 Pungen; H3",
               gettext_noop("Fan for four pungs: 5 (fan table and detailed text) or 3 "
                            "('Enkele combinaties')."), choices=(3, 5),
               label=gettext_noop("Fan for four pungs")),
        Option("kong_replacement_fan", int, 2, "001 Spel met kongen; H3",
               gettext_noop("Fan for winning on a kong's replacement tile, self-drawn included: "
                            "2 (detailed text) or 1 (fan table)."), choices=(1, 2),
               label=gettext_noop("Fan for a kong's replacement tile")),
        Option("kong_on_kong_fan", int, 6, "001 Spel met kongen; H3",
               gettext_noop("Fan for kong on kong, self-drawn included: 6 (detailed text) or 4 "
                            "(fan table)."), choices=(4, 6),
               label=gettext_noop("Fan for kong on kong")),
        Option("three_player_split", bool, False, THREE + "; H1",
               gettext_noop("At a table of 3 with the payment table 'Discarder pays': on a win from a "
                            "discard the other player pays a single share (the row's self-drawn amount) "
                            "beside the discarder ('2x van degene die de winnende steen aflegt en 1x van "
                            "de andere speler'). Off: the discarder pays all, as at a table of 4. With "
                            "'Everyone pays' the table itself splits 2x and 1x."),
               label=gettext_noop("Three players: the other player pays too")),
        Option("seven_five_rule", bool, True, SEVEN_FIVE + "; H7",
               gettext_noop("Live wall variant 2 (the default): the last 18 tiles stay standing and the "
                            "7-5 rule applies: from the 7th-last tile whoever discards a dragon or wind, "
                            "from the 5th-last whoever discards a raw suit tile, pays for everyone when "
                            "someone wins on it. Off: variant 1, the wall is played out and there is no "
                            "7-5 rule."),
               label=gettext_noop("Live wall: the last 18 tiles stay standing (7-5 rule)")),
        Option("house_pao_super_clean", bool, False, VARIANTS + " (Gevaarlijk Spel)",
               gettext_noop("House variant: pao for a super-clean hand: 9 tiles of one suit open on the "
                            "table (3 sets); the discarder of the tile that makes it super clean, or the "
                            "player who gave the 4th set before the winner drew the winning tile, pays "
                            "for everyone."),
               label=gettext_noop("House rule: pao on a super-clean hand")),
        Option("house_terminals_honours", bool, False, HOUSE + " c)",
               gettext_noop("House variant: 1 fan more for a hand of only 1s and 9s with winds and/or "
                            "dragons."),
               label=gettext_noop("House rule: terminals with honours")),
        Option("house_pair_258", bool, False, HOUSE + " d)",
               gettext_noop("House variant: 1 fan for a pair of 2, 5 or 8 of a suit."),
               label=gettext_noop("House rule: pair of 2, 5 or 8")),
        Option("house_all_green", bool, False, HOUSE + " h)",
               gettext_noop("House variant: All Green is a limit hand (only 2, 3, 4, 6, 8 bamboo and "
                            "green dragons)."),
               label=gettext_noop("House rule: All Green")),
    )

    def wins_while_dead(self, hand: PlayerHand | int) -> bool:
        # 001 Seizoenen, Dode Hand ("Uitzondering: zie het Spel van de
        # Seizoenen"): with a dead hand a player may still claim mahjong with
        # the 7th or 8th season, whatever the tiles.
        return isinstance(hand, PlayerHand) and len(hand.bonus) >= 7

    @staticmethod
    def _table(options: Mapping[str, Any]) -> RuleTable:
        house = frozenset(name for name in HOUSE_RULES if options[name])
        return rule_table(options["all_pungs_fan"], options["kong_replacement_fan"],
                          options["kong_on_kong_fan"], house)

    def validate_flags(self, flags: frozenset[str], winner: str, hands: Mapping[str, Any],
                       win_source: str | None, discarder: str | None) -> None:
        who = seat_label(winner)
        hand = hands.get(winner)
        if "last_wall_tile" in flags and win_source not in (WALL, DISCARD):
            raise InvalidGame(f"{who}: last_wall_tile is a win on the last wall tile "
                              "(win_source wall) or on the discard after it (discard)",
                              "last_wall_tile_source", seat=winner)
        if "moon_eats_cake" in flags:
            if "last_wall_tile" not in flags or win_source != WALL:
                raise InvalidGame(f"{who}: moon_eats_cake is the last wall tile, self-drawn "
                                  "(flags last_wall_tile, win_source wall)",
                                  "moon_eats_cake_flags", seat=winner)
        check_win_flags(who, winner, hand, win_source, discarder, flags, hands)
        pao = [flag[4:] for flag in flags if flag.startswith("pao:")]
        if len(pao) > 1:
            raise InvalidGame(f"one player is responsible (pao), got {', '.join(pao)}",
                              "pao_more_than_one", got=", ".join(pao))
        if pao and (pao[0] not in hands or pao[0] == winner):
            raise InvalidGame(f"pao:{pao[0]}: the responsible player must be another "
                              "player at the table than the winner", "pao_not_other",
                              pao=pao[0])
        if pao and "false_mahjong" in flags:
            raise InvalidGame(f"{who}: a false mahjong has no responsible player (pao)",
                              "pao_false_mahjong", seat=winner)
        if "seven_five" in flags:
            # 001 "7 – 5 Regel" (H7): the discarder of the winning tile pays.
            if win_source != DISCARD or discarder is None:
                raise InvalidGame(f"{who}: seven_five is a win on a tile discarded late in the "
                                  "live wall (win_source discard); its discarder pays for "
                                  f"everyone ({SEVEN_FIVE}, H7)", "seven_five_not_discard",
                                  seat=winner)
            if pao != [discarder]:
                raise InvalidGame(f"{who}: seven_five makes the discarder pay for everyone: "
                                  f"flag pao:{discarder} with it ({SEVEN_FIVE}, H7)",
                                  "seven_five_needs_pao", seat=winner, discarder=discarder)
            if "earthly" in flags:
                raise InvalidGame(f"{who}: seven_five is a discard late in the live wall, an "
                                  "earthly hand is won on East's first discard",
                                  "seven_five_earthly", seat=winner)
        if win_source is None:
            raise InvalidGame(f"{who} won: give win_source (the payment table depends on it)",
                              "win_source_missing", seat=winner)

    def validate_win(self, winner: str, hands: Mapping[str, PlayerHand | int],
                     win_source: str | None, discarder: str | None, winning_tile: int) -> None:
        # 001 Kongroof: as everywhere, and a concealed kong may be robbed
        # for the Dertien Wezen ("Dit is de enige uitzondering").
        if win_source == ROBBED_KONG:
            hand = hands.get(winner)
            orphans = isinstance(hand, PlayerHand) and shapes.is_thirteen_orphans(hand.concealed)
            check_robbed_kong(winner, hands, discarder, winning_tile, self.robbed_kong_section,
                              from_concealed_kong=orphans)

    def _candidates(self, hand: PlayerHand, ctx: Context,
                    options: Mapping[str, Any]) -> list[_Candidate]:
        table = self._table(options)
        concealed = list(hand.concealed)
        facts = tile_facts(hand.all_counts())
        readings = winner_readings(parses(concealed), hand.melds, facts, ctx)
        irregular: list[LimitHand] = []
        if not hand.melds:
            seven = _seven_pairs_reading(concealed, facts, ctx)
            if seven is not None:
                readings.append(seven)
            if sum(concealed) == 14:
                irregular = [limit for limit in _IRREGULAR if limit.test(concealed)]
        candidates = [_Candidate(LIMIT_FAN, limit, []) for limit in irregular]
        # A season claim (7 or 8 seasons, whatever the tiles) is made on
        # drawing that season ("op het moment dat deze speler de 7de seizoen
        # pakt"): never on a discard (H10); on one, only the tiles count.
        claim = ctx.self_drawn
        if readings or irregular or (claim and len(ctx.bonus) == 8):
            candidates += [_Candidate(LIMIT_FAN, limit, []) for limit in _CIRCUMSTANCE
                           if limit.test(ctx) and (claim or limit.name != "eight_seasons")]
        regular = _REGULAR + ((ALL_GREEN,) if options["house_all_green"] else ())
        for reading in readings:
            candidates += [_Candidate(LIMIT_FAN, limit, []) for limit in regular
                           if limit.test(reading)]
            _, fan, items = table.breakdown(reading)
            candidates.append(_Candidate(fan, None, items))
        if not readings and len(ctx.bonus) == 7 and claim:
            # "mag deze speler Mahjong claimen ... ongeacht de stenen in zijn hand"
            seasons = next(rule for rule in table.hand_rules if rule.name == "seven_seasons")
            candidates.append(_Candidate(seasons.doublings, None,
                                         [{"rule": seasons.name,
                                           "doublings": seasons.doublings}], claim=True))
        return candidates

    def score_winner(self, hand: PlayerHand, ctx: Context,
                     options: Mapping[str, Any]) -> HandResult:
        ctx = Context(ctx.seat_wind, ctx.prevailing_wind, ctx.winner, ctx.win_source, ctx.flags,
                      ctx.winning_tile, ctx.only_possible, ctx.peling, hand.bonus, ctx.discarder)
        who = seat_label(hand.seat)
        if "moon_eats_cake" in ctx.flags and ctx.winning_tile != ONE_CIRCLES:
            # 001 "Maan eet cake: winnen met laatste steen van de muur en dat
            # is kringen 1" (H10): the winning tile, not a 1p anywhere.
            raise InvalidGame(f"{who}: moon_eats_cake is winning with the last wall tile when "
                              "it is 1 circles (1p), but the winning tile is "
                              f"{tile_name(ctx.winning_tile)} ({U}, H10)",
                              "moon_eats_cake_tile", seat=hand.seat,
                              tile=tile_name(ctx.winning_tile))
        candidates = self._candidates(hand, ctx, options)
        minimum = options["minimum_fan"]
        legal = [c for c in candidates
                 if c.limit is not None or c.claim or c.value >= minimum]
        if not candidates and len(hand.bonus) >= 7 and not ctx.self_drawn:
            raise InvalidGame(f"{who} holds {len(hand.bonus)} seasons but won on a "
                              f"{(ctx.win_source or 'discard').replace('_', ' ')}: a season "
                              "claim is made on drawing the 7th or 8th season from the wall "
                              f"(win_source wall), never on a discard ({S}, H10)",
                              "season_claim_not_drawn", seat=hand.seat,
                              seasons=len(hand.bonus), source=ctx.win_source or "discard")
        if "false_mahjong" in ctx.flags:
            if legal:
                best = max(legal, key=lambda c: c.value)
                raise InvalidGame(f"{who}: flagged false_mahjong, but the hand is a mahjong "
                                  f"of {best.value} fan", "false_mahjong_is_mahjong",
                                  seat=hand.seat, fan=best.value)
            return HandResult(value=0, items=[{"rule": "false_mahjong"}])
        if not legal:
            if not candidates:
                raise InvalidGame(f"{who}: the tiles do not form a mahjong (four sets and a "
                                  "pair, seven pairs or a limit hand); a false mahjong is "
                                  "flagged false_mahjong", "no_mahjong", seat=hand.seat)
            most = max(c.value for c in candidates)
            raise InvalidGame(f"false mahjong: {who}'s best reading has {most} fan; a mahjong "
                              f"needs at least {minimum} (option minimum_fan, H2); flag "
                              "false_mahjong to settle the penalty", "too_few_fan",
                              seat=hand.seat, fan=most, minimum=minimum)
        best = max(legal, key=lambda c: c.value)
        pao = next((flag[4:] for flag in ctx.flags if flag.startswith("pao:")), None)
        if pao is not None and "seven_five" not in ctx.flags:
            _check_pao(hand, ctx, pao, [c for c in legal if c.value == best.value], options)
        if "seven_five" in ctx.flags:
            _check_raw(hand, ctx)
        if best.limit is not None:
            return HandResult(value=LIMIT_FAN, doublings=LIMIT_FAN, limit=best.limit.name,
                              legal_mahjong=True,
                              items=[{"rule": best.limit.name, "fan": LIMIT_FAN}])
        return HandResult(value=best.value, doublings=best.fan, legal_mahjong=True,
                          items=_fan_items(best.items))

    def score_other(self, hand: PlayerHand, ctx: Context,
                    options: Mapping[str, Any]) -> HandResult:
        # "Je krijgt geen punten als je geen winnaar bent."
        return HandResult(value=0)

    def settle(self, values: Mapping[str, int], winner: str | None,
               options: Mapping[str, Any]) -> dict[str, int]:
        """Without knowing how the hand was won: as self-drawn."""
        settlement: dict[str, int] = self.outcome(values, Win(winner, WALL), options,
                                                  {})["settlement"]
        return settlement

    def outcome(self, values: Mapping[str, int], win: Win, options: Mapping[str, Any],
                hands: Mapping[str, Mapping[str, object]]) -> dict[str, Any]:
        seats = seats_in_order(list(values))
        scores = {seat: 0 for seat in seats}
        winner = win.winner
        if winner is None:
            return {"scores": scores, "settlement": dict(scores)}
        scheme = options["payment"]
        split = bool(options["three_player_split"])
        if "false_mahjong" in win.flags:
            # 001 Valse Mahjong: the claimer pays as a winner would be paid.
            paid = [(receiver, payer, amount) for payer, receiver, amount in payments(
                FALSE_ROW, scheme, seats, winner, win.source, win.discarder, split)]
            # Nobody won: East stays East, as after a draw (H4).
            return {"scores": scores, "settlement": _net(seats, paid), "false_mahjong": winner,
                    "winds_rotate": False}
        fan = values[winner]
        breakdown = hands.get(winner)
        if breakdown is None and fan < options["minimum_fan"]:
            raise InvalidGame(f"false mahjong: {seat_label(winner)} was given {fan} fan; a "
                              f"mahjong needs at least {options['minimum_fan']} (H2)",
                              "too_few_fan_given", seat=winner, fan=fan,
                              minimum=options["minimum_fan"])
        paid = payments(table_row(fan, scheme), scheme, seats, winner, win.source,
                        win.discarder, split)
        result: dict[str, Any] = {}
        pao = next((flag[4:] for flag in win.flags if flag.startswith("pao:")), None)
        if "seven_five" in win.flags and not options["seven_five_rule"]:
            raise InvalidGame(f"{seat_label(winner)}: seven_five: the 7-5 rule applies only "
                              "when the last 18 tiles of the wall stay standing (option "
                              f"seven_five_rule; {SEVEN_FIVE}, H7)", "seven_five_option_off",
                              seat=winner)
        if pao is not None and breakdown is None and "seven_five" not in win.flags \
                and fan < PAO_LEAST_FAN:
            # By values the tiles are not known: only that a hand below 8
            # fan is neither a limit hand nor the little four winds (nor,
            # with the house variant, super clean).
            raise InvalidGame(f"pao:{pao}: {seat_label(winner)} was given {fan} fan, no limit "
                              "hand: pao is paid for a limit hand (20) or the little four "
                              f"winds (8 fan or more) ({PAO}, H8), or under the 7-5 rule "
                              "(flag seven_five, H7)", "pao_value_no_limit_hand", pao=pao,
                              seat=winner, fan=fan)
        if pao is not None:
            paid = [(pao, winner, sum(amount for _, _, amount in paid))]
            result["pao"] = pao
        settlement = _net(seats, paid)
        scores[winner] = settlement[winner]
        return {"scores": scores, "settlement": settlement, **result}

    def deal_order(self, players: int,
                   options: Mapping[str, Any] | None = None) -> DealOrder:
        # H9, 001 "Tafel van 3 spelers": "NOORD bestaat niet ... De speelronde
        # is dan ook: OOST, ZUID en WEST. Nadat WEST aan de beurt is geweest,
        # verandert de ronde wind": no North round at a table of 3.
        if players == 3:
            return DealOrder(winds="ESW", source="001 Tafel van 3 spelers, H9")
        return super().deal_order(players, options)

    def winds_rotate(self, winner: str | None, options: Mapping[str, Any]) -> bool:
        # 001 "Oost blijft Oost", H4: East stays on an East win or a draw.
        return winner not in (None, "E")


RULESET: Final = HongKong()
