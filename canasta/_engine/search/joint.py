"""The wild cards that placing the natural cards and making the canastas ask, weighed together:
a sound bound for the going-out search.

Where there are sequences (HW-MELD-3), a natural card of a rank with no meld of its own and
too few cards for a new one goes into a sequence of its suit; where no sequence can take it
without a wild card of the hand (a gap beside it, :func:`~canasta._engine.search.bounds.
wilds_owed_short`), its sequence holds one, and cards of one suit no two of which may share a
sequence hold one each. Those wild cards lie in the suit's sequences; so do those its
sequence canastas take (:func:`~canasta._engine.search.suits.suit_costs`): the suit's
sequences hold at least the larger of the two counts, not their sum, while the melds of the
other families (a rank, the melds of wild cards) and the melds summed up take wild cards of
their own. :func:`wilds_for_canastas_short` adds the families up, at every position of the
search (:mod:`~canasta._engine.search.sweep`), where the wild cards placed so far and the
discard made or not make the count tighter than before the search
(:func:`~canasta._engine.search.bounds.wilds_owed_short`): a Hollywood hand of 44 cards after
taking the pile, whose every meld step must go out after black threes (CL-B3-3,
``tests/data/slow26``), has the eight of hearts, the queen of diamonds and the six of clubs
each owe a wild card once a step has melded one of its three wild cards, and needs a second
canasta besides the one the hearts' wild card may make.
"""

from __future__ import annotations

from canasta._cache import remembered
from canasta._engine.search.bounds import (
    each_rank_costs,
    free_rank_canastas,
    increments,
    sequence_homes,
    span,
)
from canasta._engine.search.forced import sequence_bound_ranks
from canasta._engine.search.layout import Layout, Run
from canasta._engine.search.placing import tally
from canasta._engine.search.suits import each_suit_costs
from canasta._engine.search.summary import Summary
from canasta._engine.tables import Tables
from canasta._model.cards import SUITS, natural_face

__all__ = ["wilds_for_canastas_short", "wilds_owed_at_least"]

_PER_RANK = len(SUITS)
#: More wild cards than any hand holds: too few canastas can be made.
_NEVER = 10**9


def wilds_for_canastas_short(
    nat: bytes,
    wilds: int,
    layout: Layout,
    summary: Summary,
    needed: int,
    spare: frozenset[int],
    t: Tables,
) -> bool:
    """Whether the ``wilds`` wild cards surely cannot both place the naturals ``nat`` that
    need one in a sequence (:func:`suit_wilds_owed`) and make the canastas still missing of
    ``needed``, onto the open melds ``layout`` and new ones, the melds summed up in
    ``summary`` owed ``summary.need``; one card of a face in ``spare`` may be the discard.

    Each suit's sequences take at least the larger of the wild cards its naturals owe and
    those its canastas cost; each other source of a canasta (a rank, the melds of wild
    cards, a meld summed up, :func:`~canasta._engine.search.bounds.canastas_out_of_reach`)
    takes its own. The discard takes away one card: at most one owing card of one suit,
    which owes one wild card less; any other card only leaves the rest fewer places and the
    canastas fewer cards."""
    left = wilds - summary.need
    bound = _bound_ranks(nat, layout, wilds, t)
    if sum(tally(nat).by_rank[position] for position in bound) < left:
        return False  # they owe fewer wild cards than there are: see below
    owed, discardable = suit_wilds_owed(nat, layout.runs, bound, t)
    if not any(owed):
        return False  # the canastas alone: canastas_out_of_reach counts them
    ways = [owed]  # the wild cards owed by suit, and with each discard that owes one less
    for suit, faces in enumerate(discardable):
        if faces & spare:
            ways.append(tuple(n - (s == suit) for s, n in enumerate(owed)))
    fewest = min(map(sum, ways))
    if fewest != left:
        # More owed than held: refuted. Fewer: the canastas would have to cost more than
        # the wild cards left over, which canastas_out_of_reach (asked before) mostly
        # rules out already; weighing them again here costs more than it finds (left out,
        # the searches of the positions of tests/data/slow26 visit no more positions).
        return fewest > left
    missing = max(0, needed - summary.done)
    if not missing or free_rank_canastas(nat, layout, t) >= missing:
        return False  # canastas that cost no wild card: the naturals owe no more than held
    others = _other_costs(nat, layout, summary, missing, t)
    if len(others) == missing and not any(others):
        return False  # canastas that cost no wild card, whatever the suits' cost
    suits = [costs or () for costs in each_suit_costs(nat, wilds, layout, missing, t)]
    return all(_fewest_wilds(others, suits, way, missing) > left for way in ways)


def wilds_owed_at_least(nat: bytes, layout: Layout, wilds: int, t: Tables) -> bool:
    """Whether the hand's naturals ``nat`` owe as many wild cards in sequences as the hand
    holds, two or more (:func:`suit_wilds_owed`, onto the open melds ``layout``): the hands
    for which :func:`wilds_for_canastas_short` is worth asking at every position of their
    search. Elsewhere it seldom refutes one that the search does not refute at once anyway,
    and costs more than it saves: in the positions of tests/data/slow26, the Hollywood hand
    of 48 cards (two of four wild cards owed) visits 2,926 positions with it asked and 3,244
    without, but takes longer; with one wild card, the Hollywood for three hand of 35 cards
    visits as many positions either way."""
    if wilds < 2:
        return False
    bound = _bound_ranks(nat, layout, wilds, t)
    return bool(bound) and sum(suit_wilds_owed(nat, layout.runs, bound, t)[0]) >= wilds


def _other_costs(
    nat: bytes, layout: Layout, summary: Summary, missing: int, t: Tables
) -> list[int]:
    """What each further canasta of the sources other than sequences costs (the melds
    summed up, ranks, melds of wild cards), as :func:`~canasta._engine.search.bounds.
    canastas_out_of_reach` counts it: the ``missing`` cheapest."""
    size = t.canasta_size
    others = list(summary.shorts)
    for costs in each_rank_costs(tally(nat).by_rank, layout.ranks, missing, t):
        others += costs
    if (t.wild_melds or layout.wilds) and t.longest_wild_meld >= size:
        others += increments(sum(group.size for group in layout.wilds), missing, size)
    return sorted(others)[:missing]


def _fewest_wilds(
    others: list[int], suits: list[tuple[int, ...]], owed: tuple[int, ...], missing: int
) -> int:
    """At least how many wild cards the naturals owe (``owed``, by suit) and the
    ``missing`` canastas cost together (``_NEVER`` where too few can be made), from what
    the sources other than sequences cost (``others``, :func:`_other_costs`) and each
    suit's canastas (``suits``): each suit's sequences take the larger of its two counts,
    so that a suit's canasta costs only what it adds to what its naturals owe, each other
    source its own; the cheapest ``missing`` of all those costs added up, at most what any
    choice of canastas costs."""
    added = list(others)
    for costs, count in zip(suits, owed, strict=True):
        total = 0
        for cost in costs:
            added.append(max(0, total + cost - count) - max(0, total - count))
            total += cost
    if len(added) < missing:
        return _NEVER
    added.sort()
    return sum(owed) + sum(added[:missing])


def _bound_ranks(nat: bytes, layout: Layout, wilds: int, t: Tables) -> list[int]:
    """The positions of the ranks whose naturals ``nat`` only sequences may take
    (:func:`~canasta._engine.search.forced.sequence_bound_ranks`), where a sequence may
    take a wild card of the hand: none elsewhere, as none owes one."""
    if not (t.sequences and t.sequence_wilds and wilds):
        return []
    return sequence_bound_ranks(nat, layout, wilds, t)


def suit_wilds_owed(
    nat: bytes, runs: tuple[Run, ...], bound: list[int], t: Tables
) -> tuple[tuple[int, ...], tuple[frozenset[int], ...]]:
    """At least how many wild cards of the hand the sequences of each suit take to place
    its naturals of the ranks ``bound`` to sequences (:func:`_bound_ranks`), by
    :func:`_suit_owed`; and, by suit, the faces of the cards so counted."""
    owed = [0] * _PER_RANK
    faces: list[frozenset[int]] = [frozenset()] * _PER_RANK
    for suit in range(_PER_RANK):
        held = nat[suit::_PER_RANK]
        positions = tuple(position for position in bound if held[position])
        if positions:
            suit_runs = tuple(run for run in runs if run.suit == suit)
            owed[suit], faces[suit] = _suit_owed(held, suit_runs, positions, suit, t)
    return tuple(owed), tuple(faces)


@remembered(1 << 12)
def _suit_owed(
    held: bytes, runs: tuple[Run, ...], bound: tuple[int, ...], suit: int, t: Tables
) -> tuple[int, frozenset[int]]:
    """The wild cards of the hand the sequences of one suit take to place its naturals at
    the positions ``bound``, which only sequences may take: each card no sequence may take
    without one (:func:`~canasta._engine.search.bounds.sequence_homes`, as
    :func:`~canasta._engine.search.bounds.wilds_owed_short` counts it) is in a sequence
    holding one, and cards no two of which may share a sequence are in sequences of their
    own; and the faces of the cards so counted (a discard of another leaves the count as it
    is). ``held``: the suit's naturals by position; ``runs``: its open sequences.
    Remembered: the positions of a search that place other suits' cards ask it of the same
    cards of this one (4096 answers, each a number and a few faces)."""
    nat = bytearray(len(held) * _PER_RANK)  # the suit's cards as a hand's naturals
    nat[suit::_PER_RANK] = held
    mask = sum(1 << position for position, count in enumerate(held) if count)
    covered = mask
    for run in runs:
        covered |= span(run)
    apart: list[int] = []  # the positions of the cards that owe, apart
    for position in bound:
        homes = sequence_homes(bytes(nat), mask, list(runs), position, suit, t)
        count = held[position] - homes
        if count > 0 and not any(_one_sequence(position, other, covered, t) for other in apart):
            apart += [position] * count
    return len(apart), frozenset(natural_face(position, suit) for position in apart)


def _one_sequence(position: int, other: int, covered: int, t: Tables) -> bool:
    """Whether naturals of one suit at ``position`` and ``other`` may share a sequence: of
    two ranks (HW-MRG-2), near enough for the longest, with no more positions between them
    uncovered (``covered``: the suit's naturals and open sequences, as bits) than a
    sequence's wild cards (HW-MELD-6)."""
    low, high = sorted((position, other))
    if low == high or high - low >= t.longest_sequence:
        return False
    between = (1 << high) - (1 << (low + 1))
    return (between & ~covered).bit_count() <= t.sequence_wilds
