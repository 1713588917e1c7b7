"""Public pages of the national rankings: a rule set's ranking and a
player's results. They only read stored rows (rankings.services computes
them in the background); a ranking never computed, computed before today
(results age by the day) or with other constants than the settings' is
recomputed in the background, not while one waits. The formula is shown
with the constants of the ranking shown."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import F
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from rankings import explain, formula, services
from rankings.filters import RankingFilter
from rankings.models import RankingEntry
from scoring.engine import RULESETS
from scoring.ruleset_display import title as ruleset_title

# A plain table, not django-tables2: 100 rows render in a few milliseconds
# instead of ~100 ms (a template per cell).
PER_PAGE = 100


def _ruleset(name: str | None) -> str:
    name = name or services.default_ruleset()
    if name not in RULESETS:
        raise Http404(_("There is no rule set %(name)s.") % {"name": name})
    return name


def _choices(current: str) -> list[dict[str, object]]:
    offered = list(services.rulesets())
    if current not in offered:
        offered.append(current)
    return [{"name": name, "title": ruleset_title(name), "current": name == current}
            for name in offered]


@require_GET
def ranking(request: HttpRequest, ruleset: str | None = None) -> HttpResponse:
    ruleset = _ruleset(ruleset)
    run = services.current_run(ruleset)
    if services.outdated(run):
        # Once this (read-only) request's transaction is done: now, in autocommit.
        transaction.on_commit(lambda: services.request_recompute([ruleset]), robust=True)
    entries = (RankingEntry.objects.filter(run=run) if run is not None
               else RankingEntry.objects.none())
    entry_filter = RankingFilter(
        request.GET, run=run,
        queryset=entries.select_related("member").prefetch_related("clubs"))
    title = ruleset_title(ruleset)
    # Equal positions are listed by name in Dutch order ("de Boer" under B):
    # the member's stored key; a player without a member record last.
    page = Paginator(entry_filter.qs.order_by(
        "position", F("member__sort_name").asc(nulls_last=True), "name", "player_key"),
        PER_PAGE).get_page(request.GET.get("page"))
    config = services.run_config(run)
    return render(request, "rankings/ranking.html", {
        "ruleset": ruleset,
        "ruleset_title": title,
        "rulesets": _choices(ruleset),
        "run": run,
        "state": services.state(ruleset),
        "filter": entry_filter,
        "filtered": bool(request.GET.get("q") or request.GET.get("club")),
        "page": page,
        "formula_lines": explain.formula_lines(config),
        "source": formula.SOURCE,
        "source_url": formula.SOURCE_URL,
    })


@require_GET
def player(request: HttpRequest, ruleset: str, key: str) -> HttpResponse:
    ruleset = _ruleset(ruleset)
    run = services.current_run(ruleset)
    results = services.player_results(run, key) if run is not None else []
    if run is None or not results:
        raise Http404(_("This player has no results in this ranking."))
    entry = (RankingEntry.objects.filter(run=run, player_key=key)
             .select_related("member").prefetch_related("clubs").first())
    member = results[0].member  # of the latest result
    name = (entry.display_name if entry is not None
            else member.full_name if member is not None else key)
    clubs = (sorted(club.name for club in entry.clubs.all()) if entry is not None
             else sorted({row.member.club.name for row in results if row.member is not None}))
    config = services.run_config(run)
    history = [(day, rating) for day, rating in services.history_of(run, results)]
    return render(request, "rankings/player.html", {
        "ruleset": ruleset,
        "ruleset_title": ruleset_title(ruleset),
        "run": run,
        "entry": entry,
        "name": name,
        "clubs": clubs,
        "results": results,
        "counted": sum(1 for row in results if row.age_factor > 0),
        "min_results": config.min_results,
        "history": history,
    })
