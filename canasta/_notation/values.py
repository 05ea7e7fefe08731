"""Reading JSON values: each refusal is a :class:`~canasta.errors.JsonError` that says where.

The readers take a value and its path (``deal.hands[2]``) and return it checked and typed, or
raise. Card text is read by a quick table look-up when it is written as the library writes it
(``"KH KS 2C JK"``), and by :meth:`Cards.parse <canasta._model.deck.Cards.parse>`, with its
careful messages, otherwise.
"""

from __future__ import annotations

import enum
import json
from typing import Any, NoReturn, TypeVar

from canasta._model.cards import ALL_FACES, FACE_TEXT, Card, CardParseError
from canasta._model.deck import MAX_COPIES, Cards, trusted_cards
from canasta.errors import JsonError

__all__ = [
    "MAX_DOCUMENT",
    "MAX_TEXT",
    "JsonObject",
    "at",
    "fail",
    "join",
    "load",
    "read_bool",
    "read_cards",
    "read_enum",
    "read_int",
    "read_list",
    "read_sequence",
    "read_text",
    "show",
]

E = TypeVar("E", bound=enum.Enum)

#: The longest text a document's card lists, melds, moves and events may have, checked before
#: it is read: no place holds more than the 162 cards of three decks, about 650 characters.
MAX_TEXT = 4096

#: The longest document (a game's or a view's JSON, or a record), in characters (or bytes),
#: checked before it is parsed: a match of :data:`~canasta._notation.read.MAX_RESULTS` deals
#: with every move of each takes about 3 MB (a match's document usually 5 to 45 KB).
MAX_DOCUMENT = 8 * 1024 * 1024

#: Each face by the text the library writes for it.
CARD_BY_TEXT: dict[str, Card] = {FACE_TEXT[card.index]: card for card in ALL_FACES}


def fail(path: str, reason: str) -> NoReturn:
    """Refuse the value at ``path``."""
    raise JsonError(path, reason)


def show(value: object) -> str:
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


def join(path: str, key: str) -> str:
    """The path of a field of the object at ``path``."""
    return f"{path}.{key}" if path else key


def at(path: str, index: int) -> str:
    """The path of an entry of the list at ``path``."""
    return f"{path}[{index}]"


class JsonObject:
    """A JSON object being read: fields are taken one by one, and unknown ones refused."""

    __slots__ = ("data", "path", "used")

    def __init__(self, value: object, path: str) -> None:
        if not isinstance(value, dict):
            what = "" if path else " (the document)"
            fail(path, f"expected an object{what}, got {show(value)}")
        self.data: dict[Any, Any] = value
        self.path = path
        self.used: set[str] = set()

    def has(self, key: str) -> bool:
        """Whether the field is there (and mark it as read)."""
        self.used.add(key)
        return key in self.data

    def at(self, key: str) -> str:
        """The path of a field."""
        return join(self.path, key)

    def get(self, key: str) -> Any:
        """A required field."""
        if not self.has(key):
            fail(self.path, f"the field {key!r} is missing")
        return self.data[key]

    def finish(self, ignored: tuple[str, ...] = ()) -> None:
        """Refuse fields nobody asked for (typing mistakes in hand-written positions)."""
        unknown = [key for key in self.data if key not in self.used and key not in ignored]
        if unknown:
            names = ", ".join(repr(key) for key in unknown[:5])
            known = ", ".join(sorted(self.used))
            fail(self.path, f"unknown field {names}; the fields are {known}")


def read_int(value: object, path: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number, within ``low`` and ``high`` if given."""
    if type(value) is not int:
        if not isinstance(value, int) or isinstance(value, bool):
            fail(path, f"expected a whole number, got {show(value)}")
        value = int(value)
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            fail(path, f"expected a whole number ≥ {low}, got {value}")
        if low is None:
            fail(path, f"expected a whole number ≤ {high}, got {value}")
        fail(path, f"expected a whole number from {low} to {high}, got {value}")
    return value


def read_bool(value: object, path: str) -> bool:
    """true or false."""
    if not isinstance(value, bool):
        fail(path, f"expected true or false, got {show(value)}")
    return value


def read_text(value: object, path: str) -> str:
    """Text, of at most :data:`MAX_TEXT` characters."""
    if not isinstance(value, str):
        fail(path, f"expected text, got {show(value)}")
    _check_length(value, path)
    return value


def _check_length(text: str, path: str) -> None:
    if len(text) > MAX_TEXT:
        fail(path, f"expected at most {MAX_TEXT} characters, got {len(text)}")


def read_list(
    value: object,
    path: str,
    length: int | None = None,
    what: str = "",
    most: int | None = None,
) -> list[Any]:
    """A list, of ``length`` entries if given, of at most ``most`` if given (checked before
    any entry is read, so that a huge list is refused at once)."""
    if not isinstance(value, list):
        fail(path, f"expected a list{what}, got {show(value)}")
    if length is not None and len(value) != length:
        fail(path, f"expected {length} entries{what}, got {len(value)}")
    if most is not None and len(value) > most:
        fail(path, f"expected at most {most} entries{what}, got {len(value)}")
    return value


def read_cards(value: object, path: str) -> Cards:
    """A multiset of cards: text such as ``"KH KS 2C JK"`` (order does not matter)."""
    if not isinstance(value, str):
        fail(path, f'expected card text such as "KH KS 2C JK", got {show(value)}')
    _check_length(value, path)
    counts = [0] * 53
    table = CARD_BY_TEXT
    for word in value.split(" ") if value else ():
        card = table.get(word)
        if card is None:
            return _parsed_cards(value, path)
        counts[card.index] += 1
    if max(counts) > MAX_COPIES:
        fail(path, f"more than {MAX_COPIES} of one card")
    return trusted_cards(bytes(counts))


def _parsed_cards(value: str, path: str) -> Cards:
    try:
        cards = Cards.parse(value)
    except CardParseError as error:
        fail(path, str(error))
    except ValueError:  # more than MAX_COPIES of one face
        fail(path, f"more than {MAX_COPIES} of one card")
    return cards


def read_sequence(value: object, path: str) -> tuple[Card, ...]:
    """Cards in order (the pile, the stock), as written."""
    if not isinstance(value, str):
        fail(path, f'expected card text such as "8C KD 5H", got {show(value)}')
    _check_length(value, path)
    table = CARD_BY_TEXT
    try:
        return tuple([table[word] for word in value.split(" ")] if value else ())
    except KeyError:
        pass
    cards = []
    for position, word in enumerate(value.replace(",", " ").split(), start=1):
        try:
            cards.append(Card.parse(word))
        except CardParseError as error:
            fail(path, f"card {position}: {error}")
    return tuple(cards)


def read_enum(kind: type[E], value: object, path: str) -> E:
    """A member of ``kind``, by its value."""
    for member in kind:
        if type(value) is type(member.value) and member.value == value:
            return member
    allowed = ", ".join(json.dumps(member.value) for member in kind)
    fail(path, f"expected one of {allowed}; got {show(value)}")


def load(text: object) -> object:
    """Parse JSON text (or UTF-8 bytes) of at most :data:`MAX_DOCUMENT` characters (or
    bytes), checked first; nothing in it is executed."""
    if isinstance(text, (str, bytes, bytearray)) and len(text) > MAX_DOCUMENT:
        unit = "characters" if isinstance(text, str) else "bytes"
        fail("", f"the document has {len(text):,} {unit}, more than the {MAX_DOCUMENT:,} allowed")
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as error:
            fail("", f"not JSON: the bytes are not UTF-8 ({error.reason} at {error.start})")
    if not isinstance(text, str):
        fail("", f"expected JSON text, got {type(text).__name__}")

    def refuse(name: str) -> NoReturn:
        raise ValueError(f"{name} is not a JSON value")

    try:
        return json.loads(text, parse_constant=refuse)
    except json.JSONDecodeError as error:
        fail("", f"not JSON: {error.msg} at line {error.lineno} column {error.colno}")
    except (ValueError, RecursionError) as error:
        fail("", f"not JSON: {error}")
