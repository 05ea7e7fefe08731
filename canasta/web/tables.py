"""The games in play: each one's :class:`~canasta.Game`, its seats, the pages watching it, and
its bots.

The server owns the truth. A move arrives with the seat it came from (the seat of the token
that sent it) and is played with ``game.apply(move, player=seat)``, which refuses it, with a
rule ID and a reason, unless it is that seat's legal move. The new game is stored before
anyone hears of it; then every seat that watches gets its own screen
(:func:`~canasta.web.screen.screen` of its own view), and the bots to move play, one move at
a time, each shown to the people before the next.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import json
import logging
import random
import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from canasta import (
    CanastaError,
    Draw,
    Game,
    IllegalMoveError,
    Move,
    find_rules,
    rule_set_names,
    rule_url,
)
from canasta.web.screen import MAX_LOG_LINES, screen
from canasta.web.seats import bot_for, check_kind
from canasta.web.store import LogLine, Store

__all__ = ["RefusedError", "Room", "Tables", "new_token"]

_log = logging.getLogger("canasta.web")

# The public home of move data's reader is ``canasta.moves.from_data``. ``canasta.moves`` is
# an alias the package registers when imported, which type checkers cannot see: imported by
# name, the function keeps its public path.
_from_data: Callable[[Mapping[str, Any]], Move] = importlib.import_module(
    "canasta.moves"
).from_data

#: A seat's token: 24 random bytes (192 bits) in URL-safe base64, 32 characters.
_TOKEN_BYTES = 24
_TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{20,64}")

#: A listener is given each new screen of its seat, as JSON text; it must not block.
Listener = Callable[[str], None]


def new_token() -> str:
    """A seat's secret: 192 random bits from the operating system (:mod:`secrets`)."""
    return secrets.token_urlsafe(_TOKEN_BYTES)


class RefusedError(Exception):
    """A request the server turns down: the HTTP status and the JSON body to answer with."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(body.get("reason", ""))
        self.status = status
        self.body = body


def refusal(error: IllegalMoveError) -> RefusedError:
    """An illegal move's answer: the rule, the reason, and where the rule's text is."""
    return RefusedError(
        422,
        {
            "ok": False,
            "rule": error.rule,
            "reason": error.message,
            "url": f"/rules/{error.rule}",
            "docs": rule_url(error.rule),
        },
    )


def move_of(data: object) -> Move:
    """The move that posted data describes; :class:`RefusedError` (400) naming what is wrong."""
    if not isinstance(data, dict):
        raise RefusedError(
            400, {"ok": False, "reason": 'a move is an object such as {"kind": "draw"}'}
        )
    try:
        return _from_data(data)
    except CanastaError as error:
        raise RefusedError(400, {"ok": False, "reason": str(error)}) from None


class Room:
    """One game being played, loaded from the store."""

    def __init__(
        self,
        tables: Tables,
        game_id: str,
        seats: Sequence[str],
        game: Game,
        version: int,
        log: Sequence[LogLine],
    ) -> None:
        self.tables = tables
        self.id = game_id
        self.seats = tuple(seats)
        self.game = game
        self.version = version
        self.log = list(log)
        self.lock = asyncio.Lock()
        self.listeners: dict[int, set[Listener]] = {seat: set() for seat in range(len(seats))}
        self._bots: asyncio.Task[None] | None = None

    # --- what the seats see --------------------------------------------------------------

    def message(self, seat: int, game: Game | None = None) -> str:
        """The screen of ``seat`` as JSON text: made from that seat's view alone."""
        view = (self.game if game is None else game).view(seat)
        data = screen(view, seats=self.seats, version=self.version, log=self.log)
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    def listen(self, seat: int, listener: Listener) -> Callable[[], None]:
        """Send ``listener`` every new screen of ``seat``; returns the call that stops it."""
        self.listeners[seat].add(listener)
        return lambda: self.listeners[seat].discard(listener)

    def _broadcast(self) -> None:
        for seat, listeners in self.listeners.items():
            if listeners:
                text = self.message(seat)
                for listener in list(listeners):
                    listener(text)

    # --- moves ---------------------------------------------------------------------------

    async def play(self, seat: int, data: object, version: object = None) -> None:
        """Play the move ``data`` describes for ``seat``. :class:`RefusedError` with 400 for data
        that is no move, 409 if ``version`` (when given) is not the game's any more, 422 for
        a move the rules refuse (with the rule's ID)."""
        move = move_of(data)
        async with self.lock:
            if version is not None and version != self.version:
                raise RefusedError(
                    409,
                    {
                        "ok": False,
                        "reason": "the game has moved on since that screen: here is the new one",
                        "version": self.version,
                    },
                )
            try:
                self._apply(seat, move)
            except IllegalMoveError as error:
                raise refusal(error) from None
        self.start_bots()

    def _apply(self, seat: int, move: Move) -> None:
        """Play, store, then tell: the caller holds the lock."""
        before = self.game
        after = before.apply(move, player=seat)
        words = before.view(seat).describe(move)
        if isinstance(move, Draw):
            shown = after.view(seat).history[-1].shown
            if shown:
                words += f", and lay out {shown.pretty()}"
        line = LogLine(self.version + 1, before.deal_number, seat, str(move), words)
        self.tables.store.save(self.id, self.version, after.to_json(), line)
        self.game, self.version = after, line.version
        if after.deal_number == line.deal:
            self.log = [*self.log, line][-MAX_LOG_LINES:]
        else:
            self.log = []
        self._broadcast()

    # --- bots ----------------------------------------------------------------------------

    def start_bots(self) -> None:
        """Let the bots play while it is a bot's move (unless they are playing already)."""
        running = self._bots is not None and not self._bots.done()
        if not running and self._bot_to_move() is not None:
            self._bots = asyncio.get_running_loop().create_task(self._run_bots())
            self.tables.tasks.add(self._bots)
            self._bots.add_done_callback(self.tables.tasks.discard)

    def _bot_to_move(self) -> int | None:
        seat = self.game.to_move
        return None if seat is None or self.seats[seat] == "human" else seat

    async def _run_bots(self) -> None:
        delay = self.tables.bot_delay
        while (seat := self._bot_to_move()) is not None:
            game = self.game
            bot = bot_for(self.seats[seat])
            assert bot is not None
            rng = random.Random(secrets.randbits(64))
            try:  # a search takes its time: in a thread, so the server goes on answering
                move = await asyncio.to_thread(bot.choose, game.view(seat), rng)
            except Exception:  # pragma: no cover - a bot's bug stops its game, not the server
                _log.exception("the bot in seat %d of a game failed", seat)
                return
            if delay:
                await asyncio.sleep(delay)  # each move shown before the next
            async with self.lock:
                if self.game is game:
                    self._apply(seat, move)


class Tables:
    """Every game the server has loaded, over one :class:`~canasta.web.store.Store`."""

    def __init__(self, store: Store, *, bot_delay: float = 0.8) -> None:
        self.store = store
        #: Seconds between two bots' moves, so that people can follow them.
        self.bot_delay = bot_delay
        self.rooms: dict[str, Room] = {}
        self.tasks: set[asyncio.Task[None]] = set()

    def create(
        self, rules: object, players: object, seats: object, seed: object = None
    ) -> tuple[Room, dict[int, str]]:
        """A new game, stored, with a token for each human seat; :class:`RefusedError` (400) for
        settings that make no game."""
        if not isinstance(rules, str) or rules not in rule_set_names():
            names = ", ".join(rule_set_names())
            raise RefusedError(400, {"ok": False, "reason": f"rules: one of {names}"})
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 6:
            raise RefusedError(400, {"ok": False, "reason": "players: a number from 2 to 6"})
        if not isinstance(seats, list) or len(seats) != players:
            raise RefusedError(400, {"ok": False, "reason": f"seats: a list of {players} seats"})
        try:
            kinds = [check_kind(kind) for kind in seats]
        except ValueError as error:
            raise RefusedError(400, {"ok": False, "reason": f"seats: {error}"}) from None
        if "human" not in kinds:
            raise RefusedError(400, {"ok": False, "reason": "seats: at least one seat is human"})
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise RefusedError(400, {"ok": False, "reason": "seed: a whole number, or none"})
        try:
            game = Game.new(find_rules(rules, players), seed=seed)
        except CanastaError as error:
            raise RefusedError(400, {"ok": False, "reason": str(error)}) from None
        tokens = {seat: new_token() for seat, kind in enumerate(kinds) if kind == "human"}
        game_id = secrets.token_hex(12)
        self.store.create(game_id, kinds, game.to_json(), tokens)
        room = Room(self, game_id, kinds, game, 0, [])
        self.rooms[game_id] = room
        return room, tokens

    def seat(self, token: object) -> tuple[Room, int] | None:
        """The game and seat of a token; ``None`` for anything else, whether it is not a
        token, an unknown token, or a token of a game that is gone (one answer for all)."""
        if not isinstance(token, str) or not _TOKEN_SHAPE.fullmatch(token):
            return None
        found = self.store.seat_of(token)
        if found is None:
            return None
        game_id, seat = found
        room = self.rooms.get(game_id)
        if room is None:
            saved = self.store.load(game_id)
            if saved is None:
                return None
            try:
                game = Game.from_json(saved.game)
            except CanastaError:  # a stored game that does not load: reported, not shown
                _log.exception("the stored game of a seat does not load")
                return None
            log = self.store.log(game_id, game.deal_number, MAX_LOG_LINES)
            room = Room(self, game_id, saved.seats, game, saved.version, log)
            self.rooms[game_id] = room
        return room, seat

    async def close(self) -> None:
        """Stop the bots (their games are stored as they stand)."""
        for task in list(self.tasks):
            task.cancel()
        for task in list(self.tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):  # stopping anyway
                await task
