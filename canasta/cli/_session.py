"""A match between a person and bots in the terminal: the loop of ``canasta play``.

The person types moves in the text notation or commands (``moves``, ``hint``, ``undo``,
``rule``, ``help``, ``quit``). Games are immutable, so taking a step back is keeping the
game from before it: :class:`PlaySession` keeps the person's steps of the deal with the game
before each.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from rich.text import Text

from canasta import Game, IllegalMoveError, Move, MoveParseError, NextDeal, Phase, RuleSet
from canasta.bots import Bot, GreedyBot
from canasta.cli import _rulebook
from canasta.cli._common import scores_text
from canasta.cli._display import show_moves, show_result, show_table, show_winner, totals
from canasta.cli._saving import SaveFile
from canasta.cli._screen import Screen, hanging
from canasta.cli._words import hint_reason, in_words
from canasta.errors import did_you_mean

#: Reads the person's next line after showing a prompt; ``None`` at the end of the input.
#: It is also given the game as it stands (a terminal ignores it; a test's script reads it).
LineReader = Callable[[str, Game], "str | None"]

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
Other commands:
  moves                list your legal moves; then type a number to play one
  hint                 the move the greedy bot would play, and why
  undo                 take back your last step (after your turn: the others' turns too)
  rule [ID]            the text of a rule (by default, of the last move refused)
  table, help, quit    show the table again; this help; leave (saying where it is saved)
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

#: How each move is written, to answer a move typed wrong.
_FORMS = {
    "draw": "draw",
    "take": "take, or take 7H 7D",
    "meld": "meld 7H 7S 2C",
    "add": "add 9 JK",
    "discard": "discard 4C",
    "ask": "ask",
    "yes": "yes",
    "no": "no",
    "pass": "pass",
}
_FORMS_BY_NUMBER = {
    "take": "take #1, or take 8H 9H",
    "meld": "meld 8H 9H 10H JK wild=J",
    "add": "add #2 JK, or add #2 JK wild=10",
    "merge": "merge #0 #3",
}

_QUIT = ("quit", "exit", "q")


def help_text(rules: RuleSet) -> str:
    return f"{_HELP}\n{_HELP_BY_NUMBER}" if rules.melds_by_position else _HELP


def move_forms(rules: RuleSet) -> dict[str, str]:
    """How each move of ``rules`` is written: ``{"add": "add 9 JK", ...}``."""
    return _FORMS | _FORMS_BY_NUMBER if rules.melds_by_position else _FORMS


class PlaySession:
    """A match between a person at ``seat`` and bots, shown on a screen.

    ``read_line`` supplies the person's lines: from a terminal, a pipe, or a script that
    looks at the game. With ``seat=None`` bots play every seat and the table is shown as
    ``watch`` sees it. ``save_file``, if given, gets the game after every change.
    """

    def __init__(
        self,
        game: Game,
        seat: int | None,
        bots: Sequence[Bot | None],
        rng: random.Random,
        screen: Screen,
        read_line: LineReader,
        *,
        watch: int = 0,
        max_deals: int | None = None,
        save_file: SaveFile | None = None,
    ) -> None:
        self.game = game
        self.seat = seat
        self.bots = bots
        self.rng = rng
        self.screen = screen
        self.read_line = read_line
        self.watch = watch if seat is None else seat
        self.max_deals = max_deals
        self.save_file = save_file
        #: The person's steps in this deal: the game before each, the move, the game after.
        self.steps: list[tuple[Game, Move, Game]] = []
        self._line: tuple[tuple[int, int, int], list[str]] | None = None
        self._shown: Game | None = None
        self._refused: str | None = None
        self._left = False

    def run(self) -> Game:
        """Play until the match ends, the input ends or the person quits; the last game."""
        self._deal_begins()
        while not self.game.is_over and not self._left:
            if self.max_deals is not None and len(self.game.results) >= self.max_deals:
                break
            player = self.game.to_move
            if player is None:  # a game resumed at the end of a deal: deal the next one
                self.game = self.game.apply(NextDeal())
                self._deal_begins()
                continue
            bot = self.bots[player]
            if bot is not None:
                self._play(player, bot.choose(self.game.view(player), self.rng))
            else:
                self._person_acts(player)
        self._flush()
        self._save()
        if self.game.is_over:
            show_winner(self.screen, self.game, self.seat)
        return self.game

    def leave(self, why: str) -> None:
        """Stop the match: say why, the scores, and where the game is saved."""
        self._flush()
        self._save()
        self._left = True
        say = self.screen.say
        say(Text(f"{why}. Scores: {scores_text(self.game.scores)}."))
        if self.save_file is not None:
            path = self.save_file.path
            say(Text(f"The game is saved in {path}: 'canasta play --resume {path}' goes on."))
        else:
            say(Text("The game is not saved ('canasta play --save FILE' saves it as it goes)."))
        say(Text("Goodbye."))

    # --- the person ---------------------------------------------------------------------------

    def _person_acts(self, player: int) -> None:
        """Show the position if it changed, then read and carry out one line."""
        game = self.game
        self._flush()
        self._save()
        if game is not self._shown:
            self._shown = game
            show_table(self.screen, game.view(player), you=player)
            if game.phase is Phase.ANSWER:
                self.screen.note(f"Player {game.turn_player} asks to go out: answer yes or no.")
        line = self.read_line(f"[{game.phase.value}] > ", game)
        if line is None:
            self.leave("End of input")
            return
        command = line.strip()
        word, _, rest = command.partition(" ")
        handler = _COMMANDS.get(word.lower())
        if handler is not None:
            handler(self, player, rest.strip())
        elif command.isdigit():
            self._numbered(player, int(command))
        elif command:
            self._typed(player, command)

    def _numbered(self, player: int, number: int) -> None:
        moves = list(self.game.legal_moves())
        if not 1 <= number <= len(moves):
            self.screen.note(f"There is no move {number}: type 'moves' to list them.")
            return
        self._person_plays(player, moves[number - 1])

    def _typed(self, player: int, command: str) -> None:
        try:
            move = self.game.parse_move(command)
        except MoveParseError as error:
            self.screen.note(self._not_understood(command, error))
            return
        self._person_plays(player, move)

    def _not_understood(self, command: str, error: MoveParseError) -> str:
        """What is wrong with a line that is no move: a near command, or how to write it."""
        verb = command.split()[0].lower()
        forms = move_forms(self.game.rules)
        if verb not in forms:
            near = did_you_mean(verb, [*forms, *_COMMANDS])
            return f"'{verb}' is not a move or a command{near}: type 'help' for them all."
        if "is not a move; moves are" in str(error):  # the whole grammar: say this verb's
            return f"'{command}' is not a move: write {forms[verb]}."
        return str(error)

    def _person_plays(self, player: int, move: Move) -> None:
        try:
            self._play(player, move)
        except IllegalMoveError as error:
            self._refused = error.rule
            self.screen.note(
                f"Not allowed ({error.rule}): {error.message}.",
                f"The rule ('rule' shows it here): {error.url}",
            )

    def _quit(self, player: int, rest: str) -> None:
        self.leave("You leave the game")

    def _help(self, player: int, rest: str) -> None:
        self.screen.say(Text(help_text(self.game.rules)))

    def _moves(self, player: int, rest: str) -> None:
        show_moves(self.screen, list(self.game.legal_moves()))

    def _table(self, player: int, rest: str) -> None:
        show_table(self.screen, self.game.view(player), you=player)

    def _hint(self, player: int, rest: str) -> None:
        game = self.game
        move = GreedyBot().choose(game.view(player), random.Random(0))
        reason = hint_reason(move, game, player)
        self.screen.note(f"The greedy bot would play: {move}, because {reason}.")

    def _undo(self, player: int, rest: str) -> None:
        if not self.steps:
            self.screen.say(Text("  There is nothing of yours to take back in this deal."))
            return
        before, move, after = self.steps.pop()
        others = " and the other players' turns after it" if self.game is not after else ""
        words = in_words(move, before, after, player, person=True)
        self.game = before
        self.screen.note(f"Taken back: you {words}{others}.")

    def _rule(self, player: int, rest: str) -> None:
        query = rest or self._refused
        if query is None:
            self.screen.say(Text("  Name a rule, such as: rule CL-PILE-5."))
            return
        rules = _rulebook.find(query)
        if rules:
            _rulebook.show(self.screen, rules)
        else:
            self.screen.note(f"{_rulebook.not_found(query)}.")

    # --- moves and their display ----------------------------------------------------------------

    def _play(self, player: int, move: Move) -> None:
        before = self.game
        after = before.apply(move, player=player)  # raises IllegalMoveError for the person
        if player == self.seat:
            self.steps.append((before, move, after))
            words = in_words(move, before, after, player, person=True)
            self.screen.note(f"You {words}.")
        else:
            self._note(before, after, player, move)
        self.game = after
        self._deal_end(before, after)

    def _deal_end(self, before: Game, after: Game) -> None:
        """The one place that handles the end of a deal: the scores, a pause for the person,
        the next deal. (``Game.apply`` of the move that ends a deal leaves the game at its
        end, scored, the result added to ``game.results``; ``NextDeal`` deals the next.)"""
        ended = range(len(before.results), len(after.results))
        if not ended:
            return
        self._flush()
        for number in ended:
            result = after.results[number]
            show_result(self.screen, after.rules, result, totals(after, number), self.seat)
        self.steps.clear()
        more = self.max_deals is None or len(after.results) < self.max_deals
        if after.is_over or not more:
            return
        if self.seat is not None:
            self._save()
            line = self.read_line("(Enter: the next deal; quit: leave) > ", after)
            if line is None or line.strip().lower() in _QUIT:
                self.leave("End of input" if line is None else "You leave the game")
                return
        self.game = after.apply(NextDeal())
        self._deal_begins()

    def _note(self, before: Game, after: Game, player: int, move: Move) -> None:
        key = (before.deal_number, before.turn_player, player)
        if self._line is None or self._line[0] != key:
            self._flush()
            self._line = (key, [])
        self._line[1].append(in_words(move, before, after, player, person=False))

    def _flush(self) -> None:
        if self._line is not None:
            (_, _, player), parts = self._line
            self.screen.say(hanging(f"Player {player}:", "; ".join(parts)))
            self._line = None

    def _save(self) -> None:
        if self.save_file is not None:
            self.save_file.save(self.game)

    def _deal_begins(self) -> None:
        game = self.game
        if self.seat is None:
            self.screen.say(
                Text(
                    f"\nDeal {game.deal_number + 1}, as player {self.watch} sees it at the start:"
                )
            )
            show_table(self.screen, game.view(self.watch), you=self.watch)
            self.screen.say()
        elif self.seat not in game.seat_players:
            self.screen.say(Text(f"\nDeal {game.deal_number + 1}: you sit out this deal."))
        elif game.results and not game.view(self.seat).history:
            self.screen.say(Text(f"\nDeal {game.deal_number + 1} begins."))


_Command = Callable[[PlaySession, int, str], None]

#: The person's commands by their first word (any case).
_COMMANDS: dict[str, _Command] = {
    **dict.fromkeys(_QUIT, PlaySession._quit),
    **dict.fromkeys(("help", "?", "h"), PlaySession._help),
    **dict.fromkeys(("moves", "m"), PlaySession._moves),
    **dict.fromkeys(("table", "hand", "t"), PlaySession._table),
    "hint": PlaySession._hint,
    **dict.fromkeys(("undo", "u"), PlaySession._undo),
    **dict.fromkeys(("rule", "rules"), PlaySession._rule),
}
