"""The page tests' personas and data (tests/pages/conftest.py), for the
security tests too."""

from tests.pages.conftest import (  # noqa: F401 (fixtures)
    club,
    event,
    make_member,
    member,
    member_client,
    other_club,
    outsider_client,
    players,
    seated_round,
    started_round,
)
