"""The sequence steps of :mod:`canasta._engine.steps`: new sequences of one suit and cards
added to a sequence, with at most the rule set's wild cards (HW-MELD-3, HW-MELD-6, SA-MELD-3).

A suit's natural cards held are a *mask* of rank positions (bit ``p`` for the rank
``NATURAL_RANKS[p]``): a sequence is a run of positions, a wild card standing for at most one
missing position. No sequence spans two missing positions in a row, so the parts of a mask
held apart by two or more positions give their sequences apart (:func:`segments`), and the
steps of one part are remembered by the part alone.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from canasta._cache import remembered
from canasta._engine.step import Step
from canasta._engine.tables import JOKER_POINTS, NATURAL_VALUE, TOP, TWO_POINTS, Tables, tables
from canasta._model.cards import (
    FACE_COUNT,
    JOKER_FACE,
    NATURAL_FACES,
    NATURAL_RANKS,
    SUITS,
    TWO_FACES,
    natural_face,
)
from canasta._model.deck import Cards, trusted_cards
from canasta._model.melds import Meld, MeldKind, natural_position
from canasta._rules.ruleset import RuleSet

__all__ = [
    "joined_part",
    "new_sequences",
    "segments",
    "sequence_additions",
    "suit_masks",
    "wild_signature",
]

_SEQUENCE = MeldKind.SEQUENCE
_HELD = bytes([0]) + bytes([1]) * 255  # for bytes.translate: any count held becomes 1


#: The mask of positions, by the held flags (0 or 1) of one suit's positions in order.
_MASK_OF = {
    bytes(mask >> position & 1 for position in range(TOP + 1)): mask
    for mask in range(1 << (TOP + 1))
}


def suit_masks(counts: bytes) -> list[int]:
    """For each suit (display order), the rank positions of its natural cards held, as bits.

    >>> [bin(mask) for mask in suit_masks(Cards.parse("4C 6C 5H").counts)]
    ['0b101', '0b0', '0b10', '0b0']
    """
    held = counts[: NATURAL_FACES.stop].translate(_HELD)
    per_rank = len(SUITS)
    return [_MASK_OF[held[suit::per_rank]] for suit in range(per_rank)]


def wild_signature(counts: bytes) -> int:
    """The wild cards a sequence may take from ``counts``, coded as one int: which two is the
    first held (1 to 4 for the twos in display order, 0 for none) times two, plus one if a
    joker is held. A sequence's steps depend on the wild cards only so far."""
    two = 0
    for offset, face in enumerate(TWO_FACES, 1):
        if counts[face]:
            two = offset
            break
    return two << 1 | (1 if counts[JOKER_FACE] else 0)


def _wild_faces(signature: int) -> list[tuple[int, int]]:
    """The wild cards, as (face, points), of a :func:`wild_signature`: the first two held,
    and a joker."""
    faces: list[tuple[int, int]] = []
    if signature >> 1:
        faces.append((TWO_FACES[(signature >> 1) - 1], TWO_POINTS))
    if signature & 1:
        faces.append((JOKER_FACE, JOKER_POINTS))
    return faces


@remembered(1 << 11)
def segments(mask: int) -> tuple[int, ...]:
    """The parts of ``mask`` held apart by two or more positions not held, lowest first.

    >>> [bin(part) for part in segments(0b11000111)]
    ['0b111', '0b11000000']
    """
    parts: list[int] = []
    part = gap = 0
    for position in range(TOP + 1):
        if mask >> position & 1:
            if gap >= 2 and part:
                parts.append(part)
                part = 0
            part |= 1 << position
            gap = 0
        else:
            gap += 1
    if part:
        parts.append(part)
    return tuple(parts)


def joined_part(mask: int, low: int, high: int) -> int:
    """The part of ``mask`` that can extend a sequence from position ``low`` to ``high``: the
    one that the sequence's own positions, as if held, join."""
    for part in segments(mask | ((2 << high) - (1 << low))):
        if part >> low & 1:
            return part
    raise AssertionError("the sequence's own positions are in a part")


def _run_cards(suit: int, positions: Sequence[int], wild: int | None = None) -> Cards:
    """One natural card of ``suit`` at each of ``positions``, and the wild card ``wild``."""
    counts = bytearray(FACE_COUNT)
    for position in positions:
        counts[natural_face(position, suit)] = 1
    if wild is not None:
        counts[wild] += 1
    return trusted_cards(bytes(counts))


def new_sequences(part: int, suit: int, rules: RuleSet, signature: int) -> tuple[Step, ...]:
    """The new sequences of ``suit`` from its positions held ``part`` (a part of the suit's
    mask), with a wild card of :func:`wild_signature` ``signature`` (0: none), by lowest
    then highest position. Remembered: they depend on nothing else."""
    return _new_sequences(part, suit, rules, signature)


@remembered(1 << 9)
def _new_sequences(part: int, suit: int, rules: RuleSet, signature: int) -> tuple[Step, ...]:
    t = tables(rules)
    fewest, longest, shortest = t.sequence_naturals, t.longest_sequence, t.min_size
    wild_faces = _wild_faces(signature if t.sequence_wilds else 0)
    found: list[Step] = []
    for low in range(TOP + 1):
        if not part >> low & 1 and not (wild_faces and low < TOP and part >> (low + 1) & 1):
            continue
        held: list[int] = []
        missing: list[int] = []
        for high in range(low, min(TOP, low + longest - 1) + 1):
            (held if part >> high & 1 else missing).append(high)
            if len(missing) > (1 if wild_faces else 0):
                break
            size = high - low + 1
            if size < shortest:
                continue
            if not missing and size >= fewest:
                found.append(_sequence_step(None, suit, held, None, low))
            if wild_faces and size - 1 >= fewest:
                for position in missing or range(low, high + 1):
                    found += _with_wild(None, suit, held, position, wild_faces, low)
    return tuple(found)


def _sequence_step(
    target: int | None, suit: int, naturals: Sequence[int], meld: Meld | None, low: int
) -> Step:
    points = sum(NATURAL_VALUE[p] for p in naturals)
    return Step(
        target,
        _run_cards(suit, naturals),
        None,
        _SEQUENCE,
        points,
        len(naturals),
        NATURAL_RANKS[low],
        SUITS[suit] if target is None else None,
        meld,
    )


def _with_wild(
    target: int | None,
    suit: int,
    naturals: Sequence[int],
    position: int,
    wild_faces: Sequence[tuple[int, int]],
    low: int,
    meld: Meld | None = None,
) -> Iterator[Step]:
    """The ``naturals`` of ``suit`` with one wild card standing for ``position``: where a
    natural is held there, the wild card takes its place."""
    kept = [p for p in naturals if p != position]
    points = sum(NATURAL_VALUE[p] for p in kept)
    for face, value in wild_faces:
        yield Step(
            target,
            _run_cards(suit, kept, face),
            NATURAL_RANKS[position],
            _SEQUENCE,
            points + value,
            len(kept) + 1,
            NATURAL_RANKS[low],
            SUITS[suit] if target is None else None,
            meld,
        )


def sequence_additions(
    masks: Sequence[int], wilds: int, index: int, meld: Meld, t: Tables
) -> tuple[Step, ...]:
    """The cards of a hand that may join the sequence ``meld`` at ``index`` under the rules'
    tables ``t``: cards next to its ends, across at most one missing position filled by a
    wild card if the sequence may still take one. The hand is given as its :func:`suit_masks`
    and its :func:`wild_signature` (``wilds``)."""
    assert meld.suit is not None
    suit = SUITS.index(meld.suit)
    mask = masks[suit]
    low = natural_position(meld.rank)
    high = low + meld.size - 1
    signature = wilds if meld.wilds < t.sequence_wilds else 0
    touching = (low and mask >> (low - 1) & 1) or (high < TOP and mask >> (high + 1) & 1)
    if not signature and not touching:
        return ()
    part = joined_part(mask, low, high)
    return _sequence_additions(part, suit, index, meld, t.rules, signature)


@remembered(1 << 9)
def _sequence_additions(
    part: int, suit: int, index: int, meld: Meld, rules: RuleSet, signature: int
) -> tuple[Step, ...]:
    longest = tables(rules).longest_sequence
    low = natural_position(meld.rank)
    high = low + meld.size - 1
    wild_faces = _wild_faces(signature)
    found: list[Step] = []
    for new_low in range(low, -1, -1):
        below = range(new_low, low)
        if sum(1 for p in below if not part >> p & 1) > (1 if wild_faces else 0):
            break
        for new_high in range(high, TOP + 1):
            if new_high - new_low + 1 > longest:
                break
            if new_low == low and new_high == high:
                continue
            new = [*below, *range(high + 1, new_high + 1)]
            missing = [p for p in new if not part >> p & 1]
            if len(missing) > (1 if wild_faces else 0):
                break
            held = [p for p in new if part >> p & 1]
            if not missing:
                found.append(_sequence_step(index, suit, held, meld, new_low))
            for position in missing or (new if wild_faces else ()):
                found += _with_wild(index, suit, held, position, wild_faces, new_low, meld)
    return tuple(found)
