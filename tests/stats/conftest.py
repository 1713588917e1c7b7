"""A small data set for the statistics, every figure countable by hand.

Club Fu-Hing (slug fu-hing), members Anna (NMB 1001), Bram (1002), Cor (no
NMB number) and Dirk (1004); a guest, Kees van Dam.

* "Fu-Hing clubavond" (Hong Kong, club evening, 2031-02-11), one round,
  seats Anna, Bram, Cor, Kees; every hand by tiles:
    1. Anna: clean hand, self-drawn: 9 fan
    2. Bram: thirteen orphans (a limit hand, 20 fan), Kees discards
    3. Kees: clean hand, 7 fan, Cor discards
    4. Cor claims a false mahjong (nobody wins)
    5. a draw
* "Voorjaarstoernooi" (NTS, tournament, 2031-03-01), two rounds, seats
  Anna, Bram, Cor, Dirk in both:
    round 1: 1. Bram 96 from Cor's discard (the worked example, by tiles)
             2. Anna 40 from Bram's discard (values 40/20/10/0)
             3. Anna thirteen orphans, self-drawn, by tiles: 2000 (limit)
             4. a draw (values 8/16/0/4)
    round 2: 1. Bram 64, self-drawn (values 0/64/16/8)
             2. Cor 48 from Anna's discard (values 8/0/48/20)
             3. Dirk 32 from Anna's discard (values 0/0/0/32)

Per player, by hand:

              hands  mahjongs  won by anyone  deal-ins
  Anna  HK      5       1           3            0
        NTS     7       2           6            2
  Bram  HK      5       1           3            0
        NTS     7       2           6            1
  Cor   HK      5       0           3            1
        NTS     7       1           6            1
  Dirk  NTS     7       1           6            0
  Kees  HK      5       1           3            1   (a guest: no player page)
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from clubs.models import Club, Member
from tests.exports.ruleset_sample import (
    CLEAN_PUNG_AND_CHOWS,
    CLEAN_SELF_DRAWN,
    NO_MAHJONG,
    by_tiles,
)
from tests.scoring_entry.conftest import worked_example_tiles
from tests.support import worlds
from tests.support.factories import MemberFactory
from tests.support.worlds import by_values, seated
from tournaments.models import Event, EventKind, Registration, Round
from tournaments.services import create_event, finish_event

THIRTEEN_ORPHANS = "19m19p19s12345677z"
HK_DATE = datetime.date(2031, 2, 11)
NTS_DATE = datetime.date(2031, 3, 1)


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    with translation.override("en"):
        yield


@dataclass
class World:
    club: Club
    organiser: User
    members: dict[str, Member]
    hong_kong: Event
    nts: Event
    players: dict[str, dict[str, Registration]]  # event title -> first name -> registration
    rounds: list[Round]


def build(*, finish: bool = True) -> World:
    organiser = User.objects.create_user("olga", password="password")
    club = worlds.club(organisers=[organiser])
    members = {first_name: MemberFactory(club=club, first_name=first_name, last_name=last_name,
                                         nmb_number=nmb_number, undated=True)
               for first_name, last_name, nmb_number in (
                   ("Anna", "Bakker", "1001"), ("Bram", "Jansen", "1002"),
                   ("Cor", "Smit", None), ("Dirk", "de Vries", "1004"))}

    hong_kong = create_event(club, kind=EventKind.EVENING, title="Fu-Hing clubavond",
                             # Unfinished: one more round planned (an event
                             # finishes by itself after its last planned round).
                             start_date=HK_DATE, rounds_planned=1 if finish else 2,
                             ruleset="hongkong",
                             rule_options={}, ranking_order="table_points")
    hk = dict(zip(("Anna", "Bram", "Cor", "Kees"), worlds.register(
        hong_kong, [members["Anna"], members["Bram"], members["Cor"], "Kees van Dam"],
        guest_club="Gastclub"), strict=True))
    round_ = seated(hong_kong, [hk["Anna"], hk["Bram"], hk["Cor"], hk["Kees"]], seed=1)
    played = [worlds.play_round(round_, [
        by_tiles(0, CLEAN_SELF_DRAWN, "9m"),
        by_tiles(1, THIRTEEN_ORPHANS, "7z", win_source="discard", discarder=3),
        by_tiles(3, CLEAN_PUNG_AND_CHOWS, "2z", win_source="discard", discarder=2),
        by_tiles(2, NO_MAHJONG, "4z", flags=("false_mahjong",)),
        by_tiles(None),
    ], user=organiser)]

    nts = create_event(club, kind=EventKind.TOURNAMENT, title="Voorjaarstoernooi",
                       start_date=NTS_DATE, rounds_planned=2 if finish else 3)
    names = ("Anna", "Bram", "Cor", "Dirk")
    tournament = dict(zip(names, worlds.register(nts, [members[name] for name in names]),
                          strict=True))
    layout = [tournament[name] for name in names]
    orphans_tiles = {"tiles": {"0": {"concealed": THIRTEEN_ORPHANS, "melds": []},
                               "1": {"score": 0}, "2": {"score": 0}, "3": {"score": 0}},
                     "winner": 0, "winning_tile": "7z", "win_source": "wall",
                     "discarder": None, "flags": [], "dead": []}
    played.append(worlds.play_round(seated(nts, layout, seed=1), [
        worked_example_tiles(),
        by_values([40, 20, 10, 0], 0, 1),
        orphans_tiles,
        by_values([8, 16, 0, 4], None),
    ], user=organiser))
    played.append(worlds.play_round(seated(nts, layout, seed=2), [
        by_values([0, 64, 16, 8], 1),
        by_values([8, 0, 48, 20], 2, 0),
        by_values([0, 0, 0, 32], 3, 0),
    ], user=organiser))
    if finish:
        hong_kong = finish_event(hong_kong)
        nts = finish_event(nts)
    return World(club=club, organiser=organiser, members=members, hong_kong=hong_kong,
                 nts=nts, players={hong_kong.title: hk, nts.title: tournament},
                 rounds=played)


@pytest.fixture
def world(db: Any) -> World:
    return build()
