"""Seat winds on the Dutch pages are Dutch letters (O Z W N), as on the
score-entry page (scoring.tiles.wind_letters): the table's hands and history,
and a player's page. Found by a new user's walk through the demo."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.support import worlds

pytestmark = pytest.mark.django_db


def test_the_player_page_and_the_table_page_name_the_winds_in_dutch(
        organiser_client: Client, organiser: User) -> None:
    played = worlds.tournament(players=4, user=organiser)
    played.club.organisers.add(organiser)
    registration = played.players[0]
    page = organiser_client.get(
        f"/events/{played.event.pk}/players/{registration.pk}/").content.decode()
    body = page[page.index("<tbody>"):page.index("</tbody>")]
    winds = re.findall(r"<td>([A-Z])</td>", body)
    assert winds and set(winds) <= {"O", "Z", "W", "N"}, winds
    table = played.rounds[0].tables.get()
    page = organiser_client.get(f"/rounds/{table.round_id}/tables/{table.pk}/").content.decode()
    assert re.search(r"\bO [A-Z]\w+ \w+: ", page), "East is O in the hands list"
    english = organiser_client.get(
        f"/en/events/{played.event.pk}/players/{registration.pk}/").content.decode()
    assert set(re.findall(r"<td>([A-Z])</td>", english)) <= {"E", "S", "W", "N"}
