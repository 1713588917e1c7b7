"""Base parallel classes for cyclic_schedule, written by scripts/find_seating_designs.py.

BASE_CLASSES[n] = (m, players): developed over Z_m (m rounds); players are the base class,
4 per table, in the labelling of cyclic.py. Do not edit by hand: rerun the script.
"""

BASE_CLASSES: dict[int, tuple[int, str]] = {
    16: (5, "3 5 12 15 9 1 0 6 7 8 11 13 4 10 14 2"),
    24: (7, "6 9 15 21 5 10 20 22 0 13 18 23 1 4 14 2 19 16 8 17 11 12 3 7"),
    28: (9, "1 9 20 27 5 6 12 15 26 17 23 10 13 2 14 0 4 7 22 18 11 19 21 16 3 25 24 8"),
    36: (
        11,
        "8 20 26 33 9 15 30 34 4 19 31 35 14 27 23 28 0 2 21 18 1 5 25 6 7 10 24 22 32 13 11 29 16 17 3 12",
    ),
}
