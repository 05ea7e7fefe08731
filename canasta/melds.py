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

from canasta.cards import ALL_FACES, Card, Rank
from canasta.deck import Cards
from canasta.errors import Violation
from canasta.rules import RuleSet

__all__ = ["CanastaKind", "Meld", "check_addition", "check_new_meld", "meld_rank"]

_JOKER_INDEX = len(ALL_FACES) - 1
_TWO_INDICES = tuple(i for i, face in enumerate(ALL_FACES) if face.rank is Rank.TWO)
_WILD_INDICES = (*_TWO_INDICES, _JOKER_INDEX)


class CanastaKind(enum.Enum):
    """The kinds of canasta (CL-DEF-6)."""

    NATURAL = "natural"
    MIXED = "mixed"


def _wild_count(cards: Cards) -> int:
    counts = cards.counts
    return sum(counts[i] for i in _WILD_INDICES)


@attrs.frozen(slots=True)
class Meld:
    """A meld on the table: its rank and its cards (a joker stays a joker, a two a two).

    A meld of black threes has rank :attr:`~canasta.cards.Rank.THREE` (CL-B3-3).
    """

    rank: Rank
    cards: Cards
    # Counts asked for constantly by the move generator, kept rather than recounted.
    _size: int = attrs.field(init=False, eq=False, repr=False)
    _wilds: int = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_size", len(self.cards))
        object.__setattr__(self, "_wilds", _wild_count(self.cards))

    @classmethod
    def of(cls, cards: Cards | str) -> Meld:
        """The meld of these cards, its rank taken from its natural cards (or black threes)."""
        cards = Cards.parse(cards) if isinstance(cards, str) else cards
        rank = meld_rank(cards)
        if rank is None:
            raise ValueError(
                f"{cards} does not name one rank: a meld needs natural cards of one rank"
            )
        return cls(rank, cards)

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
        """Number of cards of the meld's own rank."""
        return self._size - self._wilds

    @property
    def is_black_threes(self) -> bool:
        """A meld of black threes, laid only when going out (CL-B3-3)."""
        return self.rank is Rank.THREE

    def is_canasta_under(self, rules: RuleSet) -> bool:
        """Whether the meld counts as a canasta under ``rules`` (CL-CAN-1, CL-B3-4)."""
        return self._size >= rules.canasta_size and self.rank is not Rank.THREE

    @property
    def is_canasta(self) -> bool:
        """Seven cards or more, and not black threes (CL-CAN-1, CL-B3-4)."""
        return not self.is_black_threes and self.size >= 7

    @property
    def canasta_kind(self) -> CanastaKind | None:
        """Natural or mixed for a canasta (CL-DEF-6), ``None`` for a meld that is not one."""
        if not self.is_canasta:
            return None
        return CanastaKind.MIXED if self.wilds else CanastaKind.NATURAL

    @property
    def points(self) -> int:
        """The sum of its cards' point values, without any canasta bonus (CL-VAL-2)."""
        return self.cards.points

    def bonus(self, rules: RuleSet) -> int:
        """The canasta bonus under ``rules`` (CL-CAN-2): 0 for a meld that is not a canasta."""
        if not self.is_canasta_under(rules):
            return 0
        return rules.canasta_bonus(natural=self.wilds == 0)

    def value(self, rules: RuleSet) -> int:
        """Card points plus canasta bonus (CL-CAN-2: seven natural kings are worth 570)."""
        return self.points + self.bonus(rules)

    def add(self, cards: Cards) -> Meld:
        """The meld with more cards (no rule check; see :func:`check_addition`)."""
        return Meld(self.rank, self.cards + cards)

    def __str__(self) -> str:
        return str(self.cards)


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


def check_new_meld(cards: Cards, rules: RuleSet) -> Violation | None:
    """Why ``cards`` cannot be laid as a new meld under ``rules``, or ``None`` if they can.

    Only the meld itself is checked; when black threes may be melded (CL-B3-3) and whether
    the side already has the rank (CL-MELD-6) depend on the game.
    """
    if not cards:
        return Violation("CL-MELD-5", "a meld needs cards")
    faces = cards.faces()
    if all(face.is_wild for face in faces):
        return Violation("CL-MELD-4", f"{cards} has only wild cards; a meld needs natural cards")
    if any(face.is_red_three for face in faces):
        return Violation(
            "CL-R3-1", "red threes are never melded; they are laid out as bonus cards"
        )
    rank = meld_rank(cards)
    if rank is None:
        return Violation("CL-MELD-1", f"{cards} mixes ranks; a meld holds cards of one rank")
    if rank is Rank.THREE:
        if any(face.is_wild for face in faces):
            return Violation("CL-B3-3", "a meld of black threes may not hold wild cards")
        if not 3 <= len(cards) <= 4:
            return Violation("CL-B3-3", "black threes are melded three or four at a time")
        return None
    if len(cards) < rules.min_meld_size:
        return Violation(
            "CL-MELD-5",
            f"a new meld needs at least {rules.min_meld_size} cards; {cards} has {len(cards)}",
        )
    wilds = _wild_count(cards)
    return _check_composition(len(cards) - wilds, wilds, cards, rules)


def check_addition(meld: Meld, cards: Cards, rules: RuleSet) -> Violation | None:
    """Why ``cards`` cannot be added to ``meld``, or ``None`` if they can (CL-MELD, CL-CAN-4)."""
    if not cards:
        return Violation("CL-TURN-4", "name the cards to add to the meld")
    if meld.is_black_threes:
        return Violation("CL-B3-4", "nothing can be added to a meld of black threes")
    wrong = _check_cards_kind(cards, meld.rank)
    if wrong is not None:
        return wrong
    added_wilds = _wild_count(cards)
    if added_wilds and meld.is_canasta_under(rules) and not rules.allow_wild_on_canasta:
        return Violation("CL-CAN-4", "wild cards may not be added to a completed canasta")
    merged = meld.add(cards)
    return _check_composition(merged.naturals, merged.wilds, merged.cards, rules)


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
