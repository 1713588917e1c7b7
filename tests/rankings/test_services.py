"""Computing and storing the national ranking from finished tournaments
(rankings/services.py)."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.utils import timezone

from clubs.models import Club, Member
from rankings import services
from rankings.models import RankingEntry, RankingResult, RankingRun, RunStatus
from scoring.engine import RULESETS
from tests.rankings.conftest import TODAY, tied, tournament
from tournaments.models import EventKind

pytestmark = pytest.mark.django_db

MakeMember = Callable[..., Member]


def entries(run: RankingRun) -> dict[str, tuple[int, Decimal]]:
    """first name -> (position, rating)."""
    return {entry.member.first_name: (entry.position, entry.rating)
            for entry in run.entries.select_related("member")}


def test_two_tournaments_rank_four_members(club: Club, make_member: MakeMember) -> None:
    """Tournament 1: Anna, Bram, Cor, Dirk (N = 4: whole base ranks 1000, 667,
    333, 0); tournament 2: Bram, Anna, Cor, Dirk (MERS, "Basics for ranking
    system"). Anna: 1000 and 667, padded to 5 for A and 4 for B:
    A = 1667 / 5 = 333.40, B = 1667 / 4 = 416.75, rating 375.075 (375.07);
    Bram the same: they share position 1. Cor: 333 twice: A = 666 / 5 =
    133.20, B = 666 / 4 = 166.50, rating 149.85. Dirk: 0."""
    anna, bram, cor, dirk = (make_member(name) for name in ("Anna", "Bram", "Cor", "Dirk"))
    tournament(club, [anna, bram, cor, dirk], day=datetime.date(2031, 3, 1))
    tournament(club, [bram, anna, cor, dirk], day=datetime.date(2031, 4, 1))
    run = services.recompute("nts", as_of=TODAY)
    assert entries(run) == {
        "Anna": (1, Decimal("375.07")), "Bram": (1, Decimal("375.07")),
        "Cor": (3, Decimal("149.85")), "Dirk": (4, Decimal("0.00")),
    }
    anna_entry = run.entries.get(member=anna)
    assert (anna_entry.part_a, anna_entry.part_b) == (Decimal("333.40"), Decimal("416.75"))
    assert anna_entry.results == 2 and anna_entry.last_result == datetime.date(2031, 4, 1)
    assert [club.name for club in anna_entry.clubs.all()] == ["Fu-Hing"]
    assert (run.events, run.players, run.as_of) == (2, 4, TODAY)
    assert run.config["min_results"] == 2 and run.config["age_factors"] == [1.0, 0.5]


def test_shared_places_give_the_shared_place(club: Club, make_member: MakeMember) -> None:
    """Standings 1, 2, 2, 4: the two second players both have place 2 of 4,
    base rank round(666.67) = 667."""
    anna, bram, cor, dirk = (make_member(name) for name in ("Anna", "Bram", "Cor", "Dirk"))
    tied(club, [[anna], [bram, cor], [dirk]])
    services.recompute("nts", as_of=TODAY)
    places = {row.member.first_name: (row.place, row.players, round(row.base_rank, 2))
              for row in RankingResult.objects.select_related("member")}
    assert places == {"Anna": (1, 4, 1000), "Bram": (2, 4, 667), "Cor": (2, 4, 667),
                      "Dirk": (4, 4, 0)}


def test_guests_take_their_place_but_are_not_ranked(club: Club,
                                                    make_member: MakeMember) -> None:
    """A guest the event ranked wins: the members are 2nd to 4th of N = 4
    (as the event's standings show), the guest has no national result."""
    anna, bram, cor = (make_member(name) for name in ("Anna", "Bram", "Cor"))
    tournament(club, ["Gast de Gast", anna, bram, cor])
    tournament(club, [anna, "Gast de Gast", bram, cor])
    run = services.recompute("nts", as_of=TODAY)
    assert set(entries(run)) == {"Anna", "Bram", "Cor"}
    first = RankingResult.objects.filter(run=run, member=anna).order_by("event_id").first()
    assert first is not None and (first.place, first.players) == (2, 4)


def test_guests_count_even_when_the_event_does_not_rank_them(club: Club,
                                                             make_member: MakeMember) -> None:
    """MERS lists every participant: the guest the event's own standings
    leave unranked still takes place 1 of N = 3 here (issue 17)."""
    anna, bram = make_member("Anna"), make_member("Bram")
    tournament(club, ["Gast", anna, bram], guests_ranked=False)
    services.recompute("nts", as_of=TODAY)
    assert sorted((row.place, row.players) for row in RankingResult.objects.all()) == [
        (2, 3), (3, 3)]


def test_substitutes_are_listed_and_counted_up_to_three(club: Club,
                                                        make_member: MakeMember) -> None:
    """MERS counts up to 3 substitutes in N; a member who substituted has a
    result like any participant. Of 4 substitutes (equal results, one round
    each) the first 3 in the listing count; the 4th is left out."""
    anna, bram, cor = make_member("Anna"), make_member("Bram"), make_member("Cor")
    substitute = make_member("Sub")
    tournament(club, [anna, bram, cor], substitutes=[substitute])
    tournament(club, [bram, anna, cor], substitutes=[substitute])
    run = services.recompute("nts", as_of=TODAY)
    assert set(entries(run)) == {"Anna", "Bram", "Cor", "Sub"}
    assert set(RankingResult.objects.filter(member=substitute).values_list(
        "place", "players")) == {(4, 4)}
    assert set(RankingResult.objects.values_list("players", flat=True)) == {4}
    subs = [make_member(f"Sub{index}") for index in range(4)]
    tournament(club, [anna, bram], substitutes=subs)
    services.recompute("nts", as_of=TODAY)
    latest = RankingResult.objects.order_by("-event_id").first()
    assert latest is not None and latest.players == 5
    assert RankingResult.objects.filter(event_id=latest.event_id).count() == 5


def test_only_finished_tournaments_of_the_rule_set_count(club: Club,
                                                         make_member: MakeMember) -> None:
    anna, bram = make_member("Anna"), make_member("Bram")
    counted = tournament(club, [anna, bram])
    tournament(club, [bram, anna], kind=EventKind.EVENING)  # a club evening
    tournament(club, [bram, anna], finish=False)  # still running
    tournament(club, [bram, anna], ruleset="hongkong")  # another rule set
    services.recompute("nts", as_of=TODAY)
    assert set(RankingResult.objects.values_list("event_id", flat=True)) == {counted.pk}
    hongkong = services.recompute("hongkong", as_of=TODAY)
    assert hongkong.ruleset == "hongkong" and hongkong.results.count() == 2


def test_a_player_needs_two_results(club: Club, make_member: MakeMember) -> None:
    """One tournament: results stored (for the player's page), nobody ranked."""
    anna, bram = make_member("Anna"), make_member("Bram")
    tournament(club, [anna, bram])
    run = services.recompute("nts", as_of=TODAY)
    assert run.players == 0 and not run.entries.exists()
    assert run.results.count() == 2


def test_results_older_than_two_years_no_longer_count(club: Club,
                                                      make_member: MakeMember) -> None:
    anna, bram = make_member("Anna"), make_member("Bram")
    tournament(club, [anna, bram], day=datetime.date(2029, 5, 1))
    tournament(club, [anna, bram], day=datetime.date(2031, 5, 1))
    run = services.recompute("nts", as_of=TODAY)
    assert not run.entries.exists()  # one result each still counts
    old = run.results.get(member=anna, last_day=datetime.date(2029, 5, 1))
    assert old.age_factor == 0 and not old.in_part_a and not old.in_part_b
    assert run.events == 1


def test_the_last_day_of_a_tournament_counts_for_its_age(club: Club,
                                                         make_member: MakeMember) -> None:
    """A 3-day tournament ending on 1 June 2030 (started 30 May) is exactly a
    year old on 1 June 2031: full weight; its weight is 3 days + 0 = 3."""
    anna, bram = make_member("Anna"), make_member("Bram")
    event = tournament(club, [anna, bram], day=datetime.date(2030, 6, 1), days=3)
    assert event.start_date == datetime.date(2030, 5, 30)
    services.recompute("nts", as_of=TODAY)
    row = RankingResult.objects.get(member=anna)
    assert (row.last_day, row.age_factor, row.event_weight) == (
        datetime.date(2030, 6, 1), 1.0, 3.0)


# --- Who is one player ---------------------------------------------------------------


def test_the_player_key_is_the_nmb_number_else_the_member() -> None:
    assert services.player_key(7, "12345") == "nmb-12345"
    assert services.player_key(7, " 12345 ") == "nmb-12345"
    assert services.player_key(7, None) == "member-7"
    assert services.player_key(7, "") == "member-7"


def test_members_of_two_clubs_with_one_nmb_number_are_one_player() -> None:
    """The same person, a member of two clubs under one NMB number, played
    two tournaments for one club and one for the other: one player with
    three results. (The installation keeps NMB numbers unique, so such
    records only meet here, in the grouping itself.)"""
    def played(member_id: int, club_id: int, event_id: int, place: int) -> services.Played:
        return services.Played(
            player_key=services.player_key(member_id, "4711"), member_id=member_id,
            name="Jan Jansen", club_id=club_id, event_id=event_id,
            last_day=datetime.date(2031, 5, event_id), days=1, place=place, players=4)

    grouped = services.group([played(1, 10, 1, 1), played(1, 10, 2, 2),
                              played(2, 20, 3, 1)])
    assert list(grouped) == ["nmb-4711"]
    assert [r.event_id for r in grouped["nmb-4711"]] == [1, 2, 3]
    computed = services.compute([played(1, 10, 1, 1), played(2, 20, 3, 1)], TODAY,
                                services.ranking_config())
    assert len(computed) == 1 and computed[0].position == 1


def test_one_player_twice_in_one_tournament_counts_once_with_the_better_place() -> None:
    def played(member_id: int, place: int) -> services.Played:
        return services.Played(player_key="nmb-1", member_id=member_id, name="X",
                               club_id=member_id, event_id=1, last_day=TODAY, days=1,
                               place=place, players=4)

    assert [r.place for r in services.group([played(1, 3), played(2, 1)])["nmb-1"]] == [1]


def test_a_member_without_nmb_number_is_a_player_by_member_record(
        club: Club, other_club: Club, make_member: MakeMember) -> None:
    """Two records of "Jan Jansen" without a number stay two players."""
    one = make_member("Jan", "Jansen", nmb_number=None)
    two = make_member("Jan", "Jansen", nmb_number=None, club=other_club)
    tournament(club, [one, two])
    tournament(club, [two, one])
    run = services.recompute("nts", as_of=TODAY)
    assert sorted(run.entries.values_list("player_key", flat=True)) == sorted(
        [f"member-{one.pk}", f"member-{two.pk}"])
    assert sorted(club.name for entry in run.entries.all() for club in entry.clubs.all()) == [
        "Fu-Hing", "Philos"]


# --- Storing runs ------------------------------------------------------------------------


def test_a_recompute_replaces_the_previous_run(club: Club, make_member: MakeMember) -> None:
    anna, bram = make_member("Anna"), make_member("Bram")
    tournament(club, [anna, bram])
    tournament(club, [anna, bram])
    first = services.recompute("nts", as_of=TODAY)
    assert entries(first)["Anna"] == (1, Decimal("450.00"))  # two wins: A 400, B 500
    tournament(club, [bram, anna])
    second = services.recompute("nts", as_of=TODAY)
    assert services.current_run("nts") == second
    first.refresh_from_db()
    # The previous run is kept (a reader that just looked it up still finds
    # its rows) until the next recomputation.
    assert first.status == RunStatus.PREVIOUS and first.entries.count() == 2
    # Bram: 0, 0 then 0, 0, 1000 (A = 1000 / 5, B = 1000 / 4): 225.
    assert entries(second)["Bram"] == (2, Decimal("225.00"))
    third = services.recompute("nts", as_of=TODAY)
    assert not RankingRun.objects.filter(pk=first.pk).exists()
    assert RankingRun.objects.filter(status=RunStatus.CURRENT).get() == third
    assert set(RankingEntry.objects.values_list("run_id", flat=True)) == {second.pk, third.pk}


def test_a_computation_that_started_earlier_never_replaces_a_later_one(
        club: Club, make_member: MakeMember) -> None:
    later = RankingRun.objects.create(
        ruleset="nts", started_at=timezone.now() + datetime.timedelta(minutes=1),
        computed_at=timezone.now(), as_of=TODAY)
    tournament(club, [make_member("Anna"), make_member("Bram")])
    assert services.recompute("nts", as_of=TODAY) == later
    assert RankingRun.objects.count() == 1


def test_recompute_all_computes_every_rule_set(club: Club, make_member: MakeMember) -> None:
    runs = services.recompute_all(as_of=TODAY)
    assert sorted(run.ruleset for run in runs) == sorted(RULESETS)
    assert RankingRun.objects.filter(status=RunStatus.CURRENT).count() == len(RULESETS)


def test_the_command_recomputes(club: Club, make_member: MakeMember,
                                capsys: pytest.CaptureFixture[str]) -> None:
    anna, bram = make_member("Anna"), make_member("Bram")
    tournament(club, [anna, bram])
    tournament(club, [bram, anna])
    call_command("recompute_rankings", "--ruleset", "nts", "--as-of", "2031-06-01")
    assert "nts: 2 players ranked from 2 tournaments, as of 2031-06-01" in capsys.readouterr().out
    call_command("recompute_rankings")
    assert RankingRun.objects.filter(status=RunStatus.CURRENT).count() == len(RULESETS)


# --- The rating history -----------------------------------------------------------------


def test_rating_history_after_each_tournament(club: Club, make_member: MakeMember) -> None:
    """Anna wins on 1 March (one result: not ranked yet), is 2nd of 2 on
    1 April: A = 1000 / 5 = 200, B = 1000 / 4 = 250, rating 225; wins on
    1 May: A = 2000 / 5 = 400, B = 2000 / 4 = 500, rating 450."""
    anna, bram = make_member("Anna"), make_member("Bram")
    tournament(club, [anna, bram], day=datetime.date(2031, 3, 1))
    tournament(club, [bram, anna], day=datetime.date(2031, 4, 1))
    tournament(club, [anna, bram], day=datetime.date(2031, 5, 1))
    assert services.rating_history(anna, "nts") == []  # nothing computed yet
    services.recompute("nts", as_of=TODAY)
    assert services.rating_history(anna, "nts") == [
        (datetime.date(2031, 4, 1), 225.0), (datetime.date(2031, 5, 1), 450.0)]
    assert services.rating_history(anna, "hongkong") == []
    assert services.rating_history(make_member("Cor"), "nts") == []
