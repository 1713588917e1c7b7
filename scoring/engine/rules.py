"""Rules as data: named entries with their value and seed section.

A rule set is a RuleTable: rules for each set, for each pair and for the
whole hand, plus limit hands. How rules combine is said once here:
``group`` (of the rules in one group only the highest counts) and
``replaces`` (this rule counts instead of those). The tests that decide
whether a rule applies are small predicates over a Reading.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .reading import Group, Reading


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
    test: Callable[[Group, Reading], bool] = field(default=lambda group, reading: False)


@dataclass(frozen=True, slots=True)
class PairRule(Rule):
    test: Callable[[int, Reading], bool] = field(default=lambda tile, reading: False)


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


@dataclass(frozen=True, slots=True)
class Applied:
    """A rule that counted, with the tiles it counted for (sets, pairs)."""

    rule: Rule
    tiles: str | None = None

    def as_item(self) -> dict[str, object]:
        item: dict[str, object] = {"rule": self.rule.name}
        if self.rule.points:
            item["points"] = self.rule.points
        if self.rule.doublings:
            item["doublings"] = self.rule.doublings
        if self.tiles:
            item["tiles"] = self.tiles
        return item


@dataclass(frozen=True)
class RuleTable:
    """All rules of a rule set, in the order a breakdown lists them."""

    set_points: dict[tuple[int, bool, bool], Rule]  # (kind, concealed, major)
    set_rules: Sequence[SetRule]
    pair_rules: Sequence[PairRule]
    hand_rules: Sequence[HandRule]
    limits: Sequence[LimitHand]

    def all_rules(self) -> list[Rule | LimitHand]:
        return [
            *self.set_points.values(),
            *self.set_rules,
            *self.pair_rules,
            *self.hand_rules,
            *self.limits,
        ]

    def apply(self, reading: Reading, majors: frozenset[int]) -> list[Applied]:
        """The rules that count for this reading, combined per group/replaces."""
        winner = reading.ctx.winner
        applied: list[Applied] = []
        for group in reading.groups:
            base = self.set_points.get((group.kind, group.concealed, group.tile in majors))
            tiles = None
            if base is not None:
                tiles = group.tiles()
                applied.append(Applied(base, tiles))
            for set_rule in self.set_rules:
                if set_rule.test(group, reading):
                    applied.append(Applied(set_rule, tiles or group.tiles()))
        for pair in reading.pairs:
            for pair_rule in self.pair_rules:
                if pair_rule.test(pair, reading):
                    applied.append(Applied(pair_rule, None))
        for hand_rule in self.hand_rules:
            if (winner or not hand_rule.winner_only) and hand_rule.test(reading):
                applied.append(Applied(hand_rule))
        return _combine(applied)


def _combine(applied: list[Applied]) -> list[Applied]:
    replaced: set[str] = set()
    for entry in applied:
        replaced |= entry.rule.replaces
    best_of_group: dict[str, Rule] = {}
    for entry in applied:
        group = entry.rule.group
        if group is None:
            continue
        current = best_of_group.get(group)
        if current is None or _weight(entry.rule) > _weight(current):
            best_of_group[group] = entry.rule
    return [
        entry
        for entry in applied
        if entry.rule.name not in replaced
        and (entry.rule.group is None or best_of_group[entry.rule.group] is entry.rule)
    ]


def _weight(rule: Rule) -> tuple[int, int]:
    return (rule.doublings, rule.points)


def total(applied: Sequence[Applied]) -> tuple[int, int]:
    """(points, doublings) of the rules that count."""
    return sum(a.rule.points for a in applied), sum(a.rule.doublings for a in applied)
