"""Simple computer players. They live outside the rules core and use it like any program.

A bot is anything with ``choose(game, rng) -> move`` that picks one of
``game.legal_moves()`` for ``game.to_move``. These bots look only at the public table and
at the hand of the player they act for.

>>> import random, canasta
>>> game = canasta.Game.new("classic", seed=1)
>>> RandomBot().choose(game, random.Random(1)) in list(game.legal_moves())
True
"""

from __future__ import annotations

import random
from typing import Protocol

from canasta.cards import Card
from canasta.game import Game
from canasta.moves import AddToMeld, Answer, Ask, Discard, Draw, LayMeld, Move, Pass, TakePile

__all__ = ["Bot", "GreedyBot", "RandomBot", "find_bot"]


class Bot(Protocol):
    """The interface of a computer player."""

    def choose(self, game: Game, rng: random.Random) -> Move:
        """One of ``game.legal_moves()`` for the player to act."""
        ...  # pragma: no cover


class RandomBot:
    """Plays a uniformly random legal move."""

    name = "random"

    def choose(self, game: Game, rng: random.Random) -> Move:
        """A uniformly random legal move."""
        return rng.choice(list(game.legal_moves()))


class GreedyBot:
    """Plays by simple rules of thumb: take the pile when it can, meld as much as it can,
    go out when it can, and discard the card least likely to help."""

    name = "greedy"

    def choose(self, game: Game, rng: random.Random) -> Move:
        """The move the rules of thumb prefer; ties broken by ``rng``."""
        moves = list(game.legal_moves())
        scored = [
            (self._score(game, move), rng.random(), index) for index, move in enumerate(moves)
        ]
        return moves[max(scored)[2]]

    def _score(self, game: Game, move: Move) -> float:
        hand = game.hand(game.turn_player)
        if isinstance(move, Answer):
            return 1.0 if move.yes else 0.0
        if isinstance(move, TakePile):
            return 50.0 + game.table.pile_size
        if isinstance(move, Draw):
            return 10.0
        if isinstance(move, Pass):
            return 0.0
        if isinstance(move, Ask):
            return -5.0
        if isinstance(move, (LayMeld, AddToMeld)):
            cards = move.cards
            if len(cards) == len(game.deal.usable):
                return 200.0  # going out
            wilds = sum(1 for card in cards if card.is_wild)
            naturals = len(cards) - wilds
            meld = (
                game.deal.meld_of(game.deal.side, move.rank)
                if isinstance(move, AddToMeld)
                else None
            )
            size = len(cards) + (meld.size if meld else 0)
            completes = meld is not None and meld.size < 7 <= size
            return 20.0 + 3 * naturals - 4 * wilds + (60.0 if completes else 0.0)
        assert isinstance(move, Discard)
        return 15.0 - _keep_value(move.card, hand.count_rank(move.card.rank), game)


def _keep_value(card: Card, same_rank: int, game: Game) -> float:
    """How much a card is worth keeping: wild cards and pairs are valuable."""
    if card.is_wild:
        return 30.0
    if card.is_black_three:
        return -5.0  # a safe stop card
    side_has = game.deal.meld_of(game.deal.side, card.rank) is not None
    return card.points / 5 + 4 * (same_rank - 1) + (8 if side_has else 0)


_BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}


def find_bot(name: str) -> Bot:
    """A bot by name: ``random`` or ``greedy``."""
    try:
        return _BOTS[name.strip().lower()]()
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(_BOTS)}") from None
