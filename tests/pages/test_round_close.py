"""The round page while a round is played and when it closes: which tables
have not finished (no hands, hands not confirmed), the refusal naming them,
and the table points once closed."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tournaments.models import Event, Round, RoundStatus, TableResult
from tournaments.services import hands, rounds

pytestmark = pytest.mark.django_db

VALUES = {0: 40, 1: 20, 2: 10, 3: 0}


def progress_rows(html: str) -> dict[str, str]:
    """Table number -> the text of its row in the progress table."""
    body = html[html.index('id="table-progress"'):]
    body = body[:body.index("</ul>")]
    return {number: " ".join(re.sub(r"<[^>]+>", " ", text).split())
            for number, text in re.findall(r'<li data-table="(\d+)"[^>]*>(.*?)</li>\s*(?=<li data-table|$)',
                                           body, re.S)}


def close(client: Client, round_: Round) -> tuple[int, str]:
    """Close the round as the confirmation page's button does."""
    response = client.post(f"/en/rounds/{round_.pk}/close/", {"confirm": "yes"})
    if response.status_code == 302:
        response = client.get(response["Location"])
        assert response.status_code == 200
        return 302, response.content.decode()
    return response.status_code, response.content.decode()


def test_the_round_page_shows_which_tables_have_not_finished(
        organiser_client: Client, started_round: Round) -> None:
    one = started_round.tables.get(number=1)
    rounds.record_hand(one, values=VALUES, winner=0, east=0)
    html = organiser_client.get(f"/en/rounds/{started_round.pk}/").content.decode()
    rows = progress_rows(html)
    assert rows["1"].startswith("Table 1 1 hand · last ") and rows["1"].endswith(
        "playing Enter scores table 1 Mark finished table 1")
    assert rows["2"] == "Table 2 0 hands no hands yet Enter scores table 2 Mark finished table 2"
    status, html = close(organiser_client, started_round)
    assert status == 400
    assert "No hands have been entered at table 2." in html
    assert progress_rows(html)["2"] == "Table 2 0 hands no hands yet"
    started_round.refresh_from_db()
    assert started_round.status == RoundStatus.STARTED
    assert not TableResult.objects.exists()


def test_unconfirmed_hands_keep_a_table_from_finishing(
        organiser_client: Client, event: Event, started_round: Round,
        django_user_model: type[User], organiser: User) -> None:
    Event.objects.filter(pk=event.pk).update(requires_confirmation=True)
    one, two = started_round.tables.order_by("number")
    first = rounds.record_hand(one, values=VALUES, winner=0, east=0, entered_by=organiser)
    rounds.record_hand(one, values=VALUES, winner=0, east=1, entered_by=organiser)
    html = organiser_client.get(f"/en/rounds/{started_round.pk}/").content.decode()
    rows = progress_rows(html)
    assert "2 hands not confirmed playing" in rows["1"]
    assert rows["2"].startswith("Table 2 0 hands no hands yet")
    status, html = close(organiser_client, started_round)
    # Both reasons at once, each naming its tables.
    assert status == 400
    assert ("No hands have been entered at table 2. Hands at table 1 have not been "
            "confirmed yet.") in html
    rounds.record_hand(two, values=VALUES, winner=0, east=0, entered_by=organiser)
    second_organiser = django_user_model.objects.create_user("ben")
    event.club.organisers.add(second_organiser)
    for hand in (first, *two.hands.all()):
        hands.confirm_hand(hand, second_organiser)
    html = organiser_client.get(f"/en/rounds/{started_round.pk}/").content.decode()
    rows = progress_rows(html)
    assert "1 hand not confirmed playing" in rows["1"]
    assert "not confirmed" not in rows["2"] and "no hands" not in rows["2"]
    status, html = close(organiser_client, started_round)
    assert status == 400 and "Hands at table 1 have not been confirmed yet." in html
    assert "No hands have been entered" not in html


def test_a_closed_round_shows_the_table_points(
        organiser_client: Client, started_round: Round) -> None:
    for table in started_round.tables.all():
        rounds.record_hand(table, values=VALUES, winner=0, east=0)
    status, html = close(organiser_client, started_round)
    assert status == 302
    assert "Round 1 is closed; the standings are updated." in html
    assert 'id="table-progress"' not in html
    section = html[html.index('id="results-heading"'):]
    tables = re.findall(r'<table class="table round-results" data-table="(\d)">(.*?)</table>',
                        section, re.S)
    assert [number for number, _ in tables] == ["1", "2"]
    for _number, table in tables:
        lines = [" ".join(re.sub(r"<[^>]+>", " ", row).split())
                 for row in re.findall(r"<tr>(.*?)</tr>", table, re.S)[1:]]
        # East won, then South, West, North by their values: 4-2-1-0.
        assert [line.split()[0] for line in lines] == ["1", "2", "3", "4"]
        assert [line.split()[-1] for line in lines] == ["4", "2", "1", "0"]
