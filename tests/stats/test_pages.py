"""The statistics pages: public, fast (a bounded number of queries), in
English and Dutch, every chart followed by its table."""

from __future__ import annotations

import datetime
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from django.test import Client

from stats import presentation, services
from stats.models import GroupStatistics, PlayerStatistics
from tests.stats.conftest import World, build
from tests.support.db import built_once_per_module, fresh_copy
from tournaments.models import EventStatus

pytestmark = pytest.mark.django_db

SVG = re.compile(r"<svg .*?</svg>", re.S)

_built_world = built_once_per_module(build)


@pytest.fixture
def world(db: None, _built_world: World) -> World:
    """tests/stats/conftest.py's world, built once for this module."""
    return fresh_copy(_built_world)


@pytest.fixture
def computed(world: World) -> World:
    services.recompute_all()
    return world


@pytest.fixture
def no_rating(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(presentation, "rating_history", lambda member, ruleset: [])


def charts_in(html: str) -> list[ET.Element]:
    return [ET.fromstring(svg) for svg in SVG.findall(html)]


def assert_every_chart_has_a_table(html: str) -> None:
    """Each chart sits in a figure whose <details> holds a real table."""
    figures = re.findall(r'<figure class="chart-figure">(.*?)</figure>', html, re.S)
    assert len(figures) == len(SVG.findall(html)) > 0
    for figure in figures:
        chart = ET.fromstring(SVG.search(figure).group(0))  # type: ignore[union-attr]
        assert chart.get("role") == "img"
        details = re.search(r"<details>.*?</details>", figure, re.S)
        assert details is not None and "<table" in details.group(0) and "<td" in details.group(0)


def test_player_page(computed: World, client: Client, no_rating: None,
                     django_assert_max_num_queries: Any) -> None:
    with django_assert_max_num_queries(4):  # members, statistics, events
        response = client.get("/en/players/nmb-1001/statistics/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Anna Bakker" in html and "NMB member number 1001" in html
    assert "25.0 %" in html  # mahjong rate 3 of 12
    assert "22.2 %" in html  # deal-in rate 2 of 9
    assert "1020.0" in html  # NTS average: (40 + 2000) / 2 points
    assert "Thirteen orphans" in html and "Dertien wezen" in html and "thirteen_orphans" in html
    assert "19m19p19s12345677z" in html  # the best hand's tiles
    assert 'src="/static/tiles/7z.svg"' in html
    # Results over time, newest first: the tournament (1st of 4), the evening (2nd of 4).
    results = html[html.index('id="results"'):html.index('id="positions"')]
    assert results.index("Voorjaarstoernooi") < results.index("Fu-Hing clubavond")
    assert results.index("1/4") < results.index("2/4")
    # Places (bars) and position per round (line; the latest event), each with its table.
    assert_every_chart_has_a_table(html)
    titles = [chart.findtext("{http://www.w3.org/2000/svg}title") for chart in charts_in(html)]
    assert titles == ["Places at the table", "Position per round: Voorjaarstoernooi"]
    assert "No rating yet." in html


def test_player_page_with_the_rankings_app(computed: World, client: Client,
                                           django_assert_max_num_queries: Any) -> None:
    """The national rating comes from the rankings app: a couple of queries
    per rule set the player played (two here), on top of the page's own."""
    with django_assert_max_num_queries(3 + 2 * 2):
        assert client.get("/en/players/nmb-1001/statistics/").status_code == 200


def test_player_page_per_kind_of_event(computed: World, client: Client, no_rating: None) -> None:
    html = client.get("/en/players/nmb-1001/statistics/?kind=evening").content.decode()
    assert "20.0 %" in html  # 1 mahjong of 5 hands at the club evening
    assert "Voorjaarstoernooi" not in html
    assert '<a href="?kind=evening" aria-current="page">' in html
    html = client.get("/en/players/nmb-1004/statistics/?kind=evening").content.decode()
    assert "No results in these events." in html
    # An unknown kind is every event.
    html = client.get("/en/players/nmb-1001/statistics/?kind=x").content.decode()
    assert '<a href="?kind=all" aria-current="page">' in html


def test_position_chart_of_another_event(computed: World, client: Client,
                                         no_rating: None) -> None:
    url = f"/en/players/nmb-1001/statistics/?event={computed.hong_kong.pk}"
    html = client.get(url).content.decode()
    assert "Position per round: Fu-Hing clubavond" in html


def test_rating_over_time(computed: World, client: Client, monkeypatch: pytest.MonkeyPatch
                          ) -> None:
    asked = []

    def history(member: Any, ruleset: str) -> list[tuple[datetime.date, float]]:
        asked.append((member.pk, ruleset))
        return [(datetime.date(2031, 3, 1), 612.5), (datetime.date(2031, 5, 2), 640.0)] \
            if ruleset == "nts" else []

    monkeypatch.setattr(presentation, "rating_history", history)
    html = client.get("/en/players/nmb-1001/statistics/").content.decode()
    anna = computed.members["Anna"].pk
    assert sorted(asked) == [(anna, "hongkong"), (anna, "nts")]
    assert "National rating: Nederlandse Toernooi Spelregels (NTS)" in html
    assert "No rating yet." in html  # Hong Kong
    assert_every_chart_has_a_table(html)
    assert "612.5" in html and "640.0" in html


def test_rating_from_the_rankings_app_or_nothing(computed: World, monkeypatch: pytest.MonkeyPatch
                                                 ) -> None:
    """The rankings app's history when it answers; none when it is missing
    or fails (a page never breaks on it)."""
    import sys
    import types

    module = types.ModuleType("rankings.services")
    module.rating_history = lambda member, ruleset: [(datetime.date(2031, 1, 1), 500)]  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "rankings.services", module)
    assert presentation.rating_history(computed.members["Anna"], "nts") == [
        (datetime.date(2031, 1, 1), 500.0)]

    def broken(member: Any, ruleset: str) -> None:
        raise RuntimeError("no ranking run")

    module.rating_history = broken  # type: ignore[attr-defined]
    assert presentation.rating_history(computed.members["Anna"], "nts") == []
    monkeypatch.setitem(sys.modules, "rankings.services", None)  # not installed
    assert presentation.rating_history(computed.members["Anna"], "nts") == []


def test_club_page_with_hall_of_fame(computed: World, client: Client,
                                     django_assert_max_num_queries: Any) -> None:
    with django_assert_max_num_queries(4):  # club, statistics, names, events
        response = client.get("/en/clubs/fu-hing/statistics/")
    assert response.status_code == 200
    html = response.content.decode()
    fame = html[html.index("Hall of fame"):html.index('id="places"')]
    # Newest first: Anna's NTS thirteen orphans, then Bram's Hong Kong one.
    assert fame.index("Anna Bakker") < fame.index("Bram Jansen")
    assert fame.count("Thirteen orphans") == 2 and fame.count("Dertien wezen") == 2
    assert fame.count("19m19p19s12345677z") == 2
    assert "1 March 2031" in fame and "11 February 2031" in fame
    assert 'href="/en/players/nmb-1001/statistics/"' in fame
    most = html[html.index('id="most"'):html.index('id="best"')]
    assert most.index("Anna Bakker") < most.index("Bram Jansen") < most.index("Dirk de Vries") \
        < most.index("Cor Smit")
    assert "Kees van Dam" not in most  # guests are not listed at club level
    assert "18.8 %" in html  # 9 mahjongs of 48 player-hands
    assert "16.7 %" in html  # 6 deal-ins of 36
    assert_every_chart_has_a_table(html)
    html = client.get("/en/clubs/fu-hing/statistics/?kind=evening").content.decode()
    assert "Voorjaarstoernooi" not in html and "Fu-Hing clubavond" in html


def test_event_page(computed: World, client: Client, django_assert_max_num_queries: Any) -> None:
    with django_assert_max_num_queries(4):  # event, statistics, names, events
        response = client.get(f"/en/events/{computed.hong_kong.pk}/statistics/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Kees van Dam" in html  # a guest counts at the event
    assert "15.0 %" in html  # 3 mahjongs of 20 player-hands
    assert "2 drawn" in html  # the draw and the false mahjong
    assert "20 fan" in html and "9 fan" in html and "7 fan" in html
    assert_every_chart_has_a_table(html)


def test_pages_in_dutch(computed: World, client: Client, no_rating: None) -> None:
    html = client.get("/players/nmb-1001/statistics/").content.decode()
    assert '<html lang="nl">' in html
    assert "Dertien wezen" in html and "Thirteen orphans" not in html
    html = client.get("/clubs/fu-hing/statistics/").content.decode()
    assert "Dertien wezen" in html


def test_names_are_escaped(computed: World, client: Client, no_rating: None) -> None:
    hostile = '<script>alert("x")</script>'
    anna = computed.members["Anna"]
    anna.first_name = hostile
    anna.save()
    computed.nts.title = hostile
    computed.nts.save()
    for url in ("/en/players/nmb-1001/statistics/", "/en/clubs/fu-hing/statistics/",
                f"/en/events/{computed.nts.pk}/statistics/"):
        html = client.get(url).content.decode()
        assert "<script>" not in html, url
        for chart in charts_in(html):  # still well-formed
            assert chart.get("role") == "img"


def test_nothing_computed_yet(world: World, client: Client, no_rating: None) -> None:
    """A page that finds no stored row computes what it shows, once."""
    assert not PlayerStatistics.objects.exists() and not GroupStatistics.objects.exists()
    assert client.get("/en/players/nmb-1002/statistics/").status_code == 200
    assert list(PlayerStatistics.objects.values_list("key", flat=True)) == ["nmb-1002"]
    assert client.get(f"/en/events/{world.nts.pk}/statistics/").status_code == 200
    assert client.get("/en/clubs/fu-hing/statistics/").status_code == 200
    assert GroupStatistics.objects.count() == 3  # both events and the club


def test_drafts_and_empty_events(world: World, client: Client) -> None:
    world.nts.status = EventStatus.DRAFT
    world.nts.save()
    services.recompute_all()
    assert client.get(f"/en/events/{world.nts.pk}/statistics/").status_code == 404
    organiser = Client()
    organiser.force_login(world.organiser)
    response = organiser.get(f"/en/events/{world.nts.pk}/statistics/")
    assert response.status_code == 200
    assert "No closed rounds yet." in response.content.decode()
    assert client.get("/en/players/nmb-1004/statistics/").status_code == 404  # only the draft
    assert client.get("/en/clubs/nowhere/statistics/").status_code == 404


def test_links_to_the_statistics(computed: World, client: Client) -> None:
    standings = client.get(f"/en/events/{computed.nts.pk}/standings/").content.decode()
    assert f'href="/en/events/{computed.nts.pk}/statistics/"' in standings
    anna = computed.players[computed.nts.title]["Anna"]
    page = client.get(f"/en/events/{computed.nts.pk}/players/{anna.pk}/").content.decode()
    assert 'href="/en/players/nmb-1001/statistics/"' in page
    organiser = Client()
    organiser.force_login(computed.organiser)
    detail = organiser.get(f"/en/events/{computed.nts.pk}/").content.decode()
    assert f'href="/en/events/{computed.nts.pk}/statistics/"' in detail
    club = organiser.get("/en/clubs/fu-hing/").content.decode()
    assert 'href="/en/clubs/fu-hing/statistics/"' in club
