"""The scorekeepers of an event on the organiser's event page: listed, added
by user name or picked from the club's members with a login (for every
table or one table number) and removed; nobody but the club's organisers may
change them. Never found by e-mail address (tests/security/
test_scorekeeper_form.py)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from clubs.models import Club, Member
from tournaments.models import Event, Round, Scorekeeper
from tournaments.services.scorekeepers import add_scorekeeper

pytestmark = pytest.mark.django_db


@pytest.fixture
def vera(django_user_model: type[User]) -> User:
    return django_user_model.objects.create_user(
        "vera", email="Vera@Example.org", password="password", first_name="Vera",
        last_name="Visser")


def add_url(event: Event) -> str:
    return f"/en/events/{event.pk}/scorekeepers/add/"


def remove_url(event: Event) -> str:
    return f"/en/events/{event.pk}/scorekeepers/remove/"


def keepers(event: Event) -> set[tuple[str, int | None]]:
    return {(keeper.user.username, keeper.table_number)
            for keeper in Scorekeeper.objects.filter(event=event).select_related("user")}


def client_for(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_event_page_lists_the_scorekeepers(organiser_client: Client, event: Event,
                                               vera: User, member: object) -> None:
    page = organiser_client.get(f"/en/events/{event.pk}/").content.decode()
    assert "No scorekeepers yet." in page
    add_scorekeeper(event, vera)
    carol = User.objects.get(username="carol")
    add_scorekeeper(event, carol, table_number=3)
    page = organiser_client.get(f"/en/events/{event.pk}/").content.decode()
    listing = page[page.index('id="scorekeepers"'):page.index('id="scorekeeper-form"')]
    assert "Vera Visser" in listing and "(vera)" in listing and "all tables" in listing
    assert "carol" in listing and "table 3" in listing
    # Every table first, then by table number.
    assert listing.index("vera") < listing.index("carol")
    assert listing.count("Remove") == 2


def test_it_adds_a_scorekeeper_by_username(organiser_client: Client, event: Event,
                                           vera: User) -> None:
    response = organiser_client.post(add_url(event), {"user": "vera", "table_number": ""})
    assert response.status_code == 302
    assert keepers(event) == {("vera", None)}
    page = organiser_client.get(response["Location"]).content.decode()
    assert "Vera Visser (vera) keeps the score at all tables." in page


def test_it_adds_a_member_of_the_club_picked_from_the_list_for_one_table(
        organiser_client: Client, event: Event, member: Member) -> None:
    page = organiser_client.get(f"/en/events/{event.pk}/").content.decode()
    form = page[page.index('id="scorekeeper-form"'):]
    assert f'<option value="{member.pk}">Carol de Vries (carol)</option>' in form
    response = organiser_client.post(add_url(event),
                                     {"user": "", "member": member.pk, "table_number": "2"})
    assert response.status_code == 302
    assert keepers(event) == {("carol", 2)}
    # Again, by user name: still one row.
    organiser_client.post(add_url(event), {"user": "carol", "table_number": "2"})
    assert keepers(event) == {("carol", 2)}


def test_the_list_has_only_members_of_the_club_with_a_login(
        organiser_client: Client, event: Event, member: Member,
        make_member: Callable[..., Member], other_club: Club,
        django_user_model: type[User]) -> None:
    make_member(first_name="Zonder", last_name="Login")
    elsewhere = make_member(first_name="Ander", last_name="Lid", club=other_club,
                            user=django_user_model.objects.create_user("ander"))
    form = organiser_client.get(f"/en/events/{event.pk}/").context["scorekeeper_form"]
    assert list(form.fields["member"].queryset) == [member]
    response = organiser_client.post(add_url(event), {"member": elsewhere.pk})
    assert response.status_code == 400
    assert "Member: pick a member of the club who has a login." in response.content.decode()
    assert not Scorekeeper.objects.exists()


def test_an_unknown_user_name_is_a_form_error_naming_the_field(organiser_client: Client,
                                                               event: Event) -> None:
    response = organiser_client.post(add_url(event), {"user": "nobody"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "Please correct the marked fields" in page
    assert ("User: nobody has the user name nobody. Give the name they log in with (not an "
            "e-mail address), or pick a member.") in page
    assert response.context["scorekeeper_form"].errors["user"]
    assert 'value="nobody"' in page  # the input is kept
    assert not Scorekeeper.objects.exists()


def test_a_name_and_a_member_at_once_are_refused(organiser_client: Client, event: Event,
                                                 vera: User, member: Member) -> None:
    response = organiser_client.post(add_url(event), {"user": "vera", "member": member.pk})
    assert response.status_code == 400
    assert response.context["scorekeeper_form"].errors["user"] == [
        "User: give a user name or pick a member, not both."]
    assert not Scorekeeper.objects.exists()


@pytest.mark.parametrize(("data", "field", "message"), [
    ({"user": ""}, "user", "User: give a user name or pick a member of the club."),
    ({"user": "vera", "table_number": "0"}, "table_number",
     "Ensure this value is greater than or equal to 1."),
    ({"user": "vera", "table_number": "one"}, "table_number", "Enter a whole number."),
])
def test_bad_input_is_a_form_error(organiser_client: Client, event: Event, vera: User,
                                   data: dict[str, str], field: str, message: str) -> None:
    response = organiser_client.post(add_url(event), data)
    assert response.status_code == 400
    assert response.context["scorekeeper_form"].errors[field] == [message]
    assert not Scorekeeper.objects.exists()


def test_it_removes_a_scorekeeper(organiser_client: Client, event: Event, vera: User) -> None:
    everywhere = add_scorekeeper(event, vera)
    add_scorekeeper(event, vera, table_number=2)
    response = organiser_client.post(remove_url(event), {"scorekeeper": everywhere.pk})
    assert response.status_code == 302
    assert keepers(event) == {("vera", 2)}
    page = organiser_client.get(response["Location"]).content.decode()
    assert "Vera Visser (vera) no longer keeps the score at all tables." in page


def test_removing_a_scorekeeper_of_another_event_is_refused(
        organiser_client: Client, event: Event, club: object, vera: User) -> None:
    other = Event.objects.create(club=event.club, title="Ander", start_date=event.start_date)
    theirs = add_scorekeeper(other, vera)
    response = organiser_client.post(remove_url(event), {"scorekeeper": theirs.pk})
    assert response.status_code == 400
    assert "this scorekeeper is no longer listed for the event" in response.content.decode()
    assert keepers(other) == {("vera", None)}


def test_nobody_else_adds_or_removes_scorekeepers(
        event: Event, vera: User, member: object, outsider_client: Client) -> None:
    keeper = add_scorekeeper(event, vera)
    carol = User.objects.get(username="carol")
    for client in (client_for(vera), client_for(carol), outsider_client, Client()):
        add = client.post(add_url(event), {"user": "carol"})
        remove = client.post(remove_url(event), {"scorekeeper": keeper.pk})
        if client.session.get("_auth_user_id"):
            assert (add.status_code, remove.status_code) == (404, 404)
        else:
            assert (add.status_code, remove.status_code) == (302, 302)
            assert "/accounts/login/" in add["Location"]
        assert keepers(event) == {("vera", None)}


def test_an_added_scorekeeper_opens_the_score_entry_page(
        organiser_client: Client, event: Event, vera: User, started_round: Round) -> None:
    table = started_round.tables.get(number=2)
    url = f"/en/tables/{table.pk}/score/"
    assert client_for(vera).get(url).status_code == 404
    organiser_client.post(add_url(event), {"user": "vera", "table_number": "2"})
    assert client_for(vera).get(url).status_code == 200
    other_table = started_round.tables.get(number=1)
    # Another table of the event: told so and sent to hers, not a dead end.
    assert client_for(vera).get(f"/en/tables/{other_table.pk}/score/").status_code == 403
    keeper = Scorekeeper.objects.get(user=vera)
    organiser_client.post(remove_url(event), {"scorekeeper": keeper.pk})
    assert client_for(vera).get(url).status_code == 404


def test_the_event_and_round_pages_link_every_table_to_its_score_entry(
        organiser_client: Client, event: Event, started_round: Round) -> None:
    event_page = organiser_client.get(f"/en/events/{event.pk}/").content.decode()
    round_page = organiser_client.get(f"/en/rounds/{started_round.pk}/").content.decode()
    for table in started_round.tables.all():
        link = f'href="/en/tables/{table.pk}/score/"'
        assert link in event_page and link in round_page


def test_no_score_entry_links_before_the_round_starts(
        organiser_client: Client, event: Event, seated_round: Round) -> None:
    page = organiser_client.get(f"/en/events/{event.pk}/").content.decode()
    assert "/score/" not in page
