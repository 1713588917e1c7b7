import datetime

import pytest
from django.test import Client
from django.utils import timezone

from clubs.models import Club
from tests.pages.conftest import play_and_close
from tournaments.models import Event, EventStatus, Registration, Round
from tournaments.services import registration as registrations
from tournaments.services import rounds

pytestmark = pytest.mark.django_db


def test_it_shows_the_standings_to_anyone(client: Client, event: Event,
                                          seated_round: Round) -> None:
    play_and_close(seated_round)
    response = client.get(f"/en/events/{event.pk}/standings/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "<caption>Standings after round 1</caption>" in page
    rows = response.context["table"].data.data
    # Every East won the same hand: they share first place, and so on down.
    assert [row["position"] for row in rows] == [1, 1, 3, 3, 5, 5, 7, 7]
    assert all(row["rounds_played"] == 1 for row in rows)
    assert "Fu-Hing" in page


def test_it_marks_substitutes_unranked(
    client: Client, event: Event, players: list[Registration], seated_round: Round
) -> None:
    play_and_close(seated_round)
    registrations.drop_out(players[0], after_round=1)
    registrations.substitute(players[0], guest_name="Invaller")
    for player in players[1:]:
        registrations.check_in(player)  # the substitute is checked in: so must the others be
    second = rounds.seat_round(rounds.add_round(event, seating_method="random"), seed=2)
    play_and_close(second)
    response = client.get(f"/en/events/{event.pk}/standings/")
    page = response.content.decode()
    assert "substitute for P1 Speler, not ranked" in page
    substitute = next(row for row in response.context["table"].data.data
                      if row["name"] == "Invaller")
    assert substitute["position"] is None
    # The standings after round 1 are still there.
    page = client.get(f"/en/events/{event.pk}/standings/", {"after": "1"}).content.decode()
    assert "Standings after round 1" in page and "Invaller" not in page


def test_it_shows_an_empty_standings_page_before_results(client: Client, event: Event) -> None:
    response = client.get(f"/en/events/{event.pk}/standings/")
    assert response.status_code == 200
    assert "the standings appear when the first hands are entered" in response.content.decode()


def test_it_hides_events_in_preparation(client: Client, event: Event) -> None:
    Event.objects.filter(pk=event.pk).update(status=EventStatus.DRAFT)
    assert client.get(f"/en/events/{event.pk}/standings/").status_code == 404


def test_it_shows_the_season_ranking_with_the_trophy(
    client: Client, club: Club, event: Event, seated_round: Round
) -> None:
    play_and_close(seated_round)
    response = client.get(f"/en/clubs/{club.slug}/season/{event.start_date.year}/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "The rotating trophy" in page
    assert len(response.context["rows"]) == 8
    # Four players share first place: nobody wins the trophy outright.
    assert "no single winner" in page


def test_it_shows_an_empty_season(client: Client, club: Club) -> None:
    response = client.get(f"/en/clubs/{club.slug}/season/")
    assert response.status_code == 200
    assert "No club evenings with results in this season yet." in response.content.decode()


def test_without_a_year_it_opens_on_the_last_season_with_results(
    client: Client, club: Club, event: Event, seated_round: Round
) -> None:
    """In January the new season has no evening yet: the club's page shows
    last season's ranking (saying so), not an empty table."""
    last_year = timezone.localdate().year - 1
    Event.objects.filter(pk=event.pk).update(start_date=datetime.date(last_year, 11, 4))
    play_and_close(seated_round)
    response = client.get(f"/en/clubs/{club.slug}/season/")
    assert response.context["year"] == last_year and len(response.context["rows"]) == 8
    page = response.content.decode()
    this_year = last_year + 1
    assert f"No club evening of {this_year} has results yet" in page
    assert f'/en/clubs/{club.slug}/season/{this_year}/"' in page  # the way to this season
    # No way back to a season without results.
    assert response.context["previous_year"] is None
    # Asked for by its year, this season is shown as it is: empty, its way
    # back leading to the last season with results.
    again = client.get(f"/en/clubs/{club.slug}/season/{this_year}/")
    assert again.context["year"] == this_year and again.context["rows"] == []
    assert (again.context["previous_year"], again.context["next_year"]) == (last_year, None)


def test_it_answers_404_for_an_unknown_club(client: Client) -> None:
    assert client.get("/en/clubs/nope/season/").status_code == 404
