"""Random play under random house rules, looking for dead ends: a position of a deal that is
not over where no move is legal. Run by hand for the long campaign:

    python tests/fuzz/dead_ends.py --decisions 100000            # per rule-set family
    python tests/fuzz/dead_ends.py --decisions 2000 --family samba --seed 3

For each family it draws rule sets (``tests/fuzz/options.py``: a preset, and house rules
from every field's range), plays uniformly random legal moves from seeded deals until the
deal ends, and counts the decisions, the rule sets, the deals and the dead ends; every tenth
move is also checked by the validator (``game.explain``: a generated move it refuses is a
disagreement, counted, and ends that deal), and the slowest ``legal_moves()`` call is timed.
It prints one line a family, and the first dead ends and disagreements found, with what
reproduces them, and exits 1 if there was one.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import canasta
from fuzz.options import random_rules


def campaign(
    family: str, decisions: int, seed: int, disagreements: list[str]
) -> tuple[dict[str, Any], list[str]]:
    """Random play of ``family`` until ``decisions`` decisions: the figures, the dead ends;
    a generated move the validator refuses is added to ``disagreements`` (that deal ends)."""
    rng = random.Random(f"{seed}/{family}")
    figures: dict[str, Any] = {
        "decisions": 0,
        "rule_sets": 0,
        "deals": 0,
        "disagreements": 0,
        "slowest_ms": 0.0,
    }
    found: list[str] = []
    while figures["decisions"] < decisions:
        rules = random_rules(rng, family=family)
        figures["rule_sets"] += 1
        game_seed = rng.randrange(2**32)
        game = canasta.Game.new(rules, seed=game_seed)
        figures["deals"] += 1
        number = game.deal_number
        moves_made = 0
        while not game.is_over and game.deal_number == number and moves_made < 5000:
            started = time.perf_counter()
            moves = list(game.legal_moves())
            took = 1000 * (time.perf_counter() - started)
            if took > figures["slowest_ms"]:
                figures["slowest_ms"] = took
                figures["slowest"] = (rules, game_seed, moves_made)
                figures["slowest_position"] = game.to_json()
            figures["decisions"] += 1
            if not moves:
                found.append(
                    f"{family}: seed {game_seed}, rules {rules!r}, after {moves_made} moves"
                )
                break
            move = rng.choice(moves)
            if figures["decisions"] % 10 == 0:
                refusal = game.explain(move)
                if refusal is not None:
                    figures["disagreements"] += 1
                    disagreements.append(
                        f"{family}: seed {game_seed}, rules {rules!r}, after {moves_made} "
                        f"moves, {move} offered but refused: {refusal}"
                    )
                    break
            game = game.apply(move)
            moves_made += 1
    return figures, found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=100_000, help="per family")
    parser.add_argument("--family", nargs="*", default=list(canasta.rule_set_names()))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--slowest",
        action="store_true",
        help="print what the slowest call was: the rule set, the deal's seed, the moves made "
        "and the position as JSON (canasta.Game.from_json reads it)",
    )
    args = parser.parse_args(argv)
    dead_ends: list[str] = []
    disagreements: list[str] = []
    for family in args.family:
        started = time.perf_counter()
        figures, found = campaign(family, args.decisions, args.seed, disagreements)
        dead_ends += found
        print(
            f"{family}: {figures['decisions']:,} decisions, {figures['rule_sets']:,} rule sets, "
            f"{figures['deals']:,} deals, {len(found)} dead ends, "
            f"{figures['disagreements']} generated moves refused, slowest legal_moves "
            f"{figures['slowest_ms']:.1f} ms, {time.perf_counter() - started:.0f} s",
            flush=True,
        )
        if args.slowest:
            print(f"  slowest: {figures.get('slowest')!r}")
            print(f"  slowest position: {figures.get('slowest_position')}")
    for line in dead_ends[:10]:
        print("dead end:", line)
    for line in disagreements[:10]:
        print("disagreement:", line)
    return 1 if dead_ends or disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
