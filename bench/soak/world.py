"""The data of the soak: bench/web.py's tournament with round 8 in play, its
scorekeepers (a second one at some tables) and a session for the organiser."""

from __future__ import annotations

import argparse
import uuid
from dataclasses import dataclass

from bench import web


@dataclass
class Writer:
    table: int
    session: str
    second: bool  # the second scorekeeper of a table with two
    shared: bool  # the table has two writers



@dataclass
class World:
    event_id: int
    tables: list[int]
    preloaded: int  # hands of round 8 before the runs
    writers: list[Writer]
    organiser_session: str


def build_world(args: argparse.Namespace) -> World:
    """bench/web.py's tournament (--players), plus a second scorekeeper at the first
    --two-writers tables and a session for the organiser (exports)."""
    from django.contrib.auth.models import User

    from tournaments.models import Event, Scorekeeper, Table

    loaded = web.load(players=args.players)
    event = Event.objects.select_related("club").get(pk=loaded.event_id)
    organiser = event.club.organisers.get()
    tables = loaded.tables[: args.tables]
    writers = [Writer(t, loaded.sessions[t], second=False, shared=False) for t in tables]
    numbers = dict(Table.objects.filter(pk__in=tables).values_list("pk", "number"))
    for writer in writers[: args.two_writers]:
        writer.shared = True
        user = User.objects.create(username=f"soak-second-{uuid.uuid4().hex[:8]}",
                                   password="!")
        Scorekeeper.objects.create(user=user, event=event, table_number=numbers[writer.table])
        writers.append(Writer(writer.table, web.login_session(user), second=True,
                              shared=True))
    return World(loaded.event_id, tables, loaded.hands_round_8, writers,
                 web.login_session(organiser))
