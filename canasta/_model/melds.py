"""Melds as values: :class:`Meld` and the kinds of meld and canasta."""

from __future__ import annotations

import enum

import attrs

from canasta._model.cards import ALL_FACES, NATURAL_RANKS, Card, Rank, Suit
from canasta._model.deck import Cards
from canasta._rules.ruleset import RuleSet
from canasta.errors import CanastaError, shown

_JOKER_INDEX = len(ALL_FACES) - 1
_TWO_INDICES = tuple(i for i, face in enumerate(ALL_FACES) if face.rank is Rank.TWO)


class CanastaKind(enum.Enum):
    """The kinds of canasta (CL-DEF-6, HW-CAN-1)."""

    NATURAL = "natural"
    MIXED = "mixed"
    NATURAL_SEQUENCE = "natural_sequence"
    MIXED_SEQUENCE = "mixed_sequence"
    WILD = "wild"

    __hash__ = object.__hash__


class MeldKind(enum.Enum):
    """The kinds of meld (HW-MELD-1)."""

    #: Natural cards of one rank, with wild cards standing for that rank.
    RANK = "rank"
    #: Natural cards of one suit in consecutive ranks, from 4 up to Ace (HW-MELD-3).
    SEQUENCE = "sequence"
    #: Wild cards only (HW-MELD-4).
    WILD = "wild"
    #: Black threes, laid only when going out (CL-B3-3, HW-B3-3).
    BLACK_THREES = "black_threes"

    __hash__ = object.__hash__


_NATURAL_POSITION = {rank: position for position, rank in enumerate(NATURAL_RANKS)}


@attrs.frozen(slots=True, repr=False)
class Meld:
    """A meld on the table: its rank and its cards (a joker stays a joker, a two a two).

    A meld of black threes has rank :attr:`~canasta._model.cards.Rank.THREE` (CL-B3-3), a meld of
    wild cards only rank :attr:`~canasta._model.cards.Rank.JOKER` (HW-MELD-4). A sequence
    (HW-MELD-3) has a ``suit``; its ``rank`` is its lowest position, and ``wild_as`` the rank
    its wild card stands for, fixed once laid (HW-MELD-10). Made from those, a meld also
    holds its ``size`` (number of cards), its ``wilds`` (number of twos and jokers) and its
    :class:`MeldKind` as ``kind``.

    >>> seq = Meld.of("7D 8D 9D JK", wild_as="10")
    >>> seq.kind, seq.low.text, seq.high.text, seq.naturals, seq.wilds
    (<MeldKind.SEQUENCE: 'sequence'>, '7', '10', 3, 1)
    """

    rank: Rank
    cards: Cards
    suit: Suit | None = None
    wild_as: Rank | None = None
    # Derived from the fields above when a meld is made: the move generator asks for them
    # constantly, and reading a slot costs less than calling a property.
    #: Number of cards.
    size: int = attrs.field(init=False, eq=False, repr=False)
    #: Number of wild cards (twos and jokers).
    wilds: int = attrs.field(init=False, eq=False, repr=False)
    #: Rank, sequence, wild cards or black threes.
    kind: MeldKind = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        _SET_SIZE(self, len(self.cards))
        _SET_WILDS(self, self.cards.count_wild())
        _SET_KIND(self, _kind_of(self.rank, self.suit))

    def __repr__(self) -> str:
        extra = ""
        if self.suit is not None:
            extra += f", suit={self.suit!r}"
        if self.wild_as is not None:
            extra += f", wild_as={self.wild_as!r}"
        return f"Meld(rank={self.rank!r}, cards={self.cards!r}{extra})"

    @classmethod
    def of(cls, cards: Cards | str, wild_as: Rank | str | None = None) -> Meld:
        """The meld of these cards: its kind and rank taken from its natural cards.

        ``wild_as`` names the rank a sequence's wild card stands for, where the cards leave
        it open (``7D 8D 9D JK``: the six or the ten).
        """
        from canasta._engine.meld_rules import meld_layout
        from canasta.errors import CanastaError, Violation

        cards = cards if isinstance(cards, Cards) else Cards.of(cards)
        layout = meld_layout(cards, _as_rank(wild_as))
        if isinstance(layout, Violation):
            raise CanastaError(f"{cards} is not a meld: {layout.message}")
        return layout

    @property
    def jokers(self) -> int:
        """Number of jokers."""
        return self.cards.counts[_JOKER_INDEX]

    @property
    def twos(self) -> int:
        """Number of twos."""
        return sum(self.cards.counts[i] for i in _TWO_INDICES)

    @property
    def naturals(self) -> int:
        """Number of cards that are not wild (black threes count in a meld of them)."""
        return self.size - self.wilds

    @property
    def low(self) -> Rank:
        """A sequence's lowest rank; for other melds, the rank."""
        return self.rank

    @property
    def high(self) -> Rank:
        """A sequence's highest rank; for other melds, the rank."""
        if self.suit is None:
            return self.rank
        return NATURAL_RANKS[_NATURAL_POSITION[self.rank] + self.size - 1]

    @property
    def is_black_threes(self) -> bool:
        """A meld of black threes, laid only when going out (CL-B3-3)."""
        return self.rank is Rank.THREE

    @property
    def is_sequence(self) -> bool:
        """A sequence of one suit (HW-MELD-3)."""
        return self.suit is not None

    def is_canasta_under(self, rules: RuleSet) -> bool:
        """Whether the meld counts as a canasta under ``rules`` (CL-CAN-1, CL-B3-4, HW-CAN-2)."""
        return self.size >= rules.canasta_size and self.rank is not Rank.THREE

    @property
    def is_canasta(self) -> bool:
        """Seven cards or more, and not black threes (CL-CAN-1, CL-B3-4)."""
        return not self.is_black_threes and self.size >= 7

    @property
    def canasta_kind(self) -> CanastaKind | None:
        """The kind of canasta (CL-DEF-6, HW-CAN-1), ``None`` for a meld that is not one."""
        if not self.is_canasta:
            return None
        return self._canasta_kind()

    def _canasta_kind(self) -> CanastaKind:
        if self.kind is MeldKind.WILD:
            return CanastaKind.WILD
        if self.kind is MeldKind.SEQUENCE:
            return CanastaKind.MIXED_SEQUENCE if self.wilds else CanastaKind.NATURAL_SEQUENCE
        return CanastaKind.MIXED if self.wilds else CanastaKind.NATURAL

    @property
    def points(self) -> int:
        """The sum of its cards' point values, without any canasta bonus (CL-VAL-2)."""
        return self.cards.points

    def bonus(self, rules: RuleSet) -> int:
        """The canasta bonus under ``rules`` (CL-CAN-2, HW-CAN-1): 0 for a meld that is not
        a canasta."""
        if not self.is_canasta_under(rules):
            return 0
        kind = self._canasta_kind()
        if kind is CanastaKind.WILD:
            return rules.wild_canasta_bonus
        if kind is CanastaKind.NATURAL_SEQUENCE:
            return rules.natural_sequence_canasta_bonus
        if kind is CanastaKind.MIXED_SEQUENCE:
            return rules.mixed_sequence_canasta_bonus
        return rules.canasta_bonus(natural=self.wilds == 0)

    def value(self, rules: RuleSet) -> int:
        """Card points plus canasta bonus (CL-CAN-2: seven natural kings are worth 570)."""
        return self.points + self.bonus(rules)

    def add(self, cards: Cards, wild_as: Rank | None = None) -> Meld:
        """The meld with more cards (no rule check; see :func:`check_addition`).

        A sequence grows at its ends: its lowest rank is recomputed from the cards.
        """
        merged = self.cards + cards
        if self.suit is None:
            return trusted_meld(self.rank, merged)
        wild = self.wild_as if self.wild_as is not None else wild_as
        low = min((self.rank, *_natural_ranks(cards), *((wild,) if wild else ())), key=_position)
        return trusted_meld(low, merged, self.suit, wild)

    def __str__(self) -> str:
        if self.suit is None:
            return str(self.cards)
        return " ".join(self.sequence_text())

    def sequence_text(self) -> list[str]:
        """A sequence's cards in rank order, its wild card shown where it stands."""
        wild = next((face for face in self.cards.faces() if face.is_wild), None)
        words = []
        for position in range(_position(self.rank), _position(self.rank) + self.size):
            rank = NATURAL_RANKS[position]
            if rank is self.wild_as and wild is not None:
                words.append(f"{wild}({rank.text})")
            else:
                assert self.suit is not None
                words.append(str(Card(rank, self.suit)))
        return words


def _kind_of(rank: Rank, suit: Suit | None) -> MeldKind:
    if suit is not None:
        return MeldKind.SEQUENCE
    if rank is Rank.THREE:
        return MeldKind.BLACK_THREES
    if rank is Rank.JOKER:
        return MeldKind.WILD
    return MeldKind.RANK


_new_object = object.__new__
_SET_RANK, _SET_CARDS, _SET_SUIT, _SET_WILD_AS, _SET_SIZE, _SET_WILDS, _SET_KIND = (
    Meld.__dict__[field.name].__set__ for field in attrs.fields(Meld)
)


def trusted_meld(
    rank: Rank, cards: Cards, suit: Suit | None = None, wild_as: Rank | None = None
) -> Meld:
    """``Meld(rank, cards, suit, wild_as)`` for a layout the library found itself, made
    quicker: the slots are set directly, as attrs's ``__init__`` sets them (melds are made
    constantly while moves are generated)."""
    meld = _new_object(Meld)
    _SET_RANK(meld, rank)
    _SET_CARDS(meld, cards)
    _SET_SUIT(meld, suit)
    _SET_WILD_AS(meld, wild_as)
    _SET_SIZE(meld, len(cards))
    _SET_WILDS(meld, cards.count_wild())
    _SET_KIND(meld, _kind_of(rank, suit))
    return meld


def _position(rank: Rank) -> int:
    return _NATURAL_POSITION[rank]


def _natural_ranks(cards: Cards) -> list[Rank]:
    return [face.rank for face in cards.faces() if face.is_natural]


def _as_rank(value: Rank | str | None) -> Rank | None:
    if value is None or isinstance(value, Rank):
        return value
    text = str(value).strip().upper()
    for rank in NATURAL_RANKS:
        if rank.text == text or (text == "T" and rank is Rank.TEN):
            return rank
    raise CanastaError(f"{shown(value)} is not a natural rank (4-10, J, Q, K, A)")
