"""``canasta ladder``: a round robin between bots, then their ratings with intervals."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from canasta.cli._common import (
    ReadError,
    UsageError,
    add_command,
    bot_spec_list,
    positive,
    rule_set_help,
    rules_from,
    whole,
)
from canasta.cli._screen import Screen
from canasta.cli._simulate import add_backend_options, add_match_options, base_seed, progress_bar
from canasta.errors import CanastaError
from canasta.ladder import DEFAULT_RESAMPLES, Ladder, ladder_svg, play_ladder


def add_to(commands: object) -> None:
    ladder = add_command(
        commands,
        "ladder",
        "rate bots by a round robin between them",
        "Play every pair of bots against each other, --games games a pair with the seats "
        "alternated on the same deals, then rate them: Bradley-Terry strengths on the Elo "
        "scale (mean 0; 400 points more means odds of 10 to 1), with 95% intervals from a "
        "seeded bootstrap. A drawn or unfinished game counts half to each bot.",
        """
        canasta ladder --bots random,greedy,ismcts:20,ismcts:80 --games 20 --seed 1
        canasta ladder --bots random,greedy --games 200 --players 2 --json ladder.json
        canasta ladder --bots greedy,ismcts:20 --rules samba --svg ladder.svg
        """,
    )
    ladder.add_argument("--rules", default="classic", help=rule_set_help())
    ladder.add_argument("--players", type=whole, default=4, help="2 to 6 players (default: 4)")
    ladder.add_argument(
        "--bots",
        type=bot_spec_list,
        default=("random", "greedy"),
        metavar="BOT,BOT[,BOT...]",
        help="two or more bots: random, greedy, ismcts or ismcts:N (N iterations a move) "
        "(default: random,greedy)",
    )
    ladder.add_argument(
        "--games", type=positive, default=20, help="games per pair of bots (default: 20)"
    )
    add_backend_options(ladder, "games")
    add_match_options(ladder)
    ladder.add_argument(
        "--resamples",
        type=positive,
        default=DEFAULT_RESAMPLES,
        help=f"bootstrap resamples for the intervals (default: {DEFAULT_RESAMPLES})",
    )
    ladder.add_argument("--json", metavar="FILE", default=None, help="write the ladder as JSON")
    ladder.add_argument("--svg", metavar="FILE", default=None, help="draw the ratings as SVG")
    ladder.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    rules = rules_from(args.rules, args.players, args.target)
    if len(set(args.bots)) != len(args.bots) or len(args.bots) < 2:
        raise UsageError("--bots: name two or more different bots")
    if args.games < 2:
        raise UsageError("--games: 2 or more, one game in each seat order")
    seed = base_seed(args)
    try:
        with progress_bar("playing") as progress:
            ladder = play_ladder(
                rules,
                args.bots,
                games=args.games,
                seed=seed,
                workers=args.workers,
                max_deals=args.max_deals,
                backend=args.backend,
                address=args.address,
                resamples=args.resamples,
                progress=progress,
            )
    except CanastaError as error:
        raise ReadError(str(error)) from None
    show_ladder(Screen(sys.stdout, "never"), ladder)
    if args.json:
        _write(args.json, json.dumps(ladder.to_dict(), indent=2) + "\n")
    if args.svg:
        _write(args.svg, ladder_svg(ladder))
    return 0


def _write(path: str, text: str) -> None:
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as error:
        raise ReadError(f"cannot write {path}: {error.strerror}") from None


def show_ladder(screen: Screen, ladder: Ladder) -> None:
    """The ratings, best first, then each pair's results."""
    rules = ladder.rules
    ratings = Table(box=None, pad_edge=False, padding=(0, 1), header_style="")
    ratings.add_column("bot")
    for heading in ("rating", "95% interval", "games", "score"):
        ratings.add_column(heading, justify="right")
    for row in ladder.rows:
        ratings.add_row(
            row.bot,
            f"{row.rating:+.0f}",
            f"{row.low:+.0f} to {row.high:+.0f}",
            str(row.games),
            f"{row.score:.1%}",
        )
    pairs = Table(box=None, pad_edge=False, padding=(0, 1), header_style="")
    for heading in ("pair", "wins", "draws or unfinished"):
        pairs.add_column(heading, justify="left" if heading == "pair" else "right")
    for pairing in ladder.pairings:
        wins = pairing.wins
        pairs.add_row(
            f"{pairing.first} v {pairing.second}", f"{wins[0]}-{wins[1]}", str(pairing.draws)
        )
    screen.say(
        Text(
            f"{ladder.games} games a pair of {rules.name} for {rules.num_players} players to "
            f"{rules.target_score}, at most {ladder.max_deals} deals a game; seed {ladder.seed}"
        ),
        Text(""),
        Padding(ratings, (0, 0, 0, 2)),
        Text(""),
        Padding(pairs, (0, 0, 0, 2)),
        Text(""),
        Text("  ratings: Bradley-Terry on the Elo scale, mean 0"),
        Text(f"  intervals: 95%, parametric bootstrap of {ladder.resamples} resamples"),
    )
