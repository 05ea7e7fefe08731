"""What one player may know, the rules applied from there, and sampling the hidden cards.

>>> import random, canasta
>>> game = canasta.Game.new("classic", seed=7)
>>> view = game.view(0)
>>> view.hand == game.hand(0), view.hand_sizes
(True, (11, 11, 11, 11))
>>> sorted(map(str, view.legal_moves())) == sorted(map(str, game.legal_moves()))
True
>>> world = view.sample(random.Random(1))
>>> world.view(0) == view, world.hand(1) == game.hand(1)
(True, False)

A view answers rules questions as the game does, and previews the player's own meld steps
(:meth:`PlayerView.apply`):

>>> drawn = game.apply(canasta.Draw()).view(0)
>>> step = next(m for m in drawn.legal_moves() if m.kind is canasta.MoveKind.MELD)
>>> drawn.apply(step) == game.apply(canasta.Draw()).apply(step).view(0)
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, Literal

import attrs

from canasta._engine import match
from canasta._engine.movegen import legal_moves
from canasta._engine.position import (
    ViewParts,
    built_world,
    deal_world,
    finishing_hand,
    outcomes,
    rules_deal,
    seats_that_may_hold_red_threes,
    the_turn_can_finish,
)
from canasta._engine.scoring import DealResult
from canasta._engine.state import EMPTY, Deal, Event, Phase, TurnDraft
from canasta._engine.transitions import play
from canasta._legality import LegalMoves, checked_player, explain_turn, judge, raise_for
from canasta._model.cards import Card
from canasta._model.deck import Cards
from canasta._model.moves import AddToMeld, LayMeld, MergeMelds, Move, NextDeal, TakePile
from canasta._rules.ruleset import RuleSet
from canasta.errors import CanastaError, PositionError, Violation
from canasta.table import Table

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from canasta.game import Game

__all__ = ["PlayerView", "PreviewError"]

#: How many worlds :meth:`PlayerView.sample` draws uniformly at random before it builds the
#: hand of the player whose turn it is (and then how many it builds with ``rng``, before the
#: one the loader found): where a tenth of the worlds or more let that player finish the
#: turn, the chance that none of 100 does is under 3 in 100,000.
SAMPLE_TRIES = 100
_NEXT_DEAL = NextDeal()
#: The steps a view can play itself: they show no card the player cannot see.
_PREVIEWED = (LayMeld, AddToMeld, MergeMelds, TakePile)


class PreviewError(CanastaError):
    """A step that a player's view cannot preview (:meth:`PlayerView.apply`): a draw, which
    would show a card the view does not hold, another player's move, or a step that ends
    the deal and so shows every hand."""


@attrs.frozen(slots=True)
class PlayerView:
    """Exactly what ``player`` may know: their hand, the table, the public history.

    Other hands appear only as their sizes and the cards in them that everybody saw taken
    with the pile. The stock's order, the other cards of other hands and the game's seed
    are not in a view, so two games that differ only there give equal views. Once a deal
    is over every hand is shown, for counting: ``known_cards`` (and :attr:`hands`) hold
    them all.
    """

    rules: RuleSet
    #: The player whose view this is.
    player: int
    #: Their hand.
    hand: Cards
    #: Cards in every player's hand (0 for a player sitting out).
    hand_sizes: tuple[int, ...]
    #: For every player, the cards of their hand that everybody knows (taken with the pile;
    #: the whole hand once the deal is over).
    known_cards: tuple[Cards, ...]
    #: The melds and red threes of each side, the pile's top and size, the stock's size.
    table: Table
    #: The whole discard pile, bottom first: every card in it was seen when it was played.
    pile: tuple[Card, ...]
    #: Cumulative scores per side.
    scores: tuple[int, ...]
    #: Each side's initial-meld minimum in this deal.
    minimums: tuple[int, ...]
    #: The player to act (``None`` once the game is over).
    to_move: int | None
    #: The player whose turn it is.
    turn_player: int
    phase: Phase
    #: The obligations of the turn in progress (all public: they follow from the table).
    draft: TurnDraft
    deal_number: int
    #: Turns begun so far in this deal.
    turn: int
    #: Which player sits in each seat of this deal.
    seat_players: tuple[int, ...]
    #: Players who have melded in this deal.
    melded_players: frozenset[int]
    #: This deal's public steps.
    history: tuple[Event, ...]
    #: Finished deals, with their scores and public steps (the steps are kept but not
    #: compared, as in :attr:`Game.results <canasta.game.Game.results>`).
    results: tuple[DealResult, ...] = attrs.field(eq=outcomes)
    is_over: bool

    @classmethod
    def of(cls, game: Game, player: int) -> PlayerView:
        """The view of ``player`` in ``game``."""
        rules = game.rules
        player = checked_player(player, rules)
        deal = game.deal
        seats = game.seat_players
        if deal.phase is Phase.OVER:  # the hands are shown for counting
            known = game.hands
        else:
            known = tuple(
                deal.known[seats.index(p)] if p in seats else EMPTY
                for p in range(rules.num_players)
            )
        return cls(
            rules=rules,
            player=player,
            hand=game.hand(player),
            hand_sizes=tuple(len(game.hand(p)) for p in range(rules.num_players)),
            known_cards=known,
            table=game.table,
            pile=deal.pile,
            scores=game.scores,
            minimums=deal.minimums,
            to_move=game.to_move,
            turn_player=game.turn_player,
            phase=deal.phase,
            draft=deal.draft,
            deal_number=deal.number,
            turn=deal.turn,
            seat_players=seats,
            melded_players=frozenset(seats[s] for s in deal.melded_seats),
            history=tuple(deal.history),
            results=game.results,
            is_over=game.is_over,
        )

    # --- what the view shows ------------------------------------------------------------------

    @property
    def deal_result(self) -> DealResult | None:
        """The scored result of the deal just ended, at the end of a deal; else ``None``."""
        return match.ended_result(self.phase, self.deal_number, self.results)

    @property
    def hands(self) -> tuple[Cards, ...] | None:
        """Every player's hand once the deal is over (shown for counting); ``None`` while it
        is played, when only :attr:`hand` and :attr:`hand_sizes` are known."""
        return self.known_cards if self.phase is Phase.OVER else None

    def side_of_player(self, player: int) -> int:
        """The side a player belongs to."""
        return self.rules.side_of_player(checked_player(player, self.rules))

    # --- the rules from the view ------------------------------------------------------------

    def legal_moves(self) -> LegalMoves:
        """The legal moves of this player if it is their move (else none), as the game has
        them: a :class:`~canasta._legality.LegalMoves`, whose ``in`` is :meth:`is_legal`. At
        the end of a deal every player may play ``NextDeal()``."""
        if self.is_over:
            return LegalMoves((), self)
        if self.phase is Phase.OVER:
            return LegalMoves((_NEXT_DEAL,), self)
        if self.to_move != self.player:
            return LegalMoves((), self)
        return LegalMoves(tuple(legal_moves(self._rules_deal())), self)

    def explain(self, move: Move) -> Violation | None:
        """Why ``move`` by this player is illegal now, or ``None`` if it is legal: the same
        answer as :meth:`Game.explain(move, player) <canasta.game.Game.explain>`."""
        rules_deal = self._rules_deal()
        return judge(self.rules, rules_deal, self.seat_players, self.is_over, move, self.player)

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` by this player is legal now."""
        return self.explain(move) is None

    def verify(self, move: Move) -> None:
        """Raise :class:`~canasta.errors.IllegalMoveError` if ``move`` is illegal now."""
        raise_for(self.explain(move), move)

    def apply(self, move: Move) -> PlayerView:
        """This player's next view after their own meld-phase step: a meld, an addition, a
        merge, or the pile take (its cards are all in sight). A front end stages a turn
        this way before sending it; to undo a staged step, keep the view from before it.

        An illegal step raises :class:`~canasta.errors.IllegalMoveError`. A draw (which
        would show a card the view does not hold), another kind of move, or a step that
        ends the deal (which shows every hand) raises :class:`PreviewError`: play those on
        the game.

        >>> import canasta
        >>> view = canasta.Game.new("classic", seed=7).view(0)
        >>> view.apply(canasta.Draw())
        Traceback (most recent call last):
        ...
        canasta.views.PreviewError: a view cannot preview a draw: the cards drawn are hidden...
        """
        raise_for(self.explain(move), move)
        if not isinstance(move, _PREVIEWED):
            what = "a draw" if move.kind.value == "draw" else f"the move {move}"
            hidden = ": the cards drawn are hidden" if move.kind.value == "draw" else ""
            raise PreviewError(
                f"a view cannot preview {what}{hidden}; previews are of the player's own "
                "melds, additions, merges and pile takes: play it on the game"
            )
        outcome = play(self._rules_deal(), move)
        assert isinstance(outcome, Deal)  # explain said the step is legal
        if outcome.phase is Phase.OVER:
            raise PreviewError(
                f"{move} ends the deal, which shows every hand: play it on the game"
            )
        return self._after(outcome)

    def explain_turn(self, moves: Iterable[Move]) -> Violation | None:
        """The first refusal of a planned sequence of this player's steps, or ``None``, as
        :meth:`Game.explain_turn <canasta.game.Game.explain_turn>` gives it. The steps are
        previewed with :meth:`apply`: a draw among them raises :class:`PreviewError`."""
        return explain_turn(self, moves)

    def describe(self, move: Move) -> str:
        """``move`` as a sentence this player reads (:meth:`Draw.describe
        <canasta._model.moves.Draw.describe>`); it names no card hidden from the view."""
        from canasta._wording import describe

        return describe(self, move)

    # --- for game AI (canasta.actions, canasta.observation) ------------------------------------

    def legal_actions(self) -> list[int]:
        """The action ids of this player's legal moves, sorted (:mod:`canasta.actions`).

        >>> import canasta
        >>> canasta.Game.new("classic", seed=10).view(0).legal_actions()
        [0, 59]
        """
        from canasta.actions import legal_actions

        return legal_actions(self)

    def action_mask(self) -> NDArray[np.int8]:
        """1 for each legal action id, else 0 (:func:`canasta.actions.action_mask`; NumPy)."""
        from canasta.actions import action_mask

        return action_mask(self)

    def decode(self, action: int) -> Move:
        """The legal move of this player with id ``action`` (:func:`canasta.actions.decode`)."""
        from canasta.actions import decode

        return decode(self, action)

    def observation(self) -> NDArray[np.float32]:
        """This view as a vector of numbers (:func:`canasta.observation.observation`; NumPy)."""
        from canasta.observation import observation

        return observation(self)

    # --- determinization -----------------------------------------------------------------------

    def sample(self, rng: random.Random) -> Game:
        """A whole :class:`~canasta.game.Game` consistent with this view: its view of this
        player equals this view.

        The cards this player cannot see are dealt uniformly at random to the places they
        cannot see (other hands, apart from their known cards, and the stock); a red three
        goes only where one could be (the stock, or the hand of a player who has not yet
        laid out dealt red threes). The sample's seed, which fixes later deals, is drawn
        from ``rng`` too.

        The player whose turn it is may have obligations that only some hands can meet (an
        opening begun, black threes laid, a partner's "yes", a question asked): a world
        where that hand could not finish the turn is drawn again, so that a sample among the
        first :data:`SAMPLE_TRIES` drawn is uniform among the worlds the rules allow. Where
        none of them is (a turn only rare hands can finish), that player's hand is *built*
        instead, from the hidden cards, for the turn's obligations (favouring the ranks of the
        side's melds, the ranks already drawn, wild cards and points; or planned for going
        out), and the other cards are dealt at random: a world the rules allow, but no longer
        a uniform draw among them. The loader refuses a view of another player's turn for
        which no hand so built finishes the turn, so every view read from JSON or text
        samples; a view made otherwise that none could finish raises
        :class:`~canasta.errors.PositionError`.
        """
        parts = self._parts()
        for _ in range(SAMPLE_TRIES):
            deal = deal_world(parts, rng)
            if the_turn_can_finish(deal):
                return self._world(deal, rng)
        if self.player != self.turn_player:  # the hand to build is hidden
            for _ in range(SAMPLE_TRIES):
                deal = built_world(parts, rng)
                if the_turn_can_finish(deal):
                    return self._world(deal, rng)
            hand = finishing_hand(parts)  # the hand the loader found: it finishes the turn
            if hand is not None:
                return self._world(deal_world(parts, rng, hand), rng)
        raise PositionError(
            f"no world drawn or built lets player {self.turn_player} finish the turn this "
            "view describes: no game reaches it"
        )

    def _rules_deal(self) -> Deal:
        """A deal that answers every rules question for this player as the real one would
        (:func:`~canasta._engine.position.rules_deal`)."""
        return rules_deal(self._parts())

    def _after(self, deal: Deal) -> PlayerView:
        """This view once its player's step made ``deal`` of :meth:`_rules_deal`."""
        seats = self.seat_players
        me = seats.index(self.player)
        sizes = list(self.hand_sizes)
        sizes[self.player] = len(deal.hands[me])
        known = list(self.known_cards)
        for seat, player in enumerate(seats):
            known[player] = deal.known[seat]
        return attrs.evolve(
            self,
            hand=deal.hands[me],
            hand_sizes=tuple(sizes),
            known_cards=tuple(known),
            table=Table.of(deal),
            pile=deal.pile,
            to_move=seats[deal.to_act] if deal.to_act is not None else None,
            phase=deal.phase,
            draft=deal.draft,
            turn=deal.turn,
            melded_players=frozenset(seats[s] for s in deal.melded_seats),
            history=tuple(deal.history),
        )

    def _world(self, deal: Deal, rng: random.Random) -> Game:
        """The game of a world (:func:`~canasta._engine.position.worlds.deal_world`), its seed
        drawn from ``rng``."""
        from canasta.game import Game

        return Game(
            rules=self.rules,
            seed=rng.randrange(2**53),
            deal=deal,
            scores=self.scores,
            results=self.results,
            seat_players=self.seat_players,
            is_over=self.is_over,
        )

    @property
    def seats_that_may_hold_red_threes(self) -> frozenset[int]:
        """Seats whose first turn has not begun, under first-turn red-three timing (CL-R3-2)."""
        return seats_that_may_hold_red_threes(
            self.rules, self.phase, self.seat_players, self.history, self.turn_player
        )

    # --- JSON and the position notation ------------------------------------------------------

    def to_json(
        self,
        *,
        indent: int | None = None,
        history: Literal["results", "full"] = "results",
        rules: Literal["preset", "full"] = "preset",
        legal_moves: bool = False,
    ) -> str:
        """The view as JSON (see :doc:`/json`): compact, or indented by ``indent`` spaces;
        ``history`` and ``rules`` as for :meth:`Game.to_json <canasta.game.Game.to_json>`.
        With ``legal_moves=True`` the document also lists this player's legal moves (none
        when it is not their move), for a front end that needs no second call."""
        from canasta._notation.jsonio import view_to_json

        moves = tuple(self.legal_moves()) if legal_moves else None
        return view_to_json(
            self._parts(), indent=indent, history=history, rules=rules, legal_moves=moves
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> PlayerView:
        """The view a JSON document describes; raises :class:`~canasta.errors.JsonError`."""
        from canasta._notation.jsonio import view_from_json

        return cls._from_parts(view_from_json(text))

    def to_text(self) -> str:
        """The view in the notation of :doc:`/notation`, hidden cards as counts."""
        from canasta._notation.text import view_to_text

        return view_to_text(self._parts())

    @classmethod
    def from_text(cls, text: str) -> PlayerView:
        """The view a position in the notation of :doc:`/notation` describes."""
        from canasta._notation.text import view_from_text

        return cls._from_parts(view_from_text(text))

    @classmethod
    def _from_parts(cls, parts: ViewParts) -> PlayerView:
        rules = parts.rules
        return cls(
            rules=rules,
            player=parts.player,
            hand=parts.hand,
            hand_sizes=parts.hand_sizes,
            known_cards=parts.known_cards,
            table=Table(
                melds=parts.melds,
                red_threes=parts.red_threes,
                pile_top=parts.pile[-1] if parts.pile else None,
                pile_size=len(parts.pile),
                pile_frozen=parts.pile_frozen,
                stock_size=parts.stock_size,
                frozen_before_opening=rules.frozen_before_opening,
                frozen_rule=rules.rule_id("CL-FRZ-1"),
                unopened_rule=rules.rule_id("CL-FRZ-2"),
                lone_hand=parts.lone_hand,
            ),
            pile=parts.pile,
            scores=parts.scores,
            minimums=parts.minimums,
            to_move=parts.to_move,
            turn_player=parts.turn_player,
            phase=parts.phase,
            draft=parts.draft,
            deal_number=parts.deal_number,
            turn=parts.turn,
            seat_players=parts.seat_players,
            melded_players=parts.melded_players,
            history=parts.history,
            results=parts.results,
            is_over=parts.is_over,
        )

    def _parts(self) -> ViewParts:
        table = self.table
        return ViewParts(
            rules=self.rules,
            player=self.player,
            hand=self.hand,
            hand_sizes=self.hand_sizes,
            known_cards=self.known_cards,
            melds=table.melds,
            red_threes=table.red_threes,
            pile=self.pile,
            pile_frozen=table.pile_frozen,
            stock_size=table.stock_size,
            scores=self.scores,
            minimums=self.minimums,
            to_move=self.to_move,
            turn_player=self.turn_player,
            phase=self.phase,
            draft=self.draft,
            deal_number=self.deal_number,
            turn=self.turn,
            seat_players=self.seat_players,
            melded_players=self.melded_players,
            history=self.history,
            results=self.results,
            is_over=self.is_over,
            lone_hand=table.lone_hand,
        )

    def _repr_svg_(self) -> str:
        """The view in SVG: Jupyter's picture of it (see :func:`canasta.svg.render`)."""
        from canasta.svg import render

        return render(self)
