"""The factories' old import path; they live in tests/support/factories.py."""

from tests.support.factories import (  # noqa: F401
    EVENT_DAY,
    ClubFactory,
    EventFactory,
    HolidayFactory,
    MemberFactory,
    RegistrationFactory,
    UserFactory,
)
