"""The computed standings are kept in the shared cache (tournaments.services.
results_cache) and must never be served once what they show has changed:
a hand saved, corrected, deleted or confirmed, a round closed, a player or
club renamed. Each test reads the page first, so the cache is warm."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.core.cache import cache
from django.db import transaction
from django.test import Client

from clubs.models import Club
from tests.pages.test_live_standings import east_wins
from tournaments.models import Event, Hand, Registration, Round
from tournaments.services import hands as hand_service
from tournaments.services import results_cache, rounds

pytestmark = pytest.mark.django_db


def page(client: Client, event: Event, query: str = "") -> str:
    response = client.get(f"/en/events/{event.pk}/standings/{query}")
    assert response.status_code == 200
    return response.content.decode()


def test_a_value_is_computed_once_per_generation(event: Event) -> None:
    calls: list[int] = []

    def compute() -> int:
        calls.append(1)
        return len(calls)

    assert results_cache.cached(event.pk, "test", compute) == 1
    assert results_cache.cached(event.pk, "test", compute) == 1
    results_cache.changed(event.pk)
    assert results_cache.cached(event.pk, "test", compute) == 2
    results_cache.changed_everywhere()
    assert results_cache.cached(event.pk, "test", compute) == 3
    assert len(calls) == 3


def test_a_change_that_rolls_back_leaves_the_generation(event: Event) -> None:
    before = results_cache.generation(event.pk)
    with pytest.raises(RuntimeError), transaction.atomic():
        results_cache.changed(event.pk)
        raise RuntimeError("the change fails")
    assert results_cache.generation(event.pk) == before


def test_a_lost_cache_starts_a_new_generation(event: Event) -> None:
    before = results_cache.generation(event.pk)
    cache.clear()
    assert results_cache.generation(event.pk) != before


def test_while_another_process_recomputes_the_last_value_is_served(event: Event) -> None:
    results_cache.cached(event.pk, "test", lambda: "old")
    results_cache.changed(event.pk)
    # Another process holds the lock while it computes the new value.
    assert cache.add(f"results:{results_cache.code_stamp()}:{event.pk}:test:computing", 1, 10)
    assert results_cache.cached(event.pk, "test", lambda: "new") == "old"
    cache.delete(f"results:{results_cache.code_stamp()}:{event.pk}:test:computing")
    assert results_cache.cached(event.pk, "test", lambda: "new") == "new"


def test_a_saved_hand_shows_at_once(client: Client, event: Event,
                                    started_round: Round) -> None:
    assert "No results yet" in page(client, event)
    east_wins(started_round, value=40)
    first = _totals(client, event)
    table = started_round.tables.first()
    assert table is not None
    rounds.record_hand(table, values={0: 0, 1: 500, 2: 0, 3: 0}, winner=1, east=0)
    assert _totals(client, event) != first


def _totals(client: Client, event: Event) -> str:
    # The table body only: the "Updated hh:mm:ss" line changes by itself.
    html = page(client, event)
    return html[html.index("<tbody"):html.index("</tbody>")]


@pytest.fixture
def one_hand(event: Event, started_round: Round, organiser: Any) -> Hand:
    event.requires_confirmation = True
    event.save()
    table = started_round.tables.order_by("number").first()
    assert table is not None
    hand, _created = hand_service.submit_hand(
        table, game_input={"values": {"0": 40, "1": 20, "2": 10, "3": 0}, "winner": 0,
                           "east": 0},
        submission_id=str(uuid.uuid4()), expected_version=table.version, user=organiser)
    return hand


def apply_correction(change: str, hand: Hand, user: Any) -> None:
    """Correct, delete or re-seat: the three corrections of a saved hand."""
    table = hand.table
    table.refresh_from_db()
    if change == "correct":
        hand_service.correct_hand(
            hand, game_input={"values": {"0": 400, "1": 20, "2": 10, "3": 0},
                              "winner": 0, "east": 0},
            expected_version=table.version, user=user)
    elif change == "delete":
        hand_service.delete_hand(hand, expected_version=table.version, user=user)
    else:
        hand_service.correct_seats(table, positions={0: 1, 1: 0}, user=user,
                                   expected_version=table.version)


@pytest.mark.parametrize("change", ["correct", "delete", "seats"])
def test_corrections_show_at_once(client: Client, event: Event, one_hand: Hand,
                                  organiser: Any, change: str) -> None:
    before = _totals(client, event)
    apply_correction(change, one_hand, organiser)
    assert _totals(client, event) != before


def test_a_confirmation_shows_at_once(client: Client, event: Event, one_hand: Hand,
                                      django_user_model: Any) -> None:
    assert "includes unconfirmed hands" in page(client, event)
    second = django_user_model.objects.create_user("second")
    from tournaments.services.scorekeepers import add_scorekeeper

    add_scorekeeper(event, second)
    hand_service.confirm_hand(one_hand, second)
    assert "includes unconfirmed hands" not in page(client, event)


def test_closing_the_round_shows_at_once(client: Client, event: Event,
                                         started_round: Round) -> None:
    east_wins(started_round)
    assert "Standings during round 1" in page(client, event)
    rounds.close_round(started_round)
    assert "Standings after round 1" in page(client, event)


@pytest.mark.parametrize("rename", ["member", "club", "registration"])
def test_renames_show_at_once(client: Client, event: Event, started_round: Round,
                              rename: str) -> None:
    east_wins(started_round)
    assert "Renamed" not in page(client, event)
    registration = Registration.objects.filter(event=event, member__isnull=False).first()
    assert registration is not None and registration.member is not None
    if rename == "member":
        member = registration.member
        member.first_name = "Renamed"
        member.save()
    elif rename == "club":
        club: Club = event.club
        club.name = "Renamed club"
        club.save()
    else:
        guest = Registration.objects.create(event=event, guest_name="Renamed guest")
        seat = started_round.tables.first().seats.first()  # type: ignore[union-attr]
        seat.registration = guest
        seat.save()
        east_wins(started_round)
    assert "Renamed" in page(client, event)


def test_other_query_parameters_are_not_kept_for_other_readers(
        client: Client, event: Event, started_round: Round) -> None:
    east_wins(started_round)
    assert "utm_source=evil" in page(client, event, "?utm_source=evil&sort=name")
    assert "utm_source" not in page(client, event, "?sort=name")


def test_each_language_gets_its_own_table(client: Client, event: Event,
                                          started_round: Round) -> None:
    east_wins(started_round)
    assert "Table points" in page(client, event)
    dutch = client.get(f"/events/{event.pk}/standings/").content.decode()
    assert "Tafelpunten" in dutch and "Table points" not in dutch


def test_a_cache_outside_the_database_gets_a_new_generation_after_the_commit(
        event: Event, settings: Any, django_capture_on_commit_callbacks: Any) -> None:
    # As with Redis (CACHE_URL): a reader may have computed under the first new
    # generation before the change committed; the second one retires that.
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    before = results_cache.generation(event.pk)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        results_cache.changed(event.pk)
    during = results_cache.generation(event.pk)
    assert during != before and len(callbacks) == 1
    callbacks[0]()
    assert results_cache.generation(event.pk) not in (before, during)


def test_round_results_show_a_saved_hand_at_once(client: Client, event: Event,
                                                 started_round: Round) -> None:
    url = f"/en/events/{event.pk}/rounds/1/results/"
    east_wins(started_round, value=40)
    first = client.get(url).content.decode()
    table = started_round.tables.order_by("number").first()
    assert table is not None
    rounds.record_hand(table, values={0: 0, 1: 500, 2: 0, 3: 0}, winner=1, east=0)
    assert client.get(url).content.decode() != first
    # Each language its own rendering.
    assert "Tafel 1" in client.get(f"/events/{event.pk}/rounds/1/results/").content.decode()


@pytest.mark.parametrize("change", ["correct", "delete", "seats"])
def test_after_a_correction_the_standings_are_recomputed_in_the_background(
        client: Client, event: Event, one_hand: Hand, organiser: Any, change: str,
        django_capture_on_commit_callbacks: Any) -> None:
    from tournaments.services import standings_page

    page(client, event)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        apply_correction(change, one_hand, organiser)
    assert callbacks, "the refresh is sent once the correction commits"
    # The task (eager here) has already computed them: a reader finds them.
    computed: list[int] = []
    original = standings_page.compute
    try:
        standings_page.compute = lambda *args: computed.append(1) or original(*args)  # type: ignore[assignment]
        standings_page.cached(event)
    finally:
        standings_page.compute = original  # type: ignore[assignment]
    assert computed == []
