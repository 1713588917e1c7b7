"""Finished events of the other rule sets, for the export and page tests.

* `hong_kong()`: a club evening of Fu-Hing (Hong Kong, seed 001, default
  options: discarder pays, minimum 3 fan) with 4 members in 2 rounds; every
  hand entered BY TILES (positions 0-3), so nothing depends on entry by
  values. Round 1: a self-drawn clean hand (9 fan: each pays 48), a clean
  hand from a discard (7 fan: the discarder pays 48), a clean hand from a
  discard with seasons 1j2f (no own season: 7 fan, 48) and a draw. Round 2:
  a self-drawn clean hand (9 fan), a false mahjong (the claimer pays each
  other player 32) and a draw.
* `philos()`: a tournament of Philos (classic, seed 004) with the option
  flowers_seasons, 4 players in 1 round: two hands by values and one by
  tiles with a flower (1f).
* `hong_kong_three()`: Hong Kong with odd_tables "three" and 7 players: a
  table of 4 and a table of 3 (East, South, West), one round.

None of the Hong Kong hands depends on a seat wind (no wind pungs, no own
seasons), so the rotation of East can change without changing a value; no
hand gives East, the table's rotation does.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User

from clubs.models import Club, Member
from scoring.engine import RULESETS
from tournaments.models import Event, EventKind, Hand, HandScore, Registration, Round
from tournaments.services import create_event, finish_event, rounds
from tournaments.services import hands as hand_service
from tournaments.services import registration as registrations

# The rule sets' titles, as every page and file names them.
HONG_KONG = RULESETS["hongkong"].title
PHILOS = RULESETS["philos"].title
NTS = RULESETS["nts"].title

EMPTY = {"score": 0}

# 12345678 999m + pung of white dragons: clean (5), pung of dragons (1),
# concealed (1), self-drawn (1), no seasons (1) = 9 fan.
CLEAN_SELF_DRAWN = "12345678999m555z"
# 111p 234p 456p 789p + a pair of South: clean (5), concealed (1), no seasons
# (1) = 7 fan.
CLEAN_PUNG_AND_CHOWS = "111p234p456p789p22z"
# Four chows of bamboo + a pair of white dragons: clean (5), concealed (1),
# all chows (1) = 7 fan (with seasons, so no "no seasons").
CLEAN_CHOWS = "123456s789s123s55z"
# No mahjong at all: claimed, it is a false mahjong.
NO_MAHJONG = "1234m456p789s1234z"


def by_tiles(winner: int | None, concealed: str = "", winning_tile: str | None = None, *,
             win_source: str = "wall", discarder: int | None = None, bonus: str = "",
             players: int = 4, flags: tuple[str, ...] = ()) -> dict[str, Any]:
    """A hand by tiles where only the winner's tiles are given (a Hong Kong
    loser's hand counts nothing)."""
    tiles: dict[str, Any] = {str(position): dict(EMPTY) for position in range(players)}
    if winner is not None:
        tiles[str(winner)] = {"concealed": concealed, "melds": []}
        if bonus:
            tiles[str(winner)]["bonus"] = bonus
    entry: dict[str, Any] = {"tiles": tiles, "winner": winner, "flags": list(flags),
                             "dead": []}
    if winner is not None:
        entry.update(winning_tile=winning_tile, win_source=win_source, discarder=discarder)
    return entry


@dataclass
class Played:
    club: Club
    organiser: User
    event: Event
    players: list[Registration]
    members: list[Member]
    rounds: list[Round]


def _club(slug: str, name: str) -> tuple[Club, User]:
    organiser = User.objects.create_user(f"org-{slug}", password="password",
                                         first_name="Olga", last_name="Organiser")
    club = Club.objects.create(name=name, slug=slug, city="Varsseveld")
    club.organisers.add(organiser)
    return club, organiser


def _register(event: Event, club: Club, count: int) -> tuple[list[Member], list[Registration]]:
    names = [("Désirée", "Heemskerk"), ("Wai", "Chan"), ("Jan", "van der Berg"),
             ("Mei", "Ling"), ("Bram", "Jansen"), ("Carla", "Smit"), ("Kees", "Vos")]
    members = [Member.objects.create(club=club, first_name=first, last_name=last,
                                     nmb_number=str(3000 + index))
               for index, (first, last) in enumerate(names[:count])]
    return members, [registrations.register(event, member=member) for member in members]


def _start(event: Event, seed: int) -> Round:
    return rounds.start_round(rounds.seat_round(rounds.add_round(event), seed=seed))


def hong_kong(*, finish: bool = True) -> Played:
    club, organiser = _club("fu-hing", "Fu-Hing")
    event = create_event(club, kind=EventKind.EVENING, title="Fu-Hing clubavond",
                         venue="Zaal De Bron", start_date=datetime.date(2031, 2, 11),
                         # Unfinished, one more round is planned: the event
                         # finishes by itself after its last planned round.
                         rounds_planned=2 if finish else 3, ruleset="hongkong",
                         rule_options={}, ranking_order="table_points")
    members, players = _register(event, club, 4)
    played = []
    round_ = _start(event, 1)
    table = round_.tables.get()
    record = hand_service.record
    record(table, by_tiles(0, CLEAN_SELF_DRAWN, "9m"), user=organiser)
    record(table, by_tiles(1, CLEAN_PUNG_AND_CHOWS, "2z", win_source="discard", discarder=2),
           user=organiser)
    record(table, by_tiles(3, CLEAN_CHOWS, "5z", win_source="discard", discarder=0,
                           bonus="1j2f"), user=organiser)
    record(table, by_tiles(None), user=organiser)
    played.append(rounds.close_round(round_))
    round_ = _start(event, 2)
    table = round_.tables.get()
    record(table, by_tiles(2, CLEAN_SELF_DRAWN, "9m"), user=organiser)
    record(table, by_tiles(1, NO_MAHJONG, "4z", flags=("false_mahjong",)), user=organiser)
    record(table, by_tiles(None), user=organiser)
    played.append(rounds.close_round(round_))
    if finish:
        event = finish_event(event)
    return Played(club=club, organiser=organiser, event=event, players=players,
                  members=members, rounds=played)


# Philos by values (position -> points, winner); a flower hand by tiles between.
PHILOS_VALUES = [({0: 40, 1: 20, 2: 10, 3: 0}, 0), ({0: 8, 1: 64, 2: 16, 3: 4}, 1)]


def philos(*, finish: bool = True) -> Played:
    club, organiser = _club("philos", "Philos")
    event = create_event(club, kind=EventKind.TOURNAMENT, title="Philos Klassiek",
                         venue="Buurthuis", start_date=datetime.date(2031, 4, 5),
                         rounds_planned=1 if finish else 2, ruleset="philos",
                         rule_options={"flowers_seasons": True})
    members, players = _register(event, club, 4)
    round_ = _start(event, 3)
    table = round_.tables.get()
    values, winner = PHILOS_VALUES[0]
    hand_service.record(table, by_values(values, winner), user=organiser)
    # The winner's tiles with a flower; the others' values as counted.
    flower = {"tiles": {"0": {"score": 8}, "1": {"score": 0}, "2": {"score": 4},
                        "3": {"concealed": CLEAN_PUNG_AND_CHOWS, "melds": [], "bonus": "1f"}},
              "winner": 3, "winning_tile": "2z", "win_source": "discard", "discarder": 1,
              "flags": [], "dead": []}
    hand_service.record(table, flower, user=organiser)
    values, winner = PHILOS_VALUES[1]
    hand_service.record(table, by_values(values, winner), user=organiser)
    played = [rounds.close_round(round_)]
    if finish:
        event = finish_event(event)
    return Played(club=club, organiser=organiser, event=event, players=players,
                  members=members, rounds=played)


def by_values(values: dict[int, int], winner: int | None,
              discarder: int | None = None) -> dict[str, Any]:
    """A hand by values; East left out, so the table's rotation gives it."""
    return {"values": {str(position): value for position, value in values.items()},
            "winner": winner, "discarder": discarder}


def hong_kong_three(*, finish: bool = True) -> Played:
    club, organiser = _club("fu-hing", "Fu-Hing")
    event = create_event(club, kind=EventKind.TOURNAMENT, title="Fu-Hing drietallen",
                         start_date=datetime.date(2031, 5, 3),
                         rounds_planned=1 if finish else 2,
                         ruleset="hongkong", rule_options={}, odd_tables="three")
    members, players = _register(event, club, 7)
    round_ = _start(event, 5)
    four, three = round_.tables.order_by("number")
    assert (four.seats.count(), three.seats.count()) == (4, 3)
    record = hand_service.record
    record(four, by_tiles(1, CLEAN_SELF_DRAWN, "9m"), user=organiser)
    record(three, by_tiles(0, CLEAN_SELF_DRAWN, "9m", players=3), user=organiser)
    record(three, by_tiles(2, CLEAN_PUNG_AND_CHOWS, "2z", win_source="discard", discarder=1,
                           players=3), user=organiser)
    played = [rounds.close_round(round_)]
    if finish:
        event = finish_event(event)
    return Played(club=club, organiser=organiser, event=event, players=players,
                  members=members, rounds=played)


# --- Reading back ----------------------------------------------------------------------


def settlement_totals(event: Event) -> dict[str, int]:
    """Each player's sum of HandScore settlements over the event, by name."""
    totals: dict[str, int] = {}
    for score in HandScore.objects.filter(hand__table__round__event=event).select_related(
            "registration__member"):
        name = score.registration.name
        totals[name] = totals.get(name, 0) + score.settlement
    return totals


def winner_fan(hand: Hand) -> int:
    """The winner's fan as the engine reports it for a hand by tiles."""
    wind = hand.game["winner"]
    return int(hand.result["hands"][wind]["value"])
