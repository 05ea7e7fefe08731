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

Where melds on the table may merge (HW-MRG-1) the cores are not so chosen: no answer
(``None``), nor where the cores, the choices or the positions of placing searched pass
:data:`_MOST_CORES`, :data:`_MOST_CHOICES` and :data:`_BUDGET`.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from operator import gt, sub
from typing import NamedTuple

from canasta._cache import remembered
from canasta._engine.search.bounds import placing_fails, wilds_owed_short
from canasta._engine.search.forced import forced_short
from canasta._engine.search.layout import Layout, Part, RankGroup, Run, WildGroup, finished
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


class Core(NamedTuple):
    """A canasta's core: the hand's natural cards it takes (counts by face), its wild cards
    of the hand, the open meld it grows (``None``: a new meld) and the meld it is; and
    whether it is a valid meld as it is (``valid``: a meld of one rank may hold more wild
    cards than its naturals allow, where more naturals of the rank may join it)."""

    used: bytes
    wilds: int
    old: Part | None
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
    if any(part.merges for part in parts):
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
    which the search of placing does not keep. ``None`` otherwise: not known."""
    plain = t.several and not t.rules.going_out_needs_natural_sequence
    return True if plain and all(core.valid for core in chosen) else None


@remembered(2)
def _placing(t: Tables, new_wild: tuple[int, ...]) -> Sweep:
    """The search of placing alone (no canasta to make) for these numbers, with the
    positions it decided before, as ``going_out._search`` keeps the whole one's."""
    return Sweep(t, False, new_wild, needed=0)


def _choices(
    question: _Question, cores: list[Core], missing: int, t: Tables
) -> Iterator[tuple[Core, ...]]:
    """The choices of ``missing`` cores (one may be chosen again where the cards allow),
    each whose cards left pass the quick bounds, as every choice of fewer of them does."""

    def grow(chosen: tuple[Core, ...], start: int) -> Iterator[tuple[Core, ...]]:
        if len(chosen) == missing:
            yield chosen
            return
        for index in range(start, len(cores)):
            more = (*chosen, cores[index])
            if _kept(question, more, t):
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
    """The quick bounds of placing alone, the cheapest first: a natural no meld can take,
    or the wild cards the naturals owe more than are left
    (:func:`~canasta._engine.search.bounds.placing_fails`,
    :func:`~canasta._engine.search.bounds.wilds_owed_short`), or the naturals followed
    through to where they must go (:func:`~canasta._engine.search.forced.forced_short`),
    where one face at most may be the discard: it asks again for each face that could be
    (the Hollywood for two ``hand_size=49`` position of tests/data/slow26, any of 28: some
    6 ms a choice, dearer than the search of placing it spares)."""
    return (
        placing_fails(rest.nat, rest.layout, rest.wilds, 0, rest.spare, t)
        or wilds_owed_short(rest.nat, rest.layout, rest.wilds, t) > 0
        or (len(rest.spare) < 2 and forced_short(rest.nat, rest.layout, rest.wilds, rest.spare, t))
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
        if core.old is not None:
            if core.old not in parts:
                return None
            parts.remove(core.old)
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


def _rank_cores(
    nat: bytes, wilds: int, layout: Layout, position: int, t: Tables
) -> Iterator[Core]:
    """The cores of a canasta of the rank ``position``: an open meld of it that is not a
    canasta, or a new meld (where a side may hold several of a rank, or has none, HW-MELD-9),
    with naturals of it and wild cards, the size of a canasta. A plan's meld of ``n``
    naturals (``b`` of the open one's) and ``w`` wild cards, the size at least, holds one of
    ``min(n, size - b - w_b)`` of its naturals and the wild cards the rest lacks, no more than
    ``w``: within what that many naturals allow, as more naturals never allow fewer wild
    cards (CL-MELD-3) and the open meld holds no more than its own allow; the cores are
    those within what every natural of the rank allows. Which suits' naturals go in is
    every choice, as the suits matter to the sequences."""
    size = t.canasta_size
    faces = range(natural_face(position, 0), natural_face(position, 0) + _PER_RANK)
    held = bytes(nat[faces.start : faces.stop])
    laid = [group for group in layout.ranks if group.position == position]
    bases: list[RankGroup | None] = [
        group for group in laid if not group.closed and group.naturals + group.wilds < size
    ]
    if t.several or not laid:
        bases.append(None)
    for old in bases:
        naturals, wild = (old.naturals, old.wilds) if old else (0, 0)
        for extra in range(wilds + 1):
            count = size - naturals - wild - extra
            if count < 0 or count > sum(held) or (old is None and count < 1):
                continue
            if extra and wild + extra > t.max_wilds[naturals + sum(held)]:
                continue  # more than the meld holds with every natural of the rank
            new = RankGroup(position, naturals + count, wild + extra, False)
            valid = wild + extra <= t.max_wilds[naturals + count] and (
                old is not None or count >= t.min_naturals
            )
            for split in _splits(held, count):
                used = bytearray(len(nat))
                used[faces.start : faces.stop] = split
                yield Core(bytes(used), extra, old, new, valid)


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
    whole, a natural card or a wild card at each of its other positions (a wild card where
    the hand holds none), no more wild cards than a sequence may (HW-MELD-6) nor than the
    hand holds."""
    size = t.canasta_size
    runs = [run for run in layout.runs if run.suit == suit and run.high - run.low + 1 < size]
    for low in range(TOP + 2 - size):
        high = low + size - 1
        for old in [None, *(run for run in runs if low <= run.low and run.high <= high)]:
            taken = range(old.low, old.high + 1) if old else range(0)
            free = [position for position in range(low, high + 1) if position not in taken]
            held = [position for position in free if nat[natural_face(position, suit)]]
            gaps = len(free) - len(held)
            # (no more than the open sequence allows: none where it holds too many already)
            most = min(max(0, t.sequence_wilds - (old.wilds if old else 0)), wilds)
            for extra in range(max(0, most - gaps + 1)):
                for wild_at in combinations(held, extra):
                    used = bytearray(len(nat))
                    for position in held:
                        used[natural_face(position, suit)] = position not in wild_at
                    run = Run(suit, low, high, (old.wilds if old else 0) + gaps + extra)
                    valid = run.wilds <= min(t.sequence_wilds, size - t.sequence_naturals)
                    yield Core(bytes(used), gaps + extra, old, run, valid)


def _wild_cores(wilds: int, layout: Layout, t: Tables) -> Iterator[Core]:
    """The cores of a canasta of wild cards (HW-MELD-4): an open meld of them grown to the
    size, or a new one of the hand's wild cards where they may be laid."""
    size = t.canasta_size
    no_naturals = bytes(_PER_RANK * (TOP + 1))
    grown = [group for group in layout.wilds if group.size < size]
    for old in [None, *grown] if t.wild_melds else grown:
        added = size - (old.size if old else 0)
        if added <= wilds:
            yield Core(no_naturals, added, old, WildGroup(size), True)
