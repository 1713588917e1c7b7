from typing import Any

import pytest
from django.contrib.auth import authenticate
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from clubs.demo import DemoSize, load_demo
from clubs.management.commands.load_demo import SMALL
from clubs.models import Club, Member
from clubs.services import season_standings
from tournaments.models import Event, EventKind, EventStatus
from tournaments.services.standings import event_standings


@pytest.mark.django_db
def test_it_creates_the_organiser_and_prints_the_login(capsys: pytest.CaptureFixture[str]) -> None:
    call_command("load_demo", "--small")
    user = authenticate(username="organiser", password="mahjong-demo")
    assert user is not None
    assert user.is_staff
    output = capsys.readouterr().out
    assert "organiser" in output
    assert "mahjong-demo" in output


@pytest.mark.django_db
def test_it_is_idempotent_and_resets_the_password() -> None:
    call_command("load_demo", "--small")
    user = User.objects.get(username="organiser")
    user.set_password("changed")
    user.is_staff = False
    user.save()
    call_command("load_demo", "--small")
    assert User.objects.filter(username="organiser").count() == 1
    organiser = authenticate(username="organiser", password="mahjong-demo")
    assert organiser is not None
    assert organiser.is_staff


@pytest.mark.django_db
def test_it_refuses_to_run_in_production(settings: Any) -> None:
    settings.ENVIRONMENT = "production"
    with pytest.raises(CommandError, match="development only"):
        call_command("load_demo", "--small")
    assert not User.objects.filter(username="organiser").exists()




@pytest.mark.django_db
def test_it_builds_a_club_season_and_a_tournament_with_hands_played() -> None:
    load_demo(SMALL)
    club = Club.objects.get(slug="fu-hing")
    assert club.members.count() == 40
    evenings = Event.objects.filter(club=club, kind=EventKind.EVENING, status=EventStatus.FINISHED)
    assert evenings.count() == SMALL.evenings
    # Fu-Hing plays Hong Kong mahjong at its club evenings (seed 001): hands by the
    # winner's fan; the tournament is played by the Dutch tournament rules.
    assert set(evenings.values_list("ruleset", flat=True)) == {"hongkong"}
    tournament = Event.objects.get(kind=EventKind.TOURNAMENT, title="Achterhoeks Mahjongtoernooi")
    assert tournament.days == 2
    assert tournament.registrations.count() == SMALL.tournament_players
    for event in [*evenings, tournament]:
        assert event.rounds.count() == event.rounds_planned
        for round_ in event.rounds.all():
            assert round_.status == "closed"
            assert all(table.hands.exists() for table in round_.tables.all())
    assert event_standings(tournament)[0].position == 1
    assert season_standings(club, evenings.first().start_date.year)  # type: ignore[union-attr]


@pytest.mark.django_db
def test_the_member_login_can_register_for_the_open_evening() -> None:
    load_demo(SMALL)
    user = authenticate(username="speler", password="mahjong-demo")
    assert user is not None
    assert Member.objects.get(user=user).club.slug == "fu-hing"
    assert Event.objects.filter(status=EventStatus.OPEN, self_registration=True).exists()


def test_the_default_demo_is_the_size_the_issue_asks_for() -> None:
    # 40 members (fixed), a season of evenings, a 2-day tournament of 64 players.
    assert DemoSize().tournament_players == 64
    assert DemoSize().evenings >= 10


@pytest.mark.django_db
def test_the_demo_has_a_national_ranking_and_statistics() -> None:
    """Three finished tournaments: players with two results are ranked (issue 7)."""
    from rankings import services as rankings
    from stats import services as stats

    load_demo(SMALL)
    run = rankings.recompute("nts")
    assert run.entries.count() > 0
    assert stats.recompute_all() > 0
