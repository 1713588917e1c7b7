"""Numbers and dates no club evening can have are refused with a message
naming the field, and change nothing (issue 13, finding 4): the ranges of
clubs/limits.py, on the model fields, the forms and the services alike.

Before, a huge number reached the database (SQLite: "Python int too large",
PostgreSQL: smallint out of range) and a date near 9999-12-31 overflowed
when the event's last day was computed.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from clubs import limits
from clubs.models import Club, Member
from tournaments.models import Event, Registration
from tournaments.services import registration as registrations
from tournaments.services.events import create_event

pytestmark = pytest.mark.django_db

HUGE = "99999999999999999999"
EVENT = {"title": "Clubavond", "kind": "evening", "start_date": "2031-01-01", "days": "1",
         "rounds_planned": "2", "round_minutes": "75", "status": "open",
         "odd_tables": "five", "seating_method": "balanced", "table_point_scheme": "4-2-1-0",
         "tie_rule": "share", "ranking_order": "score", "ruleset": "nts"}


@pytest.mark.parametrize(("field", "value"), [
    ("start_date", "9999-12-31"),  # with 5 days: the last day past the calendar
    ("start_date", "1066-10-14"),
    ("days", HUGE),
    ("days", "40000"),  # over PostgreSQL's smallint
    ("days", str(limits.MAX_EVENT_DAYS + 1)),
    ("rounds_planned", "32768"),
    ("round_minutes", "100000"),
    ("max_places", HUGE),
])
def test_the_event_form_refuses_out_of_range_values(organiser_client: Client, club: Club,
                                                    field: str, value: str) -> None:
    response = organiser_client.post(reverse("tournaments:create", args=[club.slug]),
                                     {**EVENT, "days": "5", field: value}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert field in response.context["form"].errors, response.context["form"].errors
    assert not Event.objects.exists()


def test_the_service_refuses_them_too(club: Club) -> None:
    """Every caller, not only the form: the model fields carry the ranges."""
    import datetime

    with pytest.raises(ValidationError) as refused:
        create_event(club, title="Ver weg", start_date=datetime.date(9999, 12, 31), days=5)
    assert "start_date" in refused.value.message_dict
    assert not Event.objects.exists()


def test_a_members_dates_are_in_range(organiser_client: Client, club: Club) -> None:
    response = organiser_client.post(reverse("clubs:member_add", args=[club.slug]), {
        "first_name": "An", "last_name": "Oud", "date_of_birth": "0001-01-01",
        "joined_on": "2020-01-01"})
    assert response.status_code == 200
    assert "date_of_birth" in response.context["form"].errors
    assert not Member.objects.filter(last_name="Oud").exists()


def test_a_dropout_after_a_huge_round_is_refused(organiser_client: Client, event: Event,
                                                 players: list[Registration]) -> None:
    registration = players[0]
    url = reverse("tournaments:registration_action",
                  args=[event.pk, registration.pk, "drop-out"])
    for after_round in (HUGE, "40000", str(limits.MAX_ROUNDS + 1)):
        response = organiser_client.post(url, {"after_round": after_round})
        assert response.status_code == 400, after_round
    registration.refresh_from_db()
    assert registration.dropped_after_round is None
    with pytest.raises(ValidationError):
        registrations.drop_out(registration, after_round=10**20)


@pytest.mark.parametrize("year", [1, 1899, 2101, 9999, 99999999])
def test_a_season_outside_the_calendar_is_not_found(client: Client, club: Club,
                                                     year: int) -> None:
    """/clubs/<slug>/season/1/ answered 500 (year out of range)."""
    assert client.get(reverse("tournaments:season_year", args=[club.slug, year])).status_code == 404


def test_a_season_in_range_is_shown(client: Client, club: Club) -> None:
    assert client.get(reverse("tournaments:season_year", args=[club.slug, 2031])).status_code == 200


def test_a_philos_limit_beyond_the_columns_cannot_be_stored(club: Club) -> None:
    """The limit 10**30 let a hand be worth 10**25 (decision P1: the limit is
    an option; it now has a range, scoring/engine/philos.py)."""
    import datetime

    with pytest.raises(ValidationError) as refused:
        create_event(club, title="Klassiek", start_date=datetime.date(2031, 1, 1),
                     ruleset="philos", rule_options={"limit": 10**30})
    assert "hoogstens 100000" in str(refused.value)
    assert "een getal van ongeveer 31 cijfers" in str(refused.value)


def test_every_integer_field_a_person_types_has_a_range() -> None:
    """A guard for new fields: every integer or date field of the clubs and
    tournaments models that is editable has a maximum (or is generated)."""
    from django.apps import apps
    from django.core.validators import MaxValueValidator
    from django.db import models

    generated = {("Round", "number"), ("Table", "number"), ("Seat", "position"),
                 ("Hand", "number"), ("Hand", "value"), ("Hand", "settlement"),
                 ("TableResult", "score"), ("TableResult", "mahjongs"), ("TableResult", "deal_ins"),
                 ("TableResult", "rank"), ("HandScore", "value"), ("HandScore", "settlement"), ("HandChange", "number"), ("HandChange", "version"),
                 ("Table", "version"), ("Member", "last_played_on"),
                 ("Member", "date_of_birth")}  # not in the future: clubs/services.py
    missing: list[str] = []
    for label in ("clubs", "tournaments"):
        for model in apps.get_app_config(label).get_models():
            for field in model._meta.get_fields():
                if not isinstance(field, models.IntegerField | models.DateField) or \
                        isinstance(field, models.DateTimeField | models.AutoField) or \
                        not field.editable or (model.__name__, field.name) in generated:
                    continue
                if not any(isinstance(v, MaxValueValidator) for v in field.validators
                           if getattr(v, "limit_value", None) not in _database_limits()):
                    missing.append(f"{model.__name__}.{field.name}")
    assert not missing, f"give these a range (clubs/limits.py): {missing}"


def _database_limits() -> set[Any]:
    # Django adds the database's own range to integer fields; not ours.
    return {2**63 - 1, 2**31 - 1, 2**15 - 1, 9223372036854775807}
