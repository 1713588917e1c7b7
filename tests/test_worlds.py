"""tests/support/worlds.py builds what it says: the shared tournament builders
are checked here once, so a builder's user can rely on them."""

from __future__ import annotations

import pytest

from tests.support import worlds
from tournaments.models import EventStatus, Hand, RoundStatus, TableResult
from tournaments.services.standings import event_standings

pytestmark = pytest.mark.django_db


def test_a_tournament_is_played_through_the_services_and_finished() -> None:
    club = worlds.club()
    built = worlds.tournament(club, players=[*worlds.members(club, 7), "Kees"], played=2,
                              hands=[worlds.EAST_WINS, worlds.by_values([0, 32, 8, 4], 1, 0)])
    assert built.event.status == EventStatus.FINISHED
    assert [round_.status for round_ in built.rounds] == [RoundStatus.CLOSED] * 2
    assert [player.name for player in built.players][:3] == ["Anna Speler", "Bram Speler",
                                                            "Cor Speler"]
    assert built.players[-1].guest_name == "Kees"
    assert Hand.objects.filter(table__round__event=built.event).count() == 2 * 2 * 2
    assert TableResult.objects.filter(table__round__event=built.event).count() == 2 * 8


def test_an_open_round_leaves_the_tournament_running() -> None:
    built = worlds.tournament(players=8, played=1, open_round=True, seed=4)
    assert built.event.status == EventStatus.RUNNING
    assert [round_.status for round_ in built.rounds] == [RoundStatus.CLOSED,
                                                          RoundStatus.STARTED]


def test_seated_puts_the_layout_at_table_one() -> None:
    built = worlds.tournament(players=4, played=0, finish=False)
    layout = list(reversed(built.players))
    round_ = worlds.seated(built.event, layout, seed=1)
    seats = round_.seats.filter(table__number=1).order_by("position")
    assert [seat.registration_id for seat in seats] == [player.pk for player in layout]


def test_ranked_writes_the_standings_it_is_given() -> None:
    club = worlds.club()
    anna, bram, cor = worlds.members(club, 3)
    event = worlds.ranked(club, [[bram], [anna, cor]], substitutes=["Kees"])
    assert event.status == EventStatus.FINISHED
    places = {row.name: row.position for row in event_standings(event)}
    assert places == {"Bram Speler": 1, "Anna Speler": 2, "Cor Speler": 2, "Kees": None}
