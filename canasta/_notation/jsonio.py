"""JSON for games and player views: a versioned format, written and read exactly.

``game.to_json()`` writes everything needed to continue a game identically, and
:meth:`Game.from_json <canasta.game.Game.from_json>` reads it back, so
``Game.from_json(game.to_json()) == game``. A :class:`~canasta.views.PlayerView` does the same
with ``view.to_json()`` and ``PlayerView.from_json``. The format is described in the
documentation (:doc:`/json`) and by the JSON Schema shipped in the package
(:func:`json_schema`).

>>> import canasta
>>> game = canasta.Game.new("classic", players=4, seed=7).apply(canasta.Draw())
>>> text = game.to_json()
>>> text[:52]
'{"format":"canasta-game","version":1,"rules":{"name"'
>>> canasta.Game.from_json(text) == game
True
>>> canasta.Game.from_json('{"format": "canasta-game", "version": 2}')
Traceback (most recent call last):
...
canasta.errors.JsonError: version: this library reads version 1 of the canasta-game format, ...

Loading only parses JSON and builds values from it: nothing in the input is executed. Every
problem raises :class:`JsonError` (a :class:`~canasta.errors.PositionError`, so a
``ValueError``) whose message starts with where the problem is, as a path such as
``deal.hands[2]``.
"""

from __future__ import annotations

import enum
import json
import random
import types
import typing
from collections.abc import Callable, Iterable
from importlib import resources
from typing import TYPE_CHECKING, Any, Literal, NoReturn, TypeVar

import attrs

from canasta._engine.meld_rules import Meld, MeldKind, new_meld
from canasta._engine.scoring import DealResult, SideScore
from canasta._engine.state import EMPTY, Deal, DealEnd, Event, Phase, TurnDraft
from canasta._model.cards import NATURAL_RANKS, Card, CardParseError, Rank, Suit
from canasta._model.deck import Cards, pack_cards
from canasta._model.moves import Move, parse_move
from canasta._rules.presets import find_rules
from canasta._rules.ruleset import RuleSet, RuleSetError
from canasta.errors import JsonError, MoveParseError
from canasta.table import Table

if TYPE_CHECKING:
    from canasta.game import Game
    from canasta.views import PlayerView

__all__ = [
    "GAME_FORMAT",
    "SCHEMA_FILE",
    "VERSION",
    "VIEW_FORMAT",
    "JsonError",
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

#: The ``format`` of a game document.
GAME_FORMAT = "canasta-game"
#: The ``format`` of a player-view document.
VIEW_FORMAT = "canasta-view"
#: The format version this library writes and reads.
VERSION = 1
#: The JSON Schema of both formats, in the package's ``schema`` folder.
SCHEMA_FILE = "canasta-v1.schema.json"

E = TypeVar("E", bound=enum.Enum)


def _fail(path: str, reason: str) -> NoReturn:
    raise JsonError(path, reason)


# --- writing -----------------------------------------------------------------------------------


def _dumps(data: dict[str, Any], indent: int | None) -> str:
    if indent is None:
        return json.dumps(data, separators=(",", ":"), allow_nan=False)
    return json.dumps(data, indent=indent, allow_nan=False)


def _plain(value: object) -> object:
    """A rule-set value as JSON: tuples become lists."""
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


def _sequence(cards: Iterable[Card]) -> str:
    """Cards in order (the pile, the stock)."""
    return " ".join(str(card) for card in cards)


def rules_to_data(rules: RuleSet) -> dict[str, Any]:
    """Every field of a rule set, by its public name (``target_score`` as given, maybe null)."""
    return {
        field.alias or field.name: _plain(getattr(rules, field.name))
        for field in attrs.fields(RuleSet)
    }


def _draft_to_data(draft: TurnDraft) -> dict[str, Any]:
    """The fields that differ from a fresh :class:`~canasta._engine.state.TurnDraft`."""
    data: dict[str, Any] = {}
    for field in attrs.fields(TurnDraft):
        value = getattr(draft, field.name)
        if value == field.default:
            continue
        if isinstance(value, Cards):
            data[field.name] = str(value)
        elif isinstance(value, frozenset):
            data[field.name] = [rank.value for rank in sorted(value, key=lambda r: r.order)]
        else:
            data[field.name] = value
    return data


def _event_to_data(event: Event) -> dict[str, Any]:
    data: dict[str, Any] = {"seat": event.seat, "move": str(event.move)}
    if event.shown:
        data["shown"] = str(event.shown)
    if event.drawn:
        data["drawn"] = event.drawn
    return data


def _result_to_data(result: DealResult) -> dict[str, Any]:
    return {
        "number": result.number,
        "end": result.end.value,
        "went_out": result.went_out,
        "concealed": result.concealed,
        "scores": [
            {field.name: getattr(score, field.name) for field in attrs.fields(SideScore)}
            for score in result.scores
        ],
        "seat_players": list(result.seat_players),
        "history": [_event_to_data(event) for event in result.history],
    }


def _meld_to_data(meld: Meld) -> str | dict[str, str]:
    """A meld as its cards; a sequence whose wild card stands for a rank as an object that
    names that rank too (HW-MELD-10)."""
    if meld.wild_as is None:
        return str(meld.cards)
    return {"cards": str(meld.cards), "wild_as": meld.wild_as.text}


def _melds_to_data(melds: tuple[tuple[Meld, ...], ...]) -> list[list[str | dict[str, str]]]:
    return [[_meld_to_data(meld) for meld in side] for side in melds]


def _deal_to_data(deal: Deal) -> dict[str, Any]:
    return {
        "number": deal.number,
        "seat": deal.seat,
        "phase": deal.phase.value,
        "turn": deal.turn,
        "hands": [str(hand) for hand in deal.hands],
        "known": [str(known) for known in deal.known],
        "melds": _melds_to_data(deal.melds),
        "red_threes": [str(red) for red in deal.red_threes],
        "pile": _sequence(deal.pile),
        "pile_frozen": deal.pile_frozen,
        "stock": _sequence(deal.stock),
        "minimums": list(deal.minimums),
        "melded_seats": sorted(deal.melded_seats),
        "pending_red_threes": sorted(deal.pending_red_threes),
        "draft": _draft_to_data(deal.draft),
        "end": None if deal.end is None else deal.end.value,
        "went_out": deal.went_out,
        "concealed": deal.concealed,
        "history": [_event_to_data(event) for event in deal.history],
    }


def game_to_data(game: Game) -> dict[str, Any]:
    """The game as a JSON-ready dictionary (what :func:`game_to_json` writes)."""
    return {
        "format": GAME_FORMAT,
        "version": VERSION,
        "rules": rules_to_data(game.rules),
        "seed": game.seed,
        "scores": list(game.scores),
        "seat_players": list(game.seat_players),
        "is_over": game.is_over,
        "deal": _deal_to_data(game.deal),
        "results": [_result_to_data(result) for result in game.results],
    }


def game_to_json(game: Game, *, indent: int | None = None) -> str:
    """The game as JSON text: compact, or indented by ``indent`` spaces."""
    return _dumps(game_to_data(game), indent)


def view_to_data(view: PlayerView) -> dict[str, Any]:
    """The view as a JSON-ready dictionary (what :func:`view_to_json` writes)."""
    table = view.table
    return {
        "format": VIEW_FORMAT,
        "version": VERSION,
        "rules": rules_to_data(view.rules),
        "player": view.player,
        "hand": str(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "known_cards": [str(known) for known in view.known_cards],
        "table": {
            "melds": _melds_to_data(table.melds),
            "red_threes": [str(red) for red in table.red_threes],
            "pile_frozen": table.pile_frozen,
            "stock_size": table.stock_size,
        },
        "pile": _sequence(view.pile),
        "scores": list(view.scores),
        "minimums": list(view.minimums),
        "to_move": view.to_move,
        "turn_player": view.turn_player,
        "phase": view.phase.value,
        "draft": _draft_to_data(view.draft),
        "deal_number": view.deal_number,
        "turn": view.turn,
        "seat_players": list(view.seat_players),
        "melded_players": sorted(view.melded_players),
        "is_over": view.is_over,
        "history": [_event_to_data(event) for event in view.history],
        "results": [_result_to_data(result) for result in view.results],
    }


def view_to_json(view: PlayerView, *, indent: int | None = None) -> str:
    """The view as JSON text: compact, or indented by ``indent`` spaces."""
    return _dumps(view_to_data(view), indent)


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of both formats, read from the package."""
    text = (resources.files("canasta") / "schema" / SCHEMA_FILE).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


# --- reading: values -------------------------------------------------------------------------


def _show(value: object) -> str:
    """A value as it appears in JSON, shortened, for messages."""
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = "a very long number" if isinstance(value, int) else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _at(path: str, index: int) -> str:
    return f"{path}[{index}]"


class _Object:
    """A JSON object being read: fields are taken one by one, and unknown ones refused."""

    __slots__ = ("data", "path", "used")

    def __init__(self, value: object, path: str) -> None:
        if not isinstance(value, dict):
            what = "" if path else " (the document)"
            _fail(path, f"expected an object{what}, got {_show(value)}")
        self.data: dict[Any, Any] = value
        self.path = path
        self.used: set[str] = set()

    def has(self, key: str) -> bool:
        self.used.add(key)
        return key in self.data

    def at(self, key: str) -> str:
        return _join(self.path, key)

    def get(self, key: str) -> Any:
        """A required field."""
        if not self.has(key):
            _fail(self.path, f"the field {key!r} is missing")
        return self.data[key]

    def finish(self) -> None:
        """Refuse fields nobody asked for (typing mistakes in hand-written positions)."""
        unknown = [key for key in self.data if key not in self.used]
        if unknown:
            names = ", ".join(repr(key) for key in unknown[:5])
            known = ", ".join(sorted(self.used))
            _fail(self.path, f"unknown field {names}; the fields are {known}")


def _int(value: object, path: str, low: int | None = None, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        _fail(path, f"expected a whole number, got {_show(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            _fail(path, f"expected a whole number ≥ {low}, got {value}")
        if low is None:
            _fail(path, f"expected a whole number ≤ {high}, got {value}")
        _fail(path, f"expected a whole number from {low} to {high}, got {value}")
    return value


def _bool(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        _fail(path, f"expected true or false, got {_show(value)}")
    return value


def _text(value: object, path: str) -> str:
    if not isinstance(value, str):
        _fail(path, f"expected text, got {_show(value)}")
    return value


def _list(value: object, path: str, length: int | None = None, what: str = "") -> list[Any]:
    if not isinstance(value, list):
        _fail(path, f"expected a list{what}, got {_show(value)}")
    if length is not None and len(value) != length:
        _fail(path, f"expected {length} entries{what}, got {len(value)}")
    return value


def _cards(value: object, path: str) -> Cards:
    """A multiset of cards: text such as ``"KH KS 2C JK"`` (order does not matter)."""
    if not isinstance(value, str):
        _fail(path, f'expected card text such as "KH KS 2C JK", got {_show(value)}')
    try:
        return Cards.parse(value)
    except CardParseError as error:
        _fail(path, str(error))


def _sequence_of(value: object, path: str) -> tuple[Card, ...]:
    """Cards in order, such as the pile (bottom first) or the stock (top last)."""
    if not isinstance(value, str):
        _fail(path, f'expected card text such as "8C KD 5H", got {_show(value)}')
    cards = []
    for position, word in enumerate(value.replace(",", " ").split(), start=1):
        try:
            cards.append(Card.parse(word))
        except CardParseError as error:
            _fail(path, f"card {position}: {error}")
    return tuple(cards)


def _enum(kind: type[E], value: object, path: str) -> E:
    for member in kind:
        if type(value) is type(member.value) and member.value == value:
            return member
    allowed = ", ".join(json.dumps(member.value) for member in kind)
    _fail(path, f"expected one of {allowed}; got {_show(value)}")


def _seat(value: object, path: str, seats: int) -> int:
    return _int(value, path, 0, seats - 1)


def _seat_set(value: object, path: str, seats: int) -> frozenset[int]:
    items = _list(value, path, what=" of seats")
    return frozenset(_seat(item, _at(path, i), seats) for i, item in enumerate(items))


def _per_side(value: object, path: str, rules: RuleSet, what: str) -> list[Any]:
    return _list(value, path, rules.num_sides, f" ({what}, one per side)")


def _move(value: object, path: str) -> Move:
    text = _text(value, path)
    try:
        return parse_move(text)
    except MoveParseError as error:
        _fail(path, str(error))


def _events(value: object, path: str, seats: int) -> tuple[Event, ...]:
    events = []
    for index, item in enumerate(_list(value, path, what=" of events")):
        here = _at(path, index)
        obj = _Object(item, here)
        seat = _seat(obj.get("seat"), obj.at("seat"), seats)
        move = _move(obj.get("move"), obj.at("move"))
        shown = _cards(obj.data["shown"], obj.at("shown")) if obj.has("shown") else EMPTY
        drawn = _int(obj.data["drawn"], obj.at("drawn"), 0) if obj.has("drawn") else 0
        obj.finish()
        events.append(Event(seat, move, shown, drawn))
    return tuple(events)


# --- reading: rule sets ------------------------------------------------------------------------


def _describe(hint: Any) -> str:
    """A type hint in words, for messages."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is bool:
        return "true or false"
    if hint is int:
        return "a whole number"
    if hint is str:
        return "text"
    if hint is type(None):
        return "null"
    if origin is Literal:
        return "one of " + ", ".join(json.dumps(arg) for arg in args)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_describe(arg) for arg in args)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return f"a list of ({_describe(args[0])})"
    if origin is tuple:
        return "a list of " + ", ".join(_describe(arg) for arg in args)
    return str(hint)


def _matches(value: object, hint: Any) -> bool:
    """Whether a JSON value has the type a rule-set field's hint asks for."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    if hint is type(None):
        return value is None
    if origin is Literal:
        return any(type(value) is type(arg) and value == arg for arg in args)
    if origin in (typing.Union, types.UnionType):
        return any(_matches(value, arg) for arg in args)
    if origin is tuple:
        if not isinstance(value, list):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_matches(item, args[0]) for item in value)
        return len(value) == len(args) and all(map(_matches, value, args))
    return True  # a kind of field this reader does not know: RuleSet's validators decide


_RULE_HINTS: dict[str, Any] = {}


def _rule_fields() -> dict[str, tuple[str, Any]]:
    """Each rule-set field's public name, with its attribute name and type hint."""
    if not _RULE_HINTS:
        _RULE_HINTS.update(typing.get_type_hints(RuleSet))
    return {
        field.alias or field.name: (field.name, _RULE_HINTS[field.name])
        for field in attrs.fields(RuleSet)
    }


def _rule_settings(obj: _Object, names: Iterable[str]) -> dict[str, Any]:
    fields = _rule_fields()
    settings = {}
    for name in names:
        if name not in fields:
            _fail(obj.at(name), "not a rule-set field")
        obj.used.add(name)
        value, hint = obj.data[name], fields[name][1]
        if name == "rule_ids" and isinstance(value, dict):
            value = _rule_id_pairs(value, obj.at(name))
        if not _matches(value, hint):
            _fail(obj.at(name), f"expected {_describe(hint)}, got {_show(value)}")
        settings[name] = value
    return settings


def _rule_id_pairs(value: dict[Any, Any], path: str) -> list[list[str]]:
    """``rule_ids`` written as an object, ``{"CL-MELD-2": "HW-MELD-5"}``, as its pairs."""
    pairs = []
    for key, item in value.items():
        if not isinstance(item, str):
            _fail(_join(path, str(key)), f"expected a rule ID as text, got {_show(item)}")
        pairs.append([key, item])
    return pairs


def _build_rules(path: str, make: Callable[[], RuleSet]) -> RuleSet:
    try:
        return make()
    except (RuleSetError, ValueError, TypeError) as error:
        _fail(path, str(error))


def rules_from_data(value: object, path: str = "rules") -> RuleSet:
    """A rule set from JSON: every field by name (as :func:`rules_to_data` writes it), a
    preset ``{"preset": "classic", "players": 2, "options": {...}}`` (players and options
    optional), or just a preset's name."""
    if isinstance(value, str):
        return _build_rules(path, lambda: find_rules(value))
    obj = _Object(value, path)
    if obj.has("preset"):
        name = _text(obj.data["preset"], obj.at("preset"))
        players = _int(obj.data["players"], obj.at("players")) if obj.has("players") else None
        options: dict[str, Any] = {}
        if obj.has("options"):
            given = _Object(obj.data["options"], obj.at("options"))
            options = _rule_settings(given, list(given.data))
        obj.finish()
        preset = _build_rules(path, lambda: find_rules(name, players))
        if not options:
            return preset
        if name.strip().lower() == "classic":
            # The preset function applies options that change the pack (six_player_pack).
            return _build_rules(path, lambda: RuleSet.classic(preset.num_players, **options))
        return _build_rules(path, lambda: attrs.evolve(preset, **options))
    missing = [name for name in _rule_fields() if name not in obj.data]
    if missing:
        more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        _fail(
            path,
            f"missing fields {', '.join(missing[:5])}{more}: give every field of the rule set, "
            'or a preset such as {"preset": "classic", "players": 4, "options": {}}',
        )
    settings = _rule_settings(obj, list(obj.data))
    return _build_rules(path, lambda: RuleSet(**settings))


# --- reading: the parts of a deal ------------------------------------------------------------


def _draft(value: object, path: str) -> TurnDraft:
    """A turn draft; fields left out keep the values of a fresh one."""
    obj = _Object(value, path)
    hints = typing.get_type_hints(TurnDraft)
    changes: dict[str, Any] = {}
    for field in attrs.fields(TurnDraft):
        if not obj.has(field.name):
            continue
        item, here, hint = obj.data[field.name], obj.at(field.name), hints[field.name]
        if hint is Cards:
            changes[field.name] = _cards(item, here)
        elif typing.get_origin(hint) is frozenset:
            ranks = _list(item, here, what=" of ranks")
            changes[field.name] = frozenset(
                _enum(Rank, rank, _at(here, i)) for i, rank in enumerate(ranks)
            )
        elif hint is int:
            changes[field.name] = _int(item, here, 0)
        elif _matches(item, hint):
            changes[field.name] = item
        else:
            _fail(here, f"expected {_describe(hint)}, got {_show(item)}")
    obj.finish()
    return TurnDraft(**changes)


_WILD_AS = {rank.text: rank for rank in NATURAL_RANKS}


def _meld(value: object, path: str, rules: RuleSet) -> Meld:
    """A meld: its cards as text, or an object with its ``cards``, the rank its wild card
    stands for in a sequence (``wild_as``) and, optionally, the sequence's ``suit``."""
    wild_as = suit = None
    if isinstance(value, dict):
        obj = _Object(value, path)
        cards = _cards(obj.get("cards"), obj.at("cards"))
        if obj.has("wild_as"):
            text = _text(obj.data["wild_as"], obj.at("wild_as"))
            wild_as = _WILD_AS.get(text.strip().upper())
            if wild_as is None:
                _fail(obj.at("wild_as"), f"expected a rank from 4 to A, got {_show(text)}")
        if obj.has("suit"):
            suit = _enum(Suit, obj.data["suit"], obj.at("suit"))
        obj.finish()
    else:
        cards = _cards(value, path)
    made = new_meld(cards, rules, wild_as)
    if not isinstance(made, Meld):
        _fail(path, f"the meld {cards} breaks the rules: {made}")
    if suit is not None and made.suit is not suit:
        what = "is no sequence" if made.suit is None else f"is a sequence of {made.suit.value}"
        _fail(_join(path, "suit"), f"the meld {cards} {what}, not of {suit.value}")
    return made


def _melds(value: object, path: str, rules: RuleSet) -> tuple[tuple[Meld, ...], ...]:
    """Each side's melds. Where melds are named by their position
    (:attr:`~canasta.RuleSet.melds_by_position`) they keep the order given; otherwise
    they are sorted by rank, one meld of a rank (CL-MELD-6)."""
    sides = []
    for side, group in enumerate(_per_side(value, path, rules, "lists of melds")):
        here = _at(path, side)
        melds: list[Meld] = []
        for index, item in enumerate(_list(group, here, what=" of melds")):
            where = _at(here, index)
            meld = _meld(item, where, rules)
            if (
                not rules.several_melds_per_rank
                and meld.kind is not MeldKind.SEQUENCE
                and any(other.kind is meld.kind and other.rank is meld.rank for other in melds)
            ):
                _fail(
                    where,
                    f"side {side} has two melds of {meld.rank.text}s; a side has one meld of a "
                    f"rank ({rules.rule_id('CL-MELD-6')})",
                )
            melds.append(meld)
        if not rules.melds_by_position:
            melds.sort(key=lambda meld: meld.rank.order)
        sides.append(tuple(melds))
    return tuple(sides)


def _red_threes(value: object, path: str, rules: RuleSet) -> tuple[Cards, ...]:
    groups = []
    for side, item in enumerate(_per_side(value, path, rules, "red threes")):
        cards = _cards(item, _at(path, side))
        wrong = [card for card in cards.faces() if not card.is_red_three]
        if wrong:
            _fail(_at(path, side), f"{wrong[0]} is not a red three (3H or 3D)")
        groups.append(cards)
    return tuple(groups)


def _scores(value: object, path: str, rules: RuleSet) -> tuple[int, ...]:
    items = _per_side(value, path, rules, "cumulative scores")
    scores = tuple(_int(item, _at(path, i)) for i, item in enumerate(items))
    for side, score in enumerate(scores):
        if score % 5:
            _fail(_at(path, side), f"scores are multiples of 5 (CL-VAL-3), not {score}")
    return scores


def _minimums(value: object, path: str, rules: RuleSet) -> tuple[int, ...]:
    items = _per_side(value, path, rules, "initial-meld minimums")
    return tuple(_int(item, _at(path, i), 0) for i, item in enumerate(items))


def _default_seat_players(rules: RuleSet, number: int) -> tuple[int, ...]:
    return rules.seat_players(number)


def _seating(value: object, path: str, rules: RuleSet) -> tuple[int, ...]:
    seats = rules.active_players
    items = _list(value, path, seats, " (the player in each seat)")
    players = tuple(
        _int(item, _at(path, i), 0, rules.num_players - 1) for i, item in enumerate(items)
    )
    for seat, player in enumerate(players):
        if player in players[:seat]:
            _fail(_at(path, seat), f"player {player} sits in two seats")
        if player % rules.num_sides != seat % rules.num_sides:
            _fail(
                _at(path, seat),
                f"player {player} plays for side {player % rules.num_sides} and cannot sit "
                f"in seat {seat}, which plays for side {seat % rules.num_sides}",
            )
    return players


def _result(value: object, path: str, rules: RuleSet) -> DealResult:
    obj = _Object(value, path)
    number = _int(obj.get("number"), obj.at("number"), 0)
    end = _enum(DealEnd, obj.get("end"), obj.at("end"))
    went_out_value = obj.get("went_out")
    went_out = (
        None
        if went_out_value is None
        else _int(went_out_value, obj.at("went_out"), 0, rules.num_players - 1)
    )
    concealed = _bool(obj.get("concealed"), obj.at("concealed"))
    scores = []
    here = obj.at("scores")
    for side, item in enumerate(_per_side(obj.get("scores"), here, rules, "side scores")):
        score = _Object(item, _at(here, side))
        parts = {
            field.name: _int(score.get(field.name), score.at(field.name))
            for field in attrs.fields(SideScore)
        }
        score.finish()
        if parts["side"] != side:
            _fail(score.at("side"), f"the score of side {side} says side {parts['side']}")
        scores.append(SideScore(**parts))
    seat_players: tuple[int, ...] = ()
    if obj.has("seat_players"):
        seat_players = _seating(obj.data["seat_players"], obj.at("seat_players"), rules)
    history: tuple[Event, ...] = ()
    if obj.has("history"):
        history = _events(obj.data["history"], obj.at("history"), rules.active_players)
    obj.finish()
    return DealResult(number, end, went_out, concealed, tuple(scores), history, seat_players)


def _results(value: object, path: str, rules: RuleSet) -> tuple[DealResult, ...]:
    items = _list(value, path, what=" of deal results")
    return tuple(_result(item, _at(path, i), rules) for i, item in enumerate(items))


class _Census:
    """Counts the cards of a position place by place, refusing one the pack lacks."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.pack = pack_cards(rules.decks)
        self.counts = [0] * len(self.pack.counts)

    def add(self, cards: Iterable[Card], path: str) -> None:
        for card in cards:
            index = card.index
            self.counts[index] += 1
            if self.counts[index] > self.pack.counts[index]:
                _fail(
                    path,
                    f"a card too many: the pack of {self.rules.decks} decks holds "
                    f"{self.pack.counts[index]} {card}, and this is one more",
                )

    @property
    def placed(self) -> Cards:
        return Cards(tuple(self.counts))

    @property
    def rest(self) -> Cards:
        return self.pack - self.placed


def _header(obj: _Object, kind: str) -> None:
    format_name = obj.get("format")
    if format_name != kind:
        other = {GAME_FORMAT: VIEW_FORMAT, VIEW_FORMAT: GAME_FORMAT}[kind]
        hint = f" (a {other} document is read by another method)" if format_name == other else ""
        _fail("format", f"expected {kind!r}, got {_show(format_name)}{hint}")
    version = obj.get("version")
    if type(version) is not int or version != VERSION:
        _fail(
            "version",
            f"this library reads version {VERSION} of the {kind} format, not {_show(version)}",
        )


def _load(text: object) -> object:
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as error:
            _fail("", f"not JSON: the bytes are not UTF-8 ({error.reason} at {error.start})")
    if not isinstance(text, str):
        _fail("", f"expected JSON text, got {type(text).__name__}")

    def refuse(name: str) -> NoReturn:
        raise ValueError(f"{name} is not a JSON value")

    try:
        return json.loads(text, parse_constant=refuse)
    except json.JSONDecodeError as error:
        _fail("", f"not JSON: {error.msg} at line {error.lineno} column {error.colno}")
    except (ValueError, RecursionError) as error:
        _fail("", f"not JSON: {error}")


# --- reading: games ----------------------------------------------------------------------------


def game_from_json(text: str | bytes) -> Game:
    """The game a JSON document describes; :class:`JsonError` if it describes none."""
    return game_from_data(_load(text))


def game_from_data(data: object) -> Game:
    """The game a parsed JSON document (a dictionary) describes."""
    from canasta.game import Game

    doc = _Object(data, "")
    _header(doc, GAME_FORMAT)
    rules = rules_from_data(doc.get("rules"))
    seed: int | str = 0
    if doc.has("seed"):
        seed_value = doc.data["seed"]
        if not isinstance(seed_value, str):
            seed_value = _int(seed_value, "seed")
        seed = seed_value
    scores = (0,) * rules.num_sides
    if doc.has("scores"):
        scores = _scores(doc.data["scores"], "scores", rules)
    results: tuple[DealResult, ...] = ()
    if doc.has("results"):
        results = _results(doc.data["results"], "results", rules)
    deal_obj = _Object(doc.get("deal"), "deal")
    number = _int(deal_obj.data["number"], "deal.number", 0) if deal_obj.has("number") else 0
    if doc.has("seat_players"):
        seat_players = _seating(doc.data["seat_players"], "seat_players", rules)
    else:
        seat_players = _default_seat_players(rules, number)
    deal = _deal(deal_obj, rules, seed, number, scores, seat_players)
    is_over = deal.phase is Phase.OVER
    if doc.has("is_over"):
        is_over = _bool(doc.data["is_over"], "is_over")
        _check_over(is_over, deal.phase)
    doc.finish()
    return Game(
        rules=rules,
        seed=seed,
        deal=deal,
        scores=scores,
        results=results,
        seat_players=seat_players,
        is_over=is_over,
    )


def _check_over(is_over: bool, phase: Phase) -> None:
    if is_over != (phase is Phase.OVER):
        _fail(
            "is_over",
            f'a game is over exactly when its last deal is (phase "over"), not {phase.value!r}',
        )


def _hands(
    value: object, path: str, rules: RuleSet, seat_players: tuple[int, ...]
) -> tuple[Cards, ...]:
    """Hands per seat; in a five-player game they may be given per player instead."""
    seats = rules.active_players
    items = _list(value, path, what=" of hands")
    if len(items) == seats:
        return tuple(_cards(item, _at(path, i)) for i, item in enumerate(items))
    if len(items) != rules.num_players:
        per_player = (
            f" or {rules.num_players}, one per player" if seats != rules.num_players else ""
        )
        _fail(path, f"expected {seats} hands, one per seat{per_player}; got {len(items)}")
    by_player = [_cards(item, _at(path, i)) for i, item in enumerate(items)]
    for player, hand in enumerate(by_player):
        if player not in seat_players and hand:
            _fail(
                _at(path, player),
                f"player {player} sits out this deal (seat_players {list(seat_players)}) and "
                "holds no cards (CL-V5-2)",
            )
    return tuple(by_player[player] for player in seat_players)


def _deal(
    obj: _Object,
    rules: RuleSet,
    seed: int | str,
    number: int,
    scores: tuple[int, ...],
    seat_players: tuple[int, ...],
) -> Deal:
    seats = rules.active_players
    hands = _hands(obj.get("hands"), obj.at("hands"), rules, seat_players)
    melds: tuple[tuple[Meld, ...], ...] = ((),) * rules.num_sides
    if obj.has("melds"):
        melds = _melds(obj.data["melds"], obj.at("melds"), rules)
    red_threes = (EMPTY,) * rules.num_sides
    if obj.has("red_threes"):
        red_threes = _red_threes(obj.data["red_threes"], obj.at("red_threes"), rules)
    pile: tuple[Card, ...] = ()
    if obj.has("pile"):
        pile = _sequence_of(obj.data["pile"], obj.at("pile"))

    census = _Census(rules)
    for seat, hand in enumerate(hands):
        census.add(hand, _at(obj.at("hands"), seat))
    for side, group in enumerate(melds):
        for meld in group:
            census.add(meld.cards, _at(obj.at("melds"), side))
    for side, red in enumerate(red_threes):
        census.add(red, _at(obj.at("red_threes"), side))
    census.add(pile, obj.at("pile"))
    if obj.has("stock"):
        stock = _sequence_of(obj.data["stock"], obj.at("stock"))
        census.add(stock, obj.at("stock"))
        if census.rest:
            some = list(census.rest)
            named = " ".join(map(str, some[:8])) + (" ..." if len(some) > 8 else "")
            _fail(
                obj.path,
                f"the cards add up to {len(census.placed)}, not the {len(census.pack)} of the "
                f"pack: {len(some)} missing ({named}); leave out the stock to make it of the "
                "cards placed nowhere else",
            )
    else:
        unplaced = list(census.rest)
        random.Random(f"{seed}/position").shuffle(unplaced)
        stock = tuple(unplaced)

    pile_frozen = any(rules.freezes_pile(card) for card in pile)
    if obj.has("pile_frozen"):
        pile_frozen = _bool(obj.data["pile_frozen"], obj.at("pile_frozen"))
    seat = _seat(obj.data["seat"], obj.at("seat"), seats) if obj.has("seat") else 0
    phase = Phase.DRAW
    if obj.has("phase"):
        phase = _enum(Phase, obj.data["phase"], obj.at("phase"))
    if phase is Phase.ANSWER and not rules.has_partners:
        _fail(obj.at("phase"), f"nobody answers with {rules.num_players} players: no partners")
    melded_seats: frozenset[int] = frozenset()
    if obj.has("melded_seats"):
        melded_seats = _seat_set(obj.data["melded_seats"], obj.at("melded_seats"), seats)
    minimums = tuple(rules.initial_minimum(score) for score in scores)
    if obj.has("minimums"):
        minimums = _minimums(obj.data["minimums"], obj.at("minimums"), rules)
    turn = _int(obj.data["turn"], obj.at("turn"), 0) if obj.has("turn") else 0

    pending = _pending_red_threes(obj, rules, hands, seat, phase)
    draft = _default_draft(rules, phase, seat % rules.num_sides, melds, seat in melded_seats)
    if obj.has("draft"):
        draft = _draft(obj.data["draft"], obj.at("draft"))
    if not hands[seat].issuperset(draft.locked):
        _fail(obj.at("draft.locked"), f"the locked cards {draft.locked} are not all in the hand")
    known = (EMPTY,) * seats
    if obj.has("known"):
        items = _list(obj.data["known"], obj.at("known"), seats, " (known cards, one per seat)")
        known = tuple(_cards(item, _at(obj.at("known"), i)) for i, item in enumerate(items))
        for index, cards in enumerate(known):
            if not hands[index].issuperset(cards):
                _fail(
                    _at(obj.at("known"), index),
                    f"the known cards {cards} are not all in seat {index}'s hand",
                )
    end, went_out, concealed = _ending(obj, phase, seats)
    history: tuple[Event, ...] = ()
    if obj.has("history"):
        history = _events(obj.data["history"], obj.at("history"), seats)
    obj.finish()
    return Deal(
        rules=rules,
        number=number,
        hands=hands,
        melds=melds,
        red_threes=red_threes,
        pile=pile,
        pile_frozen=pile_frozen,
        stock=stock,
        seat=seat,
        phase=phase,
        draft=draft,
        minimums=minimums,
        melded_seats=melded_seats,
        pending_red_threes=pending,
        end=end,
        went_out=went_out,
        concealed=concealed,
        turn=turn,
        known=known,
        history=history,
    )


def _default_draft(
    rules: RuleSet,
    phase: Phase,
    side: int,
    melds: tuple[tuple[Meld, ...], ...],
    had_melded: bool,
) -> TurnDraft:
    """The draft of a turn in ``phase`` whose player drew from the stock (and asked); where
    melds are named by position, the side's melds on the table were there before the turn."""
    if phase in (Phase.DRAW, Phase.OVER):
        return TurnDraft()
    draft = TurnDraft(
        drew=True,
        opening=not melds[side],
        had_melded=had_melded,
        asked=phase is Phase.ANSWER,
    )
    if rules.melds_by_position and melds[side]:
        draft = attrs.evolve(draft, melds_before=len(melds[side]))
    return draft


def _pending_red_threes(
    obj: _Object, rules: RuleSet, hands: tuple[Cards, ...], seat: int, phase: Phase
) -> frozenset[int]:
    """Seats whose dealt red threes wait for their first turn; only they hold red threes."""
    holding = frozenset(
        index for index, hand in enumerate(hands) if any(c.is_red_three for c in hand.faces())
    )
    path = obj.at("pending_red_threes")
    first_turn = rules.red_three_timing == "first_turn"
    if obj.has("pending_red_threes"):
        pending = _seat_set(obj.data["pending_red_threes"], path, len(hands))
        if pending and not first_turn:
            _fail(path, "red threes wait for a first turn only with red_three_timing first_turn")
    else:
        pending = holding if first_turn else frozenset()
    for index in sorted(holding - pending):
        where = " (pending_red_threes)" if first_turn else ""
        _fail(
            _at(obj.at("hands"), index),
            "a red three is laid out as soon as it is dealt or drawn (CL-R3-1, CL-R3-2); only a "
            f"hand whose first turn has not begun may hold one{where}",
        )
    if seat in pending and phase is not Phase.OVER:
        _fail(
            path,
            f"seat {seat} is playing its turn, so its dealt red threes are laid out already "
            "(CL-R3-2)",
        )
    return pending


def _ending(obj: _Object, phase: Phase, seats: int) -> tuple[DealEnd | None, int | None, bool]:
    end: DealEnd | None = None
    if obj.has("end") and obj.data["end"] is not None:
        end = _enum(DealEnd, obj.data["end"], obj.at("end"))
    if (end is None) != (phase is not Phase.OVER):
        if end is None:
            _fail(obj.at("end"), 'a deal in phase "over" says how it ended')
        _fail(obj.at("end"), f"a deal in phase {phase.value!r} has not ended; end must be null")
    went_out: int | None = None
    if obj.has("went_out") and obj.data["went_out"] is not None:
        went_out = _seat(obj.data["went_out"], obj.at("went_out"), seats)
    if (went_out is not None) != (end is DealEnd.WENT_OUT):
        _fail(obj.at("went_out"), "the seat that went out is given exactly when end is went_out")
    concealed = (
        _bool(obj.data["concealed"], obj.at("concealed")) if obj.has("concealed") else False
    )
    if concealed and went_out is None:
        _fail(obj.at("concealed"), "only a player who went out went out concealed")
    return end, went_out, concealed


# --- reading: views ----------------------------------------------------------------------------


def view_from_json(text: str | bytes) -> PlayerView:
    """The player view a JSON document describes; :class:`JsonError` if it describes none."""
    return view_from_data(_load(text))


def view_from_data(data: object) -> PlayerView:
    """The player view a parsed JSON document (a dictionary) describes."""
    from canasta.views import PlayerView

    doc = _Object(data, "")
    _header(doc, VIEW_FORMAT)
    rules = rules_from_data(doc.get("rules"))
    players, sides = rules.num_players, rules.num_sides
    player = _int(doc.get("player"), "player", 0, players - 1)
    deal_number = _int(doc.get("deal_number"), "deal_number", 0) if doc.has("deal_number") else 0
    if doc.has("seat_players"):
        seat_players = _seating(doc.data["seat_players"], "seat_players", rules)
    else:
        seat_players = _default_seat_players(rules, deal_number)
    hand = _cards(doc.get("hand"), "hand")
    sizes_value = _list(doc.get("hand_sizes"), "hand_sizes", players, " (one per player)")
    hand_sizes = tuple(_int(item, _at("hand_sizes", i), 0) for i, item in enumerate(sizes_value))
    known_cards = (EMPTY,) * players
    if doc.has("known_cards"):
        items = _list(doc.data["known_cards"], "known_cards", players, " (one per player)")
        known_cards = tuple(_cards(item, _at("known_cards", i)) for i, item in enumerate(items))
    table_obj = _Object(doc.get("table"), "table")
    melds: tuple[tuple[Meld, ...], ...] = ((),) * sides
    if table_obj.has("melds"):
        melds = _melds(table_obj.data["melds"], "table.melds", rules)
    red_threes = (EMPTY,) * sides
    if table_obj.has("red_threes"):
        red_threes = _red_threes(table_obj.data["red_threes"], "table.red_threes", rules)
    stock_size = _int(table_obj.get("stock_size"), "table.stock_size", 0)
    pile = _sequence_of(doc.data["pile"], "pile") if doc.has("pile") else ()
    pile_frozen = _bool(table_obj.get("pile_frozen"), "table.pile_frozen")
    table_obj.finish()
    _check_view_cards(rules, player, seat_players, hand, hand_sizes, known_cards, melds)
    census = _Census(rules)
    census.add(hand, "hand")
    for other, known in enumerate(known_cards):
        if other != player:
            census.add(known, _at("known_cards", other))
    for side, group in enumerate(melds):
        for meld in group:
            census.add(meld.cards, _at("table.melds", side))
    for side, red in enumerate(red_threes):
        census.add(red, _at("table.red_threes", side))
    census.add(pile, "pile")
    total = sum(hand_sizes) + stock_size + len(pile)
    total += sum(len(meld.cards) for group in melds for meld in group)
    total += sum(len(red) for red in red_threes)
    if total != len(census.pack):
        _fail(
            "",
            f"the hand sizes, table, pile and stock size add up to {total} cards, not the "
            f"{len(census.pack)} of the pack",
        )
    scores = (0,) * sides
    if doc.has("scores"):
        scores = _scores(doc.data["scores"], "scores", rules)
    minimums = tuple(rules.initial_minimum(score) for score in scores)
    if doc.has("minimums"):
        minimums = _minimums(doc.data["minimums"], "minimums", rules)
    turn_player = _int(doc.get("turn_player"), "turn_player", 0, players - 1)
    if turn_player not in seat_players:
        _fail("turn_player", f"player {turn_player} does not play in this deal")
    phase = _enum(Phase, doc.data["phase"], "phase") if doc.has("phase") else Phase.DRAW
    if phase is Phase.ANSWER and not rules.has_partners:
        _fail("phase", f"nobody answers with {rules.num_players} players: no partners")
    seat = seat_players.index(turn_player)
    melded_players: frozenset[int] = frozenset()
    if doc.has("melded_players"):
        items = _list(doc.data["melded_players"], "melded_players", what=" of players")
        melded_players = frozenset(
            _int(item, _at("melded_players", i), 0, players - 1) for i, item in enumerate(items)
        )
        for other in sorted(melded_players - set(seat_players)):
            _fail("melded_players", f"player {other} does not play in this deal")
    draft = _default_draft(rules, phase, seat % sides, melds, turn_player in melded_players)
    if doc.has("draft"):
        draft = _draft(doc.data["draft"], "draft")
    is_over = phase is Phase.OVER
    if doc.has("is_over"):
        is_over = _bool(doc.data["is_over"], "is_over")
        _check_over(is_over, phase)
    to_move = _view_to_move(doc, rules, seat_players, seat, phase, is_over)
    turn = _int(doc.data["turn"], "turn", 0) if doc.has("turn") else 0
    history: tuple[Event, ...] = ()
    if doc.has("history"):
        history = _events(doc.data["history"], "history", rules.active_players)
    results: tuple[DealResult, ...] = ()
    if doc.has("results"):
        results = _results(doc.data["results"], "results", rules)
    doc.finish()
    view = PlayerView(
        rules=rules,
        player=player,
        hand=hand,
        hand_sizes=hand_sizes,
        known_cards=known_cards,
        table=Table(
            melds=melds,
            red_threes=red_threes,
            pile_top=pile[-1] if pile else None,
            pile_size=len(pile),
            pile_frozen=pile_frozen,
            stock_size=stock_size,
            frozen_before_opening=rules.frozen_before_opening,
            frozen_rule=rules.rule_id("CL-FRZ-1"),
        ),
        pile=pile,
        scores=scores,
        minimums=minimums,
        to_move=to_move,
        turn_player=turn_player,
        phase=phase,
        draft=draft,
        deal_number=deal_number,
        turn=turn,
        seat_players=seat_players,
        melded_players=melded_players,
        history=history,
        results=results,
        is_over=is_over,
    )
    _check_hidden_red_threes(view)
    return view


def _check_view_cards(
    rules: RuleSet,
    player: int,
    seat_players: tuple[int, ...],
    hand: Cards,
    hand_sizes: tuple[int, ...],
    known_cards: tuple[Cards, ...],
    melds: tuple[tuple[Meld, ...], ...],
) -> None:
    if hand_sizes[player] != len(hand):
        _fail(
            _at("hand_sizes", player),
            f"player {player}'s hand holds {len(hand)} cards, not {hand_sizes[player]}",
        )
    for other in range(rules.num_players):
        if other not in seat_players and (hand_sizes[other] or known_cards[other]):
            _fail(
                _at("hand_sizes", other),
                f"player {other} sits out this deal (seat_players {list(seat_players)}) and "
                "holds no cards (CL-V5-2)",
            )
        if len(known_cards[other]) > hand_sizes[other]:
            _fail(
                _at("known_cards", other),
                f"{len(known_cards[other])} known cards in a hand of {hand_sizes[other]}",
            )
    if not hand.issuperset(known_cards[player]):
        _fail(_at("known_cards", player), "the known cards of the hand are not all in it")


def _view_to_move(
    doc: _Object,
    rules: RuleSet,
    seat_players: tuple[int, ...],
    seat: int,
    phase: Phase,
    is_over: bool,
) -> int | None:
    """The player to act follows from the turn and the phase; a given value must agree."""
    if is_over or phase is Phase.OVER:
        expected = None
    elif phase is Phase.ANSWER:
        expected = seat_players[(seat + rules.num_sides) % len(seat_players)]
    else:
        expected = seat_players[seat]
    if doc.has("to_move"):
        value = doc.data["to_move"]
        given = None if value is None else _int(value, "to_move", 0, rules.num_players - 1)
        if given != expected:
            _fail("to_move", f"the player to act is {_show(expected)}, not {_show(given)}")
    return expected


def _check_hidden_red_threes(view: PlayerView) -> None:
    """The red threes the view does not show must have somewhere to be (CL-R3)."""
    visible = view.hand + Cards.of(view.pile)
    for other, known in enumerate(view.known_cards):
        if other != view.player:
            visible = visible + known
    for group in view.table.melds:
        for meld in group:
            visible = visible + meld.cards
    for laid_out in view.table.red_threes:
        visible = visible + laid_out
    hidden = pack_cards(view.rules.decks) - visible
    red = sum(hidden.count(face) for face in hidden.faces() if face.is_red_three)
    if not red:
        return
    may_hold = view.seats_that_may_hold_red_threes
    places = view.table.stock_size
    for seat, player in enumerate(view.seat_players):
        if seat in may_hold and player != view.player:
            places += view.hand_sizes[player] - len(view.known_cards[player])
    if red > places:
        _fail(
            "",
            f"{red} red threes are neither on the table nor in the hand, and only {places} "
            "hidden cards (the stock and hands whose first turn has not begun) may be red threes",
        )
