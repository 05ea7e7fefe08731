"""Moves: one step of a turn each, with a short text form.

>>> str(Draw()), str(TakePile(Cards.parse("7H 7D"))), str(AddToMeld(Rank.NINE, Cards.parse("JK")))
('draw', 'take 7D 7H', 'add 9 JK')
>>> parse_move("Meld 7h 7s 2c")
LayMeld(cards=Cards.parse('7H 7S 2C'))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeAlias

import attrs

from canasta._model import trusted
from canasta._model.cards import Card, CardParseError, Rank
from canasta._model.deck import Cards
from canasta.errors import MoveParseError

__all__ = [
    "AddToMeld",
    "Answer",
    "Ask",
    "Discard",
    "Draw",
    "LayMeld",
    "MergeMelds",
    "Move",
    "Pass",
    "TakePile",
    "parse_move",
]


_RANKS = {rank.text: rank for rank in Rank if rank.is_natural} | {"T": Rank.TEN}


def _cards(value: Cards | str | Iterable[Card]) -> Cards:
    if isinstance(value, Cards):
        return value
    if isinstance(value, str):
        return Cards.parse(value)
    cards = list(value)
    if not all(isinstance(card, Card) for card in cards):
        raise MoveParseError(f"expected cards, got {cards!r}")
    return Cards.of(cards)


def _card(value: Card | str) -> Card:
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    raise MoveParseError(f"expected a card, got {value!r}")


def _rank(value: Rank | str) -> Rank:
    if isinstance(value, Rank):
        return value
    rank = _RANKS.get(str(value).strip().upper())
    if rank is None:
        raise MoveParseError(f"{value!r} is not the rank of a meld (4-10, J, Q, K, A)")
    return rank


def _optional_rank(value: Rank | str | None) -> Rank | None:
    return None if value is None else _rank(value)


def _index(value: int | str | None) -> int | None:
    if value is None:
        return None
    if isinstance(value, str) and value.strip().startswith("#"):
        value = value.strip()[1:]
    try:
        index = int(value)
    except (TypeError, ValueError):
        raise MoveParseError(f"{value!r} is not the number of a meld (#0, #1, ...)") from None
    if isinstance(value, bool) or index < 0:
        raise MoveParseError(f"{value!r} is not the number of a meld (#0, #1, ...)")
    return index


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


@attrs.frozen(slots=True)
class Draw:
    """Draw from the stock (one card, two in the two-player game) (CL-TURN-2)."""

    def __str__(self) -> str:
        return "draw"


@attrs.frozen(slots=True, repr=False)
class TakePile:
    """Take the discard pile, melding its top card (CL-PILE-1).

    ``cards`` are the cards from the hand melded with the top card: two naturals of its rank,
    or one natural and one wild card (CL-PILE-3 (a), (b)); in the three-deck games also two
    cards of its suit that make a sequence with it, or two wild cards of its kind
    (HW-PILE-1). With no cards, the top card is added to the side's meld of its rank
    (CL-PILE-3 (c)), or to the side's meld numbered ``meld`` (HW-PILE-1 M4).
    """

    cards: Cards = attrs.field(factory=Cards, converter=_cards)
    meld: int | None = attrs.field(default=None, converter=_index, kw_only=True)

    __repr__ = _short_repr

    def __str__(self) -> str:
        target = "" if self.meld is None else f" #{self.meld}"
        return f"take{target} {self.cards}".rstrip()


@attrs.frozen(slots=True, repr=False)
class LayMeld:
    """Lay a new meld from the hand (CL-TURN-4 (a)).

    ``wild_as`` names the rank a sequence's wild card stands for where the cards leave it
    open (HW-MELD-10): ``meld 8H 9H 10H JK wild=J``.
    """

    cards: Cards = attrs.field(converter=_cards)
    wild_as: Rank | None = attrs.field(default=None, converter=_optional_rank, kw_only=True)

    __repr__ = _short_repr

    def __str__(self) -> str:
        return f"meld {self.cards}{_wild_suffix(self.wild_as)}"


@attrs.frozen(slots=True, repr=False)
class AddToMeld:
    """Add cards from the hand to the side's meld of ``rank`` (CL-TURN-4 (b)).

    Where a side may hold several melds of a rank, sequences or wild melds, the meld is
    named by its number instead: ``AddToMeld(None, cards, meld=2)``, ``add #2 JK wild=10``
    (``wild_as`` as for :class:`LayMeld`).
    """

    rank: Rank | None = attrs.field(converter=_optional_rank)
    cards: Cards = attrs.field(converter=_cards)
    meld: int | None = attrs.field(default=None, converter=_index, kw_only=True)
    wild_as: Rank | None = attrs.field(default=None, converter=_optional_rank, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if (self.rank is None) == (self.meld is None):
            raise MoveParseError("name the meld to add to by its rank or by its number, not both")

    __repr__ = _short_repr

    def __str__(self) -> str:
        target = f"#{self.meld}" if self.rank is None else self.rank.text
        return f"add {target} {self.cards}{_wild_suffix(self.wild_as)}"


@attrs.frozen(slots=True)
class MergeMelds:
    """Merge two of the side's melds into one (HW-MRG-1): two melds of one rank, or two
    sequences of one suit that meet. The merged meld takes the place of the first."""

    first: int = attrs.field(converter=_index)
    second: int = attrs.field(converter=_index)

    def __str__(self) -> str:
        return f"merge #{self.first} #{self.second}"


@attrs.frozen(slots=True)
class Discard:
    """Discard a card, ending the turn (CL-TURN-6)."""

    card: Card = attrs.field(converter=_card)

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen(slots=True)
class Ask:
    """Ask the partner "may I go out?" (CL-ASK-1)."""

    def __str__(self) -> str:
        return "ask"


@attrs.frozen(slots=True)
class Answer:
    """The partner's binding answer to :class:`Ask` (CL-ASK-3)."""

    yes: bool

    def __str__(self) -> str:
        return "yes" if self.yes else "no"


@attrs.frozen(slots=True)
class Pass:
    """Decline the pile when the stock is empty, which ends the deal (CL-EXH-3).

    Also ends the turn of a player who drew the last card, a red three, and may still meld
    under ``last_red_three_may_meld`` (CL-EXH-1).
    """

    def __str__(self) -> str:
        return "pass"


#: ``LayMeld(cards, wild_as=wild_as)`` from values the library made itself, without the
#: conversions: for the move generator's inner loops, not for input from outside.
make_lay_meld: Callable[[Cards, Rank | None], LayMeld] = trusted.maker(LayMeld)
#: ``AddToMeld(rank, cards, meld=meld, wild_as=wild_as)`` likewise, without the checks.
make_addition: Callable[[Rank | None, Cards, int | None, Rank | None], AddToMeld] = trusted.maker(
    AddToMeld
)

Move: TypeAlias = (
    Draw | TakePile | LayMeld | AddToMeld | MergeMelds | Discard | Ask | Answer | Pass
)
"""Any move."""

_SIMPLE: dict[str, Move] = {
    "draw": Draw(),
    "ask": Ask(),
    "yes": Answer(True),
    "no": Answer(False),
    "pass": Pass(),
}
_FORMS = (
    "draw, take [#N] [CARDS], meld CARDS [wild=RANK], add RANK|#N CARDS [wild=RANK], "
    "merge #N #M, discard CARD, ask, yes, no, pass"
)


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
        raise MoveParseError(f"expected move text, got {type(text).__name__}")
    words = text.replace(",", " ").split()
    if not words:
        raise MoveParseError(f"the move is empty; moves are: {_FORMS}")
    verb, rest = words[0].lower(), words[1:]
    wild_as: Rank | None = None
    try:
        if rest and rest[-1].lower().startswith("wild="):
            wild_as = _rank(rest[-1][5:])
            rest = rest[:-1]
        if verb in _SIMPLE and not rest and wild_as is None:
            return _SIMPLE[verb]
        if verb == "take" and wild_as is None:
            if rest and rest[0].startswith("#"):
                return TakePile(Cards.parse(" ".join(rest[1:])), meld=_index(rest[0]))
            return TakePile(Cards.parse(" ".join(rest)))
        if verb == "meld" and rest:
            return LayMeld(Cards.parse(" ".join(rest)), wild_as=wild_as)
        if verb == "add" and len(rest) >= 2:
            cards = Cards.parse(" ".join(rest[1:]))
            if rest[0].startswith("#"):
                return AddToMeld(None, cards, meld=_index(rest[0]), wild_as=wild_as)
            return AddToMeld(_rank(rest[0]), cards, wild_as=wild_as)
        if verb == "merge" and len(rest) == 2 and wild_as is None:
            return MergeMelds(_index(rest[0]), _index(rest[1]))
        if verb == "discard" and len(rest) == 1:
            return Discard(Card.parse(rest[0]))
    except (CardParseError, MoveParseError) as error:
        raise MoveParseError(f"{text!r}: {error}") from None
    raise MoveParseError(f"{text!r} is not a move; moves are: {_FORMS}")
