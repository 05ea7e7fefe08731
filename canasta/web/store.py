"""The games on disk: one SQLite file (the standard library's :mod:`sqlite3`), written after
every move, so that a server restarted on the same file carries on where it stopped.

Three tables. ``games`` holds each game as :meth:`Game.to_json <canasta.Game.to_json>` writes
it (the whole truth: the seed and every card) with the seats' kinds and the number of moves
played, its ``version``. ``seats`` maps each human seat's token to its game and seat; only
the token's SHA-256 is stored, so the file does not hold the links themselves. ``moves``
lists every move played, as text and in words, for the screen's account of the deal.

A save is a compare-and-swap on ``version``: the row is written only if it still holds the
version the move was played on, so two writers can never both apply a move to one position.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

__all__ = ["LogLine", "SavedGame", "StaleGameError", "Store", "token_hash"]

#: The version of the layout below (``PRAGMA user_version``).
SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    seats TEXT NOT NULL,
    version INTEGER NOT NULL,
    game TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    token_hash TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games (id),
    seat INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
    game_id TEXT NOT NULL REFERENCES games (id),
    version INTEGER NOT NULL,
    deal INTEGER NOT NULL,
    player INTEGER NOT NULL,
    move TEXT NOT NULL,
    words TEXT NOT NULL,
    PRIMARY KEY (game_id, version)
);
"""


class StaleGameError(Exception):
    """The stored game is no longer the one a move was played on."""


@dataclass(frozen=True)
class SavedGame:
    """A game as the store holds it."""

    id: str
    #: Each seat's kind: ``human``, ``random``, ``greedy`` or ``ismcts:SECONDS``.
    seats: tuple[str, ...]
    #: Moves played so far.
    version: int
    #: :meth:`Game.to_json <canasta.Game.to_json>`.
    game: str


@dataclass(frozen=True)
class LogLine:
    """One move played: by whom, in which deal, and in words."""

    version: int
    deal: int
    player: int
    move: str
    words: str


def token_hash(token: str) -> str:
    """What the store keeps of a seat's token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Store:
    """The SQLite file of games. Its methods may be called from any thread, one at a time."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        try:
            self._prepare()
        except (sqlite3.Error, ValueError) as error:
            self._db.close()
            raise ValueError(f"not a file of games this server can use: {error}") from None

    def _prepare(self) -> None:
        with self._lock:
            self._db.execute("PRAGMA foreign_keys = ON")
            if self.path != ":memory:":
                self._db.execute("PRAGMA journal_mode = WAL")
            found = self._db.execute("PRAGMA user_version").fetchone()[0]
            if found not in (0, SCHEMA_VERSION):
                raise ValueError(
                    f"it holds games of a newer layout ({found}) than this server's "
                    f"({SCHEMA_VERSION})"
                )
            self._db.executescript(_SCHEMA)
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def create(
        self, game_id: str, seats: Sequence[str], game: str, tokens: dict[int, str]
    ) -> None:
        """Store a new game and the tokens of its human seats (by seat)."""
        now = time.time()
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT INTO games (id, seats, version, game, created, updated) "
                "VALUES (?, ?, 0, ?, ?, ?)",
                (game_id, json.dumps(list(seats)), game, now, now),
            )
            self._db.executemany(
                "INSERT INTO seats (token_hash, game_id, seat) VALUES (?, ?, ?)",
                [(token_hash(token), game_id, seat) for seat, token in tokens.items()],
            )

    def seat_of(self, token: str) -> tuple[str, int] | None:
        """The game and seat of a token, or ``None`` for a token no seat has."""
        with self._lock:
            row = self._db.execute(
                "SELECT game_id, seat FROM seats WHERE token_hash = ?", (token_hash(token),)
            ).fetchone()
        return None if row is None else (str(row[0]), int(row[1]))

    def load(self, game_id: str) -> SavedGame | None:
        with self._lock:
            row = self._db.execute(
                "SELECT seats, version, game FROM games WHERE id = ?", (game_id,)
            ).fetchone()
        if row is None:
            return None
        return SavedGame(game_id, tuple(json.loads(row[0])), int(row[1]), str(row[2]))

    def save(self, game_id: str, before: int, game: str, line: LogLine) -> None:
        """Store the game after the move ``line`` (played on version ``before``) in one
        transaction; :class:`StaleGameError` if the stored game moved on meanwhile."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            done = self._db.execute(
                "UPDATE games SET game = ?, version = ?, updated = ? WHERE id = ? AND version = ?",
                (game, line.version, time.time(), game_id, before),
            )
            if done.rowcount != 1:
                raise StaleGameError(game_id)
            self._db.execute(
                "INSERT INTO moves (game_id, version, deal, player, move, words) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, line.version, line.deal, line.player, line.move, line.words),
            )

    def log(self, game_id: str, deal: int, limit: int) -> list[LogLine]:
        """The last ``limit`` moves of deal ``deal``, oldest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT version, deal, player, move, words FROM moves "
                "WHERE game_id = ? AND deal = ? ORDER BY version DESC LIMIT ?",
                (game_id, deal, limit),
            ).fetchall()
        return [LogLine(int(v), int(d), int(p), str(m), str(w)) for v, d, p, m, w in rows[::-1]]
