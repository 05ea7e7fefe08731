"""What the replay of a document costs: loading a game document that says its deal was dealt
from the seed replays the deal's history (docs/json.rst, "What a document promises").

    python benchmarks/replay.py
    python benchmarks/replay.py --rules hollywood --matches 4

For each match (random legal play, seeds 0, 1, ...) it takes the finished match's document
with ``history="full"`` and measures ``Game.from_json``: cold (every cache of the package
emptied first, as a fresh server process meets a document), again (the same document
loaded a second time), and the same document without ``dealt_from_seed`` (nothing
replayed: what loading cost before the replay). It prints the best of ``--rounds`` loads.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

import canasta


def finished_match(rules: str, seed: int) -> canasta.Game:
    """A match of ``rules`` played to its end by random legal moves."""
    game, rng = canasta.Game.new(rules, seed=seed), random.Random(seed)
    while not game.is_over:
        game = game.apply(rng.choice(list(game.legal_moves())))
    return game


def best_ms(text: str, rounds: int, cold: bool) -> float:
    """The fastest of ``rounds`` loads of the document ``text``, in milliseconds."""
    times = []
    for _ in range(rounds):
        if cold:
            canasta.clear_caches()
        start = time.perf_counter()
        canasta.Game.from_json(text)
        times.append(time.perf_counter() - start)
    return 1000 * min(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    print(f"{args.rules}: KB, deals, moves of the last deal; from_json ms cold, again, unreplayed")
    for seed in range(args.matches):
        game = finished_match(args.rules, seed)
        text = game.to_json(history="full")
        data = json.loads(text)
        del data["deal"]["dealt_from_seed"]
        plain = json.dumps(data, separators=(",", ":"))
        figures = (
            best_ms(text, args.rounds, cold=True),
            best_ms(text, args.rounds, cold=False),
            best_ms(plain, args.rounds, cold=True),
        )
        print(
            f"  seed {seed}: {len(text) / 1000:5.1f} KB {len(game.results):3} deals "
            f"{len(game.deal.history):4} moves   " + "  ".join(f"{ms:6.1f}" for ms in figures)
        )
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    print(f"load average {' '.join(f'{x:.2f}' for x in load)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
