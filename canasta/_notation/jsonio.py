"""JSON for games and player views: a versioned format, written and read exactly.

``game.to_json()`` writes everything needed to continue a game identically, and
:meth:`Game.from_json <canasta.game.Game.from_json>` reads it back, so
``Game.from_json(game.to_json()) == game``. A :class:`~canasta.views.PlayerView` does the same
with ``view.to_json()`` and ``PlayerView.from_json``. The format is described in the
documentation (:doc:`/json`) and by the JSON Schema shipped in the package
(:func:`json_schema`). Documents of version 1, which earlier releases wrote, still load.

>>> import canasta
>>> game = canasta.Game.new("classic", players=4, seed=7).apply(canasta.Draw())
>>> text = game.to_json()
>>> text[:74]
'{"format":"canasta-game","version":2,"rules":{"preset":"classic","players"'
>>> canasta.Game.from_json(text) == game
True
>>> canasta.Game.from_json('{"format": "canasta-game", "version": 3}')
Traceback (most recent call last):
...
canasta.errors.JsonError: version: this library reads versions 1 and 2 of the canasta-game ...

Loading only parses JSON and builds values from it: nothing in the input is executed. Every
problem raises :class:`JsonError` (a :class:`~canasta.errors.PositionError`, so a
``ValueError``) whose message starts with where the problem is, as a path such as
``deal.hands[2]``.

The modules of the package: :mod:`.write` (documents of version 2), :mod:`.read` (version 2
into positions), :mod:`.legacy` (version 1), :mod:`.rules` (rule sets), :mod:`.pieces` (the
text forms of card sequences, melds and events, which :mod:`.text`, the position notation,
shares), :mod:`.values` (typed reading with paths), :mod:`canasta._cache` (what is remembered).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from importlib import resources
from typing import Any, Literal

from canasta._engine.position import GameParts, ViewParts, Where
from canasta._model.moves import Move
from canasta._notation.legacy import read_game_v1, read_view_v1
from canasta._notation.read import built_game, built_view, read_game, read_view
from canasta._notation.rules import rules_from_data, rules_to_data
from canasta._notation.values import JsonObject, fail, load, show
from canasta._notation.write import (
    GAME_FORMAT,
    VERSION,
    VIEW_FORMAT,
    History,
    dumps,
    game_to_data,
    view_to_data,
)
from canasta.errors import JsonError

__all__ = [
    "GAME_FORMAT",
    "READS",
    "SCHEMA_FILE",
    "VERSION",
    "VIEW_FORMAT",
    "History",
    "JsonError",
    "RulesForm",
    "game_from_data",
    "game_from_json",
    "game_to_data",
    "game_to_json",
    "json_schema",
    "rules_from_data",
    "rules_to_data",
    "view_from_data",
    "view_from_json",
    "view_to_data",
    "view_to_json",
]

#: The format versions this library reads.
READS = (1, 2)
#: The JSON Schema of the current version of both formats, in the package's ``schema`` folder.
SCHEMA_FILE = f"canasta-v{VERSION}.schema.json"

#: How a document gives its rule set: a preset and the options that differ, or every field.
RulesForm = Literal["preset", "full"]


def _check_form(history: str, rules: str) -> None:
    if history not in ("results", "full"):
        raise ValueError(f'history is "results" or "full", not {history!r}')
    if rules not in ("preset", "full"):
        raise ValueError(f'rules is "preset" or "full", not {rules!r}')


def game_to_json(
    game: GameParts,
    *,
    indent: int | None = None,
    history: History = "results",
    rules: RulesForm = "preset",
) -> str:
    """The game as JSON text: compact, or indented by ``indent`` spaces; with
    ``history="full"`` the moves of the finished deals too; with ``rules="full"`` every
    field of the rule set."""
    _check_form(history, rules)
    return dumps(game_to_data(game, history=history, full_rules=rules == "full"), indent)


def view_to_json(
    view: ViewParts,
    *,
    indent: int | None = None,
    history: History = "results",
    rules: RulesForm = "preset",
    legal_moves: Iterable[Move] | None = None,
) -> str:
    """The view as JSON text (see :func:`game_to_json`); with ``legal_moves``, those."""
    _check_form(history, rules)
    data = view_to_data(view, history=history, full_rules=rules == "full", legal_moves=legal_moves)
    return dumps(data, indent)


def json_schema(version: int = VERSION) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of both formats of a version, read from the package."""
    if version not in READS:
        raise ValueError(f"there is a schema for versions {READS}, not {version!r}")
    path = resources.files("canasta") / "schema" / f"canasta-v{version}.schema.json"
    schema: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return schema


def _version(doc: JsonObject, kind: str) -> int:
    """The version of a document of format ``kind``, checked."""
    format_name = doc.get("format")
    if format_name != kind:
        other = {GAME_FORMAT: VIEW_FORMAT, VIEW_FORMAT: GAME_FORMAT}[kind]
        hint = f" (a {other} document is read by another method)" if format_name == other else ""
        fail("format", f"expected {kind!r}, got {show(format_name)}{hint}")
    version = doc.get("version")
    if type(version) is not int or version not in READS:
        fail(
            "version",
            f"this library reads versions 1 and 2 of the {kind} format, not {show(version)}",
        )
    return version


#: Where the parts of version 1 documents are, for the validator's messages.
_V1_GAME = Where(
    names={"turn_player": "seat", "locked": "draft.locked", "melded_players": "melded_seats"},
    outside=frozenset({"seat_players"}),
)
_V1_VIEW = Where(
    deal="",
    names={
        "melds": "table.melds",
        "red_threes": "table.red_threes",
        "known": "known_cards",
        "locked": "draft.locked",
    },
)


def game_from_data(data: object) -> GameParts:
    """The game a parsed JSON document (a dictionary) describes."""
    doc = JsonObject(data, "")
    if _version(doc, GAME_FORMAT) == 2:
        return built_game(read_game(doc))
    return built_game(read_game_v1(doc), _V1_GAME)


def game_from_json(text: str | bytes) -> GameParts:
    """The game a JSON document describes; :class:`JsonError` if it describes none."""
    return game_from_data(load(text))


def view_from_data(data: object) -> ViewParts:
    """The player view a parsed JSON document (a dictionary) describes."""
    doc = JsonObject(data, "")
    if _version(doc, VIEW_FORMAT) == 2:
        return built_view(read_view(doc))
    return built_view(read_view_v1(doc), _V1_VIEW)


def view_from_json(text: str | bytes) -> ViewParts:
    """The player view a JSON document describes; :class:`JsonError` if it describes none."""
    return view_from_data(load(text))
