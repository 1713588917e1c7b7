import logging
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from common import ratelimits
from scoring import texts, tiles
from scoring.engine import DEFAULT_RULESET, SEVEN_FIVE, rule_catalogue, score_game
from scoring.engine.game import RULESETS
from scoring.forms import GameForm

logger = logging.getLogger(__name__)

SEAT_NAMES = {"E": _("East"), "S": _("South"), "W": _("West"), "N": _("North")}


@dataclass(frozen=True)
class PlayerResult:
    seat: str
    seat_name: str
    is_winner: bool
    score: int | None
    settlement: int | None
    hand: dict[str, Any] | None  # None for a player given as {"score": N}
    labels: dict[str, dict[str, object]]  # the rule set's catalogue
    ruleset: str = DEFAULT_RULESET

    def _label(self, rule: str) -> str:
        return texts.rule_name(self.ruleset, rule)

    @property
    def counts_fan(self) -> bool:
        """Whether hands are worth fan here (Hong Kong): the breakdown's
        second column counts fan, not doublings."""
        return texts.unit(self.ruleset) == "fan"

    @property
    def limit_label(self) -> str:
        limit = self.hand.get("limit") if self.hand else None
        return self._label(limit) if limit else ""

    @property
    def breakdown(self) -> list[dict[str, Any]]:
        """The items with the rule's name in the page's language."""
        if not self.hand:
            return []
        return [
            {
                **item,
                "doublings": item.get("doublings", item.get("fan")),
                "label": self._label(item["rule"]),
                # The set in words ("rode draak"), as on the score-entry page.
                "tiles_text": tiles.set_name(str(item["tiles"])) if item.get("tiles") else "",
                "description": self.labels.get(item["rule"], {}).get("description", ""),
                "section": self.labels.get(item["rule"], {}).get("section", ""),
            }
            for item in self.hand.get("items", [])
        ]


def player_results(game: dict[str, Any], result: dict[str, Any]) -> list[PlayerResult]:
    """One row per seat in the result, in seat order E S W N."""
    scores = result.get("scores", {})
    settlement = result.get("settlement", {})
    hands = result.get("hands", {})
    labels = rule_catalogue(game.get("ruleset", DEFAULT_RULESET))
    return [
        PlayerResult(
            seat=seat,
            seat_name=str(name),
            is_winner=game.get("winner") == seat,
            score=scores.get(seat),
            settlement=settlement.get(seat),
            hand=hands.get(seat),
            labels=labels,
            ruleset=str(game.get("ruleset", DEFAULT_RULESET)),
        )
        for seat, name in SEAT_NAMES.items()
        if seat in scores or seat in settlement or seat in hands
    ]


def picker_context() -> dict[str, Any]:
    """The tile picker of the page (the score-entry page's, tile-picker.js):
    the rule sets offered with their flags, the tiles and the texts."""
    offered = settings.WEB_RULESETS or tuple(RULESETS)
    labels = texts.flag_labels()
    rulesets = []
    for name in offered:
        ruleset = RULESETS.get(name)
        if ruleset is None:
            continue
        # Who pays (pao, a false mahjong) is a matter of the table, not of one hand.
        flags = [flag for flag in labels if flag in ruleset.flags and flag != SEVEN_FIVE]
        rulesets.append({"name": name, "title": texts.ruleset_title(name),
                         "flags": [{"name": flag, "label": labels[flag]} for flag in flags]})
    names = tiles.tile_names()
    return {
        "rulesets": rulesets,
        "tiles": tiles.picker_tiles(names),
        "winds": [{"code": code, "name": str(name)} for code, name in SEAT_NAMES.items()],
        "win_sources": [{"name": name, "label": label}
                        for name, label in texts.win_source_labels().items()],
        "script": {"tile_names": names, "flags": {r["name"]: r["flags"] for r in rulesets},
                   "texts": {**tiles.tray_texts(),
                             "tiles_of_winner": gettext("Tiles of the winner"),
                             "not_loaded": gettext("This game has more than the winner's "
                                                   "tiles: it is shown as JSON.")}},
    }


@login_required
@ratelimits.limit("hand-check", "RATELIMIT_HAND_CHECK", key="user", message=_(
    "You checked many hands in a short time, so this one was not checked."))
def check_hand(request: HttpRequest) -> HttpResponse:
    form = GameForm(request.POST if request.method == "POST" else None)
    context: dict[str, Any] = {"form": form, "picker": picker_context()}
    if form.is_valid():
        game = form.cleaned_data["game"]
        try:
            result = score_game(game)
        except Exception:
            # The engine never raises for bad input (its contract), so this is
            # a bug: log it for us, and show the organiser a message, not a 500.
            logger.exception("score_game raised for a game from the check page")
            context["error"] = _(
                "The scoring engine failed on this game. This is a bug in the program: "
                "please report it together with the game."
            )
        else:
            if "error" in result:
                context["error"] = texts.engine_error(result, str(game.get("ruleset", DEFAULT_RULESET)))
            else:
                context["players"] = player_results(game, result)
    return render(request, "scoring/check.html", context)
