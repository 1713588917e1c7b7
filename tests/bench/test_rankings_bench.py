"""bench/rankings.py's installation at its tiny size (under a second): every hand is
what score entry would have stored, every table's results what closing the round
computes, and the standings, seasons and all-time ranking read it."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from clubs.models import Club, Member
from scoring.engine import RULESETS
from scoring.engine.deal import next_deal
from tournaments.models import Event, EventKind, EventStatus, Hand, Table, TableResult
from tournaments.services import club_competition, hand_entry, hand_scoring
from tournaments.services.standings import event_standings
from tournaments.services.table_results import table_results

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return importlib.import_module("bench.rankings")


@pytest.fixture
def built(bench: ModuleType) -> Any:
    return bench.build(bench.SIZES["tiny"], seed=7)


def test_it_builds_every_part_of_an_installation(built: Any) -> None:
    assert set(built.tournaments) == {"nts", "hongkong", "philos"}
    assert built.evenings > 0 and built.second_memberships > 0 and built.guests >= 0
    assert Hand.objects.count() == built.hands > 0
    assert Hand.objects.filter(entry__kind="tiles").count() == built.hands_by_tiles > 0
    assert TableResult.objects.count() == built.table_results == 4 * built.tables
    assert not Event.objects.exclude(status=EventStatus.FINISHED).exists()
    numbers = list(Member.objects.exclude(nmb_number=None).values_list("nmb_number", flat=True))
    assert 0 < len(numbers) == len(set(numbers)) < Member.objects.count()


def _tables() -> Iterator[Table]:
    yield from Table.objects.select_related("round__event").prefetch_related(
        "seats__registration__member", "hands").order_by("pk")


def test_every_hand_is_what_score_entry_stores(built: Any) -> None:
    for table in _tables():
        event = table.round.event
        seats = {seat.position: seat for seat in table.seats.all()}
        hands = sorted(table.hands.all(), key=lambda hand: hand.number)
        assert table.version == len(hands) > 0
        dealt = hand_scoring.dealt(table)
        for index, hand in enumerate(hands):
            # The entry as the service normalises it, East and the prevailing wind
            # as the table's previous hands deal them ...
            given = {k: v for k, v in hand.entry.items() if k != "kind"}
            assert hand_entry.normalise(given, event.ruleset) == hand.entry
            deal = next_deal([0, 1, 2, 3], dealt[:index],
                             RULESETS[event.ruleset].five_player_schedule)
            assert (hand.entry["east"], hand.game["prevailing_wind"]) == (
                deal.east, deal.prevailing)
            # ... and the engine's input and result as the service makes them.
            game, result, winds = hand_scoring.score_entry(table, event, seats, hand.entry,
                                                         deal.prevailing)
            assert (game, result) == (hand.game, hand.result)
            scores = {(s.registration_id, s.seat_wind, s.value, s.settlement)
                      for s in hand.scores.all()}
            assert scores == {(seats[p].registration_id, wind, result["scores"][wind],
                               result["settlement"][wind]) for p, wind in winds.items()}


def test_every_table_has_the_results_closing_computes(built: Any) -> None:
    for table in _tables():
        stored = {(r.registration_id, r.score, r.table_points, r.mahjongs, r.deal_ins, r.rank)
                  for r in table.results.all()}
        computed = {(r.registration_id, r.score, r.table_points, r.mahjongs, r.deal_ins, r.rank)
                    for r in table_results(table.round.event, table)}
        assert stored == computed


def test_the_standings_seasons_and_all_time_ranking_read_it(built: Any) -> None:
    for event in Event.objects.filter(kind=EventKind.TOURNAMENT):
        rows = event_standings(event)
        assert rows and rows[0].position == 1
    club = Club.objects.filter(events__kind=EventKind.EVENING).distinct().get()
    years = {day.year for day in club.events.dates("start_date", "year")}
    assert all(club_competition.season_standings(club, year) for year in years)
    assert club_competition.all_time_standings(club)[0].position == 1


def test_it_names_the_services_it_misses(bench: ModuleType,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "rankings.services", None)  # import fails
    monkeypatch.setitem(sys.modules, "stats.services", None)
    missing = "\n".join(bench.missing_services())
    assert "rankings.services.recompute_all()" in missing
    assert "stats.services.recompute_all()" in missing


def test_the_whole_benchmark_runs_at_its_tiny_size() -> None:
    """The script as `make bench` runs it (a fresh SQLite file, the memory child,
    the pages), at the tiny size: about 5 seconds."""
    process = subprocess.run(
        [sys.executable, "-m", "bench.rankings", "--size", "tiny", "--requests", "5", "--json"],
        capture_output=True, text=True, check=False, timeout=300, cwd=ROOT,
        env={k: v for k, v in os.environ.items() if k != "DATABASE_URL"})
    assert process.returncode in (0, 1), process.stderr[-3000:]  # 1: a target missed
    results = json.loads(process.stdout)
    assert results["built"]["hands"] > 0 and len(results["recompute_runs"]) == 3
    assert "peak_mb" in results["memory"], results["memory"]
    for page in results["pages"].values():
        if isinstance(page, dict):
            assert page["requests"] == 5 and page["errors"] == 0, page
