"""Every export for events of the other rule sets: Hong Kong (club Fu-Hing,
hands in fan, paid by the payment table; tables of 3) and Philos (classic,
points and doublings, flowers with the option flowers_seasons).

The events are tests/exports/ruleset_sample.py's: the Hong Kong hands are
entered by tiles, so nothing here depends on entering Hong Kong by values.
Every file must render and read back, its totals must be the sums of the
hands' settlements, and it must say what the rule set counts: the winner's
fan for Hong Kong (the engine's `scores` there are the amounts paid), the
points for Philos; and name the rule set (with options that differ from
its defaults).
"""

from __future__ import annotations

import datetime
import io
from collections import defaultdict
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.utils.translation import override
from pypdf import PdfReader

from exports import bond, ema, registry
from exports.excel import standings as excel_standings
from exports.pdf import score_sheets, season_sheet
from exports.pdf import standings as pdf_standings
from scoring import ruleset_display
from tests.exports.pdf_support import Calls, lines, pages, play_round
from tests.exports.ruleset_sample import (
    HONG_KONG,
    NTS,
    PHILOS,
    Played,
    hong_kong,
    hong_kong_three,
    philos,
    settlement_totals,
    winner_fan,
)
from tests.exports.sample import csv_rows, header_index, workbook
from tests.support.factories import EventFactory
from tournaments.models import EventKind, Hand, HandScore, TableResult
from tournaments.services import mers, rounds
from tournaments.services import registration as registrations

pytestmark = pytest.mark.django_db

BUILDERS = {"hongkong": hong_kong, "philos": philos, "hongkong-three": hong_kong_three}


def subject_of(played: Played, scope: str) -> Any:
    return {registry.EVENT: played.event, registry.ROUND: played.rounds[0],
            registry.CLUB: played.club, registry.MEMBER: played.members[0]}[scope]


def render(played: Played, name: str, language: str = "en") -> tuple[bytes, Calls]:
    kind = registry.KINDS[name]
    options: dict[str, Any] = dict(kind.fixed)
    if "year" in kind.options:
        options["year"] = played.event.start_date.year
    if kind.uses_base_url:
        options["base_url"] = "https://mahjong.example"
    calls = Calls()
    data = kind.render()(subject_of(played, kind.scope), language=language, progress=calls,
                         **options)
    return data, calls


def table_points(played: Played) -> dict[str, Decimal]:
    totals: dict[str, Decimal] = defaultdict(Decimal)
    for result in TableResult.objects.filter(table__round__event=played.event).select_related(
            "registration__member"):
        totals[result.registration.name] += result.table_points
    return dict(totals)


# --- Every kind renders and reads back ---------------------------------------------------


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("build", sorted(BUILDERS))
def test_every_export_renders_for_the_rule_set(build: str, language: str) -> None:
    played = BUILDERS[build]()
    for name, kind in registry.KINDS.items():
        if kind.precheck == "exports.bond.check_bond_exportable" and not bond.bond_ranked(
                played.event):
            # The bond ranks every variant but Hong Kong (issue 17).
            with pytest.raises(ValidationError) as refused:
                render(played, name, language)
            assert refused.value.code == "not_bond_ranked", name
            continue
        if name.startswith("ema_") and not mers.is_mers_ranked(played.event.ruleset):
            with pytest.raises(ValidationError, match="MCR and Riichi|MCR- en Riichi"):
                render(played, name, language)  # the EMA ranks MCR and Riichi only
            continue
        data, calls = render(played, name, language)
        assert data, name
        assert calls.calls and calls.calls[-1][0] == calls.calls[-1][1], name
        if kind.extension == "pdf":
            assert data.startswith(b"%PDF-"), name
            assert len(PdfReader(io.BytesIO(data)).pages) >= 1, name
        elif kind.extension == "xlsx":
            assert workbook(data).worksheets, name
        else:
            assert csv_rows(data, ";" if name == "bond_csv" else ","), name


# --- Hong Kong -----------------------------------------------------------------------------


@pytest.fixture
def hk() -> Played:
    return hong_kong()


def hand_rows(data: bytes) -> tuple[list[str], list[dict[str, Any]]]:
    ws = workbook(data)["Hands"]
    headers = [cell.value for cell in ws[1]]
    return headers, [dict(zip(headers, row, strict=True))
                     for row in ws.iter_rows(min_row=2, values_only=True)]


def test_the_hong_kong_hand_log_shows_the_winners_fan(hk: Played) -> None:
    data, _calls = render(hk, "hand_log_xlsx")
    headers, rows = hand_rows(data)
    # The fan beside the winner; no "value" per player (only the winner's hand
    # counts, and the engine's scores are the amounts paid).
    assert headers[:9] == ["Round", "Table", "Hand", "Prevailing wind", "Winner", "Fan",
                           "Discarder", "Winning tile", "Flags"]
    assert headers[9:13] == ["Player 1", "Player 1 seat wind", "Player 1 tiles",
                             "Player 1 settlement"]
    assert not any("value" in str(header) for header in headers)
    assert workbook(data).properties.subject == f"Rule set: {HONG_KONG}"
    hands = list(Hand.objects.filter(table__round__event=hk.event)
                 .order_by("table__round__number", "number"))
    assert [row["Fan"] for row in rows] == [9, 7, 7, None, 9, None, None]
    for row, hand in zip(rows, hands, strict=True):
        expected = winner_fan(hand) if hand.winner_id else None
        assert row["Fan"] == expected
        if hand.winner:
            assert row["Winner"] == hand.winner.name
    # The seasons are with the tiles; the winning tile by its name.
    seasons = rows[2]
    assert seasons["Winning tile"] == "White dragon"
    assert any(str(seasons[f"Player {seat} tiles"]).endswith("; Season 1, Flower 2")
               for seat in range(1, 5))
    # A false mahjong: nobody won, the claimer is named and pays.
    false = rows[5]
    claimer = Hand.objects.get(table__round=hk.rounds[1], number=2)
    claimed_by = next(score.registration.name for score in claimer.scores.all()
                      if score.settlement < 0)
    assert false["Winner"] == f"False mahjong: {claimed_by}" and false["Fan"] is None
    assert false["Flags"] == f"false mahjong: {claimed_by}"
    # Every player's settlements add up to their score.
    totals: dict[str, int] = defaultdict(int)
    for row in rows:
        for seat in range(1, 5):
            totals[row[f"Player {seat}"]] += row[f"Player {seat} settlement"]
    assert dict(totals) == settlement_totals(hk.event)


def sheet_rows(found: list[str], players: int) -> tuple[list[list[str]], list[str]]:
    """The hand rows of a filled score sheet as pypdf reads them (a cell a
    line, empty cells left out) and its totals row."""
    cursor = [index for index, item in enumerate(found) if item == "Total"][players - 1] + 1
    rows = []
    while found[cursor] != "Total":
        row = found[cursor:cursor + 3]  # number, prevailing wind, winner
        cursor += 3
        while found[cursor] not in ("E", "S", "W", "N"):  # a winner's cell that wraps
            row[2] += " " + found[cursor]
            cursor += 1
        for _player in range(players):  # wind, [fan], settlement, total
            # Only a winner's settlement is written with a "+" as the third cell.
            size = 4 if found[cursor + 2].startswith("+") else 3
            row += found[cursor:cursor + size]
            cursor += size
        rows.append(row)
    return rows, found[cursor + 1:cursor + 1 + players]


def test_the_hong_kong_score_sheets_have_a_fan_column(hk: Played) -> None:
    text = pages(score_sheets.render(hk.rounds[0], filled=True, language="en"))
    assert len(text) == 1
    page = text[0]
    found = lines(page)
    assert f"Rule set: {HONG_KONG}" in page
    titles = [item for item in found if item in ("Wind", "Fan", "Value", "Settlement", "Total")]
    assert titles[:16] == ["Wind", "Fan", "Settlement", "Total"] * 4
    assert "Value" not in found
    table = hk.rounds[0].tables.get()
    seated = list(table.seats.order_by("position").select_related("registration__member"))
    rows, totals = sheet_rows(found, 4)
    hands = list(table.hands.order_by("number"))
    assert len(rows) == len(hands) == 4
    running = {seat.position: 0 for seat in seated}
    for row, hand in zip(rows, hands, strict=True):
        assert row[0] == str(hand.number)
        scores = {score.registration_id: score for score in hand.scores.all()}
        assert row[2] == (hand.winner.name if hand.winner else "Draw")
        cells = row[3:]
        for seat in seated:
            score = scores[seat.registration_id]
            running[seat.position] += score.settlement
            if seat.registration_id == hand.winner_id:  # wind, fan, settlement, total
                assert cells[:4] == [score.seat_wind, str(winner_fan(hand)),
                                     f"{score.settlement:+d}", str(running[seat.position])]
                cells = cells[4:]
            else:  # the fan only for the winner
                assert cells[:3] == [score.seat_wind, f"{score.settlement:+d}"
                                     if score.settlement else "0", str(running[seat.position])]
                cells = cells[3:]
    results = {result.registration_id: result.score for result in
               TableResult.objects.filter(table=table)}
    assert totals == [str(results[seat.registration_id]) for seat in seated]
    assert totals == [str(running[seat.position]) for seat in seated]
    # Blank sheets too: the value to write in is the winner's fan.
    blank = lines(pages(score_sheets.render(hk.rounds[0], filled=False, language="en"))[0])
    assert blank.count("Fan") == 4 and "Value" not in blank


def test_the_hong_kong_false_mahjong_is_named_on_the_sheet(hk: Played) -> None:
    found = lines(pages(score_sheets.render(hk.rounds[1], filled=True, language="en"))[0])
    hand = Hand.objects.get(table__round=hk.rounds[1], number=2)
    claimer = next(score.registration.name for score in hand.scores.all()
                   if score.settlement < 0)
    rows, _totals = sheet_rows(found, 4)
    assert [row[2] for row in rows] == [
        hk.rounds[1].tables.get().hands.get(number=1).winner.name,
        f"False mahjong: {claimer}", "Draw"]
    # Nobody won: no fan on the row, the claimer pays everyone.
    assert rows[1][3:][1::3] == [
        f"{score.settlement:+d}" for score in sorted(
            hand.scores.all(), key=lambda score: score.registration.seats.get(
                round=hk.rounds[1]).position)]


def test_the_hong_kong_standings_are_the_sums_of_the_settlements(hk: Played) -> None:
    totals, points = settlement_totals(hk.event), table_points(hk)
    # Excel: the Total sheet.
    ws = workbook(excel_standings.render(hk.event, language="en"))["Total"]
    rows = [dict(zip([cell.value for cell in ws[1]], row, strict=True))
            for row in ws.iter_rows(min_row=2, values_only=True)]
    assert {row["Name"]: row["Score"] for row in rows} == totals
    assert {row["Name"]: Decimal(str(row["Table points"])) for row in rows} == points
    assert [row["Position"] for row in rows] == [1, 2, 3, 4]
    # Ranked by table points (the event says so), then score.
    assert [row["Name"] for row in rows] == sorted(
        totals, key=lambda name: (-points[name], -totals[name]))
    # PDF: the rule set in the header, every score on the page.
    page = pages(pdf_standings.render(hk.event, language="en"))[0]
    assert f"Rule set: {HONG_KONG} · Ranked by table points, then score." in page
    found = lines(page)
    for name, score in totals.items():  # name, club, NMB number, table points, score
        at = found.index(name)
        assert found[at + 3:at + 5] == [f"{points[name].normalize():f}", str(score)]


def test_the_hong_kong_results_do_not_go_to_the_bond(hk: Played) -> None:
    # Issue 17: the bond ranks every variant but Hong Kong (RuleSet.bond_ranked).
    totals = settlement_totals(hk.event)
    for render in (bond.render_csv, bond.render_xlsx):
        with pytest.raises(ValidationError) as refused:
            render(hk.event, language="en")
        assert refused.value.code == "not_bond_ranked"
        assert HONG_KONG in refused.value.messages[0]
    assert totals  # the event has results; neither federation takes them
    # The EMA ranks MCR and Riichi only: no EMA file for Hong Kong (issue 17).
    with pytest.raises(ValidationError, match="MCR and Riichi"):
        ema.render_xlsx(hk.event, language="en")


def test_a_hong_kong_season_sheet(hk: Played) -> None:
    desiree = hk.members[0]
    text = "\n".join(pages(season_sheet.render(desiree, 2031, language="en")))
    score = settlement_totals(hk.event)[desiree.full_name]
    assert "Fu-Hing clubavond *" in text  # the club evening counts for the competition
    assert str(score) in lines(text)
    assert "not added up" not in text  # one rule set: the scores add up


def test_a_season_of_two_rule_sets_does_not_add_up_their_scores(hk: Played) -> None:
    nts = EventFactory(club=hk.club, title="NTS-avond", start_date=datetime.date(2031, 3, 11),
                       kind=EventKind.EVENING)
    for member in hk.members:
        registrations.register(nts, member=member)
    play_round(rounds.seat_round(rounds.add_round(nts), seed=7))
    text = "\n".join(pages(season_sheet.render(hk.members[0], 2031, language="en")))
    flat = " ".join(lines(text))  # the event's cell wraps
    assert f"Fu-Hing clubavond · {HONG_KONG} *" in flat
    assert f"NTS-avond · {NTS} *" in flat
    assert "Scores of different rule sets are not added up: their units differ." in flat
    # The total row: events, rounds, table points, and no score.
    found = lines(text)
    total = found[found.index("2 events") - 1:found.index("2 events") + 4]
    assert total[:3] == ["Total", "2 events", "3"]
    assert total[4].startswith("Scores of different rule sets")


# --- Philos ----------------------------------------------------------------------------


@pytest.fixture
def ph() -> Played:
    return philos()


def test_the_philos_hand_log_shows_points_and_the_flower(ph: Played) -> None:
    data, _calls = render(ph, "hand_log_xlsx")
    headers, rows = hand_rows(data)
    assert "Fan" not in headers
    assert headers[8:13] == ["Player 1", "Player 1 seat wind", "Player 1 tiles",
                             "Player 1 value", "Player 1 settlement"]
    with override("en"):  # as the export, made in English
        changed = ruleset_display.options_text("philos", {"flowers_seasons": True})
    assert changed  # the option differs from the default
    assert workbook(data).properties.subject == f"Rule set: {PHILOS} ({changed})"
    values: dict[tuple[int, str], int] = {
        (score.hand.number, score.registration.name): score.value
        for score in HandScore.objects.filter(hand__table__round__event=ph.event)
        .select_related("hand", "registration__member")}
    for row in rows:
        for seat in range(1, 5):
            assert row[f"Player {seat} value"] == values[(row["Hand"], row[f"Player {seat}"])]
    flower = rows[1]
    assert any(str(flower[f"Player {seat} tiles"]).endswith("; Flower 1") for seat in range(1, 5))
    # The flower hand's winner: the engine's points with the flower (4) and own-flower
    # doubling, or without it, as the seat wind gave.
    hand = Hand.objects.get(table__round__event=ph.event, number=2)
    items = {item["rule"] for item in hand.result["hands"][hand.game["winner"]]["items"]}
    assert "flower" in items
    totals: dict[str, int] = defaultdict(int)
    for row in rows:
        for seat in range(1, 5):
            totals[row[f"Player {seat}"]] += row[f"Player {seat} settlement"]
    assert dict(totals) == settlement_totals(ph.event)


def test_the_philos_exports_name_the_rule_set_and_its_option(ph: Played) -> None:
    totals = settlement_totals(ph.event)
    with override("en"):  # as the export, made in English
        changed = ruleset_display.options_text("philos", {"flowers_seasons": True})
    rows = csv_rows(bond.render_csv(ph.event, language="en"))
    details = dict(tuple(row) for row in rows[:header_index(rows, "Position") - 1])
    assert details["Rule set"] == PHILOS
    assert details["Rule options"] == changed
    header = header_index(rows, "Position")
    assert {f"{row[1]} {row[2]}": int(row[6]) for row in rows[header + 1:]} == totals
    page = pages(pdf_standings.render(ph.event, language="en"))[0]
    assert f"Rule set: {PHILOS} ({changed})" in page
    ws = workbook(excel_standings.render(ph.event, language="en"))["Total"]
    assert {row[1]: row[5] for row in ws.iter_rows(min_row=2, values_only=True)} == totals
    sheet = pages(score_sheets.render(ph.rounds[0], filled=True, language="en"))[0]
    found = lines(sheet)
    assert f"Rule set: {PHILOS} ({changed})" in sheet
    assert found.count("Value") == 4 and "Fan" not in found
    # The winner of the flower hand, valued in points as counted by the engine.
    hand = Hand.objects.get(table__round__event=ph.event, number=2)
    assert str(hand.result["hands"][hand.game["winner"]]["value"]) in found


# --- Hong Kong at a table of 3 ---------------------------------------------------------


@pytest.fixture
def three() -> Played:
    return hong_kong_three()


def test_a_table_of_three_has_three_columns_and_its_table_points(three: Played) -> None:
    round_ = three.rounds[0]
    small = round_.tables.get(number=2)
    assert small.seats.count() == 3
    results = {result.registration.name: result for result in
               TableResult.objects.filter(table=small).select_related("registration__member")}
    # 4-2-1-0 at a table of 3: 4, 1.25, 0 (tournaments/placing.py).
    assert sorted(result.table_points for result in results.values()) == [
        Decimal("0"), Decimal("1.25"), Decimal("4")]
    assert sum(result.score for result in results.values()) == 0
    for filled in (True, False):
        text = pages(score_sheets.render(round_, filled=filled, language="en"))
        assert len(text) == 2
        page = text[1]
        found = lines(page)
        seats = [seat.registration.name for seat in small.seats.order_by("position")]
        assert f"East: {seats[0]} · South: {seats[1]} · West: {seats[2]}" in page
        assert "North" not in page
        assert found.count("Fan") == 3 and found.count("Settlement") == 3
        assert lines(text[0]).count("Fan") == 4
    found = lines(pages(score_sheets.render(round_, filled=True, language="en"))[1])
    for result in results.values():
        assert (f"{rulesets_points(result.table_points)} table points, place {result.rank} "
                f"at the table") in " ".join(found)
    # The standings count the table of 3 like any other.
    ws = workbook(excel_standings.render(three.event, language="en"))["Total"]
    rows = {row[1]: row for row in ws.iter_rows(min_row=2, values_only=True)}
    assert {name: row[5] for name, row in rows.items()} == settlement_totals(three.event)
    assert {name: Decimal(str(row[4])) for name, row in rows.items()} == table_points(three)


def rulesets_points(value: Decimal) -> str:
    """Table points as the English sheets write them (1.25, 4)."""
    return f"{value.normalize():f}"


# --- What a hand's value is ------------------------------------------------------------


def test_the_winners_fan_by_tiles_by_values_and_when_nobody_won() -> None:
    by_tiles_game = {"ruleset": "hongkong", "winner": "S",
                     "players": {"S": {"concealed": "111p234p456p789p22z"}}}
    result = {"hands": {"S": {"value": 10, "doublings": 12}}}
    assert ruleset_display.winner_fan(by_tiles_game, result) == 10  # capped, as paid
    # By values the engine only settles: the fan is the winner's value given.
    by_values_game = {"ruleset": "hongkong", "winner": "E",
                      "players": {"E": {"score": 6}, "S": {"score": 0}}}
    assert ruleset_display.winner_fan(by_values_game, {"hands": {}}) == 6
    assert ruleset_display.winner_fan({**by_values_game, "winner": None}, {}) is None
    false = {**by_values_game, "flags": ["false_mahjong"]}
    assert ruleset_display.winner_fan(false, {}) is None
    assert ruleset_display.fan_based("hongkong")
    assert not ruleset_display.fan_based("nts") and not ruleset_display.fan_based("philos")
    with override("en"):
        assert ruleset_display.flags_text(["false_mahjong", "pao:2"], {2: "Mei Ling"},
                                   "Wai Chan") == "false mahjong: Wai Chan, pao: Mei Ling"
    with override("nl"):
        assert ruleset_display.flags_text(["false_mahjong"], {}, "Wai Chan") == "valse mahjong: Wai Chan"
    assert ruleset_display.options_text("nts", {}) == ""
