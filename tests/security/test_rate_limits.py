"""Rate limits where a visitor can make the server work or send mail (issue
13, findings 8 and 9, and the hand check of finding 1): export asks (and the
same ask again reuses its job), "Check a hand", password-reset mails. Over a
limit: a 429 page saying what and when to try again (JSON under /api/); a
cache that is down lets requests through. The counters live in a cache every
process shares, with atomic increments (config/dbcache.py, config/checks.py).

django-ratelimit counts in fixed windows; its clock is frozen here, so no
test straddles the end of one."""

from __future__ import annotations

import datetime
import json
import re
import time
from types import SimpleNamespace
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.cache import caches
from django.db import connection
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import timezone, translation

from clubs.models import Club
from common import ratelimits
from config import checks
from exports import registry
from exports.models import ExportJob, JobStatus
from tests.exports.conftest import test_kinds  # noqa: F401 (fixture)
from tests.test_settings import refusal
from tournaments.models import Event

pytestmark = pytest.mark.django_db

ADDRESS = "dora@example.org"


@pytest.fixture(autouse=True)
def _english() -> Any:
    with translation.override("en"):
        yield


@pytest.fixture(autouse=True)
def _frozen_window(monkeypatch: pytest.MonkeyPatch) -> None:
    import django_ratelimit.core  # type: ignore[import-untyped]

    now = time.time()  # every request of the test in the window of its start
    monkeypatch.setattr(django_ratelimit.core, "time", SimpleNamespace(time=lambda: now))


def render_name(subject: Any, **kwargs: Any) -> bytes:
    return str(subject.name).encode()


@pytest.fixture
def club_kind(monkeypatch: pytest.MonkeyPatch) -> str:
    """An export of a club (as the season's): it has no results generation."""
    kinds = dict(registry.KINDS)
    kinds["test_club"] = registry.ExportKind(
        "test_club", "Test club", registry.CLUB, registry.VIEWER,
        "tests.security.test_rate_limits.render_name", "csv")
    monkeypatch.setattr(registry, "KINDS", kinds)
    return "test_club"


def ask(client: Client, kind: str, object_id: int, capture: Any = None, **options: Any) -> Any:
    data = {"object_id": object_id, **options}
    if capture is None:  # not committed: the job is never sent and stays waiting
        return client.post(f"/en/exports/{kind}/", data)
    with capture(execute=True):
        return client.post(f"/en/exports/{kind}/", data)


def too_many(response: Any) -> str:
    assert response.status_code == 429, response.status_code
    assert int(response["Retry-After"]) >= 1
    page = response.content.decode()
    assert "<h1>Too many requests</h1>" in page
    assert re.search(r"Try again in \d+ minutes?\.", page)
    assert f'href="{reverse("home")}"' in page
    return page


# --- Exports: the same ask reuses its job ----------------------------------------------------


@pytest.mark.usefixtures("test_kinds")
def test_forty_identical_asks_make_one_job(client: Client, event: Event,
                                           django_capture_on_commit_callbacks: Any) -> None:
    first = ask(client, "test_text", event.pk, django_capture_on_commit_callbacks)
    for _ in range(39):
        again = ask(client, "test_text", event.pk, django_capture_on_commit_callbacks)
        # The same job: its page, or its file once it is ready (one step).
        assert again.status_code == 302
        assert again["Location"] in (first["Location"], first["Location"] + "download/")
    job = ExportJob.objects.get()
    assert job.status == JobStatus.DONE and job.requested_by is None


@pytest.mark.usefixtures("test_kinds")
def test_a_waiting_job_is_reused_too(organiser_client: Client, event: Event) -> None:
    first = ask(organiser_client, "test_text", event.pk)
    assert ExportJob.objects.get().status == JobStatus.QUEUED
    assert ask(organiser_client, "test_text", event.pk)["Location"] == first["Location"]
    assert ExportJob.objects.count() == 1


@pytest.mark.usefixtures("test_kinds")
def test_other_asks_and_other_askers_get_their_own_job(
        organiser_client: Client, member_client: Client, event: Event,
        django_capture_on_commit_callbacks: Any) -> None:
    capture = django_capture_on_commit_callbacks
    client = Client()  # a visitor (the `client` fixture is the organiser's)
    locations = {
        ask(organiser_client, "test_text", event.pk, capture)["Location"],
        ask(organiser_client, "test_text", event.pk, capture, after_round="1")["Location"],
        ask(member_client, "test_text", event.pk, capture)["Location"],
        ask(client, "test_text", event.pk, capture)["Location"],
        ask(Client(), "test_text", event.pk, capture)["Location"],  # another session
    }
    with translation.override("nl"):
        dutch = organiser_client.post(reverse("exports:ask", args=["test_text"]),
                                      {"object_id": event.pk})
    locations.add(dutch["Location"].removeprefix("/en"))
    assert len(locations) == ExportJob.objects.count() == 6


@pytest.mark.usefixtures("test_kinds")
def test_a_change_to_the_results_makes_the_next_ask_a_new_file(
        organiser_client: Client, event: Event, django_capture_on_commit_callbacks: Any) -> None:
    capture = django_capture_on_commit_callbacks
    first = ask(organiser_client, "test_text", event.pk, capture)
    event.title = "Clubavond januari (gecorrigeerd)"
    event.save()
    second = ask(organiser_client, "test_text", event.pk, capture)
    assert second["Location"] != first["Location"]
    newest = ExportJob.objects.order_by("-pk").first()
    assert newest is not None and newest.content is not None
    assert b"gecorrigeerd" in bytes(newest.content)


@pytest.mark.usefixtures("test_kinds")
def test_a_failed_job_is_not_reused(organiser_client: Client, event: Event,
                                    django_capture_on_commit_callbacks: Any) -> None:
    capture = django_capture_on_commit_callbacks
    first = ask(organiser_client, "test_failing", event.pk, capture)
    second = ask(organiser_client, "test_failing", event.pk, capture)
    assert first["Location"] != second["Location"]
    assert ExportJob.objects.filter(status=JobStatus.FAILED).count() == 2


def test_a_finished_file_without_a_results_generation_is_not_reused(
        client: Client, club: Club, club_kind: str, django_capture_on_commit_callbacks: Any
) -> None:
    # A season spans events: whether its file is current cannot be told, so
    # only a waiting or running job of it is reused.
    first = ask(client, club_kind, club.pk)
    assert ask(client, club_kind, club.pk)["Location"] == first["Location"]
    ExportJob.objects.update(status=JobStatus.DONE, content=b"Fu-Hing")
    assert ask(client, club_kind, club.pk)["Location"] != first["Location"]


@pytest.mark.usefixtures("test_kinds")
def test_an_ask_after_the_reuse_window_is_a_new_job(organiser_client: Client, event: Event,
                                                    settings: Any) -> None:
    settings.EXPORTS_REUSE_SECONDS = 0  # remembered for no time at all
    first = ask(organiser_client, "test_text", event.pk)
    assert ask(organiser_client, "test_text", event.pk)["Location"] != first["Location"]


# --- Exports: the rate limit -----------------------------------------------------------------


@pytest.mark.usefixtures("test_kinds")
def test_export_asks_over_the_limit_get_429(organiser_client: Client, event: Event,
                                            settings: Any) -> None:
    settings.RATELIMIT_EXPORTS = "3/h"
    client = Client()  # a visitor (the `client` fixture is the organiser's)
    for round_number in (1, 2, 3):
        assert ask(client, "test_text", event.pk, after_round=str(round_number)
                   ).status_code == 302
    page = too_many(ask(client, "test_text", event.pk, after_round="4"))
    assert "You asked for many exports in a short time" in page
    assert ExportJob.objects.count() == 3
    # Without cookies it is the same address: still refused.
    assert ask(Client(), "test_text", event.pk).status_code == 429
    # Another address, and a logged-in user (counted by user), are not affected.
    assert ask(Client(REMOTE_ADDR="192.0.2.7"), "test_text", event.pk).status_code == 302
    assert ask(organiser_client, "test_text", event.pk).status_code == 302


@pytest.mark.usefixtures("test_kinds")
def test_asking_again_for_the_same_file_costs_nothing(organiser_client: Client, event: Event,
                                                      settings: Any) -> None:
    """Only a new job counts against the limit: the same ask again is
    answered with the earlier job (found in a browser: the 4th identical ask
    was refused with "no new one is made")."""
    settings.RATELIMIT_EXPORTS = "3/h"
    first = ask(organiser_client, "test_text", event.pk, after_round="1")
    for _again in range(10):
        again = ask(organiser_client, "test_text", event.pk, after_round="1")
        assert again.status_code == 302 and again["Location"] == first["Location"]
    for round_number in (2, 3):
        assert ask(organiser_client, "test_text", event.pk,
                   after_round=str(round_number)).status_code == 302
    too_many(ask(organiser_client, "test_text", event.pk, after_round="4"))
    assert ExportJob.objects.count() == 3


@pytest.mark.usefixtures("test_kinds")
def test_the_default_export_limit_leaves_a_busy_organiser_alone(
        organiser_client: Client, event: Event) -> None:
    # A tournament day's hour: cards, score sheets and standings for two
    # rounds and more, each asked for twice.
    for number in range(30):
        response = ask(organiser_client, "test_text", event.pk, after_round=str(number % 15))
        assert response.status_code == 302


@pytest.mark.usefixtures("test_kinds")
def test_the_429_page_is_in_dutch_on_the_dutch_site(client: Client, event: Event,
                                                    settings: Any) -> None:
    settings.RATELIMIT_EXPORTS = "1/h"
    with translation.override("nl"):
        url = reverse("exports:ask", args=["test_text"])
    assert not url.startswith("/en/")
    client.post(url, {"object_id": event.pk})
    response = client.post(url, {"object_id": event.pk, "after_round": "2"})
    assert response.status_code == 429
    assert '<html lang="nl">' in response.content.decode()


@pytest.mark.usefixtures("test_kinds")
def test_a_cache_that_is_down_lets_asks_through(organiser_client: Client, event: Event,
                                                monkeypatch: pytest.MonkeyPatch,
                                                settings: Any) -> None:
    from redis.exceptions import ConnectionError as RedisConnectionError

    def down(*args: Any, **kwargs: Any) -> Any:
        raise RedisConnectionError("Redis is down")

    settings.RATELIMIT_EXPORTS = "1/h"
    monkeypatch.setattr(ratelimits, "get_usage", down)
    for cache in (caches["default"],):
        monkeypatch.setattr(cache, "get", down)
        monkeypatch.setattr(cache, "set", down)
    for _ in range(3):
        assert ask(organiser_client, "test_text", event.pk).status_code == 302
    assert ExportJob.objects.count() == 3  # nothing to compare with: a job each


# --- Check a hand ----------------------------------------------------------------------------


def test_hand_checks_are_limited_per_user(organiser_client: Client, member_client: Client
                                          ) -> None:
    url = reverse("scoring:check")
    for _ in range(30):  # the default: 30 a minute
        assert organiser_client.post(url, {"game": "{}"}).status_code == 200
    page = too_many(organiser_client.post(url, {"game": "{}"}))
    assert "You checked many hands in a short time, so this one was not checked." in page
    assert organiser_client.get(url).status_code == 200  # the page itself still opens
    assert member_client.post(url, {"game": "{}"}).status_code == 200


# --- Password-reset mails --------------------------------------------------------------------


@pytest.fixture
def dora(django_user_model: type[User]) -> User:
    return django_user_model.objects.create_user("dora", ADDRESS, "old-password")


def reset(client: Client, address: str) -> Any:
    return client.post(reverse("password_reset"), {"email": address}, follow=True)


def without_tokens(page: str) -> str:
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", page)


def test_three_mails_an_hour_to_one_address_and_the_same_page_after(client: Client,
                                                                    dora: User) -> None:
    pages = [reset(client, address) for address in (ADDRESS, "Dora@Example.org", ADDRESS)]
    assert len(mail.outbox) == 3
    over = reset(client, ADDRESS)
    assert len(mail.outbox) == 3  # no fourth mail
    assert over.redirect_chain == [(reverse("password_reset_done"), 302)]
    assert without_tokens(over.content.decode()) == without_tokens(pages[0].content.decode())
    # Another address still gets its mail.
    User.objects.create_user("eddy", "eddy@example.org", "password")
    reset(client, "eddy@example.org")
    assert [message.to for message in mail.outbox[3:]] == [["eddy@example.org"]]


def test_the_limit_tells_nothing_about_who_has_an_account(dora: User) -> None:
    known = [reset(Client(), ADDRESS) for _ in range(5)]
    unknown = [reset(Client(), "nobody@example.org") for _ in range(5)]
    pages = {without_tokens(response.content.decode()) for response in known + unknown}
    assert len(pages) == 1
    assert {response.status_code for response in known + unknown} == {200}
    assert len(mail.outbox) == 3


def test_password_resets_from_one_address_are_limited(client: Client, dora: User) -> None:
    for number in range(10):  # the default: 10 an hour from one address
        assert reset(client, f"someone{number}@example.org").status_code == 200
    response = client.post(reverse("password_reset"), {"email": ADDRESS})
    page = too_many(response)
    assert "Many new passwords were asked for from your network" in page
    assert mail.outbox == []
    other = Client(REMOTE_ADDR="192.0.2.7")
    assert reset(other, ADDRESS).redirect_chain == [(reverse("password_reset_done"), 302)]
    assert len(mail.outbox) == 1


# --- The 429 answer ---------------------------------------------------------------------------


def test_an_api_request_over_a_limit_gets_json() -> None:
    request = RequestFactory().post("/en/api/tables/1/hands/")
    request.ratelimit_message = "You sent many hands."  # type: ignore[attr-defined]
    request.ratelimit_retry_after = 90  # type: ignore[attr-defined]
    response = ratelimits.too_many_requests(request)
    assert response.status_code == 429 and response["Retry-After"] == "90"
    assert json.loads(response.content) == {"error": "You sent many hands. Try again in 2 minutes."}


# --- Where the counters live -------------------------------------------------------------------


def _expires(key: str) -> Any:
    cache = caches["ratelimit"]
    with connection.cursor() as cursor:
        cursor.execute("SELECT expires FROM django_cache WHERE cache_key = %s",
                       [cache.make_key(key)])
        return cursor.fetchone()[0]


def test_the_database_cache_counts_in_place_and_keeps_the_expiry() -> None:
    # Django's own DatabaseCache.incr writes the value back with the default
    # timeout (five minutes): an hour's counter would start afresh.
    cache = caches["ratelimit"]
    assert cache.add("counter", 1, 3600)
    expires = _expires("counter")
    for expected in range(2, 7):
        assert cache.incr("counter") == expected
    assert cache.get("counter") == 6
    assert _expires("counter") == expires
    with pytest.raises(ValueError, match="not found"):
        cache.incr("missing")
    cache.set("gone", 1, 60)
    with connection.cursor() as cursor:
        cursor.execute("UPDATE django_cache SET expires = %s WHERE cache_key = %s", [
            connection.ops.adapt_datetimefield_value(
                timezone.now() - datetime.timedelta(minutes=1)), cache.make_key("gone")])
    with pytest.raises(ValueError, match="not found"):
        cache.incr("gone")


def test_the_limits_count_in_a_shared_atomic_cache(settings: Any) -> None:
    assert settings.RATELIMIT_USE_CACHE == "ratelimit"
    assert settings.CACHES["ratelimit"]["LOCATION"] == settings.CACHES["default"]["LOCATION"]
    assert checks.rate_limits_count_in_a_shared_atomic_cache() == []
    for backend in ("django.core.cache.backends.db.DatabaseCache",
                    "django.core.cache.backends.locmem.LocMemCache"):
        settings.CACHES = {**settings.CACHES, "ratelimit": {"BACKEND": backend}}
        [error] = checks.rate_limits_count_in_a_shared_atomic_cache()
        assert error.id == "mahjong.E002"


def test_a_limit_that_is_no_rate_is_refused_at_start() -> None:
    assert "RATELIMIT_EXPORTS='lots'" in refusal(RATELIMIT_EXPORTS="lots")
