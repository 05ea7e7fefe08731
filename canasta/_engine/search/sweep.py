"""The search behind going out: the hand's natural cards placed rank by rank, lowest first
(:func:`~canasta._engine.search.going_out.going_out_possible` also hands it the ranks upside
down, so that the aces come first, each way with a :attr:`Sweep.budget` of positions in
turn).

At each rank the search places every natural card of it at once. Each copy either joins a
sequence of its suit (extending one, filling its gap with a wild card, leading a block below
it, or starting a new one: :mod:`~canasta._engine.search.placing`) or goes into the rank's
*pool*; then the pool is shared among the side's melds of that rank and new melds of it, by
count alone, since suits no longer matter to melds of one rank. The melds no later card can
join are then summed up for the wild cards (:class:`~canasta._engine.search.summary.Summary`),
so that positions of the search that differ only in melds already finished are one.

The discard, where it may be any of several natural cards, is one choice of the same search
(:func:`_discards_now`): rather than a search for each card that might be discarded, which
repeats the work below that card's rank for every one, a card of it is left out where the
search meets its rank, after every way of placing it failed.

Melds on the table that may still merge with another of their family (HW-MRG-1) are kept as
they are until no natural card can join them (sequences and melds of wild cards: until the
end), when every merge the rules allow is tried, family by family
(:func:`~canasta._engine.search.layout.merges`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from canasta._cache import remembered
from canasta._engine.search.bounds import canastas_out_of_reach
from canasta._engine.search.escalera import escalera_in_reach
from canasta._engine.search.forced import forced_short
from canasta._engine.search.joint import wilds_for_canastas_short
from canasta._engine.search.layout import (
    Finished,
    Layout,
    Merges,
    Run,
    bridged,
    merges,
)
from canasta._engine.search.placing import lowest, run_placements, tally
from canasta._engine.search.pools import pool_shared, sharable
from canasta._engine.search.stuck import placing_fails
from canasta._engine.search.summary import Summary
from canasta._engine.tables import TOP, Tables
from canasta._model.cards import SUITS

__all__ = ["Exhausted", "Sweep"]

_PER_RANK = len(SUITS)
#: A rank placed onto sequences: a position, and the naturals of the rank in the pool.
Placed = tuple[bytes, int, Layout, int]
#: A position as remembered: naturals, wild cards, melds, black room, faces one card of
#: which may be the discard.
Key = tuple[bytes, int, Layout, int, frozenset[int]]


class Exhausted(Exception):  # noqa: N818 - not an error: the budget of positions is spent
    """Raised by :meth:`Sweep.out` once it has searched :attr:`Sweep.budget` positions more:
    the search is abandoned, what it decided kept (every answer it remembers is whole)."""


class Sweep:
    """One going-out search: the rules' numbers, what it needs, and the positions refuted."""

    def __init__(
        self, t: Tables, escalera: bool, new_wild: tuple[int, ...], needed: int | None = None
    ) -> None:
        self.t = t
        self.escalera = escalera
        #: The canastas to make: going out's, or ``needed`` (none: the placing alone,
        #: ``cores.cores_answer``).
        self.needed = t.rules.canastas_to_go_out if needed is None else needed
        self.new_wild = new_wild
        #: The summaries refuted at each position (naturals, wild cards, melds, black room,
        #: faces one card of which may be the discard). What is refuted at a position
        #: depends on the position and the numbers above alone, so one search may serve
        #: every hand asked of with them (see ``going_out._search``).
        self.refuted: dict[Key, list[Summary]] = {}
        #: The summaries with which going out was found from each position: one at least as
        #: good finds it too (the order of :meth:`Summary.no_better_than`).
        self.solved: dict[Key, list[Summary]] = {}
        #: The positions :meth:`out` may still be asked about (those a quick test or a
        #: remembered answer settles counted too) before it raises :class:`Exhausted`
        #: (``None``: no bound).
        self.budget: int | None = None
        #: Whether to weigh the wild cards the naturals owe with the canastas' at every
        #: position (``joint.wilds_for_canastas_short``), set for each question: where the
        #: hand's naturals owe fewer wild cards than it holds, or it holds one, the count
        #: seldom refutes a position and costs more than it saves
        #: (``joint.wilds_owed_at_least``). Answers do not depend on it.
        self.weigh_owed = True
        #: Whether the naturals of the hand asked about cannot all be placed with its wild
        #: cards, by ``forced.forced_short``, but with a discard they may: set for each
        #: question. Then each discard the search tries is first asked the same
        #: (:meth:`_discard_fails`), and where one face is left to be the discard the cores
        #: are asked of the hand with it made (``going_out._cores_answer``). Answers do not
        #: depend on it.
        self.discard_needed = False
        #: Whether a going out that melds every card needs a step that may come last
        #: (``merge_last``), set for each question: then every card between two sequences
        #: of its suit that may merge is tried onto sequences first, not only one that joins
        #: them (:func:`_bridging`). Answers do not depend on it.
        self.late = False
        #: The faces one card of which may be the discard where the question allows a card
        #: of any face of ``spare`` (``None``: every one), set for each question and way
        #: (``going_out._either_way``): the question's reasoning refutes a plan discarding
        #: another (``forced.discards_left``), so that the search, its bounds told only
        #: these, answers the question as asked. So it remembers each position's answer as
        #: the question's (``spare``): a plan from a position the question reaches,
        #: discarding another face, would be one of the question's, so there is none.
        #: Answers do not depend on it.
        self.discards: frozenset[int] | None = None
        #: The :attr:`discards` of each way of asking the question (as :attr:`lead` counts
        #: them), set for each question (``going_out._told``).
        self.tried: tuple[frozenset[int], frozenset[int]] | None = None
        #: Which of the two ways of asking (``going_out._either_way``: 0 the ranks upside
        #: down, 1 as they are) answered the last question: asked first the next time.
        self.lead = 0
        #: Whether the cores (``cores.cores_answer``) refused the last question they were
        #: asked: then asked of the next one once the leading way has spent its first
        #: budget, before the other way's (``going_out._either_way``). Answers do not
        #: depend on it.
        self.cores_led = False
        #: The naturals and wild cards of the question the cores refused, where they
        #: refused the last question they were asked (``None`` otherwise): a question near
        #: it is asked of the cores sooner still (``going_out._near``). Answers do not
        #: depend on it.
        self.cores_refused: tuple[bytes, int] | None = None
        #: Whether ``one_wild.one_wild_short`` refused the last question it was asked: then
        #: asked of the next one before any search (``going_out._either_way``). Answers do
        #: not depend on it.
        self.one_wild_led = False
        #: Whether :meth:`_forced_out` is asked at the search's positions, set for each
        #: question (``going_out._forced_at_positions``: not where the hand holds no wild
        #: card and needs its discard). Answers do not depend on it.
        self.forced_at_positions = True

    def forget(self, bound: int) -> None:
        """Forget the positions decided if more than ``bound`` are remembered."""
        if len(self.refuted) + len(self.solved) > bound:
            self.refuted.clear()
            self.solved.clear()

    def out(
        self,
        nat: bytes,
        wilds: int,
        layout: Layout,
        summary: Summary,
        black_room: int,
        spare: frozenset[int] = frozenset(),
    ) -> bool:
        """Whether the naturals ``nat`` and ``wilds`` wild cards can all be melded onto the
        melds ``layout`` (and those summed up in ``summary``) with the canastas needed; all
        but at most one natural card of a face in ``spare``, which is the discard."""
        if self.budget is not None:
            self.budget -= 1
            if self.budget < 0:
                raise Exhausted
        if not any(nat):
            # The bound of the other positions, before the merges are tried: a rank placed
            # in every way leads to as many leaves, most short of canastas (gap cards
            # pooled with a wild card in hand: tests/test_going_out_wild43.py).
            if canastas_out_of_reach(nat, wilds, layout, summary, self.needed, self.t):
                return False
            return self._leaf(layout, summary, wilds, black_room)
        key = _key(nat, wilds, layout, black_room, spare)
        spare = key[-1]
        escalera_left = not self.escalera or summary.escalera
        if not escalera_left and not escalera_in_reach(nat, layout, self.t):
            return False
        solved = self.solved.get(key)
        if solved and any(other.no_better_than(summary, self.needed) for other in solved):
            return True
        refuted = self.refuted.get(key)
        if refuted and any(summary.no_better_than(other, self.needed) for other in refuted):
            return False
        if self._bounded(nat, wilds, layout, summary, self._tried(spare)):
            return False
        if self._placed(nat, wilds, layout, summary, black_room, spare):
            self.solved.setdefault(key, []).append(summary)
            return True
        self.refuted.setdefault(key, []).append(summary)
        if spare:  # a plan with no discard would have been found too: none from here
            self.refuted.setdefault((nat, wilds, layout, black_room, frozenset()), []).append(
                summary
            )
        return False

    def settle(
        self,
        found: bool,
        nat: bytes,
        wilds: int,
        layout: Layout,
        summary: Summary,
        black_room: int,
        spare: frozenset[int],
    ) -> None:
        """Remember ``found``, known otherwise (``cores.cores_answer``), as the answer of
        :meth:`out` to the question of the other arguments, as if it had searched it."""
        key = _key(nat, wilds, layout, black_room, spare)
        (self.solved if found else self.refuted).setdefault(key, []).append(summary)

    def _tried(self, spare: frozenset[int]) -> frozenset[int]:
        """The faces of ``spare`` whose discard the search tries: those of :attr:`discards`
        where it is set."""
        return spare if self.discards is None else spare & self.discards

    def _bounded(
        self, nat: bytes, wilds: int, layout: Layout, summary: Summary, spare: frozenset[int]
    ) -> bool:
        """Whether a sound bound refutes the position at once, the cheapest first: the
        naturals cannot all be placed (:func:`placing_fails`), the canastas are out of reach
        (:func:`canastas_out_of_reach`), the wild cards the naturals owe and the canastas
        cost together are more than are left (:func:`wilds_for_canastas_short`, asked where
        :attr:`weigh_owed`), or the naturals have nowhere to go with no wild card to spare
        (:meth:`_forced_out`)."""
        t = self.t
        return (
            placing_fails(nat, layout, wilds, summary.need, spare, t)
            or canastas_out_of_reach(nat, wilds, layout, summary, self.needed, t)
            or (
                self.weigh_owed
                and wilds_for_canastas_short(nat, wilds, layout, summary, self.needed, spare, t)
            )
            or self._forced_out(nat, wilds, layout, summary, spare)
        )

    def _forced_out(
        self, nat: bytes, wilds: int, layout: Layout, summary: Summary, spare: frozenset[int]
    ) -> bool:
        """Whether, every wild card left owed to the melds summed up, the naturals left must
        go where they cannot with none (:func:`~canasta._engine.search.forced.forced_short`,
        asked before the search already, with the hand's wild cards): they go onto the
        open melds and new ones with no wild card. Asked where sequences may take wild
        cards, whose gaps the hand's filled in the reasoning before the search: followed
        through with none (a rank too short for a meld of its own goes into sequences,
        which then need its neighbours), it refutes many a position the search would place
        rank by rank (the Hollywood for five hand of tests/data/slow26 with min_naturals=2:
        its seven refused searches 12,199 positions -> 5,755). Where they may not (Bolivia,
        the Samba preset), it refuted none of the saved positions', and only cost."""
        return (
            wilds <= summary.need
            and self.forced_at_positions
            and self.t.sequence_wilds > 0
            and forced_short(nat, layout, 0, spare, self.t)
        )

    def _placed(
        self,
        nat: bytes,
        wilds: int,
        layout: Layout,
        summary: Summary,
        black_room: int,
        spare: frozenset[int],
    ) -> bool:
        """:meth:`out` at a position not decided before: each way to place the lowest
        rank's naturals, then each discard the search may make here (of the faces of
        ``spare``, those it tries: :attr:`discards`)."""
        position = lowest(nat) // _PER_RANK
        for after, left, grown in self._rank_ways(nat, wilds, layout, summary, position):
            following = lowest(after) // _PER_RANK if any(after) else TOP + 3
            for kept, summed in self._finished(grown, summary, after, following, left):
                if self.out(after, left, kept, summed, black_room, spare):
                    return True
        last = summary if summary.last else summary._replace(last=True)
        for face in _discards_now(nat, position, self._tried(spare)):
            less = bytearray(nat)
            less[face] -= 1
            if self._discard_fails(bytes(less), wilds, layout, summary):
                continue
            if self.out(bytes(less), wilds, layout, last, black_room):  # the last step
                return True
        return False

    def _discard_fails(self, nat: bytes, wilds: int, layout: Layout, summary: Summary) -> bool:
        """Whether, a card discarded, the naturals left ``nat`` cannot be placed with the
        wild cards the melds summed up do not need, by ``forced.forced_short``: asked where
        the hand asked about needs its discard (:attr:`discard_needed`)."""
        left = wilds - summary.need
        return (
            self.discard_needed
            and left <= 1
            and self.t.sequence_wilds > 0
            and forced_short(nat, layout, max(0, left), frozenset(), self.t)
        )

    # --- one rank -------------------------------------------------------------------------

    def _rank_ways(
        self, nat: bytes, wilds: int, layout: Layout, summary: Summary, position: int
    ) -> Iterator[tuple[bytes, int, Layout]]:
        """Every way to place the naturals of rank ``position``: onto sequences and into the
        pool (:meth:`_rank_placed`), then the pool shared (:func:`pool_shared`); but none
        where the natural sequence canasta going out needs is lost
        (:meth:`_escalera_lost`), which is known before the pool is shared, whatever melds
        of the rank it makes; nor any whose new melds of the rank need more wild cards
        than are left beside those the melds summed up need, which :meth:`_finished` would
        sum up into nothing."""
        # A pool may always join a meld of the rank the side has laid (:func:`pool_shared`).
        laid = any(group.position == position for group in layout.ranks)
        pools = None if laid else sharable(position, tally(nat).by_rank[position], self.t)
        for after, left, grown, pool in self._rank_placed(nat, wilds, layout, position, 0, pools):
            if self.escalera and self._escalera_lost(after, grown, summary):
                continue
            # Placing onto sequences leaves the melds of one rank as they are: the pool's
            # sharings are those of the layout's.
            spare = left - summary.need
            for ranks, short in pool_shared(layout.ranks, position, pool, self.t):
                if short <= spare:
                    yield after, left, Layout(ranks, grown.runs, grown.wilds)

    def _escalera_lost(self, nat: bytes, layout: Layout, summary: Summary) -> bool:
        """Whether going out needs a natural sequence canasta (BO-OUT-1) that none of the
        melds ``summary`` sums up is kept for, and none can come out of ``nat`` and the
        sequences of ``layout`` any more: asked of a rank's placing before its pool is
        shared and its finished melds are summed up (:meth:`_finished`), where :meth:`out`
        would refute each way they make. The same answer: melds of one rank make no
        sequence, and the melds summed up there are sequences no card can join, so either
        natural canastas, which make the escalera in reach here, or none that can become
        one."""
        return (
            self.escalera and not summary.escalera and not escalera_in_reach(nat, layout, self.t)
        )

    def _rank_placed(
        self,
        nat: bytes,
        wilds: int,
        layout: Layout,
        position: int,
        pool: int,
        sharable: tuple[bool, ...] | None,
    ) -> Iterator[Placed]:
        """Every way to place the naturals of rank ``position``, face by face, some copies
        of the lowest face into the pool and the others onto sequences: the naturals and
        wild cards left, the melds, and the count in the pool (shared by
        :func:`pool_shared`). Given ``sharable`` (by the pool's count, :func:`sharable`),
        only those whose pool can be shared: a choice that leaves every pool the rank's
        later faces can make unsharable is not followed (a lone card of a rank with no meld
        of it, put in the pool, led every way of placing the rank's other cards onto
        sequences, which :meth:`_rank_ways` then dropped: over half of them in the
        Hollywood positions of tests/data/slow26). ``None``: every way (every pool can be
        shared, or the tests ask for them all). The most copies into the pool first, but
        for a card that joins two sequences that may merge, or lies between two where the
        going out needs a last step (:func:`_bridging`, :attr:`late`): onto them first, as
        a going out with it between them most likely places it (the same ways, found
        sooner: ten suits of such cards with a wild card, seconds -> 2 ms)."""
        face = lowest(nat)
        if face // _PER_RANK != position:  # the rank is placed
            yield nat, wilds, layout, pool
            return
        copies = nat[face]
        # A choice leaves the pool what it puts there and at most the rank's later cards.
        later = 0 if sharable is None else sum(nat[face + 1 : (position + 1) * _PER_RANK])
        onto_first = _bridging(face, layout, self.late)
        order = range(copies + 1) if onto_first else range(copies, -1, -1)
        for pooled in order:
            if sharable and not any(sharable[pool + pooled : pool + pooled + later + 1]):
                continue  # no pool it may leave can be shared
            rest = bytearray(nat)
            rest[face] -= pooled
            yield from self._onto_sequences(
                bytes(rest), wilds, layout, position, pool + pooled, copies - pooled, sharable
            )

    def _onto_sequences(
        self,
        nat: bytes,
        wilds: int,
        layout: Layout,
        position: int,
        pool: int,
        copies: int,
        sharable: tuple[bool, ...] | None,
    ) -> Iterator[Placed]:
        """``copies`` copies of the lowest face, each onto a sequence (or starting one)."""
        if not copies:
            yield from self._rank_placed(nat, wilds, layout, position, pool, sharable)
            return
        for after, left, grown in run_placements(nat, wilds, layout, self.t):
            yield from self._onto_sequences(
                after, left, grown, position, pool, copies - 1, sharable
            )

    # --- melds no later card can join ------------------------------------------------------

    def _finished(
        self, layout: Layout, summary: Summary, nat: bytes, next_position: int, wilds: int
    ) -> Iterator[tuple[Layout, Summary]]:
        """The layout without the melds no natural still to place (``nat``, of rank
        ``next_position`` or higher) can join, which are summed up: melds of one rank that
        may merge (HW-MRG-1) merged in each way the rules allow; sequences and melds of
        wild cards that may merge stay as they are, for :meth:`_leaf`, and so does, where a
        side has one meld a family, a sequence of a suit whose cards are still to place."""
        t = self.t
        ranks, runs, wild_groups = layout
        cut = 0  # the melds of one rank are sorted: those passed come first
        while cut < len(ranks) and ranks[cut].position < next_position:
            cut += 1
        kept_runs: tuple[Run, ...] = ()
        passed_runs: tuple[Run, ...] = ()
        if runs:
            held = tally(nat).masks
            for r in runs:
                # Without several melds a family, a sequence stays while cards of its suit
                # are still to place: it stops them starting another (CL-MELD-6, placements).
                if _open(r, held[r.suit], wilds, t) or (held[r.suit] and not t.several):
                    kept_runs += (r,)
                else:
                    passed_runs += (r,)  # none of them merges
        passed_wilds = tuple(w for w in wild_groups if not w.merges) if wild_groups else ()
        if not (cut or passed_runs or passed_wilds):
            yield layout, summary  # no meld is finished: nothing to sum up
            return
        kept = Layout(ranks[cut:], kept_runs, tuple(w for w in wild_groups if w.merges))
        passed = Layout(ranks[:cut], passed_runs, passed_wilds)
        for summed in _summed_up(summary, passed, wilds, t, self.escalera):
            yield kept, summed

    def _leaf(self, layout: Layout, summary: Summary, wilds: int, black_room: int) -> bool:
        """Whether, every natural placed, the wild cards can be spread with the canastas
        needed: after each merge the rules allow (sequences one rank apart bridged by a wild
        card first, :func:`bridged`), the melds left summed up too; with a step that may
        come after those merges (:mod:`~canasta._engine.search.merge_last`): one found
        before (``Summary.last``), a sequence's card outside the ranks the merges joined,
        or a wild card spread where it may go after the merges: of the ``left`` spread, at
        most all but one into the room only a merged canasta's parts have before the merge
        (``Summary.late``)."""
        for joined, left in bridged(layout, wilds, self.t):
            for summed in _merged(summary, merges(joined, self.t), left, self.t, self.escalera):
                if (self.escalera and not summed.escalera) or not (summed.last or left):
                    continue
                if not summed.last:
                    summed = summed._replace(room=min(summed.room, summed.late + left - 1))
                if summed.canastas(left, black_room, self.new_wild) >= self.needed:
                    return True
        return False


def _key(nat: bytes, wilds: int, layout: Layout, black_room: int, spare: frozenset[int]) -> Key:
    """The position as remembered: of the faces that may be the discard, only those still
    held (fewer positions to remember)."""
    if spare:
        spare = frozenset(filter(nat.__getitem__, spare))
    return nat, wilds, layout, black_room, spare


@remembered(1 << 12)
def _summed_up(
    summary: Summary, passed: Layout, wilds: int, t: Tables, escalera: bool
) -> tuple[Summary, ...]:
    """The summaries ``summary`` with the melds ``passed``, which no natural card still to
    place can join, makes after each merge the rules allow (:func:`_merged`), those with
    more canastas made first: the search tries them in this order, and where one has a
    canasta more and another more room for wild cards (two melds of a rank merged into a
    canasta or kept apart), the canasta is the likelier way out (a Hollywood for six hand
    of tests/data/slow26 searched 118 positions under the melds kept apart before finding
    its plan; the order changes no answer). Remembered: the positions of a search, and
    the searches of a turn's steps, sum up the same few melds (a new meld of the rank just
    placed, most often) onto the same few summaries (4096 answers, each a few summaries)."""
    summaries = _merged(summary, merges(passed, t), wilds, t, escalera)
    if len(summaries) < 2:
        return summaries
    return tuple(sorted(summaries, key=lambda summed: -summed.done))


def _merged(
    summary: Summary, melds: Merges, wilds: int, t: Tables, escalera: bool
) -> tuple[Summary, ...]:
    """The summaries ``summary`` with ``melds`` added makes, after each merge the rules
    allow: the families that may merge added one after another, each in every way its
    merges leave it (:func:`_family_added`), and between them only the summaries no other is
    better than (:func:`_best`)."""
    options = _best(_summed(summary, melds.fixed, wilds, t, escalera), t)
    for sets in melds.choices:
        options = _family_added(options, sets, wilds, t, escalera)
    return options


@remembered(1 << 12)
def _family_added(
    options: tuple[Summary, ...],
    sets: tuple[tuple[Finished, ...], ...],
    wilds: int,
    t: Tables,
    escalera: bool,
) -> tuple[Summary, ...]:
    """The best summaries ``options`` make with one family's melds, left by its merges in
    any of the ways ``sets``. Remembered: the going-out searches of a turn's steps meet the
    same families, all but those a step touches, with the same summaries (4096 answers, each
    a few summaries)."""
    return _best(
        (
            summed
            for option in options
            for merged in sets
            for summed in _summed(option, merged, wilds, t, escalera)
        ),
        t,
    )


def _best(summaries: Iterable[Summary], t: Tables) -> tuple[Summary, ...]:
    """The summaries of which no other is at least as good (:meth:`Summary.no_better_than`,
    an order the rest of the search keeps: where going out fails with the better one it
    fails with the other), each once."""
    needed = t.rules.canastas_to_go_out
    best: list[Summary] = []
    for summary in summaries:
        if any(summary.no_better_than(other, needed) for other in best):
            continue
        best = [other for other in best if not other.no_better_than(summary, needed)]
        best.append(summary)
    return tuple(best)


def _summed(
    summary: Summary, melds: Iterable[Finished], wilds: int, t: Tables, escalera: bool
) -> list[Summary]:
    """``summary`` with ``melds`` (:data:`Finished`) added: where going out needs a natural
    sequence canasta (``escalera``, BO-OUT-1), also with one of them kept free of wild cards
    for it; and with a step that may come last found where one of them holds a card of the
    hand so (``Summary.last``)."""
    needed = t.rules.canastas_to_go_out
    sizes = {"min_size": t.min_size, "canasta_size": t.canasta_size, "needed": needed}
    options = [summary]
    for size, room, natural_run, last, early in melds:
        grown: list[Summary] = []
        if last and not summary.last:
            options = [option._replace(last=True) for option in options]
        for option in options:
            added = option.add(size, room, early, wilds=wilds, **sizes)
            if added is not None:
                grown.append(added)
            if escalera and natural_run and size >= t.canasta_size and not option.escalera:
                kept = option._replace(escalera=True).add(size, 0, wilds=wilds, **sizes)
                if kept is not None:
                    grown.append(kept)
        options = list(dict.fromkeys(grown))
    return options


def _discards_now(nat: bytes, position: int, spare: frozenset[int]) -> list[int]:
    """The faces of ``spare`` whose discard is tried at this position of the search: those
    of the rank ``position`` about to be placed, held. Every plan that discards a card of
    ``spare`` is so found: before the card's rank the search places the other cards as it
    would without it, since each way of placing a lower card that takes it (a block below a
    sequence, a new sequence: :func:`~canasta._engine.search.placing.run_placements`) has a
    way beside it that leaves it in hand, a wild card in its place where the way without
    it puts one (HW-MELD-10), and a card more in hand takes no way away. (A lone card such
    a block would take was also tried at each position below it, from when a block put its
    wild card only where no natural was held: in the Hollywood for five position of
    ``tests/data/slow26`` with ``min_naturals=2``, the refused searches' positions
    5,345 -> 2,683.)"""
    return [face for face in sorted(spare) if nat[face] and face // _PER_RANK == position]


def _bridging(face: int, layout: Layout, between: bool) -> bool:
    """Whether a card of ``face`` would join two sequences of its suit that may merge, one
    ending just below its rank and one starting just above (``merge_last``), or, with
    ``between``, lies between two such: the search tries its copies onto sequences before
    the pool (:meth:`Sweep._rank_placed`)."""
    position, suit = divmod(face, _PER_RANK)
    below = above = False
    for run in layout.runs:
        if run.suit == suit and run.merges:
            below = below or run.high == position - 1 or (between and run.high < position)
            above = above or run.low == position + 1 or (between and run.low > position)
    return below and above


def _open(run: Run, held: int, wilds: int, t: Tables) -> bool:
    """Whether a natural still to place (``held``: the positions of those of its suit, as
    bits) may yet join ``run``, by the ways of
    :func:`~canasta._engine.search.placing.run_placements`: the card of its suit just above
    it, or the one after with a wild card between; or a block below it, which holds the
    card just below it, or the one below that with a wild card between; or it may merge.
    Only a card held can join it, so a sequence whose next cards of its suit are not in the
    hand is finished as soon as its last card is placed, whatever rank the search has
    reached: sequences that differ only in such finished ones are one position."""
    if run.merges:
        return True
    gap = wilds > 0 and run.wilds < t.sequence_wilds
    above = held >> (run.high + 1)
    if above & 1 or (gap and above & 2):
        return True
    below = (held << 2) >> run.low  # bit 1: the position just below it; bit 0: the next
    return bool(below & 2 or (gap and below & 1))
