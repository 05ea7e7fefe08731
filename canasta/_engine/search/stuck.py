"""The naturals no meld can take, at any position of the going-out search: a sound bound
(:func:`placing_fails`) asked at each position of :class:`~canasta._engine.search.sweep.Sweep`
and of each choice of :mod:`~canasta._engine.search.cores`.

A natural card of a rank with no open meld of it goes into a sequence of its suit or a new
meld of its rank. A sequence takes one card of a rank at most (HW-MELD-3), past either end
of it, the ranks between held or wild cards; a new one needs naturals of the suit beside the
card: what the open sequences and new ones cannot take needs a new meld of the rank, and its
wild cards, or is the discard.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta._engine.search.bounds import in_run
from canasta._engine.search.layout import Layout, Run
from canasta._engine.search.placing import tally
from canasta._engine.tables import TOP, UNBOUNDED, Tables
from canasta._model.cards import SUITS, natural_face

__all__ = ["placing_fails"]

_PER_RANK = len(SUITS)


def placing_fails(
    nat: bytes, layout: Layout, wilds: int, needed: int, spare: frozenset[int], t: Tables
) -> bool:
    """Whether the naturals still to place, ``nat``, surely cannot all be melded onto the
    open melds ``layout`` and new ones with ``wilds`` wild cards (``needed`` of them already
    owed to finished melds), but one card of a face in ``spare``, which is discarded.

    The test of :func:`~canasta._engine.search.bounds.stuck_naturals` and
    :func:`~canasta._engine.search.bounds.wilds_short`, made anywhere in the search: a
    natural of a rank with no open meld of it and too few of the rank left for a new one,
    which no sequence can take (:meth:`_Outside.forced`: each open one of its suit that can
    reach it takes one of the rank, new ones as many as its neighbours allow), cannot be
    melded; a rank with
    no open meld of it and a card no sequence can take needs a new meld, and its wild
    cards. Cards are only ever placed onto the layout's melds and melds made of the cards
    still to place, so what none of those can take, nothing takes. Found where a choice
    below the rank made it so, this cuts every way of placing the ranks between.

    A sequence was once counted as taking every card of its suit at a rank, however far:
    one each, where it can reach, refutes some positions sooner (tests/data/slow26: the
    Hollywood for two ``hand_size=60`` hand's search positions 1,082 -> 990, ``=49`` 1,173
    -> 1,114)."""
    counts = tally(nat)
    rank_melds = {group.position for group in layout.ranks}
    sequences = t.sequences and t.min_size <= t.longest_sequence
    masks = counts.masks if sequences else ()
    outside = _Outside(nat, layout.runs, wilds, masks, counts.masks, t)
    stuck = 0
    owed = needed
    spared = 0
    for position, have in enumerate(counts.by_rank):
        new = t.new_meld_wilds[have]
        if not have or not new or position in rank_melds:
            continue
        forced, lone = outside.forced(position)
        if not forced:
            continue
        if new > wilds:
            stuck += forced
            if stuck > 1 or lone not in spare:
                return True
        else:
            owed += new
            if forced == 1 and lone in spare:
                spared = max(spared, new)
    if stuck:
        spared = 0  # the discard is the stuck card
    return owed - spared > wilds


class _Outside:
    """The naturals still to place that no sequence can take, for :func:`placing_fails`."""

    def __init__(
        self,
        nat: bytes,
        runs: Sequence[Run],
        wilds: int,
        masks: Sequence[int],
        held: Sequence[int],
        t: Tables,
    ) -> None:
        self.nat = nat
        #: The open sequences of each suit that has some.
        self.runs: dict[int, list[Run]] = {}
        for run in runs:
            self.runs.setdefault(run.suit, []).append(run)
        #: The suits' masks of the naturals (none where no sequence can be melded).
        self.masks = masks
        #: The suits' masks of the naturals, always.
        self.held = held
        self.wild = min(t.sequence_wilds, wilds)
        self.wilds = wilds
        self.t = t

    def forced(self, position: int) -> tuple[int, int]:
        """The naturals of rank ``position`` that no sequence can take, and the face of the
        last: of a suit, one for each open sequence of it that may take one
        (:func:`_runs_take`), and where a new one may be made (not where there are too few
        of the suit left in a row for one, nor where a suit has one sequence at most and
        it is open), as many as :meth:`new_runs` (one at least)."""
        forced = lone = 0
        t = self.t
        first = natural_face(position, 0)  # the faces of a rank are its suits in a row
        for suit, count in enumerate(self.nat[first : first + _PER_RANK]):
            if not count:
                continue
            runs = self.runs.get(suit)
            new = (
                (t.several or not runs)
                and self.masks
                and in_run(self.masks[suit], position, t.sequence_naturals, t.min_size, self.wild)
            )
            if new and count == 1:
                continue  # a new sequence takes one at least
            if runs:
                count -= _runs_take(runs, position, count, self.held[suit], self.wilds, t)
            if count > 0 and new:
                count -= self.new_runs(position, suit)
            if count > 0:
                forced += count
                lone = first + suit
        return forced, lone

    def new_runs(self, position: int, suit: int) -> int:
        """At most how many new sequences of ``suit`` may take a natural at ``position``:
        each holds another natural (``sequence_naturals``), the nearest a neighbour or
        further with wild cards between (HW-MELD-3, HW-MELD-6), each its own."""
        if self.t.sequence_naturals < 2:
            return UNBOUNDED
        nat = self.nat
        face = natural_face(position, suit)
        near = (nat[face - _PER_RANK] if position else 0) + (
            nat[face + _PER_RANK] if position < TOP else 0
        )
        if not self.wild:
            return near
        far = sum(
            nat[natural_face(p, suit)]
            for d in range(2, self.wild + 2)
            for p in (position - d, position + d)
            if 0 <= p <= TOP
        )
        return near + min(self.wilds, far)


def _runs_take(runs: list[Run], position: int, most: int, held: int, wilds: int, t: Tables) -> int:
    """How many naturals at ``position``, ``most`` at most, the open sequences ``runs`` of
    their suit may take: one each, past either end, the positions between held (the mask
    ``held``) or wild cards within the sequence's room and ``wilds`` (HW-MELD-3: each rank
    once in a sequence, in a row; a wild card's position taken, HW-MELD-10; HW-MELD-6),
    within the longest sequence."""
    takes = 0
    for run in runs:
        if position > run.high:
            start, gap, span = run.high + 1, position - run.high - 1, position - run.low
        elif position < run.low:
            start, gap, span = position + 1, run.low - position - 1, run.high - position
        else:
            continue
        if span >= t.longest_sequence:
            continue
        if gap and gap - ((held >> start) & ((1 << gap) - 1)).bit_count() > min(
            t.sequence_wilds - run.wilds, wilds
        ):
            continue
        takes += 1
        if takes == most:
            break
    return takes
