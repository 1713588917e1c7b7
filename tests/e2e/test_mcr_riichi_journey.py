"""An MCR and a Riichi tournament end to end in a real browser (issue 17,
"Done when"): the organiser creates the event in the event form (rule set,
city, qualifier), registers seven members and a guest with an EMA number
and country, checks everyone in, seats and starts each round at the desk
(1280 px), enters the table results on a phone (390 px) where a table's
wrong sum is refused naming the table and the difference and nothing of it
is saved, closes the rounds, records a chombo in round 2, finds the
standings in the rule set's order with the penalty counted, finishes the
event and downloads the EMA workbook after the check lists the member
without an EMA number. MCR in Dutch, Riichi in English. Every page passes
the page checks (axe-core, fits the screen; screenshots in test-artifacts/).

Rule sources: MCR table points 4-2-1-0 and a table's scores adding up to 0
(seeds/mcr, scoring/engine/mcr.py); Riichi with 30,000 starting points, no
oka and the EMA's uma 15-5, chombo -20,000 = 20 table points (EMA Riichi
rules 2016, scoring/engine/riichi.py); the EMA workbook's columns
(exports/ema.py)."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from django.contrib.auth.models import User

from scoring.engine import RULESETS
from tests.e2e.test_live import new_page  # noqa: F401 (fixture)
from tests.support import worlds
from tests.support.factories import MemberFactory
from tournaments.models import (
    Event,
    EventStatus,
    HandAction,
    HandChange,
    Penalty,
    PenaltyKind,
    Registration,
    Round,
    RoundStatus,
    TableResult,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

DESK, PHONE = 1280, 390
GUEST = "Kenji Sato"
GUEST_EMA = "04000777"  # 8 digits (clubs/forms.py EmaNumberField)
MEMBERS = [("Anna", "de Boer"), ("Bram", "Bakker"), ("Cor", "van Dijk"), ("Dirk", "Jansen"),
           ("Els", "de Vries"), ("Femke", "Visser"), ("Gert", "Smit")]
NO_NUMBER = "Gert Smit"  # the member the EMA check lists


@dataclass(frozen=True)
class RuleSetCase:
    ruleset: str
    lang: str  # URL prefix: "" Dutch (the default), "/en" English
    values: tuple[int, int, int, int]  # one table's scores, best first; a valid sum
    wrong_extra: int  # added to the first value of table 1 in round 1
    refusal: str  # table 1's error for that wrong sum
    chombo_points: int | None  # typed in; None: left empty, the rule set's preset
    chombo_score: int  # the score a chombo takes off
    chombo_table_points: Decimal  # the table points it takes off
    kept_from: int = 0  # a result keeps the score less this (Riichi: the starting points)


MCR = RuleSetCase(
    ruleset="mcr", lang="", values=(30, 10, -15, -25), wrong_extra=5,
    refusal="Tafel 1: de scores tellen op tot 5, niet 0 (5 te veel)",
    chombo_points=10, chombo_score=10, chombo_table_points=Decimal(0))
RIICHI = RuleSetCase(
    ruleset="riichi", lang="/en", values=(45000, 35000, 25000, 15000), wrong_extra=1000,
    refusal="Table 1: the scores add up to 121000, not 120000 (1000 too many)",
    chombo_points=None, chombo_score=20000, chombo_table_points=Decimal(20),
    kept_from=30000)


def members_with_ema_numbers(club: Any) -> None:
    """Seven members of the club, all but Gert with an EMA number (Dutch)."""
    for index, (first, last) in enumerate(MEMBERS):
        number = None if f"{first} {last}" == NO_NUMBER else f"080001{index:02d}"
        MemberFactory(club=club, first_name=first, last_name=last, undated=True,
                      ema_number=number, nationality="NED")


def create_event(desk: Any, url: str, club: Any, case: RuleSetCase) -> Event:
    desk.goto(f"{url}/clubs/{club.slug}/events/add/")
    desk.select_option("#id_kind", "tournament")
    desk.fill("#id_title", f"{case.ruleset.upper()} Open Amsterdam")
    desk.select_option("#id_ruleset", case.ruleset)
    if case.ruleset == "riichi":  # the EMA's options, kept as offered
        assert desk.input_value("#id_option_riichi_starting_points") == "30000"
        desk.select_option("#id_option_riichi_uma", "15-5")
    desk.fill("#id_rounds_planned", "2")
    desk.fill("#id_city", "Amsterdam")
    desk.check("#id_qualifier")
    desk.locator("main form button[type=submit]").last.click()
    desk.locator("#penalties-link").wait_for()
    event = Event.objects.get(title=f"{case.ruleset.upper()} Open Amsterdam")
    assert (event.ruleset, event.city, event.qualifier) == (case.ruleset, "Amsterdam", True)
    if case.ruleset == "riichi":
        options = RULESETS["riichi"].resolve_options(event.rule_options or {})
        assert (options["starting_points"], options["return_points"], options["uma"]) == (
            30000, 30000, "15-5")
    return event


def register_everyone(desk: Any, url: str, event: Event) -> None:
    desk.goto(f"{url}/events/{event.pk}/door/register/")
    for box in desk.locator("#pick-list input[type=checkbox]").all():
        box.check()
    desk.locator("form.door-pick button[type=submit]").click()
    desk.wait_for_url(f"**/events/{event.pk}/door/")
    desk.goto(f"{url}/events/{event.pk}/door/register/")
    desk.fill("#id_guest_name", GUEST)
    desk.fill("#id_guest_club", "Tokyo Riichi Club")
    desk.locator("details.guest-ema > summary").click()
    desk.fill("#id_guest_ema_number", GUEST_EMA)
    desk.select_option("#id_guest_country", "JPN")
    desk.locator("#guest-heading ~ form button[type=submit], "
                 "section[aria-labelledby=guest-heading] button[type=submit]").first.click()
    desk.wait_for_url(re.compile(rf".*/events/{event.pk}/door/#reg-\d+$"))
    guest = Registration.objects.get(event=event, member=None)
    assert (guest.guest_ema_number, guest.guest_country) == (GUEST_EMA, "JPN")
    assert event.registrations.count() == 8
    # Everyone checks in at the door.
    desk.locator("#door-everyone > summary").click()
    desk.locator("#door-everyone button[type=submit]").click()
    desk.locator("#door-counts", has_text="8").wait_for()
    assert not event.registrations.filter(checked_in_at=None).exists()


def seat_and_start(desk: Any, url: str, event: Event, number: int) -> Round:
    desk.goto(f"{url}/events/{event.pk}/")
    desk.locator(f"form[action$='/events/{event.pk}/rounds/add/'] button[type=submit]").click()
    desk.locator("form[action$='/seat/'] button[type=submit]").click()
    desk.locator("form[action$='/start/'] button[type=submit]").click()
    desk.locator("#enter-table-results").wait_for()
    round_ = Round.objects.get(event=event, number=number)
    assert round_.status == RoundStatus.STARTED
    return round_


def table_values(round_: Round, case: RuleSetCase, star: Registration,
                 earlier: dict[int, Decimal]) -> dict[int, dict[int, int]]:
    """Each table's scores by registration: the star first at their table;
    the others by the fewest table points so far (then seat), so no one
    else wins both rounds and the star leads alone."""
    values: dict[int, dict[int, int]] = {}
    for table in round_.tables.order_by("number"):
        seated = list(table.seats.order_by("position").values_list("registration_id", flat=True))
        seated.sort(key=lambda pk: (pk != star.pk, earlier.get(pk, Decimal(0))))
        values[table.number] = dict(zip(seated, case.values, strict=True))
    return values


def enter_table_results(phone: Any, url: str, round_: Round, case: RuleSetCase,
                        values: dict[int, dict[int, int]], *, wrong_first: bool,
                        artifacts: Path) -> None:
    phone.goto(f"{url}/rounds/{round_.pk}/table-results/")
    tables = {table.number: table for table in round_.tables.all()}
    if wrong_first:
        for number, scores in values.items():
            first = next(iter(scores))
            for registration_id, score in scores.items():
                typed = score + case.wrong_extra if (number, registration_id) == (1, first) \
                    else score
                phone.fill(f"#t{tables[number].pk}-{registration_id}", str(typed))
        phone.locator("main form button.button:not(.secondary)").click()
        error = phone.locator("#table-1 .field-errors")
        error.wait_for()
        assert error.inner_text() == case.refusal
        assert not TableResult.objects.filter(table=tables[1]).exists()
        assert TableResult.objects.filter(table=tables[2]).count() == 4
        phone.screenshot(path=str(artifacts / f"journey-{case.ruleset}-wrong-sum-{PHONE}.png"),
                         full_page=True)
    for number, scores in values.items():
        for registration_id, score in scores.items():
            phone.fill(f"#t{tables[number].pk}-{registration_id}", str(score))
    phone.locator("main form button.button:not(.secondary)").click()
    phone.locator("#table-1 .badge-ok").wait_for()
    phone.locator("#table-2 .badge-ok").wait_for()
    saved = {(result.table.number, result.registration_id): result.score
             for result in TableResult.objects.filter(table__round=round_)
             .select_related("table")}
    assert saved == {(number, pk): Decimal(score - case.kept_from)
                     for number, scores in values.items() for pk, score in scores.items()}
    assert HandChange.objects.filter(table__round=round_, action=HandAction.RESULT).exists()


def close_round(desk: Any, url: str, round_: Round) -> None:
    desk.goto(f"{url}/rounds/{round_.pk}/")
    desk.locator("#close-round").click()
    desk.locator("#close-confirm").click()
    desk.locator("#correct-table-results").wait_for()
    round_.refresh_from_db()
    assert round_.status == RoundStatus.CLOSED


def table_points(event: Event) -> dict[int, Decimal]:
    totals: dict[int, Decimal] = {}
    for result in TableResult.objects.filter(table__round__event=event):
        totals[result.registration_id] = (totals.get(result.registration_id, Decimal(0))
                                          + result.table_points)
    return totals


@pytest.mark.parametrize("case", [MCR, RIICHI], ids=lambda case: case.ruleset)
def test_a_tournament_from_the_event_form_to_the_ema_workbook(
        new_page: Any, live_server: Any, artifacts: Path, case: RuleSetCase) -> None:  # noqa: F811
    organiser = User.objects.create_user("alice", password="password", is_staff=True)
    club = worlds.club(organisers=[organiser])
    members_with_ema_numbers(club)
    url = live_server.url + case.lang
    desk = new_page("alice", password="password", width=DESK)
    phone = new_page("alice", password="password", width=PHONE)
    for page in (desk, phone):
        page.set_default_timeout(10_000)  # a missing element fails in seconds

    # 1-2. The event, its players, everyone present.
    event = create_event(desk, url, club, case)
    register_everyone(desk, url, event)
    star = event.registrations.get(member__first_name="Anna")

    # 3-4. Two rounds: seated and started at the desk, results on the phone.
    for round_number in (1, 2):
        round_ = seat_and_start(desk, url, event, round_number)
        values = table_values(round_, case, star, table_points(event))
        enter_table_results(phone, url, round_, case, values, wrong_first=round_number == 1,
                            artifacts=artifacts)
        if round_number == 2:
            # 5. A chombo in round 2, for the last of table 1.
            culprit_pk = list(values[1])[-1]
            record_chombo(desk, url, event, round_, culprit_pk, case)
        close_round(desk, url, round_)

    # 6. The standings: the star first, the culprit's total with the chombo.
    culprit = Registration.objects.get(pk=culprit_pk)
    phone.goto(f"{url}/events/{event.pk}/standings/")
    rows = phone.locator("#standings tbody tr")
    assert star.name in rows.first.inner_text()
    header = [" ".join(text.split()) for text in
              phone.locator("#standings thead th").all_inner_texts()]
    cells = dict(zip(header, phone.locator("#standings tbody tr", has_text=culprit.name)
                     .locator("td, th").all_inner_texts(), strict=True))
    played_points = table_points(event)[culprit.pk]
    played_score = sum(TableResult.objects.filter(registration=culprit)
                       .values_list("score", flat=True))
    tp_column, score_column, penalty_column = (
        ("Tafelpunten TP", "Score", "Straf") if case.lang == "" else
        ("Table points TP", "Score", "Penalty"))
    assert number(cells[tp_column]) == played_points - case.chombo_table_points
    assert number(cells[score_column]) == played_score - case.chombo_score
    assert number(cells[penalty_column]) == -case.chombo_score
    phone.screenshot(path=str(artifacts / f"journey-{case.ruleset}-standings-{PHONE}.png"),
                     full_page=True)

    # 7. Finished; the EMA check lists Gert; the workbook anyway.
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED  # by itself: its last planned round closed
    desk.goto(f"{url}/events/{event.pk}/")
    desk.locator("#ema-export").click()
    missing = desk.locator("#ema-missing")
    assert NO_NUMBER in missing.inner_text()
    assert GUEST not in missing.inner_text()
    desk.screenshot(path=str(artifacts / f"journey-{case.ruleset}-ema-check-{DESK}.png"),
                    full_page=True)
    # One confirmation for both files (the Excel and the CSV button).
    form = desk.locator("#ema-export-form")
    assert form.locator("input[name=export_anyway]").count() == 1
    form.locator("input[name=export_anyway]").check()
    with desk.expect_download() as download:
        form.locator("button[formaction$='/exports/ema_xlsx/']").click()
    workbook = openpyxl.load_workbook(io.BytesIO(Path(download.value.path()).read_bytes()))
    sheet = workbook["Results"]
    rows_ = [list(row) for row in sheet.iter_rows(values_only=True)]
    start = rows_.index(["Place", "First name", "Last name", "EMA number", "Table points",
                          "Score", "EMA member", "Country"])
    players = {f"{row[1]} {row[2]}": row for row in rows_[start + 1:] if row[0] is not None}
    assert sorted(players) == sorted(registration.name for registration in
                                     event.registrations.all())
    assert players[star.name][0] == 1
    assert (players[NO_NUMBER][3], players[NO_NUMBER][6], players[NO_NUMBER][7]) == (
        "0", "NO", "NED")
    assert (players[GUEST][3], players[GUEST][6], players[GUEST][7]) == (GUEST_EMA, "YES", "JPN")
    assert Decimal(str(players[culprit.name][4])) == played_points - case.chombo_table_points
    assert Decimal(str(players[culprit.name][5])) == played_score - case.chombo_score
    penalties = [list(row) for row in workbook["Penalties"].iter_rows(values_only=True)]
    assert [2, culprit.name, case.chombo_score] == [penalties[-1][0], penalties[-1][1],
                                                    penalties[-1][3]]


def number(text: str) -> Decimal:
    """A number as a page shows it: a minus sign, a decimal comma or point."""
    return Decimal(text.strip().replace("\u2212", "-").replace(",", "."))


def record_chombo(desk: Any, url: str, event: Event, round_: Round, culprit_pk: int,
                  case: RuleSetCase) -> None:
    desk.goto(f"{url}/events/{event.pk}/penalties/")
    desk.select_option("#id_penalty_round", str(round_.pk))
    desk.select_option("#id_penalty_registration", str(culprit_pk))
    desk.select_option("#id_penalty_kind", "chombo")
    if case.chombo_points is None:  # left empty: the rule set's preset, as the help says
        assert desk.input_value("#id_penalty_points") == ""
        assert (desk.locator("#id_penalty_points_helptext").inner_text()
                == f"Empty for a chombo: {case.chombo_score} points, as the rule set says.")
    else:
        desk.fill("#id_penalty_points", str(case.chombo_points))
    desk.fill("#id_penalty_reason", "Chombo")
    desk.locator("form button[type=submit]").filter(has_text="Straf").or_(
        desk.locator("form button[type=submit]").filter(has_text="penalty")).first.click()
    desk.locator("table.penalties").wait_for()
    penalty = Penalty.objects.get(event=event)
    assert (penalty.round_id, penalty.registration_id, penalty.kind, penalty.points) == (
        round_.pk, culprit_pk, PenaltyKind.CHOMBO, case.chombo_score)
