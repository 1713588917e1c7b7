import json
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from clubs.models import Club
from scoring.tiles import set_name
from tournaments.forms import scheme_choices

CHECK_URL = "/scoring/check/"


@pytest.mark.django_db
def test_it_shows_the_home_page_in_dutch(client: Client) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert response.headers["Content-Language"] == "nl"
    assert b'<html lang="nl">' in response.content
    assert "Inloggen" in response.content.decode()


@pytest.mark.django_db
def test_it_shows_the_home_page_in_english(client: Client) -> None:
    response = client.get("/en/")
    assert response.status_code == 200
    assert b'<html lang="en">' in response.content
    assert b"Log in" in response.content


@pytest.mark.django_db
def test_a_logged_in_organisers_home_leads_to_their_clubs(organiser_client: Client,
                                                           organiser: Any) -> None:
    """The home page's first button is where the user goes next, not "Check a
    hand" a third time (it is in the menu and on a card)."""
    Club.objects.create(name="Fu-Hing", slug="fu-hing").organisers.add(organiser)
    content = organiser_client.get("/en/").content.decode()
    actions = content.split('class="actions"', 1)[1].split("</p>", 1)[0]
    assert 'href="/en/clubs/"' in actions and "My clubs" in actions
    assert "Check a hand" not in actions
    assert content.count(">Check a hand<") == 2


@pytest.mark.django_db
def test_an_organisers_home_leads_to_tonights_event(organiser_client: Client,
                                                     organiser: Any) -> None:
    """The evening starts at the door: today's events of the organiser's
    clubs come first on the home page; another day's and another club's not."""
    import datetime

    from django.utils import timezone

    from tournaments.models import Event, EventStatus

    club = Club.objects.create(name="Fu-Hing", slug="fu-hing")
    club.organisers.add(organiser)
    other = Club.objects.create(name="Elders", slug="elders")
    today = timezone.localdate()
    tonight = Event.objects.create(club=club, title="Clubavond vanavond", start_date=today,
                                   status=EventStatus.OPEN)
    running = Event.objects.create(club=club, title="Toernooi loopt", start_date=today,
                                   status=EventStatus.RUNNING)
    Event.objects.create(club=club, title="Volgende week", status=EventStatus.OPEN,
                         start_date=today + datetime.timedelta(days=7))
    Event.objects.create(club=other, title="Andere club", start_date=today,
                         status=EventStatus.RUNNING)
    content = organiser_client.get("/en/").content.decode()
    actions = content.split('class="actions"', 1)[1].split("</p>", 1)[0]
    assert f'href="/en/events/{running.pk}/"' in actions
    assert f'href="/en/events/{tonight.pk}/"' in actions
    assert "Volgende week" not in actions and "Andere club" not in actions
    assert actions.index("Toernooi loopt") < actions.index("My clubs")


@pytest.mark.django_db
def test_it_switches_the_language(client: Client) -> None:
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/scoring/check/"})
    assert response.status_code == 302
    assert response["Location"] == "/en/scoring/check/"


@pytest.mark.django_db
def test_it_shows_the_login_page(client: Client) -> None:
    response = client.get("/accounts/login/")
    assert response.status_code == 200
    assert b'name="password"' in response.content


def test_it_redirects_an_outsider_to_the_login_page(client: Client) -> None:
    response = client.get(CHECK_URL)
    assert response.status_code == 302
    assert response["Location"] == f"/accounts/login/?next={CHECK_URL}"
    response = client.post(CHECK_URL, {"game": "{}"})
    assert response.status_code == 302


@pytest.mark.django_db
def test_it_shows_the_check_form(organiser_client: Client) -> None:
    response = organiser_client.get(CHECK_URL)
    assert response.status_code == 200
    assert b'<textarea name="game"' in response.content
    assert b'role="alert"' not in response.content


@pytest.mark.django_db
def test_it_scores_a_valid_game(organiser_client: Client, worked_example: dict[str, Any]) -> None:
    response = organiser_client.post("/en" + CHECK_URL, {"game": json.dumps(worked_example)})
    assert response.status_code == 200
    players = {player.seat: player for player in response.context["players"]}
    assert {seat: p.score for seat, p in players.items()} == {"E": 64, "S": 96, "W": 0, "N": 20}
    assert {seat: p.settlement for seat, p in players.items()} == {
        "E": 24,
        "S": 384,
        "W": -244,
        "N": -164,
    }
    assert players["S"].is_winner
    assert players["W"].hand is None  # given as a score, so no breakdown
    page = response.content.decode()
    assert "Breakdown for South" in page
    assert ">All chows</span>" in page  # the rule's name in the page's language
    assert "+384" in page
    # A set is named in words, as on the score-entry page; no seat letters.
    tiles = [item["tiles"] for item in players["E"].breakdown if item.get("tiles")]
    assert tiles and all(f"({set_name(text)})" in page for text in tiles)
    assert "<span class=\"tiles\">" not in page and "South (S)" not in page
    assert 'role="alert"' not in page


@pytest.mark.django_db
def test_it_names_the_rules_in_dutch_on_the_dutch_page(
    organiser_client: Client, worked_example: dict[str, Any]
) -> None:
    response = organiser_client.post(
        "/scoring/check/", {"game": json.dumps(worked_example)}, HTTP_ACCEPT_LANGUAGE="nl"
    )
    page = response.content.decode()
    assert ">Vier chows</span>" in page
    assert ">Enig mogelijke steen</span>" in page


@pytest.mark.django_db
def test_it_shows_the_engine_error_for_a_rejected_game(
    organiser_client: Client, worked_example: dict[str, Any]
) -> None:
    worked_example["players"]["S"]["concealed"] = "234456m345678p3s"  # one tile short
    response = organiser_client.post(CHECK_URL, {"game": json.dumps(worked_example)})
    assert response.status_code == 200
    assert "players" not in response.context
    assert 'class="alert alert-error" role="alert"' in response.content.decode()
    assert response.context["error"]
    # The form comes back with the game, to correct it.
    assert response.context["form"]["game"].value() == json.dumps(worked_example)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param('{"ruleset": "nts",', "This is not valid JSON", id="invalid-json"),
        pytest.param("[1, 2]", "Paste one game", id="not-an-object"),
        pytest.param("", "This field is required", id="empty"),
    ],
)
def test_it_shows_an_error_for_input_that_is_not_a_game(
    organiser_client: Client, text: str, message: str
) -> None:
    response = organiser_client.post("/en" + CHECK_URL, {"game": text})
    assert response.status_code == 200
    page = response.content.decode()
    assert 'aria-invalid="true"' in page
    assert message in page


@pytest.mark.django_db
def test_it_shows_an_error_instead_of_a_500_when_the_engine_fails(
    organiser_client: Client, monkeypatch: pytest.MonkeyPatch, worked_example: dict[str, Any]
) -> None:
    def broken_engine(game: dict[str, Any]) -> dict[str, Any]:
        raise RuntimeError("bug")

    monkeypatch.setattr("scoring.views.score_game", broken_engine)
    response = organiser_client.post("/en" + CHECK_URL, {"game": json.dumps(worked_example)})
    assert response.status_code == 200
    assert "This is a bug in the program" in response.content.decode()


@pytest.mark.django_db
def test_the_dutch_home_page_names_things_as_the_pages_they_open(client: Client) -> None:
    """The card opening the list headed "Evenementen" is called that (it was
    "Toernooien"), and the rule set is spelt as everywhere else."""
    content = client.get("/").content.decode()
    assert ">Evenementen</a></h2>" in content and ">Toernooien<" not in content
    assert "Hong Kong mahjong (Fu-Hing)" in content and "Hongkong" not in content
    assert "Met een login van uw club." in content  # checking a hand needs one


def test_table_point_schemes_are_offered_with_the_languages_decimal_mark() -> None:
    with translation.override("nl"):
        assert ("4-2-1-0.5", "4-2-1-0,5") in scheme_choices()
    with translation.override("en"):
        assert ("4-2-1-0.5", "4-2-1-0.5") in scheme_choices()
