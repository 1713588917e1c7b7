"""What the standings page shows, computed once per change of the event's
results and kept in the shared cache (results_cache): the rows with the
club and badges beside them, and the live part (rounds being played,
unconfirmed hands). The view adds the language, the filter and the page;
the tables it renders from them are kept here too (standings_html,
round_results_html), once per language and query.

After a correction the standings are recomputed in the background
(tournaments.tasks.refresh_standings), so for a large event the first
reader after the change does not wait for it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.translation import get_language

from tournaments.models import Event
from tournaments.services import results_cache
from tournaments.services import standings as standings_service
from tournaments.tables import standing_records


@dataclass(frozen=True)
class StandingsData:
    """The same for every reader, in no particular language."""

    records: list[dict[str, Any]]
    live: standings_service.LiveStandings | None


def compute(event: Event, after_round: int | None) -> StandingsData:
    if after_round is not None:
        rows = standings_service.event_standings(event, after_round=after_round)
        return StandingsData(records=standing_records(event, rows), live=None)
    live = standings_service.live_standings(event)
    return StandingsData(records=standing_records(event, live.rows, unconfirmed=live.unconfirmed),
                         live=live)


def cached(event: Event, after_round: int | None = None) -> StandingsData:
    part = f"standings:{after_round if after_round is not None else 'live'}"
    return results_cache.cached(event.pk, part, lambda: compute(event, after_round))


def standings_html(event: Event, *, after_round: int | None, club: str, sort: str, page: int,
                   render: Callable[[], str]) -> str:
    """The rendered standings table for a query the page's own links make:
    the same for every reader of it in the same language. It is kept under
    the values shown (after which round, which club, sort, page), never
    under what a visitor typed."""
    digest = hashlib.sha256("\n".join(
        (str(after_round), club, sort, str(page))).encode()).hexdigest()[:32]
    return results_cache.cached(event.pk, f"standings-html:{get_language()}:{digest}", render)


def round_results_html(event: Event, number: int, render: Callable[[], str]) -> str:
    """A round's results tables, the same for every reader in the same
    language: rendered once per change of the results."""
    return results_cache.cached(event.pk, f"round-html:{number}:{get_language()}", render)
