"""The pages around an event scored by table result (MCR, Riichi: the
engine's by_table_result), as a new organiser walks them in Dutch: the
player's page, the round page and the event page speak of table results,
never of hands (issue 17, found on a walk at 390 and 1280 px).

Sources: EMA Mahjong Competition Rules (MCR, a table's scores sum to 0);
EMA Riichi Competition Rules 2016 (final points, 30,000 each at the start);
docs/rule-decisions.md for the bond's member numbers."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.support import worlds
from tests.support.factories import UserFactory
from tournaments.models import Registration, Round, Table
from tournaments.services import penalties, rounds, table_scores

pytestmark = pytest.mark.django_db


def world_of(ruleset: str = "mcr", guests: tuple[str, ...] = ()
             ) -> tuple[worlds.World, User, Client]:
    """Eight players (members, then `guests`), round 1 seated and started."""
    organiser = UserFactory(username="organiser")
    club = worlds.club(organisers=[organiser])
    players: list[worlds.Player] = [*worlds.members(club, 8 - len(guests)), *guests]
    world = worlds.tournament(club, players=players, played=0, open_round=True,
                              ruleset=ruleset)
    client = Client()
    client.force_login(organiser)
    return world, organiser, client


def enter(table: Table, values: list[int], user: User) -> None:
    seats = list(table.seats.order_by("position").values_list("registration_id", flat=True))
    table_scores.record_table_result(table, dict(zip(seats, values, strict=True)), user,
                                     table.version)


def first_player(table: Table) -> Registration:
    return table.seats.order_by("position").first().registration  # type: ignore[union-attr]


def play_all(world: worlds.World, user: User, values: list[int]) -> Round:
    round_ = world.rounds[0]
    for table in round_.tables.order_by("number"):
        enter(table, values, user)
    return round_


# --- 1. The player's page ---------------------------------------------------------


def test_the_player_page_shows_the_table_result_not_an_empty_hands_table() -> None:
    world, organiser, client = world_of()
    table = world.rounds[0].tables.get(number=1)
    enter(table, [30, 10, -15, -25], organiser)
    player = first_player(table)
    penalties.record_penalty(world.event, round=world.rounds[0], registration=player,
                             points=10, user=organiser)
    html = client.get(reverse("tournaments:player", args=[world.event.pk, player.pk])
                      ).content.decode()
    assert "Nog geen handen ingevoerd" not in html
    assert "Handen in ronde" not in html
    assert "table-result-of-player" in html
    assert "+30" in html and "Tafelpunten" in html and "Plaats aan tafel" in html
    assert "4 tafelpunten, plaats 1 aan tafel" in html
    assert "Straf: -10 punten" in html and "−" not in html


def test_one_table_point_is_singular_on_the_player_page() -> None:
    world, organiser, client = world_of()
    table = world.rounds[0].tables.get(number=1)
    enter(table, [30, 10, -15, -25], organiser)
    third = table.seats.get(position=2).registration
    html = client.get(reverse("tournaments:player", args=[world.event.pk, third.pk])
                      ).content.decode()
    assert "1 tafelpunt, plaats 3 aan tafel" in html
    assert "1 tafelpunten" not in html


def test_riichi_on_the_player_page_shows_final_points_and_the_result_over_the_start() -> None:
    world, organiser, client = world_of("riichi")
    table = world.rounds[0].tables.get(number=1)
    enter(table, [45_000, 32_100, 24_900, 18_000], organiser)
    player = first_player(table)
    html = client.get(reverse("tournaments:player", args=[world.event.pk, player.pk])
                      ).content.decode()
    assert "Eindstand" in html and "45.000" in html
    assert "+15.000 t.o.v. 30.000" in html


def test_a_hand_by_hand_event_still_shows_its_hands_table(club_world: None = None) -> None:
    organiser = UserFactory(username="organiser")
    world = worlds.tournament(worlds.club(organisers=[organiser]), played=1)
    client = Client()
    client.force_login(organiser)
    player = world.players[0]
    html = client.get(reverse("tournaments:player", args=[world.event.pk, player.pk])
                      ).content.decode()
    assert "Handen in ronde 1" in html and "table-result-of-player" not in html


# --- 3. The event page --------------------------------------------------------------


def event_page(world: worlds.World, client: Client) -> str:
    return client.get(reverse("tournaments:detail", args=[world.event.pk])).content.decode()


def test_the_event_page_of_a_by_table_event_speaks_of_table_results_not_hands() -> None:
    world, _, client = world_of()
    html = event_page(world, client)
    assert "Alle handen (Excel)" not in html
    assert "Scorekeepers voeren de tafeluitslagen in" in html
    assert "Scorekeepers voeren de handen in" not in html
    table = world.rounds[0].tables.get(number=2)
    assert reverse("tournaments:table_results", args=[world.rounds[0].pk]) + "#table-2" in html
    assert reverse("tournaments:score_entry", args=[table.pk]) not in html


def test_a_hand_by_hand_event_keeps_its_hand_log_export() -> None:
    organiser = UserFactory(username="organiser")
    world = worlds.tournament(worlds.club(organisers=[organiser]), played=1, ruleset="nts")
    client = Client()
    client.force_login(organiser)
    html = event_page(world, client)
    assert "Alle handen (Excel)" in html
    # NTS: the bond ranks it, the EMA does not; no EMA export, so no EMA in the heading.
    assert "Uitslagen voor de bond</h3>" in html and "voor de EMA" not in html


def test_a_finished_mcr_event_offers_both_and_lists_only_guests_who_can_have_a_number() -> None:
    world, organiser, client = world_of(
        "mcr", ("Gast Onbekend", "Gast Nederland", "Gast Duitsland"))
    world.event.registrations.filter(guest_name="Gast Nederland").update(guest_country="NED")
    world.event.registrations.filter(guest_name="Gast Duitsland").update(guest_country="GER")
    rounds.close_round(play_all(world, organiser, [30, 10, -15, -25]))  # the last planned round: the event finishes
    html = event_page(world, client)
    assert "Uitslagen voor de bond en voor de EMA" in html
    assert "Gast Onbekend" in html and "Gast Nederland" in html
    start = html.index("geen NMB-lidnummer")
    warning = html[start:html.index("</div>", start)]
    assert "Gast Onbekend" in warning and "Gast Nederland" in warning
    assert "Gast Duitsland" not in warning


# --- 2. The round page and closing ------------------------------------------------------


def test_the_round_page_of_a_by_table_event_links_to_the_table_results_only() -> None:
    world, organiser, client = world_of()
    round_ = world.rounds[0]
    tables = list(round_.tables.order_by("number"))
    html = client.get(reverse("tournaments:round", args=[round_.pk])).content.decode()
    results = reverse("tournaments:table_results", args=[round_.pk])
    assert f'{results}#table-1"' in html and f'{results}#table-2"' in html
    for table in tables:
        assert reverse("tournaments:score_entry", args=[table.pk]) not in html
        assert reverse("tournaments:table", args=[round_.pk, table.pk]) not in html
    assert reverse("tournaments:table_cards", args=[round_.pk]) not in html
    # "QR-code", not "QR": a CSRF token on the page may hold those two letters by chance.
    assert "Scorebladen met de handen (PDF)" not in html and "QR-code" not in html
    assert "Tafeluitslag" in html
    # Closed: the seating links each table to its result, not to hands.
    rounds.close_round(play_all(world, organiser, [30, 10, -15, -25]))
    html = client.get(reverse("tournaments:round", args=[round_.pk])).content.decode()
    assert f'{results}#table-2"' in html and ">handen<" not in html
    assert reverse("tournaments:score_entry", args=[tables[0].pk]) not in html


def test_closing_a_by_table_round_says_table_results_can_be_corrected() -> None:
    world, _, client = world_of()
    html = client.get(reverse("tournaments:round_close", args=[world.rounds[0].pk])
                      ).content.decode()
    assert "kan de uitslag van een tafel daarna nog corrigeren" in html
    assert "Spellen kunnen daarna nog gecorrigeerd worden" not in html


def test_a_hand_by_hand_round_page_keeps_score_entry_and_its_sheets() -> None:
    organiser = UserFactory(username="organiser")
    world = worlds.tournament(worlds.club(organisers=[organiser]), played=0, open_round=True)
    client = Client()
    client.force_login(organiser)
    round_ = world.rounds[0]
    html = client.get(reverse("tournaments:round", args=[round_.pk])).content.decode()
    table = round_.tables.get(number=1)
    assert reverse("tournaments:score_entry", args=[table.pk]) in html
    assert "Scorebladen met de handen (PDF)" in html
    close = client.get(reverse("tournaments:round_close", args=[round_.pk])).content.decode()
    assert "Spellen kunnen daarna nog gecorrigeerd worden" in close


def test_a_closed_riichi_round_groups_its_scores_and_mcr_keeps_them_plain() -> None:
    # EMA Riichi Competition Rules 2016: results in thousands of points.
    world, organiser, client = world_of("riichi")
    round_ = play_all(world, organiser, [45_000, 32_100, 24_900, 18_000])
    rounds.close_round(round_)
    html = client.get(reverse("tournaments:round", args=[round_.pk])).content.decode()
    assert ">15.000<" in html and ">-12.000<" in html
    public = client.get(reverse("tournaments:round_results", args=[world.event.pk, 1])
                        ).content.decode()
    assert ">15.000<" in public


def test_mcr_round_results_keep_plain_scores() -> None:
    world, organiser, client = world_of()
    round_ = play_all(world, organiser, [3000, 10, -15, -2995])
    rounds.close_round(round_)
    html = client.get(reverse("tournaments:round", args=[round_.pk])).content.decode()
    assert ">3000<" in html and ">-2995<" in html
