"""What the statistics pages show, built from a stored payload (stats/tally.py)
plus the few rows the page reads itself (events, names): rates, averages
per rule set, hands with their tiles and limit names, and the charts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from django.templatetags.static import static
from django.utils.formats import date_format, number_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import ruleset_display, texts
from scoring.engine import RULESETS, rule_catalogue
from scoring.engine.tiles import BONUS_PART, CONCEALED_PART, TILE_CODES, tile_codes, tile_parts
from stats import charts, tally
from tournaments.models import Event, EventKind

KINDS = {"tournament": EventKind.TOURNAMENT, "evening": EventKind.EVENING}
TILE_IMAGES = frozenset(TILE_CODES)  # static/tiles/<code>.svg


def kind_filter(value: str | None) -> str:
    """The kind of events asked for: "tournament", "evening" or "all"."""
    return value if value in KINDS else "all"


def kind_choices(current: str) -> list[dict[str, Any]]:
    return [{"value": value, "label": label, "current": value == current}
            for value, label in (("all", _("All events")), ("tournament", _("Tournaments")),
                                 ("evening", _("Club evenings")))]


# --- Numbers ------------------------------------------------------------------------------


def percent(share: float | None) -> str:
    if share is None:
        return "–"
    return f"{number_format(round(share * 100, 1), decimal_pos=1)} %"


def decimal(value: float | None, places: int = 1) -> str:
    if value is None:
        return "–"
    return number_format(round(value, places), decimal_pos=places)


def unit(ruleset: str) -> str:
    return _("fan") if ruleset_display.fan_based(ruleset) else _("points")


def ordinal(rank: int) -> str:
    """A place at the table: "1st" ... "5th"."""
    return {1: _("1st"), 2: _("2nd"), 3: _("3rd"), 4: _("4th"), 5: _("5th")}.get(rank, str(rank))


# --- Hands --------------------------------------------------------------------------------


@cache
def _catalogue(ruleset: str) -> Mapping[str, Mapping[str, object]]:
    return rule_catalogue(ruleset) if ruleset in RULESETS else {}


def limit_names(ruleset: str, name: str) -> tuple[str, str]:
    """A limit hand's name in the page's language and in Dutch (the
    engine's catalogue); the rule's own name when the catalogue has none."""
    entry = _catalogue(ruleset).get(name) or {}
    shown = texts.rule_name(ruleset, name) if entry else name  # scoring/texts.py
    return shown, str(entry.get("nl") or name)


@dataclass
class TileGroup:
    label: str
    tiles: list[dict[str, str]]
    text: str


def tile_groups(tiles: Mapping[str, Any] | None) -> list[TileGroup]:
    """The winner's tiles as groups to draw: concealed tiles, each meld,
    the bonus tiles (as text: there are no pictures of flowers and seasons)."""
    if not tiles:
        return []

    def pictures(text: str) -> list[dict[str, str]]:
        return [{"code": code, "src": static(f"tiles/{code}.svg") if code in TILE_IMAGES else ""}
                for code in tile_codes(text)]

    groups = []
    for part in tile_parts(tiles):
        if part.kind == CONCEALED_PART:
            groups.append(TileGroup(_("concealed"), pictures(part.tiles), part.tiles))
        elif part.kind == BONUS_PART:
            groups.append(TileGroup(_("bonus"), [], part.tiles))
        else:
            label = part.kind + (" " + _("(concealed)") if part.concealed_set else "")
            groups.append(TileGroup(label, pictures(part.tiles), part.tiles))
    return groups


def tiles_text(groups: Sequence[TileGroup]) -> str:
    return " · ".join(f"{group.label} {group.text}" if index else group.text
                      for index, group in enumerate(groups))


@dataclass
class HandView:
    ref: Mapping[str, Any]
    event: Event | None
    name: str = ""
    key: str | None = None
    groups: list[TileGroup] = field(default_factory=list)

    @property
    def value(self) -> int:
        return int(self.ref["value"])

    @property
    def unit(self) -> str:
        return unit(self.ref["ruleset"])

    @property
    def limit(self) -> str:
        return limit_names(self.ref["ruleset"], self.ref["limit"])[0] if self.ref.get(
            "limit") else ""

    @property
    def limit_dutch(self) -> str:
        return limit_names(self.ref["ruleset"], self.ref["limit"])[1] if self.ref.get(
            "limit") else ""

    @property
    def tiles_text(self) -> str:
        return tiles_text(self.groups)


def hand_views(refs: Iterable[Mapping[str, Any]], events: Mapping[int, Event],
               names: Mapping[int, tuple[str, str | None]] | None = None) -> list[HandView]:
    """Hands of published events only (an event made a draft drops out)."""
    views = []
    for ref in refs:
        event = events.get(ref["event"])
        if event is None:
            continue
        name, key = (names or {}).get(ref["reg"], ("", ref.get("key")))
        views.append(HandView(ref=ref, event=event, name=name, key=key,
                              groups=tile_groups(ref.get("tiles"))))
    return views


def referenced(counts: tally.Tally) -> tuple[set[int], set[int]]:
    """The events and registrations a tally's hands refer to."""
    refs = [*counts["limits"], *(ref for ruleset in counts["rulesets"].values()
                                 for ref in ruleset["best"])]
    return {ref["event"] for ref in refs}, {ref["reg"] for ref in refs}


# --- Tallies ------------------------------------------------------------------------------


@dataclass
class RulesetRow:
    name: str
    title: str
    unit: str
    hands: int
    won: int
    mahjong_rate: str
    average: str
    best: HandView | None


def summary(counts: tally.Tally) -> dict[str, Any]:
    return {
        "hands": counts["hands"], "won": counts["won"], "won_hands": counts["won_hands"],
        "dealt_in": counts["dealt_in"], "tables": counts["tables"],
        "mahjong_rate": percent(tally.rate(counts["won"], counts["hands"])),
        "deal_in_rate": percent(tally.rate(counts["dealt_in"], counts["won_hands"])),
    }


def ruleset_rows(counts: tally.Tally, events: Mapping[int, Event],
                 names: Mapping[int, tuple[str, str | None]] | None = None) -> list[RulesetRow]:
    rows = []
    for name in sorted(counts["rulesets"], key=lambda name: (name not in RULESETS, name)):
        data = counts["rulesets"][name]
        best = hand_views(data["best"][:1], events, names)
        rows.append(RulesetRow(
            name=name, title=ruleset_display.title(name), unit=unit(name), hands=data["hands"],
            won=data["won"], mahjong_rate=percent(tally.rate(data["won"], data["hands"])),
            average=decimal(data["value_sum"] / data["value_count"]
                            if data["value_count"] else None),
            best=best[0] if best else None))
    return rows


def rank_rows(counts: tally.Tally) -> list[dict[str, Any]]:
    """Places at the table, 1st to 4th (5th when a table of 5 was played),
    with how often and the share of tables."""
    ranks = {int(rank): count for rank, count in counts["ranks"].items()}
    last = max([4, *ranks])
    tables = sum(ranks.values())
    return [{"rank": rank, "label": ordinal(rank), "count": ranks.get(rank, 0),
             "share": percent(tally.rate(ranks.get(rank, 0), tables))}
            for rank in range(1, last + 1)]


def rank_chart(rows: Sequence[Mapping[str, Any]], chart_id: str) -> SafeString:
    desc = "; ".join(ngettext("%(place)s: %(count)s time", "%(place)s: %(count)s times",
                              row["count"]) % {"place": row["label"], "count": row["count"]}
                     for row in rows)
    return mark_safe(charts.bar_chart(  # charts.py escapes every text
        [(row["label"], row["count"]) for row in rows], chart_id=chart_id,
        title=_("Places at the table"), desc=desc))


def position_chart(result: Mapping[str, Any], event: Event, chart_id: str) -> SafeString | None:
    rounds = [(number, position) for number, position, _size in result["rounds"]
              if position is not None]
    if not rounds:
        return None
    field_size = max(size for _number, _position, size in result["rounds"])
    desc = _("Position after each round of %(event)s (1 is best, %(players)s players): "
             "%(positions)s.") % {
        "event": event.title, "players": field_size,
        "positions": ", ".join(_("round %(round)s: %(position)s") % {
            "round": number, "position": position} for number, position in rounds)}
    return mark_safe(charts.position_chart(  # charts.py escapes every text
        rounds, field_size, chart_id=chart_id,
        title=_("Position per round: %(event)s") % {"event": event.title}, desc=desc,
        round_label=lambda number: _("R%(round)s") % {"round": number},
        point_label=lambda number, position: _("round %(round)s: %(position)s") % {
            "round": number, "position": position}))


def rating_history(member: Any, ruleset: str) -> list[tuple[Any, float]]:
    """The national rating over time, from the rankings app when it is there
    (an empty list when it is not, or it has nothing for this player)."""
    try:
        from rankings.services import rating_history as history
    except ImportError:
        return []
    try:
        return [(day, float(value)) for day, value in history(member, ruleset) or []]
    except Exception:  # noqa: BLE001 (another app's failure must not break this page)
        import logging

        logging.getLogger(__name__).exception("rating history of %s (%s)", member, ruleset)
        return []


def rating_chart(history: Sequence[tuple[Any, float]], ruleset: str, chart_id: str
                 ) -> SafeString:
    first, last = history[0], history[-1]
    desc = _("Rating from %(first)s on %(start)s to %(last)s on %(end)s; highest %(high)s, "
             "lowest %(low)s.") % {
        "first": decimal(first[1]), "start": date_format(first[0]),
        "last": decimal(last[1]), "end": date_format(last[0]),
        "high": decimal(max(value for _, value in history)),
        "low": decimal(min(value for _, value in history))}
    return mark_safe(charts.rating_chart(  # charts.py escapes every text
        history, chart_id=chart_id,
        title=_("National rating: %(ruleset)s") % {"ruleset": ruleset_display.title(ruleset)},
        desc=desc, date_label=date_format, tick_label=lambda day: date_format(day, "M Y")))
