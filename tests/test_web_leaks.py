"""No message of the web front end gives away a hidden card.

Whole deals are played through a :class:`~canasta.web.tables.Room` (every move posted as
move data, as a page posts it), and every screen sent to every seat is checked the moment it
is sent: in a world where the cards that seat cannot see are dealt again (the other hands'
unknown cards and the stock, with a new seed; :meth:`PlayerView.sample
<canasta.PlayerView.sample>`), the seat's message is the same, character for character. The
account of each move in words is checked the same way: described from a world the seat
cannot tell from the real one, it reads the same.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections import Counter

import pytest

import canasta
from canasta.bots import GreedyBot, RandomBot

pytest.importorskip("starlette", reason="the web extra is not installed: pip install -e '.[web]'")

from canasta.web.store import Store
from canasta.web.tables import Room, Tables


def hidden_cards(game: canasta.Game, seat: int) -> tuple[object, ...]:
    """What ``seat`` cannot see: the stock and the other hands' cards nobody saw taken."""
    stock = json.loads(game.to_json())["deal"]["stock"]
    view = game.view(seat)
    others = tuple(
        game.hand(p) - view.known_cards[p] for p in range(game.rules.num_players) if p != seat
    )
    return (stock, others)


class Checker:
    """Listens to every seat of a room and checks each message as it is sent."""

    def __init__(self, room: Room, rng: random.Random) -> None:
        self.room = room
        self.rng = rng
        self.games = {room.version: room.game}  # every position, by version
        self.counts: Counter[str] = Counter()
        for seat in range(len(room.seats)):
            room.listen(seat, lambda text, seat=seat: self.check(seat, text))

    def check(self, seat: int, text: str) -> None:
        room, game = self.room, self.room.game
        self.games[room.version] = game
        view = game.view(seat)
        world = view.sample(self.rng)
        assert world.view(seat) == view
        assert room.message(seat, world) == text
        self.counts["messages"] += 1
        # The test can fail: the world moved cards the seat cannot see.
        if hidden_cards(world, seat) != hidden_cards(game, seat):
            self.counts["hidden cards moved"] += 1
        self.check_words(seat)

    def check_words(self, seat: int) -> None:
        """The last move's words, from a world of the seat's view before it."""
        room = self.room
        line = room.log[-1] if room.log else None
        if line is None or line.player == seat:
            return
        before = self.games[line.version - 1]
        move = canasta.parse_move(line.move)
        world = before.view(seat).sample(self.rng)
        words = world.view(line.player).describe(move)
        if isinstance(move, canasta.Draw):
            shown = room.game.view(seat).history[-1].shown
            words += f", and lay out {shown.pretty()}" if shown else ""
        assert words == line.words
        self.counts["words"] += 1


async def play(rules: str, players: int, deals: int, seed: int) -> Counter[str]:
    tables = Tables(Store(":memory:"), bot_delay=0)
    room, _ = tables.create(rules, players, ["human"] * players, seed)
    rng = random.Random(seed)
    checker = Checker(room, rng)
    bots = [GreedyBot(), RandomBot()]
    while room.game.deal_number < deals and not room.game.is_over:
        game = room.game
        seat = game.to_move if game.to_move is not None else rng.randrange(players)
        move = bots[seat % 2 if rng.random() < 0.9 else 1].choose(game.view(seat), rng)
        await room.play(seat, move.to_data(), room.version)
    await tables.close()
    return checker.counts


@pytest.mark.parametrize(
    ("rules", "players", "deals"),
    [
        ("classic", 4, 2),
        ("classic", 2, 3),
        ("hollywood", 3, 2),
        ("samba", 6, 1),
        ("bolivia", 5, 1),
    ],
)
def test_every_message_is_the_same_whatever_the_hidden_cards(
    rules: str, players: int, deals: int
) -> None:
    counts = asyncio.run(play(rules, players, deals, seed=players * 11))
    assert counts["messages"] > 50 * players * deals
    assert counts["words"] > 20 * (players - 1) * deals
    # Only at the end of a deal (every hand shown, the stock maybe empty) may nothing move.
    assert counts["hidden cards moved"] >= 0.9 * counts["messages"]


def test_the_checker_catches_a_message_that_shows_a_hidden_card() -> None:
    """A message with another seat's hand in it differs between the worlds: the check above
    would fail on it."""
    game = canasta.Game.new("classic", players=4, seed=5)
    world = game.view(0).sample(random.Random(1))
    assert str(world.hand(1)) != str(game.hand(1))
    assert hidden_cards(world, 0) != hidden_cards(game, 0)
