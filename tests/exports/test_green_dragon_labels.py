"""Pages and exports show the round of the green dragon ("G", NTS, seed 003
"Drie spelers", "Vijf spelers": "geen heersende wind, maar een heersende
draak, de groene draak") as the green dragon, not as a letter of a wind."""

from __future__ import annotations

from django.utils import translation

from exports.pdf import _base
from tournaments.views.score_entry import wind_letters


def test_the_green_dragon_round_is_named() -> None:
    with translation.override("en"):
        assert _base.wind_letter("G") == "Green dragon"
        assert wind_letters()["G"] == "Green dragon"
        assert _base.wind_letter("E") == "E"
    with translation.override("nl"):
        assert _base.wind_letter("G") == "Groene draak"
        assert wind_letters()["G"] == "Groene draak"
