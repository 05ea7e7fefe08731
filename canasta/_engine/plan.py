"""Meld planning for rule sets that name melds by position (Hollywood, Samba, Bolivia).

The generalisation of :mod:`canasta._engine.feasibility` to sequences, melds of wild cards and
several melds of one rank: :func:`steps` lists every new meld and addition a hand allows,
:func:`opening_reachable` says whether the initial-meld minimum can still be reached while
keeping cards, and :func:`going_out_possible` whether the hand can be melded out.

>>> from canasta._rules.ruleset import hollywood
>>> from canasta._engine.meld_rules import Meld
>>> seq = Meld.of("7D 8D 9D JK", wild_as="10")
>>> [str(step.result) for step in steps(Cards.parse("JD"), [seq], hollywood())]
['7D 8D 9D JK(10) JD']
>>> going_out_possible(Cards.parse("QS QS QS QS 2C"), [seq], hollywood(), 0, False)
False
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from itertools import compress, product
from operator import sub
from typing import Final

from canasta._engine.meld_rules import Meld, MeldKind
from canasta._model.cards import ALL_FACES, NATURAL_RANKS, Rank, Suit
from canasta._model.deck import Cards
from canasta._rules.ruleset import RuleSet

__all__ = ["Step", "going_out_possible", "opening_reachable", "sequence_cost", "steps"]

# Final: the compiled build keeps these in C statics instead of looking them up by name.
_RANKS: Final = NATURAL_RANKS
_SUITS: Final = tuple(Suit)
_SUIT_INDEX: Final = {suit: index for index, suit in enumerate(_SUITS)}
_BLACK_THREE_FACES: Final = (48, 51)
_JOKER: Final = 52
_WILD_FACES: Final = (44, 45, 46, 47, 52)
_TOP: Final = len(NATURAL_RANKS) - 1  # the ace's position
_POS: Final = {rank: index for index, rank in enumerate(NATURAL_RANKS)}
_NATURAL_VALUE: Final = tuple(ALL_FACES[4 * p].points for p in range(len(NATURAL_RANKS)))
_FACE_POINTS: Final = tuple(face.points for face in ALL_FACES)
_UNBOUNDED: Final = 10**6
_RANK: Final = MeldKind.RANK
_SEQ: Final = MeldKind.SEQUENCE
_WILD: Final = MeldKind.WILD
_BLACK: Final = MeldKind.BLACK_THREES
_JOKER_RANK: Final = Rank.JOKER
_THREE_RANK: Final = Rank.THREE
_IMPOSSIBLE: Final = 10**9

_new_object: Final = object.__new__
_CARDS: Final = Cards
_set_counts: Final = Cards.__dict__["counts"].__set__  # the slot, as attrs's __init__ sets it


def made_cards(counts: bytes) -> Cards:
    """:func:`canasta._model.deck.trusted_cards`, made here: the compiled steps (and the compiled
    :mod:`canasta._engine.feasibility`) then make their cards without a call into
    interpreted code."""
    cards = _new_object(_CARDS)
    _set_counts(cards, counts)
    return cards


def cards_less(whole: Cards, part: Cards) -> Cards:
    """``whole - part`` for ``part`` known to be among ``whole``: the counts subtracted as
    one number (no count goes below zero, so none borrows from the next)."""
    rest = int.from_bytes(whole.counts, "big") - int.from_bytes(part.counts, "big")
    return made_cards(rest.to_bytes(len(ALL_FACES), "big"))


class Step:
    """One new meld (``target`` None) or one addition to ``melds[target]``: the cards from
    the hand, the rank a sequence's wild card stands for, their points and number, the kind
    of meld, and the meld that results (made when first asked for: the move generator
    seldom needs it)."""

    __slots__ = (
        "_meld",
        "_more",
        "_rank",
        "_result",
        "_suit",
        "cards",
        "kind",
        "points",
        "size",
        "target",
        "wild_as",
    )

    def __init__(
        self,
        target: int | None,
        cards: Cards,
        wild_as: Rank | None,
        kind: MeldKind,
        points: int,
        size: int,
        rank: Rank,
        suit: Suit | None = None,
        meld: Meld | None = None,
        more: Callable[[], Iterator[Sequence[int]]] | None = None,
    ) -> None:
        self.target = target
        self.cards = cards
        self.wild_as = wild_as
        self.kind = kind
        self.points = points
        self.size = size
        # What the result is made of: a new meld's rank (a sequence's lowest) and suit; for
        # an addition, the meld grown and a sequence's new lowest rank.
        self._rank = rank
        self._suit = suit
        self._meld = meld
        # The other choices of suits for the naturals of a step of one rank (by_count).
        self._more = more
        self._result: Meld | None = None

    @property
    def result(self) -> Meld:
        """The new meld, or the meld grown by the addition."""
        if self._result is None:
            self._result = self._made()
        return self._result

    def _made(self) -> Meld:
        meld = self._meld
        if meld is None:
            return Meld(self._rank, self.cards, self._suit, self.wild_as)
        if self.kind is _SEQ:
            wild_as = meld.wild_as if self.wild_as is None else self.wild_as
            return Meld(self._rank, meld.cards + self.cards, meld.suit, wild_as)
        return meld.add(self.cards)

    @property
    def others(self) -> Callable[[], Iterator[Step]] | None:
        """The same step with other suits of its naturals, best first (``by_count`` only)."""
        return None if self._more is None else partial(_other_suits, self)

    def applied_to(self, melds: tuple[Meld, ...]) -> tuple[Meld, ...]:
        """The side's melds after this step: the new meld after them, or the grown meld in
        its place."""
        if self.target is None:
            return (*melds, self.result)
        return (*melds[: self.target], self.result, *melds[self.target + 1 :])

    def __repr__(self) -> str:
        return f"Step(target={self.target!r}, cards={self.cards!r}, wild_as={self.wild_as!r})"


def _other_suits(step: Step) -> Iterator[Step]:
    """:attr:`Step.others`: a step of one rank with each other choice of suits for its
    naturals (the same count, so the same points and size)."""
    more = step._more
    assert more is not None
    counts = step.cards.counts
    first = 4 * _POS[step._rank]
    for choice in more():
        cards = made_cards(counts[:first] + bytes(choice) + counts[first + 4 :])
        yield Step(
            step.target, cards, None, _RANK, step.points, step.size, step._rank, None, step._meld
        )


# --- steps ------------------------------------------------------------------------------

#: :func:`_wild_pairs` by its arguments, coded as one int.
_PAIRS: Final[dict[int, tuple[tuple[int, int], ...]]] = {}


def _wild_pairs(twos: int, jokers: int, low: int, high: int) -> tuple[tuple[int, int], ...]:
    """(twos, jokers) with ``low <= twos + jokers <= high``, by twos then jokers."""
    high = min(high, twos + jokers)  # the same pairs: no more can be taken
    low = max(low, 0)
    if high < low or high < 0:
        return ()
    key = (((twos << 12 | jokers) << 12 | low) << 12) | high
    found = _PAIRS.get(key)
    if found is None:
        if len(_PAIRS) >= 4096:
            _PAIRS.clear()
        found = _PAIRS[key] = _plain_wild_pairs(twos, jokers, low, high)
    return found


def _plain_wild_pairs(twos: int, jokers: int, low: int, high: int) -> tuple[tuple[int, int], ...]:
    return tuple(
        (t, j)
        for t in range(min(twos, high) + 1)
        for j in range(max(0, low - t), min(jokers, high - t) + 1)
    )


def _natural_choices(counts: bytes, pos: int, sequences: bool) -> list[list[int]]:
    """Sub-multisets of the naturals of one rank, as per-suit counts (by count alone when
    suits can never matter)."""
    have = counts[4 * pos : 4 * pos + 4]
    if sequences:
        return [list(c) for c in product(*(range(n + 1) for n in have))]
    choices = []
    for k in range(sum(have) + 1):
        taken, left = [], k
        for n in have:
            taken.append(min(n, left))
            left -= taken[-1]
        choices.append(taken)
    return choices


#: For ``k`` naturals of one rank: the choice of suits, the other choices on demand, and the
#: counts of the natural faces (the first 44) for the choice.
_More = Callable[[], Iterator[Sequence[int]]] | None
_Choice = tuple[Sequence[int], _More, bytes]


def _suit_masks(counts: bytes) -> list[int]:
    """For each suit, the rank positions of the natural cards held, as bits."""
    held = counts[:44].translate(_HELD)
    return [
        _MASK_OF[held[0:44:4]],
        _MASK_OF[held[1:44:4]],
        _MASK_OF[held[2:44:4]],
        _MASK_OF[held[3:44:4]],
    ]


#: A table for ``bytes.translate``: any count of a face held becomes 1.
_HELD: Final = bytes([0]) + bytes([1]) * 255
#: The bits of the positions held, by the held flags (0 or 1) of one suit's eleven positions.
_MASK_OF: Final = {
    bytes((mask >> p) & 1 for p in range(_TOP + 1)): mask for mask in range(1 << (_TOP + 1))
}
#: The number of bits set, by mask of positions.
_POPCOUNT: Final = tuple(bin(mask).count("1") for mask in range(1 << (_TOP + 1)))


def _run_cards(s: int, low: int, high: int) -> Cards:
    """One natural card of the suit numbered ``s`` at each position from low to high."""
    c = bytearray(len(ALL_FACES))
    c[4 * low + s : 4 * high + s + 1 : 4] = bytes([1]) * (high - low + 1)
    return made_cards(bytes(c))


#: :func:`_run_cards` by suit number, low and high position (None where high < low).
_RUNS: Final = tuple(
    tuple(
        tuple(_run_cards(s, low, high) if high >= low else None for high in range(_TOP + 1))
        for low in range(_TOP + 1)
    )
    for s in range(4)
)

#: :func:`_natural_runs` by its arguments, coded as one int.
_NATURAL_RUNS: Final[dict[int, tuple[tuple[int, int, int], ...]]] = {}


def _natural_runs(mask: int, shortest: int, longest: int) -> tuple[tuple[int, int, int], ...]:
    """The runs of ``shortest`` to ``longest`` positions held in ``mask``, as (lowest,
    highest, points), by lowest then highest position."""
    shortest = max(shortest, 0)
    longest = min(max(longest, 0), _TOP + 1)  # the same runs
    key = (mask << 16 | min(shortest, 255) << 8) | longest
    found = _NATURAL_RUNS.get(key)
    if found is None:
        if len(_NATURAL_RUNS) >= 4096:
            _NATURAL_RUNS.clear()
        found = _NATURAL_RUNS[key] = _plain_natural_runs(mask, shortest, longest)
    return found


def _plain_natural_runs(
    mask: int, shortest: int, longest: int
) -> tuple[tuple[int, int, int], ...]:
    runs = []
    for lo in range(_TOP + 1):
        points = 0
        for hi in range(lo, min(_TOP, lo + longest - 1) + 1):
            if not mask >> hi & 1:
                break
            points += _NATURAL_VALUE[hi]
            if hi - lo + 1 >= shortest:
                runs.append((lo, hi, points))
    return tuple(runs)


def _natural_sequences(mask: int, s: int, shortest: int, longest: int) -> Iterator[Step]:
    """New sequences of the suit numbered ``s`` (whose positions held are ``mask``) without
    a wild card: runs of naturals, by lowest then highest position (as :func:`steps` lists
    them with wild cards)."""
    suit = _SUITS[s]
    runs = _RUNS[s]
    for lo, hi, points in _natural_runs(mask, shortest, longest):
        cards = runs[lo][hi]
        assert cards is not None
        yield Step(None, cards, None, _SEQ, points, hi - lo + 1, _RANKS[lo], suit)


def _natural_extensions(
    mask: int, index: int, meld: Meld, s: int, lo: int, hi: int, longest: int
) -> Iterator[Step]:
    """Naturals added to the sequence ``meld`` (of the suit numbered ``s``, from position
    ``lo`` to ``hi``; the positions held in the suit are ``mask``) without a wild card: the
    cards next to its ends, by new lowest position (down) then highest (up)."""
    down = 0
    while lo - down > 0 and mask >> (lo - down - 1) & 1:
        down += 1
    up = 0
    while hi + up < _TOP and mask >> (hi + up + 1) & 1:
        up += 1
    for new_lo in range(lo, lo - down - 1, -1):
        for new_hi in range(hi, hi + up + 1):
            if new_hi - new_lo + 1 > longest:
                break
            if new_lo == lo and new_hi == hi:
                continue
            c = bytearray(len(ALL_FACES))
            points = 0
            for p in range(new_lo, lo):
                c[4 * p + s] = 1
                points += _NATURAL_VALUE[p]
            for p in range(hi + 1, new_hi + 1):
                c[4 * p + s] = 1
                points += _NATURAL_VALUE[p]
            size = lo - new_lo + new_hi - hi
            yield Step(
                index, made_cards(bytes(c)), None, _SEQ, points, size, _RANKS[new_lo], None, meld
            )


#: For each rank position, the bits of the positions within two ranks of it (not itself).
_NEAR: Final = tuple(
    sum(1 << p for p in (pos - 2, pos - 1, pos + 1, pos + 2) if 0 <= p <= _TOP)
    for pos in range(_TOP + 1)
)
#: :func:`_choices_by_count` by :func:`_choice_key`.
_CHOICES: Final[dict[int, tuple[_Choice, ...]]] = {}
#: :func:`_suit_choices` by :func:`_choice_key` without the position.
_SUIT_CHOICES: Final[dict[int, tuple[tuple[Sequence[int], _More, bytes], ...]]] = {}
#: How many entries each of the two tables above holds before it forgets them all (small for
#: the garbage collector's sake; see :data:`_GROUPS`).
_CHOICES_KEPT: Final = 1 << 10


def _choice_key(counts: bytes, pos: int, masks: Sequence[int] | None) -> int:
    """What :func:`_choices_by_count` depends on, coded as one int: the naturals of rank
    position ``pos`` held (per suit, eight bits each), what a last copy of each suit costs
    (four bits each; nothing for a suit not held, which no choice takes, or without
    ``masks``, the suit masks where sequences are allowed), then the position."""
    f = 4 * pos
    a, b, c, d = counts[f], counts[f + 1], counts[f + 2], counts[f + 3]
    key = ((a << 8 | b) << 8 | c) << 8 | d
    if masks is None:
        return key << 20 | pos
    window = _NEAR[pos]
    near0 = _POPCOUNT[masks[0] & window] if a else 0
    near1 = _POPCOUNT[masks[1] & window] if b else 0
    near2 = _POPCOUNT[masks[2] & window] if c else 0
    near3 = _POPCOUNT[masks[3] & window] if d else 0
    key = (((key << 4 | near0) << 4 | near1) << 4 | near2) << 4 | near3
    return key << 4 | pos


def naturals_key(counts: bytes, pos: int) -> int:
    """What the cost (:func:`sequence_cost`) of any choice of naturals of rank position
    ``pos`` from ``counts`` depends on, coded as one int (:func:`_choice_key`)."""
    return _choice_key(counts, pos, _suit_masks(counts))


def _choices_by_count(
    counts: bytes, pos: int, sequences: bool, masks: Sequence[int] | None = None, key: int = -1
) -> Sequence[_Choice]:
    """For each number ``k`` of naturals of one rank (index ``k``): the choice of suits best
    kept for sequences, and the other choices of ``k`` on demand, best first. A face of
    which a copy stays costs nothing; a last copy costs the cards of its suit within two
    ranks of it (:func:`sequence_cost`). ``key``: :func:`_choice_key`, if known."""
    if not sequences:
        return _all_choices(counts, pos, False)
    if key < 0:
        key = _choice_key(counts, pos, _suit_masks(counts) if masks is None else masks)
    found = _CHOICES.get(key)
    if found is None:
        ordered = _SUIT_CHOICES.get(key >> 4)
        f = 4 * pos
        if ordered is None:
            if len(_SUIT_CHOICES) >= _CHOICES_KEPT:
                _SUIT_CHOICES.clear()
            near = (key >> 16 & 15, key >> 12 & 15, key >> 8 & 15, key >> 4 & 15)
            ordered = _suit_choices(counts[f : f + 4], near)
            _SUIT_CHOICES[key >> 4] = ordered
        before, after = _ZEROS[f], _ZEROS[40 - f]
        found = tuple((best, more, before + held + after) for best, more, held in ordered)
        if len(_CHOICES) >= _CHOICES_KEPT:
            _CHOICES.clear()
        _CHOICES[key] = found
    return found


def _all_choices(counts: bytes, pos: int, sequences: bool) -> list[_Choice]:
    """Every choice of naturals of rank position ``pos`` (:func:`_natural_choices`), with
    its head and no other choices: the choices of :func:`steps` without ``by_count``."""
    return [
        (choice, None, _naturals_head(pos, choice))
        for choice in _natural_choices(counts, pos, sequences)
    ]


def _suit_choices(
    have: bytes, near: tuple[int, ...]
) -> tuple[tuple[Sequence[int], _More, bytes], ...]:
    """:func:`_choices_by_count` for the naturals ``have`` of one rank (per suit) whose last
    copies cost ``near`` (per suit), with each choice's counts (four bytes) for its head."""
    spare = [max(0, n - 1) for n in have]
    last_first = sorted((suit for suit in range(4) if have[suit]), key=near.__getitem__)

    def cost(choice: Sequence[int]) -> int:
        return sum(near[suit] for suit in range(4) if choice[suit] and choice[suit] == have[suit])

    def others(k: int, best: Sequence[int]) -> Iterator[Sequence[int]]:
        rest = [c for c in _natural_choices(have, 0, True) if sum(c) == k and c != list(best)]
        return iter(sorted(rest, key=cost))

    # Copies that leave one of their face go first (suit by suit), then last copies, the
    # cheapest first: the best choice of k naturals is the first k of that order.
    order = [suit for suit in range(4) for _ in range(spare[suit])] + last_first
    best: tuple[int, ...] = (0, 0, 0, 0)
    result: list[tuple[Sequence[int], _More, bytes]] = [
        (best, partial(others, 0, best), bytes(best))
    ]
    for k, suit in enumerate(order, 1):
        best = (*best[:suit], best[suit] + 1, *best[suit + 1 :])
        result.append((best, partial(others, k, best), bytes(best)))
    return tuple(result)


#: The bytes of each count of one face.
_COUNT_BYTE: Final = tuple(bytes((n,)) for n in range(256))
#: Runs of zero counts, by length.
_ZEROS: Final = tuple(bytes(n) for n in range(54))
#: The counts of faces 44 to 51 (twos, then threes) for the first t twos of each
#: count of the four twos (display order), by those counts.
_WILD_TAILS: Final[dict[bytes, tuple[bytes, ...]]] = {}


def _wild_tails(counts: bytes) -> tuple[bytes, ...]:
    """The counts of faces 44 to 51 (twos, then threes, none taken) when the first ``t``
    twos of ``counts`` (display order) are taken, by ``t``."""
    key = counts[44:48]
    found = _WILD_TAILS.get(key)
    if found is None:
        tails = [bytes(8)]
        for face in range(44, 48):
            for _ in range(counts[face]):
                grown = bytearray(tails[-1])
                grown[face - 44] += 1
                tails.append(bytes(grown))
        if len(_WILD_TAILS) >= 4096:
            _WILD_TAILS.clear()
        found = _WILD_TAILS[key] = tuple(tails)
    return found


def _naturals_head(pos: int, choice: Sequence[int]) -> bytes:
    """The counts of the natural faces (the first 44) for the naturals ``choice`` (per suit)
    of rank position ``pos``."""
    return bytes(4 * pos) + bytes(choice) + bytes(40 - 4 * pos)


def _few_wilds(have: int, wilds: int, plan: _Planner) -> bool:
    """Whether no meld of ``plan.min_nat`` to ``have`` naturals of one rank can be made up
    to the smallest size with ``wilds`` wild cards."""
    for k in range(plan.min_nat, have + 1):
        if k + min(wilds, plan.max_wilds[k]) >= plan.min_size:
            return False
    return True


def steps(
    usable: Cards, melds: Sequence[Meld], rules: RuleSet, *, by_count: bool = False
) -> Iterator[Step]:
    """Every legal new meld from ``usable`` and addition to one of ``melds``, each once.

    Twos are told apart by count only (suits in display order), black threes too; natural
    cards by face when sequences are allowed. Whether black threes may be melded now is for
    the caller to decide. With ``by_count``, a meld or addition of one rank comes once per
    count of naturals, twos and jokers, with the suits best kept for sequences; its
    :attr:`Step.others` gives the other suits.

    Steps are values: the same step may be handed out again, for another hand.
    """
    return iter(_step_list(usable.counts, melds, _planner(rules), by_count))


def _step_list(counts: bytes, melds: Sequence[Meld], plan: _Planner, by_count: bool) -> list[Step]:
    """:func:`steps`, as a list.

    The steps of a group (the new melds of one rank, the new sequences of one suit, the
    additions to one meld) depend on few of the counts: each group is remembered, by the
    planner, under what it depends on (for an addition, the meld itself as well).
    """
    out: list[Step] = []
    twos = counts[44] + counts[45] + counts[46] + counts[47]
    jokers = counts[_JOKER]
    wilds = twos + jokers
    seq_ok = plan.seq
    several = plan.several
    max_wilds = plan.max_wilds
    min_size = plan.min_size
    # The kinds of meld the side has, where it may hold only one of each.
    kinds: set[tuple[MeldKind, object]] = set()
    if not several:
        for meld in melds:
            kind = meld.kind
            kinds.add((kind, meld.rank if kind is _RANK else meld.suit))
    masks = _suit_masks(counts) if seq_ok else None
    # The choices of naturals by rank position, for melds and additions (by_count).
    choices_of: dict[int, Sequence[_Choice]] = {}
    # Faces 44 to 51 (twos, then threes, none taken) when the first t twos are taken; the
    # jokers' count follows.
    wild_tail = _wild_tails(counts)
    # What the groups of one rank depend on besides their naturals: the twos and jokers.
    wild_key = int.from_bytes(counts[44:48], "big") << 8 | jokers
    # What sequences depend on besides the suit's naturals: their possible wild card.
    wild_sig = _wild_signature(counts) if wilds else 0

    # New melds of one rank.
    rank_melds = plan.rank_melds
    held = rank_counts(counts)
    # Only the positions with enough naturals for a meld.
    for pos in compress(_POSITIONS, held.translate(plan.enough_naturals)):
        have = held[pos]
        if have < min_size and _few_wilds(have, wilds, plan):
            continue  # too few wild cards to make up a meld
        rank = _RANKS[pos]
        if not several and (_RANK, rank) in kinds:
            continue
        if by_count:
            key = _choice_key(counts, pos, masks) << 40 | wild_key
            found = rank_melds.get(key)
            if found is None:
                by_k = choices_of[pos] = _choices_by_count(counts, pos, seq_ok, masks, key >> 40)
                found = _new_rank_steps(by_k, pos, plan, twos, jokers, wild_tail)
                if len(rank_melds) >= _GROUPS:
                    rank_melds.clear()
                rank_melds[key] = found
            out += found
            continue
        out += _new_rank_steps(
            _all_choices(counts, pos, seq_ok), pos, plan, twos, jokers, wild_tail
        )
    # New sequences.
    if seq_ok:
        assert masks is not None
        sig = wild_sig if plan.seq_wilds > 0 else 0
        new_sequences = plan.new_sequences
        seq_nat = plan.seq_nat
        for s in range(4):
            if not several and (_SEQ, _SUITS[s]) in kinds:
                continue
            mask = masks[s]
            if _POPCOUNT[mask] < seq_nat:
                continue
            # No sequence spans two missing positions in a row: the runs of positions held
            # apart by two or more give their sequences apart, lowest first.
            for part in _SEGMENTS[mask]:
                if _POPCOUNT[part] < seq_nat:
                    continue
                key = (part << 2 | s) << 4 | sig
                found = new_sequences.get(key)
                if found is None:
                    found = _new_sequences(part, s, plan, sig)
                    if len(new_sequences) >= _GROUPS:
                        new_sequences.clear()
                    new_sequences[key] = found
                out += found
    # New melds of wild cards.
    if plan.wild_melds and (several or (_WILD, None) not in kinds):
        for t, j in _wild_pairs(twos, jokers, min_size, plan.wild_long):
            cards = made_cards(_ZEROS[44] + wild_tail[t] + _COUNT_BYTE[j])
            out.append(Step(None, cards, None, _WILD, 20 * t + 50 * j, t + j, _JOKER_RANK))
    # A new meld of black threes.
    if counts[48] + counts[51] >= 3 and all(m.kind is not _BLACK for m in melds):
        black = [f for f in _BLACK_THREE_FACES for _ in range(counts[f])]
        for n in range(3, min(len(black), plan.rules.max_black_threes_per_meld) + 1):
            for t, j in _wild_pairs(twos, jokers, 0, plan.rules.black_three_meld_max_wilds):
                c = bytearray(_ZEROS[44] + wild_tail[t] + _COUNT_BYTE[j])
                for face in black[:n]:
                    c[face] += 1
                cards = made_cards(bytes(c))
                points = 5 * n + 20 * t + 50 * j
                out.append(Step(None, cards, None, _BLACK, points, n + t + j, _THREE_RANK))
    # Additions.
    additions = plan.additions
    for index, meld in enumerate(melds):
        kind = meld.kind
        if kind is _RANK:
            pos = _POS[meld.rank]
            f = 4 * pos
            if not (counts[f] or counts[f + 1] or counts[f + 2] or counts[f + 3]) and (
                not wilds
                or meld.size >= plan.frozen_at
                or max_wilds[meld.size - meld.wilds] - meld.wilds < 1
            ):
                continue  # no natural to add, and no wild card may join alone
            if not by_count:
                every = _all_choices(counts, pos, plan.seq)
                out += _grown_rank_steps(every, index, meld, plan, twos, jokers, wild_tail)
                continue
            ckey = _choice_key(counts, pos, masks)
            added = (ckey << 40 | wild_key, index, id(meld))
            known = additions.get(added)
            if known is None or known[0] is not meld:
                choices = choices_of.get(pos)
                if choices is None:
                    choices = _choices_by_count(counts, pos, seq_ok, masks, ckey)
                    choices_of[pos] = choices
                grown = _grown_rank_steps(choices, index, meld, plan, twos, jokers, wild_tail)
                known = (meld, grown)
                if len(additions) >= _GROUPS:
                    additions.clear()
                additions[added] = known
            out += known[1]
        elif kind is _WILD:
            size = meld.size
            room = 0 if size >= plan.frozen_at else plan.wild_long - size
            for t, j in _wild_pairs(twos, jokers, 1, room):
                cards = made_cards(_ZEROS[44] + wild_tail[t] + _COUNT_BYTE[j])
                out.append(
                    Step(
                        index, cards, None, _WILD, 20 * t + 50 * j, t + j, _JOKER_RANK, None, meld
                    )
                )
        elif kind is _SEQ:
            suit = meld.suit
            assert suit is not None
            assert masks is not None
            s = _SUIT_INDEX[suit]
            mask = masks[s]
            lo = _POS[meld.rank]  # its lowest position
            hi = lo + meld.size - 1
            if meld.wilds < plan.seq_wilds and wilds:
                sig = wild_sig
            elif (lo and mask >> (lo - 1) & 1) or (hi < _TOP and mask >> (hi + 1) & 1):
                sig = 0
            else:
                continue  # no natural next to it, and no wild card for a gap
            mask = _joined_part(mask, lo, hi)
            added = ((mask << 4 | sig), index, id(meld))
            known = additions.get(added)
            if known is None or known[0] is not meld:
                known = (meld, _sequence_additions(mask, s, index, meld, lo, hi, plan, sig))
                if len(additions) >= _GROUPS:
                    additions.clear()
                additions[added] = known
            out += known[1]
    return out


def fold_ranks(faces: int) -> int:
    """Face counts (four a rank), as ``int.from_bytes`` reads them, with each rank's total
    in the last of its four bytes: each group of four bytes folded into its last byte at
    once. No byte overflows while a face is held fewer than 64 times (a pack holds three)."""
    faces += faces >> 8
    return faces + (faces >> 16)


def rank_counts(counts: bytes) -> bytes:
    """Cards per rank, in rank order (4 to Ace, then twos and threes), from face counts;
    jokers are ``counts[52]``. From the first 44 counts alone, the natural ranks.

    >>> list(rank_counts(Cards.parse("4C 4S 5H AD 2C 2D 3S JK").counts))
    [2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 1]
    """
    faces = counts[:52]
    return fold_ranks(int.from_bytes(faces, "big")).to_bytes(len(faces), "big")[3::4]


#: The rank positions.
_POSITIONS: Final = tuple(range(_TOP + 1))


def _segments(mask: int) -> tuple[int, ...]:
    """The parts of ``mask`` apart by two or more positions not held, lowest first."""
    parts: list[int] = []
    part = gap = 0
    for p in range(_TOP + 1):
        if mask >> p & 1:
            if gap >= 2 and part:
                parts.append(part)
                part = 0
            part |= 1 << p
            gap = 0
        else:
            gap += 1
    if part:
        parts.append(part)
    return tuple(parts)


#: :func:`_segments` by mask.
_SEGMENTS: Final = tuple(_segments(mask) for mask in range(1 << (_TOP + 1)))


def _joined_part(mask: int, lo: int, hi: int) -> int:
    """The part of ``mask`` (a suit's positions held) that can extend a sequence from
    position ``lo`` to ``hi``: the one that its own positions, as if held, join (no
    extension spans two missing positions in a row)."""
    for part in _SEGMENTS[mask | ((2 << hi) - (1 << lo))]:
        if part >> lo & 1:
            return part
    raise AssertionError("the sequence's own positions are in a part")


#: How many groups of steps a planner remembers, of each kind (then it forgets them all).
#: Kept small on purpose, like the bound of :data:`_CHOICES`: every step held is an object the
#: garbage collector walks in each full collection, and with tens of thousands of them held,
#: those collections took a fifth of a long run of the three-deck games.
_GROUPS: Final = 1 << 9


def _wild_signature(counts: bytes) -> int:
    """The wild cards a sequence may take from ``counts``, coded as one int: the first two
    held (1 to 4 for faces 44 to 47, 0 for none) times two, plus one if a joker is held."""
    two = 0
    for face in range(44, 48):
        if counts[face]:
            two = face - 43
            break
    return two << 1 | (1 if counts[_JOKER] else 0)


def _wild_faces(sig: int) -> list[tuple[int, int]]:
    """The one wild card of a sequence (and its points) of :func:`_wild_signature`: the
    first two, or a joker."""
    faces: list[tuple[int, int]] = []
    if sig >> 1:
        faces.append((43 + (sig >> 1), 20))
    if sig & 1:
        faces.append((_JOKER, 50))
    return faces


def _new_rank_steps(
    choices: Sequence[_Choice],
    pos: int,
    plan: _Planner,
    twos: int,
    jokers: int,
    wild_tail: tuple[bytes, ...],
) -> tuple[Step, ...]:
    """The new melds of rank position ``pos`` of :func:`steps` from the choices of naturals
    ``choices``: one a count (by count, :func:`_choices_by_count`) or all of them
    (:func:`_all_choices`)."""
    out: list[Step] = []
    rank = _RANKS[pos]
    value = _NATURAL_VALUE[pos]
    min_nat, min_size, max_wilds = plan.min_nat, plan.min_size, plan.max_wilds
    for choice, more, head in choices:
        k = sum(choice)
        if k < min_nat:
            continue
        for t, j in _wild_pairs(twos, jokers, max(0, min_size - k), max_wilds[k]):
            cards = made_cards(head + wild_tail[t] + _COUNT_BYTE[j])
            points = k * value + 20 * t + 50 * j
            out.append(Step(None, cards, None, _RANK, points, k + t + j, rank, None, None, more))
    return tuple(out)


def _grown_rank_steps(
    choices: Sequence[_Choice],
    index: int,
    meld: Meld,
    plan: _Planner,
    twos: int,
    jokers: int,
    wild_tail: tuple[bytes, ...],
) -> tuple[Step, ...]:
    """The additions of :func:`steps` to ``meld``, of one rank, at ``index``, from the
    choices of naturals ``choices``: one a count (by count) or all of them."""
    out: list[Step] = []
    size, meld_wilds = meld.size, meld.wilds
    naturals = size - meld_wilds
    max_wilds = plan.max_wilds
    # A canasta of one rank takes no more wild cards from this size.
    frozen = size >= plan.frozen_at
    rank = meld.rank
    value = _NATURAL_VALUE[_POS[rank]]
    for choice, more, head in choices:
        k = sum(choice)
        room = 0 if frozen else max_wilds[naturals + k] - meld_wilds
        for t, j in _wild_pairs(twos, jokers, 0 if k else 1, room):
            cards = made_cards(head + wild_tail[t] + _COUNT_BYTE[j])
            points = k * value + 20 * t + 50 * j
            out.append(Step(index, cards, None, _RANK, points, k + t + j, rank, None, meld, more))
    return tuple(out)


def _new_sequences(mask: int, s: int, plan: _Planner, sig: int) -> tuple[Step, ...]:
    """The new sequences of :func:`steps` of the suit numbered ``s``, whose positions held
    are ``mask``, with the wild card of :func:`_wild_signature` ``sig`` (0: none)."""
    min_nat = plan.seq_nat
    longest = plan.seq_long
    shortest = plan.min_size
    if not sig:
        return tuple(_natural_sequences(mask, s, max(shortest, min_nat), longest))
    out: list[Step] = []
    suit = _SUITS[s]
    wild_faces = _wild_faces(sig)
    for lo in range(_TOP + 1):
        if not (mask >> lo & 1) and (lo == _TOP or not (mask >> (lo + 1) & 1)):
            continue
        low_rank = _RANKS[lo]
        missing: list[int] = []
        base = bytearray(len(ALL_FACES))  # the naturals from lo to hi
        points = 0
        for hi in range(lo, min(_TOP, lo + longest - 1) + 1):
            if mask >> hi & 1:
                base[4 * hi + s] = 1
                points += _NATURAL_VALUE[hi]
            else:
                missing.append(hi)
                if len(missing) > 1:
                    break
            size = hi - lo + 1
            if size < shortest:
                continue
            if not missing and size >= min_nat:
                cards = made_cards(bytes(base))
                out.append(Step(None, cards, None, _SEQ, points, size, low_rank, suit))
            if hi - lo < min_nat:
                continue
            placed = _wild_placed(base, points, missing or range(lo, hi + 1), mask, s, wild_faces)
            for cards, wild_as, value in placed:
                out.append(Step(None, cards, wild_as, _SEQ, value, size, low_rank, suit))
    return tuple(out)


def _wild_placed(
    base: bytearray,
    points: int,
    positions: Sequence[int],
    mask: int,
    s: int,
    wild_faces: Sequence[tuple[int, int]],
) -> list[tuple[Cards, Rank, int]]:
    """The naturals ``base`` (worth ``points``) of the suit numbered ``s`` with one wild card
    of ``wild_faces`` (face, value) standing for each of ``positions`` in turn: the cards, the
    rank the wild card stands for and the points. Where ``mask`` holds a natural at that
    position, the wild card takes its place."""
    placed = []
    for p in positions:
        without, left = base, points
        if mask >> p & 1:  # the wild card stands for a natural held
            without = bytearray(base)
            without[4 * p + s] = 0
            left -= _NATURAL_VALUE[p]
        wild_as = _RANKS[p]
        for face, value in wild_faces:
            c = bytearray(without)
            c[face] += 1
            placed.append((made_cards(bytes(c)), wild_as, left + value))
    return placed


def _sequence_additions(
    mask: int, s: int, index: int, meld: Meld, lo: int, hi: int, plan: _Planner, sig: int
) -> tuple[Step, ...]:
    """The additions of :func:`steps` to the sequence ``meld`` at ``index``, of the suit
    numbered ``s`` (whose positions held are ``mask``), from position ``lo`` to ``hi``,
    with the wild card of :func:`_wild_signature` ``sig`` (0: none)."""
    longest = plan.seq_long
    if not sig:
        return tuple(_natural_extensions(mask, index, meld, s, lo, hi, longest))
    out: list[Step] = []
    wild_faces = _wild_faces(sig)
    for new_lo in range(lo, -1, -1):
        below = range(new_lo, lo)
        below_missing = [p for p in below if not mask >> p & 1]
        if len(below_missing) > 1:
            break
        for new_hi in range(hi, _TOP + 1):
            if new_hi - new_lo + 1 > longest:
                break
            if new_lo == lo and new_hi == hi:
                continue
            new = [*below, *range(hi + 1, new_hi + 1)]
            missing = [p for p in new if not mask >> p & 1]
            if len(missing) > 1:
                break
            low_rank = _RANKS[new_lo]
            base = bytearray(len(ALL_FACES))  # the naturals held among the new ranks
            points = 0
            for p in new:
                if mask >> p & 1:
                    base[4 * p + s] = 1
                    points += _NATURAL_VALUE[p]
            if not missing:
                cards = made_cards(bytes(base))
                out.append(Step(index, cards, None, _SEQ, points, len(new), low_rank, None, meld))
            size = len(new)
            for cards, wild_as, value in _wild_placed(
                base, points, missing or new, mask, s, wild_faces
            ):
                out.append(Step(index, cards, wild_as, _SEQ, value, size, low_rank, None, meld))
    return tuple(out)


def sequence_cost(cards: Cards, usable: Cards) -> tuple[int, bytes]:
    """What melding ``cards`` from ``usable`` costs the sequences the hand might still make:
    for each natural face melded with no copy left, the cards of its suit within two ranks
    of it in the hand; then the cards' counts, for a fixed order among equal costs.

    >>> hand = Cards.parse("7H 7S 7S 8H 9H")
    >>> sequence_cost(Cards.parse("7H 7S"), hand) > sequence_cost(Cards.parse("7S 7S"), hand)
    True
    """
    have, take = usable.counts, cards.counts
    naturals = take[: 4 * len(NATURAL_RANKS)]
    first = len(naturals) - len(naturals.lstrip(b"\0"))  # only the faces taken matter
    total = sum(
        _neighbours(have, face)
        for face in range(first, len(naturals.rstrip(b"\0")))
        if take[face] and take[face] == have[face]
    )
    return total, take


def _neighbours(counts: bytes, face: int) -> int:
    """The faces of a natural's suit within two ranks of it that ``counts`` holds: what
    melding its last copy costs the sequences the hand might make."""
    position, suit = divmod(face, 4)
    return sum(
        1
        for other in (position - 2, position - 1, position + 1, position + 2)
        if 0 <= other <= _TOP and counts[4 * other + suit]
    )


# --- the searches -----------------------------------------------------------------------
#
# Melds are tuples: (0, position, naturals, wilds, frozen) for a meld of one rank,
# (1, suit, low, high, wilds) for a sequence, (2, size, frozen) for wild cards. Natural cards
# are placed lowest first (by face index); each either joins a meld of its rank, extends a
# sequence of its suit (with the wild card across a one-rank gap, or as the lowest card of
# a block below it), starts a meld of its rank, starts a sequence as its lowest natural card,
# or (in the opening) is kept. Once the natural cards are placed, the wild cards are spread.

_Melds = tuple[tuple[int, ...], ...]


def _encode(melds: Sequence[Meld], rules: RuleSet) -> tuple[_Melds, bool]:
    """The melds as search tuples, and whether a meld of black threes is among them."""
    out: list[tuple[int, ...]] = []
    black = False
    for meld in melds:
        frozen = int(meld.is_canasta_under(rules) and not rules.allow_wild_on_canasta)
        if meld.kind is MeldKind.RANK:
            out.append((0, _POS[meld.rank], meld.naturals, meld.wilds, frozen))
        elif meld.kind is MeldKind.SEQUENCE:
            assert meld.suit is not None
            suit = _SUITS.index(meld.suit)
            out.append((1, suit, _POS[meld.low], _POS[meld.high], meld.wilds))
        elif meld.kind is MeldKind.WILD:
            out.append((2, meld.size, frozen))
        else:
            black = True
    return tuple(sorted(out)), black


def _sorted(melds: _Melds, meld: tuple[int, ...]) -> _Melds:
    return tuple(sorted((*melds, meld)))


class _Planner:
    """Search helpers for one rule set."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.size = rules.canasta_size
        self.min_size = rules.min_meld_size
        self.min_nat = rules.min_naturals
        self.seq = rules.sequences_allowed
        self.seq_nat = max(2, rules.min_naturals)
        self.seq_wilds = rules.max_wilds_per_sequence
        self.seq_long = rules.max_sequence_length or len(NATURAL_RANKS)
        self.several = rules.several_melds_per_rank
        self.wild_melds = rules.wild_melds_allowed
        self.wild_long = rules.max_wild_meld_length or _UNBOUNDED
        self.max_wilds = tuple(rules.max_wilds(n) for n in range(200))
        # A canasta of one rank or of wild cards takes no more wild cards from this size.
        self.frozen_at = _UNBOUNDED if rules.allow_wild_on_canasta else rules.canasta_size
        # For bytes.translate: a count of naturals becomes 1 if enough for a new meld.
        self.enough_naturals = bytes(int(n >= self.min_nat) for n in range(256))
        # Groups of steps (see _step_list): new melds of one rank, new sequences of one suit,
        # additions to one meld (with the meld, which its key names by identity).
        self.rank_melds: dict[int, tuple[Step, ...]] = {}
        self.new_sequences: dict[int, tuple[Step, ...]] = {}
        self.additions: dict[tuple[int, int, int], tuple[Meld, tuple[Step, ...]]] = {}

    # -- natural cards --

    def moves(self, nat: bytes, wilds: int, melds: _Melds) -> Iterator[tuple[bytes, int, _Melds]]:
        """Every way to place the lowest natural card (which must be there)."""
        i = len(nat) - len(nat.lstrip(b"\0"))
        pos, suit = divmod(i, 4)
        rest = bytearray(nat)
        rest[i] -= 1
        after = bytes(rest)
        seen: set[tuple[int, ...]] = set()
        has_rank = has_seq = False
        for n, meld in enumerate(melds):
            if meld in seen:
                continue
            seen.add(meld)
            others = melds[:n] + melds[n + 1 :]
            if meld[0] == 0:
                if meld[1] != pos:
                    continue
                has_rank = True
                yield after, wilds, _sorted(others, (0, pos, meld[2] + 1, meld[3], meld[4]))
            elif meld[0] == 1 and meld[1] == suit:
                has_seq = True
                _, _, lo, hi, w = meld
                length = hi - lo + 1
                if hi + 1 == pos and length < self.seq_long:
                    yield after, wilds, _sorted(others, (1, suit, lo, pos, w))
                elif (
                    hi + 2 == pos and w < self.seq_wilds and wilds and length + 2 <= self.seq_long
                ):
                    yield after, wilds - 1, _sorted(others, (1, suit, lo, pos, w + 1))
                elif pos < lo and length + lo - pos <= self.seq_long:
                    yield from self._block_below(after, wilds, others, suit, pos, lo, hi, w)
        if self.several or not has_rank:
            yield from self._new_rank(after, wilds, melds, pos)
        if self.seq and (self.several or not has_seq):
            yield from self._new_sequence(after, wilds, melds, pos, suit)

    def _block_below(
        self,
        nat: bytes,
        wilds: int,
        others: _Melds,
        suit: int,
        pos: int,
        lo: int,
        hi: int,
        w: int,
    ) -> Iterator[tuple[bytes, int, _Melds]]:
        """The natural card at ``pos`` leads a block of cards added below a sequence."""
        gaps = [p for p in range(pos + 1, lo) if not nat[4 * p + suit]]
        if len(gaps) > 1:
            return
        extra = 0
        if gaps:
            if w >= self.seq_wilds or not wilds:
                return
            extra = 1
        rest = bytearray(nat)
        for p in range(pos + 1, lo):
            if p not in gaps:
                rest[4 * p + suit] -= 1
        yield bytes(rest), wilds - extra, _sorted(others, (1, suit, pos, hi, w + extra))

    def _new_rank(
        self, nat: bytes, wilds: int, melds: _Melds, pos: int
    ) -> Iterator[tuple[bytes, int, _Melds]]:
        need = self.min_nat - 1
        have = nat[4 * pos : 4 * pos + 4]
        if sum(have) < need:
            return
        for choice in product(*(range(min(n, need) + 1) for n in have)):
            if sum(choice) != need:
                continue
            rest = bytearray(nat)
            for s, n in enumerate(choice):
                rest[4 * pos + s] -= n
            yield bytes(rest), wilds, _sorted(melds, (0, pos, self.min_nat, 0, 0))

    def _new_sequence(
        self, nat: bytes, wilds: int, melds: _Melds, pos: int, suit: int
    ) -> Iterator[tuple[bytes, int, _Melds]]:
        n = self.seq_nat
        # Without a wild card: pos .. pos + n - 1.
        top = pos + n - 1
        if (
            top <= _TOP
            and n <= self.seq_long
            and all(nat[4 * p + suit] for p in range(pos + 1, top + 1))
        ):
            rest = bytearray(nat)
            for p in range(pos + 1, top + 1):
                rest[4 * p + suit] -= 1
            yield bytes(rest), wilds, _sorted(melds, (1, suit, pos, top, 0))
        # With a wild card inside: pos .. pos + n, one gap.
        top = pos + n
        if not (self.seq_wilds and wilds and top <= _TOP and n + 1 <= self.seq_long):
            return
        for gap in range(pos + 1, top):
            span = [p for p in range(pos + 1, top + 1) if p != gap]
            if all(nat[4 * p + suit] for p in span):
                rest = bytearray(nat)
                for p in span:
                    rest[4 * p + suit] -= 1
                yield bytes(rest), wilds - 1, _sorted(melds, (1, suit, pos, top, 1))

    # -- wild cards --

    def shape(self, melds: _Melds) -> tuple[int, int, int, list[tuple[int, int]]] | None:
        """(canastas made, wild cards needed, room for wild cards, [(extra room, shortfall)])
        for melds whose natural cards are placed; ``None`` if a meld can never be valid."""
        done = need_total = room_total = 0
        open_melds: list[tuple[int, int]] = []
        for meld in melds:
            kind = meld[0]
            if kind == 0:
                _, _, naturals, w, frozen = meld
                size = naturals + w
                room = 0 if frozen else max(0, self.max_wilds[naturals] - w)
            elif kind == 1:
                _, _, lo, hi, w = meld
                size = hi - lo + 1
                growable = lo > 0 or hi < _TOP
                room = int(w < self.seq_wilds and size < self.seq_long and growable)
            elif kind == 2:
                _, size, frozen = meld
                room = 0 if frozen else self.wild_long - size
            else:  # closed: no natural card can join it any more
                _, size, room, _ = meld
            need = max(0, self.min_size - size)
            if need > room:
                return None
            need_total += need
            room_total += room
            if size + need >= self.size:
                done += 1
            else:
                open_melds.append((room - need, self.size - size - need))
        return done, need_total, room_total, open_melds

    @functools.cached_property
    def new_wild(self) -> tuple[int, ...]:
        """For N wild cards laid as new melds of wild cards: the most canastas, -1 if they
        cannot all be laid so (index N up to 40)."""
        best = [-1] * 41
        best[0] = 0
        if not self.wild_melds:
            return tuple(best)
        for total in range(1, 41):
            for part in range(self.min_size, min(self.wild_long, total) + 1):
                if best[total - part] >= 0:
                    value = best[total - part] + (part >= self.size)
                    best[total] = max(best[total], value)
        return tuple(best)


#: Planners by the identity of their rule set (hashing a RuleSet costs more than building
#: a step); each planner keeps its rule set alive, so an identity is never reused.
_PLANNERS: dict[int, _Planner] = {}


def _planner(rules: RuleSet) -> _Planner:
    plan = _PLANNERS.get(id(rules))
    if plan is None or plan.rules is not rules:
        if len(_PLANNERS) >= 64:
            _PLANNERS.clear()
        plan = _PLANNERS[id(rules)] = _Planner(rules)
    return plan


def _most_canastas(
    plan: _Planner, melds: _Melds, wilds: int, black_room: int, may_new_wild: bool
) -> int:
    """The most canastas once all ``wilds`` are melded, or -1 if they cannot all be."""
    shape = plan.shape(melds)
    if shape is None:
        return -1
    done, need, room, open_melds = shape
    if need > wilds:
        return -1
    ordered = sorted(short for extra, short in open_melds if short <= extra)
    best = -1
    new_table = plan.new_wild if may_new_wild else (0,)
    for laid_new in range(min(wilds - need, len(new_table) - 1) + 1):
        gained = new_table[laid_new]
        if gained < 0:
            continue
        rest = wilds - laid_new
        placed = min(rest, room)
        if rest - placed > black_room or placed < need:
            continue
        spare = placed - need
        made = 0
        for short in ordered:
            if short > spare:
                break
            spare -= short
            made += 1
        best = max(best, done + made + gained)
    return best


def _may_new_wild(plan: _Planner, melds: _Melds) -> bool:
    return plan.wild_melds and (plan.several or not any(m[0] == 2 for m in melds))


def _stuck_naturals(nat: bytes, melds: _Melds, plan: _Planner, wilds: int) -> bytearray:
    """The counts of the naturals that no plan melds, by a cheap necessary condition for a
    natural to be meldable at all: a meld of its rank to join or enough of the rank (and wild
    cards) for a new one, a sequence of its suit, or neighbours of its suit for a new
    sequence."""
    stuck = bytearray(44)
    rank_melds = {meld[1] for meld in melds if meld[0] == 0}
    sequence_suits = {meld[1] for meld in melds if meld[0] == 1}
    seq = plan.seq
    masks = _suit_masks(nat) if seq else []
    length = max(plan.min_size, plan.seq_nat)
    widest = length + (1 if plan.seq_wilds and wilds else 0)
    widest = min(widest, _TOP + 1)  # the same windows, and the key _in_run uses
    seq = seq and length <= widest  # else no window
    min_nat, min_size, max_wilds = plan.min_nat, plan.min_size, plan.max_wilds
    held = rank_counts(nat)
    for pos in compress(_POSITIONS, held):
        have = held[pos]
        if pos in rank_melds:
            continue
        if have >= min_nat and have + min(wilds, max_wilds[have]) >= min_size:
            continue
        f = 4 * pos
        for suit in range(4):
            face = f + suit
            if not nat[face] or suit in sequence_suits:
                continue
            if seq:
                # _in_run, looked up here first: a call costs more than the lookup.
                mask = masks[suit]
                run = _IN_RUN.get(((mask << 4 | pos) << 4 | length) << 4 | widest)
                if run is None:
                    run = _in_run(mask, pos, length, widest)
                if run:
                    continue
            stuck[face] = nat[face]
    return stuck


#: :func:`_in_run` by its arguments, coded as one int.
_IN_RUN: Final[dict[int, bool]] = {}


def _in_run(mask: int, pos: int, length: int, widest: int) -> bool:
    """Whether some window of ``length`` to ``widest`` positions through ``pos`` holds at
    least ``length`` positions of ``mask`` (the others are filled by a wild card).
    Remembered: there are only 2**11 masks."""
    if length > _TOP + 1 or widest < length:
        return False  # no such window
    widest = min(widest, _TOP + 1)  # the same windows
    key = ((mask << 4 | pos) << 4 | length) << 4 | widest
    found = _IN_RUN.get(key)
    if found is None:
        if len(_IN_RUN) >= 1 << 16:
            _IN_RUN.clear()
        found = _IN_RUN[key] = _plain_in_run(mask, pos, length, widest)
    return found


def _plain_in_run(mask: int, pos: int, length: int, widest: int) -> bool:
    for window in range(length, widest + 1):
        span = (1 << window) - 1
        for start in range(max(0, pos - window + 1), min(pos, _TOP - window + 1) + 1):
            if ((mask >> start) & span).bit_count() >= length:
                return True
    return False


def _closed(melds: _Melds, pos: int, plan: _Planner) -> _Melds:
    """The melds with those that no natural card of rank position ``pos`` or higher can join
    reduced to what the wild cards still need of them: (3, size, room for wild cards,
    whether it is a natural sequence). Positions that differ only in such melds' ranks and
    suits then share one memo entry."""
    changed = False
    out: list[tuple[int, ...]] = []
    for meld in melds:
        kind = meld[0]
        if kind == 0 and meld[1] < pos:
            _, _, naturals, w, frozen = meld
            room = 0 if frozen else max(0, plan.max_wilds[naturals] - w)
            out.append((3, naturals + w, room, 0))
            changed = True
        elif kind == 1 and meld[3] + 2 < pos:
            _, _, lo, hi, w = meld
            size = hi - lo + 1
            growable = lo > 0 or hi < _TOP
            room = int(w < plan.seq_wilds and size < plan.seq_long and growable)
            out.append((3, size, room, int(w == 0)))
            changed = True
        elif kind == 2:
            _, size, frozen = meld
            out.append((3, size, 0 if frozen else plan.wild_long - size, 0))
            changed = True
        else:
            out.append(meld)
    return tuple(sorted(out)) if changed else melds


def _canasta_bound(nat: bytes, wilds: int, melds: Sequence[Meld], plan: _Planner) -> int:
    """At most how many more canastas the side can complete from these natural cards and
    ``wilds`` wild cards: each is a meld that is not one yet grown to the size, or a new meld
    of cards from the hand (merges aside). A quick "no" before the search."""
    size = plan.size
    made = 0
    hand_by_position = [sum(nat[4 * p : 4 * p + 4]) for p in range(_TOP + 1)]
    fresh_ranks = [0] * (_TOP + 1)
    masks: list[int] | None = None  # the positions held, per suit, as bits
    for meld in melds:
        if meld.kind is MeldKind.BLACK_THREES or meld.is_canasta_under(plan.rules):
            continue
        if meld.kind is MeldKind.RANK:
            room = max(0, plan.max_wilds[meld.naturals + hand_by_position[_POS[meld.rank]]])
            extra = hand_by_position[_POS[meld.rank]] + min(wilds, max(0, room - meld.wilds))
            made += meld.size + extra >= size
        elif meld.kind is MeldKind.WILD:
            made += meld.size + min(wilds, plan.wild_long - meld.size) >= size
        else:
            assert meld.suit is not None
            if masks is None:
                masks = _suit_masks(nat)
            low, high = _POS[meld.low], _POS[meld.high]
            covered = masks[_SUITS.index(meld.suit)] | (1 << (high + 1)) - (1 << low)
            fill = int(meld.wilds < plan.seq_wilds and wilds > 0)
            made += _longest_run(covered, low, fill) >= size
    for p in range(_TOP + 1):
        fresh_ranks[p] = hand_by_position[p] + min(wilds, plan.max_wilds[hand_by_position[p]])
        made += fresh_ranks[p] // size
    if plan.seq:
        if masks is None:
            masks = _suit_masks(nat)
        fill = int(plan.seq_wilds > 0 and wilds > 0)
        for suit in range(4):
            made += _longest_run(masks[suit], None, fill) >= size
    if plan.wild_melds:
        made += wilds // size
    return made


@functools.lru_cache(maxsize=1 << 16)
def _longest_run(mask: int, through: int | None, fill: int) -> int:
    """The longest run of covered positions (the bits of ``mask``; through position
    ``through`` if given), with up to ``fill`` single uncovered positions filled (by a wild
    card), capped at the ends of an extra wild card's reach. Remembered: there are only
    2**11 masks."""
    covered = [bool(mask >> p & 1) for p in range(_TOP + 1)]
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


def _escalera_possible(nat: bytes, melds: _Melds, size: int) -> bool:
    """Whether a natural sequence canasta could still come out of these natural cards and
    melds: some suit has ``size`` ranks in a row among them (BO-OUT-1)."""
    for suit in range(4):
        covered = [bool(nat[4 * p + suit]) for p in range(_TOP + 1)]
        for meld in melds:
            if meld[0] == 3 and meld[3] and meld[1] >= size:
                return True
            if meld[0] == 1 and meld[1] == suit and meld[4] == 0:
                for p in range(meld[2], meld[3] + 1):
                    covered[p] = True
        run = 0
        for here in covered:
            run = run + 1 if here else 0
            if run >= size:
                return True
    return False


def going_out_possible(
    hand: Cards, melds: Sequence[Meld], rules: RuleSet, owed: int, exempt: bool
) -> bool:
    """Whether ``hand`` can be melded, all but at most one card that is discarded, leaving
    the side ``rules.canastas_to_go_out`` canastas and meld points of at least ``owed``.

    With ``exempt`` the points are not needed, but a discard is then allowed only if
    ``rules.concealed_allows_discard``. Merges of melds are not considered.
    """
    if not hand:
        return False
    plan = _planner(rules)
    counts = hand.counts
    encoded, black_meld = _encode(melds, rules)
    nat = counts[:44]
    # Cheap necessary conditions first.
    size = rules.canasta_size
    done = 0
    open_cards = len(hand)
    for meld in melds:
        if meld.kind is MeldKind.BLACK_THREES:
            continue
        if meld.is_canasta_under(rules):
            done += 1
        else:
            open_cards += meld.size
    if done + open_cards // size < rules.canastas_to_go_out:
        return False
    wild_count = sum(counts[44:48]) + counts[_JOKER]
    if done + _canasta_bound(nat, wild_count, melds, plan) < rules.canastas_to_go_out:
        return False
    stuck = _stuck_naturals(nat, encoded, plan, wild_count)
    stray = [f for f in range(44) if stuck[f]]
    if len(stray) > 1 or (stray and nat[stray[0]] > 1):
        return False
    black = counts[48] + counts[51]
    wilds = sum(counts[44:48]) + counts[_JOKER]
    total = hand.points
    choices: list[tuple[int, int]] = [] if stray else [(-1, 0)]
    for face in stray or (f for f in range(len(counts)) if counts[f]):
        choices.append((face, ALL_FACES[face].points))
    memo: dict[tuple[bytes, int, _Melds, int], bool] = {}
    need_canastas = rules.canastas_to_go_out
    may_new_wild = _may_new_wild(plan, encoded)

    escalera = rules.going_out_needs_natural_sequence
    if escalera and not _escalera_possible(nat, encoded, size):
        return False

    def search(nat: bytes, w: int, ms: _Melds, black_room: int) -> bool:
        if escalera and not _escalera_possible(nat, ms, size):
            return False
        if not any(nat):
            if escalera and not any(
                (m[0] == 1 and m[3] - m[2] + 1 >= size and m[4] == 0)
                or (m[0] == 3 and m[3] and m[1] >= size)
                for m in ms
            ):
                return False  # BO-OUT-1: a natural sequence canasta among them
            return _most_canastas(plan, ms, w, black_room, may_new_wild) >= need_canastas
        lowest = len(nat) - len(nat.lstrip(b"\0"))
        ms = _closed(ms, lowest // 4, plan)
        key = (nat, w, ms, black_room)
        found = memo.get(key)
        if found is None:
            found = any(search(n, w2, m2, black_room) for n, w2, m2 in plan.moves(nat, w, ms))
            memo[key] = found
        return found

    done_wild_discard = False
    for face, points in choices:
        melded = total - points
        discarding = face >= 0
        short = owed > 0 and melded < owed
        if short and (not exempt or (discarding and not rules.concealed_allows_discard)):
            continue
        if face in _WILD_FACES:
            # A wild discard: twos and jokers differ only in points, checked above.
            if done_wild_discard:
                continue
            done_wild_discard = True
        b = black - (face in _BLACK_THREE_FACES)
        if b and not (3 <= b <= rules.max_black_threes_per_meld and not black_meld):
            continue
        black_room = rules.black_three_meld_max_wilds if b else 0
        w = wilds - (face in _WILD_FACES)
        n = nat
        if 0 <= face < 44:
            rest = bytearray(nat)
            rest[face] -= 1
            n = bytes(rest)
        if search(n, w, encoded, black_room):
            return True
    return False


def _rank_melds_reach(
    counts: bytes, melds: Sequence[Meld], plan: _Planner, keep: int, owed: int
) -> bool:
    """A quicker "yes" than :func:`_greedy_opening`: new melds of all the naturals of one
    rank each, the richest first, those short of a meld made up with wild cards (jokers
    first), then the wild cards left within the melds' room, while ``keep`` cards stay.
    Success is a plan; failure proves nothing."""
    left = sum(counts) - keep  # how many cards may be melded
    several = plan.several
    laid = set() if several else {m.rank for m in melds if m.kind is _RANK}
    full: list[tuple[int, int, int]] = []
    short: list[tuple[int, int, int]] = []
    held = rank_counts(counts)
    for pos in compress(_POSITIONS, held.translate(plan.enough_naturals)):
        have = held[pos]
        if several or _RANKS[pos] not in laid:
            need = max(0, plan.min_size - have)
            if need <= plan.max_wilds[have]:
                (short if need else full).append((have * _NATURAL_VALUE[pos], have, need))
    wild_values = [50] * counts[_JOKER] + [20] * (
        counts[44] + counts[45] + counts[46] + counts[47]
    )
    points = room = used = 0
    for value, have, need in sorted(full, reverse=True) + sorted(short, reverse=True):
        if have + need > left or used + need > len(wild_values):
            continue
        points += value + sum(wild_values[used : used + need])
        left -= have + need
        used += need
        room += plan.max_wilds[have] - need
        if points >= owed:
            return True
    extra = max(0, min(room, left, len(wild_values) - used))
    return points + sum(wild_values[used : used + extra]) >= owed


def _greedy_opening(
    usable: Cards, melds: tuple[Meld, ...], rules: RuleSet, keep: int, owed: int
) -> bool:
    """A quick "yes": lay the step worth most, again and again, while ``keep`` cards stay.
    Success is a plan; failure proves nothing, and the exact search follows."""
    hand, points = usable, 0
    plan = _planner(rules)
    for _ in range(8):
        best: Step | None = None
        most = -1
        largest = len(hand) - keep  # the most cards a step may take
        for step in _step_list(hand.counts, melds, plan, True):
            if step.points > most and step.size <= largest and step.kind is not _BLACK:
                best, most = step, step.points
        if best is None:
            return False
        points += most
        if points >= owed:
            return True
        hand = cards_less(hand, best.cards)
        melds = best.applied_to(melds)
    return False


def opening_reachable(
    usable: Cards, melds: Sequence[Meld], rules: RuleSet, keep: int, owed: int
) -> bool:
    """Whether new melds and additions from ``usable`` (no black threes) can reach ``owed``
    points while at least ``keep`` cards of ``usable`` stay in hand."""
    if owed <= 0:
        return len(usable) >= keep
    if len(usable) < keep:
        return False
    plan = _planner(rules)
    counts = usable.counts
    # A plan first: it is found more often than not, and cheaper than the bound below.
    if _rank_melds_reach(counts, melds, plan, keep, owed):
        return True
    encoded, _ = _encode(melds, rules)
    nat = counts[:44]
    twos = sum(counts[44:48])
    jokers = counts[_JOKER]
    wilds = twos + jokers
    others = len(usable) - sum(nat) - wilds  # black threes: always kept
    # Upper bound: every card that could be melded at all, less the cheapest kept ones.
    stuck = _stuck_naturals(nat, encoded, plan, wilds)  # naturals that no plan melds
    free = bytes(map(sub, nat, stuck))  # the naturals some plan may meld
    meldable: list[int] = []
    for f in compress(range(44), free):
        meldable.extend([_NATURAL_VALUE[f // 4]] * free[f])
    unplaceable = sum(nat) - len(meldable)
    if meldable or encoded or (plan.wild_melds and wilds >= plan.min_size):
        meldable.extend([20] * twos + [50] * jokers)
        unplaceable_w = 0
    else:
        unplaceable_w = wilds
    meldable.sort()
    must_keep = max(0, keep - others - unplaceable - unplaceable_w)
    if sum(meldable[must_keep:]) < owed:
        return False
    if _greedy_opening(usable, tuple(melds), rules, keep, owed):
        return True
    total = sum(_NATURAL_VALUE[f // 4] * nat[f] for f in range(44)) + 20 * twos + 50 * jokers
    failed: dict[tuple[bytes, int, _Melds, int], int] = {}
    may_new_wild = _may_new_wild(plan, encoded)

    def kept_wild_points(n: int) -> int:
        return 20 * min(n, twos) + 50 * max(0, n - twos)

    def leaf(ms: _Melds, w: int, kept: int) -> int:
        """The fewest points kept in wild cards, or _IMPOSSIBLE."""
        shape = plan.shape(ms)
        if shape is None:
            return _IMPOSSIBLE
        _, need, room, _ = shape
        if need > w:
            return _IMPOSSIBLE
        used_before = wilds - w
        most = w - max(0, keep - kept)
        new_table = plan.new_wild if may_new_wild else (0,)
        for placed in range(most, need - 1, -1):
            for laid_new in range(min(placed, len(new_table) - 1) + 1):
                if new_table[laid_new] >= 0 and need <= placed - laid_new <= room:
                    return kept_wild_points(wilds - used_before - placed)
        return _IMPOSSIBLE

    def least_kept(nat: bytes, w: int, kept: int) -> int:
        """A lower bound on the points still to be kept: the cheapest cards left."""
        short = keep - kept
        points = 0
        for f, n in enumerate(nat):
            if short <= 0:
                return points
            if n:
                value = _NATURAL_VALUE[f // 4]
                if value > 20:
                    break
                take = min(n, short)
                points += take * value
                short -= take
        return points + 20 * max(0, min(short, w))

    def search(nat: bytes, w: int, ms: _Melds, kept: int, budget: int) -> bool:
        """Whether the cards can be placed keeping at most ``budget`` points."""
        if not any(nat):
            return leaf(ms, w, kept) <= budget
        if least_kept(nat, w, kept) > budget:
            return False
        key = (nat, w, ms, kept)
        if failed.get(key, -1) >= budget:
            return False
        for n, w2, m2 in plan.moves(nat, w, ms):
            if search(n, w2, m2, kept, budget):
                return True
        i = len(nat) - len(nat.lstrip(b"\0"))
        rest = bytearray(nat)
        rest[i] -= 1
        value = _NATURAL_VALUE[i // 4]
        if value <= budget and search(bytes(rest), w, ms, min(keep, kept + 1), budget - value):
            return True
        failed[key] = budget
        return False

    # The naturals no plan melds stay in hand in every plan: the search starts with them kept.
    stuck_points = sum(_NATURAL_VALUE[f // 4] * stuck[f] for f in range(44) if stuck[f])
    return search(
        free, wilds, encoded, min(keep, others + unplaceable), total - owed - stuck_points
    )
