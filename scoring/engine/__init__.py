"""The scoring engine: pure Python, no Django, standard library only.

``score_game(game: dict) -> dict`` scores one hand at one table as specified
in score-interface.md. Modules: tiles (notation), decompose (sets, pairs,
waits), shapes (irregular hands), reading and rules (rules as data), one
module per rule set (nts), settlement, and game (the input contract).
"""

from .decompose import clear_caches as _clear_decompositions
from .errors import InvalidGame
from .game import RULESETS, score_game
from .tiles import clear_parse_caches


def rule_catalogue(ruleset: str = "nts") -> dict[str, dict[str, object]]:
    """The rules of a rule set by name, with Dutch and English labels."""
    return RULESETS[ruleset].catalogue()


def clear_caches() -> None:
    """Forget memoised shapes and parsed strings (for cold benchmarks)."""
    _clear_decompositions()
    clear_parse_caches()


__all__ = ["InvalidGame", "RULESETS", "clear_caches", "rule_catalogue", "score_game"]
