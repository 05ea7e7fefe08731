"""Which meld steps exist: every new meld a hand can lay and every addition it can make to a
side's melds, valid by the rules of melds (CL-MELD, CL-B3-3, HW-MELD, SA-MELD, BO-MELD).

A step is counted, not told apart by suit, wherever suits cannot matter: twos by count (the
first in display order), black threes by count, and the natural cards of a meld of one rank
by count too unless the rule set plays sequences, for which the suits a meld of one rank
takes do matter. With ``by_count``, such a meld comes once per count, with the suits that keep
the most for sequences (:func:`sequence_cost`) and the other choices of suits on demand
(:meth:`Step.others`); the move generator offers one move per count, as action ids code it.

Whether a step may be made now (black threes only when going out, CL-B3-3) and whether the
turn can be finished after it are for the callers to ask.

>>> from canasta import Meld, find_rules
>>> seq = Meld.of("7D 8D 9D JK", wild_as="10")
>>> [str(step.result) for step in meld_steps(Cards.parse("JD"), (seq,), find_rules("hollywood"))]
['7D 8D 9D JK(10) JD']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import product
from types import MappingProxyType

from canasta._cache import remembered
from canasta._engine.meld_rules import family
from canasta._engine.sequence_steps import (
    new_sequences,
    segments,
    sequence_additions,
    suit_masks,
    wild_signature,
)
from canasta._engine.step import Step
from canasta._engine.tables import (
    JOKER_POINTS,
    NATURAL_VALUE,
    TOP,
    TWO_POINTS,
    UNBOUNDED,
    Tables,
    tables,
)
from canasta._model.cards import (
    BLACK_THREES,
    FACE_COUNT,
    JOKER_FACE,
    NATURAL_FACES,
    NATURAL_RANKS,
    RANK_FACES,
    SUITS,
    TWO_FACES,
    Rank,
    natural_face,
)
from canasta._model.deck import Cards, trusted_cards
from canasta._model.melds import Meld, MeldKind, natural_position
from canasta._rules.ruleset import RuleSet

__all__ = [
    "Step",
    "count_key",
    "meld_steps",
    "rank_totals",
    "sequence_cost",
    "steps_with_locked",
]

_PER_RANK = len(SUITS)
_RANK, _SEQUENCE, _WILD, _BLACK = (
    MeldKind.RANK,
    MeldKind.SEQUENCE,
    MeldKind.WILD,
    MeldKind.BLACK_THREES,
)
_JOKER, _THREE = Rank.JOKER, Rank.THREE
_BLACK_THREE_FACES = tuple(face.index for face in BLACK_THREES)
_BLACK_THREE_POINTS = BLACK_THREES[0].points

#: A choice of natural cards of one rank, as a count for each suit.
Choice = tuple[int, ...]


#: The faces of each natural rank, by position, one a suit.
_RANK_FACES = tuple(tuple(RANK_FACES[rank]) for rank in NATURAL_RANKS)
#: The first face (clubs) of each natural rank, by position.
_FIRST_FACES = tuple(faces[0] for faces in _RANK_FACES)


def rank_totals(counts: bytes) -> list[int]:
    """The natural cards held of each rank, by position."""
    return [counts[c] + counts[d] + counts[h] + counts[s] for c, d, h, s in _RANK_FACES]


def meld_steps(
    usable: Cards, melds: tuple[Meld, ...], rules: RuleSet, *, by_count: bool = False
) -> list[Step]:
    """Every new meld from ``usable`` and addition to one of the side's ``melds``, each once
    (see the module's introduction for what "once" means, and ``by_count``)."""
    counts = usable.counts
    t = tables(rules)
    hand = _Hand(counts, suit_masks(counts) if t.sequences else None, t)
    taken = set() if t.several else {family(meld) for meld in melds}
    steps = _new_rank_melds(hand, t, taken, by_count)
    if hand.masks is not None:
        steps += _new_sequence_steps(t, hand.masks, hand.signature, taken)
    if t.wild_melds and (_WILD, None) not in taken:
        steps += _new_wild_melds(hand.twos, hand.jokers, t.min_size, t.longest_wild_meld)
    black = bytes([counts[face] for face in _BLACK_THREE_FACES])
    if sum(black) >= _FEWEST_BLACK_THREES and all(m.kind is not _BLACK for m in melds):
        steps += _black_three_melds(
            black, hand.twos, hand.jokers, t.black_threes, t.black_three_wilds
        )
    for index, meld in enumerate(melds):
        steps += _additions(hand, index, meld, t, by_count)
    return steps


class _Hand:
    """What the steps of every meld read of the cards they come from, read once a list: the
    counts, each suit's positions held and the wild cards a sequence may take
    (:func:`~canasta._engine.sequence_steps.wild_signature`; where sequences are played,
    by the rules ``t``), the twos (a count a two, display order), the jokers and the wild
    cards in all."""

    __slots__ = ("counts", "jokers", "masks", "signature", "twos", "wilds")

    def __init__(self, counts: bytes, masks: list[int] | None, t: Tables) -> None:
        self.counts = counts
        self.masks = masks
        self.signature = wild_signature(counts) if masks is not None and t.sequence_wilds else 0
        self.twos = counts[TWO_FACES.start : TWO_FACES.stop]
        self.jokers = counts[JOKER_FACE]
        self.wilds = sum(self.twos) + self.jokers

    def held(self, position: int) -> bytes:
        """The naturals of rank ``position`` held, a count a suit."""
        first = _FIRST_FACES[position]
        return self.counts[first : first + _PER_RANK]


# --- wild cards ---------------------------------------------------------------------------


@remembered(1 << 10)
def wild_choices(twos: bytes, jokers: int, low: int, high: int) -> tuple[tuple[bytes, int], ...]:
    """The choices of ``low`` to ``high`` wild cards from ``twos`` (a count a two) and
    ``jokers``: as (the twos taken, the first in display order, as counts; jokers taken),
    twos before jokers, fewer first.

    >>> wild_choices(bytes([1, 0, 1, 0]), 1, 1, 2)
    ((b'\\x00\\x00\\x00\\x00', 1), (b'\\x01\\x00\\x00\\x00', 0), (b'\\x01\\x00\\x00\\x00', 1), \
(b'\\x01\\x00\\x01\\x00', 0))
    """
    taken = [bytes(len(twos))]
    for face, held in enumerate(twos):
        for _ in range(held):
            grown = bytearray(taken[-1])
            grown[face] += 1
            taken.append(bytes(grown))
    high = min(high, len(taken) - 1 + jokers)
    low = max(low, 0)
    return tuple(
        (taken[t], j)
        for t in range(min(len(taken) - 1, max(high, -1)) + 1)
        for j in range(max(0, low - t), min(jokers, high - t) + 1)
    )


#: The counts of the threes in cards of natural and wild cards only: none.
_NO_THREES = bytes(JOKER_FACE - TWO_FACES.stop)


@remembered(1 << 10)
def _wild_parts(
    twos: bytes, jokers: int, low: int, high: int
) -> tuple[tuple[bytes, int, int], ...]:
    """:func:`wild_choices` as parts of steps: for each, the counts of a step's cards from
    the first two on (the twos taken, no threes, the jokers taken), their points and their
    number. Remembered: the steps of every meld of a hand, and of the next hands, take them.

    >>> _wild_parts(bytes([1, 0, 0, 0]), 0, 1, 1) == ((bytes([1, 0, 0, 0, 0, 0, 0, 0, 0]), 20, 1),)
    True
    """
    return tuple(
        (taken + _NO_THREES + bytes((j,)), _wild_points(taken, j), sum(taken) + j)
        for taken, j in wild_choices(twos, jokers, low, high)
    )


def _cards(naturals: bytes, twos: bytes, jokers: int, extra: bytes = b"") -> Cards:
    """Cards from the counts of the natural faces, of the twos and of the jokers (and of the
    threes, ``extra``)."""
    return trusted_cards(naturals + twos + (extra or _NO_THREES) + bytes((jokers,)))


def _wild_points(twos: bytes, jokers: int) -> int:
    return TWO_POINTS * sum(twos) + JOKER_POINTS * jokers


_NO_NATURALS = bytes(NATURAL_FACES.stop)


@remembered(1 << 8)
def _new_wild_melds(twos: bytes, jokers: int, low: int, high: int) -> tuple[Step, ...]:
    """New melds of ``low`` to ``high`` wild cards only, from ``twos`` (a count a two) and
    ``jokers`` (HW-MELD-4, BO-MELD-4). Remembered, with the moves the steps keep: they
    depend on these few numbers alone, and a hand keeps its wild cards turn after turn."""
    return tuple(
        Step(None, trusted_cards(_NO_NATURALS + tail), None, _WILD, points, count, _JOKER)
        for tail, points, count in _wild_parts(twos, jokers, low, high)
    )


#: The fewest black threes a meld of them holds (CL-B3-3).
_FEWEST_BLACK_THREES = 3


@remembered(1 << 8)
def _black_three_melds(
    held: bytes, twos: bytes, jokers: int, most: int, wilds: int
) -> tuple[Step, ...]:
    """A new meld of three to ``most`` of the black threes ``held`` (a count a face, clubs
    first), with up to ``wilds`` of the wild cards ``twos`` and ``jokers`` (CL-B3-3,
    HW-B3-3, HW-B3-4). Remembered, as :func:`_new_wild_melds`."""
    black = [
        face for face, count in zip(_BLACK_THREE_FACES, held, strict=True) for _ in range(count)
    ]
    found = []
    for n in range(_FEWEST_BLACK_THREES, min(len(black), most) + 1):
        threes = bytearray(JOKER_FACE - TWO_FACES.stop)
        for face in black[:n]:
            threes[face - TWO_FACES.stop] += 1
        for taken, j in wild_choices(twos, jokers, 0, wilds):
            found.append(
                Step(
                    None,
                    _cards(_NO_NATURALS, taken, j, bytes(threes)),
                    None,
                    _BLACK,
                    _BLACK_THREE_POINTS * n + _wild_points(taken, j),
                    n + sum(taken) + j,
                    _THREE,
                )
            )
    return tuple(found)


# --- natural cards of one rank ------------------------------------------------------------


def _near(masks: Sequence[int], position: int, have: bytes) -> tuple[int, ...]:
    """What melding the last copy of each suit's natural of rank ``position`` costs the
    sequences the hand might make (:func:`_suit_costs`), where sequences are played (the
    callers ask only then: elsewhere suits cannot matter, and the choices of suits need no
    cost); no cost where one suit is held at most, whose choices are the same whatever they
    cost (more of :func:`_rank_group`'s lookups find the steps already made)."""
    if have.count(0) >= _PER_RANK - 1:
        return _NO_COST
    return _suit_costs(masks, position, have)


def _suit_costs(masks: Sequence[int], position: int, have: bytes) -> tuple[int, ...]:
    """What melding the last copy of each suit's natural of rank ``position`` held (``have``,
    a count a suit) costs the sequences the hand might make: the cards of its suit within two
    ranks of it (:func:`sequence_cost`), by the hand's ``masks`` (:func:`suit_masks`)."""
    window = _NEAR_WINDOWS[position]
    pairs = zip(masks, have, strict=True)
    return tuple([(mask & window).bit_count() if held else 0 for mask, held in pairs])


#: What no suit's last copy costs.
_NO_COST = (0,) * _PER_RANK

#: For each position, the positions within two ranks of it (itself aside), as a mask.
_NEAR_WINDOWS = tuple(
    sum(1 << p for p in (position - 2, position - 1, position + 1, position + 2) if 0 <= p <= TOP)
    for position in range(TOP + 1)
)


@remembered(1 << 10)
def _choices(have: bytes, near: tuple[int, ...] | None) -> tuple[Choice, ...]:
    """One choice of naturals for each count from 0 to all of ``have`` (a count a suit): the
    suits in display order, or, where ``near`` gives what a suit's last copy costs, the
    choice that keeps the most for sequences: copies that leave one of their face first,
    then last copies, the cheapest first. Remembered: :func:`_rank_group` misses mostly for
    other wild cards or another meld grown, with the same naturals held and around them."""
    if near is None:
        order = [suit for suit in range(_PER_RANK) for _ in range(have[suit])]
    else:
        spare = [suit for suit in range(_PER_RANK) for _ in range(max(0, have[suit] - 1))]
        last = sorted((suit for suit in range(_PER_RANK) if have[suit]), key=near.__getitem__)
        order = spare + last
    chosen = [0] * _PER_RANK
    found: list[Choice] = [tuple(chosen)]
    for suit in order:
        chosen[suit] += 1
        found.append(tuple(chosen))
    return tuple(found)


def _all_choices(have: bytes, suits_matter: bool) -> list[Choice]:
    """Every choice of naturals of one rank (a count a suit): by count alone where suits
    cannot matter."""
    if suits_matter:
        return [tuple(c) for c in product(*(range(n + 1) for n in have))]
    return list(_choices(have, None))


@remembered(1 << 8)
def _other_suits(have: bytes, near: tuple[int, ...]) -> Mapping[int, tuple[Choice, ...]]:
    """For each count, the choices of naturals of one rank other than the best, the cheapest
    for sequences first. Remembered: every step of the rank whose own choice is refused asks
    again (Bolivia for four with 65 cards, tests/data/slow26: 136 questions, 10 of them
    different), and the answer depends on the naturals held and their costs alone."""

    def cost(choice: Choice) -> int:
        return sum(near[s] for s in range(_PER_RANK) if choice[s] and choice[s] == have[s])

    best = {sum(choice): choice for choice in _choices(have, near)}
    others: dict[int, list[Choice]] = {}
    for choice in _all_choices(have, True):
        if choice != best[sum(choice)]:
            others.setdefault(sum(choice), []).append(choice)
    return MappingProxyType(
        {count: tuple(sorted(found, key=cost)) for count, found in others.items()}
    )


def _naturals(position: int, choice: Choice) -> bytes:
    """The counts of the natural faces for a ``choice`` of naturals of rank ``position``."""
    return _BELOW[position] + bytes(choice) + _ABOVE[position]


#: For each natural rank, by position, the counts of no natural face below its faces, and
#: of none above them.
_BELOW = tuple(bytes(first) for first in _FIRST_FACES)
_ABOVE = tuple(bytes(NATURAL_FACES.stop - first - _PER_RANK) for first in _FIRST_FACES)


def _new_rank_melds(
    hand: _Hand, t: Tables, taken: set[tuple[MeldKind, object]], by_count: bool
) -> list[Step]:
    """New melds of one rank (CL-MELD-1 to CL-MELD-5), rank by rank."""
    twos, jokers, masks = hand.twos, hand.jokers, hand.masks
    found: list[Step] = []
    for position, have in enumerate(rank_totals(hand.counts)):
        if have < t.min_naturals or (_RANK, NATURAL_RANKS[position]) in taken:
            continue
        if t.new_meld_wilds[have] > hand.wilds:
            continue  # too few wild cards to make up a meld
        held = hand.held(position)
        near = None if masks is None else _near(masks, position, held)
        found += _rank_group(t.rules, position, held, near, twos, jokers, None, None, by_count)
    return found


def _additions(hand: _Hand, index: int, meld: Meld, t: Tables, by_count: bool) -> Sequence[Step]:
    """The steps that grow the side's ``meld`` at ``index``."""
    kind = meld.kind
    if kind is _RANK:
        position = natural_position(meld.rank)
        held = hand.held(position)
        if not any(held) and (
            not hand.wilds
            or meld.size >= t.closed_at
            or t.max_wilds[meld.size - meld.wilds] <= meld.wilds
        ):
            return ()  # no natural to add, and no wild card may join alone
        near = None if hand.masks is None else _near(hand.masks, position, held)
        return _rank_group(
            t.rules, position, held, near, hand.twos, hand.jokers, index, meld, by_count
        )
    if kind is _WILD:  # wild cards join it up to the longest (no canasta rule closes it)
        room = t.longest_wild_meld - meld.size
        parts = _wild_parts(hand.twos, hand.jokers, 1, room)
        return [
            Step(
                index,
                trusted_cards(_NO_NATURALS + tail),
                None,
                _WILD,
                points,
                count,
                _JOKER,
                None,
                meld,
            )
            for tail, points, count in parts
        ]
    if kind is _SEQUENCE:
        assert hand.masks is not None
        return sequence_additions(hand.masks, hand.signature, index, meld, t)
    return ()  # nothing joins black threes (CL-B3-4)


@remembered(1 << 10)
def _rank_group(
    rules: RuleSet,
    position: int,
    held: bytes,
    near: tuple[int, ...] | None,
    twos: bytes,
    jokers: int,
    index: int | None,
    meld: Meld | None,
    by_count: bool,
) -> tuple[Step, ...]:
    """The new melds (``meld`` ``None``) of rank ``position``, or the additions to ``meld``
    at ``index``, from the naturals ``held`` (a count a suit) and the wild cards; one a count
    of naturals by ``by_count``, every choice of suits otherwise. Remembered: they depend on
    nothing else, and recur turn after turn."""
    t = tables(rules)
    rank = NATURAL_RANKS[position]
    value = NATURAL_VALUE[position]
    choices = _choices(held, near) if by_count or near is None else tuple(_all_choices(held, True))
    others = None if near is None or not by_count else _make_others(position, held, near)
    # Every choice of the wild cards held, looked up once: each count of naturals takes
    # those of its range (:func:`_wild_range`), which are :func:`_wild_parts` of that range
    # in its order (tests/test_steps_and_planner.py holds the two to each other).
    parts = _wild_parts(twos, jokers, 0, UNBOUNDED)
    found: list[Step] = []
    for choice in choices:
        k = sum(choice)
        low, high = _wild_range(t, k, meld)
        if high < 0:
            continue
        head, naturals_points = _naturals(position, choice), k * value
        for tail, points, count in parts:
            if not low <= count <= high:
                continue
            found.append(
                Step(
                    index,
                    trusted_cards(head + tail),
                    None,
                    _RANK,
                    naturals_points + points,
                    k + count,
                    rank,
                    None,
                    meld,
                    others,
                )
            )
    return tuple(found)


def _wild_range(t: Tables, k: int, meld: Meld | None) -> tuple[int, int]:
    """The fewest and most wild cards that may go with ``k`` naturals of one rank into a new
    meld (``meld`` ``None``) or into ``meld``; (0, -1) for none at all."""
    if meld is None:
        if k < t.min_naturals:
            return 0, -1
        return max(0, t.min_size - k), t.max_wilds[k]
    room = 0 if meld.size >= t.closed_at else t.max_wilds[meld.naturals + k] - meld.wilds
    return (0 if k else 1), room


def _make_others(
    position: int, held: bytes, near: tuple[int, ...]
) -> Callable[[Step], Iterator[Step]]:
    """:meth:`Step.others` for the steps of rank ``position`` from the naturals ``held``: the
    step with each other choice of naturals of its count in turn, the cheapest for sequences
    first (found when first asked: seldom)."""
    first = _FIRST_FACES[position]

    def others(step: Step) -> Iterator[Step]:
        counts = step.cards.counts
        count = sum(counts[first : first + _PER_RANK])
        for choice in _other_suits(held, near).get(count, ()):
            cards = trusted_cards(counts[:first] + bytes(choice) + counts[first + _PER_RANK :])
            yield Step(
                step.target,
                cards,
                None,
                _RANK,
                step.points,
                step.size,
                step.rank,
                None,
                step.grown,
            )

    return others


# --- sequences ----------------------------------------------------------------------------


def _new_sequence_steps(
    t: Tables, masks: Sequence[int], signature: int, taken: set[tuple[MeldKind, object]]
) -> list[Step]:
    """New sequences of each suit, part by part of its positions held (HW-MELD-3), with the
    hand's wild cards of :func:`~canasta._engine.sequence_steps.wild_signature`
    ``signature``."""
    found: list[Step] = []
    for suit, mask in enumerate(masks):
        if (_SEQUENCE, SUITS[suit]) in taken or mask.bit_count() < t.sequence_naturals:
            continue
        for part in segments(mask):
            if part.bit_count() >= t.sequence_naturals:
                found += new_sequences(part, suit, t.rules, signature)
    return found


def count_key(cards: Cards, suits_matter: bool) -> tuple[int, ...]:
    """What tells steps apart where cards are told apart by count: the twos by count, the
    black threes by count, and the naturals of a rank by count unless suits matter."""
    counts = cards.counts
    twos = sum(counts[TWO_FACES.start : TWO_FACES.stop])
    black = sum(counts[face] for face in _BLACK_THREE_FACES)
    naturals = counts[: NATURAL_FACES.stop] if suits_matter else bytes(rank_totals(counts))
    return (*naturals, twos, black, counts[JOKER_FACE])


def steps_with_locked(
    usable: Cards, hand: Cards, melds: tuple[Meld, ...], rules: RuleSet, *, by_count: bool
) -> list[Step]:
    """The steps of the usable cards, and then those the whole hand allows beyond them: for
    when the pile cards locked until the opening minimum may be used all the same (a
    concealed going out that needs no minimum, CL-CONC-4). Cards told apart by count come
    from the usable ones first, so a step of the whole hand is kept only where no step of the
    usable cards makes the same by count."""
    found = meld_steps(usable, melds, rules, by_count=by_count)
    suits_matter = rules.sequences_allowed
    made = {(step.target, count_key(step.cards, suits_matter)) for step in found}
    for step in meld_steps(hand, melds, rules, by_count=by_count):
        key = (step.target, count_key(step.cards, suits_matter))
        if key not in made:
            made.add(key)
            found.append(step)
    return found


def sequence_cost(cards: Cards, usable: Cards) -> tuple[int, bytes]:
    """What melding ``cards`` from ``usable`` costs the sequences the hand might still make:
    for each natural face melded with no copy left, the cards of its suit within two ranks of
    it in the hand; then the cards' counts, for a fixed order among equal costs.

    >>> hand = Cards.parse("7H 7S 7S 8H 9H")
    >>> sequence_cost(Cards.parse("7H 7S"), hand) > sequence_cost(Cards.parse("7S 7S"), hand)
    True
    """
    have, take = usable.counts, cards.counts
    total = 0
    for face in NATURAL_FACES:
        if take[face] and take[face] == have[face]:
            position, suit = divmod(face, _PER_RANK)
            total += sum(
                1
                for other in (position - 2, position - 1, position + 1, position + 2)
                if 0 <= other <= TOP and have[natural_face(other, suit)]
            )
    return total, take


assert FACE_COUNT == JOKER_FACE + 1  # the joker's count is the last of a hand's counts
