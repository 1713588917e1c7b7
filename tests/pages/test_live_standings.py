"""Live standings (the hands of the round being played count at once), the
club filter, sorting, the htmx fragment, per-round results and a player's
page; drafts are for their organisers only."""

import re
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client, RequestFactory
from django_tables2 import RequestConfig

from clubs.models import Club, Member
from tests.pages.conftest import play_and_close
from tournaments import placing
from tournaments.models import Event, EventStatus, Registration, Round
from tournaments.services import hands as hand_service
from tournaments.services import registration as registrations
from tournaments.services import rounds
from tournaments.services import standings as standings_service
from tournaments.tables import StandingsTable, standing_records
from tournaments.views.results import STANDINGS_PER_PAGE

pytestmark = pytest.mark.django_db


def east_wins(round_: Round, value: int = 40) -> None:
    for table in round_.tables.all():
        rounds.record_hand(table, values={0: value, 1: 20, 2: 10, 3: 0}, winner=0, east=0)


def test_it_counts_the_hands_of_the_round_being_played(
    client: Client, event: Event, started_round: Round
) -> None:
    east_wins(started_round)
    live = standings_service.live_standings(event)
    assert live.running_rounds == [1]
    assert [row.position for row in live.rows] == [1, 1, 3, 3, 5, 5, 7, 7]
    # Provisional table points: the table's winner has 4 of 4-2-1-0.
    assert live.rows[0].table_points == 4 and live.rows[0].rounds_played == 1
    page = client.get(f"/en/events/{event.pk}/standings/").content.decode()
    assert "Standings during round 1" in page
    assert "which is being played; its table points are provisional" in page


def test_a_finished_events_standings_do_not_poll(
    client: Client, event: Event, seated_round: Round
) -> None:
    # Only an organiser's correction changes them: no reader asks every 10 s.
    play_and_close(seated_round)
    assert 'hx-trigger="every 10s"' in client.get(f"/en/events/{event.pk}/standings/").content.decode()
    from tournaments.services.events import finish_event

    finish_event(event)
    for path in ("", "live/"):
        page = client.get(f"/en/events/{event.pk}/standings/{path}").content.decode()
        assert "Final standings" in page  # as the big screen says
        assert "hx-trigger" not in page and "htmx.min.js" not in page


def test_it_adds_the_running_round_to_the_closed_ones(
    event: Event, players: list[Registration], seated_round: Round
) -> None:
    play_and_close(seated_round)
    for player in players:
        registrations.check_in(player)
    second = rounds.start_round(rounds.seat_round(rounds.add_round(event), seed=2))
    closed = {row.key: row for row in standings_service.event_standings(event)}
    east_wins(second)
    live = {row.key: row for row in standings_service.live_standings(event).rows}
    seat = second.tables.first().seats.get(position=0)  # type: ignore[union-attr]
    after = live[seat.registration_id]
    before = closed[seat.registration_id]
    assert after.rounds_played == 2
    assert after.table_points == before.table_points + 4
    assert after.score > before.score


def test_the_page_polls_a_fragment_every_10_seconds(
    client: Client, event: Event, started_round: Round
) -> None:
    page = client.get(f"/en/events/{event.pk}/standings/", {"club": "Fu-Hing"}).content.decode()
    assert 'src="/static/js/htmx.min.js"' in page
    assert f'hx-get="/en/events/{event.pk}/standings/live/?club=Fu-Hing"' in page
    assert 'hx-trigger="every 10s"' in page
    east_wins(started_round)
    response = client.get(f"/en/events/{event.pk}/standings/live/", {"club": "Fu-Hing"})
    assert response.status_code == 200
    fragment = response.content.decode()
    assert "<html" not in fragment and 'hx-trigger="every 10s"' in fragment
    assert re.search(r"Results as of \d\d:\d\d:\d\d", fragment)
    # Every anonymous reader's poll: the shared page, 304 while nothing
    # changed (tests/pages/test_shared_pages.py).
    assert response["Cache-Control"] == "public, max-age=5" and response.has_header("ETag")
    assert fragment.split("<tbody", 1)[1].count("<tr") == 8


def test_the_htmx_script_is_served_by_the_app(client: Client) -> None:
    response = client.get("/static/js/htmx.min.js")
    assert response.status_code == 200
    assert b"htmx" in b"".join(response.streaming_content)  # type: ignore[attr-defined]
    response.close()


def test_a_past_round_does_not_poll(client: Client, event: Event, seated_round: Round) -> None:
    play_and_close(seated_round)
    page = client.get(f"/en/events/{event.pk}/standings/", {"after": "1"}).content.decode()
    assert "hx-get" not in page and "htmx.min.js" not in page


def test_it_marks_unconfirmed_hands(client: Client, event: Event, started_round: Round,
                                    organiser: User) -> None:
    Event.objects.filter(pk=event.pk).update(requires_confirmation=True)
    table = started_round.tables.order_by("number").first()
    assert table is not None
    rounds.record_hand(table, values={0: 40, 1: 20, 2: 10, 3: 0}, winner=0, east=0,
                       entered_by=organiser)
    response = client.get(f"/en/events/{event.pk}/standings/")
    page = response.content.decode()
    assert "Some scores include hands not yet confirmed" in page
    assert page.count("includes unconfirmed hands") == 4
    assert len(re.findall(r'<tr [^>]*class="[^"]*unconfirmed', page)) == 4
    scorekeeper = User.objects.create_user("sam")
    event.scorekeepers.create(user=scorekeeper)
    hand_service.confirm_hand(table.hands.get(), scorekeeper)
    page = client.get(f"/en/events/{event.pk}/standings/").content.decode()
    assert "includes unconfirmed hands" not in page


def test_it_filters_by_club_and_keeps_the_positions(
    client: Client, event: Event, players: list[Registration], other_club: Club,
) -> None:
    guest = registrations.register(event, guest_name="Gast", guest_club="Philos")
    outsider = Member.objects.create(club=other_club, first_name="Otto", last_name="Ander")
    registrations.register(event, member=outsider)
    round_ = rounds.seat_round(rounds.add_round(event, seating_method="random"), seed=3)
    play_and_close(round_)
    response = client.get(f"/en/events/{event.pk}/standings/", {"club": "Philos"})
    rows = list(response.context["table"].data.data)
    assert {row["name"] for row in rows} == {"Gast", "Otto Ander"}
    assert all(row["position"] for row in rows)
    assert guest.pk in {row["key"] for row in rows}
    everyone = client.get(f"/en/events/{event.pk}/standings/").context["table"].data.data
    assert len(everyone) == 10


def test_it_sorts_by_name_and_back_by_position(
    client: Client, event: Event, seated_round: Round
) -> None:
    play_and_close(seated_round)
    response = client.get(f"/en/events/{event.pk}/standings/", {"sort": "name"})
    names = [row.record["name"] for row in response.context["table"].paginated_rows]
    assert names == sorted(names)
    response = client.get(f"/en/events/{event.pk}/standings/", {"sort": "position"})
    positions = [row.record["position"] for row in response.context["table"].paginated_rows]
    assert positions == [1, 1, 3, 3, 5, 5, 7, 7]


def test_it_pages_by_50(event: Event) -> None:
    rows = placing.standings(
        placing.StandingRow(key=index, name=f"P{index:03}", table_points=Decimal(0), score=index)
        for index in range(1, 61))
    table = StandingsTable(standing_records(event, rows))
    RequestConfig(RequestFactory().get("/", {"page": "2"}),
                  paginate={"per_page": STANDINGS_PER_PAGE}).configure(table)
    assert STANDINGS_PER_PAGE == 50
    assert len(list(table.paginated_rows)) == 10


def test_round_results_show_every_table(client: Client, event: Event,
                                        seated_round: Round) -> None:
    play_and_close(seated_round)
    response = client.get(f"/en/events/{event.pk}/rounds/1/results/")
    assert response.status_code == 200
    tables = response.context["tables"]
    assert len(tables) == 2
    assert [line.rank for line in tables[0].lines] == [1, 2, 3, 4]
    assert [line.table_points for line in tables[0].lines] == [4, 2, 1, 0]
    assert "Table 1" in response.content.decode()


def test_round_results_are_provisional_while_played(client: Client, event: Event,
                                                    started_round: Round) -> None:
    east_wins(started_round)
    response = client.get(f"/en/events/{event.pk}/rounds/1/results/")
    assert "This round is being played" in response.content.decode()
    assert len(response.context["tables"]) == 2


def test_round_results_of_an_unplayed_round_are_404(client: Client, event: Event,
                                                    seated_round: Round) -> None:
    assert client.get(f"/en/events/{event.pk}/rounds/1/results/").status_code == 404
    assert client.get(f"/en/events/{event.pk}/rounds/9/results/").status_code == 404


def test_a_players_page_shows_their_hands_and_table_points(
    client: Client, event: Event, seated_round: Round
) -> None:
    play_and_close(seated_round)
    east = seated_round.tables.order_by("number").first().seats.get(  # type: ignore[union-attr]
        position=0).registration
    response = client.get(f"/en/events/{event.pk}/players/{east.pk}/")
    assert response.status_code == 200
    [entry] = response.context["rounds"]
    assert entry.table_points == 4 and entry.rank == 1 and not entry.provisional
    [hand] = entry.hands
    assert (hand.hand.number, hand.seat_wind, hand.value) == (1, "E", 40)
    page = response.content.decode()
    assert east.name in page and "4 table points, place 1 at the table" in page


def test_a_player_of_another_event_is_404(client: Client, event: Event, club: Club,
                                          players: list[Registration]) -> None:
    other = Event.objects.create(club=club, title="Ander", start_date=event.start_date)
    assert client.get(f"/en/events/{other.pk}/players/{players[0].pk}/").status_code == 404


@pytest.mark.parametrize("path", ["standings/", "standings/live/", "players/{player}/"])
def test_drafts_are_for_their_organisers_only(
    path: str, organiser_client: Client, outsider_client: Client,
    member_client: Client, event: Event, players: list[Registration],
) -> None:
    Event.objects.filter(pk=event.pk).update(status=EventStatus.DRAFT)
    url = f"/en/events/{event.pk}/" + path.format(player=players[0].pk)
    assert Client().get(url).status_code == 404
    assert member_client.get(url).status_code == 404
    assert outsider_client.get(url).status_code == 404
    assert organiser_client.get(url).status_code == 200


def test_a_long_standings_list_has_its_pages_linked(
    client: Client, event: Event, seated_round: Round, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past STANDINGS_PER_PAGE players the list goes on on a next page that
    the page links to (the table's own template had dropped the pager: a
    tournament of 64 showed places 1-50 and no way to the rest)."""
    monkeypatch.setattr("tournaments.views.results.STANDINGS_PER_PAGE", 3)
    play_and_close(seated_round)
    url = f"/en/events/{event.pk}/standings/"
    first = client.get(url).content.decode()
    assert "page 1 of 3" in first
    assert 'href="?page=2"' in first and "Previous" not in first
    second = client.get(url, {"page": 2}).content.decode()
    assert "page 2 of 3" in second
    assert 'href="?page=1"' in second and 'href="?page=3"' in second
    names = [re.findall(r">(P\d) Speler<", html) for html in (first, second)]
    assert len(names[0]) == len(names[1]) == 3 and not set(names[0]) & set(names[1])


def test_every_seated_player_is_listed_before_their_table_has_a_hand(
    client: Client, event: Event, started_round: Round
) -> None:
    """Round 1 under way, one table with a hand: the players of the other
    table are in the standings too, with 0, not left out (a new user saw 4
    of 12 players)."""
    first = started_round.tables.order_by("number").first()
    assert first is not None and started_round.tables.count() == 2
    rounds.record_hand(first, values={0: 40, 1: 20, 2: 10, 3: 0}, winner=0, east=0)
    live = {row.key: row for row in standings_service.live_standings(event).rows}
    seated = set(started_round.seats.values_list("registration_id", flat=True))
    assert set(live) == seated and len(seated) == 8
    waiting = seated - set(first.seats.values_list("registration_id", flat=True))
    for key in waiting:
        assert (live[key].score, live[key].table_points, live[key].rounds_played) == (0, 0, 1)
    page = client.get(f"/en/events/{event.pk}/standings/").content.decode()
    assert page.split("<tbody", 1)[1].split("</tbody>", 1)[0].count("<tr") == 8


def test_the_round_results_list_the_tables_without_hands_too(
    client: Client, event: Event, started_round: Round
) -> None:
    """As the standings do: once a table has hands, a table without any is
    listed with its players and no numbers (a new user saw table 1 only)."""
    assert standings_service.round_results(started_round) == []  # nothing yet
    first, second = started_round.tables.order_by("number")
    rounds.record_hand(first, values={0: 40, 1: 20, 2: 10, 3: 0}, winner=0, east=0)
    results = standings_service.round_results(started_round)
    assert [(entry.table.number, entry.waiting, len(entry.lines)) for entry in results] == [
        (1, False, 4), (2, True, 4)]
    page = client.get(f"/en/events/{event.pk}/rounds/1/results/").content.decode()
    # "No result": the words fit a table scored by its result (MCR, Riichi) too.
    assert "Table 2 <span class=\"muted\">· no result yet</span>" in page
