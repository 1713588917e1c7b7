"""Public results of an event: the standings (after a closed round, or live
while rounds are played, filtered by club, sorted and paginated), each
round's results per table and a player's hands. Published events for
anyone, drafts for their organisers (tournaments.access.get_event_for_viewer).
The rendered tables are kept by the standings service (standings_page).
"""

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from clubs import limits
from common import shared_pages
from tournaments import access
from tournaments.filters import StandingsFilter
from tournaments.models import (
    Event,
    EventStatus,
    RoundStatus,
)
from tournaments.services import (
    results_cache,
    standings_page,
    table_scores,
)
from tournaments.services import standings as standings_service
from tournaments.tables import StandingsTable, has_penalties

# --- Public standings -----------------------------------------------------------


STANDINGS_PER_PAGE = 50
# The most digits a round or page number in the query may have (Round.number
# is a small integer): a longer value is nobody's round or page.
NUMBER_DIGITS = 5


def _number(value: str) -> int | None:
    return limits.whole_number(value, NUMBER_DIGITS)


def _after_round(request: HttpRequest, closed: list[int]) -> int | None:
    """The closed round `?after=` names; anything else is as if it were
    absent (the standings now)."""
    number = _number(request.GET.get("after", ""))
    return number if number in closed else None


def _page(value: str, pages: int) -> int:
    """The page to show, as django-tables2 does it: the first for what is no
    number, the last for a number past it."""
    number = _number(value)
    return 1 if number is None or number < 1 else min(number, pages)


def _canonical_query(request: HttpRequest, shown: dict[str, str]) -> bool:
    """Whether the query is one the page's own links make: only its own
    parameters, each once, each written as `shown` (what the page shows for
    it) writes it. Only such a query is rendered into the shared cache, so a
    visitor cannot add an entry per made-up value (issue 13, finding 7)."""
    return all(
        name in shown and request.GET.getlist(name) == [shown[name]] for name in request.GET)


def _standings_context(request: HttpRequest, event: Event) -> dict[str, Any]:
    """The standings table, filtered by club, sorted and paginated as asked:
    after a closed round (`?after=`), or live (closed rounds plus the hands
    entered so far in the rounds being played)."""
    closed = list(event.rounds.filter(status=RoundStatus.CLOSED).values_list("number", flat=True))
    after_round = _after_round(request, closed)
    data = standings_page.cached(event, after_round)
    live = data.live
    if after_round is not None:
        caption = _("Standings after round %(number)s") % {"number": after_round}
    elif live is not None and live.running_rounds:
        caption = _("Standings during round %(number)s") % {"number": live.running_rounds[-1]}
    elif closed and event.status == EventStatus.FINISHED:
        caption = _("Final standings")  # as the big screen says
    elif closed:
        caption = _("Standings after round %(number)s") % {"number": max(closed)}
    else:
        caption = _("Standings")
    club_filter = StandingsFilter(request.GET, event=event)
    records = data.records
    club = ""
    if club_filter.is_bound and club_filter.form.is_valid() and club_filter.form.cleaned_data[
            "club"]:
        club = club_filter.form.cleaned_data["club"]
        kept = set(club_filter.qs.values_list("pk", flat=True))
        records = [record for record in records if record["key"] in kept]
    # Sort and page as validated values: the query's own are only read here.
    sort = request.GET.get("sort", "")
    if sort.removeprefix("-") not in StandingsTable.base_columns:
        sort = ""
    page = _page(request.GET.get("page", ""), max(1, -(-len(records) // STANDINGS_PER_PAGE)))

    def table_html() -> str:
        table = StandingsTable(records, caption=caption, order_by=(sort,) if sort else None,
                               exclude=() if has_penalties(data.records) else ("penalty",))
        table.request = request  # its sort and page links keep the query
        table.paginate(page=page, per_page=STANDINGS_PER_PAGE)
        return str(table.as_html(request))

    # The rendered table is the same for every reader of the same query in
    # the same language; other query parameters would end up in its links.
    # It is kept under the values shown, never under what a visitor typed,
    # and only for a query the page's links make (a made-up value is
    # rendered for its request alone).
    shown = {"club": club, "sort": sort, "page": str(page)}
    if after_round is not None:
        shown["after"] = str(after_round)
    shared = _canonical_query(request, shown)
    if shared:
        html = standings_page.standings_html(event, after_round=after_round, club=club,
                                             sort=sort, page=page, render=table_html)
    else:
        html = table_html()
    return {
        "shared": shared,
        "club": event.club, "event": event, "table_html": html, "filter": club_filter,
        "closed_rounds": closed,
        "after_round": after_round,
        "live": live,
        # A finished event's standings change only by an organiser's
        # correction: its readers need not ask every 10 s (a page open while
        # it is finished stops at its next poll).
        "polls": live is not None and event.status != EventStatus.FINISHED,
        "has_unconfirmed": bool(live and live.unconfirmed),
        "result_rounds": event.rounds.filter(
            status__in=(RoundStatus.STARTED, RoundStatus.CLOSED)).order_by("number"),
        "query": request.GET.urlencode(),
        "results_as_of": shared_pages.as_of(results_cache.built_on_changed_at(event.pk)),
    }


def _poll() -> dict[str, Any]:
    return {"poll_seconds": settings.STANDINGS_POLL_SECONDS}


def _event_page(request: HttpRequest, event_id: int,
                render: Callable[[Event], HttpResponse]) -> HttpResponse:
    """A page of the event's results: for an anonymous reader of a
    published event the page every such reader shares, rendered once per
    change of the results (common.shared_pages); for anyone else rendered
    for them."""
    if not shared_pages.is_shared_reader(request):
        event = access.get_event_for_viewer(request.user, event_id)
        return shared_pages.private(shared_pages.rendered(lambda: render(event)))
    part = f"page:{shared_pages.key_of(request)}"

    def fetch() -> tuple[shared_pages.StoredPage, str | None]:
        # Published, or 404 before anything is kept under the event's
        # number: a made-up number never gets a generation or a page.
        event = access.get_event_for_viewer(AnonymousUser(), event_id)
        return results_cache.cached_tagged(event.pk, part,
                                           shared_pages.stored(lambda: render(event)))

    # A copy this worker served is of a published event: unpublishing or
    # deleting it gives the event a new generation.
    return shared_pages.serve(request, name=f"event:{event_id}:{part}",
                              version=results_cache.known_generation(event_id), fetch=fetch,
                              changed_at=results_cache.changed_at)


def _shared_only(context: dict[str, Any], response: HttpResponse) -> HttpResponse:
    if not context["shared"]:
        raise shared_pages.NotShared(response)
    return response


@require_GET
def standings(request: HttpRequest, event_id: int) -> HttpResponse:
    """Public for published events: members follow the standings during the
    event; the live part refreshes itself (standings_live)."""
    def render_page(event: Event) -> HttpResponse:
        context = {**_standings_context(request, event), **_poll()}
        return _shared_only(context, render(request, "tournaments/standings.html", context))

    return _event_page(request, event_id, render_page)


@require_GET
def standings_live(request: HttpRequest, event_id: int) -> HttpResponse:
    """The standings fragment the standings page polls (htmx) every
    settings.STANDINGS_POLL_SECONDS (10 s): a poll that changed nothing is
    answered 304 from the shared page's version."""
    def render_fragment(event: Event) -> HttpResponse:
        context = {**_standings_context(request, event), **_poll()}
        return _shared_only(context, render(request, "tournaments/_standings_live.html",
                                            context))

    return _event_page(request, event_id, render_fragment)


@require_GET
def round_results(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """Public: each table of a round with its players' score, table points
    and rank; provisional while the round is being played."""
    def render_page(event: Event) -> HttpResponse:
        round_ = get_object_or_404(event.rounds.filter(
            status__in=(RoundStatus.STARTED, RoundStatus.CLOSED)), number=number)
        # The same for every reader: rendered once per change of the results.
        tables_html = standings_page.round_results_html(
            event, number,
            lambda: render_to_string("tournaments/_round_results_tables.html", {
                "event": event, "tables": standings_service.round_results(round_)}))
        response = render(request, "tournaments/round_results.html", {
            "club": event.club, "event": event, "round": round_, "tables_html": tables_html,
            "provisional": round_.status == RoundStatus.STARTED,
        })
        if request.GET:  # the page's links make no query
            raise shared_pages.NotShared(response)
        return response

    return _event_page(request, event_id, render_page)


@require_GET
def player(request: HttpRequest, event_id: int, registration_id: int) -> HttpResponse:
    """Public: a player's hands per round (hand number, seat wind, value,
    settlement) and table points per round."""
    event = access.get_event_for_viewer(request.user, event_id)
    registration = get_object_or_404(
        event.registrations.select_related("member__club"), pk=registration_id)
    player_rounds = standings_service.player_rounds(registration)
    return render(request, "tournaments/player.html", {
        "club": event.club, "event": event, "registration": registration,
        "rounds": player_rounds,
        "requires_confirmation": event.requires_confirmation,
        # MCR, Riichi: no hands, the table's result per round instead.
        "by_table": table_scores.by_table(event) is not None,
        "starting_points": table_scores.starting_points(event),
    })
