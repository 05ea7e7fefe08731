"""Find the slowest ``legal_moves()`` calls of random play.

Plays seeded random games (the first deal of each) for a while and reports the decisions
whose ``legal_moves()`` took longest, with the time spent in all of them; ``--out`` writes
those positions as JSON lines (``{"ms": ..., "game": <game.to_json()>}``) to time again or
to study.

    python benchmarks/slowest.py --rules samba --seconds 30
    python benchmarks/slowest.py --rules classic hollywood --seconds 20 --over 10 --out slow.jsonl

Times are CPU time of this process (``time.process_time``), which a busy machine disturbs
less than the wall clock.
"""

from __future__ import annotations

import argparse
import json
import random
import time

import canasta


def slowest(
    name: str, seconds: float, over_ms: float, seed: int
) -> tuple[int, float, list[tuple[float, str]]]:
    """Random play of ``name`` for ``seconds``: the decisions made, the seconds spent in
    ``legal_moves()``, and (milliseconds, game JSON) of the calls over ``over_ms``."""
    rng = random.Random(seed)
    clock = time.process_time
    end = clock() + seconds
    decisions, spent = 0, 0.0
    slow: list[tuple[float, str]] = []
    game_seed = seed
    while clock() < end:
        game = canasta.Game.new(name, seed=game_seed)
        game_seed += 1
        while not game.is_over and game.phase is not canasta.Phase.OVER:
            start = clock()
            moves = list(game.legal_moves())
            took = clock() - start
            decisions += 1
            spent += took
            if took * 1000 > over_ms:
                slow.append((took * 1000, game.to_json()))
            if not moves:
                break
            game = game.apply(rng.choice(moves))
    slow.sort(key=lambda item: -item[0])
    return decisions, spent, slow


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", nargs="+", default=["samba"])
    parser.add_argument("--seconds", type=float, default=30.0, help="of play, per rule set")
    parser.add_argument("--over", type=float, default=20.0, help="milliseconds: a slow call")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", help="write the slow positions here, as JSON lines")
    args = parser.parse_args()
    found: list[tuple[float, str]] = []
    for name in args.rules:
        decisions, spent, slow = slowest(name, args.seconds, args.over, args.seed)
        worst = ", ".join(f"{ms:.0f}" for ms, _ in slow[:10]) or "none"
        print(
            f"{name}: {decisions:,} decisions, {spent / decisions * 1e6:.0f} us per "
            f"legal_moves(); {len(slow)} over {args.over:g} ms, {sum(ms for ms, _ in slow):.0f} "
            f"ms in all; slowest (ms): {worst}"
        )
        found += slow
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            for ms, game in found:
                out.write(json.dumps({"ms": round(ms, 1), "game": json.loads(game)}) + "\n")


if __name__ == "__main__":
    main()
