"""Base parallel classes for cyclic_schedule, written by scripts/find_seating_designs.py.

BASE_CLASSES[n] = (m, players): developed over Z_m (m rounds); players are the base class,
4 per table, in the labelling of cyclic.py. Do not edit by hand: rerun the script.
"""

BASE_CLASSES: dict[int, tuple[int, str]] = {
    16: (5, "3 5 12 15 9 1 0 6 7 8 11 13 4 10 14 2"),
    24: (7, "6 9 15 21 5 10 20 22 0 13 18 23 1 4 14 2 19 16 8 17 11 12 3 7"),
    28: (9, "1 9 20 27 5 6 12 15 26 17 23 10 13 2 14 0 4 7 22 18 11 19 21 16 3 25 24 8"),
    40: (13, "0 13 26 39 25 31 14 34 38 5 27 8 12 18 1 21 30 35 20 19 4 9 33 32 17 22 7 6 28 37 16 23 2 11 29 36 15 24 3 10"),
    48: (15, "13 29 31 45 28 44 1 46 43 14 16 47 17 7 10 9 32 22 25 24 2 37 40 39 38 42 33 6 8 12 3 21 23 27 18 36 20 34 0 41 35 4 15 11 5 19 30 26"),
    52: (17, "0 17 34 51 37 5 48 12 3 22 14 29 20 39 31 46 38 18 47 33 4 35 13 50 21 1 30 16 41 44 11 6 7 10 28 23 24 27 45 40 43 42 2 15 9 8 19 32 26 25 36 49"),
}
