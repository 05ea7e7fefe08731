"""What the commands share: argument types, the one-line usage error, rule sets by name, and
small pieces of wording."""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Sequence
from typing import Any, NoReturn

from canasta import RuleSet, RuleSetError, find_rules, rule_set_names
from canasta.bots import bot_names
from canasta.errors import CanastaError
from canasta.simulate import make_bot

#: The choices of every ``--color`` option.
COLOR_CHOICES = ("auto", "always", "never")


class UsageError(Exception):
    """A wrong argument found after parsing: one line on stderr, exit status 2."""


class ReadError(Exception):
    """A file that cannot be read or used (a record, a saved game): one line, exit status 1."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr (exit status 2)."""

    #: The names of the subcommands, once they are added.
    command_names: list[str] = []  # noqa: RUF012 - set on each parser

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def positive(text: str) -> int:
    """An argument of 1 or more."""
    value = whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of 1 or more, got {value}")
    return value


def whole(text: str) -> int:
    """A whole-number argument."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def bot_list(text: str) -> tuple[str, ...]:
    """``greedy,random``: bot names, each one the library knows."""
    names = tuple(word.strip().lower() for word in text.split(",") if word.strip())
    if not names:
        raise argparse.ArgumentTypeError("name at least one bot")
    for name in names:
        if name not in bot_names():
            raise argparse.ArgumentTypeError(
                f"unknown bot {name!r}; bots: {', '.join(bot_names())}"
            )
    return names


def bot_spec_list(text: str) -> tuple[str, ...]:
    """``greedy,ismcts:20``: bot names, or ``ismcts:N`` for the search with N iterations
    (:func:`canasta.simulate.make_bot`)."""
    names = tuple(word.strip().lower() for word in text.split(",") if word.strip())
    if not names:
        raise argparse.ArgumentTypeError("name at least one bot")
    for name in names:
        try:
            make_bot(name)
        except CanastaError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    return names


def rule_set_help() -> str:
    return f"rule set: {', '.join(rule_set_names())} (default: classic)"


def add_command(
    commands: Any, name: str, summary: str, description: str, examples: str
) -> argparse.ArgumentParser:
    """A subcommand's parser, with its description and examples in ``--help``."""
    parser: argparse.ArgumentParser = commands.add_parser(
        name,
        help=summary,
        description=description,
        epilog="examples:\n" + textwrap.indent(textwrap.dedent(examples).strip(), "  "),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    return parser


def rules_from(
    name: str, players: int | None, target: int | None = None, cutthroat: bool | None = None
) -> RuleSet:
    """The preset ``name`` for ``players``, maybe with another target score, maybe in
    three-player cutthroat (CL-V3-3: Classic's three-player preset's draw and going out)."""
    if cutthroat and players not in (None, 3):
        raise UsageError(f"--cutthroat is a game of three players (CL-V3-3), not {players}")
    try:
        if cutthroat:
            rules = find_rules(name, players=3)
            rules = (
                RuleSet.classic(3, three_player_mode="cutthroat")
                if rules.name == "classic"
                else rules.with_options(three_player_mode="cutthroat")
            )
        else:
            rules = find_rules(name, players=players)
        return rules if target is None else rules.with_options(target_score=target)
    except RuleSetError as error:
        raise UsageError(str(error)) from None


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def side_players(rules: RuleSet, side: int) -> list[int]:
    return [p for p in range(rules.num_players) if rules.side_of_player(p) == side]


def scores_text(scores: Sequence[int]) -> str:
    return ", ".join(f"side {side} {score}" for side, score in enumerate(scores))
