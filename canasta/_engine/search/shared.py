"""How many canastas may take no wild card of the hand: one natural card of the hand is in
one canasta at most, for :func:`~canasta._engine.search.bounds.canastas_out_of_reach`.

That bound counts each family (a rank's melds, a suit's sequences) on its own, each natural
card of the hand for every family it might join: the sevens of a hand that fill the gaps of
its suits' sequences count for those sequences and for a meld of sevens too. Where the
canastas that take no wild card of the hand come out more than the hand's naturals can
make, the rest cost a wild card each at least. The argument, with the rules it rests on:

- A card is in one meld (CL-TURN-5, HW-MELD-12, SA-MELD-6: cards on the table never move,
  melds are never split; a merge makes one meld of two, HW-MRG-1), so one natural card of
  the hand is in one canasta at most.
- A canasta of one rank (CL-MELD-1, HW-MELD-2) holds ``canasta_size`` cards of its rank's
  naturals and of the wild cards of that rank's melds on the table (a merge joins melds of
  one rank only, HW-MRG-1), the hand's naturals of the rank, and wild cards of the hand:
  one that takes no wild card of the hand holds at least ``canasta_size`` less those table
  cards of the hand's naturals of the rank, and there are at most as many of them as the
  rank's cards, hand and table, make ``canasta_size`` cards.
- A sequence canasta (HW-MELD-3) covers ``canasta_size`` positions in a row or more of its
  suit, one card each: a card of an open sequence it holds whole (melds are never split),
  a natural of the hand, or a wild card. One that takes no wild card of the hand lies
  within a stretch of positions the suit's cards cover, and holds a natural of the hand at
  each position of it no open sequence covers: at least the fewest such positions of any
  ``canasta_size`` positions in a row of that stretch. How many a stretch makes at most:
  :func:`~canasta._engine.search.suits.free_stretches`.

Those canastas, each taking at least so many naturals of the hand and all of them
different cards, are at most as many as the hand's naturals still to place make when the
cheapest are taken first (:func:`natural_canastas`): that count bounds the canastas that
cost no wild card (CL-OUT-1, HW-OUT-1, BO-OUT-1: the canastas going out needs).
"""

from __future__ import annotations

from canasta._engine.search.layout import Layout
from canasta._engine.search.placing import tally
from canasta._engine.search.suits import free_stretches, runs_by_suit
from canasta._engine.tables import Tables
from canasta._model.cards import SUITS

__all__ = ["natural_canastas"]

_PER_RANK = len(SUITS)


def natural_canastas(nat: bytes, layout: Layout, t: Tables) -> int:
    """At most how many canastas of one rank or of a sequence the naturals still to place,
    ``nat``, make with the open melds ``layout`` and no wild card of the hand (see the
    module's docstring): each such canasta takes some naturals of the hand at least, and no
    card is in two of them."""
    size = t.canasta_size
    totals = tally(nat).by_rank
    table = [0] * len(totals)
    for group in layout.ranks:
        table[group.position] += group.naturals + group.wilds
    takes = []  # (the hand's naturals each takes at least, how many at most)
    for position, have in enumerate(totals):
        most = (have + table[position]) // size
        if most:
            takes.append((max(0, size - table[position]), most))
    if t.sequences:
        for suit, runs in enumerate(runs_by_suit(layout.runs)):
            spans = tuple((low, high) for low, high, _ in runs)
            covered = 0
            for low, high in spans:
                covered |= (1 << (high + 1)) - (1 << low)
            for most, start, end in free_stretches(nat[suit::_PER_RANK], spans, size):
                takes.append((_fewest_held(covered, start, end, size), most))
    budget = sum(nat)
    made = 0
    for each, most in sorted(takes):
        count = min(most, budget // each) if each else most
        made += count
        budget -= count * each
    return made


def _fewest_held(covered: int, start: int, end: int, size: int) -> int:
    """The fewest positions that no open sequence covers (not in the bits ``covered``) of
    any ``size`` positions in a row from ``start`` to before ``end``."""
    return min(
        size - (covered >> low & (1 << size) - 1).bit_count()
        for low in range(start, end - size + 1)
    )
