"""Table cards as a PDF (exports/pdf/table_cards.py), read back with pypdf."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import segno

from exports.pdf import table_cards
from tests.exports.pdf_support import DESIREE, Calls, lines, pages
from tests.support.factories import EventFactory, MemberFactory
from tournaments.models import OddTables, Round
from tournaments.services import registration as registrations
from tournaments.services import rounds

pytestmark = pytest.mark.django_db

WINDS_EN = ["East", "South", "West", "North", "Fifth player"]
WINDS_NL = ["Oost", "Zuid", "West", "Noord", "Vijfde speler"]


def seated(players: int, **fields: Any) -> Round:
    """A seated round of `players` members; the first is Désirée Heemskerk."""
    event = EventFactory(title="Clubavond maart", **fields)
    for index in range(players):
        first, last = ("Désirée", "Heemskerk") if index == 0 else (f"Speler{index}", "Jansen")
        registrations.register(event, member=MemberFactory(
            club=event.club, first_name=first, last_name=last))
    return rounds.seat_round(rounds.add_round(event), seed=4)


def seat_names(round_: Round) -> dict[int, list[str]]:
    return {
        table.number: [seat.registration.name for seat in
                       table.seats.select_related("registration__member").order_by("position")]
        for table in round_.tables.all()
    }


def test_a_card_per_table_two_to_a_page() -> None:
    round_ = seated(12)
    calls = Calls()
    pdf = table_cards.render(round_, base_url="https://mahjong.example/", language="en",
                             progress=calls)
    text = pages(pdf)
    assert len(text) == 2  # 3 tables, two cards per page
    calls.check(3)
    assert [done for done, _total in calls.calls] == [0, 1, 2, 3]
    assert DESIREE in "\n".join(text)
    cards = [card for page in text for card in cards_of(page, "Table")]
    assert len(cards) == 3
    for number, names in seat_names(round_).items():
        card = cards[number - 1]
        table = round_.tables.get(number=number)
        # The table's number under "Table", each player after their seat wind...
        assert card[:2] == ["Table", str(number)]
        for wind, name in zip(WINDS_EN, names, strict=False):
            assert card[card.index(wind) + 1] == name
        # ...and the address of its score-entry page under the code.
        scan = card.index("Scan to enter the scores")
        assert card[scan + 1] == f"https://mahjong.example/en/tables/{table.pk}/score/"
    assert all("Clubavond maart · Round 1 · " in page for page in text)


def cards_of(page: str, label: str) -> list[list[str]]:
    """The page's lines, one list per card (from its "Table" label on)."""
    found = lines(page)
    starts = [index for index, line in enumerate(found) if line == label]
    return [found[start:end] for start, end in zip(starts, [*starts[1:], len(found)],
                                                   strict=True)]


def test_dutch_cards_link_to_the_dutch_page() -> None:
    round_ = seated(8)
    text = pages(table_cards.render(round_, base_url="https://mahjong.example",
                                    language="nl"))
    assert len(text) == 1
    page = text[0]
    assert "Tafel" in lines(page) and "Ronde 1" in page
    for wind in WINDS_NL[:4]:
        assert wind in lines(page)
    assert "Scan om de scores in te voeren" in page
    for table in round_.tables.all():
        assert f"https://mahjong.example/tables/{table.pk}/score/" in lines(page)
    assert "/en/" not in page


def test_the_qr_codes_hold_the_score_entry_addresses(monkeypatch: pytest.MonkeyPatch) -> None:
    round_ = seated(8)
    encoded: list[str] = []
    make = segno.make

    def spy(content: str, **options: Any) -> Any:
        encoded.append(content)
        assert options == {"error": "m"}
        return make(content, **options)

    monkeypatch.setattr(table_cards.segno, "make", spy)
    table_cards.render(round_, base_url="http://127.0.0.1:8000", language="en")
    assert encoded == [f"http://127.0.0.1:8000/en/tables/{table.pk}/score/"
                       for table in round_.tables.order_by("number")]


def test_a_table_of_five_lists_the_fifth_player() -> None:
    round_ = seated(9, odd_tables=OddTables.FIVE)
    page = pages(table_cards.render(round_, base_url="https://m.example", language="nl"))[0]
    assert "Vijfde speler" in lines(page)
    five = next(names for names in seat_names(round_).values() if len(names) == 5)
    card = lines(page)
    assert card[card.index("Vijfde speler") + 1] == five[4]


def test_a_round_not_seated_yet() -> None:
    event = EventFactory()
    round_ = rounds.add_round(event)
    calls = Calls()
    text = pages(table_cards.render(round_, base_url="https://m.example", language="en",
                                    progress=calls))
    assert len(text) == 1 and "This round is not seated yet." in text[0]
    calls.check(0)


@pytest.mark.skipif(not (shutil.which("pdftoppm") and shutil.which("zbarimg")),
                    reason="needs pdftoppm (poppler-utils) and zbarimg (zbar-tools)")
def test_the_printed_codes_scan(tmp_path: Path) -> None:
    round_ = seated(8)
    pdf = tmp_path / "cards.pdf"
    pdf.write_bytes(table_cards.render(round_, base_url="https://mahjong.example",
                                       language="en"))
    subprocess.run(["pdftoppm", "-r", "150", "-png", str(pdf), str(tmp_path / "card")],
                   check=True)
    images = sorted(str(path) for path in tmp_path.glob("card*.png"))
    scanned = subprocess.run(["zbarimg", "-q", "--raw", *images], capture_output=True,
                             text=True, check=True).stdout.split()
    assert sorted(scanned) == sorted(f"https://mahjong.example/en/tables/{table.pk}/score/"
                                     for table in round_.tables.all())
