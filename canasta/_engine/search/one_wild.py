"""One wild card, in each of its places: a sound bound for going out with one wild card.

A hand with one wild card puts it in one place, and :func:`one_wild_short` asks
:func:`~canasta._engine.search.forced.forced_short` with no wild card of the hand as each
place leaves it, where it reaches much further than with the wild card free to go
anywhere at once (the wild card's places and why each is as good as a natural card there:
see :func:`one_wild_short`). Asked by the going-out search where the way it tries first
does not answer within its first budget (``going_out._one_wild_short``).
"""

from __future__ import annotations

from canasta._cache import Memo
from canasta._engine.search.forced import fewest, forced_short, trouble
from canasta._engine.search.layout import Layout
from canasta._engine.steps import rank_totals
from canasta._engine.tables import TOP, Tables
from canasta._model.cards import SUITS, natural_face

__all__ = ["one_wild_short"]

_PER_RANK = len(SUITS)


def one_wild_short(nat: bytes, layout: Layout, spare: frozenset[int], t: Tables) -> bool:
    """Whether no plan melds every natural card of ``nat`` and one wild card onto the open
    melds ``layout`` and new melds, but one card of a face in ``spare``, which is discarded:
    by :func:`forced_short` with no wild card, for each place the wild card may take, where
    it reaches much further than with the wild card free to go anywhere at once.

    * Where the meld it joins is as valid without it (an open meld, a meld of one rank with
      natural cards enough, a meld of wild cards or of black threes), the naturals alone
      are melded.
    * Where it stands for a rank in a sequence, or in a new meld of one rank that needs it,
      a natural card of that rank (and the sequence's suit; of any suit in a meld of one
      rank) in its place makes a meld of the same size with a natural card more, as valid
      (CL-MELD-2, HW-MELD-5, HW-MELD-6): the naturals with that card more are melded. A
      card beside the wild card in its sequence is one of the suit's naturals held or the
      end of an open sequence of the suit (:func:`_wild_places`).

    The Hollywood for five hand of tests/data/slow26 with ``min_naturals=2`` (44 cards
    after black threes), whose refused steps leave it one wild card and three places that
    each need it or the discard (the jack of spades, the queens, the sevens), is refuted so
    before any search."""
    if not forced_short(nat, layout, 0, spare, t):
        return False
    involved = trouble(nat, layout, 0, 0, t) or frozenset()
    cleared = _ONE_WILD_CLEARED.find(t)
    for face in sorted(_wild_places(nat, layout, t), key=lambda f: _near(f, involved, cleared)):
        more = bytearray(nat)
        more[face] += 1
        if not forced_short(bytes(more), layout, 0, spare, t):
            _ONE_WILD_CLEARED.put(t, face)
            return False
    return True


def _near(face: int, involved: frozenset[int], cleared: int | None) -> tuple[bool, int]:
    """The order :func:`one_wild_short` tries the wild card's places in: the one that let
    the last hand of the rules be placed first (:data:`_ONE_WILD_CLEARED`), then by how near
    they are to a card the reasoning without it asked a place for (of its rank or its suit),
    where the wild card is likelier to be wanted. Only the order, not the answer, depends
    on it."""
    position, suit = divmod(face, _PER_RANK)
    distance = min(
        (
            0 if other // _PER_RANK == position else abs(other // _PER_RANK - position)
            for other in involved
            if other // _PER_RANK == position or other % _PER_RANK == suit
        ),
        default=TOP + 1,
    )
    return face != cleared, distance


#: The natural card whose addition last let :func:`one_wild_short` place a hand, by the
#: rules' tables. One face a rule set, 64 rule sets.
_ONE_WILD_CLEARED: Memo[Tables, int] = Memo(64)


def _wild_places(nat: bytes, layout: Layout, t: Tables) -> list[int]:
    """The natural faces one wild card may stand for where a meld needs it
    (:func:`one_wild_short`): in a sequence, those beside a natural of their suit held or
    an end of an open sequence of the suit; in a new meld of one rank, one face of each
    rank with the natural cards such a meld needs."""
    ends = {(run.suit, run.low - 1) for run in layout.runs}
    ends |= {(run.suit, run.high + 1) for run in layout.runs}
    places = (
        [
            face
            for face in range(len(nat))
            if (face % _PER_RANK, face // _PER_RANK) in ends
            or (face >= _PER_RANK and nat[face - _PER_RANK])
            or (face + _PER_RANK < len(nat) and nat[face + _PER_RANK])
        ]
        if t.sequence_wilds
        else []
    )
    least = fewest(1, t)
    if least < fewest(0, t):
        ranks = {face // _PER_RANK for face in places}
        places += [
            natural_face(position, 0)
            for position, total in enumerate(rank_totals(nat))
            if total >= least and position not in ranks
        ]
    return places
