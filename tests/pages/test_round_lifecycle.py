"""The lifecycle pages (tournaments.views.lifecycle): the confirmation
before a round closes, the clock on the round page and the score-entry
page, a table that says it has finished, finishing the event (its bond and
EMA exports appear), and the big screen."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from tests.pages.conftest import play_and_close
from tournaments.models import Event, EventStatus, Round, RoundStatus, Scorekeeper, Table
from tournaments.services import clock, rounds

pytestmark = pytest.mark.django_db

VALUES = {0: 40, 1: 20, 2: 10, 3: 0}


def text(response: object) -> str:
    return response.content.decode()  # type: ignore[attr-defined]


def one_hand_everywhere(round_: Round) -> None:
    for table in round_.tables.all():
        rounds.record_hand(table, values=VALUES, winner=0, east=0)


# --- Closing asks first ------------------------------------------------------------


def test_closing_asks_first_and_names_what_is_missing(
        organiser_client: Client, started_round: Round) -> None:
    rounds.record_hand(started_round.tables.get(number=1), values=VALUES, winner=0, east=0)
    url = f"/en/rounds/{started_round.pk}/close/"
    page = text(organiser_client.get(url))
    assert "Close round 1?" in page
    assert "No hands have been entered at table 2." in page
    assert "Table 1 has not said it has finished" in page
    assert 'id="close-confirm"' not in page  # nothing to confirm while blocked
    # A POST without the confirmation only asks again; nothing changes.
    assert organiser_client.post(url).status_code == 200
    started_round.refresh_from_db()
    assert started_round.status == RoundStatus.STARTED


def test_closing_with_tables_still_playing_needs_close_anyway(
        organiser_client: Client, started_round: Round) -> None:
    one_hand_everywhere(started_round)
    url = f"/en/rounds/{started_round.pk}/close/"
    page = text(organiser_client.get(url))
    assert "Tables 1, 2 have not said they have finished" in page
    assert "Close the round anyway" in page
    for table in started_round.tables.all():
        rounds.set_table_finished(table)
    page = text(organiser_client.get(url))
    assert "All 2 tables have finished." in page and "Yes, close the round" in page
    response = organiser_client.post(url, {"confirm": "yes"}, follow=True)
    assert "Round 1 is closed; the standings are updated." in text(response)
    started_round.refresh_from_db()
    assert started_round.status == RoundStatus.CLOSED


def test_the_last_planned_round_finishes_the_event_and_the_exports_appear(
        organiser_client: Client, event: Event, started_round: Round) -> None:
    Event.objects.filter(pk=event.pk).update(rounds_planned=1)
    one_hand_everywhere(started_round)
    url = f"/en/rounds/{started_round.pk}/close/"
    assert "This is the last of the 1 planned rounds" in text(organiser_client.get(url))
    response = organiser_client.post(url, {"confirm": "yes"}, follow=True)
    assert "That was the last planned round" in text(response)
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED
    page = text(organiser_client.get(f"/en/events/{event.pk}/"))
    assert "These can be made once the event is finished" not in page
    assert "bond_xlsx" in page
    assert "ema-export" not in page  # an NTS event: the EMA does not rank it


def test_finishing_the_event_by_hand_asks_first(
        organiser_client: Client, event: Event, started_round: Round) -> None:
    url = f"/en/events/{event.pk}/finish/"
    assert "Round 1 is still being played: close it first." in text(organiser_client.get(url))
    assert organiser_client.post(url).status_code == 400
    play_and_close(started_round)  # 1 of the 2 planned
    event.refresh_from_db()
    assert event.status == EventStatus.RUNNING
    detail = text(organiser_client.get(f"/en/events/{event.pk}/"))
    assert 'id="finish-event"' in detail
    assert "1 round has been played of the 2 planned." in text(organiser_client.get(url))
    response = organiser_client.post(url, follow=True)
    assert "is finished; its results for the bond and EMA can be exported" in text(response)
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED


# --- The clock ------------------------------------------------------------------------


def test_the_organiser_starts_pauses_and_resumes_the_clock(
        organiser_client: Client, started_round: Round) -> None:
    page = text(organiser_client.get(f"/en/rounds/{started_round.pk}/"))
    assert "Start the clock (75 minutes)" in page and "The clock has not been started yet." in page
    base = f"/en/rounds/{started_round.pk}/clock/"
    assert organiser_client.post(base + "start/").status_code == 302
    started_round.refresh_from_db()
    assert started_round.clock_started_at is not None
    page = text(organiser_client.get(f"/en/rounds/{started_round.pk}/"))
    assert "Pause the clock" in page and 'data-state="running"' in page
    organiser_client.post(base + "pause/")
    started_round.refresh_from_db()
    assert started_round.clock_paused_at is not None
    assert "The clock is paused." in text(organiser_client.get(f"/en/rounds/{started_round.pk}/"))
    organiser_client.post(base + "resume/")
    started_round.refresh_from_db()
    assert started_round.clock_paused_at is None
    # Starting twice is refused on the page, in words.
    response = organiser_client.post(base + "start/")
    assert response.status_code == 400 and "already running" in text(response)
    assert organiser_client.post(base + "stop-everything/").status_code == 404


@pytest.mark.parametrize(("table", "minutes"), [("9", "5"), ("1", "-5"), ("1", "abc"),
                                                ("1", "99999"), ("", "5")])
def test_bad_extra_time_is_refused_in_words_and_changes_nothing(
        organiser_client: Client, started_round: Round, table: str, minutes: str) -> None:
    response = organiser_client.post(f"/en/rounds/{started_round.pk}/extra-time/",
                                     {"table": table, "minutes": minutes})
    assert response.status_code == 400
    assert "Choose a table" in text(response) or "Extra minutes must be" in text(response)
    assert not Table.objects.filter(extra_minutes__gt=0).exists()


def test_extra_time_for_one_table(organiser_client: Client, started_round: Round) -> None:
    response = organiser_client.post(f"/en/rounds/{started_round.pk}/extra-time/",
                                     {"table": "2", "minutes": "7"}, follow=True)
    assert "Table 2 plays 7 minutes beyond the round" in text(response)
    assert started_round.tables.get(number=2).extra_minutes == 7
    assert started_round.tables.get(number=1).extra_minutes == 0


def test_the_score_entry_page_shows_the_clock_and_table_finished(
        organiser_client: Client, started_round: Round) -> None:
    table = started_round.tables.get(number=1)
    clock.start_clock(started_round, now=timezone.now() - datetime.timedelta(minutes=15))
    page = text(organiser_client.get(f"/en/tables/{table.pk}/score/"))
    assert 'id="round-clock"' in page and "Round 1, table 1: time left" in page
    assert 'data-seconds-left="3600"' in page or 'data-seconds-left="3599"' in page
    assert "Table finished" in page and "/static/js/clock.js" in page
    response = organiser_client.post(f"/en/tables/{table.pk}/finished/", {"finished": "yes"})
    assert response.status_code == 302 and response["Location"].endswith(
        f"/tables/{table.pk}/score/")
    table.refresh_from_db()
    assert table.finished_at is not None
    page = text(organiser_client.get(f"/en/tables/{table.pk}/score/"))
    assert "This table has said it has finished." in page
    organiser_client.post(f"/en/tables/{table.pk}/finished/", {"finished": "no", "back": "round"})
    table.refresh_from_db()
    assert table.finished_at is None


def test_a_scorekeeper_marks_their_table_finished(
        started_round: Round, django_user_model: type[User]) -> None:
    keeper = django_user_model.objects.create_user("vera")
    Scorekeeper.objects.create(user=keeper, event=started_round.event, table_number=1)
    client = Client()
    client.force_login(keeper)
    one, two = started_round.tables.order_by("number")
    assert client.post(f"/en/tables/{one.pk}/finished/").status_code == 302
    # Another table is not theirs: 404, nothing changes.
    assert client.post(f"/en/tables/{two.pk}/finished/").status_code == 404
    # "back=round" is for organisers: the scorekeeper goes back to the table.
    response = client.post(f"/en/tables/{one.pk}/finished/", {"finished": "no", "back": "round"})
    assert response["Location"].endswith(f"/tables/{one.pk}/score/")
    assert not Table.objects.filter(finished_at__isnull=False).exists()


def test_the_clock_face_is_as_public_as_the_event(
        client: Client, event: Event, started_round: Round) -> None:
    Table.objects.filter(round=started_round, number=2).update(extra_minutes=10)
    url = f"/en/events/{event.pk}/rounds/1/clock/"
    response = client.get(url + "?table=2")
    assert response.status_code == 200 and "no-store" in response["Cache-Control"]
    assert 'data-seconds-left="5100"' in text(response)  # 75 + 10 minutes, not started
    for odd in ("?table=99", "?table=-1", "?table=1e3", "?table=" + "9" * 40, "?table=١"):
        assert 'data-seconds-left="4500"' in text(client.get(url + odd)), odd
    assert client.get(f"/en/events/{event.pk}/rounds/7/clock/").status_code == 404
    Event.objects.filter(pk=event.pk).update(status=EventStatus.DRAFT)
    assert client.get(url).status_code == 404


# --- The big screen ----------------------------------------------------------------


def test_the_big_screen_needs_no_login_and_shows_clock_standings_and_seating(
        client: Client, event: Event, started_round: Round) -> None:
    one_hand_everywhere(started_round)
    clock.start_clock(started_round)
    page = text(client.get(f"/en/events/{event.pk}/screen/"))
    assert "Round 1 is being played" in page and 'role="timer"' in page
    assert "Standings (provisional)" in page and "P1 Speler" in page
    assert "/static/js/htmx.min.js" in page and "<script>" not in page
    live = client.get(f"/en/events/{event.pk}/screen/live/")
    assert live.status_code == 200 and "no-store" in live["Cache-Control"]
    for table in started_round.tables.all():
        rounds.set_table_finished(table)
    rounds.close_round(started_round)
    second = rounds.seat_round(rounds.add_round(event), seed=3)
    page = text(client.get(f"/en/events/{event.pk}/screen/"))
    assert "Seating, round 2" in page and "Round 2 is seated" in page
    seat = second.seats.select_related("registration__member").get(table__number=1,
                                                                     position=0)
    assert seat.registration.name in page


def test_the_big_screen_keeps_the_played_rounds_seating(
        client: Client, event: Event, started_round: Round) -> None:
    """Late players find their table while the round is played, and the next
    round's seating joins it once that round is seated."""
    clock.start_clock(started_round)
    page = text(client.get(f"/en/events/{event.pk}/screen/live/"))
    assert "Round 1 is being played" in page and "Seating, round 1" in page
    seat = started_round.seats.select_related("registration__member").get(
        table__number=1, position=0)
    assert seat.registration.name in page
    rounds.seat_round(rounds.add_round(event), seed=3)
    page = text(client.get(f"/en/events/{event.pk}/screen/live/"))
    assert "Seating, round 1" in page and "Seating, round 2" in page


def test_the_round_progress_has_a_score_entry_button_per_table(
        organiser_client: Client, started_round: Round) -> None:
    page = text(organiser_client.get(f"/en/rounds/{started_round.pk}/progress/"))
    for table in started_round.tables.all():
        assert f'class="button progress-score" href="/en/tables/{table.pk}/score/"' in page
        assert f"/en/rounds/{started_round.pk}/tables/{table.pk}/" in page  # the hands stay linked


def test_a_drafts_big_screen_is_its_organisers_only(
        organiser_client: Client, member_client: Client, event: Event) -> None:
    Event.objects.filter(pk=event.pk).update(status=EventStatus.DRAFT)
    assert Client().get(f"/en/events/{event.pk}/screen/").status_code == 404
    assert member_client.get(f"/en/events/{event.pk}/screen/live/").status_code == 404
    page = text(organiser_client.get(f"/en/events/{event.pk}/screen/"))
    assert "in preparation: only its organisers see this page" in page


def test_the_event_and_round_pages_link_the_big_screen(
        organiser_client: Client, event: Event, started_round: Round) -> None:
    screen = f"/en/events/{event.pk}/screen/"
    assert screen in text(organiser_client.get(f"/en/events/{event.pk}/"))
    assert screen in text(organiser_client.get(f"/en/rounds/{started_round.pk}/"))


def test_the_round_progress_poll(organiser_client: Client, outsider_client: Client,
                                 started_round: Round) -> None:
    url = f"/en/rounds/{started_round.pk}/progress/"
    response = organiser_client.get(url)
    assert response.status_code == 200 and 'hx-trigger="every 10s' in text(response)
    assert outsider_client.get(url).status_code == 404
