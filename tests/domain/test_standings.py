"""Standings of a small tournament played through the services, with every
settlement and table point computed by hand below.

NTS settlement (seed 003, "Punten betalen"): every other player pays the
winner its value; the other players settle the differences of their values
among themselves; East pays and receives double. Table points 4-2-1-0, tied
players share the points of the ranks they hold.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.domain.conftest import arrange, make_event
from tests.support.factories import MemberFactory
from tournaments.models import Event, RankingOrder, Registration, SeatingMethod
from tournaments.services.registration import drop_out, register, substitute
from tournaments.services.rounds import (
    add_round,
    close_round,
    record_hand,
    seat_round,
    start_round,
)
from tournaments.services.standings import event_standings

pytestmark = pytest.mark.django_db

D = Decimal


def table(round_: object, number: int) -> object:
    return round_.tables.get(number=number)  # type: ignore[attr-defined]


def play_tournament() -> tuple[Event, dict[str, Registration]]:
    event, registrations = make_event(8, ranking_order=RankingOrder.TABLE_POINTS,
                                      seating_method=SeatingMethod.FUHING)
    p = {r.member.first_name: r for r in registrations}  # type: ignore[union-attr]
    A, B, C, D_, E, F, G, H = (p[name] for name in
                               ("Anna", "Bram", "Cor", "Dirk", "Els", "Femke", "Gert", "Hans"))

    # Round 1 (random, arranged by swaps): table 1 Anna E, Bram S, Cor W, Dirk N;
    # table 2 Els E, Femke S, Gert W, Hans N.
    first = seat_round(add_round(event), seed=11)
    arrange(first, [[A, B, C, D_], [E, F, G, H]])
    start_round(first)
    # Table 1, hand 1 (East Anna): Bram wins 40 off Cor's discard; Anna 10, Cor 0, Dirk 8.
    #   Bram gets 2x40 from Anna (East) + 40 + 40 = +160.
    #   Anna-Cor: Cor pays East 2x10 = 20; Anna-Dirk: Dirk pays East 2x2 = 4; Cor-Dirk: Cor pays 8.
    #   Anna -80+20+4 = -56; Cor -40-20-8 = -68; Dirk -40-4+8 = -36.
    record_hand(table(first, 1), values={0: 10, 1: 40, 2: 0, 3: 8}, winner=1, east=0,
                discarder=2)
    # Table 1, hand 2 (winds moved: Bram East, Cor S, Dirk W, Anna N): Dirk wins 50
    # self-drawn; Bram 0, Cor 30, Anna 24.
    #   Dirk gets 2x50 + 50 + 50 = +200.
    #   Bram pays Anna 2x24 = 48 and Cor 2x30 = 60; Anna pays Cor 6.
    #   Bram -100-48-60 = -208; Anna -50+48-6 = -8; Cor -50+60+6 = +16.
    record_hand(table(first, 1), values={0: 24, 1: 0, 2: 30, 3: 50}, winner=3, east=1)
    # Round 1 table 1: Anna -56-8 = -64 (0 points), Bram 160-208 = -48 (2),
    # Cor -68+16 = -52 (1), Dirk -36+200 = 164 (4).
    #
    # Table 2, one hand (East Els): Els wins 40 off Hans's discard; Femke 16, Gert 0, Hans 0.
    #   Els (East) gets 2x40 from each: +240.
    #   Gert and Hans each pay Femke 16; Gert-Hans: nothing.
    #   Femke -80+32 = -48 (2); Gert -80-16 = -96; Hans -96: they share 1+0 = 0.5 each.
    record_hand(table(first, 2), values={0: 40, 1: 16, 2: 0, 3: 0}, winner=0, east=0,
                discarder=3)
    close_round(first)

    # Round 2 (Fu-Hing: by round 1's table points, then score):
    # Els (4, 240), Dirk (4, 164), Bram and Femke (2, -48) -> table 1;
    # Cor (1, -52), Gert and Hans (0.5, -96), Anna (0, -64) -> table 2.
    second = seat_round(add_round(event), seed=11)
    arrange(second, [[D_, E, F, B], [G, C, H, A]])
    start_round(second)
    # Table 1, hand 1: a draw, nothing is settled.
    record_hand(table(second, 1), values={0: 0, 1: 0, 2: 0, 3: 0}, winner=None, east=0)
    # Table 1, hand 2 (East Dirk): Els wins 30 off Femke's discard; Dirk, Femke, Bram 10.
    #   Els gets 2x30 + 30 + 30 = +120; the others have equal values: no differences.
    #   Dirk -60; Femke -30, Bram -30: they share ranks 2-3 (2 + 1) / 2 = 1.5.
    record_hand(table(second, 1), values={0: 10, 1: 30, 2: 10, 3: 10}, winner=1, east=0,
                discarder=2)
    # Table 2 (East Gert): Anna wins 100 self-drawn; Gert 0, Cor 16, Hans 2.
    #   Anna gets 2x100 + 100 + 100 = +400.
    #   Gert pays Cor 2x16 = 32 and Hans 2x2 = 4; Hans pays Cor 14.
    #   Gert -200-32-4 = -236 (0); Cor -100+32+14 = -54 (2); Hans -100+4-14 = -110 (1).
    record_hand(table(second, 2), values={0: 0, 1: 16, 2: 2, 3: 100}, winner=3, east=0)
    close_round(second)
    return event, p


def summary(rows: list) -> list[tuple]:  # type: ignore[type-arg]
    return [(row.position, row.name.split()[0], row.table_points, row.score, row.rounds_played)
            for row in rows]


def test_the_standings_of_a_hand_made_tournament() -> None:
    event, players = play_tournament()
    assert summary(event_standings(event, after_round=1)) == [
        (1, "Els", D(4), 240, 1),
        (2, "Dirk", D(4), 164, 1),
        (3, "Bram", D(2), -48, 1),
        (3, "Femke", D(2), -48, 1),
        (5, "Cor", D(1), -52, 1),
        (6, "Gert", D("0.5"), -96, 1),
        (6, "Hans", D("0.5"), -96, 1),
        (8, "Anna", D(0), -64, 1),
    ]
    # After round 2: Anna 0+4, -64+400 = 336; Bram 2+1.5, -48-30 = -78;
    # Cor 1+2, -52-54 = -106; Dirk 4+0, 164-60 = 104; Els 4+4, 240+120 = 360;
    # Femke 2+1.5, -48-30 = -78; Gert 0.5+0, -96-236 = -332; Hans 0.5+1, -96-110 = -206.
    rows = event_standings(event)
    assert summary(rows) == [
        (1, "Els", D(8), 360, 2),
        (2, "Anna", D(4), 336, 2),
        (3, "Dirk", D(4), 104, 2),
        (4, "Bram", D("3.5"), -78, 2),
        (4, "Femke", D("3.5"), -78, 2),
        (6, "Cor", D(3), -106, 2),
        (7, "Hans", D("1.5"), -206, 2),
        (8, "Gert", D("0.5"), -332, 2),
    ]
    assert rows[0].key == players["Els"].pk
    # By total score (NTS tournaments): Els 360, Anna 336, Dirk 104 lead too;
    # and every hand's settlement sums to zero, so the scores do.
    event.ranking_order = RankingOrder.SCORE
    assert [row.name.split()[0] for row in event_standings(event)][:3] == ["Els", "Anna", "Dirk"]
    assert sum(row.score for row in rows) == 0


def test_fuhing_put_the_best_four_of_round_one_at_table_one() -> None:
    event, _ = play_tournament()
    second = event.rounds.get(number=2)
    names = {seat.registration.member.first_name
             for seat in second.seats.filter(table__number=1).select_related("registration__member")}
    assert names == {"Els", "Dirk", "Bram", "Femke"}


def test_substitutes_are_listed_but_not_ranked() -> None:
    event, players = make_event(8)
    first = seat_round(add_round(event), seed=1)
    start_round(first)
    for t in first.tables.all():
        record_hand(t, values={0: 0, 1: 20, 2: 0, 3: 0}, winner=1, east=0)
    close_round(first)
    drop_out(players[0], after_round=1)
    sub = substitute(players[0], member=MemberFactory(club=event.club, first_name="Invaller"))
    second = seat_round(add_round(event), seed=1)
    start_round(second)
    for t in second.tables.all():
        seats = {s.registration_id: s.position for s in t.seats.all()}
        winner = seats.get(sub.pk, 1)  # the substitute wins at their table
        record_hand(t, values={p: (100 if p == winner else 0) for p in range(4)}, winner=winner,
                    east=0 if winner != 0 else 1)
    close_round(second)
    rows = {row.key: row for row in event_standings(event)}
    assert not rows[sub.pk].ranked and rows[sub.pk].position is None
    assert rows[players[0].pk].rounds_played == 1 and rows[players[0].pk].ranked
    assert sorted(row.position for row in rows.values() if row.ranked)[0] == 1  # type: ignore[type-var]


@pytest.mark.parametrize("guests_ranked", [True, False])
def test_guests_are_ranked_as_the_event_says(guests_ranked: bool) -> None:
    event, players = make_event(7, guests_ranked=guests_ranked)
    guest = register(event, guest_name="Lotte Gast")
    first = seat_round(add_round(event), seed=2)
    start_round(first)
    for t in first.tables.all():
        seats = {s.registration_id: s.position for s in t.seats.all()}
        winner = seats.get(guest.pk, 1)
        record_hand(t, values={p: (60 if p == winner else 0) for p in range(4)}, winner=winner,
                    east=0 if winner != 0 else 1)
    close_round(first)
    row = next(row for row in event_standings(event) if row.key == guest.pk)
    assert row.ranked is guests_ranked
    assert (row.position == 1) is guests_ranked


def test_no_closed_round_no_standings() -> None:
    event, _ = make_event(8)
    start_round(seat_round(add_round(event), seed=1))
    assert event_standings(event) == []
