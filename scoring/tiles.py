"""The tiles as the pages show them: each tile of the engine's notation
("1m" ... "7z", scoring.engine.tiles.TILE_CODES, also the picker's order) by
its name in the user's language, and the tile picker's buttons. Used
by the score-entry page (tournaments) and the "Check a hand" page, which
share one tile picker (templates/scoring/tile_picker.html,
static/js/tile-picker.js)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.engine.tiles import TILE_CODES, TileSyntaxError, parse_tiles


def _suit_names() -> dict[str, str]:
    return {"m": _("characters"), "p": _("circles"), "s": _("bamboo")}


def tile_names() -> dict[str, str]:
    """Each tile's name in the user's language (labels and alt texts)."""
    suits = _suit_names()
    names = {f"{n}{suit}": _("%(number)s of %(suit)s") % {"number": n, "suit": name}
             for suit, name in suits.items() for n in range(1, 10)}
    names.update({"1z": _("East wind"), "2z": _("South wind"), "3z": _("West wind"),
                  "4z": _("North wind"), "5z": _("White dragon"), "6z": _("Green dragon"),
                  "7z": _("Red dragon")})
    return names


def set_name(text: str, names: dict[str, str] | None = None) -> str:
    """A set of a breakdown row in words: "222m" is "2 of characters" (a
    pung or kong: the rule says which), "777z" "red dragon", "123m" "1-2-3
    of characters"; text that is not one set is given back as it is."""
    try:
        tiles = sorted(TILE_CODES[tile] for tile in parse_tiles(text))
    except TileSyntaxError:
        return text
    if not tiles:
        return text
    if len(set(tiles)) == 1:
        name = (names or tile_names())[tiles[0]]
        return name[:1].lower() + name[1:]
    suit = tiles[0][1]
    if suit == "z" or any(tile[1] != suit for tile in tiles):
        return text
    return _("%(number)s of %(suit)s") % {
        "number": "-".join(tile[0] for tile in tiles), "suit": _suit_names()[suit]}


def wind_letters() -> dict[str, str]:
    # Translators: one-letter abbreviations of the winds East, South, West, North.
    # "G": the round of the green dragon (NTS, seed 003), shown in full.
    return {"E": _("E"), "S": _("S"), "W": _("W"), "N": _("N"), "G": _("Green dragon")}


def picker_tiles(names: dict[str, str] | None = None) -> list[dict[str, str]]:
    """The picker's buttons: code, name, and the wind's letter on a wind tile."""
    names = names or tile_names()
    letters = wind_letters()
    return [{"code": code, "name": names[code],
             "letter": letters["ESWN"[int(code[0]) - 1]]
             if code[1] == "z" and int(code[0]) <= 4 else ""}
            for code in TILE_CODES]


def tray_texts() -> dict[str, str]:
    """What the tray of tile-picker.js says, in the user's language."""
    return {
        "chow": _("chow"), "pung": _("pung"), "kong": _("kong"),
        "concealed": _("concealed"), "open": _("open"),
        "winning_tile": _("winning tile"), "no_tiles": _("No tiles yet."),
        # Two forms, as both languages have (ngettext's count 1 and 2).
        "tile_one": ngettext("%(count)s tile", "%(count)s tiles", 1),
        "tile_other": ngettext("%(count)s tile", "%(count)s tiles", 2),
        "bad_chow": _("A chow needs three tiles in a row of one suit."),
    }
