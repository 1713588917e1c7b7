from typing import Any

import pytest
from django.contrib.auth import authenticate
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from clubs.models import Club, Member
from operations.demo import DemoSize, load_demo
from operations.management.commands.load_demo import SMALL
from tournaments.models import Event, EventKind, EventStatus, RankingOrder, SeatingMethod
from tournaments.services.club_competition import season_standings
from tournaments.services.standings import event_standings

# Each test builds the whole demo (a club season, a tournament played, the
# ranking and statistics), several seconds each: the slow pass.
pytestmark = pytest.mark.slow


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
def test_a_second_run_builds_nothing_and_keeps_the_passwords(
        capsys: pytest.CaptureFixture[str]) -> None:
    """`make run` runs load_demo on every start: it must not log anyone out."""
    call_command("load_demo", "--small")
    user = User.objects.get(username="organiser")
    user.set_password("changed")
    user.save()
    events = Event.objects.count()
    capsys.readouterr()
    call_command("load_demo", "--small")
    assert "nothing to build" in capsys.readouterr().out
    assert User.objects.filter(username="organiser").count() == 1
    assert Event.objects.count() == events
    assert authenticate(username="organiser", password="changed") is not None
    assert authenticate(username="organiser", password="mahjong-demo") is None


@pytest.mark.django_db
def test_reset_passwords_sets_the_demo_passwords_again() -> None:
    call_command("load_demo", "--small")
    user = User.objects.get(username="organiser")
    user.set_password("changed")
    user.is_staff = False
    user.save()
    call_command("load_demo", "--small", "--reset-passwords")
    organiser = authenticate(username="organiser", password="mahjong-demo")
    assert organiser is not None
    assert organiser.is_staff


@pytest.mark.django_db
def test_it_says_what_it_builds_as_it_goes(capsys: pytest.CaptureFixture[str]) -> None:
    call_command("load_demo", "--small")
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Building the demo data")
    assert any(line.startswith("Club evening 1/2: Clubavond ") for line in lines)
    assert any("Achterhoeks Mahjongtoernooi" in line for line in lines)
    built = next(line for line in lines if line.startswith("Demo data built"))
    assert f"{Event.objects.count()} events" in built


@pytest.mark.django_db
def test_quiet_with_verbosity_0_but_for_the_logins(capsys: pytest.CaptureFixture[str]) -> None:
    call_command("load_demo", "--small", verbosity=0)
    assert capsys.readouterr().out.splitlines()[0].startswith("Demo login:")


@pytest.mark.django_db
def test_the_clubs_keep_their_house_rules_as_event_defaults() -> None:
    load_demo(SMALL)
    fuhing = Club.objects.get(slug="fu-hing").event_defaults
    assert (fuhing.kind, fuhing.ruleset, fuhing.rounds_planned) == (
        EventKind.EVENING, "hongkong", 2)
    assert fuhing.seating_method == SeatingMethod.FUHING
    assert fuhing.ranking_order == RankingOrder.TABLE_POINTS
    assert fuhing.title_pattern == "Clubavond {date}"
    nts = Club.objects.get(slug="groene-hart").event_defaults
    assert (nts.kind, nts.ruleset, nts.seating_method, nts.ranking_order) == (
        EventKind.TOURNAMENT, "nts", SeatingMethod.BALANCED, RankingOrder.SCORE)


@pytest.mark.django_db
def test_every_fuhing_evening_and_the_next_one_follow_the_house_rules() -> None:
    load_demo(SMALL)
    evenings = Event.objects.filter(club__slug="fu-hing", kind=EventKind.EVENING)
    assert evenings.count() == SMALL.evenings + 1
    upcoming = evenings.get(status=EventStatus.OPEN)
    assert upcoming.title.startswith("Clubavond ")
    assert upcoming.title[-4:] == str(upcoming.start_date.year)  # "Clubavond 2 december 2026"
    for evening in evenings:
        assert (evening.ruleset, evening.rounds_planned) == ("hongkong", 2)
        assert evening.seating_method == SeatingMethod.FUHING
        assert evening.ranking_order == RankingOrder.TABLE_POINTS, evening.title


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


def test_the_clubs_part_of_the_demo_imports_no_higher_layer() -> None:
    """clubs/demo.py builds clubs, members and logins; events and hands are
    built by operations/demo.py, the layer that may use every app."""
    import ast
    from pathlib import Path

    import clubs.demo

    tree = ast.parse(Path(clubs.demo.__file__).read_text())
    imported = {node.module.split(".")[0] for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and node.module}
    imported |= {alias.name.split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.Import) for alias in node.names}
    assert not imported & {"tournaments", "exports", "rankings", "stats", "operations"}
