"""Random playouts: how fast the engine generates and applies moves.

    python benchmarks/playouts.py --rules classic --players 4 --seconds 20

Plays uniformly random legal moves from seeded games and reports decisions per second (one
``legal_moves()`` call, one uniform choice, one ``apply``), deals per second, the mean and
largest number of legal moves per decision, and the time spent in ``legal_moves`` and ``apply``.
"""

from __future__ import annotations

import argparse
import random
import time

import canasta


def measure(rules_name: str, players: int, seconds: float, seed: int) -> dict[str, float]:
    """Play random deals for about ``seconds`` and return the figures."""
    rules = canasta.find_rules(rules_name, players=players)
    rng = random.Random(seed)
    decisions = deals = total_moves = largest = 0
    generating = applying = 0.0
    started = time.perf_counter()
    game_number = 0
    while time.perf_counter() - started < seconds:
        game = canasta.Game.new(rules, seed=f"{seed}/{game_number}")
        game_number += 1
        while not game.results:
            t0 = time.perf_counter()
            moves = list(game.legal_moves())
            t1 = time.perf_counter()
            game = game.apply(rng.choice(moves))
            t2 = time.perf_counter()
            generating += t1 - t0
            applying += t2 - t1
            decisions += 1
            total_moves += len(moves)
            largest = max(largest, len(moves))
        deals += 1
    elapsed = time.perf_counter() - started
    return {
        "decisions_per_second": decisions / elapsed,
        "deals_per_second": deals / elapsed,
        "mean_legal_moves": total_moves / max(decisions, 1),
        "largest_legal_moves": largest,
        "microseconds_per_legal_moves": 1e6 * generating / max(decisions, 1),
        "microseconds_per_apply": 1e6 * applying / max(decisions, 1),
        "decisions": decisions,
        "deals": deals,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--players", type=int, nargs="+", default=[4])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for players in args.players:
        figures = measure(args.rules, players, args.seconds, args.seed)
        print(f"{args.rules}, {players} players, {args.seconds:g} s:")
        for name, value in figures.items():
            print(f"  {name:<30} {value:,.1f}")


if __name__ == "__main__":
    main()
