"""The organiser's round and table pages: seating a round (and the seating
report), swapping players, starting it, the table cards with their QR
codes, and a table's hands with their audit trail. Closing a round and its
clock are lifecycle.py's.
"""

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournaments import access
from tournaments.forms import (
    SEAT_LABELS,
    HandForm,
    SeatingMethodForm,
    SwapForm,
    form_errors,
)
from tournaments.models import (
    EventStatus,
    Registration,
    Round,
    RoundStatus,
    Seat,
    Table,
)
from tournaments.qr import qr_svg
from tournaments.services import (
    clock,
    hand_audit,
    rounds,
    table_scores,
)
from tournaments.services import standings as standings_service
from tournaments.services.hand_entry import value_entry
from tournaments.views.errors import BAD_REQUEST, error_text


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
        "repeat_total": report.get("repeat_total", 0),
        "best_possible": report.get("best_possible_repeats"),
        "best_possible_exact": report.get("best_possible_exact"),
    }


def progress_poll_seconds() -> int:
    """How often the round page's tables ask for themselves again (htmx)."""
    return int(getattr(settings, "ROUND_PROGRESS_POLL_SECONDS", 10))


def _is_last_closed(round_: Round) -> bool:
    return (round_.status == RoundStatus.CLOSED and round_.event.status != EventStatus.FINISHED
            and not round_.event.rounds.filter(number__gt=round_.number).exists())


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
        # After the last round so far closed, the next step is the next round.
        "next_round_form": SeatingMethodForm(initial={
            "seating_method": rounds.next_seating_method(round_.event, first=False)})
        if _is_last_closed(round_) else None,
        # Dutch list order: "de Boer" under B (Registration.sort_name).
        "swap_form": swap_form or SwapForm(seated=seated.order_by("sort_name", "pk")),
        "error": error,
        "statuses": RoundStatus,
        # MCR, Riichi: each table's result is entered whole (table_results.html).
        "by_table": table_scores.by_table(round_.event) is not None,
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
    # Closing asks first: tournaments.views.lifecycle.round_close.
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
    if table_scores.by_table(round_.event) is not None:
        # MCR, Riichi: no hands; the table's result is entered whole.
        return redirect(reverse("tournaments:table_results", args=[round_.pk])
                        + f"#table-{table.number}")
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
        # Hong Kong's hands are given in fan and kept as the amount they pay.
        "values_are_amounts": value_entry(round_.event.ruleset).unit == "fan",
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
