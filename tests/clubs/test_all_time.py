"""The all-time club ranking (tournaments.services.club_competition.all_time_standings and
tournaments.season.all_time_ranking), computed by hand over two seasons."""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

import pytest

from clubs.models import Club, Member
from tests.domain.test_season import evening
from tests.support.factories import ClubFactory, MemberFactory
from tournaments import season
from tournaments.models import EventKind
from tournaments.services import club_competition

pytestmark = pytest.mark.django_db

D = Decimal
day = datetime.date


@pytest.fixture
def seasons() -> tuple[Club, dict[str, Member]]:
    """Two seasons of two evenings each; a guest plays every evening.

    2030: Anna 4+2 = 6 (110), Bram 2+4 = 6 (80), Cor 1+1 = 2 (-70).
    2031: Bram 2+4 = 6 (70), Cor 4+0 = 4 (180), Dirk 1+2 = 3 (-60).
    """
    club = ClubFactory()
    m = {name: MemberFactory(club=club, first_name=name, last_name="Lid")
         for name in ("Anna", "Bram", "Cor", "Dirk")}
    evening(club, day(2030, 1, 8), {m["Anna"]: ("4", 100), m["Bram"]: ("2", 20),
                                    m["Cor"]: ("1", -40), "Gast": ("0", -80)})
    evening(club, day(2030, 1, 15), {m["Bram"]: ("4", 60), m["Anna"]: ("2", 10),
                                     m["Cor"]: ("1", -30), "Gast": ("0", -40)})
    evening(club, day(2031, 1, 7), {m["Cor"]: ("4", 240), m["Bram"]: ("2", -20),
                                    m["Dirk"]: ("1", -80), "Gast": ("0", -140)})
    evening(club, day(2031, 1, 14), {m["Bram"]: ("4", 90), m["Dirk"]: ("2", 20),
                                     "Gast": ("1", -50), m["Cor"]: ("0", -60)})
    # Not counted: a tournament, another club's evening (with a member of this
    # club as a guest of theirs).
    evening(club, day(2031, 2, 1), {m["Dirk"]: ("4", 900), m["Anna"]: ("0", 0),
                                    m["Cor"]: ("0", 0)}, kind=EventKind.TOURNAMENT)
    other = ClubFactory()
    evening(other, day(2031, 2, 8), {MemberFactory(club=other): ("0", -500),
                                     m["Dirk"]: ("4", 500), "X": ("0", 0)})
    return club, m


def table(club: Club) -> list[tuple[object, ...]]:
    return [(row.position, row.name.split()[0], row.table_points, row.score, row.seasons,
             row.evenings, row.best_position, row.season_wins, row.trophies_kept, row.average)
            for row in club_competition.all_time_standings(club)]


def test_the_all_time_ranking_sums_every_season(
        seasons: tuple[Club, dict[str, Member]]) -> None:
    club, _ = seasons
    # Bram 6+6 = 12 (150); Anna 6 (110) and Cor 2+4 = 6 (-70+180 = 110) share
    # second place, listed by name; Dirk 3 (-60). Season positions: 2030 Anna,
    # Bram, Cor; 2031 Bram, Cor, Dirk. The guest is not listed.
    assert table(club) == [
        (1, "Bram", D(12), 150, 2, 4, 1, 1, 0, D("3.00")),
        (2, "Anna", D(6), 110, 1, 2, 1, 1, 0, D("3.00")),
        (2, "Cor", D(6), 110, 2, 4, 2, 0, 0, D("1.50")),
        (4, "Dirk", D(3), -60, 1, 2, 3, 0, 0, D("1.50")),
    ]


def test_each_season_counts_as_its_season_ranking_does(
        seasons: tuple[Club, dict[str, Member]]) -> None:
    club, _ = seasons
    club.season_options = {"mode": "best_n", "n": 1, "attendance_bonus": "0.5"}
    club.save()
    # Best evening plus 0.5 per evening attended:
    # 2030 Anna 4+1 = 5 (100), Bram 4+1 = 5 (60), Cor 1+1 = 2 (-30);
    # 2031 Cor 4+1 = 5 (240), Bram 4+1 = 5 (90), Dirk 2+1 = 3 (20).
    # The average is as played: no best evening, no bonus.
    assert table(club) == [
        (1, "Bram", D(10), 150, 2, 4, 2, 0, 0, D("3.00")),
        (2, "Cor", D("7.0"), 210, 2, 4, 1, 1, 0, D("1.50")),
        (3, "Anna", D(5), 100, 1, 2, 1, 1, 0, D("3.00")),
        (4, "Dirk", D(3), 20, 1, 2, 3, 0, 0, D("1.50")),
    ]
    # The same totals as the season pages show, season by season.
    per_member: dict[object, tuple[Decimal, int]] = {}
    for year in (2030, 2031):
        for row in club_competition.season_standings(club, year):
            points, score = per_member.get(row.key, (D(0), 0))
            per_member[row.key] = (points + row.table_points, score + row.score)
    assert {row.key: (row.table_points, row.score)
            for row in club_competition.all_time_standings(club)} == per_member


def test_trophies_kept_and_evenings_that_do_not_count(
        seasons: tuple[Club, dict[str, Member]]) -> None:
    club, m = seasons
    # 2032: Dirk wins three evenings and keeps the trophy; a fourth evening
    # with only two players does not count once evenings need three.
    for date in (day(2032, 1, 6), day(2032, 1, 13), day(2032, 1, 20)):
        evening(club, date, {m["Dirk"]: ("4", 10), m["Anna"]: ("1", -10), "Gast": ("0", 0)})
    evening(club, day(2032, 1, 27), {m["Anna"]: ("4", 1000), m["Dirk"]: ("0", -1000)})
    club.season_options = {"min_players": 3}
    club.save()
    rows = {row.name.split()[0]: row for row in club_competition.all_time_standings(club)}
    dirk, anna = rows["Dirk"], rows["Anna"]
    assert (dirk.position, dirk.table_points, dirk.score, dirk.seasons, dirk.evenings,
            dirk.best_position, dirk.season_wins, dirk.trophies_kept, dirk.average) == (
        1, D(15), -30, 2, 5, 1, 1, 1, D("3.00"))
    assert (anna.table_points, anna.score, anna.seasons, anna.evenings, anna.average) == (
        D(9), 80, 2, 5, D("1.80"))


def test_a_club_without_evenings_has_an_empty_ranking() -> None:
    assert club_competition.all_time_standings(ClubFactory()) == []


def test_it_reads_the_seasons_in_few_queries(
        seasons: tuple[Club, dict[str, Member]], django_assert_max_num_queries: Any) -> None:
    club, _ = seasons
    # The seasons, then per season its evenings, their results, players and
    # penalties (issue 17).
    with django_assert_max_num_queries(1 + 4 * 2):
        club_competition.all_time_standings(club)


def test_a_member_only_on_evenings_that_do_not_count_is_listed_unranked() -> None:
    evenings = [
        (season.Evening(date=day(2030, 1, 1), players=4,
                        results={1: season.MemberResult(D(4), 40),
                                 2: season.MemberResult(D(0), -40)}), 1),
        (season.Evening(date=day(2031, 1, 1), players=2,
                        results={3: season.MemberResult(D(4), 10)}), 3),
    ]
    rows = season.all_time_ranking(evenings, season.SeasonOptions(min_players=3),
                                   {1: "Een", 2: "Twee", 3: "Drie"})
    # Drie's totals (0, 0) put them above Twee (0, -40), without a position.
    assert [(row.name, row.position, row.evenings, row.seasons, row.average)
            for row in rows] == [
        ("Een", 1, 1, 1, D("4.00")),
        ("Drie", None, 0, 0, None),
        ("Twee", 2, 1, 1, D("0.00")),
    ]
