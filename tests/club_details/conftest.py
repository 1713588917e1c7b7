from tests.pages.conftest import (  # noqa: F401 (fixtures)
    club,
    event,
    member,
    member_client,
    other_club,
    outsider_client,
)
