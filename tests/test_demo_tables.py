"""The demo's MCR and Riichi tournaments (operations/demo_tables.py), built
through the table-results service: finished, every table's result summing
as the rules say (MCR: 0; EMA Riichi 2016: 4 x 30,000 final points, stored
as final - 30,000, so 0 too), guests with their country and EMA number."""

from __future__ import annotations

import datetime

import pytest

from operations import demo_tables
from tests.support import worlds
from tests.support.factories import UserFactory
from tournaments.models import EventStatus, TableResult
from tournaments.services.standings import event_standings

pytestmark = pytest.mark.django_db


def test_the_demo_builds_a_finished_mcr_and_riichi_tournament() -> None:
    organiser = UserFactory(username="organiser")
    club = worlds.club(organisers=[organiser])
    players = worlds.members(club, 20)
    lines: list[str] = []
    assert demo_tables.build(club, players, organiser, today=datetime.date(2030, 6, 1),
                             say=lines.append) == (4, 11)
    winter, spring, mcr, riichi = club.events.order_by("start_date")
    assert [event.ruleset for event in (winter, spring, mcr, riichi)] == [
        "mcr", "riichi", "mcr", "riichi"]
    assert {event.status for event in (winter, spring, mcr, riichi)} == {EventStatus.FINISHED}
    # The earlier ones share 8 players with the later ones: they rank nationally.
    for earlier, later in ((winter, mcr), (spring, riichi)):
        shared = set(earlier.registrations.values_list("member", flat=True)) & set(
            later.registrations.values_list("member", flat=True))
        assert len(shared) == 8
    assert (mcr.days, mcr.city, mcr.rounds.count()) == (2, "Gouda", 4)
    assert mcr.registrations.count() == 16
    guests = mcr.registrations.filter(member__isnull=True)
    assert sorted(guests.values_list("guest_country", flat=True)) == ["BEL", "BEL", "GER", "GER"]
    assert all(len(number) == 8 for number in guests.values_list("guest_ema_number", flat=True))
    for event in (winter, spring, mcr, riichi):
        results = TableResult.objects.filter(table__round__event=event)
        assert results.count() == event.registrations.count() * event.rounds.count()
        for table in {row.table for row in results.select_related("table")}:
            assert sum(table.results.values_list("score", flat=True)) == 0
        assert len(event_standings(event)) == event.registrations.count()
    assert len(lines) == 3
    first = list(TableResult.objects.filter(table__round__event=mcr).order_by("pk")
                 .values_list("score", flat=True))
    assert len(set(first)) > 4
