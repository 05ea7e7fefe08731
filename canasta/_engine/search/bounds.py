"""Quick, sound bounds for the planner: what no plan can do, found before any search.

Each bound only ever says "impossible" when it is: a natural card that no meld can take, too
few cards for the canastas going out needs (the natural sequence canasta some rules ask for:
:mod:`~canasta._engine.search.escalera`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import chain, combinations

from canasta._cache import remembered
from canasta._engine.search.layout import Layout, RankGroup, Run
from canasta._engine.search.placing import tally
from canasta._engine.search.shared import natural_canastas
from canasta._engine.search.suits import longest_run, suit_costs
from canasta._engine.search.summary import Summary
from canasta._engine.sequence_steps import suit_masks
from canasta._engine.steps import rank_totals
from canasta._engine.tables import TOP, UNBOUNDED, Tables
from canasta._model.cards import SUITS, natural_face
from canasta._model.melds import Meld, MeldKind, natural_position

# Read once, as in movegen: an enum class's attribute read is slow in Python 3.11.
_BLACK_MELD, _RANK_MELD, _SEQUENCE_MELD, _WILD_MELD = (
    MeldKind.BLACK_THREES,
    MeldKind.RANK,
    MeldKind.SEQUENCE,
    MeldKind.WILD,
)

__all__ = [
    "Homes",
    "canasta_bound",
    "canastas_out_of_reach",
    "each_rank_costs",
    "free_rank_canastas",
    "increments",
    "longest_run",
    "sequence_homes",
    "span",
    "stuck_naturals",
    "wild_cards_meldable",
    "wild_room",
    "wilds_owed_short",
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
    homes = Homes(nat, melds, wilds, t)
    new_meld_wilds = t.new_meld_wilds
    for position, have in enumerate(homes.totals):
        if not have or position in homes.rank_melds or new_meld_wilds[have] <= wilds:
            continue
        for suit in range(_PER_RANK):
            face = natural_face(position, suit)
            if nat[face] and not homes.in_sequence(position, suit):
                stuck[face] = nat[face]
    return stuck


def wild_cards_meldable(t: Tables) -> bool:
    """Whether any meld may hold a wild card under these rules: a meld of one rank with some
    number of natural cards (CL-MELD-3), a sequence (HW-MELD-6), a meld of wild cards
    (HW-MELD-4) or of black threes (HW-B3-3). Where none may (Samba, whose sequences and
    black threes take no wild card and which has no melds of wild cards, SA-MELD-1,
    SA-MELD-3, SA-B3-2, played with ``max_wilds_per_meld=0``), a wild card held is never
    melded: it can only be discarded."""
    return (
        any(t.max_wilds)
        or (t.sequences and t.sequence_wilds > 0)
        or t.wild_melds
        or t.black_three_wilds > 0
    )


def wild_room(layout: Layout, t: Tables) -> int:
    """The most wild cards a plan may meld onto ``layout`` and new melds but one of black
    threes, where only sequences take them: :data:`UNBOUNDED` where a meld of one rank may hold one
    (CL-MELD-3), melds of wild cards may be laid (HW-MELD-4) or a side may hold several
    sequences of one suit (HW-MELD-9). Else each sequence holds ``t.sequence_wilds`` at
    most (HW-MELD-6) and a suit with a sequence has no other: the room left in the side's
    sequences, and a sequence's for each suit without one. (Classic for six with
    sequences and ``max_wilds_per_meld=0``, tests/data/slow26: three wild cards, the
    hearts and clubs sequences holding one each, two suits left: refused at once, where
    the search spent 3,974 positions.)"""
    if any(t.max_wilds) or t.wild_melds or t.several:
        return UNBOUNDED
    if not t.sequences:
        return 0
    suits = {run.suit for run in layout.runs}
    room = sum(max(0, t.sequence_wilds - run.wilds) for run in layout.runs)
    return room + t.sequence_wilds * (_PER_RANK - len(suits))


def wilds_short(nat: bytes, melds: Iterable[Meld], wilds: int, t: Tables) -> int:
    """At least how many more wild cards than ``wilds`` a plan that melds every natural card
    but one needs: a rank with no meld of its own and a card no sequence can take needs a
    new meld of its rank, made up to the smallest size with wild cards (the one card left
    for the discard may spare one rank that). Naturals no plan melds
    (:func:`stuck_naturals`) are left out."""
    homes = Homes(nat, melds, wilds, t)
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


def wilds_owed_short(nat: bytes, layout: Layout, wilds: int, t: Tables) -> int:
    """At least how many more wild cards than ``wilds`` a plan that melds every natural card
    but one onto ``layout`` and new melds needs, from the naturals no meld can take without
    a wild card (where there are sequences, HW-MELD-3): of a rank with no meld of its own
    and too few of it for a new one with no wild card, beyond those a sequence of their
    suit may take with no wild card of the hand (:func:`sequence_homes`). Each such card's
    meld holds a wild card at least (a new meld of its rank the wild cards it lacks, unless
    a sequence may take it). Two of them may share a meld only if they are of one rank (a
    new meld of it) or of one suit near enough for one sequence (within the longest, with no
    more positions between them missing than a sequence's wild cards); so cards no two of
    which may share one are in melds of their own, whose wild cards add up. The one card
    left for the discard may spare its meld's."""
    if not t.sequences:
        return 0
    held = suit_masks(nat)
    covered = list(held)
    suit_runs: list[list[Run]] = [[] for _ in range(_PER_RANK)]
    for run in layout.runs:
        covered[run.suit] |= span(run)
        suit_runs[run.suit].append(run)
    rank_melds = {group.position for group in layout.ranks}
    totals = rank_totals(nat)
    by_sequence = 1 if t.sequence_wilds and wilds else UNBOUNDED
    owing: list[tuple[int, int, int]] = []  # each card's wild cards, position and suit
    for position, have in enumerate(totals):
        new_meld = t.new_meld_wilds[have]
        if not have or not new_meld or position in rank_melds:
            continue
        for suit in range(_PER_RANK):
            count = nat[natural_face(position, suit)]
            if count:
                count -= sequence_homes(nat, held[suit], suit_runs[suit], position, suit, t)
                if count > 0:
                    owing += [(min(by_sequence, new_meld), position, suit)] * count
    apart: list[tuple[int, int, int]] = []
    for card in sorted(owing, key=lambda card: (-card[0], card[1:])):
        if not any(_may_share(card, other, covered, totals, wilds, t) for other in apart):
            apart.append(card)
    costs = [cost for cost, _, _ in apart]
    return max(0, sum(costs) - max(costs, default=0) - wilds)


def span(run: Run) -> int:
    """The positions ``run`` covers, as bits."""
    return (1 << (run.high + 1)) - (1 << run.low)


def sequence_homes(
    nat: bytes, held: int, runs: list[Run], position: int, suit: int, t: Tables
) -> int:
    """At most how many naturals at ``position`` of ``suit`` go into sequences that take no
    wild card of the hand beside them. Such a sequence holds the card, and beside it, at the
    position below or above (a sequence is two cards in a row at least), a natural card of
    the hand or an open sequence of the suit ending there; each of those is in one sequence
    only, and a sequence holds one card a rank (HW-MRG-2): no more such sequences than
    neighbours. Of the open sequences ``runs`` of the suit, one that holds the position can
    neither take the card nor be merged with one that does; and there are none unless the
    others and the suit's naturals ``held`` (as bits) reach the smallest size in a row
    through the card, or an open sequence (:func:`_natural_run`)."""
    face = natural_face(position, suit)
    below = nat[face - _PER_RANK] if position > 0 else 0
    homes = below + (nat[face + _PER_RANK] if position < TOP else 0)
    if not runs:
        return homes if homes and _natural_run(held, runs, position, t) else 0
    runs = [run for run in runs if not run.low <= position <= run.high]
    homes += sum(run.high == position - 1 or run.low == position + 1 for run in runs)
    if not homes:
        return 0
    covered = held
    for run in runs:
        covered |= span(run)
    return homes if _natural_run(covered, runs, position, t) else 0


def _natural_run(covered: int, runs: Iterable[Run], position: int, t: Tables) -> bool:
    """Whether a natural at ``position`` may go into a sequence with no wild card: the
    positions ``covered`` (naturals of its suit still to place and the open sequences
    ``runs`` of it) in a row through it are the smallest size at least, or hold one of
    ``runs``."""
    low = high = position
    while low > 0 and covered >> (low - 1) & 1:
        low -= 1
    while high < TOP and covered >> (high + 1) & 1:
        high += 1
    if high - low + 1 >= t.min_size:
        return True
    return any(run.low <= high and low <= run.high for run in runs)


def _may_share(
    card: tuple[int, int, int],
    other: tuple[int, int, int],
    covered: list[int],
    totals: list[int],
    wilds: int,
    t: Tables,
) -> bool:
    """Whether two naturals that need a wild card (see :func:`wilds_owed_short`) may be in
    one meld: a new meld of their rank, or a sequence of their suit."""
    _, position, suit = card
    _, other_position, other_suit = other
    if position == other_position:
        return t.new_meld_wilds[totals[position]] <= wilds
    low, high = sorted((position, other_position))
    if suit != other_suit or high - low >= t.longest_sequence:
        return False
    between = (1 << high) - (1 << (low + 1))
    return (between & ~covered[suit]).bit_count() <= t.sequence_wilds


class Homes:
    """Where a hand's natural cards may go, by the cheap tests of :func:`stuck_naturals`:
    from the hand (natural counts ``nat``, unfolded, and ``wilds`` wild cards) and the
    side's ``melds``."""

    def __init__(self, nat: bytes, melds: Iterable[Meld], wilds: int, t: Tables) -> None:
        self.totals = rank_totals(nat)
        #: The positions of the ranks the side has a meld of, and the side's sequences.
        self.rank_melds: set[int] = set()
        self.runs: list[tuple[int, int, int]] = []  # suit, lowest and highest position
        for meld in melds:
            if meld.kind is _RANK_MELD:
                self.rank_melds.add(natural_position(meld.rank))
            elif meld.kind is _SEQUENCE_MELD:
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

    def no_sequence_takes(self, faces: Iterable[int]) -> bool:
        """Whether no plan can meld a natural card of ``faces`` into a sequence: by the test
        of :meth:`in_sequence` (no sequence of its suit may grow to it, and too few of its
        suit in a row for a new one), so such a card can only join a meld of its rank or be
        the discard."""
        return not any(self.in_sequence(*divmod(face, _PER_RANK)) for face in faces)


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


def canasta_bound(nat: bytes, wilds: int, melds: Iterable[Meld], t: Tables) -> int:
    """At most how many more canastas the side can complete from these natural cards and
    ``wilds`` wild cards: each is a meld that is not one yet grown to the size, a merge of
    melds of one family (HW-MRG-1), or a new meld of cards from the hand."""
    size = t.canasta_size
    by_position = rank_totals(nat)
    masks = suit_masks(nat)
    growing = [m for m in melds if m.kind is not _BLACK_MELD and not t.rules.is_canasta(m)]
    made = (
        _merged_family_bound(growing, nat, by_position, wilds, t)
        if t.rules.merging_allowed
        else sum(_meld_bound(meld, by_position, masks, wilds, t) for meld in growing)
    )
    made += sum(_new_rank_canastas(have, wilds, t) for have in by_position if have)
    if t.sequences:
        fill = int(t.sequence_wilds > 0 and wilds > 0)
        made += sum(
            _new_runs(mask, _suit_cards(nat, suit, t), fill, t) for suit, mask in enumerate(masks)
        )
    if t.wild_melds:
        made += wilds // size
    return made


def _new_rank_canastas(have: int, wilds: int, t: Tables) -> int:
    """At most how many new melds of one rank become canastas from ``have`` natural cards
    of it and ``wilds`` wild cards: one meld, within the wild cards its naturals allow
    (CL-MELD-3), where a side has one meld a rank; where it may have several (HW-MELD-9),
    as many as the cards allow, each holding the fewest naturals a canasta of a rank holds
    at least (``Tables.canasta_naturals``), its wild cards within what each meld allows."""
    if not t.several:
        return (have + min(wilds, t.max_wilds[have])) // t.canasta_size
    fewest = t.canasta_naturals
    return min(have // fewest, (have + wilds) // t.canasta_size) if fewest else 0


def _suit_cards(nat: bytes, suit: int, t: Tables) -> int:
    """The natural cards of ``suit`` in ``nat`` that the sequences of that suit may take: one
    a rank where a side has one sequence a suit, every copy where it may have several
    (HW-MELD-9: two sequences of a suit may hold the same rank)."""
    cards = nat[suit::_PER_RANK]
    return sum(cards) if t.several else sum(1 for count in cards if count)


def _new_runs(mask: int, cards: int, fill: int, t: Tables) -> int:
    """At most how many new sequences of one suit become canastas, its naturals held at the
    positions of ``mask`` (``cards`` of them, :func:`_suit_cards`): none without
    ``canasta_size`` positions in a row (one filled by a wild card where ``fill``), else
    one, or where a side may have several, as many as the naturals allow, each holding
    ``canasta_size`` less its wild cards."""
    if longest_run(mask, None, fill) < t.canasta_size:
        return 0
    return max(1, cards // max(1, t.canasta_size - t.sequence_wilds)) if t.several else 1


def _meld_bound(
    meld: Meld, by_position: list[int], masks: list[int], wilds: int, t: Tables
) -> int:
    """1 if the meld, which is not a canasta, may still grow into one."""
    size = t.canasta_size
    if meld.kind is _RANK_MELD:
        have = by_position[natural_position(meld.rank)]
        room = max(0, t.max_wilds[meld.naturals + have] - meld.wilds)
        return int(meld.size + have + min(wilds, room) >= size)
    if meld.kind is _WILD_MELD:
        return int(meld.size + min(wilds, t.longest_wild_meld - meld.size) >= size)
    assert meld.suit is not None
    low, high = natural_position(meld.low), natural_position(meld.high)
    covered = masks[SUITS.index(meld.suit)] | (1 << (high + 1)) - (1 << low)
    fill = int(meld.wilds < t.sequence_wilds and wilds > 0)
    return int(longest_run(covered, low, fill) >= size)


def _merged_family_bound(
    melds: list[Meld], nat: bytes, by_position: list[int], wilds: int, t: Tables
) -> int:
    """Where melds merge: for each family (a rank, a suit's sequences, the melds of wild
    cards), all its cards, the hand's of its rank or suit and every wild card, by the size
    of a canasta: no more canastas can come out of it."""
    by_rank: dict[int, int] = {}
    by_suit: dict[int, int] = {}
    wild_cards = 0
    for meld in melds:
        if meld.kind is _RANK_MELD:
            position = natural_position(meld.rank)
            by_rank[position] = by_rank.get(position, by_position[position]) + meld.size
        elif meld.kind is _SEQUENCE_MELD:
            assert meld.suit is not None
            suit = SUITS.index(meld.suit)
            by_suit[suit] = by_suit.get(suit, _suit_cards(nat, suit, t)) + meld.size
        else:
            wild_cards += meld.size
    totals = [*by_rank.values(), *by_suit.values(), *([wild_cards] if wild_cards else [])]
    return sum((cards + wilds) // t.canasta_size for cards in totals)


def canastas_out_of_reach(
    nat: bytes, wilds: int, layout: Layout, summary: Summary, needed: int, t: Tables
) -> bool:
    """Whether the side surely cannot have ``needed`` canastas once the naturals still to
    place, ``nat``, and the ``wilds`` wild cards are melded onto the open melds ``layout``
    and new ones, the melds summed up in ``summary`` taking wild cards only.

    Each canasta still missing comes from one source: a meld summed up, completed by the
    wild cards it is short (``summary.shorts``, the closest); or a family of melds, those of
    one rank, the sequences of one suit, or the melds of wild cards, open melds and new ones
    together (merges stay within a family). A family's k-th canasta costs at least the wild
    cards by which k canastas outnumber all the cards the family could have
    (:func:`_family_costs`): the cheapest missing ones must fit in the wild cards not owed
    to bringing the summed up melds to the smallest size. Counting every natural card for
    each family it might join, and no wild card for a canasta that might take none, only
    ever makes it easier; where that leaves them within reach, the canastas of ranks and
    sequences that take no wild card are counted against the hand's naturals, one card in
    one canasta (:func:`_natural_cards_short`)."""
    missing = needed - summary.done
    if missing <= 0:
        return False
    return _wild_cards_short(nat, wilds, layout, summary, missing, t) or _natural_cards_short(
        nat, wilds, layout, summary, missing, t
    )


def _wild_cards_short(
    nat: bytes, wilds: int, layout: Layout, summary: Summary, missing: int, t: Tables
) -> bool:
    """:func:`canastas_out_of_reach` with every family counted on its own."""
    if free_rank_canastas(nat, layout, t) >= missing:
        return False
    left = wilds - summary.need
    costs = list(summary.shorts)
    free = 0  # canastas that may cost no wild card: with enough of them, nothing to add up
    for family in _family_costs(nat, layout, missing, t):
        free += family.count(0)
        if free >= missing:
            return False
        costs += family
    if _cheapest(costs, missing) <= left:
        # The sequences' costs could only make the cheapest canastas cheaper: where those
        # of the other families fit already, the answer is no without them (most positions
        # of a search that finds a plan, where the sequences cost the most to count).
        return False
    if t.sequences and t.longest_sequence >= t.canasta_size:
        for family in suit_costs(nat, wilds, layout, missing, t):
            free += family.count(0)
            if free >= missing:
                return False
            costs += family
    return _cheapest(costs, missing) > left


def _natural_cards_short(
    nat: bytes, wilds: int, layout: Layout, summary: Summary, missing: int, t: Tables
) -> bool:
    """:func:`canastas_out_of_reach` where the canastas of ranks and sequences that take no
    wild card of the hand are no more than its naturals make (:func:`natural_canastas`):
    the others cost one at least. Not asked where the hand holds a canasta's size of
    naturals for each one missing: that count has none take more, so it leaves none out."""
    if sum(nat) >= missing * t.canasta_size:
        return False
    natural = natural_canastas(nat, layout, t)
    if natural >= missing:
        return False
    families = [*each_rank_costs(tally(nat).by_rank, layout.ranks, missing, t)]
    if t.sequences and t.longest_sequence >= t.canasta_size:
        families += suit_costs(nat, wilds, layout, missing, t)
    ranked = sorted(chain.from_iterable(families))
    costs = [*summary.shorts, *ranked[:natural], *(max(1, cost) for cost in ranked[natural:])]
    for family in _wild_family_costs(layout, missing, t):
        costs += family
    return _cheapest(costs, missing) > wilds - summary.need


def _cheapest(costs: list[int], missing: int) -> int:
    """The ``missing`` smallest of ``costs`` added up (:data:`UNBOUNDED` where there are
    fewer)."""
    if len(costs) < missing:
        return UNBOUNDED
    return sum(sorted(costs)[:missing])


def free_rank_canastas(nat: bytes, layout: Layout, t: Tables) -> int:
    """The ranks of which a canasta costs no wild card: an open meld of the rank, or a new
    one, with the rank's naturals still to place added, is the size of a canasta (its wild
    cards within what its naturals allow, CL-MELD-3). Each is a family's first canasta that
    :func:`_family_costs` finds free too: the quick answer of :func:`canastas_out_of_reach`
    where these are enough, as most positions of a search that finds a plan are."""
    size = t.canasta_size
    totals = tally(nat).by_rank
    free = {position for position, have in enumerate(totals) if have >= size}  # new melds
    for group in layout.ranks:
        have = totals[group.position]
        if have + group.naturals + group.wilds >= size and (
            group.wilds <= t.max_wilds[group.naturals + have]
        ):
            free.add(group.position)
    return len(free)


def _family_costs(
    nat: bytes, layout: Layout, missing: int, t: Tables
) -> Iterator[tuple[int, ...]]:
    """The least wild cards each further canasta of a family but the sequences costs, up
    to ``missing`` of each (see :func:`canastas_out_of_reach`, which adds the sequences':
    :func:`~canasta._engine.search.suits.suit_costs`)."""
    yield from each_rank_costs(tally(nat).by_rank, layout.ranks, missing, t)
    yield from _wild_family_costs(layout, missing, t)


def _wild_family_costs(layout: Layout, missing: int, t: Tables) -> Iterator[tuple[int, ...]]:
    """The least wild cards each further canasta of the melds of wild cards costs."""
    if (t.wild_melds or layout.wilds) and t.longest_wild_meld >= t.canasta_size:
        yield increments(sum(group.size for group in layout.wilds), missing, t.canasta_size)


@remembered(1 << 12)
def each_rank_costs(
    by_rank: tuple[int, ...], ranks: tuple[RankGroup, ...], missing: int, t: Tables
) -> tuple[tuple[int, ...], ...]:
    """:func:`_rank_costs` of each rank with natural cards still to place (``by_rank``) or
    open melds (``ranks``). Remembered: the positions of a search below a rank hold the
    same melds of one rank and the same naturals of the ranks not yet reached, whatever
    their sequences (about half to nine in ten of the questions were asked before in the
    positions of tests/data/slow26; 4096 answers, each a few numbers a rank)."""
    groups: dict[int, list[RankGroup]] = {}
    for group in ranks:
        groups.setdefault(group.position, []).append(group)
    return tuple(
        _rank_costs(tuple(groups.get(position, ())), have, missing, t)
        for position, have in enumerate(by_rank)
        if have or position in groups
    )


@remembered(1 << 12)
def _rank_costs(
    laid: tuple[RankGroup, ...], have: int, missing: int, t: Tables
) -> tuple[int, ...]:
    """The least wild cards each further canasta of one rank costs, ``missing`` of them at
    most, from the open melds ``laid`` of it and ``have`` natural cards of it still to
    place; none if none can be made. The first is a new meld of the naturals, or one of the
    melds (or a merge of those that may merge) with naturals added, within the wild cards a
    meld may hold (CL-MELD-3, HW-MRG-2); each further one at least what all the rank's
    cards lack for them all, as many as the rank's naturals may make. Remembered: the
    search asks it of every rank (:func:`each_rank_costs`), and the ranks it has not
    reached, or not changed, are as they were (over nine in ten of the questions were
    asked before in the positions of tests/data/slow26; 4096 answers, each a few
    numbers)."""
    size = t.canasta_size
    naturals = have + sum(group.naturals for group in laid)
    fewest = t.canasta_naturals
    most = min(missing, naturals // fewest) if fewest else 0
    if not most and not any(group.naturals + group.wilds >= size for group in laid):
        return ()  # too few naturals for a canasta, and none laid
    first = _first_canasta(laid, have, t)
    if first is None:
        return ()
    cards = naturals + sum(group.wilds for group in laid)
    costs = [first]
    total = first
    for k in range(2, max(most, 1) + 1):
        step = max(0, k * size - cards - total)
        costs.append(step)
        total += step
    return tuple(costs)


def _first_canasta(laid: Sequence[RankGroup], have: int, t: Tables) -> int | None:
    """The fewest wild cards that make one canasta of a rank (see :func:`_rank_costs`), or
    ``None`` where none can be made."""
    size = t.canasta_size
    if any(group.naturals + group.wilds >= size for group in laid):
        return 0  # a canasta already
    merging = [group for group in laid if group.merges]
    bases = [(0, 0), *((g.naturals, g.wilds) for g in laid)]
    bases += [
        (sum(g.naturals for g in part), sum(g.wilds for g in part))
        for count in range(2, len(merging) + 1)
        for part in combinations(merging, count)
    ]
    best = None
    for base_naturals, base_wilds in bases:
        for naturals in range(base_naturals + have, max(base_naturals, 1) - 1, -1):
            room = t.max_wilds[naturals]
            if base_wilds <= room and naturals + room >= size:
                cost = max(0, size - naturals - base_wilds)
                best = cost if best is None else min(best, cost)
                break
    return best


def increments(cards: int, most: int, size: int) -> tuple[int, ...]:
    """The wild cards each of ``most`` canastas adds to what ``cards`` cards need for them."""
    return tuple(
        max(0, k * size - cards) - max(0, (k - 1) * size - cards) for k in range(1, most + 1)
    )
