"""The states of the OpenSpiel games: a Canasta game while players move, the cards dealt
so far while a deal is dealt."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel
from numpy.typing import NDArray

from canasta import CanastaError, Game, NextDeal
from canasta._cache import remembered
from canasta._engine.scoring import score_deal
from canasta._engine.transitions import missing_cards
from canasta._model.cards import ALL_FACES, FACE_TEXT
from canasta._model.deck import pack_cards
from canasta._model.moves import Move
from canasta.actions import legal_action_map
from canasta.integrations.openspiel._text import (
    _describe,
    _draft_text,
    _event_text,
    _melds_text,
    _noted,
    _sequence_text,
    _view_text,
)
from canasta.observation import observation
from canasta.views import PlayerView

if TYPE_CHECKING:
    from canasta.integrations.openspiel import CanastaGame

_FACES = len(ALL_FACES)
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


class _Core:
    """A state's contents, never changed once made: a move makes a new one, and clones share
    it (OpenSpiel clones a Python state by deep-copying its attributes)."""

    __slots__ = ("dealt", "game", "memo", "moves", "private")

    def __init__(
        self,
        game: Game,
        dealt: tuple[int, ...] | None,
        moves: int,
        private: tuple[tuple[str, ...] | None, ...],
    ) -> None:
        #: The game; while a deal is dealt, the game whose current deal it replaces.
        self.game = game
        #: The faces dealt so far while a deal is dealt, else None.
        self.dealt = dealt
        #: Player moves so far.
        self.moves = moves
        #: Each player's private observations (cards dealt, cards drawn); None where unknown
        #: (the other players of a state drawn by resample_from_infostate).
        self.private = private
        #: Values computed from this core (legal moves, views, texts).
        self.memo: dict[object, Any] = {}

    def __deepcopy__(self, memo: dict[int, object]) -> _Core:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        text = self.game.to_json(history="full")  # information_text lists past deals' moves
        return _core_from_json, (text, self.dealt, self.moves, self.private)


def _core_from_json(
    text: str,
    dealt: tuple[int, ...] | None,
    moves: int,
    private: tuple[tuple[str, ...] | None, ...],
) -> _Core:
    return _Core(Game.from_json(text), dealt, moves, private)


@remembered(4096)
def _outcomes(left: bytes) -> tuple[tuple[int, float], ...]:
    total = sum(left)
    return tuple((face, count / total) for face, count in enumerate(left) if count)


class CanastaState(pyspiel.State):  # type: ignore[misc]
    """A state of a :class:`CanastaGame`: a :class:`~canasta.game.Game` while players move,
    and the cards dealt so far while a deal is dealt."""

    def __init__(self, game: CanastaGame) -> None:
        super().__init__(game)
        setup = game.setup
        self._setup = setup
        self._core = _Core(setup.start, (), 0, ((),) * setup.rules.num_players)

    # --- reading the state ----------------------------------------------------------------

    @property
    def canasta_game(self) -> Game:
        """The Canasta game: while a deal is dealt, the position before it was dealt."""
        return self._core.game

    def _dealing(self) -> bool:
        return self._core.dealt is not None

    def _truncated(self) -> bool:
        core = self._core
        return core.dealt is None and not core.game.is_over and core.moves >= self._setup.max_moves

    def is_terminal(self) -> bool:
        """Whether the game is over: the match ended (a side reached the target, or the deals
        were played: ``rules.deal_limit``), or (never seen in play) the bound on moves was
        reached."""
        return self._core.dealt is None and (self._core.game.is_over or self._truncated())

    def current_player(self) -> int:
        """The player to move, chance while dealing, or terminal."""
        if self._dealing():
            return _CHANCE
        if self.is_terminal():
            return _TERMINAL
        to_move = self._core.game.to_move
        assert to_move is not None  # the game is not over
        return to_move

    def _legal_map(self) -> dict[int, Move]:
        memo = self._core.memo
        if "legal" not in memo:
            memo["legal"] = legal_action_map(self._core.game)
        legal: dict[int, Move] = memo["legal"]
        return legal

    def _legal_actions(self, player: int) -> list[int]:
        if self._dealing() or self.is_terminal() or player != self._core.game.to_move:
            return []
        return sorted(self._legal_map())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The faces not yet dealt, each with its share of the cards left."""
        if not self._dealing():
            return []
        return list(_outcomes(self._left()))

    def _left(self) -> bytes:
        memo = self._core.memo
        if "left" not in memo:
            counts = bytearray(self._setup.pack_counts)
            for face in self._core.dealt or ():
                counts[face] -= 1
            memo["left"] = bytes(counts)
        left: bytes = memo["left"]
        return left

    def returns(self) -> list[float]:
        """Each player's side's points over the deals played, at the end; zeros before."""
        rules = self._setup.rules
        if not self.is_terminal():
            return [0.0] * rules.num_players
        game = self._core.game
        sides = list(game.scores)  # the sum of the finished deals' scores
        if self._truncated():  # the deal in progress, scored as it stands
            for side, score in enumerate(score_deal(game.deal)):
                sides[side] += score.total
        return [float(sides[rules.side_of_player(p)]) for p in range(rules.num_players)]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            return str(ALL_FACES[action]) if 0 <= action < _FACES else f"face {action}"
        if not self._dealing() and not self.is_terminal() and player == self.current_player():
            move = self._legal_map().get(action)
            if move is not None:
                return str(move)
        return _describe(action)

    # --- moving -----------------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        core = self._core
        if core.dealt is not None:
            self._deal_card(core, action)
            return
        move = self._legal_map().get(action) if not self.is_terminal() else None
        if move is None:
            raise CanastaError(f"action {action} ({_describe(action)}) is not legal here")
        before = core.game
        mover = before.to_move
        after = before.apply(move)
        private = core.private
        if mover is not None and after.deal_number == before.deal_number and not after.is_over:
            event = after.deal.history[-1]
            if event.drawn and private[mover] is not None:
                drawn = str(missing_cards(after.hand(mover), before.hand(mover)))
                note = f"deal {after.deal_number} turn {after.deal.turn}: drew {drawn}"
                private = _noted(private, mover, note)
        self._core = self._next_core(after, before.deal_number, core.moves + 1, private)

    def _deal_card(self, core: _Core, face: int) -> None:
        if not 0 <= face < _FACES or not self._left()[face]:
            raise CanastaError(f"chance outcome {face} is not a face left to deal")
        dealt = (*(core.dealt or ()), face)
        if len(dealt) < self._setup.rules.pack_size:
            self._core = _Core(core.game, dealt, core.moves, core.private)
            return
        game = core.game.redealt([ALL_FACES[index] for index in dealt])
        private = core.private
        if game.deal_number == core.game.deal_number:
            for player in range(self._setup.rules.num_players):
                note = f"deal {game.deal_number}: dealt {game.hand(player)}"
                private = _noted(private, player, note)
        self._core = self._next_core(game, core.game.deal_number, core.moves, private)

    def _next_core(
        self,
        game: Game,
        deal_before: int,
        moves: int,
        private: tuple[tuple[str, ...] | None, ...],
    ) -> _Core:
        """The core of ``game`` after deal ``deal_before``: past a deal's end, a new deal dealt."""
        game = game.apply(NextDeal()) if game.to_move is None and not game.is_over else game
        dealing = game.deal_number != deal_before and not game.is_over
        return _Core(game, () if dealing else None, moves, private)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CanastaState:
        """A state ``player_id`` cannot tell from this one, drawn at random (for IS-MCTS).

        The hidden cards are dealt again uniformly among the places ``player_id`` cannot see
        (:meth:`~canasta.views.PlayerView.sample`); the other players' private observations
        are unknown in the result (None), and its OpenSpiel history is empty.
        ``probability_sampler()`` gives a number in [0, 1) that seeds the draw.
        """
        core = self._core
        rng = random.Random(int(probability_sampler() * 2**53))
        private = tuple(
            notes if player == player_id else None for player, notes in enumerate(core.private)
        )
        if core.dealt is not None:
            pack = list(pack_cards(self._setup.rules.decks))
            dealt: tuple[int, ...] | None = tuple(
                card.index for card in rng.sample(pack, len(core.dealt))
            )
            game = core.game
        elif self.is_terminal():
            dealt, game = None, core.game
        else:
            dealt, game = None, core.game.view(player_id).sample(rng)
        state: CanastaState = self.get_game().new_initial_state()
        state._core = _Core(game, dealt, core.moves, private)
        return state

    # --- what players see --------------------------------------------------------------------

    def _view(self, player: int) -> PlayerView:
        memo = self._core.memo
        key = ("view", player)
        if key not in memo:
            memo[key] = self._core.game.view(player)
        view: PlayerView = memo[key]
        return view

    def observation_vector(self, player: int) -> NDArray[np.float32]:
        """:func:`canasta.observation.observation` of ``player``'s view; zeros while a deal
        is dealt (the cards are picked up once all are dealt)."""
        memo = self._core.memo
        key = ("vector", player)
        if key not in memo:
            if self._dealing():
                memo[key] = np.zeros(self._setup.shape, dtype=np.float32)
            else:
                memo[key] = observation(self._view(player))
        vector: NDArray[np.float32] = memo[key]
        return vector

    def observation_text(self, player: int) -> str:
        """What ``player`` sees now, as text: their hand, the table, the turn."""
        memo = self._core.memo
        key = ("text", player)
        if key not in memo:
            if self._dealing():
                memo[key] = f"player {player}\n{self._dealing_text()}"
            else:
                memo[key] = _view_text(self._view(player))
        text: str = memo[key]
        return text

    def information_text(self, player: int) -> str:
        """Everything ``player`` has seen, in order: :meth:`observation_text`, the public
        history of every deal, and the player's own cards dealt and drawn."""
        # Not kept with the state: its length grows with the game, and OpenSpiel's tests keep
        # a clone of every state of a game.
        game = self._core.game
        lines = [self.observation_text(player), "history:"]
        for result in game.results:
            events = "; ".join(map(_event_text, result.history))
            seats = " ".join(map(str, result.seat_players))
            totals = " ".join(map(str, result.totals))
            lines.append(f"deal {result.number} (players {seats}): {events}; scores {totals}")
        if not self._dealing() and not game.is_over:
            events = "; ".join(map(_event_text, game.deal.history))
            seats = " ".join(map(str, game.seat_players))
            lines.append(f"deal {game.deal_number} (players {seats}): {events}")
        notes = self._core.private[player]
        lines.append("private: " + ("unknown" if notes is None else "; ".join(notes)))
        return "\n".join(lines)

    def _dealing_text(self) -> str:
        game = self._core.game
        dealt = len(self._core.dealt or ())
        scores = " ".join(map(str, game.scores))
        return (
            f"deal {game.deal_number}: dealing, {dealt} of {self._setup.rules.pack_size} cards "
            f"dealt; scores {scores}"
        )

    def __str__(self) -> str:
        memo = self._core.memo
        if "str" not in memo:
            memo["str"] = self._text()
        text: str = memo["str"]
        return text

    def _text(self) -> str:
        core = self._core
        if core.dealt is not None:
            cards = " ".join(FACE_TEXT[face] for face in core.dealt)
            return f"{self._dealing_text()}: {cards}"
        game = core.game
        lines = [repr(game), f"moves {core.moves}"]
        lines += [f"player {p}: {hand}" for p, hand in enumerate(game.hands)]
        deal = game.deal
        lines.append("melds: " + " | ".join(_melds_text(side) for side in deal.melds))
        lines.append("red threes: " + " | ".join(str(red) for red in deal.red_threes))
        lines.append("pile: " + _sequence_text(deal.pile))
        lines.append("stock: " + _sequence_text(deal.stock))
        lines.append(f"draft: {_draft_text(deal.draft)}")
        return "\n".join(lines)
