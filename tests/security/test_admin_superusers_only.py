"""The admin is the site administrators' alone (issue 13, finding 5).

An organiser given admin model permissions listed and edited every club's
members, birth dates included, and could add scorekeepers to any event; a
hand saved in the admin wrote a settlement that did not sum to zero, with no
audit-trail row. Now the admin lets in active superusers only; should it ever
be opened, every model admin shows others only their own clubs' rows; and
what the services write is read-only there, for superusers too. The "Admin"
link shows only for those who can use it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib import admin
from django.contrib.auth.models import Permission, User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from clubs.admin import ClubScopedAdmin, ReadOnlyAdmin, can_use_admin
from clubs.models import Club, Member
from tests.pages.conftest import play_and_close
from tournaments.models import (
    Event,
    Hand,
    HandChange,
    HandScore,
    Registration,
    Round,
    Scorekeeper,
    Table,
    TableResult,
)
from tournaments.services import rounds

pytestmark = pytest.mark.django_db

ADMIN_LINK = 'href="/en/admin/"'


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    with translation.override("en"):
        yield


@pytest.fixture
def mighty_organiser(organiser: User, club: Club) -> User:
    """The club's organiser, staff, holding every model permission there is."""
    organiser.user_permissions.set(Permission.objects.all())
    return User.objects.get(pk=organiser.pk)  # no cached permissions


@pytest.fixture
def mighty_client(mighty_organiser: User) -> Client:
    client = Client()
    client.force_login(mighty_organiser)
    return client


@pytest.fixture
def root(django_user_model: type[User]) -> User:
    return django_user_model.objects.create_superuser("root", "root@example.org", "password")


@pytest.fixture
def root_client(root: User) -> Client:
    client = Client()
    client.force_login(root)
    return client


@pytest.fixture
def stranger(other_club: Club) -> Member:
    return Member.objects.create(club=other_club, first_name="Vera", last_name="Vreemd",
                                 nmb_number="7007", date_of_birth="1961-04-05")


@pytest.fixture
def hand(event: Event, started_round: Round) -> Hand:
    table = started_round.tables.order_by("number").first()
    assert table is not None
    rounds.record_hand(table, values={0: 40, 1: 20, 2: 10, 3: 0}, winner=0, east=0)
    return Hand.objects.get(table=table)


def admin_url(model: type[Any], view: str, *args: Any) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


# --- Who may use it --------------------------------------------------------------------


def test_an_organiser_with_every_permission_gets_no_admin(
        mighty_client: Client, mighty_organiser: User, stranger: Member, event: Event) -> None:
    assert mighty_organiser.is_staff and mighty_organiser.has_perm("clubs.change_member")
    login = reverse("admin:login")
    for url in (reverse("admin:index"), admin_url(Member, "changelist"),
                admin_url(Member, "change", stranger.pk), admin_url(Member, "add"),
                admin_url(Scorekeeper, "add"), admin_url(User, "changelist")):
        response = mighty_client.get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith(login), url
    # Nor can the organiser change anything by posting.
    response = mighty_client.post(admin_url(Member, "change", stranger.pk), {
        "club": stranger.club_id, "first_name": "Changed", "last_name": "Vreemd",
        "joined_on": "2020-01-01"})
    assert response.status_code == 302
    response = mighty_client.post(admin_url(Scorekeeper, "add"), {
        "user": mighty_organiser.pk, "event": event.pk})
    assert response.status_code == 302
    stranger.refresh_from_db()
    assert stranger.first_name == "Vera"
    assert not Scorekeeper.objects.exists()
    # The admin's login page does not let them in either.
    page = mighty_client.get(login).content.decode()
    assert "not authorized to access this page" in page
    assert "1961" not in page and "Vreemd" not in page


def test_only_active_superusers_can_use_it(root: User, organiser: User) -> None:
    assert can_use_admin(root)
    assert not can_use_admin(organiser)
    root.is_active = False
    assert not can_use_admin(root)


def test_the_superuser_gets_in(root_client: Client, stranger: Member) -> None:
    assert root_client.get(reverse("admin:index")).status_code == 200
    page = root_client.get(admin_url(Member, "changelist")).content.decode()
    assert "Vreemd" in page


# --- The link ------------------------------------------------------------------------


def test_the_link_shows_only_for_those_who_can_use_the_admin(
        client: Client, mighty_client: Client, root_client: Client) -> None:
    for page in ("/en/", "/en/rankings/"):
        assert ADMIN_LINK not in client.get(page).content.decode(), page
        assert ADMIN_LINK not in mighty_client.get(page).content.decode(), page
        assert ADMIN_LINK in root_client.get(page).content.decode(), page
    assert "Go to the admin" not in client.get("/en/").content.decode()
    assert "Go to the admin" not in mighty_client.get("/en/").content.decode()
    assert "Go to the admin" in root_client.get("/en/").content.decode()


def test_the_link_is_beheer_in_dutch(root_client: Client, mighty_client: Client) -> None:
    with translation.override("nl"):
        assert 'href="/admin/"' in root_client.get("/").content.decode()
        assert 'href="/admin/"' not in mighty_client.get("/").content.decode()


# --- Read-only: what the services write ---------------------------------------------


def test_a_superuser_cannot_change_a_hand(root_client: Client, hand: Hand) -> None:
    scores = list(HandScore.objects.filter(hand=hand).values_list("pk", "settlement"))
    assert sum(settlement for _, settlement in scores) == 0
    changes = HandChange.objects.count()
    # The form as the finding sent it: a settlement that does not sum to zero.
    data: dict[str, Any] = {
        "table": hand.table_id, "number": hand.number,
        "scores-TOTAL_FORMS": len(scores), "scores-INITIAL_FORMS": len(scores),
        "scores-MIN_NUM_FORMS": 0, "scores-MAX_NUM_FORMS": 1000,
    }
    for index, (pk, _settlement) in enumerate(scores):
        data[f"scores-{index}-id"] = pk
        data[f"scores-{index}-hand"] = hand.pk
        data[f"scores-{index}-settlement"] = (-100, 192, -80, 0)[index]
    assert root_client.post(admin_url(Hand, "change", hand.pk), data).status_code == 403
    assert root_client.post(admin_url(Hand, "add"), data).status_code == 403
    assert root_client.get(admin_url(Hand, "add")).status_code == 403
    assert root_client.post(admin_url(Hand, "delete", hand.pk), {"post": "yes"}).status_code == 403
    assert list(HandScore.objects.filter(hand=hand).values_list("pk", "settlement")) == scores
    assert HandChange.objects.count() == changes
    assert Hand.objects.filter(pk=hand.pk).exists()
    # It is still there to be read.
    page = root_client.get(admin_url(Hand, "change", hand.pk))
    assert page.status_code == 200
    assert 'name="_save"' not in page.content.decode()


READ_ONLY = [Event, Registration, Round, Table, Hand, TableResult, Scorekeeper, HandChange]


def test_nothing_the_services_write_can_be_changed(root_client: Client, event: Event,
                                                   seated_round: Round, root: User) -> None:
    play_and_close(seated_round)
    rounds.add_round(event)
    from tournaments.services.scorekeepers import add_scorekeeper

    add_scorekeeper(event, root)
    for model in READ_ONLY:
        obj = model.objects.first()
        assert obj is not None, model
        assert root_client.get(admin_url(model, "add")).status_code == 403, model
        assert root_client.post(admin_url(model, "add"), {}).status_code == 403, model
        assert root_client.post(admin_url(model, "change", obj.pk), {}).status_code == 403, model
        assert root_client.post(admin_url(model, "delete", obj.pk),
                                {"post": "yes"}).status_code == 403, model
        assert root_client.get(admin_url(model, "change", obj.pk)).status_code == 200, model
    assert event.rounds.count() == 2


def test_every_model_the_services_write_is_read_only() -> None:
    for model in READ_ONLY:
        assert isinstance(admin.site._registry[model], ReadOnlyAdmin), model
    for model in READ_ONLY:
        for inline in admin.site._registry[model].inlines:
            assert issubclass(inline, ReadOnlyAdmin), inline


def test_clubs_and_members_stay_editable_for_a_superuser(root_client: Client,
                                                         stranger: Member) -> None:
    url = admin_url(Member, "change", stranger.pk)
    response = root_client.post(url, {
        "club": stranger.club_id, "first_name": "Veronica", "last_name": "Vreemd",
        "nmb_number": "7007", "nationality": "NED", "joined_on": "2020-01-01"})
    assert response.status_code == 302
    stranger.refresh_from_db()
    assert stranger.first_name == "Veronica"


# --- Should the site ever be opened: scoped by club -----------------------------------


def test_every_model_admin_is_scoped_by_club() -> None:
    """Also those of other apps (users, groups, login attempts): a new admin
    that is not scoped fails here."""
    unscoped = [model._meta.label for model, model_admin in admin.site._registry.items()
                if not isinstance(model_admin, ClubScopedAdmin)]
    assert unscoped == []
    for model_admin in admin.site._registry.values():
        for inline in model_admin.inlines:
            assert issubclass(inline, ClubScopedAdmin), inline


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> None:
    """The site opened to staff, as Django's default site would be."""
    monkeypatch.setattr(admin.site, "has_permission",
                        lambda request: request.user.is_active and request.user.is_staff)


def test_opened_an_organiser_sees_only_their_clubs(
        opened: None, mighty_client: Client, club: Club, stranger: Member,
        make_member: Any, event: Event, other_club: Club) -> None:
    own = make_member(first_name="Eigen", last_name="Lid", date_of_birth="1970-02-03")
    page = mighty_client.get(admin_url(Member, "changelist")).content.decode()
    assert "Eigen" in page
    assert "Vreemd" not in page and "1961" not in page
    # Another club's member is as if it did not exist.
    response = mighty_client.get(admin_url(Member, "change", stranger.pk))
    assert response.status_code == 302 and "Vreemd" not in response.content.decode()
    assert mighty_client.get(admin_url(Member, "change", own.pk)).status_code == 200
    # No member can be put into another club.
    response = mighty_client.post(admin_url(Member, "add"), {
        "club": other_club.pk, "first_name": "Nieuw", "last_name": "Lid",
        "joined_on": "2020-01-01"})
    assert response.status_code == 200  # the form again, with its error
    assert not Member.objects.filter(first_name="Nieuw").exists()
    # Users, groups and login attempts: nothing.
    assert mighty_client.get(admin_url(User, "changelist")).status_code == 403
    # Events of other clubs are not listed; their own are, read-only.
    other_event = Event.objects.create(club=other_club, title="Andermans toernooi",
                                       start_date=event.start_date)
    page = mighty_client.get(admin_url(Event, "changelist")).content.decode()
    assert event.title in page and other_event.title not in page
    assert mighty_client.get(admin_url(Event, "change", other_event.pk)).status_code == 302
    assert mighty_client.post(admin_url(Scorekeeper, "add"), {
        "user": 1, "event": other_event.pk}).status_code == 403


@pytest.mark.parametrize("value", [str(2**63), "99999999999999999999", "²", "-1", "x" * 300])
def test_an_id_no_row_can_have_is_refused_not_a_500(django_user_model: type[User],
                                                    value: str) -> None:
    """Found by the hostile walk (tests/security/test_hostile_walk.py): the
    add page's ?user= and a sent-back form looked the value up (SQLite:
    OverflowError). Now it is no choice, and the form says so."""
    client = Client(raise_request_exception=True)
    client.force_login(django_user_model.objects.create_superuser("root2", password="p"))
    url = reverse("admin:clubs_member_add")
    for field in ("club", "user"):
        assert client.get(url, {field: value}).status_code == 200
        response = client.post(url, {field: value, "first_name": "A", "last_name": "B",
                                     "joined_on": "2020-01-01"})
        assert response.status_code == 200
        assert field in response.context["adminform"].form.errors
    assert not Member.objects.filter(last_name="B").exists()
