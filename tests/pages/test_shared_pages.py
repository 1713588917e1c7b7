"""A published event's standings, live fragment and round results are the
same page for every anonymous reader: rendered once per change of the
results, kept whole in the shared cache, answered with validators (ETag,
Last-Modified) so that a poll that changed nothing gets a 304, and marked
public so a reverse proxy may keep them (common/shared_pages.py,
docs/operations.md). A logged-in reader's page is their own."""

from __future__ import annotations

import datetime
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

from clubs.models import Member
from tests.pages.test_live_standings import east_wins
from tournaments.models import Event, EventStatus, Round
from tournaments.services import results_cache

pytestmark = pytest.mark.django_db

SHARED = ("standings/", "standings/live/", "rounds/1/results/")


def url(event: Event, page: str) -> str:
    return f"/en/events/{event.pk}/{page}"


@pytest.mark.parametrize("page", SHARED)
def test_a_second_identical_request_is_a_304(client: Client, event: Event,
                                             started_round: Round, page: str) -> None:
    east_wins(started_round)
    first = client.get(url(event, page))
    assert first.status_code == 200
    assert first["Cache-Control"] == "public, max-age=5"
    assert first.has_header("ETag") and first.has_header("Last-Modified")
    again = client.get(url(event, page), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == first["ETag"]
    # A client that only kept the date is answered the same way.
    since = client.get(url(event, page), HTTP_IF_MODIFIED_SINCE=first["Last-Modified"])
    assert since.status_code == 304


@pytest.mark.parametrize("page", SHARED)
def test_a_saved_hand_gives_a_new_page_and_a_new_etag(client: Client, event: Event,
                                                      started_round: Round, page: str) -> None:
    first = client.get(url(event, page))
    east_wins(started_round, value=64)
    after = client.get(url(event, page), HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200 and after["ETag"] != first["ETag"]
    assert after.content != first.content


def test_the_shared_page_is_rendered_once_per_change(
        client: Client, event: Event, started_round: Round,
        django_assert_max_num_queries: Any) -> None:
    east_wins(started_round)
    first = client.get(url(event, "standings/"))
    # The next reader: the event's visibility (one query), then the page from
    # the cache, byte for byte.
    with django_assert_max_num_queries(4):
        second = Client().get(url(event, "standings/"))
    assert second.content == first.content and second["ETag"] == first["ETag"]


def test_a_shared_page_holds_nothing_of_one_reader(client: Client, event: Event,
                                                   started_round: Round) -> None:
    client.get(url(event, "standings/"))
    response = Client().get(url(event, "standings/"))
    body = response.content.decode()
    assert "csrfmiddlewaretoken" not in body
    assert not response.cookies
    # A browser that logs in must not show its copy of this page.
    assert "Cookie" in response["Vary"]
    # Its forms still work for whoever reads it: the language ...
    strict = Client(enforce_csrf_checks=True)
    chosen = strict.post("/i18n/setlang/", {"language": "nl", "next": url(event, "standings/")})
    assert chosen.status_code == 302 and chosen.cookies["django_language"].value == "nl"
    # ... and the export buttons, for a visitor who is not logged in.
    match = re.search(r'<form method="post" action="(/en/exports/[^"]+)">', body)
    assert match is not None
    asked = strict.post(match.group(1), {"object_id": str(event.pk)})
    assert asked.status_code == 302 and "/exports/" in asked["Location"]


def test_a_logged_in_user_still_needs_the_token_to_ask_for_an_export(
        member: Member, event: Event) -> None:
    strict = Client(enforce_csrf_checks=True)
    assert member.user is not None
    strict.force_login(member.user)
    response = strict.post("/en/exports/standings_pdf/", {"object_id": str(event.pk)})
    assert response.status_code == 403


def test_a_logged_in_reader_gets_their_own_page(member_client: Client, client: Client,
                                                event: Event, started_round: Round) -> None:
    shared = client.get(url(event, "standings/"))
    own = member_client.get(url(event, "standings/"))
    assert own.status_code == 200
    assert "private" in own["Cache-Control"] and not own.has_header("ETag")
    assert "My events" in own.content.decode() and "My events" not in shared.content.decode()
    assert "csrfmiddlewaretoken" in own.content.decode()  # the log-out form


def test_a_made_up_query_is_answered_but_not_kept(client: Client, event: Event,
                                                  started_round: Round) -> None:
    response = client.get(url(event, "standings/") + "?club=nobody&x=1")
    assert response.status_code == 200 and "private" in response["Cache-Control"]
    assert not response.has_header("ETag")
    assert client.get(url(event, "rounds/1/results/") + "?x=1")["Cache-Control"].startswith("private")


def test_a_draft_or_a_made_up_event_keeps_nothing_in_the_cache(
        client: Client, event: Event, started_round: Round) -> None:
    Event.objects.filter(pk=event.pk).update(status=EventStatus.DRAFT)
    cache.clear()
    for page in SHARED:
        assert client.get(url(event, page)).status_code == 404
        assert client.get(f"/en/events/{event.pk + 1000}/{page}").status_code == 404
    assert cache.get(f"results:generation:{event.pk}") is None
    assert cache.get(f"results:generation:{event.pk + 1000}") is None


def test_the_live_fragment_tells_when_the_results_last_changed(
        client: Client, event: Event, started_round: Round) -> None:
    moment = timezone.now()
    east_wins(started_round)
    changed = results_cache.changed_at(results_cache.generation(event.pk))
    assert changed is not None and abs(changed - moment.timestamp()) < 60
    shown = timezone.localtime(datetime.datetime.fromtimestamp(changed, tz=datetime.UTC))
    fragment = client.get(url(event, "standings/live/")).content.decode()
    assert f"Results as of {shown:%H:%M:%S}" in fragment
    dutch = client.get(f"/events/{event.pk}/standings/live/").content.decode()
    assert f"Stand van {shown:%H:%M:%S}" in dutch


def test_a_reverse_proxy_may_keep_only_the_shared_page(
        client: Client, event: Event, started_round: Round, django_user_model: type[User]
) -> None:
    organiser = django_user_model.objects.create_user("olga", password="pw", is_superuser=True)
    client.force_login(organiser)
    assert client.get(url(event, "standings/live/"))["Cache-Control"] == "private, no-cache"


@pytest.mark.parametrize(("page", "language", "lands_on"), [
    ("/en/events/{pk}/standings/", "nl", "/events/{pk}/standings/"),
    ("/events/{pk}/standings/", "en", "/en/events/{pk}/standings/"),
    ("/en/rankings/", "nl", "/rankings/"),
])
def test_the_language_buttons_lead_to_the_same_page_in_either_direction(
        event: Event, page: str, language: str, lands_on: str) -> None:
    """Back to Dutch from an English page too: the unprefixed set_language
    address is always Dutch, where Django could not read /en/... and sent
    the visitor back to the English page (config/views.py)."""
    strict = Client(enforce_csrf_checks=True)
    chosen = strict.post("/i18n/setlang/", {"language": language,
                                            "next": page.format(pk=event.pk)})
    assert chosen.status_code == 302 and chosen["Location"] == lands_on.format(pk=event.pk)
