"""The side's melds as the planner sees them: what natural and wild cards each may still take.

The planner (:mod:`canasta._engine.search.planner`) places the hand's natural cards lowest
first, then spreads the wild cards. While it does, a meld is one of three small values: a meld
of one rank (:class:`RankGroup`), a sequence (:class:`Run`) or a meld of wild cards
(:class:`WildGroup`). A :class:`Layout` holds them, each kind sorted, so that two orders of
the same melds are one position of the search. Once no natural card can join a meld, only
its size and the wild cards it may still take matter (:data:`Finished`), merges included
(:func:`merges`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import NamedTuple, TypeVar

from canasta._cache import remembered
from canasta._engine.meld_rules import family
from canasta._engine.tables import TOP, UNBOUNDED, Tables, tables
from canasta._model.cards import SUITS
from canasta._model.melds import Meld, MeldKind, natural_position
from canasta._rules.ruleset import RuleSet

# Read once, as in movegen: an enum class's attribute read is slow in Python 3.11.
_RANK_MELD, _SEQUENCE_MELD, _WILD_MELD = MeldKind.RANK, MeldKind.SEQUENCE, MeldKind.WILD

__all__ = [
    "Finished",
    "Layout",
    "Merges",
    "RankGroup",
    "Run",
    "WildGroup",
    "bridged",
    "encoded",
    "finished",
    "merges",
    "shape",
    "wild_meld_canastas",
    "with_table_ranks",
]


class RankGroup(NamedTuple):
    """A meld of one rank: its rank's position, its natural and wild cards, and whether it
    is a canasta closed to wild cards (CL-CAN-4). ``merges``: it was on the table before the
    turn, beside another of its rank it may merge with (see :func:`merges`). ``table``: the
    natural cards it held on the table (none for a meld laid in the search): those above
    are the hand's, one of which may be melded last (:func:`finished`, ``merge_last``)."""

    position: int
    naturals: int
    wilds: int
    closed: bool
    merges: bool = False
    table: int = 0


class Run(NamedTuple):
    """A sequence: its suit, its lowest and highest positions and its wild cards;
    ``merges`` as for :class:`RankGroup`; the lowest and highest positions of its cards
    that were on the table before the turn (of a merged sequence, from its lower part's
    to its higher part's: the ranks a merge joined lie between), ``table_low`` above
    ``table_high`` for a sequence laid in the turn (:func:`finished`: a card of the hand
    outside them may be melded last). Set only where the search asks for a last step
    (:func:`with_table_ranks`): elsewhere every sequence is as if laid in the turn, so
    that the search's positions are as many as without them."""

    suit: int
    low: int
    high: int
    wilds: int
    merges: bool = False
    table_low: int = TOP + 1
    table_high: int = -1

    def extended(self, low: int, high: int, wilds: int) -> Run:
        """The sequence grown to the positions ``low`` to ``high`` with ``wilds`` wild
        cards (made whole: ``_replace`` costs some three times as much, and placing the
        naturals grows sequences at most positions of the search)."""
        return Run(self.suit, low, high, wilds, self.merges, self.table_low, self.table_high)

    def upside_down(self) -> Run:
        """The sequence with the ranks' order turned upside down (``going_out``)."""
        low, high, table_low, table_high = self.low, self.high, self.table_low, self.table_high
        return Run(
            self.suit,
            TOP - high,
            TOP - low,
            self.wilds,
            self.merges,
            TOP - table_high,
            TOP - table_low,
        )


class WildGroup(NamedTuple):
    """A meld of wild cards: its size (it takes wild cards up to the longest, BO-MELD-4);
    ``merges`` as for :class:`RankGroup`."""

    size: int
    merges: bool = False


#: A meld no natural card still to place can join, as the wild cards see it: its size, the
#: wild cards it may still take, whether it is a natural sequence (BO-OUT-1), and whether
#: a card of the hand in it may be melded after every merge (``merge_last``): a
#: sequence's outside the ranks its parts held on the table, a natural of a meld of one
#: rank (of a merged one, see :func:`_closed_merge`); and whether the wild cards it may
#: take go only into its parts before their merge (a merged canasta closed to wild cards,
#: CL-CAN-4: see :func:`_joined`).
Finished = tuple[int, int, bool, bool, bool]
#: A meld that may merge with another of its family.
Part = RankGroup | Run | WildGroup
G = TypeVar("G", "RankGroup", "Run")


class Layout(NamedTuple):
    """A side's melds in the search, each kind sorted."""

    ranks: tuple[RankGroup, ...] = ()
    runs: tuple[Run, ...] = ()
    wilds: tuple[WildGroup, ...] = ()

    def parts(self) -> list[Part]:
        """Every meld of the layout, a new list: those of one rank, the sequences, the melds
        of wild cards."""
        return [*self.ranks, *self.runs, *self.wilds]

    def with_rank(self, old: RankGroup | None, new: RankGroup) -> Layout:
        """The layout with the rank meld ``old`` replaced by ``new`` (or ``new`` added)."""
        return Layout(_swapped(self.ranks, old, new), self.runs, self.wilds)

    def with_run(self, old: Run | None, new: Run) -> Layout:
        """The layout with the sequence ``old`` replaced by ``new`` (or ``new`` added)."""
        return Layout(self.ranks, _swapped(self.runs, old, new), self.wilds)


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
    families = [None if rules.is_canasta(meld) else family(meld) for meld in melds]
    ranks: list[RankGroup] = []
    runs: list[Run] = []
    wilds: list[WildGroup] = []
    black = False
    for meld, kin in zip(melds, families, strict=True):
        merges = rules.merging_allowed and kin is not None and families.count(kin) > 1
        if meld.kind is _RANK_MELD:
            closed = rules.is_canasta(meld) and t.closed_at < UNBOUNDED  # CL-CAN-4
            position = natural_position(meld.rank)
            naturals = meld.naturals
            ranks.append(RankGroup(position, naturals, meld.wilds, closed, merges, naturals))
        elif meld.kind is _SEQUENCE_MELD:
            assert meld.suit is not None
            low = natural_position(meld.low)
            suit = SUITS.index(meld.suit)
            runs.append(Run(suit, low, low + meld.size - 1, meld.wilds, merges))
        elif meld.kind is _WILD_MELD:
            wilds.append(WildGroup(meld.size, merges and rules.merge_wild_melds))
        else:
            black = True
    return Layout(tuple(sorted(ranks)), tuple(sorted(runs)), tuple(sorted(wilds))), black


def with_table_ranks(layout: Layout) -> Layout:
    """The side's melds on the table (:func:`encoded`), each sequence with its ranks as
    those it held on the table (:class:`Run`)."""
    runs = tuple(run._replace(table_low=run.low, table_high=run.high) for run in layout.runs)
    return layout._replace(runs=runs)


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


def shape(layout: Layout, t: Tables) -> Shape | None:
    """The :class:`Shape` of a layout, or ``None`` if a meld can never be made valid."""
    done = need_total = room_total = 0
    open_melds: list[tuple[int, int]] = []
    for meld in layout.parts():
        size, room, _, _, _ = finished(meld, t)
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


def finished(meld: Part, t: Tables) -> Finished:
    """A meld as the wild cards see it (:data:`Finished`)."""
    if isinstance(meld, RankGroup):  # the hand's cards in it melded last, all at once
        last = meld.naturals > meld.table
        return meld.naturals + meld.wilds, rank_room(meld, t), False, last, False
    if isinstance(meld, Run):
        size = meld.high - meld.low + 1
        last = meld.low < meld.table_low or meld.high > meld.table_high
        return size, run_room(meld, t), meld.wilds == 0, last, False
    return meld.size, t.longest_wild_meld - meld.size, False, False, False


class Merges(NamedTuple):
    """A layout's melds as the wild cards see them once every natural card is placed, merges
    included (HW-MRG-1): the melds no merge touches (``fixed``), and for each family of melds
    that may merge (a rank, a suit, the melds of wild cards), every distinct set of melds
    its merges may leave, the set with no merge among them (``choices``).

    A merge joins melds of one family only, so what one family's merges make does not depend
    on another's: each family's sets are found on their own, melds alike (same kind, size
    and wild cards) tried once, and the search combines the families one after another,
    keeping only the distinct summaries they give (``Sweep._merged``), never the product of
    every family's sets."""

    fixed: tuple[Finished, ...]
    choices: tuple[tuple[tuple[Finished, ...], ...], ...]


@remembered(1 << 12)
def merges(layout: Layout, t: Tables) -> Merges:
    """The :class:`Merges` of a layout whose natural cards are all placed. Melds marked
    ``merges`` that are not canastas merge two by two where the rules allow (HW-MRG-1,
    HW-MRG-2, HW-MRG-5): melds of one rank, sequences of one suit that meet, melds of wild
    cards; a merged meld that is not yet a canasta may merge again, as the rules let any
    two melds of a family merge. Only melds that are not canastas gain by a merge (two
    canastas make one), so only they are merged. Remembered: the going-out search sums up
    the same melds with different summaries for the wild cards (``sweep._summed_up``), and
    asks of the same last layouts (about half the questions in the positions of
    tests/data/slow26 were asked before; 4096 answers, each a few melds)."""
    fixed: list[Finished] = []
    families: dict[tuple[int, int], list[Part]] = {}
    for part in layout.parts():
        meld = finished(part, t)
        if part.merges and meld[0] < t.canasta_size:
            families.setdefault(_part_family(part), []).append(part)
        else:
            fixed.append(meld)
    choices = []
    for members in families.values():
        if len(members) == 1:
            fixed.append(finished(members[0], t))
        else:
            choices.append(_merged_sets(tuple(sorted(members)), t))
    return Merges(tuple(fixed), tuple(choices))


def bridged(layout: Layout, wilds: int, t: Tables) -> Iterator[tuple[Layout, int]]:
    """The layout as it is, with its ``wilds`` wild cards, and after each way wild cards
    fill the ranks between two sequences of a suit that may merge and are not canastas
    (HW-MRG-1: added to one of them, they make them meet), which then merge: the layout
    with the merged sequence, and the wild cards left."""
    yield layout, wilds
    if not wilds:
        return
    runs = layout.runs
    for index, first in enumerate(runs):
        for second in runs[index + 1 :]:
            low, high = (first, second) if first.low < second.low else (second, first)
            if not (first.suit == second.suit and first.merges and second.merges):
                continue
            gap = high.low - low.high - 1  # the ranks between them, each a wild card
            if not 0 < gap <= wilds or max(_length(low), _length(high)) >= t.canasta_size:
                continue
            run = _joined_run(low, high, low.wilds + high.wilds + gap)
            if run.wilds > t.sequence_wilds or _length(run) > t.longest_sequence:
                continue
            rest = list(runs)
            rest.remove(first)
            rest.remove(second)
            joined = layout._replace(runs=tuple(sorted((*rest, run))))
            yield from bridged(joined, wilds - gap, t)


def _joined_run(low: Run, high: Run, wilds: int) -> Run:
    """The sequence ``low`` and ``high`` (above it) of one suit make joined, with ``wilds``
    wild cards: the ranks between their cards of the table are those the merge joined."""
    table_low = min(low.table_low, high.table_low)
    table_high = max(low.table_high, high.table_high)
    return Run(low.suit, low.low, high.high, wilds, True, table_low, table_high)


def _length(run: Run) -> int:
    return run.high - run.low + 1


def _part_family(part: Part) -> tuple[int, int]:
    """Which melds ``part`` may merge with: a rank, a suit's sequences, the melds of wild
    cards."""
    if isinstance(part, RankGroup):
        return 0, part.position
    if isinstance(part, Run):
        return 1, part.suit
    return 2, 0


@remembered(1 << 12)
def _merged_sets(family: tuple[Part, ...], t: Tables) -> tuple[tuple[Finished, ...], ...]:
    """Every distinct set of melds (each sorted) the merges of ``family``, melds of one
    family sorted, may leave: the first meld as it is, beside the rest's sets, or merged
    with one of the others (melds alike tried once), the merged meld, if not yet a canasta,
    one of the family that may merge again. Remembered: the search meets the same families
    again and again (4096 answers, each of a few sets of a few melds as a rule; melds alike
    make the sets few)."""
    if not family:
        return ((),)
    first, rest = family[0], family[1:]
    alone = finished(first, t)
    found = {tuple(sorted((alone, *others))) for others in _merged_sets(rest, t)}
    for index, second in enumerate(rest):
        if second in rest[:index]:
            continue  # a meld like one tried already makes the same sets
        joined = _joined(first, second, t)
        if joined is None:
            continue
        merged, melds = joined
        left = rest[:index] + rest[index + 1 :]
        if melds[0][0] < t.canasta_size:
            found.update(_merged_sets(tuple(sorted((merged, *left))), t))
        else:
            sets = _merged_sets(left, t)
            found.update(tuple(sorted((meld, *others))) for meld in melds for others in sets)
    return tuple(sorted(found))


def _joined(first: Part, second: Part, t: Tables) -> tuple[Part, tuple[Finished, ...]] | None:
    """The meld two melds of one family make merged, and what it may be to the wild cards
    (one way, or two: :func:`_closed_merge`); or ``None`` where it would break a limit
    (HW-MRG-2) or two sequences do not meet (HW-MRG-1). Natural cards are all placed."""
    if isinstance(first, RankGroup) and isinstance(second, RankGroup):
        naturals, wilds = first.naturals + second.naturals, first.wilds + second.wilds
        if wilds > t.max_wilds[naturals]:
            return None
        table = first.table + second.table
        group = RankGroup(first.position, naturals, wilds, False, True, table)
        meld = finished(group, t)
        if table + wilds < t.closed_at:  # merged first, it takes the hand's cards after
            return group, (meld,)
        return group, _closed_merge(meld, first, second, t)
    if isinstance(first, Run) and isinstance(second, Run):
        low, high = (first, second) if first.low < second.low else (second, first)
        run = _joined_run(low, high, first.wilds + second.wilds)
        length = run.high - run.low + 1
        meet = low.high + 1 == high.low
        if not meet or run.wilds > t.sequence_wilds or length > t.longest_sequence:
            return None
        return run, (finished(run, t),)
    assert isinstance(first, WildGroup)
    assert isinstance(second, WildGroup)
    wild = WildGroup(first.size + second.size, True)
    return (wild, (finished(wild, t),)) if wild.size <= t.longest_wild_meld else None


def _closed_merge(
    meld: Finished, first: RankGroup, second: RankGroup, t: Tables
) -> tuple[Finished, ...]:
    """The merged meld of one rank ``meld`` (:data:`Finished`) of ``first`` and ``second``,
    whose cards of the table make a canasta closed to wild cards (CL-CAN-4): the wild cards
    it takes go into its parts before the merge, so its room is theirs (its ``early``
    field); and a natural card of the hand in it, added after the merge, is a last step
    (``merge_last``) only where they fit its parts' room without that card. So it is one
    meld with that room and a last step, and where that room is less (the wild cards a
    meld may hold depend on its naturals, CL-MELD-3), also one with its parts' whole room
    and none."""
    size, room, _, _, _ = meld
    parts = rank_room(first, t) + rank_room(second, t)
    whole = min(room, parts)
    without = [
        parts - rank_room(part, t) + rank_room(part._replace(naturals=part.naturals - 1), t)
        for part in (first, second)
        if part.naturals > part.table
    ]
    free = min(whole, max(without, default=-1))
    if free < 0:  # no natural card of the hand in it
        return ((size, whole, False, False, True),)
    last = (size, free, False, True, True)
    return (last,) if free == whole else ((size, whole, False, False, True), last)
