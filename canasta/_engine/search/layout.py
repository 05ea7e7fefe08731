"""The side's melds as the planner sees them: what natural and wild cards each may still take.

The planner (:mod:`canasta._engine.search.planner`) places the hand's natural cards lowest
first, then spreads the wild cards. While it does, a meld is one of four small values: a meld
of one rank (:class:`RankGroup`), a sequence (:class:`Run`), a meld of wild cards
(:class:`WildGroup`), or a meld that no natural card still to place can join, reduced to what
the wild cards still need of it (:class:`Settled`). A :class:`Layout` holds them, each kind
sorted, so that two orders of the same melds are one position of the search.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations
from typing import NamedTuple, TypeVar

from canasta._cache import remembered
from canasta._engine.tables import TOP, UNBOUNDED, Tables, tables
from canasta._model.cards import SUITS
from canasta._model.melds import Meld, MeldKind, natural_position
from canasta._rules.ruleset import RuleSet

__all__ = [
    "Layout",
    "RankGroup",
    "Run",
    "Settled",
    "WildGroup",
    "encoded",
    "merge_options",
    "shape",
    "wild_meld_canastas",
]


class RankGroup(NamedTuple):
    """A meld of one rank: its rank's position, its natural and wild cards, and whether it
    is a canasta closed to wild cards (CL-CAN-4). ``merges``: it was on the table before the
    turn, beside another of its rank it may merge with (see :func:`merge_options`)."""

    position: int
    naturals: int
    wilds: int
    closed: bool
    merges: bool = False


class Run(NamedTuple):
    """A sequence: its suit, its lowest and highest positions and its wild cards;
    ``merges`` as for :class:`RankGroup`."""

    suit: int
    low: int
    high: int
    wilds: int
    merges: bool = False


class WildGroup(NamedTuple):
    """A meld of wild cards: its size (it takes wild cards up to the longest, BO-MELD-4);
    ``merges`` as for :class:`RankGroup`."""

    size: int
    merges: bool = False


class Settled(NamedTuple):
    """A meld no natural card still to place can join, and none it may merge with: its size,
    the wild cards it may still take, and whether it is a natural sequence (BO-OUT-1)."""

    size: int
    room: int
    natural_run: bool


G = TypeVar("G", "RankGroup", "Run")


class Layout(NamedTuple):
    """A side's melds in the search, each kind sorted."""

    ranks: tuple[RankGroup, ...] = ()
    runs: tuple[Run, ...] = ()
    wilds: tuple[WildGroup, ...] = ()
    settled: tuple[Settled, ...] = ()

    @property
    def merging(self) -> bool:
        """Whether two of its melds may merge (see :func:`merge_options`)."""
        return (
            any(group.merges for group in self.ranks)
            or any(run.merges for run in self.runs)
            or any(wild.merges for wild in self.wilds)
        )

    def with_rank(self, old: RankGroup | None, new: RankGroup) -> Layout:
        """The layout with the rank meld ``old`` replaced by ``new`` (or ``new`` added)."""
        return self._replace(ranks=_swapped(self.ranks, old, new))

    def with_run(self, old: Run | None, new: Run) -> Layout:
        """The layout with the sequence ``old`` replaced by ``new`` (or ``new`` added)."""
        return self._replace(runs=_swapped(self.runs, old, new))


def _swapped(items: tuple[G, ...], old: G | None, new: G) -> tuple[G, ...]:
    rest = list(items)
    if old is not None:
        rest.remove(old)
    rest.append(new)
    return tuple(sorted(rest))


def encoded(melds: Iterable[Meld], t: Tables) -> tuple[Layout, bool]:
    """The side's melds as a :class:`Layout`, and whether a meld of black threes is among
    them (nothing joins it, CL-B3-4).

    Where melds may merge (HW-MRG-1), a meld that is not a canasta beside another of its
    family that is not one either is marked ``merges``: only such melds need the search's
    merges, since only two melds short of a canasta can make one more by merging. A meld
    laid in the turn and merged with one of them makes what adding its cards to that one
    makes.
    """
    rules = t.rules
    melds = list(melds)
    families = [None if rules.is_canasta(meld) else _family(meld) for meld in melds]
    ranks: list[RankGroup] = []
    runs: list[Run] = []
    wilds: list[WildGroup] = []
    black = False
    for meld, family in zip(melds, families, strict=True):
        merges = rules.merging_allowed and family is not None and families.count(family) > 1
        if meld.kind is MeldKind.RANK:
            closed = rules.is_canasta(meld) and t.closed_at < UNBOUNDED  # CL-CAN-4
            position = natural_position(meld.rank)
            ranks.append(RankGroup(position, meld.naturals, meld.wilds, closed, merges))
        elif meld.kind is MeldKind.SEQUENCE:
            assert meld.suit is not None
            low = natural_position(meld.low)
            suit = SUITS.index(meld.suit)
            runs.append(Run(suit, low, low + meld.size - 1, meld.wilds, merges))
        elif meld.kind is MeldKind.WILD:
            wilds.append(WildGroup(meld.size, merges and rules.merge_wild_melds))
        else:
            black = True
    return Layout(tuple(sorted(ranks)), tuple(sorted(runs)), tuple(sorted(wilds))), black


def _family(meld: Meld) -> tuple[MeldKind, object] | None:
    return meld.kind, meld.suit if meld.kind is MeldKind.SEQUENCE else meld.rank


def rank_room(group: RankGroup, t: Tables) -> int:
    """The wild cards a meld of one rank may still take (CL-MELD-3, CL-CAN-4)."""
    return 0 if group.closed else max(0, t.max_wilds[group.naturals] - group.wilds)


def run_room(run: Run, t: Tables) -> int:
    """The wild cards a sequence may still take: one, if it has none and room to grow."""
    size = run.high - run.low + 1
    growable = run.low > 0 or run.high < TOP
    return int(run.wilds < t.sequence_wilds and size < t.longest_sequence and growable)


class Shape(NamedTuple):
    """What the wild cards still need of a layout whose natural cards are placed."""

    #: Canastas made already.
    done: int
    #: Wild cards needed to bring melds up to the smallest size.
    need: int
    #: Wild cards the melds may take in all.
    room: int
    #: For each meld that is not a canasta: (extra room beyond its need, cards short).
    open: tuple[tuple[int, int], ...]


def _sizes(layout: Layout, t: Tables) -> Iterator[tuple[int, int]]:
    """Each meld's (size, room for wild cards)."""
    for group in layout.ranks:
        yield group.naturals + group.wilds, rank_room(group, t)
    for run in layout.runs:
        yield run.high - run.low + 1, run_room(run, t)
    for wild in layout.wilds:
        yield wild.size, t.longest_wild_meld - wild.size
    for done in layout.settled:
        yield done.size, done.room


def shape(layout: Layout, t: Tables) -> Shape | None:
    """The :class:`Shape` of a layout, or ``None`` if a meld can never be made valid."""
    done = need_total = room_total = 0
    open_melds: list[tuple[int, int]] = []
    for size, room in _sizes(layout, t):
        need = max(0, t.min_size - size)
        if need > room:
            return None
        need_total += need
        room_total += room
        if size + need >= t.canasta_size:
            done += 1
        else:
            open_melds.append((room - need, t.canasta_size - size - need))
    return Shape(done, need_total, room_total, tuple(open_melds))


@remembered(16)
def wild_meld_canastas(rules: RuleSet) -> tuple[int, ...]:
    """For each number of wild cards (up to 40) laid as new melds of wild cards only
    (HW-MELD-4): the most canastas they make, -1 where they cannot all be laid so."""
    t = tables(rules)
    best = [-1] * 41
    best[0] = 0
    if not t.wild_melds:
        return tuple(best)
    for total in range(1, len(best)):
        for part in range(t.min_size, min(t.longest_wild_meld, total) + 1):
            if best[total - part] >= 0:
                best[total] = max(best[total], best[total - part] + (part >= t.canasta_size))
    return tuple(best)


def merge_options(layout: Layout, t: Tables) -> Iterator[Layout]:
    """The layout, and each layout its melds make by merges the rules allow (HW-MRG-1,
    HW-MRG-2, HW-MRG-5): melds of one rank, sequences of one suit that meet, melds of wild
    cards. Only melds that are not canastas gain by a merge (two canastas make one), so only
    they are merged."""
    yield layout
    if not t.rules.merging_allowed or not layout.merging:
        return
    seen = {layout}
    for merged in _merges(layout, t):
        if merged not in seen:
            seen.add(merged)
            yield merged
            for further in merge_options(merged, t):
                if further not in seen:
                    seen.add(further)
                    yield further


def _merges(layout: Layout, t: Tables) -> Iterator[Layout]:
    """Each layout one merge of two of the melds makes. Natural cards are all placed: the
    merged meld is :class:`Settled`, with the wild cards it may still take, given to its parts
    before the merge where it is a canasta closed to them (CL-CAN-4)."""
    size = t.canasta_size
    ranks = [g for g in layout.ranks if g.merges and g.naturals + g.wilds < size]
    for first, second in combinations(ranks, 2):
        if first.position != second.position:
            continue
        naturals, wilds = first.naturals + second.naturals, first.wilds + second.wilds
        if wilds > t.max_wilds[naturals]:
            continue  # HW-MRG-2: the merged meld would break a limit
        room = t.max_wilds[naturals] - wilds
        if naturals + wilds >= t.closed_at:
            room = min(room, rank_room(first, t) + rank_room(second, t))
        yield _without(
            layout, ranks=(first, second), joined=Settled(naturals + wilds, room, False)
        )
    yield from _run_merges(layout, t)
    if t.rules.merge_wild_melds:
        groups = [w for w in layout.wilds if w.merges and w.size < size]
        for one, two in combinations(groups, 2):
            total = one.size + two.size
            if total <= t.longest_wild_meld:
                settled_wilds = Settled(total, t.longest_wild_meld - total, False)
                yield _without(layout, wilds=(one, two), joined=settled_wilds)


def _run_merges(layout: Layout, t: Tables) -> Iterator[Layout]:
    """Each layout the merge of two sequences of one suit that meet makes (HW-MRG-1)."""
    runs = [r for r in layout.runs if r.merges and r.high - r.low + 1 < t.canasta_size]
    for first, second in combinations(runs, 2):
        low, high = (first, second) if first.low < second.low else (second, first)
        if first.suit != second.suit or low.high + 1 != high.low:
            continue
        joined = Run(first.suit, low.low, high.high, first.wilds + second.wilds)
        length = joined.high - joined.low + 1
        if joined.wilds > t.sequence_wilds or length > t.longest_sequence:
            continue
        yield _without(
            layout,
            runs=(first, second),
            joined=Settled(length, run_room(joined, t), joined.wilds == 0),
        )


def _without(
    layout: Layout,
    *,
    joined: Settled,
    ranks: tuple[RankGroup, ...] = (),
    runs: tuple[Run, ...] = (),
    wilds: tuple[WildGroup, ...] = (),
) -> Layout:
    """The layout less the melds merged, with the merged meld."""
    kept_ranks, kept_runs, kept_wilds = list(layout.ranks), list(layout.runs), list(layout.wilds)
    for group in ranks:
        kept_ranks.remove(group)
    for run in runs:
        kept_runs.remove(run)
    for wild in wilds:
        kept_wilds.remove(wild)
    return Layout(
        tuple(kept_ranks),
        tuple(kept_runs),
        tuple(kept_wilds),
        tuple(sorted([*layout.settled, joined])),
    )
