import pytest

from tournaments.seating import SeatingError, table_sizes


@pytest.mark.parametrize(
    ("n", "odd_tables", "sizes"),
    [
        (4, "five", [4]),
        (16, "five", [4, 4, 4, 4]),
        (5, "five", [5]),
        (9, "five", [5, 4]),
        (10, "five", [5, 5]),
        (15, "five", [5, 5, 5]),
        (18, "five", [5, 5, 4, 4]),
        (3, "three", [3]),
        (6, "three", [3, 3]),
        (7, "three", [4, 3]),
        (9, "three", [3, 3, 3]),
        (18, "three", [4, 4, 4, 3, 3]),
        (64, "three", [4] * 16),
    ],
    ids=lambda v: str(v),
)
def test_it_uses_tables_of_four_and_the_odd_size(n: int, odd_tables: str, sizes: list[int]) -> None:
    assert table_sizes(n, odd_tables) == sizes


@pytest.mark.parametrize("n", range(3, 200))
@pytest.mark.parametrize("odd_tables", ["five", "three"])
def test_the_sizes_add_up(n: int, odd_tables: str) -> None:
    try:
        sizes = table_sizes(n, odd_tables)
    except SeatingError:
        return
    assert sum(sizes) == n
    assert set(sizes) <= {4, 5 if odd_tables == "five" else 3}


@pytest.mark.parametrize(
    ("n", "odd_tables", "message"),
    [
        (7, "five", "7 players cannot be seated at tables of 4 and 5; tables of 3 would work"),
        (6, "five", "tables of 3 would work"),
        (11, "five", "tables of 3 would work"),
        (5, "three", "5 players cannot be seated at tables of 4 and 3; tables of 5 would work"),
        (2, "five", "a table needs at least 3 players"),
        (0, "three", "a table needs at least 3 players"),
        (8, "six", "odd tables must be 'five' or 'three'"),
    ],
)
def test_it_refuses_impossible_counts(n: int, odd_tables: str, message: str) -> None:
    with pytest.raises(SeatingError, match=message):
        table_sizes(n, odd_tables)
