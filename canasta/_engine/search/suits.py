"""The canastas sequences of a suit may make, for the bounds of the going-out search
(:func:`~canasta._engine.search.bounds.canastas_out_of_reach`): the runs of positions a
suit's cards cover, and how many canastas they may make without another wild card.
"""

from __future__ import annotations

from collections.abc import Iterator

from canasta._cache import remembered
from canasta._engine.search.layout import Layout
from canasta._engine.search.placing import tally
from canasta._engine.tables import TOP, Tables
from canasta._model.cards import SUITS

__all__ = ["longest_run", "suit_costs"]

_PER_RANK = len(SUITS)


@remembered(1 << 14)
def longest_run(mask: int, through: int | None, fill: int) -> int:
    """The longest run of covered positions (the bits of ``mask``; through position
    ``through`` if given), with up to ``fill`` single uncovered positions filled (by a wild
    card), capped at the ends of an extra wild card's reach."""
    covered = [bool(mask >> p & 1) for p in range(TOP + 1)]
    best = 0
    for start in range(len(covered)):
        gaps = 0
        for p in range(start, len(covered)):
            if not covered[p]:
                if gaps >= fill:
                    break
                gaps += 1
            if through is None or start <= through <= p:
                best = max(best, p - start + 1)
    return min(len(covered), best + fill) if best else 0


def suit_costs(
    nat: bytes, wilds: int, layout: Layout, missing: int, t: Tables
) -> Iterator[tuple[int, ...]]:
    """For each suit, the least wild cards each further sequence canasta of it costs: none
    for as many as its cards may make without another wild card (:func:`free_canastas`),
    one for each other (a lower bound)."""
    size = t.canasta_size
    fill = t.sequence_wilds if wilds else 0
    counts = tally(nat)
    for suit in range(_PER_RANK):
        # The cards of the suit a sequence could hold: the naturals still to place, and
        # those of each open sequence of it (at each position it covers).
        held = counts.by_suit[suit]
        mask = counts.masks[suit]
        for run in layout.runs:
            if run.suit == suit:
                held += run.high - run.low + 1
                mask |= (1 << (run.high + 1)) - (1 << run.low)
        if held >= size - fill and longest_run(mask, None, fill) >= size:
            most = min(missing, held // max(1, size - fill))
            spans = tuple((run.low, run.high) for run in layout.runs if run.suit == suit)
            free = min(most, free_canastas(nat[suit::_PER_RANK], spans, size))
            yield (0,) * free + (1,) * (most - free)


@remembered(1 << 12)
def free_canastas(held: bytes, spans: tuple[tuple[int, int], ...], size: int) -> int:
    """At most how many sequence canastas of a suit its naturals still to place (``held``,
    by position) and its open sequences (the positions each covers, ``spans``) make with no
    wild card but those the sequences hold.

    Such a canasta covers ``size`` positions in a row or more, each with a card of the suit
    (a natural still to place, or a card of an open sequence over it): it lies within one
    stretch of positions so covered. A stretch of fewer than twice ``size`` positions has a
    middle that every such canasta in it covers (from its ``size``-th position from the end
    to its ``size``-th from the start), so it makes no more of them than the fewest cards
    over a position of that middle; and none makes more than its cards allow. Remembered:
    the positions of a search below a suit's ranks ask it of the same cards (4096 answers,
    each a number)."""
    cover = list(held)
    for low, high in spans:
        for position in range(low, high + 1):
            cover[position] += 1
    free = 0
    end = 0
    while end < len(cover):
        start = end
        while end < len(cover) and cover[end]:
            end += 1
        length = end - start
        if length >= size:
            most = sum(cover[start:end]) // size
            if length < 2 * size:
                most = min(most, *cover[end - size : start + size])
            free += most
        end += 1
    return free
