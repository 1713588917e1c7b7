"""Ranking and statistics benchmark (`make bench`): the national ranking and every
player's statistics over a national installation.

Builds in bulk (not timed) an installation of 400 players, members of 30 clubs (most
with an NMB number, a few also members of a second club), 60 finished tournaments over
the last three years (mostly NTS, some Hong Kong and Philos; 1-3 days, 16-120 players,
4-8 rounds, tables of 4 with 8-12 hands a round) and three clubs' seasons of club
evenings: about 100,000 hands. Each hand is what score entry stores: `Hand.entry`,
`game` and `result` as the engine scored them (most by values, about 1 in 20 by tiles,
limit hands among them), its `HandScore` rows, each closed table's `TableResult` rows
as `close_round` computes them. Scored hands are drawn from a pool scored once per rule
set, options and prevailing wind (a few thousand engine calls, not 100,000); building
takes about a minute, nearly all of it the database's inserts.

Then measures:

* (a) the full recomputation of the national ranking (`rankings.services.recompute_all()`)
  and of every player's statistics (`stats.services.recompute_all()`): wall time of
  each and of both together, median of 3 runs; target under 10 s together;
* (b) the peak memory of that recomputation in a fresh process (VmHWM from
  /proc/self/status, the process's own high-water mark, Django and the data it reads
  included); target under 500 MB;
* (c) a player's statistics page (/en/players/<key>/statistics/) for random players,
  and the national ranking page (/en/rankings/<rule set>/), each over 200 requests with
  warm caches, through Django's test Client in this process (no HTTP server: the
  time is Django's, middleware, views and templates included); target p95 under 100 ms.

    python -m bench.rankings [--size full|small|tiny] [--database-url URL] [--json]
                             [--only-build] [--requests 200] [--seed N]

The data never goes into an existing database: without --database-url (or
DATABASE_URL), or with a sqlite:// one, it uses a fresh SQLite file in a temp dir; with
a postgres:// URL it creates a throwaway database on that server (the URL's user needs
CREATEDB, as the tests do) and drops it afterwards. Exit status: 0 when every
target is met, 1 when one is missed, 2 when the ranking or statistics service is
missing (--only-build needs neither).
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from bench import corpus
from scoring.engine import SEAT_WINDS

ROOT = Path(__file__).resolve().parent.parent

TARGETS = {"recompute_s": 10.0, "memory_mb": 500.0, "statistics_p95_ms": 100.0,
           "ranking_p95_ms": 100.0}
SERVICES = {
    "rankings": "rankings.services.recompute_all() (the national ranking per rule set, "
                "stored; the rankings app)",
    "stats": "stats.services.recompute_all() (every player's statistics, stored; the "
             "stats app)",
}


@dataclass(frozen=True)
class Size:
    players: int  # people, each a member of one club
    clubs: int
    second_memberships: int  # people who are also a member of a second club
    nmb_share: float  # of the people, with an NMB number
    tournaments: int
    years: int
    tournament_players: tuple[int, int]  # multiples of 4
    rounds: tuple[int, int]
    hands: tuple[int, int]  # per table per round
    evening_clubs: int
    evenings_per_season: int
    evening_players: tuple[int, int]


SIZES = {
    "full": Size(players=400, clubs=30, second_memberships=12, nmb_share=0.85,
                 tournaments=60, years=3, tournament_players=(16, 120), rounds=(4, 8),
                 hands=(8, 12), evening_clubs=3, evenings_per_season=20,
                 evening_players=(12, 28)),
    "small": Size(players=120, clubs=8, second_memberships=4, nmb_share=0.85,
                  tournaments=10, years=3, tournament_players=(16, 48), rounds=(4, 6),
                  hands=(8, 10), evening_clubs=2, evenings_per_season=4,
                  evening_players=(12, 20)),
    "tiny": Size(players=36, clubs=4, second_memberships=2, nmb_share=0.8,
                 tournaments=3, years=2, tournament_players=(8, 16), rounds=(2, 3),
                 hands=(2, 3), evening_clubs=1, evenings_per_season=2,
                 evening_players=(8, 12)),
}

# Of the tournaments: rule set, share.
RULESET_MIX = (("nts", 0.7), ("hongkong", 0.15), ("philos", 0.15))
TILES_SHARE = 0.05  # hands entered by tiles
CITIES = (
    "Amsterdam Rotterdam Utrecht Den-Haag Eindhoven Groningen Tilburg Almere Breda Nijmegen "
    "Apeldoorn Haarlem Arnhem Enschede Amersfoort Zaanstad Zwolle Leiden Maastricht "
    "Dordrecht Ede Alkmaar Delft Venlo Deventer Leeuwarden Helmond Hilversum Heerlen "
    "Hengelo Purmerend Roosendaal Schiedam Gouda Vlaardingen Varsseveld"
).split()


def setup_django(database_url: str) -> None:
    os.environ["DATABASE_URL"] = database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DEBUG"] = "false"
    import django

    django.setup()


def missing_services() -> list[str]:
    """What of the two services cannot be called yet (empty: both are there)."""
    missing = []
    for app, description in SERVICES.items():
        try:
            module = importlib.import_module(f"{app}.services")
        except ImportError as error:
            missing.append(f"{description}: cannot import {app}.services ({error})")
            continue
        if not callable(getattr(module, "recompute_all", None)):
            missing.append(f"{description}: {app}.services has no recompute_all()")
    return missing


# --- The hands: scored once per rule set, options and prevailing wind ----------------


@dataclass(frozen=True)
class Template:
    """A scored hand in winds (E S W N), placed at a table by its East."""

    kind: str  # "values" or "tiles"
    game: dict[str, Any]
    result: dict[str, Any]
    # Whether the rule set's hands by values take flags (their entry then has "flags").
    value_flags: bool = False

    def entry(self, east: int) -> tuple[dict[str, Any], dict[int, str]]:
        """The hand as score entry keeps it (by seat position, tournaments/services/
        hand_entry.py `normalise`) when position `east` is East; and each position's wind."""
        winds = {p: SEAT_WINDS[(p - east) % 4] for p in range(4)}
        position = {wind: p for p, wind in winds.items()}
        game = self.game
        winner = position[game["winner"]] if game.get("winner") else None
        discarder = position[game["discarder"]] if game.get("discarder") else None
        players = game["players"]
        if self.kind == "values":
            entry: dict[str, Any] = {
                "kind": "values",
                "values": {str(p): players[winds[p]]["score"] for p in range(4)},
                "winner": winner, "east": east, "discarder": discarder}
            if self.value_flags:
                entry["flags"] = sorted(game.get("flags", []))
        else:
            entry = {
                "kind": "tiles", "tiles": {str(p): players[winds[p]] for p in range(4)},
                "winner": winner, "east": east, "discarder": discarder,
                "winning_tile": game.get("winning_tile"), "win_source": game.get("win_source"),
                "flags": sorted(game.get("flags", [])),
                "dead": sorted(position[wind] for wind in game.get("dead", []))}
        return entry, winds


WINNING_VALUES = (80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 448, 512, 640, 1000, 2000)
WINNING_WEIGHTS = (10, 12, 8, 12, 10, 9, 5, 7, 6, 5, 3, 4, 3, 1.5, 0.5)
LOSING_VALUES = (0, 0, 0, 4, 8, 8, 16, 16, 20, 24, 32, 40, 48, 64, 96, 128, 192, 256)
FAN = (3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10)


class Pool:
    """Scored hands per (rule set, options, prevailing wind), made on first use."""

    def __init__(self, seed: int, values: int = 300, tiles: int = 40) -> None:
        self.seed = seed
        self.values = values
        self.tiles = tiles
        self.pools: dict[tuple[str, str, str], tuple[list[Template], list[Template]]] = {}
        self.tile_games: dict[str, list[dict[str, Any]]] = {}

    def pick(self, rng: random.Random, ruleset: str, options: dict[str, Any],
             prevailing: str) -> Template:
        key = (ruleset, json.dumps(options, sort_keys=True), prevailing)
        if key not in self.pools:
            self.pools[key] = self._make(ruleset, options, prevailing)
        by_values, by_tiles = self.pools[key]
        if by_tiles and rng.random() < TILES_SHARE:
            return rng.choice(by_tiles)
        return rng.choice(by_values)

    def _make(self, ruleset: str, options: dict[str, Any],
              prevailing: str) -> tuple[list[Template], list[Template]]:
        from scoring.engine import RULESETS, score_game

        rng = random.Random(f"{self.seed}:{ruleset}:{sorted(options.items())}:{prevailing}")
        value_entry = RULESETS[ruleset].value_entry
        by_values: list[Template] = []
        while len(by_values) < self.values:
            winner = None if rng.random() < 0.06 else rng.choice(SEAT_WINDS)
            if value_entry.winner_only:
                players = {w: {"score": rng.choice(FAN) if w == winner else 0} for w in SEAT_WINDS}
            else:
                players = {w: {"score": rng.choices(WINNING_VALUES, WINNING_WEIGHTS)[0]
                               if w == winner else rng.choice(LOSING_VALUES)} for w in SEAT_WINDS}
            game: dict[str, Any] = {"ruleset": ruleset, "options": options,
                                    "prevailing_wind": prevailing, "winner": winner,
                                    "players": players}
            if winner is not None:
                discarder = (rng.choice([w for w in SEAT_WINDS if w != winner])
                             if rng.random() < 0.65 else None)
                game["win_source"] = "discard" if discarder else "wall"
                if discarder:
                    game["discarder"] = discarder
            result = score_game(game)
            if "error" not in result:
                by_values.append(Template("values", game, result, bool(value_entry.flags)))
        by_tiles = []
        for game in self._tile_games(ruleset):
            game = {**game, "options": options, "prevailing_wind": prevailing}
            result = score_game(game)
            if "error" not in result:
                by_tiles.append(Template("tiles", game, result))
        return by_values, by_tiles

    def _tile_games(self, ruleset: str) -> list[dict[str, Any]]:
        """Hands by tiles from the engine benchmark's generator (bench/corpus.py):
        regular and limit hands, draws, dead hands, some by kong replacement."""
        if ruleset not in self.tile_games:
            built = corpus.build_corpus(self.tiles, self.seed, ruleset=ruleset)
            # Score entry's game keeps only what the hand's entry gives.
            keep = ("ruleset", "options", "prevailing_wind", "winner", "players",
                    "winning_tile", "win_source", "flags", "dead", "discarder")
            self.tile_games[ruleset] = [{k: g[k] for k in keep if k in g}
                                        for g in built["games"]]
        return self.tile_games[ruleset]


# --- Building the installation -------------------------------------------------------


@dataclass
class Built:
    clubs: int = 0
    members: int = 0
    with_nmb: int = 0
    second_memberships: int = 0
    tournaments: dict[str, int] = field(default_factory=dict)  # per rule set
    evenings: int = 0
    registrations: int = 0
    guests: int = 0
    rounds: int = 0
    tables: int = 0
    hands: int = 0
    hands_by_tiles: int = 0
    limit_hands_by_tiles: int = 0
    hand_scores: int = 0
    table_results: int = 0
    seconds: float = 0.0


def _skewed(rng: random.Random, low: int, high: int, step: int = 4) -> int:
    """A multiple of `step` in [low, high], drawn towards the high end (most
    tournaments are large)."""
    steps = (high - low) // step
    return low + step * round(rng.betavariate(2.5, 1) * steps)


def build(size: Size, seed: int = 2026, today: datetime.date | None = None) -> Built:
    """The installation, in the default database, in one transaction."""
    from django.db import transaction

    from clubs.demo import FIRST_NAMES, LAST_NAMES
    from clubs.models import Club, Member

    began = time.perf_counter()
    rng = random.Random(seed)
    today = today or datetime.date.today()
    built = Built()
    pool = Pool(seed)
    with transaction.atomic():
        cities = [CITIES[i % len(CITIES)].replace("-", " ") for i in range(size.clubs)]
        clubs = Club.objects.bulk_create(
            Club(name=f"Mahjongclub {city}" + (f" {i}" if i >= len(CITIES) else ""),
                 slug=f"mc-{city.lower().replace(' ', '-')}"
                      + (f"-{i}" if i >= len(CITIES) else ""),
                 city=city)
            for i, city in enumerate(cities))
        built.clubs = len(clubs)
        # The clubs with evenings are the largest; the others take the rest unevenly.
        weights = [3.0] * size.evening_clubs + [rng.uniform(0.3, 1.5)
                                                for _ in range(len(clubs) - size.evening_clubs)]
        people = []
        for i in range(size.players):
            club = clubs[i] if i < len(clubs) else rng.choices(clubs, weights)[0]
            people.append(Member(
                club=club, first_name=rng.choice(FIRST_NAMES),
                last_name=rng.choice(LAST_NAMES),
                nmb_number=f"{100000 + i}" if rng.random() < size.nmb_share else None,
                date_of_birth=datetime.date(rng.randint(1940, 2004), rng.randint(1, 12),
                                            rng.randint(1, 28)),
                joined_on=today - datetime.timedelta(days=rng.randint(400, 6000))))
        # A second membership: the same person (name, date of birth) in another
        # club's list, without the number (NMB numbers are unique in the
        # installation); it plays that club's evenings.
        seconds = []
        for person in rng.sample(people, size.second_memberships):
            other = rng.choice([c for c in clubs if c is not person.club])
            seconds.append(Member(club=other, first_name=person.first_name,
                                  last_name=person.last_name, nmb_number=None,
                                  date_of_birth=person.date_of_birth, joined_on=person.joined_on))
        Member.objects.bulk_create(people + seconds, batch_size=1000)
        built.members = len(people) + len(seconds)
        built.with_nmb = sum(1 for m in people if m.nmb_number)
        built.second_memberships = len(seconds)
        last_played: dict[int, datetime.date] = {}

        first_day = today - datetime.timedelta(days=365 * size.years)
        for number in range(size.tournaments):
            # Every rule set at least once, then by the mix.
            ruleset = (RULESET_MIX[number][0] if number < len(RULESET_MIX) else
                       rng.choices([r for r, _ in RULESET_MIX], [w for _, w in RULESET_MIX])[0])
            day = first_day + datetime.timedelta(
                days=rng.randint(0, (today - first_day).days - 7))
            players = _skewed(rng, *size.tournament_players)
            guests = rng.choice((0, 0, 0, 1, 2, 3)) if players > 16 else 0
            entrants: list[Member | str] = [
                *rng.sample(people, players - guests),
                *(f"Guest {number}-{g} {rng.choice(LAST_NAMES)}" for g in range(guests))]
            _event(built, pool, rng, "tournament", rng.choice(clubs), day, ruleset, entrants,
                   rounds=rng.randint(*size.rounds), hands=size.hands,
                   days=rng.choice((1, 1, 2, 2, 2, 3)), title=f"Toernooi {number + 1}",
                   last_played=last_played)
            built.tournaments[ruleset] = built.tournaments.get(ruleset, 0) + 1

        # Club evenings: a season a year, two rounds each; the first club plays
        # Hong Kong (as Fu-Hing does), the others NTS.
        for index, club in enumerate(clubs[: size.evening_clubs]):
            members = [m for m in people + seconds if m.club_id == club.pk]
            ruleset = "hongkong" if index == 0 else "nts"
            for year in range(today.year - size.years + 1, today.year + 1):
                season_start = datetime.date(year, 1, 8)
                season_end = min(datetime.date(year, 12, 20),
                                 today - datetime.timedelta(days=1))
                if season_end <= season_start:
                    continue
                gap = (season_end - season_start).days // size.evenings_per_season
                for e in range(size.evenings_per_season):
                    day = season_start + datetime.timedelta(days=e * gap)
                    players = min(rng.randrange(size.evening_players[0],
                                                size.evening_players[1] + 1, 4),
                                  len(members) // 4 * 4)
                    if players < 8:
                        continue
                    guests = 1 if rng.random() < 0.3 else 0
                    entrants = [*rng.sample(members, players - guests),
                                *([f"Gast {day}"] if guests else [])]
                    _event(built, pool, rng, "evening", club, day, ruleset, entrants,
                           rounds=2, hands=size.hands, days=1,
                           title=f"Clubavond {day:%d-%m-%Y}", last_played=last_played)
                    built.evenings += 1

        for member in people + seconds:
            member.last_played_on = last_played.get(member.pk)
        Member.objects.bulk_update(people + seconds, ["last_played_on"], batch_size=1000)
    built.seconds = time.perf_counter() - began
    return built


def _event(built: Built, pool: Pool, rng: random.Random, kind: str, club: Any,
           day: datetime.date, ruleset: str, entrants: Sequence[Any], *, rounds: int,
           hands: tuple[int, int], days: int, title: str,
           last_played: dict[int, datetime.date]) -> None:
    """One finished event in bulk (tests/support/worlds.py), its hands drawn
    from the pool; counted in `built`."""
    from tests.support.worlds import BulkCounts, ScoredHand, finished_in_bulk

    def from_pool(rng: random.Random, ruleset: str, options: dict[str, Any],
                  prevailing: str, east: int) -> ScoredHand:
        template = pool.pick(rng, ruleset, options, prevailing)
        entry, winds = template.entry(east)
        return ScoredHand(entry=entry, game=template.game, result=template.result,
                          winds=winds, by_tiles=template.kind == "tiles")

    def count(scored: ScoredHand) -> None:
        if scored.by_tiles:
            built.hands_by_tiles += 1
            winner = scored.game.get("winner")
            if winner and scored.result["hands"].get(winner, {}).get("limit"):
                built.limit_hands_by_tiles += 1

    counts = BulkCounts()
    finished_in_bulk(club, entrants, rng=rng, hand_source=from_pool, kind=kind, day=day,
                     ruleset=ruleset, rounds_played=rounds, hands=hands, days=days,
                     title=title, counts=counts, on_hand=count)
    for name, value in asdict(counts).items():
        setattr(built, name, getattr(built, name) + value)
    for e in entrants:
        if not isinstance(e, str):
            last_played[e.pk] = max(day, last_played.get(e.pk, day))


# --- Measuring ----------------------------------------------------------------------


def recompute(answers: dict[str, Any] | None = None) -> tuple[float, float]:
    """Seconds for the national ranking's and the statistics' full recomputation;
    what each answered goes into `answers`."""
    from rankings import services as ranking_services
    from stats import services as stats_services

    began = time.perf_counter()
    ranking = ranking_services.recompute_all()
    middle = time.perf_counter()
    players = stats_services.recompute_all()
    ended = time.perf_counter()
    if answers is not None:
        answers["rankings"] = [str(run) for run in ranking] if isinstance(
            ranking, list | tuple) else repr(ranking)
        answers["stats"] = players
    return middle - began, ended - middle


def vm_hwm_mb() -> float:
    """This process's peak resident size (VmHWM: its own, fresh after exec)."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmHWM in /proc/self/status (Linux only)")


def memory_child() -> dict[str, float]:
    from django.db import connection

    connection.ensure_connection()
    importlib.import_module("rankings.services")
    importlib.import_module("stats.services")
    baseline = vm_hwm_mb()
    ranking_s, stats_s = recompute()
    return {"baseline_mb": baseline, "peak_mb": vm_hwm_mb(), "seconds": ranking_s + stats_s}


def player_path(member: Any) -> str:
    """A member's statistics page, by the stats app's key of the person
    (stats/keys.py: "nmb-<number>", else "member-<id>")."""
    from django.urls import reverse
    from django.utils import translation

    from stats.keys import person_key

    with translation.override("en"):
        return reverse("stats:player", kwargs={"key": person_key(member.pk, member.nmb_number)})


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


@dataclass
class Pages:
    name: str
    latencies: list[float]  # ms
    errors: list[str]

    def summary(self) -> dict[str, Any]:
        lat = self.latencies
        return {"requests": len(lat), "errors": len(self.errors),
                "p50_ms": statistics.median(lat) if lat else None,
                "p95_ms": percentile(lat, 0.95) if lat else None,
                "max_ms": max(lat, default=None), "first_errors": self.errors[:3]}


def read_pages(name: str, paths: Sequence[str]) -> Pages:
    """Each path once to warm the caches, then every path timed, in order."""
    from django.test import Client

    # A view's exception is an answer 500 (counted as an error), not the end of the run.
    client = Client(HTTP_HOST="127.0.0.1", raise_request_exception=False)
    for path in dict.fromkeys(paths):
        client.get(path)
    pages = Pages(name, [], [])
    for path in paths:
        began = time.perf_counter()
        response = client.get(path)
        pages.latencies.append((time.perf_counter() - began) * 1000)
        if response.status_code != 200:
            failure = getattr(response, "exc_info", None)
            pages.errors.append(f"{path}: HTTP {response.status_code}"
                                + (f" {failure[0].__name__}: {failure[1]}" if failure else ""))
    return pages


def measure_pages(requests: int, seed: int) -> tuple[Pages, Pages]:
    from clubs.models import Member
    from tournaments.models import Registration

    rng = random.Random(seed)
    played = list(Member.objects.filter(
        pk__in=Registration.objects.filter(member__isnull=False).values("member_id")))
    statistics_paths = [player_path(member) for member in rng.choices(played, k=requests)]
    rulesets = [r for r, _ in RULESET_MIX]
    ranking_paths = [f"/en/rankings/{rulesets[i % len(rulesets)]}/" for i in range(requests)]
    return (read_pages("statistics page", statistics_paths),
            read_pages("ranking page", ranking_paths))


# --- The database ---------------------------------------------------------------------


@contextmanager
def database(url: str) -> Iterator[str]:
    """A throwaway database: a SQLite file in a temp dir, or a new database on the
    PostgreSQL server of `url`, dropped afterwards."""
    if not url or url.startswith("sqlite"):
        # Never a given file (DATABASE_URL may be someone's own database): a new one.
        with tempfile.TemporaryDirectory(prefix="rankbench-") as tempdir:
            # The options of the settings' own SQLite default (see bench/web.py).
            yield f"sqlite:///{tempdir}/bench.sqlite3?timeout=20&transaction_mode=IMMEDIATE"
        return
    if not url.startswith(("postgres://", "postgresql://")):
        raise SystemExit(f"--database-url: sqlite:/// or postgres:// expected, not {url!r}")
    from urllib.parse import urlsplit, urlunsplit

    import psycopg

    parts = urlsplit(url)
    name = f"{parts.path.lstrip('/') or 'mahjong'}_rankbench_{uuid.uuid4().hex[:8]}"
    server = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlunsplit(parts._replace(path=f"/{name}"))
    finally:
        from django.db import connections

        connections.close_all()
        with psycopg.connect(server, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


# --- Report -------------------------------------------------------------------------


def verdict(value: float | None, target: float, errors: int = 0) -> str:
    return "MET" if value is not None and value < target and not errors else "NOT MET"


def report(results: dict[str, Any], out: Any) -> bool:
    rows: list[tuple[str, str, str, str]] = []
    runs = results["recompute_runs"]
    ranking_s = statistics.median(r[0] for r in runs)
    stats_s = statistics.median(r[1] for r in runs)
    both = statistics.median(r[0] + r[1] for r in runs)
    rows.append(("national ranking, recompute_all", f"{ranking_s:.2f} s", "", ""))
    rows.append(("player statistics, recompute_all", f"{stats_s:.2f} s", "", ""))
    met = [verdict(both, TARGETS["recompute_s"])]
    rows.append(("both together (median of 3)", f"{both:.2f} s",
                 f"< {TARGETS['recompute_s']:g} s", met[-1]))
    memory = results["memory"]
    if "error" in memory:
        met.append("NOT MET")
        rows.append(("peak memory, fresh process", "FAILED", f"< {TARGETS['memory_mb']:g} MB",
                     "NOT MET"))
    else:
        met.append(verdict(memory["peak_mb"], TARGETS["memory_mb"]))
        rows.append((f"peak memory, fresh process (Django {memory['baseline_mb']:.0f} MB)",
                     f"{memory['peak_mb']:.0f} MB", f"< {TARGETS['memory_mb']:g} MB", met[-1]))
    for key, target in (("statistics", "statistics_p95_ms"), ("ranking", "ranking_p95_ms")):
        page = results["pages"][key]
        met.append(verdict(page["p95_ms"], TARGETS[target], page["errors"]))
        value = "-" if page["p95_ms"] is None else f"{page['p95_ms']:.1f} ms"
        rows.append((f"{key} page p95 ({page['requests']} req, {page['errors']} errors; "
                     f"p50 {page['p50_ms'] or 0:.1f})", value, f"< {TARGETS[target]:g} ms",
                     met[-1]))
    width = max(len(r[0]) for r in rows)
    print(f"\n{'measure':<{width}}  {'value':>10}  {'target':<10}  met", file=out)
    for name, value, target, ok in rows:
        print(f"{name:<{width}}  {value:>10}  {target:<10}  {ok}", file=out)
    for key in ("statistics", "ranking"):
        for error in results["pages"][key]["first_errors"]:
            print(f"  {key}: {error}", file=out)
    if "error" in memory:
        print(f"  memory: {memory['error'][-1500:]}", file=out)
    all_met = all(ok == "MET" for ok in met)
    print(f"\ntargets {'MET' if all_met else 'NOT MET'}", file=out)
    return all_met


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", choices=sorted(SIZES), default="full")
    parser.add_argument("--small", action="store_const", const="small", dest="size",
                        help="the same as --size small")
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL", ""))
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--only-build", action="store_true",
                        help="build the installation, print what was built, measure nothing")
    parser.add_argument("--json", action="store_true",
                        help="machine-readable results on standard output (the table on "
                             "standard error)")
    parser.add_argument("--memory-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    out = sys.stderr if args.json else sys.stdout

    if args.memory_child:
        setup_django(args.database_url)
        print(json.dumps(memory_child()))
        return 0

    with database(args.database_url) as url:
        setup_django(url)
        if not args.only_build:
            missing = missing_services()
            if missing:
                print("bench/rankings.py cannot measure yet; missing:\n  - "
                      + "\n  - ".join(missing)
                      + "\n(--only-build builds the installation without them)", file=sys.stderr)
                return 2
        from django.core.management import call_command
        from django.db import connection, connections

        call_command("migrate", verbosity=0)
        size = SIZES[args.size]
        built = build(size, seed=args.seed)
        print(f"database: {connection.vendor}; size {args.size}: {built.members} members "
              f"({built.with_nmb} with an NMB number, {built.second_memberships} second "
              f"memberships) of {built.clubs} clubs; "
              f"{sum(built.tournaments.values())} tournaments "
              f"({', '.join(f'{k} {v}' for k, v in sorted(built.tournaments.items()))}), "
              f"{built.evenings} club evenings; {built.hands} hands ({built.hands_by_tiles} by "
              f"tiles, {built.limit_hands_by_tiles} of them limit hands), "
              f"{built.hand_scores} hand scores, {built.table_results} table results; "
              f"built in {built.seconds:.1f} s", file=out)
        results: dict[str, Any] = {
            "database": connection.vendor, "size": args.size, "built": asdict(built),
            "targets": TARGETS,
            "machine": {"cpus": os.cpu_count(), "python": platform.python_version(),
                        "platform": platform.platform()}}
        if args.only_build:
            if args.json:
                print(json.dumps(results, indent=2))
            return 0

        runs = []
        answers: dict[str, Any] = {}
        for _ in range(3):
            runs.append(recompute(answers))
            print(f"recompute: ranking {runs[-1][0]:.2f} s, statistics {runs[-1][1]:.2f} s",
                  file=out)
        print(f"recompute_all() answered: rankings {answers['rankings']}; "
              f"stats {answers['stats']!r}", file=out)
        results["recompute_runs"] = runs
        results["recompute_answers"] = answers
        connections.close_all()
        child = subprocess.run(
            [sys.executable, "-m", "bench.rankings", "--memory-child", "--database-url", url],
            capture_output=True, text=True, check=False, cwd=ROOT)
        if child.returncode == 0:
            results["memory"] = json.loads(child.stdout.strip().splitlines()[-1])
        else:
            results["memory"] = {"error": child.stderr or f"exit {child.returncode}"}
        statistics_pages, ranking_pages = measure_pages(args.requests, args.seed)
        results["pages"] = {"statistics": statistics_pages.summary(),
                            "ranking": ranking_pages.summary(),
                            "how": "django.test.Client in process, warm caches"}
        connections.close_all()
    met = report(results, out)
    results["met"] = met
    if args.json:
        print(json.dumps(results, indent=2, default=str))
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
