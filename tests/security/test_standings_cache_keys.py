"""An anonymous visitor cannot fill the shared cache through the standings
(issue 13, finding 7): the raw `?after=` went into the cache key, so 60
requests kept 60 entries for a day. Now only validated values make a key:
`after` is a closed round of the event, the page one the table has, the sort
one of its columns; anything else is answered (never with a 500) and kept
nowhere."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.utils import translation

from tests.pages.conftest import play_and_close
from tournaments.models import Event, Round
from tournaments.services import results_cache, rounds

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    with translation.override("en"):
        yield


def entries() -> int:
    """The entries in the shared cache (the database cache in the tests)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM django_cache")
        return int(cursor.fetchone()[0])


@pytest.fixture
def two_rounds(event: Event, seated_round: Round) -> Event:
    """Round 1 closed, round 2 being played."""
    play_and_close(seated_round)
    second = rounds.seat_round(rounds.add_round(event, seating_method="random"),
                               method="random", seed=2)
    rounds.start_round(second)
    return event


def urls(event: Event) -> list[str]:
    return [f"/en/events/{event.pk}/standings/", f"/en/events/{event.pk}/standings/live/"]


JUNK_AFTER = [
    *(f"junk-{number}" for number in range(20)),
    *(str(number) for number in range(2, 22)),  # no closed round of the event
    *("0" * zeros + "1" for zeros in range(1, 6)),  # round 1, written otherwise
    "²", "٣", "١", "𝟏", "1²", "-1", "+1", " 1", "1 ", "1.0", "0", "",
    "99999999999999999999", "9" * 4000, "\x00", "1\x00", "None", "null",
]


def test_made_up_after_values_add_no_cache_entries(client: Client, two_rounds: Event) -> None:
    assert len(set(JUNK_AFTER)) >= 60
    for url in urls(two_rounds):
        assert client.get(url).status_code == 200
        assert client.get(url, {"after": "1"}).status_code == 200
    known = entries()
    for url in urls(two_rounds):
        for value in JUNK_AFTER:
            response = client.get(url, {"after": value})
            # A NUL is refused at the door (400): PostgreSQL cannot compare it.
            assert response.status_code == (400 if "\x00" in value else 200), (url, value[:20])
    assert entries() == known


def test_unicode_digits_are_no_round(client: Client, two_rounds: Event) -> None:
    for url in urls(two_rounds):
        for value in ("²", "٣", "𝟏", "1²"):
            response = client.get(url, {"after": value})
            assert response.status_code == 200
            # Treated as absent: the standings now, round 2 being played.
            assert response.context["after_round"] is None
            assert "Standings during round 2" in response.content.decode()


def test_a_closed_round_is_still_served_from_the_cache(client: Client, two_rounds: Event,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    url = urls(two_rounds)[0]
    response = client.get(url, {"after": "1"})
    assert response.context["after_round"] == 1
    assert "Standings after round 1" in response.content.decode()
    parts: list[str] = []
    real = results_cache.cached

    def counting(event_id: int, part: str, compute: object) -> object:
        parts.append(part)
        return real(event_id, part, compute)  # type: ignore[arg-type]

    monkeypatch.setattr(results_cache, "cached", counting)
    known = entries()
    for _ in range(3):
        assert "Standings after round 1" in client.get(url, {"after": "1"}).content.decode()
    assert entries() == known
    # An anonymous reader gets the whole page every such reader shares
    # (common/shared_pages.py): nothing of it is computed again.
    assert parts == []
    assert client.get(url, {"after": "1"})["Cache-Control"] == "public, max-age=5"
    # Round 1 written with a leading zero: the same standings, its table
    # rendered for that request only.
    parts.clear()
    response = client.get(url, {"after": "01"})
    assert response.context["after_round"] == 1
    assert parts == ["standings:1"]
    assert entries() == known


def test_made_up_pages_sorts_and_parameters_add_no_cache_entries(
        client: Client, two_rounds: Event) -> None:
    url = urls(two_rounds)[0]
    client.get(url)
    client.get(url, {"after": "1"})
    known = entries()
    queries = [
        *({"page": value} for value in ("01", "001", "2", "9999", "0", "-1", "²", "٣", "x")),
        *({"sort": value} for value in ("nope", "--score", "score,name", "²")),
        {"club": "made up"}, {"per_page": "1"}, {"per_page": "-1"}, {"per_page": "0"},
        {"made_up": "1"}, {"after": ["1", "1"]}, {"page": ["1", "1"]},
    ]
    for query in queries:
        assert client.get(url, query).status_code == 200, query
    assert entries() == known


def test_no_made_up_value_reaches_the_shared_table(client: Client, two_rounds: Event) -> None:
    """The table kept for everyone never carries a visitor's value in its
    sort and page links: `after=None` is the standings now, not a key."""
    url = urls(two_rounds)[0]
    assert client.get(url, {"after": "None"}).status_code == 200
    assert "None" not in client.get(url).content.decode()


def test_a_page_past_the_last_shows_the_last(client: Client, two_rounds: Event) -> None:
    response = client.get(urls(two_rounds)[0], {"page": "9999"})
    assert response.status_code == 200
    assert response.context["table"].page.number == 1


def test_the_outage_memory_keeps_only_what_it_still_serves(
        monkeypatch: pytest.MonkeyPatch) -> None:
    results_cache._outage_values.clear()
    now = [1000.0]
    monkeypatch.setattr(results_cache.time, "monotonic", lambda: now[0])
    for number in range(50):
        results_cache._outage_value(1, f"part:{number}", lambda: "value")
    assert len(results_cache._outage_values) == 50
    now[0] += results_cache.OUTAGE_SECONDS
    results_cache._outage_value(1, "part:new", lambda: "value")
    assert list(results_cache._outage_values) == [(1, "part:new")]
    results_cache._outage_values.clear()
    cache.clear()


def test_the_page_size_is_not_the_visitors(client: Client, two_rounds: Event) -> None:
    """django-tables2 read `per_page` from any query: -1 answered 500, a
    large one rendered every row on one page."""
    for value in ("-1", "0", "1", "100000"):
        response = client.get(urls(two_rounds)[0], {"per_page": value})
        assert response.status_code == 200, value
        assert response.context["table"].paginator.per_page == 50
