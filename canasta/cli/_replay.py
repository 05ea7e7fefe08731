"""``canasta replay``: a game record turn by turn, with the table after each turn."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rich.text import Text

from canasta import Game, IllegalMoveError, NextDeal, RuleSetError
from canasta.cli._common import COLOR_CHOICES, ReadError, add_command
from canasta.cli._display import show_result, show_table, show_winner, totals
from canasta.cli._screen import Screen, bold
from canasta.records import Record, RecordError, load


def add_to(commands: Any) -> None:
    replay = add_command(
        commands,
        "replay",
        "step through a game record",
        "Print a game record (see canasta.records) turn by turn, with the table after each "
        "turn and the score breakdown after each deal. With --step, wait for Enter between "
        "turns (q and Enter stops) when the input is a terminal. A record that cannot be "
        "read or replayed is refused in one line, with the exit status 1.",
        """
        canasta replay game.txt
        canasta replay game.txt --step --hands
        canasta replay - < game.txt
        """,
    )
    replay.add_argument("file", metavar="FILE", help="the record, or - for standard input")
    replay.add_argument("--step", action="store_true", help="wait for Enter between turns")
    replay.add_argument("--hands", action="store_true", help="show every hand too")
    replay.add_argument("--color", choices=COLOR_CHOICES, default="auto", help="colour the cards")
    replay.set_defaults(run=run)


def _read(name: str) -> Record:
    try:
        if name == "-":
            return load(sys.stdin)
        with open(name, encoding="utf-8") as handle:
            return load(handle)
    except OSError as error:
        raise ReadError(f"cannot read {name}: {error.strerror or error}") from None
    except (RecordError, IllegalMoveError, RuleSetError, UnicodeDecodeError) as error:
        raise ReadError(f"{name}: {error}") from None


def run(args: argparse.Namespace) -> int:
    record = _read(args.file)
    screen = Screen(sys.stdout, args.color)
    step = args.step and sys.stdin.isatty() and args.file != "-"
    headers = [f"{name} {value}" for name, value in record.headers.items() if name != "Format"]
    screen.say(Text("; ".join(headers)))
    states = list(record.replay())  # states[i] is the game before move i
    moves = record.moves
    index, turn, deal = 0, 0, -1
    while index < len(moves):
        if isinstance(moves[index][1], NextDeal):  # the deal's end is shown already
            index += 1
            continue
        start = states[index]
        if start.deal_number != deal:
            deal, turn = start.deal_number, 0
            screen.say(Text(""), bold(f"Deal {deal + 1} begins"))
            _table(screen, start, args.hands)
        index, line = _turn(states, moves, index)
        turn += 1
        game = states[index]
        screen.say(Text(""), Text(f"{turn:>3}. {line}"))
        finished = range(len(start.results), len(game.results))
        if not finished:
            _table(screen, game, args.hands)
        for number in finished:
            show_result(screen, record.rules, game.results[number], totals(game, number), None)
        if step and index < len(moves) and not _wait():
            break
    game = states[index]
    if game.is_over:
        show_winner(screen, game, None)
    else:
        screen.say(Text(""), Text(f"The record stops here, in deal {game.deal_number + 1}."))
    return 0


def _turn(states: list[Game], moves: Any, index: int) -> tuple[int, str]:
    """The moves of the turn that starts at move ``index``, as the record writes them: the
    index of the next turn's first move, and the line."""
    start = states[index]
    key = (start.deal_number, start.turn_player)
    player = moves[index][0]
    parts = []
    while (
        index < len(moves)
        and not isinstance(moves[index][1], NextDeal)
        and (states[index].deal_number, states[index].turn_player) == key
    ):
        mover, move = moves[index]
        parts.append(str(move) if mover == player else f"P{mover} {move}")
        index += 1
    return index, f"P{player} {'; '.join(parts)}"


def _wait() -> bool:
    """Wait for Enter; ``False`` to stop."""
    try:
        answer = input("(Enter: next turn; q: stop) ")
    except EOFError:
        return False
    return answer.strip().lower() not in ("q", "quit")


def _table(screen: Screen, game: Game, hands: bool) -> None:
    view = game.view(game.turn_player)
    show_table(screen, view, you=None, hands=game.hands if hands else None)
