"""Finished tournaments made quickly for the ranking tests.

A tournament here is an event with one closed round whose table results
are written directly (tests/support/worlds.py `ranked`: the standings are
read from them, higher score, better place); `finish_event` then finishes
it as an organiser would.
Nothing here recomputes behind the test's back: `background` records the
recomputations that would have run (no broker: at once, after the commit)
and can run them instead.
"""

from __future__ import annotations

import datetime
import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.utils import translation

from clubs.models import Club, Member
from common import background as common_background
from rankings import services
from tests.support import worlds
from tests.support.factories import MemberFactory
from tests.support.worlds import Player
from tournaments.models import Event, EventKind

TODAY = datetime.date(2031, 6, 1)

_numbers = itertools.count(1)


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    with translation.override("en"):
        yield


@dataclass
class Background:
    """The rule sets whose recomputation would have run (common/background.py
    without a broker), in order."""

    started: list[str] = field(default_factory=list)
    run_inline: bool = False
    others: list[tuple[str, Any]] = field(default_factory=list)

    def run_now(self, name: str, key: Any) -> None:
        if name != services.TASK:
            self.others.append((name, key))  # statistics, standings: not these tests'
            return
        self.started.append(key)
        if self.run_inline:
            services.run_requested(key)


@pytest.fixture(autouse=True)
def background(monkeypatch: pytest.MonkeyPatch) -> Background:
    recorder = Background()
    monkeypatch.setattr(common_background, "_run_now", recorder.run_now)
    return recorder


@pytest.fixture
def club() -> Club:
    return worlds.club()


@pytest.fixture
def other_club() -> Club:
    return worlds.club(name="Philos", slug="philos", city="Utrecht")


def member(club: Club, first_name: str, last_name: str = "Speler",
           nmb_number: str | None = "auto") -> Member:
    if nmb_number == "auto":
        nmb_number = f"{next(_numbers):05d}"
    return MemberFactory(club=club, first_name=first_name, last_name=last_name,
                         nmb_number=nmb_number, undated=True)


@pytest.fixture
def make_member(club: Club) -> Callable[..., Member]:
    def make(first_name: str, last_name: str = "Speler", **fields: Any) -> Member:
        return member(fields.pop("club", club), first_name, last_name, **fields)
    return make


def tournament(club: Club, order: Sequence[Player], **options: Any) -> Event:
    """A tournament whose final standings are `order` (best first, each a
    place of its own), plus substitutes (listed, never ranked) at the bottom."""
    return _ranked(club, [[player] for player in order], **options)


def tied(club: Club, groups: Sequence[Sequence[Member]], **options: Any) -> Event:
    """A tournament whose standings are the groups, each group sharing a place."""
    return _ranked(club, groups, **options)


def _ranked(club: Club, standings: Sequence[Sequence[Player]], *, day: datetime.date = TODAY,
            days: int = 1, ruleset: str = "nts", kind: str = EventKind.TOURNAMENT,
            guests_ranked: bool = True, finish: bool = True,
            substitutes: Sequence[Player] = (), title: str = "") -> Event:
    return worlds.ranked(
        club, standings, substitutes=substitutes, finish=finish, kind=kind,
        title=title or f"Toernooi {next(_numbers)}",
        start_date=day - datetime.timedelta(days=days - 1), days=days, ruleset=ruleset,
        guests_ranked=guests_ranked)
