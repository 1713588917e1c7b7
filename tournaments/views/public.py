"""Pages for everyone: a published event's page (for members, visitors and
scorekeepers), the list of published events and the club directory.
"""


from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from clubs.models import Club
from scoring.engine import RULESETS
from scoring.ruleset_display import described_options
from tournaments import access
from tournaments.models import (
    Event,
    RegistrationStatus,
    RoundStatus,
)
from tournaments.public import public_events as published_events
from tournaments.services import calendar as event_calendar
from tournaments.views.member import member_card
from tournaments.views.rounds import seated_tables


def public_event_page(request: HttpRequest, event: Event) -> HttpResponse:
    """A published event for members, visitors and scorekeepers: no
    registrations to manage, no exports of the organisers."""
    event_rounds = list(event.rounds.order_by("number"))
    seated = next((r for r in event_rounds if r.status == RoundStatus.SEATED), None)
    context = {
        "club": event.club,
        "event": event,
        "card": member_card(request, event),
        "rounds": event_rounds,
        "round_statuses": RoundStatus,
        "seated_round": seated,
        "seated_tables": seated_tables(seated) if seated else [],
        "players": event.registrations.filter(status=RegistrationStatus.REGISTERED)
        .select_related("member__club", "substitute_for__member").order_by("sort_name", "pk"),
        # A scorekeeper (not an organiser) finds their tables' score entry here.
        "score_tables": access.tables_for_scorekeeper(request.user).filter(
            round__event=event, round__status=RoundStatus.STARTED,
        ).select_related("round").order_by("round__number", "number"),
        "ruleset": RULESETS.get(event.ruleset),
        "rule_options": described_options(event.ruleset, event.rule_options),
        # A referee (not an organiser) finds the penalties page here.
        "referee": access.can_referee(request.user, event),
    }
    return render(request, "tournaments/event_public.html", context)


# --- Everyone: the list of events and of clubs -------------------------------------


PUBLIC_UPCOMING = 30
PUBLIC_RECENT = 30
# A club's slug as the URLconf's <slug:> reads it, bounded (Club.slug).
CLUB_SLUG_LENGTH = 50


def _club_asked(value: str) -> Club | None:
    """The club `?club=` names; anything else is as if it were absent."""
    if not value or len(value) > CLUB_SLUG_LENGTH or not value.isascii():
        return None
    if not all(char.isalnum() or char in "-_" for char in value):
        return None
    return Club.objects.filter(slug=value).first()


@require_GET
def public_events(request: HttpRequest) -> HttpResponse:
    """Public: the published events of every club (or of one, `?club=`),
    running, coming up and recently finished."""
    club = _club_asked(request.GET.get("club", ""))
    events_ = published_events()
    if club is not None:
        events_ = events_.filter(club=club)
    return render(request, "tournaments/public_events.html", {
        "calendar": event_calendar.calendar(events_, timezone.localdate(),
                                            upcoming=PUBLIC_UPCOMING, recent=PUBLIC_RECENT),
        "earlier": event_calendar.earlier(events_, timezone.localdate(), most=PUBLIC_RECENT),
        "chosen_club": club,
        "clubs": Club.objects.order_by("name"),
    })


@require_GET
def club_directory(request: HttpRequest) -> HttpResponse:
    """Public: every club with its public pages (events, season, all-time
    ranking, statistics); an organiser also finds their own clubs' pages."""
    organised = set(access.clubs_for(request.user).values_list("pk", flat=True))
    return render(request, "tournaments/club_directory.html", {
        "clubs": Club.objects.order_by("name"), "organised": organised})
