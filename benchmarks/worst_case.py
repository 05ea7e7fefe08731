"""The slowest calls a server makes on every turn, over random option sets: the worst case.

Plays seeded random games (the first deal of each) under rule sets drawn from every
field's validated range (``tests/fuzz/options.py``: a preset of each family and player
count, with house rules), and times, at every decision, ``legal_moves()``, ``explain()`` of
a few moves (the one played, a discard, a meld of random cards from the hand) and
``legal_actions()`` (where the rule set has action ids). It reports the calls over a
threshold, slowest first, with what reproduces each (the rule set's changes, the game's
seed, the decision), and ``--out`` writes those positions as JSON lines
(``{"call": ..., "ms": ..., "game": <game.to_json()>}``).

    python benchmarks/worst_case.py --seconds 60
    python benchmarks/worst_case.py --seconds 600 --family samba --over 50 --out slow.jsonl

Times are CPU time of this process (``time.process_time``), which a busy machine disturbs
less than the wall clock. The engine keeps caches between calls; ``--cold`` clears them
before every timed call (``canasta.clear_caches()``), the case of a server that has just
loaded a document.

A call's time leaves out the garbage collections made during it, which are reported apart
(how many, the slowest): Python collects when enough objects have been made, whichever call
makes them, and a full collection walks every object of the process, the program's own as
much as the engine's, so its pause belongs to the process, not to the position (a call of
4 ms once took 200 ms with a full collection in it). ``--with-collections`` counts them in.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from fuzz.options import random_rules

import canasta
from canasta.actions import ActionError, legal_actions, num_actions


def _changes(rules: canasta.RuleSet) -> dict[str, Any]:
    """The fields of ``rules`` that differ from its preset: what reproduces it."""
    preset = canasta.find_rules(rules.name, players=rules.num_players)
    return {
        field.alias or field.name: getattr(rules, field.name)
        for field in attrs.fields(canasta.RuleSet)
        if getattr(rules, field.name) != getattr(preset, field.name)
    }


def _probes(game: canasta.Game, moves: list[canasta.Move], rng: random.Random) -> list[Any]:
    """Moves to explain: one legal move, a discard of a held card, a meld of random cards."""
    hand = list(game.hand(game.turn_player))
    probes: list[Any] = [rng.choice(moves)]
    if hand:
        probes.append(canasta.Discard(rng.choice(hand)))
        probes.append(canasta.LayMeld(canasta.Cards.of(rng.sample(hand, min(len(hand), 4)))))
    return probes


class _Collections:
    """The garbage collections of the process while it is installed: how many, the CPU time
    they took in all (``spent``, seconds) and the slowest (``slowest``, seconds)."""

    def __init__(self) -> None:
        self.count = 0
        self.spent = 0.0
        self.slowest = 0.0
        self._start = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._start = time.process_time()
            return
        pause = time.process_time() - self._start
        self.count += 1
        self.spent += pause
        self.slowest = max(self.slowest, pause)


def worst_case(
    seconds: float,
    over_ms: float,
    seed: int,
    families: list[str],
    cold: bool,
    with_collections: bool = False,
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Random play for ``seconds`` of CPU time: the figures, and the calls over ``over_ms``
    (the garbage collections made during a call left out of its time unless
    ``with_collections``)."""
    rng = random.Random(seed)
    clock = time.process_time
    end = clock() + seconds
    figures: dict[str, Any] = {"rule_sets": 0, "decisions": 0, "calls": 0, "dead_ends": 0}
    figures["id_defects"] = []  # legal moves without an id of their own: (error, where)
    slowest: dict[str, float] = {}
    slow: list[dict[str, Any]] = []
    collections = _Collections()
    gc.callbacks.append(collections)

    def timed(
        call: str, game: canasta.Game, where: dict[str, Any], run: Callable[[canasta.Game], Any]
    ) -> Any:
        if cold:
            canasta.clear_caches()
        collected = collections.spent
        start = clock()
        result = run(game)
        took = 1000 * (clock() - start)
        if not with_collections:
            took -= 1000 * (collections.spent - collected)
        figures["calls"] += 1
        slowest[call] = max(slowest.get(call, 0.0), took)
        if took > over_ms:
            slow.append({"call": call, "ms": round(took, 1), **where, "game": game.to_json()})
        return result

    while clock() < end:
        rules = random_rules(rng, family=rng.choice(families), changes=6)
        figures["rule_sets"] += 1
        try:
            has_ids = num_actions(rules) > 0
        except ActionError:  # house rules beyond the table of ids (four wild cards a meld ...)
            has_ids = False
        game_seed = rng.randrange(2**32)
        game = canasta.Game.new(rules, seed=game_seed)
        number, decision = game.deal_number, 0
        while not game.is_over and game.deal_number == number and clock() < end:
            where = {
                "rules": rules.name,
                "players": rules.num_players,
                "changes": repr(_changes(rules)),
                "seed": game_seed,
                "decision": decision,
            }
            moves = timed("legal_moves", game, where, lambda game: list(game.legal_moves()))
            figures["decisions"] += 1
            if not moves:
                figures["dead_ends"] += 1
                break
            for probe in _probes(game, moves, rng):
                timed("explain", game, where, lambda game, probe=probe: game.explain(probe))
            if has_ids:
                try:
                    timed("legal_actions", game, where, legal_actions)
                except ActionError as error:  # a defect of the table or the generator
                    figures["id_defects"].append((str(error), where))
            game = game.apply(rng.choice(moves))
            decision += 1
    gc.callbacks.remove(collections)
    figures["slowest_ms"] = {call: round(ms, 1) for call, ms in sorted(slowest.items())}
    figures["collections"] = collections.count
    figures["slowest_collection_ms"] = round(1000 * collections.slowest, 1)
    slow.sort(key=lambda item: -item["ms"])
    return figures, slow


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="of CPU time in all")
    parser.add_argument("--over", type=float, default=100.0, help="milliseconds: a slow call")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--family", nargs="+", default=list(canasta.rule_set_names()))
    parser.add_argument("--cold", action="store_true", help="clear the caches before each call")
    parser.add_argument(
        "--with-collections",
        action="store_true",
        help="count the garbage collections made during a call in its time",
    )
    parser.add_argument("--show", type=int, default=10, help="slow calls to print")
    parser.add_argument("--out", help="write the slow positions here, as JSON lines")
    args = parser.parse_args(argv)
    figures, slow = worst_case(
        args.seconds, args.over, args.seed, args.family, args.cold, args.with_collections
    )
    print(
        f"{figures['rule_sets']:,} rule sets, {figures['decisions']:,} decisions, "
        f"{figures['calls']:,} calls, {figures['dead_ends']} dead ends, "
        f"{len(figures['id_defects'])} legal moves without ids; slowest (ms): "
        + ", ".join(f"{call} {ms}" for call, ms in figures["slowest_ms"].items())
    )
    print(
        f"{figures['collections']:,} garbage collections, the slowest "
        f"{figures['slowest_collection_ms']} ms"
        + ("" if args.with_collections else " (left out of the calls' times)")
    )
    print(f"{len(slow)} calls over {args.over:g} ms")
    for error, where in figures["id_defects"][: args.show]:
        print(f"  legal_actions refused: {error} ({where})")
    for item in slow[: args.show]:
        print(
            f"  {item['ms']:8.1f} ms {item['call']}: {item['rules']} {item['players']}p "
            f"seed {item['seed']} decision {item['decision']} {item['changes']}"
        )
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            for item in slow:
                out.write(json.dumps(item) + "\n")
    return 1 if figures["dead_ends"] or figures["id_defects"] else 0


if __name__ == "__main__":
    sys.exit(main())
