"""Where the natural cards of a hand must go, followed through: a sound bound for going out.

Where there are sequences (HW-MELD-3), a natural card goes into a meld of its rank or a
sequence of its suit. A rank with no meld on the table and too few natural cards for a new
one (CL-MELD-2: Hollywood's three, HW-MELD-5) can go into sequences only, and a sequence
needs natural neighbours (HW-MELD-5, HW-MELD-6): where every sequence that could take a card
holds a certain neighbour, that neighbour is in a sequence, not in a meld of its rank; its
rank may then have too few cards left for a meld, and its cards must go into sequences in
turn. The other way round, a card no sequence can take must go into a new meld of its rank,
and where the rank has just enough cards for one, all of them go there, out of the suits'
reach. :func:`forced_short` follows these consequences until none is left, and refutes a
hand where a card has then nowhere to go, or the sequences and melds the cards need ask more
wild cards than the hand holds.

The going-out search (:mod:`~canasta._engine.search.sweep`) learns the same only by trying
every way of placing the ranks in between: a Hollywood hand of 44 cards that has laid black
threes, each of whose meld steps must go out (CL-B3-3), took some 140 refuted searches of
up to 500 positions each (``tests/data/slow26``).

Every step only ever concludes what every plan does: a window of ranks that could hold a
sequence through a card still could once other cards are taken away, so a neighbour every
sequence needs is needed whatever else is decided; the cards taken away for a meld of their
rank or kept for a sequence only grow as the consequences are followed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations, combinations_with_replacement
from typing import NamedTuple

from canasta._cache import Memo, remembered
from canasta._engine.search.layout import Layout, Run
from canasta._engine.search.placing import tally
from canasta._engine.steps import rank_totals
from canasta._engine.tables import TOP, UNBOUNDED, Tables
from canasta._model.cards import SUITS

__all__ = ["discards_left", "fewest", "forced_short", "sequence_bound_ranks", "trouble"]

_PER_RANK = len(SUITS)


def forced_short(
    nat: bytes,
    layout: Layout,
    wilds: int,
    spare: frozenset[int],
    t: Tables,
    rank_wilds: int | None = None,
) -> bool:
    """Whether no plan melds every natural card of ``nat`` (unfolded) onto the open melds
    ``layout`` and new melds with ``wilds`` wild cards, but one card of a face in ``spare``,
    which is discarded: by :func:`trouble` for the hand and for each such discard that
    could change its answer. Given ``rank_wilds``, only plans whose new melds of one rank
    hold that many wild cards at most
    (:func:`~canasta._engine.search.one_wild.one_wild_short`)."""
    left = discards_left(nat, layout, wilds, spare, t, rank_wilds)
    return left is not None and not left


def discards_left(
    nat: bytes,
    layout: Layout,
    wilds: int,
    spare: frozenset[int],
    t: Tables,
    rank_wilds: int | None = None,
) -> frozenset[int] | None:
    """The faces of ``spare`` one card of which may still be the discard of a plan that
    melds the rest of ``nat`` with ``wilds`` wild cards, by the reasoning of
    :func:`forced_short`: ``None`` where it finds no trouble with every card melded (any
    may be the discard, or none), else a part of ``spare`` that holds every face whose
    discard clears the trouble (none: :func:`forced_short` refutes the hand). Only a
    discard of a face :func:`trouble` asked a place for can clear it, and a plan that
    discards another melds naturals it refutes: the search of the hand need try only
    these (``going_out.going_out_possible``, ``sweep.Sweep.discards``), and its bounds,
    told of fewer discards, refute more. The faces are tried as :func:`forced_short` tries
    them, up to the first that clears the trouble: no more work than it. (Trying every
    one leaves one to five faces where it leaves six to eighteen, but costs more than the
    search it spares where the hand has many faces to try: the Hollywood for two
    ``hand_size=49`` position of tests/data/slow26 1,746 -> 1,952 million instructions to
    load and list, Hollywood for five with ``min_naturals=2`` 1,996 -> 1,956.)"""
    if not (t.sequences and t.min_size <= t.longest_sequence):
        return None  # every card goes into a meld of its rank: nothing to follow
    rank_wilds = wilds if rank_wilds is None else rank_wilds
    if not sequence_bound_ranks(nat, layout, rank_wilds, t):
        return None  # no card is bound for sequences: no chain to follow
    involved = trouble(nat, layout, wilds, rank_wilds, t)
    if involved is None:
        return None
    cleared = _CLEARED.find(t)
    faces = sorted(involved & spare, key=lambda face: face != cleared)
    for index, face in enumerate(faces):
        if _clears(nat, face, layout, wilds, rank_wilds, t):
            _CLEARED.put(t, face)
            return frozenset(faces[index:])
    return frozenset()


def _clears(nat: bytes, face: int, layout: Layout, wilds: int, rank_wilds: int, t: Tables) -> bool:
    """Whether, one card of ``face`` discarded, :func:`trouble` finds none."""
    less = bytearray(nat)
    less[face] -= 1
    return trouble(bytes(less), layout, wilds, rank_wilds, t) is None


#: The face whose discard last cleared a hand's trouble in :func:`forced_short`, by the
#: rules' tables: tried first, since the questions of one turn are about hands alike, whose
#: trouble the same discard tends to clear (in the Hollywood for two ``hand_size=49``
#: position of tests/data/slow26, 510 -> 305 hands asked of for the discards). Only the
#: order of the discards, not the answer, depends on it. One face a rule set, 64 rule sets.
_CLEARED: Memo[Tables, int] = Memo(64)


def sequence_bound_ranks(nat: bytes, layout: Layout, wilds: int, t: Tables) -> list[int]:
    """The positions of the ranks of ``nat`` whose naturals only sequences may take: no meld
    of the rank is open in ``layout``, and there are too few of it for a new one with
    ``wilds`` wild cards (CL-MELD-2). Where there is none, no card is known to go into a
    sequence, and the wild cards new melds of a rank need are counted before the search
    already (``bounds.wilds_short``). The ranks' totals are the naturals' :func:`tally`,
    which the search's positions, asking this at each (``joint.wilds_for_canastas_short``),
    have counted already."""
    open_ranks = {group.position for group in layout.ranks}
    return [
        position
        for position, total in enumerate(tally(nat).by_rank)
        if total and position not in open_ranks and t.new_meld_wilds[total] > wilds
    ]


class _Cover(NamedTuple):
    """How the cards of one face go into sequences: the positions of the suit that give
    them a card whichever sequences they go into, each with the fewest cards it gives
    (``needs``), and the fewest wild cards they take (``cost``)."""

    needs: tuple[tuple[int, int], ...]
    cost: int


@remembered(1 << 12)
def trouble(
    nat: bytes, layout: Layout, wilds: int, rank_wilds: int, t: Tables
) -> frozenset[int] | None:
    """``None`` unless the natural cards of ``nat`` surely cannot all be melded (see the
    module's introduction); if they cannot, the faces whose cards the reasoning asked a
    place for (those of ranks that can have no new meld, and those no sequence can take).

    Only a discard of one of those faces can change the answer: any other card taken away
    takes away a card that other cards' sequences might hold, or one of a rank with a
    meld of its own, which only ever leaves the cards fewer places, so that every step of
    the reasoning still holds. Remembered: the searches of a turn's steps ask of the same
    hands."""
    state = _State(nat, layout, wilds, rank_wilds, t)
    while True:
        owed = state.sweep()
        if owed is None or (not state.changed and owed > wilds):
            return frozenset(state.involved)
        if not state.changed:
            return None


class _State:
    """The cards known to go into sequences (``in_runs``) and those a sequence may take
    (``usable``), by face, as :meth:`sweep` follows the consequences."""

    def __init__(self, nat: bytes, layout: Layout, wilds: int, rank_wilds: int, t: Tables) -> None:
        self.nat = nat
        self.wilds = wilds
        #: The wild cards a new meld of one rank may hold at most (:func:`forced_short`).
        self.rank_wilds = rank_wilds
        self.t = t
        self.totals = rank_totals(nat)
        self.open_ranks = {group.position for group in layout.ranks}
        #: The open sequences by suit, and the positions they hold by suit.
        self.runs, self.laid = _runs_by_suit(layout.runs)
        #: The fewest natural cards of a rank a new meld of it may hold (CL-MELD-2), with
        #: the wild cards the sequences owe set aside (:meth:`_set_aside`).
        self.fewest = fewest(rank_wilds, t)
        self.usable = bytearray(nat)
        self.in_runs = bytearray(len(nat))
        self.changed = False
        #: The numbers a sequence is made by (:class:`_Limits`).
        self.limits = _limits(t)
        #: Each suit's cards a sequence may take, by position, as of the pass's start.
        self.suits: list[bytes] = []
        #: The faces of the pass that go into sequences (position, suit), and what the
        #: positions of their suit give them (:attr:`_Cover.needs`).
        self.placed: list[tuple[int, int, tuple[tuple[int, int], ...]]] = []
        #: The faces whose cards were asked a place: see :func:`trouble`.
        self.involved: set[int] = set()
        #: The cards bound for sequences that owe wild cards, no two of which may share a
        #: sequence (cost, position, suit), as the last pass found them (:meth:`_apart`).
        self.apart: list[tuple[int, int, int]] = []
        #: The wild cards the cards :attr:`apart` owe, added up.
        self.owed_apart = 0
        #: The fewest wild cards owed apart that would price out a card the pass found not
        #: priced out (:meth:`_priced_out`): a pass that finds so many is worth another.
        self.pricing = UNBOUNDED

    def sweep(self) -> int | None:
        """One pass over the ranks: ``None`` where a card has nowhere to go, else at least
        how many wild cards the melds the cards need take (new melds of a rank, sequences
        of cards no two of which may share one). Sets :attr:`changed` if it learnt more."""
        self.changed = False
        self.pricing = UNBOUNDED
        self.suits = [bytes(self.usable[suit::_PER_RANK]) for suit in range(_PER_RANK)]
        owing: list[tuple[int, int, int]] = []
        self.placed = []
        owed = 0
        for position, total in enumerate(self.totals):
            if not total or position in self.open_ranks:
                continue  # a card of a rank with a meld on the table may always join it
            faces = range(position * _PER_RANK, (position + 1) * _PER_RANK)
            left = total - sum(self.in_runs[faces.start : faces.stop])
            if left < self.fewest:  # no new meld of the rank: sequences take every card
                if not self._into_runs(faces, owing):
                    return None
            elif left > self.fewest and not self.t.new_meld_wilds[left]:
                continue  # whether the rank needs a meld of its own would change nothing
            elif bound := [face for face in faces if self._unplaced(face)]:
                self.involved.update(bound)
                owed += self.t.new_meld_wilds[left]  # a new meld of the rank is needed
                if left == self.fewest:  # and takes every card not in a sequence
                    self._into_meld(faces)
        if not self._needs_fit():
            return None
        before = self.owed_apart
        runs_owed = self._apart(owing)
        if before < runs_owed and self.pricing <= runs_owed and owed + runs_owed <= self.wilds:
            self.changed = True  # a card may now be priced out (:meth:`_priced_out`)
        self._set_aside(runs_owed)
        return owed + runs_owed

    def _set_aside(self, runs_owed: int) -> None:
        """The wild cards the sequences of the cards bound for them take at least
        (``runs_owed``) are no new meld's of a rank: a new meld may hold only what is left,
        so it needs more natural cards (:attr:`fewest`, CL-MELD-2), and a rank with fewer
        goes into sequences in turn (a lone jack that takes the one wild card into a
        sequence of spades leaves the two queens no meld of their own). Sets
        :attr:`changed` where it learnt more."""
        least = fewest(min(self.rank_wilds, self.wilds - runs_owed), self.t)
        if least > self.fewest:
            self.fewest = least
            self.changed = True

    def _into_runs(self, faces: range, owing: list[tuple[int, int, int]]) -> bool:
        """Every card of ``faces``, a rank's, goes into a sequence: whether each can, the
        neighbours they need kept for sequences, and those that take wild cards added to
        ``owing`` (cost, position, suit)."""
        for face in faces:
            if self.nat[face]:
                self.involved.add(face)
                cover = self._cover(face, self.nat[face])
                if cover is None:
                    return False
                self._keep(face, cover)
                self.placed.append((*divmod(face, _PER_RANK), cover.needs))
                if cover.cost:
                    owing.append((cover.cost, *divmod(face, _PER_RANK)))
        return True

    def _unplaced(self, face: int) -> bool:
        """Whether some card of ``face`` no sequence can take, or can for want of wild
        cards (:meth:`_priced_out`)."""
        if not self.nat[face]:
            return False
        cover = self._cover(face, self.nat[face])
        return cover is None or self._priced_out(face, cover)

    def _priced_out(self, face: int, cover: _Cover) -> bool:
        """Whether the cards of ``face``, whose sequences take ``cover.cost`` wild cards at
        least, cannot all go into sequences: they may share none with the cards bound for
        sequences :attr:`apart`, whose wild cards leave too few. The wild cards of those
        sequences are the hand's (each card of :attr:`apart` is in a sequence of its own),
        and the sequences of ``face`` are others: so many are more than the hand holds. (A
        rank with just enough cards for a new meld then melds them all: the Hollywood for
        three hand of tests/data/slow26 with ``ask_permission="mandatory"``, whose ten of
        spades owes its one wild card, so its nines, the nine of diamonds wanting one for
        the eight, are a meld, and the ten of clubs loses ``8C 9C 10C`` and owes one too.)"""
        if not cover.cost:
            return False
        if self.owed_apart + cover.cost > self.wilds:
            card = divmod(face, _PER_RANK)
            if not any(self._may_share(card, other[1:]) for other in self.apart):
                return True
        self.pricing = min(self.pricing, self.wilds - cover.cost + 1)
        return False

    def _into_meld(self, faces: range) -> None:
        """The cards of ``faces`` not kept for sequences all go into the new meld of their
        rank, out of the sequences' reach."""
        for face in faces:
            if self.usable[face] > self.in_runs[face]:
                self.usable[face] = self.in_runs[face]
                self.changed = True

    def _cover(self, face: int, copies: int) -> _Cover | None:
        """How the ``copies`` cards of ``face`` can all go into sequences (:func:`_covered`),
        the suit's cards counted as the pass began: a pass that took some away since only
        learns less, and the next pass counts them. Told only the wild cards that can
        matter (:func:`_wilds_worth`), so that hands with more share the answers
        remembered."""
        position, suit = divmod(face, _PER_RANK)
        runs = self.runs[suit]
        wilds = _wilds_worth(self.wilds, copies, self.limits)
        return _covered(self.suits[suit], position, copies, runs, wilds, self.limits)

    def _keep(self, face: int, cover: _Cover) -> None:
        """The neighbours ``cover`` needs go into sequences."""
        suit = face % _PER_RANK
        for position, used in cover.needs:
            other = position * _PER_RANK + suit
            if used > self.in_runs[other]:
                self.in_runs[other] = used
                self.changed = True

    def _needs_fit(self) -> bool:
        """Whether the cards :attr:`placed` of each suit no two of which may share a
        sequence (:meth:`_may_share`) find the naturals their sequences need, added up: they
        are in sequences of their own. Those naturals are kept for sequences."""
        apart: list[tuple[int, int, tuple[tuple[int, int], ...]]] = []
        for card in sorted(self.placed):
            position, suit = card[0], card[1]
            if not any(self._may_share((position, suit), other[:2]) for other in apart):
                apart.append(card)
        needed: dict[int, int] = {}
        for _, suit, needs in apart:
            for other, count in needs:
                face = other * _PER_RANK + suit
                needed[face] = needed.get(face, 0) + count
        for face, count in needed.items():
            if count > self.usable[face]:
                return False
            if count > self.in_runs[face]:
                self.in_runs[face] = count
                self.changed = True
        return True

    def _apart(self, owing: list[tuple[int, int, int]]) -> int:
        """The wild cards of the sequences of cards that owe some (cost, position, suit),
        added up over cards no two of which may share a sequence: of different suits, or
        too far apart for one (the positions between them not held more than a sequence's
        wild cards, HW-MELD-6)."""
        apart: list[tuple[int, int, int]] = []
        for card in sorted(owing, reverse=True):
            if not any(self._may_share(card[1:], other[1:]) for other in apart):
                apart.append(card)
        total = sum(cost for cost, _, _ in apart)
        if total > self.owed_apart:
            self.apart, self.owed_apart = apart, total
        return total

    def _may_share(self, card: tuple[int, int], other: tuple[int, int]) -> bool:
        """Whether the cards at ``card`` and ``other`` (position, suit) may share a
        sequence (see :meth:`_apart`)."""
        position, suit = card
        other_position, other_suit = other
        if suit != other_suit:
            return False
        low, high = sorted((position, other_position))
        if high - low >= self.t.longest_sequence:
            return False
        if high - low - 1 <= self.t.sequence_wilds:
            return True  # wild cards may fill every position between them
        usable, laid = self.usable, self.laid[suit]
        held = sum(1 for p in range(low + 1, high) if usable[p * _PER_RANK + suit] or p in laid)
        return high - low - 1 - held <= self.t.sequence_wilds


@remembered(256)
def _runs_by_suit(
    runs: tuple[Run, ...],
) -> tuple[tuple[tuple[Run, ...], ...], tuple[frozenset[int], ...]]:
    """The sequences ``runs``, by suit, and the positions they hold, by suit. Remembered:
    the questions of one turn ask of a few layouts."""
    by_suit: tuple[list[Run], ...] = ([], [], [], [])
    for run in runs:
        by_suit[run.suit].append(run)
    laid = tuple(
        frozenset(p for run in suit_runs for p in range(run.low, run.high + 1))
        for suit_runs in by_suit
    )
    return tuple(map(tuple, by_suit)), laid


@remembered(256)
def fewest(wilds: int, t: Tables) -> int:
    """The fewest natural cards a new meld of a rank may hold with ``wilds`` wild cards at
    most (CL-MELD-2, CL-MELD-5): :data:`UNBOUNDED` where none may be made."""
    return next((n for n, need in enumerate(t.new_meld_wilds) if n and need <= wilds), UNBOUNDED)


class _Limits(NamedTuple):
    """What a sequence may be (HW-MELD-3, HW-MELD-5, HW-MELD-6): its smallest size, the
    natural cards it needs, its longest, and its wild cards."""

    shortest: int
    naturals: int
    longest: int
    wilds: int


@remembered(64)
def _limits(t: Tables) -> _Limits:
    """The :class:`_Limits` of the rules' tables."""
    return _Limits(t.min_size, t.sequence_naturals, t.longest_sequence, t.sequence_wilds)


def _wilds_worth(wilds: int, copies: int, limits: _Limits) -> int:
    """Of ``wilds`` wild cards, those :func:`_covered` can use for ``copies`` cards: each
    card's sequence takes a sequence's wild cards at most, so more change nothing."""
    return min(wilds, copies * limits.wilds)


#: One way for a card to go into a sequence: the naturals it takes, by position, as a bit
#: mask and the wild cards; or which open sequence it joins (an index, -1 for a new one).
_Way = tuple[int, int, int]
#: The sequences through a card of one window of ranks, each a way (:func:`_fillings`): the
#: positions of naturals held that may fill its other places (as a bit mask), how many
#: places, the fewest naturals it needs there, the most wild cards it may take, and the open
#: sequence it joins (an index, -1 for a new one).
_Window = tuple[int, int, int, int, int]


@remembered(1 << 14)
def _covered(
    counts: bytes, position: int, copies: int, runs: tuple[Run, ...], wilds: int, limits: _Limits
) -> _Cover | None:
    """How ``copies`` cards at ``position`` of a suit can all go into sequences, each into
    its own (a sequence holds one card a rank), the suit's other naturals ``counts`` by
    position: ``None`` where they cannot. Each sequence is a new one (a window of the
    ranks, :func:`_new_windows`) or an open one of ``runs`` grown to the card
    (:func:`_run_windows`), at most one card joining each."""
    windows = _windows(counts, position, runs, wilds, limits)
    if copies == 1:
        return _one_cover(windows)
    ways = [way for window in windows for way in _fillings(*window)]
    if not ways:
        return None
    return _copies_cover(_undominated(ways), copies, counts, wilds)


def _windows(
    counts: bytes, position: int, runs: tuple[Run, ...], wilds: int, limits: _Limits
) -> list[_Window]:
    """The windows of ranks the sequences through the card at ``position`` may fill, new
    (:func:`_new_windows`) and open ones grown (:func:`_run_windows`), the suit's other
    naturals ``counts`` by position (as a bit mask, counted once)."""
    held = _mask(p for p, count in enumerate(counts) if count and p != position)
    new = _new_windows(held, position, min(limits.wilds, wilds), limits)
    return [*new, *_run_windows(held, position, runs, wilds, limits)]


def _one_cover(windows: list[_Window]) -> _Cover | None:
    """The :class:`_Cover` of one card, which goes one way of ``windows``: the positions
    every way takes, and the cheapest way's wild cards; told from each window with no way
    made. Its ways all take every natural it holds where they need them all (the fewest
    naturals are all there are, or the wild cards fill no more places); else a way that
    takes one fewer leaves out each in turn. Its cheapest way takes them all."""
    common, cost = ~0, UNBOUNDED
    for others, places, fewest, cap, _ in windows:
        held = others.bit_count()
        least = max(fewest, places - cap)
        if least > held:
            continue  # no way
        common &= others if least == held else 0
        cost = min(cost, places - held)
    if cost == UNBOUNDED:
        return None
    return _Cover(tuple((p, 1) for p in _bits(common)), cost)


def _copies_cover(ways: list[_Way], copies: int, counts: bytes, wilds: int) -> _Cover | None:
    """The :class:`_Cover` of ``copies`` cards, each going one of ``ways`` (a way may be
    taken by several): by position, the fewest cards every choice of ways the cards can
    take together gives, and the fewest wild cards of such a choice."""
    best: list[int] | None = None
    cost = UNBOUNDED
    for chosen in combinations_with_replacement(ways, copies):
        used = _used(chosen, counts, wilds)
        if used is not None:
            best = used if best is None else [min(a, b) for a, b in zip(best, used, strict=True)]
            cost = min(cost, sum(w for _, w, _ in chosen))
    if best is None:
        return None
    return _Cover(tuple((p, n) for p, n in enumerate(best) if n), cost)


def _undominated(ways: list[_Way]) -> list[_Way]:
    """``ways`` less those another does as well as: a way taking a part of the naturals of
    another, no more wild cards, and no open sequence or the same one. Put in its place in a
    choice of ways, it takes no more of anything, so the choice stays possible: such a
    choice tells :func:`_copies_cover` nothing the other does not, and fewer ways are far
    fewer choices (a card of two copies with 13 ways has 91 pairs, with 5 ways 15)."""
    kept: list[_Way] = []
    for way in ways:
        if not any(_does_as_well(other, way) for other in kept):
            kept = [other for other in kept if not _does_as_well(way, other)]
            kept.append(way)
    return kept


def _does_as_well(way: _Way, other: _Way) -> bool:
    """Whether ``way`` takes no natural ``other`` does not, no more wild cards, and no open
    sequence or the one ``other`` joins (see :func:`_undominated`)."""
    mask, wild, run = way
    other_mask, other_wild, other_run = other
    return mask & ~other_mask == 0 and wild <= other_wild and run in (-1, other_run)


def _used(chosen: tuple[_Way, ...], counts: bytes, wilds: int) -> list[int] | None:
    """The cards each position gives the ways ``chosen`` together, or ``None`` where they
    join one open sequence twice or take more cards or wild cards than there are."""
    joined = [run for _, _, run in chosen if run >= 0]
    if len(joined) != len(set(joined)) or sum(w for _, w, _ in chosen) > wilds:
        return None
    used = [0] * (TOP + 1)
    for mask, _, _ in chosen:
        for p in _bits(mask):
            used[p] += 1
            if used[p] > counts[p]:
                return None
    return used


def _new_windows(held: int, position: int, cap: int, limits: _Limits) -> Iterator[_Window]:
    """The new sequences through ``position``: windows of ranks from the smallest size to
    the longest needed, each of its other positions a natural held (the bits of ``held``)
    or one of at most ``cap`` wild cards, with the naturals a sequence needs (HW-MELD-5,
    HW-MELD-6). A longer sequence holds such a window through the card, with no more
    naturals or wild cards: so these suffice to say what every sequence needs."""
    shortest, naturals = limits.shortest, limits.naturals
    longest = min(max(shortest, naturals + cap), limits.longest)
    for size in range(shortest, longest + 1):
        window = (1 << size) - 1
        for low in range(max(0, position - size + 1), min(position, TOP - size + 1) + 1):
            yield held & (window << low), size - 1, naturals - 1, cap, -1


def _run_windows(
    held: int, position: int, runs: tuple[Run, ...], wilds: int, limits: _Limits
) -> Iterator[_Window]:
    """The open sequences ``runs`` of the suit grown to ``position``: the ranks between
    them and the card each a natural held (the bits of ``held``) or a wild card, within the
    sequence's wild cards and the longest sequence."""
    for index, run in enumerate(runs):
        if run.low <= position <= run.high:
            continue  # the rank is in the sequence already (HW-MELD-10)
        low, high = min(run.low, position), max(run.high, position)
        if high - low + 1 > limits.longest:
            continue
        between = _span(low, high) & ~_span(run.low, run.high) & ~(1 << position)
        cap = max(0, min(limits.wilds - run.wilds, wilds))
        yield held & between, between.bit_count(), 0, cap, index


def _fillings(others: int, places: int, fewest: int, cap: int, run: int) -> Iterator[_Way]:
    """Each way to fill ``places`` positions with some of the naturals held at ``others``
    (a bit mask; ``fewest`` at least) and wild cards for the rest (``cap`` at most)."""
    held = list(_bits(others))
    for size in range(max(fewest, places - cap), len(held) + 1):
        for chosen in combinations(held, size):
            yield _mask(chosen), places - size, run


def _span(low: int, high: int) -> int:
    """The bit mask of the positions ``low`` to ``high``."""
    return (1 << (high + 1)) - (1 << low)


def _mask(positions: Iterable[int]) -> int:
    """The bit mask of ``positions``."""
    return sum(1 << p for p in positions)


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
