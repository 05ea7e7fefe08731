"""A going out's last step and the merges it makes (CL-OUT-2, HW-MRG-1, BO-OUT-1).

Going out is judged when the hand becomes empty (CL-OUT-2): the canastas it needs, the
escalera too where it needs one (BO-OUT-1), must be on the table then, so a merge
(HW-MRG-1) that makes one must come before the last card leaves the hand, as the
reference solver (:mod:`~canasta._engine.search.reference`) plays it. The going-out
search (:mod:`~canasta._engine.search.sweep`) makes every merge once every card is placed.
So a going out it finds is one the rules allow where it ends with a discard (every merge
before it), or melds every card with a *last step* that no merge it makes waits for. In the
melds the search ends with, such a step exists where a card of the hand is *free*:

* a natural card in a meld of one rank: added last with the hand's other cards of that
  meld, to the meld as it was on the table, or laid last with its new meld. Where the
  meld is a merge of melds of the table, the merge is made first: it needs no card of the
  hand, as wild cards within each part's limit are within the merged meld's (CL-MELD-3,
  HW-MRG-2: every ratio allows at least as many wild cards to a sum of natural cards as
  to its parts together). But where the parts' cards of the table make a canasta closed
  to wild cards (CL-CAN-4), the wild cards of the hand it takes go into its parts before
  the merge, and a natural card added after the merge is free only where they fit the
  parts' room without that card: where the wild cards a meld may hold depend on its
  natural cards, a part may need it first (``layout._closed_merge``; ``RankGroup.table``
  tells the hand's natural cards from the table's);
* a card of a sequence outside the ranks its parts held on the table (``Run.table_low``,
  ``Run.table_high``; all of a sequence laid in the turn, laid last whole): the outermost
  such card, a natural, added last (the wild card it may leave at the end is allowed,
  HW-MELD-3); the merges joined only the ranks between;
* a wild card the search spreads once the sequences it bridges are joined
  (``layout.bridged``): added last to a meld with room after the merges, or laid last
  with its new meld of wild cards. Where the parts of a merged meld of one rank make a
  canasta closed to wild cards (CL-CAN-4), its room is theirs before the merge, and a
  wild card spread there is not free: so a summary keeps the room after the
  merges apart (``Summary.late``, the melds' ``early`` flag of
  :data:`~canasta._engine.search.layout.Finished`), and the spread wild cards give a last
  step where they go out with all but one of them at most in the room before the merges.

Every other card of the hand is needed before a merge: a card of a sequence between the
ranks of two sequences of the table a merge joined, or a wild card bridging them. So the
search carries whether a free card is placed (``Summary.last``: a meld of one rank or a
sequence summed up with such a card, :data:`~canasta._engine.search.layout.Finished`, or
a discard), and at its leaf a going out that melds every card needs one, in the merges it
chooses or among the wild cards it spreads.

That matters only where no card is surely free: where the hand holds no black three (its
meld may come last), each of its natural cards lies between two sequences of its suit
that may merge or, where the free natural cards of one rank above may not be, is of a rank
whose melds may merge, and it holds no wild card or one may be needed before a merge
(:func:`merge_may_come_late`). There the search starts with no last step found; elsewhere,
as if found.

The search still tries each placing of such cards before its leaf refutes it, some three
ways a suit. :func:`last_card_canastas` counts instead, where every card of the hand is a
natural *gap card*: at a position ``p`` of its suit ``s`` that no sequence of ``s`` on the
table covers, where the positions of the hand's cards of ``s`` with those of the table's
sequences of ``s`` wholly below ``p`` hold no run of ``canasta_size`` in a row, nor with
those wholly above (``RuleSet.is_canasta``: a canasta is that many cards). A sequence holds
one card a rank, in a row (HW-MELD-3, HW-MRG-2); cards on the table, wild cards too, stay
where they are (HW-MRG-1, HW-MRG-3, HW-MELD-12). So a sequence canasta of ``s`` holds
sequences of the table from both sides of ``p``, which only a merge joins (HW-MRG-1), of
two melds that meet: it holds a card at ``p``, a natural card of the hand, melded before
that merge. The hand's *last card*, which the last step melds or which is discarded
(CL-OUT-1), is none of those: going out is judged when the hand becomes empty (CL-OUT-2),
and a merge is a step of its own. So, with ``q`` the positions a suit's cards in hand hold,
a sequence canasta of ``s`` holds ``q`` cards of the hand, none of them the last card. A
canasta of one rank that holds cards of the hand holds as many as it lacks beside the
rank's melds on the table, counted only where that is more than the largest ``q``. Let
each card of the hand count ``1/q`` of its suit: a canasta holding cards of the hand counts
1 at least, and the last card, in none or in a canasta of one rank that counts more than 1
by ``1/q`` at least, loses ``1/q`` of the largest ``q`` at least. So the canastas holding
cards of the hand are at most what the hand counts less that, rounded down; the others
are the table's canastas and those the merges of the other melds make
(:func:`~canasta._engine.search.bounds.canasta_bound`, asked of no card). Where the sum is
fewer than going out needs (the escalera, BO-OUT-1, asks more still), no going out has the
canastas (:func:`last_card_short`): the search is not asked.
"""

from __future__ import annotations

from collections.abc import Iterable
from math import lcm

from canasta._engine.search.bounds import canasta_bound, longest_run
from canasta._engine.search.layout import Layout, Run, with_table_ranks
from canasta._engine.sequence_steps import suit_masks
from canasta._engine.steps import rank_totals
from canasta._engine.tables import TOP, UNBOUNDED, Tables
from canasta._model.cards import BLACK_THREES, NATURAL_FACES, SUITS, WILD_FACES
from canasta._model.melds import Meld, MeldKind

__all__ = [
    "last_card_canastas",
    "last_card_short",
    "last_step",
    "merge_may_come_late",
]

_PER_RANK = len(SUITS)
_BLACK_THREE_FACES = tuple(face.index for face in BLACK_THREES)


def last_step(
    counts: bytes, melds: Iterable[Meld], layout: Layout, t: Tables
) -> tuple[bool, Layout] | None:
    """What the going-out search of the hand of ``counts`` onto the side's ``melds``
    (``layout``, as :func:`~canasta._engine.search.layout.encoded` makes it) starts from:
    whether a going out that melds every card needs a last step (:func:`merge_may_come_late`),
    and the layout, its sequences' table ranks set where it does
    (:func:`~canasta._engine.search.layout.with_table_ranks`); ``None`` where no going
    out has the canastas it needs by :func:`last_card_short`, asked there."""
    if not merge_may_come_late(counts, layout, t):
        return False, layout
    if last_card_short(counts, melds, layout, t):
        return None
    return True, with_table_ranks(layout)


def merge_may_come_late(counts: bytes, layout: Layout, t: Tables) -> bool:
    """Whether a going out of the hand of ``counts`` onto the side's melds ``layout`` that
    melds every card may need a merge after its last step (see the module): some of the
    melds may merge, the hand holds no black three, each of its natural cards lies between
    two sequences of its suit that may merge, or is of a rank whose melds may merge where
    a natural card may be needed before such a merge (:func:`_naturals_may_wait`), and it
    holds no wild card or one may be needed before a merge (:func:`_wild_cards_needed`)."""
    if not t.rules.merging_allowed or not any(part.merges for part in layout.parts()):
        return False
    if any(counts[face] for face in _BLACK_THREE_FACES):
        return False
    lowest_high = [len(NATURAL_FACES)] * _PER_RANK  # by suit, of the runs that may merge
    highest_low = [-1] * _PER_RANK
    for run in layout.runs:
        if run.merges:
            lowest_high[run.suit] = min(lowest_high[run.suit], run.high)
            highest_low[run.suit] = max(highest_low[run.suit], run.low)
    waiting = _naturals_may_wait(t)
    ranks = {group.position for group in layout.ranks if group.merges and waiting}
    for face in NATURAL_FACES:
        position, suit = divmod(face, _PER_RANK)
        between = lowest_high[suit] < position < highest_low[suit]
        if counts[face] and not between and position not in ranks:
            return False
    gaps = any(high + 1 < low for high, low in zip(lowest_high, highest_low, strict=True))
    return not _wild_cards_held(counts) or _wild_cards_needed(layout, gaps, t)


def _naturals_may_wait(t: Tables) -> bool:
    """Whether a natural card of the hand in a merged meld of one rank may have to come
    before its merge (see the module): where canastas are closed to wild cards (CL-CAN-4)
    and the wild cards a meld of one rank may hold depend on its natural cards
    (CL-MELD-3)."""
    return t.closed_at < UNBOUNDED and len(set(t.max_wilds[t.min_naturals :])) > 1


def _wild_cards_held(counts: bytes) -> bool:
    return any(counts[face] for face in WILD_FACES)


def _wild_cards_needed(layout: Layout, gaps: bool, t: Tables) -> bool:
    """Whether a merge may need a wild card placed before it: where sequences take wild
    cards and two that may merge have ranks between them (``gaps``: a wild card makes them
    meet), or where a canasta is closed to wild cards (CL-CAN-4) and melds of a rank may
    merge (a wild card goes into a part before the merge makes the canasta)."""
    if gaps and t.sequence_wilds > 0:
        return True
    return t.closed_at < UNBOUNDED and any(group.merges for group in layout.ranks)


def last_card_short(counts: bytes, melds: Iterable[Meld], layout: Layout, t: Tables) -> bool:
    """Whether no going out of the hand of ``counts`` onto the side's ``melds`` (``layout``,
    as :func:`~canasta._engine.search.layout.encoded` makes it) has the canastas it needs,
    by :func:`last_card_canastas`."""
    most = last_card_canastas(counts, melds, layout, t)
    return most is not None and most < t.rules.canastas_to_go_out


def last_card_canastas(
    counts: bytes, melds: Iterable[Meld], layout: Layout, t: Tables
) -> int | None:
    """At most how many canastas a going out of the hand of ``counts`` onto the side's
    ``melds`` (``layout``) has, by the count of the module; ``None`` where it does not
    count: the hand holds a wild card or a black three, or a natural card that is no gap
    card, or a canasta of one rank may hold as few of its cards as a suit has positions
    held."""
    melds = list(melds)
    if not t.sequences or any(counts[face] for face in (*_BLACK_THREE_FACES, *WILD_FACES)):
        return None
    nat = counts[: NATURAL_FACES.stop]
    counted = _gap_suits(nat, layout, t)
    if not counted:
        return None
    widest = max(positions for _, _, positions in counted)
    if _rank_canasta_cheap(nat, layout, widest, t):
        return None
    held_suits = {suit for suit, _, _ in counted}
    others = [meld for meld in melds if _suit_of(meld) not in held_suits]
    done = sum(t.rules.is_canasta(meld) for meld in melds)
    made = canasta_bound(bytes(len(nat)), 0, others, t)
    # Each card of a suit counts 1/q, the last card loses 1/q of the widest: in 1/whole.
    whole = lcm(*(positions for _, _, positions in counted))
    weight = sum(cards * (whole // positions) for _, cards, positions in counted)
    return done + made + (weight - whole // widest) // whole


def _gap_suits(nat: bytes, layout: Layout, t: Tables) -> list[tuple[int, int, int]] | None:
    """Each suit of which the hand ``nat`` holds cards: the suit, its cards and the
    positions they hold; ``None`` where one is no gap card (see the module)."""
    counted = []
    for suit, held in enumerate(suit_masks(nat)):
        if not held:
            continue
        runs = [run for run in layout.runs if run.suit == suit]
        positions = [p for p in range(TOP + 1) if held >> p & 1]
        if not all(_gap(position, held, runs, t) for position in positions):
            return None  # a card that may be the last with no canasta lost
        counted.append((suit, sum(nat[suit::_PER_RANK]), len(positions)))
    return counted


def _rank_canasta_cheap(nat: bytes, layout: Layout, widest: int, t: Tables) -> bool:
    """Whether a canasta of one rank may hold cards of the hand ``nat``, as few as
    ``widest`` or fewer: as many as it lacks beside the rank's melds on the table
    (``layout``) at least."""
    laid = [0] * (TOP + 1)  # the cards of the melds of each rank on the table
    for group in layout.ranks:
        laid[group.position] += group.naturals + group.wilds
    size = t.canasta_size
    return any(
        have and have + laid[position] >= size and size - laid[position] <= widest
        for position, have in enumerate(rank_totals(nat))
    )


def _gap(position: int, held: int, runs: list[Run], t: Tables) -> bool:
    """Whether every sequence canasta of a suit holds a card of the hand at ``position``
    (see the module): none of its sequences ``runs`` on the table covers it, and the
    positions ``held`` (of the hand's cards of the suit, as bits) with those of the
    sequences wholly below it hold no run of ``canasta_size``, nor with those above."""
    below = above = held
    for run in runs:
        if run.low <= position <= run.high:
            return False
        span = (1 << (run.high + 1)) - (1 << run.low)
        if run.high < position:
            below |= span
        else:
            above |= span
    return max(longest_run(below, None, 0), longest_run(above, None, 0)) < t.canasta_size


def _suit_of(meld: Meld) -> int | None:
    """The suit of a sequence (its index in ``SUITS``), ``None`` for another meld."""
    if meld.kind is not MeldKind.SEQUENCE or meld.suit is None:
        return None
    return SUITS.index(meld.suit)
