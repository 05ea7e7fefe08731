"""Moves: one step of a turn each, with a short text form.

>>> str(Draw()), str(TakePile(Cards.parse("7H 7D"))), str(AddToMeld(Rank.NINE, Cards.parse("JK")))
('draw', 'take 7D 7H', 'add 9 JK')
>>> parse_move("Meld 7h 7s 2c")
LayMeld(cards=Cards.parse('7H 7S 2C'))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeAlias

import attrs

from canasta.cards import Card, CardParseError, Rank
from canasta.deck import Cards
from canasta.errors import MoveParseError

__all__ = [
    "AddToMeld",
    "Answer",
    "Ask",
    "Discard",
    "Draw",
    "LayMeld",
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


@attrs.frozen(slots=True)
class Draw:
    """Draw from the stock (one card, two in the two-player game) (CL-TURN-2)."""

    def __str__(self) -> str:
        return "draw"


@attrs.frozen(slots=True)
class TakePile:
    """Take the discard pile, melding its top card (CL-PILE-1).

    ``cards`` are the cards from the hand melded with the top card: two naturals of its rank,
    or one natural and one wild card (CL-PILE-3 (a), (b)). With no cards, the top card is
    added to the side's meld of its rank (CL-PILE-3 (c)).
    """

    cards: Cards = attrs.field(factory=Cards, converter=_cards)

    def __str__(self) -> str:
        return f"take {self.cards}".rstrip()


@attrs.frozen(slots=True)
class LayMeld:
    """Lay a new meld from the hand (CL-TURN-4 (a))."""

    cards: Cards = attrs.field(converter=_cards)

    def __str__(self) -> str:
        return f"meld {self.cards}"


@attrs.frozen(slots=True)
class AddToMeld:
    """Add cards from the hand to the side's meld of ``rank`` (CL-TURN-4 (b))."""

    rank: Rank = attrs.field(converter=_rank)
    cards: Cards = attrs.field(converter=_cards)

    def __str__(self) -> str:
        return f"add {self.rank.text} {self.cards}"


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


Move: TypeAlias = Draw | TakePile | LayMeld | AddToMeld | Discard | Ask | Answer | Pass
"""Any move."""

_SIMPLE: dict[str, Move] = {
    "draw": Draw(),
    "ask": Ask(),
    "yes": Answer(True),
    "no": Answer(False),
    "pass": Pass(),
}
_FORMS = "draw, take [CARDS], meld CARDS, add RANK CARDS, discard CARD, ask, yes, no, pass"


def parse_move(text: str) -> Move:
    """Read a move from its text form; case and spacing do not matter.

    >>> parse_move("  TAKE 7h 7d ")
    TakePile(cards=Cards.parse('7D 7H'))
    >>> parse_move("add k jk 2c")
    AddToMeld(rank=<Rank.KING: 'K'>, cards=Cards.parse('2C JK'))
    >>> parse_move("fly")
    Traceback (most recent call last):
    ...
    canasta.errors.MoveParseError: 'fly' is not a move; moves are: draw, take [CARDS], ...
    """
    if not isinstance(text, str):
        raise MoveParseError(f"expected move text, got {type(text).__name__}")
    words = text.replace(",", " ").split()
    if not words:
        raise MoveParseError(f"the move is empty; moves are: {_FORMS}")
    verb, rest = words[0].lower(), words[1:]
    try:
        if verb in _SIMPLE and not rest:
            return _SIMPLE[verb]
        if verb == "take":
            return TakePile(Cards.parse(" ".join(rest)))
        if verb == "meld" and rest:
            return LayMeld(Cards.parse(" ".join(rest)))
        if verb == "add" and len(rest) >= 2:
            return AddToMeld(_rank(rest[0]), Cards.parse(" ".join(rest[1:])))
        if verb == "discard" and len(rest) == 1:
            return Discard(Card.parse(rest[0]))
    except (CardParseError, MoveParseError) as error:
        raise MoveParseError(f"{text!r}: {error}") from None
    raise MoveParseError(f"{text!r} is not a move; moves are: {_FORMS}")
