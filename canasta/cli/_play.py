"""``canasta play``: a match against bots in the terminal, saved as it goes if asked."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from rich.text import Text

from canasta import Game
from canasta.bots import bot_names, find_bot
from canasta.cli._common import (
    COLOR_CHOICES,
    UsageError,
    add_command,
    bot_list,
    positive,
    rule_set_help,
    rules_from,
    scores_text,
    whole,
)
from canasta.cli._saving import PERSON, SaveFile, load_game
from canasta.cli._screen import Screen
from canasta.cli._session import LineReader, PlaySession

#: The options that set up a new game, which a resumed game keeps from its file.
_NEW_GAME_OPTIONS = ("rules", "players", "seed", "target", "cutthroat")


def add_to(commands: Any) -> None:
    play = add_command(
        commands,
        "play",
        "play against computer players in the terminal",
        "Play a match against computer players in the terminal. Type moves in the text "
        "notation (draw, take 7H 7D, meld 7H 7S 2C, add 9 JK, discard 4C, ask, yes, no, "
        "pass; in Hollywood also take #1, add #2 JK wild=10, merge #0 #3), 'moves' to list "
        "your legal moves (then a number plays one), 'hint', 'undo', 'rule', 'help' or "
        "'quit'. Moves can be piped in, one a line. With --save the game is written as it "
        "goes (a game record, or JSON for a name ending in .json); --resume goes on with a "
        "saved game and keeps saving it.",
        """
        canasta play                          four players, you are player 0
        canasta play --players 2 --seed 7     two players, a reproducible game
        canasta play --cutthroat              three players, the first to take the pile alone
        canasta play --bots greedy,random --seat 1 --target 1000
        canasta play --save game.txt          later: canasta play --resume game.txt
        canasta play --demo                   watch bots play one deal
        printf 'draw\\nmoves\\n' | canasta play --seed 7 --color never
        """,
    )
    play.add_argument("--rules", default=None, help=rule_set_help())
    play.add_argument("--players", type=whole, default=None, help="2 to 6 players (default: 4)")
    play.add_argument("--seat", type=whole, default=None, help="your seat, from 0 (default: 0)")
    play.add_argument("--seed", type=whole, default=None, help="seed for a reproducible game")
    play.add_argument(
        "--bots",
        "--bot",
        type=bot_list,
        default=None,
        metavar="BOT[,BOT...]",
        help="the computer players, given to the other seats in turn, clockwise from yours "
        f"({', '.join(bot_names())}; default: greedy)",
    )
    play.add_argument(
        "--cutthroat",
        action="store_true",
        default=None,
        help="three-player cutthroat (CL-V3-3): the first player to take the pile plays alone "
        "against the other two, who pool their melds; draw two, two canastas to go out, "
        "to 7500 (Classic only; implies --players 3)",
    )
    play.add_argument("--target", type=positive, default=None, help="play to this score")
    play.add_argument("--color", choices=COLOR_CHOICES, default="auto", help="colour the cards")
    play.add_argument("--save", metavar="FILE", help="write the game to FILE as it goes")
    play.add_argument("--resume", metavar="FILE", help="go on with the game saved in FILE")
    play.add_argument(
        "--demo", action="store_true", help="bots play every seat for one deal, shown to you"
    )
    play.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    return play(args, reader(sys.stdin, sys.stdout), sys.stdout)


def reader(stdin: IO[str], out: IO[str]) -> LineReader:
    """Lines from a terminal (with line editing) or from a pipe (echoed, for a transcript)."""
    interactive = stdin.isatty() and stdin is sys.stdin and out is sys.stdout

    def read(prompt: str, game: Game) -> str | None:
        if interactive:
            try:
                return input(prompt)
            except EOFError:
                print(file=out)
                return None
        out.write(prompt)
        line = stdin.readline()
        if not line:
            out.write("\n")
            return None
        out.write(line if line.endswith("\n") else line + "\n")
        out.flush()
        return line

    return read


def play(args: argparse.Namespace, read_line: LineReader, out: IO[str]) -> int:
    """``canasta play`` with its parsed arguments, reading lines with ``read_line``."""
    screen = Screen(out, args.color)
    game, names = _starting_game(args)
    rules = game.rules
    seat, labels = _seats(args, names, rules.num_players)
    if args.demo:  # the person's seat too
        labels = ["greedy" if label == PERSON else label for label in labels]
    bots = [None if label == PERSON else find_bot(label) for label in labels]
    save_file = _save_file(args, labels, game)
    played = len(game.moves)  # a resumed game's bots draw from a stream of their own
    rng = random.Random(f"{game.seed}/bots" + (f"/{played}" if played else ""))
    described = ", ".join(f"{player}: {label}" for player, label in enumerate(labels))
    screen.say(
        Text(
            f"Canasta ({rules.name}, {rules.num_players} players"
            f"{', cutthroat' if rules.cutthroat else ''}, to {rules.target_score}); "
            f"seed {game.seed}."
        ),
        Text(f"Players {described}."),
    )
    if args.demo:
        session = PlaySession(game, None, bots, rng, screen, read_line, watch=seat, max_deals=1)
        session.run()
        screen.say(Text("\nThat was a demo: run 'canasta play' in a terminal to play a match."))
        return 0
    if args.resume:
        screen.say(Text(f"Going on with the game in {args.resume}: {_progress(game)}."))
    screen.say(Text(f"You are player {seat}. Type 'help' for the moves, 'quit' to leave."))
    session = PlaySession(game, seat, bots, rng, screen, read_line, save_file=save_file)
    try:
        session.run()
    except KeyboardInterrupt:
        screen.say()
        session.leave("Interrupted")
    return 0


def _starting_game(args: argparse.Namespace) -> tuple[Game, Sequence[str | None]]:
    """A new game from the options, or the saved one of ``--resume``, with its seats' names."""
    if args.resume is None:
        rules = rules_from(args.rules or "classic", args.players, args.target, args.cutthroat)
        return Game.new(rules, seed=args.seed), (None,) * rules.num_players
    if args.demo:
        raise UsageError("--demo plays a new deal; it does not go with --resume")
    given = [f"--{name}" for name in _NEW_GAME_OPTIONS if getattr(args, name) is not None]
    if given:
        raise UsageError(
            f"{', '.join(given)}: a resumed game keeps the settings it was saved with"
        )
    return load_game(args.resume)


def _seats(
    args: argparse.Namespace, names: Sequence[str | None], players: int
) -> tuple[int, list[str]]:
    """The person's seat and who plays each seat: ``you`` or a bot's name. The options
    decide; else the saved game's names; else seat 0 against greedy bots."""
    saved_seat = names.index(PERSON) if PERSON in names else None
    seat = args.seat if args.seat is not None else saved_seat or 0
    if not 0 <= seat < players:
        raise UsageError(f"--seat must be 0 to {players - 1}")
    if args.bots is None and all(n in bot_names() for i, n in enumerate(names) if i != seat):
        return seat, [PERSON if p == seat else str(names[p]) for p in range(players)]
    chosen: Sequence[str] = args.bots or ("greedy",)
    labels = []
    for player in range(players):
        turn = (player - seat) % players
        labels.append(chosen[(turn - 1) % len(chosen)] if turn else PERSON)
    return seat, labels


def _save_file(args: argparse.Namespace, labels: list[str], game: Game) -> SaveFile | None:
    """Where to save: ``--save``, else the file resumed from; checked by saving now."""
    path = args.save or args.resume
    if path is None or args.demo:
        if args.save:
            raise UsageError("--demo plays a deal between bots; it does not go with --save")
        return None
    if args.save and args.save != args.resume and Path(args.save).exists():
        raise UsageError(
            f"{args.save} exists: go on with it (--resume {args.save}) or choose another name"
        )
    save_file = SaveFile(path, labels)
    save_file.check(game)
    return save_file


def _progress(game: Game) -> str:
    played = len(game.results)
    if game.is_over:
        return f"the game is over, after {played} deals"
    turn = game.view(game.turn_player).turn
    return f"deal {game.deal_number + 1}, turn {turn + 1}; scores {scores_text(game.scores)}"
