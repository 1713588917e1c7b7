"""tournaments.services.rounds: seating, swaps, starting, hands, closing."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from tests.domain.conftest import arrange, make_event, tables_of
from tests.support.factories import MemberFactory
from tournaments.models import (
    Event,
    EventStatus,
    HandScore,
    OddTables,
    Round,
    RoundStatus,
    SeatingMethod,
    TableResult,
)
from tournaments.services import update_event
from tournaments.services.registration import (
    check_in,
    drop_out,
    register,
    substitute,
    withdraw,
)
from tournaments.services.rounds import (
    add_round,
    close_round,
    record_hand,
    seat_round,
    start_round,
    swap_players,
)

pytestmark = pytest.mark.django_db


def seated(event: Event, number: int = 1, **options: object) -> Round:
    round_ = add_round(event)
    assert round_.number == number
    return seat_round(round_, seed=7, **options)  # type: ignore[arg-type]


def sizes(round_: Round) -> list[int]:
    return [len(table) for table in tables_of(round_)]


def seated_ids(round_: Round) -> list[int]:
    return sorted(round_.seats.values_list("registration_id", flat=True))


def play_one_hand_everywhere(round_: Round) -> None:
    for table in round_.tables.all():
        positions = list(table.seats.values_list("position", flat=True))
        playing = positions[:4]
        record_hand(table, values={p: 8 * (i + 1) for i, p in enumerate(playing)},
                    winner=playing[-1], east=playing[0])


# --- Seating -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "odd_tables", "expected"),
    [
        (8, OddTables.FIVE, [4, 4]),
        (9, OddTables.FIVE, [5, 4]),
        (9, OddTables.THREE, [3, 3, 3]),
        (12, OddTables.FIVE, [4, 4, 4]),
    ],
    ids=["8", "9-five", "9-three", "12"],
)
def test_it_seats_every_present_player_once(players: int, odd_tables: str,
                                            expected: list[int]) -> None:
    event, registrations = make_event(players, odd_tables=odd_tables)
    round_ = seated(event)
    assert round_.status == RoundStatus.SEATED
    assert sorted(sizes(round_), reverse=True) == expected
    assert seated_ids(round_) == sorted(r.pk for r in registrations)
    report = round_.seating_report
    assert report["method"] == SeatingMethod.RANDOM and report["seed"] == 7
    assert report["repeat_meetings"] == []


def test_round_one_is_random_and_later_rounds_use_the_events_method() -> None:
    event, _ = make_event(8, seating_method=SeatingMethod.FUHING)
    assert add_round(event).seating_method == SeatingMethod.RANDOM
    assert add_round(event).seating_method == SeatingMethod.FUHING
    assert add_round(event, seating_method="swiss").seating_method == SeatingMethod.SWISS
    with pytest.raises(ValidationError):
        add_round(event, seating_method="alphabetical")


def test_too_few_players_cannot_be_seated() -> None:
    event, _ = make_event(2)
    round_ = add_round(event)
    with pytest.raises(ValidationError, match="a table needs at least 3"):
        seat_round(round_)
    round_.refresh_from_db()
    assert round_.status == RoundStatus.PLANNED and not round_.tables.exists()


def test_once_check_in_starts_only_checked_in_players_are_seated() -> None:
    event, players = make_event(9)
    for player in players[:8]:
        check_in(player)
    round_ = seated(event)
    assert seated_ids(round_) == sorted(p.pk for p in players[:8])


def test_a_late_arrival_is_seated_from_the_next_round() -> None:
    event, players = make_event(9)
    for player in players[:8]:
        check_in(player)
    first = seated(event)
    check_in(players[8], late=True)  # arrives after round 1 was seated
    assert players[8].pk not in seated_ids(first)
    start_round(first)
    play_one_hand_everywhere(first)
    close_round(first)
    second = seated(event, 2)
    assert players[8].pk in seated_ids(second)
    assert sorted(sizes(second), reverse=True) == [5, 4]


def test_a_dropout_between_rounds_is_not_seated_again() -> None:
    event, players = make_event(9)
    first = seated(event)
    start_round(first)
    play_one_hand_everywhere(first)
    close_round(first)
    drop_out(players[0], after_round=1)
    second = seated(event, 2)
    assert players[0].pk not in seated_ids(second)
    assert sizes(second) == [4, 4]


def test_a_player_cannot_drop_out_of_a_round_they_played() -> None:
    event, players = make_event(8)
    first = seated(event)
    start_round(first)
    with pytest.raises(ValidationError, match="has played in round 1"):
        drop_out(players[0], after_round=0)
    with pytest.raises(ValidationError, match="has played"):
        withdraw(players[0])


def test_seating_a_player_who_dropped_out_is_refused() -> None:
    event, players = make_event(9)
    first = seated(event)
    start_round(first)
    play_one_hand_everywhere(first)
    close_round(first)
    drop_out(players[0], after_round=1)
    second = seated(event, 2)
    seated_player = second.seats.first().registration
    with pytest.raises(ValidationError, match="dropped out after round 1"):
        swap_players(second, seated_player, players[0])
    assert players[0].pk not in seated_ids(second)


def test_a_round_with_a_dropped_player_seated_does_not_start() -> None:
    event, players = make_event(8)
    first = seated(event)
    start_round(first)
    play_one_hand_everywhere(first)
    close_round(first)
    second = seated(event, 2)  # seated before the dropout was known
    drop_out(players[3], after_round=1)
    with pytest.raises(ValidationError, match="dropped out after round 1"):
        start_round(second)
    second.refresh_from_db()
    assert second.status == RoundStatus.SEATED


def test_a_substitute_takes_the_dropped_players_seat() -> None:
    # Three rounds planned: the event does not finish after the second.
    event, players = make_event(8, rounds_planned=3)
    first = seated(event)
    start_round(first)
    play_one_hand_everywhere(first)
    close_round(first)
    second = seated(event, 2)
    seat = second.seats.get(registration=players[3])
    drop_out(players[3], after_round=1)
    sub = substitute(players[3], member=MemberFactory(club=event.club))
    seat.refresh_from_db()
    assert seat.registration == sub
    start_round(second)
    # ... and is seated in the player's place when rounds are seated later.
    play_one_hand_everywhere(second)
    close_round(second)
    third = seated(event, 3)
    assert sub.pk in seated_ids(third) and players[3].pk not in seated_ids(third)


def test_fuhing_seating_needs_the_previous_round_closed() -> None:
    event, _ = make_event(8)
    first = seated(event)
    start_round(first)
    second = add_round(event, seating_method=SeatingMethod.FUHING)
    with pytest.raises(ValidationError, match="Round 1 is not closed"):
        seat_round(second)


def test_fuhing_seats_the_best_four_at_table_one() -> None:
    event, players = make_event(8)
    first = seated(event)
    arrange(first, [players[0:4], players[4:8]])
    start_round(first)
    tables = list(first.tables.order_by("number"))
    # Winners: Anna (table 1) and Femke (table 2); the rest by value.
    record_hand(tables[0], values={0: 40, 1: 30, 2: 20, 3: 10}, winner=0, east=0)
    record_hand(tables[1], values={0: 10, 1: 40, 2: 30, 3: 20}, winner=1, east=0)
    close_round(first)
    second = add_round(event, seating_method=SeatingMethod.FUHING)
    seat_round(second, seed=3)
    # 4 points: Anna, Femke; 2 points: Bram (20), Gert (30) -> table 1.
    assert sorted(tables_of(second)[0]) == ["Anna", "Bram", "Femke", "Gert"]


# --- Swaps -------------------------------------------------------------------


def test_two_players_are_swapped_before_the_start() -> None:
    event, players = make_event(8)
    round_ = seated(event)
    arrange(round_, [players[0:4], players[4:8]])
    swap_players(round_, players[0], players[7])
    assert tables_of(round_) == [["Hans", "Bram", "Cor", "Dirk"],
                                 ["Els", "Femke", "Gert", "Anna"]]
    round_.refresh_from_db()
    assert round_.seating_report["swapped"] is True


def test_seating_is_locked_once_the_round_starts() -> None:
    event, players = make_event(8)
    round_ = seated(event)
    start_round(round_)
    before = tables_of(round_)
    with pytest.raises(ValidationError, match="locked"):
        swap_players(round_, players[0], players[7])
    with pytest.raises(ValidationError, match="locked"):
        seat_round(round_)
    assert tables_of(round_) == before


def test_an_unseated_player_may_take_a_seat_by_swap() -> None:
    event, players = make_event(8)
    round_ = seated(event)
    newcomer = register(event, member=MemberFactory(club=event.club, first_name="Zeger"))
    swap_players(round_, players[0], newcomer)
    assert newcomer.pk in seated_ids(round_) and players[0].pk not in seated_ids(round_)


# --- Starting ----------------------------------------------------------------


def test_a_round_with_a_table_short_of_players_does_not_start() -> None:
    event, players = make_event(8)
    round_ = seated(event)
    withdraw(players[2])  # frees the seat: the table is one short
    with pytest.raises(ValidationError, match="short of players"):
        start_round(round_)
    round_.refresh_from_db()
    assert round_.status == RoundStatus.SEATED and round_.started_at is None


def test_a_table_of_three_starts_only_when_the_event_chose_tables_of_three() -> None:
    event, players = make_event(9, odd_tables=OddTables.THREE)
    assert start_round(seated(event)).status == RoundStatus.STARTED


def test_starting_needs_a_seated_round_and_the_earlier_rounds_closed() -> None:
    event, _ = make_event(8)
    first = add_round(event)
    with pytest.raises(ValidationError, match="not been seated"):
        start_round(first)
    seat_round(first, seed=1)
    start_round(first)
    second = seated(event, 2)
    with pytest.raises(ValidationError, match="Round 1 is not closed"):
        start_round(second)
    event.refresh_from_db()
    assert event.status == EventStatus.RUNNING


# --- Hands -------------------------------------------------------------------


def test_hands_only_while_the_round_is_played() -> None:
    event, _ = make_event(8)
    round_ = seated(event)
    table = round_.tables.first()
    with pytest.raises(ValidationError, match="being played"):
        record_hand(table, values={0: 0, 1: 20, 2: 0, 3: 0}, winner=1, east=0)
    start_round(round_)
    play_one_hand_everywhere(round_)
    close_round(round_)
    with pytest.raises(ValidationError, match="being played"):
        record_hand(table, values={0: 0, 1: 20, 2: 0, 3: 0}, winner=1, east=0)


def test_the_first_hand_freezes_the_rules() -> None:
    event, _ = make_event(8, rule_options={"round_to_tens": False})
    round_ = seated(event)
    start_round(round_)
    update_event(event, rule_options={"round_to_tens": True})  # not frozen yet
    record_hand(round_.tables.first(), values={0: 0, 1: 20, 2: 0, 3: 0}, winner=1, east=0)
    event.refresh_from_db()
    assert event.rules_frozen_at is not None
    with pytest.raises(ValidationError) as error:
        update_event(event, rule_options={"round_to_tens": False})
    assert "rule_options" in error.value.message_dict
    update_event(event, title="Renamed")  # other details still change
    event.refresh_from_db()
    assert event.rule_options == {"round_to_tens": True} and event.title == "Renamed"


def test_a_hand_the_engine_refuses_writes_nothing() -> None:
    event, _ = make_event(8)
    round_ = seated(event)
    start_round(round_)
    with pytest.raises(ValidationError, match="cannot be settled"):
        record_hand(round_.tables.first(), values={0: 0, 1: 5000, 2: 0, 3: 0}, winner=1, east=0)
    event.refresh_from_db()
    assert event.rules_frozen_at is None and not HandScore.objects.exists()


def test_a_hand_needs_every_player_and_sensible_roles() -> None:
    event, _ = make_event(8)
    round_ = seated(event)
    start_round(round_)
    table = round_.tables.first()
    with pytest.raises(ValidationError, match="every player"):
        record_hand(table, values={0: 0, 1: 20, 2: 0}, winner=1, east=0)
    with pytest.raises(ValidationError, match="winner cannot have discarded"):
        record_hand(table, values={0: 0, 1: 20, 2: 0, 3: 0}, winner=1, east=0, discarder=1)


def test_winds_follow_east_at_a_table_of_four() -> None:
    event, _ = make_event(8)
    round_ = seated(event)
    start_round(round_)
    hand = record_hand(round_.tables.first(), values={0: 8, 1: 0, 2: 30, 3: 4}, winner=2,
                       east=1, discarder=0)
    winds = {s.registration.seats.get(round=round_).position: s.seat_wind
             for s in hand.scores.all()}
    assert winds == {1: "E", 2: "S", 3: "W", 0: "N"}
    assert hand.game["discarder"] == "N" and hand.game["winner"] == "S"


@pytest.mark.parametrize(("ruleset", "loser", "winds"), [
    # Seed 001 "Schema bij een tafel van 5 spelers", spel 2: D (position 3)
    # sits out, B (1) is East, C (2) South, E (4) West, A (0) North.
    ("hongkong", 0, {"E": 1, "S": 2, "W": 4, "N": 0}),
    # Seed 003 "Vijf spelers" (the dreamer), hand 5: D dreams, E (4) is East,
    # A (0) South, B (1) West, C (2) North.
    ("nts", 4, {"E": 4, "S": 0, "W": 1, "N": 2}),
])
def test_the_fifth_player_sits_out_by_the_rule_sets_schedule(
        ruleset: str, loser: int, winds: dict[str, int]) -> None:
    event, _ = make_event(9, ruleset=ruleset)
    round_ = seated(event)
    start_round(round_)
    table = next(t for t in round_.tables.all() if t.seats.count() == 5)
    values = {0: loser, 1: 0, 2: 0, 4: 20}
    hand = record_hand(table, values=values, winner=4, east=winds["E"])
    assert {score.seat_wind: score.registration.seats.get(round=round_).position
            for score in hand.scores.all()} == winds
    with pytest.raises(ValidationError, match="is East"):
        record_hand(table, values=values, winner=4, east=0)


# --- Closing -----------------------------------------------------------------


def test_a_round_with_a_table_without_hands_does_not_close() -> None:
    event, _ = make_event(8)
    round_ = seated(event)
    start_round(round_)
    record_hand(round_.tables.get(number=1), values={0: 0, 1: 20, 2: 0, 3: 0}, winner=1, east=0)
    with pytest.raises(ValidationError, match="No hands have been entered at table 2"):
        close_round(round_)
    round_.refresh_from_db()
    assert round_.status == RoundStatus.STARTED and not TableResult.objects.exists()


def test_close_round_gives_table_points_4_2_1_0_and_shares_ties() -> None:
    event, players = make_event(8)
    round_ = seated(event)
    arrange(round_, [players[0:4], players[4:8]])
    start_round(round_)
    one, two = round_.tables.order_by("number")
    # Table 1: Bram wins 40 by Cor's discard; Anna (East) 10, Dirk 8:
    # Anna -56, Bram +160, Cor -68, Dirk -36 -> table points 1, 4, 0, 2.
    record_hand(one, values={0: 10, 1: 40, 2: 0, 3: 8}, winner=1, east=0, discarder=2)
    # Table 2: Els (East) wins 40 by Hans's discard; Femke 0, Gert 0, Hans 0:
    # Els +240, the others -80 each: they share ranks 2-4, (2 + 1 + 0) / 3.
    record_hand(two, values={0: 40, 1: 0, 2: 0, 3: 0}, winner=0, east=0, discarder=3)
    close_round(round_)
    results = {r.registration.member.first_name: (r.score, r.table_points, r.rank)
               for r in TableResult.objects.select_related("registration__member")}
    assert results == {
        "Anna": (-56, Decimal(1), 3), "Bram": (160, Decimal(4), 1),
        "Cor": (-68, Decimal(0), 4), "Dirk": (-36, Decimal(2), 2),
        "Els": (240, Decimal(4), 1), "Femke": (-80, Decimal(1), 2),
        "Gert": (-80, Decimal(1), 2), "Hans": (-80, Decimal(1), 2),
    }
    assert (results["Femke"][2], TableResult.objects.get(registration=players[7]).mahjongs,
            TableResult.objects.get(registration=players[7]).deal_ins) == (2, 0, 1)


def test_tiebreak_by_mahjongs_then_deal_ins() -> None:
    event, players = make_event(8, tie_rule="tiebreak")
    round_ = seated(event)
    arrange(round_, [players[0:4], players[4:8]])
    start_round(round_)
    one = round_.tables.get(number=1)
    # Hand 1: Anna (East) wins 20 self-drawn: +120; the others -40 each.
    record_hand(one, values={0: 20, 1: 0, 2: 0, 3: 0}, winner=0, east=0)
    # Hand 2 (Bram East): Bram wins 20 by Cor's discard: Bram +120, Anna,
    # Cor, Dirk -40. Totals: Anna 80, Bram 80, Cor -80, Dirk -80: one
    # mahjong each for Anna and Bram; Cor dealt in, Dirk did not.
    record_hand(one, values={0: 0, 1: 20, 2: 0, 3: 0}, winner=1, east=1, discarder=2)
    play_two = round_.tables.get(number=2)
    record_hand(play_two, values={0: 20, 1: 0, 2: 0, 3: 0}, winner=0, east=0)
    close_round(round_)
    points = {r.registration.member.first_name: r.table_points
              for r in TableResult.objects.filter(table=one).select_related("registration__member")}
    # Anna and Bram equal on mahjongs and deal-ins: share 4 and 2; Dirk ahead of Cor.
    assert points == {"Anna": Decimal(3), "Bram": Decimal(3), "Dirk": Decimal(1),
                      "Cor": Decimal(0)}


def test_closing_a_round_keeps_the_members_active() -> None:
    event, players = make_event(8, start_date=datetime.date(2030, 3, 6))
    round_ = seated(event)
    start_round(round_)
    play_one_hand_everywhere(round_)
    close_round(round_)
    member = players[0].member
    member.refresh_from_db()
    # Started today (before the event's date in this test): clamped to the event's days.
    assert member.last_played_on == datetime.date(2030, 3, 6)
    assert member.is_active_on(datetime.date(2031, 3, 6))


def test_a_round_closes_once() -> None:
    event, _ = make_event(8)
    round_ = seated(event)
    start_round(round_)
    play_one_hand_everywhere(round_)
    close_round(round_)
    with pytest.raises(ValidationError, match="cannot be closed"):
        close_round(round_)
