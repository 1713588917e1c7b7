"""Limits at the door, by kind of entrance (issue 13): the JSON API takes a
few KB, a form 64 KB, only the member import its 2 MB, and no address a
query string over 4 KB. Refused before anything parses the request, with a
page (or JSON under /api/) that says so, and nothing changed."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tournaments.models import Event, Hand, Table

pytestmark = pytest.mark.django_db

TILES_1MB = "123m" * 262_144


def english(function: Any, *args: Any, **kwargs: Any) -> Any:
    with translation.override("en"):
        return function(*args, **kwargs)


@pytest.fixture(autouse=True)
def _never_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing over a limit reaches the tile parser."""
    from scoring.engine import tiles

    original = tiles._parse_memo

    def parse(text: str, *args: Any) -> Any:
        assert len(text) <= tiles.MAX_TILE_TEXT, "a long tile string reached the parser"
        return original(text, *args)

    monkeypatch.setattr(tiles, "_parse_memo", parse)


def test_the_api_takes_a_few_kb(client: Client, organiser: User, started_round: Any) -> None:
    table: Table = started_round.tables.first()
    client.force_login(organiser)
    body = json.dumps({"submission_id": "a", "expected_version": 0,
                       "tiles": {"0": {"concealed": TILES_1MB}}})
    response = client.post(english(reverse, "tournaments:api_hands", args=[table.pk]), body,
                           content_type="application/json")
    assert response.status_code == 413
    assert response.json()["error"] == "What was sent is larger than 16 KB."
    small = json.dumps({"submission_id": "a", "expected_version": 0,
                        "tiles": {"0": {"concealed": "123m" * 5000}}})
    response = client.post(english(reverse, "tournaments:api_preview", args=[table.pk]), small,
                           content_type="application/json")
    assert response.status_code == 413
    assert "16 KB" in response.json()["error"]
    assert not Hand.objects.exists()


def test_the_check_page_refuses_a_long_game_at_the_door(client: Client,
                                                       organiser: User) -> None:
    """Finding 1: a game with 200 KB of tiles took 5 s; 1 MB over 10 minutes."""
    client.force_login(organiser)
    for tiles in ("123m" * 50_000, TILES_1MB):
        game = json.dumps({"players": {"E": {"concealed": tiles}}})
        response = client.post("/en/scoring/check/", {"game": game})
        assert response.status_code == 413
        page = response.content.decode()
        assert "Too large" in page and "What was sent is larger than 64 KB." in page
        assert 'href="/en/"' in page


def test_a_form_takes_64_kb(client: Client, organiser: User, event: Event) -> None:
    client.force_login(organiser)
    title = "x" * (settings.MAX_FORM_REQUEST_BYTES + 10)
    response = client.post(f"/en/events/{event.pk}/registrations/guest/",
                           {"guest_name": title})
    assert response.status_code == 413
    assert "What was sent is larger than 64 KB." in response.content.decode()
    assert not event.registrations.filter(guest_name=title).exists()


def test_the_member_import_still_takes_its_2_mb(organiser_client: Client, club: Any) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    content = b"First name;Last name\n" + b"Anna;Bakker\n" * 80_000  # about 1 MB
    response = organiser_client.post(reverse("clubs:member_import", args=[club.slug]),
                                     {"file": SimpleUploadedFile("members.csv", content)})
    assert response.status_code == 200


@pytest.mark.parametrize("path", ["/en/rankings/", "/api/tables/1/"])
def test_a_long_query_string_is_refused(client: Client, path: str) -> None:
    response = client.get(path, {"q": "x" * (settings.MAX_QUERY_BYTES + 1)})
    assert response.status_code == 414
    if path.startswith("/api/"):
        assert response.json()["error"]
    else:
        assert "Too long" in response.content.decode()


def test_a_query_string_within_the_limit_is_served(client: Client) -> None:
    assert client.get("/en/rankings/", {"q": "x" * 1000}).status_code == 200


@pytest.mark.parametrize("path", ["/exports/job/%00/", "/players/nmb-%00/statistics/",
                                  "/en/rankings/?q=a%00b", "/api/tables/1/?x=%00"])
def test_a_nul_in_the_address_is_refused_at_the_door(client: Client, path: str) -> None:
    """PostgreSQL refuses a NUL in any text it compares (a DataError, a 500
    before): found on PostgreSQL by the hostile walk."""
    response = client.get(path)
    assert response.status_code == 400
    if "/api/" in path:
        assert response.json()["error"]
    else:
        assert "NUL" in response.content.decode()


def test_a_refused_address_keeps_the_visitor_and_the_language_switch(
        client: Client, organiser: User) -> None:
    """The 414 page is the site's: the visitor is still logged in there, and
    its language switch works (it needs the CSRF cookie; found in a browser)."""
    client.force_login(organiser)
    response = client.get("/en/rankings/", {"q": "x" * (settings.MAX_QUERY_BYTES + 1)})
    assert response.status_code == 414
    assert "csrftoken" in response.cookies
    assert "Log out" in response.content.decode()
    switch = client.post("/i18n/setlang/", {"language": "nl", "next": "/"})
    assert switch.status_code == 302


@pytest.mark.parametrize(("path", "words"), [
    ("/clubs/nobody/season/1/", "Pagina niet gevonden"),
    ("/en/events/999999/standings/", "Page not found"),
])
def test_a_missing_page_is_the_sites_own(client: Client, path: str, words: str) -> None:
    """Not Django's bare "Not Found": the site's layout, language and a way home."""
    response = client.get(path)
    assert response.status_code == 404
    page = response.content.decode()
    assert words in page and 'href="/' in page and "<nav" in page
