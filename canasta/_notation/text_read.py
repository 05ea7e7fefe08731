"""Reading the position notation (see :mod:`canasta._notation.text` and :doc:`/notation`)."""

from __future__ import annotations

import json
import re
from typing import Any, NoReturn

import attrs

from canasta._engine.position import (
    TURN_FACTS,
    GameParts,
    InvalidPositionError,
    Position,
    ViewParts,
    ViewPosition,
    Where,
    game_parts,
    view_parts,
)
from canasta._engine.scoring import DealResult, SideScore
from canasta._engine.state import EMPTY, DealEnd, Event, Phase
from canasta._model.cards import NATURAL_RANKS, Card
from canasta._model.deck import Cards
from canasta._notation.pieces import read_event, read_meld
from canasta._notation.rules import rules_from_data
from canasta._rules.ruleset import RuleSet
from canasta.errors import JsonError, PositionError

__all__ = ["BARE", "SCORE_PARTS", "game_from_text", "view_from_text"]

#: A word written without quotes (option values, seeds).
BARE = re.compile(r"[A-Za-z_][A-Za-z0-9_\-]*")
#: The parts of a side's score, in the order the notation writes them.
SCORE_PARTS = tuple(field.name for field in attrs.fields(SideScore) if field.name != "side")
_RANKS = {rank.text: rank for rank in NATURAL_RANKS}
_PLAYER = re.compile(r"[Pp](\d{1,2})")
_INTEGER = re.compile(r"-?\d{1,30}")
#: Where the validator's refusals point in the notation: the section of each part.
_WHERE = Where(
    deal="",
    names={name: f"turn {name}" for name in TURN_FACTS}
    | {"turn_player": "turn", "phase": "turn", "melded_players": "melded", "number": "deal"}
    | {"pending_red_threes": "pending", "seat_players": "seats", "went_out": "end"}
    | {"hand": "hands", "hand_sizes": "hands", "known": "hands", "concealed": "end"},
)


def _refuse(section: str, reason: str) -> NoReturn:
    raise PositionError(f"{section}: {reason}" if section else reason)


def _sections(text: str) -> list[str]:
    """The sections of a text, split at ``|`` and line ends outside JSON strings."""
    if not isinstance(text, str):
        _refuse("", f"expected the text of a position, got {type(text).__name__}")
    sections: list[str] = []
    current: list[str] = []
    quoted = escaped = False
    for char in text:
        if quoted:
            escaped = char == "\\" and not escaped
            quoted = escaped or char != '"'
        elif char == '"':
            quoted = True
        elif char in "|\n":
            sections.append("".join(current).strip())
            current = []
            continue
        current.append(char)
    sections.append("".join(current).strip())
    return [section for section in sections if section]


def _rules(section: str) -> RuleSet:
    words = section.split(maxsplit=2)
    if len(words) < 2 or not re.fullmatch(r"\d{1,2}p", words[1], re.IGNORECASE):
        _refuse(
            "rules", f"expected a rule set and its players, such as 'classic 4p', not {section!r}"
        )
    options: dict[str, object] = {}
    rest = words[2] if len(words) > 2 else ""
    decoder = json.JSONDecoder()
    while rest.strip():
        rest = rest.strip()
        name, equals, value_text = rest.partition("=")
        if not equals or not BARE.fullmatch(name):
            _refuse("rules", f"options are written name=value, not {rest!r}")
        try:
            value, end = decoder.raw_decode(value_text)
        except ValueError:
            value, _, _ = value_text.partition(" ")
            end = len(value)
        options[name] = value
        rest = value_text[end:]
    data = {"preset": words[0], "players": int(words[1][:-1]), "options": options}
    try:
        return rules_from_data(data, "rules")
    except JsonError as error:
        _refuse("rules", error.message if error.path == "rules" else str(error))


def _player(word: str, section: str) -> int:
    match = _PLAYER.fullmatch(word)
    if match is None:
        _refuse(section, f"expected a player such as P0, not {word!r}")
    return int(match.group(1))


def _cards(text: str, section: str) -> Cards:
    text = text.strip()
    if text in ("", "-"):
        return EMPTY
    try:
        return Cards.parse(text)
    except ValueError as error:
        _refuse(section, str(error))


def _groups(text: str, count: int, section: str) -> list[str]:
    groups = [group.strip() for group in text.split("/")]
    if len(groups) != count:
        _refuse(section, f"expected {count} groups separated by '/', got {len(groups)}")
    return groups


def _hand(text: str, section: str) -> tuple[str, Cards]:
    """A hand's text without its known cards, and the known cards (in brackets)."""
    match = re.fullmatch(r"([^\[\]]*?)\s*(?:\[([^\[\]]*)\])?", text)
    if match is None:
        _refuse(section, f"expected cards with the known ones in brackets, not {text!r}")
    return match.group(1), _cards(match.group(2) or "", section)


def _fact(word: str, section: str) -> tuple[str, object]:
    name, equals, value = word.partition("=")
    if name not in TURN_FACTS:
        _refuse(section, f"unknown fact {name!r}; the facts are {', '.join(TURN_FACTS)}")
    if not equals:
        return name, True
    if value in ("yes", "no") and name not in ("new_melds", "locked", "opening_points"):
        return name, value == "yes"
    if name == "new_melds":
        return name, tuple(int(x) for x in value.split(",") if x.isdigit())
    if name == "locked":
        return name, _cards(value, section)
    if name == "opening_points" and value.isdigit():
        return name, int(value)
    if name == "pile_take_rank" and value.upper() in _RANKS:
        return name, _RANKS[value.upper()]
    return _refuse(section, f"{word!r} is not a value of {name}")


def _turn(section: str) -> dict[str, Any]:
    words = section.split()
    if len(words) < 2:
        _refuse("turn", f"expected the player and the phase, such as 'P0 draw', not {section!r}")
    try:
        phase = Phase(words[1].lower())
    except ValueError:
        _refuse("turn", f"expected a phase (draw, meld, answer, over), not {words[1]!r}")
    parts: dict[str, Any] = {"turn_player": _player(words[0], "turn"), "phase": phase}
    for word in words[2:]:
        name, value = _fact(word, "turn")
        parts[name] = value
    return parts


def _melds(text: str, rules: RuleSet) -> tuple[tuple[Any, ...], ...]:
    sides: list[tuple[Any, ...]] = []
    for side, group in enumerate(_groups(text, rules.num_sides, "melds")):
        if group == "-":
            sides.append(())
            continue
        melds = []
        for index, item in enumerate(part.strip() for part in group.split(",")):
            where = f"melds[{side}][{index}]"
            number, _, rest = item.partition(" ")
            if number.startswith("#"):
                if number != f"#{index}":
                    _refuse(where, f"meld {number} is meld #{index} of its side")
                item = rest
            try:
                melds.append(read_meld(item, where))
            except JsonError as error:
                _refuse(error.path, error.message)
        sides.append(tuple(melds))
    return tuple(sides)


def _ints(text: str, section: str) -> tuple[int, ...]:
    if not all(_INTEGER.fullmatch(word) for word in text.split()):
        _refuse(section, f"expected whole numbers, not {text!r}")
    return tuple(int(word) for word in text.split())


def _events(text: str, rules: RuleSet, seats: tuple[int, ...]) -> tuple[Event, ...]:
    events, last = [], None
    for index, item in enumerate(part.strip() for part in text.split(";")):
        if not _PLAYER.match(item) or not item[1:2].isdigit():
            item = f"{last} {item}"
        last = item.partition(" ")[0]
        try:
            events.append(read_event(item, f"moves[{index}]", seats, rules.draw_count))
        except JsonError as error:
            _refuse(error.path, error.message)
    return tuple(events)


def _result(text: str, index: int, rules: RuleSet) -> DealResult:
    where = f"results[{index}]"
    head, colon, tail = text.partition(":")
    words = head.split()
    if not colon or len(words) < 2 or not words[0].isdigit():
        _refuse(where, f"expected 'NUMBER END [Pn] [concealed]: SCORES', not {text!r}")
    number = int(words[0])
    try:
        end = DealEnd(words[1])
    except ValueError:
        _refuse(where, f"{words[1]!r} is not how a deal ends")
    rest = words[2:]
    went_out = _player(rest.pop(0), where) if rest and _PLAYER.fullmatch(rest[0]) else None
    concealed = bool(rest) and rest[0] == "concealed"
    rest = rest[1:] if concealed else rest
    seats = rules.seat_players(number)
    if rest and rest[0] == "seats":
        seats = _ints(" ".join(rest[1:]), where)
        rest = []
    if rest:
        _refuse(where, f"unexpected {' '.join(rest)!r}")
    scores = []
    for side, group in enumerate(_groups(tail, rules.num_sides, where)):
        values = _ints(group, where)
        if len(values) != len(SCORE_PARTS):
            _refuse(
                where, f"a side's score has {len(SCORE_PARTS)} parts: {', '.join(SCORE_PARTS)}"
            )
        scores.append(SideScore(side, *values))
    return DealResult(number, end, went_out, concealed, tuple(scores), (), seats)


def _read(text: str, view: bool) -> tuple[RuleSet, dict[str, Any], dict[str, str]]:
    """The rule set, the parts read so far and the sections still to read, by keyword."""
    sections = _sections(text)
    if not sections:
        _refuse("", "the text is empty")
    rules = _rules(sections[0])
    found = _keyed(sections[1:])
    if ("view" in found) != view:
        if view:
            _refuse("view", "a view's text begins 'RULES | view Pn'")
        _refuse("", "this is a view's text: read it with PlayerView.from_text")
    parts: dict[str, Any] = {}
    number = _ints(found.pop("deal"), "deal")[0] if "deal" in found else 0
    parts["deal_number"] = number
    seats = rules.seat_players(number)
    if "seats" in found:
        seats = parts["seat_players"] = _ints(found.pop("seats"), "seats")
    for key in ("scores", "minimums"):
        if key in found:
            parts[key] = _ints(found.pop(key), key)
    if "turn" in found:
        parts |= _turn(found.pop("turn"))
    parts |= _table(found, rules)
    if "melded" in found:
        words = found.pop("melded").split()
        parts["melded_players"] = frozenset(_player(word, "melded") for word in words)
    if "turns" in found:
        parts["turns"] = _ints(found.pop("turns"), "turns")[0]
    for flag, over in (("over", True), ("over=no", False)):
        if flag in found:
            found.pop(flag)
            parts["is_over"] = over
    if "moves" in found:
        parts["history"] = _events(found.pop("moves"), rules, seats)
    if "results" in found:
        items = found.pop("results").split(";")
        parts["results"] = tuple(_result(item, i, rules) for i, item in enumerate(items))
    return rules, parts, found


def _keyed(sections: list[str]) -> dict[str, str]:
    """The sections by keyword (the turn's by ``turn``), each once, without the keyword."""
    found: dict[str, str] = {}
    for section in sections:
        keyword, _, rest = section.partition(" ")
        key = "turn" if _PLAYER.fullmatch(keyword) else keyword.lower()
        if key in found:
            _refuse(key, "the section is given twice")
        found[key] = section if key == "turn" else rest.strip()
    return found


def _table(found: dict[str, str], rules: RuleSet) -> dict[str, Any]:
    """The melds, red threes and pile sections (taken out of ``found``)."""
    parts: dict[str, Any] = {}
    if "lone_hand" in found:
        parts["lone_hand"] = _player(found.pop("lone_hand"), "lone_hand")
    if "melds" in found:
        parts["melds"] = _melds(found.pop("melds"), rules)
    if "red_threes" in found:
        groups = _groups(found.pop("red_threes"), rules.num_sides, "red_threes")
        parts["red_threes"] = tuple(_cards(group, "red_threes") for group in groups)
    if "pile" in found:
        parts["pile"] = tuple(reversed(_cards_in_order(found.pop("pile"), "pile")))
    for flag, frozen in (("pile_frozen", True), ("pile_frozen=no", False)):
        if flag in found:
            found.pop(flag)
            parts["pile_frozen"] = frozen
    return parts


def _cards_in_order(text: str, section: str) -> list[Card]:
    if text.strip() == "-":
        return []
    try:
        return [Card.parse(word) for word in text.split()]
    except ValueError as error:
        return _refuse(section, str(error))


def _finish(found: dict[str, str]) -> None:
    if found:
        _refuse(next(iter(found)), "not a section of a position")


def game_from_text(text: str) -> GameParts:
    """The game a position in the notation describes."""
    rules, parts, found = _read(text, view=False)
    if "seed" in found:
        seed = found.pop("seed")
        parts["seed"] = _seed(seed)
    if "hands" not in found:
        _refuse("hands", "the section is missing")
    hands, known = [], []
    for group in _groups(found.pop("hands"), rules.num_players, "hands"):
        cards, seen = _hand(group, "hands")
        hands.append(_cards(cards, "hands") + seen)
        known.append(seen)
    if any(known):
        parts["known"] = tuple(known)
    if "stock" in found:
        parts["stock"] = tuple(reversed(_cards_in_order(found.pop("stock"), "stock")))
    if "pending" in found:
        words = found.pop("pending").split()
        parts["pending_red_threes"] = frozenset(_player(w, "pending") for w in words if w != "-")
    if "end" in found:
        words = found.pop("end").split()
        try:
            parts["end"] = DealEnd(words[0]) if words else _refuse("end", "how did it end?")
        except ValueError:
            _refuse("end", f"{words[0]!r} is not how a deal ends")
        if len(words) > 1 and _PLAYER.fullmatch(words[1]):
            parts["went_out"] = _player(words[1], "end")
        parts["concealed"] = words[-1] == "concealed"
    _finish(found)
    try:
        return game_parts(Position(rules=rules, hands=tuple(hands), **parts), _WHERE)
    except InvalidPositionError as refusal:
        raise PositionError(str(refusal), refusal.rule) from None


def _seed(text: str) -> int | str:
    if text.startswith('"'):
        try:
            seed = json.loads(text)
        except ValueError:
            seed = None
        if not isinstance(seed, str):
            _refuse("seed", f"a quoted seed is one JSON string, not {text!r}")
        return seed
    return int(text) if _INTEGER.fullmatch(text) else text


def view_from_text(text: str) -> ViewParts:
    """The view a position in the notation describes."""
    rules, parts, found = _read(text, view=True)
    player = _player(found.pop("view"), "view")
    if "hands" not in found:
        _refuse("hands", "the section is missing")
    sizes, known = [], []
    hand = EMPTY
    for index, group in enumerate(_groups(found.pop("hands"), rules.num_players, "hands")):
        cards, seen = _hand(group, "hands")
        if index == player:
            hand = _cards(cards, "hands") + seen
            sizes.append(len(hand))
        elif re.fullmatch(r"\d{1,3}", cards):
            sizes.append(int(cards))
        else:
            _refuse(
                f"hands[{index}]", f"another player's hand is written as its size, not {cards!r}"
            )
        known.append(seen)
    if any(known):
        parts["known"] = tuple(known)
    stock = found.pop("stock", "0")
    parts["stock_size"] = (
        _ints(stock, "stock")[0]
        if stock.isdigit()
        else _refuse("stock", "a view gives the stock's size")
    )
    _finish(found)
    position = ViewPosition(
        rules=rules, player=player, hand=hand, hand_sizes=tuple(sizes), **parts
    )
    try:
        return view_parts(position, _WHERE)
    except InvalidPositionError as refusal:
        raise PositionError(str(refusal), refusal.rule) from None
