"""The scoring engine: pure Python, no Django, standard library only.

``score_game(game: dict) -> dict`` scores one hand at one table as specified
in score-interface.md. Modules: vocabulary (the words the apps share:
the default rule set, the flags), tiles (notation, the tile list, a
player's tiles part by part), decompose (sets, pairs,
waits), shapes (irregular hands), reading and rules (rules as data), one
module per rule set (nts), settlement, and game (the input contract).

The modules run as these sources or, where a build of exactly these sources
is installed, compiled with mypyc (_implementation decides, before any of
them is imported; IMPLEMENTATION says which).
"""

from ._implementation import COMPILED_PATH, IMPLEMENTATION

if COMPILED_PATH is not None:
    __path__.insert(0, COMPILED_PATH)

from .decompose import clear_caches as _clear_decompositions
from .errors import InvalidGame
from .game import RULESETS, score_game
from .tiles import BONUS_CODES, TILE_CODES, TilePart, clear_parse_caches, tile_codes, tile_parts
from .vocabulary import (
    DEFAULT_RULESET,
    FALSE_MAHJONG,
    HAND_FLAGS,
    PAO,
    PAO_PREFIX,
    SEAT_WINDS,
    SEVEN_FIVE,
    pao_flag,
    pao_of,
)


def rule_catalogue(ruleset: str = DEFAULT_RULESET) -> dict[str, dict[str, object]]:
    """The rules of a rule set by name, with Dutch and English labels."""
    return RULESETS[ruleset].catalogue()


def clear_caches() -> None:
    """Forget memoised shapes and parsed strings (for cold benchmarks)."""
    _clear_decompositions()
    clear_parse_caches()


__all__ = ["BONUS_CODES", "DEFAULT_RULESET", "FALSE_MAHJONG", "HAND_FLAGS", "IMPLEMENTATION",
           "InvalidGame", "PAO",
           "PAO_PREFIX", "RULESETS", "SEAT_WINDS", "SEVEN_FIVE", "TILE_CODES", "TilePart", "clear_caches",
           "pao_flag", "pao_of", "rule_catalogue", "score_game", "tile_codes", "tile_parts"]
