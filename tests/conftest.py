import copy
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.examples import WORKED_EXAMPLE


@pytest.fixture(autouse=True)
def _fast_password_hasher(settings: Any) -> None:
    # The default hasher is slow on purpose; tests don't need that.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _new_results_cache_work() -> None:
    # As every request and task does: what an earlier test got of an event
    # (its primary keys start again) is no basis for this one's values.
    from tournaments.services import results_cache

    results_cache.new_work()


@pytest.fixture
def worked_example() -> dict[str, Any]:
    return copy.deepcopy(WORKED_EXAMPLE)


@pytest.fixture
def organiser(django_user_model: type[User]) -> User:
    return django_user_model.objects.create_user("alice", password="password", is_staff=True)


@pytest.fixture
def organiser_client(client: Client, organiser: User) -> Client:
    client.force_login(organiser)
    return client
