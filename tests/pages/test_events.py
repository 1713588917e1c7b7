import datetime
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone

from clubs.models import Club
from scoring.engine import RULESETS
from tournaments.models import Event

pytestmark = pytest.mark.django_db

EVENT_FORM = {
    "kind": "tournament", "title": "Voorjaarstoernooi", "venue": "Buurthuis",
    "start_date": "2031-04-05", "days": "2", "rounds_planned": "7", "round_minutes": "90",
    "ruleset": "nts", "option_nts_east_stays": "on", "max_places": "64",
    # Ticked by default (003 "Drie spelers"), as a browser sends it.
    "option_nts_three_player_two_suits": "on",
    "self_registration": "on", "odd_tables": "three", "seating_method": "swiss",
    "table_point_scheme": "4-2-1-0.5", "tie_rule": "tiebreak", "ranking_order": "table_points",
    "guests_ranked": "on", "status": "open",
}


def test_it_lists_the_clubs_events(organiser_client: Client, club: Club, event: Event) -> None:
    response = organiser_client.get(f"/en/clubs/{club.slug}/events/")
    assert response.status_code == 200
    assert "Clubavond januari" in response.content.decode()


def test_it_creates_an_event_with_its_rules(organiser_client: Client, club: Club) -> None:
    url = f"/en/clubs/{club.slug}/events/add/"
    assert organiser_client.get(url).status_code == 200
    response = organiser_client.post(url, EVENT_FORM)
    event = Event.objects.get(title="Voorjaarstoernooi")
    assert response.status_code == 302
    assert response["Location"] == f"/en/events/{event.pk}/"
    assert event.club == club
    assert event.rule_options == RULESETS["nts"].resolve_options({"east_stays": True})
    assert (event.odd_tables, event.seating_method, event.table_point_scheme, event.tie_rule,
            event.ranking_order, event.max_places) == (
        "three", "swiss", "4-2-1-0.5", "tiebreak", "table_points", 64)


def test_it_refuses_an_event_with_too_few_places(organiser_client: Client, club: Club) -> None:
    response = organiser_client.post(f"/en/clubs/{club.slug}/events/add/",
                                     {**EVENT_FORM, "max_places": "2"})
    assert response.status_code == 200
    assert "at least 3 players" in response.content.decode()
    assert not Event.objects.exists()


def test_it_edits_an_event(organiser_client: Client, event: Event) -> None:
    url = f"/en/events/{event.pk}/edit/"
    assert organiser_client.get(url).status_code == 200
    response = organiser_client.post(url, {**EVENT_FORM, "title": "Clubavond februari"})
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.title == "Clubavond februari"
    assert event.rule_options["east_stays"] is True


def test_it_disables_the_rule_fields_once_frozen(organiser_client: Client, event: Event) -> None:
    Event.objects.filter(pk=event.pk).update(rules_frozen_at=timezone.now(),
                                             rule_options={"east_stays": False})
    url = f"/en/events/{event.pk}/edit/"
    page = organiser_client.get(url).content.decode()
    assert 'name="ruleset"' in page and "disabled" in page
    assert "the rules can no longer change" in page
    # A posted change of the rules is ignored: disabled fields keep their value.
    response = organiser_client.post(url, {**EVENT_FORM, "option_nts_east_stays": "on"})
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.rule_options == {"east_stays": False}
    assert event.title == "Voorjaarstoernooi"


def test_it_shows_the_event_page(organiser_client: Client, event: Event) -> None:
    response = organiser_client.get(f"/en/events/{event.pk}/")
    assert response.status_code == 200
    page = response.content.decode()
    # Registering and checking in are at the door (its own page) since issue 15.
    assert f'href="/en/events/{event.pk}/door/' in page and "Add a round" in page


def test_it_refuses_the_outsider_everywhere(
    outsider_client: Client, club: Club, event: Event
) -> None:
    for url in (f"/en/clubs/{club.slug}/events/", f"/en/clubs/{club.slug}/events/add/",
                f"/en/events/{event.pk}/edit/"):
        assert outsider_client.get(url).status_code == 404, url
    # The event page of a published event is public (issue 15), without
    # anything of its organisers.
    page = outsider_client.get(f"/en/events/{event.pk}/").content.decode()
    assert "Clubavond januari" in page
    assert "Register a guest" not in page and "Edit the event" not in page
    assert outsider_client.post(f"/en/events/{event.pk}/edit/", EVENT_FORM).status_code == 404
    assert outsider_client.post(f"/en/clubs/{club.slug}/events/add/",
                                EVENT_FORM).status_code == 404
    assert Event.objects.get().title == "Clubavond januari"


def test_it_shows_another_clubs_event_as_everyone_sees_it(
    organiser_client: Client, other_club: Club
) -> None:
    theirs = Event.objects.create(club=other_club, title="Elders",
                                  start_date=datetime.date(2031, 1, 1))
    page = organiser_client.get(f"/en/events/{theirs.pk}/").content.decode()
    assert "Elders" in page and "Add a round" not in page
    draft = Event.objects.create(club=other_club, title="Concept", status="draft",
                                 start_date=datetime.date(2031, 1, 1))
    assert organiser_client.get(f"/en/events/{draft.pk}/").status_code == 404


# --- MCR, Riichi: fields that do not apply (issue 17, found on a walk) -----------------


@pytest.mark.parametrize("ruleset", ["mcr", "riichi"])
def test_a_by_table_event_ignores_odd_tables_and_confirmation(
        organiser_client: Client, club: Club, ruleset: str) -> None:
    # EMA rules (MCR, Riichi): tables of 4, no hands to confirm.
    url = f"/en/clubs/{club.slug}/events/add/"
    page = organiser_client.get(url).content.decode()
    assert "nor the second person's confirmation of hands" in page
    form = {name: value for name, value in EVENT_FORM.items()
            if not name.startswith("option_nts")}
    response = organiser_client.post(url, {**form, "ruleset": ruleset,
                                           "odd_tables": "three",
                                           "requires_confirmation": "on"})
    assert response.status_code == 302
    event = Event.objects.get(title="Voorjaarstoernooi")
    assert (event.ruleset, event.odd_tables, event.requires_confirmation) == (
        ruleset, "five", False)


def test_the_event_form_script_hides_odd_tables_and_confirmation_for_by_table_rulesets(
        ) -> None:
    script = (Path(settings.BASE_DIR) / "static" / "js" / "event-form.js").read_text()
    assert '"odd_tables"' in script and '"requires_confirmation"' in script
