"""tournaments.services.events: creating, editing and finishing events."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError

from tests.domain.conftest import make_event
from tests.support.factories import ClubFactory, MemberFactory
from tournaments.models import Event, EventStatus
from tournaments.services import create_event, finish_event, update_event
from tournaments.services.registration import register
from tournaments.services.rounds import add_round, close_round, record_hand, seat_round, start_round

pytestmark = pytest.mark.django_db


def test_it_creates_an_event_with_nts_by_default() -> None:
    event = create_event(ClubFactory(), title="Woensdagavond", start_date=datetime.date(2030, 1, 8))
    assert (event.ruleset, event.table_point_scheme, event.status) == ("nts", "4-2-1-0", "open")


@pytest.mark.parametrize(("field", "value"), [
    ("ruleset", "zung"), ("table_point_scheme", "10-5-0"), ("days", 0), ("max_places", 2),
])
def test_it_refuses_unusable_settings(field: str, value: object) -> None:
    with pytest.raises(ValidationError) as error:
        create_event(ClubFactory(), title="X", start_date=datetime.date(2030, 1, 8),
                     **{field: value})
    assert field in error.value.message_dict
    assert not Event.objects.exists()


def play_a_round(event: Event) -> None:
    round_ = seat_round(add_round(event), seed=1)
    start_round(round_)
    for table in round_.tables.all():
        record_hand(table, values={0: 0, 1: 20, 2: 0, 3: 0}, winner=1, east=0)
    close_round(round_)


def test_table_points_are_fixed_once_a_round_is_closed() -> None:
    event, _ = make_event(8)
    update_event(event, table_point_scheme="4-2-1-0.5")  # no results yet
    play_a_round(event)
    with pytest.raises(ValidationError) as error:
        update_event(event, table_point_scheme="4-2-1-0")
    assert "table_point_scheme" in error.value.message_dict
    with pytest.raises(ValidationError):
        update_event(event, tie_rule="tiebreak")
    update_event(event, ranking_order="table_points")  # standings are computed, not stored


def test_the_rule_set_is_frozen_too() -> None:
    event, _ = make_event(8)
    play_a_round(event)
    with pytest.raises(ValidationError) as error:
        update_event(event, ruleset="hongkong")
    assert "ruleset" in error.value.message_dict


def test_finishing_waits_for_the_round_in_play_and_closes_registration() -> None:
    event, _ = make_event(8)
    round_ = seat_round(add_round(event), seed=1)
    start_round(round_)
    with pytest.raises(ValidationError, match="still being played"):
        finish_event(event)
    for table in round_.tables.all():
        record_hand(table, values={0: 0, 1: 20, 2: 0, 3: 0}, winner=1, east=0)
    close_round(round_)
    assert finish_event(event).status == EventStatus.FINISHED
    with pytest.raises(ValidationError, match="finished"):
        register(event, member=MemberFactory(club=event.club))
    with pytest.raises(ValidationError, match="finished"):
        add_round(event)


def test_update_event_does_not_set_system_fields() -> None:
    event, _ = make_event(0)
    with pytest.raises(TypeError):
        update_event(event, rules_frozen_at=None)
