"""Melds as values: :class:`Meld`, the kinds of meld and canasta, and a meld's shape.

A meld is its cards and what they make: natural cards of one rank with wild cards standing
for that rank, a sequence of one suit (the three-deck games), wild cards only, or black
threes. Which melds a rule set allows, and when a meld is a canasta, are questions for the
rule set (:meth:`Meld.is_canasta_under`, :mod:`canasta._engine.meld_rules`).

>>> seq = Meld.of("7D 8D 9D JK", wild_as="10")
>>> seq.kind, seq.low.text, seq.high.text, seq.naturals, seq.wilds
(<MeldKind.SEQUENCE: 'sequence'>, '7', '10', 3, 1)
>>> print(layout(Cards.parse("5H 6D 7H")))
HW-MELD-3: 5H 6D 7H is neither of one rank nor a sequence of one suit
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

import attrs

from canasta._cache import remembered
from canasta._model import trusted
from canasta._model.cards import (
    JOKER_FACE,
    NATURAL_FACES,
    NATURAL_RANKS,
    RANK_FACES,
    SUITS,
    Card,
    Rank,
    Suit,
)
from canasta._model.deck import Cards
from canasta.errors import CanastaError, Violation, shown

if TYPE_CHECKING:  # the rules ask the meld's questions; the model does not import them
    from canasta._rules.ruleset import RuleSet

__all__ = ["CanastaKind", "Meld", "MeldKind", "layout", "make_meld", "natural_position"]


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


def natural_position(rank: Rank) -> int:
    """A natural rank's position among the natural ranks: 0 for the four, 10 for the ace."""
    return _NATURAL_POSITION[rank]


def _size(meld: Meld) -> int:
    return len(meld.cards)


def _wilds(meld: Meld) -> int:
    return meld.cards.count_wild()


def _kind(meld: Meld) -> MeldKind:
    return _kind_of(meld.rank, meld.suit)


@attrs.frozen(slots=True, repr=False)
class Meld:
    """A meld on the table: its rank and its cards (a joker stays a joker, a two a two).

    A meld of black threes has rank :attr:`~canasta.Rank.THREE` (CL-B3-3), a meld of wild
    cards only rank :attr:`~canasta.Rank.JOKER` (HW-MELD-4). A sequence (HW-MELD-3) has a
    ``suit``; its ``rank`` is its lowest position, and ``wild_as`` the rank its wild card
    stands for, fixed once laid (HW-MELD-10). Made from those, a meld also holds its
    ``size`` (number of cards), its ``wilds`` (number of twos and jokers) and its
    :class:`MeldKind` as ``kind``.
    """

    rank: Rank
    cards: Cards
    suit: Suit | None = None
    wild_as: Rank | None = None
    # Derived from the fields above when a meld is made: asked constantly, and reading a
    # slot costs less than calling a property.
    #: Number of cards.
    size: int = attrs.field(
        init=False, eq=False, repr=False, default=attrs.Factory(_size, takes_self=True)
    )
    #: Number of wild cards (twos and jokers).
    wilds: int = attrs.field(
        init=False, eq=False, repr=False, default=attrs.Factory(_wilds, takes_self=True)
    )
    #: Rank, sequence, wild cards or black threes.
    kind: MeldKind = attrs.field(
        init=False, eq=False, repr=False, default=attrs.Factory(_kind, takes_self=True)
    )

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
        cards = cards if isinstance(cards, Cards) else Cards.of(cards)
        made = layout(cards, _as_rank(wild_as))
        if isinstance(made, Violation):
            raise CanastaError(f"{cards} is not a meld: {made.message}")
        return made

    @property
    def jokers(self) -> int:
        """Number of jokers."""
        return self.cards.counts[JOKER_FACE]

    @property
    def twos(self) -> int:
        """Number of twos."""
        return self.wilds - self.jokers

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
        return self.kind is _BLACK  # read once, below

    @property
    def is_sequence(self) -> bool:
        """A sequence of one suit (HW-MELD-3)."""
        return self.kind is _SEQUENCE  # read once, below

    @property
    def kind_as_canasta(self) -> CanastaKind | None:
        """The kind of canasta the meld is once it has the cards of one (CL-DEF-6, HW-CAN-1);
        ``None`` for black threes, which never make one (CL-B3-4)."""
        return _CANASTA_KINDS[self.kind][self.wilds > 0]

    def is_canasta_under(self, rules: RuleSet) -> bool:
        """Whether the meld is a canasta under ``rules`` (CL-CAN-1, CL-B3-4, HW-CAN-2)."""
        return rules.is_canasta(self)

    def canasta_kind_under(self, rules: RuleSet) -> CanastaKind | None:
        """The kind of canasta the meld is under ``rules``; ``None`` if it is not one."""
        return self.kind_as_canasta if rules.is_canasta(self) else None

    @property
    def points(self) -> int:
        """The sum of its cards' point values, without any canasta bonus (CL-VAL-2)."""
        return self.cards.points

    def bonus(self, rules: RuleSet) -> int:
        """The canasta bonus under ``rules`` (CL-CAN-2, HW-CAN-1): 0 for a meld that is not
        a canasta."""
        return rules.meld_bonus(self)

    def value(self, rules: RuleSet) -> int:
        """Card points plus canasta bonus (CL-CAN-2: seven natural kings are worth 570)."""
        return self.points + rules.meld_bonus(self)

    def add(self, cards: Cards, wild_as: Rank | None = None) -> Meld:
        """The meld with more cards (no rule check; see :func:`canasta.check_addition`).

        A sequence grows at its ends: its lowest rank is recomputed from the cards.
        """
        merged = self.cards + cards
        if self.suit is None:
            return make_meld(self.rank, merged)
        wild = self.wild_as if self.wild_as is not None else wild_as
        ranks = [face.rank for face in cards.faces() if face.is_natural]
        if wild is not None:
            ranks.append(wild)
        low = min((self.rank, *ranks), key=natural_position)
        return make_meld(low, merged, self.suit, wild)

    def __str__(self) -> str:
        if self.suit is None:
            return str(self.cards)
        return " ".join(self.sequence_text())

    def sequence_text(self) -> list[str]:
        """A sequence's cards in rank order, its wild card shown where it stands."""
        wild = next((face for face in self.cards.faces() if face.is_wild), None)
        words = []
        first = _NATURAL_POSITION[self.rank]
        for position in range(first, first + self.size):
            rank = NATURAL_RANKS[position]
            if rank is self.wild_as and wild is not None:
                words.append(f"{wild}({rank.text})")
            else:
                assert self.suit is not None
                words.append(str(Card(rank, self.suit)))
        return words


#: The canasta kind of each meld kind, without and with wild cards.
_CANASTA_KINDS: dict[MeldKind, tuple[CanastaKind | None, CanastaKind | None]] = {
    MeldKind.RANK: (CanastaKind.NATURAL, CanastaKind.MIXED),
    MeldKind.SEQUENCE: (CanastaKind.NATURAL_SEQUENCE, CanastaKind.MIXED_SEQUENCE),
    MeldKind.WILD: (CanastaKind.WILD, CanastaKind.WILD),
    MeldKind.BLACK_THREES: (None, None),
}
# Read once, as in movegen: an enum class's attribute read is slow in Python 3.11.
_RANK, _SEQUENCE = MeldKind.RANK, MeldKind.SEQUENCE
_WILD, _BLACK = MeldKind.WILD, MeldKind.BLACK_THREES
_THREE, _JOKER = Rank.THREE, Rank.JOKER


def _kind_of(rank: Rank, suit: Suit | None) -> MeldKind:
    if suit is not None:
        return _SEQUENCE
    if rank is _THREE:
        return _BLACK
    if rank is _JOKER:
        return _WILD
    return _RANK


_make = trusted.maker(Meld)


def make_meld(
    rank: Rank, cards: Cards, suit: Suit | None = None, wild_as: Rank | None = None
) -> Meld:
    """``Meld(rank, cards, suit, wild_as)`` for a layout the library found itself, without
    ``__init__`` (melds are made constantly while moves are generated)."""
    return _make(rank, cards, suit, wild_as, len(cards), cards.count_wild(), _kind_of(rank, suit))


_THREE_FACES = RANK_FACES[Rank.THREE]
_NATURAL_STOP = NATURAL_FACES.stop


@remembered(512)
def layout(cards: Cards, wild_as: Rank | None = None) -> Meld | Violation:
    """The meld these cards make, by their natural cards: one rank, one suit in sequence,
    wild cards only, or black threes. Only the shape is checked here, not a rule set's
    limits (:func:`canasta.check_new_meld`).

    Remembered: a turn asks it of the same cards again and again, where sequences are
    played above all (a sequence's addition is laid out by the step that makes it, again
    by each larger step related to it, ``Verdicts._follows``, and new melds by each
    going-out question's plainest plan, ``planner.out_at_once``): loading the Hollywood for
    five position of ``tests/data/slow26`` with ``min_naturals=2`` asks 808 layouts of 132
    cards. Equal melds may so be one object: nothing tells a meld by its identity but the
    relations between steps (``related_steps.made_at``), which find by it only the new meld
    a step makes (made afresh, never laid out here)."""
    quick = _plain_rank_layout(cards, wild_as)
    if quick is not None:
        return quick
    faces = cards.faces()
    if not faces:
        return Violation("CL-MELD-5", "a meld needs cards")
    if any(face.is_red_three for face in faces):
        return Violation(
            "CL-R3-1", "red threes are never melded; they are laid out as bonus cards"
        )
    naturals = [face for face in faces if not face.is_wild]
    if not naturals:
        return make_meld(Rank.JOKER, cards)
    ranks = {face.rank for face in naturals}
    if len(ranks) == 1:
        (rank,) = ranks
        if wild_as is not None and wild_as is not rank:
            return Violation(
                "HW-MELD-10", "only a wild card in a sequence stands for a rank of its own"
            )
        return make_meld(rank, cards)
    suits = {face.suit for face in naturals}
    if Rank.THREE in ranks:
        return Violation("HW-MELD-3", f"{cards}: threes are never part of a sequence")
    if len(suits) != 1:
        return Violation("HW-MELD-3", f"{cards} is neither of one rank nor a sequence of one suit")
    (suit,) = suits
    assert suit is not None
    return _sequence_layout(cards, naturals, suit, wild_as)


def _plain_rank_layout(cards: Cards, wild_as: Rank | None) -> Meld | None:
    """The usual case read from the counts alone: no threes, and natural cards of one rank
    (their faces all within the rank's four) or wild cards only; ``None`` otherwise."""
    counts = cards.counts
    if any(counts[_THREE_FACES.start : _THREE_FACES.stop]):
        return None
    naturals = counts[:_NATURAL_STOP]
    rest = naturals.lstrip(b"\0")
    if not rest:
        return make_meld(Rank.JOKER, cards) if cards else None
    suits = len(SUITS)
    first = (_NATURAL_STOP - len(rest)) // suits
    last = (len(naturals.rstrip(b"\0")) - 1) // suits
    rank = NATURAL_RANKS[first]
    if first != last or (wild_as is not None and wild_as is not rank):
        return None
    return make_meld(rank, cards)


def _sequence_layout(
    cards: Cards, naturals: list[Card], suit: Suit, wild_as: Rank | None
) -> Meld | Violation:
    """The sequence of ``suit`` that ``cards`` make (HW-MELD-3, HW-MELD-6, HW-MELD-10)."""
    if any(cards.count(face) > 1 for face in naturals):
        return Violation("HW-MELD-3", f"{cards}: a sequence holds each rank once")
    positions = sorted(_NATURAL_POSITION[face.rank] for face in naturals)
    wilds = len(cards) - len(naturals)
    if wild_as is not None and not wilds:
        return Violation("HW-MELD-10", "wild_as names the rank of a wild card, and there is none")
    low, high = positions[0], positions[-1]
    gaps = [p for p in range(low, high + 1) if p not in positions]
    if wilds == 0:
        if gaps:
            return Violation("HW-MELD-3", f"{cards} is not a sequence: ranks are missing")
        return make_meld(NATURAL_RANKS[low], cards, suit)
    if wilds > 1:
        return Violation("HW-MELD-6", f"{cards}: a sequence may hold at most one wild card")
    if wild_as is None:
        found = _open_wild_rank(cards, gaps, low, high)
        if isinstance(found, Violation):
            return found
        wild_as = found
    if not wild_as.is_natural:
        return Violation("HW-MELD-3", "a wild card in a sequence stands for a rank from 4 to Ace")
    wild_position = _NATURAL_POSITION[wild_as]
    if wild_position in positions:
        return Violation(
            "HW-MELD-10", f"the wild card cannot stand for the {wild_as.text}: it is there"
        )
    covered = sorted([*positions, wild_position])
    if covered != list(range(covered[0], covered[-1] + 1)):
        return Violation(
            "HW-MELD-3", f"with the wild card as {wild_as.text}, {cards} is not a sequence"
        )
    return make_meld(NATURAL_RANKS[covered[0]], cards, suit, wild_as)


def _open_wild_rank(cards: Cards, gaps: list[int], low: int, high: int) -> Rank | Violation:
    """The rank a sequence's wild card stands for when none is named: the one gap, or the
    one free end; or why it must be named."""
    top = len(NATURAL_RANKS) - 1
    if len(gaps) == 1:
        return NATURAL_RANKS[gaps[0]]
    if gaps:
        return Violation("HW-MELD-3", f"{cards} is not a sequence: ranks are missing")
    if (low == 0) != (high == top):
        return NATURAL_RANKS[high + 1 if low == 0 else low - 1]
    if low == 0:
        return Violation(
            "HW-MELD-3",
            f"{cards}: the sequence runs from 4 to Ace; no place is left for a wild card",
        )
    return Violation(
        "HW-MELD-10",
        f"name the rank the wild card stands for: "
        f"{NATURAL_RANKS[low - 1].text} or {NATURAL_RANKS[high + 1].text}",
    )


def _as_rank(value: Rank | str | None) -> Rank | None:
    if value is None or isinstance(value, Rank):
        return value
    text = str(value).strip().upper()
    for rank in NATURAL_RANKS:
        if rank.text == text or (text == "T" and rank is Rank.TEN):
            return rank
    raise CanastaError(f"{shown(value)} is not a natural rank (4-10, J, Q, K, A)")
