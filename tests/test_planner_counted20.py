"""The planner's quick "yes" followed on counts (:func:`_plan_counted`) against its plan made
meld by meld (:func:`plan_made`), over rule sets of every family with drawn house rules; its
soundness against the going-out oracle is
``tests/test_steps_and_planner.py::test_CL_OUT_1_out_at_once_only_where_a_going_out_is_found``."""

from __future__ import annotations

import random

import attrs
from fuzz.options import random_rules
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples

from canasta import ALL_FACES, Cards, Meld, RuleSet
from canasta._engine.search.planner import _plan_counted, out_at_once, plan_made
from canasta._engine.steps import meld_steps

_NO_RED_THREES = [face for face in ALL_FACES if not face.is_red_three]


def _position(rng: random.Random, rules: RuleSet, size: int) -> tuple[Cards, tuple[Meld, ...]]:
    """A hand of ``size`` cards and melds the side laid from cards of the same packs,
    grown a little, wild cards often among them."""
    pool = [face for face in _NO_RED_THREES for _ in range(rules.decks)]
    rng.shuffle(pool)
    melds: list[Meld] = []
    for _ in range(rng.randrange(0, 7)):
        source = Cards.of(pool[:12])
        options = list(meld_steps(source, melds, rules))
        if not options:
            continue
        step = rng.choice(options)
        for face in step.cards.faces():
            pool.remove(face)
        if step.target is None:
            melds.append(step.result)
        else:
            melds[step.target] = step.result
        rng.shuffle(pool)
    # Most cards of the hand are wild or of the melds' ranks, so that the plan often nearly
    # works: the cases where one step more or less decides.
    ranks = {meld.rank for meld in melds}
    near = [face for face in pool if face.is_wild or face.rank in ranks]
    hand = []
    for _ in range(min(size, len(pool))):
        face = near.pop() if near and rng.random() < 0.8 else pool[-1]
        pool.remove(face)
        if face in near:
            near.remove(face)
        hand.append(face)
    return Cards.of(hand), tuple(melds)


@settings(max_examples=examples(400), deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    size=st.integers(1, 16),
    canastas=st.integers(0, 3),
)
def test_CL_OUT_1_out_at_once_counted_as_made(seed: int, size: int, canastas: int) -> None:
    """The plan on counts answers as the plan whose melds the rules of melds check, for hands
    without red threes (which are laid out, never held), whether or not the counting before
    it (``_may_go_out_so``) lets the plan be tried."""
    rng = random.Random(seed)
    rules = attrs.evolve(random_rules(rng), canastas_to_go_out=canastas)
    hand, melds = _position(rng, rules, size)
    counts = hand.counts
    assert _plan_counted(counts, melds, rules) == plan_made(counts, melds, rules), (
        hand,
        melds,
        rules,
    )


def test_CL_OUT_1_out_at_once_plan_of_a_last_hand() -> None:
    """A worked case: the kings join the side's meld, which the joker makes a canasta."""
    rules = RuleSet()
    melds = (Meld.of("KH KS KD KC"), Meld.of("QH QS QD QC QH QS QD"))
    hand = Cards.parse("KH JK 5S")
    assert out_at_once(hand, melds, rules)
    assert plan_made(hand.counts, melds, rules)
    assert not out_at_once(Cards.parse("KH 5S 6S"), melds, rules)


def test_CL_MELD_2_out_at_once_completes_too_few_naturals_with_wild_cards() -> None:
    """Two sevens the side has no meld of make a new meld with a two (CL-MELD-2: two
    naturals at least, CL-MELD-5: three cards); one seven cannot (one natural)."""
    rules = RuleSet()
    melds = (Meld.of("QH QS QD QC QH QS QD"),)
    assert out_at_once(Cards.parse("7D 7H 2C 5S"), melds, rules)
    assert plan_made(Cards.parse("7D 7H 2C 5S").counts, melds, rules)
    assert not out_at_once(Cards.parse("7D 2C 5S"), melds, rules)
    assert not out_at_once(Cards.parse("7D 7H 5S"), melds, rules)
