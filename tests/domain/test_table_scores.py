"""Table results entered whole (tournaments/services/table_scores.py) for the
rule sets scored by table result: MCR (EMA Mahjong Competition Rules: table
sums to 0, 4-2-1-0) and Riichi (EMA Riichi Competition Rules 2016: final
points sum to 4 x 30,000, uma 15/5/-5/-15). Version check, audit trail,
permissions, round closing and standings."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import translation

from tests.support import worlds
from tests.support.factories import UserFactory
from tournaments.models import HandAction, RoundStatus, Scorekeeper, Table, TableResult
from tournaments.services import rounds, standings, table_scores
from tournaments.services.hand_audit import VersionConflict
from tournaments.services.table_results import table_results

pytestmark = pytest.mark.django_db


def started(ruleset: str = "mcr", players: int = 8, **fields: Any) -> tuple[worlds.World, Any]:
    organiser = UserFactory(username="organiser")
    club = worlds.club(organisers=[organiser])
    world = worlds.tournament(club, players=players, played=0, open_round=True,
                             ruleset=ruleset, **fields)
    return world, organiser


def seats(table: Table) -> list[int]:
    return list(table.seats.order_by("position").values_list("registration_id", flat=True))


def enter(table: Table, values: list[int], user: Any) -> list[TableResult]:
    table.refresh_from_db()
    return table_scores.record_table_result(table, dict(zip(seats(table), values, strict=True)),
                                            user, table.version)


def test_a_table_result_writes_results_audit_version_and_freezes_rules() -> None:
    world, organiser = started()
    table = world.rounds[0].tables.get(number=1)
    rows = enter(table, [10, 10, -5, -15], organiser)
    assert [(row.score, row.table_points, row.rank) for row in rows] == [
        (10, Decimal(3), 1), (10, Decimal(3), 1), (-5, Decimal(1), 3), (-15, Decimal(0), 4)]
    table.refresh_from_db()
    world.event.refresh_from_db()
    assert table.version == 1 and table.finished_at is not None
    assert world.event.rules_frozen_at is not None
    change = table.hand_changes.get()
    assert (change.action, change.number, change.old) == (HandAction.RESULT, 0, None)
    assert [player["score"] for player in change.new["players"]] == [10, 10, -5, -15]


def test_a_wrong_sum_names_the_table_and_the_difference_and_changes_nothing() -> None:
    world, organiser = started()
    table = world.rounds[0].tables.get(number=2)
    with pytest.raises(ValidationError) as refused:
        enter(table, [10, 10, -5, -3], organiser)
    assert refused.value.messages == [
        "Table 2: the scores add up to 12, not 0 (12 too many)"]
    table.refresh_from_db()
    assert table.version == 0 and not table.results.exists() and not table.hand_changes.exists()


def test_the_wrong_sum_in_dutch() -> None:

    world, organiser = started()
    table = world.rounds[0].tables.get(number=1)
    with translation.override("nl"), pytest.raises(ValidationError) as refused:
        enter(table, [10, 10, -5, -3], organiser)
    assert refused.value.messages == ["Tafel 1: de scores tellen op tot 12, niet 0 (12 te veel)"]


def test_a_page_that_saw_an_older_version_is_refused() -> None:
    world, organiser = started()
    table = world.rounds[0].tables.get(number=1)
    enter(table, [10, 10, -5, -15], organiser)
    with pytest.raises(VersionConflict) as conflict:
        table_scores.record_table_result(
            table, dict(zip(seats(table), [20, 0, -5, -15], strict=True)), organiser, 0)
    assert "result was entered by" in str(conflict.value.messages[0])
    assert TableResult.objects.filter(table=table, score=20).count() == 0


def test_a_correction_keeps_the_old_result_in_the_audit_trail() -> None:
    world, organiser = started()
    table = world.rounds[0].tables.get(number=1)
    enter(table, [10, 10, -5, -15], organiser)
    enter(table, [20, 0, -5, -15], organiser)
    enter(table, [20, 0, -5, -15], organiser)  # the same again: nothing changes
    table.refresh_from_db()
    assert table.version == 2
    last = table.hand_changes.order_by("-pk").first()
    assert last is not None
    assert [p["score"] for p in last.old["players"]] == [10, 10, -5, -15]
    assert [p["score"] for p in last.new["players"]] == [20, 0, -5, -15]
    assert sorted(table.results.values_list("table_points", flat=True)) == [0, 1, 2, 4]


def test_permissions_are_those_of_the_hands() -> None:
    world, organiser = started()
    table = world.rounds[0].tables.get(number=1)
    other_table = world.rounds[0].tables.get(number=2)
    keeper = UserFactory(username="keeper", is_staff=False)
    Scorekeeper.objects.create(user=keeper, event=world.event, table_number=1)
    outsider = UserFactory(username="outsider", is_staff=False)
    enter(table, [10, 10, -5, -15], keeper)
    with pytest.raises(PermissionDenied):
        enter(other_table, [10, 10, -5, -15], keeper)
    with pytest.raises(PermissionDenied):
        enter(table, [20, 0, -5, -15], outsider)
    enter(other_table, [1, 0, 0, -1], organiser)
    rounds.close_round(world.rounds[0])
    # Closed: the organiser corrects; the scorekeeper no longer can.
    with pytest.raises(PermissionDenied):
        enter(table, [20, 0, -5, -15], keeper)
    enter(table, [20, 0, -5, -15], organiser)
    assert world.event.rounds.get().status == RoundStatus.CLOSED


def test_closing_needs_every_tables_result_and_keeps_them() -> None:
    world, organiser = started(players=12)
    round_ = world.rounds[0]
    enter(round_.tables.get(number=2), [10, 10, -5, -15], organiser)
    check = rounds.closing_check(round_)
    assert check.blocking == ["No results have been entered for tables 1, 3."]
    with pytest.raises(ValidationError):
        rounds.close_round(round_)
    enter(round_.tables.get(number=1), [40, 10, -20, -30], organiser)
    enter(round_.tables.get(number=3), [0, 0, 0, 0], organiser)
    rounds.close_round(round_)
    table = round_.tables.get(number=2)
    # table_results() gives back the results entered, never recomputed from hands.
    assert [r.score for r in table_results(world.event, table)] == [10, 10, -5, -15]
    assert TableResult.objects.filter(table__round=round_).count() == 12


def test_clearing_while_played_only() -> None:
    world, organiser = started()
    round_ = world.rounds[0]
    table = round_.tables.get(number=1)
    enter(table, [10, 10, -5, -15], organiser)
    table.refresh_from_db()
    table_scores.clear_table_result(table, organiser, table.version)
    table.refresh_from_db()
    assert not table.results.exists() and table.finished_at is None and table.version == 2
    assert table.hand_changes.order_by("-pk").first().new is None  # type: ignore[union-attr]
    enter(table, [10, 10, -5, -15], organiser)
    enter(round_.tables.get(number=2), [10, 10, -5, -15], organiser)
    rounds.close_round(round_)
    table.refresh_from_db()
    with pytest.raises(ValidationError):
        table_scores.clear_table_result(table, organiser, table.version)


def test_a_missing_player_is_named() -> None:
    world, organiser = started()
    table = world.rounds[0].tables.get(number=1)
    ids = seats(table)
    with pytest.raises(ValidationError) as refused:
        table_scores.record_table_result(table, {ids[0]: 0, ids[1]: 0, ids[2]: 0},
                                         organiser, 0)
    assert "is missing" in refused.value.messages[0]


def test_a_hand_ruleset_event_refuses_a_table_result() -> None:
    world, organiser = started(ruleset="nts")
    table = world.rounds[0].tables.get(number=1)
    with pytest.raises(ValidationError) as refused:
        enter(table, [10, 10, -5, -15], organiser)
    assert "hand by hand" in refused.value.messages[0]


def test_standings_of_a_riichi_event_by_table_points_then_score() -> None:
    world, organiser = started(ruleset="riichi", rounds_planned=1,
                               rule_options={"uma": "15-5"})
    round_ = world.rounds[0]
    t1, t2 = round_.tables.get(number=1), round_.tables.get(number=2)
    enter(t1, [45_300, 32_100, 24_600, 18_000], organiser)
    enter(t2, [35_000, 35_000, 30_000, 20_000], organiser)
    live = standings.live_standings(world.event)
    assert [row.table_points for row in live.rows][:3] == [
        Decimal("30.3"), Decimal(15), Decimal(15)]
    rounds.close_round(round_)
    rows = standings.event_standings(world.event)
    assert [(row.table_points, row.score) for row in rows] == [
        (Decimal("30.3"), 15_300), (Decimal(15), 5_000), (Decimal(15), 5_000),
        (Decimal("7.1"), 2_100), (Decimal(-5), 0), (Decimal("-10.4"), -5_400),
        (Decimal(-25), -10_000), (Decimal(-27), -12_000)]
    assert [row.position for row in rows][:3] == [1, 2, 2]
    world.event.refresh_from_db()
    assert world.event.status == "finished"


def test_seating_needs_tables_of_four() -> None:
    # MCR and Riichi are played by four at a table (EMA rules): 9 players
    # are refused, never seated at tables of 3 or 5.
    organiser = UserFactory(username="organiser")
    world = worlds.tournament(worlds.club(organisers=[organiser]), players=9, played=0,
                              finish=False, ruleset="mcr")
    with pytest.raises(ValidationError) as refused:
        rounds.seat_round(rounds.add_round(world.event), seed=1)
    assert refused.value.messages == [
        "9 players cannot be seated in round 1: MCR is played at tables of 4 only: add 3 "
        "(substitutes or guests) or withdraw 1 (or mark them \"arrives later\" at the door)."]


def test_the_rule_set_decides_ranking_and_table_points() -> None:
    from tournaments.services import create_event
    organiser = UserFactory(username="organiser")
    event = create_event(worlds.club(organisers=[organiser]), kind="tournament", title="MCR",
                         start_date=worlds.datetime.date(2030, 5, 1), ruleset="riichi",
                         ranking_order="score", tie_rule="tiebreak",
                         rule_options={"uma": "30-10"})
    assert (event.ranking_order, event.tie_rule) == ("table_points", "share")
    assert event.table_point_scheme == "4-2-1-0"


def test_riichi_totals_over_rounds_stay_exact() -> None:
    """7.1 + -10.4 is -3.3 (a sum of decimals, never of floats: SQLite's SUM)."""
    world, organiser = started(ruleset="riichi", players=4, rounds_planned=3)
    round_ = world.rounds[0]
    table = round_.tables.get()
    ids = seats(table)
    enter(table, [45_300, 32_100, 24_600, 18_000], organiser)  # 30.3, 7.1, -10.4, -27
    rounds.close_round(round_)
    second = rounds.start_round(rounds.seat_round(rounds.add_round(world.event), seed=3))
    table = second.tables.get()
    order = seats(table)
    finals = {ids[0]: 24_600, ids[1]: 24_600, ids[2]: 45_300, ids[3]: 25_500}
    enter(table, [finals[pk] for pk in order], organiser)
    rounds.close_round(second)
    rows = {row.key: row.table_points for row in standings.event_standings(world.event)}
    # The second player: 7.1, then 24,600 tied with another for 3rd and 4th
    # (-5.4 and the shared uma of -5 and -15: -10).
    assert rows[ids[1]] == Decimal("7.1") + Decimal("-5.4") + Decimal(-10)
    assert str(rows[ids[1]]) == "-8.30000"
