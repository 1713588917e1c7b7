"""The club's details page (issue 15: organisers never need the admin): the
club's name and city, the season's rules and the holidays, kept by the
club's organisers; nobody else sees or changes them."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client

from clubs.models import Club, HolidayPeriod

pytestmark = pytest.mark.django_db

SEASON = {"mode": "best_n", "n": "12", "attendance_bonus": "0,5", "min_attendance": "5",
          "min_players": "8"}
HOLIDAY = {"name": "Kerstvakantie", "start": "2026-12-19", "end": "2027-01-03"}


@pytest.fixture
def organiser_client(client: Client, organiser: User) -> Client:
    client.force_login(organiser)
    return client


def test_the_page_shows_the_club_its_rules_and_holidays(organiser_client: Client,
                                                        club: Club) -> None:
    HolidayPeriod.objects.create(club=club, name="Herfstvakantie",
                                 start=datetime.date(2026, 10, 17),
                                 end=datetime.date(2026, 10, 25))
    page = organiser_client.get(f"/clubs/{club.slug}/details/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Herfstvakantie" in html and "17 oktober 2026" in html
    assert 'value="Amsterdam"' in html
    # Linked from the club's other pages.
    assert f'href="/clubs/{club.slug}/details/"' in organiser_client.get(
        f"/clubs/{club.slug}/").content.decode()


def test_the_organiser_renames_the_club(organiser_client: Client, club: Club) -> None:
    response = organiser_client.post(f"/clubs/{club.slug}/details/club/",
                                     {"name": "Fu-Hing Amsterdam", "city": " Diemen "})
    assert response.status_code == 302
    club.refresh_from_db()
    assert (club.name, club.city, club.slug) == ("Fu-Hing Amsterdam", "Diemen", "fu-hing")


def test_a_name_of_another_club_is_refused_in_dutch(organiser_client: Client, club: Club,
                                                    other_club: Club) -> None:
    response = organiser_client.post(f"/clubs/{club.slug}/details/club/",
                                     {"name": "philos", "city": ""})
    assert response.status_code == 400
    assert "Naam</a>: Er is al een club met de naam philos." in response.content.decode()
    club.refresh_from_db()
    assert (club.name, club.city) == ("Fu-Hing", "Amsterdam")


def test_the_season_rules_are_saved_and_rank_the_season(organiser_client: Client,
                                                        club: Club) -> None:
    response = organiser_client.post(f"/clubs/{club.slug}/details/season/", SEASON)
    assert response.status_code == 302
    club.refresh_from_db()
    options = club.read_season_options()
    assert (options.mode, options.n, options.attendance_bonus, options.min_attendance,
            options.min_players) == ("best_n", 12, Decimal("0.5"), 5, 8)
    form = organiser_client.get(f"/clubs/{club.slug}/details/").context["season_form"]
    assert form["n"].value() == 12
    # Back to every evening: n is dropped.
    organiser_client.post(f"/clubs/{club.slug}/details/season/", {**SEASON, "mode": "sum"})
    club.refresh_from_db()
    assert club.read_season_options().n is None


@pytest.mark.parametrize(("sent", "shown"), [
    ({"n": ""}, "Beste avonden die tellen</a>:"),
    ({"n": "0"}, "Beste avonden die tellen</a>:"),
    ({"attendance_bonus": "-1"}, "Aanwezigheidsbonus"),
    ({"attendance_bonus": "²"}, "Aanwezigheidsbonus"),
    ({"min_attendance": "99999999999999999999"}, "Avonden nodig voor het klassement</a>:"),
    ({"mode": "everything"}, "Welke avonden tellen</a>:"),
], ids=["no n", "n 0", "negative bonus", "unicode digit", "huge", "mode"])
def test_refused_season_rules_are_named_and_change_nothing(
        organiser_client: Client, club: Club, sent: dict[str, str], shown: str) -> None:
    response = organiser_client.post(f"/clubs/{club.slug}/details/season/", {**SEASON, **sent})
    assert response.status_code == 400
    assert shown in response.content.decode()
    club.refresh_from_db()
    assert club.season_options == {}


def test_holidays_are_added_and_removed(organiser_client: Client, club: Club) -> None:
    response = organiser_client.post(f"/clubs/{club.slug}/details/holidays/add/", HOLIDAY)
    assert response.status_code == 302
    holiday = HolidayPeriod.objects.get(club=club)
    assert (holiday.name, holiday.start, holiday.end) == (
        "Kerstvakantie", datetime.date(2026, 12, 19), datetime.date(2027, 1, 3))
    assert club.in_holiday(datetime.date(2027, 1, 1))
    response = organiser_client.post(
        f"/clubs/{club.slug}/details/holidays/{holiday.pk}/remove/")
    assert response.status_code == 302
    assert not HolidayPeriod.objects.exists()
    # Again (a double tap): nothing left to remove, no error.
    assert organiser_client.post(
        f"/clubs/{club.slug}/details/holidays/{holiday.pk}/remove/").status_code == 302


def test_a_holiday_ending_before_it_starts_is_refused(organiser_client: Client,
                                                      club: Club) -> None:
    response = organiser_client.post(f"/clubs/{club.slug}/details/holidays/add/",
                                     {**HOLIDAY, "end": "2026-12-01"})
    assert response.status_code == 400
    assert "Laatste dag</a>: De laatste dag kan niet voor de eerste dag liggen." in (
        response.content.decode())
    assert not HolidayPeriod.objects.exists()


def test_nobody_else_reaches_or_changes_them(club: Club, other_club: Club,
                                             outsider_client: Client, member_client: Client,
                                             client: Client) -> None:
    holiday = HolidayPeriod.objects.create(club=club, name="Zomer",
                                           start=datetime.date(2026, 7, 1),
                                           end=datetime.date(2026, 8, 31))
    theirs = HolidayPeriod.objects.create(club=other_club, name="Hun zomer",
                                          start=datetime.date(2026, 7, 1),
                                          end=datetime.date(2026, 8, 31))
    base = f"/clubs/{club.slug}/details/"
    for who in (outsider_client, member_client):
        assert who.get(base).status_code == 404
        assert who.post(base + "club/", {"name": "Overgenomen", "city": ""}).status_code == 404
        assert who.post(base + "season/", SEASON).status_code == 404
        assert who.post(base + "holidays/add/", HOLIDAY).status_code == 404
        assert who.post(base + f"holidays/{holiday.pk}/remove/").status_code == 404
    assert client.post(base + "club/", {"name": "Overgenomen", "city": ""}).status_code == 302
    club.refresh_from_db()
    assert (club.name, club.season_options) == ("Fu-Hing", {})
    assert HolidayPeriod.objects.filter(club=club).count() == 1
    # Another club's holiday is not this club's to remove, even for its organiser.
    organiser = Client()
    organiser.force_login(club.organisers.get())
    assert organiser.post(base + f"holidays/{theirs.pk}/remove/").status_code == 302
    assert HolidayPeriod.objects.filter(pk=theirs.pk).exists()


# --- Organisers ---------------------------------------------------------------------


def test_an_organiser_adds_a_member_with_a_login_and_removes_them(
        organiser_client: Client, club: Club, member: object) -> None:
    carol = User.objects.get(username="carol")
    page = organiser_client.get(f"/clubs/{club.slug}/details/")
    assert "Carol de Vries (carol)" in page.content.decode()
    response = organiser_client.post(f"/clubs/{club.slug}/details/organisers/add/",
                                     {"member": str(member.pk)})  # type: ignore[attr-defined]
    assert response.status_code == 302
    assert club.organisers.filter(pk=carol.pk).exists()
    response = organiser_client.post(f"/clubs/{club.slug}/details/organisers/remove/",
                                     {"organiser": str(carol.pk)})
    assert response.status_code == 302
    assert not club.organisers.filter(pk=carol.pk).exists()


def test_an_organiser_is_added_by_user_name(organiser_client: Client, club: Club,
                                            django_user_model: type[User]) -> None:
    dirk = django_user_model.objects.create_user("dirk")
    response = organiser_client.post(f"/clubs/{club.slug}/details/organisers/add/",
                                     {"user": "dirk"})
    assert response.status_code == 302
    assert club.organisers.filter(pk=dirk.pk).exists()
    response = organiser_client.post(f"/clubs/{club.slug}/details/organisers/add/",
                                     {"user": "niemand"})
    assert response.status_code == 400
    assert "niemand" in response.content.decode()


def test_the_last_organiser_stays(organiser_client: Client, club: Club,
                                  organiser: User) -> None:
    response = organiser_client.post(f"/clubs/{club.slug}/details/organisers/remove/",
                                     {"organiser": str(organiser.pk)})
    assert response.status_code == 400
    assert "enige organisator" in response.content.decode()
    assert club.organisers.filter(pk=organiser.pk).exists()


def test_nobody_else_changes_the_organisers(club: Club, outsider_client: Client,
                                            member_client: Client, organiser: User) -> None:
    bob = User.objects.get(username="bob")
    for who in (outsider_client, member_client):
        assert who.post(f"/clubs/{club.slug}/details/organisers/add/",
                        {"user": "bob"}).status_code == 404
        assert who.post(f"/clubs/{club.slug}/details/organisers/remove/",
                        {"organiser": str(organiser.pk)}).status_code == 404
    assert list(club.organisers.all()) == [organiser]
    assert not club.organisers.filter(pk=bob.pk).exists()
