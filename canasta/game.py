"""The game: deals in sequence until a side reaches the target score.

>>> import canasta
>>> game = canasta.Game.new("classic", players=4, seed=7)
>>> game.to_move, game.phase, game.scores
(0, <Phase.DRAW: 'draw'>, (0, 0))
>>> after = game.apply(canasta.Draw())
>>> len(after.hand(0)), len(game.hand(0))
(12, 11)
>>> try:
...     game.apply(canasta.Discard(canasta.Card.parse("KH")))
... except canasta.IllegalMoveError as error:
...     print(error.rule)
CL-TURN-1
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterable, Sequence
from typing import Any, Literal

import attrs

from canasta._engine import match
from canasta._engine.meld_rules import Meld
from canasta._engine.movegen import legal_moves
from canasta._engine.position import GameParts, InvalidPositionError, Where, game_parts, outcomes
from canasta._engine.position.arguments import position_of_arguments, sequence_arg
from canasta._engine.scoring import DealResult
from canasta._engine.state import Deal, DealEnd, Phase, TurnDraft
from canasta._engine.transitions import play
from canasta._legality import LegalMoves, checked_player, explain_turn, judge, raise_for
from canasta._model import trusted
from canasta._model.cards import Card
from canasta._model.deck import Cards
from canasta._model.moves import Move, NextDeal, is_move, parse_move
from canasta._rules.presets import find_rules
from canasta._rules.ruleset import RuleSet
from canasta.errors import CanastaError, IllegalMoveError, PositionError, Violation, shown
from canasta.table import Table
from canasta.views import PlayerView

__all__ = ["Game"]

# Read once, as in movegen: an enum class's attribute read is slow in Python 3.11.
_OVER = Phase.OVER


@attrs.frozen(slots=True)
class Game:
    """A whole match of Canasta. Immutable: :meth:`apply` returns a new game.

    Players are numbered from 0 in seating order, clockwise. Sides are numbered from 0;
    a player's side is ``game.side_of_player(player)``.

    At the end of every deal a game waits for :class:`~canasta._model.moves.NextDeal`: phase
    ``OVER``, nobody to move, every hand in every view, the deal scored (:attr:`deal_result`;
    :attr:`scores` include it), ``legal_moves()`` ``[NextDeal()]`` unless the match is won.
    """

    rules: RuleSet
    #: The seed that fixes every shuffle of the match.
    seed: int | str
    #: The deal in progress, or the deal just ended (the last deal once the game is over).
    deal: Deal
    #: Each side's cumulative score (CL-DEF-16), the ended deal's included.
    scores: tuple[int, ...]
    #: Results of the finished deals, in order. Their moves (``DealResult.history``) are the
    #: match's record, not part of the game's value: games compare equal without them.
    results: tuple[DealResult, ...] = attrs.field(default=(), eq=outcomes)
    #: Which player sits in each seat of the current deal.
    seat_players: tuple[int, ...] = ()
    #: Whether the match has ended (CL-MATCH).
    is_over: bool = False
    #: Whether the deal in progress was dealt from :attr:`seed` (not set up by hand, nor
    #: :meth:`redealt`): its JSON says so, and is refused unless its moves replay from there.
    #: Where the game came from, not part of its value.
    dealt_from_seed: bool = attrs.field(default=False, eq=False)
    #: The legal moves once asked for: ``apply`` trusts a move found here (a cache, not
    #: part of the value).
    _legal: tuple[Move, ...] | None = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False
    )

    # --- construction ---------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: str | RuleSet = "classic",
        players: int | None = None,
        seed: int | str | None = None,
    ) -> Game:
        """A new match of ``rules``: a rule set, or a name for :func:`~canasta.find_rules`.

        Without a seed a random one is chosen (53 bits from the operating system, by
        :class:`random.SystemRandom`, not from the global random state) and kept in
        :attr:`seed`, so the game can be replayed. The seed fixes every card of the match:
        keep it, and the game's JSON that holds it, from the players.
        """
        ruleset = find_rules(rules, players)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
            raise CanastaError(f"a seed is a whole number or text, not {shown(seed)}")
        if seed is None:
            seed = random.SystemRandom().randrange(2**53)  # exact in JSON readers that use doubles
        return cls._from_parts(match.dealt(ruleset, seed))

    def redealt(self, pack: Sequence[Card] | Cards | str) -> Game:
        """This game with its current deal dealt again from ``pack``, a whole pack in the order
        its cards are dealt, top card first as the library writes every pile and stock (the
        first card to the first player dealt to, the card after the hands turned up, the rest
        the stock, drawn in order), before anyone has moved in it.

        For frameworks that deal card by card as chance events (the OpenSpiel game). A pack
        that is not the rule set's, or a deal already begun, raises
        :class:`~canasta.errors.PositionError`.

        >>> import canasta
        >>> pack = canasta.pack_cards(2)
        >>> game = canasta.Game.new("classic", seed=1).redealt(list(pack))
        >>> game.hand(0), game.table.pile_top
        (Cards.parse('4C 4H 5C 5H 6C 6H 7C 7H 8C 8H 9C'), Card.parse('9H'))
        """
        return Game._from_parts(match.redealt(self._parts(), sequence_arg(pack, "pack")))

    @classmethod
    def from_position(
        cls,
        rules: str | RuleSet = "classic",
        *,
        hands: Sequence[Cards | str],
        melds: Sequence[Iterable[Meld | Cards | str]] | None = None,
        red_threes: Sequence[Cards | str] | None = None,
        pile: Cards | str | Sequence[Card] = "",
        pile_frozen: bool | None = None,
        stock: Sequence[Card] | str | None = None,
        draws: Sequence[Card] | str = "",
        to_move: int | None = None,
        scores: Sequence[int] | None = None,
        melded_players: Iterable[int] = (),
        deal_number: int = 0,
        seed: int | str = 0,
        players: int | None = None,
        turn_player: int | None = None,
        phase: Phase | str = Phase.DRAW,
        known: Sequence[Cards | str] | None = None,
        turns: int = 0,
        end: DealEnd | str | None = None,
        went_out: int | None = None,
        concealed: bool = False,
        lone_hand: int | None = None,
        **turn: Any,
    ) -> Game:
        """A game set up by hand, in any phase of a turn, for scenarios, tests and puzzles.

        ``hands`` lists each player's cards, ``melds`` each side's melds (``"QH QS QD"``,
        ``"7D 8D 9D JK wild=10"``), ``pile`` and ``stock`` the cards **top card first**;
        cards placed nowhere else form the stock, shuffled by ``seed``, under any ``draws``.
        ``scores`` are those at the start of the deal. ``turn_player`` (or ``to_move``, who
        acts) has the turn, in ``phase`` ``"draw"`` (the default), ``"meld"``, ``"answer"`` or
        ``"over"``; a turn in progress is told by its facts (``took_pile=True``,
        ``new_melds``, ``locked`` ..., :ref:`turn-facts`), an ended deal by ``end``,
        ``went_out`` and ``concealed`` (it is scored), a cutthroat ``lone_hand`` (CL-V3-3)
        too; see :doc:`/guide`. Checked as JSON documents are: a ``PositionError`` names
        the argument at fault.

        >>> game = Game.from_position(
        ...     hands=["KH KS 5C 5D 9S", "4C 4D 4H", "6C 6D 6H", "7C 7D 7H"],
        ...     melds=[["QH QS QD"], []], pile="KD 8C",
        ... )
        >>> game.table.pile_top, game.table.stock_size, len(list(game.legal_moves()))
        (Card.parse('KD'), 89, 2)
        """
        ruleset = find_rules(rules, players)
        position = position_of_arguments(
            ruleset,
            hands=hands,
            melds=melds,
            red_threes=red_threes,
            pile=pile,
            pile_frozen=pile_frozen,
            stock=stock,
            draws=draws,
            to_move=to_move,
            scores=scores,
            melded_players=melded_players,
            deal_number=deal_number,
            seed=seed,
            turn_player=turn_player,
            phase=phase,
            known=known,
            turns=turns,
            end=end,
            went_out=went_out,
            concealed=concealed,
            lone_hand=lone_hand,
            turn=turn,
        )
        try:
            parts = game_parts(position, Where(deal="", names={"number": "deal_number"}))
        except InvalidPositionError as refusal:
            raise PositionError(str(refusal), refusal.rule) from None
        game = cls._from_parts(parts)
        if game.deal.phase is Phase.OVER and game.deal_result is None:
            game = attrs.evolve(game, is_over=False)._deal_ended()  # scored, and maybe won
        return game

    @classmethod
    def _from_parts(cls, parts: GameParts) -> Game:
        """The game of parts a position, a document or the match made (see
        :mod:`canasta._engine.position`, :mod:`canasta._engine.match`), with the legal moves
        a validator found (the cache :meth:`legal_moves` fills), made from every field as
        :func:`_with_deal` makes one."""
        p = parts
        legal, seeded = p.legal, p.dealt_from_seed  # every field in order
        return _make_game(
            p.rules, p.seed, p.deal, p.scores, p.results, p.seat_players, p.is_over, seeded, legal
        )

    def _parts(self) -> GameParts:
        return GameParts(
            rules=self.rules,
            seed=self.seed,
            deal=self.deal,
            scores=self.scores,
            results=self.results,
            seat_players=self.seat_players,
            is_over=self.is_over,
            dealt_from_seed=self.dealt_from_seed,
        )

    # --- what is going on ----------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The player to act; ``None`` at the end of a deal and once the game is over."""
        if self.is_over:
            return None
        seat = self.deal.to_act
        return None if seat is None else self.seat_players[seat]

    @property
    def phase(self) -> Phase:
        """The phase of the current turn; :attr:`Phase.OVER
        <canasta._engine.state.Phase.OVER>` at the end of a deal."""
        return self.deal.phase

    @property
    def deal_result(self) -> DealResult | None:
        """The scored result of the deal just ended, at the end of a deal (and once the game
        is over); ``None`` while a deal is played."""
        return match.ended_result(self.deal.phase, self.deal.number, self.results)

    @property
    def turn_player(self) -> int:
        """The player whose turn it is (while a partner answers, the one who asked)."""
        return self.seat_players[self.deal.seat]

    @property
    def draft(self) -> TurnDraft:
        """The obligations of the turn in progress."""
        return self.deal.draft

    @property
    def deal_number(self) -> int:
        """The number of the deal in progress, from 0."""
        return self.deal.number

    @property
    def table(self) -> Table:
        """What every player can see."""
        return Table.of(self.deal)

    @property
    def hands(self) -> tuple[Cards, ...]:
        """Every player's hand (empty for a player sitting out)."""
        return tuple(self.hand(player) for player in range(self.rules.num_players))

    def hand(self, player: int) -> Cards:
        """A player's hand."""
        if player in self.seat_players and type(player) is int:
            return self.deal.hands[self.seat_players.index(player)]
        checked_player(player, self.rules)
        return Cards()

    def side_of_player(self, player: int) -> int:
        """The side a player belongs to."""
        return self.rules.side_of_player(checked_player(player, self.rules))

    def side_of(self, player: int) -> int:
        """Deprecated: :meth:`side_of_player` (kept for a release)."""
        warnings.warn("Game.side_of is deprecated: use side_of_player", DeprecationWarning, 2)
        return self.side_of_player(player)

    @property
    def minimums(self) -> tuple[int, ...]:
        """Each side's initial-meld minimum in the current deal (CL-INIT-1)."""
        return self.deal.minimums

    @property
    def initial_minimums(self) -> tuple[int, ...]:
        """Deprecated: :attr:`minimums` (kept for a release)."""
        warnings.warn("Game.initial_minimums is deprecated: use minimums", DeprecationWarning, 2)
        return self.deal.minimums

    @property
    def melded_players(self) -> frozenset[int]:
        """Players who have melded in the current deal (CL-CONC-1)."""
        seats = self.seat_players
        return frozenset(seats[seat] for seat in self.deal.melded_seats)

    @property
    def winner(self) -> int | None:
        """The winning side once the game is over; ``None`` before, or after a drawn match."""
        return match.leader(self.scores) if self.is_over else None

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know: see :class:`~canasta.views.PlayerView`."""
        return PlayerView.of(self, player)

    @property
    def moves(self) -> tuple[tuple[int, Move], ...]:
        """Every move of the match so far, as (player, move), deal after deal.

        Between deals comes :class:`~canasta._model.moves.NextDeal`, which anyone may play: it
        is listed as played by the player whose move ended the deal. A game read from JSON
        without the finished deals' moves (``history="results"``) lists this deal's only."""
        return match.moves_played(self._parts())

    # --- moves -------------------------------------------------------------------------------

    def legal_moves(self) -> LegalMoves:
        """The legal moves of the player to act, one for each choice of cards, as a
        :class:`~canasta._legality.LegalMoves` whose ``in`` is :meth:`is_legal`: at the end of
        a deal ``[NextDeal()]``, once the game is over none. Found once per game and kept:
        :meth:`apply` plays one of them without checking it again."""
        legal = self._legal
        if legal is None:
            if self.is_over:
                legal = ()
            elif self.deal.phase is _OVER:
                legal = (_NEXT_DEAL,)
            else:
                legal = tuple(legal_moves(self.deal))
            object.__setattr__(self, "_legal", legal)  # a cache; the value does not change
        return LegalMoves(legal, self)

    def legal_actions(self) -> list[int]:
        """The action ids of the legal moves of the player to act, sorted
        (:mod:`canasta.actions`)."""
        from canasta.actions import legal_actions

        return legal_actions(self)

    def explain(self, move: Move, player: int | None = None) -> Violation | None:
        """Why ``move`` is illegal now for the player to act (or ``player``), or ``None``: the
        answer of ``player``'s :meth:`PlayerView.explain <canasta.views.PlayerView.explain>`.
        Not a move, or not a player, raises a :class:`~canasta.errors.CanastaError`."""
        return judge(self.rules, self.deal, self.seat_players, self.is_over, move, player)

    def is_legal(self, move: Move, player: int | None = None) -> bool:
        """Whether ``move`` is legal for the player to act (or for ``player``, if given)."""
        return self.explain(move, player) is None

    def verify(self, move: Move, player: int | None = None) -> None:
        """Raise :class:`~canasta.errors.IllegalMoveError` if ``move`` is illegal now."""
        raise_for(self.explain(move, player), move)

    def explain_turn(self, moves: Iterable[Move]) -> Violation | None:
        """The first refusal of a planned sequence of steps, or ``None`` if all are legal in
        turn; an opening the steps began must reach the minimum at their end, its melds
        checked as one unit (CL-INIT-1, CL-PILE-6; see :doc:`/tutorials/front-end`)."""
        return explain_turn(self, moves)

    def describe(self, move: Move) -> str:
        """``move`` as a sentence a player reads (:meth:`Draw.describe
        <canasta._model.moves.Draw.describe>`), from the view of the player it is for."""
        from canasta._wording import describe

        player = self.to_move if self.to_move is not None else self.turn_player
        return describe(self.view(player), move)

    def apply(self, move: Move, player: int | None = None) -> Game:
        """The game after ``move``; raises :class:`~canasta.errors.IllegalMoveError` if illegal.

        ``player``, if given, must be the player to act: servers pass the seat the move
        came from. At the end of a deal, :class:`~canasta._model.moves.NextDeal` from any
        player (or none) deals the next hand.
        """
        deal, legal = self.deal, self._legal
        # A move legal_moves gave (usually the very object: found by identity, in C,
        # before equality) is played without the searches that made it legal; it is a move
        # of the deal in progress, so it needs none of the tests below but the player's.
        known = legal is not None and (
            id(move) in map(id, legal) or (is_move(move) and move in legal)
        )
        if (
            type(move) is NextDeal  # the game's own move; the engine plays the others
            or not (known or (is_move(move) and deal.phase is not _OVER and not self.is_over))
            or (player is not None and player != self.to_move)
        ):
            raise_for(self.explain(move, player), move)
            return Game._from_parts(match.next_deal(self._parts()))
        outcome = play(deal, move, trusted=known)
        if isinstance(outcome, Violation):
            raise IllegalMoveError.from_violation(outcome, move)
        game = _with_deal(self, outcome)
        return game._deal_ended() if outcome.phase is _OVER else game

    def parse_move(self, text: str) -> Move:
        """Read a move from its text form (see :func:`canasta._model.moves.parse_move`)."""
        return parse_move(text)

    def _deal_ended(self) -> Game:
        """The game with the deal just ended scored, and over if the match is won
        (:func:`~canasta._engine.match.ended`)."""
        return Game._from_parts(match.ended(self._parts()))

    # --- JSON and the position notation ------------------------------------------------------

    def to_json(
        self,
        *,
        indent: int | None = None,
        history: Literal["results", "full"] = "results",
        rules: Literal["preset", "full"] = "preset",
    ) -> str:
        """The game as JSON (see :doc:`/json`): compact, or indented by ``indent`` spaces.

        ``Game.from_json(game.to_json()) == game``: the rules (a preset and the options that
        differ; every field with ``rules="full"``), the seed, the deal with its hidden cards
        and its moves so far, and the finished deals by their results (and their moves too
        with ``history="full"``, which records need) are all written.
        """
        from canasta._notation.jsonio import game_to_json

        return game_to_json(self._parts(), indent=indent, history=history, rules=rules)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """The game a JSON document describes (see :doc:`/json`), of this version or the one
        before.

        Raises :class:`~canasta.errors.JsonError` (a
        :class:`~canasta.errors.PositionError`) saying what is wrong and where.
        """
        from canasta._notation.jsonio import game_from_json

        return cls._from_parts(game_from_json(text))

    def to_text(self) -> str:
        """The position in the notation of :doc:`/notation`: one line where it fits.

        ``Game.from_text(game.to_text()) == game``.
        """
        from canasta._notation.text import game_to_text

        return game_to_text(self._parts())

    @classmethod
    def from_text(cls, text: str) -> Game:
        """The game a position in the notation of :doc:`/notation` describes; raises
        :class:`~canasta.errors.PositionError` saying what is wrong and where."""
        from canasta._notation.text import game_from_text

        return cls._from_parts(game_from_text(text))

    def __repr__(self) -> str:
        if self.is_over:
            state = "over"
        elif self.phase is Phase.OVER:
            state = "deal over"
        else:
            state = f"player {self.to_move} to {self.phase.value}"
        return (
            f"<Game {self.rules.name} {self.rules.num_players}p seed={self.seed!r} "
            f"deal {self.deal_number} scores={self.scores} {state}>"
        )

    def _repr_svg_(self) -> str:
        """The position as the player to act sees it, in SVG: Jupyter's picture of a game
        (see :func:`canasta.svg.render`)."""
        from canasta.svg import render

        return render(self)


_NEXT_DEAL = NextDeal()
_make_game = trusted.maker(Game)


def _with_deal(game: Game, deal: Deal) -> Game:
    """The game with another deal in progress and no legal moves found yet: ``attrs.evolve``,
    but quicker (``apply`` is hot), made from every field as the engine's trusted values are
    (a third cheaper than a copier's copy, which reads the fields and takes the changes)."""
    g, seeded = game, game.dealt_from_seed  # every field in order; no legal moves found yet
    return _make_game(
        g.rules, g.seed, deal, g.scores, g.results, g.seat_players, g.is_over, seeded, None
    )
