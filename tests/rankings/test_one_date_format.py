"""The ranking dates a tournament as every other page does: its days in
DATE_FORMAT ("1–2 maart 2031"), not its last day alone (issue 15, item 14)."""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest
from django.test import Client

from clubs.models import Club, Member
from rankings import services
from tests.rankings.conftest import tournament

pytestmark = pytest.mark.django_db


def test_a_two_day_tournament_in_the_ranking(client: Client, club: Club,
                                             make_member: Callable[..., Member]) -> None:
    anna, bram = make_member("Anna"), make_member("Bram")
    tournament(club, [anna, bram], day=datetime.date(2031, 3, 2), days=2,
               title="Tweedaags")
    tournament(club, [bram, anna], day=datetime.date(2031, 4, 1), title="Paastoernooi")
    services.recompute("nts")
    html = client.get(f"/rankings/nts/players/{services.member_key(anna)}/").content.decode()
    assert "1–2 maart 2031" in html
    listing = client.get("/rankings/nts/").content.decode()
    assert "1 april 2031" in listing and "01-04-2031" not in listing  # the last result
