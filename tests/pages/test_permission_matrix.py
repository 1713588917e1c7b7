"""Every URL of the project x every role: the expected status of each, and
for writes, that a refused one changes nothing.

The URL list comes from the URLconf (`get_resolver()`), so a new URL without
a row here fails `test_every_url_is_in_the_matrix`. Django's admin is left
out: it has its own permission system (staff flag, model permissions).

Roles, in the order of the columns of MATRIX:
  admin      site administrator (superuser)
  org        organiser of the event's club
  other_org  organiser of another club
  sk         scorekeeper of this event (every table)
  sk_other   scorekeeper of another event of the same club
  member     member of the club (with a login, not registered for the event)
  anon       not logged in
Statuses: 200 shown, 302 redirect (for anon: to the login page), 400 refused
input (allowed, but the empty form is invalid), 403, 404 (not found: also
what an outsider gets, so nothing tells them the object exists).
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.test import Client, override_settings
from django.urls import NoReverseMatch, URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from clubs.models import Club, HolidayPeriod, Member
from exports.models import ExportJob, JobStatus
from tests.conftest import QUICK_HASHERS, create_organiser
from tests.pages.conftest import (
    create_club,
    create_event,
    create_member,
    create_other_club,
    member_maker,
    register_players,
)
from tests.support.db import built_once_per_module, fresh_copy
from tournaments.models import (
    Event,
    EventStatus,
    Penalty,
    Registration,
    Round,
    Scorekeeper,
    Table,
)
from tournaments.services import rounds

pytestmark = pytest.mark.django_db

ROLES = ("admin", "org", "other_org", "sk", "sk_other", "member", "anon")

# What the organiser pages answer: the club's organisers (and the site
# administrator) in, everyone else 404, anonymous to the login page.
ORGANISER = "200 200 404 404 404 404 302"
ORGANISER_POST = "400 400 404 404 404 404 302"  # an empty form: refused input
ORGANISER_ACT = "302 302 404 404 404 404 302"  # done, back to the page
LOGGED_IN = "200 200 200 200 200 200 302"
PUBLIC = "200 200 200 200 200 200 200"
DRAFT = "200 200 404 404 404 404 404"
SCOREKEEPER = "200 200 404 200 404 404 403"
SCOREKEEPER_POST = "400 400 404 400 404 404 403"
SCOREKEEPER_PAGE = "200 200 404 200 404 404 302"


@dataclass(frozen=True)
class Row:
    name: str
    method: str
    expected: str
    # Overrides of the URL's arguments (see `world`), e.g. a draft event.
    variant: str = ""


MATRIX: list[Row] = [
    Row("set_language", "POST", "302 302 302 302 302 302 302"),
    Row("home", "GET", PUBLIC),
    Row("login", "GET", PUBLIC),
    Row("logout", "POST", "302 302 302 302 302 302 302"),
    Row("scoring:check", "GET", LOGGED_IN),
    Row("scoring:check", "POST", LOGGED_IN),
    Row("clubs:list", "GET", LOGGED_IN),
    Row("clubs:detail", "GET", ORGANISER),
    Row("clubs:member_add", "GET", ORGANISER),
    Row("clubs:member_add", "POST", "200 200 404 404 404 404 302"),
    Row("clubs:member_edit", "GET", ORGANISER),
    Row("clubs:member_edit", "POST", "200 200 404 404 404 404 302"),
    # A member's login: an empty name unlinks it (players[0] has none): done.
    Row("clubs:member_login", "POST", ORGANISER_ACT),
    Row("clubs:member_import", "GET", ORGANISER),
    # Without a file: the upload form again, with its error.
    Row("clubs:member_import", "POST", "200 200 404 404 404 404 302"),
    # Without a signed preview: refused input (tests/pages/test_member_import.py
    # posts real previews, also from outsiders).
    Row("clubs:member_import_confirm", "POST", ORGANISER_POST),
    # The EMA's player list (clubs/ema_players.py): without a file the upload
    # form again with its error; without a signed preview refused input
    # (tests/pages/test_ema_players.py posts real previews).
    Row("clubs:ema_players", "GET", ORGANISER),
    Row("clubs:ema_players", "POST", "200 200 404 404 404 404 302"),
    Row("clubs:ema_players_confirm", "POST", ORGANISER_POST),
    # The club's details, season rules and holidays (clubs/details_views.py):
    # empty forms are refused input; removing a holiday is done (twice: no error).
    Row("clubs:details", "GET", ORGANISER),
    Row("clubs:details_save", "POST", ORGANISER_POST),
    Row("clubs:season_options", "POST", ORGANISER_POST),
    Row("clubs:holiday_add", "POST", ORGANISER_POST),
    Row("clubs:holiday_remove", "POST", ORGANISER_ACT),
    # Organisers: without a user or an organiser chosen, refused input.
    Row("clubs:organiser_add", "POST", ORGANISER_POST),
    Row("clubs:organiser_remove", "POST", ORGANISER_POST),
    # The club competition's public pages (tournaments/views/season.py).
    Row("tournaments:season", "GET", PUBLIC),
    Row("tournaments:season_year", "GET", PUBLIC),
    Row("tournaments:all_time", "GET", PUBLIC),
    Row("tournaments:list", "GET", ORGANISER),
    Row("tournaments:create", "GET", ORGANISER),
    Row("tournaments:create", "POST", "200 200 404 404 404 404 302"),
    # The club's event defaults: an empty form is shown again with its errors.
    Row("tournaments:event_defaults", "GET", ORGANISER),
    Row("tournaments:event_defaults", "POST", "200 200 404 404 404 404 302"),
    Row("tournaments:my_events", "GET", LOGGED_IN),
    # The event page: the organisers' page for them, the public one of a
    # published event for everyone else (issue 15); a draft is its
    # organisers' alone, not found for anyone else, as for the standings.
    Row("tournaments:detail", "GET", PUBLIC),
    Row("tournaments:detail", "GET", DRAFT, variant="draft"),
    # The public lists of events (drafts never listed) and of clubs.
    Row("tournaments:public_list", "GET", PUBLIC),
    Row("tournaments:club_directory", "GET", PUBLIC),
    Row("tournaments:edit", "GET", ORGANISER),
    Row("tournaments:edit", "POST", "200 200 404 404 404 404 302"),
    Row("tournaments:standings", "GET", PUBLIC),
    Row("tournaments:standings", "GET", DRAFT, variant="draft"),
    Row("tournaments:standings_live", "GET", PUBLIC),
    Row("tournaments:standings_live", "GET", DRAFT, variant="draft"),
    Row("tournaments:round_results", "GET", PUBLIC),
    Row("tournaments:player", "GET", PUBLIC),
    Row("tournaments:player", "GET", DRAFT, variant="draft"),
    # Only a member of the club registers themselves (here refused by the
    # service: the event is under way); the others have no member record.
    Row("tournaments:self_register", "POST", "404 404 404 404 404 400 302"),
    Row("tournaments:self_register", "POST", "404 404 404 404 404 404 302", variant="draft"),
    Row("tournaments:self_withdraw", "POST", "404 404 404 404 404 404 302"),
    Row("tournaments:register_member", "POST", ORGANISER_POST),
    Row("tournaments:register_guest", "POST", ORGANISER_POST),
    # Withdrawing a player seated in a started round is refused input.
    Row("tournaments:registration_action", "POST", ORGANISER_POST),
    # The door (tournaments/views/door.py): organisers of the club only.
    # Checking everyone in is done (twice: nobody left, no error); an empty
    # self check-in switch is refused input.
    Row("tournaments:door", "GET", ORGANISER),
    Row("tournaments:door_player", "GET", ORGANISER),
    Row("tournaments:door_register", "GET", ORGANISER),
    Row("tournaments:door_qr", "GET", ORGANISER),
    Row("tournaments:door_check_in_all", "POST", ORGANISER_ACT),
    Row("tournaments:door_self_check_in", "POST", ORGANISER_POST),
    # A member's own check-in: only a member has one (carol, not registered
    # for the event: her POST is refused input); a draft is no one's.
    # A login without a member (an organiser) is told to check in at the door.
    Row("tournaments:self_check_in", "GET", "200 200 200 200 200 200 302"),
    Row("tournaments:self_check_in", "POST", "400 400 400 400 400 400 302"),
    Row("tournaments:self_check_in", "GET", "404 404 404 404 404 404 302", variant="draft"),
    Row("tournaments:round_add", "POST", ORGANISER_ACT),
    # Adding carol (the member) as scorekeeper of table 2: done by the
    # organisers (twice: still one row); carol herself and the scorekeepers
    # are refused and change nothing.
    Row("tournaments:scorekeeper_add", "POST", ORGANISER_ACT),
    # Without a scorekeeper chosen: refused input.
    Row("tournaments:scorekeeper_remove", "POST", ORGANISER_POST),
    # Penalties (issue 17): the organisers (and the event's referees:
    # tests/pages/test_penalties.py); an empty form is refused input; a
    # penalty removed after the confirmation page; carol added as referee.
    Row("tournaments:penalties", "GET", ORGANISER),
    Row("tournaments:penalties", "POST", ORGANISER_POST),
    Row("tournaments:penalty_correct", "GET", ORGANISER),
    Row("tournaments:penalty_correct", "POST", ORGANISER_POST),
    Row("tournaments:penalty_remove", "GET", ORGANISER),
    # Removed by the first to ask (admin); gone for the organiser after.
    Row("tournaments:penalty_remove", "POST", "302 404 404 404 404 404 302"),
    Row("tournaments:referee_add", "POST", ORGANISER_ACT),
    Row("tournaments:referee_remove", "POST", ORGANISER_POST),
    Row("tournaments:round", "GET", ORGANISER),
    Row("tournaments:table", "GET", ORGANISER),
    Row("tournaments:table_cards", "GET", ORGANISER),
    # The table-results page (MCR, Riichi): the organiser every table, a
    # scorekeeper theirs; this NTS event's page explains that hands are
    # entered per hand, and refuses a POST as input.
    Row("tournaments:table_results", "GET", SCOREKEEPER_PAGE),
    Row("tournaments:table_results", "POST", "400 400 404 400 404 404 302"),
    Row("tournaments:table", "POST", ORGANISER_POST),
    Row("tournaments:round_action", "POST", ORGANISER_POST),  # a swap without players
    Row("tournaments:api_table", "GET", SCOREKEEPER),
    Row("tournaments:api_hands", "POST", SCOREKEEPER_POST),
    Row("tournaments:score_entry", "GET", SCOREKEEPER_PAGE),
    Row("tournaments:score_entry_sw", "GET", PUBLIC),
    Row("tournaments:api_preview", "POST", SCOREKEEPER_POST),
    # Exports: asking (an organiser's export, and a public one), and the job's
    # pages, which only whoever asked for the job may open.
    Row("exports:ask", "POST", "302 302 404 404 404 404 404"),
    Row("exports:ask", "POST", "302 302 302 302 302 302 302", variant="public"),
    Row("exports:ask", "POST", "302 302 404 404 404 404 404", variant="draft"),
    # The EMA's check page: organisers only; this NTS event is refused with
    # the reason (the EMA ranks MCR and Riichi only: tests/exports/test_ema.py).
    Row("exports:ema_check", "GET", "400 400 404 404 404 404 302"),
    Row("exports:job", "GET", "404 200 404 404 404 404 404"),
    Row("exports:progress", "GET", "404 200 404 404 404 404 404"),
    Row("exports:download", "GET", "404 200 404 404 404 404 404"),
    Row("exports:retry", "POST", "404 302 404 404 404 404 404"),
    # Hand 1 of table 1 (the round is being played): a valid correction and
    # seat correction (JSON_DATA) are made by every scorekeeper of the table;
    # a deletion without a JSON body is refused input; anyone who keeps the
    # score confirms (the hand was entered by nobody in particular).
    Row("tournaments:api_hand_correct", "POST", SCOREKEEPER),
    Row("tournaments:api_hand_delete", "POST", SCOREKEEPER_POST),
    Row("tournaments:api_hand_confirm", "POST", SCOREKEEPER),
    Row("tournaments:api_seats", "POST", SCOREKEEPER),
    Row("tournaments:api_history", "GET", SCOREKEEPER),
    # Statistics (stats/): public like the standings. A member without results
    # in a published event (carol, NMB 1001) has no public page: 404 for all,
    # so member numbers cannot be tried to list members (tests/stats check 200).
    Row("stats:player", "GET", "404 404 404 404 404 404 404"),
    Row("stats:club", "GET", PUBLIC),
    Row("stats:event", "GET", PUBLIC),
    Row("stats:event", "GET", DRAFT, variant="draft"),
    # National rankings (rankings/): public. Nothing is computed in this world,
    # so a player's page is not found for anyone (tests/rankings check 200).
    Row("rankings:index", "GET", PUBLIC),
    Row("rankings:ruleset", "GET", PUBLIC),
    Row("rankings:player", "GET", "404 404 404 404 404 404 404"),
]


def url_names() -> set[str]:
    """Every named URL outside the admin, from the URLconf itself."""
    names: set[str] = set()

    def walk(patterns: list[Any], namespace: str) -> None:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                if pattern.namespace == "admin":
                    continue
                walk(pattern.url_patterns, pattern.namespace or namespace)
            elif isinstance(pattern, URLPattern):
                assert pattern.name, f"unnamed URL {pattern.pattern}: name it and add it here"
                names.add(f"{namespace}:{pattern.name}" if namespace else pattern.name)

    walk(get_resolver().url_patterns, "")
    return names


def test_every_url_is_in_the_matrix() -> None:
    assert url_names() == {row.name for row in MATRIX}


@dataclass
class World:
    event: Event
    draft: Event
    round: Round
    registration: Registration
    users: dict[str, User | None]
    kwargs: dict[str, dict[str, Any]]


def build_world() -> World:
    """The club of tests/pages/conftest.py with a round being played, another
    club, event and scorekeeper, a draft, an export and a holiday: built once
    for the module (every test's changes are undone after it), with the
    tests' quick password hasher."""
    with override_settings(PASSWORD_HASHERS=QUICK_HASHERS):
        organiser = create_organiser()
        club = create_club(organiser)
        other_club = create_other_club()
        event = create_event(club)
        players = register_players(event, member_maker(club))
        member = create_member(club)
        return _world(club, other_club, event, players, member, organiser)


_built_world = built_once_per_module(build_world)


@pytest.fixture
def world(_built_world: World) -> World:
    return fresh_copy(_built_world)


def _world(club: Club, other_club: Club, event: Event, players: list[Registration],
           member: Member, organiser: User) -> World:
    round_ = rounds.start_round(rounds.seat_round(rounds.add_round(event), seed=1))
    table = round_.tables.order_by("number").first()
    assert table is not None
    rounds.record_hand(table, values={0: 40, 1: 20, 2: 10, 3: 0}, winner=0, east=0)
    other_event = Event.objects.create(club=club, title="Ander toernooi",
                                       start_date=datetime.date(2031, 2, 1))
    draft = Event.objects.create(club=club, title="Concept", status=EventStatus.DRAFT,
                                 start_date=datetime.date(2031, 3, 1))
    draft_player = Registration.objects.create(event=draft, guest_name="Gast")
    scorekeeper = User.objects.create_user("sk")
    Scorekeeper.objects.create(user=scorekeeper, event=event)
    other_scorekeeper = User.objects.create_user("sk_other")
    Scorekeeper.objects.create(user=other_scorekeeper, event=other_event)
    users: dict[str, User | None] = {
        "admin": User.objects.create_superuser("root", password="password"),
        "org": organiser,
        "other_org": other_club.organisers.get(),
        "sk": scorekeeper,
        "sk_other": other_scorekeeper,
        "member": member.user,
        "anon": None,
    }
    assert players[0].member is not None
    job = ExportJob.objects.create(
        kind="standings_pdf", event=event, requested_by=organiser, status=JobStatus.DONE,
        content=b"%PDF-", size=5, filename="standings.pdf", content_type="application/pdf",
        expires_at=timezone.now() + datetime.timedelta(hours=1))
    penalty = Penalty.objects.create(event=event, round=round_, registration=players[0],
                                     points=10, recorded_by=organiser)
    holiday = HolidayPeriod.objects.create(club=club, name="Zomervakantie",
                                           start=datetime.date(2031, 7, 1),
                                           end=datetime.date(2031, 8, 31))
    base = {
        "slug": club.slug, "member_id": players[0].member.pk, "year": 2031,
        "event_id": event.pk, "registration_id": players[0].pk, "round_id": round_.pk,
        "table_id": table.pk, "number": 1, "kind": "hand_log_xlsx", "token": job.token,
        "object_id": event.pk, "holiday_id": holiday.pk, "penalty_id": penalty.pk,
    }
    return World(event=event, draft=draft, round=round_, registration=players[0],
                 users=users, kwargs={
                     "": base,
                     "draft": {**base, "event_id": draft.pk,
                               "registration_id": draft_player.pk, "kind": "standings_pdf",
                               "object_id": draft.pk},
                     "public": {**base, "kind": "standings_pdf"},
                 })


# Per URL: the arguments it takes (of `world.kwargs`) and fixed ones.
FIXED: dict[str, dict[str, Any]] = {
    "tournaments:registration_action": {"action": "withdraw"},
    "tournaments:round_action": {"action": "swap"},
}
FIXED["stats:player"] = {"key": "nmb-1001"}  # carol
FIXED["rankings:ruleset"] = {"ruleset": "nts"}
FIXED["rankings:player"] = {"ruleset": "nts", "key": "nmb-1001"}  # carol
POST_DATA: dict[str, Callable[[World, str], dict[str, Any]]] = {
    "set_language": lambda world, variant: {"language": "en", "next": "/"},
    "tournaments:round_add": lambda world, variant: {"seating_method": "random"},
    "tournaments:scorekeeper_add": lambda world, variant: {"user": "carol", "table_number": "2"},
    "tournaments:referee_add": lambda world, variant: {"user": "carol"},
    "exports:ask": lambda world, variant: {"object_id": world.kwargs[variant]["object_id"]},
}




def _table_version(world: World) -> int:
    return Table.objects.get(pk=world.kwargs[""]["table_id"]).version


# JSON bodies, made when each role posts (the version the page would have seen).
JSON_DATA: dict[str, Callable[[World], dict[str, Any]]] = {
    "tournaments:api_hand_correct": lambda world: {
        "values": {"0": 48, "1": 20, "2": 10, "3": 0}, "winner": 0,
        "expected_version": _table_version(world)},
    "tournaments:api_seats": lambda world: {
        "positions": {"0": 1, "1": 0}, "expected_version": _table_version(world)},
}


def url_for(row: Row, world: World) -> str:
    available = world.kwargs[row.variant]
    kwargs = {name: available[name] for name in _arguments(row.name) if name in available}
    kwargs.update(FIXED.get(row.name, {}))
    try:
        return reverse(row.name, kwargs=kwargs or None)
    except NoReverseMatch:  # pragma: no cover - a URL argument missing in `world`
        raise AssertionError(f"add the arguments of {row.name} to the world fixture") from None


def _arguments(name: str) -> list[str]:
    namespace, _, view = name.rpartition(":")
    resolver = get_resolver()
    if namespace:
        resolver = resolver.namespace_dict[namespace][1]
    possibilities = resolver.reverse_dict.getlist(view)
    assert possibilities, name
    (_candidates, _pattern, _defaults, converters) = possibilities[0]
    return list(converters)


def snapshot() -> dict[str, list[dict[str, Any]]]:
    """Every row of the project's own models (and the users)."""
    models = [*apps.get_app_config("clubs").get_models(),
              *apps.get_app_config("tournaments").get_models(),
              *apps.get_app_config("exports").get_models(), User]
    # A user's last login is written by logging in, the next role's client
    # included: not something a request changed.
    return {model.__name__: list(model.objects.order_by("pk").values(
        *[field.attname for field in model._meta.concrete_fields
          if field.attname != "last_login"])) for model in models}


# POSTs that are no write to the club's data: anyone may send them.
OPEN_POSTS = {"set_language", "logout"}
# Writes an anonymous visitor may make: asking for a public export (the job
# is theirs, by their session), answered with the job's page, not the login.
ANONYMOUS_WRITES = {("exports:ask", "public")}


def refused(row: Row, role: str, status: int) -> bool:
    if row.method != "POST" or row.name in OPEN_POSTS:
        return False
    anonymous_refused = (role == "anon" and status == 302
                         and (row.name, row.variant) not in ANONYMOUS_WRITES)
    return status in (403, 404) or anonymous_refused


@pytest.mark.parametrize("row", MATRIX, ids=lambda row: f"{row.method} {row.name}"
                         + (f" [{row.variant}]" if row.variant else ""))
def test_the_matrix(row: Row, world: World) -> None:
    url = url_for(row, world)
    expected = dict(zip(ROLES, (int(status) for status in row.expected.split()), strict=True))
    wrong = []
    # The data as the last refused request left it: the next refused one
    # starts from the same rows, so one snapshot serves as its "before" too
    # (the snapshots are most of this test's time). An allowed request may
    # write, so after one the next refused request takes a new snapshot.
    known: dict[str, list[dict[str, Any]]] | None = None
    for role in ROLES:
        client = Client()
        user = world.users[role]
        if user is not None:
            client.force_login(user)
        is_refused = refused(row, role, expected[role])
        before = (known if known is not None else snapshot()) if is_refused else None
        if row.method == "GET":
            response = client.get(url)
        elif row.name in JSON_DATA:
            response = client.post(url, json.dumps(JSON_DATA[row.name](world)),
                                   content_type="application/json")
        else:
            data = POST_DATA.get(row.name, lambda world, variant: {})(world, row.variant)
            response = client.post(url, data)
        if response.status_code != expected[role]:
            wrong.append(f"{role}: {response.status_code}, expected {expected[role]}")
        elif (role == "anon" and expected[role] == 302 and row.name not in OPEN_POSTS
              and (row.name, row.variant) not in ANONYMOUS_WRITES):
            assert "/accounts/login/" in response["Location"], response["Location"]
        if before is not None:
            known = snapshot()
            assert known == before, f"{role} changed something with a refused {url}"
        else:
            known = None
    assert not wrong, f"{row.method} {url}: " + "; ".join(wrong)


# --- Password reset by e-mail (docs/security.md) -----------------------------
# Public, also for who is logged in: the form (an empty one is shown again
# with its error, nothing sent), the "check your e-mail" page, a link with a
# wrong token (the "not valid" page) and the final page. Appended to MATRIX in
# place, so the parametrisation above sees these rows too.

MATRIX.extend([
    Row("password_reset", "GET", PUBLIC),
    Row("password_reset", "POST", PUBLIC),
    Row("password_reset_done", "GET", PUBLIC),
    Row("password_reset_confirm", "GET", PUBLIC),
    Row("password_reset_complete", "GET", PUBLIC),
])
FIXED["password_reset_confirm"] = {"uidb64": "MQ", "token": "not-a-token"}
OPEN_POSTS.add("password_reset")


# --- Every export kind, asked for by every role --------------------------------
# exports:ask is one URL for every kind of export; its rows above try two
# kinds. Here every kind of the registry: who may have it asks (302 to the
# job's page; 400 for the bond's exports, which wait for the finished
# event), everyone else gets 404 and no job is stored.

def _export_expected(kind: Any) -> str:
    from exports import registry

    if kind.audience == registry.VIEWER:
        return "302 302 302 302 302 302 302"
    if kind.audience == registry.SELF:  # carol's own season sheet
        return "302 302 404 404 404 302 404"
    if kind.precheck:  # the event is not finished yet: refused input
        return "400 400 404 404 404 404 404"
    return "302 302 404 404 404 404 404"


def _export_object(kind: Any, world: World) -> int:
    from exports import registry

    base = world.kwargs[""]
    if kind.scope == registry.EVENT:
        return int(base["event_id"])
    if kind.scope == registry.ROUND:
        return int(base["round_id"])
    if kind.scope == registry.CLUB:
        return int(world.event.club_id)
    member = world.users["member"].member  # type: ignore[union-attr]
    return int(member.pk)


def _export_kinds() -> list[Any]:
    from exports import registry

    return list(registry.KINDS.values())


@pytest.mark.parametrize("kind", _export_kinds(), ids=lambda kind: kind.name)
def test_every_export_kind_is_asked_for_only_by_who_may_have_it(kind: Any, world: World) -> None:
    url = reverse("exports:ask", kwargs={"kind": kind.name})
    expected = dict(zip(ROLES, (int(status) for status in _export_expected(kind).split()),
                        strict=True))
    wrong = []
    for role in ROLES:
        client = Client()
        user = world.users[role]
        if user is not None:
            client.force_login(user)
        else:
            client.get(reverse("home"))  # an anonymous visitor has a session (a cookie)
        before = snapshot()
        response = client.post(url, {"object_id": _export_object(kind, world), "year": 2031})
        if response.status_code != expected[role]:
            wrong.append(f"{role}: {response.status_code}, expected {expected[role]}")
        if expected[role] != 302:
            assert snapshot() == before, f"{role} stored a job with a refused {kind.name}"
    assert not wrong, f"{kind.name}: " + "; ".join(wrong)


# --- A round from start to close, the clock, the big screen (issue 15 §5) ------
# tournaments.views.lifecycle. The world's round is being played, its clock not
# started: pausing it is refused input; closing without the confirmation only
# asks (200); finishing the event is refused while the round is played; a
# table is marked finished by whoever keeps the score there. The big screen and
# the clock face are public like the standings (the draft has no round 1).

MATRIX.extend([
    Row("tournaments:round_progress", "GET", ORGANISER),
    Row("tournaments:round_close", "GET", ORGANISER),
    Row("tournaments:round_close", "POST", "200 200 404 404 404 404 302"),
    Row("tournaments:round_clock", "POST", ORGANISER_POST),
    Row("tournaments:extra_time", "POST", ORGANISER_POST),
    Row("tournaments:table_finished", "POST", "302 302 404 302 404 404 302"),
    Row("tournaments:event_finish", "GET", ORGANISER),
    Row("tournaments:event_finish", "POST", ORGANISER_POST),
    Row("tournaments:screen", "GET", PUBLIC),
    Row("tournaments:screen", "GET", DRAFT, variant="draft"),
    Row("tournaments:screen_live", "GET", PUBLIC),
    Row("tournaments:screen_live", "GET", DRAFT, variant="draft"),
    Row("tournaments:clock_face", "GET", PUBLIC),
    Row("tournaments:clock_face", "GET", "404 404 404 404 404 404 404", variant="draft"),
])
FIXED["tournaments:round_clock"] = {"action": "pause"}
