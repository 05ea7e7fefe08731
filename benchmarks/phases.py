"""Where random play spends its time: ``legal_moves()`` by phase and ``apply`` by move.

    python benchmarks/phases.py --rules classic --players 4 --decisions 30000

Plays uniformly random legal moves from seeded deals (each game's first two deals), as
``playouts.py`` does, and prints for each phase of the turn the number of decisions and the
mean microseconds of ``legal_moves()`` and of ``apply``, then the mean microseconds of
``apply`` for each kind of move, and each line's share of the time. It is a guide for speed
work, to be read next to a profile (``python -m cProfile -s tottime``); the figure that
counts is ``playouts.py``'s ratio to the peer engine.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

import canasta


def measure(rules_name: str, players: int, decisions: int, seed: int) -> list[str]:
    """The report's lines for ``decisions`` random decisions."""
    rules = canasta.find_rules(rules_name, players=players)
    rng = random.Random(seed)
    game_seed = seed
    game = canasta.Game.new(rules, seed=game_seed)
    clock = time.perf_counter
    listing: Counter[str] = Counter()
    applying: Counter[str] = Counter()
    by_phase: Counter[str] = Counter()
    by_move: Counter[str] = Counter()
    move_time: Counter[str] = Counter()
    for _ in range(decisions):
        if game.is_over or game.deal_number > 1:
            game_seed += 1
            game = canasta.Game.new(rules, seed=game_seed)
        phase = game.phase.name.lower()
        start = clock()
        moves = list(game.legal_moves())
        listed = clock()
        move = rng.choice(moves)
        game = game.apply(move)
        applied = clock()
        by_phase[phase] += 1
        listing[phase] += listed - start
        applying[phase] += applied - listed
        kind = type(move).__name__
        by_move[kind] += 1
        move_time[kind] += applied - listed
    total = sum(listing.values()) + sum(applying.values())
    lines = [
        f"{rules_name}, {players} players, {decisions:,} decisions: "
        f"{decisions / total:,.0f} decisions per second"
        f" ({'compiled' if canasta.COMPILED else 'pure Python'})"
    ]
    for phase, count in by_phase.most_common():
        share = (listing[phase] + applying[phase]) / total
        lines.append(
            f"  {phase:8} {count:7,}  legal_moves {1e6 * listing[phase] / count:7.1f} us"
            f"  apply {1e6 * applying[phase] / count:7.1f} us  {share:4.0%}"
        )
    for kind, count in by_move.most_common():
        share = move_time[kind] / total
        lines.append(
            f"  apply {kind:10} {count:7,}  {1e6 * move_time[kind] / count:7.1f} us  {share:4.0%}"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="classic", help="rule set (default: classic)")
    parser.add_argument("--players", type=int, default=4, help="players (default: 4)")
    parser.add_argument(
        "--decisions", type=int, default=30_000, help="decisions to play (default: 30000)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the games and choices")
    args = parser.parse_args(argv)
    for line in measure(args.rules, args.players, args.decisions, args.seed):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
