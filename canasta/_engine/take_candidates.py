"""The ways to take the pile worth checking: for each choice of cards by count, its variants
(the same count of other suits), best first. The checks are :mod:`canasta._engine.turn.pile`'s.

Where suits cannot matter (no sequences), one representative a count is enough: the suits in
display order. Where sequences are played, the suits of a pair matter to the sequences the
hand may still make, so the variants come cheapest first (:func:`~canasta._engine.steps.
sequence_cost`): the move generator offers the first one legal.

What refuses a whole kind of take whatever the cards (a frozen pile refuses every take that
adds the top card alone to a meld, and every natural and wild card:
:func:`~canasta._engine.turn.pile.layoff_refusal`, :func:`~canasta._engine.turn.pile.
mixed_refusal`) is asked here once, where a take of that kind is found, and then none is
listed; nor is a take onto a canasta closed to the top card (:func:`~canasta._engine.turn.
pile.closed_canasta`). Each rule is stated there, where :func:`~canasta._engine.turn.pile.
taking` asks it.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta._engine.naming import naming
from canasta._engine.state import Deal
from canasta._engine.steps import sequence_cost
from canasta._engine.turn.pile import closed_canasta, layoff_refusal, mixed_refusal
from canasta._model.cards import (
    ALL_FACES,
    NATURAL_RANKS,
    RANK_FACES,
    SUITS,
    Card,
    Rank,
    natural_face,
)
from canasta._model.deck import Cards
from canasta._model.melds import MeldKind
from canasta._model.moves import TakePile

__all__ = ["layoff_candidates", "take_candidates"]

# Read once, as in movegen: an enum class's attribute read is slow in Python 3.11.
_RANK, _SEQUENCE, _WILD = MeldKind.RANK, MeldKind.SEQUENCE, MeldKind.WILD
_WILD_RANKS = (Rank.TWO, Rank.JOKER)

#: Each group: variants of one take, best first.
Candidates = list[Sequence[TakePile]]


def take_candidates(deal: Deal) -> Candidates:
    """Every way to take the pile worth checking, grouped by choice of cards by count."""
    top = deal.top_card
    if top is None:
        return []
    if top.is_wild:
        return _wild_top(deal, top)
    if not top.is_natural:
        return []  # a three: it joins no meld, and no pair takes it
    groups: Candidates = [[take] for take in layoff_candidates(deal)]
    rules, hand = deal.rules, deal.hand
    # The natural pairs and the mixed takes show a natural of the top card's rank: where the
    # hand holds none (most draw positions), there are none to make.
    same = _held_faces(hand, top.rank)
    if same:
        groups += _pairs(hand, same, rules.sequences_allowed)
    if rules.take_with_suited_pair:
        groups += [[take] for take in _suited(hand, top)]
    if same and rules.take_with_natural_and_wild:
        mixed = _natural_and_wild(hand, same, rules.sequences_allowed)
        if mixed and mixed_refusal(deal, top) is None:
            groups += mixed
    return groups


def layoff_candidates(deal: Deal) -> list[TakePile]:
    """The takes that add the top card alone to one of the side's melds it could join: its
    rank's, or a sequence of its suit that it extends (M4, CL-PILE-3 (c)). Where melds are
    named by rank, the one take ``take``. None where the rules refuse every such take
    (:func:`~canasta._engine.turn.pile.layoff_refusal`: a frozen pile, ...)."""
    top = deal.top_card
    assert top is not None
    found = _layoffs(deal, top)
    if found and layoff_refusal(deal, top) is not None:
        return []
    return found


def _layoffs(deal: Deal, top: Card) -> list[TakePile]:
    """:func:`layoff_candidates` before asking whether any is refused: the melds the top
    card fits, but a canasta closed to it (HW-PILE-5)."""
    rules, melds = deal.rules, deal.melds[deal.side]
    if not naming(rules).by_position:
        rank = top.rank
        fits = any(m.rank is rank and not closed_canasta(rules, m) for m in melds)
        return [_ONTO_THE_RANKS_MELD] if fits else []
    found = []
    wild, rank, suit = top.is_wild, top.rank, top.suit
    for index, meld in enumerate(melds):
        kind = meld.kind
        if wild:
            fits = kind is _WILD
        elif kind is _RANK:
            fits = meld.rank is rank
        elif kind is _SEQUENCE and meld.suit is suit:
            fits = rank.order in (meld.rank.order - 1, meld.high.order + 1)
        else:
            fits = False
        if fits and not closed_canasta(rules, meld):
            found.append(TakePile(meld=index))
    return found


#: The take that adds the top card to the side's meld of its rank, where melds are named so.
_ONTO_THE_RANKS_MELD = TakePile()


def _wild_top(deal: Deal, top: Card) -> Candidates:
    """A wild top card: laid off onto a meld of wild cards, or taken with a pair of its kind
    (M3)."""
    groups: Candidates = [[take] for take in layoff_candidates(deal)]
    pair = _held_faces(deal.hand, top.rank)
    if pair and deal.hand.count(pair[0]) >= 2:
        groups.append([TakePile(Cards.of([pair[0], pair[0]]))])
    elif len(pair) >= 2:
        groups.append([TakePile(Cards.of(pair[:2]))])
    return groups


def _held_faces(hand: Cards, rank: Rank) -> list[Card]:
    """The faces of ``rank`` the hand holds, in display order."""
    counts = hand.counts
    return [ALL_FACES[face] for face in RANK_FACES[rank] if counts[face]]


def _pairs(hand: Cards, same: list[Card], sequences: bool) -> Candidates:
    """Two naturals of the top card's rank (M1, CL-PILE-3 (a)), from ``same``, the faces of
    it held in ``hand``; their suits told apart where ``sequences`` are played."""
    pairs = (
        (one, other)
        for i, one in enumerate(same)
        for other in same[i:]
        if one is not other or hand.count(one) >= 2
    )
    if not sequences:  # suits cannot matter: the first pair stands for all
        first = next(pairs, None)
        return [] if first is None else [[TakePile(Cards.of(first))]]
    takes = [TakePile(Cards.of(pair)) for pair in pairs]
    if not takes:
        return []
    return [sorted(takes, key=lambda take: sequence_cost(take.cards, hand))]


def _suited(hand: Cards, top: Card) -> list[TakePile]:
    """Two cards of ``hand`` of the top card's suit that make three in a row with it (M2):
    the two ranks below it, one on each side, or the two above it. Each of the four
    neighbours is looked up once."""
    assert top.suit is not None
    position = NATURAL_RANKS.index(top.rank)
    suit = SUITS.index(top.suit)
    counts = hand.counts
    held: dict[int, Card] = {}
    for offset in _NEIGHBOURS:
        rank = position + offset
        if 0 <= rank < len(NATURAL_RANKS) and counts[natural_face(rank, suit)]:
            held[offset] = ALL_FACES[natural_face(rank, suit)]
    return [
        TakePile(Cards.of([held[low], held[high]]))
        for low, high in _ROWS
        if low in held and high in held
    ]


#: The ranks next to the top card's (as offsets of its position), and the pairs of them that
#: make three in a row with it, lowest first.
_NEIGHBOURS = (-2, -1, 1, 2)
_ROWS = ((-2, -1), (-1, 1), (1, 2))


def _natural_and_wild(hand: Cards, same: list[Card], sequences: bool) -> Candidates:
    """One natural of the top card's rank (of ``same``, the faces of it held) and one wild
    card (MX, CL-PILE-3 (b)): a two, or a joker; the natural's suit the cheapest for
    sequences first."""
    if not same:
        return []
    if sequences:
        same = sorted(same, key=lambda face: sequence_cost(Cards.of([face]), hand))
    else:
        same = same[:1]
    groups: Candidates = []
    for wild_rank in _WILD_RANKS:
        wilds = _held_faces(hand, wild_rank)
        if wilds:
            groups.append([TakePile(Cards.of([natural, wilds[0]])) for natural in same])
    return groups
