import pytest
from django.test import Client

from clubs.models import Club, Member

pytestmark = pytest.mark.django_db


def detail_url(club: Club) -> str:
    return f"/en/clubs/{club.slug}/"


def test_it_lists_only_the_organisers_clubs(
    organiser_client: Client, club: Club, other_club: Club
) -> None:
    response = organiser_client.get("/en/clubs/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Fu-Hing" in page
    assert "Philos" not in page


def test_it_shows_the_members_table(organiser_client: Client, club: Club, member: Member) -> None:
    Member.objects.create(club=club, first_name="Ans", last_name="Bakker", long_illness=True)
    response = organiser_client.get(detail_url(club))
    assert response.status_code == 200
    page = response.content.decode()
    assert "<caption>Members of Fu-Hing</caption>" in page
    assert "Carol de Vries" in page and "Ans Bakker" in page
    assert "long illness" in page


def test_it_searches_members_by_name_and_number(
    organiser_client: Client, club: Club, member: Member
) -> None:
    Member.objects.create(club=club, first_name="Ans", last_name="Bakker", nmb_number="2002")
    page = organiser_client.get(detail_url(club), {"q": "vries"}).content.decode()
    assert "Carol de Vries" in page and "Ans Bakker" not in page
    page = organiser_client.get(detail_url(club), {"q": "2002"}).content.decode()
    assert "Ans Bakker" in page and "Carol de Vries" not in page


def test_it_filters_lapsed_members(organiser_client: Client, club: Club, member: Member) -> None:
    import datetime

    Member.objects.create(club=club, first_name="Oud", last_name="Lid",
                          joined_on=datetime.date(2000, 1, 1))
    page = organiser_client.get(detail_url(club), {"membership": "lapsed"}).content.decode()
    assert "Oud Lid" in page and "Carol de Vries" not in page
    page = organiser_client.get(detail_url(club), {"membership": "active"}).content.decode()
    assert "Carol de Vries" in page and "Oud Lid" not in page


def test_it_sorts_the_members_table(organiser_client: Client, club: Club, member: Member) -> None:
    Member.objects.create(club=club, first_name="Ans", last_name="van Dam")
    page = organiser_client.get(detail_url(club), {"sort": "name"}).content.decode()
    page = page[page.index("<tbody>"):]
    # Dutch order: "van Dam" under D, "de Vries" under V.
    assert page.index("Ans van Dam") < page.index("Carol de Vries")
    page = organiser_client.get(detail_url(club), {"sort": "-name"}).content.decode()
    assert 'aria-sort="descending"' in page
    page = page[page.index("<tbody>"):]
    assert page.index("Carol de Vries") < page.index("Ans van Dam")


def test_it_adds_a_member(organiser_client: Client, club: Club) -> None:
    response = organiser_client.post(f"{detail_url(club)}members/add/", {
        "first_name": "Ben", "last_name": "Jansen", "nmb_number": "3003",
        "date_of_birth": "1970-05-01", "joined_on": "2024-01-01",
    })
    assert response.status_code == 302
    assert response["Location"] == detail_url(club)
    member = Member.objects.get(nmb_number="3003")
    assert (member.club, member.full_name) == (club, "Ben Jansen")
    page = organiser_client.get(response["Location"]).content.decode()
    assert "Ben Jansen is now a member." in page


def test_it_refuses_a_member_number_used_twice(
    organiser_client: Client, club: Club, member: Member
) -> None:
    response = organiser_client.post(f"{detail_url(club)}members/add/", {
        "first_name": "Ben", "last_name": "Jansen", "nmb_number": "1001",
        "joined_on": "2024-01-01",
    })
    assert response.status_code == 200
    assert 'aria-invalid="true"' in response.content.decode()
    assert "1001" in str(response.context["form"].errors["nmb_number"])
    assert Member.objects.count() == 1


def test_it_refuses_a_date_of_birth_in_the_future(organiser_client: Client, club: Club) -> None:
    response = organiser_client.post(f"{detail_url(club)}members/add/", {
        "first_name": "Ben", "last_name": "Jansen", "date_of_birth": "2999-01-01",
        "joined_on": "2024-01-01",
    })
    assert response.status_code == 200
    assert "cannot be in the future" in response.content.decode()
    assert not Member.objects.exists()


def test_it_edits_a_member(organiser_client: Client, club: Club, member: Member) -> None:
    url = f"{detail_url(club)}members/{member.pk}/edit/"
    assert organiser_client.get(url).status_code == 200
    response = organiser_client.post(url, {
        "first_name": "Carola", "last_name": "de Vries", "nmb_number": "",
        "joined_on": "2024-01-01", "long_illness": "on",
    })
    assert response.status_code == 302
    member.refresh_from_db()
    assert member.first_name == "Carola"
    assert member.nmb_number is None
    assert member.long_illness


def test_it_shows_the_dutch_page(organiser_client: Client, club: Club) -> None:
    page = organiser_client.get(f"/clubs/{club.slug}/").content.decode()
    assert "Lid toevoegen" in page


def test_it_refuses_the_outsider_everywhere(
    outsider_client: Client, club: Club, member: Member
) -> None:
    base = detail_url(club)
    for url in (base, f"{base}members/add/", f"{base}members/{member.pk}/edit/"):
        assert outsider_client.get(url).status_code == 404, url
    response = outsider_client.post(f"{base}members/{member.pk}/edit/", {
        "first_name": "Hacked", "last_name": "x", "joined_on": "2024-01-01"})
    assert response.status_code == 404
    response = outsider_client.post(f"{base}members/add/", {
        "first_name": "Hacked", "last_name": "x", "joined_on": "2024-01-01"})
    assert response.status_code == 404
    assert not Member.objects.filter(first_name="Hacked").exists()
    assert "Fu-Hing" not in outsider_client.get("/en/clubs/").content.decode()


def test_it_refuses_a_member_of_another_club_by_id(
    organiser_client: Client, club: Club, other_club: Club
) -> None:
    stranger = Member.objects.create(club=other_club, first_name="X", last_name="Y")
    url = f"{detail_url(club)}members/{stranger.pk}/edit/"
    assert organiser_client.get(url).status_code == 404


def test_it_sends_anonymous_visitors_to_the_login_page(client: Client, club: Club) -> None:
    response = client.get(detail_url(club))
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_it_refuses_members_the_organiser_pages(member_client: Client, club: Club) -> None:
    assert member_client.get(detail_url(club)).status_code == 404
