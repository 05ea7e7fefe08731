"""The rules melds follow: which cards may be laid as a new meld, added to a meld, or merged
with another meld, under a rule set (CL-MELD, CL-CAN-4, HW-MELD, HW-MRG).

>>> from canasta._rules.ruleset import classic
>>> meld = Meld.of("KH KS KD 2C JK")
>>> meld.rank, meld.naturals, meld.wilds, meld.is_canasta_under(classic()), meld.points
(<Rank.KING: 'K'>, 3, 2, False, 100)
>>> print(check_new_meld(Cards.parse("KH 2C JK"), classic()))
CL-MELD-2: a meld needs at least 2 natural cards; KH 2C JK has 1
"""

from __future__ import annotations

from typing import Protocol

from canasta._cache import remembered
from canasta._model.cards import Card, Rank, Suit
from canasta._model.deck import Cards
from canasta._model.melds import (
    CanastaKind,
    Meld,
    MeldKind,
    layout,
    make_meld,
    natural_position,
)
from canasta._rules.ruleset import RuleSet
from canasta.errors import Violation

__all__ = [
    "CanastaKind",
    "Meld",
    "MeldKind",
    "added",
    "check_addition",
    "check_merge",
    "check_new_meld",
    "family",
    "layout",
    "meld_rank",
    "merged",
    "new_meld",
    "same_family",
]

# Read once, as in movegen: an enum class's attribute read is slow in Python 3.11.
_RANK, _SEQUENCE = MeldKind.RANK, MeldKind.SEQUENCE
_WILD, _BLACK = MeldKind.WILD, MeldKind.BLACK_THREES


class Shaped(Protocol):
    """What tells a meld's family: a :class:`Meld`, or a step that lays or grows one."""

    @property
    def kind(self) -> MeldKind: ...

    @property
    def rank(self) -> Rank: ...

    @property
    def suit(self) -> Suit | None: ...


def family(meld: Shaped) -> tuple[MeldKind, object]:
    """The family of ``meld`` (or of the meld a step lays): a rank, the sequences of a suit,
    the melds of wild cards, or the black threes. A side holds one meld of a family where
    it may not hold several of a kind (CL-MELD-6), and melds merge only within one
    (HW-MRG-1): which of them may (not canastas, not black threes) is the caller's question.

    >>> from canasta._model.deck import Cards
    >>> family(Meld(Rank.FIVE, Cards.parse("5H 6H 7H"), Suit.HEARTS)) == family(
    ...     Meld(Rank.NINE, Cards.parse("9H 10H JH"), Suit.HEARTS)
    ... )
    True
    """
    kind = meld.kind
    if kind is _RANK:
        return kind, meld.rank
    if kind is _SEQUENCE:
        return kind, meld.suit
    return kind, None


def same_family(one: Shaped, two: Shaped) -> bool:
    """Whether two melds (or steps) are of one family (:func:`family`)."""
    return family(one) == family(two)


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

    >>> from canasta._rules.presets import hollywood
    >>> print(check_new_meld(Cards.parse("AH AS JK"), hollywood()))
    CL-MELD-2: a meld needs at least 3 natural cards; AH AS JK has 2
    """
    made = new_meld(cards, rules, wild_as)
    return made if isinstance(made, Violation) else None


@remembered(512)
def new_meld(cards: Cards, rules: RuleSet, wild_as: Rank | None = None) -> Meld | Violation:
    """The meld ``cards`` make when laid under ``rules``, or why they cannot be laid.

    Remembered: the going-out questions of a turn lay the same groups of cards again and
    again (``planner.out_at_once``'s plainest plan, a new meld for each rank the hand holds
    and the side has none of: 314 calls of 19 groups in loading the Hollywood for five
    position of ``tests/data/slow26`` with ``min_naturals=2``), and a refusal writes its
    message out each time."""
    if not cards:
        return Violation("CL-MELD-5", "a meld needs cards")
    faces = cards.faces()
    if all(face.is_wild for face in faces) and not rules.wild_melds_allowed:
        return Violation("CL-MELD-4", f"{cards} has only wild cards; a meld needs natural cards")
    if rules.sequences_allowed:
        meld = layout(cards, wild_as)
        if isinstance(meld, Violation):
            return _sequence_limits_first(meld, cards, rules)
    else:
        if any(face.is_red_three for face in faces):
            return Violation(
                "CL-R3-1", "red threes are never melded; they are laid out as bonus cards"
            )
        # Wild cards alone make a meld of wild cards, where the rules allow one (checked above).
        rank = Rank.JOKER if all(face.is_wild for face in faces) else meld_rank(cards)
        if rank is None:
            return Violation("CL-MELD-1", f"{cards} mixes ranks; a meld holds cards of one rank")
        if wild_as is not None:
            return Violation("CL-MELD-1", "only a sequence's wild card stands for a rank")
        meld = make_meld(rank, cards)
    kind = meld.kind
    if kind is not _BLACK and len(cards) < rules.min_meld_size:
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
    if kind is _RANK:
        return _check_composition(meld.naturals, meld.wilds, cards, rules)
    if kind is _BLACK:
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
    if kind is _WILD:
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
        return Violation("CL-TURN-4/cards", "name the cards to add to the meld")
    kind = meld.kind
    if kind is _BLACK:
        return Violation("CL-B3-4", "nothing can be added to a meld of black threes")
    if kind is _SEQUENCE:
        return _added_to_sequence(meld, cards, rules, wild_as)
    if wild_as is not None:
        return Violation("HW-MELD-10", "only a wild card in a sequence stands for a rank")
    wrong = _check_cards_kind(cards, meld.rank)
    if wrong is not None:
        return wrong
    closed = kind is _RANK and not rules.allow_wild_on_canasta
    if closed and cards.count_wild() and meld.is_canasta_under(rules):
        return Violation("CL-CAN-4", "wild cards may not be added to a completed canasta")
    grown = meld.add(cards)
    problem = _check_limits(grown, rules)
    return grown if problem is None else problem


def _added_to_sequence(
    meld: Meld, cards: Cards, rules: RuleSet, wild_as: Rank | None
) -> Meld | Violation:
    """The sequence ``meld`` with ``cards`` added, or why they may not be added."""
    assert meld.suit is not None
    for face in cards.faces():
        if face.is_red_three:
            return Violation(
                "CL-R3-1", "red threes are never melded; they are laid out as bonus cards"
            )
        if face.rank is Rank.THREE:
            return Violation("HW-MELD-3", f"{face}: threes are never part of a sequence")
        if not face.is_wild and face.suit is not meld.suit:
            return Violation(
                "HW-MELD-3", f"{face} is not a {meld.suit.symbol}: a sequence holds one suit"
            )
    most = rules.max_wilds_per_sequence
    if meld.wilds + cards.count_wild() > most:
        if most == 0:
            return Violation("SA-MELD-3", "a sequence holds no wild cards")
        limit = "one wild card" if most == 1 else f"{most} wild cards"
        return Violation(
            "HW-MELD-6", f"a sequence may hold at most {limit}; {meld} would hold more"
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
    made = layout(meld.cards + cards, meld.wild_as or wild_as)
    if isinstance(made, Violation):
        if made.rule == "HW-MELD-3":
            return Violation("HW-CAN-4", f"a sequence grows only at its ends; {made.message}")
        return made
    problem = _check_limits(made, rules)
    return made if problem is None else problem


@remembered(256)
def merged(first: Meld, second: Meld, rules: RuleSet) -> Meld | Violation:
    """The meld that ``first`` and ``second`` make together (HW-MRG-1, HW-MRG-2), or why they
    may not be merged.

    Remembered: the move generator asks it of the same pairs of melds at every decision of
    a turn and the next turns of the side (a few dozen pairs a game), and a refusal writes
    its message out each time."""
    if not rules.merging_allowed:
        return Violation("CL-MELD-6", "melds are never merged in these rules")
    kind = first.kind
    if kind is not second.kind or kind is _BLACK:
        return Violation(
            "HW-MRG-1", "only two melds of one rank, or two sequences of one suit, merge"
        )
    if kind is _WILD and not rules.merge_wild_melds:
        return Violation("HW-MRG-5", "melds of wild cards are not merged in these rules")
    if kind is _RANK and first.rank is not second.rank:
        return Violation("HW-MRG-1", "only melds of the same rank merge")
    if kind is _SEQUENCE:
        if first.suit is not second.suit:
            return Violation("HW-MRG-1", "only sequences of the same suit join")
        low, high = (
            (first, second)
            if natural_position(first.rank) < natural_position(second.rank)
            else (
                second,
                first,
            )
        )
        if natural_position(low.high) + 1 != natural_position(high.rank):
            return Violation(
                "HW-MRG-1",
                f"{low} and {high} do not meet: add the missing cards to one of them first",
            )
        if first.wilds + second.wilds > rules.max_wilds_per_sequence:
            return Violation("HW-MRG-2", "the joined sequence would hold two wild cards")
        wild = first.wild_as or second.wild_as
        joined = make_meld(low.rank, first.cards + second.cards, first.suit, wild)
    else:
        joined = make_meld(first.rank, first.cards + second.cards)
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
