"""Deterministic generator of game dicts for the scoring benchmark, per rule
set: the tiles are drawn for NTS and then given the rule set's options,
flags and (where it plays them) flowers and seasons (`for_ruleset`).

Every game is drawn from one 136-tile wall (a shared count array), so no
tile appears more than 4 times at a table.  The mix:

* regular winning hands (4 sets + pair, 14 tiles counting a kong as 3),
  biased towards legal NTS mahjongs (>= 2 doublings): one-suit hands,
  honour/value pungs, all-chows-all-simples, all-pungs, ... with and
  without kongs and declared melds;
* irregular limit hands (thirteen orphans, seven pairs / twins, nine gates);
* non-winners with 13-tile partial hands (some melds, some pungs/pairs, a
  few waiting on seven pairs or thirteen orphans);
* ~10% draws or games with a dead hand.

`build_corpus(n, seed, score_fn)` keeps only games that `score_fn` accepts
(no "error" key) and counts the rejected ones; without `score_fn` every
generated game is kept.

Standalone self-check: ``python -m bench.corpus --games 2000 --check``.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Callable
from typing import Any

SEATS = ("E", "S", "W", "N")
WIND_TILE = {"E": 27, "S": 28, "W": 29, "N": 30}
DRAGONS = (31, 32, 33)
HONOURS = tuple(range(27, 34))
SUIT_LETTERS = "mpsz"
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
SIMPLES = tuple(i for i in range(27) if 1 <= i % 9 <= 7)


# ---------------------------------------------------------------- notation


def tile_name(t: int) -> str:
    return f"{t % 9 + 1}{SUIT_LETTERS[t // 9]}"


def tiles_str(tiles: list[int]) -> str:
    """Tenhou-style string of tile indices (0-33), grouped by suit."""
    out = []
    for suit in range(4):
        digits = "".join(str(t % 9 + 1) for t in sorted(tiles) if t // 9 == suit)
        if digits:
            out.append(digits + SUIT_LETTERS[suit])
    return "".join(out)


def parse_tiles(s: str) -> list[int]:
    out: list[int] = []
    digits: list[int] = []
    for ch in s:
        if ch.isdigit():
            digits.append(int(ch))
        else:
            suit = SUIT_LETTERS.index(ch)
            out.extend(suit * 9 + d - 1 for d in digits)
            digits = []
    return out


# ---------------------------------------------------------------- groups
# A group is (kind, first_tile): kind in chow/pung/kong/pair.


def group_tiles(kind: str, t: int) -> list[int]:
    if kind == "chow":
        return [t, t + 1, t + 2]
    return [t] * {"pung": 3, "kong": 4, "pair": 2}[kind]


class Wall:
    """Shared tile counts of one table (4 copies of each of 34 kinds)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.counts = [4] * 34

    def take(self, tiles: list[int]) -> bool:
        need = Counter(tiles)
        if any(self.counts[t] < n for t, n in need.items()):
            return False
        for t, n in need.items():
            self.counts[t] -= n
        return True

    def give_back(self, tiles: list[int]) -> None:
        for t in tiles:
            self.counts[t] += 1

    def random_tile(self, pool: tuple[int, ...] | None = None) -> int | None:
        pool = pool or tuple(range(34))
        avail = [t for t in pool if self.counts[t] > 0]
        if not avail:
            return None
        # weight by copies left, like drawing from the wall
        t = self.rng.choices(avail, weights=[self.counts[x] for x in avail])[0]
        self.counts[t] -= 1
        return t


# ---------------------------------------------------------------- winners

REGULAR_STYLES = (
    ("pure", 12),
    ("clean", 25),
    ("value_pungs", 18),
    ("simple_chows", 15),
    ("all_pungs", 12),
    ("terminal_honours", 5),
    ("random", 13),
)


def _value_honours(seat: str, prevailing: str) -> list[int]:
    return sorted({*DRAGONS, WIND_TILE[seat], WIND_TILE[prevailing]})


def _pick_set(
    rng: random.Random,
    wall: Wall,
    tiles_pool: list[int],
    chow_p: float,
    kong_p: float,
    chow_pool: list[int] | None = None,
) -> tuple[str, int] | None:
    """Pick one chow/pung/kong whose tiles are still available."""
    for _ in range(30):
        if chow_pool is None:
            starts = [t for t in tiles_pool if t < 27 and t % 9 <= 6]
        else:
            starts = chow_pool
        if starts and rng.random() < chow_p:
            g = ("chow", rng.choice(starts))
        else:
            t = rng.choice(tiles_pool)
            g = ("kong" if rng.random() < kong_p else "pung", t)
        if wall.take(group_tiles(*g)):
            return g
    return None


def _regular_groups(
    rng: random.Random, wall: Wall, seat: str, prevailing: str, style: str, kong_p: float
) -> list[tuple[str, int]] | None:
    suit = rng.randrange(3)
    suit_tiles = list(range(suit * 9, suit * 9 + 9))
    values = _value_honours(seat, prevailing)
    groups: list[tuple[str, int]] = []

    def add(pool, chow_p, chow_pool=None, kp=kong_p) -> bool:
        g = _pick_set(rng, wall, pool, chow_p, kp, chow_pool)
        if g is None:
            return False
        groups.append(g)
        return True

    def add_pair(pool) -> bool:
        for _ in range(30):
            t = rng.choice(pool)
            if wall.take([t, t]):
                groups.append(("pair", t))
                return True
        return False

    if style == "pure":
        for _ in range(4):
            if not add(suit_tiles, 0.5):
                return None
        ok = add_pair(suit_tiles)
    elif style == "clean":
        n_hon = rng.choice((1, 1, 2))
        for _ in range(n_hon):
            pool = values if rng.random() < 0.7 else list(HONOURS)
            if not add(pool, 0.0):
                return None
        for _ in range(4 - n_hon):
            if not add(suit_tiles, 0.5):
                return None
        ok = add_pair(suit_tiles + list(HONOURS) if rng.random() < 0.5 else suit_tiles)
    elif style == "value_pungs":
        for _ in range(2):
            if not add(values, 0.0):
                return None
        for _ in range(2):
            if not add(list(range(34)), 0.6):
                return None
        ok = add_pair(list(range(34)))
    elif style == "simple_chows":
        starts = [t for t in SIMPLES if t % 9 <= 5]  # 2..6 -> chows 234..678
        for _ in range(4):
            if not add(list(SIMPLES), 1.0, starts, 0.0):
                return None
        ok = add_pair(list(SIMPLES))
    elif style == "all_pungs":
        pool = list(range(34)) + list(HONOURS) * 2
        for _ in range(4):
            if not add(pool, 0.0):
                return None
        ok = add_pair(list(range(34)))
    elif style == "terminal_honours":
        pool = [suit * 9, suit * 9 + 8] + list(HONOURS)
        for _ in range(4):
            if not add(pool, 0.0):
                return None
        ok = add_pair(pool)
    else:  # random
        for _ in range(4):
            if not add(list(range(34)), 0.5):
                return None
        ok = add_pair(list(range(34)))
    return groups if ok else None


def gen_regular_winner(rng: random.Random, wall: Wall, seat: str, prevailing: str) -> dict | None:
    """A complete regular hand. Returns None when the wall ran out of a tile."""
    style = rng.choices([s for s, _ in REGULAR_STYLES], weights=[w for _, w in REGULAR_STYLES])[0]
    kong_p = rng.choice((0.0, 0.0, 0.15, 0.3))
    groups = _regular_groups(rng, wall, seat, prevailing, style, kong_p)
    if groups is None:
        return None
    p_open = rng.choice((0.0, 0.0, 0.3, 0.6, 1.0))
    melds, concealed_groups = [], []
    for kind, t in groups:
        if kind == "kong":
            melds.append(
                {
                    "kind": "kong",
                    "tiles": tiles_str(group_tiles(kind, t)),
                    "open": rng.random() < 0.6,
                }
            )
        elif kind != "pair" and rng.random() < p_open:
            melds.append({"kind": kind, "tiles": tiles_str(group_tiles(kind, t)), "open": True})
        else:
            concealed_groups.append((kind, t))
    win_group = rng.choice(concealed_groups)
    win_tile = rng.choice(group_tiles(*win_group))
    concealed = [x for g in concealed_groups for x in group_tiles(*g)]
    return {
        "style": style,
        "player": {"concealed": tiles_str(concealed), "melds": melds},
        "win_tile": win_tile,
        "win_group": win_group,
        "kongs": sum(1 for k, _ in groups if k == "kong"),
        "concealed_counts": Counter(concealed),
    }


def gen_irregular_winner(rng: random.Random, wall: Wall) -> dict | None:
    kind = rng.choices(("thirteen_orphans", "seven_pairs", "nine_gates"), weights=(3, 5, 2))[0]
    if kind == "thirteen_orphans":
        tiles = list(ORPHANS) + [rng.choice(ORPHANS)]
        win_tile = rng.choice(tiles)
    elif kind == "seven_pairs":
        variant = rng.choice(("any", "any", "clean", "pure", "honours_terminals"))
        suit = rng.randrange(3)
        if variant == "any":
            pool = list(range(34))
        elif variant == "clean":
            pool = list(range(suit * 9, suit * 9 + 9)) + list(HONOURS)
        elif variant == "pure":
            pool = list(range(suit * 9, suit * 9 + 9))
        else:
            pool = list(ORPHANS)
        kinds = rng.sample(pool, 7)
        tiles = [t for k in kinds for t in (k, k)]
        win_tile = rng.choice(kinds)
    else:
        suit = rng.randrange(3) * 9
        tiles = [suit + d for d in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)]
        extra = suit + rng.randrange(9)
        tiles.append(extra)
        win_tile = extra if rng.random() < 0.7 else rng.choice(tiles)
    if not wall.take(tiles):
        return None
    return {
        "style": kind,
        "player": {"concealed": tiles_str(tiles), "melds": []},
        "win_tile": win_tile,
        "win_group": None,
        "kongs": 0,
        "concealed_counts": Counter(tiles),
    }


# ---------------------------------------------------------------- non-winners


def gen_partial(rng: random.Random, wall: Wall, size: int = 13) -> dict | None:
    """A non-winner's hand of `size` tiles (kong counted as 3)."""
    r = rng.random()
    if r < 0.04 and size == 13:  # waiting on seven pairs: 6 pairs + 1
        kinds = [t for t in range(34) if wall.counts[t] >= 2]
        if len(kinds) >= 7:
            pairs = rng.sample(kinds, 6)
            tiles = [t for k in pairs for t in (k, k)]
            wall.take(tiles)
            single = wall.random_tile(tuple(t for t in range(34) if t not in pairs))
            if single is not None:
                return {"concealed": tiles_str(tiles + [single]), "melds": []}
            wall.give_back(tiles)
    elif r < 0.07 and size == 13:  # waiting on thirteen orphans
        missing = rng.choice(ORPHANS)
        kinds = [t for t in ORPHANS if t != missing]
        tiles = kinds + [rng.choice(kinds)]
        if rng.random() < 0.5:  # or the 13-way wait
            tiles = list(ORPHANS)
        if wall.take(tiles):
            return {"concealed": tiles_str(tiles), "melds": []}

    melds = []
    n_melds = rng.choice((0, 0, 0, 1, 1, 1, 2, 2, 3))
    for _ in range(n_melds):
        g = _pick_set(rng, wall, list(range(34)), 0.4, 0.15)
        if g is None:
            break
        kind, t = g
        melds.append(
            {
                "kind": kind,
                "tiles": tiles_str(group_tiles(kind, t)),
                "open": not (kind == "kong" and rng.random() < 0.35),
            }
        )
    left = size - 3 * len(melds)
    concealed: list[int] = []
    for kind, n in (("pung", rng.choice((0, 0, 1, 1, 2))), ("pair", rng.choice((0, 1, 1, 2, 3)))):
        for _ in range(n):
            if left < len(group_tiles(kind, 0)):
                break
            for _try in range(10):
                t = rng.randrange(34)
                if wall.take(group_tiles(kind, t)):
                    concealed += group_tiles(kind, t)
                    left -= len(group_tiles(kind, t))
                    break
    for _ in range(left):
        t = wall.random_tile()
        if t is None:
            return None
        concealed.append(t)
    return {"concealed": tiles_str(concealed), "melds": melds}


# ---------------------------------------------------------------- games


def gen_game(rng: random.Random) -> dict | None:
    """One candidate game, or None when the tiles ran out (caller retries)."""
    wall = Wall(rng)
    prevailing = rng.choice(SEATS)
    game: dict[str, Any] = {"ruleset": "nts", "options": {}, "prevailing_wind": prevailing}
    if rng.random() < 0.04:
        game["options"] = {"east_stays": rng.random() < 0.5, "round_to_tens": rng.random() < 0.5}
    players: dict[str, dict] = {}
    kind = rng.random()

    if kind < 0.06:  # draw: four partial hands
        for seat in SEATS:
            p = gen_partial(rng, wall)
            if p is None:
                return None
            players[seat] = p
        game.update(players=players, winner=None, flags=[], dead=[])
        return game

    winner = rng.choice(SEATS)
    others = [s for s in SEATS if s != winner]
    if kind < 0.12:
        w = gen_irregular_winner(rng, wall)
    else:
        w = gen_regular_winner(rng, wall, winner, prevailing)
    if w is None:
        return None
    players[winner] = w["player"]
    win_tile = w["win_tile"]
    flags: list[str] = []
    discarder = None

    r = rng.random()
    robbed_ok = (
        w["win_group"] is not None
        and w["win_group"][0] == "chow"
        and w["concealed_counts"][win_tile] == 1
        and wall.counts[win_tile] == 3
    )
    if w["kongs"] and r < 0.15:
        source = "kong_replacement"
        if w["kongs"] >= 2 and rng.random() < 0.4:
            flags.append("kong_on_kong")
    elif robbed_ok and r > 0.97:
        source = "robbed_kong"
        wall.take([win_tile] * 3)  # the robbed player's open pung
    elif r < 0.55:
        source = "discard"
    else:
        source = "wall"
        if rng.random() < 0.06:
            flags.append("last_wall_tile")
    if source in ("discard", "robbed_kong"):
        discarder = rng.choice(others)

    dead: list[str] = []
    if 0.12 <= kind < 0.16:  # a dead hand at the table
        dead.append(rng.choice(others))

    for seat in others:
        if source == "robbed_kong" and seat == discarder:
            # the robbed player had an open pung of the winning tile (taken above)
            p = gen_partial(rng, wall, 10)
            if p is None:
                return None
            p["melds"].append({"kind": "pung", "tiles": tiles_str([win_tile] * 3), "open": True})
        else:
            size = 13
            if seat in dead and rng.random() < 0.5:
                size = rng.choice((12, 14))  # the wrong tile count that made it dead
            p = gen_partial(rng, wall, size)
            if p is None:
                return None
        players[seat] = p

    game.update(
        players={s: players[s] for s in SEATS},
        winner=winner,
        winning_tile=tile_name(win_tile),
        win_source=source,
        flags=flags,
        dead=dead,
    )
    if discarder:
        game["discarder"] = discarder
    game["_style"] = w["style"]  # bench metadata, stripped before scoring
    return game


RULESETS = ("nts", "hongkong", "philos")
BONUS_TILES = tuple(f"{n}{kind}" for kind in "fj" for n in "1234")
# The flags each rule set knows (score-interface.md); others are dropped.
FLAGS = {"nts": {"last_wall_tile", "kong_on_kong"},
         "hongkong": {"last_wall_tile", "kong_on_kong"},
         "philos": {"last_wall_tile"}}


def for_ruleset(game: dict, ruleset: str, rng: random.Random) -> dict:
    """The NTS game as a game of `ruleset`: its options drawn from the usual
    choices, the flags it knows, and flowers and seasons dealt where they are
    played (each of the 8 at most once at the table)."""
    if ruleset == "nts":
        return game
    game = {**game, "ruleset": ruleset, "flags": [f for f in game["flags"]
                                                  if f in FLAGS[ruleset]]}
    if ruleset == "hongkong":
        # Fu-Hing plays 3 fan minimum; a third of the evenings "chicken" play.
        options: dict[str, Any] = {"minimum_fan": rng.choice((0, 3, 3))}
        if rng.random() < 0.3:
            options["payment"] = "half_pay"
        bonus = True
    else:
        options = {"flowers_seasons": rng.random() < 0.3, "heavenly_twins": rng.random() < 0.3}
        bonus = options["flowers_seasons"]
    game["options"] = options
    if bonus:
        tiles = list(BONUS_TILES)
        rng.shuffle(tiles)
        players = {}
        for seat, player in game["players"].items():
            dealt = [tiles.pop() for _ in range(min(len(tiles), rng.choice((0, 0, 1, 1, 2, 3))))]
            players[seat] = {**player, "bonus": "".join(sorted(dealt))} if dealt else player
        game["players"] = players
    return game


def strip_meta(game: dict) -> dict:
    return {k: v for k, v in game.items() if not k.startswith("_")}


def check_game(game: dict) -> list[str]:
    """Self-check: tile counts and hand sizes. Returns a list of problems."""
    problems = []
    total: Counter = Counter()
    for seat, p in game["players"].items():
        conc = parse_tiles(p["concealed"])
        total.update(conc)
        size = len(conc)
        for m in p["melds"]:
            mt = parse_tiles(m["tiles"])
            total.update(mt)
            size += 3
            if m["kind"] == "kong" and (len(mt) != 4 or len(set(mt)) != 1):
                problems.append(f"{seat}: bad kong {m}")
            if m["kind"] == "pung" and (len(mt) != 3 or len(set(mt)) != 1):
                problems.append(f"{seat}: bad pung {m}")
            if m["kind"] == "chow" and (
                len(mt) != 3
                or mt[2] - mt[0] != 2
                or mt[0] >= 27
                or mt[0] // 9 != mt[2] // 9
                or len(set(mt)) != 3
            ):
                problems.append(f"{seat}: bad chow {m}")
        want = 14 if seat == game.get("winner") else 13
        if size != want and seat not in game.get("dead", []):
            problems.append(f"{seat}: {size} tiles, want {want}")
    over = [tile_name(t) for t, n in total.items() if n > 4]
    if over:
        problems.append(f"more than 4 copies: {over}")
    w = game.get("winner")
    if w:
        wt = parse_tiles(game["winning_tile"])[0]
        if wt not in parse_tiles(game["players"][w]["concealed"]):
            problems.append("winning tile not in winner's concealed tiles")
        src = game["win_source"]
        if src in ("discard", "robbed_kong") and game.get("discarder") in (None, w):
            problems.append("bad discarder")
        if src == "kong_replacement" and not any(
            m["kind"] == "kong" for m in game["players"][w]["melds"]
        ):
            problems.append("kong replacement without a kong")
        if "last_wall_tile" in game["flags"] and src != "wall":
            problems.append("last_wall_tile not from the wall")
    return problems


def build_corpus(
    n: int, seed: int, score_fn: Callable[[dict], dict] | None = None, max_crashes: int = 10,
    ruleset: str = "nts",
) -> dict:
    """Generate `n` accepted games. Returns games (metadata stripped), styles,
    rejected count and reasons, and up to `max_crashes` crashing inputs."""
    rng = random.Random(seed)
    games: list[dict] = []
    styles: list[str] = []
    rejected = 0
    reasons: Counter = Counter()
    rejected_examples: list[tuple[dict, str]] = []
    crashes: list[tuple[dict, str]] = []
    n_crash = 0
    regenerated = 0
    attempts = 0
    while len(games) < n:
        attempts += 1
        if attempts > 20 * n + 1000:
            raise RuntimeError(f"only {len(games)} of {n} games accepted after {attempts} attempts")
        g = gen_game(rng)
        if g is None:
            regenerated += 1
            continue
        style = g.get("_style", "draw" if g["winner"] is None else "?")
        game = for_ruleset(strip_meta(g), ruleset, rng)
        if score_fn is not None:
            try:
                res = score_fn(game)
            except Exception as exc:  # engine bug: bad input must never raise
                n_crash += 1
                if len(crashes) < max_crashes:
                    crashes.append((game, f"{type(exc).__name__}: {exc}"))
                continue
            if "error" in res:
                rejected += 1
                reasons[f"{style}: {_reason_key(res['error'])}"] += 1
                if len(rejected_examples) < 50:
                    rejected_examples.append((game, res["error"]))
                continue
        games.append(game)
        styles.append(style)
    return {
        "games": games,
        "styles": styles,
        "rejected": rejected,
        "reasons": reasons,
        "rejected_examples": rejected_examples,
        "crashes": crashes,
        "crash_count": n_crash,
        "regenerated": regenerated,
    }


def _reason_key(msg: str) -> str:
    # group error texts: drop the seat / tile details after the first clause
    import re

    msg = re.sub(r"\b(East|South|West|North) \([ESWN]\)('s)?", "<seat>", str(msg))
    msg = re.sub(r"\b[1-9][mpsz]\b|\b[1-9]+[mpsz]\w*", "<t>", str(msg))
    msg = re.sub(r"\d+", "<n>", msg)
    return msg[:100]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=20240601)
    ap.add_argument("--check", action="store_true", help="self-check every game")
    ap.add_argument("--jsonl", help="write the games as JSON Lines to this file ('-' = stdout)")
    ap.add_argument("--no-engine", action="store_true", help="keep every generated game")
    ap.add_argument("--ruleset", choices=RULESETS, default="nts")
    args = ap.parse_args(argv)
    score_fn = None
    if not args.no_engine:
        try:
            from scoring.engine import score_game as score_fn  # type: ignore
        except ImportError:
            print("scoring.engine not importable: keeping every generated game", file=sys.stderr)
    c = build_corpus(args.games, args.seed, score_fn, ruleset=args.ruleset)
    if args.check:
        bad = 0
        for g in c["games"]:
            p = check_game(g)
            if p:
                bad += 1
                if bad <= 5:
                    print("BAD", p, g, file=sys.stderr)
        print(f"self-check: {bad} bad games of {len(c['games'])}", file=sys.stderr)
    print(
        f"games {len(c['games'])}, rejected {c['rejected']}, crashed {c['crash_count']}, "
        f"regenerated {c['regenerated']}",
        file=sys.stderr,
    )
    print("styles:", dict(Counter(c["styles"])), file=sys.stderr)
    for k, v in c["reasons"].most_common(15):
        print(f"  {v:6d}  {k}", file=sys.stderr)
    if args.jsonl:
        import json

        out = sys.stdout if args.jsonl == "-" else open(args.jsonl, "w")
        for g in c["games"]:
            out.write(json.dumps(g) + "\n")
        if out is not sys.stdout:
            out.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
