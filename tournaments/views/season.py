"""Public pages of a club's competition: the season ranking with its rotating
trophy, and the all-time ranking (tournaments/services/club_competition.py).
They sit under the club's address (/clubs/<slug>/season/) like its events,
and are built from the club evenings' results, so they live here, not in
clubs.
"""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from clubs import limits
from clubs.models import Club
from tournaments import season_rules
from tournaments.services import club_competition


@require_GET
def season(request: HttpRequest, slug: str, year: int | None = None) -> HttpResponse:
    """Public: the club competition of one season (January to December)."""
    club = get_object_or_404(Club, slug=slug)
    today = timezone.localdate()
    # Without a year: this season, or, while it has no evening with results
    # yet (January), the last season that has: a club's page should not
    # open on an empty table.
    not_yet = None
    played = club_competition.season_years(club)
    if year is None:
        year = today.year
        if played and played[-1] < year:
            not_yet, year = year, played[-1]
    if not limits.year_in_range(year):
        raise Http404(_("No season %(year)s.") % {"year": year})
    members = club_competition.member_names(club)

    def names_get(key: int | str | None, default: str = "") -> str:
        return members.get(key, default) if isinstance(key, int) else default

    trophy = club_competition.season_trophy(club, year)
    options = club.read_season_options()
    rows = club_competition.season_standings(club, year)
    context = {
        "club": club,
        "year": year,
        "rows": rows,
        # Each row with the evenings it still needs to qualify, and the
        # club's rules in a sentence under the table.
        "ranking": season_rules.with_needs(rows, options),
        "rules_sentence": season_rules.rules_sentence(options),
        "order_sentence": season_rules.order_sentence(options),
        "trophy": trophy,
        "trophy_evenings": [
            {"evening": evening, "winner": names_get(evening.winner, ""),
             "holder": names_get(evening.holder, "")}
            for evening in trophy.evenings
        ],
        "trophy_kept": [{"kept": kept, "member": names_get(kept.member, "")}
                        for kept in trophy.kept],
        "holder": names_get(trophy.holder),
        "not_yet": not_yet,
        # The seasons next to this one that have results (and this year's,
        # from an earlier one): no link leads to an empty season.
        "previous_year": max((other for other in played if other < year), default=None),
        "next_year": min((other for other in played if year < other <= today.year),
                         default=today.year if year < today.year else None),
    }
    return render(request, "tournaments/season.html", context)


@require_GET
def all_time(request: HttpRequest, slug: str) -> HttpResponse:
    """Public: the club competition over every season."""
    club = get_object_or_404(Club, slug=slug)
    return render(request, "tournaments/all_time.html", {
        "club": club,
        "rows": club_competition.all_time_standings(club),
    })
