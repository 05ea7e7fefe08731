"""The results file of ``canasta simulate --out``: one JSON line per finished game.

The first line is a header with the arguments that decide the games (the rule set, the bots,
the base seed, the deal limit); every other line is one game, written whole and flushed as
soon as the game is in. A rerun with the same arguments reads the games already there and
plays only the others; a file written with other arguments is refused, never overwritten. A
last line cut short (the process was killed while writing it) is dropped on reading: the file
is cut back to its last whole line. The lines are plain data here; :mod:`canasta.simulate`
turns them into outcomes and back.

>>> import json, tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "results.jsonl"
>>> with ResultsFile.open(path, {"seed": 1}) as results:
...     results.done, results.write({"game": 0, "winner": 1})
({}, None)
>>> with ResultsFile.open(path, {"seed": 1}) as results:
...     results.done
{0: {'game': 0, 'winner': 1}}
>>> ResultsFile.open(path, {"seed": 2})
Traceback (most recent call last):
...
canasta.errors.CanastaError: ... was written with other arguments (seed: 1 there, 2 here); ...
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from types import TracebackType
from typing import Any, BinaryIO

from canasta.errors import CanastaError

__all__ = ["FORMAT", "ResultsFile"]

#: What the header's ``format`` says.
FORMAT = "canasta simulate results 1"


class ResultsFile:
    """An open results file: the games found in it, and where new games are appended."""

    def __init__(self, path: Path, done: dict[int, dict[str, Any]], stream: BinaryIO) -> None:
        self.path = path
        #: The games already in the file, by game number.
        self.done = done
        self._stream = stream

    @classmethod
    def open(cls, path: str | os.PathLike[str], arguments: dict[str, Any]) -> ResultsFile:
        """Open ``path`` for a run with ``arguments`` (plain JSON data), creating it with its
        header if it is missing or empty. Raises :class:`~canasta.errors.CanastaError` for a
        file of other arguments, or one that is no results file."""
        where = Path(path)
        header = {"format": FORMAT, "arguments": arguments}
        try:
            data = where.read_bytes()
        except FileNotFoundError:
            data = b""
        except OSError as error:
            raise CanastaError(f"cannot read {where}: {error.strerror}") from None
        whole = data[: data.rfind(b"\n") + 1]  # a last line cut short is dropped
        done = _games(where, whole, arguments) if whole else {}
        try:
            stream = where.open("r+b" if whole else "wb", buffering=0)
        except OSError as error:
            raise CanastaError(f"cannot write {where}: {error.strerror}") from None
        if whole:
            stream.truncate(len(whole))
            stream.seek(len(whole))
        else:
            stream.write(_line(header))
        return cls(where, done, stream)

    def write(self, game: dict[str, Any]) -> None:
        """Append one game's line. The line goes to the file in one unbuffered write, so an
        interrupt leaves the file with whole lines only."""
        self._stream.write(_line(game))

    def close(self) -> None:
        self._stream.close()

    def __enter__(self) -> ResultsFile:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


def _line(data: dict[str, Any]) -> bytes:
    return (json.dumps(data, separators=(",", ":")) + "\n").encode()


def _games(path: Path, data: bytes, arguments: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """The games of a file's whole lines, after checking its header against ``arguments``."""
    lines = data.decode(errors="replace").splitlines()
    header = _parsed(path, lines[0], 1)
    if header.get("format") != FORMAT:
        raise CanastaError(f"{path} is not a results file of canasta simulate; name another")
    _check_arguments(path, header.get("arguments"), arguments)
    done: dict[int, dict[str, Any]] = {}
    for number, line in enumerate(lines[1:], start=2):
        game = _parsed(path, line, number)
        index = game.get("game")
        if not isinstance(index, int):
            raise CanastaError(f"line {number} of {path} has no game number")
        done.setdefault(index, game)
    return done


def _parsed(path: Path, line: str, number: int) -> dict[str, Any]:
    try:
        value = json.loads(line)
    except ValueError:
        value = None
    if not isinstance(value, dict):
        raise CanastaError(f"line {number} of {path} is not a JSON object; is it a results file?")
    return value


def _check_arguments(path: Path, found: Any, arguments: dict[str, Any]) -> None:
    if found == arguments:
        return
    if not isinstance(found, dict):
        raise CanastaError(f"{path} has no arguments in its header; name another file")
    differ = [
        f"{key}: {_short(found.get(key))} there, {_short(arguments.get(key))} here"
        for key in sorted(set(found) | set(arguments))
        if found.get(key) != arguments.get(key)
    ]
    raise CanastaError(
        f"{path} was written with other arguments ({'; '.join(differ)}); "
        "rerun with its arguments, or name another file"
    )


def _short(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."
