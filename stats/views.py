"""Public statistics pages, like the standings: a player (a person, across
their clubs), a club (with its hall of fame of limit hands), an event.

Each reads one stored row (stats/services.py) and the few events and names
it shows, so the page costs a handful of queries however many hands lie
behind it. `?kind=tournament` or `?kind=evening` narrows a player's or a
club's figures to tournaments or club evenings.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from clubs.models import Club
from common.names import full_name_sort_key
from scoring import ruleset_display
from stats import compute, presentation, services
from tournaments import access


@require_GET
def player(request: HttpRequest, key: str) -> HttpResponse:
    members = services.memberships(key)
    if not members:
        raise Http404
    canonical = services.canonical_key(members)
    if canonical != key:
        members = services.memberships(canonical)
    payload = services.player_statistics(canonical, members)
    if payload is None:  # never played in a published event: no public page
        raise Http404
    if canonical != key:  # a member who has an NMB number now
        query = request.META.get("QUERY_STRING")
        return redirect(reverse("stats:player", args=[canonical]) + (f"?{query}" if query else ""))
    kind = presentation.kind_filter(request.GET.get("kind"))
    counts = payload["scopes"][kind]
    wanted_events, _registrations = presentation.referenced(counts)
    events = services.events(wanted_events | {result["event"] for result in payload["results"]})
    results = [result | {"event_object": events[result["event"]],
                         "ruleset_title": ruleset_display.title(events[result["event"]].ruleset)}
               for result in payload["results"]
               if result["event"] in events and kind in ("all", result["kind"])]
    context: dict[str, Any] = {
        "key": key, "person": members[0], "members": members, "kind": kind,
        "kinds": presentation.kind_choices(kind),
        "summary": presentation.summary(counts),
        "rulesets": presentation.ruleset_rows(counts, events),
        "limits": presentation.hand_views(counts["limits"], events),
        "ranks": presentation.rank_rows(counts),
        "results": list(reversed(results)),
    }
    context["rank_chart"] = presentation.rank_chart(context["ranks"], "ranks")
    context.update(_position_chart(request, results))
    context["ratings"] = _ratings(members[0], payload)
    return render(request, "stats/player.html", context)


def _position_chart(request: HttpRequest, results: list[dict[str, Any]]) -> dict[str, Any]:
    """The position per round in one event: the one asked for (?event=),
    else the latest with positions."""
    ranked = [result for result in results
              if any(position is not None for _n, position, _s in result["rounds"])]
    if not ranked:
        return {}
    asked = request.GET.get("event", "")
    chosen = next((result for result in ranked if str(result["event"]) == asked), ranked[-1])
    event = chosen["event_object"]
    return {"chart_result": chosen, "chart_events": ranked,
            "position_chart": presentation.position_chart(chosen, event, f"positions-{event.pk}")}


def _ratings(member: Any, payload: dict[str, Any]) -> list[dict[str, Any]]:
    ratings = []
    for ruleset in sorted(payload["scopes"]["all"]["rulesets"]):
        history = sorted(presentation.rating_history(member, ruleset))
        ratings.append({
            "ruleset": ruleset, "title": ruleset_display.title(ruleset), "history": history,
            "chart": presentation.rating_chart(history, ruleset, f"rating-{ruleset}")
            if history else None})
    return ratings


@require_GET
def club(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    kind = presentation.kind_filter(request.GET.get("kind"))
    payload = services.club_statistics(club.pk)
    scope = payload.get("scopes", {}).get(kind)
    context: dict[str, Any] = {"club": club, "kind": kind, "kinds": presentation.kind_choices(kind),
                               "scope": scope}
    if scope is not None and scope["events"]:
        context.update(_group(scope["tally"], scope["counted"], scope["most"], "club"))
        context["events_counted"] = scope["events"]
    return render(request, "stats/club.html", context)


@require_GET
def event(request: HttpRequest, event_id: int) -> HttpResponse:
    event = access.get_event_for_viewer(request.user, event_id)
    payload = services.event_statistics(event.pk)
    context: dict[str, Any] = {"event": event, "club": event.club, "payload": payload}
    if payload is not None:
        context.update(_group(payload["tally"], payload["counted"],
                              compute.most_mahjongs(payload["players"]), f"event-{event.pk}"))
    return render(request, "stats/event.html", context)


def _group(counts: dict[str, Any], counted: dict[str, int], most: list[list[Any]],
           chart_id: str) -> dict[str, Any]:
    """What a club's and an event's page show: the figures, per rule set,
    the most mahjongs, the best hands, the limit hands, places at the table."""
    event_ids, registrations = presentation.referenced(counts)
    names = services.names(registrations | {row[0] for row in most})
    events = services.events(event_ids)
    rows = presentation.rank_rows(counts)
    per_ruleset = presentation.ruleset_rows(counts, events, names)
    return {
        "summary": presentation.summary(counts),
        "counted": counted | {"drawn": counted["hands"] - counted["won"],
                              "self_drawn": counted["won"] - counted["discarded"]},
        "rulesets": per_ruleset,
        "best_hands": [(row, presentation.hand_views(counts["rulesets"][row.name]["best"], events,
                                                     names))
                       for row in per_ruleset],
        # Equal counts are listed by name in Dutch order ("de Boer" under B).
        "most": sorted(
            ({"name": names.get(registration, ("", None))[0],
              "key": names.get(registration, ("", key))[1], "hands": hands, "won": won,
              "rate": presentation.percent(hands and won / hands)}
             for registration, key, hands, won in most),
            key=lambda row: (-row["won"], row["hands"], full_name_sort_key(row["name"]))),
        "limits": presentation.hand_views(counts["limits"], events, names),
        "ranks": rows,
        "rank_chart": presentation.rank_chart(rows, f"ranks-{chart_id}"),
    }
