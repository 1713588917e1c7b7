"""A draft event's results are its organisers' alone (issue 13, finding 6):
they count in no public aggregate: the club's season page, the all-time page,
the statistics, the rankings, the season exports. One helper says which
events are public (tournaments/public.py); these tests read each aggregate
with a draft evening full of results beside a published one."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.db.models import Q
from django.test import Client
from django.utils import translation

from clubs.models import Club, Member
from exports.excel import season as season_xlsx
from exports.pdf import season_sheet
from rankings import services as ranking_services
from stats import services as stats_services
from tests.pages.conftest import play_and_close
from tournaments.models import Event, EventKind, EventStatus, Registration
from tournaments.public import is_public, public_events, published
from tournaments.services import club_competition, rounds
from tournaments.services import registration as registrations
from tournaments.services.standings import club_evenings

pytestmark = pytest.mark.django_db

YEAR = 2031
HIDDEN = "Verborgen"  # the last name of the players only the draft has
DRAFT_TITLE = "Geheime clubavond"


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    with translation.override("en"):
        yield


@dataclass
class Season:
    club: Club
    published: Event
    draft: Event
    both: Member  # played the published evening and the draft


def _play(event: Event, members: list[Member]) -> None:
    for member in members:
        registrations.register(event, member=member)
    round_ = rounds.seat_round(rounds.add_round(event, seating_method="random"),
                               method="random", seed=1)
    play_and_close(round_)


@pytest.fixture
def season(club: Club, make_member: Callable[..., Member]) -> Season:
    players = [make_member(first_name=f"P{index}") for index in range(1, 5)]
    published_event = Event.objects.create(club=club, title="Open clubavond",
                                           start_date=datetime.date(YEAR, 1, 14))
    _play(published_event, players)
    draft = Event.objects.create(club=club, title=DRAFT_TITLE,
                                 start_date=datetime.date(YEAR, 1, 21))
    hidden = [make_member(first_name=f"H{index}", last_name=HIDDEN) for index in range(1, 4)]
    _play(draft, [players[0], *hidden])
    draft.status = EventStatus.DRAFT
    draft.save()
    return Season(club=club, published=published_event, draft=draft, both=players[0])


def test_the_helper(season: Season) -> None:
    assert list(public_events()) == [season.published]
    assert str(published("event__")) == str(~Q(event__status=EventStatus.DRAFT))
    assert not is_public(Event(status=EventStatus.DRAFT))
    assert is_public(Event(status=EventStatus.OPEN))


def test_club_evenings_leave_the_draft_out(season: Season) -> None:
    assert [evening.event for evening in club_evenings(season.club, YEAR)] == [season.published]


def test_the_season_page(client: Client, season: Season) -> None:
    response = client.get(f"/en/clubs/{season.club.slug}/season/{YEAR}/")
    assert response.status_code == 200
    page = response.content.decode()
    assert HIDDEN not in page
    assert "P1" in page  # the published evening is there
    row = next(row for row in response.context["rows"] if row.key == season.both.pk)
    assert row.attended == 1
    assert [line["evening"].date for line in response.context["trophy_evenings"]] == [
        season.published.start_date]


def test_the_all_time_page(client: Client, season: Season) -> None:
    response = client.get(f"/en/clubs/{season.club.slug}/all-time/")
    assert response.status_code == 200
    assert HIDDEN not in response.content.decode()
    row = next(row for row in response.context["rows"] if row.key == season.both.pk)
    assert row.evenings == 1


def test_a_year_of_drafts_only_is_no_season(season: Season) -> None:
    Event.objects.filter(pk=season.published.pk).update(status=EventStatus.DRAFT)
    assert club_competition.all_time_standings(season.club) == []


def test_the_club_statistics(client: Client, season: Season) -> None:
    stats_services.recompute_all()
    response = client.get(f"/en/clubs/{season.club.slug}/statistics/")
    assert response.status_code == 200
    assert HIDDEN not in response.content.decode()
    payload = stats_services.club_statistics(season.club.pk)
    assert payload["scopes"]["all"]["events"] == 1


def test_the_rankings(season: Season, settings: Any) -> None:
    settings.RANKING_MIN_RESULTS = 1
    # Two tournaments with results: one finished, one put back to draft.
    for event in (season.published, season.draft):
        Event.objects.filter(pk=event.pk).update(kind=EventKind.TOURNAMENT)
    Event.objects.filter(pk=season.published.pk).update(status=EventStatus.FINISHED)
    played = ranking_services.collect("nts")
    assert {result.event_id for result in played} == {season.published.pk}
    assert not [result for result in played if HIDDEN in result.name]


def test_the_season_export(season: Season) -> None:
    data = season_xlsx.collect(season.club, YEAR)
    assert [line.title for line in data.evenings] == ["Open clubavond"]
    assert not [line for line in data.ranking if HIDDEN in line.name]
    assert next(line for line in data.ranking if line.name == season.both.full_name).attended == 1


def test_the_season_results_sheet(season: Season) -> None:
    found = season_sheet._registrations(season.both, YEAR)
    assert [registration.event for registration in found] == [season.published]
    assert Registration.objects.filter(member=season.both, event=season.draft).exists()
