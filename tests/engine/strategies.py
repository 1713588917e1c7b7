"""Hypothesis strategies for NTS games in the `score_game` input format.

Everything here is independent of the engine: tiles are handled in our own
tenhou-notation helpers, so a bug in the engine's parser cannot hide itself.

A generated game is always *valid input* (score-interface.md): one table of
at most 136 tiles (never more than 4 copies of a tile, N16 tile counts), a
winner whose tiles form 4 sets + a pair with the winning tile in a concealed
group, non-winners with 13 tiles (kongs count as 3). The only way such a game
may be rejected is a false mahjong (N10), unless the winner is drawn with a
mode that guarantees at least 2 doublings (`LEGAL_MODES`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import reject
from hypothesis import strategies as st

SEATS = ("E", "S", "W", "N")
SUITED = "mps"
TILES = tuple(f"{n}{s}" for s in SUITED for n in range(1, 10)) + tuple(f"{n}z" for n in range(1, 8))
SUIT_ORDER = {s: i for i, s in enumerate("mpsz")}

# Winner modes. "pure": one suit only, or honours only (pure, 3 doublings);
# "concealed": no open meld and a self-drawn win ("verborgen schat", 2
# doublings); "clean": one suit with honours; "any": anything.
# Only "pure" and "concealed" guarantee a legal mahjong (N10).
LEGAL_MODES = ("pure", "concealed")
ALL_MODES = ("pure", "concealed", "clean", "any")

Pool = Counter[str]


# --------------------------------------------------------------- notation


def tile_key(tile: str) -> tuple[int, int]:
    return (SUIT_ORDER[tile[1]], int(tile[0]))


def parse_tiles(text: str) -> list[str]:
    """Our own tenhou parser (valid notation only), e.g. "234m55z" -> [...]."""
    tiles: list[str] = []
    digits: list[str] = []
    for ch in text:
        if ch.isdigit():
            digits.append(ch)
        else:
            tiles.extend(f"{d}{ch}" for d in digits)
            digits = []
    assert not digits, f"dangling digits in {text!r}"
    return tiles


def to_tenhou(tiles: list[str]) -> str:
    """Canonical (sorted, one group per suit) notation."""
    out = []
    ordered = sorted(tiles, key=tile_key)
    for suit in "mpsz":
        digits = "".join(t[0] for t in ordered if t[1] == suit)
        if digits:
            out.append(digits + suit)
    return "".join(out)


def new_pool() -> Pool:
    return Counter({t: 4 for t in TILES})


def take(pool: Pool, tiles: list[str]) -> None:
    for t in tiles:
        assert pool[t] > 0, f"pool exhausted for {t}"
        pool[t] -= 1


def chow_tiles(start: str) -> list[str]:
    n, s = int(start[0]), start[1]
    return [f"{n}{s}", f"{n + 1}{s}", f"{n + 2}{s}"]


def group_options(
    pool: Pool, allowed: tuple[str, ...], kinds: tuple[str, ...]
) -> list[tuple[str, str]]:
    """Every (kind, tile) group the pool can still supply."""
    options: list[tuple[str, str]] = []
    for t in allowed:
        if "chow" in kinds and t[1] != "z" and int(t[0]) <= 7:
            run = chow_tiles(t)
            if all(r in allowed and pool[r] >= 1 for r in run):
                options.append(("chow", t))
        if "pung" in kinds and pool[t] >= 3:
            options.append(("pung", t))
        if "kong" in kinds and pool[t] >= 4:
            options.append(("kong", t))
    return options


def group_tiles(kind: str, tile: str) -> list[str]:
    if kind == "chow":
        return chow_tiles(tile)
    return [tile] * (4 if kind == "kong" else 3)


def meld(kind: str, tiles: list[str], open_: bool) -> dict[str, Any]:
    return {"kind": kind, "tiles": to_tenhou(tiles), "open": open_}


# ---------------------------------------------------------------- winner


def _allowed_tiles(draw: Any, mode: str) -> tuple[str, ...]:
    if mode == "pure":
        suit = draw(st.sampled_from("mpsz"))
        return tuple(t for t in TILES if t[1] == suit)
    if mode == "clean":
        suit = draw(st.sampled_from(SUITED))
        return tuple(t for t in TILES if t[1] in (suit, "z"))
    return TILES


def draw_winner_hand(draw: Any, pool: Pool, mode: str) -> dict[str, Any]:
    """Draw 4 sets + pair from `pool` (mutated). Returns
    {"concealed", "melds", "winning_tile", "kongs", "concealed_only"}."""
    allowed = _allowed_tiles(draw, mode)
    concealed: list[str] = []
    melds: list[dict[str, Any]] = []
    # Tiles of groups that stay on the rack: the winning tile comes from one.
    winnable: list[str] = []
    kongs = 0
    for _ in range(4):
        kind_choice = draw(st.sampled_from(("chow", "chow", "pung", "pung", "kong")))
        options = group_options(pool, allowed, (kind_choice,)) or group_options(
            pool, allowed, ("chow", "pung", "kong")
        )
        if not options:
            reject()  # practically unreachable: the pool is nearly full
        kind, tile = draw(st.sampled_from(options))
        tiles = group_tiles(kind, tile)
        take(pool, tiles)
        if kind == "kong":
            kongs += 1
            # An undeclared kong on the rack would be read as a pung + a
            # spare tile, so a winner's kong is always declared.
            is_open = False if mode == "concealed" else draw(st.booleans())
            melds.append(meld("kong", tiles, is_open))
        elif mode != "concealed" and draw(st.integers(0, 3)) == 0:
            melds.append(meld(kind, tiles, True))
        else:
            concealed.extend(tiles)
            winnable.extend(tiles)
    pair_options = [t for t in allowed if pool[t] >= 2]
    if not pair_options:
        reject()
    pair = draw(st.sampled_from(pair_options))
    take(pool, [pair, pair])
    concealed.extend([pair, pair])
    winnable.extend([pair, pair])
    winning_tile = draw(st.sampled_from(sorted(set(winnable), key=tile_key)))
    draw(st.randoms(use_true_random=False)).shuffle(melds)
    return {
        "concealed": to_tenhou(concealed),
        "melds": melds,
        "winning_tile": winning_tile,
        "kongs": kongs,
        "concealed_only": all(not m["open"] for m in melds),
    }


@st.composite
def complete_hands(draw: Any, modes: tuple[str, ...] = ALL_MODES) -> dict[str, Any]:
    """A winner's complete hand alone (4 sets + pair, 14 tiles counting
    kongs as 3): {"concealed", "melds", "winning_tile", "kongs", ...}."""
    mode = draw(st.sampled_from(modes))
    hand = draw_winner_hand(draw, new_pool(), mode)
    hand["mode"] = mode
    return hand


# ------------------------------------------------------------ non-winners


def draw_rack(draw: Any, pool: Pool, count: int) -> list[str]:
    """`count` tiles from the pool, clustered so pairs/pungs occur often."""
    tiles: list[str] = []
    while len(tiles) < count:
        size = draw(st.sampled_from((1, 1, 2, 3)))
        size = min(size, count - len(tiles))
        kinds = [t for t in TILES if pool[t] >= size]
        tile = draw(st.sampled_from(kinds))
        take(pool, [tile] * size)
        tiles.extend([tile] * size)
    return tiles


def draw_non_winner(draw: Any, pool: Pool, size: int = 13) -> dict[str, Any]:
    """A non-winner with `size` tiles counting kongs as 3 (N16)."""
    melds: list[dict[str, Any]] = []
    for _ in range(draw(st.sampled_from((0, 0, 0, 1, 1, 2, 3)))):
        if 3 * (len(melds) + 1) > size:
            break
        options = group_options(pool, TILES, ("chow", "pung", "kong"))
        kind, tile = draw(st.sampled_from(options))
        tiles = group_tiles(kind, tile)
        take(pool, tiles)
        is_open = draw(st.booleans()) if kind == "kong" else True
        melds.append(meld(kind, tiles, is_open))
    rack = draw_rack(draw, pool, size - 3 * len(melds))
    return {"concealed": to_tenhou(rack), "melds": melds}


# ------------------------------------------------------------------ games


@st.composite
def games(
    draw: Any,
    modes: tuple[str, ...] = ALL_MODES,
    outcome: str = "any",
    allow_score_players: bool = True,
    allow_dead: bool = True,
    force_dead: bool = False,
) -> dict[str, Any]:
    """A valid NTS game dict (one hand at a 4-player table).
    `outcome`: "any" (about 1 in 8 a draw), "draw" or "win"."""
    pool = new_pool()
    if outcome == "any":
        is_draw = draw(st.integers(0, 7)) == 0
    else:
        is_draw = outcome == "draw"
    winner = None if is_draw else draw(st.sampled_from(SEATS))
    players: dict[str, Any] = {}
    game: dict[str, Any] = {
        "ruleset": "nts",
        "prevailing_wind": draw(st.sampled_from(SEATS)),
        "winner": winner,
    }
    if draw(st.integers(0, 5)) == 0:
        del game["ruleset"]  # defaults to "nts"
    options: dict[str, bool] = {}
    if draw(st.booleans()):
        options["round_to_tens"] = draw(st.booleans())
    if draw(st.integers(0, 3)) == 0:
        options["east_stays"] = draw(st.booleans())
    game["options"] = options

    flags: list[str] = []
    if winner is not None:
        if allow_score_players and draw(st.integers(0, 9)) == 0:
            # Value counted at the table (a legal mahjong is at least 20 x 4).
            players[winner] = {"score": draw(st.integers(80, 2000))}
            source = draw(st.sampled_from(("wall", "discard")))
            game["win_source"] = source
        else:
            mode = draw(st.sampled_from(modes))
            hand = draw_winner_hand(draw, pool, mode)
            players[winner] = {"concealed": hand["concealed"], "melds": hand["melds"]}
            game["winning_tile"] = hand["winning_tile"]
            sources = ["wall"]
            if mode != "concealed":  # "verborgen schat" needs a self-drawn win
                sources.append("discard")
            if hand["kongs"]:
                sources.append("kong_replacement")
            source = draw(st.sampled_from(sources))
            game["win_source"] = source
            if source == "wall" and draw(st.integers(0, 4)) == 0:
                flags.append("last_wall_tile")
            if source == "kong_replacement" and hand["kongs"] >= 2 and draw(st.booleans()):
                flags.append("kong_on_kong")
        if game["win_source"] == "discard":
            game["discarder"] = draw(st.sampled_from([s for s in SEATS if s != winner]))
    game["flags"] = flags

    losers = [s for s in SEATS if s != winner]
    dead: list[str] = []
    if allow_dead:
        dead = [s for s in losers if draw(st.integers(0, 5)) == 0]
    if force_dead and not dead:
        dead = [draw(st.sampled_from(losers))]
    for seat in losers:
        if seat in dead:
            form = draw(st.sampled_from(("tiles", "tiles", "wrong_size", "score")))
            if form == "score":
                players[seat] = {"score": 0}
            else:
                # "dead: seats with a dead hand (wrong tile count, false
                # mahjong)" - a dead hand may hold a wrong number of tiles.
                size = 13 if form == "tiles" else draw(st.sampled_from((12, 14)))
                players[seat] = draw_non_winner(draw, pool, size)
        elif allow_score_players and draw(st.integers(0, 5)) == 0:
            players[seat] = {"score": draw(st.integers(0, 2000))}
        else:
            players[seat] = draw_non_winner(draw, pool)
    # Dict order of seats is irrelevant; keep E S W N for readable examples.
    game["players"] = {s: players[s] for s in SEATS}
    game["dead"] = dead
    return game


def legal_games(**kwargs: Any) -> st.SearchStrategy[dict[str, Any]]:
    """Games whose winner (if any, with tiles) surely has >= 2 doublings."""
    return games(modes=LEGAL_MODES, **kwargs)


def table_tile_counts(game: dict[str, Any]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for player in game["players"].values():
        if "concealed" in player:
            counts.update(parse_tiles(player["concealed"]))
            for m in player.get("melds", []):
                counts.update(parse_tiles(m["tiles"]))
    return counts
