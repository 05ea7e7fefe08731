"""Games per second of ``canasta.simulate`` on its backends: processes and Ray, 1 and 2 workers.

    python benchmarks/simulate_backends.py --rules classic --players 2 --bots greedy,random \
        --games 24 --rounds 5

Each round plays ``--games`` games with every backend and worker count, in a rotated order
(so that a busy moment of the machine does not fall on one of them only); the report gives
each one's median games per second over the rounds, and the ratio of Ray to the process
pool for each worker count. Every run plays the same games (the same base seed), so they do
the same work. Ray is started once, before the first round, as a local cluster with
``--ray-cpus`` CPUs and its workers at this process's niceness
(:func:`canasta.simulate.local_ray_options`), then warmed up by one run that is not counted
(its workers start and import canasta on their first task); its start-up is reported apart.
A process pool is started by every run, and that is counted. Needs ``canasta[ray]``;
without Ray the process pool alone is measured. Progress goes to stderr, the report to
stdout (``--json`` for JSON).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from typing import Any

import canasta
from canasta.simulate import local_ray_options, simulate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bots", default="greedy,random")
    parser.add_argument("--games", type=int, default=24, help="games a run (default 24)")
    parser.add_argument("--rounds", type=int, default=5, help="runs of each (default 5)")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--ray-cpus", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rules = canasta.find_rules(args.rules, players=args.players)
    bots = args.bots.split(",")
    backends = ["processes"]
    startup = None
    try:
        import ray
    except ImportError:
        print("ray is not installed: the process pool alone is measured", file=sys.stderr)
    else:
        started = time.perf_counter()
        ray.init(**local_ray_options(args.ray_cpus))
        startup = time.perf_counter() - started
        backends.append("ray")
    runs = [(backend, workers) for backend in backends for workers in args.workers]
    for backend in backends:  # start the workers (Ray's import canasta on their first task)
        simulate(rules, bots, games=max(args.workers), seed=args.seed, backend=backend)  # type: ignore[arg-type]
    rates: dict[tuple[str, int], list[float]] = {run: [] for run in runs}
    for number in range(args.rounds):
        shift = number % len(runs)
        for backend, workers in runs[shift:] + runs[:shift]:
            summary = simulate(
                rules,
                bots,
                games=args.games,
                seed=args.seed,
                workers=workers,
                backend=backend,  # type: ignore[arg-type]
            )
            rates[backend, workers].append(summary.games_per_second)
            print(
                f"round {number + 1}: {backend} x{workers}: "
                f"{summary.games_per_second:.2f} games/s",
                file=sys.stderr,
            )
    report = _report(args, rates, startup)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        _print(report)
    return 0


def _report(
    args: argparse.Namespace, rates: dict[tuple[str, int], list[float]], startup: float | None
) -> dict[str, Any]:
    medians = {run: statistics.median(values) for run, values in rates.items()}
    ratios = {
        workers: medians["ray", workers] / medians["processes", workers]
        for backend, workers in medians
        if backend == "ray"
    }
    return {
        "rules": args.rules,
        "players": args.players,
        "bots": args.bots,
        "games_per_run": args.games,
        "rounds": args.rounds,
        "games_per_second": [
            {
                "backend": backend,
                "workers": workers,
                "median": round(median, 3),
                "rounds": [round(rate, 3) for rate in rates[backend, workers]],
            }
            for (backend, workers), median in medians.items()
        ],
        "ray_over_processes": {str(w): round(r, 3) for w, r in ratios.items()},
        "ray_startup_seconds": None if startup is None else round(startup, 2),
        "cpus": os.cpu_count(),
        "load_average": [round(load, 2) for load in os.getloadavg()],
    }


def _print(report: dict[str, Any]) -> None:
    print(
        f"{report['rules']} for {report['players']} players, {report['bots']}: "
        f"{report['games_per_run']} games a run, {report['rounds']} rounds"
    )
    for row in report["games_per_second"]:
        rounds = ", ".join(f"{rate:.2f}" for rate in row["rounds"])
        print(
            f"  {row['backend']:<9} --workers {row['workers']}: {row['median']:6.2f} games/s "
            f"(median; rounds {rounds})"
        )
    for workers, ratio in report["ray_over_processes"].items():
        print(f"  ray / processes, --workers {workers}: {ratio:.2f}")
    if report["ray_startup_seconds"] is not None:
        print(f"  ray start-up (not counted): {report['ray_startup_seconds']:.1f} s")
    load = ", ".join(f"{value:.2f}" for value in report["load_average"])
    print(f"  {report['cpus']} CPUs, load average {load}")


if __name__ == "__main__":
    sys.exit(main())
