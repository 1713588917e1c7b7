"""factory_boy factories for the domain models (tests/support/worlds.py builds
whole tournaments on them)."""

from __future__ import annotations

import datetime
from typing import Any

import factory
from django.contrib.auth import get_user_model

from clubs.models import Club, HolidayPeriod, Member
from tournaments.models import Event, EventKind, Registration

# A date far enough ahead for the 18+ rule and "not finished" checks, and
# fixed so tests never depend on today.
EVENT_DAY = datetime.date(2030, 3, 6)


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    is_staff = True


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Club {n}")
    slug = factory.Sequence(lambda n: f"club-{n}")
    city = "Varsseveld"

    @factory.post_generation
    def organisers(self, create: bool, extracted: Any, **kwargs: Any) -> None:
        if create and extracted:
            self.organisers.add(*extracted)


class HolidayFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = HolidayPeriod

    club = factory.SubFactory(ClubFactory)
    name = "Voorjaarsvakantie"
    start = datetime.date(2030, 3, 2)
    end = datetime.date(2030, 3, 10)


class MemberFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Member

    club = factory.SubFactory(ClubFactory)
    first_name = factory.Sequence(lambda n: f"Player{n}")
    last_name = "Jansen"
    date_of_birth = datetime.date(1970, 5, 17)
    joined_on = datetime.date(2020, 1, 1)

    class Params:
        # As the member form leaves a member when only the name is given: no
        # date of birth, a member since today (the model's defaults).
        undated = factory.Trait(date_of_birth=None,
                                joined_on=factory.LazyFunction(datetime.date.today))


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Event

    club = factory.SubFactory(ClubFactory)
    kind = EventKind.EVENING
    title = factory.Sequence(lambda n: f"Club evening {n}")
    start_date = EVENT_DAY


class RegistrationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Registration

    event = factory.SubFactory(EventFactory)
    member = factory.SubFactory(MemberFactory, club=factory.SelfAttribute("..event.club"))
