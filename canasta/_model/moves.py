"""Moves: one step of a turn each, with a short text form and a form as plain data.

>>> str(Draw()), str(TakePile(Cards.parse("7H 7D"))), str(AddToMeld(Rank.NINE, Cards.parse("JK")))
('draw', 'take 7D 7H', 'add 9 JK')
>>> parse_move("Meld 7h 7s 2c")
LayMeld(cards=Cards.parse('7H 7S 2C'))
>>> LayMeld(["8D", "8H", "JK"]).to_data()
{'kind': 'meld', 'cards': '8D 8H JK'}
>>> from_data({"kind": "discard", "card": "4C"})
Discard(card=Card.parse('4C'))

A move checks its fields when it is made, and refuses values of the wrong kind with a
:class:`~canasta.errors.MoveParseError` naming the field:

>>> Answer("no")
Traceback (most recent call last):
...
canasta.errors.MoveParseError: yes: expected True or False, got 'no' (str); ...
"""

from __future__ import annotations

import enum
import json
import operator
from collections.abc import Callable, Iterable, Mapping
from importlib import resources
from typing import Any, ClassVar, Protocol, TypeAlias

import attrs

from canasta._model import trusted
from canasta._model.cards import Card, CardParseError, Rank
from canasta._model.deck import Cards
from canasta.errors import MoveCardParseError, MoveParseError, shown

__all__ = [
    "MOVE_SCHEMA_FILE",
    "AddToMeld",
    "Answer",
    "Ask",
    "Discard",
    "Draw",
    "LayMeld",
    "MergeMelds",
    "Move",
    "MoveKind",
    "NextDeal",
    "Pass",
    "TakePile",
    "from_data",
    "move_schema",
    "parse_move",
]

#: The JSON Schema of move data (:meth:`Draw.to_data` and the others), in ``canasta/schema``.
MOVE_SCHEMA_FILE = "canasta-move-v1.schema.json"


class MoveKind(enum.Enum):
    """What kind of step a move is: its ``kind``, and the ``"kind"`` of its data."""

    DRAW = "draw"
    TAKE = "take"
    MELD = "meld"
    ADD = "add"
    MERGE = "merge"
    DISCARD = "discard"
    ASK = "ask"
    ANSWER = "answer"
    PASS = "pass"
    NEXT = "next"


# Every rank by its text: 4-10, J, Q, K, A (T for ten), 2, 3 and JK.
_RANKS = {rank.text: rank for rank in Rank} | {"T": Rank.TEN}


def _fail(field: str, message: str) -> MoveParseError:
    return MoveParseError(message, field)


def _cards(value: object, field: str = "cards") -> Cards:
    if type(value) is Cards:
        return value
    if isinstance(value, Card):
        return Cards.of([value])
    if isinstance(value, (str, Iterable)):
        # Text is read word by word, so that a refusal names the card at fault and leaves
        # quoting the whole text to the caller that has it (parse_move): once, not twice.
        words = value.replace(",", " ").split() if isinstance(value, str) else value
        try:
            return Cards.of(words)
        except CardParseError as error:
            raise MoveCardParseError(error.message, field) from None
    raise _fail(
        field,
        f"expected cards (Cards, text such as '8D 8H JK' or a list of cards), got "
        f"{shown(value)} ({type(value).__name__})",
    )


def _card(value: object, field: str = "card") -> Card:
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        try:
            return Card.parse(value)
        except CardParseError as error:
            raise MoveCardParseError(error.message, field) from None
    raise _fail(
        field, f"expected a card (a Card or text such as '4C'), got {shown(value)} "
        f"({type(value).__name__})"
    )  # fmt: skip


def _rank(value: object, field: str) -> Rank:
    if isinstance(value, Rank):
        return value
    rank = _RANKS.get(value.strip().upper()) if isinstance(value, str) else None
    if rank is None:
        # A word of the move's text, quoted short: parse_move quotes the whole text.
        raise _fail(
            field, f"expected a rank (4-10, J, Q, K, A, 2, 3 or JK), got {shown(value, 20)}"
        )
    return rank


def _wild_as(value: object) -> Rank | None:
    return None if value is None else _rank(value, "wild_as")


def _meld_rank(value: object) -> Rank | None:
    return None if value is None else _rank(value, "rank")


def _number(value: object, field: str) -> int:
    """A meld's number: an int from 0 (text ``"#2"`` or ``"2"`` too), never a bool or float."""
    if isinstance(value, str):
        text = value.strip().removeprefix("#")
        if text.isdigit() and text.isascii():
            return int(text)
    elif not isinstance(value, bool):
        try:
            number = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
        else:
            if number >= 0:
                return number
    raise _fail(field, f"expected the number of a meld (0, 1, ... or '#2'), got {shown(value)}")


def _meld_number(value: object) -> int | None:
    return None if value is None else _number(value, "meld")


def _first(value: object) -> int:
    return _number(value, "first")


def _second(value: object) -> int:
    return _number(value, "second")


def _some_cards(instance: object, attribute: attrs.Attribute[Cards], value: Cards) -> None:
    if not value:
        raise _fail(attribute.name, f"a {type(instance).__name__} needs at least one card")


def _short_repr(move: Any) -> str:
    """The repr, leaving out keyword fields that keep their default (a Classic move's repr
    stays as it was before the three-deck games)."""
    parts = []
    for field in attrs.fields(type(move)):
        value = getattr(move, field.name)
        if field.kw_only and value == field.default:
            continue
        parts.append(f"{field.name}={value!r}")
    return f"{type(move).__name__}({', '.join(parts)})"


def _wild_suffix(wild_as: Rank | None) -> str:
    return "" if wild_as is None else f" wild={wild_as.text}"


class _Describer(Protocol):
    """A game or a player's view: what :meth:`Draw.describe` and the others ask."""

    def describe(self, move: Any) -> str: ...


class _MoveBase:
    """What every move has: its kind, its description, and its data."""

    __slots__ = ()
    kind: ClassVar[MoveKind]

    def describe(self, position: _Describer) -> str:
        """The move as a sentence a player reads, in ``position`` (a game or a player's view):
        ``"Take the pile (12 cards) with 8♥ 8♠"``. It names no card hidden from the view."""
        describe = getattr(position, "describe", None)
        if describe is None or not callable(describe):
            raise MoveParseError(
                f"describe needs the Game or PlayerView the move is played in, not "
                f"{type(position).__name__}"
            )
        text: str = describe(self)
        return text

    def to_data(self) -> dict[str, Any]:
        """The move as plain JSON-able data, cards as text (:func:`from_data` reads it)."""
        data: dict[str, Any] = {"kind": self.kind.value}
        for field in attrs.fields(type(self)):  # type: ignore[arg-type]  # every move is attrs
            value = getattr(self, field.name)
            if value is None or (isinstance(value, Cards) and not value):
                continue
            if isinstance(value, Rank):
                value = value.text
            elif isinstance(value, (Cards, Card)):
                value = str(value)
            data[field.name] = value
        return data


@attrs.frozen(slots=True)
class Draw(_MoveBase):
    """Draw from the stock (one card, two in the two-player game) (CL-TURN-2)."""

    kind: ClassVar[MoveKind] = MoveKind.DRAW

    def __str__(self) -> str:
        return "draw"


@attrs.frozen(slots=True, repr=False)
class TakePile(_MoveBase):
    """Take the discard pile, melding its top card (CL-PILE-1).

    ``cards`` are the cards from the hand melded with the top card: two naturals of its rank,
    or one natural and one wild card (CL-PILE-3 (a), (b)); in the three-deck games also two
    cards of its suit that make a sequence with it, or two wild cards of its kind
    (HW-PILE-1). With no cards, the top card is added to the side's meld of its rank
    (CL-PILE-3 (c)), or to the side's meld numbered ``meld`` (HW-PILE-1 M4).
    """

    kind: ClassVar[MoveKind] = MoveKind.TAKE
    cards: Cards = attrs.field(factory=Cards, converter=_cards)
    meld: int | None = attrs.field(default=None, converter=_meld_number, kw_only=True)

    __repr__ = _short_repr

    def __str__(self) -> str:
        target = "" if self.meld is None else f" #{self.meld}"
        return f"take{target} {self.cards}".rstrip()


@attrs.frozen(slots=True, repr=False)
class LayMeld(_MoveBase):
    """Lay a new meld from the hand (CL-TURN-4 (a)).

    ``wild_as`` names the rank a sequence's wild card stands for where the cards leave it
    open (HW-MELD-10): ``meld 8H 9H 10H JK wild=J``.
    """

    kind: ClassVar[MoveKind] = MoveKind.MELD
    cards: Cards = attrs.field(converter=_cards, validator=_some_cards)
    wild_as: Rank | None = attrs.field(default=None, converter=_wild_as, kw_only=True)

    __repr__ = _short_repr

    def __str__(self) -> str:
        return f"meld {self.cards}{_wild_suffix(self.wild_as)}"


@attrs.frozen(slots=True, repr=False)
class AddToMeld(_MoveBase):
    """Add cards from the hand to the side's meld of ``rank`` (CL-TURN-4 (b)).

    Where a side may hold several melds of a rank, sequences or wild melds, the meld is
    named by its number instead: ``AddToMeld(None, cards, meld=2)``, ``add #2 JK wild=10``
    (``wild_as`` as for :class:`LayMeld`).
    """

    kind: ClassVar[MoveKind] = MoveKind.ADD
    rank: Rank | None = attrs.field(converter=_meld_rank)
    cards: Cards = attrs.field(converter=_cards, validator=_some_cards)
    meld: int | None = attrs.field(default=None, converter=_meld_number, kw_only=True)
    wild_as: Rank | None = attrs.field(default=None, converter=_wild_as, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if self.rank is not None and self.meld is not None:
            raise _fail("meld", "name the meld to add to by its rank or by its number, not both")
        if self.rank is None and self.meld is None:
            raise _fail("rank", "name the meld to add to by its rank (K) or its number (meld=2)")

    __repr__ = _short_repr

    def __str__(self) -> str:
        target = f"#{self.meld}" if self.rank is None else self.rank.text
        return f"add {target} {self.cards}{_wild_suffix(self.wild_as)}"


@attrs.frozen(slots=True)
class MergeMelds(_MoveBase):
    """Merge two of the side's melds into one (HW-MRG-1): two melds of one rank, or two
    sequences of one suit that meet. The merged meld takes the place of the first."""

    kind: ClassVar[MoveKind] = MoveKind.MERGE
    first: int = attrs.field(converter=_first)
    second: int = attrs.field(converter=_second)

    def __str__(self) -> str:
        return f"merge #{self.first} #{self.second}"


@attrs.frozen(slots=True)
class Discard(_MoveBase):
    """Discard a card, ending the turn (CL-TURN-6)."""

    kind: ClassVar[MoveKind] = MoveKind.DISCARD
    card: Card = attrs.field(converter=_card)

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen(slots=True)
class Ask(_MoveBase):
    """Ask the partner "may I go out?" (CL-ASK-1)."""

    kind: ClassVar[MoveKind] = MoveKind.ASK

    def __str__(self) -> str:
        return "ask"


def _yes(instance: object, attribute: object, value: bool) -> None:
    if type(value) is not bool:
        raise _fail(
            "yes",
            f"expected True or False, got {shown(value)} ({type(value).__name__}); "
            "Answer(False) is a no, parse_move('no') reads text",
        )


@attrs.frozen(slots=True)
class Answer(_MoveBase):
    """The partner's binding answer to :class:`Ask` (CL-ASK-3): ``Answer(True)`` or
    ``Answer(False)``."""

    kind: ClassVar[MoveKind] = MoveKind.ANSWER
    yes: bool = attrs.field(validator=_yes)

    def __str__(self) -> str:
        return "yes" if self.yes else "no"


@attrs.frozen(slots=True)
class Pass(_MoveBase):
    """Decline the pile when the stock is empty, which ends the deal (CL-EXH-3).

    Also ends the turn of a player who drew the last card, a red three, and may still meld
    under ``last_red_three_may_meld`` (CL-EXH-1).
    """

    kind: ClassVar[MoveKind] = MoveKind.PASS

    def __str__(self) -> str:
        return "pass"


@attrs.frozen(slots=True)
class NextDeal(_MoveBase):
    """Deal the next hand, once a deal has ended and been scored (the game waits at the end
    of every deal, so that its hands can be shown). Any player, or none, may play it."""

    kind: ClassVar[MoveKind] = MoveKind.NEXT

    def __str__(self) -> str:
        return "next"


#: ``LayMeld(cards, wild_as=wild_as)`` from values the library made itself, without the
#: conversions: for the move generator's inner loops, not for input from outside.
make_lay_meld: Callable[[Cards, Rank | None], LayMeld] = trusted.maker(LayMeld)
#: ``AddToMeld(rank, cards, meld=meld, wild_as=wild_as)`` likewise, without the checks.
make_addition: Callable[[Rank | None, Cards, int | None, Rank | None], AddToMeld] = trusted.maker(
    AddToMeld
)

Move: TypeAlias = (
    Draw | TakePile | LayMeld | AddToMeld | MergeMelds | Discard | Ask | Answer | Pass | NextDeal
)
"""Any move."""

#: Every class of move.
MOVE_CLASSES: tuple[type[Move], ...] = (
    Draw, TakePile, LayMeld, AddToMeld, MergeMelds, Discard, Ask, Answer, Pass, NextDeal
)  # fmt: skip
_BY_KIND: dict[str, type[Move]] = {cls.kind.value: cls for cls in MOVE_CLASSES}

_SIMPLE: dict[str, Move] = {
    "draw": Draw(),
    "ask": Ask(),
    "yes": Answer(True),
    "no": Answer(False),
    "pass": Pass(),
    "next": NextDeal(),
}
_FORMS = (
    "draw, take [#N] [CARDS], meld CARDS [wild=RANK], add RANK|#N CARDS [wild=RANK], "
    "merge #N #M, discard CARD, ask, yes, no, pass, next"
)


def is_move(value: object) -> bool:
    """Whether ``value`` is a move (an instance of one of the move classes)."""
    return isinstance(value, MOVE_CLASSES)


def parse_move(text: str) -> Move:
    """Read a move from its text form; case and spacing do not matter.

    >>> parse_move("  TAKE 7h 7d ")
    TakePile(cards=Cards.parse('7D 7H'))
    >>> parse_move("add k jk 2c")
    AddToMeld(rank=<Rank.KING: 'K'>, cards=Cards.parse('2C JK'))
    >>> parse_move("fly")
    Traceback (most recent call last):
    ...
    canasta.errors.MoveParseError: 'fly' is not a move; moves are: draw, take [#N] [CARDS], ...
    """
    if not isinstance(text, str):
        raise MoveParseError(
            f"expected move text such as 'draw', got {shown(text)} ({type(text).__name__})"
        )
    words = text.replace(",", " ").split()
    if not words:
        raise MoveParseError(f"the move is empty; moves are: {_FORMS}")
    try:
        move = _parsed(words[0].lower(), words[1:])
    except MoveParseError as error:
        raise type(error)(f"{shown(text)}: {error.message}") from None
    if move is None:
        raise MoveParseError(f"{shown(text)} is not a move; moves are: {_FORMS}")
    return move


def _parsed(verb: str, rest: list[str]) -> Move | None:
    """The move of ``verb`` with the words after it, ``None`` if they make no move."""
    wild_as: Rank | None = None
    if rest and rest[-1].lower().startswith("wild="):
        wild_as = _rank(rest[-1][5:], "wild_as")
        rest = rest[:-1]
    if verb in _SIMPLE and not rest and wild_as is None:
        return _SIMPLE[verb]
    if verb == "take" and wild_as is None:
        if rest and rest[0].startswith("#"):
            return TakePile(" ".join(rest[1:]), meld=_number(rest[0], "meld"))
        return TakePile(" ".join(rest))
    if verb == "meld" and rest:
        return LayMeld(" ".join(rest), wild_as=wild_as)
    if verb == "add" and len(rest) >= 2:
        cards = " ".join(rest[1:])
        if rest[0].startswith("#"):
            return AddToMeld(None, cards, meld=_number(rest[0], "meld"), wild_as=wild_as)
        return AddToMeld(_rank(rest[0], "rank"), cards, wild_as=wild_as)
    if verb == "merge" and len(rest) == 2 and wild_as is None:
        return MergeMelds(_number(rest[0], "first"), _number(rest[1], "second"))
    if verb == "discard" and len(rest) == 1:
        return Discard(rest[0])
    return None


# --- moves as data -----------------------------------------------------------------------------

#: The fields of each kind of move's data besides ``kind``: required ones, then optional ones.
_FIELDS: dict[type[Move], tuple[tuple[str, ...], tuple[str, ...]]] = {
    TakePile: ((), ("cards", "meld")),
    LayMeld: (("cards",), ("wild_as",)),
    AddToMeld: (("cards",), ("rank", "meld", "wild_as")),
    MergeMelds: (("first", "second"), ()),
    Discard: (("card",), ()),
    Answer: (("yes",), ()),
}


def _field_value(name: str, value: object) -> object:
    """A field of move data as the move's constructor takes it: cards as text or a list of
    card texts, ranks as text, numbers as whole numbers, ``yes`` as true or false."""
    if name == "cards":
        if isinstance(value, list) and all(isinstance(item, str) for item in value):
            return " ".join(value)
        if not isinstance(value, str):
            raise _fail(name, f"expected card text such as '8D 8H JK', got {shown(value)}")
    elif name in ("card", "rank", "wild_as") and not isinstance(value, str):
        example = "4C" if name == "card" else "K"
        raise _fail(name, f"expected text such as {example!r}, got {shown(value)}")
    elif name in ("meld", "first", "second") and (
        isinstance(value, bool) or not isinstance(value, int)
    ):
        raise _fail(name, f"expected a whole number from 0, got {shown(value)}")
    return value


def from_data(data: Mapping[str, Any]) -> Move:
    """The move that data such as ``{"kind": "take", "cards": "8H 8S"}`` describes (what
    :meth:`Draw.to_data` and the others write; the JSON Schema is :func:`move_schema`).

    Cards may be text (``"8H 8S"``) or a list of card texts (``["8H", "8S"]``). A document
    that describes no move raises :class:`~canasta.errors.MoveParseError` naming the field.

    >>> from_data({"kind": "add", "meld": 2, "cards": ["JK"], "wild_as": "10"})
    AddToMeld(rank=None, cards=Cards.parse('JK'), meld=2, wild_as=<Rank.TEN: '10'>)
    >>> from_data({"kind": "take", "cards": 7})
    Traceback (most recent call last):
    ...
    canasta.errors.MoveParseError: cards: expected card text such as '8D 8H JK', got 7
    """
    if not isinstance(data, Mapping):
        raise MoveParseError(
            f"move data is an object such as {{'kind': 'draw'}}, not {shown(data)}"
        )
    kind = data.get("kind")
    cls = _BY_KIND.get(kind) if isinstance(kind, str) else None
    if cls is None:
        kinds = ", ".join(_BY_KIND)
        if "kind" not in data:
            raise _fail("kind", f"the field 'kind' is missing; kinds are: {kinds}")
        raise _fail("kind", f"expected one of {kinds}; got {shown(kind)}")
    required, optional = _FIELDS.get(cls, ((), ()))
    unknown = [key for key in data if key != "kind" and key not in required + optional]
    if unknown:
        allowed = ", ".join(("kind", *required, *optional))
        raise _fail(str(unknown[0]), f"unknown field of a {kind} move; its fields are {allowed}")
    for name in required:
        if name not in data:
            raise _fail(name, f"a {kind} move needs the field {name!r}")
    values: dict[str, Any] = {
        name: _field_value(name, data[name]) for name in required + optional if name in data
    }
    if cls is AddToMeld:
        values.setdefault("rank", None)
    return cls(**values)


def move_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of move data, read from the package."""
    text = (resources.files("canasta") / "schema" / MOVE_SCHEMA_FILE).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema
