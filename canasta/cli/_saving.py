"""Saving a game as it goes, and reading it back: ``canasta play --save`` and ``--resume``.

A game is saved as a game record (:mod:`canasta.records`), which a person can read and
``canasta replay`` shows, or as JSON (:meth:`canasta.Game.to_json`) when the file's name
ends in ``.json``. A record names who plays each seat (``you``, or a bot's name), so that
``--resume`` seats everybody again.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from canasta import Game, IllegalMoveError, PositionError, RuleSetError
from canasta.cli._common import ReadError, UsageError
from canasta.records import RecordError, dumps, loads

#: The name of the person's seat in a saved record.
PERSON = "you"


class SaveFile:
    """Where the game is written after each change: ``path``, as a record or as JSON."""

    def __init__(self, path: str, names: Sequence[str]) -> None:
        self.path = Path(path)
        self.names = list(names)
        self.as_json = self.path.suffix.lower() == ".json"
        self._saved: Game | None = None

    def save(self, game: Game) -> None:
        """Write ``game`` unless it is the one written last (atomically: a crash leaves the
        previous version)."""
        if game is self._saved:
            return
        text = game.to_json(indent=1) + "\n" if self.as_json else dumps(game, names=self.names)
        partial = self.path.with_name(self.path.name + ".partial")
        try:
            partial.write_text(text, "utf-8")
            os.replace(partial, self.path)
        except OSError as error:
            raise UsageError(f"cannot save the game in {self.path}: {error.strerror}") from None
        self._saved = game

    def check(self, game: Game) -> None:
        """Save ``game`` now, or say why it cannot be saved here."""
        try:
            self.save(game)
        except ValueError as error:  # a game that did not start from a seed has no record
            raise UsageError(f"{error}; save it as JSON instead: --save NAME.json") from None


def load_game(path: str) -> tuple[Game, tuple[str | None, ...]]:
    """The game saved in ``path`` (a record, or JSON), and who played each seat (``None``
    where the file does not say)."""
    try:
        text = Path(path).read_text("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else "not a text file"
        raise ReadError(f"cannot read {path}: {reason or error}") from None
    try:
        if text.lstrip().startswith("{"):
            game = Game.from_json(text)
            return game, (None,) * game.rules.num_players
        record = loads(text)
        return record.game(), record.names
    except (RecordError, PositionError, IllegalMoveError, RuleSetError) as error:
        raise ReadError(f"{path}: {error}") from None
