"""The canastas sequences of a suit may make, for the bounds of the going-out search
(:func:`~canasta._engine.search.bounds.canastas_out_of_reach`): the runs of positions a
suit's cards cover, how many canastas they may make without another wild card, and the
fewest wild cards one takes where none can be made without (:func:`cheapest_canasta`).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from canasta._cache import remembered
from canasta._engine.search.layout import Layout, Run
from canasta._engine.tables import TOP, Tables
from canasta._model.cards import SUITS

__all__ = ["each_suit_costs", "free_stretches", "longest_run", "runs_by_suit", "suit_costs"]

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
    one for each other (a lower bound), or at least what the cheapest costs
    (:func:`cheapest_canasta`)."""
    for costs in each_suit_costs(nat, wilds, layout, missing, t):
        if costs is not None:
            yield costs


def each_suit_costs(
    nat: bytes, wilds: int, layout: Layout, missing: int, t: Tables
) -> list[tuple[int, ...] | None]:
    """:func:`suit_costs` by suit: ``None`` for a suit whose cards reach no canasta."""
    runs = runs_by_suit(layout.runs)
    wild = wilds > 0
    return [
        _suit_costs(nat[suit::_PER_RANK], runs[suit], wild, missing, t)
        for suit in range(_PER_RANK)
    ]


@remembered(1 << 12)
def runs_by_suit(runs: tuple[Run, ...]) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """The open sequences ``runs`` by suit, each as its lowest and highest position and its
    wild cards. Remembered: the positions of a search that place the naturals of a rank
    onto melds of it, or place none onto sequences, keep the sequences as they were (4096
    answers, each a few numbers)."""
    by_suit: tuple[list[tuple[int, int, int]], ...] = tuple([] for _ in range(_PER_RANK))
    for run in runs:
        by_suit[run.suit].append((run.low, run.high, run.wilds))
    return tuple(map(tuple, by_suit))


@remembered(1 << 14)
def _suit_costs(
    held: bytes, runs: tuple[tuple[int, int, int], ...], wild: bool, missing: int, t: Tables
) -> tuple[int, ...] | None:
    """The costs of one suit (:func:`suit_costs`) from its naturals still to place, ``held`` by
    position, and its open sequences ``runs`` (lowest and highest position, wild cards),
    with a wild card in hand or none (``wild``). Remembered: the positions of a search
    below a suit's ranks, and those that place its cards alike, ask it of the same cards
    (16384 answers, each a few numbers)."""
    size = t.canasta_size
    fill = t.sequence_wilds if wild else 0
    # The cards of the suit a sequence could hold: the naturals still to place, and those
    # of each open sequence of it (at each position it covers).
    naturals = sum(1 << position for position, count in enumerate(held) if count)
    cards = sum(held)
    mask = naturals
    for low, high, _ in runs:
        cards += high - low + 1
        mask |= (1 << (high + 1)) - (1 << low)
    if cards < size - fill or longest_run(mask, None, fill) < size:
        return None
    most = min(missing, cards // max(1, size - fill))
    first = cheapest_canasta(naturals, runs, fill, t)
    if first is None:
        return None
    if first:
        return (first,) * most
    spans = tuple((low, high) for low, high, _ in runs)
    free = min(most, free_canastas(held, spans, size))
    return (0,) * free + (1,) * (most - free)


@remembered(1 << 12)
def cheapest_canasta(
    held: int, runs: tuple[tuple[int, int, int], ...], fill: int, t: Tables
) -> int | None:
    """The fewest wild cards of the hand a sequence canasta of a suit takes, at most
    ``fill``, or ``None`` where none can be made: its naturals still to place at the
    positions ``held`` (as bits), its open sequences ``runs`` (lowest and highest position,
    wild cards). A canasta covers ``t.canasta_size`` positions in a row or more (at most the
    longest sequence), one card each: a natural held, a card of one of the open sequences
    it holds whole (they do not overlap, HW-MRG-2), or a wild card of the hand; and holds
    no more wild cards than a sequence may (HW-MELD-6), its open sequences' with them.
    Remembered: the positions of a search ask it of the same few cards of a suit (4096
    answers, each a number)."""
    ways = _run_sets(runs, t.sequence_wilds)
    best: int | None = None
    for low in range(TOP + 1):
        for high in range(low + t.canasta_size - 1, min(TOP, low + t.longest_sequence - 1) + 1):
            window = (1 << (high + 1)) - (1 << low)
            for spans, wilds in ways:
                if spans & ~window:
                    continue  # a sequence reaching out of the canasta
                gaps = (window & ~(held | spans)).bit_count()
                if gaps <= fill and gaps + wilds <= t.sequence_wilds:
                    best = gaps if best is None else min(best, gaps)
    return best


def _run_sets(runs: tuple[tuple[int, int, int], ...], most: int) -> list[tuple[int, int]]:
    """The sets of the open sequences ``runs`` (lowest and highest position, wild cards)
    one canasta may hold: none overlapping another, with ``most`` wild cards at most in all;
    each as the positions they cover (as bits) and their wild cards."""
    sets = []
    for count in range(len(runs) + 1):
        for chosen in combinations(runs, count):
            spans = 0
            for low, high, _ in chosen:
                spans |= (1 << (high + 1)) - (1 << low)
            wilds = sum(wild for _, _, wild in chosen)
            if spans.bit_count() == sum(high - low + 1 for low, high, _ in chosen) and (
                wilds <= most
            ):
                sets.append((spans, wilds))
    return sets


@remembered(1 << 12)
def free_canastas(held: bytes, spans: tuple[tuple[int, int], ...], size: int) -> int:
    """At most how many sequence canastas of a suit its naturals still to place (``held``,
    by position) and its open sequences (the positions each covers, ``spans``) make with no
    wild card but those the sequences hold: :func:`free_stretches` added up."""
    return sum(most for most, _, _ in free_stretches(held, spans, size))


@remembered(1 << 12)
def free_stretches(
    held: bytes, spans: tuple[tuple[int, int], ...], size: int
) -> tuple[tuple[int, int, int], ...]:
    """For each stretch of positions a suit's cards cover that may hold a sequence canasta
    with no wild card but those the open sequences hold (:func:`free_canastas`): at most
    how many such canastas it makes, and its first and last positions (from the first to
    one past the last).

    Such a canasta covers ``size`` positions in a row or more, each with a card of the suit
    (a natural still to place, or a card of an open sequence over it): it lies within one
    stretch of positions so covered. A stretch of fewer than twice ``size`` positions has a
    middle that every such canasta in it covers (from its ``size``-th position from the end
    to its ``size``-th from the start), so it makes no more of them than the fewest cards
    over a position of that middle; and none makes more than its cards allow. Remembered:
    the positions of a search below a suit's ranks ask it of the same cards (4096 answers,
    each a few numbers)."""
    cover = list(held)
    for low, high in spans:
        for position in range(low, high + 1):
            cover[position] += 1
    stretches = []
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
            if most:
                stretches.append((most, start, end))
        end += 1
    return tuple(stretches)
