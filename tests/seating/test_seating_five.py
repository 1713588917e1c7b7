"""The rotation at a table of 5, exactly as seed 001 prints it."""

import pytest

from tournaments.seating import FIVE_PLAYER_ROTATION, five_player_seats

# Seed 001 (club Fu-Hing), "Schema bij een tafel van 5 spelers", as printed.
SEED_SCHEDULE = """
spel 1 spel 2 spel 3 spel 4 spel 5
OOST A B C E D
ZUID B C E D A
WEST C E D A B
NOORD D A B C E
SPELER 5 E D A B C
"""
ROW_KEYS = {"OOST": "E", "ZUID": "S", "WEST": "W", "NOORD": "N", "SPELER 5": "out"}


def _seed_table() -> dict[str, list[str]]:
    table = {}
    for line in SEED_SCHEDULE.strip().splitlines()[1:]:
        *label, a, b, c, d, e = line.split()
        table[ROW_KEYS[" ".join(label)]] = [a, b, c, d, e]
    return table


@pytest.mark.parametrize("hand", [1, 2, 3, 4, 5])
def test_it_matches_the_seed(hand: int) -> None:
    seed = _seed_table()
    seats = five_player_seats(hand)
    assert {role: "ABCDE"[position] for role, position in seats.items()} == {
        role: letters[hand - 1] for role, letters in seed.items()
    }


def test_every_player_plays_every_wind_once_and_sits_out_once() -> None:
    for position in range(5):
        roles = [row.index(position) for row in FIVE_PLAYER_ROTATION]
        assert sorted(roles) == [0, 1, 2, 3, 4]


def test_north_makes_room_for_the_player_who_sat_out() -> None:
    # "Degene die Noord heeft gespeeld, maakt plaats voor speler 5. Deze speler begint als West."
    for hand in range(1, 5):
        now, then = five_player_seats(hand), five_player_seats(hand + 1)
        assert then["out"] == now["N"]
    assert five_player_seats(2)["W"] == five_player_seats(1)["out"]


def test_the_first_hand_is_the_seating_order() -> None:
    assert five_player_seats(1) == {"E": 0, "S": 1, "W": 2, "N": 3, "out": 4}


def test_it_starts_again_after_five_hands() -> None:
    assert five_player_seats(6) == five_player_seats(1)
    with pytest.raises(ValueError, match="from 1"):
        five_player_seats(0)
