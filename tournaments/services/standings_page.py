"""What the standings page shows, computed once per change of the event's
results and kept in the shared cache (results_cache): the rows with the
club and badges beside them, and the live part (rounds being played,
unconfirmed hands). The view adds the language, the filter and the page.

After a correction the standings are recomputed in the background
(tournaments.tasks.refresh_standings), so for a large event the first
reader after the change does not wait for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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
