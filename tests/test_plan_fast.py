"""The remembered tables and the quick constructions of the planner's steps and of the move
generator give what the plain computations give."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_plan import RULES, random_position

from canasta._engine.meld_rules import MeldKind, added, new_meld
from canasta._engine.movegen import _step_move
from canasta._engine.plan import (
    _choices_by_count,
    _suit_masks,
    _wild_pairs,
    _wild_tails,
    cards_less,
    made_cards,
    steps,
)
from canasta._model.cards import NATURAL_RANKS
from canasta._model.deck import Cards
from canasta._model.moves import addition_of, lay_meld_of

_TOP = len(NATURAL_RANKS) - 1


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 12), st.integers(0, 6), st.integers(-2, 9), st.integers(-3, 40))
def test_wild_pairs(twos: int, jokers: int, low: int, high: int) -> None:
    expected = [(t, j) for t in range(twos + 1) for j in range(jokers + 1) if low <= t + j <= high]
    assert list(_wild_pairs(twos, jokers, low, high)) == expected
    assert list(_wild_pairs(twos, jokers, low, high)) == expected  # remembered


def _near(counts: bytes, pos: int, suit: int) -> int:
    return sum(
        1 for p in (pos - 2, pos - 1, pos + 1, pos + 2) if 0 <= p <= _TOP and counts[4 * p + suit]
    )


def _cost(counts: bytes, pos: int, choice: tuple[int, ...]) -> int:
    return sum(
        _near(counts, pos, s) for s in range(4) if choice[s] and choice[s] == counts[4 * pos + s]
    )


def test_choices_by_count() -> None:
    """For each count: the best choice costs least of all the choices of that count, the
    others are all the rest, by cost; and the head holds the choice. Many hands in a row,
    so a remembered answer for another hand would show."""
    rng = random.Random(5)
    for _ in range(3000):
        counts = bytes(rng.choice((0, 0, 0, 1, 1, 2, 3)) for _ in range(53))
        pos = rng.randrange(_TOP + 1)
        have = counts[4 * pos : 4 * pos + 4]
        found = _choices_by_count(
            counts, pos, True, _suit_masks(counts) if rng.random() < 0.5 else None
        )
        assert len(found) == sum(have) + 1
        for k, (best, more, head) in enumerate(found):
            assert sum(best) == k
            assert all(b <= h for b, h in zip(best, have, strict=True))
            assert head == bytes(4 * pos) + bytes(best) + bytes(40 - 4 * pos)
            everything = [
                (a, b, c, d)
                for a in range(have[0] + 1)
                for b in range(have[1] + 1)
                for c in range(have[2] + 1)
                for d in range(have[3] + 1)
                if a + b + c + d == k
            ]
            assert _cost(counts, pos, tuple(best)) == min(
                _cost(counts, pos, c) for c in everything
            )
            assert more is not None
            rest = [tuple(c) for c in more()]
            assert sorted([*rest, tuple(best)]) == sorted(everything)
            costs = [_cost(counts, pos, c) for c in rest]
            assert costs == sorted(costs)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=53, max_size=53))
def test_wild_tails(counts: list[int]) -> None:
    twos = [face for face in range(44, 48) for _ in range(counts[face])]
    expected = []
    for t in range(len(twos) + 1):
        tail = bytearray(8)
        for face in twos[:t]:
            tail[face - 44] += 1
        expected.append(bytes(tail))
    assert list(_wild_tails(bytes(counts))) == expected


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=53, max_size=53), st.randoms())
def test_cards_and_cards_less(counts: list[int], rng: random.Random) -> None:
    whole = made_cards(bytes(counts))
    assert whole == Cards(bytes(counts))
    assert whole.counts == bytes(counts)
    part = Cards(bytes(rng.randint(0, n) for n in counts))
    assert cards_less(whole, part) == whole - part


@pytest.mark.parametrize("name", sorted(RULES))
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(1, 9))
def test_steps_by_count_results_others_and_moves(name: str, seed: int, size: int) -> None:
    """Each step by count and each of its others: the cards are in hand, points and size
    agree with them, the result is the meld the rules make of them, and the move is the one
    of :func:`canasta._model.moves.lay_meld_of` or :func:`canasta._model.moves.addition_of`."""
    rules = RULES[name]
    hand, melds = random_position(seed, size, rules)
    for step in steps(hand, melds, rules, by_count=True):
        listed = [step]
        if step.others is not None:
            listed += list(step.others())
            assert step.kind is MeldKind.RANK
            assert len({other.cards for other in listed}) == len(listed)
        for other in listed:
            assert hand.issuperset(other.cards)
            assert other.points == other.cards.points == step.points
            assert other.size == len(other.cards) == step.size
            assert other.target == step.target
            if other.target is None:
                made = new_meld(other.cards, rules, other.wild_as)
                move = lay_meld_of(other.cards, other.wild_as)
            else:
                made = added(melds[other.target], other.cards, rules, other.wild_as)
                move = addition_of(None, other.cards, other.target, other.wild_as)
            assert made == other.result
            quick = _step_move(other)
            assert quick == move
            assert type(quick) is type(move)
            assert [getattr(quick, a) for a in quick.__slots__ if not a.startswith("__")] == [
                getattr(move, a) for a in move.__slots__ if not a.startswith("__")
            ]
