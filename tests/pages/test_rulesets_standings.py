"""The standings, round results and player pages of Hong Kong and Philos
events: they render, name the rule set (with options that differ from its
defaults), and their totals are the sums of the hands' settlements. A Hong
Kong player's page shows the winner's fan, not the amount paid; a table of
3 has its own table points (4, 1.25, 0).

The events are tests/exports/ruleset_sample.py's (Hong Kong by tiles)."""

from __future__ import annotations

import re
from collections import defaultdict
from decimal import Decimal
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from scoring import ruleset_display
from tests.exports.ruleset_sample import (
    CLEAN_SELF_DRAWN,
    HONG_KONG,
    PHILOS,
    by_tiles,
    hong_kong,
    hong_kong_three,
    philos,
    settlement_totals,
    winner_fan,
)
from tournaments.models import Event, HandScore, RoundStatus, TableResult
from tournaments.services import hands as hand_service
from tournaments.services import rounds

pytestmark = pytest.mark.django_db



def standings(client: Client, event: Event, **query: Any) -> tuple[str, list[dict[str, Any]]]:
    response = client.get(f"/en/events/{event.pk}/standings/", query)
    assert response.status_code == 200
    return response.content.decode(), list(response.context["table"].data.data)


def points_of(event: Event, *, up_to: int | None = None) -> dict[str, Decimal]:
    results = TableResult.objects.filter(table__round__event=event).select_related(
        "registration__member")
    if up_to is not None:
        results = results.filter(table__round__number__lte=up_to)
    totals: dict[str, Decimal] = defaultdict(Decimal)
    for result in results:
        totals[result.registration.name] += result.table_points
    return dict(totals)


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_hong_kong_standings_page(client: Client) -> None:
    played = hong_kong()
    page, rows = standings(client, played.event)
    assert f"Rule set: {HONG_KONG}" in page
    assert "Ranked by table points, then score." in page
    totals, points = settlement_totals(played.event), points_of(played.event)
    assert {row["name"]: row["score"] for row in rows} == totals
    assert {row["name"]: row["table_points"] for row in rows} == points
    assert [row["position"] for row in rows] == [1, 2, 3, 4]
    assert [row["name"] for row in rows] == sorted(
        totals, key=lambda name: (-points[name], -totals[name]))
    # After round 1: round 1's settlements only.
    page, rows = standings(client, played.event, after="1")
    first = defaultdict(int)
    for score in HandScore.objects.filter(hand__table__round=played.rounds[0]).select_related(
            "registration__member"):
        first[score.registration.name] += score.settlement
    assert {row["name"]: row["score"] for row in rows} == dict(first)
    assert {row["name"]: row["table_points"] for row in rows} == points_of(played.event,
                                                                          up_to=1)


def test_the_hong_kong_round_results_page(client: Client) -> None:
    played = hong_kong()
    for round_ in played.rounds:
        response = client.get(f"/en/events/{played.event.pk}/rounds/{round_.number}/results/")
        assert response.status_code == 200
        assert f"Rule set: {HONG_KONG}" in response.content.decode()
        [table] = response.context["tables"]
        expected = defaultdict(int)
        for score in HandScore.objects.filter(hand__table=table.table):
            expected[score.registration_id] += score.settlement
        assert {line.registration.pk: line.score for line in table.lines} == dict(expected)
        assert sum(line.score for line in table.lines) == 0
        assert [line.rank for line in table.lines] == sorted(
            line.rank for line in table.lines)


def test_the_hong_kong_live_standings_and_provisional_round(client: Client) -> None:
    played = hong_kong(finish=False)
    round_ = rounds.start_round(rounds.seat_round(rounds.add_round(played.event), seed=3))
    table = round_.tables.get()
    hand = hand_service.record(table, by_tiles(3, CLEAN_SELF_DRAWN, "9m"),
                               user=played.organiser)
    page, rows = standings(client, played.event)
    assert f"Rule set: {HONG_KONG}" in page
    assert "which is being played" in page
    assert {row["name"]: row["score"] for row in rows} == settlement_totals(played.event)
    assert winner_fan(hand) == 9  # 48 from each of the three others
    response = client.get(f"/en/events/{played.event.pk}/rounds/3/results/")
    assert "This round is being played" in response.content.decode()
    [results] = response.context["tables"]
    assert sorted(line.score for line in results.lines) == [-48, -48, -48, 144]
    assert round_.status == RoundStatus.STARTED


def test_a_hong_kong_players_page_shows_the_fan(client: Client) -> None:
    played = hong_kong()
    winner = played.rounds[0].tables.get().hands.get(number=1).winner
    response = client.get(f"/en/events/{played.event.pk}/players/{winner.pk}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert f"Rule set: {HONG_KONG}" in html
    head = text(html[html.index("<thead>"):html.index("</thead>")])
    assert head == "Hand Seat wind Fan Settlement"
    body = html[html.index("<tbody>"):html.index("</tbody>")]
    rows = [text(row) for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]
    # Hand 1: won self-drawn, 9 fan, +144 (not "144" as a value); hand 2: lost
    # nothing and won nothing, no fan.
    assert rows[0] == "1 E 9 +144"
    assert rows[1].split() == ["2", "E", "0"]  # nothing won or paid: 0, not "+0"


def test_a_settlement_is_written_as_the_hand_by_hand_pages_write_it() -> None:
    """Signed and ungrouped, as the round results and the score page write
    scores (only Riichi's points are grouped: table_numbers.score_of)."""
    from tournaments.templatetags.table_numbers import signed

    assert [signed(v) for v in (1250, 96, 0, -48, -2000, None)] == [
        "+1250", "+96", "0", "-48", "-2000", ""]


def test_the_philos_pages_name_the_rule_set_and_its_option(client: Client) -> None:
    played = philos()
    with translation.override("en"):  # the pages below are the English ones
        changed = ruleset_display.options_text("philos", {"flowers_seasons": True})
    page, rows = standings(client, played.event)
    assert f"Rule set: {PHILOS} ({changed})" in page
    assert "Ranked by total score, then table points." in page
    assert {row["name"]: row["score"] for row in rows} == settlement_totals(played.event)
    assert {row["name"]: row["table_points"] for row in rows} == points_of(played.event)
    response = client.get(f"/en/events/{played.event.pk}/rounds/1/results/")
    assert response.status_code == 200
    assert f"Rule set: {PHILOS} ({changed})" in response.content.decode()
    [table] = response.context["tables"]
    assert [line.table_points for line in table.lines] == [4, 2, 1, 0]
    # A Philos player's page shows the points of every hand, the winner's or not.
    registration = played.players[0]
    html = client.get(f"/en/events/{played.event.pk}/players/{registration.pk}/").content.decode()
    head = text(html[html.index("<thead>"):html.index("</thead>")])
    assert head == "Hand Seat wind Value Settlement"
    values = [str(score.value) for score in HandScore.objects.filter(
        registration=registration).order_by("hand__number")]
    body = html[html.index("<tbody>"):html.index("</tbody>")]
    assert [text(row).split()[2] for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)] \
        == values


def test_a_hong_kong_table_of_three_in_the_standings(client: Client) -> None:
    played = hong_kong_three()
    response = client.get(f"/en/events/{played.event.pk}/rounds/1/results/")
    assert response.status_code == 200
    four, three = response.context["tables"]
    assert len(four.lines) == 4 and len(three.lines) == 3
    assert [line.table_points for line in three.lines] == [
        Decimal("4"), Decimal("1.25"), Decimal("0")]
    assert sum(line.score for line in three.lines) == 0
    page, rows = standings(client, played.event)
    assert f"Rule set: {HONG_KONG}" in page
    assert {row["name"]: row["score"] for row in rows} == settlement_totals(played.event)
    assert {row["name"]: row["table_points"] for row in rows} == points_of(played.event)
    assert len(rows) == 7
