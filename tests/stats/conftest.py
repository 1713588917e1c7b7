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
from tests.domain.conftest import arrange
from tests.exports.ruleset_sample import (
    CLEAN_PUNG_AND_CHOWS,
    CLEAN_SELF_DRAWN,
    NO_MAHJONG,
    by_tiles,
)
from tests.scoring_entry.conftest import worked_example_tiles
from tournaments.models import Event, EventKind, Registration, Round
from tournaments.services import create_event, finish_event, rounds
from tournaments.services import hands as hand_service
from tournaments.services import registration as registrations

THIRTEEN_ORPHANS = "19m19p19s12345677z"
HK_DATE = datetime.date(2031, 2, 11)
NTS_DATE = datetime.date(2031, 3, 1)


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    with translation.override("en"):
        yield


def by_values(values: list[int], winner: int | None,
              discarder: int | None = None) -> dict[str, Any]:
    return {"values": {str(position): value for position, value in enumerate(values)},
            "winner": winner, "discarder": discarder}


@dataclass
class World:
    club: Club
    organiser: User
    members: dict[str, Member]
    hong_kong: Event
    nts: Event
    players: dict[str, dict[str, Registration]]  # event title -> first name -> registration
    rounds: list[Round]


def seated(event: Event, layout: list[Registration], seed: int) -> Round:
    round_ = rounds.seat_round(rounds.add_round(event), seed=seed)
    arrange(round_, [layout])
    return rounds.start_round(round_)


def build(*, finish: bool = True) -> World:
    organiser = User.objects.create_user("olga", password="password")
    club = Club.objects.create(name="Fu-Hing", slug="fu-hing", city="Amsterdam")
    club.organisers.add(organiser)
    members = {
        "Anna": Member.objects.create(club=club, first_name="Anna", last_name="Bakker",
                                      nmb_number="1001"),
        "Bram": Member.objects.create(club=club, first_name="Bram", last_name="Jansen",
                                      nmb_number="1002"),
        "Cor": Member.objects.create(club=club, first_name="Cor", last_name="Smit"),
        "Dirk": Member.objects.create(club=club, first_name="Dirk", last_name="de Vries",
                                      nmb_number="1004"),
    }
    record = hand_service.record

    hong_kong = create_event(club, kind=EventKind.EVENING, title="Fu-Hing clubavond",
                             # Unfinished: one more round planned (an event
                             # finishes by itself after its last planned round).
                             start_date=HK_DATE, rounds_planned=1 if finish else 2,
                             ruleset="hongkong",
                             rule_options={}, ranking_order="table_points")
    hk = {name: registrations.register(hong_kong, member=members[name])
          for name in ("Anna", "Bram", "Cor")}
    hk["Kees"] = registrations.register(hong_kong, guest_name="Kees van Dam",
                                        guest_club="Gastclub")
    round_ = seated(hong_kong, [hk["Anna"], hk["Bram"], hk["Cor"], hk["Kees"]], seed=1)
    table = round_.tables.get()
    record(table, by_tiles(0, CLEAN_SELF_DRAWN, "9m"), user=organiser)
    record(table, by_tiles(1, THIRTEEN_ORPHANS, "7z", win_source="discard", discarder=3),
           user=organiser)
    record(table, by_tiles(3, CLEAN_PUNG_AND_CHOWS, "2z", win_source="discard", discarder=2),
           user=organiser)
    record(table, by_tiles(2, NO_MAHJONG, "4z", flags=("false_mahjong",)), user=organiser)
    record(table, by_tiles(None), user=organiser)
    played = [rounds.close_round(round_)]

    nts = create_event(club, kind=EventKind.TOURNAMENT, title="Voorjaarstoernooi",
                       start_date=NTS_DATE, rounds_planned=2 if finish else 3)
    tournament = {name: registrations.register(nts, member=members[name])
                  for name in ("Anna", "Bram", "Cor", "Dirk")}
    layout = [tournament[name] for name in ("Anna", "Bram", "Cor", "Dirk")]
    round_ = seated(nts, layout, seed=1)
    table = round_.tables.get()
    record(table, worked_example_tiles(), user=organiser)
    record(table, by_values([40, 20, 10, 0], 0, 1), user=organiser)
    orphans_tiles = {"tiles": {"0": {"concealed": THIRTEEN_ORPHANS, "melds": []},
                               "1": {"score": 0}, "2": {"score": 0}, "3": {"score": 0}},
                     "winner": 0, "winning_tile": "7z", "win_source": "wall",
                     "discarder": None, "flags": [], "dead": []}
    record(table, orphans_tiles, user=organiser)
    record(table, by_values([8, 16, 0, 4], None), user=organiser)
    played.append(rounds.close_round(round_))
    round_ = seated(nts, layout, seed=2)
    table = round_.tables.get()
    record(table, by_values([0, 64, 16, 8], 1), user=organiser)
    record(table, by_values([8, 0, 48, 20], 2, 0), user=organiser)
    record(table, by_values([0, 0, 0, 32], 3, 0), user=organiser)
    played.append(rounds.close_round(round_))
    if finish:
        hong_kong = finish_event(hong_kong)
        nts = finish_event(nts)
    return World(club=club, organiser=organiser, members=members, hong_kong=hong_kong,
                 nts=nts, players={hong_kong.title: hk, nts.title: tournament},
                 rounds=played)


@pytest.fixture
def world(db: Any) -> World:
    return build()
