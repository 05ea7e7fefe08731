"""ISMCTSBot against GreedyBot: wins, losses and draws, and the time per move.

    python benchmarks/ismcts.py --players 4 --target 5000 --iterations 40 --max-moves 4 \
        --horizon 2 --games 200 --workers 1 --minutes 120

(the defaults, spelled out) gave 136 wins, 64 losses and no draws (68%, 95% interval 61% to
74%), 42 ms a move on average (p95 110 ms), in 36 minutes on one core.

Game ``i`` uses the seed ``canasta simulate`` gives it (:func:`canasta.simulate.game_seed`);
ISMCTS plays side ``i % 2`` and GreedyBot the other side(s), so both seatings are played
equally. Limited by iterations, the search is deterministic, so the games and their outcome
repeat exactly; only the times vary with the machine. Games are shared by ``--workers``
processes; no game starts after ``--minutes``. The win rate comes with a 95% Wilson interval
(draws count as half a win); the time per move is that of every ISMCTS move, and of the
searched ones (where more than one move was legal).

    python benchmarks/ismcts.py --fit 2:1200,4:900

fits the weights of the search's estimate of a deal in play
(``canasta.bots._estimate._WEIGHTS``) instead: greedy bots play that many Classic matches for
2 and 4 players, and every fourth position of a deal is paired with how the deal ended. It
needs NumPy.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import time
from typing import Any

import canasta
from canasta.bots import Bot, GreedyBot, ISMCTSBot, RandomBot
from canasta.simulate import game_seed


def play(task: tuple[int, argparse.Namespace, float]) -> dict[str, Any] | None:
    index, args, deadline = task
    if time.time() >= deadline:
        return None
    rules = canasta.find_rules(args.rules, players=args.players).with_options(
        target_score=args.target
    )
    seed = game_seed(args.seed, index)
    side = index % 2
    search = ISMCTSBot(
        iterations=args.iterations,
        max_moves=args.max_moves,
        horizon=args.horizon,
        rollout_steps=args.rollout_steps,
        scale=args.scale,
        rollout_bot=RandomBot() if args.random_rollouts else GreedyBot(),
    )
    greedy = GreedyBot()
    game = canasta.Game.new(rules, seed=seed)
    rng = random.Random(f"{seed}/bots")
    times: list[float] = []
    searched: list[float] = []
    while not game.is_over and len(game.results) < args.max_deals:
        player = game.to_move
        if player is None:  # the end of a deal
            game = game.apply(canasta.NextDeal())
            continue
        bot: Bot = search if game.side_of_player(player) == side else greedy
        view = game.view(player)
        started = time.perf_counter()
        move = bot.choose(view, rng)
        if bot is search:
            spent = time.perf_counter() - started
            times.append(spent)
            if len(list(view.legal_moves())) > 1:
                searched.append(spent)
        game = game.apply(move)
    return {
        "index": index,
        "side": side,
        "winner": game.winner,
        "finished": game.is_over,
        "scores": game.scores,
        "deals": len(game.results),
        "times": times,
        "searched": searched,
    }


def fit(spec: str) -> None:
    """Fit the estimate's weights by ridge regression and print them as Python."""
    import numpy as np

    from canasta.bots._estimate import _PILE_WEIGHTS, _WEIGHTS, _estimate_features

    rows: list[list[float]] = []
    targets: list[float] = []
    for part in spec.split(","):
        players, matches = (int(text) for text in part.split(":"))
        rules = canasta.find_rules("classic", players=players)
        base = 10_000 + 5_000 * players
        for index in range(matches):
            game = canasta.Game.new(rules, seed=base + index)
            rng = random.Random(base + index)
            bot = GreedyBot()
            positions: list[list[float]] = []
            step = 0
            while not game.is_over and len(game.results) < 12:
                deal = game.deal
                if step % 4 == 0:
                    ours, theirs = _estimate_features(deal, 0), _estimate_features(deal, 1)
                    positions.append([a - b for a, b in zip(ours, theirs, strict=True)])
                player = game.to_move
                if player is None:  # the end of a deal, counted below
                    game = game.apply(canasta.NextDeal())
                    continue
                game = game.apply(bot.choose(game.view(player), rng))
                step += 1
                if len(game.results) > deal.number:  # the deal is over: how it ended
                    totals = game.results[deal.number].totals
                    rows += positions
                    targets += [totals[0] - totals[1]] * len(positions)
                    positions = []
    x, y = np.array(rows), np.array(targets)
    weights = np.linalg.solve(x.T @ x + 10.0 * np.eye(x.shape[1]), x.T @ y)
    explained = 1 - np.var(y - x @ weights) / np.var(y)
    print(f"positions {len(y)}, variance explained {explained:.3f}")
    print("_WEIGHTS = (")
    for row in range(len(_WEIGHTS)):
        print(f"    ({weights[2 * row]:.4g}, {weights[2 * row + 1]:.4g}),")
    print(")\n_PILE_WEIGHTS = (")
    for value in weights[2 * len(_WEIGHTS) : 2 * len(_WEIGHTS) + len(_PILE_WEIGHTS)]:
        print(f"    {value:.4g},")
    print(")")


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--target", type=int, default=5000, help="the match's target score")
    parser.add_argument("--iterations", type=int, default=40)
    parser.add_argument("--max-moves", type=int, default=4)
    parser.add_argument("--horizon", type=int, default=2)
    parser.add_argument("--rollout-steps", type=int, default=100)
    parser.add_argument("--scale", type=float, default=300.0)
    parser.add_argument("--random-rollouts", action="store_true")
    parser.add_argument("--games", type=int, default=200, help="at most this many games")
    parser.add_argument("--minutes", type=float, default=120.0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-deals", type=int, default=30)
    parser.add_argument(
        "--fit", metavar="PLAYERS:MATCHES,...", help="fit the estimate's weights instead"
    )
    args = parser.parse_args()
    if args.fit:
        fit(args.fit)
        return
    started = time.time()
    deadline = started + 60 * args.minutes
    tasks = [(index, args, deadline) for index in range(args.games)]
    results: list[dict[str, Any]] = []
    with multiprocessing.Pool(args.workers) as pool:
        for outcome in pool.imap_unordered(play, tasks):
            if outcome is None:
                continue
            results.append(outcome)
            wins = sum(1 for r in results if r["winner"] == r["side"])
            print(
                f"game {outcome['index']}: ismcts side {outcome['side']}, winner "
                f"{outcome['winner']}, scores {outcome['scores']}, deals {outcome['deals']}; "
                f"ismcts {wins}/{len(results)}",
                flush=True,
            )
    games = len(results)
    wins = sum(1 for r in results if r["winner"] == r["side"])
    draws = sum(1 for r in results if r["winner"] is None)
    losses = games - wins - draws
    rate = (wins + draws / 2) / max(1, games)
    low, high = wilson(wins + draws / 2, games)
    by_side = {
        side: (
            sum(1 for r in results if r["side"] == side and r["winner"] == side),
            sum(1 for r in results if r["side"] == side),
        )
        for side in (0, 1)
    }
    print(f"games {games}, unfinished {sum(1 for r in results if not r['finished'])}")
    print(
        f"ismcts wins {wins}, losses {losses}, draws {draws}: win rate {rate:.3f} "
        f"(95% interval {low:.3f} to {high:.3f})"
    )
    print(f"by ismcts side (wins, games): {by_side}")
    print(f"deals {sum(r['deals'] for r in results)}, wall time {time.time() - started:.0f} s")
    times = [t for r in results for t in r["times"]]
    searched = [t for r in results for t in r["searched"]]
    if times:
        print(
            f"ismcts moves {len(times)}: mean {statistics.fmean(times) * 1000:.1f} ms, "
            f"p95 {p95(times) * 1000:.1f} ms, max {max(times) * 1000:.0f} ms"
        )
    if searched:
        print(
            f"searched (more than one legal move) {len(searched)}: mean "
            f"{statistics.fmean(searched) * 1000:.1f} ms, p95 {p95(searched) * 1000:.1f} ms"
        )


if __name__ == "__main__":
    main()
