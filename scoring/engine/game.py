"""``score_game``: one hand at one table, in and out as score-interface.md.

This layer checks the input (names the player and the tile for anything
wrong) and asks the rule set for values, settlement and wind rotation. It
holds no rule of the game itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from .deal import GREEN_DRAGON_ROUND
from .decompose import CHOW, KIND_NAMES, PUNG
from .errors import InvalidGame, listed, shown
from .hands import HandResult, PlayerHand, seat_label
from .hongkong import RULESET as HONGKONG
from .mcr import RULESET as MCR
from .nts import RULESET as NTS
from .philos import RULESET as PHILOS
from .reading import DISCARD, ROBBED_KONG, SELF_DRAWN_SOURCES, WIN_SOURCES, Context, Meld
from .riichi import RULESET as RIICHI
from .ruleset import RuleSet, Win, seats_in_order
from .tiles import (
    GREEN,
    NUM_KINDS,
    WIND_OF_SEAT,
    TileSyntaxError,
    format_tiles,
    parse_bonus,
    parse_one,
    parse_or_fail,
    parse_tiles,
    tile_name,
)
from .vocabulary import DEFAULT_RULESET

# MCR and Riichi are scored by table result (table_result.py): score_game
# refuses their hands (code "scored_by_table").
RULESETS: Final[dict[str, RuleSet]] = {NTS.name: NTS, HONGKONG.name: HONGKONG, PHILOS.name: PHILOS,
                                MCR.name: MCR, RIICHI.name: RIICHI}

GAME_KEYS: Final = frozenset(
    {"ruleset", "options", "prevailing_wind", "players", "winner", "winning_tile",
     "win_source", "discarder", "flags", "dead"}
)
TILE_PLAYER_KEYS: Final = frozenset({"concealed", "melds", "bonus"})
MELD_KEYS: Final = frozenset({"kind", "tiles", "open"})
_KIND_OF_NAME: Final = {name: kind for kind, name in enumerate(KIND_NAMES)}
# A hand is four sets and a pair (000 §1.8; 14 tiles, a kong counting as 3,
# N16): nobody declares a fifth set, so more melds are refused before any is
# read, as tile text longer than tiles.MAX_TILE_TEXT is.
MAX_MELDS: Final = 4


def score_game(game: object) -> dict[str, Any]:
    """Score one game; bad input gives ``{"error": ...}``, never an exception.

    Every refusal is an InvalidGame naming the player and the tile. Should
    anything else escape (an engine fault, or a value no JSON can hold), the
    caller still gets an error result rather than an exception: a web page
    answers it instead of failing. The engine's tests call ``_score`` so that
    such a fault fails them."""
    try:
        return _score(game)
    except InvalidGame as error:
        return error.as_result()
    except (RecursionError, MemoryError):
        return {"error": "the game is too large or too deeply nested to be scored",
                "code": "game_too_large", "params": {}}
    except Exception as error:  # the promise above; tests/engine keeps it unused
        return {"error": f"the game could not be scored ({type(error).__name__}); nothing "
                         "was guessed: check every player's tiles and the fields of the game",
                "code": "engine_fault", "params": {"fault": type(error).__name__}}


def _score(game: object) -> dict[str, Any]:
    if not isinstance(game, dict):
        raise InvalidGame(f"a game must be a JSON object, got {type(game).__name__}",
                          "game_not_object", got=type(game).__name__)
    if not game.keys() <= GAME_KEYS:
        unknown = set(game) - GAME_KEYS
        raise InvalidGame(f"unknown field(s) {listed(unknown)} in the game", "unknown_fields",
                          fields=listed(unknown))
    ruleset = _ruleset(game.get("ruleset", DEFAULT_RULESET))
    if ruleset.by_table_result:
        raise InvalidGame(f"rule set '{ruleset.name}' is entered by table result, not per "
                          "hand: enter each player's score for the round", "scored_by_table",
                          ruleset=ruleset.name)
    options_given = game.get("options") or {}
    if not isinstance(options_given, dict):
        raise InvalidGame("options must be an object of option names and values",
                          "options_not_object")
    options = ruleset.resolve_options(options_given)
    prevailing = game.get("prevailing_wind")
    # Seats and names are strings; anything else (a list is not even
    # hashable) is refused before it is looked up.
    if not isinstance(prevailing, str) or (prevailing not in WIND_OF_SEAT
                                           and prevailing != GREEN_DRAGON_ROUND):
        raise InvalidGame(f"prevailing_wind must be one of E, S, W, N, got {shown(prevailing)}",
                          "prevailing_wind_invalid", got=shown(prevailing))

    players = _players(game.get("players"), ruleset)
    _check_round(prevailing, len(players), ruleset, options)
    hands = {seat: _player(seat, spec, ruleset, options) for seat, spec in players.items()}
    ruleset.validate_table(hands, options)
    winner = _winner(game.get("winner"), hands)
    dead = _dead(game.get("dead"), hands, winner, ruleset)
    flags = _flags(game.get("flags"), ruleset)
    win_source, winning_tile = _win(game, hands, winner, flags, ruleset)
    _check_copies(hands)
    if winner is not None:
        ruleset.validate_win(winner, hands, win_source, game.get("discarder"), winning_tile)
    _check_sizes(hands, winner, dead)

    # The round of the green dragon: the green dragon prevails, not a wind (003).
    prevailing_tile = GREEN if prevailing == GREEN_DRAGON_ROUND else WIND_OF_SEAT[prevailing]
    values: dict[str, int] = {}
    breakdowns: dict[str, dict[str, object]] = {}
    for seat, hand in hands.items():
        if isinstance(hand, int):
            values[seat] = hand
            continue
        if winner is None:
            values[seat] = 0
            continue  # a draw: nothing is counted (N14), dead hands included
        if seat in dead and seat != winner:
            result = HandResult(value=0, dead=True)  # N12: zero points, still pays
        else:
            ctx = Context(WIND_OF_SEAT[seat], prevailing_tile)
            if seat == winner:
                ctx = Context(ctx.seat_wind, ctx.prevailing_wind, True, win_source, flags,
                              winning_tile, discarder=game.get("discarder"))
                result = ruleset.score_winner(hand, ctx, options)
            else:
                result = ruleset.score_other(hand, ctx, options)
        values[seat] = result.value
        breakdowns[seat] = result.as_dict()
    if winner is None:
        values = {seat: 0 for seat in values}
    win = Win(winner, win_source, game.get("discarder") if winner is not None else None, flags)
    outcome = ruleset.outcome(values, win, options, breakdowns)
    scored: dict[str, Any] = {
        "scores": outcome.pop("scores"),
        "settlement": outcome.pop("settlement"),
        "hands": breakdowns,
        "winds_rotate": ruleset.winds_rotate(winner, options),
    }
    scored.update(outcome)  # what a rule set adds (or decides otherwise)
    return scored


def _check_round(prevailing: str, players: int, ruleset: RuleSet,
                 options: dict[str, Any]) -> None:
    """The prevailing wind is one of the rounds the rule set's deal order
    plays at a table of this size. A hand of four may be one of a table of 5
    (the fifth sits out), whose rounds count too: the round of the green
    dragon "G" of NTS at 3 players and, with its option, at 5 (003)."""
    order = ruleset.deal_order(players, options)
    if prevailing in order.winds or (
            players == 4 and prevailing in ruleset.deal_order(5, options).winds):
        return
    note = ruleset.round_note(prevailing)
    raise InvalidGame(f"prevailing_wind {prevailing}: a table of {players} plays "
                      f"the rounds {', '.join(order.winds)} only ({order.source})"
                      + (f"; {note}" if note else ""), "round_not_played",
                      prevailing=prevailing, players=players, rounds=list(order.winds),
                      source=order.source)


def _ruleset(name: object) -> RuleSet:
    if not isinstance(name, str) or name not in RULESETS:
        available = ", ".join(sorted(RULESETS))
        raise InvalidGame(f"unknown ruleset {shown(name)} (available: {available})",
                          "unknown_ruleset", got=shown(name), available=available)
    return RULESETS[name]


def _players(players: object, ruleset: RuleSet) -> dict[str, Any]:
    if not isinstance(players, dict) or not players:
        raise InvalidGame("players must be an object keyed by seat wind: E, S, W, N",
                          "players_not_object")
    if not players.keys() <= WIND_OF_SEAT.keys():
        unknown = [seat for seat in players if seat not in WIND_OF_SEAT]
        raise InvalidGame(
            f"unknown seat {shown(unknown[0])} in players (seats are E, S, W, N)",
            "unknown_seat", got=shown(unknown[0]))
    expected = "ESWN"[: len(players)]
    if len(players) not in ruleset.player_counts:
        counts = " or ".join(str(n) for n in sorted(ruleset.player_counts))
        tables = " or ".join(", ".join("ESWN"[:n]) for n in sorted(ruleset.player_counts))
        raise InvalidGame(
            f"{ruleset.title} is played by {counts} players, not {len(players)}; give "
            f"seats {tables}, got {', '.join(players)}", "player_count",
            ruleset=ruleset.name, counts=sorted(ruleset.player_counts), count=len(players))
    if any(seat not in players for seat in expected):  # the seats are known and as many
        no_north = " (a table of 3 has no North)" if len(players) == 3 else ""
        raise InvalidGame(
            f"a table of {len(players)} has the seats {', '.join(expected)}{no_north}, got "
            f"{', '.join(players)}", "seats_wrong", count=len(players),
            expected=", ".join(expected), got=", ".join(players))
    return {seat: players[seat] for seat in seats_in_order(players)}


def _player(seat: str, spec: object, ruleset: RuleSet,
            options: Mapping[str, Any]) -> PlayerHand | int:
    # Messages name the player; they are built only when something is wrong.
    if not isinstance(spec, dict):
        raise InvalidGame(f"{seat_label(seat)}: a player is an object with tiles or a score",
                          "player_not_object", seat=seat)
    if "score" in spec:
        return _given_score(seat, spec, ruleset.hand_limit(options))
    if not spec.keys() <= TILE_PLAYER_KEYS:
        unknown = set(spec) - TILE_PLAYER_KEYS
        raise InvalidGame(f"{seat_label(seat)}: unknown field(s) {listed(unknown)}",
                          "unknown_fields", at={"seat": seat}, fields=listed(unknown))
    if "concealed" not in spec:
        raise InvalidGame(f"{seat_label(seat)}: give 'concealed' tiles (or a 'score')",
                          "concealed_missing", seat=seat)
    concealed = _tiles(spec["concealed"], seat)
    melds_given = spec.get("melds") or []
    if not isinstance(melds_given, list):
        raise InvalidGame(f"{seat_label(seat)}: melds must be a list", "melds_not_list",
                          seat=seat)
    if len(melds_given) > MAX_MELDS:
        extra = _meld(seat, MAX_MELDS + 1, melds_given[MAX_MELDS])  # named, or refused as it is
        raise InvalidGame(
            f"{seat_label(seat)} meld {MAX_MELDS + 1}: {KIND_NAMES[extra.kind]} "
            f"{format_tiles(extra.tile_list())} is one set too many ({len(melds_given)} melds "
            f"given): a hand is four sets and a pair, so a player declares at most {MAX_MELDS} "
            "(000 §1.8)", "too_many_melds", at={"seat": seat, "meld": MAX_MELDS + 1},
            kind=KIND_NAMES[extra.kind], tiles=format_tiles(extra.tile_list()),
            count=len(melds_given), most=MAX_MELDS)
    melds = tuple(_meld(seat, index, meld) for index, meld in enumerate(melds_given, 1))
    bonus: tuple[str, ...] = ()
    if spec.get("bonus"):
        who = seat_label(seat)
        refused = ruleset.bonus_refused(options)
        if refused:
            raise InvalidGame(f"{who}: {refused} (bonus {shown(spec['bonus'])})",
                              "bonus_refused", seat=seat, ruleset=ruleset.name,
                              bonus=shown(spec["bonus"]))
        if not isinstance(spec["bonus"], str):
            raise InvalidGame(f"{who}: bonus must be bonus tiles like \"1f3j\", "
                              f"got {shown(spec['bonus'])}", "bonus_not_text", seat=seat,
                              got=shown(spec["bonus"]))
        try:
            bonus = parse_bonus(spec["bonus"])
        except TileSyntaxError as error:
            raise InvalidGame(f"{who} bonus: {error}", error.code,
                              at={"seat": seat, "part": "bonus"}, **error.params) from None
    counts = [0] * NUM_KINDS
    for tile in concealed:
        counts[tile] += 1
    return PlayerHand.make(seat, tuple(counts), melds, bonus)


def _given_score(seat: str, spec: dict[str, Any], limit: int) -> int:
    score = spec["score"]
    if len(spec) == 1 and type(score) is int and 0 <= score <= limit:
        return score  # the usual case, without naming the player
    who = seat_label(seat)
    if len(spec) != 1:
        raise InvalidGame(f"{who}: give either a score or tiles, not both",
                          "score_and_tiles", seat=seat)
    if isinstance(score, bool) or not isinstance(score, int):
        raise InvalidGame(f"{who}: score must be a whole number, got {shown(score)}",
                          "score_not_whole", seat=seat, got=shown(score))
    if score < 0:
        raise InvalidGame(f"{who}: score {shown(score)} is negative; a hand value is 0 or more",
                          "score_negative", seat=seat, score=shown(score))
    if score > limit:
        raise InvalidGame(f"{who}: score {shown(score)} is above the limit of {limit}",
                          "score_above_limit", seat=seat, score=shown(score), limit=limit)
    # An int subclass other than bool (none comes from JSON) passes as before.
    return score


def _tiles(text: object, seat: str, meld: int = 0) -> tuple[int, ...]:
    """parse_or_fail, naming the player's concealed tiles or their meld
    ``meld`` (1-4) only when the text is wrong."""
    if isinstance(text, str):
        try:
            return parse_tiles(text)
        except TileSyntaxError:
            pass
    if meld:
        return parse_or_fail(text, _meld_name(seat, meld), {"seat": seat, "meld": meld})
    return parse_or_fail(text, f"{seat_label(seat)} concealed",
                         {"seat": seat, "part": "concealed"})


def _meld_name(seat: str, index: int) -> str:
    return f"{seat_label(seat)} meld {index}"


def _meld(seat: str, index: int, spec: object) -> Meld:
    # The meld is named (``where``, ``at``) only when it is refused.
    if not isinstance(spec, dict):
        where, at = _meld_name(seat, index), {"seat": seat, "meld": index}
        raise InvalidGame(f"{where}: a meld is an object with kind, tiles and open",
                          "meld_not_object", at=at)
    if not spec.keys() <= MELD_KEYS:
        where, at = _meld_name(seat, index), {"seat": seat, "meld": index}
        unknown = set(spec) - MELD_KEYS
        raise InvalidGame(f"{where}: unknown field(s) {listed(unknown)}", "unknown_fields",
                          at=at, fields=listed(unknown))
    kind_name = spec.get("kind")
    kind = _KIND_OF_NAME.get(kind_name, -1) if isinstance(kind_name, str) else -1
    if kind < 0:
        where, at = _meld_name(seat, index), {"seat": seat, "meld": index}
        raise InvalidGame(f"{where}: kind must be chow, pung or kong, got {shown(kind_name)}",
                          "meld_kind_invalid", at=at, got=shown(kind_name))
    tiles = sorted(_tiles(spec.get("tiles"), seat, index))
    is_open = spec.get("open", True)
    if not isinstance(is_open, bool):
        where, at = _meld_name(seat, index), {"seat": seat, "meld": index}
        raise InvalidGame(f"{where}: open must be true or false, got {shown(is_open)}",
                          "meld_open_invalid", at=at, got=shown(is_open))
    if kind == CHOW:
        if len(tiles) != 3 or tiles[0] >= 27 or tiles[0] // 9 != tiles[2] // 9 or (
                tiles[1] != tiles[0] + 1 or tiles[2] != tiles[0] + 2):
            where, at = _meld_name(seat, index), {"seat": seat, "meld": index}
            raise InvalidGame(
                f"{where}: chow {format_tiles(tiles)} is not three consecutive tiles of "
                "one suit" + (" (honours form no chows)" if any(t >= 27 for t in tiles) else ""),
                "chow_not_consecutive", at=at, tiles=format_tiles(tiles),
                honours=any(t >= 27 for t in tiles))
    else:
        size = 3 if kind == PUNG else 4
        if len(tiles) != size or tiles[0] != tiles[-1]:  # sorted: all equal
            where, at = _meld_name(seat, index), {"seat": seat, "meld": index}
            raise InvalidGame(
                f"{where}: {kind_name} {format_tiles(tiles)} is not {size} equal tiles",
                "set_not_equal", at=at, kind=kind_name, tiles=format_tiles(tiles), size=size)
    return Meld(kind, tiles[0], is_open)


def _winner(winner: object, hands: Mapping[str, Any]) -> str | None:
    if winner is None:
        return None
    if not isinstance(winner, str) or winner not in hands:
        raise InvalidGame(f"winner must be a seat at the table or null, got {shown(winner)}",
                          "winner_invalid", got=shown(winner))
    return str(winner)


def _dead(dead: object, hands: Mapping[str, Any], winner: str | None,
          ruleset: RuleSet) -> frozenset[str]:
    if dead is None:
        return frozenset()
    if (not isinstance(dead, list) or len(dead) > len(hands)
            or any(not isinstance(seat, str) or seat not in hands for seat in dead)):
        raise InvalidGame(f"dead must be a list of seats at the table, got {shown(dead)}",
                          "dead_invalid", got=shown(dead))
    if winner is not None and winner in dead and not ruleset.wins_while_dead(hands[winner]):
        raise InvalidGame(
            f"{seat_label(winner)} cannot both win and have a dead hand; a false mahjong "
            "is a dead hand, not a win (N10)", "winner_dead", seat=winner)
    for seat in dead:
        score = hands[seat]
        if isinstance(score, int) and score != 0:
            raise InvalidGame(
                f"{seat_label(seat)} has a dead hand, which scores 0 (N12), but score {score} "
                "was given", "dead_with_score", seat=seat, score=score)
    return frozenset(dead)


def _flags(flags: object, ruleset: RuleSet) -> frozenset[str]:
    if flags is None:
        return frozenset()
    if not isinstance(flags, list) or not all(isinstance(f, str) for f in flags):
        raise InvalidGame(f"flags must be a list of names, got {shown(flags)}", "flags_not_list",
                          got=shown(flags))
    unknown = set(flags) - ruleset.flags
    if unknown or len(flags) > len(ruleset.flags):
        what = (f"unknown flag(s) {listed(unknown)} for {ruleset.title}" if unknown
                else f"{len(flags)} flags given; {ruleset.title} has {len(ruleset.flags)}")
        known = ", ".join(sorted(ruleset.flags))
        if unknown:
            raise InvalidGame(f"{what} (known: {known})", "flags_unknown", flags=listed(unknown),
                              ruleset=ruleset.name, known=known)
        raise InvalidGame(f"{what} (known: {known})", "flags_too_many", count=len(flags),
                          ruleset=ruleset.name, most=len(ruleset.flags), known=known)
    return frozenset(flags)


def _win(game: Mapping[str, Any], hands: Mapping[str, Any], winner: str | None,
         flags: frozenset[str], ruleset: RuleSet) -> tuple[str | None, int]:
    """The win's source and winning tile, checked against the hands."""
    tile_text = game.get("winning_tile")
    source = game.get("win_source")
    discarder = game.get("discarder")
    if winner is None:
        given = [name for name in ("winning_tile", "win_source", "discarder")
                 if game.get(name) is not None]
        if given or flags:
            raise InvalidGame(
                f"a draw (winner null) has no {', '.join(given) or 'flags'}",
                "draw_with_win", fields=", ".join(given) or "flags")
        return None, -1
    hand = hands[winner]
    tiles_given = isinstance(hand, PlayerHand)
    if source is None and tiles_given:
        raise InvalidGame(f"{seat_label(winner)} won: give win_source ({', '.join(WIN_SOURCES)})",
                          "win_source_missing", seat=winner)
    if source is not None and (not isinstance(source, str) or source not in WIN_SOURCES):
        raise InvalidGame(f"{seat_label(winner)}: win_source must be one of {', '.join(WIN_SOURCES)}, "
                          f"got {shown(source)}", "win_source_invalid", seat=winner,
                          got=shown(source), sources=", ".join(WIN_SOURCES))
    if source in (DISCARD, ROBBED_KONG):
        if discarder is None:
            raise InvalidGame(f"{seat_label(winner)} won on a {source.replace('_', ' ')}: give the discarder",
                              "discarder_missing", seat=winner, source=source)
        if not isinstance(discarder, str) or discarder not in hands:
            raise InvalidGame(f"discarder must be a seat at the table, got {shown(discarder)}",
                              "discarder_invalid", got=shown(discarder))
        if discarder == winner:
            raise InvalidGame(f"{seat_label(winner)} cannot win on their own discard", "own_discard",
                              seat=winner)
    elif discarder is not None and source in SELF_DRAWN_SOURCES:
        raise InvalidGame(f"{seat_label(winner)} drew the winning tile ({source}): there is no discarder",
                          "self_drawn_discarder", seat=winner, source=source)
    tile = -1
    if tile_text is not None:
        if not isinstance(tile_text, str):
            raise InvalidGame(f"{seat_label(winner)}: winning_tile must be a tile like \"3s\"",
                              "winning_tile_not_text", seat=winner)
        try:
            tile = parse_one(tile_text)
        except TileSyntaxError as error:
            raise InvalidGame(f"{seat_label(winner)} winning_tile: {error}", error.code,
                              at={"seat": winner, "part": "winning_tile"},
                              **error.params) from None
    if tiles_given:
        if tile < 0:
            raise InvalidGame(f"{seat_label(winner)} won: give the winning_tile", "winning_tile_missing",
                              seat=winner)
        if hand.concealed[tile] == 0:
            raise InvalidGame(
                f"{seat_label(winner)}: winning tile {tile_name(tile)} is not among the concealed tiles "
                "(the winner's concealed tiles include the winning tile)",
                "winning_tile_not_concealed", seat=winner, tile=tile_name(tile))
    ruleset.validate_flags(flags, winner, hands, source, discarder)
    return source, tile


def _check_copies(hands: Mapping[str, Any]) -> None:
    """At most four copies of any tile, and one of each bonus tile, across
    the table."""
    bonus_holders: dict[str, str] = {}
    for seat, hand in hands.items():
        for bonus in hand.bonus if isinstance(hand, PlayerHand) else ():
            if bonus in bonus_holders:
                first = bonus_holders[bonus]
                where = "twice" if first == seat else f"also with {seat_label(first)}"
                raise InvalidGame(
                    f"{seat_label(seat)}: bonus tile {bonus} is {where}; each flower and "
                    "season is in the set once",
                    "bonus_twice" if first == seat else "bonus_with_other", seat=seat,
                    bonus=bonus, other=first)
            bonus_holders[bonus] = seat
    counted = [(seat, hand.held or hand.all_counts()) for seat, hand in hands.items()
               if isinstance(hand, PlayerHand)]
    if not counted:
        return
    # Most games give the winner's tiles only: their counts are the totals.
    totals = list(counted[0][1])
    for _, counts in counted[1:]:
        for tile in range(NUM_KINDS):
            totals[tile] += counts[tile]
    if _most(totals) <= 4:
        return
    for tile, count in enumerate(totals):
        if count > 4:
            holders = ", ".join(f"{seat_label(seat)} {counts[tile]}"
                                for seat, counts in counted if counts[tile])
            raise InvalidGame(
                f"{count} copies of {tile_name(tile)} at the table ({holders}); a set has 4",
                "too_many_copies", count=count, tile=tile_name(tile),
                holders=[[seat, counts[tile]] for seat, counts in counted if counts[tile]])


def _most(counts: list[int]) -> int:
    """max(counts), in a loop the compiled engine runs natively (max() is a
    call through Python's generic protocol)."""
    most = 0
    for count in counts:
        if count > most:
            most = count
    return most


def _check_sizes(hands: Mapping[str, Any], winner: str | None, dead: frozenset[str]) -> None:
    for seat, hand in hands.items():
        if not isinstance(hand, PlayerHand) or seat in dead:
            continue
        expected = 14 if seat == winner else 13
        size = hand.size()
        if size != expected:
            role = "a winning hand has 14" if seat == winner else "a hand that did not win has 13"
            raise InvalidGame(
                f"{seat_label(seat)} has {size} tiles (a kong counts as 3, N16); {role}; "
                "a wrong count is a dead hand: list the player in 'dead'",
                "tile_count", seat=seat, size=size, expected=expected)
