"""The rotation at a table of 5, by rule set: seed 001's schedule exactly as
printed (Hong Kong), the dreamer of seed 003 (NTS, and the classic rules)."""

import pytest

from tournaments.seating import (
    DREAMER_ROTATION,
    FIVE_PLAYER_ROTATION,
    Schedule,
    five_player_schedule,
    five_player_seats,
)

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
SCHEDULES = {"seed 001": FIVE_PLAYER_ROTATION, "seed 003 dreamer": DREAMER_ROTATION}


def _seed_table() -> dict[str, list[str]]:
    table = {}
    for line in SEED_SCHEDULE.strip().splitlines()[1:]:
        *label, a, b, c, d, e = line.split()
        table[ROW_KEYS[" ".join(label)]] = [a, b, c, d, e]
    return table


@pytest.mark.parametrize("hand", [1, 2, 3, 4, 5])
def test_it_matches_the_seed(hand: int) -> None:
    seed = _seed_table()
    seats = five_player_seats(hand, FIVE_PLAYER_ROTATION)
    assert {role: "ABCDE"[position] for role, position in seats.items()} == {
        role: letters[hand - 1] for role, letters in seed.items()
    }


@pytest.mark.parametrize("schedule", SCHEDULES.values(), ids=SCHEDULES.keys())
def test_every_player_plays_every_wind_once_and_sits_out_once(schedule: Schedule) -> None:
    for position in range(5):
        roles = [row.index(position) for row in schedule]
        assert sorted(roles) == [0, 1, 2, 3, 4]


def test_north_makes_room_for_the_player_who_sat_out() -> None:
    # 001: "Degene die Noord heeft gespeeld, maakt plaats voor speler 5. Deze speler begint
    # als West."
    for hand in range(1, 5):
        now = five_player_seats(hand, FIVE_PLAYER_ROTATION)
        then = five_player_seats(hand + 1, FIVE_PLAYER_ROTATION)
        assert then["out"] == now["N"]
    assert (five_player_seats(2, FIVE_PLAYER_ROTATION)["W"]
            == five_player_seats(1, FIVE_PLAYER_ROTATION)["out"])


def test_east_dreams_next_and_the_dreamer_comes_back_as_north() -> None:
    # 003 "Vijf spelers": "Als dit spel is afgelopen of wanneer het remise is, wordt Oost de
    # nieuwe dromer en wordt de oude dromer Noord."
    for hand in range(1, 6):
        now = five_player_seats(hand, DREAMER_ROTATION)
        then = five_player_seats(hand + 1, DREAMER_ROTATION)
        assert then["out"] == now["E"]
        assert then["N"] == now["out"]
        assert (then["E"], then["S"], then["W"]) == (now["S"], now["W"], now["N"])


@pytest.mark.parametrize("schedule", SCHEDULES.values(), ids=SCHEDULES.keys())
def test_the_first_hand_is_the_seating_order(schedule: Schedule) -> None:
    assert five_player_seats(1, schedule) == {"E": 0, "S": 1, "W": 2, "N": 3, "out": 4}


@pytest.mark.parametrize("schedule", SCHEDULES.values(), ids=SCHEDULES.keys())
def test_it_starts_again_after_five_hands(schedule: Schedule) -> None:
    assert five_player_seats(6, schedule) == five_player_seats(1, schedule)
    with pytest.raises(ValueError, match="from 1"):
        five_player_seats(0, schedule)


@pytest.mark.parametrize(("ruleset", "schedule"), [
    ("hongkong", FIVE_PLAYER_ROTATION),  # 001 "Schema bij een tafel van 5 spelers"
    ("nts", DREAMER_ROTATION),  # 003 "Vijf spelers", the NTS write-up
    ("philos", DREAMER_ROTATION),  # 004: 4 players; the general convention
])
def test_the_schedule_is_the_rule_sets(ruleset: str, schedule: Schedule) -> None:
    assert five_player_schedule(ruleset) is schedule
