"""``canasta simulate``: many games between bots, with a progress bar and a summary."""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

from rich.padding import Padding
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from canasta.cli._common import (
    add_command,
    bot_list,
    plural,
    positive,
    rule_set_help,
    rules_from,
    whole,
)
from canasta.cli._screen import Screen, console_for
from canasta.simulate import DEFAULT_MAX_DEALS, Summary, simulate


def add_to(commands: Any) -> None:
    sim = add_command(
        commands,
        "simulate",
        "play many games between bots and compare them",
        "Play many games between bots, in parallel, and print the wins, scores and game "
        "lengths per side. Bots are given to the sides in turn from --bots. The same seed "
        "gives the same results whatever the number of workers. A game still running after "
        "--max-deals deals stops and is counted as unfinished.",
        """
        canasta simulate --games 200 --bots greedy,random --seed 1
        canasta simulate --players 2 --games 1000 --workers 4 --json > results.json
        canasta simulate --target 1000 --max-deals 10 --bots random
        """,
    )
    sim.add_argument("--rules", default="classic", help=rule_set_help())
    sim.add_argument("--players", type=whole, default=4, help="2 to 6 players (default: 4)")
    sim.add_argument("--games", type=positive, default=100, help="games (default: 100)")
    sim.add_argument(
        "--bots",
        type=bot_list,
        default=("greedy", "random"),
        metavar="BOT[,BOT...]",
        help="bots for side 0, side 1 ..., cycled (default: greedy,random)",
    )
    sim.add_argument(
        "--workers", type=positive, default=None, help="processes (default: one per CPU)"
    )
    sim.add_argument("--seed", type=whole, default=None, help="base seed (default: random)")
    sim.add_argument("--target", type=positive, default=None, help="play to this score")
    sim.add_argument(
        "--max-deals",
        type=positive,
        default=DEFAULT_MAX_DEALS,
        help=f"stop a game after this many deals (default: {DEFAULT_MAX_DEALS})",
    )
    sim.add_argument("--json", action="store_true", help="print the results as JSON")
    sim.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    rules = rules_from(args.rules, args.players, args.target)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    options = {"games": args.games, "seed": seed, "workers": args.workers}
    if sys.stderr.isatty():  # a progress bar where someone watches
        columns = (
            TextColumn("simulating"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
        )
        with Progress(*columns, console=console_for(sys.stderr, "auto"), transient=True) as bar:
            task = bar.add_task("games", total=args.games)
            summary = simulate(
                rules,
                args.bots,
                **options,
                max_deals=args.max_deals,
                progress=lambda done, total: bar.update(task, completed=done, total=total),
            )
    else:
        summary = simulate(rules, args.bots, **options, max_deals=args.max_deals)
    if args.json:
        print(json.dumps(summary.to_dict(), indent=2))
    else:
        show_summary(Screen(sys.stdout, "never"), summary)
    return 0


def show_summary(screen: Screen, summary: Summary) -> None:
    """The results per side in a table, then the game lengths and the speed."""
    data = summary.to_dict()
    rules = summary.rules
    table = Table(box=None, pad_edge=False, padding=(0, 1), header_style="")
    for heading in ("side", "bot", "players"):
        table.add_column(heading)
    for heading in ("wins", "win rate", "mean score", "sd", "min", "max"):
        table.add_column(heading, justify="right")
    for side in data["sides"]:
        table.add_row(
            str(side["side"]),
            side["bot"],
            ",".join(map(str, side["players"])),
            str(side["wins"]),
            f"{side['win_rate']:.1%}",
            f"{side['mean_score']:.1f}",
            f"{side['sd_score']:.1f}",
            str(side["min_score"]),
            str(side["max_score"]),
        )
    deals = data["deals_per_game"]
    unfinished = f"unfinished games: {summary.unfinished}"
    if summary.unfinished:
        unfinished += f" (stopped after {summary.max_deals} deals)"
    screen.say(
        Text(
            f"{summary.games} games of {rules.name} for {rules.num_players} players to "
            f"{rules.target_score}, at most {summary.max_deals} deals a game; seed "
            f"{summary.seed}, {plural(summary.workers, 'worker')}"
        ),
        Text(""),
        Padding(table, (0, 0, 0, 2)),
        Text(""),
        Text(f"  draws: {summary.draws}; {unfinished}"),
        Text(
            f"  deals per game: {deals['mean']:.2f} (sd {deals['sd']:.2f}, "
            f"{deals['min']} to {deals['max']})"
        ),
        Text(f"  canastas per deal: {summary.canastas_per_deal:.2f}"),
        Text(f"  time: {summary.seconds:.1f} s, {summary.games_per_second:.1f} games per second"),
    )
