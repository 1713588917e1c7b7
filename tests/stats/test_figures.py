"""Every statistic of the data set of conftest.py, counted by hand."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs.models import Member
from stats import compute, services
from stats.models import GroupScope, GroupStatistics, PlayerStatistics
from tests.stats.conftest import HK_DATE, NTS_DATE, THIRTEEN_ORPHANS, World, build
from tournaments.models import EventStatus, TableResult
from tournaments.services import standings as standings_service

pytestmark = pytest.mark.django_db


def player(key: str) -> dict[str, Any]:
    return PlayerStatistics.objects.get(key=key).payload


def group(scope: str, pk: int) -> dict[str, Any]:
    return GroupStatistics.objects.get(scope=scope, object_id=pk).payload


def counts(tally: dict[str, Any]) -> tuple[int, int, int, int]:
    return (tally["hands"], tally["won"], tally["won_hands"], tally["dealt_in"])


@pytest.fixture
def computed(world: World) -> World:
    assert services.recompute_all() == 4  # Anna, Bram, Cor, Dirk; not the guest
    return world


def test_players_are_people_keyed_by_nmb_number(computed: World) -> None:
    cor = computed.members["Cor"]
    assert set(PlayerStatistics.objects.values_list("key", flat=True)) == {
        "nmb-1001", "nmb-1002", f"member-{cor.pk}", "nmb-1004"}


def test_hands_mahjongs_and_deal_ins(computed: World) -> None:
    cor = f"member-{computed.members['Cor'].pk}"
    # (hands played, mahjongs, hands somebody won, deal-ins): see conftest.py.
    expected = {
        "nmb-1001": {"all": (12, 3, 9, 2), "tournament": (7, 2, 6, 2), "evening": (5, 1, 3, 0)},
        "nmb-1002": {"all": (12, 3, 9, 1), "tournament": (7, 2, 6, 1), "evening": (5, 1, 3, 0)},
        cor: {"all": (12, 1, 9, 2), "tournament": (7, 1, 6, 1), "evening": (5, 0, 3, 1)},
        "nmb-1004": {"all": (7, 1, 6, 0), "tournament": (7, 1, 6, 0), "evening": (0, 0, 0, 0)},
    }
    for key, scopes in expected.items():
        payload = player(key)
        assert {scope: counts(payload["scopes"][scope]) for scope in scopes} == scopes, key


def test_values_per_rule_set_never_mix_units(computed: World) -> None:
    anna = player("nmb-1001")["scopes"]["all"]["rulesets"]
    # NTS points: 40 and the 2000 limit; Hong Kong fan: one 9-fan hand.
    assert {name: (data["hands"], data["won"], data["value_sum"], data["value_count"])
            for name, data in anna.items()} == {"nts": (7, 2, 2040, 2), "hongkong": (5, 1, 9, 1)}
    bram = player("nmb-1002")["scopes"]["all"]["rulesets"]
    assert (bram["nts"]["value_sum"], bram["hongkong"]["value_sum"]) == (96 + 64, 20)
    # Cor won nothing at Hong Kong: no value, no best hand.
    cor = player(f"member-{computed.members['Cor'].pk}")["scopes"]["all"]["rulesets"]
    assert cor["hongkong"] == {"hands": 5, "won": 0, "value_sum": 0, "value_count": 0,
                               "best": []}


def test_best_hand_per_rule_set_with_its_tiles(computed: World) -> None:
    anna = player("nmb-1001")["scopes"]["all"]["rulesets"]
    nts = anna["nts"]["best"][0]
    assert (nts["value"], nts["limit"], nts["date"], nts["round"], nts["number"]) == (
        2000, "thirteen_orphans", NTS_DATE.isoformat(), 1, 3)
    assert nts["tiles"] == {"concealed": THIRTEEN_ORPHANS, "melds": []}
    assert nts["event"] == computed.nts.pk
    hong_kong = anna["hongkong"]["best"][0]
    assert (hong_kong["value"], hong_kong["limit"], hong_kong["tiles"]) == (
        9, None, {"concealed": "12345678999m555z", "melds": []})
    # Bram's best NTS hand is the worked example (by tiles), not the 64 by values.
    bram = player("nmb-1002")["scopes"]["all"]["rulesets"]["nts"]["best"][0]
    assert (bram["value"], bram["tiles"]["concealed"]) == (96, "234456m345678p33s")
    # Dirk's only win was entered by values: no tiles.
    dirk = player("nmb-1004")["scopes"]["all"]["rulesets"]["nts"]["best"][0]
    assert (dirk["value"], dirk["tiles"]) == (32, None)


def test_limit_hands(computed: World) -> None:
    anna = player("nmb-1001")["scopes"]
    assert [(ref["ruleset"], ref["limit"]) for ref in anna["all"]["limits"]] == [
        ("nts", "thirteen_orphans")]
    assert anna["evening"]["limits"] == []
    bram = player("nmb-1002")["scopes"]["all"]["limits"]
    assert [(ref["ruleset"], ref["limit"], ref["value"]) for ref in bram] == [
        ("hongkong", "thirteen_orphans", 20)]


def test_places_at_the_table(computed: World) -> None:
    for name in ("Anna", "Bram", "Cor", "Dirk"):
        member = computed.members[name]
        payload = player(services.canonical_key([member]))
        ranks = Counter(str(rank) for rank in TableResult.objects.filter(
            registration__member=member).values_list("rank", flat=True))
        assert payload["scopes"]["all"]["ranks"] == dict(ranks)
        assert payload["scopes"]["all"]["tables"] == sum(ranks.values())
    # Dirk played only the tournament: two tables, no club evening.
    assert player("nmb-1004")["scopes"]["evening"]["ranks"] == {}


def test_results_over_time_follow_the_standings(computed: World) -> None:
    for name in ("Anna", "Bram", "Cor", "Dirk"):
        member = computed.members[name]
        results = player(services.canonical_key([member]))["results"]
        assert [result["event"] for result in results] == [
            event.pk for event in (computed.hong_kong, computed.nts)
            if member.registrations.filter(event=event).exists()]  # oldest first
        for result in results:
            event = computed.hong_kong if result["event"] == computed.hong_kong.pk \
                else computed.nts
            final = {row.key: row for row in standings_service.event_standings(event)}
            row = final[result["reg"]]
            assert (result["position"], result["of"], result["score"]) == (
                row.position, 4, row.score)
            assert result["table_points"] == format(row.table_points.normalize(), "f")
            for number, position, field_size in result["rounds"]:
                after = {row.key: row for row in standings_service.event_standings(
                    event, after_round=number)}
                assert (position, field_size) == (after[result["reg"]].position, 4)
    anna = player("nmb-1001")["results"]
    assert [(result["kind"], len(result["rounds"])) for result in anna] == [
        ("evening", 1), ("tournament", 2)]


def test_event_figures(computed: World) -> None:
    nts = group(GroupScope.EVENT, computed.nts.pk)
    assert nts["counted"] == {"hands": 7, "won": 6, "discarded": 4}
    # Every player's hands added up: 4 players x 7 hands.
    assert counts(nts["tally"]) == (28, 6, 24, 4)
    best = nts["tally"]["rulesets"]["nts"]["best"]
    assert [ref["value"] for ref in best] == [2000, 96, 64, 48, 40]  # Dirk's 32 is 6th
    assert [ref["limit"] for ref in nts["tally"]["limits"]] == ["thirteen_orphans"]
    assert compute.most_mahjongs(nts["players"])[:2] == [
        [computed.players[computed.nts.title]["Anna"].pk, "nmb-1001", 7, 2],
        [computed.players[computed.nts.title]["Bram"].pk, "nmb-1002", 7, 2]]
    hong_kong = group(GroupScope.EVENT, computed.hong_kong.pk)
    # A false mahjong and a draw: 2 of 5 hands without a winner.
    assert hong_kong["counted"] == {"hands": 5, "won": 3, "discarded": 2}
    assert counts(hong_kong["tally"]) == (20, 3, 12, 2)
    assert [ref["value"] for ref in hong_kong["tally"]["rulesets"]["hongkong"]["best"]] == [
        20, 9, 7]
    # The guest counts at the event (and is listed, without a key).
    kees = computed.players[computed.hong_kong.title]["Kees"]
    assert [kees.pk, None, 5, 1] in hong_kong["players"]


def test_club_figures_and_hall_of_fame(computed: World) -> None:
    club = group(GroupScope.CLUB, computed.club.pk)["scopes"]
    assert club["all"]["events"] == 2
    assert club["all"]["counted"] == {"hands": 12, "won": 9, "discarded": 6}
    assert counts(club["all"]["tally"]) == (48, 9, 36, 6)
    assert counts(club["tournament"]["tally"]) == (28, 6, 24, 4)
    assert counts(club["evening"]["tally"]) == (20, 3, 12, 2)
    rulesets = club["all"]["tally"]["rulesets"]
    assert (rulesets["nts"]["value_sum"], rulesets["hongkong"]["value_sum"]) == (
        2000 + 40 + 96 + 64 + 48 + 32, 20 + 9 + 7)
    # Hall of fame: newest first, with who, the rule name and the tiles.
    fame = club["all"]["tally"]["limits"]
    assert [(ref["key"], ref["ruleset"], ref["limit"], ref["date"], ref["tiles"]["concealed"])
            for ref in fame] == [
        ("nmb-1001", "nts", "thirteen_orphans", NTS_DATE.isoformat(), THIRTEEN_ORPHANS),
        ("nmb-1002", "hongkong", "thirteen_orphans", HK_DATE.isoformat(), THIRTEEN_ORPHANS)]
    # Most mahjongs: people over both events; the guest is not listed.
    cor = f"member-{computed.members['Cor'].pk}"
    assert [(row[1], row[2], row[3]) for row in club["all"]["most"]] == [
        ("nmb-1001", 12, 3), ("nmb-1002", 12, 3), ("nmb-1004", 7, 1), (cor, 12, 1)]


def test_only_closed_rounds_of_published_events_count(db: Any) -> None:
    world = build(finish=False)
    round_ = world.rounds[-1]
    # A third round in play: its hands do not count yet.
    from tests.stats.conftest import by_values, seated
    layout = [world.players[world.nts.title][name] for name in ("Anna", "Bram", "Cor", "Dirk")]
    table = seated(world.nts, layout, seed=3).tables.get()
    from tournaments.services import hands as hand_service
    hand_service.record(table, by_values([2000, 0, 0, 0], 0), user=world.organiser)
    services.recompute_all()
    assert player("nmb-1001")["scopes"]["tournament"]["hands"] == 7
    assert round_.number == 2
    # A draft event counts nowhere.
    world.hong_kong.status = EventStatus.DRAFT
    world.hong_kong.save()
    services.recompute_all()
    assert player("nmb-1001")["scopes"]["all"]["hands"] == 7
    assert not GroupStatistics.objects.filter(scope=GroupScope.EVENT,
                                              object_id=world.hong_kong.pk).exists()
    assert group(GroupScope.CLUB, world.club.pk)["scopes"]["all"]["events"] == 1


def test_partial_recomputations_agree_with_the_full_one(computed: World) -> None:
    full_players = {row.key: row.payload for row in PlayerStatistics.objects.all()}
    full_groups = {(row.scope, row.object_id): row.payload
                   for row in GroupStatistics.objects.all()}
    PlayerStatistics.objects.all().delete()
    GroupStatistics.objects.all().delete()
    services.recompute_event(computed.nts.pk)  # its players, it, and the club's missing events
    assert {row.key: row.payload for row in PlayerStatistics.objects.all()} == full_players
    assert {(row.scope, row.object_id): row.payload
            for row in GroupStatistics.objects.all()} == full_groups
    PlayerStatistics.objects.all().delete()
    assert services.recompute_people(["nmb-1002"]) == {"nmb-1002": full_players["nmb-1002"]}
    GroupStatistics.objects.all().delete()
    assert services.recompute_club(computed.club.pk) == full_groups[(GroupScope.CLUB,
                                                                     computed.club.pk)]


def test_a_full_recomputation_replaces_every_row(computed: World) -> None:
    PlayerStatistics.objects.create(key="nmb-9999", payload={}, computed_at="2031-01-01T00:00Z")
    services.recompute_all()
    assert not PlayerStatistics.objects.filter(key="nmb-9999").exists()
    assert PlayerStatistics.objects.count() == 4


def test_recomputation_queries_do_not_grow_with_players(db: Any) -> None:
    """A few set-based queries: the same number for 4 players as for 8, for
    two events as for three."""
    build()
    with CaptureQueriesContext(connection) as small:
        services.recompute_all()
    from clubs.models import Club
    from tests.stats.conftest import by_values, seated
    from tournaments.services import create_event, rounds
    from tournaments.services import hands as hand_service
    from tournaments.services import registration as registrations

    club = Club.objects.get()
    event = create_event(club, title="Nog een avond", start_date=HK_DATE, rounds_planned=1)
    newcomers = [Member.objects.create(club=club, first_name=f"Nieuw{index}",
                                       last_name="Lid", nmb_number=f"20{index}")
                 for index in range(4)]
    players = [registrations.register(event, member=member) for member in newcomers]
    table = seated(event, players, seed=1).tables.get()
    for winner in range(4):
        hand_service.record(table, by_values([40 if p == winner else 8 for p in range(4)],
                                             winner), user=None)
    rounds.close_round(event.rounds.get())
    with CaptureQueriesContext(connection) as large:
        assert services.recompute_all() == 8
    assert len(large) == len(small) <= 20
