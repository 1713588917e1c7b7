"""The table-results page of a round (tournaments/views/table_results.py) for
events scored by table result. MCR (EMA Mahjong Competition Rules): a
table's scores sum to 0; Riichi (EMA Riichi Competition Rules 2016): the
final points sum to 4 x 30,000."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.support import worlds
from tests.support.factories import UserFactory
from tournaments.models import Scorekeeper, Table, TableResult
from tournaments.services import rounds

pytestmark = pytest.mark.django_db


def setup(ruleset: str = "mcr", players: int = 8) -> tuple[worlds.World, User, Client]:
    organiser = UserFactory(username="organiser")
    world = worlds.tournament(worlds.club(organisers=[organiser]), players=players, played=0,
                              open_round=True, ruleset=ruleset)
    client = Client()
    client.force_login(organiser)
    return world, organiser, client


def form(table: Table, values: list[int | str]) -> dict[str, Any]:
    seats = table.seats.order_by("position").values_list("registration_id", flat=True)
    data: dict[str, Any] = {f"v{table.pk}": table.version}
    data.update({f"t{table.pk}-{pk}": value for pk, value in zip(seats, values, strict=True)})
    return data


def url(world: worlds.World) -> str:
    return reverse("tournaments:table_results", args=[world.rounds[0].pk])


def test_the_organiser_sees_every_table_with_a_numeric_input_per_player() -> None:
    world, _, client = setup(players=12)
    page = client.get(url(world))
    assert page.status_code == 200
    html = page.content.decode()
    # Not the numeric pad: it has no minus sign (found on a phone, issue 17).
    assert html.count('inputmode="text"') == 12 and 'inputmode="numeric"' not in html
    assert 'id="table-3"' in html
    for registration in world.players:
        assert registration.name in html


def test_a_wrong_sum_is_refused_naming_the_table_and_other_tables_are_saved() -> None:
    world, _, client = setup()
    t1, t2 = world.rounds[0].tables.order_by("number")
    data = {**form(t1, [10, 10, -5, -15]), **form(t2, [10, 10, -5, -3])}
    page = client.post(url(world), data)
    assert page.status_code == 400
    html = page.content.decode()
    assert "Tafel 2: de scores tellen op tot 12, niet 0 (12 te veel)" in html
    assert 'value="-3"' in html  # what was typed stays in the form
    assert not TableResult.objects.filter(table=t2).exists()
    t2.refresh_from_db()
    assert t2.version == 0 and not t2.hand_changes.exists()
    # Table 1 was right: saved (documented in the view).
    assert sorted(TableResult.objects.filter(table=t1).values_list("score", flat=True)) == [
        -15, -5, 10, 10]


def test_a_partly_filled_table_saves_nothing_of_it() -> None:
    world, _, client = setup()
    t1 = world.rounds[0].tables.get(number=1)
    page = client.post(url(world), form(t1, [10, "", -5, "x"]))
    assert page.status_code == 400
    assert "Tafel 1: de score van" in page.content.decode()
    assert not TableResult.objects.exists()


def test_a_valid_submit_saves_and_redirects_and_the_round_closes() -> None:
    world, _, client = setup()
    t1, t2 = world.rounds[0].tables.order_by("number")
    data = {**form(t1, ["+10", "10", "−5", "-15"]), **form(t2, [0, 0, 0, 0])}
    page = client.post(url(world), data)
    assert page.status_code == 302
    assert TableResult.objects.count() == 8
    rounds.close_round(world.rounds[0])
    results = client.get(reverse("tournaments:round_results",
                                 args=[world.event.pk, 1])).content.decode()
    assert "1,75" in results or "1.75" in results


def test_riichi_final_points_in_dutch_thousands() -> None:
    world, _, client = setup("riichi")
    t1 = world.rounds[0].tables.get(number=1)
    page = client.post(url(world), form(t1, ["45.300", "32.100", "24.600", "18.000"]))
    assert page.status_code == 302
    assert sorted(TableResult.objects.filter(table=t1).values_list("score", flat=True)) == [
        -12_000, -5_400, 2_100, 15_300]
    bad = client.post(url(world), form(Table.objects.get(pk=t1.pk), [40_000, 30_000, 30_000,
                                                                      19_000]))
    assert "Tafel 1: de scores tellen op tot 119000, niet 120000 (1000 te weinig)" in (
        bad.content.decode())


def test_a_scorekeeper_sees_their_table_only_and_score_entry_redirects() -> None:
    world, _, _ = setup()
    keeper = UserFactory(username="keeper", is_staff=False)
    Scorekeeper.objects.create(user=keeper, event=world.event, table_number=2)
    client = Client()
    client.force_login(keeper)
    t1, t2 = world.rounds[0].tables.order_by("number")
    page = client.get(url(world)).content.decode()
    assert 'id="table-2"' in page and 'id="table-1"' not in page
    # Table 1's fields are not theirs: ignored, nothing saved.
    client.post(url(world), form(t1, [10, 10, -5, -15]))
    assert not TableResult.objects.filter(table=t1).exists()
    entry = client.get(reverse("tournaments:score_entry", args=[t2.pk]))
    assert entry.status_code == 302
    assert entry["Location"].endswith(url(world) + "#table-2")


def test_a_stale_page_is_told_what_changed() -> None:
    world, _, client = setup()
    t1 = world.rounds[0].tables.get(number=1)
    stale = form(t1, [20, 0, -5, -15])
    assert client.post(url(world), form(t1, [10, 10, -5, -15])).status_code == 302
    page = client.post(url(world), stale)
    assert page.status_code == 400
    assert "Tafel 1:" in page.content.decode()
    assert sorted(TableResult.objects.filter(table=t1).values_list("score", flat=True)) == [
        -15, -5, 10, 10]
    # The page shows who entered the result, with the scores before and after.
    assert "1 wijziging" in client.get(url(world)).content.decode()


def test_a_closed_rounds_close_page_names_missing_results() -> None:
    world, _, client = setup()
    t1 = world.rounds[0].tables.get(number=1)
    client.post(url(world), form(t1, [10, 10, -5, -15]))
    page = client.get(reverse("tournaments:round_close", args=[world.rounds[0].pk]))
    html = page.content.decode()
    assert "Voor tafel 2 is nog geen uitslag ingevoerd." in html
    assert url(world) in html


def test_clearing_a_result() -> None:
    world, _, client = setup()
    t1 = world.rounds[0].tables.get(number=1)
    client.post(url(world), form(t1, [10, 10, -5, -15]))
    t1.refresh_from_db()
    page = client.post(url(world), {"clear": t1.pk, f"v{t1.pk}": t1.version})
    assert page.status_code == 302
    assert not TableResult.objects.filter(table=t1).exists()


def test_the_round_page_links_the_table_results() -> None:
    world, _, client = setup()
    page = client.get(reverse("tournaments:round", args=[world.rounds[0].pk])).content.decode()
    assert url(world) in page
    assert "no hands yet" not in page and "geen handen" not in page


def test_phone_width_styles_exist() -> None:
    from pathlib import Path
    css = (Path(__file__).resolve().parents[2] / "static" / "css" / "app.css").read_text()
    assert ".table-result-player input" in css


def test_the_event_form_offers_mcr_and_riichi_with_a_note() -> None:
    organiser = UserFactory(username="organiser")
    club = worlds.club(organisers=[organiser])
    client = Client()
    client.force_login(organiser)
    page = client.get(f"/en/clubs/{club.slug}/events/add/").content.decode()
    assert 'value="mcr"' in page and 'value="riichi"' in page
    assert 'data-ruleset="mcr"' in page
    assert 'name="option_riichi_uma"' in page
    assert page.count("Entered by table result") == 2


@pytest.mark.parametrize("ruleset", ["mcr", "riichi"])
def test_the_pages_of_a_finished_event_without_hands_show(ruleset: str) -> None:
    """Standings, round results, the player's page, statistics and rankings
    of an event scored by table result (no hands at all) answer 200."""
    world, _, client = setup(ruleset)
    round_ = world.rounds[0]
    for table in round_.tables.order_by("number"):
        values = [0, 0, 0, 0] if ruleset == "mcr" else [30_000] * 4
        values[0], values[3] = values[0] + 20, values[3] - 20
        assert client.post(url(world), form(table, values)).status_code == 302
    rounds.close_round(round_)
    world.event.refresh_from_db()
    player = world.players[0]
    member = player.member
    assert member is not None
    pages = [
        reverse("tournaments:detail", args=[world.event.pk]),
        reverse("tournaments:standings", args=[world.event.pk]),
        reverse("tournaments:standings_live", args=[world.event.pk]),
        reverse("tournaments:round_results", args=[world.event.pk, 1]),
        reverse("tournaments:round", args=[round_.pk]),
        reverse("tournaments:player", args=[world.event.pk, player.pk]),
        reverse("tournaments:screen", args=[world.event.pk]),
        reverse("stats:event", args=[world.event.pk]),
        reverse("stats:club", args=[world.club.slug]),
        reverse("rankings:ruleset", args=[ruleset]),
        url(world),
    ]
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, (page, response.status_code)


def test_the_hands_api_refuses_a_hand_of_an_mcr_table_clearly() -> None:
    import json
    import uuid
    world, _, client = setup()
    table = world.rounds[0].tables.get(number=1)
    response = client.post(
        reverse("tournaments:api_hands", args=[table.pk]),
        data=json.dumps({"submission_id": str(uuid.uuid4()), "expected_version": 0,
                         "values": {"0": 8, "1": 0, "2": 0, "3": 0}, "winner": 0,
                         "discarder": None}),
        content_type="application/json")
    assert response.status_code == 400
    assert "per tafel" in response.content.decode()
    assert not table.hands.exists()


# --- Found on a new user's walk (issue 17) ------------------------------------------------


def test_riichi_labels_final_points_and_shows_the_result_over_the_start_grouped() -> None:
    # EMA Riichi Competition Rules 2016: 30,000 each at the start; the final
    # points are entered, the result kept is over the start.
    world, _, client = setup("riichi")
    t1 = world.rounds[0].tables.get(number=1)
    assert client.post(url(world), form(t1, [45_000, 32_100, 24_900, 18_000])).status_code == 302
    html = client.get(url(world)).content.decode()
    assert "eindstand" in html and "tellen op tot 120.000" in html
    assert "Resultaat +15.000 t.o.v. 30.000 · 30 tafelpunten · plaats 1" in html
    assert "Resultaat -12.000 t.o.v. 30.000" in html
    assert "Score 15000" not in html
    with translation.override("en"):
        english = client.get(url(world)).content.decode()
    assert "final points" in english and "Result +15,000 over 30,000" in english


def test_one_table_point_is_singular_on_the_table_results_page() -> None:
    # MCR: 4-2-1-0 (EMA Mahjong Competition Rules).
    world, _, client = setup()
    t1 = world.rounds[0].tables.get(number=1)
    client.post(url(world), form(t1, [30, 10, -15, -25]))
    html = client.get(url(world)).content.decode()
    assert "Score -15 · 1 tafelpunt · plaats 3" in html
    assert "Score 30 · 4 tafelpunten · plaats 1" in html and "1 tafelpunten" not in html
    assert "eindstand" not in html
