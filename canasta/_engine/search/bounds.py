"""Quick, sound bounds for the planner: what no plan can do, found before any search.

Each bound only ever says "impossible" when it is: a natural card that no meld can take, too
few cards for the canastas going out needs, no way left to make a natural sequence canasta.
"""

from __future__ import annotations

from collections.abc import Iterable

from canasta._cache import remembered
from canasta._engine.search.layout import Layout
from canasta._engine.sequence_steps import suit_masks
from canasta._engine.steps import rank_totals
from canasta._engine.tables import TOP, Tables
from canasta._model.cards import SUITS, natural_face
from canasta._model.melds import Meld, MeldKind, natural_position

__all__ = [
    "canasta_bound",
    "escalera_possible",
    "longest_run",
    "stuck_naturals",
    "wilds_short",
]

_PER_RANK = len(SUITS)


def stuck_naturals(nat: bytes, melds: Iterable[Meld], wilds: int, t: Tables) -> bytearray:
    """The counts of the natural cards that no plan melds, by a cheap necessary condition for
    a natural to be meldable at all: a meld of its rank to join or enough of the rank (and
    wild cards) for a new one, a sequence of its suit, or neighbours of its suit for a new
    sequence. ``nat``: the hand's natural counts (where there are no sequences, each rank's
    may be counted in its first face, :func:`~canasta._engine.search.placing.folded`)."""
    stuck = bytearray(len(nat))
    homes = _Homes(nat, melds, wilds, t)
    new_meld_wilds = t.new_meld_wilds
    for position, have in enumerate(homes.totals):
        if not have or position in homes.rank_melds or new_meld_wilds[have] <= wilds:
            continue
        for suit in range(_PER_RANK):
            face = natural_face(position, suit)
            if nat[face] and not homes.in_sequence(position, suit):
                stuck[face] = nat[face]
    return stuck


def wilds_short(nat: bytes, melds: Iterable[Meld], wilds: int, t: Tables) -> int:
    """At least how many more wild cards than ``wilds`` a plan that melds every natural card
    but one needs: a rank with no meld of its own and a card no sequence can take needs a
    new meld of its rank, made up to the smallest size with wild cards (the one card left
    for the discard may spare one rank that). Naturals no plan melds
    (:func:`stuck_naturals`) are left out."""
    homes = _Homes(nat, melds, wilds, t)
    needed = spared = 0
    for position, have in enumerate(homes.totals):
        need = t.new_meld_wilds[have]
        if not have or position in homes.rank_melds or need == 0 or need > wilds:
            continue
        forced = sum(
            nat[natural_face(position, suit)]
            for suit in range(_PER_RANK)
            if not homes.in_sequence(position, suit)
        )
        if forced:
            needed += need
            if forced == 1:
                spared = max(spared, need)
    return max(0, needed - spared - wilds)


class _Homes:
    """Where a hand's natural cards may go, by the cheap tests of :func:`stuck_naturals`."""

    def __init__(self, nat: bytes, melds: Iterable[Meld], wilds: int, t: Tables) -> None:
        self.totals = rank_totals(nat)
        #: The positions of the ranks the side has a meld of, and the side's sequences.
        self.rank_melds: set[int] = set()
        self.runs: list[tuple[int, int, int]] = []  # suit, lowest and highest position
        for meld in melds:
            if meld.kind is MeldKind.RANK:
                self.rank_melds.add(natural_position(meld.rank))
            elif meld.kind is MeldKind.SEQUENCE:
                assert meld.suit is not None
                low = natural_position(meld.low)
                self.runs.append((SUITS.index(meld.suit), low, low + meld.size - 1))
        self.longest = t.longest_sequence
        # A new sequence: the smallest size at least, the naturals a sequence needs, and
        # the others wild cards (as many as a sequence may hold).
        self.shortest = t.min_size
        self.fewest = t.sequence_naturals
        self.wild = min(t.sequence_wilds, wilds)
        self.sequences = t.sequences and self.shortest <= t.longest_sequence
        self.masks = suit_masks(nat) if self.sequences else []

    def in_sequence(self, position: int, suit: int) -> bool:
        """Whether a natural of this rank and suit may go into a sequence: the side has one
        of its suit it is not in, that may grow to it, or the hand has neighbours enough for
        a new one."""
        for run_suit, low, high in self.runs:
            outside = not low <= position <= high
            if (
                run_suit == suit
                and outside
                and max(high, position) - min(low, position) < self.longest
            ):
                return True
        return self.sequences and in_run(
            self.masks[suit], position, self.fewest, self.shortest, self.wild
        )


@remembered(1 << 14)
def in_run(mask: int, position: int, fewest: int, shortest: int, wild: int) -> bool:
    """Whether positions in a row through ``position``, ``shortest`` of them at least, hold
    ``fewest`` positions of ``mask`` at least and at most ``wild`` others (filled by wild
    cards)."""
    for window in range(shortest, max(shortest, fewest + wild) + 1):
        if window > TOP + 1:
            return False
        span = (1 << window) - 1
        needed = max(fewest, window - wild)
        for start in range(max(0, position - window + 1), min(position, TOP - window + 1) + 1):
            if ((mask >> start) & span).bit_count() >= needed:
                return True
    return False


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


def canasta_bound(nat: bytes, wilds: int, melds: Iterable[Meld], t: Tables) -> int:
    """At most how many more canastas the side can complete from these natural cards and
    ``wilds`` wild cards: each is a meld that is not one yet grown to the size, a merge of
    melds of one family (HW-MRG-1), or a new meld of cards from the hand."""
    size = t.canasta_size
    by_position = rank_totals(nat)
    masks = suit_masks(nat)
    growing = [
        m for m in melds if m.kind is not MeldKind.BLACK_THREES and not t.rules.is_canasta(m)
    ]
    made = (
        _merged_family_bound(growing, by_position, masks, wilds, t)
        if t.rules.merging_allowed
        else sum(_meld_bound(meld, by_position, masks, wilds, t) for meld in growing)
    )
    for have in by_position:
        made += (have + min(wilds, t.max_wilds[have])) // size
    if t.sequences:
        fill = int(t.sequence_wilds > 0 and wilds > 0)
        made += sum(longest_run(mask, None, fill) >= size for mask in masks)
    if t.wild_melds:
        made += wilds // size
    return made


def _meld_bound(
    meld: Meld, by_position: list[int], masks: list[int], wilds: int, t: Tables
) -> int:
    """1 if the meld, which is not a canasta, may still grow into one."""
    size = t.canasta_size
    if meld.kind is MeldKind.RANK:
        have = by_position[natural_position(meld.rank)]
        room = max(0, t.max_wilds[meld.naturals + have] - meld.wilds)
        return int(meld.size + have + min(wilds, room) >= size)
    if meld.kind is MeldKind.WILD:
        return int(meld.size + min(wilds, t.longest_wild_meld - meld.size) >= size)
    assert meld.suit is not None
    low, high = natural_position(meld.low), natural_position(meld.high)
    covered = masks[SUITS.index(meld.suit)] | (1 << (high + 1)) - (1 << low)
    fill = int(meld.wilds < t.sequence_wilds and wilds > 0)
    return int(longest_run(covered, low, fill) >= size)


def _merged_family_bound(
    melds: list[Meld], by_position: list[int], masks: list[int], wilds: int, t: Tables
) -> int:
    """Where melds merge: for each family (a rank, a suit's sequences, the melds of wild
    cards), all its cards, the hand's of its rank or suit and every wild card, by the size
    of a canasta: no more canastas can come out of it."""
    by_rank: dict[int, int] = {}
    by_suit: dict[int, int] = {}
    wild_cards = 0
    for meld in melds:
        if meld.kind is MeldKind.RANK:
            position = natural_position(meld.rank)
            by_rank[position] = by_rank.get(position, by_position[position]) + meld.size
        elif meld.kind is MeldKind.SEQUENCE:
            assert meld.suit is not None
            suit = SUITS.index(meld.suit)
            by_suit[suit] = by_suit.get(suit, masks[suit].bit_count()) + meld.size
        else:
            wild_cards += meld.size
    totals = [*by_rank.values(), *by_suit.values(), *([wild_cards] if wild_cards else [])]
    return sum((cards + wilds) // t.canasta_size for cards in totals)


def escalera_possible(nat: bytes, layout: Layout, size: int) -> bool:
    """Whether a natural sequence canasta could still come out of these natural cards and
    melds: some suit has ``size`` ranks in a row among them (BO-OUT-1)."""
    for suit in range(_PER_RANK):
        covered = [bool(nat[natural_face(p, suit)]) for p in range(TOP + 1)]
        for run in layout.runs:
            if run.suit == suit and run.wilds == 0:
                for p in range(run.low, run.high + 1):
                    covered[p] = True
        run_length = 0
        for here in covered:
            run_length = run_length + 1 if here else 0
            if run_length >= size:
                return True
    return False


def placing_fails(
    nat: bytes, layout: Layout, wilds: int, needed: int, spare: frozenset[int], t: Tables
) -> bool:
    """Whether the naturals still to place, ``nat``, surely cannot all be melded onto the
    open melds ``layout`` and new ones with ``wilds`` wild cards (``needed`` of them already
    owed to finished melds), but one card of a face in ``spare``, which is discarded.

    The test of :func:`stuck_naturals` and :func:`wilds_short`, made anywhere in the search:
    a natural of a rank with no open meld of it and too few of the rank left for a new one,
    which no sequence can take (none of its suit is open, and too few of its suit are left
    in a row for a new one), cannot be melded; a rank with no open meld of it and a card
    no sequence can take needs a new meld, and its wild cards. Cards are only ever placed
    onto the layout's melds and melds made of the cards still to place, so what none of
    those can take, nothing takes. Found where a choice below the rank made it so, this
    cuts every way of placing the ranks between."""
    totals = rank_totals(nat)
    rank_melds = {group.position for group in layout.ranks}
    sequences = t.sequences and t.min_size <= t.longest_sequence
    outside = _Outside(nat, {run.suit for run in layout.runs}, wilds, sequences, t)
    stuck = 0
    owed = needed
    spared = 0
    for position, have in enumerate(totals):
        new = t.new_meld_wilds[have]
        if not have or not new or position in rank_melds:
            continue
        forced, lone = outside.forced(position)
        if not forced:
            continue
        if new > wilds:
            stuck += forced
            if stuck > 1 or lone not in spare:
                return True
        else:
            owed += new
            if forced == 1 and lone in spare:
                spared = max(spared, new)
    if stuck:
        spared = 0  # the discard is the stuck card
    return owed - spared > wilds


class _Outside:
    """The naturals still to place that no sequence can take, for :func:`placing_fails`."""

    def __init__(
        self, nat: bytes, run_suits: set[int], wilds: int, sequences: bool, t: Tables
    ) -> None:
        self.nat = nat
        self.run_suits = run_suits
        self.masks = suit_masks(nat) if sequences else []
        self.wild = min(t.sequence_wilds, wilds)
        self.t = t

    def forced(self, position: int) -> tuple[int, int]:
        """The naturals of rank ``position`` that no sequence can take (none of their suit
        is open, too few of it left in a row for a new one), and the face of the last."""
        forced = lone = 0
        t = self.t
        for suit in range(_PER_RANK):
            face = natural_face(position, suit)
            if not self.nat[face] or suit in self.run_suits:
                continue
            if self.masks and in_run(
                self.masks[suit], position, t.sequence_naturals, t.min_size, self.wild
            ):
                continue
            forced += self.nat[face]
            lone = face
        return forced, lone
