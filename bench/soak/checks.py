"""After a run: the hands in the database against what the clients were told, and
whether the standings served show every stored hand."""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

from bench import web
from bench.soak.load import Ledger
from bench.soak.world import World


def check_hands(world: World, ledger: Ledger, run: str | None) -> dict[str, Any]:
    """The hands in the database against what the clients were told: every acknowledged
    submission_id stored once (as the hand they were answered with), nothing refused
    stored, no hand number twice or missing at a table."""
    from django.db import connections

    from tournaments.models import Hand

    connections.close_all()
    rows = list(Hand.objects.filter(table__round__event_id=world.event_id,
                                    table_id__in=world.tables)
                .values_list("id", "table_id", "number", "submission_id"))
    by_key: dict[str, list[int]] = defaultdict(list)
    numbers: dict[int, list[int]] = defaultdict(list)
    for hand_id, table_id, number, key in rows:
        numbers[table_id].append(number)
        if key is not None:
            by_key[str(key)].append(hand_id)
    duplicate_numbers = sum(len(n) - len(set(n)) for n in numbers.values())
    gaps = sum(max(n) - len(set(n)) for n in numbers.values() if n)
    duplicate_keys = sum(len(ids) - 1 for ids in by_key.values() if len(ids) > 1)
    sent = ledger.of(run)
    acked = {k: s for k, s in sent.items() if s.acked}
    lost = sorted(k for k in acked if not by_key.get(k))
    other_hand = sorted(k for k, s in acked.items()
                        if by_key.get(k) and by_key[k][0] != s.hand_id)
    refused_stored = sorted(k for k, s in sent.items()
                            if (s.conflict or s.refused) and not s.acked and by_key.get(k))
    pending = [k for k, s in sent.items() if s.pending and not s.acked]
    pending_stored = sum(1 for k in pending if by_key.get(k))
    ours = set(ledger.of(None))
    strangers = sum(1 for k in by_key if k not in ours)
    # Every hand of round 8 beyond the preloaded ones is one of ours, once.
    extra_rows = len(rows) - world.preloaded - sum(len(ids) for k, ids in by_key.items()
                                                   if k in ours)
    duplicated = duplicate_keys + duplicate_numbers + len(other_hand) + max(0, extra_rows)
    return {
        "submitted": len(sent),
        "acknowledged": len(acked),
        "stored": sum(1 for k in sent if by_key.get(k)),
        "lost": len(lost),
        "duplicated": duplicated,
        "conflicts_not_stored": sum(1 for s in sent.values() if s.conflict and not s.acked),
        "refused": sum(1 for s in sent.values() if s.refused and not s.acked),
        "refused_but_stored": len(refused_stored),
        "pending_at_end": len(pending),
        "pending_stored": pending_stored,
        "acknowledged_after_a_failed_attempt": sum(1 for s in acked.values()
                                                   if s.failed_attempts),
        "of_which_already_saved": sum(1 for s in acked.values()
                                      if s.failed_attempts and s.status == 200),
        "hand_number_gaps": gaps,
        "rows_not_sent_by_us": strangers + max(0, extra_rows),
        "lost_ids": lost[:5],
    }


def standings_fresh(port: int, event_id: int) -> dict[str, Any]:
    """Whether the standings served after a run show every stored hand: the live
    fragment as served, then again after every event was given a new generation
    (computed afresh from the database); the same but for the time it says."""
    from tournaments.services import results_cache

    client = web.Client(port)
    path = f"/en/events/{event_id}/standings/live/"

    def read() -> bytes:
        status, data, _ms = client.request("GET", path)
        body = re.sub(rb'<p class="meta live-status">.*?</p>', b"", data, flags=re.S)
        return f"{status}".encode() + body

    try:
        served = read()
        results_cache.changed_everywhere()
        fresh = read()
    except Exception as error:  # noqa: BLE001 (reported, not fatal)
        return {"up_to_date": False, "error": repr(error)}
    return {"up_to_date": served == fresh and served.startswith(b"200")}
