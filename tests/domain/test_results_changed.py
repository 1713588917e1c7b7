"""tournaments announces once which event's results changed and what
(tournaments.services.results); rankings and statistics listen."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from typing import Any

import pytest

from clubs.models import Club, Member
from tournaments.models import Event, EventKind, EventStatus, Registration, Round, RoundStatus
from tournaments.services import results

pytestmark = pytest.mark.django_db


@pytest.fixture
def heard() -> Iterator[list[dict[str, Any]]]:
    found: list[dict[str, Any]] = []

    def listen(sender: Any, **kwargs: Any) -> None:
        found.append({key: kwargs[key] for key in ("event_id", "changes", "before")})

    results.results_changed.connect(listen, dispatch_uid="test-heard")
    try:
        yield found
    finally:
        results.results_changed.disconnect(dispatch_uid="test-heard")


@pytest.fixture
def event() -> Event:
    club = Club.objects.create(name="Fu-Hing", slug="fu-hing", city="Amsterdam")
    return Event.objects.create(club=club, kind=EventKind.TOURNAMENT, title="Toernooi",
                                start_date=datetime.date(2031, 6, 1))


def test_an_event_saved_says_which_fields_changed_and_what_they_were(
        event: Event, heard: list[dict[str, Any]]) -> None:
    event.save()
    assert heard == []  # nothing changed
    before = event.status
    event.title, event.status = "Voorjaarstoernooi", EventStatus.FINISHED
    event.save()
    assert heard == [{"event_id": event.pk, "changes": {"title", "status"},
                      "before": {"title": "Toernooi", "status": before}}]
    assert results.event_fields(heard[0]["changes"]) == {"title", "status"}


def test_rounds_registrations_and_players(event: Event, heard: list[dict[str, Any]]) -> None:
    round_ = Round.objects.create(event=event, number=1)
    round_.status = RoundStatus.CLOSED
    round_.save()
    member = Member.objects.create(club=event.club, first_name="Anna", last_name="Speler",
                                   nmb_number="1001")
    registration = Registration.objects.create(event=event, member=member)
    registration.save(update_fields=["checked_in_at", "late"])  # a check-in: nothing
    member.last_name = "Jansen"
    member.save()  # not who is who
    member.nmb_number = "1002"
    member.save()
    assert [entry["changes"] for entry in heard] == [
        {results.ROUND}, {results.ROUND, results.CLOSED_ROUND}, {results.REGISTRATION},
        {results.PLAYERS}]
    assert {entry["event_id"] for entry in heard} == {event.pk}


def test_rows_loaded_as_stored_announce_nothing(event: Event,
                                               heard: list[dict[str, Any]]) -> None:
    event.title = "Geladen"
    event.save_base(raw=True)
    assert heard == []
