import json

from tournaments.seating import designs, plan, report

ROUNDS = [
    [[1, 2, 3, 4], [5, 6, 7, 8]],
    [[1, 2, 5, 6], [3, 4, 7, 8]],
    [[2, 1, 7, 8], [5, 6, 3, 4]],
]


def test_it_counts_repeat_meetings() -> None:
    result = report(ROUNDS)
    assert result.repeat_meetings == (
        ((1, 2), 3),
        ((3, 4), 3),
        ((5, 6), 3),
        ((7, 8), 3),
    )
    assert result.repeat_total == 8


def test_it_counts_seat_winds_per_player() -> None:
    winds = {row.player: row for row in report(ROUNDS).winds}
    assert winds[1].counts == (2, 1, 0, 0, 0)
    assert winds[1].spread == 2
    assert winds[7].counts == (0, 0, 3, 0, 0)
    assert report(ROUNDS).max_wind_spread == 3


def test_it_lists_players_at_the_same_table_as_last_round() -> None:
    result = report(ROUNDS)
    assert result.same_table_as_previous == ((), (1, 2, 7, 8), (1, 2, 3, 4))
    every = ((1, 2), (3, 4), (5, 6), (7, 8))
    assert result.met_in_previous_round == ((), every, every)


def test_a_table_of_five_counts_its_fifth_seat_apart() -> None:
    row = report([[[1, 2, 3, 4, 5]]]).winds[4]
    assert (row.player, row.counts, row.spread) == (5, (0, 0, 0, 0, 1), 0)


def test_it_lists_same_club_pairs_when_clubs_are_given() -> None:
    clubs = {1: "x", 2: "x", 5: "y", 6: "z"}
    assert report(ROUNDS, clubs=clubs).same_club == (((1, 2),), ((1, 2),), ((1, 2),))
    assert report(ROUNDS).same_club == ()


def test_it_is_json_able_and_readable() -> None:
    result = report(ROUNDS, clubs={1: "x", 2: "x"})
    data = json.loads(json.dumps(result.as_dict()))
    assert data["repeat_meetings"][0] == {"players": [1, 2], "count": 3}
    assert data["winds"][0] == {
        "player": 1,
        "E": 2,
        "S": 1,
        "W": 0,
        "N": 0,
        "fifth": 0,
        "spread": 2,
    }
    assert data["same_table_as_previous"][1] == [1, 2, 7, 8]
    text = result.as_text()
    assert "4 pairs met more than once (8 extra meetings): 1-2 x3" in text
    assert "Members of one club at one table: 3 pairs" in text


def test_no_repeats_reads_none() -> None:
    assert report([[[1, 2, 3, 4]]]).as_text().startswith("Repeat meetings: none")


def test_the_report_compares_the_repeats_with_the_best_possible():
    five_rounds = plan(range(16), 5, "balanced", seed=3)
    assert report(five_rounds).best_possible == (0, True)
    assert "Best possible: 0 repeat meetings" in report(five_rounds).as_text()
    six_rounds = plan(range(16), 6, "balanced", seed=3)
    bound = designs.repeat_lower_bound([4] * 4, 6)
    assert bound > 0  # 16 players meet 120 pairs; 6 rounds seat 144 meetings
    assert report(six_rounds).best_possible == (bound, report(six_rounds).repeat_total == bound)
    assert report(six_rounds).repeat_total >= bound
    assert report(six_rounds).as_dict()["best_possible_repeats"] == bound


def test_the_best_possible_is_left_out_when_the_players_change():
    assert report([[[1, 2, 3, 4]], [[1, 2, 3, 5]]]).best_possible is None
    assert report([[[1, 2, 3, 4]], [[1, 2, 3, 5]]]).as_dict()["best_possible_repeats"] is None


def test_a_schedule_at_the_proven_bound_is_the_best_possible():
    # 8 players, 2 rounds: each table of round 2 holds 2 + 2 of round 1's tables.
    rounds = [[[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 2, 5, 6], [3, 4, 7, 8]]]
    assert report(rounds).repeat_total == 4
    assert report(rounds).best_possible == (4, True)
    worse = [[[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 2, 3, 5], [4, 6, 7, 8]]]
    assert report(worse).best_possible == (4, False)
