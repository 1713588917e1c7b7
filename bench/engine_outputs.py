"""The engine's answer to every game of the benchmark corpus, as bytes.

    python -m bench.engine_outputs [--games 10000] [--seed N] > answers.jsonl

For each rule set the corpus of bench/engine.py is drawn (the same seed), but
unfiltered: the games the engine refuses are kept, so its refusals are
compared too, and three damaged copies of each winning game are added (tiles
missing, a tile that does not exist, a score that is text). One JSON line per
answer, keys sorted. The line before them says which implementation made them
(stderr), so that tests/engine/test_compiled_engine.py can compare the
compiled engine with the Python sources byte for byte.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys

from bench import corpus as corpus_mod

RULESETS = ("nts", "hongkong", "philos")


def damaged(game: dict) -> list[dict]:
    winner = game.get("winner")
    if winner is None or "concealed" not in game["players"][winner]:
        return []
    short, unknown, text = copy.deepcopy(game), copy.deepcopy(game), copy.deepcopy(game)
    tiles = corpus_mod.parse_tiles(game["players"][winner]["concealed"])
    short["players"][winner]["concealed"] = corpus_mod.tiles_str(tiles[:-1])
    unknown["players"][winner]["concealed"] = "0x" + game["players"][winner]["concealed"]
    loser = next(seat for seat in game["players"] if seat != winner)
    text["players"][loser] = {"score": "12"}
    return [short, unknown, text]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=20240601)
    args = parser.parse_args(argv)
    import scoring.engine as engine

    print(f"engine: {engine.IMPLEMENTATION}", file=sys.stderr)
    out = sys.stdout
    for ruleset in RULESETS:
        games = corpus_mod.build_corpus(args.games, args.seed, None, ruleset=ruleset)["games"]
        for game in games:
            for one in [game, *damaged(game)]:
                out.write(json.dumps(engine.score_game(one), sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
