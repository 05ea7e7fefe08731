"""``canasta simulate``: many games between bots, with a progress bar and a summary."""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
from collections.abc import Callable, Iterator
from typing import Any

from rich.padding import Padding
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from canasta.cli._common import (
    ReadError,
    add_command,
    bot_spec_list,
    plural,
    positive,
    rule_set_help,
    rules_from,
    whole,
)
from canasta.cli._screen import Screen, console_for
from canasta.errors import CanastaError
from canasta.simulate import BACKENDS, DEFAULT_MAX_DEALS, Summary, simulate


def add_to(commands: Any) -> None:
    sim = add_command(
        commands,
        "simulate",
        "play many games between bots and compare them",
        "Play many games between bots, in parallel, and print the wins, scores and game "
        "lengths per side. Bots are given to the sides in turn from --bots. The same seed "
        "gives the same results whatever the backend and the number of workers. A game "
        "still running after --max-deals deals stops and is counted as unfinished. With "
        "--out, each game is written to a file as it finishes, and a rerun with the same "
        "arguments plays only the games not in it yet.",
        """
        canasta simulate --games 200 --bots greedy,random --seed 1
        canasta simulate --players 2 --games 1000 --workers 4 --json > results.json
        canasta simulate --target 1000 --max-deals 10 --bots random
        canasta simulate --games 10000 --seed 1 --out results.jsonl   # rerun to resume
        canasta simulate --games 10000 --seed 1 --backend ray --address auto
        """,
    )
    sim.add_argument("--rules", default="classic", help=rule_set_help())
    sim.add_argument("--players", type=whole, default=4, help="2 to 6 players (default: 4)")
    sim.add_argument("--games", type=positive, default=100, help="games (default: 100)")
    sim.add_argument(
        "--bots",
        type=bot_spec_list,
        default=("greedy", "random"),
        metavar="BOT[,BOT...]",
        help="bots for side 0, side 1 ..., cycled: random, greedy, ismcts or ismcts:N (N "
        "iterations a move) (default: greedy,random)",
    )
    add_backend_options(sim, "games")
    add_match_options(sim)
    sim.add_argument(
        "--out",
        metavar="FILE",
        default=None,
        help="write one JSON line per finished game to FILE; a rerun with the same "
        "arguments skips the games already in it",
    )
    sim.add_argument("--json", action="store_true", help="print the results as JSON")
    sim.set_defaults(run=run)


def add_backend_options(parser: argparse.ArgumentParser, what: str) -> None:
    """``--backend``, ``--address`` and ``--workers``: where the games are played."""
    parser.add_argument(
        "--backend",
        choices=BACKENDS,
        default="processes",
        help=f"play the {what} in local processes or on a Ray cluster (pip install "
        "'canasta[ray]') (default: processes)",
    )
    parser.add_argument(
        "--address",
        default=None,
        help="the Ray cluster to join (as ray.init takes it: 'auto', 'ray://host:10001'); "
        "default: start a local one",
    )
    parser.add_argument(
        "--workers",
        type=positive,
        default=None,
        help="processes, or Ray tasks at a time (default: one per CPU)",
    )


def add_match_options(parser: argparse.ArgumentParser) -> None:
    """``--seed``, ``--target`` and ``--max-deals``: the games' seed and length."""
    parser.add_argument("--seed", type=whole, default=None, help="base seed (default: random)")
    parser.add_argument("--target", type=positive, default=None, help="play to this score")
    parser.add_argument(
        "--max-deals",
        type=positive,
        default=DEFAULT_MAX_DEALS,
        help=f"stop a game after this many deals (default: {DEFAULT_MAX_DEALS})",
    )


def base_seed(args: argparse.Namespace) -> int:
    """The ``--seed`` given, or one from the operating system's entropy."""
    return args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)


def run(args: argparse.Namespace) -> int:
    rules = rules_from(args.rules, args.players, args.target)
    seed = base_seed(args)
    options = {
        "games": args.games,
        "seed": seed,
        "workers": args.workers,
        "max_deals": args.max_deals,
        "backend": args.backend,
        "address": args.address,
        "out": args.out,
    }
    try:
        with progress_bar("simulating") as progress:
            summary = simulate(rules, args.bots, **options, progress=progress)
    except CanastaError as error:  # a results file of other arguments, or Ray missing
        raise ReadError(str(error)) from None
    if args.json:
        print(json.dumps(summary.to_dict(), indent=2))
    else:
        show_summary(Screen(sys.stdout, "never"), summary)
    return 0


@contextlib.contextmanager
def progress_bar(label: str) -> Iterator[Callable[[int, int], None] | None]:
    """A progress callback drawing a bar on stderr where someone watches, else ``None``."""
    if not sys.stderr.isatty():
        yield None
        return
    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console_for(sys.stderr, "auto"), transient=True) as bar:
        task = bar.add_task("games", total=None)
        yield lambda done, total: bar.update(task, completed=done, total=total)


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
            f"{' on Ray' if summary.backend == 'ray' else ''}"
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
        *_resumed(summary),
    )


def _resumed(summary: Summary) -> list[Text]:
    """A line saying how many games came from the results file, if any did."""
    played = summary.games if summary.played is None else summary.played
    if played == summary.games:
        return []
    return [Text(f"  {summary.games - played} of the games read from the results file")]
