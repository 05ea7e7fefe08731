"""The information-set Monte Carlo tree search of :class:`~canasta.bots.ISMCTSBot`: one
decision's search, its tree, and how a position reached is valued."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from canasta.bots._estimate import _estimate_deal
from canasta.bots._scoring import _Facts

if TYPE_CHECKING:
    from canasta._model.moves import Move
    from canasta.bots import ISMCTSBot
    from canasta.game import Game
    from canasta.views import PlayerView


class _Search:
    """One decision's search: who searches, and where its iterations stop."""

    def __init__(self, bot: ISMCTSBot, player: int, deals: int, turn_limit: int) -> None:
        self.bot = bot
        self.player = player
        self.deals = deals
        self.turn_limit = turn_limit

    def iterate(self, root: _Node, world: Game, rng: random.Random) -> None:
        """One iteration below a root move already played in ``world``."""
        bot, player = self.bot, self.player
        path = [root]
        # A root move tried for the first time is the node this iteration adds.
        node: _Node | None = root if root.visits else None
        steps = 0
        while not _deal_over(world, self.deals) and world.deal.turn < self.turn_limit:
            to_move = world.to_move
            assert to_move is not None
            if node is not None and to_move == player:
                moves = list(world.legal_moves())
                if len(moves) > 1:
                    view = world.view(to_move)
                    moves = _best_by_greedy(view, moves, bot.max_moves, rng)
                    move, node = self._descend(node, moves)
                    path.append(node)
                    if not node.visits:
                        node = None  # a new node: the tree grows by one a iteration
                else:
                    move = moves[0]
                world = world.apply(move)
                continue
            node = None  # the tree ends where another player moves
            if steps >= bot.rollout_steps:
                break
            world = world.apply(bot.rollout_bot.choose(world.view(to_move), rng))
            steps += 1
        reward = _reward(world, self.deals, world.rules.side_of_player(player), bot.scale)
        for visited in path:
            visited.visits += 1
            visited.reward += reward

    def _descend(self, node: _Node, moves: list[Move]) -> tuple[Move, _Node]:
        """The move to play at ``node`` (its first untried one, else by UCB1) and its child."""
        texts = [str(move) for move in moves]
        for text in texts:
            child = node.children.get(text)
            if child is not None:
                child.available += 1
        for move, text in zip(moves, texts, strict=True):
            if text not in node.children:
                child = node.children[text] = _Node()
                child.available = 1
                return move, child
        best: tuple[Move, _Node] | None = None
        best_value = -math.inf
        for move, text in zip(moves, texts, strict=True):
            child = node.children[text]
            value = child.reward / child.visits + self.bot.exploration * math.sqrt(
                math.log(child.available) / child.visits
            )
            if value > best_value:
                best, best_value = (move, child), value
        assert best is not None
        return best


class _Node:
    """A decision in the search tree: statistics of the move that led here."""

    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.available = 0
        #: The searching side's rewards, summed over the visits.
        self.reward = 0.0
        self.children: dict[str, _Node] = {}


def _best_by_greedy(
    view: PlayerView, moves: list[Move], limit: int, rng: random.Random
) -> list[Move]:
    """At most ``limit`` of ``moves``: those the greedy bot scores highest, best first."""
    facts = _Facts(view, moves)
    scored = sorted(
        ((facts.score(move), rng.random(), index) for index, move in enumerate(moves)),
        reverse=True,
    )
    return [moves[index] for _, _, index in scored[:limit]]


def _deal_over(world: Game, deals: int) -> bool:
    return world.is_over or len(world.results) > deals


def _reward(world: Game, deals: int, side: int, scale: float) -> float:
    """The side's outcome, 0 to 1: its deal score, or the estimate, against the best other's."""
    if len(world.results) > deals:
        totals: Sequence[float] = world.results[deals].totals
    else:
        totals = _estimate_deal(world.deal)
    others = max((t for s, t in enumerate(totals) if s != side), default=0.0)
    return 1.0 / (1.0 + math.exp(max(-50.0, min(50.0, (others - totals[side]) / scale))))
