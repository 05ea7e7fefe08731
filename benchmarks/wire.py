"""What a game server pays for the wire: the size of game and view documents, and the time to
write and read them, beside the standard library's ``json`` on the same text.

    python benchmarks/wire.py
    python benchmarks/wire.py --rules classic hollywood --rounds 9 --json

For each rule set (four players) it plays a match with the greedy bot and takes two
positions: the middle of the first deal, and the middle of deal 5 (after five finished deals).
For each it measures the game's document, the view of the player to act, and that view with
the player's legal moves as a server sends it (``to_json(legal_moves=True)``, whose time
includes finding the moves): the size in bytes, and the time of ``to_json`` and
``from_json`` beside ``json.dumps`` and ``json.loads`` of the same document. The
measurements are interleaved (ours, the standard library's, ours ...) in several rounds, and
the medians are printed, so that a busy moment of the machine hits both.
The matches are played to a target no match reaches (an option of the rule set, written in
the documents), so that deal 5 is always reached.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import canasta
from canasta.bots import GreedyBot

#: The deal whose middle is the second position measured.
LATER_DEAL = 5
#: The documents measured: the game, the view of the player to act, and that view with the
#: player's legal moves (whose time includes finding them).
KINDS = ("game", "view", "view+moves")


def positions(name: str, seed: int) -> dict[str, canasta.Game]:
    """The middle of the first deal and the middle of deal 5 of a match of ``name``."""
    rules = canasta.find_rules(name, players=4).with_options(target_score=10**7)
    bot, rng = GreedyBot(), random.Random(seed)
    game = canasta.Game.new(rules, seed=seed)
    found: dict[str, canasta.Game] = {}
    deal: list[canasta.Game] = []
    while len(found) < 2:
        deal.append(game)
        player = game.to_move
        if player is None:  # the end of a deal
            after = game.apply(canasta.NextDeal())
        else:
            after = game.apply(bot.choose(game.view(player), rng))
        if after.deal_number != game.deal_number:
            middle = deal[len(deal) // 2]
            if game.deal_number == 0:
                found["mid-deal"] = middle
            elif game.deal_number == LATER_DEAL:
                found[f"deal {LATER_DEAL}"] = middle
            deal = []
        game = after
    return found


def _per_call(function: Callable[[], object], seconds: float) -> float:
    """Seconds per call of ``function``, timed over about ``seconds``."""
    calls, clock = 0, time.perf_counter
    start = clock()
    while True:
        function()
        calls += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return elapsed / calls


def measure(game: canasta.Game, rounds: int, seconds: float) -> dict[str, dict[str, float | int]]:
    """Sizes and median times of the game's document and of its player's view."""
    player = game.to_move if game.to_move is not None else 0
    view = game.view(player)
    writers: dict[str, Callable[[], str]] = {
        "game": game.to_json,
        "view": view.to_json,
        "view+moves": lambda: view.to_json(legal_moves=True),
    }
    readers: dict[str, Callable[[str], object]] = {
        "game": canasta.Game.from_json,
        "view": canasta.PlayerView.from_json,
        "view+moves": canasta.PlayerView.from_json,
    }
    texts = {kind: write() for kind, write in writers.items()}
    parsed = {kind: json.loads(text) for kind, text in texts.items()}
    jobs: dict[str, Callable[[], object]] = {}
    for kind in KINDS:
        text, data, read = texts[kind], parsed[kind], readers[kind]
        jobs[f"{kind} to_json"] = writers[kind]
        jobs[f"{kind} json.dumps"] = lambda data=data: json.dumps(data, separators=(",", ":"))
        jobs[f"{kind} from_json"] = lambda read=read, text=text: read(text)
        jobs[f"{kind} json.loads"] = lambda text=text: json.loads(text)
    for job in jobs.values():  # warm up: what the library remembers is made once
        job()
    times: dict[str, list[float]] = {name: [] for name in jobs}
    for _ in range(rounds):
        for name, job in jobs.items():
            times[name].append(_per_call(job, seconds))
    result: dict[str, dict[str, float | int]] = {}
    for kind in KINDS:
        row: dict[str, float | int] = {"bytes": len(texts[kind].encode())}
        for name in ("to_json", "json.dumps", "from_json", "json.loads"):
            row[f"{name}_ms"] = statistics.median(times[f"{kind} {name}"]) * 1000
        row["dump_ratio"] = row["to_json_ms"] / row["json.dumps_ms"]
        row["load_ratio"] = row["from_json_ms"] / row["json.loads_ms"]
        result[kind] = row
    return result


def _line(kind: str, row: dict[str, float | int]) -> str:
    return (
        f"    {kind:<10} {row['bytes']:>6,} bytes"
        f"   to_json {row['to_json_ms']:6.3f} ms (json.dumps {row['json.dumps_ms']:.3f},"
        f" {row['dump_ratio']:4.1f}x)"
        f"   from_json {row['from_json_ms']:6.3f} ms (json.loads {row['json.loads_ms']:.3f},"
        f" {row['load_ratio']:4.1f}x)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", nargs="+", default=list(canasta.rule_set_names()))
    parser.add_argument("--rounds", type=int, default=7, help="rounds to interleave (7)")
    parser.add_argument(
        "--seconds", type=float, default=0.05, help="time of one measurement in a round"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {"figures": {}}
    for name in args.rules:
        print(f"{name}: playing a match ...", file=sys.stderr)
        for where, game in positions(name, args.seed).items():
            figures = measure(game, args.rounds, args.seconds)
            figures["position"] = {"deal": game.deal_number, "moves": len(game.deal.history)}
            report["figures"][f"{name}, {where}"] = figures
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    report["machine"] = {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "cpus": os.cpu_count(),
        "load_average": list(load),
        "canasta": canasta.__version__,
        "rounds": args.rounds,
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    for title, figures in report["figures"].items():
        position = figures["position"]
        print(f"{title} (deal {position['deal']}, {position['moves']} moves in):")
        for kind in KINDS:
            print(_line(kind, figures[kind]))
    machine = report["machine"]
    print(
        f"python {machine['python']} ({machine['implementation']}, {machine['cpus']} cpus), "
        f"canasta {machine['canasta']} (pure Python), medians of {args.rounds} rounds, "
        f"load average {' '.join(f'{x:.2f}' for x in load)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
