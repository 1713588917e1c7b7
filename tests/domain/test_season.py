"""tournaments.services.club_competition: the club competition over a season of club evenings."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from clubs.models import Club, Member
from tests.support.factories import ClubFactory, EventFactory, MemberFactory
from tournaments.models import EventKind, Registration, Round, RoundStatus, Table, TableResult
from tournaments.services import club_competition

pytestmark = pytest.mark.django_db

D = Decimal


def evening(club: Club, day: datetime.date, results: dict[Member | str, tuple[str, int]],
            *, kind: str = EventKind.EVENING, closed: bool = True) -> None:
    """A club evening with one round whose results are given per member (or
    guest name) as (table points, score)."""
    event = EventFactory(club=club, kind=kind, start_date=day)
    round_ = Round.objects.create(event=event, number=1,
                                  status=RoundStatus.CLOSED if closed else RoundStatus.STARTED)
    table = Table.objects.create(round=round_, number=1)
    for player, (points, score) in results.items():
        registration = Registration.objects.create(
            event=event,
            member=player if isinstance(player, Member) else None,
            guest_name=player if isinstance(player, str) else "",
        )
        TableResult.objects.create(table=table, registration=registration,
                                   table_points=D(points), score=score)


@pytest.fixture
def season() -> tuple[Club, dict[str, Member]]:
    club = ClubFactory()
    m = {name: MemberFactory(club=club, first_name=name, last_name="Lid")
         for name in ("Anna", "Bram", "Cor", "Dirk")}
    day = datetime.date
    evening(club, day(2030, 1, 8), {m["Anna"]: ("4", 100), m["Bram"]: ("2", 20),
                                    m["Cor"]: ("1", -40), m["Dirk"]: ("0", -80)})
    evening(club, day(2030, 1, 15), {m["Bram"]: ("4", 60), m["Anna"]: ("2", 10),
                                     m["Cor"]: ("1", -30), "Gast": ("0", -40)})
    evening(club, day(2030, 1, 22), {m["Anna"]: ("4", 50), m["Cor"]: ("2", 0),
                                     m["Bram"]: ("0", -20), "Gast": ("1", -30)})
    # None of these count: another year, a tournament, a round still open,
    # another club's evening.
    evening(club, day(2029, 12, 31), {m["Dirk"]: ("4", 500), m["Cor"]: ("0", 0),
                                      m["Anna"]: ("0", 0)})
    evening(club, day(2030, 2, 1), {m["Dirk"]: ("4", 500), m["Cor"]: ("0", 0),
                                    m["Anna"]: ("0", 0)}, kind=EventKind.TOURNAMENT)
    evening(club, day(2030, 2, 8), {m["Dirk"]: ("4", 500), m["Cor"]: ("0", 0),
                                    m["Anna"]: ("0", 0)}, closed=False)
    evening(ClubFactory(), day(2030, 2, 8), {"X": ("4", 1), "Y": ("0", 0), "Z": ("0", 0)})
    return club, m


def ranking(club: Club) -> list[tuple[object, ...]]:
    return [(row.position, row.name.split()[0], row.table_points, row.score, row.attended)
            for row in club_competition.season_standings(club, 2030)]


def test_the_season_sums_every_evening_by_default(season: tuple[Club, dict[str, Member]]) -> None:
    club, _ = season
    # Anna 4+2+4 = 10 (160); Bram 2+4+0 = 6 (60); Cor 1+1+2 = 4 (-70); Dirk 0 (-80).
    assert ranking(club) == [
        (1, "Anna", D(10), 160, 3),
        (2, "Bram", D(6), 60, 3),
        (3, "Cor", D(4), -70, 3),
        (4, "Dirk", D(0), -80, 1),
    ]


def test_best_n_bonus_and_minimum_attendance(season: tuple[Club, dict[str, Member]]) -> None:
    club, _ = season
    club.season_options = {"mode": "best_n", "n": 2, "attendance_bonus": "0.5",
                           "min_attendance": 2}
    club.save()
    # Best 2: Anna 4+4 = 8, Bram 4+2 = 6, Cor 2+1 = 3; bonus 0.5 per evening
    # attended (3 each); Dirk attended once: listed, not qualified.
    rows = club_competition.season_standings(club, 2030)
    assert [(r.position, r.name.split()[0], r.table_points, r.qualified) for r in rows] == [
        (1, "Anna", D("9.5"), True),
        (2, "Bram", D("7.5"), True),
        (3, "Cor", D("4.5"), True),
        (None, "Dirk", D("0.5"), False),
    ]


def test_an_evening_counts_only_with_enough_players(
        season: tuple[Club, dict[str, Member]]) -> None:
    club, _ = season
    # Every evening had 4 players (guests count); with at least 5 none counts.
    club.season_options = {"min_players": 5}
    assert all(row.position is None for row in club_competition.season_standings(club, 2030))
    club.season_options = {"min_players": 4}
    assert ranking(club)[0] == (1, "Anna", D(10), 160, 3)


def test_unreadable_season_options_are_refused() -> None:
    club = ClubFactory(season_options={"mode": "best_n"})
    with pytest.raises(ValidationError):
        club.clean()
    with pytest.raises(ValidationError):
        club_competition.season_standings(club, 2030)
    club.season_options = {"colour": "red"}
    with pytest.raises(ValidationError, match="colour"):
        club.clean()


def test_the_trophy_goes_to_each_evenings_best_member(
        season: tuple[Club, dict[str, Member]]) -> None:
    club, m = season
    trophy = club_competition.season_trophy(club, 2030)
    assert [(e.date.day, e.winner) for e in trophy.evenings] == [
        (8, m["Anna"].pk), (15, m["Bram"].pk), (22, m["Anna"].pk)]
    assert trophy.holder == m["Anna"].pk and trophy.wins[m["Anna"].pk] == 2
    assert club_competition.member_names(club)[trophy.holder] == "Anna Lid"


def test_a_guest_never_takes_the_trophy(season: tuple[Club, dict[str, Member]]) -> None:
    club, m = season
    evening(club, datetime.date(2030, 3, 1), {"Gast": ("4", 300), m["Cor"]: ("2", 10),
                                              m["Dirk"]: ("1", 0), m["Bram"]: ("0", -310)})
    assert club_competition.season_trophy(club, 2030).evenings[-1].winner == m["Cor"].pk


def test_three_wins_keep_the_trophy(season: tuple[Club, dict[str, Member]]) -> None:
    club, m = season
    evening(club, datetime.date(2030, 3, 1), {m["Anna"]: ("4", 30), m["Cor"]: ("2", 10),
                                              m["Dirk"]: ("1", 0)})
    trophy = club_competition.season_trophy(club, 2030)
    assert trophy.evenings[-1].kept and trophy.kept[0].member == m["Anna"].pk
    assert trophy.trophy == 2 and trophy.holder is None


def test_last_seasons_holder_starts_with_the_trophy(
        season: tuple[Club, dict[str, Member]]) -> None:
    club, m = season
    # 2031 has no evenings yet: the trophy stays with 2030's holder, Anna.
    assert club_competition.season_trophy(club, 2031).holder == m["Anna"].pk
    assert club_competition.season_trophy(club, 2031).wins == {}
