"""Dutch surname order wherever players are listed (issue 15, item 12):
"Jan de Boer" sorts under B and "Piet van der Meer" under M, not after
"Gijs Willems" -- for members, guests and registrations alike, through the
stored key (Member.sort_name, Registration.sort_name; common/names.py)."""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from clubs.models import Club, Member
from tournaments import placing
from tournaments.forms import ScorekeeperForm
from tournaments.models import Event, Registration
from tournaments.services import registration as registrations
from tournaments.services import rounds
from tournaments.services import standings as standings_service

pytestmark = pytest.mark.django_db

# In the order a Dutch club list has them.
DUTCH_ORDER = ["Anna Bakker", "Jan de Boer", "Piet van der Meer", "Sanne Meijer",
               "Gijs Willems"]


def _order_in(html: str, names: list[str]) -> list[str]:
    """The names in the order they first appear in `html`."""
    found = {name: html.find(name) for name in names}
    missing = [name for name, at in found.items() if at < 0]
    assert not missing, f"not on the page: {missing}"
    return sorted(names, key=found.__getitem__)


@pytest.fixture
def dutch_members(make_member: Callable[..., Member]) -> list[Member]:
    # Created in an order that is neither the Dutch nor the plain one.
    created = {}
    for full in ("Gijs Willems", "Piet van der Meer", "Anna Bakker", "Sanne Meijer",
                 "Jan de Boer"):
        first, last = full.split(" ", 1)
        created[full] = make_member(first_name=first, last_name=last)
    return [created[name] for name in DUTCH_ORDER]


def test_member_list_page_sorts_dutch(organiser_client: Client, club: Club,
                                      dutch_members: list[Member]) -> None:
    html = organiser_client.get(reverse("clubs:detail", args=[club.slug])).content.decode()
    assert _order_in(html, DUTCH_ORDER) == DUTCH_ORDER
    descending = organiser_client.get(
        reverse("clubs:detail", args=[club.slug]), {"sort": "-name"}).content.decode()
    assert _order_in(descending, DUTCH_ORDER) == DUTCH_ORDER[::-1]


def test_a_renamed_member_moves_in_the_list(organiser_client: Client, club: Club,
                                            dutch_members: list[Member]) -> None:
    willems = dutch_members[-1]
    willems.last_name = "van Aalst"
    willems.save()
    html = organiser_client.get(reverse("clubs:detail", args=[club.slug])).content.decode()
    assert _order_in(html, ["Gijs van Aalst", "Anna Bakker", "Jan de Boer"]) == [
        "Gijs van Aalst", "Anna Bakker", "Jan de Boer"]


def test_guests_and_members_share_one_order(event: Event,
                                            dutch_members: list[Member]) -> None:
    for member in dutch_members:
        registrations.register(event, member=member)
    registrations.register(event, guest_name="Karin de Graaf", guest_club="Philos")
    registrations.register(event, guest_name="Ben van Vliet")
    listed = [r.name for r in Registration.objects.filter(event=event).order_by("sort_name")]
    assert listed == ["Anna Bakker", "Jan de Boer", "Karin de Graaf", "Piet van der Meer",
                      "Sanne Meijer", "Ben van Vliet", "Gijs Willems"]


def test_swap_list_on_the_round_page_sorts_dutch(
    organiser_client: Client, event: Event, dutch_members: list[Member],
) -> None:
    for member in dutch_members:
        registrations.register(event, member=member)
    registrations.register(event, guest_name="Karin de Graaf")
    registrations.register(event, guest_name="Ben van Vliet")
    registrations.register(event, guest_name="Olga Zwart")
    round_ = rounds.seat_round(rounds.add_round(event, seating_method="random"),
                               method="random", seed=3)
    html = organiser_client.get(reverse("tournaments:round", args=[round_.pk])).content.decode()
    select = re.search(r'<select name="player_a".*?</select>', html, re.S)
    assert select is not None
    options = re.findall(r'<option value="\d+"[^>]*>([^<]+)</option>', select.group(0))
    assert options == ["Anna Bakker", "Jan de Boer", "Karin de Graaf", "Piet van der Meer",
                       "Sanne Meijer", "Ben van Vliet", "Gijs Willems", "Olga Zwart"]


def test_scorekeeper_choices_sort_dutch(event: Event, club: Club,
                                        django_user_model: type[User],
                                        dutch_members: list[Member]) -> None:
    for index, member in enumerate(dutch_members):
        member.user = django_user_model.objects.create_user(f"keeper{index}")
        member.save()
    choices = [member.full_name for member in ScorekeeperForm(event=event)
               .fields["member"].queryset]
    assert choices == DUTCH_ORDER


def test_equal_results_are_listed_by_dutch_name() -> None:
    rows = [placing.StandingRow(key=index, name=name, table_points=Decimal(4), score=10)
            for index, name in enumerate(reversed(DUTCH_ORDER))]
    assert [row.name for row in placing.standings(rows)] == DUTCH_ORDER
    # A stored key wins over the name: the caller knows the surname.
    stored = [placing.StandingRow(key=1, name="Jan de Boer", sort_name="zzz",
                                  table_points=Decimal(0), score=0),
              placing.StandingRow(key=2, name="Gijs Willems", sort_name="willems0gijs0",
                                  table_points=Decimal(0), score=0)]
    assert [row.key for row in placing.standings(stored)] == [2, 1]


def test_standings_ties_and_sorting_by_name(client: Client, club: Club, event: Event,
                                            dutch_members: list[Member]) -> None:
    event.status = "running"
    event.start_date = datetime.date(2026, 1, 14)
    event.save()
    players = [registrations.register(event, member=member) for member in dutch_members[:4]]
    round_ = rounds.seat_round(rounds.add_round(event, seating_method="random"),
                               method="random", seed=1)
    rounds.start_round(round_)
    table = round_.tables.get()
    # A draw: every score 0, four players equal on every count.
    rounds.record_hand(table, values={0: 0, 1: 0, 2: 0, 3: 0}, winner=None, east=0)
    rounds.close_round(round_)
    rows = standings_service.event_standings(event)
    assert [row.name for row in rows] == [p.name for p in players]
    response = client.get(reverse("tournaments:standings", args=[event.pk]), {"sort": "name"})
    assert response.status_code == 200
    html = response.content.decode()
    names = [p.name for p in players]
    assert _order_in(html, names) == names
    html = client.get(reverse("tournaments:standings", args=[event.pk]),
                      {"sort": "-name"}).content.decode()
    assert _order_in(html, names) == names[::-1]
