"""What the wild cards still need of the melds whose natural cards are all placed, in brief.

Once no natural card still to place can join a meld, all that matters of it for going out
is its size and the wild cards it may still take: whether it is a canasta already, how many
wild cards bring it to the smallest size, and how many more would make it a canasta. The
wild cards are spread last, the melds closest to a canasta completed first, so a
:class:`Summary` of those melds keeps only what that needs to know, with the counts that
cannot change the answer cut off: the canastas beyond those going out needs, the room
beyond the wild cards there are, and all but the smallest shortfalls that could still count.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Summary", "shortfall"]


class Summary(NamedTuple):
    """The melds that take no more natural cards, for spreading the wild cards."""

    #: Canastas made (at most the number going out needs).
    done: int = 0
    #: Wild cards needed to bring melds up to the smallest size.
    need: int = 0
    #: Wild cards the melds may take (at most the wild cards there are).
    room: int = 0
    #: The smallest numbers of cards short of a canasta, among the melds wild cards could
    #: complete, as many as canastas are still missing, smallest first.
    shorts: tuple[int, ...] = ()
    #: A natural sequence canasta is kept free of wild cards (BO-OUT-1).
    escalera: bool = False
    #: A step that may come after every merge is made, or none is needed: a going out that
    #: melds every card needs one where a merge may come too late
    #: (:mod:`~canasta._engine.search.merge_last`).
    last: bool = True
    #: Of :attr:`room`, the wild cards the melds may take after every merge (all but a
    #: merged canasta closed to wild cards, whose parts take them before the merge:
    #: :mod:`~canasta._engine.search.merge_last`), at most the wild cards there are.
    late: int = 0

    def add(
        self,
        size: int,
        room: int,
        early: bool = False,
        /,
        *,
        min_size: int,
        canasta_size: int,
        needed: int,
        wilds: int,
    ) -> Summary | None:
        """The summary with one more meld of ``size`` cards that may take ``room`` wild
        cards (``early``: only before a merge, :attr:`late`), or ``None`` if that meld can
        never be made valid, or the wild cards could never bring every meld to the smallest
        size."""
        need = shortfall(size, room, min_size)
        if need is None or self.need + need > wilds:
            return None
        total_room = min(wilds, self.room + room)
        late = self.late if early else min(wilds, self.late + room)
        if size + need >= canasta_size:
            done = min(needed, self.done + 1)
            return Summary(
                done, self.need + need, total_room, self.shorts, self.escalera, self.last, late
            )
        short = canasta_size - size - need
        shorts = self.shorts
        if short <= room - need:
            shorts = tuple(sorted((*shorts, short)))[: max(0, needed - self.done)]
        # Made whole rather than by ``_replace``, which costs some three times as much: the
        # search sums up melds into summaries at most of its positions.
        return Summary(
            self.done, self.need + need, total_room, shorts, self.escalera, self.last, late
        )

    def no_better_than(self, other: Summary, needed: int) -> bool:
        """Whether ``other`` is at least as good for the wild cards in every respect: the
        escalera kept if this one keeps it, a last step found if this one has found one
        (:attr:`last`), no more wild cards needed, as much room (and after the merges,
        :attr:`late`), and, counting each canasta
        made as a meld short of one by no card, as many melds short of a canasta by no more
        (of the ``needed`` closest). The rest of the search keeps that order (:meth:`add`
        and :meth:`canastas` only gain from each: a canasta made is a meld whose shortfall
        costs no wild card; an escalera kept, or a last step found, is one more choice made
        already, see ``Sweep._summed``), so where going out failed with ``other`` it fails
        with this one."""
        if (
            other.need > self.need
            or other.room < self.room
            or other.late < self.late
            or (self.escalera and not other.escalera)
            or (self.last and not other.last)
        ):
            return False
        mine = self.shortfalls(needed)
        theirs = other.shortfalls(needed)
        return len(theirs) >= len(mine) and all(o <= s for o, s in zip(theirs, mine, strict=False))

    def shortfalls(self, needed: int) -> tuple[int, ...]:
        """The cards short of a canasta of the ``needed`` melds closest to one: 0 for each
        canasta made, then :attr:`shorts`."""
        return ((0,) * self.done + self.shorts)[:needed]

    def canastas(self, wilds: int, black_room: int, new_wild: tuple[int, ...]) -> int:
        """The most canastas once all ``wilds`` are melded (``black_room`` of them may go into
        a meld of black threes, some into new melds of wild cards as ``new_wild`` says), or
        -1 if they cannot all be; the melds short of a canasta completed fewest first."""
        if self.need > wilds:
            return -1
        best = -1
        for laid_new in range(min(wilds - self.need, len(new_wild) - 1) + 1):
            gained = new_wild[laid_new]
            if gained < 0:
                continue
            rest = wilds - laid_new
            placed = min(rest, self.room)
            if rest - placed > black_room or placed < self.need:
                continue
            spare = placed - self.need
            made = 0
            for short in self.shorts:
                if short > spare:
                    break
                spare -= short
                made += 1
            best = max(best, self.done + made + gained)
        return best


def shortfall(size: int, room: int, min_size: int) -> int | None:
    """The wild cards a meld of ``size`` cards that may take ``room`` more needs to reach the
    smallest meld, ``min_size`` cards (CL-MELD-2), or ``None`` where it may not take that
    many (CL-MELD-3): a meld that can never be made valid."""
    need = max(0, min_size - size)
    return None if need > room else need
