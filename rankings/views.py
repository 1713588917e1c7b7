"""Public pages of the national rankings: a rule set's ranking and a
player's results. They only read stored rows (rankings.services computes
them in the background); a ranking never computed, computed before today
(results age by the day) or with other constants than the settings' is
recomputed in the background, not while one waits. The formula is shown
with the constants of the ranking shown.

For an anonymous reader both are pages every such reader shares
(common/shared_pages.py), kept under the version of what they show: the
current run, whether a recomputation is waiting or running, and the names
(the results cache's generation every event shares)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import F
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from common import shared_pages
from rankings import explain, formula, services
from rankings.filters import RankingFilter
from rankings.models import RankingEntry, RankingRun
from scoring.engine import RULESETS
from scoring.ruleset_display import title as ruleset_title
from tournaments.services import results_cache

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


def _version(run: RankingRun | None, state: dict[str, Any]) -> str | None:
    """What a shared ranking page is built from, read before it is rendered;
    None without a reachable cache (then nothing is shared)."""
    names = results_cache.names_generation()
    if names is None:
        return None
    return (f"{run.pk if run is not None else 0}.{int(state['pending'])}"
            f"{int(state['running'])}.{names}")


def _changed_at(run: RankingRun | None, version: str) -> float | None:
    moments = [results_cache.changed_at(version.rsplit(".", 1)[-1])]
    if run is not None:
        moments.append(run.computed_at.timestamp())
    known = [moment for moment in moments if moment is not None]
    return max(known) if known else None


def _shared(request: HttpRequest, name: str | None, run: RankingRun | None,
            state: dict[str, Any], render_page: Callable[[], HttpResponse]) -> HttpResponse:
    """The page every anonymous reader shares, under `name`; None: a query
    its links do not make, rendered for this request alone."""
    version = (_version(run, state)
               if name is not None and shared_pages.is_shared_reader(request) else None)
    if name is None or version is None:
        return shared_pages.private(shared_pages.rendered(render_page))
    name = f"rankings:{results_cache.code_stamp()}:{name}:{get_language()}"
    return shared_pages.serve(
        request, name=name, version=version,
        fetch=lambda: shared_pages.kept(name, version, render_page),
        changed_at=lambda version: _changed_at(run, version))


@require_GET
def ranking(request: HttpRequest, ruleset: str | None = None) -> HttpResponse:
    ruleset = _ruleset(ruleset)
    run = services.current_run(ruleset)
    if services.outdated(run):
        # Once this (read-only) request's transaction is done: now, in autocommit.
        transaction.on_commit(lambda: services.request_recompute([ruleset]), robust=True)
    state = services.state(ruleset)
    asked = _page_asked(request)

    def render_page() -> HttpResponse:
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
        response = render(request, "rankings/ranking.html", {
            "ruleset": ruleset,
            "ruleset_title": title,
            "rulesets": _choices(ruleset),
            "run": run,
            "state": state,
            "filter": entry_filter,
            "filtered": bool(request.GET.get("q") or request.GET.get("club")),
            "page": page,
            "formula_lines": explain.formula_lines(config),
            "source": formula.SOURCE,
            "source_url": formula.SOURCE_URL,
        })
        if asked is not None and page.number != asked:
            raise shared_pages.NotShared(response)  # past the last page
        return response

    return _shared(request, f"{ruleset}:{asked or 1}" if asked != 0 else None,
                   run, state, render_page)


def _page_asked(request: HttpRequest) -> int | None:
    """The page the query asks for as the page's own links write it: None
    without a query, 0 for any other query (a search, a made-up value),
    which is rendered for its request alone."""
    query = dict(request.GET.lists())
    if not query:
        return None
    number = query.get("page", [""])[0]
    if list(query) != ["page"] or len(query["page"]) != 1 or not (
            number.isascii() and number.isdigit() and len(number) < 6
            and str(int(number)) == number and int(number) > 0):
        return 0
    return int(number)


@require_GET
def player(request: HttpRequest, ruleset: str, key: str) -> HttpResponse:
    ruleset = _ruleset(ruleset)
    run = services.current_run(ruleset)
    state = services.state(ruleset)

    def render_page() -> HttpResponse:
        results = services.player_results(run, key) if run is not None else []
        if run is None or not results:
            raise Http404(_("This player has no results in this ranking."))
        entry = (RankingEntry.objects.filter(run=run, player_key=key)
                 .select_related("member").prefetch_related("clubs").first())
        member = results[0].member  # of the latest result
        name = (entry.display_name if entry is not None
                else member.full_name if member is not None else key)
        clubs = (sorted(club.name for club in entry.clubs.all()) if entry is not None
                 else sorted({row.member.club.name for row in results
                              if row.member is not None}))
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

    # A key no result has is a 404 before anything is kept under it.
    return _shared(request, None if request.GET else f"{ruleset}:player:{key}", run, state,
                   render_page)
