"""Where the going-out search may count a merge that comes too late (CL-OUT-2, HW-MRG-1).

Going out is judged when the hand becomes empty (CL-OUT-2): a merge that makes a canasta
going out needs must come before the last card leaves the hand, as the reference solver
(:mod:`~canasta._engine.search.reference`) plays it. The search
(:mod:`~canasta._engine.search.going_out`) makes every merge once every card is placed. That
is the same where a card is discarded (the merges come before it), and where every card is
melded but one step can come last: a step whose cards no merge needs made first. Merges of
melds of one rank or of wild cards never need a card placed first, but to fill their parts'
room for wild cards (a merged canasta closed to them, CL-CAN-4); two sequences of a suit
need the cards that make them meet, naturals or wild cards between them (HW-MRG-1). So
where the hand holds a black three (its meld may come last), a natural card that lies
between no two sequences of its suit that may merge, or a wild card where none is needed
before a merge, a step of it may come last (a new meld whole, an addition of the card at a
sequence's end or to a meld, the merged one too, whose room the search counts after the
merge), and the search's answer is the rules' answer; elsewhere
:func:`merge_may_come_late` says the search's "yes" may not be.
"""

from __future__ import annotations

from canasta._engine.search.layout import Layout, encoded
from canasta._engine.tables import UNBOUNDED, Tables, tables
from canasta._model.cards import BLACK_THREES, NATURAL_FACES, SUITS, WILD_FACES
from canasta._model.deck import Cards
from canasta._model.melds import Meld
from canasta._rules.ruleset import RuleSet

__all__ = ["merge_may_come_late"]

_PER_RANK = len(SUITS)
_BLACK_THREE_FACES = tuple(face.index for face in BLACK_THREES)


def merge_may_come_late(hand: Cards, melds: tuple[Meld, ...], rules: RuleSet) -> bool:
    """Whether a going out of ``hand`` onto the side's ``melds`` that the going-out search
    finds may need a merge after the last card is melded (see the module): some of the melds
    may merge, the hand holds no black three, each of its natural cards lies between two
    sequences of its suit that may merge, and it holds no wild card or one may be needed
    before a merge (:func:`_wild_cards_needed`)."""
    if not rules.merging_allowed:
        return False
    t = tables(rules)
    layout, _ = encoded(melds, t)
    if not any(part.merges for part in layout.parts()):
        return False
    counts = hand.counts
    if any(counts[face] for face in _BLACK_THREE_FACES):
        return False
    lowest_high = [len(NATURAL_FACES)] * _PER_RANK  # by suit, of the runs that may merge
    highest_low = [-1] * _PER_RANK
    for run in layout.runs:
        if run.merges:
            lowest_high[run.suit] = min(lowest_high[run.suit], run.high)
            highest_low[run.suit] = max(highest_low[run.suit], run.low)
    for face in NATURAL_FACES:
        position, suit = divmod(face, _PER_RANK)
        if counts[face] and not lowest_high[suit] < position < highest_low[suit]:
            return False
    gaps = any(high + 1 < low for high, low in zip(lowest_high, highest_low, strict=True))
    return not any(counts[face] for face in WILD_FACES) or _wild_cards_needed(layout, gaps, t)


def _wild_cards_needed(layout: Layout, gaps: bool, t: Tables) -> bool:
    """Whether a merge may need a wild card placed before it: where sequences take wild
    cards and two that may merge have ranks between them (``gaps``: a wild card makes them
    meet), or where a canasta is closed to wild cards (CL-CAN-4) and melds of a rank may
    merge (a wild card goes into a part before the merge makes the canasta)."""
    if gaps and t.sequence_wilds > 0:
        return True
    return t.closed_at < UNBOUNDED and any(group.merges for group in layout.ranks)
