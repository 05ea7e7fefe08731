"""A fixed amount of engine work: N seeded random decisions, for comparing builds.

    python benchmarks/decisions.py --rules classic samba --decisions 1000
    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        python benchmarks/decisions.py --rules classic --decisions 1000

Plays four-player games of each rule set from seeded deals (``Game.new(rules,
seed=f"1/{n}")``, a new game when a deal ends) with uniformly random legal moves
(``random.Random(f"1/{rules}")``): the same decisions on every build whose rules agree, so
the work can be counted in instructions, which a busy machine does not change (run it with
``--decisions 0`` too and subtract: the import). Prints the CPU seconds of each rule set.
"""

from __future__ import annotations

import argparse
import random
import time

import canasta


def play(rules_name: str, decisions: int, players: int = 4) -> None:
    """``decisions`` random decisions (``legal_moves``, a choice, ``apply``) of seeded games."""
    rules = canasta.find_rules(rules_name, players=players)
    choose = random.Random(f"1/{rules_name}").choice
    number = 0
    game = canasta.Game.new(rules, seed=f"1/{number}")
    for _ in range(decisions):
        if game.results:  # the deal is over: a new seeded game
            number += 1
            game = canasta.Game.new(rules, seed=f"1/{number}")
        game = game.apply(choose(list(game.legal_moves())))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", nargs="+", default=["classic"])
    parser.add_argument("--decisions", type=int, default=1000)
    args = parser.parse_args(argv)
    for name in args.rules:
        start = time.process_time()
        play(name, args.decisions)
        print(f"{name}: {args.decisions} decisions, {time.process_time() - start:.3f} s CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
