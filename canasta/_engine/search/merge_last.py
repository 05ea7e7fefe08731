"""A going out's last step and the merges it makes (CL-OUT-2, HW-MRG-1, BO-OUT-1).

Going out is judged when the hand becomes empty (CL-OUT-2): the canastas it needs, the
escalera too where it needs one (BO-OUT-1), must be on the table then, so a merge
(HW-MRG-1) that makes one must come before the last card leaves the hand, as the
reference solver (:mod:`~canasta._engine.search.reference`) plays it. The going-out
search (:mod:`~canasta._engine.search.sweep`) makes every merge once every card is placed.
So a going out it finds is one the rules allow where it ends with a discard (every merge
before it), or melds every card with a *last step* that no merge it makes waits for. In the
melds the search ends with, such a step exists where a card of the hand is *free*:

* a natural card in a meld of one rank: added last with the hand's other cards of that
  meld, to the meld as it was on the table, or laid last with its new meld. Where the
  meld is a merge of melds of the table, the merge is made first: it needs no card of the
  hand, as wild cards within each part's limit are within the merged meld's (CL-MELD-3,
  HW-MRG-2: every ratio allows at least as many wild cards to a sum of natural cards as
  to its parts together). But where the parts' cards of the table make a canasta closed
  to wild cards (CL-CAN-4), the wild cards of the hand it takes go into its parts before
  the merge, and a natural card added after the merge is free only where they fit the
  parts' room without that card: where the wild cards a meld may hold depend on its
  natural cards, a part may need it first (``layout._closed_merge``; ``RankGroup.table``
  tells the hand's natural cards from the table's);
* a card of a sequence outside the ranks its parts held on the table (``Run.table_low``,
  ``Run.table_high``; all of a sequence laid in the turn, laid last whole): the outermost
  such card, a natural, added last (the wild card it may leave at the end is allowed,
  HW-MELD-3); the merges joined only the ranks between;
* a wild card the search spreads once the sequences it bridges are joined
  (``layout.bridged``): added last to a meld with room after the merges, or laid last
  with its new meld of wild cards. Where the parts of a merged meld of one rank make a
  canasta closed to wild cards (CL-CAN-4), its room is theirs before the merge, and a
  wild card spread there is not free: so a summary keeps the room after the
  merges apart (``Summary.late``, the melds' ``early`` flag of
  :data:`~canasta._engine.search.layout.Finished`), and the spread wild cards give a last
  step where they go out with all but one of them at most in the room before the merges.

Every other card of the hand is needed before a merge: a card of a sequence between the
ranks of two sequences of the table a merge joined, or a wild card bridging them. So the
search carries whether a free card is placed (``Summary.last``: a meld of one rank or a
sequence summed up with such a card, :data:`~canasta._engine.search.layout.Finished`, or
a discard), and at its leaf a going out that melds every card needs one, in the merges it
chooses or among the wild cards it spreads.

That matters only where no card is surely free: where the hand holds no black three (its
meld may come last), each of its natural cards lies between two sequences of its suit
that may merge or, where the free natural cards of one rank above may not be, is of a rank
whose melds may merge, and it holds no wild card or one may be needed before a merge
(:func:`merge_may_come_late`). There the search starts with no last step found; elsewhere,
as if found.
"""

from __future__ import annotations

from canasta._engine.search.layout import Layout
from canasta._engine.tables import UNBOUNDED, Tables
from canasta._model.cards import BLACK_THREES, NATURAL_FACES, SUITS, WILD_FACES

__all__ = ["merge_may_come_late"]

_PER_RANK = len(SUITS)
_BLACK_THREE_FACES = tuple(face.index for face in BLACK_THREES)


def merge_may_come_late(counts: bytes, layout: Layout, t: Tables) -> bool:
    """Whether a going out of the hand of ``counts`` onto the side's melds ``layout`` that
    melds every card may need a merge after its last step (see the module): some of the
    melds may merge, the hand holds no black three, each of its natural cards lies between
    two sequences of its suit that may merge, or is of a rank whose melds may merge where
    a natural card may be needed before such a merge (:func:`_naturals_may_wait`), and it
    holds no wild card or one may be needed before a merge (:func:`_wild_cards_needed`)."""
    if not t.rules.merging_allowed or not any(part.merges for part in layout.parts()):
        return False
    if any(counts[face] for face in _BLACK_THREE_FACES):
        return False
    lowest_high = [len(NATURAL_FACES)] * _PER_RANK  # by suit, of the runs that may merge
    highest_low = [-1] * _PER_RANK
    for run in layout.runs:
        if run.merges:
            lowest_high[run.suit] = min(lowest_high[run.suit], run.high)
            highest_low[run.suit] = max(highest_low[run.suit], run.low)
    waiting = _naturals_may_wait(t)
    ranks = {group.position for group in layout.ranks if group.merges and waiting}
    for face in NATURAL_FACES:
        position, suit = divmod(face, _PER_RANK)
        between = lowest_high[suit] < position < highest_low[suit]
        if counts[face] and not between and position not in ranks:
            return False
    gaps = any(high + 1 < low for high, low in zip(lowest_high, highest_low, strict=True))
    return not _wild_cards_held(counts) or _wild_cards_needed(layout, gaps, t)


def _naturals_may_wait(t: Tables) -> bool:
    """Whether a natural card of the hand in a merged meld of one rank may have to come
    before its merge (see the module): where canastas are closed to wild cards (CL-CAN-4)
    and the wild cards a meld of one rank may hold depend on its natural cards
    (CL-MELD-3)."""
    return t.closed_at < UNBOUNDED and len(set(t.max_wilds[t.min_naturals :])) > 1


def _wild_cards_held(counts: bytes) -> bool:
    return any(counts[face] for face in WILD_FACES)


def _wild_cards_needed(layout: Layout, gaps: bool, t: Tables) -> bool:
    """Whether a merge may need a wild card placed before it: where sequences take wild
    cards and two that may merge have ranks between them (``gaps``: a wild card makes them
    meet), or where a canasta is closed to wild cards (CL-CAN-4) and melds of a rank may
    merge (a wild card goes into a part before the merge makes the canasta)."""
    if gaps and t.sequence_wilds > 0:
        return True
    return t.closed_at < UNBOUNDED and any(group.merges for group in layout.ranks)
