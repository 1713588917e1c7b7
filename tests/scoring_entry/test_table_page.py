"""The organiser's table page shows the audit trail of the table's hands
(who, when, what, each player's value and settlement before and after,
newest first), links to the score-entry page and marks unconfirmed hands."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.scoring_entry.conftest import new_id, players, values_input
from tournaments.models import Event, Hand, Table
from tournaments.services.hands import (
    confirm_hand,
    correct_hand,
    correct_seats,
    delete_hand,
    submit_hand,
)

pytestmark = pytest.mark.django_db


def page(user: User, table: Table) -> str:
    client = Client()
    client.force_login(user)
    response = client.get(f"/en/rounds/{table.round_id}/tables/{table.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def enter(table: Table, user: User, values: dict[int, int], winner: int,
          version: int) -> Hand:
    hand, _ = submit_hand(table, game_input=values_input(values, winner=winner, east=None),
                          submission_id=new_id(), expected_version=version, user=user)
    return hand


def rows(html: str) -> list[str]:
    """The changes in the audit trail, as text without tags."""
    body = html[html.index('id="hand-changes"'):]
    body = body[:body.index("</ol>")]
    found = re.findall(r'<li data-action="(\w+)" data-hand="(\d+)">(.*?)(?=<li data-action=|$)',
                       body, re.S)
    return [f"{action} {number} " + " ".join(re.sub(r"<[^>]+>", " ", text).split())
            for action, number, text in found]


def test_the_changes_newest_first_with_who_and_old_and_new_values(
        table: Table, keeper: User, organiser: User) -> None:
    east, south, west, north = players(table)
    first = enter(table, keeper, {0: 0, 1: 40, 2: 0, 3: 8}, winner=1, version=0)
    enter(table, keeper, {0: 20, 1: 0, 2: 0, 3: 0}, winner=0, version=1)
    correct_hand(first, game_input=values_input({0: 0, 1: 48, 2: 0, 3: 8}, winner=1),
                 expected_version=2, user=organiser)
    second = table.hands.get(number=2)
    delete_hand(second, expected_version=3, user=keeper)
    html = page(organiser, table)
    trail = rows(html)
    assert [row.split()[:2] for row in trail] == [
        ["deleted", "2"], ["corrected", "1"], ["created", "2"], ["created", "1"]]
    deleted, corrected, _created_2, created_1 = trail
    assert "Vera Visser" in deleted and "Hand 2: deleted" in deleted
    # The deleted hand 2 (South East, seat 0 North won 20 self-drawn): gone after.
    assert f"{south.name}: E 0 (-40) → –" in deleted
    assert f"{east.name}: N 20 (+80) → –" in deleted
    assert f"{north.name}: W 0 (-20) → –" in deleted
    assert "alice" in corrected and "Hand 1: corrected" in corrected
    assert f"{south.name}: S 40 (+160) → S 48 (+192)" in corrected
    assert f"{east.name}: E 0 (-96) → E 0 (-112)" in corrected
    assert f"{south.name}: – → S 40 (+160)" in created_1
    # When: day and time.
    assert re.search(r"\d\d/\d\d/\d{4} \d\d:\d\d", corrected)
    # Changed lines are marked: here every player's line in every change.
    assert html.count('<li class="changed">') == 16


def test_a_seat_correction_shows_the_winds_before_and_after(table: Table, keeper: User,
                                                            organiser: User) -> None:
    a, b = players(table)[:2]
    enter(table, keeper, {0: 0, 1: 40, 2: 0, 3: 8}, winner=1, version=0)
    correct_seats(table, positions={0: 1, 1: 0}, user=keeper, expected_version=1)
    reseated = rows(page(organiser, table))[0]
    assert reseated.startswith("reseated 1") and "Seats corrected" in reseated
    assert f"{b.name}: S 40 (+160) → E 40 (+240)" in reseated
    assert f"{a.name}: E 0 (-96) → S 0 (-88)" in reseated


def test_the_page_links_to_the_score_entry_page(table: Table, organiser: User) -> None:
    html = page(organiser, table)
    assert (f'<a class="button secondary" href="/en/tables/{table.pk}/score/">'
            "Correct hands on the score-entry page</a>") in html
    assert "No changes yet." in html


def test_unconfirmed_hands_are_marked_where_the_event_asks_for_confirmation(
        event: Event, table: Table, keeper: User, organiser: User) -> None:
    hand = enter(table, keeper, {0: 0, 1: 40, 2: 0, 3: 8}, winner=1, version=0)
    html = page(organiser, table)
    assert "not confirmed" not in html  # no confirmation asked: nothing to mark
    Event.objects.filter(pk=event.pk).update(requires_confirmation=True)
    html = page(organiser, table)
    assert '<tr data-hand="1" class="unconfirmed">' in html
    assert '<span class="badge badge-warning">not confirmed</span>' in html
    confirm_hand(hand, organiser)
    html = page(organiser, table)
    assert '<tr data-hand="1">' in html and "not confirmed" not in html
    confirmed = rows(html)[0]
    assert confirmed.startswith("confirmed 1") and "Hand 1: confirmed" in confirmed
    assert "alice" in confirmed


def test_a_scorekeeper_does_not_see_the_organisers_table_page(table: Table,
                                                              keeper: User) -> None:
    client = Client()
    client.force_login(keeper)
    assert client.get(f"/en/rounds/{table.round_id}/tables/{table.pk}/").status_code == 404
