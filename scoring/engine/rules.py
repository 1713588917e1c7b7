"""Rules as data: named entries with their value and seed section.

A rule set is a RuleTable: rules for each set, for each pair and for the
whole hand, plus limit hands. How rules combine is said once here:
``group`` (of the rules in one group only the highest counts) and
``replaces`` (this rule counts instead of those). The tests that decide
whether a rule applies are small predicates: over a set or a pair and the
winds (so their outcome is memoised per set and winds), and over a Reading.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .reading import Group, Reading, Winds
from .tiles import NUM_KINDS


@dataclass(frozen=True, slots=True)
class Rule:
    name: str
    section: str  # where the seeds say so, e.g. "000 §2.4.2"
    description: str
    points: int = 0
    doublings: int = 0
    winner_only: bool = False
    group: str | None = None
    replaces: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class HandRule(Rule):
    test: Callable[[Reading], bool] = field(default=lambda reading: False)


@dataclass(frozen=True, slots=True)
class SetRule(Rule):
    # Sees the set and the winds only: RuleTable memoises it on those.
    test: Callable[[Group, Winds], bool] = field(default=lambda group, winds: False)


@dataclass(frozen=True, slots=True)
class PairRule(Rule):
    # Sees the pair's tile and the winds only: memoised like SetRule.
    test: Callable[[int, Winds], bool] = field(default=lambda tile, winds: False)


@dataclass(frozen=True, slots=True)
class LimitHand:
    """A hand with a fixed value; nothing is added to it."""

    name: str
    section: str
    description: str
    value: int
    # "regular": sets and a pair, tested on a Reading; "irregular": not sets
    # and a pair, concealed but for the last tile, tested on the 14 concealed
    # counts; "circumstance": any complete hand won a certain way (Context).
    kind: str
    test: Callable[[Any], bool]


# A rule that counted, with its breakdown row (score-interface.md "items")
# as a template: each result gets its own copy.
Counted = tuple[Rule, dict[str, object]]


def _item(rule: Rule, tiles: str | None = None) -> dict[str, object]:
    item: dict[str, object] = {"rule": rule.name}
    if rule.points:
        item["points"] = rule.points
    if rule.doublings:
        item["doublings"] = rule.doublings
    if tiles:
        item["tiles"] = tiles
    return item


class _Entry(NamedTuple):
    """What the rules give one set or pair under given winds."""

    counted: tuple[Counted, ...]  # every rule that applies, in breakdown order
    points: int  # of the plain rules: no group, replacing and replaced by nothing
    doublings: int
    special: tuple[Counted, ...]  # the others, which _combine must see


@dataclass(frozen=True)
class RuleTable:
    """All rules of a rule set, in the order a breakdown lists them."""

    set_points: dict[tuple[int, bool, bool], Rule]  # (kind, concealed, major)
    set_rules: Sequence[SetRule]
    pair_rules: Sequence[PairRule]
    hand_rules: Sequence[HandRule]
    limits: Sequence[LimitHand]
    majors: frozenset[int]  # the tiles whose sets count as "major" in set_points
    # Derived from the rules (never from a game): the hand rules per player
    # with whether each is plain, and the memo of set and pair entries.
    _replaced: frozenset[str] = field(init=False, repr=False)
    _winner_rules: tuple[tuple[HandRule, bool, dict[str, object]], ...] = field(
        init=False, repr=False)
    _other_rules: tuple[tuple[HandRule, bool, dict[str, object]], ...] = field(
        init=False, repr=False)
    # Keyed on a set (kind, tile, concealed) or pair and the two winds, as
    # one int (no tuple to build and hash per set of every reading): at
    # most some 3,800 entries, whatever the games (no bound needed).
    _entries: dict[int, _Entry] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        replaced = frozenset().union(
            *(r.replaces for r in self.all_rules() if isinstance(r, Rule))
        )
        object.__setattr__(self, "_replaced", replaced)
        hand = tuple((rule, self._plain(rule), _item(rule)) for rule in self.hand_rules)
        object.__setattr__(self, "_winner_rules", hand)
        object.__setattr__(self, "_other_rules",
                           tuple(entry for entry in hand if not entry[0].winner_only))
        object.__setattr__(self, "_entries", {})

    def all_rules(self) -> list[Rule | LimitHand]:
        return [
            *self.set_points.values(),
            *self.set_rules,
            *self.pair_rules,
            *self.hand_rules,
            *self.limits,
        ]

    def _plain(self, rule: Rule) -> bool:
        return rule.group is None and not rule.replaces and rule.name not in self._replaced

    def _entry(self, rules: Sequence[Rule], tiles: str | None) -> _Entry:
        plain = [rule for rule in rules if self._plain(rule)]
        return _Entry(
            tuple((rule, _item(rule, tiles)) for rule in rules),
            sum(rule.points for rule in plain),
            sum(rule.doublings for rule in plain),
            tuple((rule, _item(rule, tiles)) for rule in rules if not self._plain(rule)),
        )

    def set_entry(self, group: Group, seat_wind: int, prevailing_wind: int) -> _Entry:
        key = (((group.kind * NUM_KINDS + group.tile) * 2 + group.concealed) * NUM_KINDS
               + seat_wind) * NUM_KINDS + prevailing_wind
        entry = self._entries.get(key)
        if entry is None:
            winds = Winds(seat_wind, prevailing_wind)
            base = self.set_points.get((group.kind, group.concealed, group.tile in self.majors))
            rules: list[Rule] = [] if base is None else [base]
            rules += [rule for rule in self.set_rules if rule.test(group, winds)]
            entry = self._entries[key] = self._entry(rules, group.tiles())
        return entry

    def pair_entry(self, tile: int, seat_wind: int, prevailing_wind: int) -> _Entry:
        key = -1 - (tile * NUM_KINDS + seat_wind) * NUM_KINDS - prevailing_wind  # sets: >= 0
        entry = self._entries.get(key)
        if entry is None:
            winds = Winds(seat_wind, prevailing_wind)
            rules = [rule for rule in self.pair_rules if rule.test(tile, winds)]
            entry = self._entries[key] = self._entry(rules, None)
        return entry

    def breakdown(self, reading: Reading) -> tuple[int, int, list[dict[str, object]]]:
        """(points, doublings, items) of the rules that count for this
        reading, combined per group/replaces."""
        ctx = reading.ctx
        seat, prevailing = ctx.seat_wind, ctx.prevailing_wind
        applied: list[Counted] = []
        special = False  # whether _combine has anything to drop
        for group in reading.groups:
            entry = self.set_entry(group, seat, prevailing)
            applied += entry.counted
            special = special or bool(entry.special)
        for pair in reading.pairs:
            entry = self.pair_entry(pair, seat, prevailing)
            applied += entry.counted
            special = special or bool(entry.special)
        for rule, plain, item in self._winner_rules if ctx.winner else self._other_rules:
            if rule.test(reading):
                applied.append((rule, item))
                special = special or not plain
        points = doublings = 0
        items: list[dict[str, object]] = []
        for counted, item in _combine(applied) if special else applied:
            points += counted.points
            doublings += counted.doublings
            items.append(dict(item))
        return points, doublings, items

    def totals(self, reading: Reading) -> tuple[int, int]:
        """(points, doublings) of ``breakdown``, without building its items:
        the best reading is searched with this."""
        ctx = reading.ctx
        seat, prevailing = ctx.seat_wind, ctx.prevailing_wind
        points = doublings = 0
        special: list[Counted] = []
        for group in reading.groups:
            entry = self.set_entry(group, seat, prevailing)
            points += entry.points
            doublings += entry.doublings
            if entry.special:
                special += entry.special
        for pair in reading.pairs:
            entry = self.pair_entry(pair, seat, prevailing)
            points += entry.points
            doublings += entry.doublings
            if entry.special:
                special += entry.special
        for rule, plain, item in self._winner_rules if ctx.winner else self._other_rules:
            if rule.test(reading):
                if plain:
                    points += rule.points
                    doublings += rule.doublings
                else:
                    special.append((rule, item))
        for counted, _ in _combine(special) if special else ():
            points += counted.points
            doublings += counted.doublings
        return points, doublings


def _combine(applied: list[Counted]) -> list[Counted]:
    """The applied rules less those another replaces and, of each group,
    all but the heaviest (the first of equals)."""
    replaced: set[str] = set()
    best_of_group: dict[str, Rule] = {}
    for rule, _ in applied:
        if rule.replaces:
            replaced |= rule.replaces
        group = rule.group
        if group is not None:
            current = best_of_group.get(group)
            if current is None or _weight(rule) > _weight(current):
                best_of_group[group] = rule
    return [
        entry
        for entry in applied
        if (not replaced or entry[0].name not in replaced)
        and (entry[0].group is None or best_of_group[entry[0].group] is entry[0])
    ]


def _weight(rule: Rule) -> tuple[int, int]:
    return (rule.doublings, rule.points)
