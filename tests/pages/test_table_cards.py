"""Table cards of a round: each table's number, players in seat-wind order
and a QR code of the absolute link to its score-entry page (issue 4:
"opening the table's page ... by scanning a QR code printed on the table
card")."""

import re

import pytest
from django.test import Client

from tournaments.models import Round
from tournaments.qr import qr_svg

pytestmark = pytest.mark.django_db


def test_each_table_gets_a_card_with_its_players_and_a_qr_code(
        organiser_client: Client, seated_round: Round) -> None:
    response = organiser_client.get(f"/en/rounds/{seated_round.pk}/cards/")
    assert response.status_code == 200
    page = response.content.decode()
    tables = list(seated_round.tables.order_by("number"))
    assert page.count('class="table-card"') == len(tables) >= 2
    for table in tables:
        url = f"http://testserver/en/tables/{table.pk}/score/"
        assert url in page
        # The code on the card is the code of that link.
        assert qr_svg(url, title=f"Score entry of table {table.number}") in page
        for seat in table.seats.select_related("registration__member"):
            assert seat.registration.name in page
    assert re.search(r"<th scope=\"row\">East</th>", page)


def test_the_qr_code_is_inline_svg_of_the_link_alone() -> None:
    url = "https://mahjong.example/tables/7/score/"
    svg = qr_svg(url)
    assert svg.startswith("<svg") and 'class="qr"' in svg and "<?xml" not in svg
    # Drawn at scale 4 with the standard 4-module quiet zone around the 29
    # modules this link needs (a scanner needs the quiet zone); another link,
    # another symbol.
    assert 'width="148" height="148"' in svg
    assert qr_svg("https://mahjong.example/tables/8/score/") != svg


def test_the_round_page_links_to_the_cards(organiser_client: Client,
                                           seated_round: Round) -> None:
    page = organiser_client.get(f"/en/rounds/{seated_round.pk}/").content.decode()
    assert f"/en/rounds/{seated_round.pk}/cards/" in page


def test_an_unseated_round_says_so(organiser_client: Client, event: object) -> None:
    from tournaments.services import rounds

    round_ = rounds.add_round(event)  # type: ignore[arg-type]
    page = organiser_client.get(f"/en/rounds/{round_.pk}/cards/").content.decode()
    assert "This round is not seated yet." in page
