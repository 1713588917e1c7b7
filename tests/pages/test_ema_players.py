"""The EMA's player list imported as CSV (clubs/ema_players.py and its
pages, issue 17): the members it names get their EMA number and country;
a preview first, a differing stored number only when ticked, rows that
name no member or several listed and left alone, hostile files refused."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from clubs import ema_players, services
from clubs.member_import import MAX_BYTES, MAX_ROWS
from clubs.models import Club, Member

pytestmark = pytest.mark.django_db

LIST = (
    "EMA Number,Last Name,First Name,Country\n"
    "08000101,Vries,Carol de,NED\n"  # not matched: the first name differs
    "08000102,\"Meer, van der\",Piet,Netherlands\n"
    "04000103,Muller,Hans,GER\n"
    "08000104,Jansen,Ben,NED\n"
    "08000105,Smit,Anna,NED\n"
)


def url(club: Club, step: str = "") -> str:
    return f"/en/clubs/{club.slug}/members/ema/{step}"


def csv_file(text: str, name: str = "players.csv", encoding: str = "utf-8") -> Any:
    return SimpleUploadedFile(name, text.encode(encoding), content_type="text/csv")


def token_of(page: str) -> str:
    found = re.search(r'name="token" value="([^"]+)"', page)
    assert found
    return found.group(1)


def table(page: str, table_id: str) -> str:
    part = page[page.index(f'id="{table_id}"'):]
    return part[:part.index("</table>")]


@pytest.fixture
def people(club: Club) -> dict[str, Member]:
    make = services.create_member
    return {
        "piet": make(club, first_name="Piet", last_name="van der Meer"),
        "hans": make(club, first_name="Hans", last_name="Müller"),
        "ben": make(club, first_name="Ben", last_name="Jansen", ema_number="08000999"),
        "anna1": make(club, first_name="Anna", last_name="Smit"),
        "anna2": make(club, first_name="anna", last_name="SMIT", nmb_number="77"),
        "carol": make(club, first_name="Carol", last_name="de Vries"),
    }


def preview(client: Client, club: Club, text: str = LIST, **kwargs: Any) -> Any:
    return client.post(url(club), {"file": csv_file(text, **kwargs)})


def test_the_page_is_linked_from_the_members(organiser_client: Client, club: Club) -> None:
    assert url(club) in organiser_client.get(f"/en/clubs/{club.slug}/").content.decode()
    assert organiser_client.get(url(club)).status_code == 200


def test_the_preview_sorts_the_rows_and_changes_nothing(
        organiser_client: Client, club: Club, people: dict[str, Member]) -> None:
    page = preview(organiser_client, club).content.decode()
    to_set = table(page, "ema-set")
    assert "Piet van der Meer" in to_set and "08000102" in to_set
    assert "Hans Müller" in to_set and "Germany" in to_set
    different = table(page, "ema-different")
    assert "Ben Jansen" in different and "08000999" in different and "08000104" in different
    assert "Anna Smit" in table(page, "ema-ambiguous")
    assert "Carol de" in page[page.index('id="ema-unmatched"'):]
    assert not Member.objects.exclude(pk=people["ben"].pk).filter(
        ema_number__isnull=False).exists()


def test_applying_sets_the_matched_and_leaves_a_differing_number(
        organiser_client: Client, club: Club, people: dict[str, Member]) -> None:
    page = preview(organiser_client, club).content.decode()
    response = organiser_client.post(url(club, "confirm/"), {"token": token_of(page)})
    assert response.status_code == 302
    for member in people.values():
        member.refresh_from_db()
    assert (people["piet"].ema_number, people["piet"].nationality) == ("08000102", "NED")
    assert (people["hans"].ema_number, people["hans"].nationality) == ("04000103", "GER")
    assert people["ben"].ema_number == "08000999"
    assert people["anna1"].ema_number is None and people["anna2"].ema_number is None
    assert people["carol"].ema_number is None
    # The same list again: nothing left to set.
    page = preview(organiser_client, club).content.decode()
    assert "To set: 0. Already up to date: 2. Different EMA number: 1." in page


def test_a_ticked_member_is_overwritten(organiser_client: Client, club: Club,
                                        people: dict[str, Member]) -> None:
    page = preview(organiser_client, club).content.decode()
    organiser_client.post(url(club, "confirm/"), {
        "token": token_of(page), "overwrite": [str(people["ben"].pk), "999999", "x"]})
    people["ben"].refresh_from_db()
    assert people["ben"].ema_number == "08000104"


def test_a_number_another_member_has_is_not_set(organiser_client: Client, club: Club,
                                                other_club: Club,
                                                people: dict[str, Member]) -> None:
    services.create_member(other_club, first_name="Dirk", last_name="Bos",
                           ema_number="08000102")
    page = preview(organiser_client, club).content.decode()
    taken = table(page, "ema-taken")
    assert "Piet van der Meer" in taken and "a member of another club" in taken
    organiser_client.post(url(club, "confirm/"), {"token": token_of(page)})
    people["piet"].refresh_from_db()
    assert people["piet"].ema_number is None


def test_a_change_since_the_preview_is_shown_again(organiser_client: Client, club: Club,
                                                   people: dict[str, Member]) -> None:
    page = preview(organiser_client, club).content.decode()
    services.update_member(people["piet"], ema_number="08000555")
    response = organiser_client.post(url(club, "confirm/"), {"token": token_of(page)})
    assert response.status_code == 200
    assert "changed since the preview" in response.content.decode()
    people["hans"].refresh_from_db()
    assert people["hans"].ema_number is None


def test_semicolons_a_bom_and_dutch_headers(organiser_client: Client, club: Club,
                                            people: dict[str, Member]) -> None:
    text = "\ufeffema-nummer;ACHTERNAAM;voornaam;LAND\n04000103;Müller;Hans;Duitsland\n"
    page = preview(organiser_client, club, text).content.decode()
    organiser_client.post(url(club, "confirm/"), {"token": token_of(page)})
    people["hans"].refresh_from_db()
    assert (people["hans"].ema_number, people["hans"].nationality) == ("04000103", "GER")


def test_rows_that_cannot_be_read_are_listed(organiser_client: Client, club: Club,
                                             people: dict[str, Member]) -> None:
    text = ("EMA number,Last name,First name,Country\n"
            "0800010,Müller,Hans,GER\n"
            "04000103,Müller,Hans,Atlantis\n"
            "04000104,=HYPERLINK(\"http://x\"),Hans,GER\n"
            "08000102,van der Meer,Piet,NED\n"
            "08000102,Jansen,Ben,NED\n")
    page = preview(organiser_client, club, text).content.decode()
    errors = table(page, "ema-errors")
    for expected in ("8 digits", "Atlantis", "formula", "row 5"):
        assert expected in errors
    organiser_client.post(url(club, "confirm/"), {"token": token_of(page)})
    assert list(Member.objects.filter(ema_number__isnull=False)
                .values_list("first_name", "ema_number")) == [("Ben", "08000999"),
                                                             ("Piet", "08000102")]


@pytest.mark.parametrize(("content", "name", "message"), [
    (b"\x00\x01\x02binary\x00" * 100, "players.csv", "cannot be read as text"),
    (b"EMA number,Last name\n08000101,Vries\n", "players.csv", "No header row"),
    (b"EMA number,Last name,First name,Country\n", "players.xlsx", "CSV file"),
    (b"EMA number,Last name,First name,Country\n", "players.csv", "no players"),
    (b"EMA number,Last name,First name,Country\n" + b'"' + b"x" * 200_000 + b'"\n',
     "players.csv", "cannot be read"),
], ids=["binary", "no-header", "not-csv", "empty", "huge-line"])
def test_a_hostile_file_is_refused_and_changes_nothing(
        organiser_client: Client, club: Club, people: dict[str, Member],
        content: bytes, name: str, message: str) -> None:
    response = organiser_client.post(url(club), {
        "file": SimpleUploadedFile(name, content, content_type="text/csv")})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert 'name="token"' not in response.content.decode()
    assert Member.objects.filter(ema_number__isnull=False).count() == 1


def test_a_file_too_large_is_refused(organiser_client: Client, club: Club) -> None:
    with pytest.raises(ValidationError, match="groter dan"):
        ema_players.read_list(b"a" * (MAX_BYTES + 1), "players.csv")
    response = organiser_client.post(url(club), {
        "file": SimpleUploadedFile("players.csv", b"a" * (MAX_BYTES + 1))})
    assert "larger than" in response.content.decode()


def test_too_many_rows_are_refused(club: Club) -> None:
    text = "EMA number;Last name;First name;Country\n" + "08000101;A;B;NED\n" * (MAX_ROWS + 1)
    with pytest.raises(ValidationError, match="meer dan"):
        ema_players.read_list(text.encode(), "players.csv")


def test_a_forged_or_foreign_token_is_refused(organiser_client: Client, club: Club,
                                              other_club: Club,
                                              people: dict[str, Member]) -> None:
    response = organiser_client.post(url(club, "confirm/"), {"token": "forged"})
    assert response.status_code == 400
    page = preview(organiser_client, club).content.decode()
    other = Client()
    other.force_login(other_club.organisers.get())
    response = other.post(f"/en/clubs/{other_club.slug}/members/ema/confirm/",
                          {"token": token_of(page)})
    assert response.status_code == 400
    assert other.post(url(club), {"file": csv_file(LIST)}).status_code == 404
    assert Member.objects.filter(ema_number__isnull=False).count() == 1


def test_names_match_regardless_of_case_accents_and_tussenvoegsel() -> None:
    keys = ema_players.name_keys
    assert keys("Piet", "van der Meer") == keys("PIET", "Meer, van der")
    assert keys("Hans", "Müller")[0] == keys("hans", "Muller")[0]
    assert keys("Piet", "van der Meer")[1] == keys("Piet", "Meer")[1]
