"""Members and guests carry their EMA number and nationality (issue 17:
"Results the federations accept as they are"; the EMA results file needs
each player's EMA number, 8 digits, and country, an IOC code).

The member pages (clubs/forms.py, clubs/services.py), the member import's
optional columns (clubs/member_import.py) and a guest registered at the door
(tournaments/services/registration.py)."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.utils import translation

from clubs import services
from clubs.forms import MemberForm
from clubs.models import Club, Member
from tests.pages.test_member_import import csv_file, errors_of, token_of, upload
from tests.pages.test_member_import import url as import_url
from tournaments.models import Event
from tournaments.services import registration as registrations

pytestmark = pytest.mark.django_db


def add_url(club: Club) -> str:
    return f"/en/clubs/{club.slug}/members/add/"


def member_post(**fields: Any) -> dict[str, Any]:
    return {"first_name": "Ben", "last_name": "Jansen", "joined_on": "2024-01-01", **fields}


# --- The member form and the service ---------------------------------------------------


def test_an_ema_number_is_stored_with_its_leading_zero(organiser_client: Client,
                                                       club: Club) -> None:
    response = organiser_client.post(add_url(club), member_post(
        ema_number=" 08 000 123 ", nationality="GER"))
    assert response.status_code == 302
    member = Member.objects.get()
    assert (member.ema_number, member.nationality) == ("08000123", "GER")


def test_an_empty_ema_number_is_null(organiser_client: Client, club: Club) -> None:
    organiser_client.post(add_url(club), member_post(ema_number="  "))
    organiser_client.post(add_url(club), member_post(first_name="Anna", ema_number=""))
    assert list(Member.objects.values_list("ema_number", "nationality")) == [
        (None, "NED"), (None, "NED")]


@pytest.mark.parametrize("number", ["0800012", "080001234", "08-00012", "ABCDEFGH",
                                    "=1+1", "٠٨٠٠٠١٢٣"])
def test_an_ema_number_must_be_8_digits(organiser_client: Client, club: Club,
                                        number: str) -> None:
    response = organiser_client.post(add_url(club), member_post(ema_number=number))
    assert response.status_code == 200
    assert "EMA number must be 8 digits" in str(response.context["form"].errors["ema_number"])
    assert not Member.objects.exists()


def test_an_unknown_nationality_is_refused_naming_the_field(organiser_client: Client,
                                                            club: Club) -> None:
    response = organiser_client.post(add_url(club), member_post(nationality="XXX"))
    assert response.status_code == 200
    assert "Nationality: choose a country from the list." in str(
        response.context["form"].errors["nationality"])


def test_an_ema_number_belongs_to_one_member(organiser_client: Client, club: Club,
                                             other_club: Club) -> None:
    services.create_member(club, first_name="Carol", last_name="de Vries",
                           ema_number="08000123")
    response = organiser_client.post(add_url(club), member_post(ema_number="08000123"))
    assert response.status_code == 200
    assert "EMA number 08000123 already belongs to Carol de Vries." in str(
        response.context["form"].errors["ema_number"])
    # Another club's member is not named to this organiser.
    services.create_member(other_club, first_name="Dirk", last_name="Bos",
                           ema_number="08000999")
    response = organiser_client.post(add_url(club), member_post(ema_number="08000999"))
    errors = str(response.context["form"].errors["ema_number"])
    assert "a member of another club" in errors and "Dirk" not in errors
    assert Member.objects.count() == 2


def test_editing_keeps_the_own_ema_number_and_changes_the_nationality(
        organiser_client: Client, club: Club) -> None:
    member = services.create_member(club, first_name="Carol", last_name="de Vries",
                                    ema_number="08000123")
    url = f"/en/clubs/{club.slug}/members/{member.pk}/edit/"
    page = organiser_client.get(url).content.decode()
    assert 'value="08000123"' in page and '<option value="NED" selected>' in page
    response = organiser_client.post(url, member_post(first_name="Carol", last_name="de Vries",
                                                      ema_number="08000123",
                                                      nationality="BEL"))
    assert response.status_code == 302
    member.refresh_from_db()
    assert (member.ema_number, member.nationality) == ("08000123", "BEL")
    # A post without the nationality (an older page) keeps it.
    organiser_client.post(url, member_post(first_name="Carol", last_name="de Vries"))
    member.refresh_from_db()
    assert (member.ema_number, member.nationality) == (None, "BEL")


def test_the_service_refuses_what_the_form_would(club: Club) -> None:
    with pytest.raises(ValidationError) as refused:
        services.create_member(club, first_name="A", last_name="B", ema_number="123")
    assert "ema_number" in refused.value.error_dict
    with pytest.raises(ValidationError) as refused:
        services.create_member(club, first_name="A", last_name="B", nationality="ZZZ")
    assert "nationality" in refused.value.error_dict
    assert not Member.objects.exists()


def test_the_dutch_errors_name_the_field(club: Club) -> None:
    services.create_member(club, first_name="Carol", last_name="de Vries",
                           ema_number="08000123")
    with translation.override("nl"):
        form = MemberForm(member_post(ema_number="123"))
        assert not form.is_valid()
        assert "EMA-nummer" in form.errors["ema_number"][0]
        with pytest.raises(ValidationError) as refused:
            services.create_member(club, first_name="A", last_name="B", ema_number="08000123")
        assert "EMA-nummer 08000123 is al van Carol de Vries." in refused.value.messages


def test_the_country_list_is_sorted_by_its_translated_name(organiser_client: Client,
                                                           club: Club) -> None:
    page = organiser_client.get(add_url(club).replace("/en/", "/")).content.decode()
    assert page.index(">België<") < page.index(">Duitsland<") < page.index(">Nederland<")


def test_the_member_list_shows_the_ema_number_and_country(organiser_client: Client,
                                                          club: Club) -> None:
    services.create_member(club, first_name="Carol", last_name="de Vries",
                           ema_number="08000123", nationality="GER")
    page = organiser_client.get(f"/clubs/{club.slug}/").content.decode()
    assert "08000123" in page and "Duitsland" in page
    found = organiser_client.get(f"/en/clubs/{club.slug}/", {"q": "08000123"})
    assert "Carol de Vries" in found.content.decode()


# --- The member import's optional columns ------------------------------------------------


def test_the_import_reads_ema_numbers_and_nationalities(organiser_client: Client,
                                                        club: Club) -> None:
    services.create_member(club, first_name="Carol", last_name="de Vries")
    response = upload(organiser_client, club, csv_file(
        "Voornaam;Achternaam;EMA-nummer;Nationaliteit\n"
        "Carol;de Vries;08000123;Duitsland\n"
        "Ben;Jansen;08000124;bel\n"
        "Anna;Smit;;\n"))
    page = response.content.decode()
    assert "08000123" in page and 'id="import-errors"' not in page
    response = organiser_client.post(import_url(club, "confirm/"), {"token": token_of(page)})
    assert response.status_code == 302
    assert set(club.members.values_list("first_name", "ema_number", "nationality")) == {
        ("Carol", "08000123", "GER"), ("Ben", "08000124", "BEL"), ("Anna", None, "NED")}


def test_the_import_takes_english_headers(organiser_client: Client, club: Club) -> None:
    page = upload(organiser_client, club, csv_file(
        "First name,Last name,EMA number,Country\nBen,Jansen,08000124,Netherlands\n",
    )).content.decode()
    organiser_client.post(import_url(club, "confirm/"), {"token": token_of(page)})
    assert club.members.get().ema_number == "08000124"


def test_the_import_refuses_wrong_ema_numbers_and_countries(organiser_client: Client,
                                                            club: Club,
                                                            other_club: Club) -> None:
    services.create_member(other_club, first_name="Dirk", last_name="Bos",
                           ema_number="08000999")
    page = upload(organiser_client, club, csv_file(
        "First name;Last name;EMA number;Land\n"
        "Ben;Jansen;0800012;NED\n"
        "Anna;Smit;08000200;Narnia\n"
        "Cor;Kok;08000201;NED\n"
        "Dewi;Maas;08000201;NED\n"
        "Erik;Prins;08000999;NED\n")).content.decode()
    errors = errors_of(page)
    assert [row[:2] for row in errors] == [["2", "EMA number"], ["3", "Land"],
                                           ["5", "EMA number"], ["6", "EMA number"]]
    assert "8 digits" in errors[0][3]
    assert "Narnia" in errors[1][3]
    assert "row 4" in errors[2][3]
    assert "another club" in errors[3][3]
    assert 'name="token"' not in page
    assert not club.members.exists()


# --- Guests ----------------------------------------------------------------------------


def guest_url(event: Event) -> str:
    return f"/en/events/{event.pk}/registrations/guest/"


def test_a_guest_is_registered_with_an_ema_number_and_country(organiser_client: Client,
                                                              event: Event) -> None:
    response = organiser_client.post(guest_url(event), {
        "guest_name": "Hans Gast", "guest_club": "Berlin", "guest_ema_number": "04 000 001",
        "guest_country": "GER"})
    assert response.status_code == 302
    guest = event.registrations.get()
    assert (guest.guest_ema_number, guest.guest_country) == ("04000001", "GER")
    door = organiser_client.get(f"/events/{event.pk}/door/").content.decode()
    assert "EMA 04000001" in door and "Duitsland" in door


def test_a_guest_without_ema_details(organiser_client: Client, event: Event) -> None:
    organiser_client.post(guest_url(event), {"guest_name": "Gast Een"})
    guest = event.registrations.get()
    assert (guest.guest_ema_number, guest.guest_country) == ("", "")


def test_a_guests_ema_number_is_validated_and_once_per_event(
        organiser_client: Client, event: Event, club: Club) -> None:
    response = organiser_client.post(guest_url(event), {
        "guest_name": "Hans Gast", "guest_ema_number": "123"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "EMA number must be 8 digits" in page
    assert '<details class="guest-ema" open>' in page
    registrations.register(event, guest_name="Hans Gast", guest_ema_number="04000001")
    response = organiser_client.post(guest_url(event), {
        "guest_name": "Jens Gast", "guest_ema_number": "04000001"})
    assert response.status_code == 400
    assert "EMA number 04000001 already belongs to Hans Gast" in response.content.decode()
    member = services.create_member(club, first_name="Carol", last_name="de Vries",
                                    ema_number="08000123")
    registrations.register(event, member=member)
    with pytest.raises(ValidationError, match="Carol de Vries"):
        registrations.register(event, guest_name="Jens Gast", guest_ema_number="08000123")
    with pytest.raises(ValidationError):
        registrations.register(event, guest_name="Jens Gast", guest_country="XYZ")
    assert event.registrations.count() == 2


def test_the_guest_form_folds_its_ema_fields_away(organiser_client: Client,
                                                  event: Event) -> None:
    page = organiser_client.get(f"/en/events/{event.pk}/door/register/").content.decode()
    block = page[page.index('<details class="guest-ema">'):]
    assert 'name="guest_ema_number"' in block and 'name="guest_country"' in block
    assert 'inputmode="numeric"' in block


# --- The demo ----------------------------------------------------------------------------


def test_most_demo_members_have_a_unique_ema_number_and_a_few_are_foreign() -> None:
    from clubs.demo import MEMBERS_AT_FUHING, demo_ema
    from common.countries import is_country, is_ema_number

    chosen = [demo_ema(index) for index in range(MEMBERS_AT_FUHING + 30)]
    numbers = [number for number, _country in chosen if number is not None]
    assert len(numbers) == len(set(numbers)) > len(chosen) * 3 // 4
    assert all(is_ema_number(number) for number in numbers)
    assert all(is_country(country) for _number, country in chosen)
    assert {"BEL", "GER"} <= {country for _number, country in chosen[:MEMBERS_AT_FUHING]}
    assert chosen == [demo_ema(index) for index in range(MEMBERS_AT_FUHING + 30)]
