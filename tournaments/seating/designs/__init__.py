"""Repeat-free schedules from design theory: pure Python, no Django.

A schedule of N players at tables of 4 in which no two players meet twice is a partial
resolution of a resolvable design: each round a parallel class, each table a block.

    repeat_free_schedule(n, rounds) -> rounds of tables (players 0..n-1), or None
    best_known_rounds(n) -> the longest repeat-free schedule known for n players

Constructions (each module says which N it covers):
* cyclic.py: base parallel classes developed over Z_m, found offline by
  scripts/find_seating_designs.py and stored in cyclic_data.py.
"""
