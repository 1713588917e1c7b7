"""SQL metacharacters, wildcards, NUL, very long and non-Latin text in every
search and filter parameter: the page answers 200, nothing breaks, and
wildcards are searched for literally."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.security.hostile import Hostile, build

pytestmark = pytest.mark.django_db

# "x" * 4000: as long as a query string may be (4 KB: a longer one is refused
# at the door, tests/security/test_request_limits.py).
VALUES = [
    "'", '"', ";", "--", "%", "_", "\\", "%_%", "' OR '1'='1", "' OR 1=1 --",
    '"; DROP TABLE clubs_member; --', "1; SELECT pg_sleep(5)", "\\'; --", "%' --",
    "\x00", "a\x00b", "\r\n", "x" * 4000, "名前 ☃ 🀄", "-1", "0", "99999999999999999999",
    "1e308", "NaN", "[]", "{}", "null", "<script>alert(1)</script>",
]


@pytest.fixture(autouse=True)
def _english() -> Any:
    with translation.override("en"):
        yield


@pytest.fixture
def hostile(organiser: User, settings: Any) -> Hostile:
    settings.RANKING_MIN_RESULTS = 1
    return build(organiser)


def pages(hostile: Hostile) -> list[tuple[str, tuple[str, ...]]]:
    """Each page with a search or filter, and its parameters."""
    running, finished = hostile.running.pk, hostile.finished.pk
    return [
        (reverse("clubs:detail", args=[hostile.club.slug]), ("q", "membership", "sort", "page")),
        (reverse("tournaments:standings", args=[running]), ("club", "sort", "page", "after")),
        (reverse("tournaments:standings", args=[finished]), ("club", "sort", "page", "after")),
        (reverse("tournaments:standings_live", args=[running]),
         ("club", "sort", "page", "after")),
        (reverse("rankings:index"), ("q", "club", "page")),
        (reverse("rankings:ruleset", args=["nts"]), ("q", "club", "page")),
        (reverse("stats:player", args=["nmb-9000"]), ("kind", "event")),
        (reverse("stats:club", args=[hostile.club.slug]), ("kind",)),
        (reverse("stats:event", args=[running]), ("kind",)),
        (reverse("tournaments:season", args=[hostile.club.slug]), ("sort", "page")),
        (reverse("tournaments:list", args=[hostile.club.slug]), ("sort", "page")),
    ]


ADMIN_LISTS = ["admin:clubs_club_changelist", "admin:clubs_member_changelist",
               "admin:tournaments_event_changelist", "admin:tournaments_registration_changelist",
               "admin:tournaments_round_changelist"]


def expected(value: str) -> int:
    # A NUL in an address is refused at the door (PostgreSQL cannot compare
    # it): tests/security/test_request_limits.py.
    return 400 if "\x00" in value else 200


@pytest.mark.slow  # a walk: every page, parameter and value (about 20 s)
def test_every_filter_and_search_parameter(hostile: Hostile) -> None:
    client = Client()
    client.force_login(hostile.organiser)
    failures = []
    for url, parameters in pages(hostile):
        for parameter in parameters:
            for value in VALUES:
                response = client.get(url, {parameter: value})
                if response.status_code != expected(value):
                    failures.append(f"{url}?{parameter}={value[:20]!r}: {response.status_code}")
        # All of them at once.
        response = client.get(url, dict.fromkeys(parameters, "' OR 1=1 --"))
        if response.status_code != 200:
            failures.append(f"{url} with every parameter: {response.status_code}")
    assert not failures, "\n".join(failures)


@pytest.mark.slow  # a walk: every admin list and value
def test_the_admin_search(hostile: Hostile, django_user_model: type[User]) -> None:
    client = Client()
    client.force_login(django_user_model.objects.create_superuser("root", password="x"))
    for name in ADMIN_LISTS:
        for value in VALUES:
            response = client.get(reverse(name), {"q": value})
            assert response.status_code == expected(value), (name, value[:20])


def test_wildcards_are_searched_literally(hostile: Hostile) -> None:
    client = Client()
    client.force_login(hostile.organiser)
    url = reverse("clubs:detail", args=[hostile.club.slug])
    everyone = client.get(url).content.decode().count("alert(&#x27;first&#x27;)")
    assert everyone >= 4
    for value in ("%", "_", "%_%", "' OR '1'='1"):
        page = client.get(url, {"q": value}).content.decode()
        assert page.count("alert(&#x27;first&#x27;)") == 0, value
    # The search itself works: a part of one member's name finds that member.
    page = client.get(url, {"q": "alert('first')</script>1"}).content.decode()
    assert page.count("alert(&#x27;first&#x27;)&lt;/script&gt;1") >= 1
    assert "alert(&#x27;first&#x27;)&lt;/script&gt;2" not in page


def test_the_ranking_search_takes_wildcards_literally(hostile: Hostile, client: Client) -> None:
    url = reverse("rankings:index")
    assert "alert(&#x27;first&#x27;)" in client.get(url).content.decode()
    for value in ("%", "_", "' OR '1'='1"):
        assert "alert(&#x27;first&#x27;)" not in client.get(url, {"q": value}).content.decode()


@pytest.mark.slow  # a walk: every page and made-up value
def test_made_up_filter_values_do_not_fill_the_cache(hostile: Hostile, client: Client) -> None:
    from django.core.cache import cache
    from django.db import connection

    def entries() -> int:
        with connection.cursor() as cursor:
            cursor.execute("SELECT COUNT(*) FROM django_cache")
            return int(cursor.fetchone()[0])

    url = reverse("tournaments:standings", args=[hostile.finished.pk])
    cache.clear()
    client.get(url)
    client.get(url, {"sort": "-score", "page": "1"})
    known = entries()
    for number in range(30):
        for parameter in ("club", "sort", "page"):
            assert client.get(url, {parameter: f"made-up {number}"}).status_code == 200
    assert entries() == known
