"""The club competition: a club's season ranking, its rotating trophy and its
all-time ranking, read from the club evenings' results (club_evenings in
tournaments/services/standings.py) and ranked by tournaments/season.py with
the club's own options (Club.read_season_options)."""

from __future__ import annotations

from clubs.models import Club
from tournaments import season
from tournaments.models import EventKind, RoundStatus
from tournaments.public import public_events
from tournaments.services.standings import club_evenings


def season_standings(club: Club, year: int) -> list[season.SeasonRow]:
    """The season ranking of the club's members over its club evenings of
    `year` (those with at least one closed round), keyed by member id."""
    options = club.read_season_options()
    evenings = club_evenings(club, year)
    names: dict[int | str, str] = {}
    for evening in evenings:
        names.update(evening.names)
    return season.season_ranking([evening.evening for evening in evenings], options, names)


def season_trophy(club: Club, year: int) -> season.TrophyHistory:
    """The rotating trophy through the season `year` (seed 001 Art. 7), keyed by
    member id. An evening's winner is the club member placed first alone
    among the club's members (a guest never takes the club's trophy); the
    holder at the start is whoever held it at the end of last season."""
    last_season = _trophy_without_start(club, year - 1)
    return season.trophy_history(
        [(evening.evening.date, evening.winner) for evening in club_evenings(club, year)],
        holder_at_start=last_season.holder,
    )


def _trophy_without_start(club: Club, year: int) -> season.TrophyHistory:
    return season.trophy_history(
        [(evening.evening.date, evening.winner) for evening in club_evenings(club, year)]
    )


def member_names(club: Club) -> dict[int, str]:
    """Display names by member id, for the keys of the season's results."""
    return {member.pk: member.full_name for member in club.members.all()}


def season_years(club: Club) -> list[int]:
    """The years in which the club has a published club evening with a
    closed round."""
    return sorted({day.year for day in public_events().filter(
        club=club, kind=EventKind.EVENING, rounds__status=RoundStatus.CLOSED,
    ).dates("start_date", "year")})


def all_time_standings(club: Club) -> list[season.AllTimeRow]:
    """The all-time ranking of the club's members over its club evenings of
    every season (tournaments/season.py `all_time_ranking`), keyed by member id.
    Each season is read as its season page reads it (the same evenings, the
    club's season options, the trophy's winners); guests and other clubs'
    members are not listed. One query for the seasons, then three per season."""
    options = club.read_season_options()
    evenings: list[tuple[season.Evening, int | str | None]] = []
    names: dict[int | str, str] = {}
    for year in season_years(club):
        for evening in club_evenings(club, year):
            evenings.append((evening.evening, evening.winner))
            names.update(evening.names)
    return season.all_time_ranking(evenings, options, names)
