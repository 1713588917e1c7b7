"""The rotating trophy (seed 001, Huishoudelijk Reglement Art. 7) and the evening winner."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tournaments.placing import Key, StandingRow, standings
from tournaments.season import WINS_TO_KEEP, TrophyKept, evening_winner, trophy_history

FAST = settings(max_examples=examples(200), deadline=None, database=None)


def wednesdays(*winners: Key | None) -> list[tuple[date, Key | None]]:
    """Winners of consecutive Wednesday evenings from 8 January 2025."""
    first = date(2025, 1, 8)
    return [(first + timedelta(weeks=week), winner) for week, winner in enumerate(winners)]


def test_the_winner_holds_the_trophy() -> None:
    history = trophy_history(wednesdays("ann", "bob", "ann"))
    assert [e.holder for e in history.evenings] == ["ann", "bob", "ann"]
    assert dict(history.wins) == {"ann": 2, "bob": 1}
    assert (history.trophy, history.holder, history.kept) == (1, "ann", ())


def test_three_wins_keep_the_trophy_and_a_new_one_starts() -> None:
    history = trophy_history(wednesdays("ann", "bob", "ann", "bob", "ann", "bob", "cor"))
    # Evening 5 is ann's 3rd win of trophy 1: she keeps it. bob's 2 wins of
    # trophy 1 do not carry over: trophy 2 starts at 0 for everyone, so bob's
    # win on evening 6 is his first of trophy 2.
    assert [(e.trophy, e.winner, e.holder, dict(e.wins), e.kept) for e in history.evenings] == [
        (1, "ann", "ann", {"ann": 1}, False),
        (1, "bob", "bob", {"ann": 1, "bob": 1}, False),
        (1, "ann", "ann", {"ann": 2, "bob": 1}, False),
        (1, "bob", "bob", {"ann": 2, "bob": 2}, False),
        (1, "ann", "ann", {"ann": 3, "bob": 2}, True),
        (2, "bob", "bob", {"bob": 1}, False),
        (2, "cor", "cor", {"bob": 1, "cor": 1}, False),
    ]
    assert history.kept == (TrophyKept(trophy=1, member="ann", date=date(2025, 2, 5)),)
    assert (history.trophy, history.holder, dict(history.wins)) == (2, "cor", {"bob": 1, "cor": 1})


def test_after_a_keep_the_new_trophy_has_no_holder_yet() -> None:
    history = trophy_history(wednesdays("ann", "ann", "ann"))
    assert history.evenings[-1].kept
    assert (history.trophy, history.holder, dict(history.wins)) == (2, None, {})


def test_a_member_can_keep_two_trophies_in_a_season() -> None:
    history = trophy_history(wednesdays(*["ann"] * 6))
    assert [(k.trophy, k.member) for k in history.kept] == [(1, "ann"), (2, "ann")]
    assert history.trophy == 3


def test_no_single_winner_leaves_the_trophy_with_its_holder() -> None:
    history = trophy_history(wednesdays("ann", None, "bob"))
    # Evening 2 had a shared first place: nobody won, ann keeps holding it.
    assert [(e.winner, e.holder) for e in history.evenings] == [
        ("ann", "ann"),
        (None, "ann"),
        ("bob", "bob"),
    ]
    assert dict(history.wins) == {"ann": 1, "bob": 1}


def test_the_holder_at_the_start_of_the_season_starts_without_wins() -> None:
    history = trophy_history(wednesdays(None, "bob"), holder_at_start="ann")
    # Wins count per season ("in dit speeljaar"): ann holds it from last season.
    assert [e.holder for e in history.evenings] == ["ann", "bob"]
    assert dict(history.evenings[0].wins) == {}


def test_an_empty_season_has_the_first_trophy_with_the_start_holder() -> None:
    history = trophy_history([], holder_at_start="ann")
    assert (history.evenings, history.trophy, history.holder) == ((), 1, "ann")


@pytest.mark.parametrize(
    ("winners", "message"),
    [
        pytest.param(
            [(date(2025, 2, 5), "ann"), (date(2025, 1, 8), "bob")], "date order", id="out-of-order"
        ),
        pytest.param(
            [(date(2024, 12, 18), "ann"), (date(2025, 1, 8), "bob")],
            "seasons 2024, 2025",
            id="two-seasons",
        ),
    ],
)
def test_bad_winners_are_refused(winners: list[tuple[date, Key | None]], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        trophy_history(winners)


def test_the_recorded_wins_cannot_be_changed() -> None:
    history = trophy_history(wednesdays("ann"))
    with pytest.raises(TypeError):
        history.wins["ann"] = 5  # type: ignore[index]


def row(key: str, table_points: int, ranked: bool = True) -> StandingRow:
    return StandingRow(
        key=key, name=key, table_points=Decimal(table_points), score=0, ranked=ranked
    )


@pytest.mark.parametrize(
    ("rows", "winner"),
    [
        pytest.param([row("ann", 8), row("bob", 6)], "ann", id="single-first"),
        pytest.param([row("ann", 8), row("bob", 8), row("cor", 2)], None, id="shared-first"),
        # A substitute with the most points does not win: bob is position 1.
        pytest.param([row("sub", 9, ranked=False), row("bob", 6)], "bob", id="substitute-first"),
        pytest.param([], None, id="nobody"),
    ],
)
def test_the_evening_winner_is_the_single_first(
    rows: list[StandingRow], winner: Key | None
) -> None:
    assert evening_winner(standings(rows, order="table_points")) == winner


@FAST
@given(winners=st.lists(st.sampled_from(["ann", "bob", "cor", None]), max_size=30))
def test_trophy_counts_follow_the_rule(winners: list[Key | None]) -> None:
    history = trophy_history(wednesdays(*winners))
    # Every trophy kept was won exactly WINS_TO_KEEP times by its keeper, nobody
    # ever has more wins of a trophy, and the trophy number counts the keeps.
    for evening in history.evenings:
        assert all(1 <= count <= WINS_TO_KEEP for count in evening.wins.values())
        assert evening.kept == (
            evening.winner is not None and evening.wins[evening.winner] == WINS_TO_KEEP
        )
    assert history.trophy == len(history.kept) + 1
    # Every win is counted toward exactly one trophy: a kept one or the current one.
    wins_of_kept = sum(sum(e.wins.values()) for e in history.evenings if e.kept)
    assert wins_of_kept + sum(history.wins.values()) == sum(1 for w in winners if w is not None)
