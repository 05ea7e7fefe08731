"""Can a natural sequence canasta still be made? The going-out search's bound for BO-OUT-1.

Where going out needs a natural sequence canasta (an escalera, BO-OUT-1), the search asks at
every position whether one can still come out of the natural cards left to place and the
side's sequences (:func:`escalera_in_reach`). Such a canasta is one sequence of
``canasta_size`` to ``longest_sequence`` natural cards of one suit, one a rank, so its ranks
are a window of ranks in a row, each held by a card still to place or by a natural sequence
that lies wholly inside the window: a meld is never split (SA-MELD-6), so a sequence that
reaches past the window cannot be part of it, and two sequences can be parts of one only
where they may merge (HW-MRG-1, SA-MELD-5).
"""

from __future__ import annotations

from canasta._engine.search.layout import Layout, Run
from canasta._engine.sequence_steps import suit_masks
from canasta._engine.tables import TOP, Tables
from canasta._model.cards import SUITS

__all__ = ["escalera_in_reach"]


def escalera_in_reach(nat: bytes, layout: Layout, t: Tables) -> bool:
    """Whether a natural sequence canasta could still come out of the natural cards ``nat``
    (counts by face, the first faces of a hand) and the sequences ``layout.runs``: some
    window of ``canasta_size`` to ``longest_sequence`` ranks of one suit has each rank held,
    by a card of ``nat`` or by a natural sequence inside the window, either one sequence or
    any of those that may merge (see the module). A necessary condition only: the cards
    and the wild cards may be wanted elsewhere."""
    size, longest = t.canasta_size, t.longest_sequence
    if any(not run.wilds and run.high - run.low + 1 >= size for run in layout.runs):
        return True  # made already
    if not t.sequences or size > longest:
        return False  # no sequence reaches a canasta
    held = suit_masks(nat)
    for suit in range(len(SUITS)):
        runs = [
            (_span(run), run.merges) for run in layout.runs if run.suit == suit and not run.wilds
        ]
        everything = held[suit]
        for span, _ in runs:
            everything |= span
        if _longest_row(everything) < size:
            continue  # not even every card and sequence of the suit together
        if any(
            _window_held(low, length, held[suit], runs)
            for length in range(size, longest + 1)
            for low in range(TOP + 2 - length)
        ):
            return True
    return False


def _window_held(low: int, length: int, hand: int, runs: list[tuple[int, bool]]) -> bool:
    """Whether every rank from ``low`` on, ``length`` of them, is held by the cards ``hand``
    with the natural sequences ``runs`` (each its ranks and whether it may merge) that lie
    inside the window: those that may merge all together, or any one alone. Ranks are
    positions as bits."""
    window = ((1 << length) - 1) << low
    merged = hand
    for span, merges in runs:
        if span & ~window:
            continue  # it reaches past the window
        if merges:
            merged |= span
        elif (hand | span) & window == window:
            return True
    return merged & window == window


def _span(run: Run) -> int:
    """The rank positions of ``run``, as bits."""
    return ((1 << (run.high - run.low + 1)) - 1) << run.low


def _longest_row(bits: int) -> int:
    """The most set bits in a row in ``bits``."""
    longest = 0
    while bits:
        bits &= bits >> 1
        longest += 1
    return longest
