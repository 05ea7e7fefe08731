"""Cards: suits, ranks, the 53 card faces, their text form and point values.

Every rule set shares this model. A card is a value: two ``K♠`` from different decks are
equal, because no rule of Canasta tells them apart.

>>> card = Card.parse("qh")
>>> card
Card.parse('QH')
>>> str(card), card.pretty(), card.points
('QH', 'Q♥', 10)
>>> Card.parse("JK").is_wild, Card.parse("3D").is_red_three
(True, True)
"""

from __future__ import annotations

import enum
from collections.abc import Iterator

import attrs

from canasta.errors import CanastaError, CardParseError, shown

__all__ = [
    "ALL_FACES",
    "BLACK_THREES",
    "FACE_COUNT",
    "FACE_TEXT",
    "JOKER",
    "JOKER_FACE",
    "NATURAL_FACES",
    "NATURAL_RANKS",
    "RANK_FACES",
    "RED_THREES",
    "SUITS",
    "TWO_FACES",
    "WILD_FACES",
    "Card",
    "CardParseError",
    "Rank",
    "Suit",
    "natural_face",
]


class Suit(enum.Enum):
    """The four suits. Only the colour of a three matters in Classic Canasta."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    # Members are singletons, so identity hashing is right, and much faster than Enum's.
    __hash__ = object.__hash__

    @property
    def letter(self) -> str:
        """The one-letter text form: ``C``, ``D``, ``H`` or ``S``."""
        return self.value

    @property
    def symbol(self) -> str:
        """The suit symbol for terminals: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}


class Rank(enum.Enum):
    """Ranks in the order used for sorting and display: 4 to Ace, then 2, 3 and the joker.

    Rank order has no effect on legality in Classic Canasta (CL-DECK-5); sequences in the
    three-deck games use the natural ranks 4 to Ace in this order.
    """

    __hash__ = object.__hash__  # as for Suit: identity hashing, fast

    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"
    TWO = "2"
    THREE = "3"
    JOKER = "JK"

    @property
    def text(self) -> str:
        """The short text form: ``4`` ... ``10``, ``J``, ``Q``, ``K``, ``A``, ``2``, ``3``, ``JK``.

        A joker's text has no suit letter; every other card's text is rank then suit.
        """
        return self.value

    @property
    def is_natural(self) -> bool:
        """Ranks 4 to Ace are natural (CL-DEF-1)."""
        return self in _NATURAL_SET

    @property
    def is_wild(self) -> bool:
        """Twos and jokers are wild (CL-DEF-2)."""
        return self in _WILD_RANKS

    @property
    def order(self) -> int:
        """Position in the display order, 0 for the four up to 13 for the joker."""
        return _RANK_ORDER[self]


NATURAL_RANKS: tuple[Rank, ...] = (
    Rank.FOUR,
    Rank.FIVE,
    Rank.SIX,
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.TEN,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
    Rank.ACE,
)
_NATURAL_SET = frozenset(NATURAL_RANKS)
# Read once, as in movegen: an enum class's attribute read is slow in Python 3.11.
_WILD_RANKS = (Rank.TWO, Rank.JOKER)
# Read once, as in movegen: an enum class's attribute read is slow in Python 3.11.
_THREE, _JOKER = Rank.THREE, Rank.JOKER
_RANK_ORDER = {rank: index for index, rank in enumerate(Rank)}
#: The suits in display order: a natural card's face index is four times its rank's position
#: among the natural ranks plus its suit's position here (:func:`natural_face`).
SUITS: tuple[Suit, ...] = tuple(Suit)
_SUIT_ORDER = {suit: index for index, suit in enumerate(SUITS)}

# Point values, CL-VAL-1. Red threes have no card value; they score only as bonus cards.
_RANK_POINTS = {
    Rank.JOKER: 50,
    Rank.TWO: 20,
    Rank.ACE: 20,
    Rank.KING: 10,
    Rank.QUEEN: 10,
    Rank.JACK: 10,
    Rank.TEN: 10,
    Rank.NINE: 10,
    Rank.EIGHT: 10,
    Rank.SEVEN: 5,
    Rank.SIX: 5,
    Rank.FIVE: 5,
    Rank.FOUR: 5,
}

_ACCEPTED = (
    "a rank (4-10, J, Q, K, A, 2, 3; T also means 10) followed by a suit (C, D, H, S "
    "or ♣ ♦ ♥ ♠), or JK for the joker; for example QH, 10S, 2c, JK"
)


@attrs.frozen(slots=True, repr=False, order=False, hash=False)
class Card:
    """One card face: a rank and a suit, or the joker (whose suit is ``None``).

    >>> Card(Rank.TEN, Suit.SPADES)
    Card.parse('10S')
    >>> Card.joker() == Card.parse("jk")
    True
    """

    rank: Rank
    suit: Suit | None = attrs.field(default=None)
    # The face's position in ALL_FACES, kept because hashing and counting use it constantly.
    _index: int = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if (self.rank is Rank.JOKER) != (self.suit is None):
            raise CanastaError(
                "a joker has no suit and every other card has one; "
                f"got rank {self.rank.text} with suit {self.suit}"
            )
        if self.suit is None:
            index = len(SUITS) * _RANK_ORDER[self.rank]  # the joker: one face, the last
        else:
            index = len(SUITS) * _RANK_ORDER[self.rank] + _SUIT_ORDER[self.suit]
        object.__setattr__(self, "_index", index)

    def __hash__(self) -> int:
        return self._index

    @classmethod
    def joker(cls) -> Card:
        """The joker."""
        return JOKER

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from its short text form (case and surrounding spaces do not matter).

        >>> Card.parse(" 10d "), Card.parse("td"), Card.parse("A♠")
        (Card.parse('10D'), Card.parse('10D'), Card.parse('AS'))
        >>> Card.parse("1H")
        Traceback (most recent call last):
        ...
        canasta.CardParseError: '1H' is not a card: unknown rank '1'; expected ...
        """
        if not isinstance(text, str):
            raise CardParseError(
                f"expected card text, got {type(text).__name__}: {shown(text)}; "
                f"expected {_ACCEPTED}"
            )
        card = _PARSE_TABLE.get(text.strip().upper())
        if card is not None:
            return card
        raise CardParseError(_explain_bad_card(text))

    @property
    def is_joker(self) -> bool:
        """True for the joker."""
        return self.rank is _JOKER

    @property
    def is_wild(self) -> bool:
        """Jokers and twos are wild (CL-DEF-2)."""
        return _WILD_BY_INDEX[self._index]

    @property
    def is_natural(self) -> bool:
        """Cards of rank 4 to Ace are natural (CL-DEF-1); threes are neither natural nor wild."""
        return _NATURAL_BY_INDEX[self._index]

    @property
    def is_three(self) -> bool:
        """Any three, red or black."""
        return self.rank is _THREE

    @property
    def is_red_three(self) -> bool:
        """The three of hearts or diamonds (CL-DEF-3)."""
        return _RED_THREE_BY_INDEX[self._index]

    @property
    def is_black_three(self) -> bool:
        """The three of spades or clubs (CL-DEF-3)."""
        return _BLACK_THREE_BY_INDEX[self._index]

    @property
    def points(self) -> int:
        """The card's point value (CL-VAL-1); a red three has none (0).

        >>> [Card.parse(t).points for t in ("JK", "2C", "AH", "8S", "7D", "3S", "3H")]
        [50, 20, 20, 10, 5, 5, 0]
        """
        if self.rank is _THREE:
            return 5 if self.is_black_three else 0
        return _RANK_POINTS[self.rank]

    @property
    def index(self) -> int:
        """The face's position (0 to 52) in :data:`ALL_FACES`, the order used for sorting."""
        return self._index

    def pretty(self) -> str:
        """The text form with a suit symbol, for terminals: ``Q♥``, ``10♠``, ``JK``."""
        if self.suit is None:
            return "JK"
        return self.rank.text + self.suit.symbol

    def __str__(self) -> str:
        return FACE_TEXT[self._index]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._index < other._index


def _all_faces() -> Iterator[Card]:
    for rank in Rank:
        if rank is Rank.JOKER:
            yield Card(rank)
        else:
            for suit in Suit:
                yield Card(rank, suit)


ALL_FACES: tuple[Card, ...] = tuple(_all_faces())
"""The 53 faces in display order: 4♣ 4♦ 4♥ 4♠ 5♣ ... A♠ 2♣ ... 3♠ JK."""

JOKER: Card = ALL_FACES[-1]

# What the predicates of a card say, by face index: they are asked constantly.
_WILD_BY_INDEX = tuple(face.rank.is_wild for face in ALL_FACES)
_NATURAL_BY_INDEX = tuple(face.rank.is_natural for face in ALL_FACES)
_RED_THREE_BY_INDEX = tuple(
    face.rank is Rank.THREE and face.suit in (Suit.HEARTS, Suit.DIAMONDS) for face in ALL_FACES
)
_BLACK_THREE_BY_INDEX = tuple(
    face.rank is Rank.THREE and face.suit in (Suit.SPADES, Suit.CLUBS) for face in ALL_FACES
)

#: The red threes and the black threes, in display order (to count them in a hand's counts).
RED_THREES: tuple[Card, ...] = tuple(face for face in ALL_FACES if face.is_red_three)
BLACK_THREES: tuple[Card, ...] = tuple(face for face in ALL_FACES if face.is_black_three)

#: How many faces there are (the length of :attr:`Cards.counts <canasta.Cards.counts>`).
FACE_COUNT: int = len(ALL_FACES)
#: The face indices of each rank: the faces of a rank are next to each other.
RANK_FACES: dict[Rank, range] = {
    rank: range(
        min(face.index for face in ALL_FACES if face.rank is rank),
        max(face.index for face in ALL_FACES if face.rank is rank) + 1,
    )
    for rank in Rank
}
#: The face indices of the natural cards (4 to Ace), which come first.
NATURAL_FACES: range = range(RANK_FACES[NATURAL_RANKS[0]].start, RANK_FACES[Rank.ACE].stop)
#: The face indices of the twos, and the joker's.
TWO_FACES: range = RANK_FACES[Rank.TWO]
JOKER_FACE: int = JOKER.index
#: The face indices of the wild cards: the twos and the joker.
WILD_FACES: tuple[int, ...] = (*TWO_FACES, JOKER_FACE)


def natural_face(position: int, suit: int) -> int:
    """The face index of the natural card of rank ``NATURAL_RANKS[position]`` and suit
    ``SUITS[suit]``.

    >>> ALL_FACES[natural_face(10, 2)]
    Card.parse('AH')
    """
    return len(SUITS) * position + suit


#: The text of each face, by :attr:`Card.index` (``str(card)`` reads it: printing is frequent).
FACE_TEXT: tuple[str, ...] = tuple(
    "JK" if card.suit is None else card.rank.text + card.suit.letter for card in ALL_FACES
)


def _text_forms(card: Card) -> Iterator[str]:
    if card.suit is None:
        yield from ("JK", "JOKER", "*")
        return
    ranks = [card.rank.text]
    if card.rank is Rank.TEN:
        ranks.append("T")
    for rank in ranks:
        yield rank + card.suit.letter
        yield rank + card.suit.symbol


_PARSE_TABLE = {text: card for card in ALL_FACES for text in _text_forms(card)}
_SUIT_TEXT = {s.letter: s for s in Suit} | {s.symbol: s for s in Suit}
_RANK_TEXT = {r.text: r for r in Rank if r is not Rank.JOKER} | {"T": Rank.TEN}


def _explain_bad_card(text: str) -> str:
    cleaned = text.strip().upper()
    if not cleaned:
        return f"{shown(text)} is not a card: the text is empty; expected {_ACCEPTED}"
    rank_text, suit_text = cleaned[:-1], cleaned[-1]
    if cleaned in _RANK_TEXT:
        reason = "the suit is missing"
    elif rank_text in ("JK", "JOKER", "*") and suit_text in _SUIT_TEXT:
        reason = "a joker has no suit"
    elif suit_text not in _SUIT_TEXT:
        if rank_text in _RANK_TEXT:
            reason = f"unknown suit {text.strip()[-1]!r}"
        else:
            reason = _unknown_rank(text.strip()[:-1] or text.strip())
    else:
        reason = _unknown_rank(text.strip()[:-1]) if rank_text else "the rank is missing"
    return f"{shown(text)} is not a card: {reason}; expected {_ACCEPTED}"


def _unknown_rank(rank_text: str) -> str:
    """The reason for a rank nobody writes; a long one is not quoted again (the message
    quotes the whole card text already)."""
    return f"unknown rank {rank_text!r}" if len(rank_text) <= 4 else "unknown rank"
