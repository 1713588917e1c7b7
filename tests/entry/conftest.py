"""The score-entry tests reuse the personas and the started round of
tests/scoring_entry (organiser alice, scorekeeper vera, otto of another
event, member carol)."""

from tests.scoring_entry.conftest import (  # noqa: F401
    _english,
    event,
    keeper,
    member_user,
    other_keeper,
    round_,
    table,
    table_keeper,
    table_two,
)
