"""Can a natural sequence canasta still be made? The going-out search's bound for BO-OUT-1.

Where going out needs a natural sequence canasta (an escalera, BO-OUT-1), the search asks at
every position whether one can still come out of the natural cards left to place and the
side's sequences (:func:`escalera_in_reach`). Such a canasta is one sequence of
``canasta_size`` to ``longest_sequence`` natural cards of one suit, one a rank: a window of
ranks in a row, each held by a card still to place or by a natural sequence on the table
that lies wholly inside the window. A meld is never split (SA-MELD-6), so a sequence that
reaches past the window cannot be part of it; two sequences can both be parts of it only
where they may merge (HW-MRG-1, SA-MELD-5), and then only if they do not overlap, as the
canasta holds one card a rank.
"""

from __future__ import annotations

from canasta._cache import remembered
from canasta._engine.search.layout import Layout, Run
from canasta._engine.search.suits import longest_run
from canasta._engine.sequence_steps import suit_masks
from canasta._engine.tables import TOP, Tables
from canasta._model.cards import SUITS

__all__ = ["escalera_in_reach"]

#: A natural sequence as the bound sees it: its lowest and highest positions, and whether it
#: may merge with others of its suit.
_Span = tuple[int, int, bool]


def escalera_in_reach(nat: bytes, layout: Layout, t: Tables) -> bool:
    """Whether a natural sequence canasta could still come out of the natural cards ``nat``
    (counts by face, the first faces of a hand) and the sequences ``layout.runs``: some
    window of ``canasta_size`` to ``longest_sequence`` ranks of one suit is tiled by cards
    of ``nat``, one a rank, and natural sequences inside it that do not overlap, one
    sequence or any of those that may merge (see the module). A necessary condition only:
    the cards and the wild cards may be wanted elsewhere."""
    longest = t.longest_sequence if t.sequences else 0  # 0: no sequence reaches a canasta
    return _in_reach(nat, layout.runs, t.canasta_size, longest)


@remembered(1 << 12)
def _in_reach(nat: bytes, runs: tuple[Run, ...], size: int, longest: int) -> bool:
    """:func:`escalera_in_reach` for sequences of ``size`` to ``longest`` cards. Remembered:
    the going-out searches of one call ask of the same naturals and sequences again and
    again, before their remembered positions are looked up (half to four in five of the
    calls in the Bolivia positions of tests/data/slow26; 4096 answers, a few hundred kB)."""
    if any(not run.wilds and run.high - run.low + 1 >= size for run in runs):
        return True  # made already
    if size > longest:
        return False  # no sequence reaches a canasta
    held = suit_masks(nat)
    for suit in range(len(SUITS)):
        spans = [
            (run.low, run.high, run.merges) for run in runs if run.suit == suit and not run.wilds
        ]
        everything = held[suit]
        for low, high, _ in spans:
            everything |= ((1 << (high - low + 1)) - 1) << low
        if longest_run(everything, None, 0) < size:
            continue  # not even every card and sequence of the suit together
        if any(
            _window_held(low, low + length, held[suit], spans)
            for length in range(size, longest + 1)
            for low in range(TOP + 2 - length)
        ):
            return True
    return False


def _window_held(low: int, end: int, hand: int, runs: list[_Span]) -> bool:
    """Whether the ranks from ``low`` up to ``end`` (not included) are tiled by the cards
    ``hand`` (positions as bits) and the sequences ``runs`` that lie inside them: those
    that may merge, as many as fit, or any one alone."""
    inside = [run for run in runs if low <= run[0] and run[1] < end]
    merging = [run for run in inside if run[2]]
    if _tiled(low, end, hand, merging):
        return True
    return any(_tiled(low, end, hand, [run]) for run in inside if not run[2])


def _tiled(low: int, end: int, hand: int, runs: list[_Span]) -> bool:
    """Whether the ranks from ``low`` up to ``end`` can be covered, each once, by cards of
    ``hand`` and some of ``runs``, which do not overlap: the ranks reached so, from left to
    right, as bits."""
    reached = 1 << low
    for position in range(low, end):
        if not reached >> position & 1:
            continue
        if hand >> position & 1:
            reached |= 1 << (position + 1)
        for first, last, _ in runs:
            if first == position:
                reached |= 1 << (last + 1)
    return bool(reached >> end & 1)
