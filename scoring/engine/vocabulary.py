"""The game's words that the rest of the product speaks: the default rule
set and the flags that decide who pays. The engine defines them; the apps,
the exports and the score-entry page import them from here (the page gets
them in its JSON) instead of spelling them out again."""

from __future__ import annotations

from typing import Final

# The Dutch tournament rules are the product's default (score-interface.md).
DEFAULT_RULESET: Final = "nts"

# The seat winds in their order at the table, as hands and seats name them.
SEAT_WINDS: Final = ("E", "S", "W", "N")

# Hong Kong: a false mahjong has nobody winning; the player who pays for all
# ("pao", H8) is a flag "pao:<seat wind>" for the engine. The apps store the
# same flag with a seat position instead of a wind (tournaments' entries).
FALSE_MAHJONG: Final = "false_mahjong"
SEVEN_FIVE: Final = "seven_five"
PAO_PREFIX: Final = "pao:"
# Among the flags that change a hand entered by values (a rule set's
# `value_entry.flags`), "pao" stands for every responsible player's flag.
PAO: Final = "pao"

# The flags that say how a hand was won (score-interface.md), in the order
# the pages offer them. A rule set understands some of them (its `flags`),
# plus who pays: a false mahjong and the responsible player's flags, which
# the pages enter with controls of their own.
HAND_FLAGS: Final = ("last_wall_tile", "kong_on_kong", "heavenly", "earthly", "moon_eats_cake",
              SEVEN_FIVE)


def gettext_noop(text: str) -> str:
    """Marks an English text for people (an option's label, its meaning) for
    translation and returns it unchanged: the engine has no translation
    machinery, the apps translate the text with gettext (scoring/texts.py).
    Named as Django's marker, so that makemessages finds the texts here."""
    return text


def pao_flag(who: str) -> str:
    """The flag naming `who` (a seat wind, or a position in an app's entry)
    as the responsible player."""
    return f"{PAO_PREFIX}{who}"


def pao_of(flag: str) -> str | None:
    """Who a responsible-player flag names, or None for any other flag."""
    return flag[len(PAO_PREFIX):] if flag.startswith(PAO_PREFIX) else None
