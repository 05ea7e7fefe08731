"""The cards of the canastas going out needs, chosen first: the going-out question answered
another way, asked at the search's root where the search has not answered within its first
budgets (:func:`~canasta._engine.search.going_out._either_way`).

Every plan that goes out has the canastas going out needs (CL-OUT-1): those on the table,
and for each one still missing a meld of the plan of the size of a canasta at least, a meld
of one rank, a sequence or a meld of wild cards. Each holds a *core* of exactly that size
(:class:`Core`): of a meld of one rank, its meld on the table if it grows one, and natural
cards of the rank with the fewest wild cards the plan's meld holds (no more wild cards than
it, no fewer of its natural cards than the size asks); of a sequence, a stretch of positions
of the size holding its sequence on the table whole if it grows one (no two open sequences
are in one where none may merge, HW-MRG-1), a natural card of the suit or a wild card at
each other position, no more wild cards than the plan's sequence; of a meld of wild cards,
wild cards alone. The plan's other cards then go onto the open melds with the cores among
them, and new melds: the rest of each canasta's cards onto its core, which takes them as
the plan's meld did. So where, for every choice of the cores of the canastas missing, the
cards left cannot all be melded, no plan goes out; that is a question of placing alone,
which the search answers with no canasta to make (``needed=0``), a search far smaller than
the whole one, after the quick bounds of placing refuse most choices at once
(:func:`_rest_fails`). The other way round, where the cards a choice of cores leaves can
all be melded and each core is a valid meld as it is, that is a plan (:func:`_found`).

The Samba for five hand of 48 cards after taking the pile with ``max_wilds_per_sequence=1``
(tests/data/slow26) melds its naturals and makes its canastas, but not both with its one
wild card: the clubs and spades eight to ace, and the hearts five to jack, make canastas,
any two of which leave two jacks, or two aces, or a queen short of a wild card each. The
search refused it after 1,366 positions (142 ms); three choices of cores survive the quick
bounds here, each refused within 25 positions of placing. The same hand with a natural
discard goes out: found after 524 positions, by the cores after 23 of placing.

Where melds on the table may merge (HW-MRG-1), a canasta of the plan may hold several open
melds of one family merged, each whole (a card stays in its meld, HW-MRG-1; a merge joins
melds of one family only: a rank, a suit's sequences, the melds of wild cards). Its core
then holds them all: of a rank, their naturals and wild cards summed, with naturals of the
rank and wild cards up to the size as above where they fall short of it (none where they
reach it; never where their wild cards pass what every natural of the rank allows,
HW-MRG-2); of a suit, sequences that do not overlap (a sequence repeats no rank, HW-MRG-2:
two that overlap never merge, nor do they once grown), in the stretch of the size holding
them, or, where they span more, the stretch from the lowest to the highest, a natural card
or a wild card at each position between them; of wild cards, their sizes summed, with wild
cards up to the size. Every canasta of the plan holding no canasta on the table has such a
core, and the cores of two hold no card and no open meld in common; the rest of the plan,
the other open melds' merges among them, goes onto the open melds left and the cores, so
the question of placing is the same. A choice whose cores merge melds is not taken for a
plan (:func:`_found`): it refutes only. The Hollywood for six hand of 44 cards after taking
the pile (tests/data/slow26), whose two sequences of spades overlap, is refused so.

No answer (``None``) where a family has more than :data:`_MOST_MERGING` melds that may
merge, nor where the cores, the choices or the positions of placing searched pass
:data:`_MOST_CORES`, :data:`_MOST_CHOICES` and :data:`_BUDGET`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations, pairwise
from operator import gt, sub
from typing import NamedTuple, TypeVar

from canasta._cache import remembered
from canasta._engine.search.bounds import wilds_owed_short
from canasta._engine.search.forced import forced_short
from canasta._engine.search.layout import (
    Layout,
    Part,
    RankGroup,
    Run,
    WildGroup,
    finished,
)
from canasta._engine.search.stuck import placing_fails
from canasta._engine.search.summary import Summary
from canasta._engine.search.sweep import Exhausted, Sweep
from canasta._engine.tables import TOP, Tables
from canasta._model.cards import SUITS, natural_face

__all__ = ["cores_answer"]

_PER_RANK = len(SUITS)
#: The cores (with the quick bounds passed) chosen among, at most.
_MOST_CORES = 64
#: The choices of cores (with the quick bounds passed) weighed, at most.
_MOST_CHOICES = 64
#: The positions the searches of placing may visit in all, for one question.
_BUDGET = 1024
#: The positions the search of placing remembers decided, at most, between questions.
_REMEMBERED = 20_000
#: The melds of one family that may merge, at most (their merged sets are each a core's).
_MOST_MERGING = 6
P = TypeVar("P", RankGroup, Run, WildGroup)


class Core(NamedTuple):
    """A canasta's core: the hand's natural cards it takes (counts by face), its wild cards
    of the hand, the open melds it grows (none: a new meld; several: merged, HW-MRG-1) and
    the meld it is; and
    whether it is a valid meld as it is (``valid``: a meld of one rank may hold more wild
    cards than its naturals allow, where more naturals of the rank may join it)."""

    used: bytes
    wilds: int
    old: tuple[Part, ...]
    new: Part
    valid: bool


class _Question(NamedTuple):
    """What the cards left must do: be melded onto ``layout`` with ``wilds`` wild cards,
    all but one natural of a face in ``spare``, ``black_room`` wild cards of them into a
    meld of black threes."""

    nat: bytes
    wilds: int
    layout: Layout
    black_room: int
    spare: frozenset[int]


def cores_answer(
    nat: bytes,
    wilds: int,
    layout: Layout,
    black_room: int,
    spare: frozenset[int],
    t: Tables,
    new_wild: tuple[int, ...],
) -> bool | None:
    """Whether a plan melds the naturals ``nat`` (unfolded where there are sequences) and
    ``wilds`` wild cards onto ``layout`` and new melds, all but one natural of a face in
    ``spare`` (discarded), with the canastas going out needs, where choosing the cores of
    those still missing first tells (see the module's introduction); ``None`` where it does
    not. ``False`` where the cards left by every choice cannot all be melded; ``True`` where
    those left by a choice of cores that are valid melds as they are can (the cores are
    canastas, the rest of the plan melds the cards left), unless going out needs a natural
    sequence canasta (BO-OUT-1), which the search of placing does not keep.
    ``new_wild``: the canastas new melds of wild cards make, by wild card (``going_out``);
    ``black_room``: the wild cards a meld of black threes may take."""
    parts = layout.parts()
    if max(Counter(_family(part) for part in parts if part.merges).values(), default=0) > (
        _MOST_MERGING
    ):
        return None
    made = sum(finished(part, t)[0] >= t.canasta_size for part in parts)
    missing = t.rules.canastas_to_go_out - made
    if missing <= 0:
        return None
    question = _Question(nat, wilds, layout, black_room, spare)
    cores = _singles(question, t)
    if len(cores) > _MOST_CORES:
        return None
    placing = _placing(t, new_wild)
    placing.forget(_REMEMBERED)
    placing.budget = _BUDGET
    try:
        for count, chosen in enumerate(_choices(question, cores, missing, t)):
            if count >= _MOST_CHOICES:
                return None
            rest = _with(question, chosen)
            assert rest is not None
            if len(spare) > 1 and forced_short(rest.nat, rest.layout, rest.wilds, spare, t):
                continue  # (whatever the discard: asked of a whole choice, see _rest_fails)
            if placing.out(rest.nat, rest.wilds, rest.layout, Summary(), black_room, spare):
                return _found(chosen, t)
    except Exhausted:
        return None
    finally:
        placing.budget = None
    return False


def _found(chosen: tuple[Core, ...], t: Tables) -> bool | None:
    """``True`` where the cores ``chosen``, whose cards left can all be melded, are a plan's
    canastas: each a valid meld as it is (:attr:`Core.valid`), the side free to hold several
    melds of a family (HW-MELD-9; elsewhere a new core beside a meld of its family, or two
    of one, would not be), and going out not needing a natural sequence canasta (BO-OUT-1),
    which the search of placing does not keep; no core merging melds (the merge is not
    checked against every rule of merging). ``None`` otherwise: not known."""
    plain = t.several and not t.rules.going_out_needs_natural_sequence
    return True if plain and all(core.valid and len(core.old) < 2 for core in chosen) else None


@remembered(2)
def _placing(t: Tables, new_wild: tuple[int, ...]) -> Sweep:
    """The search of placing alone (no canasta to make) for these numbers, with the
    positions it decided before, as ``going_out._search`` keeps the whole one's."""
    return Sweep(t, False, new_wild, needed=0)


def _choices(
    question: _Question, cores: list[Core], missing: int, t: Tables
) -> Iterator[tuple[Core, ...]]:
    """The choices of ``missing`` cores (one may be chosen again where the cards allow),
    each whose cards left pass the quick bounds, as every choice of fewer of them does
    (``cores``, each :func:`_kept` alone already: :func:`_singles`)."""

    def grow(chosen: tuple[Core, ...], start: int) -> Iterator[tuple[Core, ...]]:
        if len(chosen) == missing:
            yield chosen
            return
        for index in range(start, len(cores)):
            more = (*chosen, cores[index])
            if not chosen or _kept(question, more, t):
                yield from grow(more, index)

    return grow((), 0)


def _singles(question: _Question, t: Tables) -> list[Core]:
    """The cores each of which may be chosen (:func:`_kept`), in the order of
    :func:`_cores`. The cores of a rank that grow one meld into the same core meld with the
    same wild cards, which differ only in which suits' naturals they take, are first
    refused together where the cards left with all the rank's naturals still in hand fail
    the quick bounds (:func:`_rest_fails`): where a core's cards left can be melded, so can
    those with its naturals back in hand, which go onto its meld besides (a meld of one rank
    has no largest size, CL-MELD-9, and more naturals never allow fewer wild cards,
    CL-MELD-3). One question for a rank's many suit choices (the Hollywood for two
    ``hand_size=60`` position of tests/data/slow26: seven queens make 13 cores of three core
    melds)."""
    kept: list[Core] = []
    for alike in _alike(_cores(question.nat, question.wilds, question.layout, t)):
        if len(alike) > 1:
            whole = _with(question, (alike[0]._replace(used=bytes(len(question.nat))),))
            if whole is None or _rest_fails(whole, t):
                continue
        kept += [core for core in alike if _kept(question, (core,), t)]
    return kept


def _alike(cores: Iterator[Core]) -> Iterator[list[Core]]:
    """``cores`` in runs of those of one rank that grow the same meld (or none) into the
    same core meld with the same wild cards; a core of a sequence or of wild cards alone."""
    run: list[Core] = []
    for core in cores:
        if run and not (isinstance(core.new, RankGroup) and core[1:4] == run[0][1:4]):
            yield run
            run = []
        run.append(core)
        if not isinstance(core.new, RankGroup):
            yield run
            run = []
    if run:
        yield run


def _kept(question: _Question, chosen: tuple[Core, ...], t: Tables) -> bool:
    """Whether the cores ``chosen`` may be chosen together (cards enough, each open meld
    grown by one at most) and the cards they leave pass the quick bounds of placing."""
    rest = _with(question, chosen)
    return rest is not None and not _rest_fails(rest, t)


def _rest_fails(rest: _Question, t: Tables) -> bool:
    """The quick bounds of placing alone: a natural no meld can take
    (:func:`~canasta._engine.search.stuck.placing_fails`), the naturals followed through
    to where they must go (:func:`~canasta._engine.search.forced.forced_short`), or the
    wild cards the naturals owe more than are left
    (:func:`~canasta._engine.search.bounds.wilds_owed_short`). The last is the cheaper of
    the two (some 19 us against 90 to 180), but is asked after :func:`forced_short`: of the
    212 cores and choices of the Hollywood for two ``hand_size=60`` position of
    tests/data/slow26 that pass ``placing_fails``, :func:`forced_short` refuses 142 and it
    none of the others (of the Samba for five 48-card hand's 82, 28 and none), so it is
    spared where :func:`forced_short` refuses (that position 1,525 -> 1,504 million
    instructions to load and list). :func:`forced_short` is asked where one face at most
    may be the discard: it asks again for each face that could be
    (the Hollywood for two ``hand_size=49`` position of tests/data/slow26, any of 28: some
    6 ms a choice, dearer than the search of placing it spares); that is asked of each
    whole choice only, before its search of placing (:func:`cores_answer`: the Hollywood
    for six hand of 44 cards after taking the pile, 20 of its 22 choices refused so)."""
    return (
        placing_fails(rest.nat, rest.layout, rest.wilds, 0, rest.spare, t)
        or (len(rest.spare) < 2 and forced_short(rest.nat, rest.layout, rest.wilds, rest.spare, t))
        or wilds_owed_short(rest.nat, rest.layout, rest.wilds, t) > 0
    )


def _with(question: _Question, chosen: tuple[Core, ...]) -> _Question | None:
    """The question of the cards left once the cores ``chosen`` are melded, which are open
    melds of it; ``None`` where the hand has too few cards for them, or two grow one meld."""
    nat = question.nat
    wilds = question.wilds
    parts = question.layout.parts()
    for core in chosen:
        if any(map(gt, core.used, nat)):
            return None
        nat = bytes(map(sub, nat, core.used))
        wilds -= core.wilds
        if wilds < 0:
            return None
        for old in core.old:
            if old not in parts:
                return None
            parts.remove(old)
        parts.append(core.new)
    layout = Layout(
        tuple(sorted(part for part in parts if isinstance(part, RankGroup))),
        tuple(sorted(part for part in parts if isinstance(part, Run))),
        tuple(sorted(part for part in parts if isinstance(part, WildGroup))),
    )
    return question._replace(nat=nat, wilds=wilds, layout=layout)


# --- the cores ------------------------------------------------------------------------------


def _cores(nat: bytes, wilds: int, layout: Layout, t: Tables) -> Iterator[Core]:
    """Every core of a canasta still missing the hand's cards may make: of a rank, of a
    suit's sequences, of wild cards."""
    for position in range(TOP + 1):
        yield from _rank_cores(nat, wilds, layout, position, t)
    if t.sequences and t.longest_sequence >= t.canasta_size:
        for suit in range(_PER_RANK):
            yield from _run_cores(nat, wilds, layout, suit, t)
    if (t.wild_melds or layout.wilds) and t.longest_wild_meld >= t.canasta_size:
        yield from _wild_cores(wilds, layout, t)


def _family(part: Part) -> tuple[int, int]:
    """The family of ``part`` (HW-MRG-1): its rank, its suit's sequences, or wild cards."""
    if isinstance(part, RankGroup):
        return 0, part.position
    if isinstance(part, Run):
        return 1, part.suit
    return 2, 0


def _merged(parts: Sequence[P]) -> list[tuple[P, ...]]:
    """Every set of two or more of the melds ``parts`` (of one family) that may merge
    (marked ``merges``), each once (melds alike make the same set), sorted."""
    merging = sorted(part for part in parts if part.merges)
    return sorted(
        {sets for count in range(2, len(merging) + 1) for sets in combinations(merging, count)}
    )


def _rank_cores(
    nat: bytes, wilds: int, layout: Layout, position: int, t: Tables
) -> Iterator[Core]:
    """The cores of a canasta of the rank ``position``: of an open meld of it that is not a
    canasta, or of several of them merged (HW-MRG-1), or a new meld (where a side may hold
    several of a rank, or has none, HW-MELD-9), with naturals of it and wild cards, the size
    of a canasta (the open melds alone, where they reach it). A plan's meld of ``n``
    naturals (``b`` of the open ones') and ``w`` wild cards (``w_b`` of theirs), the size at
    least, holds one of ``min(n - b, size - b - w_b)`` of its naturals of the hand and the
    wild cards the rest lacks, no more than ``w``: within what that many naturals allow, as
    more naturals never allow fewer wild cards (CL-MELD-3), and the open melds hold no more
    than theirs allow; the cores are those within what every natural of the rank allows.
    Which suits' naturals go in is every choice, as the suits matter to the sequences."""
    size = t.canasta_size
    faces = range(natural_face(position, 0), natural_face(position, 0) + _PER_RANK)
    held = bytes(nat[faces.start : faces.stop])
    for old in _rank_bases(layout, position, t):
        naturals, wild = sum(group.naturals for group in old), sum(group.wilds for group in old)
        short = max(0, size - naturals - wild)
        for extra in range(min(wilds, short) + 1):
            count = short - extra
            if count > sum(held) or (not old and count < 1):
                continue
            if (extra or len(old) > 1) and wild + extra > t.max_wilds[naturals + sum(held)]:
                continue  # more than the meld holds with every natural of the rank
            new = RankGroup(position, naturals + count, wild + extra, False)
            valid = wild + extra <= t.max_wilds[naturals + count] and (
                bool(old) or count >= t.min_naturals
            )
            for split in _splits(held, count):
                used = bytearray(len(nat))
                used[faces.start : faces.stop] = split
                yield Core(bytes(used), extra, old, new, valid)


def _rank_bases(layout: Layout, position: int, t: Tables) -> list[tuple[RankGroup, ...]]:
    """The open melds of the rank ``position`` a core of it may grow: one that is not a
    canasta, several that may merge (:func:`_merged`; none is a canasta,
    :func:`~canasta._engine.search.layout.encoded`), or none (a new meld, where a side may
    hold several of a rank or has none, HW-MELD-9)."""
    laid = [group for group in layout.ranks if group.position == position]
    size = t.canasta_size
    bases: list[tuple[RankGroup, ...]] = [
        (group,) for group in laid if not group.closed and group.naturals + group.wilds < size
    ]
    if t.several or not laid:
        bases.append(())
    return bases + _merged(laid)


def _splits(held: bytes, count: int) -> Iterator[bytes]:
    """Every way to take ``count`` cards of the counts ``held`` (by suit)."""
    if not held:
        if not count:
            yield b""
        return
    for first in range(min(held[0], count), -1, -1):
        for rest in _splits(held[1:], count - first):
            yield bytes((first,)) + rest


def _run_cores(nat: bytes, wilds: int, layout: Layout, suit: int, t: Tables) -> Iterator[Core]:
    """The cores of a sequence canasta of ``suit``: each stretch of positions of the size of
    a canasta, holding none or one of the suit's open sequences (shorter than a canasta)
    whole, or several that may merge (HW-MRG-1) and do not overlap; and the stretch of
    those several from the lowest to the highest, where it is longer (no longer than a
    sequence may be). A natural card or a wild card at each of its other positions (a wild
    card where the hand holds none), no more wild cards than a sequence may (HW-MELD-6,
    HW-MRG-2) nor than the hand holds."""
    size = t.canasta_size
    runs = [run for run in layout.runs if run.suit == suit and run.high - run.low + 1 < size]
    merged = [old for old in _merged(runs) if _apart(old)]
    for low in range(TOP + 2 - size):
        high = low + size - 1
        for old in [(), *((run,) for run in runs), *merged]:
            if all(low <= run.low and run.high <= high for run in old):
                yield from _stretch_cores(nat, wilds, old, suit, low, high, t)
    for old in merged:
        low, high = old[0].low, old[-1].high
        if size < high - low + 1 <= t.longest_sequence:
            yield from _stretch_cores(nat, wilds, old, suit, low, high, t)


def _apart(runs: tuple[Run, ...]) -> bool:
    """Whether the sequences ``runs`` (of one suit, sorted) overlap nowhere: sequences that
    overlap never merge, as a sequence repeats no rank (HW-MRG-2) and none shrinks."""
    return all(first.high < second.low for first, second in pairwise(runs))


def _stretch_cores(
    nat: bytes,
    wilds: int,
    old: tuple[Run, ...],
    suit: int,
    low: int,
    high: int,
    t: Tables,
) -> Iterator[Core]:
    """The cores of a sequence of ``suit`` from ``low`` to ``high`` holding the open
    sequences ``old`` whole (see :func:`_run_cores`)."""
    size = t.canasta_size
    taken = {position for run in old for position in range(run.low, run.high + 1)}
    free = [position for position in range(low, high + 1) if position not in taken]
    held = [position for position in free if nat[natural_face(position, suit)]]
    gaps = len(free) - len(held)
    laid_wilds = sum(run.wilds for run in old)
    # (no more than the open sequences allow: none where they hold too many already)
    most = min(max(0, t.sequence_wilds - laid_wilds), wilds)
    for extra in range(max(0, most - gaps + 1)):
        for wild_at in combinations(held, extra):
            used = bytearray(len(nat))
            for position in held:
                used[natural_face(position, suit)] = position not in wild_at
            run = Run(suit, low, high, laid_wilds + gaps + extra)
            valid = run.wilds <= min(t.sequence_wilds, size - t.sequence_naturals)
            yield Core(bytes(used), gaps + extra, old, run, valid)


def _wild_cores(wilds: int, layout: Layout, t: Tables) -> Iterator[Core]:
    """The cores of a canasta of wild cards (HW-MELD-4): an open meld of them, or several
    that may merge (HW-MRG-5), grown to the size (as they are, where they reach it, no
    longer than such a meld may be), or a new one of the hand's wild cards where they may
    be laid."""
    size = t.canasta_size
    no_naturals = bytes(_PER_RANK * (TOP + 1))
    grown = [(group,) for group in layout.wilds if group.size < size]
    for old in [*([()] if t.wild_melds else []), *grown, *_merged(layout.wilds)]:
        laid = sum(group.size for group in old)
        added = max(0, size - laid)
        if added <= wilds and laid <= t.longest_wild_meld:
            yield Core(no_naturals, added, old, WildGroup(max(size, laid)), True)
