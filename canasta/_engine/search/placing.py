"""Placing the lowest natural card of a hand: every way it can go into the side's melds.

The planner melds a hand's natural cards one at a time, lowest first (by face index). The
lowest card either joins a meld of its rank, extends a sequence of its suit (next to its top;
across a one-rank gap with the wild card; or as the lowest card of a block added below it),
starts a meld of its rank with the fewest naturals one needs, or starts a sequence as its
lowest natural card. Every meld a hand can make is reached so, because the order in which
cards join melds does not change the melds made.

Naturals are counts by face (``nat``, the first 44 faces of a hand's counts); where the rules
play no sequences the planner folds each rank's suits into the first (:func:`folded`), so that
choices of suits, which cannot matter, are not tried one by one.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product
from typing import NamedTuple

from canasta._cache import remembered
from canasta._engine.search.layout import Layout, RankGroup, Run
from canasta._engine.sequence_steps import suit_masks
from canasta._engine.steps import rank_totals
from canasta._engine.tables import TOP, Tables
from canasta._model.cards import NATURAL_FACES, SUITS, natural_face

__all__ = ["Tally", "folded", "lowest", "placements", "run_placements", "tally"]

_PER_RANK = len(SUITS)

#: A position of the search: the naturals still to place, the wild cards, the melds.
Placement = tuple[bytes, int, Layout]


def folded(nat: bytes) -> bytes:
    """The naturals with each rank's cards counted in its first suit's face."""
    out = bytearray(len(nat))
    out[::_PER_RANK] = bytes(rank_totals(nat))
    return bytes(out)


def lowest(nat: bytes) -> int:
    """The face index of the lowest natural card held (``len(nat)`` if none is)."""
    return len(nat) - len(nat.lstrip(b"\0"))


class Tally(NamedTuple):
    """What the going-out search asks of the naturals still to place again and again, in
    its bounds and where it sums up the melds no later card can join: counted once
    (:func:`tally`)."""

    #: The cards of each rank, by position (:func:`~canasta._engine.steps.rank_totals`).
    by_rank: tuple[int, ...]
    #: For each suit, the positions held, as bits
    #: (:func:`~canasta._engine.sequence_steps.suit_masks`).
    masks: tuple[int, ...]
    #: The cards of each suit.
    by_suit: tuple[int, ...]


@remembered(1 << 12)
def tally(nat: bytes) -> Tally:
    """The :class:`Tally` of ``nat``. Remembered: each position of the going-out search
    asks it of its naturals in several bounds, and of those each way of placing its lowest
    rank leaves, which the positions below ask again (one question in eight or fewer is new
    in the positions of tests/data/slow26; 4096 answers, under 2 MB)."""
    return Tally(
        tuple(rank_totals(nat)),
        tuple(suit_masks(nat)),
        tuple(sum(nat[suit::_PER_RANK]) for suit in range(_PER_RANK)),
    )


def placements(nat: bytes, wilds: int, layout: Layout, t: Tables) -> Iterator[Placement]:
    """Every way to place the lowest natural card of ``nat`` (which must hold one)."""
    face = lowest(nat)
    position, suit = divmod(face, _PER_RANK)
    rest = bytearray(nat)
    rest[face] -= 1
    after = bytes(rest)
    has_rank = False
    for group in dict.fromkeys(layout.ranks):
        if group.position == position:
            has_rank = True
            joined = group._replace(naturals=group.naturals + 1)
            yield after, wilds, layout.with_rank(group, joined)
    has_run = False
    for run in dict.fromkeys(layout.runs):
        if run.suit == suit:
            has_run = True
            yield from _onto_run(after, wilds, layout, run, position, t)
    if t.several or not has_rank:
        yield from _new_rank(after, wilds, layout, position, t)
    if t.sequences and (t.several or not has_run):
        yield from _new_run(after, wilds, layout, position, suit, t)


def run_placements(nat: bytes, wilds: int, layout: Layout, t: Tables) -> Iterator[Placement]:
    """The ways of :func:`placements` that put the lowest natural card onto a sequence or
    start one with it."""
    if not t.sequences:
        return
    face = lowest(nat)
    position, suit = divmod(face, _PER_RANK)
    rest = bytearray(nat)
    rest[face] -= 1
    after = bytes(rest)
    has_run = False
    for run in dict.fromkeys(layout.runs):
        if run.suit == suit:
            has_run = True
            yield from _onto_run(after, wilds, layout, run, position, t)
    if t.several or not has_run:
        yield from _new_run(after, wilds, layout, position, suit, t)


def _onto_run(
    nat: bytes, wilds: int, layout: Layout, run: Run, position: int, t: Tables
) -> Iterator[Placement]:
    """The natural at ``position`` joins the sequence ``run`` of its suit."""
    length = run.high - run.low + 1
    if run.high + 1 == position and length < t.longest_sequence:
        yield nat, wilds, layout.with_run(run, run.extended(run.low, position, run.wilds))
    elif (
        run.high + 2 == position
        and run.wilds < t.sequence_wilds
        and wilds
        and length + 2 <= t.longest_sequence
    ):
        joined = run.extended(run.low, position, run.wilds + 1)
        yield nat, wilds - 1, layout.with_run(run, joined)
    elif position < run.low and length + run.low - position <= t.longest_sequence:
        yield from _block_below(nat, wilds, layout, run, position, t)


def _block_below(
    nat: bytes, wilds: int, layout: Layout, run: Run, position: int, t: Tables
) -> Iterator[Placement]:
    """The natural at ``position`` leads a block of cards added below the sequence ``run``:
    the naturals between them, a wild card for at most one of the positions between. The
    wild card may stand where a natural is held too (HW-MELD-10): that natural is left for
    a meld of its rank, which may need it, as a search placing the ranks in turn from the
    top meets the block before the natural's rank (a Hollywood hand whose nine of hearts
    went below a sequence of the jack to the king, the ten a wild card, while its three
    tens made a meld)."""
    between = range(position + 1, run.low)
    gaps = [p for p in between if not nat[natural_face(p, run.suit)]]
    room = run.wilds < t.sequence_wilds and wilds > 0
    if len(gaps) > 1 or (gaps and not room):
        return
    fills = [gaps] if gaps else [[], *([p] for p in between if room)]
    for fill in fills:
        rest = bytearray(nat)
        for p in between:
            if p not in fill:
                rest[natural_face(p, run.suit)] -= 1
        joined = run.extended(position, run.high, run.wilds + len(fill))
        yield bytes(rest), wilds - len(fill), layout.with_run(run, joined)


def _new_rank(
    nat: bytes, wilds: int, layout: Layout, position: int, t: Tables
) -> Iterator[Placement]:
    """The natural at ``position`` starts a meld of its rank with the fewest natural cards a
    meld needs (the others join it as they come)."""
    need = t.min_naturals - 1
    first = natural_face(position, 0)
    have = nat[first : first + _PER_RANK]
    if sum(have) < need:
        return
    group = RankGroup(position, t.min_naturals, 0, False)
    for choice in product(*(range(min(n, need) + 1) for n in have)):
        if sum(choice) != need:
            continue
        rest = bytearray(nat)
        for s, n in enumerate(choice):
            rest[first + s] -= n
        yield bytes(rest), wilds, layout.with_rank(None, group)


def _new_run(
    nat: bytes, wilds: int, layout: Layout, position: int, suit: int, t: Tables
) -> Iterator[Placement]:
    """The natural at ``position`` starts a sequence of its suit: the fewest natural cards a
    sequence needs, or one fewer and a wild card inside."""
    n = t.sequence_naturals
    counts = nat[suit::_PER_RANK]  # the suit's naturals, by position
    top = position + n - 1
    span = range(position + 1, top + 1)
    if top <= TOP and n <= t.longest_sequence and all(counts[position + 1 : top + 1]):
        yield _taken(nat, span, suit), wilds, layout.with_run(None, Run(suit, position, top, 0))
    top = position + n
    if not (t.sequence_wilds and wilds and top <= TOP and n + 1 <= t.longest_sequence):
        return
    missing = counts[position + 1 : top + 1].count(0)  # a wild card stands for one at most
    for gap in range(position + 1, top):
        if missing == 0 or (missing == 1 and not counts[gap]):
            held = [p for p in range(position + 1, top + 1) if p != gap]
            run = Run(suit, position, top, 1)
            yield _taken(nat, held, suit), wilds - 1, layout.with_run(None, run)


def _taken(nat: bytes, positions: range | list[int], suit: int) -> bytes:
    rest = bytearray(nat)
    for p in positions:
        rest[natural_face(p, suit)] -= 1
    return bytes(rest)


assert NATURAL_FACES.start == 0  # naturals are the first faces of a hand's counts
