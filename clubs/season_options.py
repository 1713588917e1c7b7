"""How a club ranks its season: the options of its club competition, kept per
club in Club.season_options and read by Club.read_season_options.

Pure Python, no Django import: the season's computation
(tournaments/season.py) ranks by these options without Django, and
clubs/models.py checks them in Club.clean.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

MODE_SUM = "sum"
MODE_BEST_N = "best_n"
MODES = (MODE_SUM, MODE_BEST_N)


@dataclass(frozen=True)
class SeasonOptions:
    """How a club ranks its season; every option is off by default.

    mode: "sum" adds up every evening; "best_n" only each member's best `n`
        evenings (by table points, then score).
    attendance_bonus: table points added per evening attended.
    min_attendance: evenings a member must attend to be ranked; members below
        it are listed as not qualified, without a position.
    min_players: an evening counts only if at least this many played.
    """

    mode: str = MODE_SUM
    n: int | None = None
    attendance_bonus: Decimal = Decimal(0)
    min_attendance: int = 0
    min_players: int = 0

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"unknown season mode {self.mode!r}; choose one of {', '.join(MODES)}")
        if self.mode == MODE_BEST_N and (self.n is None or self.n < 1):
            raise ValueError("mode best_n needs n, the number of evenings that count, of 1 or more")
        if self.mode == MODE_SUM and self.n is not None:
            raise ValueError(
                "n is the number of evenings for mode best_n; mode sum counts them all"
            )
        if self.attendance_bonus < 0:
            raise ValueError("the attendance bonus cannot be negative")
        if self.min_attendance < 0 or self.min_players < 0:
            raise ValueError("minimum attendance and minimum players cannot be negative")
