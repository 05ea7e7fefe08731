"""An immutable multiset of cards, and building and shuffling packs.

Two decks hold two of each face, and cards of the same face are interchangeable for every
rule, so a hand is a multiset: it counts faces.

>>> hand = Cards.parse("KH KS 2C JK KH")
>>> len(hand), hand.count(Card.parse("KH")), str(hand)
(5, 2, 'KH KH KS 2C JK')
>>> str(hand - Cards.parse("KH 2C"))
'KH KS JK'
>>> pack = shuffled_pack(decks=2, seed=7)
>>> len(pack), pack == shuffled_pack(decks=2, seed=7)
(108, True)
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Iterable, Iterator
from itertools import compress

import attrs

from canasta._model import trusted
from canasta._model.cards import (
    ALL_FACES,
    FACE_COUNT,
    FACE_TEXT,
    JOKER_FACE,
    RANK_FACES,
    TWO_FACES,
    Card,
    CardParseError,
    Rank,
)
from canasta.errors import CanastaError, shown

__all__ = ["Cards", "pack_cards", "shuffled_pack"]

_FACES = FACE_COUNT
_POINTS = tuple(face.points for face in ALL_FACES)
_ZERO = bytes(_FACES)


#: The most copies of one face a multiset holds: far more than any pack of any rule set.
MAX_COPIES = 255


def _to_counts(value: bytes | Iterable[int]) -> bytes:
    """Counts as bytes, one a face: a tuple of 53 ints takes five times the memory."""
    if isinstance(value, bytes):
        return value
    counts = tuple(value)
    if any(not isinstance(n, int) or not 0 <= n <= MAX_COPIES for n in counts):
        raise CanastaError(
            f"Cards needs {_FACES} counts that are not negative, got {shown(counts)}"
        )
    return bytes(counts)


def _check_size(counts: list[int]) -> None:
    """Refuse a face held more often than a count byte holds (issue 26: a bare ValueError)."""
    worst = max(counts)
    if worst > MAX_COPIES:
        raise _too_many(ALL_FACES[counts.index(worst)], worst)


def _too_many(face: Card, count: int) -> CanastaError:
    return CanastaError(
        f"{face} is given {count} times: no pack holds more than {MAX_COPIES} of a card"
    )


def _check_counts(instance: Cards, attribute: object, value: bytes) -> None:
    if len(value) != _FACES:
        raise CanastaError(
            f"Cards needs {_FACES} counts that are not negative, got {shown(value)}"
        )


@attrs.frozen(slots=True, repr=False, order=False)
class Cards:
    """An immutable multiset of cards, stored as a count for each of the 53 faces.

    Iteration yields the cards in display order (4 to Ace, 2, 3, joker; suits C D H S), with
    repeats. ``+`` and ``-`` combine multisets; ``-`` refuses to take away cards that are
    not there.

    >>> Cards.parse("4C 4C") + [Card.parse("JK")]
    Cards.parse('4C 4C JK')
    >>> Cards.parse("4C") - Cards.parse("5C")
    Traceback (most recent call last):
    ...
    canasta.errors.CanastaError: cannot remove 5C: not among 4C
    """

    #: How many of each face, in the order of :data:`~canasta._model.cards.ALL_FACES` (a ``bytes``
    #: of 53 small counts; a tuple of ints is accepted when a multiset is made).
    counts: bytes = attrs.field(default=_ZERO, converter=_to_counts, validator=_check_counts)

    @classmethod
    def of(cls, cards: Iterable[Card | str] | str) -> Cards:
        """The multiset of the given cards: :class:`~canasta._model.cards.Card` values or
        card texts, mixed as you like; one text of several cards is read by :meth:`parse`.

        >>> Cards.of(["8D", Card.parse("8H"), "jk"]), Cards.of("KH KS")
        (Cards.parse('8D 8H JK'), Cards.parse('KH KS'))
        """
        if isinstance(cards, str):
            return cls.parse(cards)
        if type(cards) is Cards:
            return cards
        if isinstance(cards, (list, tuple)) and len(cards) == 1 and type(cards[0]) is Card:
            return _ONE_CARD[cards[0].index]  # a discard, a top card, a card drawn
        try:
            items = cards if isinstance(cards, (list, tuple)) else list(cards)
        except TypeError:
            raise CardParseError(
                f"expected cards (Card values or card texts), got {shown(cards)} "
                f"({type(cards).__name__})"
            ) from None
        counts = [0] * _FACES
        try:
            for index in map(_card_index, items):
                counts[index] += 1
        except AttributeError:  # not all Card values: read texts, refuse anything else
            counts = [0] * _FACES
            for position, item in enumerate(items, start=1):
                counts[_index_of(item, position)] += 1
        if len(items) > MAX_COPIES:  # no count of fewer cards can be over it
            _check_size(counts)
        return trusted_cards(bytes(counts))

    @classmethod
    def parse(cls, text: str) -> Cards:
        """Read cards separated by spaces or commas, e.g. ``"KH KS 2C JK"``.

        >>> Cards.parse("kh, 10s  jk")
        Cards.parse('10S KH JK')
        >>> Cards.parse("KH KX")
        Traceback (most recent call last):
        ...
        canasta.CardParseError: card 2 of 'KH KX': 'KX' is not a card: unknown suit 'X'; ...
        """
        if not isinstance(text, str):
            raise CardParseError(
                f"expected text naming cards, got {shown(text)} ({type(text).__name__})"
            )
        words = text.replace(",", " ").split()
        cards = []
        for position, word in enumerate(words, start=1):
            try:
                cards.append(Card.parse(word))
            except CardParseError as error:
                raise CardParseError(f"card {position} of {shown(text)}: {error}") from None
        return cls.of(cards)

    def __len__(self) -> int:
        return sum(self.counts)

    def __bool__(self) -> bool:
        return self.counts != _ZERO

    def __iter__(self) -> Iterator[Card]:
        for face, count in zip(ALL_FACES, self.counts, strict=True):
            for _ in range(count):
                yield face

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and self.counts[card.index] > 0

    def count(self, card: Card) -> int:
        """How many cards of this face the multiset holds."""
        return self.counts[card.index]

    def count_rank(self, rank: Rank) -> int:
        """How many cards of this rank, whatever their suit."""
        faces = RANK_FACES[rank]
        return sum(self.counts[faces.start : faces.stop])

    def count_wild(self) -> int:
        """How many wild cards: twos and jokers (CL-DEF-2).

        >>> Cards.parse("2C 2H JK KS").count_wild()
        3
        """
        counts = self.counts
        return sum(counts[TWO_FACES.start : TWO_FACES.stop]) + counts[JOKER_FACE]

    def faces(self) -> tuple[Card, ...]:
        """The distinct faces present, in display order."""
        return tuple(compress(ALL_FACES, self.counts))

    def issuperset(self, other: Iterable[Card]) -> bool:
        """True if every card of ``other`` (counted with repeats) is here."""
        other = other if isinstance(other, Cards) else Cards.of(other)
        difference = counts_difference(self.counts, other.counts)
        if difference is not None:
            return difference >= 0
        return all(map(operator.ge, self.counts, other.counts))

    @property
    def points(self) -> int:
        """The sum of the cards' point values (CL-VAL-1)."""
        return sum(map(operator.mul, self.counts, _POINTS))

    def __add__(self, other: Iterable[Card]) -> Cards:
        other = other if isinstance(other, Cards) else Cards.of(other)
        total = counts_sum(self.counts, other.counts)
        if total is not None:
            return trusted_cards(total)
        summed = list(map(operator.add, self.counts, other.counts))
        _check_size(summed)
        return trusted_cards(bytes(summed))

    def __sub__(self, other: Iterable[Card]) -> Cards:
        other = other if isinstance(other, Cards) else Cards.of(other)
        difference = counts_difference(self.counts, other.counts)
        if difference is not None and difference >= 0:
            return trusted_cards(difference.to_bytes(_FACES, "big"))
        try:  # a count below zero is no byte
            return trusted_cards(bytes(map(operator.sub, self.counts, other.counts)))
        except ValueError:
            short = next(
                i for i, (a, b) in enumerate(zip(self.counts, other.counts, strict=True)) if a < b
            )
            raise CanastaError(f"cannot remove {ALL_FACES[short]}: not among {self}") from None

    def without(self, other: Cards) -> Cards:
        """These cards less those of ``other``, face by face, no count going below zero
        (as :class:`collections.Counter` subtracts).

        >>> Cards.parse("KS KS 4D").without(Cards.parse("KS 4D 4D 9C"))
        Cards.parse('KS')
        """
        mine, theirs = self.counts, other.counts
        a = int.from_bytes(mine, "big")
        b = int.from_bytes(theirs, "big")
        if (a | b) & _TOP_BITS:  # a count of 128 or more: the lanes could overflow
            return self - trusted_cards(counts_minimum(mine, theirs))
        # As in counts_difference, no lane borrows; a lane whose top bit is left (a >= b)
        # keeps a - b in its low seven bits, the others (a < b) keep nothing.
        lanes = (a | _TOP_BITS) - b
        left = lanes & ((lanes & _TOP_BITS) >> 7) * 0x7F
        return self if left == a else trusted_cards(left.to_bytes(_FACES, "big"))

    def add(self, card: Card, count: int = 1) -> Cards:
        """A multiset with ``count`` more of ``card``."""
        if count < 0:
            raise CanastaError(f"cannot add {count} × {card}: use remove")
        counts = bytearray(self.counts)  # one count changes: the others are copied in C
        index = card.index
        if counts[index] + count > MAX_COPIES:
            raise _too_many(card, counts[index] + count)
        counts[index] += count
        return trusted_cards(bytes(counts))

    def remove(self, card: Card, count: int = 1) -> Cards:
        """A multiset with ``count`` fewer of ``card``; ``ValueError`` if there are not enough."""
        index = card.index
        if self.counts[index] < count:
            raise CanastaError(f"cannot remove {count} × {card}: only {self.counts[index]} held")
        counts = bytearray(self.counts)
        counts[index] -= count
        return trusted_cards(bytes(counts))

    def pretty(self) -> str:
        """The cards with suit symbols, for terminals."""
        return " ".join(card.pretty() for card in self)

    def __str__(self) -> str:
        return " ".join(
            FACE_TEXT[face] for face, count in enumerate(self.counts) for _ in range(count)
        )

    def __repr__(self) -> str:
        return f"Cards.parse({str(self)!r})"


_card_index = operator.attrgetter("_index")  # Card.index, read without calling the property


def _index_of(item: object, position: int) -> int:
    """The face index of a card given as a Card or as text, for :meth:`Cards.of`."""
    if isinstance(item, Card):
        return item.index
    if isinstance(item, str):
        try:
            return Card.parse(item).index
        except CardParseError as error:
            raise CardParseError(f"card {position}: {error.message}") from None
    raise CardParseError(
        f"card {position}: expected a Card or card text such as 'KH', got {shown(item)} "
        f"({type(item).__name__})"
    )


# Counts are added, subtracted and compared lane by lane inside one int, a byte a face: the
# int operations run in C, where a map over 53 counts calls Python for each. Each lane keeps
# its top bit free (a count below 128) so that no lane carries into the next.
_TOP_BITS = int.from_bytes(b"\x80" * _FACES, "big")


def counts_sum(first: bytes, second: bytes) -> bytes | None:
    """The counts of both multisets together, or ``None`` where a count is 128 or more (and
    the lanes could overflow).

    >>> list(counts_sum(bytes([1, 2] + [0] * 51), bytes([3, 0] + [0] * 51))[:3])
    [4, 2, 0]
    """
    a = int.from_bytes(first, "big")
    b = int.from_bytes(second, "big")
    if (a | b) & _TOP_BITS:
        return None
    return (a + b).to_bytes(_FACES, "big")


def counts_difference(first: bytes, second: bytes) -> int | None:
    """``first - second`` face by face, as an int whose bytes are the counts, or -1 if some
    count of ``second`` is larger; ``None`` where a count is 128 or more.

    >>> counts_difference(bytes([2, 1] + [0] * 51), bytes([1, 1] + [0] * 51)) == 1 << 416
    True
    >>> counts_difference(bytes([2, 1] + [0] * 51), bytes([1, 2] + [0] * 51))
    -1
    """
    a = int.from_bytes(first, "big")
    b = int.from_bytes(second, "big")
    if (a | b) & _TOP_BITS:
        return None
    # With a top bit set in every lane of a, no lane borrows from the next; a lane keeps its
    # top bit exactly when its count of a is at least that of b.
    lanes = (a | _TOP_BITS) - b
    if lanes & _TOP_BITS != _TOP_BITS:
        return -1
    return lanes ^ _TOP_BITS


def counts_minimum(first: bytes, second: bytes) -> bytes:
    """The smaller count of each face: the cards both multisets hold.

    >>> list(counts_minimum(bytes([2, 1, 0] + [0] * 50), bytes([1, 3, 4] + [0] * 50))[:3])
    [1, 1, 0]
    """
    a = int.from_bytes(first, "big")
    b = int.from_bytes(second, "big")
    if (a | b) & _TOP_BITS:
        return bytes(map(min, first, second))
    at_least = ((a | _TOP_BITS) - b) & _TOP_BITS  # lanes where a >= b
    b_lanes = (at_least >> 7) * 0xFF  # all ones in those lanes
    return ((b & b_lanes) | (a & ~b_lanes)).to_bytes(_FACES, "big")


#: ``Cards(counts)`` for 53 counts the library computed itself, without the checks: for the
#: engine's inner loops, not for input from outside.
trusted_cards: Callable[[bytes], Cards] = trusted.maker(Cards)

#: The multiset of each single card, by face index.
_ONE_CARD: tuple[Cards, ...] = tuple(
    trusted_cards(bytes(int(face == index) for face in range(_FACES))) for index in range(_FACES)
)


def pack_cards(decks: int, jokers_per_deck: int = 2) -> Cards:
    """The unshuffled pack: ``decks`` standard 52-card decks plus their jokers (CL-DECK-1).

    >>> len(pack_cards(2)), len(pack_cards(3))
    (108, 162)
    """
    if decks < 1:
        raise CanastaError(f"a pack needs at least one deck, got {shown(decks)}")
    counts = tuple(decks * jokers_per_deck if face.is_joker else decks for face in ALL_FACES)
    return Cards(counts)


def shuffled_pack(
    decks: int, seed: int | str | random.Random, jokers_per_deck: int = 2
) -> tuple[Card, ...]:
    """The pack of ``decks`` decks in a random order fixed by ``seed``.

    ``seed`` is an int or str (the same seed always gives the same order) or a
    :class:`random.Random` to draw from. The global random state is never used.
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    key = (decks, jokers_per_deck)
    pack = _PACKS.get(key)
    if pack is None:
        pack = _PACKS[key] = tuple(pack_cards(decks, jokers_per_deck))
    cards = list(pack)
    if type(rng) is random.Random:
        _shuffle(cards, rng.getrandbits)
    else:  # a subclass may draw its numbers otherwise: let it shuffle
        rng.shuffle(cards)
    return tuple(cards)


# The unshuffled packs, in display order, by decks and jokers per deck (a few at most).
_PACKS: dict[tuple[int, int], tuple[Card, ...]] = {}


def _shuffle(cards: list[Card], getrandbits: Callable[[int], int]) -> None:
    """Shuffle in place exactly as :meth:`random.Random.shuffle` does with the same
    generator (Fisher-Yates, each index drawn by rejection from ``getrandbits``), without
    its method call per card; deals made by a seed stay the deals they were."""
    for i in range(len(cards) - 1, 0, -1):
        bits = (i + 1).bit_length()
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]
