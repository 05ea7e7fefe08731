"""The ``canasta`` command. It uses the library like any other program does."""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Sequence
from typing import TextIO

from canasta.__about__ import __version__
from canasta.bots import Bot, find_bot
from canasta.cards import Card
from canasta.deck import Cards
from canasta.errors import IllegalMoveError, MoveParseError
from canasta.game import Game
from canasta.melds import Meld
from canasta.moves import Move
from canasta.rules import RuleSetError, find_rules, rule_set_names
from canasta.scoring import DealResult
from canasta.state import DealEnd, Phase


def _describe_rule_sets() -> str:
    lines = [f"canasta {__version__}", "", "Rule sets:"]
    for name in rule_set_names():
        counts = []
        for players in range(2, 7):
            try:
                find_rules(name, players=players)
            except ValueError:
                continue
            counts.append(str(players))
        rules = find_rules(name)
        lines.append(
            f"  {name:<10} {'/'.join(counts)} players, {rules.pack_size} cards, "
            f"target {rules.target_score}"
        )
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser (exposed for the documentation and the tests)."""
    parser = argparse.ArgumentParser(
        prog="canasta", description="Play and study the card game Canasta."
    )
    parser.add_argument("--version", action="version", version=f"canasta {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser("info", help="show the version and the rule sets this library knows")
    play = commands.add_parser("play", help="play against computer players in the terminal")
    play.add_argument("--rules", default="classic", help="rule set (default: classic)")
    play.add_argument("--players", type=int, default=4, help="2 to 6 players (default: 4)")
    play.add_argument("--seat", type=int, default=0, help="your seat, from 0 (default: 0)")
    play.add_argument("--seed", type=int, default=None, help="seed for a reproducible game")
    play.add_argument("--bot", default="greedy", help="computer players: greedy or random")
    play.add_argument("--target", type=int, default=None, help="play to this score instead")
    play.add_argument("--color", choices=("auto", "always", "never"), default="auto")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "play":
        return _play(args, sys.stdin, sys.stdout)
    print(_describe_rule_sets())
    return 0


# --- play ------------------------------------------------------------------------------------

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
Other commands: moves (list your legal moves), hand, table, help, quit.
Cards: 4-10 J Q K A 2 3 with a suit C D H S (10H, QS), JK for the joker; case does not matter."""


class _Screen:
    def __init__(self, out: TextIO, color: bool) -> None:
        self.out = out
        self.color = color

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

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

    def meld(self, meld: Meld) -> str:
        mark = ""
        if meld.is_canasta:
            mark = " [natural canasta]" if meld.wilds == 0 else " [mixed canasta]"
        return f"{self.cards(meld.cards)}{mark}"


def _use_color(choice: str, out: TextIO) -> bool:
    if choice != "auto":
        return choice == "always"
    return out.isatty() and "NO_COLOR" not in os.environ


def _play(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    screen = _Screen(out, _use_color(args.color, out))
    try:
        rules = find_rules(args.rules, players=args.players)
        if args.target is not None:
            rules = rules.with_options(target_score=args.target)
        bot = find_bot(args.bot)
    except (RuleSetError, ValueError) as error:
        screen.say(f"canasta play: {error}")
        return 2
    if not 0 <= args.seat < rules.num_players:
        screen.say(f"canasta play: --seat must be 0 to {rules.num_players - 1}")
        return 2
    game = Game.new(rules, seed=args.seed)
    rng = random.Random(f"{game.seed}/bots")
    screen.say(
        f"Canasta ({rules.name}, {rules.num_players} players, to {rules.target_score}); "
        f"seed {game.seed}. You are player {args.seat}. Type 'help' for the moves."
    )
    try:
        game = _play_loop(game, args.seat, bot, rng, stdin, screen)
    except KeyboardInterrupt:
        screen.say("\nGoodbye.")
        return 0
    except BrokenPipeError:  # the reader went away (``canasta play | head``)
        # Point stdout at devnull so that the interpreter's final flush does not fail too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    if game.is_over:
        winner = game.winner
        screen.say(f"Game over. Scores: {_scores(game)}.")
        screen.say("A draw." if winner is None else f"Side {winner} wins.")
    return 0


def _scores(game: Game) -> str:
    return ", ".join(f"side {side}: {score}" for side, score in enumerate(game.scores))


def _play_loop(
    game: Game, seat: int, bot: Bot, rng: random.Random, stdin: TextIO, screen: _Screen
) -> Game:
    shown_turn: tuple[int, int, Phase] | None = None
    while not game.is_over:
        player = game.to_move
        assert player is not None
        if player != seat:
            move = bot.choose(game, rng)
            screen.say(f"Player {player}: {_describe(move, game)}")
            game = _advance(game, move, screen)
            continue
        key = (game.deal_number, game.deal.turn, game.phase)
        if key != shown_turn:
            _show(game, seat, screen)
            shown_turn = key
        screen.out.write(f"[{game.phase.value}] > ")
        screen.out.flush()
        line = stdin.readline()
        if not line:
            screen.say("\nEnd of input: goodbye.")
            return game
        command = line.strip().lower()
        if not command:
            continue
        if command in ("quit", "exit", "q"):
            screen.say("Goodbye.")
            return game
        if command in ("help", "?", "h"):
            screen.say(_HELP)
            continue
        if command in ("moves", "m"):
            screen.say("Legal moves: " + ", ".join(str(m) for m in game.legal_moves()))
            continue
        if command in ("hand", "table", "t"):
            _show(game, seat, screen)
            continue
        try:
            move = game.parse_move(line.strip())
            game = _advance(game, move, screen)
        except MoveParseError as error:
            screen.say(f"  {error}")
        except IllegalMoveError as error:
            screen.say(f"  Not allowed ({error.rule}): {error.reason}")
    return game


def _advance(game: Game, move: Move, screen: _Screen) -> Game:
    deals_before = len(game.results)
    game = game.apply(move)
    if len(game.results) > deals_before:
        _show_result(game, game.results[-1], screen)
    return game


def _describe(move: Move, game: Game) -> str:
    text = str(move)
    if text == "draw":
        return "draws from the stock"
    if text == "yes":
        return "answers yes"
    if text == "no":
        return "answers no"
    if text == "ask":
        return "asks to go out"
    return text


def _show(game: Game, seat: int, screen: _Screen) -> None:
    table = game.table
    rules = game.rules
    screen.say("")
    screen.say(f"Deal {game.deal_number + 1}   scores: {_scores(game)}")
    for side in range(rules.num_sides):
        players = [p for p in range(rules.num_players) if game.side_of(p) == side]
        mine = " (you)" if game.side_of(seat) in (side,) else ""
        reds = table.red_threes[side]
        melds = table.melds[side]
        screen.say(
            f"  Side {side}{mine}, players {', '.join(map(str, players))}; "
            f"red threes: {screen.cards(reds)}; minimum {game.initial_minimums[side]}"
        )
        for meld in melds:
            screen.say(f"      {meld.rank.text:>2}: {screen.meld(meld)}")
        if not melds:
            screen.say("      (no melds)")
    top = screen.card(table.pile_top) if table.pile_top else "empty"
    frozen = " FROZEN" if table.pile_frozen else ""
    screen.say(
        f"  Pile: {top} ({table.pile_size} card{'s' if table.pile_size != 1 else ''}){frozen}"
        f"   Stock: {table.stock_size}"
    )
    others = [f"player {p}: {len(game.hand(p))}" for p in range(rules.num_players) if p != seat]
    screen.say("  Cards in hands: " + ", ".join(others))
    screen.say(f"  Your hand ({len(game.hand(seat))}): {screen.cards(game.hand(seat))}")
    if game.turn_player == seat and game.phase is Phase.ANSWER:
        screen.say("  Your partner asks to go out: answer yes or no.")


def _show_result(game: Game, result: DealResult, screen: _Screen) -> None:
    how = {
        DealEnd.WENT_OUT: f"player {result.went_out} went out"
        + (" concealed" if result.concealed else ""),
        DealEnd.STOCK_EXHAUSTED: "the stock ran out",
        DealEnd.LAST_RED_THREE: "the last stock card was a red three",
    }[result.end]
    screen.say("")
    screen.say(f"End of deal {result.number + 1}: {how}.")
    screen.say(
        f"  {'side':<6}{'melds':>7}{'canastas':>10}{'red 3s':>8}{'out':>6}{'hand':>7}{'total':>8}"
    )
    for score in result.scores:
        screen.say(
            f"  {score.side:<6}{score.meld_points:>7}{score.canasta_bonus:>10}"
            f"{score.red_threes:>8}{score.going_out:>6}{score.hand_penalty:>7}{score.total:>8}"
        )
    screen.say(f"  Scores now: {_scores(game)}")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
