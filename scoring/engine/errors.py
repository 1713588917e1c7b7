"""The one exception of the engine: a game that cannot be scored.

It never leaves ``score_game``: there it becomes an ``{"error": ...}`` result.
"""


class InvalidGame(ValueError):
    """Bad input or an illegal hand; the message names the player and tile."""
