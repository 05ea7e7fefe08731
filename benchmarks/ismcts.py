"""ISMCTSBot against GreedyBot: win rate and time per move, in a fixed wall-clock budget.

    python benchmarks/ismcts.py --players 4 --target 1000 --iterations 50 --minutes 15

Game ``i`` uses the seed ``canasta simulate`` gives it (:func:`canasta.simulate.game_seed`);
ISMCTS plays side ``i % 2`` and GreedyBot the other side(s), so both seatings are played
equally. Games are shared by ``--workers`` processes; no game starts after ``--minutes``.
"""

from __future__ import annotations

import argparse
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
        rollout_steps=args.rollout_steps,
        rollout_bot=RandomBot() if args.random_rollouts else GreedyBot(),
    )
    greedy = GreedyBot()
    game = canasta.Game.new(rules, seed=seed)
    rng = random.Random(f"{seed}/bots")
    times: list[float] = []
    while not game.is_over and len(game.results) < args.max_deals:
        player = game.to_move
        assert player is not None
        bot: Bot = search if game.side_of(player) == side else greedy
        view = game.view(player)
        started = time.perf_counter()
        move = bot.choose(view, rng)
        if bot is search:
            times.append(time.perf_counter() - started)
        game = game.apply(move)
    return {
        "index": index,
        "side": side,
        "winner": game.winner,
        "finished": game.is_over,
        "scores": game.scores,
        "deals": len(game.results),
        "times": times,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--target", type=int, default=1000)
    parser.add_argument("--iterations", type=int, default=50)
    parser.add_argument("--rollout-steps", type=int, default=20)
    parser.add_argument("--random-rollouts", action="store_true")
    parser.add_argument("--games", type=int, default=1000, help="at most this many games")
    parser.add_argument("--minutes", type=float, default=15.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-deals", type=int, default=30)
    args = parser.parse_args()
    deadline = time.time() + 60 * args.minutes
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
                f"{outcome['winner']}, scores {outcome['scores']}; "
                f"ismcts {wins}/{len(results)}",
                flush=True,
            )
    times = [t for r in results for t in r["times"]]
    searched = [t for t in times if t > 0.0005]
    wins = sum(1 for r in results if r["winner"] == r["side"])
    by_side = {
        side: (
            sum(1 for r in results if r["side"] == side and r["winner"] == side),
            sum(1 for r in results if r["side"] == side),
        )
        for side in (0, 1)
    }
    print(f"games {len(results)}, unfinished {sum(1 for r in results if not r['finished'])}")
    print(f"ismcts wins {wins}/{len(results)} = {wins / max(1, len(results)):.3f}")
    print(f"by ismcts side (wins, games): {by_side}")
    if times:
        print(
            f"ismcts moves {len(times)}, mean {statistics.fmean(times) * 1000:.1f} ms; "
            f"searched (more than one legal move) {len(searched)}, mean "
            f"{statistics.fmean(searched or [0]) * 1000:.1f} ms, max {max(times) * 1000:.0f} ms"
        )


if __name__ == "__main__":
    main()
