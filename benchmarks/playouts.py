"""Random playouts: how fast the engine generates and applies moves, next to a peer engine.

    python benchmarks/playouts.py --rules classic --players 4 --seconds 20
    python benchmarks/playouts.py --players 2 3 4 5 6 --seconds 20 --json

Plays uniformly random legal moves from seeded deals and reports, per rule set and player
count, decisions per second (one ``legal_moves()`` call, one uniform choice, one ``apply``),
complete deals per second, the mean and largest number of legal moves per decision, the time
spent in ``legal_moves`` and ``apply``, the size of a mid-deal game in memory and as JSON,
the memory one ``apply`` adds, and peak memory. In the same run, when ``rlcard`` is installed
(``pip install 'canasta[bench]'``), it measures RLCard's gin-rummy the same way (its
environment with observation encoding, and its bare game engine) and prints the ratios of
our decisions per second to the peer's steps per second. The measurements alternate in
short slices (ours, peer, ours, peer, ...) so machine noise hits both. See
``benchmarks/README.md`` for what each figure means.
"""

from __future__ import annotations

import argparse
import enum
import gc
import json
import os
import platform
import random
import sys
import time
import tracemalloc
import types
from collections.abc import Callable, Iterable
from typing import Any

import canasta

Figures = dict[str, Any]

PEER_NAMES = ("rlcard gin-rummy env", "rlcard gin-rummy game")
PEER_KEYS = {"rlcard gin-rummy env": "rlcard_env", "rlcard gin-rummy game": "rlcard_game"}
INSTALL_HINT = "pip install 'canasta[bench]' (or pip install rlcard)"


# --- deep sizes ------------------------------------------------------------------------------

_ATOMIC: tuple[type, ...] = (
    type,
    types.ModuleType,
    types.FunctionType,
    types.BuiltinFunctionType,
    types.MethodType,
    enum.Enum,
)


def _children(obj: object) -> Iterable[object]:
    """The objects ``obj`` refers to: container items, attribute and slot values."""
    if isinstance(obj, (tuple, list, set, frozenset)):
        return obj
    if isinstance(obj, dict):
        return [*obj.keys(), *obj.values()]
    if isinstance(obj, (str, bytes, int, float, complex, bool)) or obj is None:
        return ()
    found: list[object] = []
    instance_dict = getattr(obj, "__dict__", None)
    if isinstance(instance_dict, dict):
        found.append(instance_dict)
    for cls in type(obj).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            descriptor = cls.__dict__.get(name)
            if name in ("__dict__", "__weakref__") or descriptor is None:
                continue
            try:  # the slot's own descriptor: never triggers a computed (cached) attribute
                found.append(descriptor.__get__(obj, cls))
            except AttributeError:
                continue
    return found


def shared_objects(rules: canasta.RuleSet) -> set[int]:
    """Ids of objects every game of ``rules`` shares: the rule set, the card faces, the empty
    tuple and frozenset, and the small ints CPython caches. The roots all live as long as the
    process (or ``rules``), so their ids stay theirs."""
    shared: set[int] = set()
    roots: list[object] = [rules, canasta.ALL_FACES, canasta.Cards().counts, (), frozenset()]
    roots += [None, True, False, *range(-5, 257)]
    for root in roots:
        shared |= reachable(root, shared)
    return shared


def reachable(root: object, exclude: set[int]) -> set[int]:
    """Ids of the objects reachable from ``root``, each once, leaving out ``exclude`` and
    classes, modules, functions and enum members (shared by every game)."""
    return set(deep_size(root, exclude)[1])


def deep_size(root: object, exclude: set[int]) -> tuple[int, dict[int, int]]:
    """The bytes (``sys.getsizeof``) of every object reachable from ``root`` and not shared,
    and each such object's size by id."""
    sizes: dict[int, int] = {}
    stack = [root]
    while stack:
        obj = stack.pop()
        key = id(obj)
        if key in sizes or key in exclude or isinstance(obj, _ATOMIC):
            continue
        sizes[key] = sys.getsizeof(obj)
        stack.extend(_children(obj))
    return sum(sizes.values()), sizes


# --- timing runners ----------------------------------------------------------------------------


class Runner:
    """Plays random decisions in slices, keeping its position between slices."""

    name = ""
    players = 0

    def __init__(self) -> None:
        self.reset_counts()

    def reset_counts(self) -> None:
        """Forget what was measured (after a warm-up), keeping the position."""
        self.decisions = 0
        self.deals = 0
        self.total_moves = 0
        self.largest = 0
        self.generating = 0.0
        self.applying = 0.0
        self.elapsed = 0.0
        self.dead_ends = 0
        self.slices: list[float] = []

    def run(self, seconds: float) -> None:
        """Play for about ``seconds``, adding to the counts."""
        before = self.decisions
        started = time.perf_counter()
        self._play_until(started + seconds)
        spent = time.perf_counter() - started
        self.elapsed += spent
        self.slices.append((self.decisions - before) / spent if spent else 0.0)

    def _play_until(self, deadline: float) -> None:
        raise NotImplementedError

    def figures(self) -> Figures:
        raise NotImplementedError

    def rate(self) -> float:
        return self.decisions / self.elapsed if self.elapsed else 0.0

    def timing_figures(self, unit: str) -> Figures:
        return {
            f"{unit}s_per_second": self.rate(),
            "deals_per_second": self.deals / self.elapsed if self.elapsed else 0.0,
        }


class Ours(Runner):
    """Random legal moves in this engine: new seeded deals, each played to its end."""

    def __init__(self, rules_name: str, players: int, seed: int) -> None:
        super().__init__()
        self.rules = canasta.find_rules(rules_name, players=players)
        self.name = rules_name
        self.players = players
        self.seed = seed
        self.rng = random.Random(f"{seed}/{rules_name}/{players}")
        self.game_number = 0
        self.game = self._new_game()

    def _new_game(self) -> canasta.Game:
        game = canasta.Game.new(self.rules, seed=f"{self.seed}/{self.game_number}")
        self.game_number += 1
        return game

    def _play_until(self, deadline: float) -> None:
        clock = time.perf_counter
        choose = self.rng.choice
        game = self.game
        decisions = total_moves = 0
        largest = self.largest
        generating = applying = 0.0
        t0 = clock()
        while t0 < deadline:
            if game.results:  # the deal is over: deal a new game
                self.deals += 1
                game = self._new_game()
                t0 = clock()
            moves = list(game.legal_moves())
            t1 = clock()
            if not moves:  # a position with no legal move: a bug, counted and skipped
                self.dead_ends += 1
                game = self._new_game()
                t0 = clock()
                continue
            game = game.apply(choose(moves))
            t2 = clock()
            generating += t1 - t0
            applying += t2 - t1
            decisions += 1
            total_moves += len(moves)
            if len(moves) > largest:
                largest = len(moves)
            t0 = t2
        self.game = game
        self.decisions += decisions
        self.total_moves += total_moves
        self.largest = largest
        self.generating += generating
        self.applying += applying

    def figures(self) -> Figures:
        decisions = max(self.decisions, 1)
        return {
            **self.timing_figures("decision"),
            "mean_legal_moves": self.total_moves / decisions,
            "largest_legal_moves": self.largest,
            "microseconds_per_legal_moves": 1e6 * self.generating / decisions,
            "microseconds_per_apply": 1e6 * self.applying / decisions,
            "decisions": self.decisions,
            "deals": self.deals,
            "dead_ends": self.dead_ends,
        }


class RLCardEnv(Runner):
    """RLCard gin-rummy's environment: a uniformly random legal action from each state,
    ``env.step`` (which encodes the next observation and its legal actions)."""

    name = PEER_NAMES[0]
    players = 2

    def __init__(self, rlcard: Any, seed: int) -> None:
        super().__init__()
        self.env = rlcard.make("gin-rummy", config={"seed": seed})
        self.rng = random.Random(f"{seed}/{self.name}")
        self.state = self.env.reset()[0]

    def _play_until(self, deadline: float) -> None:
        clock = time.perf_counter
        env, choose = self.env, self.rng.choice
        state = self.state
        t0 = clock()
        while t0 < deadline:
            if env.is_over():
                self.deals += 1
                state = env.reset()[0]
                t0 = clock()
            actions = list(state["legal_actions"])
            state = env.step(choose(actions))[0]
            t2 = clock()
            self.applying += t2 - t0
            self.decisions += 1
            self.total_moves += len(actions)
            self.largest = max(self.largest, len(actions))
            t0 = t2
        self.state = state

    def figures(self) -> Figures:
        decisions = max(self.decisions, 1)
        return {
            **self.timing_figures("step"),
            "mean_legal_actions": self.total_moves / decisions,
            "largest_legal_actions": self.largest,
            "microseconds_per_step": 1e6 * self.applying / decisions,
            "steps": self.decisions,
            "deals": self.deals,
        }


class RLCardGame(Runner):
    """RLCard gin-rummy's bare game engine: ``game.step`` with a random legal action from the
    judge, without observation encoding."""

    name = PEER_NAMES[1]
    players = 2

    def __init__(self, rlcard: Any, seed: int) -> None:
        super().__init__()
        self.game = rlcard.make("gin-rummy", config={"seed": seed}).game
        self.rng = random.Random(f"{seed}/{self.name}")
        self.legal_actions = _legal_action_source(self.game)
        self.game.init_game()

    def _play_until(self, deadline: float) -> None:
        clock = time.perf_counter
        game, legal_actions, choose = self.game, self.legal_actions, self.rng.choice
        t0 = clock()
        while t0 < deadline:
            if game.is_over():
                self.deals += 1
                game.init_game()
                t0 = clock()
            actions = list(legal_actions())
            t1 = clock()
            game.step(choose(actions))
            t2 = clock()
            self.generating += t1 - t0
            self.applying += t2 - t1
            self.decisions += 1
            self.total_moves += len(actions)
            self.largest = max(self.largest, len(actions))
            t0 = t2

    def figures(self) -> Figures:
        decisions = max(self.decisions, 1)
        return {
            **self.timing_figures("step"),
            "mean_legal_actions": self.total_moves / decisions,
            "largest_legal_actions": self.largest,
            "microseconds_per_legal_actions": 1e6 * self.generating / decisions,
            "microseconds_per_step": 1e6 * self.applying / decisions,
            "steps": self.decisions,
            "deals": self.deals,
        }


def _legal_action_source(game: Any) -> Callable[[], Iterable[Any]]:
    """The game's own list of legal actions, whichever way the installed RLCard offers it."""
    judge = getattr(game, "judge", None)
    if judge is not None and hasattr(judge, "get_legal_actions"):
        return judge.get_legal_actions  # type: ignore[no-any-return]
    if hasattr(game, "get_legal_actions"):
        return game.get_legal_actions  # type: ignore[no-any-return]
    raise RuntimeError("this RLCard version's gin-rummy game offers no get_legal_actions")


# --- memory ------------------------------------------------------------------------------------


def measure_sizes(rules_name: str, players: int, seed: int, deals: int) -> Figures:
    """Deep size and JSON size of mid-deal games, and the new memory each ``apply`` adds.

    Plays ``deals`` random deals; the mid-deal position is the one halfway through a deal.
    """
    rules = canasta.find_rules(rules_name, players=players)
    shared = shared_objects(rules)
    rng = random.Random(f"{seed}/sizes/{rules_name}/{players}")
    game_sizes: list[int] = []
    json_sizes: list[int] = []
    apply_sizes: list[int] = []
    for number in range(deals):
        game = canasta.Game.new(rules, seed=f"{seed}/sizes/{number}")
        positions = [game]
        old_ids = reachable(game, shared)
        while not game.results:
            moves = list(game.legal_moves())
            if not moves:
                break
            game = game.apply(rng.choice(moves))
            if game.results:  # the deal ended: a whole new deal was dealt, not one change
                break
            positions.append(game)
            sizes = deep_size(game, shared)[1]
            apply_sizes.append(sum(size for key, size in sizes.items() if key not in old_ids))
            old_ids = set(sizes)
        middle = positions[len(positions) // 2]
        game_sizes.append(deep_size(middle, shared)[0])
        json_sizes.append(len(middle.to_json()))
    return {
        "game_bytes_mean": _mean(game_sizes),
        "game_bytes_max": max(game_sizes, default=0),
        "apply_bytes_mean": _mean(apply_sizes),
        "apply_bytes_max": max(apply_sizes, default=0),
        "json_bytes_mean": _mean(json_sizes),
        "json_bytes_max": max(json_sizes, default=0),
    }


def _mean(values: list[int]) -> float:
    return sum(values) / len(values) if values else 0.0


def peak_memory(play_one_deal: Callable[[int], None], deals: int) -> float:
    """KiB: the peak of memory allocated (tracemalloc) while playing ``deals`` deals, after one
    untraced warm-up deal (so caches built once per process are not counted)."""
    play_one_deal(-1)
    gc.collect()
    tracemalloc.start()
    try:
        for number in range(deals):
            play_one_deal(number)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return peak / 1024


def our_deal_player(rules_name: str, players: int, seed: int) -> Callable[[int], None]:
    rules = canasta.find_rules(rules_name, players=players)
    rng = random.Random(f"{seed}/memory/{rules_name}/{players}")

    def play(number: int) -> None:
        game = canasta.Game.new(rules, seed=f"{seed}/memory/{number}")
        while not game.results:
            moves = list(game.legal_moves())
            if not moves:
                return
            game = game.apply(rng.choice(moves))

    return play


def peer_deal_player(rlcard: Any, name: str, seed: int) -> Callable[[int], None]:
    rng = random.Random(f"{seed}/memory/{name}")
    if name == PEER_NAMES[0]:
        env = rlcard.make("gin-rummy", config={"seed": seed})

        def play_env(number: int) -> None:
            state = env.reset()[0]
            while not env.is_over():
                state = env.step(rng.choice(list(state["legal_actions"])))[0]

        return play_env
    game = rlcard.make("gin-rummy", config={"seed": seed}).game
    legal_actions = _legal_action_source(game)

    def play_game(number: int) -> None:
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(list(legal_actions())))

    return play_game


# --- the run -----------------------------------------------------------------------------------


def load_rlcard(wanted: bool | None) -> tuple[Any, str | None]:
    """The rlcard module, or ``None`` and why not."""
    if wanted is False:
        return None, "not requested (--no-peer)"
    try:
        import rlcard  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        return None, f"rlcard is not installed; {INSTALL_HINT}"
    try:
        rlcard.make("gin-rummy", config={"seed": 0}).reset()
    except Exception as error:  # any failure of an optional peer must not stop our figures
        return None, f"rlcard could not run gin-rummy: {type(error).__name__}: {error}"
    return rlcard, None


def default_rounds(seconds: float) -> int:
    """Slices per measurement: about one every two seconds, between 1 and 10."""
    return max(1, min(10, round(seconds / 2)))


def benchmark(args: argparse.Namespace) -> Figures:
    """Run every measurement and return the whole report."""
    rules_names = list(canasta.rule_set_names()) if args.rules == ["all"] else args.rules
    rlcard, peer_error = load_rlcard(args.peer)
    ours = [Ours(name, players, args.seed) for name in rules_names for players in args.players]
    peers: list[Runner] = []
    if rlcard is not None:
        peers = [RLCardEnv(rlcard, args.seed), RLCardGame(rlcard, args.seed)]
    runners = [*ours, *peers]
    rounds = args.rounds or default_rounds(args.seconds)
    for runner in runners:  # warm up: first calls, caches, lazy imports
        runner.run(min(0.2, args.seconds / 10))
        runner.reset_counts()
    for number in range(rounds):
        _progress(f"round {number + 1}/{rounds}")
        for runner in runners:  # ours and the peers alternate, so noise hits all of them
            runner.run(args.seconds / rounds)
    peer_figures: dict[str, Figures] = {}
    for peer in peers:
        _progress(f"memory: {peer.name}")
        peer_figures[peer.name] = {
            **peer.figures(),
            "peak_memory_kib": peak_memory(
                peer_deal_player(rlcard, peer.name, args.seed), args.memory_deals
            ),
            "rates_per_round": peer.slices,
        }
    peer_rates = {peer.name: peer.rate() for peer in peers}
    results: list[Figures] = []
    for runner in ours:
        _progress(f"memory: {runner.name}, {runner.players} players")
        timing = runner.figures()
        figures: Figures = {"rules": runner.name, "players": runner.players}
        for name in ("decisions_per_second", "deals_per_second"):
            figures[name] = timing.pop(name)
        for name in PEER_NAMES:  # the figures that count: these machines are shared and noisy
            rate = peer_rates.get(name)
            figures[f"ratio_to_{PEER_KEYS[name]}"] = runner.rate() / rate if rate else None
        figures.update(timing)
        figures.update(measure_sizes(runner.name, runner.players, args.seed, args.sample_deals))
        figures["peak_memory_kib"] = peak_memory(
            our_deal_player(runner.name, runner.players, args.seed), args.memory_deals
        )
        figures["rates_per_round"] = runner.slices
        results.append(figures)
    return {
        "command": " ".join(["python", "benchmarks/playouts.py", *sys.argv[1:]]),
        "seconds": args.seconds,
        "rounds": rounds,
        "seed": args.seed,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "canasta": canasta.__version__,
        "compiled": canasta.COMPILED,
        "rlcard": getattr(rlcard, "__version__", None),
        "peer_error": peer_error,
        "results": results,
        "peers": [{"name": name, "players": 2, **f} for name, f in peer_figures.items()],
    }


def _progress(text: str) -> None:
    print(f"[playouts] {text}", file=sys.stderr, flush=True)


# --- output ------------------------------------------------------------------------------------

_HIDDEN = {"rules", "players", "name", "rates_per_round"}


def _format(value: Any) -> str:
    if value is None:
        return "n/a"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        return f"{value:,.2f}" if abs(value) < 10 else f"{value:,.1f}"
    return str(value)


def print_report(report: Figures) -> None:
    """One block per rule set and player count, then one per peer: ``name value`` lines."""
    seconds = f"{report['seconds']:g} s"
    blocks = [(f"{r['rules']}, {r['players']} players, {seconds}:", r) for r in report["results"]]
    blocks += [(f"{p['name']}, {p['players']} players, {seconds}:", p) for p in report["peers"]]
    for title, figures in blocks:
        print(title)
        shown = {name: value for name, value in figures.items() if name not in _HIDDEN}
        for name, value in shown.items():
            print(f"  {name:<30} {_format(value):>12}")
    if report["peer_error"]:
        print(f"rlcard gin-rummy: not measured: {report['peer_error']}")
    build = "compiled" if report["compiled"] else "pure Python"
    versions = f"canasta {report['canasta']} ({build})"
    if report["rlcard"]:
        versions += f", rlcard {report['rlcard']}"
    print(
        f"python {report['python']} ({report['implementation']}, {report['machine']}, "
        f"{report['cpus']} cpus), {versions}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=(__doc__ or "").split("\n\n")[0],
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument("--rules", nargs="+", default=["classic"], help="rule set names, or 'all'")
    parser.add_argument("--players", type=int, nargs="+", default=[4])
    parser.add_argument(
        "--seconds", type=float, default=20.0, help="timed seconds per rule set, count and peer"
    )
    parser.add_argument(
        "--rounds", type=int, default=0, help="slices to alternate in (0: one per ~2 s)"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    peer = parser.add_mutually_exclusive_group()
    peer.add_argument(
        "--peer",
        action="store_true",
        default=None,
        help="measure RLCard gin-rummy too; fail if it cannot run (default: when installed)",
    )
    peer.add_argument("--no-peer", dest="peer", action="store_false", help="skip the peers")
    parser.add_argument("--sample-deals", type=int, default=4, help="deals sampled for the sizes")
    parser.add_argument("--memory-deals", type=int, default=2, help="deals traced for peak memory")
    args = parser.parse_args(argv)
    try:
        for name in [] if args.rules == ["all"] else args.rules:
            for players in args.players:
                canasta.find_rules(name, players=players)
    except (canasta.RuleSetError, ValueError, KeyError) as error:
        parser.error(str(error))
    if args.seconds <= 0 or args.rounds < 0 or args.sample_deals < 1 or args.memory_deals < 1:
        parser.error("--seconds, --sample-deals and --memory-deals must be positive")
    report = benchmark(args)
    if report["peer_error"] and args.peer is None:
        _progress(f"rlcard gin-rummy not measured: {report['peer_error']}")
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)
    if args.peer and report["peer_error"]:
        print(f"error: --peer given but {report['peer_error']}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
