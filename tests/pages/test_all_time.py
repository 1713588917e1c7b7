"""The public all-time club ranking page (/clubs/<slug>/all-time/)."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.test import Client

from clubs.models import Club, Member
from tests.domain.test_season import evening

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_seasons(club: Club) -> dict[str, Member]:
    m = {name: Member.objects.create(club=club, first_name=name, last_name="Lid")
         for name in ("Anna", "Bram", "Cor", "Dirk")}
    evening(club, datetime.date(2030, 1, 8), {m["Anna"]: ("4", 100), m["Bram"]: ("2", 20),
                                              m["Cor"]: ("1", -40), "Gastspeler": ("0", -80)})
    evening(club, datetime.date(2031, 1, 7), {m["Cor"]: ("4", 140), m["Bram"]: ("2", 80),
                                              m["Dirk"]: ("0.5", -90),
                                              "Gastspeler": ("0", -130)})
    return m


def url(club: Club, language: str = "en") -> str:
    return f"/{language}/clubs/{club.slug}/all-time/" if language != "nl" else (
        f"/clubs/{club.slug}/all-time/")


def test_anyone_sees_the_all_time_ranking(client: Client, club: Club,
                                          two_seasons: dict[str, Member]) -> None:
    response = client.get(url(club))
    assert response.status_code == 200
    page = response.content.decode()
    assert "<caption>All-time club ranking of Fu-Hing</caption>" in page
    # Cor 1+4 = 5 (100) first; Anna 4 (100) and Bram 2+2 = 4 (100) share second.
    assert [(row.position, row.name) for row in response.context["rows"]] == [
        (1, "Cor Lid"), (2, "Anna Lid"), (2, "Bram Lid"), (4, "Dirk Lid")]
    assert "Gastspeler" not in page
    body = page[page.index("<tbody>"):]
    assert body.index("Cor Lid") < body.index("Anna Lid") < body.index("Bram Lid")
    # Table points as people write them; Dirk's average of one evening.
    assert ">0.5<" in body


def test_it_speaks_dutch_by_default(client: Client, club: Club,
                                    two_seasons: dict[str, Member]) -> None:
    response = client.get(url(club, "nl"))
    assert response.status_code == 200
    page = response.content.decode()
    assert '<html lang="nl"' in page
    assert ">0,5<" in page  # the Dutch decimal comma


def test_the_season_page_and_the_club_page_link_to_it(
        client: Client, organiser_client: Client, club: Club) -> None:
    link = f'href="/en/clubs/{club.slug}/all-time/"'
    assert link in client.get(f"/en/clubs/{club.slug}/season/").content.decode()
    assert link in organiser_client.get(f"/en/clubs/{club.slug}/").content.decode()


def test_a_club_without_evenings(client: Client, club: Club) -> None:
    response = client.get(url(club))
    assert response.status_code == 200
    assert "No club evenings with results yet." in response.content.decode()


def test_an_unknown_club_is_not_found(client: Client) -> None:
    assert client.get("/en/clubs/nope/all-time/").status_code == 404


def test_the_page_takes_few_queries(client: Client, club: Club,
                                    two_seasons: dict[str, Member],
                                    django_assert_max_num_queries: Any) -> None:
    # The club, the seasons, then four per season (the fourth: its penalties).
    with django_assert_max_num_queries(2 + 4 * 2):
        assert client.get(url(club)).status_code == 200
