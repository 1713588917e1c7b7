"""Event pages: the organiser's workflow (events, registrations, rounds,
seating, hands), the member's self-registration, and the public standings.

Views translate HTTP to service calls. Every event, round and club is fetched
through clubs/access.py (a member's event through `get_event_for_member`), so no
view can forget the permission check. Every change is a POST; a service's
ValidationError is shown on the page (status 400) and changes nothing.
"""

import hashlib
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Prefetch, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_cache_control
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from clubs import access, limits
from clubs.forms import add_service_error
from clubs.models import Club, Member
from exports import bond
from scoring.engine import RULESETS
from tournaments import door_views
from tournaments.filters import StandingsFilter
from tournaments.forms import (
    SEAT_LABELS,
    EventForm,
    HandForm,
    RemoveScorekeeperForm,
    ScorekeeperForm,
    SeatingMethodForm,
    SwapForm,
    described_options,
    form_errors,
)
from tournaments.models import (
    Event,
    EventStatus,
    Registration,
    RegistrationStatus,
    Round,
    RoundStatus,
    Seat,
    Table,
)
from tournaments.public import public_events as published_events
from tournaments.qr import qr_svg
from tournaments.services import calendar as event_calendar
from tournaments.services import (
    clock,
    events,
    hand_audit,
    my_seat,
    results_cache,
    rounds,
    scorekeepers,
    standings_page,
)
from tournaments.services import event_defaults as defaults_service
from tournaments.services import registration as registrations
from tournaments.services import standings as standings_service
from tournaments.tables import StandingsTable

BAD_REQUEST = 400


def error_text(error: ValidationError) -> str:
    return " ".join(str(message) for message in error.messages)


# --- Events -------------------------------------------------------------------


@login_required
@require_GET
def event_list(request: HttpRequest, slug: str) -> HttpResponse:
    club = access.get_club_for_organiser(request.user, slug)
    return render(request, "tournaments/event_list.html",
                  {"club": club, "events": club.events.all()})


@login_required
def event_create(request: HttpRequest, slug: str) -> HttpResponse:
    club = access.get_club_for_organiser(request.user, slug)
    # A new event starts from the club's defaults and keeps its own copy.
    form = EventForm(request.POST or None, defaults=defaults_service.defaults_for(club))
    if request.method == "POST" and form.is_valid():
        try:
            event = events.create_event(club, **form.service_fields())
        except ValidationError as error:
            add_service_error(form, error)
        else:
            messages.success(request, _("The event %(title)s is created.") % {
                "title": event.title})
            return redirect("tournaments:detail", event.pk)
    return render(request, "tournaments/event_form.html", {"club": club, "form": form,
                                                           "event": None})


@login_required
def event_edit(request: HttpRequest, event_id: int) -> HttpResponse:
    event = access.get_event_for_organiser(request.user, event_id)
    form = EventForm(request.POST or None, instance=event)
    if request.method == "POST" and form.is_valid():
        try:
            events.update_event(event, **form.service_fields())
        except ValidationError as error:
            add_service_error(form, error)
        else:
            messages.success(request, _("The event is saved."))
            return redirect("tournaments:detail", event.pk)
    return render(request, "tournaments/event_form.html", {"club": event.club, "form": form,
                                                           "event": event})


def event_page(
    request: HttpRequest, event: Event, *, error: str = "", status: int = 200,
    **forms: Any,
) -> HttpResponse:
    """The organiser's event page; `forms` replaces a form to show its errors."""
    context = {
        "club": event.club,
        "event": event,
        # Registrations in a few numbers: the door page (door_views) manages them.
        "door": door_views.summary(event),
        "rounds": event.rounds.all(),
        "round_form": forms.get("round_form")
        or SeatingMethodForm(initial={"seating_method": _next_method(event)}),
        "scorekeepers": scorekeepers.event_scorekeepers(event),
        # Listed before the bond's export: players it will lack a number for.
        "missing_member_numbers": bond.missing_member_numbers(event)
        if event.status == EventStatus.FINISHED else [],
        "scorekeeper_form": forms.get("scorekeeper_form") or ScorekeeperForm(event=event),
        "playing_tables": Table.objects.filter(
            round__event=event, round__status=RoundStatus.STARTED,
        ).select_related("round").order_by("round__number", "number"),
        "error": error,
        "statuses": RegistrationStatus,
        "ruleset": RULESETS.get(event.ruleset),
        "rule_options": described_options(event.ruleset, event.rule_options),
        # An organiser who plays too sees where they sit.
        "card": _member_card(request, event),
    }
    return render(request, "tournaments/event_detail.html", context, status=status)


def _next_method(event: Event) -> str:
    # Round 1 is seated at random; later rounds by the event's method.
    return "random" if not event.rounds.exists() else event.seating_method


@require_GET
def event_detail(request: HttpRequest, event_id: int) -> HttpResponse:
    """The organisers' event page for them; for anyone else the public one
    of a published event (a draft is not found, as for an event that does
    not exist): its rounds, players and links, and for a member their state
    and where they sit."""
    event = access.get_event_for_viewer(request.user, event_id)
    if access.organises(request.user, event):
        return event_page(request, event)
    return public_event_page(request, event)


def _member_card(request: HttpRequest, event: Event) -> my_seat.MemberCard | None:
    """The logged-in member's card for `event`: when they are registered, or
    may register (a member of its club)."""
    member = access.member_for(request.user)
    if member is None:
        return None
    registration = my_seat.registration_of(request.user, event)
    own_club = member.club_id == event.club_id
    if registration is None and not own_club:
        return None
    return my_seat.card_for(event, registration, request.user, own_club=own_club)


def public_event_page(request: HttpRequest, event: Event) -> HttpResponse:
    """A published event for members, visitors and scorekeepers: no
    registrations to manage, no exports of the organisers."""
    event_rounds = list(event.rounds.order_by("number"))
    seated = next((r for r in event_rounds if r.status == RoundStatus.SEATED), None)
    context = {
        "club": event.club,
        "event": event,
        "card": _member_card(request, event),
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
    }
    return render(request, "tournaments/event_public.html", context)


def registered_message(registration: Registration) -> str:
    name = registration.name
    if registration.status == RegistrationStatus.WAITING:
        return _("%(name)s is on the waiting list, at position %(position)s.") % {
            "name": name, "position": registrations.waiting_position(registration)}
    if registration.status == RegistrationStatus.PENDING:
        return _("%(name)s is registered, awaiting approval.") % {"name": name}
    return _("%(name)s is registered.") % {"name": name}


# --- Scorekeepers -------------------------------------------------------------


@login_required
@require_POST
def scorekeeper_add(request: HttpRequest, event_id: int) -> HttpResponse:
    event = access.get_event_for_organiser(request.user, event_id)
    form = ScorekeeperForm(request.POST, event=event)
    if form.is_valid():
        try:
            keeper = scorekeepers.add_scorekeeper(
                event, form.cleaned_data["user"], table_number=form.cleaned_data["table_number"])
        except ValidationError as error:
            add_service_error(form, error)
        else:
            messages.success(request, _("%(user)s keeps the score at %(where)s.") % {
                "user": scorekeepers.user_label(keeper.user),
                "where": scorekeepers.where(keeper)})
            return redirect("tournaments:detail", event.pk)
    return event_page(request, event, scorekeeper_form=form, status=BAD_REQUEST)


@login_required
@require_POST
def scorekeeper_remove(request: HttpRequest, event_id: int) -> HttpResponse:
    event = access.get_event_for_organiser(request.user, event_id)
    form = RemoveScorekeeperForm(request.POST, event=event)
    if not form.is_valid():
        return event_page(request, event, error=" ".join(form_errors(form)),
                          status=BAD_REQUEST)
    keeper = form.cleaned_data["scorekeeper"]
    scorekeepers.remove_scorekeeper(event, keeper.user, table_number=keeper.table_number)
    messages.success(request, _("%(user)s no longer keeps the score at %(where)s.") % {
        "user": scorekeepers.user_label(keeper.user), "where": scorekeepers.where(keeper)})
    return redirect("tournaments:detail", event.pk)


# --- Rounds -------------------------------------------------------------------


@login_required
@require_POST
def round_add(request: HttpRequest, event_id: int) -> HttpResponse:
    event = access.get_event_for_organiser(request.user, event_id)
    form = SeatingMethodForm(request.POST)
    if not form.is_valid():
        return event_page(request, event, round_form=form, status=BAD_REQUEST)
    try:
        new_round = rounds.add_round(event, seating_method=form.cleaned_data["seating_method"])
    except ValidationError as error:
        return event_page(request, event, error=error_text(error), status=BAD_REQUEST)
    messages.success(request, _("Round %(number)s is added.") % {"number": new_round.number})
    return redirect("tournaments:round", new_round.pk)


def seated_tables(round_: Round) -> list[dict[str, Any]]:
    """The tables of a round, players in seat-wind order E S W N (then the fifth)."""
    seats = Prefetch(
        "seats",
        queryset=Seat.objects.select_related("registration__member__club").order_by("position"),
    )
    return [
        {
            "table": table,
            "seats": [
                {"label": SEAT_LABELS[seat.position], "registration": seat.registration}
                for seat in table.seats.all()
            ],
        }
        for table in round_.tables.prefetch_related(seats).order_by("number")
    ]


def report_for_page(round_: Round) -> dict[str, Any]:
    """The stored seating report (registration ids) with players' names, for
    this round: repeat meetings over all rounds so far, seat winds so far,
    and who sits together again compared with the previous round."""
    report = round_.seating_report or {}
    if not report:
        return {}
    registrations = round_.event.registrations.select_related("member")
    names = {r.pk: r.name for r in registrations}
    sort_names = {r.pk: r.sort_name for r in registrations}

    def name(key: Any) -> str:
        return names.get(key, str(key))

    def dutch_order(key: Any) -> str:
        return sort_names.get(key, str(key))

    same_table = report.get("same_table_as_previous") or [[]]
    met = report.get("met_in_previous_round") or [[]]
    return {
        "repeat_meetings": [
            {"a": name(item["players"][0]), "b": name(item["players"][1]),
             "count": item["count"]}
            for item in report.get("repeat_meetings", [])
        ],
        "same_table": [name(player) for player in sorted(same_table[-1], key=dutch_order)],
        "met_last_round": [(name(a), name(b)) for a, b in met[-1]],
        "winds": [
            {"name": name(row["player"]),
             "counts": [row.get(wind, 0) for wind in ("E", "S", "W", "N", "fifth")],
             "spread": row.get("spread", 0)}
            for row in sorted(report.get("winds", []),
                              key=lambda row: (-row.get("spread", 0), dutch_order(row["player"])))
        ],
        "max_wind_spread": report.get("max_wind_spread", 0),
    }


def progress_poll_seconds() -> int:
    """How often the round page's tables ask for themselves again (htmx)."""
    return int(getattr(settings, "ROUND_PROGRESS_POLL_SECONDS", 10))


def round_page(
    request: HttpRequest, round_: Round, *, error: str = "", status: int = 200,
    swap_form: SwapForm | None = None,
) -> HttpResponse:
    seated = Registration.objects.filter(seats__round=round_).select_related("member")
    context = {
        "club": round_.event.club,
        "event": round_.event,
        "round": round_,
        "tables": seated_tables(round_),
        "progress": rounds.table_progress(round_)
        if round_.status == RoundStatus.STARTED else [],
        # The round's clock and what its rule set says when time is up.
        "clock": clock.clock_state(round_) if round_.status == RoundStatus.STARTED else None,
        "at_time": clock.at_time(round_.event),
        "poll_seconds": progress_poll_seconds(),
        "results": standings_service.round_results(round_)
        if round_.status == RoundStatus.CLOSED else [],
        "report": report_for_page(round_),
        "seat_form": SeatingMethodForm(initial={"seating_method": round_.seating_method}),
        # Dutch list order: "de Boer" under B (Registration.sort_name).
        "swap_form": swap_form or SwapForm(seated=seated.order_by("sort_name", "pk")),
        "error": error,
        "statuses": RoundStatus,
    }
    return render(request, "tournaments/round_detail.html", context, status=status)


@login_required
@require_GET
def round_detail(request: HttpRequest, round_id: int) -> HttpResponse:
    round_ = access.get_round_for_organiser(request.user, round_id)
    return round_page(request, round_)


@login_required
@require_GET
def table_cards(request: HttpRequest, round_id: int) -> HttpResponse:
    """Printable table cards of a seated round: the table number, its players
    with their seat winds, and a QR code that opens the table's score-entry
    page on a scorekeeper's phone."""
    round_ = access.get_round_for_organiser(request.user, round_id)
    cards = []
    for item in seated_tables(round_):
        url = request.build_absolute_uri(reverse("tournaments:score_entry",
                                                 args=[item["table"].pk]))
        title = _("Score entry of table %(number)s") % {"number": item["table"].number}
        cards.append({**item, "url": url, "qr": mark_safe(qr_svg(url, title=title))})  # noqa: S308 (our own SVG)
    return render(request, "tournaments/table_cards.html", {
        "club": round_.event.club, "event": round_.event, "round": round_, "cards": cards})


def _seat(request: HttpRequest, round_: Round) -> str:
    form = SeatingMethodForm(request.POST)
    if not form.is_valid():
        raise ValidationError(form_errors(form))
    rounds.seat_round(round_, method=form.cleaned_data["seating_method"])
    return _("Round %(number)s is seated.") % {"number": round_.number}


def _swap(request: HttpRequest, round_: Round) -> str:
    form = SwapForm(request.POST, seated=Registration.objects.filter(seats__round=round_))
    if not form.is_valid():
        raise ValidationError(form_errors(form))
    player_a, player_b = form.cleaned_data["player_a"], form.cleaned_data["player_b"]
    rounds.swap_players(round_, player_a, player_b)
    return _("%(a)s and %(b)s have swapped seats.") % {"a": player_a.name, "b": player_b.name}


def _start(request: HttpRequest, round_: Round) -> str:
    rounds.start_round(round_)
    return _("Round %(number)s has started: the seating is locked.") % {"number": round_.number}


ROUND_ACTIONS: dict[str, Callable[[HttpRequest, Round], str]] = {
    "seat": _seat,
    "swap": _swap,
    "start": _start,
    # Closing asks first: tournaments.lifecycle_views.round_close.
}


@login_required
@require_POST
def round_action(request: HttpRequest, round_id: int, action: str) -> HttpResponse:
    round_ = access.get_round_for_organiser(request.user, round_id)
    if action not in ROUND_ACTIONS:
        raise Http404
    try:
        done = ROUND_ACTIONS[action](request, round_)
    except ValidationError as error:
        round_.refresh_from_db()
        return round_page(request, round_, error=error_text(error), status=BAD_REQUEST)
    messages.success(request, done)
    return redirect("tournaments:round", round_.pk)


@login_required
def table_detail(request: HttpRequest, round_id: int, table_id: int) -> HttpResponse:
    """A table's hands, and the form to enter the next one by values."""
    round_ = access.get_round_for_organiser(request.user, round_id)
    table = get_object_or_404(round_.tables, pk=table_id)
    form = HandForm(request.POST if request.method == "POST" else None, table=table)
    error = ""
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                hand = rounds.record_hand(
                    table, values=form.values(), winner=form.cleaned_data["winner"],
                    east=form.cleaned_data["east"], discarder=form.cleaned_data["discarder"],
                    entered_by=request.user,
                )
            except ValidationError as exc:
                error = error_text(exc)
            else:
                messages.success(request, _("Hand %(number)s is entered.") % {
                    "number": hand.number})
                return redirect("tournaments:table", round_.pk, table.pk)
        status = BAD_REQUEST
    hands = table.hands.prefetch_related("scores__registration__member").order_by("number")
    context = {
        "club": round_.event.club,
        "event": round_.event,
        "round": round_,
        "table": table,
        "seats": seated_tables_for(table),
        "hands": hands,
        "changes": hand_audit.audit_trail(table),
        "requires_confirmation": round_.event.requires_confirmation,
        "form": form,
        "can_enter": round_.status == RoundStatus.STARTED,
        "error": error,
    }
    return render(request, "tournaments/table_detail.html", context, status=status)


def seated_tables_for(table: Table) -> list[dict[str, Any]]:
    return [
        {"label": SEAT_LABELS[seat.position], "registration": seat.registration}
        for seat in table.seats.select_related("registration__member").order_by("position")
    ]


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
        table = StandingsTable(records, caption=caption, order_by=(sort,) if sort else None)
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
    if _canonical_query(request, shown):
        digest = hashlib.sha256("\n".join(
            (str(after_round), club, sort, str(page))).encode()).hexdigest()[:32]
        html = results_cache.cached(
            event.pk, f"standings-html:{get_language()}:{digest}", table_html)
    else:
        html = table_html()
    return {
        "club": event.club, "event": event, "table_html": html, "filter": club_filter,
        "closed_rounds": closed,
        "after_round": after_round,
        "live": live,
        "has_unconfirmed": bool(live and live.unconfirmed),
        "result_rounds": event.rounds.filter(
            status__in=(RoundStatus.STARTED, RoundStatus.CLOSED)).order_by("number"),
        "query": request.GET.urlencode(),
    }


def _poll() -> dict[str, Any]:
    return {"poll_seconds": settings.STANDINGS_POLL_SECONDS}


@require_GET
def standings(request: HttpRequest, event_id: int) -> HttpResponse:
    """Public for published events: members follow the standings during the
    event; the live part refreshes itself (standings_live)."""
    event = access.get_event_for_viewer(request.user, event_id)
    return render(request, "tournaments/standings.html",
                  {**_standings_context(request, event), **_poll()})


@require_GET
def standings_live(request: HttpRequest, event_id: int) -> HttpResponse:
    """The standings fragment the standings page polls (htmx) every
    settings.STANDINGS_POLL_SECONDS (10 s)."""
    event = access.get_event_for_viewer(request.user, event_id)
    response = render(request, "tournaments/_standings_live.html",
                      {**_standings_context(request, event), **_poll()})
    # A poll must never be answered from a cache: it exists to be fresh.
    patch_cache_control(response, no_cache=True, no_store=True, must_revalidate=True)
    return response


@require_GET
def round_results(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """Public: each table of a round with its players' score, table points
    and rank; provisional while the round is being played."""
    event = access.get_event_for_viewer(request.user, event_id)
    round_ = get_object_or_404(event.rounds.filter(
        status__in=(RoundStatus.STARTED, RoundStatus.CLOSED)), number=number)
    # The same for every reader: rendered once per change of the results.
    tables_html = results_cache.cached(
        event.pk, f"round-html:{number}:{get_language()}",
        lambda: render_to_string("tournaments/_round_results_tables.html", {
            "event": event, "tables": standings_service.round_results(round_)}))
    return render(request, "tournaments/round_results.html", {
        "club": event.club, "event": event, "round": round_, "tables_html": tables_html,
        "provisional": round_.status == RoundStatus.STARTED,
    })


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
    })


# --- Members: self-registration ---------------------------------------------------


# How many events "Mijn toernooien" lists coming up and recently played.
MY_UPCOMING = 10
MY_RECENT = 5


def my_events_page(
    request: HttpRequest, member: Member | None, *, error: str = "", status: int = 200
) -> HttpResponse:
    """The member's events: running ones first (where they sit now and
    next), then coming up (their club's, to register for) and recently
    played, each with their state."""
    groups: list[dict[str, Any]] = []
    if member is not None:
        mine = {r.event_id: r for r in member.registrations.select_related("event")}
        own_or_entered = published_events().filter(
            Q(club=member.club) | Q(registrations__member=member)).distinct()
        entered = published_events().filter(pk__in=member.registrations.exclude(
            status=RegistrationStatus.WITHDRAWN).values("event_id"))
        today = timezone.localdate()
        listed = event_calendar.calendar(own_or_entered, today, upcoming=MY_UPCOMING, recent=0)
        played = event_calendar.calendar(entered, today, upcoming=0, recent=MY_RECENT)

        def cards(events_: list[Event]) -> list[my_seat.MemberCard]:
            return [my_seat.card_for(event, mine.get(event.pk), request.user,
                                     own_club=event.club_id == member.club_id)
                    for event in events_]

        groups = [
            {"key": "running", "title": _("Playing now"), "cards": cards(listed.running)},
            {"key": "upcoming", "title": _("Coming up"), "cards": cards(listed.upcoming)},
            {"key": "recent", "title": _("Recently played"), "cards": cards(played.recent)},
        ]
    return render(request, "tournaments/my_events.html",
                  {"member": member, "groups": [g for g in groups if g["cards"]],
                   "error": error}, status=status)


@login_required
@require_GET
def my_events(request: HttpRequest) -> HttpResponse:
    return my_events_page(request, access.member_for(request.user))


@login_required
@require_POST
def self_register(request: HttpRequest, event_id: int) -> HttpResponse:
    member = access.member_for(request.user)
    if member is None:
        raise Http404
    event = access.get_event_for_member(member, event_id)
    try:
        registration = registrations.register(event, member=member, by_organiser=False)
    except ValidationError as error:
        return my_events_page(request, member, error=error_text(error), status=BAD_REQUEST)
    messages.success(request, registered_message(registration))
    return redirect("tournaments:my_events")


@login_required
@require_POST
def self_withdraw(request: HttpRequest, event_id: int) -> HttpResponse:
    member = access.member_for(request.user)
    if member is None:
        raise Http404
    event = access.get_event_for_member(member, event_id)
    registration = get_object_or_404(event.registrations, member=member)
    try:
        registrations.withdraw(registration)
    except ValidationError as error:
        return my_events_page(request, member, error=error_text(error), status=BAD_REQUEST)
    messages.success(request, _("Your registration for %(title)s is withdrawn.") % {
        "title": event.title})
    return redirect("tournaments:my_events")


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
