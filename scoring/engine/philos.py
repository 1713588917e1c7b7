"""Classic mahjong as in the Philos rulebook (seed 004).

Sources: seed 004 (German, French and Spanish, the same text three times;
the German is quoted): §6 settlement, §6.1 points for sets and pairs, §6.2
bonus points for mahjong, §6.3 doublings, §6.4 the worked example and the
limit of 3000, §7 flowers and seasons and the "Himmlische Zwillinge"; the
decisions P1-P5 and R1-R2 of rule-decisions.md. Every rule of the game is an
entry of the tables below; the functions after them only find the best
reading. Settlement is the shared one (P2 = N13, settlement.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from . import shapes
from .deal import DREAMER_ROTATION, ROUNDS_OF_FOUR, DealOrder
from .decompose import CHOW, KONG, PUNG, parses
from .errors import InvalidGame
from .hands import HandResult, PlayerHand, seat_label
from .reading import (
    KONG_REPLACEMENT,
    WALL,
    Context,
    Group,
    Reading,
    Winds,
    non_winner_sets,
    tile_facts,
    winner_readings,
)
from .rules import HandRule, LimitHand, PairRule, Rule, RuleTable, SetRule
from .ruleset import Option, RuleSet
from .settlement import settle
from .tiles import MAJORS, is_dragon
from .timing import PHILOS_TIME_RULE
from .vocabulary import gettext_noop

LIMIT: Final = 3000  # 004 §6.4 "3000 Punkte als Limit", an option (P1)
LIMIT_MAXIMUM: Final = 100_000

P: Final = "004 §6.1"  # points for sets and pairs
B: Final = "004 §6.2"  # bonus points for mahjong
D: Final = "004 §6.3"  # doublings
F: Final = "004 §7"  # flowers and seasons (option)
T: Final = "004 §7 Himmlische Zwillinge"  # seven pairs (option)

_ONES: Final = frozenset({0, 9, 18})  # 1m 1p 1s
_NINES: Final = frozenset({8, 17, 26})  # 9m 9p 9s

# --- Points for sets (all players): (kind, concealed, terminal/honour) ----
# "Kan verdeckt: wie Pon verdeckt": four equal tiles never declared are read
# as a concealed pung (R2); a declared concealed kong is "halbverdeckt".
SET_POINTS: Final[dict[tuple[int, bool, bool], Rule]] = {
    (PUNG, False, False): Rule("open_pung_simples", P, "Open pung of 2-8 of a suit", points=2),
    (PUNG, True, False): Rule("concealed_pung_simples", P, "Concealed pung of 2-8 of a suit",
                              points=4),
    (PUNG, False, True): Rule("open_pung_terminals_honours", P,
                              "Open pung of 1s or 9s, dragons or winds", points=4),
    (PUNG, True, True): Rule("concealed_pung_terminals_honours", P,
                             "Concealed pung of 1s or 9s, dragons or winds", points=8),
    (KONG, False, False): Rule("open_kong_simples", P, "Open kong of 2-8 of a suit", points=8),
    (KONG, True, False): Rule("half_concealed_kong_simples", P,
                              "Half-concealed (declared concealed) kong of 2-8 of a suit",
                              points=16),
    (KONG, False, True): Rule("open_kong_terminals_honours", P,
                              "Open kong of 1s or 9s, dragons or winds", points=16),
    (KONG, True, True): Rule("half_concealed_kong_terminals_honours", P,
                             "Half-concealed (declared concealed) kong of 1s or 9s, dragons "
                             "or winds", points=32),
}


# --- Doublings for a pung or kong (all players, P4) ------------------------
# Each set takes its single highest line (P4), so the tests below exclude one
# another: a pung of the prevailing wind is 2, not 1 + 2.
def _wind_line(g: Group, w: Winds) -> str:
    """Which wind line a pung or kong of winds takes: 'seat', 'prevailing',
    'both' or 'other'; '' for anything else."""
    if not 27 <= g.tile <= 30:
        return ""
    seat, prevailing = g.tile == w.seat_wind, g.tile == w.prevailing_wind
    if seat and prevailing:
        return "both"
    return "seat" if seat else "prevailing" if prevailing else "other"


def _set_line(kind: int, line: str) -> Callable[[Group, Winds], bool]:
    return lambda g, w: g.kind == kind and _wind_line(g, w) == line


SET_RULES: Final[tuple[SetRule, ...]] = (
    SetRule("pung_dragons", D, "Pung of dragons", doublings=1,
            test=lambda g, w: g.kind == PUNG and is_dragon(g.tile)),
    SetRule("pung_winds", D, "Pung of winds (neither seat nor prevailing wind)", doublings=1,
            test=_set_line(PUNG, "other")),
    SetRule("pung_prevailing_wind", D, "Pung of the prevailing (round) wind", doublings=2,
            test=_set_line(PUNG, "prevailing")),
    SetRule("pung_seat_wind", D, "Pung of the seat wind", doublings=2,
            test=_set_line(PUNG, "seat")),
    SetRule("pung_seat_and_prevailing_wind", D, "Pung of a wind that is seat and round wind",
            doublings=3, test=_set_line(PUNG, "both")),
    SetRule("kong_winds", D, "Kong of winds (neither seat nor prevailing wind)", doublings=2,
            test=_set_line(KONG, "other")),
    SetRule("kong_dragons", D, "Kong of dragons", doublings=2,
            test=lambda g, w: g.kind == KONG and is_dragon(g.tile)),
    SetRule("kong_prevailing_wind", D, "Kong of the prevailing (round) wind", doublings=3,
            test=_set_line(KONG, "prevailing")),
    SetRule("kong_seat_wind", D, "Kong of the seat wind", doublings=3,
            test=_set_line(KONG, "seat")),
    SetRule("kong_seat_and_prevailing_wind", D, "Kong of a wind that is seat and round wind",
            doublings=4, test=_set_line(KONG, "both")),
)
# "Kan jeder 1 x verdoppeln": the §6.4 example does not count it for its
# half-concealed kong of 2 characters (26 points, 2 doublings, 104), so it is
# the option any_kong_doubles, off by default. Honour kongs take their own
# (higher) line above either way.
KONG_ANY: Final = SetRule("kong_any", D + " (option any_kong_doubles)",
                   "Any kong of a suit (1-9), with the option any_kong_doubles", doublings=1,
                   test=lambda g, w: g.kind == KONG and g.tile < 27)

# --- Points for a pair (all players; the lines add up, P5) -----------------
PAIR_RULES: Final[tuple[PairRule, ...]] = (
    PairRule("pair_dragons", P, "Pair of dragons", points=2, test=lambda t, w: is_dragon(t)),
    PairRule("pair_seat_wind", P, "Pair of the seat wind", points=2,
             test=lambda t, w: t == w.seat_wind),
    PairRule("pair_prevailing_wind", P, "Pair of the prevailing (round) wind", points=2,
             test=lambda t, w: t == w.prevailing_wind),
)


# --- Bonus points and doublings for the winner -----------------------------
def _no_exposed_set(r: Reading) -> bool:
    """P5: no declared open set (a declared concealed kong exposes nothing);
    the set a discard completed is laid open only with the mahjong."""
    exposed = sum(1 for g in r.groups if not g.concealed)
    if r.winning_set is not None and not r.ctx.self_drawn:
        exposed -= 1
    return exposed == 0


def _middle_of_chow(r: Reading) -> bool:
    s = r.winning_set
    return s is not None and s.kind == CHOW and s.tile + 1 == r.ctx.winning_tile


def _winds_pair(r: Reading) -> bool:
    return r.pair >= 27


def _one_suit_and_honours(r: Reading) -> bool:
    # One suit with dragons and winds; a hand of honours only (mixed) too.
    return len(r.facts.suits) <= 1 and r.facts.honours


def _held_only(r: Reading, tiles: frozenset[int]) -> bool:
    return all(g.tile in tiles and g.kind != CHOW for g in r.groups) and r.pair in tiles


HAND_RULES: Final[tuple[HandRule, ...]] = (
    # §6.2 "Die Prämienpunkte für Mah Jongg": the winner's.
    HandRule("mahjong", B, "Mahjong (basic bonus)", points=20, winner_only=True,
             test=lambda r: True),
    HandRule("no_exposed_set", B + ", P5", "From the hand without an exposed set", points=20,
             winner_only=True, test=_no_exposed_set),
    HandRule("only_chows", B, "Only chows and a closing pair of a suit", points=20,
             winner_only=True, test=lambda r: r.chows == 4 and 0 <= r.pair < 27),
    HandRule("only_simples", B, "Only suit tiles, no 1 and no 9", points=20, winner_only=True,
             test=lambda r: r.facts.all_simples),
    HandRule("only_pungs", B, "Only pungs (or kongs) and a closing pair", points=2,
             winner_only=True, test=lambda r: r.pungs == 4),
    HandRule("from_live_wall", B, "Winning tile from the live wall", points=2,
             winner_only=True, test=lambda r: r.ctx.win_source == WALL),
    HandRule("last_tile_of_live_wall", B, "Winning tile is the last tile of the live wall",
             points=4, winner_only=True, replaces=frozenset({"from_live_wall"}),
             test=lambda r: "last_wall_tile" in r.ctx.flags),
    HandRule("from_dead_wall", B, "Winning tile from the dead wall (kong replacement)",
             points=4, winner_only=True, test=lambda r: r.ctx.win_source == KONG_REPLACEMENT),
    HandRule("completes_pair", B, "Winning tile completes the closing pair", points=2,
             winner_only=True, test=lambda r: r.winning_group == "pair"),
    HandRule("middle_of_chow", B, "Winning tile completes a chow as its middle tile",
             points=2, winner_only=True, test=_middle_of_chow),
    HandRule("closing_pair_honours", B + ", P5", "Closing pair of winds or dragons", points=2,
             winner_only=True, test=_winds_pair),
    HandRule("closing_pair_seat_wind", B + ", P5", "Closing pair of the seat wind", points=4,
             winner_only=True, replaces=frozenset({"closing_pair_honours"}),
             test=lambda r: r.pair == r.ctx.seat_wind),
    HandRule("closing_pair_prevailing_wind", B + ", P5",
             "Closing pair of the prevailing (round) wind", points=4, winner_only=True,
             replaces=frozenset({"closing_pair_honours"}),
             test=lambda r: r.pair == r.ctx.prevailing_wind),
    # §6.3 "Mah Jongg nur aus ...": the winner's; only the highest counts (P4).
    HandRule("one_suit_with_honours", D + ", P4", "Only one suit with dragons and winds",
             doublings=2, winner_only=True, group="mahjong_only", test=_one_suit_and_honours),
    HandRule("one_suit", D + ", P4", "Only one suit", doublings=3, winner_only=True,
             group="mahjong_only",
             test=lambda r: len(r.facts.suits) == 1 and not r.facts.honours),
    HandRule("only_dragons", D + ", P4", "Only dragons", doublings=4, winner_only=True,
             group="mahjong_only", test=lambda r: _held_only(r, frozenset({31, 32, 33}))),
    HandRule("only_winds", D + ", P4", "Only winds", doublings=4, winner_only=True,
             group="mahjong_only", test=lambda r: _held_only(r, frozenset({27, 28, 29, 30}))),
    HandRule("only_ones", D + ", P4", "Only 1s", doublings=4, winner_only=True,
             group="mahjong_only", test=lambda r: _held_only(r, _ONES)),
    HandRule("only_nines", D + ", P4", "Only 9s", doublings=4, winner_only=True,
             group="mahjong_only", test=lambda r: _held_only(r, _NINES)),
)

# --- Limit hands -----------------------------------------------------------
# The one limit hand of seed 004, with the option heavenly_twins: seven pairs
# "erhält die Höchstpunktzahl" (the limit, 3000 by default). Four equal
# tiles count as two pairs, as for NTS.
TWINS: Final = LimitHand("heavenly_twins", T + " (option heavenly_twins)",
                  "Seven pairs (Himmlische Zwillinge): the limit", LIMIT, "irregular",
                  shapes.is_seven_pairs)
LIMITS: Final[tuple[LimitHand, ...]] = (TWINS,)


# --- Flowers and seasons (option flowers_seasons; all players) -------------
@dataclass(frozen=True, slots=True)
class BonusRule(Rule):
    """A rule over a player's bonus tiles: ``test(tiles, own)`` sees the
    bonus tiles ("1f", "3j") and the player's own number (1 East .. 4 North,
    004 §7); ``each`` ("f" or "j") gives the points once per such tile."""

    each: str = ""
    test: Callable[[frozenset[str], str], bool] = field(default=lambda tiles, own: False)


_ALL_FLOWERS: Final = frozenset({"1f", "2f", "3f", "4f"})
_ALL_SEASONS: Final = frozenset({"1j", "2j", "3j", "4j"})

BONUS_RULES: Final[tuple[BonusRule, ...]] = (
    BonusRule("flower", F, "Each flower", points=4, each="f"),
    BonusRule("season", F, "Each season", points=4, each="j"),
    BonusRule("own_flower", F, "The flower of one's own wind", doublings=1,
              test=lambda tiles, own: own + "f" in tiles),
    BonusRule("own_season", F, "The season of one's own wind", doublings=1,
              test=lambda tiles, own: own + "j" in tiles),
    BonusRule("all_flowers", F, "All four flowers", doublings=2,
              replaces=frozenset({"own_flower"}), test=lambda tiles, own: _ALL_FLOWERS <= tiles),
    BonusRule("all_seasons", F, "All four seasons", doublings=2,
              replaces=frozenset({"own_season"}), test=lambda tiles, own: _ALL_SEASONS <= tiles),
    BonusRule("all_flowers_and_seasons", F, "All flowers and seasons", doublings=5,
              replaces=frozenset({"own_flower", "own_season", "all_flowers", "all_seasons"}),
              test=lambda tiles, own: _ALL_FLOWERS | _ALL_SEASONS <= tiles),
)
_OWN_NUMBER: Final = {27: "1", 28: "2", 29: "3", 30: "4"}
# Keyed on a player's flowers and seasons, each at most once (game.py checks
# that before anything is scored), and the seat wind: at most 256 x 4 entries.
_BONUS_MEMO: Final[dict[tuple[tuple[str, ...], int], tuple[int, int, tuple[dict[str, object], ...]]]] = {}


def bonus_value(bonus: Sequence[str], seat_wind: int) -> tuple[int, int, list[dict[str, object]]]:
    """(points, doublings, items) of a player's flowers and seasons."""
    if not bonus:
        return 0, 0, []
    key = (tuple(sorted(bonus)), seat_wind)
    memo = _BONUS_MEMO.get(key)
    if memo is None:
        tiles = frozenset(bonus)
        own = _OWN_NUMBER[seat_wind]
        applied: list[tuple[BonusRule, dict[str, object]]] = []
        for rule in BONUS_RULES:
            if rule.each:
                applied += [(rule, {"rule": rule.name, "points": rule.points, "tiles": tile})
                            for tile in key[0] if tile.endswith(rule.each)]
            elif rule.test(tiles, own):
                applied.append((rule, {"rule": rule.name, "doublings": rule.doublings}))
        replaced = frozenset().union(*(rule.replaces for rule, _ in applied))
        kept = [(rule, item) for rule, item in applied if rule.name not in replaced]
        memo = _BONUS_MEMO[key] = (sum(rule.points for rule, _ in kept),
                                   sum(rule.doublings for rule, _ in kept),
                                   tuple(item for _, item in kept))
    return memo[0], memo[1], [dict(item) for item in memo[2]]


# --- Names -----------------------------------------------------------------
# The seed's own (German) names of the rows, and Dutch names for the pages.
GERMAN_NAMES: Final[dict[str, str]] = {
    "open_pung_simples": "Pon offen, Ziegel 2 bis 8 der Grundfarben",
    "concealed_pung_simples": "Pon verdeckt, Ziegel 2 bis 8 der Grundfarben",
    "open_pung_terminals_honours": "Pon offen, Ziegel 1 oder 9, Drachen oder Winde",
    "concealed_pung_terminals_honours": "Pon verdeckt, Ziegel 1 oder 9, Drachen oder Winde",
    "open_kong_simples": "Kan offen, Ziegel 2 bis 8 der Grundfarben",
    "half_concealed_kong_simples": "Kan halbverdeckt, Ziegel 2 bis 8 der Grundfarben",
    "open_kong_terminals_honours": "Kan offen, Ziegel 1 oder 9, Drachen oder Winde",
    "half_concealed_kong_terminals_honours":
        "Kan halbverdeckt, Ziegel 1 oder 9, Drachen oder Winde",
    "pung_dragons": "Pon aus Drachen",
    "pung_winds": "Pon aus Winden",
    "pung_prevailing_wind": "Pon aus Rundenwinden",
    "pung_seat_wind": "Pon aus Platzwinden",
    "pung_seat_and_prevailing_wind": "Pon gleichzeitig Runden- u. Platzwind",
    "kong_any": "Kan jeder",
    "kong_winds": "Kan aus Winden",
    "kong_dragons": "Kan aus Drachen",
    "kong_prevailing_wind": "Kan aus Rundenwinden",
    "kong_seat_wind": "Kan aus Platzwinden",
    "kong_seat_and_prevailing_wind": "Kann gleichzeitig Runden- u. Platzwind",
    "pair_dragons": "Paar Drachen",
    "pair_seat_wind": "Paar Platzwinde",
    "pair_prevailing_wind": "Paar Rundenwinde",
    "mahjong": "Mah-Jongg-Ruf Basisprämie",
    "no_exposed_set": "Aus der Hand ohne offene Figur",
    "only_chows": "Nur Chis und Schlusspärchen aus Grundfarben",
    "only_simples": "Nur Grundfarben, aber keine 1 und 9",
    "only_pungs": "Nur Pons und Schlusspärchen",
    "from_live_wall": "Schlussziegel von der lebenden Mauer",
    "last_tile_of_live_wall": "Schlussziegel ist der letzte Ziegel aus der lebenden Mauer",
    "from_dead_wall": "Schlussziegel von der toten Mauer",
    "completes_pair": "Schlussziegel vervollständigt das Schlusspärchen",
    "middle_of_chow": "Schlussziegel vervollständigt Chi als mittlerer Ziegel",
    "closing_pair_honours": "Schlusspärchen aus Winden und Drachen",
    "closing_pair_seat_wind": "Schlusspärchen aus Platzwinden",
    "closing_pair_prevailing_wind": "Schlusspärchen aus Rundenwinden",
    "one_suit_with_honours": "Mah Jongg nur aus Ziegeln einer Grundfarbe und Drachen und Winden",
    "one_suit": "Mah Jongg nur aus Ziegeln einer Grundfarbe",
    "only_dragons": "Mah Jongg nur aus Drachen",
    "only_winds": "Mah Jongg nur aus Winden",
    "only_ones": "Mah Jongg nur aus Ziegeln 1",
    "only_nines": "Mah Jongg nur aus Ziegeln 9",
    "heavenly_twins": "Die „Himmlischen Zwillinge“",
    "flower": "Jeder Blumenziegel",
    "season": "Jeder Jahreszeitenziegel",
    "own_flower": "Blumenziegel des eigenen Windes",
    "own_season": "Jahreszeitenziegel des eigenen Windes",
    "all_flowers": "Alle Blumenziegel",
    "all_seasons": "Alle Jahreszeitenziegel",
    "all_flowers_and_seasons": "Alle Blumen- und Jahreszeitenziegel",
}

DUTCH_NAMES: Final[dict[str, str]] = {
    "open_pung_simples": "Open pung eenvoudige stenen",
    "concealed_pung_simples": "Dichte pung eenvoudige stenen",
    "open_pung_terminals_honours": "Open pung edelstenen",
    "concealed_pung_terminals_honours": "Dichte pung edelstenen",
    "open_kong_simples": "Open kong eenvoudige stenen",
    "half_concealed_kong_simples": "Halfdichte kong eenvoudige stenen",
    "open_kong_terminals_honours": "Open kong edelstenen",
    "half_concealed_kong_terminals_honours": "Halfdichte kong edelstenen",
    "pung_dragons": "Pung draken",
    "pung_winds": "Pung winden",
    "pung_prevailing_wind": "Pung wind van de ronde",
    "pung_seat_wind": "Pung eigen wind",
    "pung_seat_and_prevailing_wind": "Pung eigen wind en wind van de ronde",
    "kong_any": "Elke kong",
    "kong_winds": "Kong winden",
    "kong_dragons": "Kong draken",
    "kong_prevailing_wind": "Kong wind van de ronde",
    "kong_seat_wind": "Kong eigen wind",
    "kong_seat_and_prevailing_wind": "Kong eigen wind en wind van de ronde",
    "pair_dragons": "Paar draken",
    "pair_seat_wind": "Paar eigen wind",
    "pair_prevailing_wind": "Paar wind van de ronde",
    "mahjong": "Mahjong",
    "no_exposed_set": "Uit de hand, zonder open combinatie",
    "only_chows": "Alleen chows en een slotpaar van een kleur",
    "only_simples": "Alleen eenvoudige stenen",
    "only_pungs": "Alleen pungs en een slotpaar",
    "from_live_wall": "Laatste steen uit de levende muur",
    "last_tile_of_live_wall": "Laatste steen is de laatste van de levende muur",
    "from_dead_wall": "Laatste steen uit de dode muur",
    "completes_pair": "Laatste steen voltooit het slotpaar",
    "middle_of_chow": "Laatste steen voltooit een chow in het midden",
    "closing_pair_honours": "Slotpaar van winden of draken",
    "closing_pair_seat_wind": "Slotpaar eigen wind",
    "closing_pair_prevailing_wind": "Slotpaar wind van de ronde",
    "one_suit_with_honours": "Eén kleur met draken en winden",
    "one_suit": "Eén kleur",
    "only_dragons": "Alleen draken",
    "only_winds": "Alleen winden",
    "only_ones": "Alleen enen",
    "only_nines": "Alleen negens",
    "heavenly_twins": "Hemelse tweelingen",
    "flower": "Bloem",
    "season": "Seizoen",
    "own_flower": "Bloem van de eigen wind",
    "own_season": "Seizoen van de eigen wind",
    "all_flowers": "Alle bloemen",
    "all_seasons": "Alle seizoenen",
    "all_flowers_and_seasons": "Alle bloemen en seizoenen",
}

# Without and with the option any_kong_doubles; the second has every rule.
TABLE: Final = RuleTable(SET_POINTS, SET_RULES, PAIR_RULES, HAND_RULES, LIMITS, MAJORS)
TABLE_ANY_KONG: Final = RuleTable(SET_POINTS, (*SET_RULES, KONG_ANY), PAIR_RULES, HAND_RULES, LIMITS,
                           MAJORS)


def _result(points: int, doublings: int, items: list[dict[str, object]], limit: int,
            winner: bool) -> HandResult:
    return HandResult(value=min(points << doublings, limit), points=points,
                      doublings=doublings, legal_mahjong=winner, items=items)


class Philos(RuleSet):
    name = "philos"
    title = "Klassiek Mahjong (Philos)"
    table = TABLE_ANY_KONG  # every rule, for the catalogue
    dutch_names: Mapping[str, str] = DUTCH_NAMES
    limit = LIMIT
    # "ein ... Gesellschaftsspiel für 4 Personen" (004): no 3-player variant.
    player_counts = frozenset({4})
    # 004 has no table of 5 either; a fifth player sits out by the general
    # convention: after every hand East sits out and the one who sat out
    # comes back as North (the dreamer's schedule).
    five_player_schedule = DREAMER_ROTATION
    uses_bonus_tiles = True  # with the option flowers_seasons (bonus_refused)
    # 004 says nothing of robbing a kong; a robbed tile is the fourth all the same.
    robbed_kong_section = "002 §1, N18, as for NTS: 004 has no rule of its own"
    time_rule = PHILOS_TIME_RULE  # 004 §2.1: no clock in the rules
    flags = frozenset({"last_wall_tile"})
    options: Sequence[Option] = (
        # At most 100,000: a settlement is a few times the limit and a
        # tournament's total many settlements, within a 32-bit column.
        Option("limit", int, LIMIT, "004 §6.4; P1",
               gettext_noop("The most one hand can be worth (the seed: 'meistens 3000'); also the value "
                            "of the Himmlische Zwillinge. A whole number from 1 to 100,000."),
               minimum=1, maximum=LIMIT_MAXIMUM,
               label=gettext_noop("Limit")),
        Option("flowers_seasons", bool, False, "004 §7; P1, P5",
               gettext_noop("Play with the 8 flowers and seasons: 4 points each, own flower or season 1 "
                            "doubling, all four flowers or seasons 2, all eight 5."),
               label=gettext_noop("Flowers and seasons")),
        Option("heavenly_twins", bool, False, "004 §7 Himmlische Zwillinge; P5",
               gettext_noop("Seven pairs are a mahjong, worth the limit."),
               label=gettext_noop("Seven pairs (Himmlische Zwillinge)")),
        Option("any_kong_doubles", bool, False, "004 §6.3 'Kan jeder', §6.4",
               gettext_noop("Every kong of a suit doubles once ('Kan jeder 1 x verdoppeln'); off by "
                            "default because the §6.4 example does not count it."),
               label=gettext_noop("Every kong doubles")),
    )

    def bonus_refused(self, options: Mapping[str, Any]) -> str | None:
        if options["flowers_seasons"]:
            return None
        return ("flowers and seasons are played only with the option flowers_seasons "
                "(004 §7)")

    def hand_limit(self, options: Mapping[str, Any]) -> int:
        return int(options["limit"])

    def catalogue(self) -> dict[str, dict[str, object]]:
        entries = super().catalogue()
        for rule in BONUS_RULES:
            entries[rule.name] = {
                "name": rule.name,
                "nl": self.dutch_names[rule.name],
                "en": rule.name.replace("_", " ").capitalize(),
                "description": rule.description,
                "section": rule.section,
                "points": rule.points,
                "doublings": rule.doublings,
                "winner_only": False,
            }
        for name, entry in entries.items():
            entry["de"] = GERMAN_NAMES[name]
        return entries

    def validate_flags(self, flags: frozenset[str], winner: str, hands: Mapping[str, Any],
                       win_source: str | None, discarder: str | None) -> None:
        who = seat_label(winner)
        if "last_wall_tile" in flags and win_source != WALL:
            raise InvalidGame(f"{who}: last_wall_tile is the last tile of the live wall, "
                              "self-drawn (win_source wall)", "last_wall_tile_not_self_drawn",
                              seat=winner)
        hand = hands.get(winner)
        if (win_source == KONG_REPLACEMENT and isinstance(hand, PlayerHand)
                and not any(meld.kind == KONG for meld in hand.melds)):
            raise InvalidGame(f"{who} won on a kong replacement tile but declared no kong",
                              "kong_replacement_without_kong", seat=winner)

    def score_winner(self, hand: PlayerHand, ctx: Context,
                     options: Mapping[str, Any]) -> HandResult:
        """R1: the reading worth most, flowers and seasons included; seven
        pairs (with the option) are worth the limit."""
        table = TABLE_ANY_KONG if options["any_kong_doubles"] else TABLE
        limit = int(options["limit"])
        extra_points, extra_doublings, extra_items = bonus_value(hand.bonus, ctx.seat_wind)
        readings = winner_readings(parses(hand.concealed), hand.melds,
                                   tile_facts(hand.all_counts()), ctx)
        best: Reading | None = None
        best_value = -1
        for reading in readings:
            points, doublings = table.totals(reading)
            value = min((points + extra_points) << (doublings + extra_doublings), limit)
            if value > best_value:
                best, best_value = reading, value
        if (options["heavenly_twins"] and not hand.melds and TWINS.test(hand.concealed)
                and limit >= best_value):
            return HandResult(value=limit, points=limit, limit=TWINS.name, legal_mahjong=True,
                              items=[{"rule": TWINS.name, "points": limit}])
        if best is None:
            twins = ", or seven pairs" if options["heavenly_twins"] else ""
            raise InvalidGame(f"{seat_label(hand.seat)}: the tiles do not form a mahjong "
                              f"(four sets and a pair{twins}; 004 §3.2)", "no_mahjong",
                              seat=hand.seat)
        points, doublings, items = table.breakdown(best)
        return _result(points + extra_points, doublings + extra_doublings,
                       items + extra_items, limit, winner=True)

    def score_other(self, hand: PlayerHand, ctx: Context,
                    options: Mapping[str, Any]) -> HandResult:
        """R2: the declared sets, every concealed pung (four undeclared equal
        tiles: "Kan verdeckt wie Pon verdeckt") and every pair; loose tiles
        score nothing (the §6.4 example)."""
        table = TABLE_ANY_KONG if options["any_kong_doubles"] else TABLE
        groups, pairs = non_winner_sets(hand.melds, hand.concealed)
        reading = Reading(groups, pairs, tile_facts(hand.all_counts()), ctx)
        points, doublings, items = table.breakdown(reading)
        extra_points, extra_doublings, extra_items = bonus_value(hand.bonus, ctx.seat_wind)
        return _result(points + extra_points, doublings + extra_doublings,
                       items + extra_items, int(options["limit"]), winner=False)

    def settle(self, values: Mapping[str, int], winner: str | None,
               options: Mapping[str, Any]) -> dict[str, int]:
        # §6 rules 1-3, P2: the shared scheme of N13 (East double).
        return settle(values, winner)

    def deal_order(self, players: int,
                   options: Mapping[str, Any] | None = None) -> DealOrder:
        # P3 revised (004 §2.1, §5): one East leads a round of 4 games, longer
        # or shorter when East wins one before the 4th; each round has its own
        # prevailing wind ("Ostwindrunde", "Südwindrunde", ...).
        return ROUNDS_OF_FOUR

    def winds_rotate(self, winner: str | None, options: Mapping[str, Any]) -> bool:
        # Whether this game alone moves the winds on: it ends East's round
        # only when East does not win it, and then only when the round is
        # over (deal_order; P3 revised, 004 §2.1, §5), which the deal
        # decides from the games of the round.
        return winner != "E"


RULESET: Final = Philos()
