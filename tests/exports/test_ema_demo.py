"""The EMA workbook of the demo's MCR tournament (issue 17, "Done when"),
read back and compared cell by cell with the sheet below, written out by
hand from the demo's table results and checked on paper:

* 16 participants: 12 members and 4 guests (2 BEL, 2 GER); one member
  plays for GER, so 3 countries (NED, GER, BEL);
* MERS weight 2: 2 days (2) + 16 players (≤ 40: 0) + 3 countries (≤ 5: 0),
  not a qualifier;
* 4 rounds of 4 tables hand out 4 x 4 x (4 + 2 + 1 + 0) = 112 table points,
  and the table scores sum to 0 but for Erik Bakker's 10 penalty points
  (round 3, late at the table): the scores sum to -10;
* ties on table points are ordered by score (Linda 8/68 before Zoë 8/-21);
* Erik Bakker's score is his tables' 228 less the penalty's 10 (issue 18's balanced
  seating follows a repeat-free plan, so the demo's tables, and these figures, changed);
* members without an EMA number are listed with "0" and "NO".

The whole demo is built (load_demo --small, several seconds): the slow pass.
"""

from __future__ import annotations

import datetime
import io
from typing import Any

import pytest
from django.core.management import call_command
from openpyxl import load_workbook

from exports import ema
from tournaments.models import Event

pytestmark = [pytest.mark.slow, pytest.mark.django_db]

PLAYERS: list[tuple[Any, ...]] = [
    ("Place", "First name", "Last name", "EMA number", "Table points", "Score", "EMA member",
     "Country"),
    (1, "Erik", "Bakker", "04100287", 13, 218, "YES", "GER"),
    (2, "Gijs", "Willems", "0", 12, 207, "NO", "NED"),
    (3, "Wout", "Janssens", "02990012", 11, 282, "YES", "BEL"),
    (4, "Lotte", "Peeters", "02990011", 10.5, 76, "YES", "BEL"),
    (5, "Ivo", "van den Berg", "08100321", 10, 105, "YES", "NED"),
    (6, "Linda", "van Horn", "08100219", 8, 68, "YES", "NED"),
    (7, "Zoë", "Dijkstra", "08100134", 8, -21, "YES", "NED"),
    (8, "Lena", "Fischer", "04990022", 7, 28, "YES", "GER"),
    (9, "Hanneke", "Schouten", "0", 7, 26, "NO", "NED"),
    (10, "Bram", "Maas", "08100746", 6.5, -70, "YES", "NED"),
    (11, "Koen", "Hoekstra", "08100389", 4, -116, "YES", "NED"),
    (12, "Jonas", "Becker", "04990021", 4, -153, "YES", "GER"),
    (13, "Ineke", "Bos", "08100406", 3, -140, "YES", "NED"),
    (14, "Hans", "van Dijk", "08100661", 3, -168, "YES", "NED"),
    (15, "Petra", "van den Berg", "0", 3, -200, "NO", "NED"),
    (16, "Sanne", "Meijer", "0", 2, -152, "NO", "NED"),
]
PENALTIES: list[tuple[Any, ...]] = [
    ("Round", "Player", "EMA number", "Points", "Kind", "Reason"),
    (3, "Erik Bakker", "04100287", 10, "other", "Te laat aan tafel"),
]


def block(event: Event) -> list[tuple[Any, ...]]:
    start = datetime.datetime.combine(event.start_date, datetime.time())
    rows: list[tuple[Any, ...]] = [
        ("Tournament", "Groene Hart MCR Open"), ("Number of players", 16),
        ("Number of countries", 3), ("City", "Gouda"), ("MERS weight", 2), ("Rules", "MCR"),
        ("Start date", start), ("End date", start + datetime.timedelta(days=1)), ("Days", 2),
    ]
    return [(*row, *[None] * 6) for row in rows] + [(None,) * 8]


def test_the_demo_mcr_tournament_goes_to_the_ema_as_written_by_hand() -> None:
    call_command("load_demo", "--small", verbosity=0)
    event = Event.objects.get(title="Groene Hart MCR Open")
    book = load_workbook(io.BytesIO(ema.render_xlsx(event, language="en",
                                                   export_anyway=True)))
    assert book.sheetnames == ["Results", "Penalties"]
    found = list(book["Results"].iter_rows(values_only=True))
    expected = block(event) + PLAYERS
    assert len(found) == len(expected)
    for row, (got, want) in enumerate(zip(found, expected, strict=True), start=1):
        for column, (cell, value) in enumerate(zip(got, want, strict=True), start=1):
            assert cell == value and type(cell) is type(value), (row, column, cell, value)
    assert list(book["Penalties"].iter_rows(values_only=True)) == PENALTIES
    # The paper checks of the docstring, on the sheet written out above.
    assert sum(row[4] for row in PLAYERS[1:]) == 4 * 4 * 7
    assert sum(row[5] for row in PLAYERS[1:]) == -10
