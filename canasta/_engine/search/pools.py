"""A rank's pool shared among the side's melds of the rank and new ones, by count
(:class:`~canasta._engine.search.sweep.Sweep` places each rank's naturals onto sequences
first, and what is left of the rank, its *pool*, goes here): every way, each with the wild
cards its melds need to reach the smallest size, so that the search skips the ways it has
too few wild cards for.
"""

from __future__ import annotations

from collections.abc import Iterator

from canasta._cache import remembered
from canasta._engine.search.layout import RankGroup, finished
from canasta._engine.search.summary import shortfall
from canasta._engine.tables import UNBOUNDED, Tables

__all__ = ["pool_shared", "sharable"]


@remembered(1 << 12)
def sharable(position: int, most: int, t: Tables) -> tuple[bool, ...] | None:
    """For each count of a pool of rank ``position`` up to ``most``, whether it can make
    new melds of the rank where the side has none (:func:`pool_shared` has a way);
    ``None`` where every one can, so that nothing need be asked. Remembered: each position
    of the search asks it of a rank and its cards, the same few again and again."""
    sharable = tuple(bool(pool_shared((), position, pool, t)) for pool in range(most + 1))
    return None if all(sharable) else sharable


@remembered(1 << 12)
def pool_shared(
    ranks: tuple[RankGroup, ...], position: int, pool: int, t: Tables
) -> tuple[tuple[tuple[RankGroup, ...], int], ...]:
    """The side's melds of one rank, ``ranks``, after the ``pool`` of naturals of rank
    ``position`` is shared among its melds of that rank and new ones, each new one with the
    fewest naturals a meld needs at least (CL-MELD-2): every way, by count, each with the
    wild cards its melds of the rank need to reach the smallest size (:func:`_short`), so
    that the search skips those it has too few wild cards for (where ``min_naturals`` is
    below the smallest size, most ways of splitting a rank into small melds: a Samba hand
    of tests/data/slow26 that must go out with one wild card split its ranks some 19,000
    ways that way, each summed up into nothing). The ways with the fewest melds of the rank
    come first, the pool joining the melds laid before new ones are made: the search tries
    them in this order, and a plan most often grows the melds it has (the Bolivia for three
    hand of 50 cards of tests/data/slow26 with ``draw_count=1``, whose searches first tried
    a new meld of two fours beside the open one and its wild card, visited 1,956 positions
    -> 1,094, Bolivia for three with 28 cards 514 -> 356, Hollywood for five with
    ``min_naturals=2`` 1,901 -> 1,716; the Samba for five hand of 40 cards 919 -> 983; the
    order changes no answer). Remembered: the
    ways of placing a rank onto sequences leave the same pools to share among the same
    melds, and the positions of a search hold the same few melds of the ranks not yet
    reached (over four in five of the questions were asked before in the positions of
    tests/data/slow26; 4096 answers, each a few layouts' melds of one rank)."""
    if not pool:
        return ((ranks, 0),)
    laid = [group for group in ranks if group.position == position]
    others = tuple(group for group in ranks if group.position != position)
    ways = sorted(_shares(laid, pool, position, t), key=len)  # the fewest melds first
    return tuple((tuple(sorted((*others, *grown))), _short(grown, t)) for grown in ways)


def _short(melds: tuple[RankGroup, ...], t: Tables) -> int:
    """The wild cards the melds of one rank need to reach the smallest size (CL-MELD-2),
    or more than any hand holds where one of them may not hold those it needs (CL-MELD-3):
    as :meth:`Summary.add` counts them (:func:`shortfall`, of the melds as the wild cards
    see them, :func:`finished`), which refuses the melds where there are fewer wild cards
    (beside those the melds summed up before need) once their rank is placed."""
    need = 0
    for group in melds:
        size, room, _, _, _ = finished(group, t)
        short = shortfall(size, room, t.min_size)
        if short is None:
            return UNBOUNDED
        need += short
    return need


def _shares(
    laid: list[RankGroup], pool: int, position: int, t: Tables
) -> Iterator[tuple[RankGroup, ...]]:
    """The melds of one rank after ``pool`` naturals of it join the side's melds ``laid`` of
    it and new ones: where a side holds one meld of a rank, all go to it (or to one new
    meld); otherwise every sharing by count, each new meld with ``t.min_naturals`` at least."""
    if not t.several:
        if laid:
            (group,) = laid
            yield (group._replace(naturals=group.naturals + pool),)
        elif pool >= t.min_naturals:
            yield (RankGroup(position, pool, 0, False),)
        return
    seen: set[tuple[RankGroup, ...]] = set()
    for grown, left in _spread(tuple(laid), pool):
        for parts in _parts(left, t.min_naturals, left):
            new = tuple(RankGroup(position, n, 0, False) for n in parts)
            result = tuple(sorted((*grown, *new)))
            if result not in seen:
                seen.add(result)
                yield result


def _spread(laid: tuple[RankGroup, ...], pool: int) -> Iterator[tuple[tuple[RankGroup, ...], int]]:
    """Each way some of ``pool`` naturals join the melds ``laid``: the melds grown and the
    naturals left."""
    if not laid:
        yield (), pool
        return
    first, rest = laid[0], laid[1:]
    for taken in range(pool + 1):
        grown = first._replace(naturals=first.naturals + taken)
        for others, left in _spread(rest, pool - taken):
            yield (grown, *others), left


def _parts(total: int, smallest: int, largest: int) -> Iterator[tuple[int, ...]]:
    """The ways to split ``total`` into parts of at least ``smallest``, largest first."""
    if total == 0:
        yield ()
        return
    for part in range(min(total, largest), smallest - 1, -1):
        for rest in _parts(total - part, smallest, part):
            yield (part, *rest)
