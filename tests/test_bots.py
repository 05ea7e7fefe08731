"""The bots play only legal moves and finish deals."""

from __future__ import annotations

import random

import pytest

import canasta
from canasta.bots import GreedyBot, RandomBot, find_bot


@pytest.mark.parametrize("players", [2, 4])
def test_bots_finish_a_deal_with_legal_moves(players: int) -> None:
    game = canasta.Game.new("classic", players=players, seed=11)
    rng = random.Random(11)
    bots = [GreedyBot(), RandomBot()]
    while not game.results:
        player = game.to_move
        assert player is not None
        move = bots[game.side_of(player) % 2].choose(game, rng)
        assert game.is_legal(move)
        game = game.apply(move)
    assert game.results[0].scores


def test_find_bot() -> None:
    assert isinstance(find_bot("Greedy"), GreedyBot)
    with pytest.raises(ValueError, match="unknown bot 'clever'; bots: random, greedy"):
        find_bot("clever")
