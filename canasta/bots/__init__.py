"""Computer players. They live outside the rules core and use it like any other program.

A bot is anything with a method ``choose(view, rng) -> move`` (the :class:`Bot` protocol):
it is given the :class:`~canasta.views.PlayerView` of the player to act, which holds only
what that player may know (their hand, the table, the public history, the sizes of the
other hands), and returns one of ``view.legal_moves()`` (at a deal's end, ``NextDeal()``).
A bot never sees a hidden card. ``rng`` is its only source of chance: seeded games repeat.

>>> import random, canasta
>>> game = canasta.Game.new("classic", seed=1)
>>> view = game.view(game.to_move)
>>> RandomBot().choose(view, random.Random(1)) in list(view.legal_moves())
True
>>> GreedyBot().choose(view, random.Random(1))
Draw()

Writing a bot takes one method; this one always plays the last legal move it is offered:

>>> class LastMoveBot:
...     def choose(self, view, rng):
...         return list(view.legal_moves())[-1]
>>> LastMoveBot().choose(view, random.Random(1))
Draw()
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Protocol

from canasta._model.moves import Move
from canasta.bots._scoring import _Facts
from canasta.bots._search import _best_by_greedy, _Node, _Search
from canasta.errors import CanastaError, shown
from canasta.views import PlayerView

__all__ = ["Bot", "GreedyBot", "ISMCTSBot", "RandomBot", "bot_names", "find_bot"]


class Bot(Protocol):
    """The interface of a computer player: one method."""

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """One of ``view.legal_moves()``: the move of ``view.player``, who is to act."""
        ...  # pragma: no cover


class RandomBot:
    """Plays a uniformly random legal move."""

    name = "random"

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """A uniformly random legal move."""
        return rng.choice(list(view.legal_moves()))


class GreedyBot:
    """Plays by rules of thumb, one move at a time, looking only at its view.

    - It answers its partner "yes" unless its own hand would cost more than the deal gains.
    - It takes the pile when the pile holds two cards or more, and otherwise draws.
    - It opens as soon as it can, melds natural cards, adds them to its melds and completes
      canastas; it keeps wild cards for completing canastas, for its opening and for going
      out, and melds them freely only near the end of the deal.
    - It goes out whenever it can (asking first when the rules make asking compulsory).
    - It discards what it needs least and what the next opponent is least likely to take:
      black threes first (stop cards), never a card the next opponent's side has melded
      while the pile is open to them, seldom a wild card (which would freeze the pile), and
      rather a single card than one of a pair.

    Ties are broken with ``rng``.
    """

    name = "greedy"

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The move the rules of thumb like best."""
        moves = list(view.legal_moves())
        if len(moves) == 1:
            return moves[0]
        facts = _Facts(view, moves)
        scored = [(facts.score(move), rng.random(), index) for index, move in enumerate(moves)]
        return moves[max(scored)[2]]


class ISMCTSBot:
    """Searches its turn by information-set Monte Carlo tree search (single observer).

    Every iteration samples a whole game consistent with the view (:meth:`PlayerView.sample
    <canasta.views.PlayerView.sample>`), so the search never sees a hidden card. The tree holds
    the bot's own decisions for the rest of its turn (the draw, the melds, the discard), keyed
    by the moves' text; in it a move is chosen by UCB1 among the moves legal in the sampled
    world, counting how often each was available, and a move not tried yet is added first, in
    the greedy bot's order. Only the ``max_moves`` moves :class:`GreedyBot` likes best are
    considered at any decision. Where the tree ends, ``rollout_bot`` (the model of every
    player, by default the greedy bot) plays on until ``horizon`` more turns have begun (with
    2, until the next player's turn is over), the deal ends or it has made ``rollout_steps``
    decisions. The position reached is valued for every side: a finished deal by its score, a
    deal in play by an estimate of what it will score (a linear function of the table and the
    hands, fitted to how deals between greedy bots end), each side against the best other
    side, squashed into 0 to 1 by ``scale``.

    Every sampled world is played once from each move considered at the root, with the same
    random choices after it, so the root's moves are compared on the same cards. The move
    played is the one whose plays scored best on average; ties go the greedy bot's way.

    It stops after ``iterations`` iterations, or after ``seconds`` of thinking, whichever
    comes first (``None`` for no limit of that kind; one of them must be set); the last
    sampled world is played from every root move, so a few more iterations than asked may
    run. Limited by iterations only, it plays the same move for the same ``rng`` state. A lone
    legal move, or a lone move worth considering, is played at once.

    >>> import random, canasta
    >>> game = canasta.Game.new("classic", seed=1).apply(canasta.Draw())
    >>> view = game.view(0)
    >>> move = ISMCTSBot(iterations=20, rollout_steps=5).choose(view, random.Random(1))
    >>> view.is_legal(move)
    True
    """

    name = "ismcts"

    def __init__(
        self,
        iterations: int | None = 40,
        seconds: float | None = None,
        *,
        exploration: float = 0.7,
        rollout_steps: int = 100,
        rollout_bot: Bot | None = None,
        max_moves: int = 4,
        scale: float = 300.0,
        horizon: int = 2,
    ) -> None:
        if iterations is None and seconds is None:
            raise CanastaError("give iterations, seconds or both")
        if iterations is not None and iterations < 1:
            raise CanastaError("iterations must be 1 or more")
        if seconds is not None and seconds <= 0:
            raise CanastaError("seconds must be more than 0")
        if rollout_steps < 0 or max_moves < 1 or horizon < 1 or scale <= 0:
            raise CanastaError("rollout_steps ≥ 0, max_moves and horizon 1 or more, scale > 0")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_steps = rollout_steps
        self.rollout_bot: Bot = rollout_bot if rollout_bot is not None else GreedyBot()
        self.max_moves = max_moves
        self.scale = scale
        self.horizon = horizon

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The root move whose plays scored best on average."""
        moves = list(view.legal_moves())
        if len(moves) == 1:
            return moves[0]
        if not moves:
            raise CanastaError(f"player {view.player} has no move to make")
        # The greedy bot's favourites, best first: ties in the search go its way.
        moves = _best_by_greedy(view, moves, self.max_moves, rng)
        if len(moves) == 1:
            return moves[0]
        roots = [_Node() for _ in moves]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        search = _Search(self, view.player, len(view.results), view.turn + self.horizon)
        done = 0
        while self.iterations is None or done < self.iterations:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            world = view.sample(rng)
            seed = rng.getrandbits(64)
            for move, root in zip(moves, roots, strict=True):
                # The same random choices after every root move (common random numbers).
                search.iterate(root, world.apply(move), random.Random(seed))
            done += len(moves)
        best = max(range(len(moves)), key=lambda i: (roots[i].reward / roots[i].visits, -i))
        return moves[best]


_BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "ismcts": ISMCTSBot,
}


def bot_names() -> tuple[str, ...]:
    """The names :func:`find_bot` knows."""
    return tuple(_BOTS)


def find_bot(name: str) -> Bot:
    """A new bot by name: ``random``, ``greedy`` or ``ismcts`` (with its defaults).

    >>> find_bot("Greedy")
    <canasta.bots.GreedyBot object at ...>
    """
    maker = _BOTS.get(name.strip().lower()) if isinstance(name, str) else None
    if maker is None:
        raise CanastaError(f"unknown bot {shown(name)}; bots: {', '.join(_BOTS)}")
    return maker()
