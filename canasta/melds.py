"""Melds: groups of cards of one rank laid on the table, and the rules they must follow.

>>> from canasta.rules import classic
>>> meld = Meld.of("KH KS KD 2C JK")
>>> meld.rank, meld.naturals, meld.wilds, meld.is_canasta, meld.points
(<Rank.KING: 'K'>, 3, 2, False, 100)
>>> print(check_new_meld(Cards.parse("KH 2C JK"), classic()))
CL-MELD-2: a meld needs at least 2 natural cards; KH 2C JK has 1
"""

from __future__ import annotations

import enum

import attrs

from canasta.cards import ALL_FACES, NATURAL_RANKS, Card, Rank, Suit
from canasta.deck import Cards
from canasta.errors import Violation
from canasta.rules import RuleSet

__all__ = [
    "CanastaKind",
    "Meld",
    "MeldKind",
    "added",
    "check_addition",
    "check_merge",
    "check_new_meld",
    "meld_layout",
    "meld_rank",
    "merged",
    "new_meld",
    "trusted_meld",
]

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

    A meld of black threes has rank :attr:`~canasta.cards.Rank.THREE` (CL-B3-3), a meld of
    wild cards only rank :attr:`~canasta.cards.Rank.JOKER` (HW-MELD-4). A sequence
    (HW-MELD-3) has a ``suit``; its ``rank`` is its lowest position, and ``wild_as`` the rank
    its wild card stands for, fixed once laid (HW-MELD-10).

    >>> seq = Meld.of("7D 8D 9D JK", wild_as="10")
    >>> seq.kind, seq.low.text, seq.high.text, seq.naturals, seq.wilds
    (<MeldKind.SEQUENCE: 'sequence'>, '7', '10', 3, 1)
    """

    rank: Rank
    cards: Cards
    suit: Suit | None = None
    wild_as: Rank | None = None
    # Counts asked for constantly by the move generator, kept rather than recounted.
    _size: int = attrs.field(init=False, eq=False, repr=False)
    _wilds: int = attrs.field(init=False, eq=False, repr=False)
    _kind: MeldKind = attrs.field(init=False, eq=False, repr=False)

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
        cards = Cards.parse(cards) if isinstance(cards, str) else cards
        layout = meld_layout(cards, _as_rank(wild_as))
        if isinstance(layout, Violation):
            raise ValueError(f"{cards} is not a meld: {layout.message}")
        return layout

    @property
    def kind(self) -> MeldKind:
        """Rank, sequence, wild cards or black threes."""
        return self._kind

    @property
    def size(self) -> int:
        """Number of cards."""
        return self._size

    @property
    def wilds(self) -> int:
        """Number of wild cards (twos and jokers)."""
        return self._wilds

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
        return self._size - self._wilds

    @property
    def low(self) -> Rank:
        """A sequence's lowest rank; for other melds, the rank."""
        return self.rank

    @property
    def high(self) -> Rank:
        """A sequence's highest rank; for other melds, the rank."""
        if self.suit is None:
            return self.rank
        return NATURAL_RANKS[_NATURAL_POSITION[self.rank] + self._size - 1]

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
        return self._size >= rules.canasta_size and self.rank is not Rank.THREE

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
        if self._kind is MeldKind.WILD:
            return CanastaKind.WILD
        if self._kind is MeldKind.SEQUENCE:
            return CanastaKind.MIXED_SEQUENCE if self._wilds else CanastaKind.NATURAL_SEQUENCE
        return CanastaKind.MIXED if self._wilds else CanastaKind.NATURAL

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
        return rules.canasta_bonus(natural=self._wilds == 0)

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
        for position in range(_position(self.rank), _position(self.rank) + self._size):
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
    raise ValueError(f"{value!r} is not a natural rank (4-10, J, Q, K, A)")


def meld_layout(cards: Cards, wild_as: Rank | None = None) -> Meld | Violation:
    """The meld these cards make, by their natural cards: one rank, one suit in sequence,
    wild cards only, or black threes. Only the shape is checked here, not the rule set's
    limits (:func:`check_new_meld`)."""
    counts = cards.counts
    if not (counts[48] or counts[49] or counts[50] or counts[51]):
        # No threes, the usual case, read from the counts: natural cards of one rank (a
        # natural's face index is 4 * its rank's position + its suit), or wild cards only.
        naturals_only = counts[:44]
        rest = naturals_only.lstrip(b"\0")
        if rest:
            position = (44 - len(rest)) >> 2
            if (len(naturals_only.rstrip(b"\0")) - 1) >> 2 == position:
                rank = NATURAL_RANKS[position]
                if wild_as is None or wild_as is rank:
                    return trusted_meld(rank, cards)
        elif cards:
            return trusted_meld(Rank.JOKER, cards)
    faces = cards.faces()
    if not faces:
        return Violation("CL-MELD-5", "a meld needs cards")
    if any(face.is_red_three for face in faces):
        return Violation(
            "CL-R3-1", "red threes are never melded; they are laid out as bonus cards"
        )
    naturals = [face for face in faces if not face.is_wild]
    if not naturals:
        return trusted_meld(Rank.JOKER, cards)
    ranks = {face.rank for face in naturals}
    if len(ranks) == 1:
        (rank,) = ranks
        if wild_as is not None and wild_as is not rank:
            return Violation(
                "HW-MELD-10", "only a wild card in a sequence stands for a rank of its own"
            )
        return trusted_meld(rank, cards)
    suits = {face.suit for face in naturals}
    if len(suits) == 1 and Rank.THREE in ranks:
        return Violation("HW-MELD-3", f"{cards}: threes are never part of a sequence")
    if len(suits) != 1 or Rank.THREE in ranks:
        return Violation("CL-MELD-1", f"{cards} mixes ranks; a meld holds cards of one rank")
    (suit,) = suits
    assert suit is not None
    if any(cards.count(face) > 1 for face in naturals):
        return Violation("HW-MELD-3", f"{cards}: a sequence holds each rank once")
    positions = sorted(_position(rank) for rank in ranks)
    wilds = len(cards) - len(naturals)
    if wild_as is not None and not wilds:
        return Violation("HW-MELD-10", "wild_as names the rank of a wild card, and there is none")
    low, high = positions[0], positions[-1]
    gaps = [p for p in range(low, high + 1) if p not in positions]
    if wilds == 0:
        if gaps:
            return Violation("HW-MELD-3", f"{cards} is not a sequence: ranks are missing")
        return trusted_meld(NATURAL_RANKS[low], cards, suit)
    if wilds > 1:
        return Violation("HW-MELD-6", f"{cards}: a sequence may hold at most one wild card")
    if wild_as is None:
        if len(gaps) == 1:
            wild_as = NATURAL_RANKS[gaps[0]]
        elif not gaps and (low == 0) != (high == len(NATURAL_RANKS) - 1):
            wild_as = NATURAL_RANKS[high + 1 if low == 0 else low - 1]
        elif not gaps and low == 0:
            return Violation(
                "HW-MELD-3",
                f"{cards}: the sequence runs from 4 to Ace; no place is left for a wild card",
            )
        elif not gaps:
            return Violation(
                "HW-MELD-10",
                f"name the rank the wild card stands for: "
                f"{NATURAL_RANKS[low - 1].text} or {NATURAL_RANKS[high + 1].text}",
            )
        else:
            return Violation("HW-MELD-3", f"{cards} is not a sequence: ranks are missing")
    if not wild_as.is_natural:
        return Violation("HW-MELD-3", "a wild card in a sequence stands for a rank from 4 to Ace")
    wild_position = _position(wild_as)
    if wild_position in positions:
        return Violation(
            "HW-MELD-10", f"the wild card cannot stand for the {wild_as.text}: it is there"
        )
    covered = sorted([*positions, wild_position])
    if covered != list(range(covered[0], covered[-1] + 1)):
        return Violation(
            "HW-MELD-3", f"with the wild card as {wild_as.text}, {cards} is not a sequence"
        )
    return trusted_meld(NATURAL_RANKS[covered[0]], cards, suit, wild_as)


def meld_rank(cards: Cards) -> Rank | None:
    """The one rank of the non-wild cards, or ``None`` if there is not exactly one."""
    ranks = {face.rank for face in cards.faces() if not face.is_wild}
    if len(ranks) != 1:
        return None
    return ranks.pop()


def _check_cards_kind(cards: Cards, rank: Rank) -> Violation | None:
    for face in cards.faces():
        if face.is_red_three:
            return Violation(
                "CL-R3-1", "red threes are never melded; they are laid out as bonus cards"
            )
        if face.is_wild or face.rank is rank:
            continue
        if rank is Rank.JOKER:
            return Violation(
                "HW-MELD-4", f"{face} is not wild; a meld of wild cards holds only them"
            )
        return Violation(
            "CL-MELD-1", f"{face} is not a {rank.text} or a wild card; a meld holds one rank"
        )
    return None


def _check_composition(
    naturals: int, wilds: int, cards: Cards, rules: RuleSet
) -> Violation | None:
    if naturals < rules.min_naturals:
        return Violation(
            "CL-MELD-2",
            f"a meld needs at least {rules.min_naturals} natural cards; {cards} has {naturals}",
        )
    limit = rules.max_wilds(naturals)
    if wilds > limit:
        detail = "" if rules.wild_ratio == "none" else f" with {naturals} natural cards"
        return Violation(
            "CL-MELD-3",
            f"a meld may hold at most {limit} wild cards{detail}; {cards} would hold {wilds}",
        )
    return None


def check_new_meld(cards: Cards, rules: RuleSet, wild_as: Rank | None = None) -> Violation | None:
    """Why ``cards`` cannot be laid as a new meld under ``rules``, or ``None`` if they can.

    Only the meld itself is checked; when black threes may be melded (CL-B3-3) and whether
    the side already has the rank (CL-MELD-6) depend on the game.

    >>> from canasta.rules import hollywood
    >>> print(check_new_meld(Cards.parse("AH AS JK"), hollywood()))
    CL-MELD-2: a meld needs at least 3 natural cards; AH AS JK has 2
    """
    made = new_meld(cards, rules, wild_as)
    return made if isinstance(made, Violation) else None


def new_meld(cards: Cards, rules: RuleSet, wild_as: Rank | None = None) -> Meld | Violation:
    """The meld ``cards`` make when laid under ``rules``, or why they cannot be laid."""
    if not cards:
        return Violation("CL-MELD-5", "a meld needs cards")
    faces = cards.faces()
    if all(face.is_wild for face in faces) and not rules.wild_melds_allowed:
        return Violation("CL-MELD-4", f"{cards} has only wild cards; a meld needs natural cards")
    if rules.sequences_allowed:
        meld = meld_layout(cards, wild_as)
        if isinstance(meld, Violation):
            return _sequence_limits_first(meld, cards, rules)
    else:
        if any(face.is_red_three for face in faces):
            return Violation(
                "CL-R3-1", "red threes are never melded; they are laid out as bonus cards"
            )
        rank = meld_rank(cards)
        if rank is None:
            return Violation("CL-MELD-1", f"{cards} mixes ranks; a meld holds cards of one rank")
        if wild_as is not None:
            return Violation("CL-MELD-1", "only a sequence's wild card stands for a rank")
        meld = trusted_meld(rank, cards)
    kind = meld.kind
    if kind is not MeldKind.BLACK_THREES and len(cards) < rules.min_meld_size:
        return Violation(
            "CL-MELD-5",
            f"a new meld needs at least {rules.min_meld_size} cards; {cards} has {len(cards)}",
        )
    problem = _check_limits(meld, rules)
    return meld if problem is None else problem


def _sequence_limits_first(problem: Violation, cards: Cards, rules: RuleSet) -> Violation:
    """Where the cards cannot be read as one sequence, cite the limit they break anyway (the
    three naturals, the one wild card) rather than the reading (HW-MELD-5, HW-MELD-6)."""
    if problem.rule not in ("HW-MELD-10", "HW-MELD-3", "HW-MELD-6"):
        return problem
    faces = cards.faces()
    naturals = [face for face in faces if not face.is_wild]
    suits = {face.suit for face in naturals}
    if len(suits) != 1 or len({face.rank for face in naturals}) < 2:
        return problem
    wilds = len(cards) - len(naturals)
    if wilds > rules.max_wilds_per_sequence:
        if rules.max_wilds_per_sequence == 0:
            return Violation("SA-MELD-3", f"a sequence holds no wild cards; {cards} has {wilds}")
        return Violation("HW-MELD-6", f"a sequence may hold at most one wild card; {cards}")
    if len(naturals) < rules.min_naturals:
        return Violation(
            "HW-MELD-5",
            f"a sequence needs at least {rules.min_naturals} natural cards; {cards} has "
            f"{len(naturals)}",
        )
    return problem


def _check_limits(meld: Meld, rules: RuleSet) -> Violation | None:
    """Why ``meld`` breaks a limit that holds at all times (CL-MELD-2, CL-MELD-3, HW-MELD-5,
    HW-MELD-6, HW-B3-3, BO-MELD-4), or ``None``."""
    kind, cards = meld.kind, meld.cards
    if kind is MeldKind.RANK:
        return _check_composition(meld.naturals, meld.wilds, cards, rules)
    if kind is MeldKind.BLACK_THREES:
        most = rules.black_three_meld_max_wilds
        if meld.wilds > most:
            if most == 0:
                return Violation("CL-B3-3", "a meld of black threes may not hold wild cards")
            return Violation(
                "CL-B3-3", f"a meld of black threes may hold at most {most} wild cards"
            )
        if not 3 <= meld.naturals <= rules.max_black_threes_per_meld:
            if rules.max_black_threes_per_meld == 4:
                return Violation("CL-B3-3", "black threes are melded three or four at a time")
            return Violation(
                "CL-B3-3",
                f"a meld of black threes holds 3 to {rules.max_black_threes_per_meld} of them",
            )
        return None
    if kind is MeldKind.WILD:
        longest = rules.max_wild_meld_length
        if longest is not None and meld.size > longest:
            return Violation(
                "BO-MELD-4",
                f"a meld of wild cards holds at most {longest}; {cards} has {meld.size}",
            )
        return None
    if not rules.sequences_allowed:
        return Violation("CL-MELD-1", f"{cards} mixes ranks; a meld holds cards of one rank")
    if meld.wilds > rules.max_wilds_per_sequence:
        if rules.max_wilds_per_sequence == 0:
            return Violation("SA-MELD-3", f"a sequence holds no wild cards; {meld} has one")
        return Violation("HW-MELD-6", f"a sequence may hold at most one wild card; {cards}")
    if meld.naturals < rules.min_naturals:
        return Violation(
            "HW-MELD-5",
            f"a sequence needs at least {rules.min_naturals} natural cards; {meld} has "
            f"{meld.naturals}",
        )
    longest = rules.max_sequence_length
    if longest is not None and meld.size > longest:
        return Violation(
            "SA-MELD-3", f"a sequence holds at most {longest} cards; {meld} would hold {meld.size}"
        )
    return None


def check_addition(
    meld: Meld, cards: Cards, rules: RuleSet, wild_as: Rank | None = None
) -> Violation | None:
    """Why ``cards`` cannot be added to ``meld``, or ``None`` if they can (CL-MELD, CL-CAN-4,
    HW-MELD-6, HW-MELD-10, HW-CAN-4)."""
    grown = added(meld, cards, rules, wild_as)
    return grown if isinstance(grown, Violation) else None


def added(
    meld: Meld, cards: Cards, rules: RuleSet, wild_as: Rank | None = None
) -> Meld | Violation:
    """``meld`` with ``cards`` added, or why they may not be added."""
    if not cards:
        return Violation("CL-TURN-4", "name the cards to add to the meld")
    kind = meld.kind
    if kind is MeldKind.BLACK_THREES:
        return Violation("CL-B3-4", "nothing can be added to a meld of black threes")
    if kind is MeldKind.RANK or kind is MeldKind.WILD:
        if wild_as is not None:
            return Violation("HW-MELD-10", "only a wild card in a sequence stands for a rank")
        wrong = _check_cards_kind(cards, meld.rank)
        if wrong is not None:
            return wrong
        added_wilds = cards.count_wild()
        if (
            added_wilds
            and kind is MeldKind.RANK
            and meld.is_canasta_under(rules)
            and not rules.allow_wild_on_canasta
        ):
            return Violation("CL-CAN-4", "wild cards may not be added to a completed canasta")
        grown = meld.add(cards)
        problem = _check_limits(grown, rules)
        return grown if problem is None else problem
    for face in cards.faces():
        if face.is_red_three:
            return Violation(
                "CL-R3-1", "red threes are never melded; they are laid out as bonus cards"
            )
        if face.rank is Rank.THREE:
            return Violation("HW-MELD-3", f"{face}: threes are never part of a sequence")
        if not face.is_wild and face.suit is not meld.suit:
            assert meld.suit is not None
            return Violation(
                "HW-MELD-3", f"{face} is not a {meld.suit.symbol}: a sequence holds one suit"
            )
    if meld.wilds + cards.count_wild() > rules.max_wilds_per_sequence:
        if rules.max_wilds_per_sequence == 0:
            return Violation("SA-MELD-3", "a sequence holds no wild cards")
        return Violation(
            "HW-MELD-6", f"a sequence may hold at most one wild card; {meld} would hold more"
        )
    if meld.wild_as is not None and wild_as is not None and wild_as is not meld.wild_as:
        return Violation(
            "HW-MELD-10",
            f"the wild card stands for the {meld.wild_as.text} for the rest of the deal",
        )
    if meld.wild_as is not None and cards.count(Card(meld.wild_as, meld.suit)):
        return Violation(
            "HW-MELD-10",
            f"the {meld.wild_as.text} of the sequence is a wild card: its natural card can "
            "never join it",
        )
    layout = meld_layout(meld.cards + cards, meld.wild_as or wild_as)
    if isinstance(layout, Violation):
        if layout.rule == "HW-MELD-3":
            return Violation("HW-CAN-4", f"a sequence grows only at its ends; {layout.message}")
        return layout
    problem = _check_limits(layout, rules)
    return layout if problem is None else problem


def merged(first: Meld, second: Meld, rules: RuleSet) -> Meld | Violation:
    """The meld that ``first`` and ``second`` make together (HW-MRG-1, HW-MRG-2), or why they
    may not be merged."""
    if not rules.merging_allowed:
        return Violation("CL-MELD-6", "melds are never merged in these rules")
    if first.kind is not second.kind or first.kind is MeldKind.BLACK_THREES:
        return Violation(
            "HW-MRG-1", "only two melds of one rank, or two sequences of one suit, merge"
        )
    if first.kind is MeldKind.WILD and not rules.merge_wild_melds:
        return Violation("HW-MRG-5", "melds of wild cards are not merged in these rules")
    if first.kind is MeldKind.RANK and first.rank is not second.rank:
        return Violation("HW-MRG-1", "only melds of the same rank merge")
    if first.kind is MeldKind.SEQUENCE:
        if first.suit is not second.suit:
            return Violation("HW-MRG-1", "only sequences of the same suit join")
        low, high = (
            (first, second)
            if _position(first.rank) < _position(second.rank)
            else (
                second,
                first,
            )
        )
        if _position(low.high) + 1 != _position(high.rank):
            return Violation(
                "HW-MRG-1",
                f"{low} and {high} do not meet: add the missing cards to one of them first",
            )
        if first.wilds + second.wilds > rules.max_wilds_per_sequence:
            return Violation("HW-MRG-2", "the joined sequence would hold two wild cards")
        wild = first.wild_as or second.wild_as
        joined = trusted_meld(low.rank, first.cards + second.cards, first.suit, wild)
    else:
        joined = trusted_meld(first.rank, first.cards + second.cards)
    problem = _check_limits(joined, rules)
    if problem is not None:
        return Violation("HW-MRG-2", f"the merged meld would break a limit: {problem.message}")
    return joined


def check_merge(first: Meld, second: Meld, rules: RuleSet) -> Violation | None:
    """Why two melds may not be merged, or ``None``."""
    joined = merged(first, second, rules)
    return joined if isinstance(joined, Violation) else None


def representative(rank: Rank, naturals: int, twos: int, jokers: int, hand: Cards) -> Cards | None:
    """Concrete cards from ``hand``: ``naturals`` of ``rank``, ``twos`` twos and ``jokers`` jokers.

    Suits are taken in display order; ``None`` if the hand does not hold enough.
    """
    picked: list[Card] = []
    for wanted, match in ((naturals, rank), (twos, Rank.TWO), (jokers, Rank.JOKER)):
        if wanted == 0:
            continue
        for face in hand.faces():
            if face.rank is not match:
                continue
            take = min(wanted, hand.count(face))
            picked.extend([face] * take)
            wanted -= take
            if wanted == 0:
                break
        if wanted:
            return None
    return Cards.of(picked)
