"""The ``canasta`` command. It uses the library like any other program does.

``canasta play`` plays against bots in the terminal, ``canasta simulate`` plays bots against
each other, ``canasta rules`` describes and compares rule sets, ``canasta replay`` steps
through a game record and ``canasta info`` prints the version. ``canasta COMMAND --help``
explains each with examples.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
import textwrap
import time
from collections.abc import Callable, Sequence
from typing import IO, Any, NoReturn

from canasta.__about__ import __version__
from canasta._engine.meld_rules import Meld, MeldKind
from canasta._engine.scoring import DealResult
from canasta._engine.state import DealEnd, Phase
from canasta._model.cards import Card
from canasta._model.deck import Cards
from canasta._model.moves import Answer, Ask, Draw, Move, Pass, TakePile
from canasta._rules.presets import find_rules, rule_set_names
from canasta._rules.ruleset import RuleSet, RuleSetError
from canasta._rules.sheet import (
    player_counts,
    rules_text,
    settings,
    value_text,
)
from canasta.bots import Bot, GreedyBot, bot_names, find_bot
from canasta.errors import IllegalMoveError, MoveParseError
from canasta.game import Game
from canasta.records import RecordError, load
from canasta.simulate import DEFAULT_MAX_DEALS, Summary, simulate
from canasta.views import PlayerView

__all__ = ["PlaySession", "build_parser", "main", "play"]


class _UsageError(Exception):
    """A wrong argument found after parsing: one line on stderr, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of 1 or more, got {value}")
    return value


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def _bot_list(text: str) -> tuple[str, ...]:
    names = tuple(word.strip().lower() for word in text.split(",") if word.strip())
    if not names:
        raise argparse.ArgumentTypeError("name at least one bot")
    for name in names:
        if name not in bot_names():
            raise argparse.ArgumentTypeError(
                f"unknown bot {name!r}; bots: {', '.join(bot_names())}"
            )
    return names


def _rule_set_help() -> str:
    return f"rule set: {', '.join(rule_set_names())} (default: classic)"


def _command(
    commands: Any, name: str, summary: str, description: str, examples: str
) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = commands.add_parser(
        name,
        help=summary,
        description=description,
        epilog="examples:\n" + textwrap.indent(textwrap.dedent(examples).strip(), "  "),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    return parser


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser (exposed for the documentation and the tests)."""
    parser = _Parser(
        prog="canasta",
        description="Play and study the card game Canasta.",
        epilog=textwrap.dedent(
            """\
            examples:
              canasta play                      play against three bots
              canasta simulate --games 200      greedy bots against random bots
              canasta rules --compare           every preset side by side
              canasta replay game.txt           step through a game record
            Run 'canasta COMMAND --help' for a command's options."""
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"canasta {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    _command(
        commands,
        "info",
        "show the version and the rule sets this library knows",
        "Show the version and the rule sets this library knows.",
        "canasta info",
    )

    play = _command(
        commands,
        "play",
        "play against computer players in the terminal",
        "Play a match against computer players in the terminal. Type moves in the text "
        "notation (draw, take 7H 7D, meld 7H 7S 2C, add 9 JK, discard 4C, ask, yes, no, "
        "pass; in Hollywood also take #1, add #2 JK wild=10, merge #0 #3), 'moves' to list "
        "your legal moves (then a number plays one), 'hint', 'help' or 'quit'. Moves can be "
        "piped in, one a line.",
        """
        canasta play                          four players, you are player 0
        canasta play --players 2 --seed 7     two players, a reproducible game
        canasta play --bots greedy,random --seat 1 --target 1000
        canasta play --demo                   watch bots play one deal
        printf 'draw\\nmoves\\n' | canasta play --seed 7 --color never
        """,
    )
    play.add_argument("--rules", default="classic", help=_rule_set_help())
    play.add_argument("--players", type=_whole, default=4, help="2 to 6 players (default: 4)")
    play.add_argument("--seat", type=_whole, default=0, help="your seat, from 0 (default: 0)")
    play.add_argument("--seed", type=_whole, default=None, help="seed for a reproducible game")
    play.add_argument(
        "--bots",
        "--bot",
        type=_bot_list,
        default=("greedy",),
        metavar="BOT[,BOT...]",
        help="the computer players, given to the other seats in turn, clockwise from yours "
        f"({', '.join(bot_names())}; default: greedy)",
    )
    play.add_argument("--target", type=_positive, default=None, help="play to this score")
    play.add_argument(
        "--color", choices=("auto", "always", "never"), default="auto", help="colour the cards"
    )
    play.add_argument(
        "--demo", action="store_true", help="bots play every seat for one deal, shown to you"
    )

    sim = _command(
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
    sim.add_argument("--rules", default="classic", help=_rule_set_help())
    sim.add_argument("--players", type=_whole, default=4, help="2 to 6 players (default: 4)")
    sim.add_argument("--games", type=_positive, default=100, help="games (default: 100)")
    sim.add_argument(
        "--bots",
        type=_bot_list,
        default=("greedy", "random"),
        metavar="BOT[,BOT...]",
        help="bots for side 0, side 1 ..., cycled (default: greedy,random)",
    )
    sim.add_argument(
        "--workers", type=_positive, default=None, help="processes (default: one per CPU)"
    )
    sim.add_argument("--seed", type=_whole, default=None, help="base seed (default: random)")
    sim.add_argument("--target", type=_positive, default=None, help="play to this score")
    sim.add_argument(
        "--max-deals",
        type=_positive,
        default=DEFAULT_MAX_DEALS,
        help=f"stop a game after this many deals (default: {DEFAULT_MAX_DEALS})",
    )
    sim.add_argument("--json", action="store_true", help="print the results as JSON")

    rules = _command(
        commands,
        "rules",
        "describe a rule set, or compare rule sets side by side",
        "Describe a rule set: every setting with its value and the rules it implements. "
        "With --compare, print rule sets side by side; a rule set is NAME or NAME:PLAYERS, "
        "and with no names --compare shows the presets for every number of players.",
        """
        canasta rules                         the rule sets, and Classic for four
        canasta rules classic --players 2     Classic for two players
        canasta rules --compare               every preset, 2 to 6 players, side by side
        canasta rules --compare classic:2 classic:4 --diff
        """,
    )
    rules.add_argument("name", nargs="?", metavar="NAME", help=_rule_set_help())
    rules.add_argument("--players", type=_whole, default=None, help="the preset for N players")
    rules.add_argument(
        "--compare", nargs="*", metavar="RULES", default=None, help="rule sets to compare"
    )
    rules.add_argument(
        "--diff", action="store_true", help="with --compare, only the settings that differ"
    )

    replay = _command(
        commands,
        "replay",
        "step through a game record",
        "Print a game record (see canasta.records) turn by turn, with the table after each "
        "turn and the score breakdown after each deal. With --step, wait for Enter between "
        "turns (q and Enter stops) when the input is a terminal.",
        """
        canasta replay game.txt
        canasta replay game.txt --step --hands
        canasta replay - < game.txt
        """,
    )
    replay.add_argument("file", metavar="FILE", help="the record, or - for standard input")
    replay.add_argument("--step", action="store_true", help="wait for Enter between turns")
    replay.add_argument("--hands", action="store_true", help="show every hand too")
    replay.add_argument(
        "--color", choices=("auto", "always", "never"), default="auto", help="colour the cards"
    )
    actions = _command(
        commands,
        "actions",
        "list the action ids of a rule set (for game-AI frameworks)",
        "Print the action ids of a rule set, one a line: the id, a tab and what it means "
        "(see canasta.actions). With --blocks, the blocks of ids instead.",
        """
        canasta actions --blocks
        canasta actions --rules hollywood > hollywood-actions.tsv
        """,
    )
    actions.add_argument("--rules", default="classic", help=_rule_set_help())
    actions.add_argument("--blocks", action="store_true", help="the blocks of ids only")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status (2 for wrong arguments)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, --version and argument errors
        return stop.code if isinstance(stop.code, int) else 0 if stop.code is None else 2
    command = args.command or "info"
    try:
        return _COMMANDS[command](args)
    except _UsageError as error:
        print(f"canasta {command}: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (``canasta ... | head``)
        # Point stdout at devnull so that the interpreter's final flush does not fail too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        print(f"\ncanasta {command}: interrupted", file=sys.stderr)
        return 130


# --- shared helpers -------------------------------------------------------------------------


def _rules_from(name: str, players: int | None, target: int | None = None) -> RuleSet:
    try:
        rules = find_rules(name, players=players)
        return rules if target is None else rules.with_options(target_score=target)
    except RuleSetError as error:
        raise _UsageError(str(error)) from None


def _use_color(choice: str, out: IO[str]) -> bool:
    if choice != "auto":
        return choice == "always"
    return out.isatty() and "NO_COLOR" not in os.environ


class _Screen:
    """Text for the terminal, in colour or not."""

    def __init__(self, out: IO[str], color: bool) -> None:
        self.out = out
        self.color = color

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def bold(self, text: str) -> str:
        return f"\033[1m{text}\033[0m" if self.color else text

    def card(self, card: Card) -> str:
        text = card.pretty()
        if not self.color:
            return text
        if card.is_wild:
            return f"\033[1;35m{text}\033[0m"
        if card.suit is not None and card.suit.is_red:
            return f"\033[31m{text}\033[0m"
        return text

    def cards(self, cards: Cards | Sequence[Card]) -> str:
        return " ".join(self.card(card) for card in cards) or "-"

    def hand(self, cards: Cards) -> str:
        """A hand, sorted, with a wider gap between ranks."""
        groups: list[list[Card]] = []
        for card in cards:
            if groups and groups[-1][0].rank is card.rank:
                groups[-1].append(card)
            else:
                groups.append([card])
        return "  ".join(self.cards(group) for group in groups) or "-"

    def meld(self, meld: Meld, rules: RuleSet) -> str:
        """A meld's cards; a sequence in rank order, its wild card where it stands, such as
        ``7♦ 8♦ 9♦ JK(10♦)`` (HW-MELD-10)."""
        kind = meld.canasta_kind_under(rules)
        mark = f"  [{kind.value.replace('_', ' ')} canasta]" if kind is not None else ""
        if meld.suit is None:
            return f"{self.cards(meld.cards)}{mark}"
        wild = next((card for card in meld.cards if card.is_wild), None)
        words = []
        for word in meld.sequence_text():
            if wild is not None and "(" in word:
                assert meld.suit is not None
                stands_for = word[word.index("(") + 1 : -1]
                words.append(f"{self.card(wild)}({stands_for}{meld.suit.symbol})")
            else:
                words.append(self.card(Card.parse(word)))
        return " ".join(words) + mark


def _meld_label(meld: Meld) -> str:
    """What a meld is, in a few characters: its rank, a sequence's suit, or wild cards."""
    if meld.kind is MeldKind.SEQUENCE:
        assert meld.suit is not None
        return meld.suit.symbol
    if meld.kind is MeldKind.WILD:
        return "wild"
    return meld.rank.text


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _side_players(rules: RuleSet, side: int) -> list[int]:
    return [p for p in range(rules.num_players) if rules.side_of_player(p) == side]


def _scores_text(scores: Sequence[int]) -> str:
    return ", ".join(f"side {side} {score}" for side, score in enumerate(scores))


def _show_table(
    screen: _Screen,
    view: PlayerView,
    *,
    you: int | None,
    hands: Sequence[Cards] | None = None,
) -> None:
    """The table as ``view`` shows it; ``you`` marks a person's seat, ``hands`` shows all."""
    rules, table = view.rules, view.table
    yours = None if you is None else rules.side_of_player(you)
    screen.say("")
    screen.say(
        screen.bold(f"Deal {view.deal_number + 1}, turn {view.turn + 1}")
        + f"   scores: {_scores_text(view.scores)}"
    )
    for side in range(rules.num_sides):
        players = ", ".join(map(str, _side_players(rules, side)))
        mine = " (you)" if side == yours else ""
        red = table.red_threes[side]
        screen.say(
            f"  Side {side}{mine}, players {players}; minimum {view.minimums[side]}; "
            f"red threes: {screen.cards(red)}"
        )
        for number, meld in enumerate(table.melds[side]):
            if rules.melds_by_position:  # melds are named by number: add #1 9D
                screen.say(
                    f"      #{number:<2} {_meld_label(meld):>4}: {screen.meld(meld, rules)}"
                )
            else:
                screen.say(f"      {meld.rank.text:>2}: {screen.meld(meld, rules)}")
        if not table.melds[side]:
            screen.say("      (no melds)")
    top = screen.card(table.pile_top) if table.pile_top else "empty"
    frozen = ", frozen" if table.pile_frozen else ""
    screen.say(
        f"  Pile: {top} ({_plural(table.pile_size, 'card')}{frozen})   Stock: {table.stock_size}"
    )
    others = []
    for player in view.seat_players:
        if player == you or hands is not None:
            continue
        text = f"player {player}: {view.hand_sizes[player]}"
        if yours is not None and rules.side_of_player(player) == yours:
            text += " (partner)"
        known = view.known_cards[player]
        if known:
            text += f" (known: {screen.cards(known)})"
        others.append(text)
    if others:
        screen.say("  Cards in hands: " + "; ".join(others))
    if hands is not None:
        for player in view.seat_players:
            screen.say(f"  Player {player} ({len(hands[player])}): {screen.hand(hands[player])}")
    elif you is not None and you in view.seat_players:
        screen.say(f"  Your hand ({len(view.hand)}): {screen.hand(view.hand)}")


def _show_result(
    screen: _Screen, rules: RuleSet, result: DealResult, scores: Sequence[int], you: int | None
) -> None:
    how = {
        DealEnd.WENT_OUT: f"player {result.went_out} went out"
        + (" concealed" if result.concealed else ""),
        DealEnd.STOCK_EXHAUSTED: "the stock ran out",
        DealEnd.LAST_RED_THREE: "the last card of the stock was a red three",
    }[result.end]
    yours = None if you is None else rules.side_of_player(you)
    screen.say("")
    screen.say(screen.bold(f"End of deal {result.number + 1}: {how}."))
    screen.say(
        f"  {'side':<10}{'melds':>7}{'canastas':>10}{'red 3s':>8}{'out':>6}"
        f"{'in hand':>9}{'deal':>7}{'total':>8}"
    )
    for score in result.scores:
        label = f"{score.side}{' (you)' if score.side == yours else ''}"
        screen.say(
            f"  {label:<10}{score.meld_points:>7}{score.canasta_bonus:>10}{score.red_threes:>8}"
            f"{score.going_out:>6}{score.hand_penalty:>9}{score.total:>7}"
            f"{scores[score.side]:>8}"
        )


def _show_winner(screen: _Screen, game: Game, you: int | None) -> None:
    winner = game.winner
    screen.say("")
    screen.say(screen.bold(f"Game over after {_plural(len(game.results), 'deal')}."))
    screen.say(f"  Final scores: {_scores_text(game.scores)}.")
    if winner is None:
        screen.say("  A draw.")
    else:
        players = ", ".join(map(str, _side_players(game.rules, winner)))
        mine = you is not None and game.side_of(you) == winner
        screen.say(f"  Side {winner} (players {players}) wins{' - well played!' if mine else '.'}")


# --- info -----------------------------------------------------------------------------------


def _rule_set_lines() -> list[str]:
    lines = ["Rule sets:"]
    for name in rule_set_names():
        rules = find_rules(name)
        counts = "/".join(map(str, player_counts(name)))
        lines.append(
            f"  {name:<10} {counts} players (usually {rules.num_players}), "
            f"{rules.pack_size} cards, target {rules.target_score}"
        )
    return lines


def _info(args: argparse.Namespace) -> int:
    lines = [f"canasta {__version__}", "", *_rule_set_lines()]
    lines += [
        "",
        "Commands: play, simulate, rules, replay, actions, info; canasta COMMAND --help.",
    ]
    print("\n".join(lines))
    return 0


# --- play -----------------------------------------------------------------------------------

_HELP = """\
Type a move, then Enter:
  draw                 draw from the stock
  take 7H 7D           take the pile, melding its top card with two cards of yours
  take                 take the pile, adding its top card to your side's meld of its rank
  meld 7H 7S 2C        lay a new meld
  add 9 JK             add cards to your side's meld of nines
  discard 4C           discard a card (ends your turn)
  ask / yes / no       ask your partner to go out / answer your partner
  pass                 decline the pile when the stock is empty (ends the deal)
Other commands: moves (list your legal moves; then type a number to play one), hint,
table (show the table again), help, quit.
Cards: 4-10 J Q K A 2 3 with a suit C D H S (10H, QS), JK for the joker; any case."""

#: The moves of games whose melds are named by number (Hollywood), added to the help.
_HELP_BY_NUMBER = """\
Your side's melds are numbered on the table (#0, #1, ...); name a meld by its number:
  take 8H 9H           take the pile, the top card making a sequence with two of your cards
  take JK JK           take the pile, a wild top card with two wild cards of its kind
  take #1              take the pile, adding its top card to your side's meld #1
  meld 8H 9H 10H JK wild=J
                       lay a sequence, naming the rank its wild card stands for
  meld 2C 2D JK        lay a meld of wild cards
  add #2 JK wild=10    add cards to your side's meld #2
  merge #0 #3          merge two melds of one rank, or two sequences that meet"""


def _help_text(rules: RuleSet) -> str:
    return f"{_HELP}\n{_HELP_BY_NUMBER}" if rules.melds_by_position else _HELP


#: Reads the person's next line after showing a prompt; ``None`` at the end of the input.
#: It is also given the game as it stands (a terminal ignores it; a test's script reads it).
LineReader = Callable[[str, Game], "str | None"]


class PlaySession:
    """A match between a person at ``seat`` and bots, shown on a screen.

    ``read_line`` supplies the person's lines: from a terminal, a pipe, or a script that
    looks at the game. With ``seat=None`` bots play every seat and the table is shown as
    ``watch`` sees it.
    """

    def __init__(
        self,
        game: Game,
        seat: int | None,
        bots: Sequence[Bot | None],
        rng: random.Random,
        screen: _Screen,
        read_line: LineReader,
        *,
        watch: int = 0,
        max_deals: int | None = None,
    ) -> None:
        self.game = game
        self.seat = seat
        self.bots = bots
        self.rng = rng
        self.screen = screen
        self.read_line = read_line
        self.watch = watch if seat is None else seat
        self.max_deals = max_deals
        self._line: tuple[tuple[int, int, int], list[str]] | None = None
        self._shown: tuple[int, int, Phase] | None = None

    def run(self) -> Game:
        """Play until the match ends, the input ends or the person quits; the last game."""
        self._deal_begins()
        while not self.game.is_over:
            if self.max_deals is not None and len(self.game.results) >= self.max_deals:
                break
            player = self.game.to_move
            assert player is not None
            bot = self.bots[player]
            if bot is not None:
                self._play(player, bot.choose(self.game.view(player), self.rng))
                continue
            if not self._person_moves(player):
                break
        self._flush()
        if self.game.is_over:
            _show_winner(self.screen, self.game, self.seat)
        return self.game

    # --- the person -----------------------------------------------------------------------

    def _person_moves(self, player: int) -> bool:
        """Read and carry out one line; ``False`` when the person leaves."""
        game, screen = self.game, self.screen
        self._flush()
        key = (game.deal_number, game.deal.turn, game.phase)
        if key != self._shown:
            self._shown = key
            _show_table(screen, game.view(player), you=player)
            if game.phase is Phase.ANSWER:
                screen.say(f"  Player {game.turn_player} asks to go out: answer yes or no.")
        line = self.read_line(f"[{game.phase.value}] > ", game)
        if line is None:
            screen.say("End of input: goodbye.")
            return False
        command = line.strip()
        word = command.lower()
        if not command:
            return True
        if word in ("quit", "exit", "q"):
            screen.say("Goodbye.")
            return False
        if word in ("help", "?", "h"):
            screen.say(_help_text(game.rules))
            return True
        moves = list(game.legal_moves())
        if word in ("moves", "m"):
            screen.say(_move_list(moves))
            return True
        if word in ("table", "hand", "t"):
            _show_table(screen, game.view(player), you=player)
            return True
        if word == "hint":
            hint = GreedyBot().choose(game.view(player), random.Random(0))
            screen.say(f"  The greedy bot would play: {hint}")
            return True
        if command.isdigit():
            number = int(command)
            if not 1 <= number <= len(moves):
                screen.say(f"  There is no move {number}: type 'moves' to list them.")
                return True
            self._play(player, moves[number - 1])
            self._after_person(player)
            return True
        try:
            move = game.parse_move(command)
            self._play(player, move)
            self._after_person(player)
        except MoveParseError as error:
            screen.say(f"  {error}")
        except IllegalMoveError as error:
            screen.say(f"  Not allowed ({error.rule}): {error.reason}")
        return True

    def _after_person(self, player: int) -> None:
        """Within the person's meld phase, show the hand that is left after each step."""
        game = self.game
        if (
            game.to_move == player
            and (game.deal_number, game.deal.turn, game.phase) == self._shown
        ):
            hand = game.hand(player)
            self.screen.say(f"  Your hand ({len(hand)}): {self.screen.hand(hand)}")

    # --- moves and their display ----------------------------------------------------------

    def _play(self, player: int, move: Move) -> None:
        before = self.game
        after = before.apply(move, player=player)  # raises IllegalMoveError for the person
        if player != self.seat:
            self._note(before, player, move)
        self.game = after
        for number in range(len(before.results), len(after.results)):
            self._flush()
            result = after.results[number]
            _show_result(self.screen, after.rules, result, _totals(after, number), self.seat)
        more = self.max_deals is None or len(after.results) < self.max_deals
        if len(after.results) > len(before.results) and not after.is_over and more:
            self._deal_begins()

    def _note(self, before: Game, player: int, move: Move) -> None:
        key = (before.deal_number, before.deal.turn, player)
        if self._line is None or self._line[0] != key:
            self._flush()
            self._line = (key, [])
        self._line[1].append(_describe(move, before))

    def _flush(self) -> None:
        if self._line is not None:
            (_, _, player), parts = self._line
            self.screen.say(f"Player {player}: {'; '.join(parts)}")
            self._line = None

    def _deal_begins(self) -> None:
        game = self.game
        if self.seat is None:
            self.screen.say(
                f"\nDeal {game.deal_number + 1}, as player {self.watch} sees it at the start:"
            )
            _show_table(self.screen, game.view(self.watch), you=self.watch)
            self.screen.say("")
        elif self.seat not in game.seat_players:
            self.screen.say(f"\nDeal {game.deal_number + 1}: you sit out this deal.")


def _totals(game: Game, number: int) -> tuple[int, ...]:
    """The cumulative scores after deal ``number`` of ``game``."""
    totals = [0] * game.rules.num_sides
    for result in game.results[: number + 1]:
        totals = [a + b for a, b in zip(totals, result.totals, strict=True)]
    return tuple(totals)


def _describe(move: Move, before: Game) -> str:
    if isinstance(move, Draw):
        return "draw"
    if isinstance(move, TakePile):
        return f"{move} (the pile of {_plural(before.table.pile_size, 'card')})"
    if isinstance(move, Ask):
        return "asks to go out"
    if isinstance(move, Answer):
        return f"answers {move}"
    if isinstance(move, Pass):
        return "pass"
    return str(move)


def _move_list(moves: Sequence[Move]) -> str:
    entries = [f"{number:>2}. {move}" for number, move in enumerate(moves, start=1)]
    width = max(len(entry) for entry in entries) + 3
    columns = max(1, min(4, 96 // width))
    lines = ["Legal moves (type one, or its number):"]
    for start in range(0, len(entries), columns):
        row = entries[start : start + columns]
        lines.append("  " + "".join(entry.ljust(width) for entry in row).rstrip())
    return "\n".join(lines)


def _reader(stdin: IO[str], out: IO[str]) -> LineReader:
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


def _play_command(args: argparse.Namespace) -> int:
    return play(args, _reader(sys.stdin, sys.stdout), sys.stdout)


def play(args: argparse.Namespace, read_line: LineReader, out: IO[str]) -> int:
    """``canasta play`` with its parsed arguments, reading lines with ``read_line``."""
    screen = _Screen(out, _use_color(args.color, out))
    rules = _rules_from(args.rules, args.players, args.target)
    if not 0 <= args.seat < rules.num_players:
        raise _UsageError(f"--seat must be 0 to {rules.num_players - 1}")
    game = Game.new(rules, seed=args.seed)
    rng = random.Random(f"{game.seed}/bots")
    names: Sequence[str] = args.bots
    labels: list[str] = []  # who plays each seat: "you" or a bot's name
    for player in range(rules.num_players):
        turn = (player - args.seat) % rules.num_players
        if turn:
            labels.append(names[(turn - 1) % len(names)])
        else:
            labels.append("greedy" if args.demo else "you")
    bots = [None if label == "you" else find_bot(label) for label in labels]
    described = ", ".join(f"{player}: {label}" for player, label in enumerate(labels))
    screen.say(
        f"Canasta ({rules.name}, {rules.num_players} players, to {rules.target_score}); "
        f"seed {game.seed}. Players {described}."
    )
    if args.demo:
        session = PlaySession(
            game, None, bots, rng, screen, read_line, watch=args.seat, max_deals=1
        )
        session.run()
        screen.say("\nThat was a demo: run 'canasta play' in a terminal to play a match.")
        return 0
    screen.say(f"You are player {args.seat}. Type 'help' for the moves, 'quit' to leave.")
    session = PlaySession(game, args.seat, bots, rng, screen, read_line)
    try:
        session.run()
    except KeyboardInterrupt:
        screen.say("\nGoodbye.")
    return 0


# --- simulate -------------------------------------------------------------------------------


class _ProgressBar:
    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self.shown = False
        self.started = time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        width = 30
        filled = width * done // total if total else width
        bar = "#" * filled + "-" * (width - filled)
        elapsed = time.perf_counter() - self.started
        rate = f", {done / elapsed:.1f} games/s" if done and elapsed > 0 else ""
        self.stream.write(f"\rsimulating [{bar}] {done}/{total} games{rate}\033[K")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()


def _simulate_command(args: argparse.Namespace) -> int:
    rules = _rules_from(args.rules, args.players, args.target)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    bar = _ProgressBar(sys.stderr) if sys.stderr.isatty() else None
    try:
        summary = simulate(
            rules,
            args.bots,
            games=args.games,
            seed=seed,
            workers=args.workers,
            max_deals=args.max_deals,
            progress=bar,
        )
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        print(json.dumps(summary.to_dict(), indent=2))
    else:
        print(_summary_text(summary))
    return 0


def _summary_text(summary: Summary) -> str:
    data = summary.to_dict()
    rules = summary.rules
    lines = [
        f"{summary.games} games of {rules.name} for {rules.num_players} players to "
        f"{rules.target_score}, at most {summary.max_deals} deals a game; seed {summary.seed}, "
        f"{_plural(summary.workers, 'worker')}",
        "",
        f"  {'side':<6}{'bot':<10}{'players':<10}{'wins':>6}{'win rate':>10}"
        f"{'mean score':>12}{'sd':>9}{'min':>8}{'max':>8}",
    ]
    for side in data["sides"]:
        players = ",".join(map(str, side["players"]))
        lines.append(
            f"  {side['side']:<6}{side['bot']:<10}{players:<10}{side['wins']:>6}"
            f"{side['win_rate']:>10.1%}{side['mean_score']:>12.1f}{side['sd_score']:>9.1f}"
            f"{side['min_score']:>8}{side['max_score']:>8}"
        )
    deals = data["deals_per_game"]
    unfinished = f"unfinished games: {summary.unfinished}"
    if summary.unfinished:
        unfinished += f" (stopped after {summary.max_deals} deals)"
    lines += [
        "",
        f"  draws: {summary.draws}; {unfinished}",
        f"  deals per game: {deals['mean']:.2f} (sd {deals['sd']:.2f}, "
        f"{deals['min']} to {deals['max']})",
        f"  canastas per deal: {summary.canastas_per_deal:.2f}",
        f"  time: {summary.seconds:.1f} s, {summary.games_per_second:.1f} games per second",
    ]
    return "\n".join(lines)


# --- rules ----------------------------------------------------------------------------------


def _parse_spec(text: str, default_players: int | None = None) -> RuleSet:
    name, _, players = text.partition(":")
    count = default_players
    if players:
        try:
            count = int(players)
        except ValueError:
            raise _UsageError(f"{text!r}: the number of players must be a whole number") from None
    return _rules_from(name or "classic", count)


def _rules_command(args: argparse.Namespace) -> int:
    width = max(100, shutil.get_terminal_size((100, 24)).columns)
    if args.compare is not None:
        if args.compare:
            labels = list(args.compare)
            rule_sets = [_parse_spec(label, args.players) for label in labels]
        else:
            names = [args.name] if args.name else list(rule_set_names())
            for name in names:
                _rules_from(name, None)
            labels = [f"{n}:{p}" for n in names for p in player_counts(n.strip().lower())]
            rule_sets = [_parse_spec(label) for label in labels]
        print(_comparison(labels, rule_sets, only_differences=args.diff, width=width))
        return 0
    if args.diff:
        raise _UsageError("--diff goes with --compare")
    lines: list[str] = []
    if args.name is None:
        lines += [*_rule_set_lines(), ""]
    rules = _rules_from(args.name or rule_set_names()[0], args.players)
    counts = player_counts(rules.name)
    lines.append(
        f"{rules.name} for {rules.num_players} players (presets for "
        f"{', '.join(map(str, counts))} players: canasta rules {rules.name} --players N)"
    )
    lines.append("")
    lines.append(_description(rules, width))
    print("\n".join(lines))
    return 0


def _description(rules: RuleSet, width: int) -> str:
    rows = [
        (s.name, value_text(s.value(rules)), s.meaning, rules_text(s, [rules])) for s in settings()
    ]
    name_width = max(len(row[0]) for row in rows) + 2
    value_width = max(len(row[1]) for row in rows if len(row[1]) <= 16) + 2
    indent = 2 + name_width + value_width
    lines = [f"  {'setting':<{name_width}}{'value':<{value_width}}meaning (rules)"]
    for name, value, meaning, rule_ids in rows:
        start = f"  {name:<{name_width}}{value:<{value_width}}"
        if len(start) > indent:  # a long value: the meaning goes below it
            lines.append(start.rstrip())
            start = " " * indent
        text = f"{meaning} ({rule_ids})" if rule_ids else meaning
        wrapped = textwrap.wrap(text, max(40, width - indent), break_on_hyphens=False) or [""]
        lines.append(start + wrapped[0])
        lines += [" " * indent + more for more in wrapped[1:]]
    return "\n".join(lines)


def _comparison(
    labels: Sequence[str], rule_sets: Sequence[RuleSet], *, only_differences: bool, width: int
) -> str:
    sheet = settings()
    name_width = max(len(s.name) for s in sheet) + 2
    values = [[value_text(s.value(r)) for r in rule_sets] for s in sheet]
    column = max([12, *(len(label) + 2 for label in labels)])
    column = max([column, *(len(v) + 2 for row in values for v in row if len(v) < 24)])
    lines = [
        "  "
        + "setting".ljust(name_width)
        + "".join(label.ljust(column) for label in labels)
        + "rules"
    ]
    for setting, row in zip(sheet, values, strict=True):
        differs = len(set(row)) > 1
        if only_differences and not differs:
            continue
        mark = "* " if differs else "  "
        if not differs and len(row[0]) >= column:  # too wide to repeat: once is enough
            cells = f"{row[0]}  (all)  "
        else:
            cells = "".join(value.ljust(column - 2) + "  " for value in row)
        rule_ids = rules_text(setting, rule_sets)
        lines.append(f"{mark}{setting.name:<{name_width}}{cells}{rule_ids}".rstrip())
    lines.append("")
    lines.append("* marks the settings that differ. 'canasta rules NAME' explains each setting.")
    return "\n".join(lines)


# --- replay ---------------------------------------------------------------------------------


def _replay_command(args: argparse.Namespace) -> int:
    try:
        if args.file == "-":
            record = load(sys.stdin)
        else:
            with open(args.file, encoding="utf-8") as handle:
                record = load(handle)
    except OSError as error:
        raise _UsageError(f"cannot read {args.file}: {error.strerror or error}") from None
    except (RecordError, IllegalMoveError, RuleSetError, UnicodeDecodeError) as error:
        print(f"canasta replay: {args.file}: {error}", file=sys.stderr)
        return 1
    out = sys.stdout
    screen = _Screen(out, _use_color(args.color, out))
    step = args.step and sys.stdin.isatty() and args.file != "-"
    headers = [f"{name} {value}" for name, value in record.headers.items() if name != "Format"]
    screen.say("; ".join(headers))
    states = list(record.replay())  # states[i] is the game before move i
    moves = record.moves
    index, turn, deal = 0, 0, -1
    while index < len(moves):
        start = states[index]
        if start.deal_number != deal:
            deal, turn = start.deal_number, 0
            screen.say(screen.bold(f"\nDeal {deal + 1} begins"))
            _replay_table(screen, start, args.hands)
        key = (start.deal_number, start.deal.turn)
        player = moves[index][0]
        parts = []
        while index < len(moves) and (states[index].deal_number, states[index].deal.turn) == key:
            mover, move = moves[index]
            parts.append(str(move) if mover == player else f"P{mover} {move}")
            index += 1
        turn += 1
        game = states[index]
        screen.say(f"\n{turn:>3}. P{player} {'; '.join(parts)}")
        finished = range(len(start.results), len(game.results))
        if not finished:
            _replay_table(screen, game, args.hands)
        for number in finished:
            _show_result(screen, record.rules, game.results[number], _totals(game, number), None)
        if step and index < len(moves):
            try:
                answer = input("(Enter: next turn; q: stop) ")
            except EOFError:
                break
            if answer.strip().lower() in ("q", "quit"):
                break
    game = states[index]
    if game.is_over:
        _show_winner(screen, game, None)
    else:
        screen.say(f"\nThe record stops here, in deal {game.deal_number + 1}.")
    return 0


def _replay_table(screen: _Screen, game: Game, hands: bool) -> None:
    view = game.view(game.turn_player)
    _show_table(screen, view, you=None, hands=game.hands if hands else None)


def _actions_command(args: argparse.Namespace) -> int:
    from canasta.actions import action_blocks, describe, num_actions

    rules = _rules_from(args.rules, None)
    stop = num_actions(rules)
    if args.blocks:
        for block in action_blocks():
            if block.first < stop:
                print(f"{block.first}\t{block.stop - 1}\t{block.name}\t{block.coding}")
        return 0
    for action in range(stop):
        print(f"{action}\t{describe(action)}")
    return 0


_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "info": _info,
    "play": _play_command,
    "simulate": _simulate_command,
    "rules": _rules_command,
    "replay": _replay_command,
    "actions": _actions_command,
}


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
