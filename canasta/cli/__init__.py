"""The ``canasta`` command. It uses the library like any other program does.

``canasta play`` plays against bots in the terminal, ``canasta simulate`` plays bots against
each other, ``canasta ladder`` rates them by a round robin, ``canasta rules`` describes and
compares rule sets and prints the rules' texts, ``canasta replay`` steps through a game
record, ``canasta serve`` serves the web front end (:mod:`canasta.web`), ``canasta actions``
lists the action ids and ``canasta info`` prints the version. ``canasta COMMAND --help``
explains each with examples.

One module a command (``_play``, ``_simulate``, ``_ladder``, ``_rules``, ``_replay``,
``_serve``, ``_actions``, ``_info``), each with ``add_to(commands)`` and ``run(args)``; the
game in the terminal is ``_session`` (the loop), ``_display`` (the table and the scores),
``_words`` (moves in words) and ``_saving``; ``_screen`` draws with rich, ``_rulebook`` holds
the rules' texts and ``_common`` the argument types and errors. rich is imported here only,
never by ``import canasta``; ``serve`` imports the web extra only when it runs.
"""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
from collections.abc import Sequence

from canasta import __version__
from canasta.cli import _actions, _info, _ladder, _play, _replay, _rules, _serve, _simulate
from canasta.cli._common import Parser, ReadError, UsageError
from canasta.cli._play import play
from canasta.cli._session import LineReader, PlaySession
from canasta.errors import did_you_mean

__all__ = ["LineReader", "PlaySession", "build_parser", "main", "play"]

_COMMAND_MODULES = (_info, _play, _simulate, _ladder, _rules, _replay, _serve, _actions)


def build_parser() -> Parser:
    """The command-line parser (exposed for the documentation and the tests)."""
    parser = Parser(
        prog="canasta",
        description="Play and study the card game Canasta.",
        epilog=textwrap.dedent(
            """\
            examples:
              canasta play                      play against three bots
              canasta simulate --games 200      greedy bots against random bots
              canasta ladder --games 20         rate bots by a round robin
              canasta rules --compare           every preset side by side
              canasta rules CL-PILE-5           the text of a rule
              canasta replay game.txt           step through a game record
              canasta serve                     play in a web browser
            Run 'canasta COMMAND --help' for a command's options."""
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"canasta {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in _COMMAND_MODULES:
        module.add_to(commands)
    parser.command_names = list(commands.choices)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status (1 for a file that cannot be read, 2 for
    wrong arguments)."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    unknown = _unknown_command(parser, arguments)
    if unknown:
        print(unknown, file=sys.stderr)
        return 2
    try:
        args = parser.parse_args(arguments)
    except SystemExit as stop:  # --help, --version and argument errors
        return stop.code if isinstance(stop.code, int) else 0 if stop.code is None else 2
    command = args.command or "info"
    try:
        return int(getattr(args, "run", _info.run)(args))
    except UsageError as error:
        print(f"canasta {command}: error: {error}", file=sys.stderr)
        return 2
    except ReadError as error:
        print(f"canasta {command}: {error}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader went away (``canasta ... | head``)
        # Point stdout at devnull so that the interpreter's final flush does not fail too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        print(f"\ncanasta {command}: interrupted", file=sys.stderr)
        return 130


def _unknown_command(parser: Parser, arguments: list[str]) -> str:
    """The one-line error for a first word that is no command, with the commands near it."""
    if not arguments or arguments[0].startswith("-"):
        return ""
    names = parser.command_names
    if arguments[0] in names:
        return ""
    near = did_you_mean(arguments[0], names) or f" (commands: {', '.join(names)})"
    return f"canasta: error: no command {arguments[0]!r}{near}; see canasta --help"
