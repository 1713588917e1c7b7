"""Importing a club's member list (clubs/member_import.py and its pages):
preview, errors per row, all or nothing, and the bond's export read back."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from openpyxl import Workbook

from clubs import member_import
from clubs.models import Club, Member
from exports import bond
from tests.pages.conftest import play_and_close
from tournaments.models import Event, Hand, Registration, Round, Seat, TableResult
from tournaments.services import finish_event

pytestmark = pytest.mark.django_db

HOSTILE = '=HYPERLINK("http://x","y")'
# As the exports write it in a CSV file: guarded by a quote, quotes doubled.
CSV_HOSTILE = '"\'=HYPERLINK(""http://x"",""y"")"'


def url(club: Club, step: str = "") -> str:
    return f"/en/clubs/{club.slug}/members/import/{step}"


def csv_file(text: str, name: str = "leden.csv", encoding: str = "utf-8-sig") -> Any:
    return SimpleUploadedFile(name, text.encode(encoding), content_type="text/csv")


def xlsx_file(rows: list[list[Any]], name: str = "leden.xlsx") -> Any:
    book = Workbook()
    sheet = book.active
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return SimpleUploadedFile(name, buffer.getvalue())


def upload(client: Client, club: Club, file: Any) -> Any:
    return client.post(url(club), {"file": file})


def token_of(page: str) -> str:
    found = re.search(r'name="token" value="([^"]+)"', page)
    assert found, "the preview offers to import"
    return found.group(1)


def members(club: Club) -> set[tuple[str, str, str | None]]:
    return {(m.first_name, m.last_name, m.nmb_number) for m in club.members.all()}


def errors_of(page: str) -> list[list[str]]:
    """The rows of the problems table: row, column, value, problem."""
    table = page[page.index('id="import-errors"'):]
    table = table[:table.index("</table>")]
    rows = re.findall(r"<tr>(.*?)</tr>", table[table.index("<tbody>"):], re.S)
    return [[re.sub(r"<[^>]+>", "", cell).strip()
             for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)] for row in rows]


# --- The pages ------------------------------------------------------------------------


def test_the_upload_page(organiser_client: Client, club: Club) -> None:
    response = organiser_client.get(url(club))
    assert response.status_code == 200
    page = response.content.decode()
    assert 'enctype="multipart/form-data"' in page and "NMB member number" in page
    assert url(club) in organiser_client.get(f"/en/clubs/{club.slug}/").content.decode()


def test_outsiders_see_nothing(outsider_client: Client, member_client: Client,
                               club: Club) -> None:
    assert outsider_client.get(url(club)).status_code == 404
    assert member_client.get(url(club)).status_code == 404
    assert Client().get(url(club)).status_code == 302


def test_a_file_of_another_kind_is_refused(organiser_client: Client, club: Club) -> None:
    response = upload(organiser_client, club, SimpleUploadedFile("leden.txt", b"x"))
    assert response.status_code == 200
    assert "Upload an Excel workbook (.xlsx) or a CSV file (.csv)." in response.content.decode()
    response = upload(organiser_client, club, SimpleUploadedFile("leden.xlsx", b"not a zip"))
    assert "is not an Excel workbook" in response.content.decode()


def test_a_list_without_a_header_row_is_refused(organiser_client: Client, club: Club) -> None:
    response = upload(organiser_client, club, csv_file("Naam;Nummer\nJan;1\n"))
    page = response.content.decode()
    assert "No header row found" in page and 'name="token"' not in page


def test_preview_then_import(organiser_client: Client, club: Club, member: Member,
                             make_member: Callable[..., Member]) -> None:
    make_member("Ans", "Bakker")  # no number yet: the list gives one
    make_member("Bram", "Jansen", nmb_number="1005")
    response = upload(organiser_client, club, csv_file(
        "Voornaam;Achternaam;NMB-lidnummer;Club;E-mail\n"
        "Carol;de Vries-Smit;1001;Fu-Hing;carol@example.org\n"  # by number: new last name
        "Ans; Bakker ;1004;;\n"  # by name: gets her number
        "Bram;Jansen;1005;fu-hing;\n"  # unchanged
        "Désirée;Heemskerk;1007;;\n"  # new
        f"{CSV_HOSTILE};Hacker;;;\n"  # new; the CSV guard quote comes off
        ";;;;\n"))  # an empty row is skipped
    assert response.status_code == 200
    page = response.content.decode()
    assert "New members: 2. Updated: 2. Unchanged: 1." in page
    assert "Columns not imported: E-mail" in page
    assert "de Vries → de Vries-Smit" in page
    assert "NMB member number: – → 1004" in page
    assert HOSTILE.replace('"', "&quot;") in page  # shown as text
    assert Member.objects.filter(club=club).count() == 3  # nothing written yet

    response = organiser_client.post(url(club, "confirm/"), {"token": token_of(page)})
    assert response.status_code == 302 and response["Location"] == f"/en/clubs/{club.slug}/"
    assert members(club) == {
        ("Carol", "de Vries-Smit", "1001"), ("Ans", "Bakker", "1004"),
        ("Bram", "Jansen", "1005"), ("Désirée", "Heemskerk", "1007"),
        (HOSTILE, "Hacker", None)}
    page = organiser_client.get(response["Location"]).content.decode()
    assert "The member list is imported: 2 new, 2 updated, 1 unchanged." in page


def test_names_match_ignoring_case_and_spacing_and_the_list_wins(
        club: Club, make_member: Callable[..., Member]) -> None:
    ans = make_member("Ans", "van  Bakel")
    plan = member_import.make_plan(club, member_import.read_file(
        b"Voornaam;Achternaam\nANS;Van Bakel\n", "leden.csv"))
    assert [(row.action, row.member_id) for row in plan.rows] == [("update", ans.pk)]
    assert plan.rows[0].changes == (
        member_import.Change("first_name", "Ans", "ANS"),
        member_import.Change("last_name", "van  Bakel", "Van Bakel"))


def test_an_xlsx_list(organiser_client: Client, club: Club) -> None:
    response = upload(organiser_client, club, xlsx_file([
        ["Ledenlijst Fu-Hing"], [],
        ["First name", "Last name", "NMB member number"],
        ["Jan", "van der Berg", 1003],  # a number cell
        ["Kees", "van Dam", None],
    ]))
    page = response.content.decode()
    assert "New members: 2." in page
    organiser_client.post(url(club, "confirm/"), {"token": token_of(page)})
    assert members(club) == {("Jan", "van der Berg", "1003"), ("Kees", "van Dam", None)}


def test_a_windows_csv_with_commas(organiser_client: Client, club: Club) -> None:
    response = upload(organiser_client, club, csv_file(
        "first name,last name\r\nRenée,Brünink\r\n", encoding="cp1252"))
    page = response.content.decode()
    assert "New members: 1." in page
    organiser_client.post(url(club, "confirm/"), {"token": token_of(page)})
    assert members(club) == {("Renée", "Brünink", None)}


def test_every_wrong_row_is_named_and_nothing_is_imported(
        organiser_client: Client, club: Club, other_club: Club, member: Member,
        make_member: Callable[..., Member]) -> None:
    Member.objects.create(club=other_club, first_name="Piet", last_name="Philos",
                          nmb_number="2001")
    make_member("Jan", "Jansen")
    make_member("Jan", "Jansen")
    make_member("Els", "Vos", nmb_number="3001")
    before = members(club)
    response = upload(organiser_client, club, csv_file(
        "First name;Last name;NMB member number;Club\n"
        "Ok;Nieuw;;\n"  # row 2: fine on its own
        ";Zonder;;\n"  # row 3: no first name
        "Piet;Philos;2001;\n"  # row 4: another club's number
        "Kees;Klaver;4001;Philos\n"  # row 5: another club
        "Jan;Jansen;;\n"  # row 6: two members of that name
        "Els;Vos;3002;\n"  # row 7: Els Vos has another number
        "Anna;Eerst;5001;\n"  # row 8
        "Anna;Tweede;5001;\n"  # row 9: the number of row 8 again
        f"{'x' * 81};Lang;;\n"  # row 10: too long
        "Ok;Nieuw;;\n"))  # row 11: row 2 again
    assert response.status_code == 200
    page = response.content.decode()
    assert "8 problems in the list: nothing will be imported" in page
    assert 'name="token"' not in page
    assert errors_of(page) == [
        ["3", "First name", "empty", "A member needs a first name."],
        ["4", "NMB member number", "2001",
         "NMB member number 2001 is already used by a member of another club."],
        ["5", "Club", "Philos",
         "This list is imported into Fu-Hing: the club must be Fu-Hing or empty."],
        ["6", "Last name", "Jan Jansen",
         "2 members are called Jan Jansen: give the NMB member number to say which."],
        ["7", "NMB member number", "3002",
         "Els Vos is a member with NMB member number 3001; correct the number in the list "
         "or in the member&#x27;s details."],
        ["9", "NMB member number", "5001", "The same NMB member number is in row 8."],
        # The value as long as the preview echoes one (test_hostile_workbooks.py).
        ["10", "First name", "x" * 79 + "…", "Longer than 80 characters."],
        ["11", "Last name", "Ok Nieuw",
         "The same name without an NMB member number is in row 2."],
    ]
    assert members(club) == before


def test_the_confirmation_is_all_or_nothing(organiser_client: Client, club: Club,
                                            other_club: Club) -> None:
    page = upload(organiser_client, club, csv_file(
        "First name;Last name;NMB member number\nAnna;Eerst;5001\nBert;Tweede;5002\n"
    )).content.decode()
    # Between preview and confirmation another club's member gets 5002.
    Member.objects.create(club=other_club, first_name="Bert", last_name="Elders",
                          nmb_number="5002")
    response = organiser_client.post(url(club, "confirm/"), {"token": token_of(page)})
    assert response.status_code == 200
    page = response.content.decode()
    assert "1 problem in the list: nothing will be imported" in page
    assert errors_of(page)[0][:3] == ["3", "NMB member number", "5002"]
    assert not club.members.exists()  # Anna was not imported either


def test_a_service_refusal_rolls_back_every_row(club: Club, other_club: Club,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    parsed = member_import.read_file(
        b"First name;Last name;NMB member number\nAnna;Eerst;5001\nBert;Tweede;5002\n",
        "leden.csv")
    plan = member_import.make_plan(club, parsed)
    real_create = member_import.services.create_member

    def create(club_: Club, **fields: Any) -> Member:
        if fields["nmb_number"] == "5002":  # taken at the last moment, past the plan
            Member.objects.create(club=other_club, first_name="X", last_name="Y",
                                  nmb_number="5002")
        return real_create(club_, **fields)

    monkeypatch.setattr(member_import.services, "create_member", create)
    with pytest.raises(member_import.ImportRefused) as refused:
        member_import.apply(club, parsed, expected=plan.digest)
    assert refused.value.plan.errors[0].row == 3
    # In the site's language (Dutch), as a refusal outside a request speaks.
    assert "andere club" in refused.value.plan.errors[0].reason
    assert not club.members.exists()


def test_a_change_since_the_preview_is_shown_first(organiser_client: Client, club: Club,
                                                   make_member: Callable[..., Member]) -> None:
    page = upload(organiser_client, club, csv_file(
        "First name;Last name\nAnna;Eerst\n")).content.decode()
    make_member("Anna", "Eerst")  # added by hand meanwhile
    response = organiser_client.post(url(club, "confirm/"), {"token": token_of(page)})
    page = response.content.decode()
    assert response.status_code == 200
    assert "The members changed since the preview" in page
    assert "New members: 0. Updated: 0. Unchanged: 1." in page
    assert club.members.count() == 1
    response = organiser_client.post(url(club, "confirm/"), {"token": token_of(page)})
    assert response.status_code == 302 and club.members.count() == 1


def test_a_preview_cannot_be_changed_or_used_elsewhere(
        organiser_client: Client, outsider_client: Client, club: Club,
        other_club: Club) -> None:
    page = upload(organiser_client, club, csv_file(
        "First name;Last name\nAnna;Eerst\n")).content.decode()
    token = token_of(page)
    assert organiser_client.post(url(club, "confirm/"), {"token": token[:-2] + "xx"}) \
        .status_code == 400
    assert organiser_client.post(url(club, "confirm/"), {}).status_code == 400
    # The other club's organiser can use it neither here nor for their own club.
    assert outsider_client.post(url(club, "confirm/"), {"token": token}).status_code == 404
    response = outsider_client.post(url(other_club, "confirm/"), {"token": token})
    assert response.status_code == 400
    assert "The preview could not be read" in response.content.decode()
    assert not Member.objects.exists()


def test_an_old_preview_is_refused(organiser_client: Client, club: Club,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    page = upload(organiser_client, club, csv_file(
        "First name;Last name\nAnna;Eerst\n")).content.decode()
    monkeypatch.setattr(member_import, "SIGNED_FOR", -1)
    response = organiser_client.post(url(club, "confirm/"), {"token": token_of(page)})
    assert response.status_code == 400
    assert "more than an hour old" in response.content.decode()
    assert not club.members.exists()


# --- The bond's export read back ---------------------------------------------------------


@pytest.fixture
def exported(club: Club, event: Event, players: list[Registration], seated_round: Round
             ) -> Event:
    """A finished event of the club's members: accents, a formula-like name,
    numbers and no number."""
    names = [("Désirée", "Heemskerk", "1001"), (HOSTILE, "Hacker", "1002"),
             ("Jan", "van der Berg", "1003"), ("Ans", "Bakker", None)]
    for registration, (first, last, number) in zip(players, names, strict=False):
        member = registration.member
        assert member is not None
        member.first_name, member.last_name, member.nmb_number = first, last, number
        member.save()
    play_and_close(seated_round)
    return finish_event(event)


def _forget_event_and_members(club: Club, event: Event) -> None:
    Hand.objects.filter(table__round__event=event).delete()
    TableResult.objects.filter(table__round__event=event).delete()
    Seat.objects.filter(round__event=event).delete()
    event.delete()
    club.members.all().delete()


@pytest.mark.parametrize(("render", "name", "language"), [
    (bond.render_csv, "nmb.csv", "nl"),
    (bond.render_csv, "nmb.csv", "en"),
    (bond.render_xlsx, "nmb.xlsx", "en"),
])
def test_the_bonds_export_imports_back(organiser_client: Client, club: Club, exported: Event,
                                       render: Callable[..., bytes], name: str,
                                       language: str) -> None:
    data = render(exported, language=language)
    before = members(club)
    assert len(before) == 8
    _forget_event_and_members(club, exported)
    page = upload(organiser_client, club,
                  SimpleUploadedFile(name, data)).content.decode()
    assert "New members: 8. Updated: 0. Unchanged: 0." in page
    organiser_client.post(url(club, "confirm/"), {"token": token_of(page)})
    assert members(club) == before
    # The same file again changes nothing.
    page = upload(organiser_client, club, SimpleUploadedFile(name, data)).content.decode()
    assert "New members: 0. Updated: 0. Unchanged: 8." in page


def test_the_bonds_csv_with_commas_imports_back(club: Club, exported: Event) -> None:
    data = bond.render_csv(exported, language="en", dialect="international")
    parsed = member_import.read_file(data, "nmb.csv")
    assert {(row.first_name, row.last_name, row.nmb_number) for row in parsed.rows} == \
        members(club)
    assert parsed.ignored == ["Position", "Table points", "Score", "Rounds played", "Note"]
    assert member_import.make_plan(club, parsed).unchanged == 8
