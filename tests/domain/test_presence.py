"""Presence per round (tournaments.services.presence) and the door's
services (check-in, undo, "arrives later", everyone present, bulk
registration, self check-in): who plays round n is decided for round n."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from tests.domain.conftest import make_event
from tests.support.factories import ClubFactory, EventFactory, MemberFactory
from tournaments.models import (
    Event,
    OddTables,
    Registration,
    RegistrationStatus,
    Round,
    RoundStatus,
    SeatingMethod,
)
from tournaments.services import presence
from tournaments.services.registration import (
    check_in,
    check_in_all_registered,
    drop_out,
    mark_late,
    register,
    register_members,
    self_check_in,
    set_self_check_in,
    undo_check_in,
    unregistered_members,
)
from tournaments.services.rounds import (
    add_round,
    close_round,
    record_hand,
    seat_round,
    start_round,
)

pytestmark = pytest.mark.django_db


def seated(event: Event, number: int, **options: object) -> Round:
    round_ = add_round(event, **options)  # type: ignore[arg-type]
    assert round_.number == number
    return seat_round(round_, seed=11)


def seated_ids(round_: Round) -> set[int]:
    return set(round_.seats.values_list("registration_id", flat=True))


def sizes(round_: Round) -> list[int]:
    return sorted((table.seats.count() for table in round_.tables.all()), reverse=True)


def play(round_: Round) -> Round:
    """Start the round, one hand at every table, close it."""
    start_round(round_)
    for table in round_.tables.all():
        positions = list(table.seats.values_list("position", flat=True))[:4]
        record_hand(table, values={p: 8 * (i + 1) for i, p in enumerate(positions)},
                    winner=positions[-1], east=positions[0])
    return close_round(round_)


def fresh(registration: Registration) -> Registration:
    return Registration.objects.get(pk=registration.pk)


# --- Issue 15, item 1: the exact scenario ------------------------------------------


def test_one_late_arrival_does_not_stop_the_tournament() -> None:
    """18 registered, nobody checked in, round 1 seated, played and closed;
    "Komt later" for one player, a round added and seated; then she checks
    in and round 2 is seated again with all 18."""
    event, players = make_event(18, kind="tournament")
    first = play(seated(event, 1))
    assert seated_ids(first) == {p.pk for p in players}
    marie = players[5]

    marie = mark_late(marie)
    assert marie.late and marie.checked_in_at is None  # "Komt later" checks nobody in
    second = seated(event, 2)
    assert seated_ids(second) == {p.pk for p in players} - {marie.pk}
    assert sizes(second) == [5, 4, 4, 4]

    marie = check_in(marie)
    notice = presence.reseat_notice(event)
    assert notice is not None and notice.round == second
    assert notice.missing == [marie.name] and notice.leaving == []
    second = seat_round(second, seed=3)
    assert seated_ids(second) == {p.pk for p in players}
    assert sizes(second) == [5, 5, 4, 4]
    assert presence.reseat_notice(event) is None
    play(second)


def test_the_scenario_never_answers_in_english_or_with_1_player() -> None:
    event, players = make_event(18, kind="tournament")
    play(seated(event, 1))
    mark_late(players[0])
    with translation.override("nl"):
        second = seated(event, 2)  # 17 players: tables of 5 and 4
    assert len(seated_ids(second)) == 17


def test_a_count_that_makes_no_tables_is_refused_in_dutch_with_what_to_do() -> None:
    event, players = make_event(8)
    for player in players[:7]:
        check_in(player)
    round_ = add_round(event)
    with translation.override("nl"), pytest.raises(ValidationError) as refused:
        seat_round(round_)
    text = " ".join(refused.value.messages)
    assert "7 spelers" in text and "tafels van 3" in text, text
    assert "players" not in text
    round_.refresh_from_db()
    assert round_.status == RoundStatus.PLANNED and not round_.tables.exists()


@pytest.mark.parametrize(
    ("count", "odd_tables", "ruleset", "expected", "absent"),
    [
        (7, OddTables.FIVE, "nts", ["tables of 3", "one more player"], ["sit out"]),
        (6, OddTables.FIVE, "nts", ["tables of 3", "sit out"], ["one more player"]),
        (11, OddTables.FIVE, "hongkong", ["tables of 3", "one more", "sit out"], []),
        (11, OddTables.FIVE, "philos", ["one more player", "sit out"], ["tables of 3"]),
        (5, OddTables.THREE, "nts", ["tables of 5", "one more player", "sit out"], []),
        (2, OddTables.FIVE, "nts", ["Only 2 players", "at least 3"], ["You can"]),
        (1, OddTables.FIVE, "nts", ["Only 1 player plays"], []),
    ],
    ids=["7-five", "6-five", "11-hongkong", "11-philos", "5-three", "2", "1"],
)
def test_seating_refusals_name_the_options_that_work(
        count: int, odd_tables: str, ruleset: str, expected: list[str],
        absent: list[str]) -> None:
    event = EventFactory(odd_tables=odd_tables, ruleset=ruleset)
    text = presence.seating_refusal(event, 2, count)
    assert text is not None
    for part in expected:
        assert part in text, text
    for part in absent:
        assert part not in text, text


@pytest.mark.parametrize("count", [3, 4, 5, 8, 9, 10, 12, 13, 17, 18, 64])
def test_counts_that_make_tables_are_not_refused(count: int) -> None:
    event = EventFactory(odd_tables=OddTables.FIVE if count != 3 else OddTables.THREE)
    assert presence.seating_refusal(event, 1, count) is None


# --- A club evening of 13 and a tournament ---------------------------------------------


def test_a_club_evening_of_13_with_a_late_arrival_in_round_2() -> None:
    event, players = make_event(13, seating_method=SeatingMethod.FUHING,
                                ranking_order="table_points")
    late = mark_late(players[12])
    first = seated(event, 1)
    assert sizes(first) == [4, 4, 4] and late.pk not in seated_ids(first)
    play(first)

    late = check_in(late)
    assert late.first_round == 2
    second = seated(event, 2)
    assert second.seating_method == SeatingMethod.FUHING
    assert seated_ids(second) == {p.pk for p in players}
    assert sizes(second) == [5, 4, 4]
    # Only table points of round 1 rank: the newcomer has none and sits last.
    last_table = second.tables.order_by("-number").first()
    assert late.pk in set(last_table.seats.values_list("registration_id", flat=True))


def test_a_tournament_with_a_late_arrival_in_round_3() -> None:
    event, players = make_event(17, kind="tournament", rounds_planned=4)
    for player in players[:16]:
        check_in(player)  # the door: the 17th has not come
    first = seated(event, 1)
    assert players[16].pk not in seated_ids(first)
    play(first)
    second = seated(event, 2)
    assert players[16].pk not in seated_ids(second) and len(seated_ids(second)) == 16
    start_round(second)

    arrival = check_in(players[16])  # during round 2
    assert arrival.first_round == 3
    assert presence.reseat_notice(event) is None  # nothing seated waits for her
    play_started(second)
    third = seated(event, 3)
    assert seated_ids(third) == {p.pk for p in players}
    assert sizes(third) == [5, 4, 4, 4]


def play_started(round_: Round) -> None:
    for table in round_.tables.all():
        positions = list(table.seats.values_list("position", flat=True))[:4]
        record_hand(table, values={p: 8 for p in positions}, winner=positions[0],
                    east=positions[0])
    close_round(round_)


def test_check_in_never_makes_a_player_who_played_absent() -> None:
    event, players = make_event(8)
    play(seated(event, 1))  # nobody checked in: all 8 played
    walk_in = register(event, member=MemberFactory(club=event.club))
    walk_in = fresh(walk_in)
    # Registered by the organiser during the event: at the venue, so present.
    assert walk_in.checked_in_at is not None and walk_in.first_round == 2
    second = seated(event, 2)
    assert seated_ids(second) == {p.pk for p in players} | {walk_in.pk}


def test_door_check_in_before_round_1_seats_only_who_checked_in() -> None:
    event, players = make_event(9)
    for player in players[:8]:
        check_in(player)
    first = seated(event, 1)
    assert seated_ids(first) == {p.pk for p in players[:8]}
    play(first)
    # The one who never came stays absent in round 2 as well.
    second = seated(event, 2)
    assert players[8].pk not in seated_ids(second)
    assert "has not checked in" in (presence.for_round(second).absence(players[8]) or "")


def test_a_dropout_leaves_from_the_round_after() -> None:
    event, players = make_event(9)
    check_in_all_registered(event)
    play(seated(event, 1))
    drop_out(players[2], after_round=1)
    presence_2 = presence.for_number(event, 2)
    assert "dropped out after round 1" in (presence_2.absence(fresh(players[2])) or "")
    second = seated(event, 2)
    assert sizes(second) == [4, 4] and players[2].pk not in seated_ids(second)
    with pytest.raises(ValidationError, match="dropped out"):
        check_in(players[2])


def test_a_dropout_after_seating_is_flagged_for_reseating() -> None:
    event, players = make_event(8)
    play(seated(event, 1))
    seated(event, 2)
    drop_out(players[0], after_round=1)
    notice = presence.reseat_notice(event)
    assert notice is not None and notice.leaving == [players[0].name]
    assert "Seat round 2 again" in notice.text


# --- Check-in, undo, "arrives later", everyone -------------------------------------


def test_undo_of_a_check_in_while_not_played() -> None:
    event, players = make_event(8)
    check_in(players[0])
    undone = undo_check_in(players[0])
    assert undone.checked_in_at is None and undone.first_round is None
    with pytest.raises(ValidationError, match="has not checked in"):
        undo_check_in(players[0])


def test_undo_is_refused_once_they_played_since_checking_in() -> None:
    event, players = make_event(8)
    check_in_all_registered(event)
    first = seated(event, 1)
    start_round(first)
    with pytest.raises(ValidationError, match="has played in round 1"):
        undo_check_in(players[0])
    assert fresh(players[0]).checked_in_at is not None


def test_undo_of_a_late_arrivals_check_in_makes_them_expected_again() -> None:
    event, players = make_event(9)
    play(seated(event, 1))
    mark_late(players[8])
    check_in(players[8])
    undo_check_in(players[8])
    absence = presence.for_number(event, 2).absence(fresh(players[8]))
    assert absence is not None and "arrives later" in absence


def test_arrives_later_undoes_a_check_in_and_can_be_taken_back() -> None:
    event, players = make_event(8)
    check_in(players[0])
    late = mark_late(players[0])
    assert late.late and late.checked_in_at is None
    back = mark_late(players[0], late=False)
    assert not back.late


def test_check_in_everyone_skips_late_and_dropped_players() -> None:
    event, players = make_event(10)
    mark_late(players[0])
    drop_out(players[1], after_round=0)
    check_in(players[2])
    done = check_in_all_registered(event)
    assert {r.pk for r in done} == {p.pk for p in players[3:]}
    assert [r.sort_name for r in done] == sorted(r.sort_name for r in done)
    assert fresh(players[0]).checked_in_at is None
    assert fresh(players[1]).checked_in_at is None


def test_check_in_everyone_after_round_1_keeps_who_played_from_round_1() -> None:
    event, players = make_event(8)
    play(seated(event, 1))
    check_in_all_registered(event)
    assert {fresh(p).first_round for p in players} == {None}


def test_only_registered_players_check_in_and_not_when_finished() -> None:
    event, players = make_event(3, max_places=3)
    waiting = register(event, member=MemberFactory(club=event.club))
    with pytest.raises(ValidationError, match="cannot check in"):
        check_in(waiting)
    Event.objects.filter(pk=event.pk).update(status="finished")
    with pytest.raises(ValidationError, match="finished"):
        check_in(players[0])


# --- Bulk registration ----------------------------------------------------------------


def test_bulk_registration_reports_who_could_not_be_registered() -> None:
    event = EventFactory(start_date=datetime.date(2030, 4, 10))
    club = event.club
    anna = MemberFactory(club=club, first_name="Anna", last_name="de Boer")
    piet = MemberFactory(club=club, first_name="Piet", last_name="van der Meer")
    kim = MemberFactory(club=club, first_name="Kim", last_name="Klein",
                        date_of_birth=datetime.date(2016, 1, 1))
    stranger = MemberFactory(club=ClubFactory(), first_name="Sam", last_name="Vreemd")
    register(event, member=piet)
    result = register_members(event, [piet, kim, anna, stranger])
    assert [r.member for r in result.registered] == [anna]
    reasons = dict(result.refused)
    assert set(reasons) == {"Piet van der Meer", "Kim Klein", "Sam Vreemd"}
    assert "already registered" in reasons["Piet van der Meer"]
    assert "under 18" in reasons["Kim Klein"]
    assert "not a member" in reasons["Sam Vreemd"]
    assert event.registrations.count() == 2


def test_bulk_registration_of_all_active_members() -> None:
    event = EventFactory()
    club = event.club
    recent = datetime.date(2030, 1, 1)
    active = [MemberFactory(club=club, last_name=name, joined_on=recent)
              for name in ("Willems", "de Boer")]
    MemberFactory(club=club, last_name="Weg", joined_on=datetime.date(2020, 1, 1),
                  last_played_on=datetime.date(2025, 1, 1))  # lapsed (Art. 10)
    registered = MemberFactory(club=club, last_name="Al", joined_on=recent)
    register(event, member=registered)
    offered = unregistered_members(event)
    assert registered not in offered and [m.last_name for m in offered][:1] == ["de Boer"]
    result = register_members(event, all_active=True)
    assert {r.member for r in result.registered} == set(active)
    assert result.refused == []
    with pytest.raises(ValidationError, match="Choose at least one member"):
        register_members(event, [])


def test_bulk_registration_fills_places_then_the_waiting_list() -> None:
    event = EventFactory(max_places=3)
    members = [MemberFactory(club=event.club) for _ in range(5)]
    result = register_members(event, members)
    statuses = sorted(r.status for r in result.registered)
    assert statuses.count(RegistrationStatus.REGISTERED) == 3
    assert statuses.count(RegistrationStatus.WAITING) == 2


# --- Self check-in ----------------------------------------------------------------------


def test_self_check_in_only_while_open_and_only_when_registered() -> None:
    event, players = make_event(4)
    member = players[0].member
    assert member is not None
    with pytest.raises(ValidationError, match="not open"):
        self_check_in(event, member)
    event = set_self_check_in(event, open_=True)
    assert self_check_in(event, member).checked_in_at is not None
    assert self_check_in(event, member).pk == players[0].pk  # twice: still one check-in
    outsider = MemberFactory(club=event.club)
    with pytest.raises(ValidationError, match="not registered"):
        self_check_in(event, outsider)
    event = set_self_check_in(event, open_=False)
    with pytest.raises(ValidationError, match="not open"):
        self_check_in(event, players[1].member)  # type: ignore[arg-type]
    assert fresh(players[1]).checked_in_at is None


def test_a_mistaken_dropout_is_taken_back_unless_a_substitute_took_over() -> None:
    from tournaments.services.registration import substitute, undo_drop_out

    event, players = make_event(9)
    play(seated(event, 1))
    drop_out(players[0], after_round=1)
    assert undo_drop_out(players[0]).dropped_after_round is None
    assert players[0].pk in presence.for_number(event, 2).ids
    with pytest.raises(ValidationError, match="has not dropped out"):
        undo_drop_out(players[0])
    drop_out(players[0], after_round=1)
    substitute(players[0], guest_name="Invaller")
    with pytest.raises(ValidationError, match="withdraw the substitute first"):
        undo_drop_out(players[0])
    assert fresh(players[0]).dropped_after_round == 1
