"""What a table does when the round's time is up, per rule set.

Tournaments and club evenings play a round against the clock (001
Huishoudelijk Reglement Art. 1: "Er worden 2 rondes gespeeld, met om 20:45
uur een pauze. Vanaf 21:00 uur gaat de 2de ronde gespeeld worden en duurt
tot 22:15uur"), but a complete game (000 §1.9: "Een compleet spel Mahjong
bestaat uit vier ronden"; 001 "De ronden"; 004 §2.1) rarely fits in it. What
happens to the hand being played when time is up is therefore the rule
set's to say, as its `time_rule`; the app shows it at the table and on the
hall's screen, in the reader's language, by its `code`.

The seeds say little about it; where they are silent this module records the
decision (the `source` says which). The English `text` is the engine's own
wording (for messages and logs); pages translate by `code`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

# The codes a time rule can have (the app has a text for each).
FINISH_HAND: Final = "finish_hand"
STOP_AT_SIGNAL: Final = "stop_at_signal"


@dataclass(frozen=True, slots=True)
class TimeRule:
    """What is done with the hand in play when the round's time is up."""

    code: str
    text: str
    # Where the seeds say so, or that they are silent and this is a decision.
    source: str


_FINISH_TEXT: Final = ("Time is up: finish the hand being played and enter it; do not start a "
                "new hand.")

# NTS (000, 002, 003) sets no time for a round: a tournament's clock is its
# organiser's. The seeds are silent on the hand in play, so the decision is
# the usual one at Dutch tournaments: it is played out, and no new hand is
# begun; no score is lost to the clock.
NTS_TIME_RULE: Final = TimeRule(
    FINISH_HAND, _FINISH_TEXT,
    "000 §1.9 (a complete game is four rounds; no time limit in the rules): decision, the "
    "hand in play is played out")

# Fu-Hing plays each round to a fixed time and gives a signal: "Zodra het
# teken gegeven wordt dat de eerste ronde is afgelopen, dan kan iedereen de
# pauze ... invullen" (001 Huishoudelijk Reglement Art. 2). The round is over
# at the signal, so the hand in play is not played out: it is not scored.
HONG_KONG_TIME_RULE: Final = TimeRule(
    STOP_AT_SIGNAL,
    "Time is up: the round is over at the signal. The hand being played is not finished and "
    "not entered.",
    "001 Huishoudelijk Reglement Art. 1 and 2 (the round ends at the signal)")

# The classic rules (004) play rounds of four games with no clock at all
# (§2.1, §5); as for NTS, the hand in play is played out.
PHILOS_TIME_RULE: Final = TimeRule(
    FINISH_HAND, _FINISH_TEXT,
    "004 §2.1 and §5 (rounds of games; no time limit in the rules): decision, the hand in "
    "play is played out")
