"""The statistics page of an event in its first round, on a database of its
own (test_pages.py builds tests/stats/conftest.py's world once for its whole
module, so its tests share the database with it)."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.test import Client

from stats.models import GroupStatistics

pytestmark = pytest.mark.django_db


def test_an_event_in_its_first_round(club_event: Any, client: Client,
                                     django_assert_max_num_queries: Any) -> None:
    """Nothing closed yet: nothing to compute, a cheap page, nothing stored."""
    with django_assert_max_num_queries(3):  # event, statistics, closed rounds
        response = client.get(f"/en/events/{club_event.pk}/statistics/")
    assert response.status_code == 200
    assert "No closed rounds yet." in response.content.decode()
    assert not GroupStatistics.objects.exists()


@pytest.fixture
def club_event(db: Any) -> Any:
    from clubs.models import Club, Member
    from tests.stats.conftest import by_values, seated
    from tournaments.services import create_event
    from tournaments.services import hands as hand_service
    from tournaments.services import registration as registrations

    club = Club.objects.create(name="Fu-Hing", slug="fu-hing")
    event = create_event(club, title="Clubavond", start_date=datetime.date(2031, 1, 6))
    players = [registrations.register(event, member=Member.objects.create(
        club=club, first_name=f"Speler{index}", last_name="Lid")) for index in range(4)]
    table = seated(event, players, seed=1).tables.get()
    hand_service.record(table, by_values([40, 0, 0, 0], 0), user=None)
    return event
